//! The settings screen: the player's name, video, mouse and a key for every control. Every change applies at
//! once; the app saves the file when the player leaves the screen having changed something.
//!
//! Rebinding: click a control's key, then press the new key (Esc cancels). A key bound to
//! two controls is shown in red on both.

use winit::keyboard::KeyCode;

use super::wide_button;
use crate::app::keys::{Binding, PAUSE_KEY};
use crate::app::settings::Settings;
use crate::app::settings::fields::{Choice, Field, Name, Number, SCREEN, Whole};
use hewn_core::sim::PlayerName;
use hewn_core::sim::players::MAX_NAME_LEN;

/// What the settings screen remembers between frames.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OptionsState {
    /// The control waiting for its new key.
    pub waiting: Option<Binding>,
    /// A setting applied on release (the GUI scale, which would resize the menus under the
    /// pointer) while its slider is dragged: its name and the value so far.
    pub dragged: Option<(&'static str, f64)>,
    /// Whether the GPU draws in software, when the screen suggests a lower render scale.
    pub software: bool,
}

/// What the game says, once in the log and on the settings screen, when it draws in
/// software at full render scale; it never lowers the scale by itself.
pub const SOFTWARE_HINT: &str = "the GPU draws in software: a render scale of 50% shades a \
                                 quarter of the pixels and draws the world much faster";

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
                        ui.spacing_mut().slider_width = SLIDER_WIDTH;
                        for (heading, fields) in &SCREEN {
                            section(ui, heading, fields, state, settings);
                            if *heading == "Video" && state.software && settings.render_scale >= 1.0
                            {
                                ui.label(format!("Hint: {SOFTWARE_HINT}."));
                            }
                            ui.separator();
                        }
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

/// A heading and a grid of its settings, a label and a widget each.
fn section(
    ui: &mut egui::Ui,
    heading: &str,
    fields: &[Field],
    state: &mut OptionsState,
    settings: &mut Settings,
) {
    ui.heading(heading);
    egui::Grid::new(heading).num_columns(2).show(ui, |ui| {
        for &field in fields {
            ui.label(field.label());
            match field {
                Field::Number(f) => number(ui, f, state, settings),
                Field::Whole(f) => whole(ui, f, settings),
                Field::Toggle(f) => {
                    let mut on = (f.get)(settings);
                    ui.checkbox(&mut on, f.text);
                    (f.set)(settings, on);
                }
                Field::Name(f) => name(ui, f, settings),
                Field::Choice(f) => choice(ui, f, settings),
            }
            ui.end_row();
        }
    });
}

/// A drop-down list of a choice's options, showing the one chosen.
fn choice(ui: &mut egui::Ui, f: &Choice, settings: &mut Settings) {
    let options = (f.options)();
    let chosen = (f.get)(settings).to_owned();
    let words = options
        .iter()
        .find(|(value, _)| *value == chosen)
        .map_or_else(
            || format!("{chosen} (not found)"),
            |(_, words)| words.clone(),
        );
    let mut picked = chosen.clone();
    egui::ComboBox::from_id_salt(f.name)
        .selected_text(words)
        .width(SLIDER_WIDTH)
        .show_ui(ui, |ui| {
            for (value, words) in &options {
                ui.selectable_value(&mut picked, value.clone(), words);
            }
        });
    if picked != chosen {
        (f.set)(settings, picked);
    }
}

/// The width of every slider, in points: ten per step of the render distance's 31, where
/// egui's default of 100 gave three.
const SLIDER_WIDTH: f32 = 300.0;

/// A whole number's slider: over its range, or stepping through its choices.
fn whole(ui: &mut egui::Ui, f: &Whole, settings: &mut Settings) {
    let mut value = (f.get)(settings);
    // A whole number moves one at a time under the pointer: egui's smart aim would round a
    // small drag to the "simplest" number near it.
    if f.choices.is_empty() {
        let slider = egui::Slider::new(&mut value, f.range.clone())
            .step_by(1.0)
            .smart_aim(false);
        ui.add(slider.suffix(f.suffix));
        (f.set)(settings, value);
        return;
    }
    let words = move |v: u32| f.words.map_or_else(|| v.to_string(), |w| w(v));
    let last = f.choices.len() - 1;
    let mut index = f.choices.iter().position(|&c| c >= value).unwrap_or(last);
    let slider = egui::Slider::new(&mut index, 0..=last)
        .step_by(1.0)
        .smart_aim(false)
        .show_value(true)
        .custom_formatter(move |i, _| words(f.choices[(i as usize).min(last)]));
    ui.add(slider);
    (f.set)(settings, f.choices[index.min(last)]);
}

/// A number's slider. One that applies on release keeps its value in `state` while dragged.
fn number(ui: &mut egui::Ui, f: &Number, state: &mut OptionsState, settings: &mut Settings) {
    let dragged = state.dragged.filter(|&(name, _)| name == f.name);
    let mut value = dragged.map_or((f.get)(settings), |(_, v)| v);
    let mut slider = egui::Slider::new(&mut value, f.range.clone())
        .logarithmic(f.slider.logarithmic)
        .suffix(f.slider.suffix);
    if let Some(step) = f.slider.step {
        slider = slider.step_by(step);
    }
    if let Some(decimals) = f.slider.max_decimals {
        slider = slider.max_decimals(decimals);
    }
    if let Some(words) = f.slider.format {
        slider = slider.custom_formatter(move |v, _| words(v));
    }
    if ui.add(slider).dragged() && f.slider.on_release {
        state.dragged = Some((f.name, value));
    } else {
        if dragged.is_some() {
            state.dragged = None;
        }
        (f.set)(settings, value);
    }
}

/// A name's text box. Text that is a player's name becomes the setting as it is typed; text
/// that is not (empty, say, half-way through retyping it) is kept in egui's memory, shown
/// with why it is not a name, and changes nothing.
fn name(ui: &mut egui::Ui, f: &Name, settings: &mut Settings) {
    let id = ui.make_persistent_id(f.name);
    let mut text = ui
        .data(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| (f.get)(settings).to_string());
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut text)
                .char_limit(MAX_NAME_LEN)
                .desired_width(160.0),
        );
        match PlayerName::new(&text) {
            Ok(name) => {
                if &name != (f.get)(settings) {
                    (f.set)(settings, name);
                }
                ui.data_mut(|d| d.remove::<String>(id));
                ui.weak(f.hint);
            }
            Err(e) => {
                ui.colored_label(egui::Color32::from_rgb(255, 110, 100), e.to_string());
                ui.data_mut(|d| d.insert_temp(id, text));
            }
        }
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
    use hewn_core::physics::Control;

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
