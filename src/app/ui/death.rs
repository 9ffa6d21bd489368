//! The death screen: "You died", what killed the player, and Respawn, over the world,
//! which goes on drawing behind a red tint.

use super::{menu_column, wide_button};

/// What the player chose on the death screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeathAction {
    /// Come back at the world's spawn.
    Respawn,
    /// Save the world and go back to the title screen.
    Title,
}

/// The tint over the world: a dark red that the world shows through, dark enough that the
/// white text on it reads over a bright sky.
const TINT: egui::Color32 = egui::Color32::from_rgba_premultiplied(70, 0, 0, 160);

/// Draws the death screen for a player killed as `cause` says; returns what it chose.
pub fn show(ui: &mut egui::Ui, cause: &str) -> Option<DeathAction> {
    let rect = ui.ctx().content_rect();
    ui.painter().rect_filled(rect, 0.0, TINT);
    let mut action = None;
    menu_column(ui, "You died!", |ui| {
        ui.label(
            egui::RichText::new(cause)
                .size(16.0)
                .color(egui::Color32::WHITE),
        );
        ui.add_space(20.0);
        if wide_button(ui, "Respawn").clicked() {
            action = Some(DeathAction::Respawn);
        }
        if wide_button(ui, "Save and quit to title").clicked() {
            action = Some(DeathAction::Title);
        }
    });
    action
}
