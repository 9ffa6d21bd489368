//! Chunk meshing: turning blocks into triangles, on the CPU, with no knowledge of the GPU.
//!
//! The input is a chunk's blocks plus a one-block border taken from its neighbours
//! ([`Neighbourhood`], 34³ cells), so faces against neighbouring chunks are culled exactly as
//! faces inside the chunk are. The output ([`ChunkMesh`]) is a list of compact [`Vertex`]es
//! with chunk-relative positions and one index list per render [`Pass`]. The renderer uploads
//! these bytes as they are; nothing here imports wgpu, reads a clock or touches a file.
//!
//! The culling mesher ([`mesh_region`]) finds each visible face with its ambient occlusion
//! and light; [`greedy`] then merges neighbouring faces that look the same into bigger quads,
//! whose texture repeats once per cell.
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
//!
//! Beside the chunks: the [`camera`] (what the eye sees, which culling and the renderer both
//! ask), other players as jointed [`figure`]s built with the same cube, and [`creature`]s as
//! jointed figures the GPU poses, many to a draw.

pub mod boxes;
pub mod camera;
pub mod coarse;
pub mod creature;
mod faces;
pub mod facing;
pub mod figure;
pub mod greedy;
mod mesher;
pub mod models;
mod neighbourhood;
pub mod occlusion;
pub mod openings;
mod per_registry;
pub mod plants;
mod shading;
pub mod sort;
pub mod tiles;
pub mod visibility;

pub use boxes::{BOX_VERTICES, BoxVertex, FreeBox, push_box};
pub use coarse::{CoarseNeighbours, mesh_coarse};
pub use faces::{Corner, corners, cube_corner};
pub use facing::FaceGroups;
use mesher::mesh_cells;
pub use mesher::top_height;
pub use mesher::{QuadSink, mesh_region, mesh_region_with};
pub use models::{ModelQuad, ModelVertex};
pub use neighbourhood::{Neighbourhood, PADDED, PADDED_VOLUME};
pub use openings::Openings;
pub use shading::{Shading, volume};
pub use sort::TranslucentQuads;
pub use visibility::{Sight, Visibility};

use bytemuck::{Pod, Zeroable};

use hewn_core::axis::Axis;
use hewn_core::world::{Block, Face, Light};

/// How leaves are drawn, as Minecraft's graphics setting offers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Leaves {
    /// Cut-out, seen through, with a face between every two leaves.
    #[default]
    Fancy,
    /// Opaque cubes: only a canopy's outer faces, and its holes dark.
    Fast,
}

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

/// Light at one corner of a face: sky and block light averaged over the clear cells that
/// touch the corner in front of the face, in quarter levels (0 to 60).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CornerLight {
    /// Sky light, in quarter levels.
    pub sky: u8,
    /// Block light, in quarter levels.
    pub block: u8,
}

impl CornerLight {
    /// Full light of both kinds.
    pub const FULL: Self = Self { sky: 60, block: 60 };

    /// The corner light of one cell's `light`, unaveraged.
    #[must_use]
    pub const fn of(light: Light) -> Self {
        Self {
            sky: light.sky() * 4,
            block: light.block() * 4,
        }
    }
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
    /// Light at corners BL, BR, TR, TL.
    pub light: [CornerLight; 4],
    /// The height of the block's top in sixteenths of a block: 16 for a whole block, 8 for
    /// a slab, less for water the further it has flowed ([`top_height`]). Side faces
    /// reach up to it and the top face lies at it.
    pub top: u8,
    /// Where side faces start, in sixteenths above the cell's bottom: 0, or for water beside
    /// lower water, the neighbour's surface, so the two never draw the same wall.
    pub bottom: u8,
    /// How many cells the quad covers along x, y and z, counted from `cell`: 1 along the
    /// face's normal, and 1 along the others for a single face; more for a merged one.
    pub extent: [u8; 3],
}

/// Where each field of a [`Vertex`] lies in its two words. The chunk shader declares the same
/// constants, and a test checks that the two agree.
pub mod layout {
    /// Bits of x in `packed`: whole blocks, 0 to 32.
    pub const X: (u32, u32) = (0, 6);
    /// Bits of y in `packed`: sixteenths of a block, 0 to 512, so slab tops and water
    /// surfaces land on the grid.
    pub const Y: (u32, u32) = (6, 10);
    /// Bits of z in `packed`: whole blocks, 0 to 32.
    pub const Z: (u32, u32) = (16, 6);
    /// Bits of the face in `packed`: its [`Face`](hewn_core::world::Face) index.
    pub const FACE: (u32, u32) = (22, 3);
    /// Bits of the ambient occlusion in `packed`: 0 (dark) to 3.
    pub const AO: (u32, u32) = (25, 2);
    /// Bits of the atlas tile's low part in `surface`; with [`TILE_HIGH`]'s, up to 512 tiles,
    /// the whole atlas ([`tiles::ATLAS_COLUMNS`](super::tiles::ATLAS_COLUMNS) ×
    /// `ATLAS_ROWS`).
    pub const TILE: (u32, u32) = (0, 7);
    /// Bits of the atlas tile's high part in `packed`, above [`TILE`]'s.
    pub const TILE_HIGH: (u32, u32) = (27, 2);
    /// Bits of the sky light in `surface`: quarter levels, 0 to 60.
    pub const SKY: (u32, u32) = (7, 6);
    /// Bits of the block light in `surface`: quarter levels, 0 to 60.
    pub const BLOCK: (u32, u32) = (13, 6);
    /// In a mesh whose light the shader samples ([`Shading::Sampled`](super::Shading)), the
    /// sky light's bits hold the face's top instead ([`Quad::top`](super::Quad::top)), in
    /// sixteenths, so the shader spreads a short side's corners over its height as the
    /// vertices would.
    pub const TOP: (u32, u32) = SKY;
    /// As [`TOP`], the block light's bits hold the face's bottom.
    pub const BOTTOM: (u32, u32) = BLOCK;
    /// Bits of the texture's u in `surface`: whole tiles, 0 to 32 (a merged quad repeats
    /// its tile).
    pub const U: (u32, u32) = (19, 6);
    /// Bits of the texture's v in `surface`: half tiles, 0 to 64, so a slab's side shows the
    /// lower half of its tile.
    pub const V: (u32, u32) = (25, 7);

    /// `value` placed in the bits `field` names (cut to their width).
    #[must_use]
    pub const fn put(field: (u32, u32), value: u32) -> u32 {
        (value & ((1 << field.1) - 1)) << field.0
    }

    /// The value in the bits `field` names.
    #[must_use]
    pub const fn get(field: (u32, u32), word: u32) -> u32 {
        (word >> field.0) & ((1 << field.1) - 1)
    }
}

/// A packed vertex, 8 bytes, laid out for the GPU as two `u32`s whose fields [`layout`]
/// places: `packed` holds the chunk-relative position, face and ambient occlusion;
/// `surface` the atlas tile ([`tiles::TILES`]), the corner's light and texture u and v.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Pod, Zeroable)]
pub struct Vertex {
    /// Position, face and AO.
    pub packed: u32,
    /// Atlas tile, light and texture u and v.
    pub surface: u32,
}

impl Vertex {
    /// Packs a vertex; `pos16` is in sixteenths of a block (x and z whole blocks, so
    /// multiples of 16), `uv2` in half tiles (u whole tiles, so even).
    #[must_use]
    pub const fn new(
        pos16: [u32; 3],
        face: Face,
        ao: u8,
        uv2: [u32; 2],
        tile: u16,
        light: CornerLight,
    ) -> Self {
        use layout::{AO, BLOCK, FACE, SKY, TILE, TILE_HIGH, U, V, X, Y, Z, put};
        Self {
            packed: put(X, pos16[0] / 16)
                | put(Y, pos16[1])
                | put(Z, pos16[2] / 16)
                | put(FACE, face as u32)
                | put(AO, ao as u32)
                | put(TILE_HIGH, tile as u32 >> TILE.1),
            surface: put(TILE, tile as u32)
                | put(SKY, light.sky as u32)
                | put(BLOCK, light.block as u32)
                | put(U, uv2[0] / 2)
                | put(V, uv2[1]),
        }
    }

    /// The position in sixteenths of a block, chunk-relative.
    #[must_use]
    pub const fn position16(self) -> [u32; 3] {
        use layout::{X, Y, Z, get};
        [
            get(X, self.packed) * 16,
            get(Y, self.packed),
            get(Z, self.packed) * 16,
        ]
    }

    /// The ambient occlusion value, 0 (dark) to 3.
    #[must_use]
    pub const fn ao(self) -> u8 {
        layout::get(layout::AO, self.packed) as u8
    }

    /// The face the vertex belongs to.
    #[must_use]
    pub const fn face(self) -> Face {
        Face::ALL[layout::get(layout::FACE, self.packed) as usize]
    }

    /// The atlas tile.
    #[must_use]
    pub const fn tile(self) -> u16 {
        use layout::{TILE, TILE_HIGH, get};
        (get(TILE, self.surface) | get(TILE_HIGH, self.packed) << TILE.1) as u16
    }

    /// The corner's light.
    #[must_use]
    pub const fn light(self) -> CornerLight {
        CornerLight {
            sky: layout::get(layout::SKY, self.surface) as u8,
            block: layout::get(layout::BLOCK, self.surface) as u8,
        }
    }
}

/// The triangles of one chunk: shared vertices and one index list per pass.
///
/// Reused from chunk to chunk (the mesher clears it first) so that meshing allocates nothing
/// once the buffers have grown.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChunkMesh {
    /// Every vertex, four per quad.
    pub vertices: Vec<Vertex>,
    /// Triangles of the opaque pass.
    pub opaque: Vec<u32>,
    /// Triangles of the cut-out pass.
    pub cutout: Vec<u32>,
    /// Triangles of the translucent pass.
    pub translucent: Vec<u32>,
    /// Faces of blocks drawn as models (torches), as a triangle list, drawn cut-out.
    pub models: Vec<ModelVertex>,
    /// How the opaque and the cut-out lists (in that order) hold their triangles: grouped
    /// by the way they look and ordered by plane ([`facing`]), so that a renderer leaves out
    /// the faces that look away from the eye without looking at a triangle.
    pub facing: [FaceGroups; 2],
    /// Which faces of the chunk see one another through it, and where sight crosses each,
    /// for cave culling ([`occlusion`]).
    pub sight: Sight,
    /// With [`Shading::Sampled`], the chunk's light [`volume`], which the fragment shader
    /// lights its faces from; empty with [`Shading::Vertex`], whose vertices carry their
    /// light.
    pub light_volume: Vec<u8>,
}

impl ChunkMesh {
    /// Empties the mesh, keeping its allocations.
    pub fn clear(&mut self) {
        self.vertices.clear();
        self.opaque.clear();
        self.cutout.clear();
        self.translucent.clear();
        self.models.clear();
        self.facing.iter_mut().for_each(FaceGroups::clear);
        self.sight = Sight::ALL;
        self.light_volume.clear();
    }

    /// Whether there is nothing to draw.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.vertices.is_empty() && self.models.is_empty()
    }

    /// How many quads the mesh holds: cube faces and model faces.
    #[must_use]
    pub fn quad_count(&self) -> usize {
        self.vertices.len() / 4 + self.models.len() / 6
    }

    /// How many quads a renderer draws of the mesh for an eye at `eye` (in blocks from the
    /// chunk's low corner): the opaque and cut-out faces that may look towards it
    /// ([`FaceGroups::runs`]), and every translucent and model face.
    #[must_use]
    pub fn quads_facing(&self, eye: glam::Vec3) -> usize {
        let always = self.translucent.len() / 6 + self.models.len() / 6;
        always
            + self
                .facing
                .iter()
                .map(|groups| groups.quads_facing(eye))
                .sum::<usize>()
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

    /// Meshes the chunk at the centre of `input` into this buffer, merging neighbouring
    /// faces that look the same ([`greedy`]).
    pub fn build(&mut self, input: &Neighbourhood) {
        self.build_with(input, |mesh, cells| {
            GREEDY.with_borrow_mut(|greedy| {
                faces_of(input, cells, greedy);
                greedy.finish(mesh);
            });
        });
    }

    /// Meshes the chunk at the centre of `input` with one quad per visible face, as
    /// [`ChunkMesh::build`] does before merging: what the merged mesh must look like.
    pub fn build_unmerged(&mut self, input: &Neighbourhood) {
        self.build_with(input, |mesh, cells| faces_of(input, cells, mesh));
    }

    /// Meshes the chunk at the centre of `input`, its faces put into this buffer by `faces`
    /// (merged or not), then what sight does through it and its light volume.
    fn build_with(
        &mut self,
        input: &Neighbourhood,
        faces: impl FnOnce(&mut Self, &mut mesher::Cells),
    ) {
        self.clear();
        if input.is_trivially_empty() {
            self.sight = Sight::of(input);
            return;
        }
        CELLS.with_borrow_mut(|cells| {
            faces(self, cells);
            self.finish_cells(input, cells);
        });
        self.group_by_face();
    }

    /// What meshing leaves in `cells` gives besides faces: what sight does through the
    /// chunk, and with
    /// [`Shading::Sampled`] the light volume.
    fn finish_cells(&mut self, input: &Neighbourhood, cells: &mesher::Cells) {
        self.sight = Sight::of_open_rows(&cells.open_rows());
        if input.shading() == Shading::Sampled {
            shading::fill_volume(cells.flags(), input.lights(), &mut self.light_volume);
        }
    }

    /// Reorders the opaque and cut-out triangles by the way they look and by plane
    /// ([`facing`]).
    fn group_by_face(&mut self) {
        for (groups, list) in self
            .facing
            .iter_mut()
            .zip([&mut self.opaque, &mut self.cutout])
        {
            groups.sort(list, &self.vertices);
        }
    }
}

thread_local! {
    /// Each meshing thread's merge buffers, kept from chunk to chunk.
    static GREEDY: std::cell::RefCell<greedy::Greedy> = std::cell::RefCell::default();
    /// Each meshing thread's per-cell flags and row masks, kept from chunk to chunk.
    static CELLS: std::cell::RefCell<mesher::Cells> = std::cell::RefCell::default();
}

impl QuadSink for ChunkMesh {
    fn quad(&mut self, q: &Quad) {
        let base = self.vertices.len() as u32;
        let corners = corners(q.face);
        let tile = tiles::tile_for(q.block, q.face);
        let cell16 = q.cell.map(|c| u32::from(c) * 16);
        // The texture's u runs along the axis where BL and BR differ, v where BL and TL do;
        // a merged quad repeats the tile once per cell along each.
        let differs = |a: usize, b: usize| {
            Axis::ALL
                .into_iter()
                .find(|&k| corners[a].pos[k] != corners[b].pos[k])
        };
        let (u_axis, v_axis) = (
            differs(0, 1).unwrap_or(Axis::X),
            differs(0, 3).unwrap_or(Axis::Y),
        );
        let cells = q.extent.map(u32::from);
        let (top, bottom) = (u32::from(q.top), u32::from(q.bottom));
        for (i, corner) in corners.iter().enumerate() {
            // Only whole-height faces merge upward, so a merged quad's top is whole cells.
            let y = if corner.pos[1] == 0 {
                bottom
            } else {
                16 * (cells[1] - 1) + top
            };
            let pos16 = [
                cell16[0] + u32::from(corner.pos[0]) * 16 * cells[0],
                cell16[1] + y,
                cell16[2] + u32::from(corner.pos[2]) * 16 * cells[2],
            ];
            // A short side shows the lower part of its tile: its top edge is at v = 1 - top,
            // to the nearest half tile (exact for a slab; water's texture hides the rest).
            let v2 = if top < 16 && q.face.is_side() && corner.uv[1] == 0 {
                (16 - top + 4) / 8
            } else {
                u32::from(corner.uv[1]) * 2 * cells[v_axis]
            };
            self.vertices.push(Vertex::new(
                pos16,
                q.face,
                q.ao[i],
                [u32::from(corner.uv[0]) * 2 * cells[u_axis], v2],
                tile,
                q.light[i],
            ));
        }
        // Split along the diagonal whose corners agree more, so a single dark corner fades
        // out symmetrically instead of streaking across the quad (the anisotropy artefact).
        let shade =
            |i: usize| i32::from(q.ao[i]) * 64 + i32::from(q.light[i].sky.max(q.light[i].block));
        let [a, b, c, d] = [0, 1, 2, 3].map(shade);
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

    fn model(&mut self, quad: &ModelQuad) {
        self.models.extend(ModelVertex::triangles(quad));
    }
}

/// The visible faces of the chunk at the centre of `input`, into `sink`, with what each cell
/// of it is left in `cells`.
fn faces_of(input: &Neighbourhood, cells: &mut mesher::Cells, sink: &mut impl QuadSink) {
    mesh_cells(
        input.blocks(),
        input.lights(),
        [PADDED - 2; 3],
        (input.leaves(), input.shading()),
        cells,
        sink,
    );
}

#[cfg(test)]
mod tests;
