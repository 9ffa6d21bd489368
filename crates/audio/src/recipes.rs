//! How each family's sounds are made, from the pieces of [`super::synth`].
//!
//! A material is described by what a blow to it excites: the resonances of a hard body
//! (stone rings high and briefly, wood lower and hollow, glass high and long), a burst of
//! contact noise in a band, a low thump of the body giving way, and, for loose materials,
//! grains: many tiny noise clicks spread over the contact, which is how granular synthesis
//! makes gravel crunch, grass rustle and sand hiss (Cook 2002, ch. 12, "PhISEM"). Each kind
//! of sound strikes the material in its own way: a step is a heel and a toe, a break adds
//! flying debris, a landing a heavier body. Every variant draws its own random numbers.

use super::family::{Family, SoundKind};
use super::synth::{Biquad, Dice, Response, add_burst, add_mode, finish, silence};

/// What a blow to a material excites.
#[derive(Clone, Copy)]
struct Material {
    /// Resonances of the struck body: (Hz, seconds to fall 60 dB).
    modes: &'static [(f32, f32)],
    /// Contact noise: band centre in Hz, its Q, seconds to fall 60 dB.
    noise: (f32, f32, f32),
    /// Loose grains per blow, their band centre in Hz and the seconds they spread over.
    grains: (u32, f32, f32),
    /// The low thump's pitch in Hz and its loudness (0 for none).
    thump: (f32, f32),
}

/// The material of `family`. Water is made apart ([`water`]).
const fn material(family: Family) -> Material {
    match family {
        Family::Stone => Material {
            modes: &[(1850.0, 0.05), (3300.0, 0.035), (5200.0, 0.02)],
            noise: (3500.0, 1.2, 0.03),
            grains: (6, 4000.0, 0.03),
            thump: (140.0, 0.3),
        },
        Family::Wood => Material {
            modes: &[(280.0, 0.12), (610.0, 0.08), (1150.0, 0.05)],
            noise: (1400.0, 1.0, 0.025),
            grains: (0, 0.0, 0.0),
            thump: (120.0, 0.5),
        },
        Family::Gravel => Material {
            modes: &[],
            noise: (1800.0, 0.8, 0.06),
            grains: (60, 2500.0, 0.14),
            thump: (110.0, 0.35),
        },
        Family::Grass => Material {
            modes: &[],
            noise: (4500.0, 0.7, 0.05),
            grains: (45, 5000.0, 0.16),
            thump: (90.0, 0.6),
        },
        Family::Sand => Material {
            modes: &[],
            noise: (6500.0, 0.5, 0.15),
            grains: (90, 7000.0, 0.18),
            thump: (100.0, 0.25),
        },
        Family::Snow => Material {
            modes: &[],
            noise: (1100.0, 1.5, 0.08),
            grains: (35, 1500.0, 0.2),
            thump: (80.0, 0.5),
        },
        Family::Glass => Material {
            modes: &[(2900.0, 0.25), (4700.0, 0.18), (6900.0, 0.12)],
            noise: (6000.0, 2.0, 0.01),
            grains: (0, 0.0, 0.0),
            thump: (0.0, 0.0),
        },
        Family::Wool => Material {
            modes: &[],
            noise: (400.0, 0.7, 0.05),
            grains: (10, 700.0, 0.06),
            thump: (75.0, 0.9),
        },
        // Crust and crisp flesh giving way under the teeth: a dry crackle in the middle of
        // the band, little body and no ring.
        Family::Food => Material {
            modes: &[],
            noise: (2600.0, 0.9, 0.05),
            grains: (50, 3200.0, 0.12),
            thump: (160.0, 0.2),
        },
        Family::Water | Family::Plants => Material {
            modes: &[],
            noise: (5500.0, 0.8, 0.04),
            grains: (30, 6000.0, 0.12),
            thump: (0.0, 0.0),
        },
    }
}

/// Variant `variant` of `family`'s `kind` sound, at [`super::synth::RATE`]; steps peak
/// lower than blows and breaks, so that walking never drowns out building.
#[must_use]
pub fn make(family: Family, kind: SoundKind, variant: u32) -> Vec<f32> {
    let seed = (family as u64) << 32 | (kind as u64) << 16 | u64::from(variant);
    let mut dice = Dice::new(seed ^ 0x5EED_50D5);
    let mut out = if family == Family::Water {
        water(kind, &mut dice)
    } else {
        solid(&material(family), family, kind, &mut dice)
    };
    let peak = match kind {
        SoundKind::Step => 0.5,
        SoundKind::Dig | SoundKind::Place => 0.7,
        SoundKind::Break | SoundKind::Land => 0.8,
    };
    finish(&mut out, peak);
    out
}

/// One blow to `m` at `start` seconds: `force` scales it, `spread` stretches its grains.
fn blow(out: &mut [f32], m: &Material, dice: &mut Dice, start: f32, force: f32, spread: f32) {
    let tune = dice.range(0.92, 1.08);
    for &(hz, t60) in m.modes {
        let amp = force * dice.range(0.5, 1.0);
        add_mode(out, start, hz * tune * dice.range(0.97, 1.03), amp, t60);
    }
    let (hz, q, t60) = m.noise;
    let band = Biquad::new(Response::BandPass, hz * tune, q);
    add_burst(out, dice, band, start, force * 0.8, 0.002, t60, t60 * 1.5);
    let (count, grain_hz, over) = m.grains;
    for _ in 0..count {
        let at = start + dice.unit().powi(2) * over * spread;
        let band = Biquad::new(Response::BandPass, grain_hz * dice.range(0.6, 1.6), 1.5);
        let amp = force * dice.range(0.2, 0.7);
        add_burst(out, dice, band, at, amp, 0.0005, 0.006, 0.01);
    }
    let (thump_hz, thump_amp) = m.thump;
    if thump_amp > 0.0 {
        add_mode(out, start, thump_hz * tune, force * thump_amp, 0.06);
        let low = Biquad::new(Response::LowPass, thump_hz * 3.0, 0.7);
        add_burst(out, dice, low, start, force * thump_amp, 0.004, 0.05, 0.08);
    }
}

/// A solid family's `kind`.
fn solid(m: &Material, family: Family, kind: SoundKind, dice: &mut Dice) -> Vec<f32> {
    match kind {
        SoundKind::Step => {
            let mut out = silence(0.3);
            // A heel, then a lighter toe.
            blow(&mut out, m, dice, 0.0, 1.0, 1.0);
            let toe = dice.range(0.04, 0.07);
            blow(&mut out, m, dice, toe, 0.45, 0.7);
            out
        }
        SoundKind::Dig => {
            let mut out = silence(0.3);
            blow(&mut out, m, dice, 0.0, 1.0, 0.6);
            out
        }
        SoundKind::Place => {
            let mut out = silence(0.35);
            blow(&mut out, m, dice, 0.0, 1.2, 0.5);
            out
        }
        SoundKind::Land => {
            let mut out = silence(0.45);
            let heavy = Material {
                thump: (m.thump.0 * 0.8, m.thump.1.max(0.3) * 1.5),
                ..*m
            };
            blow(&mut out, &heavy, dice, 0.0, 1.3, 1.5);
            out
        }
        SoundKind::Break => {
            let mut out = silence(0.7);
            blow(&mut out, m, dice, 0.0, 1.3, 1.2);
            // Pieces falling away, each smaller and higher than the block.
            let pieces = if family == Family::Glass { 24 } else { 5 };
            for _ in 0..pieces {
                let at = dice.range(0.02, 0.35);
                let piece = Material {
                    modes: m.modes,
                    noise: m.noise,
                    grains: (m.grains.0 / 3, m.grains.1, m.grains.2 * 0.5),
                    thump: (0.0, 0.0),
                };
                let mut shard = silence(0.5);
                let force = dice.range(0.15, 0.5);
                blow(&mut shard, &piece, dice, 0.0, force, 0.5);
                // Smaller pieces ring higher: read the shard back faster.
                let speed = dice.range(1.1, 1.8);
                let first = (at * super::synth::RATE_F) as usize;
                for (i, o) in out.iter_mut().skip(first).enumerate() {
                    let src = i as f32 * speed;
                    let Some(&s) = shard.get(src as usize) else {
                        break;
                    };
                    *o += s;
                }
            }
            out
        }
    }
}

/// Adds a bubble: a sine whose pitch rises as it nears the surface (Minnaert resonance,
/// after van den Doel, "Physically-based models for liquid sounds", 2005).
pub fn add_bubble(out: &mut [f32], start: f32, hz: f32, amp: f32, seconds: f32) {
    let first = (start * super::synth::RATE_F) as usize;
    let n = (seconds * super::synth::RATE_F) as usize;
    let mut phase = 0.0_f32;
    for (i, o) in out.iter_mut().skip(first).take(n).enumerate() {
        let t = i as f32 / n as f32;
        let f = hz * (1.0 + 1.5 * t);
        phase += 2.0 * std::f32::consts::PI * f / super::synth::RATE_F;
        *o += libm::sinf(phase) * amp * (1.0 - t).powi(2);
    }
}

/// Water's `kind`: a stroke for a step, a splash for a landing, a small plop otherwise.
fn water(kind: SoundKind, dice: &mut Dice) -> Vec<f32> {
    let (seconds, noise_amp, attack, t60, bubbles) = match kind {
        SoundKind::Step => (0.5, 0.5, 0.06, 0.3, 6),
        SoundKind::Land => (0.9, 1.0, 0.005, 0.45, 22),
        SoundKind::Break | SoundKind::Dig | SoundKind::Place => (0.4, 0.4, 0.01, 0.15, 5),
    };
    let mut out = silence(seconds);
    let swish = Biquad::new(Response::BandPass, dice.range(900.0, 1400.0), 0.6);
    add_burst(&mut out, dice, swish, 0.0, noise_amp, attack, t60, seconds);
    if kind == SoundKind::Land {
        let spray = Biquad::new(Response::HighPass, 3000.0, 0.7);
        add_burst(&mut out, dice, spray, 0.0, 0.6, 0.002, 0.2, 0.4);
    }
    for _ in 0..bubbles {
        let at = dice.range(0.0, seconds * 0.6);
        let hz = dice.range(400.0, 1400.0);
        add_bubble(
            &mut out,
            at,
            hz,
            dice.range(0.15, 0.45),
            dice.range(0.01, 0.04),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_differ_and_repeat() {
        for family in Family::ALL {
            for kind in SoundKind::ALL {
                let a = make(family, kind, 0);
                assert_eq!(a, make(family, kind, 0), "{family:?} {kind:?}");
                assert_ne!(a, make(family, kind, 1), "{family:?} {kind:?}");
                let peak = a.iter().fold(0.0_f32, |m, s| m.max(s.abs()));
                assert!(peak > 0.3 && peak <= 0.81, "{family:?} {kind:?}: {peak}");
            }
        }
    }
}
