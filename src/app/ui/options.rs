//! The settings screen: video, mouse and a key for every control. Every change applies at
//! once; the app saves the file when the player leaves the screen having changed something.
//!
//! Rebinding: click a control's key, then press the new key (Esc cancels). A key bound to
//! two controls is shown in red on both.

use winit::keyboard::KeyCode;

use super::wide_button;
use crate::app::keys::{Binding, PAUSE_KEY};
use crate::app::settings::{
    BRIGHTNESS_RANGE, FOV_RANGE, GUI_SCALE_RANGE, RENDER_DISTANCE_RANGE, SENSITIVITY_RANGE,
    Settings,
};

/// What the settings screen remembers between frames.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OptionsState {
    /// The control waiting for its new key.
    pub waiting: Option<Binding>,
    /// The GUI scale while its slider is dragged: applied on release, as the menus would
    /// otherwise resize under the pointer.
    pub gui_scale_dragged: Option<f64>,
}

impl OptionsState {
    /// A key was pressed. Returns whether it was taken as a new binding (or cancelled one),
    /// so it should do nothing else.
    pub fn key_pressed(&mut self, code: KeyCode, settings: &mut Settings) -> bool {
        let Some(binding) = self.waiting.take() else {
            return false;
        };
        if code != PAUSE_KEY {
            settings.keys.set(binding, code);
        }
        true
    }
}

/// A key's name as the screen shows it: `W` for `KeyW`, `1` for `Digit1`, `Space`.
#[must_use]
pub fn key_label(code: KeyCode) -> String {
    let name = format!("{code:?}");
    for prefix in ["Key", "Digit"] {
        if let Some(rest) = name.strip_prefix(prefix)
            && rest.len() == 1
        {
            return rest.to_owned();
        }
    }
    name
}

/// Draws the settings screen, editing `settings` in place. Returns `true` when the player
/// pressed Done.
pub fn show(ui: &mut egui::Ui, state: &mut OptionsState, settings: &mut Settings) -> bool {
    super::dim(ui, 200);
    let mut done = false;
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.inner_margin(16.0))
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new("Settings").size(28.0).strong());
            });
            let width = ui.available_width().min(620.0);
            let height = (ui.available_height() - 50.0).max(80.0);
            ui.vertical_centered(|ui| {
                ui.set_max_width(width);
                egui::ScrollArea::vertical()
                    .max_height(height)
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        video(ui, state, settings);
                        ui.separator();
                        mouse(ui, settings);
                        ui.separator();
                        keys(ui, state, settings);
                    });
                ui.add_space(6.0);
                if wide_button(ui, "Done").clicked() {
                    state.waiting = None;
                    done = true;
                }
            });
        });
    done
}

fn video(ui: &mut egui::Ui, state: &mut OptionsState, settings: &mut Settings) {
    ui.heading("Video");
    egui::Grid::new("video").num_columns(2).show(ui, |ui| {
        ui.label("Field of view");
        ui.add(
            egui::Slider::new(&mut settings.fov, FOV_RANGE)
                .step_by(1.0)
                .suffix("°"),
        );
        ui.end_row();
        ui.label("Render distance");
        let (low, high) = (*RENDER_DISTANCE_RANGE.start(), *RENDER_DISTANCE_RANGE.end());
        ui.add(
            egui::Slider::new(&mut settings.render_distance, low as u32..=high as u32)
                .suffix(" chunks"),
        );
        ui.end_row();
        ui.label("Brightness");
        ui.add(
            egui::Slider::new(&mut settings.brightness, BRIGHTNESS_RANGE).custom_formatter(
                |v, _| match v {
                    v if v <= 0.0 => "Moody".to_owned(),
                    v if v >= 1.0 => "Bright".to_owned(),
                    v => format!("{:.0}%", v * 100.0),
                },
            ),
        );
        ui.end_row();
        ui.label("GUI scale");
        let mut scale = state.gui_scale_dragged.unwrap_or(settings.gui_scale);
        let slider = ui.add(egui::Slider::new(&mut scale, GUI_SCALE_RANGE).step_by(0.5));
        if slider.dragged() {
            state.gui_scale_dragged = Some(scale);
        } else {
            state.gui_scale_dragged = None;
            settings.gui_scale = scale;
        }
        ui.end_row();
        ui.label("VSync");
        ui.checkbox(&mut settings.vsync, "wait for the display");
        ui.end_row();
        ui.label("Fullscreen");
        ui.checkbox(&mut settings.fullscreen, "fill the screen");
        ui.end_row();
    });
}

fn mouse(ui: &mut egui::Ui, settings: &mut Settings) {
    ui.heading("Mouse");
    egui::Grid::new("mouse").num_columns(2).show(ui, |ui| {
        ui.label("Sensitivity");
        ui.add(
            egui::Slider::new(&mut settings.mouse_sensitivity, SENSITIVITY_RANGE)
                .logarithmic(true)
                .max_decimals(3),
        );
        ui.end_row();
        ui.label("Invert Y");
        ui.checkbox(&mut settings.invert_y, "moving the mouse up looks down");
        ui.end_row();
    });
}

fn keys(ui: &mut egui::Ui, state: &mut OptionsState, settings: &mut Settings) {
    ui.horizontal(|ui| {
        ui.heading("Keys");
        if ui.button("Reset all keys").clicked() {
            settings.keys = crate::app::keys::Bindings::default();
            state.waiting = None;
        }
    });
    egui::Grid::new("keys").num_columns(2).show(ui, |ui| {
        for binding in Binding::ALL {
            ui.label(binding.label());
            let text = if state.waiting == Some(binding) {
                egui::RichText::new("> press a key <").strong()
            } else {
                let label = key_label(settings.keys.key(binding));
                if settings.keys.conflicts(binding) {
                    egui::RichText::new(format!("{label} (also bound elsewhere)"))
                        .color(egui::Color32::from_rgb(255, 110, 100))
                } else {
                    egui::RichText::new(label)
                }
            };
            if ui
                .add_sized([200.0, 22.0], egui::Button::new(text))
                .clicked()
            {
                state.waiting = Some(binding);
            }
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::Control;

    #[test]
    fn keys_are_named_as_printed_on_them() {
        assert_eq!(key_label(KeyCode::KeyW), "W");
        assert_eq!(key_label(KeyCode::Digit1), "1");
        assert_eq!(key_label(KeyCode::Space), "Space");
        assert_eq!(key_label(KeyCode::ShiftLeft), "ShiftLeft");
    }

    #[test]
    fn the_next_key_pressed_becomes_the_binding_and_escape_cancels() {
        let mut settings = Settings::default();
        let mut state = OptionsState::default();
        assert!(
            !state.key_pressed(KeyCode::KeyJ, &mut settings),
            "nothing waits"
        );
        let jump = Binding::Control(Control::Jump);
        state.waiting = Some(jump);
        assert!(state.key_pressed(KeyCode::KeyJ, &mut settings));
        assert_eq!(settings.keys.key(jump), KeyCode::KeyJ);
        assert_eq!(state.waiting, None);
        state.waiting = Some(jump);
        assert!(state.key_pressed(KeyCode::Escape, &mut settings));
        assert_eq!(settings.keys.key(jump), KeyCode::KeyJ, "Esc cancels");
    }
}
