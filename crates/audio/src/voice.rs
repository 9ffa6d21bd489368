//! Creatures' voices: a call now and then, a cry when hurt, a last one when slain, each
//! synthesized like the rest of the bank.
//!
//! A voiced call is a glottal pulse train (a sawtooth) at a pitch that glides and wavers,
//! shaped by two resonances as a vocal tract shapes it (the formants that make a bleat a
//! bleat and a moo a moo), under an envelope; a skeleton's rattle is a run of clicks of
//! dry, bony noise. A hurt cry is the call higher and shorter; a death, lower and falling.

use super::synth::{Biquad, Dice, RATE_F, Response, finish, silence};

/// How a kind of creature sounds: the `sound` its pack names picks one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Voice {
    /// A sheep's bleat: nasal, wavering.
    Bleat,
    /// A cow's moo: low and long.
    Moo,
    /// A pig's grunt: short, rough and low.
    Grunt,
    /// A chicken's cluck: quick, high, clipped.
    Cluck,
    /// A zombie's groan: low, slow, breathy.
    Groan,
    /// A skeleton's rattle of bones.
    Rattle,
}

/// What a creature says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Utterance {
    /// Now and then, of itself.
    Call,
    /// Struck.
    Hurt,
    /// Slain.
    Death,
}

impl Voice {
    /// Every voice, in a fixed order (the sound bank's).
    pub const ALL: [Self; 6] = [
        Self::Bleat,
        Self::Moo,
        Self::Grunt,
        Self::Cluck,
        Self::Groan,
        Self::Rattle,
    ];

    /// The voice a kind whose `sound` is `name` speaks with; a name hewn does not know
    /// grunts.
    #[must_use]
    pub fn named(name: &str) -> Self {
        match name {
            "sheep" => Self::Bleat,
            "cow" => Self::Moo,
            "chicken" => Self::Cluck,
            "zombie" => Self::Groan,
            "skeleton" => Self::Rattle,
            _ => Self::Grunt,
        }
    }
}

impl Utterance {
    /// Every utterance, in a fixed order (the sound bank's).
    pub const ALL: [Self; 3] = [Self::Call, Self::Hurt, Self::Death];
}

/// A voice's numbers: pitch (Hz), how long a call lasts (s), its two formants (Hz) and how
/// much breath (noise) is in it.
struct Tract {
    pitch: f32,
    seconds: f32,
    formants: [f32; 2],
    breath: f32,
    /// How far the pitch wavers, as a fraction, and how fast (Hz).
    vibrato: (f32, f32),
}

const fn tract(voice: Voice) -> Tract {
    match voice {
        Voice::Bleat => Tract {
            pitch: 330.0,
            seconds: 0.7,
            formants: [900.0, 2200.0],
            breath: 0.05,
            vibrato: (0.06, 9.0),
        },
        Voice::Moo => Tract {
            pitch: 110.0,
            seconds: 1.2,
            formants: [400.0, 800.0],
            breath: 0.03,
            vibrato: (0.01, 3.0),
        },
        Voice::Grunt => Tract {
            pitch: 120.0,
            seconds: 0.35,
            formants: [500.0, 1500.0],
            breath: 0.25,
            vibrato: (0.08, 25.0),
        },
        Voice::Cluck => Tract {
            pitch: 520.0,
            seconds: 0.12,
            formants: [1200.0, 2800.0],
            breath: 0.1,
            vibrato: (0.0, 0.0),
        },
        Voice::Groan => Tract {
            pitch: 85.0,
            seconds: 1.0,
            formants: [450.0, 1000.0],
            breath: 0.35,
            vibrato: (0.04, 4.0),
        },
        Voice::Rattle => Tract {
            pitch: 0.0,
            seconds: 0.4,
            formants: [2500.0, 5000.0],
            breath: 1.0,
            vibrato: (0.0, 0.0),
        },
    }
}

/// Variant `variant` of `voice` saying `what`.
#[must_use]
pub fn make(voice: Voice, what: Utterance, variant: u32) -> Vec<f32> {
    let seed = (voice as u64) << 32 | (what as u64) << 16 | u64::from(variant);
    let mut dice = Dice::new(seed ^ 0x0B1E_A7ED);
    let t = tract(voice);
    // Hurt: a third higher and shorter; slain: lower, longer, and falling.
    let (pitch, seconds, fall) = match what {
        Utterance::Call => (t.pitch, t.seconds, 0.9),
        Utterance::Hurt => (t.pitch * 1.3, t.seconds * 0.6, 1.0),
        Utterance::Death => (t.pitch * 0.85, t.seconds * 1.4, 0.6),
    };
    let pitch = pitch * dice.range(0.92, 1.08);
    let mut out = silence(seconds + 0.05);
    if voice == Voice::Rattle {
        rattle(&mut out, &mut dice, seconds, &t);
    } else {
        voiced(&mut out, &mut dice, pitch, seconds, fall, &t);
    }
    if voice == Voice::Cluck && what == Utterance::Call {
        // Two or three clucks in a row.
        let one: Vec<f32> = out.clone();
        let gap = (0.16 * RATE_F) as usize;
        let mut longer = silence(0.5);
        let count = 2 + usize::from(dice.unit() > 0.5);
        for k in 0..count {
            for (i, s) in one.iter().enumerate() {
                if let Some(o) = longer.get_mut(k * gap + i) {
                    *o += s;
                }
            }
        }
        out = longer;
    }
    finish(&mut out, 0.6);
    out
}

/// A sawtooth at `pitch`, gliding to `fall` of it, through the tract's formants.
fn voiced(out: &mut [f32], dice: &mut Dice, pitch: f32, seconds: f32, fall: f32, t: &Tract) {
    let mut formants = t
        .formants
        .map(|hz| Biquad::new(Response::BandPass, hz, 4.0));
    let n = (seconds * RATE_F) as usize;
    let mut phase = 0.0_f32;
    let mut wobble = 0.0_f32;
    for (i, o) in out.iter_mut().take(n).enumerate() {
        let x = i as f32 / n as f32;
        wobble += t.vibrato.1 / RATE_F;
        let hz = pitch
            * (1.0 + (fall - 1.0) * x)
            * (1.0 + t.vibrato.0 * libm::sinf(wobble * std::f32::consts::TAU));
        phase = (phase + hz / RATE_F).fract();
        let source = (phase * 2.0 - 1.0) + t.breath * dice.noise();
        let shaped: f32 = formants.iter_mut().map(|f| f.run(source)).sum();
        // A quick rise and a fall through the last third.
        let envelope = (x * 12.0).min(1.0) * ((1.0 - x) * 3.0).min(1.0);
        *o += shaped * envelope;
    }
}

/// Clicks of dry noise, a few a tenth of a second, fading.
fn rattle(out: &mut [f32], dice: &mut Dice, seconds: f32, t: &Tract) {
    let clicks = (seconds * 30.0) as u32;
    for k in 0..clicks {
        let start = f32::from(u16::try_from(k).unwrap_or(0)) / 30.0 + dice.range(0.0, 0.01);
        let mut filter = Biquad::new(
            Response::BandPass,
            t.formants[0] * dice.range(0.7, 1.4),
            3.0,
        );
        let first = (start * RATE_F) as usize;
        let amp = 1.0 - start / seconds;
        for (i, o) in out.iter_mut().skip(first).take(200).enumerate() {
            let decay = libm::expf(-(i as f32) / 40.0);
            *o += filter.run(dice.noise()) * amp * decay;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_voice_says_every_utterance_and_a_moo_is_lower_than_a_bleat() {
        for voice in Voice::ALL {
            for what in Utterance::ALL {
                let clip = make(voice, what, 0);
                let peak = clip.iter().fold(0.0_f32, |m, s| m.max(s.abs()));
                assert!(peak > 0.5, "{voice:?} {what:?} is heard");
            }
        }
        // Zero crossings a second: a crude pitch.
        let crossings = |clip: &[f32]| {
            clip.windows(2)
                .filter(|w| w[0] < 0.0 && w[1] >= 0.0)
                .count() as f32
                / (clip.len() as f32 / RATE_F)
        };
        let moo = make(Voice::Moo, Utterance::Call, 0);
        let bleat = make(Voice::Bleat, Utterance::Call, 0);
        assert!(crossings(&moo) < crossings(&bleat));
        assert_eq!(Voice::named("sheep"), Voice::Bleat);
        assert_eq!(Voice::named("morestone:golem"), Voice::Grunt);
    }
}
