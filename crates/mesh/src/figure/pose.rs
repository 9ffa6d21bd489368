//! How a figure stands this frame: each part's pivot and the angles it turns by about it,
//! after Minecraft's `HumanoidModel.setupAnim`. The limbs swing as cosines of the distance
//! walked, legs against each other and each arm against its leg, as far as the swing
//! amplitude says; the head turns and nods with the look; sneaking leans the body forward,
//! brings the arms forward, puts the legs back under the hips and lowers everything above
//! them.
//!
//! Coordinates are model pixels in the figure's own frame: y up from the feet, facing −Z,
//! the figure's right hand towards +X. A part's angle `pitch` turns it about the x axis
//! through its pivot: positive swings a hanging limb's far end forward (−Z) and tips the
//! head's face up; `turn` is about the y axis, counter-clockwise seen from above.

use glam::Vec3;

use super::Figure;

/// The parts of a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// 8 × 8 × 8, above the neck.
    Head,
    /// 8 × 12 × 4, hanging from the neck.
    Body,
    /// 4 × 12 × 4, hanging from the right shoulder (+X).
    RightArm,
    /// 4 × 12 × 4, hanging from the left shoulder (−X).
    LeftArm,
    /// 4 × 12 × 4, hanging from the right hip.
    RightLeg,
    /// 4 × 12 × 4, hanging from the left hip.
    LeftLeg,
}

impl Part {
    /// Every part.
    pub const ALL: [Self; 6] = [
        Self::Head,
        Self::Body,
        Self::RightArm,
        Self::LeftArm,
        Self::RightLeg,
        Self::LeftLeg,
    ];

    /// The part's box relative to its pivot, in pixels: minimum and maximum corners.
    #[must_use]
    pub const fn extent(self) -> (Vec3, Vec3) {
        match self {
            Self::Head => (Vec3::new(-4.0, 0.0, -4.0), Vec3::new(4.0, 8.0, 4.0)),
            Self::Body => (Vec3::new(-4.0, -12.0, -2.0), Vec3::new(4.0, 0.0, 2.0)),
            // The shoulder is 2 pixels below the top of the arm, as Minecraft's.
            Self::RightArm | Self::LeftArm => {
                (Vec3::new(-2.0, -10.0, -2.0), Vec3::new(2.0, 2.0, 2.0))
            }
            Self::RightLeg | Self::LeftLeg => {
                (Vec3::new(-2.0, -12.0, -2.0), Vec3::new(2.0, 0.0, 2.0))
            }
        }
    }
}

/// One part placed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PartPose {
    /// Which part.
    pub part: Part,
    /// The joint it turns about, in the figure's frame.
    pub pivot: Vec3,
    /// Radians about the x axis through the pivot.
    pub pitch: f32,
    /// Radians about the y axis through the pivot.
    pub turn: f32,
}

/// A whole figure placed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// Each part, in [`Part::ALL`] order.
    pub parts: [PartPose; 6],
}

/// Radians of swing phase per block walked: Minecraft's `limbSwing × 0.6662`, where
/// `limbSwing` grows by four times the distance walked (until it sprints), so a whole
/// stride, both legs forward once, is 2.4 blocks.
pub const PHASE_PER_BLOCK: f64 = 4.0 * 0.6662;

/// How far the legs swing at full amplitude, radians each way: Minecraft's 1.4.
const LEG_SWING: f32 = 1.4;

/// How far the arms swing at full amplitude: Minecraft's `2.0 × 0.5`.
const ARM_SWING: f32 = 1.0;

/// How much lower everything above the hips is while sneaking, in pixels (Minecraft 1.8
/// raises the legs' pivot 3 pixels and sinks the model with it).
pub const SNEAK_DROP: f32 = 3.0;

/// How far the body leans forward while sneaking, radians (Minecraft's 0.5).
pub const SNEAK_LEAN: f32 = 0.5;

/// How far forward the arms come while sneaking, radians (Minecraft's 0.4).
const SNEAK_ARMS: f32 = 0.4;

/// How far back the legs go while sneaking, in pixels, to stay under the leaning hips
/// (Minecraft's 4).
const SNEAK_LEGS_BACK: f32 = 4.0;

impl Pose {
    /// How `figure` stands.
    #[must_use]
    pub fn of(figure: &Figure) -> Self {
        let phase = figure.walked * PHASE_PER_BLOCK;
        let swing = figure.swing.clamp(0.0, 1.0) as f32;
        let stride = phase.cos() as f32 * swing;
        let (drop, lean, arms, legs_back) = if figure.sneaking {
            (SNEAK_DROP, SNEAK_LEAN, SNEAK_ARMS, SNEAK_LEGS_BACK)
        } else {
            (0.0, 0.0, 0.0, 0.0)
        };
        let neck = Vec3::new(0.0, 24.0 - drop, 0.0);
        // The head's turn from the body, the short way round, and never past looking over
        // a shoulder.
        let turn = ((figure.look_yaw - figure.facing + 180.0).rem_euclid(360.0) - 180.0)
            .clamp(-90.0, 90.0);
        let part = |part, pivot, pitch, turn| PartPose {
            part,
            pivot,
            pitch,
            turn,
        };
        Self {
            parts: [
                part(
                    Part::Head,
                    neck,
                    figure.look_pitch.clamp(-90.0, 90.0).to_radians() as f32,
                    // Counter-clockwise from above is towards −yaw.
                    -(turn.to_radians() as f32),
                ),
                part(Part::Body, neck, -lean, 0.0),
                // Each arm swings against the leg on its own side.
                part(
                    Part::RightArm,
                    Vec3::new(6.0, 22.0 - drop, 0.0),
                    -stride * ARM_SWING + arms,
                    0.0,
                ),
                part(
                    Part::LeftArm,
                    Vec3::new(-6.0, 22.0 - drop, 0.0),
                    stride * ARM_SWING + arms,
                    0.0,
                ),
                part(
                    Part::RightLeg,
                    Vec3::new(2.0, 12.0, legs_back),
                    stride * LEG_SWING,
                    0.0,
                ),
                part(
                    Part::LeftLeg,
                    Vec3::new(-2.0, 12.0, legs_back),
                    -stride * LEG_SWING,
                    0.0,
                ),
            ],
        }
    }

    /// Where `part` is placed.
    #[must_use]
    pub fn part(&self, part: Part) -> PartPose {
        self.parts[part as usize]
    }
}

#[cfg(test)]
mod tests;
