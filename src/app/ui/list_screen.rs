//! The screen the world list and the server list share: the game dimmed, a heading, a list
//! as tall as the window leaves room for, the last error in red and a row of buttons, all
//! greyed while a dialog asks its question over them.

/// The colour an error is shown in.
pub const ERROR_COLOUR: egui::Color32 = egui::Color32::from_rgb(255, 120, 110);

/// What a list screen remembers between frames: the row picked, the dialog open, and what
/// went wrong with the last action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListState<Row, Dialog> {
    /// The row picked.
    pub selected: Option<Row>,
    /// The open dialog.
    pub dialog: Option<Dialog>,
    /// What went wrong with the last action, shown until the next one.
    pub error: Option<String>,
}

impl<Row, Dialog> Default for ListState<Row, Dialog> {
    fn default() -> Self {
        Self {
            selected: None,
            dialog: None,
            error: None,
        }
    }
}

/// How a list screen is laid out.
pub struct Layout {
    /// The widest the list and its buttons may be, in points.
    pub width: f32,
    /// The room kept under the heading for everything but the list, in points.
    pub room: f32,
}

/// Draws a list screen: `heading` at the top, then `list` given the height it may take,
/// the error, and `buttons`; `list` and `buttons` may change `state`, and each may choose
/// what the player asked for (the buttons' choice is the later, and wins).
pub fn show<Row, Dialog, Choice>(
    ui: &mut egui::Ui,
    state: &mut ListState<Row, Dialog>,
    layout: &Layout,
    heading: impl FnOnce(&mut egui::Ui),
    list: impl FnOnce(&mut egui::Ui, &mut ListState<Row, Dialog>, f32) -> Option<Choice>,
    buttons: impl FnOnce(&mut egui::Ui, &mut ListState<Row, Dialog>) -> Option<Choice>,
) -> Option<Choice> {
    super::dim(ui, 90);
    let open_dialog = state.dialog.is_some();
    let mut chosen = None;
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.inner_margin(24.0))
        .show(ui, |ui| {
            ui.add_enabled_ui(!open_dialog, |ui| {
                ui.vertical_centered(heading);
                let height = (ui.available_height() - layout.room).max(60.0);
                let width = ui.available_width().min(layout.width);
                ui.vertical_centered(|ui| {
                    ui.set_max_width(width);
                    let listed = list(ui, state, height);
                    ui.add_space(8.0);
                    if let Some(error) = &state.error {
                        ui.colored_label(ERROR_COLOUR, error);
                    }
                    chosen = buttons(ui, state).or(listed);
                });
            });
        });
    chosen
}
