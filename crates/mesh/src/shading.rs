//! Where a chunk's smooth light and ambient occlusion are worked out: on the CPU for each
//! vertex, or in the fragment shader from a volume of the chunk's light.
//!
//! With [`Shading::Vertex`] the mesher gives each corner of a face its AO and light, and the
//! GPU interpolates them across the face; faces merge only where their shading agrees
//! ([`super::greedy`]), so light that varies keeps the faces it falls on single. With
//! [`Shading::Sampled`] the mesher leaves the corners alone and hands the renderer the
//! chunk's [`volume`] instead: every cell's light and two flags, with the one-cell border
//! from the neighbours. The fragment shader finds the four corners of the face cell under
//! each pixel from the 3 × 3 cells in front of it by the mesher's own rules, and mixes them
//! bilinearly, so faces merge by block and direction alone.

use super::mesher::{CLEAR, OPAQUE_CUBE};
use hewn_core::world::Light;

/// Where a chunk's smooth light and ambient occlusion are worked out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Shading {
    /// Per vertex, by the mesher: merged faces must agree in their shading.
    #[default]
    Vertex,
    /// Per pixel, by the fragment shader, from the chunk's light [`volume`].
    Sampled,
}

/// The layout of a chunk's light volume: two bytes per cell of the 34³ padded chunk, in the
/// [`Neighbourhood`](super::Neighbourhood)'s cell order (x fastest, then z, then y), so it
/// uploads as a 34 × 34 × 34 `Rg8Uint` 3D texture whose width, height and depth run along x,
/// z and y. The chunk shader declares the same flags.
pub mod volume {
    /// Cells along each edge of the volume.
    pub const SIDE: u32 = super::super::PADDED as u32;
    /// Bytes per cell: light, then flags.
    pub const BYTES_PER_CELL: u32 = 2;
    /// Flag: the cell is an opaque cube, which occludes the corners beside it.
    pub const OPAQUE: u8 = super::OPAQUE_CUBE;
    /// Flag: light enters the cell, so its light counts in a corner's average.
    pub const CLEAR: u8 = super::CLEAR;
}

/// Writes the volume of cells whose mesher flags are `flags` and light is `lights` into
/// `out` (emptied first).
pub(super) fn fill_volume(flags: &[u8], lights: &[Light], out: &mut Vec<u8>) {
    out.clear();
    out.reserve(flags.len() * volume::BYTES_PER_CELL as usize);
    for (&f, &light) in flags.iter().zip(lights) {
        out.push(light.sky() << 4 | light.block());
        out.push(f & (volume::OPAQUE | volume::CLEAR));
    }
}
