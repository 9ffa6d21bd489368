//! The sky over the day: where the sun is, how bright daylight is, and the colours of the sky,
//! the fog and the light it casts, as functions of the world's time.
//!
//! The sun rises in the east (+X) at time 0, stands overhead at noon and sets in the west;
//! the moon is opposite it. Daylight scales sky light in the shader, from 1 by day to 0.25
//! at midnight (Minecraft's night sky light is about 4 of 15), easing through dawn and dusk,
//! so the time of day never re-meshes anything. Block light does not change with the time.
//! Clouds drift east at y 192 in cells of 12 blocks ([`clouds_at`]).

use glam::{DVec3, Vec3};

use hewn_core::sim::time::day_fraction;

/// The sky straight up by day, sRGB.
const DAY_ZENITH: [f32; 3] = [0.32, 0.55, 0.92];
/// The sky at the horizon by day, and the fog, sRGB.
const DAY_HORIZON: [f32; 3] = [0.74, 0.85, 0.97];
/// The sky straight up at night.
const NIGHT_ZENITH: [f32; 3] = [0.012, 0.016, 0.045];
/// The sky at the horizon at night.
const NIGHT_HORIZON: [f32; 3] = [0.05, 0.065, 0.12];
/// The red of the sky about the sun as it rises and sets.
const SUNSET: [f32; 3] = [1.0, 0.48, 0.18];
/// Sky light by night: moonlight is cool.
const NIGHT_LIGHT: [f32; 3] = [0.62, 0.68, 0.95];
/// The least daylight, at midnight.
pub const NIGHT_DAYLIGHT: f32 = 0.25;

/// Everything the renderer draws of the sky at one time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sky {
    /// Unit vector towards the sun.
    pub sun: Vec3,
    /// What sky light is scaled by: 1 by day, [`NIGHT_DAYLIGHT`] at midnight.
    pub daylight: f32,
    /// The sky straight up, sRGB.
    pub zenith: [f32; 3],
    /// The sky at the horizon and the fog, sRGB.
    pub horizon: [f32; 3],
    /// The red glow about the sun at dawn and dusk, sRGB, already scaled by its strength.
    pub glow: [f32; 3],
    /// How much the stars show, 0 by day to 1 at night.
    pub stars: f32,
    /// The colour of sky light on the world (white by day, moonlit blue at night).
    pub light_tint: [f32; 3],
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

/// Water around an eye under it at full daylight, sRGB: the blue the view fades into.
const UNDERWATER: [f32; 3] = [0.13, 0.3, 0.58];

impl Sky {
    /// The colour of water around an eye under it, sRGB: [`UNDERWATER`] in this sky's light.
    #[must_use]
    pub fn underwater(&self) -> [f32; 3] {
        [0, 1, 2].map(|i| UNDERWATER[i] * self.light_tint[i] * self.daylight)
    }

    /// The sky at world time `time` (ticks).
    #[must_use]
    pub fn at(time: u64) -> Self {
        let angle = (day_fraction(time) * std::f64::consts::TAU) as f32;
        // Tilted a little to the south, so the sun's path is not straight overhead.
        let sun = Vec3::new(angle.cos(), angle.sin(), 0.25).normalize();
        let height = sun.y;
        let day = smoothstep(-0.25, 0.3, height);
        // Strongest with the sun on the horizon, gone when it is well up or well down.
        let dusk = (1.0 - height.abs() / 0.35).max(0.0).powi(2);
        let glow = SUNSET.map(|c| c * dusk);
        Self {
            sun,
            daylight: NIGHT_DAYLIGHT + (1.0 - NIGHT_DAYLIGHT) * day,
            zenith: mix(NIGHT_ZENITH, DAY_ZENITH, day),
            horizon: mix(mix(NIGHT_HORIZON, DAY_HORIZON, day), SUNSET, 0.3 * dusk),
            glow,
            stars: smoothstep(0.05, 0.3, -height),
            light_tint: mix(
                mix(NIGHT_LIGHT, [1.0; 3], day),
                [1.0, 0.86, 0.72],
                0.4 * dusk,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::sim::time::{DAY_TICKS, MIDNIGHT, NOON, SUNRISE, SUNSET as DUSK};

    #[test]
    fn daylight_is_full_at_noon_a_quarter_at_midnight_and_between_at_dawn_and_dusk() {
        assert!((Sky::at(NOON).daylight - 1.0).abs() < 1e-3);
        assert!((Sky::at(MIDNIGHT).daylight - NIGHT_DAYLIGHT).abs() < 1e-3);
        for t in [SUNRISE, DUSK] {
            let d = Sky::at(t).daylight;
            assert!(d > 0.4 && d < 0.8, "{t}: {d}");
        }
        assert_eq!(
            Sky::at(NOON),
            Sky::at(NOON + 5 * DAY_TICKS),
            "every day is the same"
        );
    }

    #[test]
    fn the_sun_rises_in_the_east_stands_high_at_noon_and_sets_in_the_west() {
        assert!(Sky::at(SUNRISE).sun.x > 0.9 && Sky::at(SUNRISE).sun.y.abs() < 1e-3);
        assert!(Sky::at(NOON).sun.y > 0.9);
        assert!(Sky::at(DUSK).sun.x < -0.9);
        assert!(Sky::at(MIDNIGHT).sun.y < -0.9);
    }

    #[test]
    fn daylight_changes_smoothly_through_the_day() {
        let mut last = Sky::at(0).daylight;
        for t in (0..DAY_TICKS).step_by(100) {
            let d = Sky::at(t).daylight;
            assert!((d - last).abs() < 0.02, "jump at {t}: {last} to {d}");
            last = d;
        }
    }

    #[test]
    fn stars_and_glow_come_at_their_times() {
        assert_eq!(Sky::at(NOON).stars, 0.0);
        assert!(Sky::at(MIDNIGHT).stars > 0.99);
        assert!(Sky::at(DUSK).glow[0] > 0.5 && Sky::at(NOON).glow[0] == 0.0);
        let night = Sky::at(MIDNIGHT).zenith;
        assert!(night.iter().all(|&c| c < 0.1), "{night:?}");
    }
}

/// The side of a cloud cell, in blocks.
const CLOUD_CELL: f64 = 12.0;
/// Cloud cells in the pattern's period along each axis.
const CLOUD_CELLS: f64 = 256.0;
/// How far the clouds drift east each tick: Minecraft's 0.03 blocks a tick at 20 a second.
const CLOUD_DRIFT: f64 = 0.01;

/// The eye as the sky shader's clouds take it (`globals.clouds`): x and z moved against
/// the drift at world time `time` and wrapped by the pattern's period, so that f32 keeps
/// them exact wherever the eye is; y the eye's height; w 1 when `shown`.
#[must_use]
pub fn clouds_at(eye: DVec3, time: u64, shown: bool) -> [f32; 4] {
    let period = CLOUD_CELL * CLOUD_CELLS;
    // The drift itself wraps first: a time far into a world's life stays exact.
    #[expect(
        clippy::cast_precision_loss,
        reason = "taken modulo a period of ticks well inside f64's exact range"
    )]
    let ticks = (time % (period / CLOUD_DRIFT) as u64) as f64;
    let x = (eye.x - ticks * CLOUD_DRIFT).rem_euclid(period);
    let z = eye.z.rem_euclid(period);
    #[expect(
        clippy::cast_possible_truncation,
        reason = "wrapped to the period, and a height within the world"
    )]
    [x as f32, eye.y as f32, z as f32, f32::from(u8::from(shown))]
}

#[cfg(test)]
mod cloud_tests {
    use super::*;

    #[test]
    fn the_clouds_drift_east_and_wrap_far_from_the_origin() {
        let eye = DVec3::new(0.0, 70.0, 0.0);
        let [x0, ..] = clouds_at(eye, 0, true);
        let [x1, ..] = clouds_at(eye, 600, true);
        // Ten seconds later the pattern has moved 6 blocks east: the eye is 6 further west.
        assert!((f64::from(x0) - f64::from(x1) - 6.0).rem_euclid(3072.0) < 1e-3);
        let far = clouds_at(DVec3::new(3.0e7, 80.0, -3.0e7), 1 << 40, false);
        assert!((0.0..3072.0).contains(&far[0]) && (0.0..3072.0).contains(&far[2]));
        assert_eq!((far[1], far[3]), (80.0, 0.0));
    }
}
