//! The pause menu, and the two screens that only show progress: loading a world and
//! saving it.

use super::{dim, menu_column, wide_button};

/// What the player chose in the pause menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseAction {
    /// Back to the game.
    Resume,
    /// Open the settings.
    Settings,
    /// Save the world and go back to the title screen.
    SaveAndQuit,
    /// Save the world and quit the game.
    Quit,
    /// Open the world to the local network.
    OpenToLan,
}

pub use hewn_client::play::LanState;

/// Draws the pause menu over the game; returns what the player chose.
pub fn show(ui: &mut egui::Ui, lan: LanState) -> Option<PauseAction> {
    dim(ui, 110);
    let mut action = None;
    let heading = match lan {
        // An open world goes on while its host is in the menu.
        LanState::Open(_) => "Game menu",
        LanState::NotOurs | LanState::Closed => "Game paused",
    };
    menu_column(ui, heading, |ui| {
        for (text, choice) in [
            ("Resume", PauseAction::Resume),
            ("Settings", PauseAction::Settings),
        ] {
            if wide_button(ui, text).clicked() {
                action = Some(choice);
            }
        }
        match lan {
            LanState::NotOurs => {}
            LanState::Closed => {
                if wide_button(ui, "Open to LAN").clicked() {
                    action = Some(PauseAction::OpenToLan);
                }
            }
            LanState::Open(port) => {
                ui.label(format!("Open to LAN on port {port}"));
            }
        }
        for (text, choice) in [
            ("Save and quit to title", PauseAction::SaveAndQuit),
            ("Quit game", PauseAction::Quit),
        ] {
            if wide_button(ui, text).clicked() {
                action = Some(choice);
            }
        }
    });
    action
}

/// The loading screen: the world's name, how much of the view is ready (0 to 1), and why it
/// cannot load, if it cannot.
pub fn show_loading(ui: &mut egui::Ui, world: &str, progress: f32, problem: Option<&str>) {
    dim(ui, 235);
    menu_column(ui, "Loading world", |ui| {
        ui.label(world);
        ui.add_space(8.0);
        if let Some(problem) = problem {
            ui.colored_label(super::list_screen::ERROR_COLOUR, problem);
        }
        ui.add(
            egui::ProgressBar::new(progress.clamp(0.0, 1.0))
                .desired_width(320.0)
                .show_percentage(),
        );
    });
}

/// "Saving world…", shown while the final save runs.
pub fn show_saving(ui: &mut egui::Ui) {
    dim(ui, 235);
    menu_column(ui, "Saving world\u{2026}", |_| {});
}
