//! Settings changed on the settings screen (or by a key), applied at once to the session
//! and the window, and written to `settings.toml` when the player leaves the screen.

use winit::window::Fullscreen;

use super::App;
use super::settings::{Settings, settings_path};

impl App {
    /// Applies at once what the settings screen changed since `before`, and notes it for
    /// the file.
    pub(super) fn apply_settings(&mut self, before: &Settings) {
        let now = self.settings.clone();
        self.saved_settings.adopt_changes(before, &now);
        self.settings_changed = true;
        if let Some(ears) = &mut self.ears {
            ears.set_volumes(now.volumes());
        }
        if let Some(session) = &mut self.session {
            if now.render_distance != before.render_distance {
                session.set_render_distance(now.render_distance);
            }
            if now.far_view != before.far_view {
                session.set_far_view(now.far_view);
            }
            if now.coarse_ring != before.coarse_ring {
                session.set_coarse_ring(now.coarse_ring);
            }
            if now.shading() != before.shading() {
                session.set_shading(now.shading());
            }
            if now.fancy_leaves != before.fancy_leaves {
                session.set_leaves(now.leaves());
            }
            session.input.set_mouse(now.mouse_sensitivity, now.invert_y);
            session.input.set_auto_jump(now.auto_jump);
        }
        if let Some(display) = &mut self.display {
            if now.texture_pack != before.texture_pack {
                display
                    .renderer
                    .set_texture_pack(texture_pack(&now.texture_pack));
            }
            if now.render_scale != before.render_scale {
                display.renderer.set_render_scale(now.render_scale as f32);
            }
            if now.vsync != before.vsync {
                display.set_vsync(now.vsync);
            }
            if now.fullscreen != before.fullscreen {
                let full = now.fullscreen.then_some(Fullscreen::Borderless(None));
                display.window.set_fullscreen(full);
            }
        }
    }

    /// Writes the settings file if the player changed something.
    pub(super) fn save_settings(&mut self) {
        if !std::mem::take(&mut self.settings_changed) {
            return;
        }
        match settings_path() {
            Some(path) => match self.saved_settings.save(&path) {
                Ok(()) => log::info!("settings saved to {}", path.display()),
                Err(e) => log::warn!("{e}"),
            },
            None => log::warn!("no config folder (no home folder?): settings not saved"),
        }
    }
}

/// The textures of the texture pack called `name`: none, with a warning, if it cannot be
/// used, so a pack removed since it was chosen leaves the base pack's textures.
pub(super) fn texture_pack(name: &str) -> hewn_content::Textures {
    super::settings::texture_packs::load(name).unwrap_or_else(|e| {
        log::warn!(
            "texture pack {}: {}; the base textures are drawn",
            hewn_save::escaped(name),
            hewn_save::escaped(&e)
        );
        hewn_content::Textures::default()
    })
}
