//! The open chat: the last lines heard, scrolled to the newest, and the line being typed.
//! Enter sends it; Esc (the app's pause key) closes the chat without sending.

use crate::app::chat::ChatLog;
use hewn_net::protocol::MAX_CHAT_CHARS;

/// What the open chat remembers between frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChatState {
    /// The line being typed.
    pub line: String,
    /// Whether the chat opened since the last frame: the key that opened it must not type
    /// into it.
    pub just_opened: bool,
}

impl ChatState {
    /// The chat opening, its line starting with `text`.
    #[must_use]
    pub fn opened_with(text: &str) -> Self {
        Self {
            line: text.to_owned(),
            just_opened: true,
        }
    }
}

/// Draws the open chat over the game; returns the line to send once Enter is pressed.
pub fn show(ui: &mut egui::Ui, state: &mut ChatState, log: &ChatLog) -> Option<String> {
    if std::mem::take(&mut state.just_opened) {
        ui.input_mut(|i| i.events.retain(|e| !matches!(e, egui::Event::Text(_))));
    }
    let mut sent = None;
    egui::Area::new(egui::Id::unique("chat"))
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(8.0, -64.0))
        .show(ui.ctx(), |ui| {
            egui::Frame::NONE
                .fill(egui::Color32::from_black_alpha(150))
                .inner_margin(6.0)
                .show(ui, |ui| {
                    ui.set_width(520.0);
                    egui::ScrollArea::vertical()
                        .max_height(280.0)
                        .stick_to_bottom(true)
                        .show(ui, |ui| {
                            for line in log.lines() {
                                ui.label(
                                    egui::RichText::new(line).color(egui::Color32::from_gray(235)),
                                );
                            }
                        });
                    let edit = ui.add(
                        egui::TextEdit::singleline(&mut state.line)
                            .desired_width(f32::INFINITY)
                            .char_limit(MAX_CHAT_CHARS)
                            .hint_text("Say something, or / for a command"),
                    );
                    if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        sent = Some(std::mem::take(&mut state.line));
                    } else {
                        edit.request_focus();
                    }
                });
        });
    sent
}
