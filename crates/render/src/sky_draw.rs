//! Drawing the sky in parts, as `shaders/sky.wgsl` describes: the dome of coloured bands,
//! the stars at night, the sun, the moon and the clouds, each shading only the pixels it
//! covers. On a software rasteriser the sky painted pixel by pixel over the whole screen cost
//! more than the ground at render distance 2; in parts, most of the sky's pixels are a blend
//! of its corners' colours.

use super::pipelines::{self, ALPHA_BLEND, DEPTH_FORMAT, Spec};

/// The vertices of the dome (`DOME_VERTICES` in the shader).
const DOME_VERTICES: u32 = 3456;

/// Light added to what is behind: the sun over the sky, the stars.
const ADD: Option<wgpu::BlendState> = Some(wgpu::BlendState {
    color: wgpu::BlendComponent {
        src_factor: wgpu::BlendFactor::One,
        dst_factor: wgpu::BlendFactor::One,
        operation: wgpu::BlendOperation::Add,
    },
    alpha: wgpu::BlendComponent::OVER,
});

/// The sky's pipelines.
#[derive(Debug)]
pub struct SkyPasses {
    dome: wgpu::RenderPipeline,
    stars: wgpu::RenderPipeline,
    sun: wgpu::RenderPipeline,
    moon: wgpu::RenderPipeline,
    clouds: wgpu::RenderPipeline,
}

impl SkyPasses {
    /// The pipelines for a colour target of `format`, through `layout` (the globals alone).
    #[must_use]
    pub fn new(
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        layout: &wgpu::PipelineLayout,
    ) -> Self {
        let module = pipelines::shader(device, "sky.wgsl");
        let part = |label, (vertex, fragment), blend| {
            pipelines::pipeline(
                device,
                format,
                Spec {
                    label,
                    module: &module,
                    vertex,
                    fragment,
                    layout,
                    buffers: &[],
                    cull: false,
                    // On the far plane, where nothing nearer was drawn; writing no depth.
                    depth: Some(wgpu::DepthStencilState {
                        format: DEPTH_FORMAT,
                        depth_write_enabled: Some(false),
                        depth_compare: Some(wgpu::CompareFunction::GreaterEqual),
                        stencil: wgpu::StencilState::default(),
                        bias: wgpu::DepthBiasState::default(),
                    }),
                    blend,
                },
            )
        };
        Self {
            dome: part("sky dome", ("vs_dome", "fs_dome"), None),
            stars: part("stars", ("vs_stars", "fs_stars"), ADD),
            sun: part("sun", ("vs_sun", "fs_sun"), ADD),
            moon: part("moon", ("vs_moon", "fs_moon"), ALPHA_BLEND),
            clouds: part("clouds", ("vs_clouds", "fs_clouds"), ALPHA_BLEND),
        }
    }

    /// Draws the sky into `pass` (whose group 0 is bound to the frame's globals): the stars
    /// only while they show by `stars` (0 by day).
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>, stars: f32) {
        pass.set_pipeline(&self.dome);
        pass.draw(0..DOME_VERTICES, 0..1);
        if stars > 0.0 {
            pass.set_pipeline(&self.stars);
            pass.draw(0..3, 0..1);
        }
        pass.set_pipeline(&self.sun);
        pass.draw(0..6, 0..1);
        pass.set_pipeline(&self.moon);
        pass.draw(0..6, 0..1);
        pass.set_pipeline(&self.clouds);
        pass.draw(0..6, 0..1);
    }
}
