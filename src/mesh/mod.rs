//! Chunk meshing: turning blocks into triangles, on the CPU, with no knowledge of the GPU.
//!
//! The input is a chunk's blocks plus a one-block border taken from its neighbours
//! ([`Neighbourhood`], 34³ cells), so faces against neighbouring chunks are culled exactly as
//! faces inside the chunk are. The output ([`ChunkMesh`]) is a list of compact [`Vertex`]es
//! with chunk-relative positions and one index list per render [`Pass`]. The renderer uploads
//! these bytes as they are; nothing here imports wgpu, reads a clock or touches a file.
//!
//! Each visible face becomes one quad (no greedy merging: per-vertex ambient occlusion and the
//! texture atlas both want one quad per block face, and the mesher is fast enough without).
//!
//! ```text
//!   corner order of every quad, seen from outside the block:
//!
//!    3 (TL) ────── 2 (TR)      v = 0 at the top of the texture tile
//!      │         ╱ │           u = 0 at its left
//!      │      ╱    │
//!      │   ╱       │           triangles (0,1,2) (0,2,3), counter-clockwise;
//!    0 (BL) ────── 1 (BR)      or (1,2,3) (1,3,0) when AO asks for the other diagonal
//! ```

pub mod boxes;
mod faces;
mod mesher;
mod neighbourhood;
pub mod sort;
pub mod tiles;

pub use boxes::{BOX_VERTICES, BoxVertex, FreeBox, push_box};
pub use mesher::{QuadSink, mesh_region};
pub use neighbourhood::{Neighbourhood, PADDED, PADDED_VOLUME};
pub use sort::TranslucentQuads;

use bytemuck::{Pod, Zeroable};

use crate::world::{Block, Face};
use faces::corners;

/// Which pass draws a face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pass {
    /// Depth-tested and written, no blending.
    Opaque,
    /// Alpha-tested: texels below half alpha are discarded (leaves).
    Cutout,
    /// Blended after everything else, depth-tested but not written (water, glass).
    Translucent,
}

/// One visible face of one block, as the mesher finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Quad {
    /// The block's cell, counted from the region's first interior cell.
    pub cell: [u16; 3],
    /// The direction the face looks.
    pub face: Face,
    /// The block the face belongs to.
    pub block: Block,
    /// The pass that draws it.
    pub pass: Pass,
    /// Ambient occlusion at corners BL, BR, TR, TL: 0 is darkest, 3 unoccluded.
    pub ao: [u8; 4],
    /// Whether the block is half height (a slab).
    pub half: bool,
}

/// A packed vertex, 8 bytes, laid out for the GPU as two `u32`s.
///
/// `packed` holds, from the lowest bit: x (6 bits, 0–32 blocks), y (7 bits, half blocks 0–64,
/// so slab tops land on the grid), z (6 bits), face (3 bits, [`Face`] index), AO (2 bits),
/// u (1 bit), v (2 bits, half tiles so a slab's side shows the lower half of its tile).
/// `tile` is the atlas tile index ([`tiles::TILES`]).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
pub struct Vertex {
    /// Position, face, AO and texture corner, bit-packed as described above.
    pub packed: u32,
    /// Atlas tile index.
    pub tile: u32,
}

impl Vertex {
    /// Packs a vertex; `pos2` and `v2` are in half units.
    #[must_use]
    pub const fn new(pos2: [u32; 3], face: Face, ao: u8, u: u32, v2: u32, tile: u16) -> Self {
        let packed = (pos2[0] / 2)
            | (pos2[1] << 6)
            | ((pos2[2] / 2) << 13)
            | ((face as u32) << 19)
            | ((ao as u32 & 3) << 22)
            | ((u & 1) << 24)
            | ((v2 & 3) << 25);
        Self {
            packed,
            tile: tile as u32,
        }
    }

    /// The position in half blocks, chunk-relative.
    #[must_use]
    pub const fn position2(self) -> [u32; 3] {
        let p = self.packed;
        [(p & 63) * 2, (p >> 6) & 127, ((p >> 13) & 63) * 2]
    }

    /// The ambient occlusion value, 0 (dark) to 3.
    #[must_use]
    pub const fn ao(self) -> u8 {
        ((self.packed >> 22) & 3) as u8
    }
}

/// The triangles of one chunk: shared vertices and one index list per pass.
///
/// Reused from chunk to chunk (the mesher clears it first) so that meshing allocates nothing
/// once the buffers have grown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChunkMesh {
    /// Every vertex, four per quad.
    pub vertices: Vec<Vertex>,
    /// Triangles of the opaque pass.
    pub opaque: Vec<u32>,
    /// Triangles of the cut-out pass.
    pub cutout: Vec<u32>,
    /// Triangles of the translucent pass.
    pub translucent: Vec<u32>,
}

impl ChunkMesh {
    /// Empties the mesh, keeping its allocations.
    pub fn clear(&mut self) {
        self.vertices.clear();
        self.opaque.clear();
        self.cutout.clear();
        self.translucent.clear();
    }

    /// Whether there is nothing to draw.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.vertices.is_empty()
    }

    /// The index list of `pass`.
    #[must_use]
    pub fn indices(&self, pass: Pass) -> &[u32] {
        match pass {
            Pass::Opaque => &self.opaque,
            Pass::Cutout => &self.cutout,
            Pass::Translucent => &self.translucent,
        }
    }

    /// Meshes the chunk at the centre of `input` into this buffer.
    pub fn build(&mut self, input: &Neighbourhood) {
        self.clear();
        if input.is_trivially_empty() {
            return;
        }
        mesh_region(input.blocks(), [PADDED - 2; 3], self);
    }
}

impl QuadSink for ChunkMesh {
    fn quad(&mut self, q: &Quad) {
        let base = self.vertices.len() as u32;
        let corners = corners(q.face);
        let tile = tiles::tile_for(q.block, q.face);
        let cell2 = q.cell.map(|c| u32::from(c) * 2);
        for (i, corner) in corners.iter().enumerate() {
            let height = if q.half { 1 } else { 2 };
            let pos2 = [
                cell2[0] + u32::from(corner.pos[0]) * 2,
                cell2[1] + u32::from(corner.pos[1]) * height,
                cell2[2] + u32::from(corner.pos[2]) * 2,
            ];
            // A half-height side shows the lower half of its tile: its top edge is at v = ½.
            let v2 = if q.half && q.face.is_side() && corner.uv[1] == 0 {
                1
            } else {
                u32::from(corner.uv[1]) * 2
            };
            self.vertices.push(Vertex::new(
                pos2,
                q.face,
                q.ao[i],
                u32::from(corner.uv[0]),
                v2,
                tile,
            ));
        }
        let [a, b, c, d] = q.ao.map(i32::from);
        // Split along the diagonal whose corners agree more, so a single dark corner fades
        // out symmetrically instead of streaking across the quad (the anisotropy artefact).
        let order: [u32; 6] = if (a - c).abs() > (b - d).abs() {
            [1, 2, 3, 1, 3, 0]
        } else {
            [0, 1, 2, 0, 2, 3]
        };
        let list = match q.pass {
            Pass::Opaque => &mut self.opaque,
            Pass::Cutout => &mut self.cutout,
            Pass::Translucent => &mut self.translucent,
        };
        list.extend(order.iter().map(|&o| base + o));
    }
}

#[cfg(test)]
mod tests;
