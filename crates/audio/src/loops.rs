//! The world's background sounds, as seamless loops: flowing water, wind, a cave; and the
//! menus' click.

use super::recipes::add_bubble;
use super::synth::{Biquad, Dice, RATE_F, Response, add_burst, add_mode, finish, silence};

/// Which background a loop is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ambience {
    /// Water flowing nearby: a low wash with bubbles.
    Water,
    /// Wind in the open: noise through a slowly wandering low-pass.
    Wind,
    /// A cave: a faint rumble and far drips with their echoes.
    Cave,
}

impl Ambience {
    /// Every background, in a fixed order (the sound bank's).
    pub const ALL: [Self; 3] = [Self::Water, Self::Wind, Self::Cave];

    /// The background's name, for sound files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Water => "water",
            Self::Wind => "wind",
            Self::Cave => "cave",
        }
    }
}

/// How long the loops' ends are crossfaded into their beginnings.
const SEAM: f32 = 0.25;

/// The loop of `ambience`, peaking at 0.5.
#[must_use]
pub fn make_loop(ambience: Ambience) -> Vec<f32> {
    let mut dice = Dice::new(0xA4B1 + ambience as u64);
    let mut out = match ambience {
        Ambience::Water => water(&mut dice),
        Ambience::Wind => wind(&mut dice),
        Ambience::Cave => cave(&mut dice),
    };
    seamless(&mut out);
    finish_loop(&mut out, 0.5);
    out
}

/// Scales to `peak` without the end fade of one-shot sounds, which a loop must not have.
fn finish_loop(samples: &mut [f32], peak: f32) {
    let max = samples.iter().fold(0.0_f32, |m, s| m.max(s.abs()));
    if max > 0.0 {
        for s in samples.iter_mut() {
            *s *= peak / max;
        }
    }
}

/// Folds the last [`SEAM`] seconds over the first with an equal-power crossfade and drops
/// them, so that playing the result over and over has no seam.
fn seamless(samples: &mut Vec<f32>) {
    let n = (SEAM * RATE_F) as usize;
    let len = samples.len() - n;
    for i in 0..n {
        let t = i as f32 / n as f32 * std::f32::consts::FRAC_PI_2;
        samples[i] = samples[i] * libm::sinf(t) + samples[len + i] * libm::cosf(t);
    }
    samples.truncate(len);
}

/// Flowing water: band-limited noise whose loudness wobbles, and bubbles.
fn water(dice: &mut Dice) -> Vec<f32> {
    let seconds = 4.0 + SEAM;
    let mut out = silence(seconds);
    let mut wash = Biquad::new(Response::BandPass, 700.0, 0.5);
    let mut hiss = Biquad::new(Response::HighPass, 2500.0, 0.7);
    let mut level = 0.5_f32;
    for o in &mut out {
        // A random walk of the level: the water's surface breaking unevenly.
        level = (level + dice.noise() * 0.002).clamp(0.3, 0.8);
        *o = wash.run(dice.noise()) * level + hiss.run(dice.noise()) * 0.08;
    }
    for _ in 0..(seconds * 25.0) as u32 {
        let at = dice.range(0.0, seconds - 0.05);
        add_bubble(
            &mut out,
            at,
            dice.range(300.0, 1200.0),
            dice.range(0.05, 0.2),
            0.03,
        );
    }
    out
}

/// Wind: noise through a low-pass whose corner and loudness drift slowly (gusts).
fn wind(dice: &mut Dice) -> Vec<f32> {
    let seconds = 8.0 + SEAM;
    let mut out = silence(seconds);
    let (mut corner, mut gust) = (400.0_f32, 0.5_f32);
    let (mut corner_to, mut gust_to) = (600.0_f32, 0.8_f32);
    let mut filter = Biquad::new(Response::LowPass, corner, 1.5);
    for (i, o) in out.iter_mut().enumerate() {
        if i % 64 == 0 {
            if i % (RATE_F as usize) == 0 {
                corner_to = dice.range(200.0, 900.0);
                gust_to = dice.range(0.3, 1.0);
            }
            corner += (corner_to - corner) * 0.004;
            gust += (gust_to - gust) * 0.004;
            // Refresh the coefficients but keep the filter's memory: no clicks.
            let state = filter;
            filter = Biquad::new(Response::LowPass, corner, 1.5).with_memory_of(&state);
        }
        *o = filter.run(dice.noise()) * gust;
    }
    out
}

/// A cave: a low rumble, and now and then a drip heard again from the walls.
fn cave(dice: &mut Dice) -> Vec<f32> {
    let seconds = 10.0 + SEAM;
    let mut out = silence(seconds);
    let mut rumble = Biquad::new(Response::LowPass, 90.0, 0.7);
    for o in &mut out {
        *o = rumble.run(dice.noise()) * 0.6;
    }
    let mut dry = silence(seconds);
    for _ in 0..5 {
        let at = dice.range(0.2, seconds - 2.0);
        add_bubble(&mut dry, at, dice.range(900.0, 1600.0), 0.5, 0.025);
    }
    // The echo: taps of the drips at the delays of walls 20 to 70 blocks away.
    let mut wet = dry.clone();
    for (delay, gain) in [(0.12, 0.5), (0.23, 0.35), (0.41, 0.25), (0.6, 0.15)] {
        let shift = (delay * RATE_F) as usize;
        for i in shift..wet.len() {
            wet[i] += dry[i - shift] * gain;
        }
    }
    for (o, w) in out.iter_mut().zip(&wet) {
        *o += w;
    }
    out
}

/// The menus' click: a tiny bright knock.
#[must_use]
pub fn click() -> Vec<f32> {
    let mut dice = Dice::new(0xC11C);
    let mut out = silence(0.06);
    add_mode(&mut out, 0.0, 2200.0, 1.0, 0.02);
    add_mode(&mut out, 0.0, 3900.0, 0.5, 0.012);
    let band = Biquad::new(Response::BandPass, 5000.0, 1.0);
    add_burst(&mut out, &mut dice, band, 0.0, 0.6, 0.0005, 0.004, 0.01);
    finish(&mut out, 0.6);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_join_without_a_jump() {
        for ambience in Ambience::ALL {
            let l = make_loop(ambience);
            let (first, last) = (l[0], l[l.len() - 1]);
            assert!((first - last).abs() < 0.1, "{ambience:?}: {last} → {first}");
            assert!(l.iter().all(|s| s.abs() <= 0.5 + 1e-6));
        }
    }
}
