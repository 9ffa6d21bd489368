//! Other players as figures: jointed boxes in Minecraft's proportions, posed from what the
//! snapshots say of them and coloured from their names. Pure geometry, no GPU: the renderer
//! draws the [`FigureVertex`] lists built here.
//!
//! A figure is 32 "pixels" tall, as Minecraft's player model is (head 8 × 8 × 8, body
//! 8 × 12 × 4, arms and legs 4 × 12 × 4), scaled so the top of the head is at the player's
//! height of 1.8 blocks. Its own frame has y up from the feet and faces −Z, as yaw 0 does.

pub mod mesh;
pub mod pose;

use glam::DVec3;

pub use mesh::{FigureVertex, push_arm, push_figure};
pub use pose::{Part, PartPose, Pose};

use hewn_core::physics::tuning::PLAYER_HEIGHT;
use hewn_core::world::Light;

/// Model pixels from the feet to the top of the head.
pub const FIGURE_PIXELS: f64 = 32.0;

/// Blocks per model pixel: the figure stands exactly as tall as the player's box.
pub const PIXEL: f64 = PLAYER_HEIGHT / FIGURE_PIXELS;

/// Another player as a frame draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Who it is: sets its colours, and its name tag says it.
    pub name: String,
    /// Bottom centre, in world coordinates.
    pub position: DVec3,
    /// Where the head looks: yaw in degrees (0 faces −Z, 90 faces +X).
    pub look_yaw: f64,
    /// Where the head looks: pitch in degrees, up positive.
    pub look_pitch: f64,
    /// The body's yaw in degrees, which lags the head while it walks.
    pub facing: f64,
    /// Whether it sneaks: lower, leaning forward.
    pub sneaking: bool,
    /// Blocks walked: the phase of the limbs' swing.
    pub walked: f64,
    /// How far the limbs swing, 0 (still) to 1.
    pub swing: f64,
    /// The light where it stands, which lights all of it.
    pub light: Light,
}

impl Figure {
    /// The height of the top of its head above its feet, in blocks: lower while sneaking.
    #[must_use]
    pub fn top(&self) -> f64 {
        let drop = if self.sneaking {
            f64::from(pose::SNEAK_DROP)
        } else {
            0.0
        };
        (FIGURE_PIXELS - drop) * PIXEL
    }
}

/// A figure's colours, sRGB, 0 to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// Face, hands and neck.
    pub skin: [f32; 3],
    /// Top and back of the head.
    pub hair: [f32; 3],
    /// Body and sleeves.
    pub shirt: [f32; 3],
    /// Legs.
    pub trousers: [f32; 3],
    /// Feet.
    pub shoes: [f32; 3],
    /// Eyes.
    pub eyes: [f32; 3],
}

/// Skin tones, light to dark.
const SKINS: [[f32; 3]; 6] = [
    [0.96, 0.80, 0.69],
    [0.92, 0.72, 0.58],
    [0.84, 0.62, 0.47],
    [0.72, 0.51, 0.36],
    [0.56, 0.38, 0.26],
    [0.40, 0.27, 0.19],
];

/// Hair: black, dark brown, brown, auburn, blond, grey.
const HAIRS: [[f32; 3]; 6] = [
    [0.10, 0.08, 0.07],
    [0.24, 0.15, 0.09],
    [0.42, 0.27, 0.15],
    [0.55, 0.24, 0.12],
    [0.80, 0.66, 0.38],
    [0.60, 0.60, 0.62],
];

/// Trousers: denim, dark denim, brown, grey, olive.
const TROUSERS: [[f32; 3]; 5] = [
    [0.22, 0.30, 0.55],
    [0.14, 0.17, 0.32],
    [0.38, 0.27, 0.18],
    [0.35, 0.35, 0.38],
    [0.30, 0.33, 0.20],
];

impl Palette {
    /// The colours of the player called `name`: always the same for one name, and different
    /// enough between names to tell two players apart at a glance. The shirt's hue is free,
    /// so it is what tells most apart; skin, hair and trousers come from short lists of
    /// natural colours.
    #[must_use]
    pub fn of(name: &str) -> Self {
        let h = hewn_core::sim::hash::fnv1a(name.as_bytes());
        // Separate bits of the hash for each choice, so they vary independently.
        let pick = |shift: u32, n: usize| ((h >> shift) % n as u64) as usize;
        let hue = ((h >> 32) % 360) as f32;
        Self {
            skin: SKINS[pick(0, SKINS.len())],
            hair: HAIRS[pick(8, HAIRS.len())],
            shirt: hsv(hue, 0.55, 0.78),
            trousers: TROUSERS[pick(16, TROUSERS.len())],
            shoes: [0.18, 0.16, 0.15],
            eyes: [0.15, 0.17, 0.30],
        }
    }
}

/// The colour of hue `h` degrees, saturation `s` and value `v`.
fn hsv(h: f32, s: f32, v: f32) -> [f32; 3] {
    let c = v * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    [r + m, g + m, b + m]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_always_gets_the_same_colours_and_two_names_differ() {
        assert_eq!(Palette::of("alex"), Palette::of("alex"));
        assert_ne!(Palette::of("alex"), Palette::of("steve"));
        for name in ["a", "player", "other", "Zed_99"] {
            let p = Palette::of(name);
            for c in [p.skin, p.hair, p.shirt, p.trousers] {
                assert!(c.iter().all(|v| (0.0..=1.0).contains(v)), "{name}: {c:?}");
            }
        }
    }

    #[test]
    fn hues_go_round_the_wheel() {
        assert_eq!(hsv(0.0, 1.0, 1.0), [1.0, 0.0, 0.0]);
        assert_eq!(hsv(120.0, 1.0, 1.0), [0.0, 1.0, 0.0]);
        assert_eq!(hsv(240.0, 1.0, 1.0), [0.0, 0.0, 1.0]);
    }
}
