//! Chunk meshes on the GPU: each chunk's vertices and indices in buffers all chunks share
//! (a `MeshArena`), drawn at the chunk's offset from the eye's cell, its slot among the
//! frame's places (whole blocks, so the corners
//! two chunks share sum to the same place in both; the shader takes off where the eye is in
//! its cell). Chunks near the eye get their
//! translucent quads re-sorted back to front whenever the eye moves into another cell.
//!
//! A chunk's opaque and cut-out faces are grouped by the way they look and ordered by the
//! plane they lie in ([`hewn_mesh::facing`]), and only the faces whose planes the eye is in
//! front of are drawn, in at most three runs of the index buffer per pass: the others would
//! reach the GPU's vertex stage only to be culled as back faces.
//!
//! A chunk meshed with [`Shading::Sampled`] brings its light volume, uploaded as a small 3D
//! texture in a bind group of its own, and is drawn by the pipelines that light faces from
//! it; a chunk meshed the other way, by those that take light from the vertices. Both kinds
//! may be in view at once, for a while after the shading changes.
//!
//! Which chunks are drawn is the [`Walk`]'s answer (cave culling): the store keeps what
//! sight does through every chunk (its visibility graph and its faces' openings), empty
//! meshes' too (air is what sight passes through), and draws only the chunks a line of
//! sight from the eye may reach; the walk also tells where the far view may show past them.

use std::collections::{BTreeSet, HashMap};

use glam::{DVec3, Vec3, Vec4};

use super::arena::MeshArena;
use super::camera::{Camera, Frustum};
use super::draws::{Batch, DrawCommands};
use super::meshes::{GpuMesh, MeshSlots, batches, draw_batches};
use hewn_core::world::{BlockPos, CHUNK_SIZE, ChunkPos, ColumnPos};
use hewn_mesh::occlusion::{Eye, Outline, Walk};
use hewn_mesh::{ChunkMesh, Pass, Sight, TranslucentQuads};

/// Chunks whose nearest point is this close to the eye (in blocks) keep their translucent
/// quads in back-to-front order; farther away, overlapping translucent faces are too small
/// on screen for their order to show, and sorting them would cost time every step.
const SORT_DISTANCE: f32 = 24.0;

/// A visible chunk this frame: which one, its slot among the frame's places, and where the eye
/// is from its low corner, in blocks (which decides the faces drawn), or `None` to draw
/// every face.
#[derive(Clone, Copy, Debug)]
pub struct Visible {
    pos: ChunkPos,
    slot: u32,
    eye: Option<Vec3>,
}

/// Every chunk mesh on the GPU.
#[derive(Debug)]
pub struct ChunkStore {
    chunks: HashMap<ChunkPos, GpuMesh>,
    /// Their vertices and indices.
    arena: MeshArena,
    /// The layout of a chunk's light volume group.
    light_layout: wgpu::BindGroupLayout,
    slots: MeshSlots,
    /// Bytes of every chunk's buffers together.
    bytes: u64,
    /// Quads in the chunks [`ChunkStore::prepare`] last found visible.
    quads_visible: usize,
    /// How many chunks [`ChunkStore::prepare`] last found visible.
    chunks_visible: usize,
    /// What sight does through every uploaded chunk, empty or not.
    sights: HashMap<ChunkPos, Sight>,
    /// Whether only the chunks the walk reaches are drawn.
    cave_culling: bool,
    /// Whether only the faces that may look towards the eye are drawn.
    face_culling: bool,
    walk: Walk,
    reached: Vec<ChunkPos>,
    /// With cave culling, where the eye may see past the chunks drawn (to the far view),
    /// from where the last walk looked.
    beyond: Option<(Eye, Outline)>,
}

impl ChunkStore {
    /// An empty store; `light_layout` is the layout of a chunk's light volume group, and
    /// `most_vertices` how many vertices one page of its shared buffers may hold
    /// (`arena::vertex_limit`).
    #[must_use]
    pub fn new(
        device: &wgpu::Device,
        light_layout: wgpu::BindGroupLayout,
        most_vertices: u32,
    ) -> Self {
        Self {
            chunks: HashMap::new(),
            arena: MeshArena::new("chunk meshes", most_vertices),
            light_layout,
            slots: MeshSlots::new(device),
            bytes: 0,
            quads_visible: 0,
            chunks_visible: 0,
            sights: HashMap::new(),
            cave_culling: true,
            face_culling: true,
            walk: Walk::default(),
            reached: Vec::new(),
            beyond: None,
        }
    }

    /// How many chunks have a mesh on the GPU.
    #[must_use]
    pub fn len(&self) -> usize {
        self.chunks.len()
    }

    /// Whether no chunk has a mesh on the GPU.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.chunks.is_empty()
    }

    /// Bytes of every chunk mesh on the GPU.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Quads in the chunks the last [`ChunkStore::prepare`] found in view: what a frame
    /// draws.
    #[must_use]
    pub fn quads_visible(&self) -> usize {
        self.quads_visible
    }

    /// Chunks the last [`ChunkStore::prepare`] found in view: what a frame draws.
    #[must_use]
    pub fn chunks_visible(&self) -> usize {
        self.chunks_visible
    }

    /// Draws only the chunks a line of sight from the eye may reach (on, the default), or
    /// every chunk in the view (off).
    pub fn set_cave_culling(&mut self, on: bool) {
        self.cave_culling = on;
    }

    /// Draws only the faces whose planes the eye is in front of (on, the default), or every
    /// face of the chunks drawn, for the GPU's back-face culling to sort out (off).
    pub fn set_face_culling(&mut self, on: bool) {
        self.face_culling = on;
    }

    /// Replaces the mesh of the chunk at `pos` (an empty mesh removes it, and keeps what
    /// sight does through it).
    pub fn upload(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        pos: ChunkPos,
        mesh: &ChunkMesh,
    ) {
        self.remove(pos);
        self.sights.insert(pos, mesh.sight);
        if mesh.is_empty() {
            return;
        }
        let mesh = GpuMesh::new(device, queue, &mut self.arena, &self.light_layout, mesh);
        self.bytes += mesh.bytes;
        self.chunks.insert(pos, mesh);
    }

    /// Whether the chunk at `pos` has been uploaded (its mesh, or that it has none).
    #[must_use]
    pub fn holds(&self, pos: ChunkPos) -> bool {
        self.sights.contains_key(&pos)
    }

    /// Drops the mesh of the chunk at `pos`.
    pub fn remove(&mut self, pos: ChunkPos) {
        self.sights.remove(&pos);
        if let Some(chunk) = self.chunks.remove(&pos) {
            self.bytes -= chunk.bytes;
            chunk.release(&mut self.arena);
        }
    }

    /// Pages of the buffers its meshes share, and their bytes, free room included.
    #[must_use]
    pub fn buffers(&self) -> (usize, u64) {
        self.arena.size()
    }

    /// Drops every chunk's mesh, as when the player leaves a world.
    pub fn clear(&mut self) {
        self.chunks.clear();
        self.arena.clear();
        self.sights.clear();
        self.bytes = 0;
        self.quads_visible = 0;
        self.chunks_visible = 0;
    }

    /// Picks the chunks inside the view, nearest first, but those in `hidden` columns (where
    /// the far view stands in for them), and writes their offsets from the
    /// camera (computed in f64, then rounded to f32) into their slots among the places. With cave
    /// culling, also notes where the far view may show past them
    /// ([`ChunkStore::may_show_beyond`]).
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        camera: &Camera,
        frustum: &Frustum,
        hidden: Option<&BTreeSet<ColumnPos>>,
    ) -> Vec<Visible> {
        let size = CHUNK_SIZE as f32;
        let in_view = |pos: ChunkPos| {
            let min = camera.relative(pos.min_block().min_corner());
            frustum.intersects_box(min, min + Vec3::splat(size))
        };
        let shown = |pos: ChunkPos| hidden.is_none_or(|h| !h.contains(&pos.column()));
        let eye = camera.walk_eye();
        self.beyond = None;
        let candidates: Vec<ChunkPos> = if self.cave_culling && Walk::looks_from(eye.chunk) {
            let sights = &self.sights;
            // Where the far view stands in for chunks on the GPU (the coarse outer ring), sight
            // crosses its coarse cells hardly farther than it crosses the blocks: a coarse
            // cell is air only where every block under it is (`hewn_core::world::coarse`;
            // docs/design/far-view.md says where water over rock is the exception), so the
            // chunks' own sight serves, and the ring's caves stay hidden as the near view's
            // are. Where nothing is known, sight crosses anywhere.
            let sight = |pos: ChunkPos| sights.get(&pos).copied().unwrap_or(Sight::ALL);
            self.walk.reachable(
                eye,
                (camera.far / size).ceil() as i32 + 1,
                sight,
                in_view,
                &mut self.reached,
            );
            let stood_in_for = |pos: ChunkPos| !sights.contains_key(&pos) || !shown(pos);
            self.beyond = Some((eye, self.walk.outline_beyond(stood_in_for)));
            self.reached
                .iter()
                .copied()
                .filter(|pos| self.chunks.contains_key(pos))
                .collect()
        } else {
            self.chunks.keys().copied().collect()
        };
        let face_culling = self.face_culling;
        let mut visible: Vec<(f32, ChunkPos, Option<Vec3>)> = candidates
            .into_iter()
            .filter(|&pos| in_view(pos) && shown(pos))
            .map(|pos| {
                let min = camera.relative(pos.min_block().min_corner());
                let distance = (min + Vec3::splat(size / 2.0)).length_squared();
                (distance, pos, face_culling.then_some(-min))
            })
            .collect();
        self.chunks_visible = visible.len();
        // Ties broken by position, so that the order does not hang on the map's.
        visible.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let places: Vec<Vec4> = visible
            .iter()
            .map(|(_, pos, _)| {
                camera
                    .from_eye_cell(pos.min_block().min_corner())
                    .extend(1.0)
            })
            .collect();
        self.slots.write(device, queue, &places);
        self.sort_translucent(queue, camera, visible.iter().map(|&(_, pos, _)| pos));
        self.quads_visible = visible
            .iter()
            .map(|&(_, pos, eye)| self.chunks[&pos].quads_drawn(eye))
            .sum();
        visible
            .into_iter()
            .enumerate()
            .map(|(i, (_, pos, eye))| Visible {
                pos,
                slot: i as u32,
                eye,
            })
            .collect()
    }

    /// Whether a box of `size` blocks from `min` (world coordinates, on chunk borders)
    /// outside the chunks drawn, like a section of the far view, may show past them, by the
    /// last [`ChunkStore::prepare`]'s walk: always without cave culling. Where every chunk
    /// under the box is on the GPU (the coarse outer ring), only if the walk reached one of
    /// them: what stands in for them is seen through no more than they are.
    #[must_use]
    pub fn may_show_beyond(&self, min: DVec3, size: f64) -> bool {
        self.beyond.is_none_or(|(eye, outline)| {
            let low = (min - eye.chunk.min_block().min_corner()).as_vec3();
            self.reached_under(min, size) != Some(false)
                && outline.meets_box(&eye, low, low + Vec3::splat(size as f32))
        })
    }

    /// Whether the last walk reached any of the chunks under a box of `size` blocks from
    /// `min`, or `None` where some are not on the GPU (or the box is too large to ask).
    fn reached_under(&self, min: DVec3, size: f64) -> Option<bool> {
        /// Chunks along each side of the largest box asked about chunk by chunk: a level-2
        /// section's.
        const MOST: i32 = 4;
        let from = BlockPos::containing(min).chunk();
        let side = (size / f64::from(CHUNK_SIZE)).ceil() as i32;
        if side > MOST {
            return None;
        }
        let mut reached = false;
        for y in 0..side {
            for z in 0..side {
                for x in 0..side {
                    let pos = ChunkPos::new(from.x + x, from.y + y, from.z + z);
                    if !self.sights.contains_key(&pos) {
                        return None;
                    }
                    reached |= self.walk.has_reached(pos);
                }
            }
        }
        Some(reached)
    }

    /// Re-sorts the translucent quads of the chunks in `visible` near the eye whose order was
    /// made for another eye cell, and rewrites their part of the index buffer.
    fn sort_translucent(
        &mut self,
        queue: &wgpu::Queue,
        camera: &Camera,
        visible: impl Iterator<Item = ChunkPos>,
    ) {
        let size = Vec3::splat(CHUNK_SIZE as f32);
        let mut sorted = Vec::new();
        for pos in visible {
            let Some(chunk) = self.chunks.get_mut(&pos) else {
                continue;
            };
            let Some((quads, sorted_for)) = &mut chunk.translucent else {
                continue;
            };
            let eye = -camera.relative(pos.min_block().min_corner());
            let nearest = eye.clamp(Vec3::ZERO, size);
            let cell = TranslucentQuads::cell_of(eye);
            if nearest.distance(eye) > SORT_DISTANCE || *sorted_for == Some(cell) {
                continue;
            }
            quads.sorted_indices(eye, &mut sorted);
            *sorted_for = Some(cell);
            chunk.rewrite_translucent(&mut self.arena, queue, &sorted);
        }
    }

    /// Draws the models (torches) of the visible chunks; the models pipeline must be set.
    pub fn draw_models(&self, pass: &mut wgpu::RenderPass<'_>, visible: &[Visible]) {
        self.slots.bind(pass);
        for v in visible {
            if let Some(chunk) = self.chunks.get(&v.pos) {
                chunk.draw_models(pass, v.slot);
            }
        }
    }

    /// The commands that draw pass `which` of the visible chunks, added to the frame's:
    /// translucent ones back to front, the others without the faces that look away from
    /// the eye.
    pub fn batches(
        &self,
        visible: &[Visible],
        which: Pass,
        commands: &mut DrawCommands,
    ) -> Vec<Batch<ChunkPos>> {
        let meshes = visible
            .iter()
            .filter_map(|v| Some((self.chunks.get(&v.pos)?, (v.pos, v.slot, v.eye))));
        batches(which, meshes, commands)
    }

    /// Draws `batches` of the visible chunks: `pipelines` are the pass's pipeline lit by
    /// vertices, then the one lit from the light volume; each chunk is drawn by the one its
    /// mesh was made for.
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        batches: &[Batch<ChunkPos>],
        commands: &mut DrawCommands,
        pipelines: [&wgpu::RenderPipeline; 2],
    ) {
        let light = |pos| self.chunks.get(&pos).and_then(GpuMesh::light);
        draw_batches(
            pass,
            (&self.arena, &self.slots),
            batches,
            commands,
            pipelines,
            light,
        );
    }
}
