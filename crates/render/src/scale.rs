//! The render scale: the world drawn at a fraction of the window's size and stretched over
//! it, with the HUD drawn after at the window's own size, sharp (Luanti's `undersampling`).
//! On a GPU that spends its time shading pixels, as a software rasteriser does, a frame at
//! half the width and height shades a quarter of the pixels.
//!
//! At a scale of 1 nothing here is used: the world and the HUD are drawn straight into the
//! target, as before there was a render scale.

use std::ops::RangeInclusive;

use super::pipelines::{self, ALPHA_BLEND, HUD_VERTEX, Spec};
use super::{draw_all, drawn_and_read, drawn_into};

/// The render scales a player may choose: below a quarter, a 1280 × 720 window would show
/// the world in blocks of 4 × 4 pixels and more, which no setting should offer.
pub const RENDER_SCALE_RANGE: RangeInclusive<f32> = 0.25..=1.0;

/// The size the world is drawn at in a target of `size` at render `scale` (clamped to
/// [`RENDER_SCALE_RANGE`]): each side scaled and rounded, at least a pixel.
#[must_use]
pub fn scaled_size(size: (u32, u32), scale: f32) -> (u32, u32) {
    let scale = scale.clamp(*RENDER_SCALE_RANGE.start(), *RENDER_SCALE_RANGE.end());
    let side = |n: u32| ((n as f32 * scale).round() as u32).clamp(1, n.max(1));
    (side(size.0), side(size.1))
}

/// The world's picture at the render scale, which the upscale pass reads.
struct Picture {
    size: (u32, u32),
    view: wgpu::TextureView,
    group: wgpu::BindGroup,
}

/// What drawing at a render scale below 1 needs: the world's picture, the pass that
/// stretches it over the target, a HUD pipeline for that pass (which has no depth buffer),
/// and globals of the target's own size for the HUD.
pub(crate) struct Undersampling {
    upscale: wgpu::RenderPipeline,
    hud: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    /// The frame's globals, but for the screen size: the target's, where the world's
    /// globals have the picture's.
    pub(crate) globals: wgpu::Buffer,
    /// The HUD's group 0: [`Self::globals`], the atlas and its sampler.
    pub(crate) globals_group: wgpu::BindGroup,
    picture: Option<Picture>,
}

impl Undersampling {
    /// The pipelines for targets of `format`; `globals_group` binds `globals` (as big as the
    /// frame's globals) with the atlas, as group 0 of every pipeline does.
    pub(crate) fn new(
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        globals_layout: &wgpu::BindGroupLayout,
        globals: wgpu::Buffer,
        globals_group: wgpu::BindGroup,
    ) -> Self {
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("world picture"),
            entries: &[pipelines::texture(
                0,
                wgpu::ShaderStages::FRAGMENT,
                wgpu::TextureSampleType::Float { filterable: false },
            )],
        });
        let globals_only =
            pipelines::pipeline_layout(device, "overlay globals", &[Some(globals_layout)]);
        let with_picture =
            pipelines::pipeline_layout(device, "upscale", &[Some(globals_layout), Some(&layout)]);
        let upscale = pipelines::pipeline(
            device,
            format,
            Spec {
                label: "upscale",
                module: &pipelines::shader(device, "upscale.wgsl"),
                vertex: "vs_main",
                fragment: "fs_main",
                layout: &with_picture,
                buffers: &[],
                cull: false,
                depth: None,
                blend: None,
            },
        );
        let hud = pipelines::pipeline(
            device,
            format,
            Spec {
                label: "hud over the upscaled world",
                module: &pipelines::shader(device, "hud.wgsl"),
                vertex: "vs_main",
                fragment: "fs_main",
                layout: &globals_only,
                buffers: &HUD_VERTEX,
                cull: false,
                depth: None,
                blend: ALPHA_BLEND,
            },
        );
        Self {
            upscale,
            hud,
            layout,
            globals,
            globals_group,
            picture: None,
        }
    }

    /// The view to draw the world into, of `size` and `format`: kept from frame to frame
    /// while the size stays.
    pub(crate) fn picture(
        &mut self,
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        size: (u32, u32),
    ) -> wgpu::TextureView {
        if let Some(picture) = self.picture.as_ref().filter(|p| p.size == size) {
            return picture.view.clone();
        }
        let view = drawn_and_read(device, "world picture", size, format);
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("world picture"),
            layout: &self.layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&view),
            }],
        });
        self.picture = Some(Picture {
            size,
            view: view.clone(),
            group,
        });
        view
    }

    /// Stretches the world's picture over `target` and draws the HUD's `hud` vertices over
    /// it, at the target's size (which [`Self::globals`] must hold).
    pub(crate) fn finish(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        hud: Option<&(wgpu::Buffer, u32)>,
    ) {
        let Some(picture) = &self.picture else {
            return;
        };
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("upscale and HUD"),
            // Every pixel is drawn over by the picture.
            color_attachments: &[drawn_into(target, wgpu::LoadOp::Clear(wgpu::Color::BLACK))],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_bind_group(0, &self.globals_group, &[]);
        pass.set_bind_group(1, &picture.group, &[]);
        pass.set_pipeline(&self.upscale);
        pass.draw(0..3, 0..1);
        draw_all(&mut pass, &self.hud, hud);
    }
}

#[cfg(test)]
mod tests {
    use super::scaled_size;

    #[test]
    fn the_world_is_drawn_at_the_scale_rounded_and_never_empty() {
        assert_eq!(scaled_size((1280, 720), 1.0), (1280, 720));
        assert_eq!(scaled_size((1280, 720), 0.5), (640, 360));
        assert_eq!(scaled_size((1281, 721), 0.5), (641, 361));
        assert_eq!(scaled_size((1280, 720), 0.25), (320, 180));
        // Out of range: clamped to it.
        assert_eq!(scaled_size((1280, 720), 0.01), (320, 180));
        assert_eq!(scaled_size((1280, 720), 3.0), (1280, 720));
        assert_eq!(scaled_size((1, 1), 0.25), (1, 1));
        assert_eq!(scaled_size((0, 0), 0.5), (1, 1));
    }
}
