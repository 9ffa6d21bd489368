//! Chunk meshes on the GPU: one vertex and one index buffer per chunk, drawn at the chunk's
//! offset from the eye's cell through a dynamic uniform slot (whole blocks, so the corners
//! two chunks share sum to the same place in both; the shader takes off where the eye is in
//! its cell). Chunks near the eye get their
//! translucent quads re-sorted back to front whenever the eye moves into another cell.
//!
//! A chunk's opaque and cut-out faces are grouped by the way they look and ordered by the
//! plane they lie in ([`crate::mesh::facing`]), and only the faces whose planes the eye is in
//! front of are drawn, in at most three runs of the index buffer per pass: the others would
//! reach the GPU's vertex stage only to be culled as back faces.
//!
//! A chunk meshed with [`Shading::Sampled`] brings its light volume, uploaded as a small 3D
//! texture in a bind group of its own, and is drawn by the pipelines that light faces from
//! it; a chunk meshed the other way, by those that take light from the vertices. Both kinds
//! may be in view at once, for a while after the shading changes.
//!
//! Which chunks are drawn is the [`Walk`]'s answer (cave culling): the store keeps every
//! chunk's visibility graph, empty meshes' too (air is what sight passes through), and
//! draws only the chunks a line of sight from the eye may reach.

use std::collections::HashMap;

use glam::{IVec3, Vec3};
use wgpu::util::DeviceExt;

use super::camera::{Camera, Frustum};
use crate::mesh::occlusion::Walk;
use crate::mesh::{ChunkMesh, FaceGroups, Pass, TranslucentQuads, Visibility, volume};
use crate::world::{BlockPos, CHUNK_SIZE, ChunkPos};

/// Chunks whose nearest point is this close to the eye (in blocks) keep their translucent
/// quads in back-to-front order; farther away, overlapping translucent faces are too small
/// on screen for their order to show, and sorting them would cost time every step.
const SORT_DISTANCE: f32 = 24.0;

/// One chunk's buffers: the three passes' indices follow one another in one buffer; the
/// faces of models (torches) have a vertex buffer of their own.
#[derive(Debug)]
struct GpuChunk {
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    /// Model triangles, and how many vertices.
    models: Option<(wgpu::Buffer, u32)>,
    /// Index ranges of the opaque, cut-out and translucent passes.
    ranges: [std::ops::Range<u32>; 3],
    /// How the opaque and the cut-out passes' triangles are grouped by direction and plane,
    /// counted from the start of each pass's range.
    facing: [FaceGroups; 2],
    /// The translucent quads, and the eye cell (chunk-relative) they were last sorted for.
    translucent: Option<(TranslucentQuads, Option<IVec3>)>,
    /// Quads of the translucent pass and of models, which are always drawn.
    other_quads: usize,
    /// The light volume's bind group, for a chunk whose faces are lit in the shader.
    light: Option<wgpu::BindGroup>,
    /// Bytes of its vertex, index and model buffers and its light volume.
    bytes: u64,
}

/// A visible chunk this frame: which one, its slot in the offset buffer, and where the eye
/// is from its low corner, in blocks (which decides the faces drawn), or `None` to draw
/// every face.
#[derive(Clone, Copy, Debug)]
pub struct Visible {
    pos: ChunkPos,
    slot: u32,
    eye: Option<Vec3>,
}

impl GpuChunk {
    /// Quads drawn for an eye at `eye` from the chunk's low corner (all with `None`).
    fn quads_drawn(&self, eye: Option<Vec3>) -> usize {
        let grouped: usize = match eye {
            Some(eye) => self.facing.iter().map(|g| g.quads_facing(eye)).sum(),
            None => self.facing.iter().map(FaceGroups::len).sum(),
        };
        self.other_quads + grouped
    }
}

/// Every chunk mesh on the GPU.
#[derive(Debug)]
pub struct ChunkStore {
    chunks: HashMap<ChunkPos, GpuChunk>,
    layout: wgpu::BindGroupLayout,
    /// The layout of a chunk's light volume group.
    light_layout: wgpu::BindGroupLayout,
    offsets: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    capacity: u32,
    stride: u32,
    staging: Vec<u8>,
    /// Bytes of every chunk's buffers together.
    bytes: u64,
    /// Quads in the chunks [`ChunkStore::prepare`] last found visible.
    quads_visible: usize,
    /// How many chunks [`ChunkStore::prepare`] last found visible.
    chunks_visible: usize,
    /// Every uploaded chunk's visibility graph, empty or not.
    graphs: HashMap<ChunkPos, Visibility>,
    /// Whether only the chunks the walk reaches are drawn.
    cave_culling: bool,
    /// Whether only the faces that may look towards the eye are drawn.
    face_culling: bool,
    walk: Walk,
    reached: Vec<ChunkPos>,
}

impl ChunkStore {
    /// An empty store; `layout` is the chunk-offset bind group layout, `light_layout` that of
    /// a chunk's light volume.
    #[must_use]
    pub fn new(
        device: &wgpu::Device,
        layout: wgpu::BindGroupLayout,
        light_layout: wgpu::BindGroupLayout,
    ) -> Self {
        let stride = device.limits().min_uniform_buffer_offset_alignment.max(16);
        let capacity = 256;
        let (offsets, bind_group) = Self::offset_buffer(device, &layout, stride, capacity);
        Self {
            chunks: HashMap::new(),
            layout,
            light_layout,
            offsets,
            bind_group,
            capacity,
            stride,
            staging: Vec::new(),
            bytes: 0,
            quads_visible: 0,
            chunks_visible: 0,
            graphs: HashMap::new(),
            cave_culling: true,
            face_culling: true,
            walk: Walk::default(),
            reached: Vec::new(),
        }
    }

    fn offset_buffer(
        device: &wgpu::Device,
        layout: &wgpu::BindGroupLayout,
        stride: u32,
        capacity: u32,
    ) -> (wgpu::Buffer, wgpu::BindGroup) {
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("chunk offsets"),
            size: u64::from(stride) * u64::from(capacity),
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("chunk offsets"),
            layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                    buffer: &buffer,
                    offset: 0,
                    size: wgpu::BufferSize::new(16),
                }),
            }],
        });
        (buffer, bind_group)
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

    /// Replaces the mesh of the chunk at `pos` (an empty mesh removes it, and keeps its
    /// visibility graph).
    pub fn upload(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        pos: ChunkPos,
        mesh: &ChunkMesh,
    ) {
        self.remove(pos);
        self.graphs.insert(pos, mesh.visibility);
        if mesh.is_empty() {
            return;
        }
        let vertices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("chunk vertices"),
            contents: bytemuck::cast_slice(&mesh.vertices),
            usage: wgpu::BufferUsages::VERTEX,
        });
        let mut all =
            Vec::with_capacity(mesh.opaque.len() + mesh.cutout.len() + mesh.translucent.len());
        let mut ranges: [std::ops::Range<u32>; 3] = Default::default();
        for (range, pass) in ranges
            .iter_mut()
            .zip([Pass::Opaque, Pass::Cutout, Pass::Translucent])
        {
            let start = all.len() as u32;
            all.extend_from_slice(mesh.indices(pass));
            *range = start..all.len() as u32;
        }
        let indices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("chunk indices"),
            contents: bytemuck::cast_slice(&all),
            usage: wgpu::BufferUsages::INDEX | wgpu::BufferUsages::COPY_DST,
        });
        let translucent = TranslucentQuads::new(mesh);
        let models = (!mesh.models.is_empty()).then(|| {
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("chunk models"),
                contents: bytemuck::cast_slice(&mesh.models),
                usage: wgpu::BufferUsages::VERTEX,
            });
            (buffer, mesh.models.len() as u32)
        });
        let light = self.light_volume(device, queue, &mesh.light_volume);
        let bytes = vertices.size()
            + indices.size()
            + models.as_ref().map_or(0, |m| m.0.size())
            + light.as_ref().map_or(0, |_| mesh.light_volume.len() as u64);
        self.bytes += bytes;
        self.chunks.insert(
            pos,
            GpuChunk {
                vertices,
                indices,
                models,
                facing: mesh.facing.clone(),
                other_quads: mesh.translucent.len() / 6 + mesh.models.len() / 6,
                ranges,
                translucent: (!translucent.is_empty()).then_some((translucent, None)),
                light,
                bytes,
            },
        );
    }

    /// The bind group of a light volume's texture, for a mesh that has one of the right size.
    fn light_volume(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        cells: &[u8],
    ) -> Option<wgpu::BindGroup> {
        let side = volume::SIDE;
        if cells.len() != (side * side * side * volume::BYTES_PER_CELL) as usize {
            return None;
        }
        let size = wgpu::Extent3d {
            width: side,
            height: side,
            depth_or_array_layers: side,
        };
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("chunk light"),
            size,
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D3,
            format: wgpu::TextureFormat::Rg8Uint,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        });
        queue.write_texture(
            texture.as_image_copy(),
            cells,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(side * volume::BYTES_PER_CELL),
                rows_per_image: Some(side),
            },
            size,
        );
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        Some(device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("chunk light"),
            layout: &self.light_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&view),
            }],
        }))
    }

    /// Drops the mesh of the chunk at `pos`.
    pub fn remove(&mut self, pos: ChunkPos) {
        self.graphs.remove(&pos);
        if let Some(chunk) = self.chunks.remove(&pos) {
            self.bytes -= chunk.bytes;
        }
    }

    /// Drops every chunk's mesh, as when the player leaves a world.
    pub fn clear(&mut self) {
        self.chunks.clear();
        self.graphs.clear();
        self.bytes = 0;
        self.quads_visible = 0;
        self.chunks_visible = 0;
    }

    /// Picks the chunks inside the view, nearest first, and writes their offsets from the
    /// camera (computed in f64, then rounded to f32) into their uniform slots.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        camera: &Camera,
        frustum: &Frustum,
    ) -> Vec<Visible> {
        let size = CHUNK_SIZE as f32;
        let in_view = |pos: ChunkPos| {
            let min = camera.relative(pos.min_block().min_corner());
            frustum.intersects_box(min, min + Vec3::splat(size))
        };
        let candidates: Vec<ChunkPos> = if self.cave_culling {
            let graphs = &self.graphs;
            self.walk.reachable(
                BlockPos::containing(camera.eye).chunk(),
                (camera.far / size).ceil() as i32 + 1,
                |pos| graphs.get(&pos).copied().unwrap_or_default(),
                in_view,
                &mut self.reached,
            );
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
            .filter(|&pos| in_view(pos))
            .map(|pos| {
                let min = camera.relative(pos.min_block().min_corner());
                let distance = (min + Vec3::splat(size / 2.0)).length_squared();
                (distance, pos, face_culling.then_some(-min))
            })
            .collect();
        self.chunks_visible = visible.len();
        // Ties broken by position, so that the order does not hang on the map's.
        visible.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let count = visible.len() as u32;
        if count > self.capacity {
            self.capacity = count.next_power_of_two();
            (self.offsets, self.bind_group) =
                Self::offset_buffer(device, &self.layout, self.stride, self.capacity);
        }
        self.staging.clear();
        self.staging.resize(self.stride as usize * visible.len(), 0);
        for (i, (_, pos, _)) in visible.iter().enumerate() {
            let offset = camera
                .from_eye_cell(pos.min_block().min_corner())
                .extend(0.0);
            let at = i * self.stride as usize;
            self.staging[at..at + 16].copy_from_slice(bytemuck::cast_slice(&offset.to_array()));
        }
        if !self.staging.is_empty() {
            queue.write_buffer(&self.offsets, 0, &self.staging);
        }
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
            let offset = u64::from(chunk.ranges[Pass::Translucent as usize].start) * 4;
            queue.write_buffer(&chunk.indices, offset, bytemuck::cast_slice(&sorted));
            *sorted_for = Some(cell);
        }
    }

    /// Draws the models (torches) of the visible chunks.
    pub fn draw_models(&self, pass: &mut wgpu::RenderPass<'_>, visible: &[Visible]) {
        for v in visible {
            let Some((buffer, count)) = self.chunks.get(&v.pos).and_then(|c| c.models.as_ref())
            else {
                continue;
            };
            pass.set_bind_group(1, &self.bind_group, &[v.slot * self.stride]);
            pass.set_vertex_buffer(0, buffer.slice(..));
            pass.draw(0..*count, 0..1);
        }
    }

    /// Draws one pass of the visible chunks; translucent ones back to front, the others
    /// without the faces that look away from the eye. `pipelines` are the pass's pipeline
    /// lit by vertices, then the one lit from the light volume: each chunk is drawn by the
    /// one its mesh was made for.
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        visible: &[Visible],
        which: Pass,
        pipelines: [&wgpu::RenderPipeline; 2],
    ) {
        let index = which as usize;
        let mut current = None;
        let mut draw_one = |v: &Visible| {
            let Some(chunk) = self.chunks.get(&v.pos) else {
                return;
            };
            if chunk.ranges[index].is_empty() {
                return;
            }
            let sampled = chunk.light.is_some();
            if current != Some(sampled) {
                pass.set_pipeline(pipelines[usize::from(sampled)]);
                current = Some(sampled);
            }
            if let Some(light) = &chunk.light {
                pass.set_bind_group(3, light, &[]);
            }
            pass.set_bind_group(1, &self.bind_group, &[v.slot * self.stride]);
            pass.set_vertex_buffer(0, chunk.vertices.slice(..));
            pass.set_index_buffer(chunk.indices.slice(..), wgpu::IndexFormat::Uint32);
            let (Some(groups), Some(eye)) = (chunk.facing.get(index), v.eye) else {
                pass.draw_indexed(chunk.ranges[index].clone(), 0, 0..1);
                return;
            };
            let start = chunk.ranges[index].start;
            for run in groups.runs(eye) {
                pass.draw_indexed(start + run.start..start + run.end, 0, 0..1);
            }
        };
        if which == Pass::Translucent {
            visible.iter().rev().for_each(&mut draw_one);
        } else {
            visible.iter().for_each(&mut draw_one);
        }
    }
}
