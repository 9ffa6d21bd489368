//! The render pipelines and their bind group layouts.

use hewn_mesh::figure::FigureVertex;
use hewn_mesh::{BoxVertex, ModelVertex, Vertex};

use super::hud::HudVertex;
use super::sky_draw::SkyPasses;

/// Depth buffer format.
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// Every pipeline the renderer uses.
#[derive(Debug)]
pub struct Pipelines {
    /// Layout of group 0: globals, atlas, sampler.
    pub globals_layout: wgpu::BindGroupLayout,
    /// Layout of the translucent faces' group 1: the depth of the world drawn before them,
    /// which tells water how deep it is where each pixel looks through it.
    pub scene_depth_layout: wgpu::BindGroupLayout,
    /// Layout of group 2 of the chunk faces lit in the shader: the chunk's light volume.
    pub light_layout: wgpu::BindGroupLayout,
    /// The sky, in parts.
    pub sky: SkyPasses,
    /// Opaque chunk faces.
    pub opaque: wgpu::RenderPipeline,
    /// The far view's opaque faces, lit and fogged a corner at a time.
    pub far: wgpu::RenderPipeline,
    /// The far view's water, as the far pipeline draws, blended.
    pub far_water: wgpu::RenderPipeline,
    /// The coarse ring's water, which looks through to the depth behind it as the near
    /// water does.
    pub ring_water: wgpu::RenderPipeline,
    /// Alpha-tested chunk faces.
    pub cutout: wgpu::RenderPipeline,
    /// Faces of blocks drawn as models (torches, plants, the cactus), alpha-tested, seen
    /// from both sides.
    pub models: wgpu::RenderPipeline,
    /// Blended chunk faces.
    pub translucent: wgpu::RenderPipeline,
    /// Opaque, alpha-tested and blended chunk faces lit in the shader from the chunk's light
    /// volume ([`Shading::Sampled`](hewn_mesh::Shading::Sampled)), in [`Pass`] order.
    ///
    /// [`Pass`]: hewn_mesh::Pass
    pub sampled: [wgpu::RenderPipeline; 3],
    /// Blended chunk faces seen from both sides, lit by their vertices and in the shader:
    /// for an eye under water, which sees the surface from below.
    pub translucent_from_within: [wgpu::RenderPipeline; 2],
    /// Free boxes (crates), opaque.
    pub boxes: wgpu::RenderPipeline,
    /// Survival's items and cracks: box vertices, alpha-tested, seen from both sides.
    pub items: wgpu::RenderPipeline,
    /// Other players' figures, opaque.
    pub figures: wgpu::RenderPipeline,
    /// Creatures: each shape's corners posed per instance, opaque.
    pub creatures: wgpu::RenderPipeline,
    /// Other players' name tags: blended, depth-tested, seen from both sides.
    pub tags: wgpu::RenderPipeline,
    /// The target outline.
    pub lines: wgpu::RenderPipeline,
    /// The HUD.
    pub hud: wgpu::RenderPipeline,
}

pub(crate) fn shader(device: &wgpu::Device, name: &str) -> wgpu::ShaderModule {
    device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(name),
        source: wgpu::ShaderSource::Wgsl(super::shaders::source(name).unwrap_or_default().into()),
    })
}

fn depth(write: bool, compare: wgpu::CompareFunction) -> Option<wgpu::DepthStencilState> {
    Some(wgpu::DepthStencilState {
        format: DEPTH_FORMAT,
        depth_write_enabled: Some(write),
        depth_compare: Some(compare),
        stencil: wgpu::StencilState::default(),
        bias: wgpu::DepthBiasState::default(),
    })
}

/// Blending by the fragment's alpha, for what is seen through.
pub(crate) const ALPHA_BLEND: Option<wgpu::BlendState> = Some(wgpu::BlendState::ALPHA_BLENDING);

/// What differs between the pipelines; every one draws triangle lists into one colour target.
pub(crate) struct Spec<'a> {
    pub(crate) label: &'a str,
    pub(crate) module: &'a wgpu::ShaderModule,
    pub(crate) vertex: &'a str,
    pub(crate) fragment: &'a str,
    pub(crate) layout: &'a wgpu::PipelineLayout,
    pub(crate) buffers: &'a [Option<wgpu::VertexBufferLayout<'a>>],
    pub(crate) cull: bool,
    pub(crate) depth: Option<wgpu::DepthStencilState>,
    pub(crate) blend: Option<wgpu::BlendState>,
}

pub(crate) fn pipeline(
    device: &wgpu::Device,
    format: wgpu::TextureFormat,
    s: Spec<'_>,
) -> wgpu::RenderPipeline {
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(s.label),
        layout: Some(s.layout),
        vertex: wgpu::VertexState {
            module: s.module,
            entry_point: Some(s.vertex),
            compilation_options: wgpu::PipelineCompilationOptions::default(),
            buffers: s.buffers,
        },
        primitive: wgpu::PrimitiveState {
            topology: wgpu::PrimitiveTopology::TriangleList,
            cull_mode: s.cull.then_some(wgpu::Face::Back),
            ..Default::default()
        },
        depth_stencil: s.depth,
        multisample: wgpu::MultisampleState::default(),
        fragment: Some(wgpu::FragmentState {
            module: s.module,
            entry_point: Some(s.fragment),
            compilation_options: wgpu::PipelineCompilationOptions::default(),
            targets: &[Some(wgpu::ColorTargetState {
                format,
                blend: s.blend,
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// A uniform buffer binding.
const fn uniform(binding: u32, visibility: wgpu::ShaderStages) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

/// A 2D texture binding, read by the stages in `visibility`.
pub(crate) const fn texture(
    binding: u32,
    visibility: wgpu::ShaderStages,
    sample_type: wgpu::TextureSampleType,
) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility,
        ty: wgpu::BindingType::Texture {
            sample_type,
            view_dimension: wgpu::TextureViewDimension::D2,
            multisampled: false,
        },
        count: None,
    }
}

/// Group 0: the globals, the block atlas and its sampler.
fn globals_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("globals"),
        entries: &[
            uniform(0, wgpu::ShaderStages::VERTEX_FRAGMENT),
            // The far view's vertices read the atlas's tile averages.
            texture(
                1,
                wgpu::ShaderStages::VERTEX_FRAGMENT,
                wgpu::TextureSampleType::Float { filterable: true },
            ),
            wgpu::BindGroupLayoutEntry {
                binding: 2,
                visibility: wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                count: None,
            },
        ],
    })
}

/// Group 2 of faces lit in the shader: the chunk's light volume, read texel by texel.
fn light_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("chunk light"),
        entries: &[wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::FRAGMENT,
            ty: wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Uint,
                view_dimension: wgpu::TextureViewDimension::D3,
                multisampled: false,
            },
            count: None,
        }],
    })
}

/// The translucent faces' group 1: the depth of the world drawn before them.
fn scene_depth_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("scene depth"),
        entries: &[
            texture(
                0,
                wgpu::ShaderStages::FRAGMENT,
                wgpu::TextureSampleType::Depth,
            ),
            // Read through a sampler at texel centres, not loaded texel by texel: WebGL2
            // cannot load from a depth texture.
            wgpu::BindGroupLayoutEntry {
                binding: 1,
                visibility: wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::NonFiltering),
                count: None,
            },
        ],
    })
}

pub(crate) fn pipeline_layout(
    device: &wgpu::Device,
    label: &str,
    groups: &[Option<&wgpu::BindGroupLayout>],
) -> wgpu::PipelineLayout {
    device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(label),
        bind_group_layouts: groups,
        immediate_size: 0,
    })
}

/// The single per-vertex buffer of a pipeline whose vertices are `stride` bytes.
const fn vertices(
    stride: usize,
    attributes: &'static [wgpu::VertexAttribute],
) -> [Option<wgpu::VertexBufferLayout<'static>>; 1] {
    [Some(wgpu::VertexBufferLayout {
        array_stride: stride as u64,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes,
    })]
}

/// A mesh's vertices of `stride` bytes, then its place in the frame: one record per mesh
/// drawn ([`super::meshes::MeshSlots`]), chosen by the draw's first instance. `attributes`
/// ends with the place's.
const fn placed(
    stride: usize,
    attributes: &'static [wgpu::VertexAttribute],
    place: &'static [wgpu::VertexAttribute; 1],
) -> [Option<wgpu::VertexBufferLayout<'static>>; 2] {
    [
        Some(wgpu::VertexBufferLayout {
            array_stride: stride as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes,
        }),
        Some(wgpu::VertexBufferLayout {
            array_stride: size_of::<[f32; 4]>() as u64,
            step_mode: wgpu::VertexStepMode::Instance,
            attributes: place,
        }),
    ]
}

const CHUNK_VERTEX: [Option<wgpu::VertexBufferLayout<'static>>; 2] = placed(
    size_of::<Vertex>(),
    &wgpu::vertex_attr_array![0 => Uint32, 1 => Uint32],
    &wgpu::vertex_attr_array![2 => Float32x4],
);
const MODEL_VERTEX: [Option<wgpu::VertexBufferLayout<'static>>; 2] = placed(
    size_of::<ModelVertex>(),
    &wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x2, 2 => Uint32, 3 => Uint8x4],
    &wgpu::vertex_attr_array![4 => Float32x4],
);
const BOX_VERTEX: [Option<wgpu::VertexBufferLayout<'static>>; 1] = vertices(
    size_of::<BoxVertex>(),
    &wgpu::vertex_attr_array![
        0 => Float32x3, 1 => Float32x2, 2 => Uint32, 3 => Uint32, 4 => Float32,
        5 => Float32x2
    ],
);
const FIGURE_VERTEX: [Option<wgpu::VertexBufferLayout<'static>>; 1] = vertices(
    size_of::<FigureVertex>(),
    &wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x4, 2 => Float32, 3 => Float32x2],
);
/// The outline's vertices: bare camera-relative positions.
const LINE_VERTEX: [Option<wgpu::VertexBufferLayout<'static>>; 1] = vertices(
    size_of::<[f32; 3]>(),
    &wgpu::vertex_attr_array![0 => Float32x3],
);
pub(crate) const HUD_VERTEX: [Option<wgpu::VertexBufferLayout<'static>>; 1] = vertices(
    size_of::<HudVertex>(),
    &wgpu::vertex_attr_array![0 => Float32x2, 1 => Float32x2, 2 => Unorm8x4],
);

/// What the pipelines share while they are built: the target, the chunk shader that chunk
/// faces, models and boxes all use, and the pipeline layouts.
struct Builder<'a> {
    device: &'a wgpu::Device,
    format: wgpu::TextureFormat,
    chunk_shader: wgpu::ShaderModule,
    /// Globals: chunk faces and models (which take their place from an attribute).
    world: wgpu::PipelineLayout,
    /// Globals and the scene's depth: translucent faces.
    translucent: wgpu::PipelineLayout,
    /// As `world` and `translucent`, with the chunk's light volume in group 2.
    world_sampled: wgpu::PipelineLayout,
    translucent_sampled: wgpu::PipelineLayout,
    /// Globals alone: everything not drawn chunk by chunk.
    globals_only: wgpu::PipelineLayout,
}

impl Builder<'_> {
    fn build(&self, spec: Spec<'_>) -> wgpu::RenderPipeline {
        pipeline(self.device, self.format, spec)
    }

    /// A pass over chunk faces, culled and depth-tested: opaque, cutout or translucent, lit
    /// by their vertices or, with `sampled`, from the chunk's light volume.
    fn chunk_faces(
        &self,
        label: &str,
        fragment: &str,
        sampled: bool,
        blend: Option<wgpu::BlendState>,
    ) -> wgpu::RenderPipeline {
        self.chunk_faces_culled(label, fragment, sampled, blend, true)
    }

    /// As [`Self::chunk_faces`], culling the faces seen from behind only when `cull`.
    fn chunk_faces_culled(
        &self,
        label: &str,
        fragment: &str,
        sampled: bool,
        blend: Option<wgpu::BlendState>,
        cull: bool,
    ) -> wgpu::RenderPipeline {
        let layout = match (sampled, blend.is_some()) {
            (false, false) => &self.world,
            (false, true) => &self.translucent,
            (true, false) => &self.world_sampled,
            (true, true) => &self.translucent_sampled,
        };
        let fragment = if sampled {
            format!("{fragment}_sampled")
        } else {
            fragment.to_owned()
        };
        self.build(Spec {
            label,
            module: &self.chunk_shader,
            vertex: if sampled { "vs_sampled" } else { "vs_main" },
            fragment: &fragment,
            layout,
            buffers: &CHUNK_VERTEX,
            cull,
            // Blended faces are seen through, so they leave the depth to what is behind.
            depth: depth(blend.is_none(), wgpu::CompareFunction::Greater),
            blend,
        })
    }

    /// The far view's opaque faces: the chunk vertices, lit and fogged a corner at a time.
    fn far(&self) -> wgpu::RenderPipeline {
        self.build(Spec {
            label: "far",
            module: &self.chunk_shader,
            vertex: "vs_far",
            fragment: "fs_far",
            layout: &self.world,
            buffers: &CHUNK_VERTEX,
            cull: true,
            depth: depth(true, wgpu::CompareFunction::Greater),
            blend: None,
        })
    }

    /// The far view's water: the far pipeline's vertices, blended over what is behind.
    fn far_water(&self) -> wgpu::RenderPipeline {
        self.build(Spec {
            label: "far water",
            module: &self.chunk_shader,
            vertex: "vs_far",
            fragment: "fs_far_water",
            layout: &self.world,
            buffers: &CHUNK_VERTEX,
            cull: true,
            depth: depth(false, wgpu::CompareFunction::Greater),
            blend: ALPHA_BLEND,
        })
    }

    /// The coarse ring's water: the far view's vertices, blended over what is behind, each
    /// pixel reading the scene's depth to see how deep it is.
    fn ring_water(&self) -> wgpu::RenderPipeline {
        self.build(Spec {
            label: "ring water",
            module: &self.chunk_shader,
            vertex: "vs_ring_water",
            fragment: "fs_ring_water",
            layout: &self.translucent,
            buffers: &CHUNK_VERTEX,
            cull: true,
            depth: depth(false, wgpu::CompareFunction::Greater),
            blend: ALPHA_BLEND,
        })
    }

    /// A pass with a shader file of its own (entry points `vs_main` and `fragment`) that
    /// needs only the globals: seen from both sides, tested against the depth by `compare`
    /// but never writing it.
    fn own_shader(
        &self,
        label: &str,
        (file, fragment): (&str, &str),
        buffers: &[Option<wgpu::VertexBufferLayout<'_>>],
        compare: wgpu::CompareFunction,
        blend: Option<wgpu::BlendState>,
    ) -> wgpu::RenderPipeline {
        self.build(Spec {
            label,
            module: &shader(self.device, file),
            vertex: "vs_main",
            fragment,
            layout: &self.globals_only,
            buffers,
            cull: false,
            depth: depth(false, compare),
            blend,
        })
    }

    fn models(&self) -> wgpu::RenderPipeline {
        self.build(Spec {
            label: "models",
            module: &self.chunk_shader,
            vertex: "vs_model",
            fragment: "fs_cutout",
            layout: &self.world,
            buffers: &MODEL_VERTEX,
            // A plant is one quad per diagonal, seen from both sides; a torch is thin, and
            // both sides of a face may show past its neighbours.
            cull: false,
            depth: depth(true, wgpu::CompareFunction::Greater),
            blend: None,
        })
    }

    fn figures(&self) -> wgpu::RenderPipeline {
        self.build(Spec {
            label: "figures",
            module: &self.chunk_shader,
            vertex: "vs_figure",
            fragment: "fs_figure",
            layout: &self.globals_only,
            buffers: &FIGURE_VERTEX,
            cull: true,
            depth: depth(true, wgpu::CompareFunction::Greater),
            blend: None,
        })
    }

    fn creatures(&self) -> wgpu::RenderPipeline {
        self.build(Spec {
            label: "creatures",
            module: &shader(self.device, "creatures.wgsl"),
            vertex: "vs_main",
            fragment: "fs_main",
            layout: &self.globals_only,
            buffers: &super::creatures::BUFFERS,
            cull: true,
            depth: depth(true, wgpu::CompareFunction::Greater),
            blend: None,
        })
    }

    fn tags(&self) -> wgpu::RenderPipeline {
        self.build(Spec {
            label: "name tags",
            module: &self.chunk_shader,
            vertex: "vs_figure",
            fragment: "fs_tag",
            layout: &self.globals_only,
            buffers: &FIGURE_VERTEX,
            // The backing is seen through, and the letters lie on it: neither writes depth,
            // so each is drawn over what was drawn before it at the same distance.
            cull: false,
            depth: depth(false, wgpu::CompareFunction::GreaterEqual),
            blend: ALPHA_BLEND,
        })
    }

    fn boxes(&self) -> wgpu::RenderPipeline {
        self.build(Spec {
            label: "boxes",
            module: &self.chunk_shader,
            vertex: "vs_box",
            fragment: "fs_opaque",
            layout: &self.globals_only,
            buffers: &BOX_VERTEX,
            cull: true,
            depth: depth(true, wgpu::CompareFunction::Greater),
            blend: None,
        })
    }

    fn items(&self) -> wgpu::RenderPipeline {
        self.build(Spec {
            label: "items",
            module: &self.chunk_shader,
            vertex: "vs_box",
            fragment: "fs_cutout",
            layout: &self.globals_only,
            buffers: &BOX_VERTEX,
            // A flat item is one card, seen from both sides as it turns.
            cull: false,
            depth: depth(true, wgpu::CompareFunction::Greater),
            blend: None,
        })
    }
}

impl Pipelines {
    /// Builds every pipeline for a colour target of `format`.
    #[must_use]
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        use wgpu::CompareFunction::{Always, GreaterEqual};
        let globals_layout = globals_layout(device);
        let scene_depth_layout = scene_depth_layout(device);
        let light_layout = light_layout(device);
        let globals = Some(&globals_layout);
        let (depth, light) = (Some(&scene_depth_layout), Some(&light_layout));
        let builder = Builder {
            device,
            format,
            chunk_shader: shader(device, "chunk.wgsl"),
            world: pipeline_layout(device, "world", &[globals]),
            translucent: pipeline_layout(device, "translucent", &[globals, depth]),
            world_sampled: pipeline_layout(device, "world sampled", &[globals, None, light]),
            translucent_sampled: pipeline_layout(
                device,
                "translucent sampled",
                &[globals, depth, light],
            ),
            globals_only: pipeline_layout(device, "globals only", &[globals]),
        };
        Self {
            sky: SkyPasses::new(device, format, &builder.globals_only),
            opaque: builder.chunk_faces("opaque", "fs_opaque", false, None),
            far: builder.far(),
            far_water: builder.far_water(),
            ring_water: builder.ring_water(),
            cutout: builder.chunk_faces("cutout", "fs_cutout", false, None),
            models: builder.models(),
            translucent: builder.chunk_faces("translucent", "fs_translucent", false, ALPHA_BLEND),
            sampled: [
                builder.chunk_faces("opaque sampled", "fs_opaque", true, None),
                builder.chunk_faces("cutout sampled", "fs_cutout", true, None),
                builder.chunk_faces("translucent sampled", "fs_translucent", true, ALPHA_BLEND),
            ],
            translucent_from_within: [false, true].map(|sampled| {
                let label = "translucent from within";
                builder.chunk_faces_culled(label, "fs_translucent", sampled, ALPHA_BLEND, false)
            }),
            boxes: builder.boxes(),
            items: builder.items(),
            figures: builder.figures(),
            creatures: builder.creatures(),
            tags: builder.tags(),
            lines: builder.own_shader(
                "outline",
                ("lines.wgsl", "fs_main"),
                &LINE_VERTEX,
                GreaterEqual,
                ALPHA_BLEND,
            ),
            hud: builder.own_shader(
                "hud",
                ("hud.wgsl", "fs_main"),
                &HUD_VERTEX,
                Always,
                ALPHA_BLEND,
            ),
            globals_layout,
            scene_depth_layout,
            light_layout,
        }
    }
}
