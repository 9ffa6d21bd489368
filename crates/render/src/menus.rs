//! The menus' pass: egui's triangles drawn over the finished game frame.
//!
//! The app lays the menus out with egui and hands the tessellated result here as a
//! [`MenuFrame`]; this module only uploads egui's textures and draws. egui's own font
//! atlas arrives as texture changes ([`Renderer::apply_menu_textures`]), once per frame,
//! whatever number of times the frame is then drawn (a screenshot draws it twice).

use super::{Renderer, drawn_into};

/// The menus of one frame, ready to draw.
#[derive(Clone, Debug, Default)]
pub struct MenuFrame {
    /// egui's tessellated shapes, in points.
    pub primitives: Vec<egui::ClippedPrimitive>,
    /// Pixels per point: the window's scale factor times the GUI scale.
    pub pixels_per_point: f32,
}

/// egui's renderer and the block atlas as an egui texture, for item icons.
pub(super) struct MenuPainter {
    egui: egui_wgpu::Renderer,
    atlas: egui::TextureId,
    /// Textures egui released last frame: freed once that frame has been drawn.
    pending_frees: Vec<egui::TextureId>,
}

impl MenuPainter {
    /// A painter for targets of `format`, drawn through views without its sRGB encoding,
    /// with `atlas` (an `Rgba8Unorm` view of the block atlas, whose sRGB bytes egui decodes
    /// itself) registered for icons.
    pub(super) fn new(
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        atlas: &wgpu::TextureView,
    ) -> Self {
        let options = egui_wgpu::RendererOptions {
            // Dithering adds per-pixel noise, which golden images cannot tolerate.
            dithering: false,
            ..egui_wgpu::RendererOptions::default()
        };
        let mut egui = egui_wgpu::Renderer::new(device, format.remove_srgb_suffix(), options);
        // Nearest: block textures are pixel art, as in the hotbar.
        let atlas = egui.register_native_texture(device, atlas, wgpu::FilterMode::Nearest);
        Self {
            egui,
            atlas,
            pending_frees: Vec::new(),
        }
    }
}

impl Renderer {
    /// The format the menus are drawn in: the target's without sRGB encoding, as egui
    /// blends in gamma space and encodes its colours itself. Targets must allow views of it.
    #[must_use]
    pub fn menu_format(&self) -> wgpu::TextureFormat {
        self.format.remove_srgb_suffix()
    }

    /// The block atlas as egui knows it, for drawing item icons in menus.
    #[must_use]
    pub fn menu_atlas(&self) -> egui::TextureId {
        self.menus.atlas
    }

    /// Takes egui's texture changes for the coming frame: new and updated textures are
    /// uploaded now; released ones are freed after the next frame is drawn.
    pub fn apply_menu_textures(&mut self, mut delta: egui::TexturesDelta) {
        for id in self.menus.pending_frees.drain(..) {
            self.menus.egui.free_texture(&id);
        }
        // Each texture's changes are applied in order; textures are independent of each other.
        for (id, images) in delta.set.drain() {
            for image in &images {
                self.menus
                    .egui
                    .update_texture(&self.device, &self.queue, id, image);
            }
        }
        self.menus.pending_frees.extend(delta.free.drain());
    }

    /// Draws `menus` over what `target` (of `size` pixels) already holds.
    pub(super) fn draw_menus(
        &mut self,
        target: &wgpu::TextureView,
        size: (u32, u32),
        menus: &MenuFrame,
    ) {
        if menus.primitives.is_empty() {
            return;
        }
        let screen = egui_wgpu::ScreenDescriptor {
            size_in_pixels: [size.0, size.1],
            pixels_per_point: menus.pixels_per_point,
        };
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("menus"),
            });
        let callbacks = self.menus.egui.update_buffers(
            &self.device,
            &self.queue,
            &mut encoder,
            &menus.primitives,
            &screen,
        );
        {
            let mut pass = encoder
                .begin_render_pass(&wgpu::RenderPassDescriptor {
                    label: Some("menus"),
                    color_attachments: &[drawn_into(target, wgpu::LoadOp::Load)],
                    depth_stencil_attachment: None,
                    timestamp_writes: None,
                    occlusion_query_set: None,
                    multiview_mask: None,
                })
                .forget_lifetime();
            self.menus
                .egui
                .render(&mut pass, &menus.primitives, &screen);
        }
        self.queue
            .submit(callbacks.into_iter().chain([encoder.finish()]));
    }
}
