//! Converters from winit's events to the game's input vocabulary; nothing else.

use winit::event::MouseButton;
use winit::keyboard::KeyCode;

use super::input::{Button, Key};

/// What a key does in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    /// A movement control.
    Control(Key),
    /// Select a hotbar slot (0 to 8).
    Hotbar(usize),
    /// Release the mouse.
    ReleaseMouse,
    /// Save a screenshot.
    Screenshot,
    /// Show or hide the debug overlay.
    Overlay,
    /// Switch fullscreen.
    Fullscreen,
    /// Switch the player between the box and the cylinder collider.
    SwitchCollider,
}

/// The binding of a physical key, if it has one.
#[must_use]
pub fn map_key(code: KeyCode) -> Option<Binding> {
    use Binding::{Control, Hotbar};
    Some(match code {
        KeyCode::KeyW | KeyCode::ArrowUp => Control(Key::Forward),
        KeyCode::KeyS | KeyCode::ArrowDown => Control(Key::Back),
        KeyCode::KeyA | KeyCode::ArrowLeft => Control(Key::Left),
        KeyCode::KeyD | KeyCode::ArrowRight => Control(Key::Right),
        KeyCode::Space => Control(Key::Jump),
        KeyCode::ShiftLeft | KeyCode::ShiftRight => Control(Key::Sneak),
        KeyCode::ControlLeft | KeyCode::ControlRight => Control(Key::Sprint),
        KeyCode::Digit1 => Hotbar(0),
        KeyCode::Digit2 => Hotbar(1),
        KeyCode::Digit3 => Hotbar(2),
        KeyCode::Digit4 => Hotbar(3),
        KeyCode::Digit5 => Hotbar(4),
        KeyCode::Digit6 => Hotbar(5),
        KeyCode::Digit7 => Hotbar(6),
        KeyCode::Digit8 => Hotbar(7),
        KeyCode::Digit9 => Hotbar(8),
        KeyCode::Escape => Binding::ReleaseMouse,
        KeyCode::F2 => Binding::Screenshot,
        KeyCode::F3 => Binding::Overlay,
        KeyCode::F11 => Binding::Fullscreen,
        KeyCode::KeyC => Binding::SwitchCollider,
        _ => return None,
    })
}

/// What a mouse button does in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseBinding {
    /// Break or place, repeated while held.
    Button(Button),
    /// Take what the player looks at into the hotbar (once per press).
    Pick,
}

/// The game's meaning of a mouse button, if it has one.
#[must_use]
pub const fn map_button(button: MouseButton) -> Option<MouseBinding> {
    match button {
        MouseButton::Left => Some(MouseBinding::Button(Button::Break)),
        MouseButton::Right => Some(MouseBinding::Button(Button::Place)),
        MouseButton::Middle => Some(MouseBinding::Pick),
        _ => None,
    }
}
