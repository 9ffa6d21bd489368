//! The window, its surface and the renderer drawing into it, and how the surface's losses
//! and resizes are followed.

use std::sync::Arc;

use winit::window::Window;

use super::AppError;
use hewn_render::{Gpu, RenderError, Renderer, Scene};

/// How frames are presented: waiting for the display's refresh with `vsync`, or as soon as
/// they are drawn.
#[must_use]
pub const fn present_mode(vsync: bool) -> wgpu::PresentMode {
    if vsync {
        wgpu::PresentMode::AutoVsync
    } else {
        wgpu::PresentMode::AutoNoVsync
    }
}

/// The window and everything drawn into it.
pub struct Display {
    /// The window.
    pub window: Arc<Window>,
    /// The wgpu instance (kept to recreate a lost surface).
    pub instance: wgpu::Instance,
    /// The window's surface.
    pub surface: wgpu::Surface<'static>,
    /// Its configuration.
    pub config: wgpu::SurfaceConfiguration,
    /// The device.
    pub gpu: Gpu,
    /// The renderer.
    pub renderer: Renderer,
    /// Whether the surface must be configured again before the next frame (it reported
    /// itself suboptimal).
    pub stale: bool,
}

impl Display {
    /// Follows a window resize; a zero-size (minimised) window is left unconfigured.
    pub fn resize(&mut self, width: u32, height: u32) {
        if width == 0 || height == 0 {
            return;
        }
        self.config.width = width;
        self.config.height = height;
        self.surface.configure(&self.gpu.device, &self.config);
    }

    /// Whether frames wait for the display's refresh, from the next frame on.
    pub fn set_vsync(&mut self, on: bool) {
        self.config.present_mode = present_mode(on);
        let (width, height) = (self.config.width, self.config.height);
        self.resize(width, height);
    }

    /// The window's size in pixels.
    pub(super) fn size(&self) -> (u32, u32) {
        let s = self.window.inner_size();
        (s.width, s.height)
    }

    /// Draws a frame into the window. Returns whether it was presented.
    pub(super) fn draw(&mut self, scene: &Scene<'_>) -> Result<bool, AppError> {
        let (width, height) = self.size();
        if width == 0 || height == 0 {
            return Ok(false);
        }
        if std::mem::take(&mut self.stale)
            || (width, height) != (self.config.width, self.config.height)
        {
            self.resize(width, height);
        }
        let frame = match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(f) => f,
            wgpu::CurrentSurfaceTexture::Suboptimal(f) => {
                // Draw this one; the next frame gets a freshly configured surface.
                self.stale = true;
                f
            }
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => {
                return Ok(false);
            }
            wgpu::CurrentSurfaceTexture::Outdated => {
                self.resize(width, height);
                return Ok(false);
            }
            wgpu::CurrentSurfaceTexture::Lost => {
                log::warn!("the window surface was lost; recreating it");
                self.surface = self
                    .instance
                    .create_surface(self.window.clone())
                    .map_err(RenderError::from)?;
                self.resize(width, height);
                return Ok(false);
            }
            wgpu::CurrentSurfaceTexture::Validation => {
                log::warn!("the window surface reported a validation error; skipping a frame");
                return Ok(false);
            }
        };
        self.renderer.render(&frame.texture, (width, height), scene);
        self.window.pre_present_notify();
        self.gpu.queue.present(frame);
        Ok(true)
    }
}
