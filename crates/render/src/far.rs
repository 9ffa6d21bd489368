//! The far view's coarse sections on the GPU ([`hewn_core::world::coarse`]).
//!
//! A section's mesh counts cells, so it is drawn with the chunk pipelines lit by vertices,
//! its slot carrying the blocks a cell stands for, 2^level, by which the shader scales its
//! positions. Which sections a frame draws is decided outside ([`Scene::far`]): of those,
//! the ones in the view are drawn nearest first (so nearer ground hides what is behind it
//! before the GPU shades it), each without the faces that look away from the eye.
//!
//! [`Scene::far`]: super::Scene::far

use std::collections::{HashMap, HashSet};

use glam::{Vec3, Vec4};

use super::arena::MeshArena;
use super::camera::{Camera, Frustum};
use super::draws::{Batch, DrawCommands};
use super::meshes::{GpuMesh, MeshSlots, batches, draw_batches};
use hewn_core::world::coarse::{MAX_LEVEL, SectionPos};
use hewn_mesh::{ChunkMesh, Pass};

/// What the far view holds and draws at one level, for the debug overlay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FarLevel {
    /// Sections uploaded, empty ones included.
    pub sections: usize,
    /// Quads in them.
    pub quads: usize,
    /// Bytes of their buffers.
    pub bytes: u64,
    /// Quads the last frame drew.
    pub quads_drawn: usize,
}

/// A section drawn this frame: which, its slot, and where the eye is from its low corner in
/// its cells.
#[derive(Clone, Copy, Debug)]
pub struct FarVisible {
    pos: SectionPos,
    slot: u32,
    eye: Vec3,
}

impl FarVisible {
    /// The section.
    #[must_use]
    pub const fn pos(&self) -> SectionPos {
        self.pos
    }
}

/// Every coarse section's mesh on the GPU.
#[derive(Debug)]
pub struct FarStore {
    /// Meshes of the sections that have faces, with their quad counts.
    sections: HashMap<SectionPos, (GpuMesh, usize)>,
    /// Their vertices and indices.
    arena: MeshArena,
    /// Every uploaded section, empty or not, with its level's stats.
    levels: [FarLevel; MAX_LEVEL as usize + 1],
    uploaded: HashSet<SectionPos>,
    light_layout: wgpu::BindGroupLayout,
    slots: MeshSlots,
}

impl FarStore {
    /// An empty store; `light_layout` is the layout of a light volume's group (which
    /// coarse meshes never bring), and `most_vertices` how many vertices one page of its
    /// shared buffers may hold (`arena::vertex_limit`).
    #[must_use]
    pub fn new(
        device: &wgpu::Device,
        light_layout: wgpu::BindGroupLayout,
        most_vertices: u32,
    ) -> Self {
        Self {
            sections: HashMap::new(),
            arena: MeshArena::new("far meshes", most_vertices),
            levels: [FarLevel::default(); MAX_LEVEL as usize + 1],
            uploaded: HashSet::new(),
            light_layout,
            slots: MeshSlots::new(device),
        }
    }

    /// Replaces the mesh of the section at `pos`.
    pub fn upload(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        pos: SectionPos,
        mesh: &ChunkMesh,
    ) {
        self.remove(pos);
        let level = &mut self.levels[usize::from(pos.level)];
        level.sections += 1;
        self.uploaded.insert(pos);
        if mesh.is_empty() {
            return;
        }
        let gpu = GpuMesh::new(device, queue, &mut self.arena, &self.light_layout, mesh);
        let quads = mesh.quad_count();
        level.quads += quads;
        level.bytes += gpu.bytes;
        self.sections.insert(pos, (gpu, quads));
    }

    /// Drops the mesh of the section at `pos`.
    pub fn remove(&mut self, pos: SectionPos) {
        if !self.uploaded.remove(&pos) {
            return;
        }
        let level = &mut self.levels[usize::from(pos.level)];
        level.sections -= 1;
        if let Some((gpu, quads)) = self.sections.remove(&pos) {
            level.quads -= quads;
            level.bytes -= gpu.bytes;
            gpu.release(&mut self.arena);
        }
    }

    /// Pages of the buffers its meshes share, and their bytes, free room included.
    #[must_use]
    pub fn buffers(&self) -> (usize, u64) {
        self.arena.size()
    }

    /// Drops every section.
    pub fn clear(&mut self) {
        self.sections.clear();
        self.arena.clear();
        self.uploaded.clear();
        self.levels = [FarLevel::default(); MAX_LEVEL as usize + 1];
    }

    /// Each level's sections, quads and bytes, and the quads the last frame drew.
    #[must_use]
    pub fn levels(&self) -> &[FarLevel] {
        &self.levels
    }

    /// Quads the last frame drew, at every level.
    #[must_use]
    pub fn quads_drawn(&self) -> usize {
        self.levels.iter().map(|l| l.quads_drawn).sum()
    }

    /// Picks the sections of `drawn` inside the view that `may_show` (past the chunks drawn:
    /// [`super::chunks::ChunkStore::may_show_beyond`]), nearest first, and writes their
    /// places into their slots.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        camera: &Camera,
        frustum: &Frustum,
        drawn: &[SectionPos],
        may_show: impl Fn(&SectionPos) -> bool,
    ) -> Vec<FarVisible> {
        let mut visible: Vec<(f32, SectionPos, Vec3)> = drawn
            .iter()
            .filter(|pos| self.sections.contains_key(pos) && may_show(pos))
            .filter_map(|&pos| {
                let min = camera.relative(pos.min_block().min_corner());
                let span = pos.span() as f32;
                frustum
                    .intersects_box(min, min + Vec3::splat(span))
                    .then(|| {
                        let nearest = (-min).clamp(Vec3::ZERO, Vec3::splat(span)) + min;
                        let eye = -min / pos.cell_size() as f32;
                        (nearest.length_squared(), pos, eye)
                    })
            })
            .collect();
        visible.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let places: Vec<Vec4> = visible
            .iter()
            .map(|(_, pos, _)| {
                let corner = camera.from_eye_cell(pos.min_block().min_corner());
                corner.extend(pos.cell_size() as f32)
            })
            .collect();
        self.slots.write(device, queue, &places);
        for level in &mut self.levels {
            level.quads_drawn = 0;
        }
        for (_, pos, eye) in &visible {
            let (gpu, _) = &self.sections[pos];
            self.levels[usize::from(pos.level)].quads_drawn += gpu.quads_drawn(Some(*eye));
        }
        visible
            .into_iter()
            .enumerate()
            .map(|(i, (_, pos, eye))| FarVisible {
                pos,
                slot: i as u32,
                eye,
            })
            .collect()
    }

    /// The commands that draw pass `which` of the visible sections, added to the frame's:
    /// translucent ones back to front, the others front to back without the faces that
    /// look away from the eye.
    pub fn batches(
        &self,
        visible: &[FarVisible],
        which: Pass,
        commands: &mut DrawCommands,
    ) -> Vec<Batch<SectionPos>> {
        let meshes = visible
            .iter()
            .filter_map(|v| Some((&self.sections.get(&v.pos)?.0, (v.pos, v.slot, Some(v.eye)))));
        batches(which, meshes, commands)
    }

    /// Draws `batches` of the visible sections with `pipeline`.
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        batches: &[Batch<SectionPos>],
        commands: &mut DrawCommands,
        pipeline: &wgpu::RenderPipeline,
    ) {
        let light = |pos| self.sections.get(&pos).and_then(|(gpu, _)| gpu.light());
        let pipelines = [pipeline, pipeline];
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
