//! One mesh on the GPU, the slots that place meshes in the frame, and the batches that draw
//! them: what the near view's chunks ([`super::chunks`]) and the far view's coarse sections
//! ([`super::far`]) are both drawn with.
//!
//! A mesh's opaque and cut-out faces are grouped by the way they look and ordered by the
//! plane they lie in ([`hewn_mesh::facing`]), and only the faces whose planes the eye is in
//! front of are drawn, in at most three runs of the index buffer per pass: the others would
//! reach the GPU's vertex stage only to be culled as back faces.

use glam::{IVec3, Vec3, Vec4};
use wgpu::util::{DeviceExt, DrawIndexedIndirectArgs};

use super::arena::{MeshArena, Placement};
use super::draws::{Batch, Batches, DrawCommands};
use hewn_mesh::{ChunkMesh, FaceGroups, Pass, TranslucentQuads, volume};

/// One mesh on the GPU: its vertices and the three passes' indices, one after another, in
/// a [`MeshArena`]; the faces of models (torches) in a vertex buffer of their own.
#[derive(Debug)]
pub struct GpuMesh {
    /// Where its vertices and indices lie in its store's arena.
    placement: Placement,
    /// Model triangles, and how many vertices.
    models: Option<(wgpu::Buffer, u32)>,
    /// Index ranges of the opaque, cut-out and translucent passes, from its first index.
    pub ranges: [std::ops::Range<u32>; 3],
    /// How the opaque and the cut-out passes' triangles are grouped by direction and plane,
    /// counted from the start of each pass's range.
    facing: [FaceGroups; 2],
    /// The translucent quads, and the eye cell (mesh-relative) they were last sorted for.
    pub translucent: Option<(TranslucentQuads, Option<IVec3>)>,
    /// Quads of the translucent pass and of models, which are always drawn.
    other_quads: usize,
    /// The light volume's bind group, for a mesh whose faces are lit in the shader.
    light: Option<wgpu::BindGroup>,
    /// Bytes of its vertices, indices, model buffer and light volume.
    pub bytes: u64,
}

impl GpuMesh {
    /// Uploads `mesh` (which must not be empty) into `arena`; `light_layout` is the layout
    /// of a light volume's group, used when the mesh brings one.
    #[must_use]
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        arena: &mut MeshArena,
        light_layout: &wgpu::BindGroupLayout,
        mesh: &ChunkMesh,
    ) -> Self {
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
        let placement = arena.place(device, queue, &mesh.vertices, &all);
        let translucent = TranslucentQuads::new(mesh);
        let models = (!mesh.models.is_empty()).then(|| {
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("mesh models"),
                contents: bytemuck::cast_slice(&mesh.models),
                usage: wgpu::BufferUsages::VERTEX,
            });
            (buffer, mesh.models.len() as u32)
        });
        let light = light_volume(device, queue, light_layout, &mesh.light_volume);
        let bytes = placement.bytes()
            + models.as_ref().map_or(0, |m| m.0.size())
            + light.as_ref().map_or(0, |_| mesh.light_volume.len() as u64);
        Self {
            placement,
            models,
            facing: mesh.facing.clone(),
            other_quads: mesh.translucent.len() / 6 + mesh.models.len() / 6,
            ranges,
            translucent: (!translucent.is_empty()).then_some((translucent, None)),
            light,
            bytes,
        }
    }

    /// Gives its room in `arena` back; the mesh must have been placed there.
    pub fn release(self, arena: &mut MeshArena) {
        arena.free(&self.placement);
    }

    /// Rewrites its translucent pass's indices (counted from its first vertex), re-sorted.
    pub fn rewrite_translucent(&self, arena: &mut MeshArena, queue: &wgpu::Queue, sorted: &[u32]) {
        let at = self.ranges[Pass::Translucent as usize].start;
        arena.rewrite_indices(queue, &self.placement, at, sorted);
    }

    /// The bind group of its light volume, for a mesh lit in the shader.
    #[must_use]
    pub const fn light(&self) -> Option<&wgpu::BindGroup> {
        self.light.as_ref()
    }

    /// Quads drawn for an eye at `eye` from the mesh's low corner, in its own units (all
    /// with `None`).
    #[must_use]
    pub fn quads_drawn(&self, eye: Option<Vec3>) -> usize {
        let grouped: usize = match eye {
            Some(eye) => self.facing.iter().map(|g| g.quads_facing(eye)).sum(),
            None => self.facing.iter().map(FaceGroups::len).sum(),
        };
        self.other_quads + grouped
    }

    /// Draws its models (torches) at slot `slot`; the models pipeline and the slots must be
    /// set.
    pub fn draw_models(&self, pass: &mut wgpu::RenderPass<'_>, slot: u32) {
        if let Some((buffer, count)) = &self.models {
            pass.set_vertex_buffer(0, buffer.slice(..));
            pass.draw(0..*count, slot..slot + 1);
        }
    }

    /// Adds the commands that draw its faces of pass `which` at slot `slot` to `batches`:
    /// with the eye at `eye` from its low corner (in its own units), only those that may
    /// look towards it; with `None`, all. `key` names it in its store.
    fn commands<K: Copy + PartialEq>(
        &self,
        which: Pass,
        (key, slot, eye): (K, u32, Option<Vec3>),
        batches: &mut Batches<K>,
        commands: &mut DrawCommands,
    ) {
        let index = which as usize;
        if self.ranges[index].is_empty() {
            return;
        }
        let start = self.placement.indices.start + self.ranges[index].start;
        let sampled = self.light.is_some().then_some(key);
        let mut push = |run: std::ops::Range<u32>| {
            let args = DrawIndexedIndirectArgs {
                index_count: run.end - run.start,
                instance_count: 1,
                first_index: start + run.start,
                base_vertex: 0,
                first_instance: slot,
            };
            batches.push(commands, self.placement.page, sampled, args);
        };
        match (self.facing.get(index), eye) {
            (Some(groups), Some(eye)) => groups.runs(eye).for_each(push),
            _ => push(0..self.ranges[index].len() as u32),
        }
    }
}

/// The commands that draw pass `which` of `meshes` (each with its key, its slot in the
/// frame and the eye from its low corner, in its own units, or `None` to draw all its
/// faces), in batches: in the order given, or reversed for the translucent pass, which
/// blends back to front.
pub fn batches<'m, K: Copy + PartialEq>(
    which: Pass,
    meshes: impl DoubleEndedIterator<Item = (&'m GpuMesh, (K, u32, Option<Vec3>))>,
    commands: &mut DrawCommands,
) -> Vec<Batch<K>> {
    let mut batches = Batches::new();
    let mut add = |(mesh, at): (&GpuMesh, _)| mesh.commands(which, at, &mut batches, commands);
    if which == Pass::Translucent {
        meshes.rev().for_each(&mut add);
    } else {
        meshes.for_each(&mut add);
    }
    batches.list
}

/// Draws `batches` of a store's meshes from `arena`, placed by `slots`: `pipelines` are the
/// pass's pipeline lit by vertices, then the one lit from a light volume, and `light` finds
/// the light volume of a mesh lit in the shader by its key.
pub fn draw_batches<'m, K: Copy>(
    pass: &mut wgpu::RenderPass<'_>,
    (arena, slots): (&MeshArena, &MeshSlots),
    batches: &[Batch<K>],
    commands: &mut DrawCommands,
    pipelines: [&wgpu::RenderPipeline; 2],
    light: impl Fn(K) -> Option<&'m wgpu::BindGroup>,
) {
    if batches.is_empty() {
        return;
    }
    slots.bind(pass);
    let (mut pipeline, mut page) = (None, None);
    for batch in batches {
        let sampled = batch.sampled.is_some();
        if pipeline != Some(sampled) {
            pass.set_pipeline(pipelines[usize::from(sampled)]);
            pipeline = Some(sampled);
        }
        if let Some(group) = batch.sampled.and_then(&light) {
            pass.set_bind_group(2, group, &[]);
        }
        if page != Some(batch.page) {
            arena.bind(pass, batch.page);
            page = Some(batch.page);
        }
        commands.draw(pass, batch.commands.clone());
    }
}

/// The bind group of a light volume's texture, for a mesh that has one of the right size.
fn light_volume(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    layout: &wgpu::BindGroupLayout,
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
        layout,
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: wgpu::BindingResource::TextureView(&view),
        }],
    }))
}

/// Each drawn mesh's place in the frame, one record apiece in a vertex buffer read once
/// per instance, picked by a draw's first instance: its low corner from the eye's cell (xyz)
/// and the blocks one of its units stands for (w: 1 for a chunk, 2^k for a coarse section
/// of level k).
#[derive(Debug)]
pub struct MeshSlots {
    buffer: wgpu::Buffer,
    /// The places as they are written, kept from frame to frame.
    staging: Vec<[f32; 4]>,
}

impl MeshSlots {
    /// Room for a few hundred meshes, growing as needed.
    #[must_use]
    pub fn new(device: &wgpu::Device) -> Self {
        Self {
            buffer: Self::buffer(device, 256),
            staging: Vec::new(),
        }
    }

    fn buffer(device: &wgpu::Device, capacity: u64) -> wgpu::Buffer {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("mesh places"),
            size: capacity * size_of::<Vec4>() as u64,
            usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }

    /// Writes `places` into slots 0, 1, 2..., growing the buffer if they do not fit.
    pub fn write(&mut self, device: &wgpu::Device, queue: &wgpu::Queue, places: &[Vec4]) {
        self.staging.clear();
        self.staging.extend(places.iter().map(|p| p.to_array()));
        let bytes: &[u8] = bytemuck::cast_slice(&self.staging);
        if bytes.len() as u64 > self.buffer.size() {
            self.buffer = Self::buffer(device, (places.len() as u64).next_power_of_two());
        }
        if !bytes.is_empty() {
            queue.write_buffer(&self.buffer, 0, bytes);
        }
    }

    /// Binds the places as vertex buffer 1.
    pub fn bind(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_vertex_buffer(1, self.buffer.slice(..));
    }
}
