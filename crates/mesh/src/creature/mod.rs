//! Creatures as figures: jointed boxes in the proportions of their kind's [`Model`], scaled to
//! the kind's box, drawn many at a time. Pure geometry, no GPU.
//!
//! A creature is drawn in two halves, so that all creatures of one shape are one instanced
//! draw:
//!
//! - its [`Shape`] (model, width, height) is built once into a [`ShapeMesh`]: the boxes of
//!   the unposed figure, each [`CreatureVertex`] saying which joint it turns about, how
//!   ([`Role`]) and which of the creature's colours it takes ([`Paint`]);
//! - each frame each creature is one [`CreatureInstance`]: where it stands relative to the
//!   eye, its heading, where its head turns, how far its legs swing, its colours, its light
//!   and whether it flashes red.
//!
//! The vertex shader poses each vertex from the two ([`CreatureVertex::posed`] does the same
//! on the CPU, for the tests). The frame is the player figures' ([`crate::figure`]): y up
//! from the feet, facing −Z at yaw 0, the creature's right towards +X; a part's pitch about
//! the x axis through its joint swings a hanging limb's far end forward (−Z) and tips a face
//! up.

mod shape;

#[cfg(test)]
mod tests;

use std::sync::LazyLock;

use bytemuck::{Pod, Zeroable};
use glam::{DVec3, Vec3};

use crate::figure::pose::PHASE_PER_BLOCK;
use crate::tiles::{self, NO_TILE};
use hewn_core::sim::creature::{Model, kinds};
use hewn_core::world::Light;
pub use shape::{CreatureVertex, Paint, Role, Shape, ShapeMesh};

/// A creature as a frame draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CreatureFigure {
    /// The figure its kind is drawn as.
    pub model: Model,
    /// Its kind's colours as `0xRRGGBB`: body, head, limbs, and a mark (a muzzle, a beak's
    /// wattle, a biped's eyes).
    pub skin: [u32; 4],
    /// Its variant's colour as `0xRRGGBB`: a sheep's wool; the body's colour for others.
    /// Where the body has a texture, the colour that tints it.
    pub coat: u32,
    /// Its kind's atlas tiles for body, head, limbs and mark ([`tiles::creature_tiles`]):
    /// a part with a tile shows it, one with [`NO_TILE`] its colour.
    pub tiles: [u16; 4],
    /// Its kind's box width, in blocks.
    pub width: f64,
    /// Its kind's box height, in blocks.
    pub height: f64,
    /// Bottom centre, in world coordinates.
    pub position: DVec3,
    /// The body's heading in degrees: 0 faces −Z, 90 faces +X (as the player's yaw).
    pub yaw: f64,
    /// The head's heading in degrees, turned from the body's as far as a neck allows.
    pub look: f64,
    /// Blocks walked: the phase of the legs' swing.
    pub walked: f64,
    /// How far the legs swing, 0 (still) to 1.
    pub swing: f64,
    /// Whether its head is lowered to the grass.
    pub grazing: bool,
    /// Whether it was just hurt: it flashes red.
    pub hurt: bool,
    /// The light where it stands, which lights all of it.
    pub light: Light,
}

impl CreatureFigure {
    /// A creature of the kind at `kind` in [`kinds`] wearing its variant at `variant`
    /// (the first where there is none such), standing still at the origin facing −Z in
    /// the sky's light; `None` for a kind there is not.
    #[must_use]
    pub fn of_kind(kind: usize, variant: usize) -> Option<Self> {
        let k = kinds().get(kind)?;
        let coat = (k.variants.get(variant).or(k.variants.first())).map_or(k.skin[0], |v| v.colour);
        Some(Self {
            model: k.model,
            skin: k.skin,
            coat,
            tiles: tiles::creature_tiles(kind),
            width: k.width,
            height: k.height,
            position: DVec3::ZERO,
            yaw: 0.0,
            look: 0.0,
            walked: 0.0,
            swing: 0.0,
            grazing: false,
            hurt: false,
            light: Light::SKY,
        })
    }

    /// A box, relative to [`position`](Self::position), that holds the figure in every
    /// pose: a head turned forward of the body, arms held out, legs swung. For culling.
    #[must_use]
    pub fn reach(&self) -> (DVec3, DVec3) {
        // The longest a figure reaches from its centre is a quadruped's head (about its
        // width) or a biped's arms held out (under 0.45 of its height).
        let across = (self.width * 1.1).max(self.height * 0.45);
        (
            DVec3::new(-across, 0.0, -across),
            DVec3::new(across, self.height + 0.1, across),
        )
    }
}

/// How far legs swing at full amplitude, radians each way. Minecraft's models swing
/// 1.4 × `limbSwingAmount`, whose amount stays near a half for a walking mob; a creature's
/// swing of 1 is its walk, so its legs reach about 40° each way.
pub const LEG_SWING: f64 = 0.7;

/// How far the head turns from the body at most, in degrees (Minecraft's `Mob` turns its
/// head 75° at most).
pub const HEAD_TURN: f64 = 75.0;

/// The colour of a quadruped's and a bird's eyes (a biped's are its mark).
pub const EYES: u32 = 0x001c_1816;

/// One creature as the GPU poses it: an instance of its shape's mesh, 80 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct CreatureInstance {
    /// Bottom centre relative to the eye, in blocks.
    pub relative: [f32; 3],
    /// The body's turn about y, radians, counter-clockwise seen from above (so −yaw).
    pub yaw: f32,
    /// The head's turn from the body about y (radians, as `yaw`), its pitch (radians, up
    /// positive) and how far its joint is lowered (blocks).
    pub head: [f32; 3],
    /// How far the legs swing this frame, radians: a leg of [`Role::Limb`] pitches by its
    /// rest angle plus its factor times this.
    pub stride: f32,
    /// The sky light and block light where it stands, 0 to 15.
    pub light: [f32; 2],
    /// 1 while it flashes red, else 0.
    pub hurt: f32,
    /// Each [`Paint`]'s colour, linear, ten bits a channel, red lowest ([`linear10`]): a
    /// textured part's tint.
    pub paints: [u32; Paint::COUNT],
    /// Each [`Paint`]'s atlas tile, two to a word, the lower paint in the low half:
    /// [`NO_TILE`] for one drawn in its colour alone.
    pub tiles: [u32; Paint::COUNT / 2],
}

/// White, the tint that leaves a texture as it is painted.
const WHITE: u32 = 0x00ff_ffff;

/// The largest value of a channel in [`linear10`]'s ten bits.
const TEN_BITS: f32 = 1023.0;

/// Each sRGB byte's linear value in ten bits, worked out once: a frame converts six colours
/// a creature.
static LINEAR10: LazyLock<[u16; 256]> = LazyLock::new(|| {
    std::array::from_fn(|byte| {
        let c = byte as f32 / 255.0;
        // The sRGB transfer function, as the atlas's texels are decoded.
        let linear = if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        };
        (linear * TEN_BITS).round() as u16
    })
});

/// `0xRRGGBB`, an sRGB colour, as its linear value in ten bits a channel, red in the lowest:
/// converted once a creature, so that the shader does not raise each corner's colour to a
/// power. Ten bits keep the darkest colours within a step of their sRGB value.
#[must_use]
pub fn linear10(rgb: u32) -> u32 {
    let [b, g, r, _] = rgb.to_le_bytes();
    let table = &*LINEAR10;
    [r, g, b].iter().enumerate().fold(0, |word, (i, &c)| {
        word | u32::from(table[usize::from(c)]) << (10 * i)
    })
}

impl CreatureInstance {
    /// How `figure` stands this frame, seen from `eye`: the subtraction from the eye in f64,
    /// only the small result rounded to f32.
    #[must_use]
    pub fn of(figure: &CreatureFigure, eye: DVec3) -> Self {
        let phase = figure.walked * PHASE_PER_BLOCK;
        let stride = phase.cos() * figure.swing.clamp(0.0, 1.0) * LEG_SWING;
        // The head's turn from the body, the short way round.
        let turn = ((figure.look - figure.yaw + 180.0).rem_euclid(360.0) - 180.0)
            .clamp(-HEAD_TURN, HEAD_TURN);
        let shape = Shape::of(figure);
        let (pitch, drop) = if figure.grazing {
            shape.grazing()
        } else {
            (0.0, 0.0)
        };
        let [body, head, limbs, mark] = figure.skin;
        let eyes = if figure.model == Model::Biped {
            mark
        } else {
            EYES
        };
        let [body_tile, head_tile, limbs_tile, mark_tile] = figure.tiles;
        let mut paints = [0; Paint::COUNT];
        let mut tiles = [0; Paint::COUNT / 2];
        // A textured part shows its texture as painted, but the coat, which its variant's
        // colour tints (a sheep's white wool dyed); the eyes are always a colour.
        for (paint, rgb, tile) in [
            (Paint::Body, body, body_tile),
            (Paint::Head, head, head_tile),
            (Paint::Limbs, limbs, limbs_tile),
            (Paint::Mark, mark, mark_tile),
            (Paint::Coat, figure.coat, body_tile),
            (Paint::Eyes, eyes, NO_TILE),
        ] {
            let i = paint as usize;
            let tint = if tile == NO_TILE || paint == Paint::Coat {
                rgb
            } else {
                WHITE
            };
            paints[i] = linear10(tint);
            tiles[i / 2] |= u32::from(tile) << (16 * (i % 2));
        }
        Self {
            relative: (figure.position - eye).as_vec3().to_array(),
            yaw: -(figure.yaw.to_radians() as f32),
            head: [-(turn.to_radians() as f32), pitch, drop],
            stride: stride as f32,
            light: [
                f32::from(figure.light.sky()),
                f32::from(figure.light.block()),
            ],
            hurt: f32::from(u8::from(figure.hurt)),
            paints,
            tiles,
        }
    }

    /// The atlas tile `paint` shows, or [`NO_TILE`].
    #[must_use]
    pub fn tile(&self, paint: Paint) -> u16 {
        let i = paint as usize;
        (self.tiles[i / 2] >> (16 * (i % 2)) & 0xffff) as u16
    }

    /// The colour `paint` takes, linear, 0 to 1.
    #[must_use]
    pub fn colour(&self, paint: Paint) -> Vec3 {
        let word = self.paints[paint as usize];
        let channel = |i: u32| f32::from((word >> (10 * i) & 0x3ff) as u16) / TEN_BITS;
        Vec3::new(channel(0), channel(1), channel(2))
    }
}
