//! The multiplayer screen: the saved servers, each pinged for its message of the day,
//! players and round trip, and the servers heard on the local network; Join, Direct
//! connect, Add, Edit and Remove. Then the screens of a join: connecting (with the
//! password, if the server asks for one) and, if it fails or the player is sent away, why.

use std::net::SocketAddr;

use super::list_screen::{self, Layout, ListState};
use super::{dim, menu_column, wide_button};
use crate::app::servers::{MAX_FIELD_CHARS, SavedServer};

/// What a ping of a saved server found so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PingStatus {
    /// No answer yet.
    Pinging,
    /// The server answered.
    Answered {
        /// Its message of the day.
        motd: String,
        /// Players online.
        online: u16,
        /// Its limit.
        max_players: u16,
        /// The round trip, in milliseconds.
        round_trip_ms: u32,
        /// Whether this build can play there.
        compatible: bool,
        /// Whether it asks for a password.
        password: bool,
    },
    /// Why it did not.
    Failed(String),
}

/// A saved server as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerRow {
    /// The saved name and address.
    pub saved: SavedServer,
    /// What its ping found.
    pub status: PingStatus,
}

/// A server heard on the local network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanRow {
    /// Where to join it.
    pub addr: SocketAddr,
    /// Its message of the day.
    pub motd: String,
}

/// A row picked in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A saved server, by its place in the list.
    Saved(usize),
    /// A server on the local network.
    Lan(SocketAddr),
}

/// A question the screen is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerDialog {
    /// A new server to save.
    Add(SavedServer),
    /// A saved server changed.
    Edit(usize, SavedServer),
    /// An address to join without saving it.
    Direct(String),
    /// "Remove this server?"
    Remove(usize),
}

/// What the screen remembers between frames: the row picked, the dialog open, the last
/// error.
pub type MultiplayerState = ListState<Pick, ServerDialog>;

/// What the player asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MultiplayerAction {
    /// Join the server at `address`, which the connecting screen calls `label`.
    Join {
        /// `HOST:PORT` or a host.
        address: String,
        /// The server's name.
        label: String,
    },
    /// Save a server at the end of the list.
    Add(SavedServer),
    /// Change a saved server.
    Edit(usize, SavedServer),
    /// Forget a saved server.
    Remove(usize),
    /// Ping every server again.
    Refresh,
    /// Back to the title screen.
    Back,
}

/// Draws the screen; returns what the player chose.
pub fn show(
    ui: &mut egui::Ui,
    state: &mut MultiplayerState,
    servers: &[ServerRow],
    lan: &[LanRow],
) -> Option<MultiplayerAction> {
    let layout = Layout {
        width: 620.0,
        room: 90.0,
    };
    let mut action = list_screen::show(
        ui,
        state,
        &layout,
        |ui| {
            ui.label(egui::RichText::new("Play multiplayer").size(32.0).strong());
            ui.add_space(8.0);
        },
        |ui, state, height| {
            let mut chosen = None;
            server_list(ui, state, servers, lan, height, &mut chosen);
            chosen
        },
        |ui, state| {
            let mut chosen = None;
            buttons(ui, state, servers, lan, &mut chosen);
            chosen
        },
    );
    if let Some(dialog) = &mut state.dialog {
        let (done, chosen) = show_dialog(ui.ctx(), dialog);
        if done || chosen.is_some() {
            state.dialog = None;
        }
        action = action.or(chosen);
    } else if ui.ctx().input(|i| i.key_pressed(egui::Key::Escape)) {
        action = Some(MultiplayerAction::Back);
    }
    action
}

/// The line under a saved server's name.
fn status_line(status: &PingStatus) -> (String, egui::Color32) {
    let grey = egui::Color32::from_gray(170);
    match status {
        PingStatus::Pinging => ("Pinging\u{2026}".to_owned(), grey),
        PingStatus::Failed(why) => (
            format!("Can't reach the server: {why}"),
            list_screen::ERROR_COLOUR,
        ),
        PingStatus::Answered {
            motd,
            online,
            max_players,
            round_trip_ms,
            compatible,
            password,
        } => {
            let lock = if *password { " · password" } else { "" };
            let version = if *compatible {
                ""
            } else {
                " · another version"
            };
            let colour = if *compatible {
                egui::Color32::from_gray(220)
            } else {
                egui::Color32::from_rgb(255, 170, 90)
            };
            (
                format!(
                    "{motd}\n{online}/{max_players} players · {round_trip_ms} ms{lock}{version}"
                ),
                colour,
            )
        }
    }
}

fn server_list(
    ui: &mut egui::Ui,
    state: &mut MultiplayerState,
    servers: &[ServerRow],
    lan: &[LanRow],
    height: f32,
    action: &mut Option<MultiplayerAction>,
) {
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_black_alpha(120))
        .show(ui, |ui| {
            ui.set_min_height(height);
            egui::ScrollArea::vertical()
                .max_height(height)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    if servers.is_empty() {
                        ui.label("No servers saved: add one, or connect directly.");
                    }
                    for (i, row) in servers.iter().enumerate() {
                        let (line, colour) = status_line(&row.status);
                        let text = egui::text::LayoutJob::simple(
                            format!("{}  ({})\n{line}", row.saved.name, row.saved.address),
                            egui::FontId::proportional(14.0),
                            colour,
                            ui.available_width(),
                        );
                        let picked = state.selected == Some(Pick::Saved(i));
                        let response = ui.add_sized(
                            [ui.available_width(), 58.0],
                            egui::Button::selectable(picked, text),
                        );
                        if response.clicked() {
                            state.selected = Some(Pick::Saved(i));
                        }
                        if response.double_clicked() {
                            *action = Some(join_saved(&row.saved));
                        }
                    }
                    ui.add_space(6.0);
                    ui.separator();
                    ui.label(egui::RichText::new("Local network").strong());
                    if lan.is_empty() {
                        ui.label(
                            egui::RichText::new("Looking for games on the local network\u{2026}")
                                .color(egui::Color32::from_gray(170)),
                        );
                    }
                    for row in lan {
                        let picked = state.selected == Some(Pick::Lan(row.addr));
                        let text = format!("{}\nLAN · {}", row.motd, row.addr);
                        let response = ui.add_sized(
                            [ui.available_width(), 40.0],
                            egui::Button::selectable(picked, text),
                        );
                        if response.clicked() {
                            state.selected = Some(Pick::Lan(row.addr));
                        }
                        if response.double_clicked() {
                            *action = Some(join_lan(row));
                        }
                    }
                });
        });
}

fn join_saved(saved: &SavedServer) -> MultiplayerAction {
    MultiplayerAction::Join {
        address: saved.address.clone(),
        label: saved.name.clone(),
    }
}

fn join_lan(row: &LanRow) -> MultiplayerAction {
    MultiplayerAction::Join {
        address: row.addr.to_string(),
        label: row.motd.clone(),
    }
}

fn buttons(
    ui: &mut egui::Ui,
    state: &mut MultiplayerState,
    servers: &[ServerRow],
    lan: &[LanRow],
    action: &mut Option<MultiplayerAction>,
) {
    let saved = match state.selected {
        Some(Pick::Saved(i)) => servers.get(i).map(|row| (i, &row.saved)),
        _ => None,
    };
    let on_lan = match &state.selected {
        Some(Pick::Lan(addr)) => lan.iter().find(|row| row.addr == *addr),
        _ => None,
    };
    ui.horizontal(|ui| {
        let join = ui.add_enabled(
            saved.is_some() || on_lan.is_some(),
            egui::Button::new("Join"),
        );
        if join.clicked() {
            *action = saved.map(|(_, s)| join_saved(s)).or(on_lan.map(join_lan));
        }
        if ui.button("Direct connect").clicked() {
            state.error = None;
            state.dialog = Some(ServerDialog::Direct(String::new()));
        }
        if ui.button("Add server").clicked() {
            state.error = None;
            state.dialog = Some(ServerDialog::Add(SavedServer {
                name: "A hewn server".to_owned(),
                address: String::new(),
            }));
        }
        if ui
            .add_enabled(saved.is_some(), egui::Button::new("Edit"))
            .clicked()
            && let Some((i, s)) = saved
        {
            state.dialog = Some(ServerDialog::Edit(i, s.clone()));
        }
        if ui
            .add_enabled(saved.is_some(), egui::Button::new("Remove"))
            .clicked()
            && let Some((i, _)) = saved
        {
            state.dialog = Some(ServerDialog::Remove(i));
        }
        if ui.button("Refresh").clicked() {
            *action = Some(MultiplayerAction::Refresh);
        }
        if ui.button("Back").clicked() {
            *action = Some(MultiplayerAction::Back);
        }
    });
}

/// A text box of the dialogs' width and length limit.
fn text_box(ui: &mut egui::Ui, text: &mut String) -> egui::Response {
    ui.add(
        egui::TextEdit::singleline(text)
            .char_limit(MAX_FIELD_CHARS)
            .desired_width(f32::INFINITY),
    )
}

/// Shows `dialog` as a modal window. Returns whether it was cancelled and the action it
/// submitted: Enter submits, Esc cancels.
pub fn show_dialog(
    ctx: &egui::Context,
    dialog: &mut ServerDialog,
) -> (bool, Option<MultiplayerAction>) {
    let mut done = false;
    let mut action = None;
    let enter = ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
    egui::Modal::new(egui::Id::unique("multiplayer dialog")).show(ctx, |ui| {
        ui.set_width(360.0);
        let submit = match dialog {
            ServerDialog::Add(saved) | ServerDialog::Edit(_, saved) => {
                ui.heading("Server");
                ui.label("Name");
                text_box(ui, &mut saved.name);
                ui.label("Address (HOST:PORT)");
                let address = text_box(ui, &mut saved.address);
                if ui.memory(|m| m.focused().is_none()) {
                    address.request_focus();
                }
                "Done"
            }
            ServerDialog::Direct(address) => {
                ui.heading("Direct connect");
                ui.label("Address (HOST:PORT)");
                let field = text_box(ui, address);
                if ui.memory(|m| m.focused().is_none()) {
                    field.request_focus();
                }
                "Join"
            }
            ServerDialog::Remove(_) => {
                ui.heading("Remove this server from the list?");
                "Remove"
            }
        };
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui.button(submit).clicked() || enter {
                action = submitted(dialog);
            }
            if ui.button("Cancel").clicked() {
                done = true;
            }
        });
    });
    let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
    (done || escape, action)
}

/// What `dialog` asks for, once its fields are filled in.
fn submitted(dialog: &ServerDialog) -> Option<MultiplayerAction> {
    let trimmed = |s: &SavedServer| SavedServer {
        name: s.name.trim().to_owned(),
        address: s.address.trim().to_owned(),
    };
    match dialog {
        ServerDialog::Add(s) if !s.address.trim().is_empty() => {
            Some(MultiplayerAction::Add(trimmed(s)))
        }
        ServerDialog::Edit(i, s) if !s.address.trim().is_empty() => {
            Some(MultiplayerAction::Edit(*i, trimmed(s)))
        }
        ServerDialog::Direct(address) if !address.trim().is_empty() => {
            Some(MultiplayerAction::Join {
                address: address.trim().to_owned(),
                label: address.trim().to_owned(),
            })
        }
        ServerDialog::Remove(i) => Some(MultiplayerAction::Remove(*i)),
        _ => None,
    }
}

/// What the player chose while a join is under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectingAction {
    /// Give up.
    Cancel,
    /// The password typed.
    Password(String),
}

/// "Connecting to the server…", with what the join is waiting for; a password box when the
/// server asks for one (`password` holds what is typed).
pub fn show_connecting(
    ui: &mut egui::Ui,
    server: &str,
    stage: &str,
    password: Option<&mut String>,
) -> Option<ConnectingAction> {
    dim(ui, 235);
    let mut action = None;
    let enter = ui
        .ctx()
        .input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter));
    menu_column(ui, "Connecting to the server\u{2026}", |ui| {
        ui.label(server);
        ui.add_space(4.0);
        ui.label(egui::RichText::new(stage).color(egui::Color32::from_gray(190)));
        ui.add_space(8.0);
        if let Some(typed) = password {
            ui.label("This server asks for a password");
            let field = ui.add(
                egui::TextEdit::singleline(typed)
                    .password(true)
                    .desired_width(220.0),
            );
            field.request_focus();
            if wide_button(ui, "Join").clicked() || enter {
                action = Some(ConnectingAction::Password(typed.clone()));
            }
        } else {
            ui.add(egui::Spinner::new().size(24.0));
            ui.add_space(8.0);
        }
        if wide_button(ui, "Cancel").clicked() {
            action = Some(ConnectingAction::Cancel);
        }
    });
    if ui.ctx().input(|i| i.key_pressed(egui::Key::Escape)) {
        action = Some(ConnectingAction::Cancel);
    }
    action
}

/// Why a join failed or the player was sent away, with a way back to the list; returns
/// whether the player went back.
pub fn show_disconnected(ui: &mut egui::Ui, reason: &str) -> bool {
    dim(ui, 235);
    let mut back = false;
    menu_column(ui, "Disconnected", |ui| {
        ui.label(reason);
        ui.add_space(12.0);
        back = wide_button(ui, "Back to the server list").clicked();
    });
    let keys = ui
        .ctx()
        .input(|i| i.key_pressed(egui::Key::Escape) || i.key_pressed(egui::Key::Enter));
    back || keys
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(dialog: &mut ServerDialog, key: egui::Key) -> (bool, Option<MultiplayerAction>) {
        super::super::last_frame_with_key(key, |ctx| show_dialog(ctx, dialog))
    }

    #[test]
    fn every_dialog_submits_on_enter_and_cancels_on_esc() {
        let saved = SavedServer {
            name: " Home ".to_owned(),
            address: "127.0.0.1:4000 ".to_owned(),
        };
        let clean = SavedServer {
            name: "Home".to_owned(),
            address: "127.0.0.1:4000".to_owned(),
        };
        assert_eq!(
            press(&mut ServerDialog::Add(saved.clone()), egui::Key::Enter).1,
            Some(MultiplayerAction::Add(clean.clone()))
        );
        assert_eq!(
            press(&mut ServerDialog::Edit(3, saved.clone()), egui::Key::Enter).1,
            Some(MultiplayerAction::Edit(3, clean))
        );
        assert_eq!(
            press(
                &mut ServerDialog::Direct("127.0.0.1".into()),
                egui::Key::Enter
            )
            .1,
            Some(MultiplayerAction::Join {
                address: "127.0.0.1".into(),
                label: "127.0.0.1".into()
            })
        );
        assert_eq!(
            press(&mut ServerDialog::Remove(1), egui::Key::Enter).1,
            Some(MultiplayerAction::Remove(1))
        );
        assert_eq!(
            press(&mut ServerDialog::Direct(String::new()), egui::Key::Enter).1,
            None,
            "nothing to join"
        );
        for mut dialog in [ServerDialog::Direct("x".into()), ServerDialog::Remove(0)] {
            assert_eq!(press(&mut dialog, egui::Key::Escape), (true, None));
        }
    }
}
