//! winit's input events routed by screen: in play the keys and mouse drive the player; in
//! menus egui has them, except the keys that open and close menus, take screenshots and
//! switch fullscreen, which work everywhere.

use winit::event::{ElementState, MouseScrollDelta, WindowEvent};
use winit::keyboard::{KeyCode, PhysicalKey};

use super::App;
use super::keys::{self, Binding, Hotkey, MouseBinding, PAUSE_KEY, map_button};
use super::ui::screen::{Screen, Transition};

impl App {
    /// Routes a keyboard, mouse or wheel event to the rebinding in progress, the menus or
    /// the player.
    pub(super) fn route_input(&mut self, event: &WindowEvent) {
        if let WindowEvent::ModifiersChanged(modifiers) = event {
            self.frame.ctrl = modifiers.state().control_key();
        }
        if let WindowEvent::KeyboardInput { event: key, .. } = event
            && let PhysicalKey::Code(code) = key.physical_key
        {
            let pressed = key.state == ElementState::Pressed;
            if pressed && self.rebind(code) {
                return;
            }
            let esc_for_egui = matches!(
                self.screen,
                Screen::Title
                    | Screen::Playing
                    | Screen::Multiplayer
                    | Screen::Connecting
                    | Screen::Disconnected
            );
            if code == PAUSE_KEY && !esc_for_egui {
                // Esc closes a menu at once, even with the inventory's search box focused; on
                // the title and multiplayer screens it is egui's, to close a dialog first.
                if pressed && !key.repeat {
                    self.command(Hotkey::Pause);
                }
                return;
            }
        }
        // egui always hears the window, so it knows where the pointer is when a menu opens;
        // it keeps what it used only while a menu is up.
        let consumed = match (&mut self.menus, &self.display) {
            (Some(menus), Some(display)) => menus.on_window_event(&display.window, event),
            _ => false,
        };
        if consumed && !self.screen.captures_mouse() {
            return;
        }
        match event {
            WindowEvent::KeyboardInput { event: key, .. } => {
                if let PhysicalKey::Code(code) = key.physical_key {
                    self.key(code, key.state == ElementState::Pressed, key.repeat);
                }
            }
            WindowEvent::MouseInput { state, button, .. } => {
                self.mouse_button(*button, *state == ElementState::Pressed);
            }
            WindowEvent::MouseWheel { delta, .. } => self.wheel(*delta),
            _ => {}
        }
    }

    /// A key pressed while the settings screen waits for a new binding becomes it (Esc
    /// cancels). Returns whether the key was taken.
    fn rebind(&mut self, code: KeyCode) -> bool {
        let before = self.settings.clone();
        if !self.ui.options.key_pressed(code, &mut self.settings) {
            return false;
        }
        if self.settings != before {
            self.apply_settings(&before);
        }
        true
    }

    /// A key: in play, the player's controls and commands; in menus, only the keys that
    /// work everywhere.
    fn key(&mut self, code: KeyCode, down: bool, repeat: bool) {
        let command = match (&mut self.session, self.screen) {
            (Some(session), Screen::Playing) => {
                keys::press(&self.settings.keys, &mut session.input, code, down, repeat)
            }
            // Every other key is typing.
            (_, Screen::Chat) => (down && code == PAUSE_KEY).then_some(Hotkey::Pause),
            _ if down && !repeat => match self.settings.keys.binding_of(code) {
                Some(Binding::Inventory) => Some(Hotkey::Inventory),
                Some(Binding::Screenshot) => Some(Hotkey::Screenshot),
                Some(Binding::Fullscreen) => Some(Hotkey::Fullscreen),
                _ => (code == PAUSE_KEY).then_some(Hotkey::Pause),
            },
            _ => None,
        };
        if let Some(command) = command {
            self.command(command);
        }
    }

    /// A mouse button in play: the first click captures the mouse, later ones break, place
    /// and pick.
    fn mouse_button(&mut self, button: winit::event::MouseButton, down: bool) {
        if self.screen != Screen::Playing {
            return;
        }
        if !self.captured {
            if down {
                self.set_captured(true);
            }
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        match map_button(button) {
            Some(MouseBinding::Button(b)) => session.input.button(b, down),
            Some(MouseBinding::Pick) if down => session.input.request_pick(),
            _ => {}
        }
    }

    /// The wheel in play moves the hotbar's selection.
    fn wheel(&mut self, delta: MouseScrollDelta) {
        if self.screen != Screen::Playing {
            return;
        }
        if let Some(session) = &mut self.session {
            let steps = match delta {
                MouseScrollDelta::LineDelta(_, y) => -y.signum() as i32,
                MouseScrollDelta::PixelDelta(p) => -p.y.signum() as i32,
            };
            session.input.scroll(steps);
        }
    }

    /// The window gained or lost the keyboard. A player who switches away finds the game
    /// paused, as in the games this one follows; automation keeps running.
    pub(super) fn focus_changed(&mut self, focused: bool) {
        self.focused = focused;
        if focused {
            self.ever_focused = true;
            return;
        }
        self.set_captured(false);
        if let Some(session) = &mut self.session {
            session.input.release_all();
        }
        if self.ever_focused && self.screen == Screen::Playing && self.options.frames.is_none() {
            self.go(Transition::PauseKey);
        }
    }
}
