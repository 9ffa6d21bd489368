//! One mesh on the GPU, and the uniform slots that place meshes in the frame: what the near
//! view's chunks ([`super::chunks`]) and the far view's coarse sections ([`super::far`])
//! are both drawn from.
//!
//! A mesh's opaque and cut-out faces are grouped by the way they look and ordered by the
//! plane they lie in ([`hewn_mesh::facing`]), and only the faces whose planes the eye is in
//! front of are drawn, in at most three runs of the index buffer per pass: the others would
//! reach the GPU's vertex stage only to be culled as back faces.

use glam::{IVec3, Vec3, Vec4};
use wgpu::util::DeviceExt;

use hewn_mesh::{ChunkMesh, FaceGroups, Pass, TranslucentQuads, volume};

/// One mesh's buffers: the three passes' indices follow one another in one buffer; the
/// faces of models (torches) have a vertex buffer of their own.
#[derive(Debug)]
pub struct GpuMesh {
    vertices: wgpu::Buffer,
    /// The index buffer, rewritten in part when translucent quads are re-sorted.
    pub indices: wgpu::Buffer,
    /// Model triangles, and how many vertices.
    models: Option<(wgpu::Buffer, u32)>,
    /// Index ranges of the opaque, cut-out and translucent passes.
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
    /// Bytes of its vertex, index and model buffers and its light volume.
    pub bytes: u64,
}

impl GpuMesh {
    /// Uploads `mesh` (which must not be empty); `light_layout` is the layout of a light
    /// volume's group, used when the mesh brings one.
    #[must_use]
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        light_layout: &wgpu::BindGroupLayout,
        mesh: &ChunkMesh,
    ) -> Self {
        let vertices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("mesh vertices"),
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
            label: Some("mesh indices"),
            contents: bytemuck::cast_slice(&all),
            usage: wgpu::BufferUsages::INDEX | wgpu::BufferUsages::COPY_DST,
        });
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
        let bytes = vertices.size()
            + indices.size()
            + models.as_ref().map_or(0, |m| m.0.size())
            + light.as_ref().map_or(0, |_| mesh.light_volume.len() as u64);
        Self {
            vertices,
            indices,
            models,
            facing: mesh.facing.clone(),
            other_quads: mesh.translucent.len() / 6 + mesh.models.len() / 6,
            ranges,
            translucent: (!translucent.is_empty()).then_some((translucent, None)),
            light,
            bytes,
        }
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

    /// Draws its models (torches); the models pipeline must be set.
    pub fn draw_models(&self, pass: &mut wgpu::RenderPass<'_>) {
        if let Some((buffer, count)) = &self.models {
            pass.set_vertex_buffer(0, buffer.slice(..));
            pass.draw(0..*count, 0..1);
        }
    }

    /// Draws its faces of pass `which`: with the eye at `eye` from its low corner (in its
    /// own units), only those that may look towards it; with `None`, all. `pipelines` are
    /// the pass's pipeline lit by vertices, then the one lit from the light volume, and
    /// `current` which of them is set (updated when this changes it).
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        which: Pass,
        eye: Option<Vec3>,
        pipelines: [&wgpu::RenderPipeline; 2],
        current: &mut Option<bool>,
    ) {
        let index = which as usize;
        if self.ranges[index].is_empty() {
            return;
        }
        let sampled = self.light.is_some();
        if *current != Some(sampled) {
            pass.set_pipeline(pipelines[usize::from(sampled)]);
            *current = Some(sampled);
        }
        if let Some(light) = &self.light {
            pass.set_bind_group(3, light, &[]);
        }
        pass.set_vertex_buffer(0, self.vertices.slice(..));
        pass.set_index_buffer(self.indices.slice(..), wgpu::IndexFormat::Uint32);
        let (Some(groups), Some(eye)) = (self.facing.get(index), eye) else {
            pass.draw_indexed(self.ranges[index].clone(), 0, 0..1);
            return;
        };
        let start = self.ranges[index].start;
        for run in groups.runs(eye) {
            pass.draw_indexed(start + run.start..start + run.end, 0, 0..1);
        }
    }
}

/// Draws pass `which` of `meshes` (each with its slot in `slots` and the eye from its low
/// corner, in its own units, or `None` to draw all its faces): in the order given, or
/// reversed for the translucent pass, which blends back to front. `pipelines` are the
/// pass's pipeline lit by vertices, then the one lit from a light volume.
pub fn draw_in_order<'m>(
    pass: &mut wgpu::RenderPass<'_>,
    slots: &MeshSlots,
    which: Pass,
    pipelines: [&wgpu::RenderPipeline; 2],
    meshes: impl DoubleEndedIterator<Item = (&'m GpuMesh, u32, Option<Vec3>)>,
) {
    let mut current = None;
    let mut draw_one = |(mesh, slot, eye): (&GpuMesh, u32, Option<Vec3>)| {
        slots.bind(pass, slot);
        mesh.draw(pass, which, eye, pipelines, &mut current);
    };
    if which == Pass::Translucent {
        meshes.rev().for_each(&mut draw_one);
    } else {
        meshes.for_each(&mut draw_one);
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

/// Each drawn mesh's place in the frame, one uniform slot apiece behind a dynamic offset:
/// its low corner from the eye's cell (xyz) and the blocks one of its units stands for
/// (w: 1 for a chunk, 2^k for a coarse section of level k).
#[derive(Debug)]
pub struct MeshSlots {
    layout: wgpu::BindGroupLayout,
    buffer: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    capacity: u32,
    stride: u32,
    staging: Vec<u8>,
}

impl MeshSlots {
    /// Room for a few hundred meshes, growing as needed; `layout` is the chunk-offset bind
    /// group layout.
    #[must_use]
    pub fn new(device: &wgpu::Device, layout: wgpu::BindGroupLayout) -> Self {
        let stride = device.limits().min_uniform_buffer_offset_alignment.max(16);
        let capacity = 256;
        let (buffer, bind_group) = Self::buffer(device, &layout, stride, capacity);
        Self {
            layout,
            buffer,
            bind_group,
            capacity,
            stride,
            staging: Vec::new(),
        }
    }

    fn buffer(
        device: &wgpu::Device,
        layout: &wgpu::BindGroupLayout,
        stride: u32,
        capacity: u32,
    ) -> (wgpu::Buffer, wgpu::BindGroup) {
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("mesh offsets"),
            size: u64::from(stride) * u64::from(capacity),
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("mesh offsets"),
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

    /// Writes `places` into slots 0, 1, 2..., growing the buffer if they do not fit.
    pub fn write(&mut self, device: &wgpu::Device, queue: &wgpu::Queue, places: &[Vec4]) {
        let count = places.len() as u32;
        if count > self.capacity {
            self.capacity = count.next_power_of_two();
            (self.buffer, self.bind_group) =
                Self::buffer(device, &self.layout, self.stride, self.capacity);
        }
        self.staging.clear();
        self.staging.resize(self.stride as usize * places.len(), 0);
        for (i, place) in places.iter().enumerate() {
            let at = i * self.stride as usize;
            self.staging[at..at + 16].copy_from_slice(bytemuck::cast_slice(&place.to_array()));
        }
        if !self.staging.is_empty() {
            queue.write_buffer(&self.buffer, 0, &self.staging);
        }
    }

    /// Binds slot `slot` as group 1.
    pub fn bind(&self, pass: &mut wgpu::RenderPass<'_>, slot: u32) {
        pass.set_bind_group(1, &self.bind_group, &[slot * self.stride]);
    }
}
