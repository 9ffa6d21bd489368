//! The menus: the title screen, loading and saving screens, pause menu, settings, the
//! creative inventory and survival's screens (inventory, crafting table, furnace, death),
//! laid out with egui and drawn by the renderer over the game.
//!
//! Each screen is a function from its state to the action the player chose this frame;
//! the app carries the actions out. [`screen`] says which screen follows which.
//! [`Menus`] connects egui to the window; [`lay_out`] runs a screen without one, for tests.

pub mod chat;
pub mod crafting;
pub mod death;
pub mod icons;
pub mod inventory;
pub mod list_screen;
pub mod multiplayer;
pub mod options;
pub mod pause;
pub mod recipe_book;
pub mod screen;
pub mod title;

use winit::event::WindowEvent;
use winit::window::Window;

use hewn_render::MenuFrame;

/// egui points per GUI-scale unit. egui's text and spacing are drawn finer than a block
/// game's GUI pixels, so at the default GUI scale of 2 a 720-pixel window is 480 points high:
/// room for the worlds list and the settings without crowding.
const POINTS_PER_GUI_UNIT: f32 = 0.75;

/// The look every screen shares: egui's dark theme, with bigger text and roomier buttons.
pub fn style(ctx: &egui::Context) {
    ctx.set_theme(egui::Theme::Dark);
    ctx.all_styles_mut(|style| {
        style.spacing.button_padding = egui::vec2(10.0, 5.0);
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.interact_size.y = 24.0;
        for font in style.text_styles.values_mut() {
            font.size *= 1.15;
        }
    });
}

/// A button of the width menus use, so a column of them lines up.
pub fn wide_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized([220.0, 30.0], egui::Button::new(text))
}

/// The size of a heading's letters.
pub const HEADING_SIZE: f32 = 14.0;
/// The colour of headings on a panel.
pub const INK: egui::Color32 = egui::Color32::from_gray(60);

/// Paints a light panel filling `rect`, framed, with `heading` at its top left, `margin` in:
/// the survival screen's look, shared by the station's panel and the recipe book beside it.
pub fn paint_panel(painter: &egui::Painter, rect: egui::Rect, margin: f32, heading: &str) {
    painter.rect_filled(rect, 6.0, egui::Color32::from_gray(198));
    painter.rect_stroke(
        rect,
        6.0,
        egui::Stroke::new(2.0, egui::Color32::from_gray(40)),
        egui::StrokeKind::Outside,
    );
    painter.text(
        rect.min + egui::vec2(margin, margin),
        egui::Align2::LEFT_TOP,
        heading,
        egui::FontId::proportional(HEADING_SIZE),
        INK,
    );
}

/// A full-window backdrop that dims the game behind a menu.
pub fn dim(ui: &mut egui::Ui, alpha: u8) {
    let rect = ui.ctx().content_rect();
    ui.painter()
        .rect_filled(rect, 0.0, egui::Color32::from_black_alpha(alpha));
}

/// The button column shared by simple menus, for screens that are a title and buttons.
pub fn menu_column(ui: &mut egui::Ui, heading: &str, add: impl FnOnce(&mut egui::Ui)) {
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space((ui.available_height() * 0.25).max(8.0));
                ui.label(egui::RichText::new(heading).size(28.0).strong());
                ui.add_space(16.0);
                add(ui);
            });
        });
}

/// egui in the window: its context and the state that turns winit's events into egui's
/// input.
pub struct Menus {
    ctx: egui::Context,
    winit: egui_winit::State,
    /// Widgets clicked since [`Menus::take_clicks`]: each is heard.
    clicks: u32,
    /// Where the pointer last moved while the game had it, for the next menu to start from.
    pointer: Option<egui::Event>,
}

impl Menus {
    /// Menus for `window`.
    #[must_use]
    pub fn new(window: &Window) -> Self {
        let ctx = egui::Context::default();
        style(&ctx);
        let winit = egui_winit::State::new(
            ctx.clone(),
            egui::ViewportId::ROOT,
            window,
            Some(window.scale_factor() as f32),
            window.theme(),
            None,
        );
        Self {
            ctx,
            winit,
            clicks: 0,
            pointer: None,
        }
    }

    /// How many buttons, boxes and rows were clicked since the last call.
    pub fn take_clicks(&mut self) -> u32 {
        std::mem::take(&mut self.clicks)
    }

    /// Forgets what egui heard while the game had the mouse and keyboard: the clicks that
    /// broke blocks and the keys that walked were the game's, and a menu opening later must
    /// not act on them (a click to capture the mouse would press the button under it). Where
    /// the pointer is, it keeps.
    pub fn forget_game_input(&mut self, window: &Window) {
        let input = self.winit.take_egui_input(window);
        let moved = input
            .events
            .into_iter()
            .rev()
            .find(|e| matches!(e, egui::Event::PointerMoved(_)));
        if moved.is_some() {
            self.pointer = moved;
        }
    }

    /// Passes a window event to egui. Returns whether egui took it (typing into a text box,
    /// say), so that the game should not act on it too.
    pub fn on_window_event(&mut self, window: &Window, event: &WindowEvent) -> bool {
        self.winit.on_window_event(window, event).consumed
    }

    /// Lays out this frame's menus with `show` at `gui_scale`, handles what egui asks of the
    /// window (the cursor, the clipboard), and returns what to draw with the texture changes
    /// the renderer must take first.
    pub fn run(
        &mut self,
        window: &Window,
        gui_scale: f32,
        show: impl FnMut(&mut egui::Ui),
    ) -> (MenuFrame, egui::TexturesDelta) {
        self.ctx.set_zoom_factor(gui_scale * POINTS_PER_GUI_UNIT);
        let mut input = self.winit.take_egui_input(window);
        if let Some(moved) = self.pointer.take() {
            input.events.insert(0, moved);
        }
        let output = self.ctx.run_ui(input, show);
        // egui reports each click on a widget for screen readers; the same report is the
        // menus' click sound.
        let clicked = output
            .platform_output
            .events
            .iter()
            .filter(|e| matches!(e, egui::output::OutputEvent::Clicked(_)))
            .count();
        self.clicks = self
            .clicks
            .saturating_add(u32::try_from(clicked).unwrap_or(u32::MAX));
        self.winit
            .handle_platform_output(window, output.platform_output);
        let primitives = self.ctx.tessellate(output.shapes, output.pixels_per_point);
        let frame = MenuFrame {
            primitives,
            pixels_per_point: output.pixels_per_point,
        };
        (frame, output.textures_delta)
    }
}

/// Lays out `show` without a window, as a `size` window at `gui_scale` would show it, for
/// golden-image tests. Runs a few passes, as windows do frame after frame, so that widgets
/// that size themselves from the previous pass settle; returns the last pass's frame and
/// all the passes' texture changes together.
pub fn lay_out(
    size: (u32, u32),
    gui_scale: f32,
    mut show: impl FnMut(&mut egui::Ui),
) -> (MenuFrame, egui::TexturesDelta) {
    const PASSES: usize = 3;
    let ctx = egui::Context::default();
    style(&ctx);
    let zoom = gui_scale * POINTS_PER_GUI_UNIT;
    ctx.set_zoom_factor(zoom);
    let points = egui::vec2(size.0 as f32, size.1 as f32) / zoom;
    let mut textures = egui::TexturesDelta::default();
    let mut frame = MenuFrame::default();
    for pass in 0..PASSES {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, points)),
            time: Some(pass as f64 / 60.0),
            ..Default::default()
        };
        let output = ctx.run_ui(input, &mut show);
        textures.append(output.textures_delta);
        frame = MenuFrame {
            primitives: ctx.tessellate(output.shapes, output.pixels_per_point),
            pixels_per_point: output.pixels_per_point,
        };
    }
    (frame, textures)
}

/// Runs `show` for three frames without a window, `key` pressed in the last; returns what
/// the last frame gave. Dialogs' tests press Enter and Esc through it.
#[cfg(test)]
pub(crate) fn last_frame_with_key<T: Default>(
    key: egui::Key,
    mut show: impl FnMut(&egui::Context) -> T,
) -> T {
    let ctx = egui::Context::default();
    let mut result = T::default();
    for frame in 0..3 {
        let mut input = egui::RawInput::default();
        if frame == 2 {
            input.events.push(egui::Event::Key {
                key,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            });
        }
        let mut output = ctx.run_ui(input, |ui| result = show(ui.ctx()));
        output.textures_delta.clear();
    }
    result
}
