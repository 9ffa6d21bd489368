//! Light: sky light and block light, flooded through the world cell by cell.
//!
//! # The model
//! Every cell holds two levels from 0 to 15, sky light and block light. A block's light
//! *opacity* ([`Block::opacity`]) is what entering its cell costs beyond the one level every
//! step costs: 0 for air, glass, slabs and torches, 1 for leaves, 2 for water; every other
//! block is [`OPAQUE`] and light does not enter it.
//!
//! - **Sky light.** A non-opaque cell whose cells above it, up to the top of the world, all
//!   have opacity 0 holds 15 (it sees the sky straight up; the cell itself may be leaves or
//!   water). Any other non-opaque cell holds `max(0, max over its six neighbours of
//!   (neighbour's sky light) − 1 − its own opacity)`.
//! - **Block light.** A cell whose block emits ([`Block::emission`]: torch 14, glowstone 15)
//!   holds its emission, opaque or not. Any other non-opaque cell holds `max(0, max over its
//!   six neighbours of (neighbour's block light) − 1 − its own opacity)`.
//! - Opaque cells that emit nothing hold 0 of both. Above the top of the world is open sky.
//!
//! These rules have exactly one solution: of two different solutions, the brightest cell
//! where they differ would need a brighter neighbour where they differ too. So light is a
//! function of the blocks alone, whatever order chunks were generated, loaded or edited in.
//!
//! # How it is kept
//! The world keeps the light of every loaded column: the solution of the rules over the
//! loaded columns, with unloaded ones dark and opaque. Light travels at most 15 cells, so a
//! cell whose columns within 15 blocks are all loaded has exactly the light an endless world
//! would give it; the streamer meshes only chunks whose neighbouring columns are in.
//!
//! - A new column is lit from its own blocks alone ([`light_column`], a pure function that a
//!   worker thread can run), then merged: light flows across its borders with the loaded
//!   neighbours, both ways.
//! - An edit updates light in place with the two-queue flood of Minecraft and Starlight:
//!   light that came through the changed cells is taken away, then the cells around the hole
//!   flood it again. Only what really changes is touched.
//! - A column that leaves takes away the light it carried into its neighbours.
//!
//! The work happens in a [`window`] of 3 × 3 columns around the one concerned, enough for
//! anything light can reach (15 cells across, the whole height down).

mod window;

#[cfg(test)]
mod tests;

use std::fmt;

use super::block::OPAQUE;
use super::coords::{CHUNK_VOLUME, COLUMN_CHUNKS};
use super::{Block, Chunk};
pub(super) use window::{SLOTS, Window};

/// The brightest level of either kind of light.
pub const MAX_LIGHT: u8 = 15;

/// The sky light and block light of one cell, each 0 to 15, packed in a byte.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
#[repr(transparent)]
pub struct Light(u8);

impl Light {
    /// Both levels 0: an opaque cell, or a dark cave.
    pub const DARK: Self = Self(0);
    /// Open sky: sky light 15, no block light.
    pub const SKY: Self = Self(MAX_LIGHT << 4);

    /// A cell with these levels (each clamped to 15).
    #[must_use]
    pub const fn new(sky: u8, block: u8) -> Self {
        let sky = if sky > MAX_LIGHT { MAX_LIGHT } else { sky };
        let block = if block > MAX_LIGHT { MAX_LIGHT } else { block };
        Self(sky << 4 | block)
    }

    /// Sky light, 0 to 15.
    #[must_use]
    pub const fn sky(self) -> u8 {
        self.0 >> 4
    }

    /// Block light, 0 to 15.
    #[must_use]
    pub const fn block(self) -> u8 {
        self.0 & 0x0f
    }

    /// The level of `channel`.
    #[must_use]
    pub const fn get(self, channel: Channel) -> u8 {
        (self.0 >> channel.shift()) & 0x0f
    }

    /// This light with the level of `channel` replaced.
    #[must_use]
    pub const fn with(self, channel: Channel, level: u8) -> Self {
        let shift = channel.shift();
        Self((self.0 & !(0x0f << shift)) | (level & 0x0f) << shift)
    }
}

impl fmt::Debug for Light {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Light(sky {}, block {})", self.sky(), self.block())
    }
}

/// One of the two kinds of light, which spread by the same rules but separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// Light from the sky.
    Sky,
    /// Light from glowing blocks.
    Block,
}

impl Channel {
    /// Both, in the order they are updated.
    pub const BOTH: [Self; 2] = [Self::Sky, Self::Block];

    const fn shift(self) -> u32 {
        match self {
            Self::Sky => 4,
            Self::Block => 0,
        }
    }

    /// The level a cell holding `block` at height `y` has by itself, whatever its
    /// neighbours: its emission, or for sky light, 15 in the top layer of the world under
    /// open sky. Every other level comes from neighbours.
    #[must_use]
    pub fn source_level(self, block: Block, y: i32) -> u8 {
        match self {
            Self::Block => block.emission(),
            Self::Sky if y == super::WORLD_HEIGHT - 1 && block.opacity() < OPAQUE => MAX_LIGHT,
            Self::Sky => 0,
        }
    }
}

/// The light of one chunk: one level for all of it (open sky, solid rock), or per cell.
#[derive(Clone, PartialEq, Eq)]
pub enum ChunkLight {
    /// Every cell has this light.
    Uniform(Light),
    /// Per cell, in [`LocalPos::index`](super::LocalPos::index) order.
    Cells(Box<[Light; CHUNK_VOLUME]>),
}

impl Default for ChunkLight {
    fn default() -> Self {
        Self::Uniform(Light::DARK)
    }
}

impl fmt::Debug for ChunkLight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Uniform(light) => write!(f, "Uniform({light:?})"),
            Self::Cells(_) => f.write_str("Cells(..)"),
        }
    }
}

impl ChunkLight {
    /// The light at flat index `index`.
    #[must_use]
    #[inline]
    pub fn get(&self, index: usize) -> Light {
        match self {
            Self::Uniform(light) => *light,
            Self::Cells(cells) => cells[index],
        }
    }

    /// Sets the light at flat index `index`, keeping one value for the chunk while it can.
    #[inline]
    pub fn set(&mut self, index: usize, light: Light) {
        match self {
            Self::Uniform(same) if *same == light => {}
            Self::Uniform(other) => {
                let mut cells = Box::new([*other; CHUNK_VOLUME]);
                cells[index] = light;
                *self = Self::Cells(cells);
            }
            Self::Cells(cells) => cells[index] = light,
        }
    }

    /// The light of every cell, if it is the same everywhere in the chunk.
    #[must_use]
    pub fn uniform(&self) -> Option<Light> {
        match self {
            Self::Uniform(light) => Some(*light),
            Self::Cells(_) => None,
        }
    }

    /// Goes back to one value for the chunk where every cell has come to hold the same.
    pub fn compact(&mut self) {
        if let Self::Cells(cells) = self
            && cells.iter().all(|&l| l == cells[0])
        {
            *self = Self::Uniform(cells[0]);
        }
    }
}

/// The light of a column of chunks, bottom first.
pub type ColumnLight = [ChunkLight; COLUMN_CHUNKS];

/// Lights a column from its own blocks alone, as if every other column were dark rock:
/// sky light down from the top of the world and out sideways, block light out of every
/// emitter. Merging it into the world (see [`World::insert_column`](super::World)) lets
/// light flow in and out across its borders.
#[must_use]
pub fn light_column(chunks: &[Chunk; COLUMN_CHUNKS]) -> ColumnLight {
    let mut window = Window::alone(chunks);
    window.light_centre_from_scratch();
    let mut light = window.into_centre_light();
    for chunk in &mut light {
        chunk.compact();
    }
    light
}
