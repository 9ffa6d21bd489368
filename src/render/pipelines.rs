//! The render pipelines and their bind group layouts.

use crate::mesh::{BoxVertex, ModelVertex, Vertex};

use super::hud::HudVertex;

/// Depth buffer format.
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// Every pipeline the renderer uses.
#[derive(Debug)]
pub struct Pipelines {
    /// Layout of group 0: globals, atlas, sampler.
    pub globals_layout: wgpu::BindGroupLayout,
    /// Layout of group 1: the chunk offset slot.
    pub chunk_layout: wgpu::BindGroupLayout,
    /// Layout of the translucent faces' group 2: the depth of the world drawn before them,
    /// which tells water how deep it is where each pixel looks through it.
    pub scene_depth_layout: wgpu::BindGroupLayout,
    /// The sky gradient.
    pub sky: wgpu::RenderPipeline,
    /// Opaque chunk faces.
    pub opaque: wgpu::RenderPipeline,
    /// Alpha-tested chunk faces.
    pub cutout: wgpu::RenderPipeline,
    /// Faces of blocks drawn as models (torches), alpha-tested, seen from both sides.
    pub models: wgpu::RenderPipeline,
    /// Blended chunk faces.
    pub translucent: wgpu::RenderPipeline,
    /// Free boxes (crates), opaque.
    pub boxes: wgpu::RenderPipeline,
    /// The target outline.
    pub lines: wgpu::RenderPipeline,
    /// The HUD.
    pub hud: wgpu::RenderPipeline,
}

fn shader(device: &wgpu::Device, name: &str) -> wgpu::ShaderModule {
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

struct Spec<'a> {
    label: &'a str,
    module: &'a wgpu::ShaderModule,
    vertex: &'a str,
    fragment: &'a str,
    layout: &'a wgpu::PipelineLayout,
    buffers: &'a [Option<wgpu::VertexBufferLayout<'a>>],
    topology: wgpu::PrimitiveTopology,
    cull: bool,
    depth: Option<wgpu::DepthStencilState>,
    blend: Option<wgpu::BlendState>,
}

fn pipeline(
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
            topology: s.topology,
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

impl Pipelines {
    /// Builds every pipeline for a colour target of `format`.
    #[must_use]
    pub fn new(device: &wgpu::Device, format: wgpu::TextureFormat) -> Self {
        let visible = wgpu::ShaderStages::VERTEX_FRAGMENT;
        let globals_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("globals"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: visible,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Float { filterable: true },
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 2,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
            ],
        });
        let chunk_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("chunk offset"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: true,
                    min_binding_size: wgpu::BufferSize::new(16),
                },
                count: None,
            }],
        });
        let scene_depth_layout =
            device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("scene depth"),
                entries: &[wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Depth,
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: None,
                }],
            });
        let layout = |label: &str, groups: &[Option<&wgpu::BindGroupLayout>]| {
            device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some(label),
                bind_group_layouts: groups,
                immediate_size: 0,
            })
        };
        let world_layout = layout("world", &[Some(&globals_layout), Some(&chunk_layout)]);
        let global_layout = layout("globals only", &[Some(&globals_layout)]);
        let translucent_layout = layout(
            "translucent",
            &[
                Some(&globals_layout),
                Some(&chunk_layout),
                Some(&scene_depth_layout),
            ],
        );

        let chunk_shader = shader(device, "chunk.wgsl");
        let sky_shader = shader(device, "sky.wgsl");
        let lines_shader = shader(device, "lines.wgsl");
        let hud_shader = shader(device, "hud.wgsl");

        let chunk_vertex = [Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<Vertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &wgpu::vertex_attr_array![0 => Uint32, 1 => Uint32],
        })];
        let line_vertex = [Some(wgpu::VertexBufferLayout {
            array_stride: 12,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &wgpu::vertex_attr_array![0 => Float32x3],
        })];
        let hud_vertex = [Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<HudVertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &wgpu::vertex_attr_array![0 => Float32x2, 1 => Float32x2, 2 => Unorm8x4],
        })];
        let box_vertex = [Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<BoxVertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &wgpu::vertex_attr_array![
                0 => Float32x3, 1 => Float32x2, 2 => Uint32, 3 => Uint32, 4 => Float32,
                5 => Float32x2
            ],
        })];
        let model_vertex = [Some(wgpu::VertexBufferLayout {
            array_stride: std::mem::size_of::<ModelVertex>() as u64,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &wgpu::vertex_attr_array![
                0 => Float32x3, 1 => Float32x2, 2 => Uint32, 3 => Uint8x4
            ],
        })];
        let chunk = |label, fragment, depth_write, blend, layout| {
            pipeline(
                device,
                format,
                Spec {
                    label,
                    module: &chunk_shader,
                    vertex: "vs_main",
                    fragment,
                    layout,
                    buffers: &chunk_vertex,
                    topology: wgpu::PrimitiveTopology::TriangleList,
                    cull: true,
                    depth: depth(depth_write, wgpu::CompareFunction::Less),
                    blend,
                },
            )
        };
        let blend = Some(wgpu::BlendState::ALPHA_BLENDING);
        Self {
            sky: pipeline(
                device,
                format,
                Spec {
                    label: "sky",
                    module: &sky_shader,
                    vertex: "vs_main",
                    fragment: "fs_main",
                    layout: &global_layout,
                    buffers: &[],
                    topology: wgpu::PrimitiveTopology::TriangleList,
                    cull: false,
                    depth: depth(false, wgpu::CompareFunction::LessEqual),
                    blend: None,
                },
            ),
            opaque: chunk("opaque", "fs_opaque", true, None, &world_layout),
            cutout: chunk("cutout", "fs_cutout", true, None, &world_layout),
            models: pipeline(
                device,
                format,
                Spec {
                    label: "models",
                    module: &chunk_shader,
                    vertex: "vs_model",
                    fragment: "fs_cutout",
                    layout: &world_layout,
                    buffers: &model_vertex,
                    topology: wgpu::PrimitiveTopology::TriangleList,
                    // A torch is thin: both sides of a face may show past its neighbours.
                    cull: false,
                    depth: depth(true, wgpu::CompareFunction::Less),
                    blend: None,
                },
            ),
            translucent: chunk(
                "translucent",
                "fs_translucent",
                false,
                blend,
                &translucent_layout,
            ),
            boxes: pipeline(
                device,
                format,
                Spec {
                    label: "boxes",
                    module: &chunk_shader,
                    vertex: "vs_box",
                    fragment: "fs_opaque",
                    layout: &global_layout,
                    buffers: &box_vertex,
                    topology: wgpu::PrimitiveTopology::TriangleList,
                    cull: true,
                    depth: depth(true, wgpu::CompareFunction::Less),
                    blend: None,
                },
            ),
            lines: pipeline(
                device,
                format,
                Spec {
                    label: "outline",
                    module: &lines_shader,
                    vertex: "vs_main",
                    fragment: "fs_main",
                    layout: &global_layout,
                    buffers: &line_vertex,
                    topology: wgpu::PrimitiveTopology::TriangleList,
                    cull: false,
                    depth: depth(false, wgpu::CompareFunction::LessEqual),
                    blend,
                },
            ),
            hud: pipeline(
                device,
                format,
                Spec {
                    label: "hud",
                    module: &hud_shader,
                    vertex: "vs_main",
                    fragment: "fs_main",
                    layout: &global_layout,
                    buffers: &hud_vertex,
                    topology: wgpu::PrimitiveTopology::TriangleList,
                    cull: false,
                    depth: depth(false, wgpu::CompareFunction::Always),
                    blend,
                },
            ),
            globals_layout,
            chunk_layout,
            scene_depth_layout,
        }
    }
}
