//! The title screen: the worlds in the data folder, newest first, with Play, Create, Rename
//! and Delete (which asks first), Settings and Quit.

use super::list_screen::{self, Layout, ListState};
use hewn_core::sim::survival::Mode;
use hewn_core::worldgen::GeneratorKind;
use hewn_save::worlds::{MAX_NAME_CHARS, WorldEntry, date_time, human_size};

/// One world as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldRow {
    /// The world's name.
    pub name: String,
    /// Seed, generator, size on disk and when it was last played; or why the file cannot
    /// be read.
    pub details: String,
    /// Whether the file can be played (it could be read).
    pub playable: bool,
}

impl WorldRow {
    /// The row for a listed world.
    #[must_use]
    pub fn of(entry: &WorldEntry) -> Self {
        match &entry.summary {
            Ok(s) => Self {
                name: entry.name.clone(),
                details: format!(
                    "seed {} · {} · {} · played {}",
                    s.meta.seed,
                    s.meta.generator,
                    human_size(s.size),
                    date_time(s.meta.last_saved.max(s.meta.created))
                ),
                playable: true,
            },
            Err(e) => Self {
                name: entry.name.clone(),
                details: format!("cannot be opened: {e}"),
                playable: false,
            },
        }
    }
}

/// The new-world form: what the player typed and chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewWorldForm {
    /// The world's name.
    pub name: String,
    /// The seed: a number, any words, or nothing for a random one.
    pub seed: String,
    /// The generator.
    pub generator: GeneratorKind,
    /// How the world is played.
    pub mode: Mode,
    /// The packs of the packs folder, each with whether the world enables it; those
    /// enabled are enabled in this order.
    pub packs: Vec<PackChoice>,
}

/// A pack the new-world form offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackChoice {
    /// Its folder's (or `.zip`'s) name in the packs folder.
    pub file: String,
    /// What it is, in words: its name, version and description.
    pub words: String,
    /// Whether the world enables it.
    pub on: bool,
}

/// The packs of blocks and rules in the packs folder, none enabled, for the new-world form.
fn pack_choices() -> Vec<PackChoice> {
    hewn_save::packs_in_folder()
        .into_iter()
        // Texture packs are chosen in the settings, for every world.
        .filter(|(_, pack)| !pack.is_texture_pack())
        .map(|(file, pack)| {
            let m = &pack.manifest;
            PackChoice {
                file,
                words: format!("{} {}: {}", m.name, m.version, m.description),
                on: false,
            }
        })
        .collect()
}

/// A world's new name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenameForm {
    /// The world's name now.
    pub from: String,
    /// The name typed.
    pub to: String,
}

/// A question the title screen is asking; confirmed, it becomes the [`TitleAction`] of the
/// same name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// The new-world form.
    Create(NewWorldForm),
    /// The new name for a world.
    Rename(RenameForm),
    /// "Delete this world?"
    Delete(String),
}

/// What the title screen remembers between frames: the world picked (by name), the dialog
/// open, the last error.
pub type TitleState = ListState<String, Dialog>;

/// What the player asked for on the title screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TitleAction {
    /// Play the named world.
    Play(String),
    /// Make a world (names trimmed) and play it.
    Create(NewWorldForm),
    /// Rename a world (the new name trimmed).
    Rename(RenameForm),
    /// Delete a world.
    Delete(String),
    /// Open the multiplayer screen.
    Multiplayer,
    /// Open the settings.
    Settings,
    /// Quit the game.
    Quit,
}

/// Draws the title screen over the sky with `worlds`; returns what the player chose.
pub fn show(ui: &mut egui::Ui, state: &mut TitleState, worlds: &[WorldRow]) -> Option<TitleAction> {
    let layout = Layout {
        width: 560.0,
        room: 120.0,
    };
    let mut action = list_screen::show(
        ui,
        state,
        &layout,
        |ui| {
            ui.label(egui::RichText::new("hewn").size(48.0).strong());
            ui.label("Select a world");
            ui.add_space(8.0);
        },
        |ui, state, height| {
            let mut chosen = None;
            world_list(ui, state, worlds, height, &mut chosen);
            chosen
        },
        |ui, state| {
            let mut chosen = None;
            buttons(ui, state, worlds, &mut chosen);
            chosen
        },
    );
    if let Some(dialog) = &mut state.dialog {
        let (done, chosen) = show_dialog(ui.ctx(), dialog, state.error.as_deref());
        if done {
            state.dialog = None;
        }
        action = action.or(chosen);
    }
    action
}

fn world_list(
    ui: &mut egui::Ui,
    state: &mut TitleState,
    worlds: &[WorldRow],
    height: f32,
    action: &mut Option<TitleAction>,
) {
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_black_alpha(120))
        .show(ui, |ui| {
            ui.set_min_height(height);
            egui::ScrollArea::vertical()
                .max_height(height)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if worlds.is_empty() {
                        ui.label("No worlds yet: create one.");
                    }
                    for row in worlds {
                        let selected = state.selected.as_deref() == Some(&row.name);
                        let text = format!("{}\n{}", row.name, row.details);
                        let response = ui.add_sized(
                            [ui.available_width(), 40.0],
                            egui::Button::selectable(selected, text),
                        );
                        if response.clicked() {
                            state.selected = Some(row.name.clone());
                        }
                        if response.double_clicked() && row.playable {
                            *action = Some(TitleAction::Play(row.name.clone()));
                        }
                    }
                });
        });
}

fn buttons(
    ui: &mut egui::Ui,
    state: &mut TitleState,
    worlds: &[WorldRow],
    action: &mut Option<TitleAction>,
) {
    let picked = state
        .selected
        .as_ref()
        .and_then(|name| worlds.iter().find(|w| &w.name == name));
    ui.horizontal(|ui| {
        let play = ui.add_enabled(
            picked.is_some_and(|w| w.playable),
            egui::Button::new("Play"),
        );
        if play.clicked()
            && let Some(world) = picked
        {
            *action = Some(TitleAction::Play(world.name.clone()));
        }
        if ui.button("Create new world").clicked() {
            state.error = None;
            state.dialog = Some(Dialog::Create(NewWorldForm {
                name: unused_name(worlds),
                seed: String::new(),
                generator: GeneratorKind::Terrain,
                // Survival first, as in Minecraft.
                mode: Mode::Survival,
                packs: pack_choices(),
            }));
        }
        if ui
            .add_enabled(picked.is_some(), egui::Button::new("Rename"))
            .clicked()
            && let Some(world) = picked
        {
            state.error = None;
            state.dialog = Some(Dialog::Rename(RenameForm {
                from: world.name.clone(),
                to: world.name.clone(),
            }));
        }
        if ui
            .add_enabled(picked.is_some(), egui::Button::new("Delete"))
            .clicked()
            && let Some(world) = picked
        {
            state.error = None;
            state.dialog = Some(Dialog::Delete(world.name.clone()));
        }
        if ui.button("Multiplayer").clicked() {
            *action = Some(TitleAction::Multiplayer);
        }
        if ui.button("Settings").clicked() {
            *action = Some(TitleAction::Settings);
        }
        if ui.button("Quit").clicked() {
            *action = Some(TitleAction::Quit);
        }
    });
}

/// "New World", or "New World 2" and so on when taken.
fn unused_name(worlds: &[WorldRow]) -> String {
    let taken = |name: &str| worlds.iter().any(|w| w.name.eq_ignore_ascii_case(name));
    std::iter::once("New World".to_owned())
        .chain((2..).map(|n| format!("New World {n}")))
        .find(|name| !taken(name))
        .unwrap_or_default()
}

/// Gives `text_box` the keyboard when nothing has it, so a dialog opens ready to type in.
fn focus_if_nothing_is(ui: &egui::Ui, text_box: &egui::Response) {
    if ui.memory(|m| m.focused().is_none()) {
        text_box.request_focus();
    }
}

/// Shows the dialog as a modal window, with what went wrong with its last action. Returns
/// whether it was cancelled, and the action chosen: the dialog stays open until the app has
/// carried the action out, so a name that is taken keeps what the player typed.
fn show_dialog(
    ctx: &egui::Context,
    dialog: &mut Dialog,
    error: Option<&str>,
) -> (bool, Option<TitleAction>) {
    let mut done = false;
    let mut action = None;
    // Enter submits the dialog wherever the focus is (a text box, a radio button or none);
    // Esc cancels it.
    let enter = ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
    egui::Modal::new(egui::Id::unique("title dialog")).show(ctx, |ui| {
        ui.set_width(360.0);
        if let Some(error) = error {
            ui.colored_label(list_screen::ERROR_COLOUR, error);
        }
        match dialog {
            Dialog::Create(form) => {
                let NewWorldForm {
                    name,
                    seed,
                    generator,
                    mode,
                    packs,
                } = form;
                ui.heading("Create a new world");
                ui.label("World name");
                let name_box = ui.add(
                    egui::TextEdit::singleline(name)
                        .char_limit(MAX_NAME_CHARS)
                        .desired_width(f32::INFINITY),
                );
                focus_if_nothing_is(ui, &name_box);
                ui.label("Seed (a number or any words; empty for a random world)");
                ui.add(egui::TextEdit::singleline(seed).desired_width(f32::INFINITY));
                ui.horizontal(|ui| {
                    ui.label("World type");
                    ui.radio_value(generator, GeneratorKind::Terrain, "Terrain");
                    ui.radio_value(generator, GeneratorKind::Flat, "Flat");
                });
                ui.horizontal(|ui| {
                    ui.label("Game mode");
                    ui.radio_value(mode, Mode::Survival, "Survival");
                    ui.radio_value(mode, Mode::Creative, "Creative");
                });
                ui.label(match mode {
                    Mode::Survival => "Gather, dig with tools, craft, and mind your health.",
                    Mode::Creative => "Every block without end, flight, and nothing hurts.",
                });
                if !packs.is_empty() {
                    ui.label("Packs (blocks, items and recipes; enabled in this order)");
                    for pack in packs.iter_mut() {
                        ui.checkbox(&mut pack.on, &pack.words);
                    }
                }
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    if ui.button("Create").clicked() || enter {
                        action = Some(TitleAction::Create(NewWorldForm {
                            name: name.trim().to_owned(),
                            seed: seed.clone(),
                            generator: *generator,
                            mode: *mode,
                            packs: packs.clone(),
                        }));
                    }
                    if ui.button("Cancel").clicked() {
                        done = true;
                    }
                });
            }
            Dialog::Rename(RenameForm { from, to }) => {
                ui.heading(format!("Rename \u{201c}{from}\u{201d}"));
                let name_box = ui.add(
                    egui::TextEdit::singleline(to)
                        .char_limit(MAX_NAME_CHARS)
                        .desired_width(f32::INFINITY),
                );
                focus_if_nothing_is(ui, &name_box);
                ui.horizontal(|ui| {
                    if ui.button("Rename").clicked() || enter {
                        action = Some(TitleAction::Rename(RenameForm {
                            from: from.clone(),
                            to: to.trim().to_owned(),
                        }));
                    }
                    if ui.button("Cancel").clicked() {
                        done = true;
                    }
                });
            }
            Dialog::Delete(name) => {
                ui.heading(format!("Delete \u{201c}{name}\u{201d}?"));
                ui.label("Its file is deleted for good. Nothing else is touched.");
                ui.horizontal(|ui| {
                    let delete = egui::Button::new(
                        egui::RichText::new("Delete").color(egui::Color32::from_rgb(255, 140, 130)),
                    );
                    if ui.add(delete).clicked() || enter {
                        action = Some(TitleAction::Delete(name.clone()));
                    }
                    if ui.button("Cancel").clicked() {
                        done = true;
                    }
                });
            }
        }
    });
    let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
    (done || escape, action)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shows `dialog` for a few frames, Enter or Esc pressed in the last; returns what the
    /// last frame gave.
    fn press(dialog: &mut Dialog, key: egui::Key) -> (bool, Option<TitleAction>) {
        super::super::last_frame_with_key(key, |ctx| show_dialog(ctx, dialog, None))
    }

    #[test]
    fn every_dialog_submits_on_enter_and_cancels_on_esc() {
        let create = || {
            Dialog::Create(NewWorldForm {
                name: " Castle ".to_owned(),
                seed: "7".to_owned(),
                generator: GeneratorKind::Flat,
                mode: Mode::Creative,
                packs: Vec::new(),
            })
        };
        let rename = || {
            Dialog::Rename(RenameForm {
                from: "a".to_owned(),
                to: "b".to_owned(),
            })
        };
        let delete = || Dialog::Delete("a".to_owned());
        assert_eq!(
            press(&mut create(), egui::Key::Enter),
            (
                false,
                Some(TitleAction::Create(NewWorldForm {
                    name: "Castle".to_owned(),
                    seed: "7".to_owned(),
                    generator: GeneratorKind::Flat,
                    mode: Mode::Creative,
                    packs: Vec::new(),
                }))
            )
        );
        assert_eq!(
            press(&mut rename(), egui::Key::Enter).1,
            Some(TitleAction::Rename(RenameForm {
                from: "a".to_owned(),
                to: "b".to_owned(),
            }))
        );
        assert_eq!(
            press(&mut delete(), egui::Key::Enter).1,
            Some(TitleAction::Delete("a".to_owned()))
        );
        for mut dialog in [create(), rename(), delete()] {
            assert_eq!(press(&mut dialog, egui::Key::Escape), (true, None));
        }
    }
}
