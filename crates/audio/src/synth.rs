//! The few signal-processing pieces the sounds are built from: seeded noise, two filters, a
//! decaying resonance and an envelope. Pure and deterministic: the same seed gives the same
//! samples on every machine (no system `sin`: [`libm`] computes it in Rust).
//!
//! The filters are the biquads of Robert Bristow-Johnson's "Cookbook formulae for audio EQ
//! biquad filter coefficients"; the resonances are the damped sinusoids of modal synthesis
//! (Perry Cook, "Real Sound Synthesis for Interactive Applications", 2002, ch. 4), which is
//! how struck wood, stone and glass are modelled there.

use hewn_core::worldgen::SplitMix64;

/// Samples per second of every sound, and of the mixer's output.
pub const RATE: u32 = 48_000;

/// [`RATE`] as a float, for arithmetic.
pub const RATE_F: f32 = 48_000.0;

/// A seeded source of random numbers for one sound.
#[derive(Clone, Copy, Debug)]
pub struct Dice(SplitMix64);

impl Dice {
    /// The dice for `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(SplitMix64::new(seed))
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        // The top 24 bits: exactly the precision of an f32 in [0, 1).
        (self.0.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A number in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// White noise in `[-1, 1)`.
    pub fn noise(&mut self) -> f32 {
        self.unit() * 2.0 - 1.0
    }
}

/// A second-order IIR filter (transposed direct form II).
#[derive(Clone, Copy, Debug)]
pub struct Biquad {
    b: [f32; 3],
    a: [f32; 2],
    z: [f32; 2],
}

/// Which cookbook response a [`Biquad`] has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    /// Passes below the corner.
    LowPass,
    /// Passes above the corner.
    HighPass,
    /// Passes a band around the centre, peak gain 1.
    BandPass,
}

impl Biquad {
    /// A filter of `response` at `hz` with quality `q`.
    #[must_use]
    pub fn new(response: Response, hz: f32, q: f32) -> Self {
        let w = 2.0 * std::f32::consts::PI * (hz / RATE_F).clamp(1e-4, 0.49);
        let (sin, cos) = (libm::sinf(w), libm::cosf(w));
        let alpha = sin / (2.0 * q.max(0.05));
        let b = match response {
            Response::LowPass => [(1.0 - cos) / 2.0, 1.0 - cos, (1.0 - cos) / 2.0],
            Response::HighPass => [(1.0 + cos) / 2.0, -(1.0 + cos), (1.0 + cos) / 2.0],
            Response::BandPass => [alpha, 0.0, -alpha],
        };
        let a0 = 1.0 + alpha;
        Self {
            b: b.map(|x| x / a0),
            a: [-2.0 * cos / a0, (1.0 - alpha) / a0],
            z: [0.0; 2],
        }
    }

    /// This filter's response with `other`'s memory: a filter retuned while it runs, with
    /// no click.
    #[must_use]
    pub const fn with_memory_of(self, other: &Self) -> Self {
        Self { z: other.z, ..self }
    }

    /// The next output for input `x`.
    pub fn run(&mut self, x: f32) -> f32 {
        let y = self.b[0] * x + self.z[0];
        self.z[0] = self.b[1] * x - self.a[0] * y + self.z[1];
        self.z[1] = self.b[2] * x - self.a[1] * y;
        y
    }
}

/// `seconds` of silence to build on.
#[must_use]
pub fn silence(seconds: f32) -> Vec<f32> {
    vec![0.0; (seconds * RATE_F) as usize]
}

/// Adds a damped sinusoid (one mode of a struck body) of `hz`, peak `amp`, decaying by
/// 60 dB over `t60` seconds, starting at `start` seconds into `out`.
pub fn add_mode(out: &mut [f32], start: f32, hz: f32, amp: f32, t60: f32) {
    let first = (start * RATE_F) as usize;
    let decay = (-6.9 / (t60 * RATE_F)).exp();
    // A rotating phasor: one multiply per sample instead of a sine.
    let w = 2.0 * std::f32::consts::PI * hz / RATE_F;
    let (s, c) = (libm::sinf(w), libm::cosf(w));
    let (mut re, mut im, mut gain) = (1.0_f32, 0.0_f32, amp);
    for o in out.iter_mut().skip(first) {
        *o += im * gain;
        (re, im) = (re * c - im * s, re * s + im * c);
        gain *= decay;
        if gain < 1e-5 {
            break;
        }
    }
}

/// Adds a burst of `filter`ed noise starting at `start` seconds: a linear attack of
/// `attack` seconds, then an exponential fall of 60 dB over `t60`.
#[expect(
    clippy::too_many_arguments,
    reason = "the burst's shape is these numbers; a struct would only rename them"
)]
pub fn add_burst(
    out: &mut [f32],
    dice: &mut Dice,
    mut filter: Biquad,
    start: f32,
    amp: f32,
    attack: f32,
    t60: f32,
    max_len: f32,
) {
    let first = (start * RATE_F) as usize;
    let attack_n = (attack * RATE_F).max(1.0);
    let decay = (-6.9 / (t60 * RATE_F)).exp();
    let len = (max_len * RATE_F) as usize;
    let mut gain = amp;
    for (i, o) in out.iter_mut().skip(first).take(len).enumerate() {
        let rise = (i as f32 / attack_n).min(1.0);
        *o += filter.run(dice.noise()) * gain * rise;
        if i as f32 >= attack_n {
            gain *= decay;
        }
    }
}

/// Scales `samples` so their peak is `peak`, and fades out the last 2 ms so no sound ends in
/// a click.
pub fn finish(samples: &mut [f32], peak: f32) {
    let max = samples.iter().fold(0.0_f32, |m, s| m.max(s.abs()));
    if max > 0.0 {
        let k = peak / max;
        for s in samples.iter_mut() {
            *s *= k;
        }
    }
    let fade = ((0.002 * RATE_F) as usize).min(samples.len());
    let n = samples.len();
    for (i, s) in samples[n - fade..].iter_mut().enumerate() {
        *s *= 1.0 - i as f32 / fade as f32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_are_seeded() {
        let roll = |seed| {
            let mut d = Dice::new(seed);
            (0..4).map(|_| d.unit()).collect::<Vec<_>>()
        };
        assert_eq!(roll(1), roll(1));
        assert_ne!(roll(1), roll(2));
        assert!(roll(3).iter().all(|x| (0.0..1.0).contains(x)));
    }

    #[test]
    fn a_band_pass_keeps_its_band_and_drops_the_rest() {
        let energy = |hz: f32| {
            let mut f = Biquad::new(Response::BandPass, 1000.0, 2.0);
            let w = 2.0 * std::f32::consts::PI * hz / RATE_F;
            (0..RATE as usize)
                .map(|i| f.run((w * i as f32).sin()).powi(2))
                .skip(1000)
                .sum::<f32>()
        };
        assert!(energy(1000.0) > 10.0 * energy(100.0));
        assert!(energy(1000.0) > 10.0 * energy(10_000.0));
    }

    #[test]
    fn a_mode_rings_at_its_pitch_and_dies_away() {
        let mut out = silence(0.5);
        add_mode(&mut out, 0.0, 440.0, 1.0, 0.2);
        let crossings = out[..RATE as usize / 10]
            .windows(2)
            .filter(|w| w[0] <= 0.0 && w[1] > 0.0)
            .count();
        assert!((43..=45).contains(&crossings), "{crossings}");
        assert!(out[RATE as usize * 2 / 5].abs() < 1e-3);
    }
}
