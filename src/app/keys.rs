//! Converters from winit's events to the game's input vocabulary; nothing else.

use winit::event::MouseButton;
use winit::keyboard::KeyCode;

use super::input::{Button, InputState};
use hewn_core::physics::Control;
use hewn_core::sim::HOTBAR_SLOTS;

/// What a key does in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    /// A movement control.
    Control(Control),
    /// Select a hotbar slot (0 to 8).
    Hotbar(usize),
    /// Open or close the inventory.
    Inventory,
    /// Survival: throw one of the stack in hand (with Ctrl, all of it).
    Drop,
    /// Save a screenshot.
    Screenshot,
    /// Show or hide the debug overlay.
    Overlay,
    /// Switch fullscreen.
    Fullscreen,
    /// Switch the player between the box and the cylinder collider.
    SwitchCollider,
    /// Open the chat.
    Chat,
    /// Open the chat with a `/` for a command.
    ChatCommand,
    /// Show who is online while held.
    PlayerList,
}

impl Binding {
    /// Every binding, in the order a settings screen lists them.
    pub const ALL: [Self; Control::KEYED.len() + HOTBAR_SLOTS + Self::COMMANDS.len()] = {
        let mut all = [Self::Inventory; Control::KEYED.len() + HOTBAR_SLOTS + Self::COMMANDS.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = if i < Control::KEYED.len() {
                Self::Control(Control::KEYED[i])
            } else if i < Control::KEYED.len() + HOTBAR_SLOTS {
                Self::Hotbar(i - Control::KEYED.len())
            } else {
                Self::COMMANDS[i - Control::KEYED.len() - HOTBAR_SLOTS]
            };
            i += 1;
        }
        all
    };

    /// The bindings that are neither controls nor hotbar slots, in the settings screen's order.
    const COMMANDS: [Self; 9] = [
        Self::Inventory,
        Self::Drop,
        Self::Chat,
        Self::ChatCommand,
        Self::PlayerList,
        Self::Screenshot,
        Self::Overlay,
        Self::Fullscreen,
        Self::SwitchCollider,
    ];

    /// Its name in `settings.toml`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Control(control) => control.name(),
            Self::Hotbar(0) => "hotbar_1",
            Self::Hotbar(1) => "hotbar_2",
            Self::Hotbar(2) => "hotbar_3",
            Self::Hotbar(3) => "hotbar_4",
            Self::Hotbar(4) => "hotbar_5",
            Self::Hotbar(5) => "hotbar_6",
            Self::Hotbar(6) => "hotbar_7",
            Self::Hotbar(7) => "hotbar_8",
            Self::Hotbar(_) => "hotbar_9",
            Self::Inventory => "inventory",
            Self::Drop => "drop",
            Self::Screenshot => "screenshot",
            Self::Overlay => "debug_overlay",
            Self::Fullscreen => "fullscreen",
            Self::SwitchCollider => "switch_collider",
            Self::Chat => "chat",
            Self::ChatCommand => "chat_command",
            Self::PlayerList => "player_list",
        }
    }

    /// What it does, as the settings screen says it.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Self::Control(control) => control_facts(control).0.into(),
            Self::Hotbar(slot) => format!("Hotbar slot {}", slot + 1),
            Self::Inventory => "Inventory".into(),
            Self::Drop => "Drop item (survival)".into(),
            Self::Screenshot => "Screenshot".into(),
            Self::Overlay => "Debug overlay".into(),
            Self::Fullscreen => "Fullscreen".into(),
            Self::SwitchCollider => "Switch box / cylinder".into(),
            Self::Chat => "Chat".into(),
            Self::ChatCommand => "Chat command".into(),
            Self::PlayerList => "Body list (hold)".into(),
        }
    }

    /// The key it has in a new game.
    #[must_use]
    pub const fn default_key(self) -> KeyCode {
        const DIGITS: [KeyCode; 9] = [
            KeyCode::Digit1,
            KeyCode::Digit2,
            KeyCode::Digit3,
            KeyCode::Digit4,
            KeyCode::Digit5,
            KeyCode::Digit6,
            KeyCode::Digit7,
            KeyCode::Digit8,
            KeyCode::Digit9,
        ];
        match self {
            Self::Control(control) => control_facts(control).1,
            Self::Hotbar(slot) => DIGITS[if slot < 9 { slot } else { 8 }],
            Self::Inventory => KeyCode::KeyE,
            Self::Drop => KeyCode::KeyQ,
            Self::Screenshot => KeyCode::F2,
            Self::Overlay => KeyCode::F3,
            Self::Fullscreen => KeyCode::F11,
            Self::SwitchCollider => KeyCode::KeyC,
            Self::Chat => KeyCode::KeyT,
            Self::ChatCommand => KeyCode::Slash,
            Self::PlayerList => KeyCode::Tab,
        }
    }
}

/// A control's label on the settings screen and its key in a new game.
const fn control_facts(control: Control) -> (&'static str, KeyCode) {
    match control {
        Control::Forward => ("Walk forward", KeyCode::KeyW),
        Control::Back => ("Walk back", KeyCode::KeyS),
        Control::Left => ("Strafe left", KeyCode::KeyA),
        Control::Right => ("Strafe right", KeyCode::KeyD),
        Control::Jump => ("Jump, fly up, swim up", KeyCode::Space),
        Control::Sneak => ("Sneak, fly down", KeyCode::ShiftLeft),
        Control::Sprint => ("Sprint", KeyCode::ControlLeft),
        // Digging is the left mouse button and never bound ([`Control::KEYED`]); this arm
        // only keeps the match whole.
        Control::Dig => ("Dig", KeyCode::KeyG),
    }
}

/// Which key does what: one key per binding, as the player set them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    /// The key of each of [`Binding::ALL`], in that order.
    keys: [KeyCode; Binding::ALL.len()],
}

impl Default for Bindings {
    fn default() -> Self {
        Self {
            keys: Binding::ALL.map(Binding::default_key),
        }
    }
}

fn position(binding: Binding) -> usize {
    Binding::ALL
        .iter()
        .position(|&b| b == binding)
        .unwrap_or_default()
}

impl Bindings {
    /// What `code` does: the first binding, in [`Binding::ALL`] order, it is the key of.
    #[must_use]
    pub fn binding_of(&self, code: KeyCode) -> Option<Binding> {
        self.keys
            .iter()
            .position(|&k| k == code)
            .map(|i| Binding::ALL[i])
    }

    /// The key of `binding`.
    #[must_use]
    pub fn key(&self, binding: Binding) -> KeyCode {
        self.keys[position(binding)]
    }

    /// Gives `binding` the key `code`; a key may end up with two bindings, which
    /// [`Bindings::conflicts`] reports.
    pub fn set(&mut self, binding: Binding, code: KeyCode) {
        self.keys[position(binding)] = code;
    }

    /// Whether the key of `binding` is also another binding's, so that one of them does
    /// nothing: a settings screen shows it as a conflict.
    #[must_use]
    pub fn conflicts(&self, binding: Binding) -> bool {
        let key = self.key(binding);
        self.keys.iter().filter(|&&k| k == key).count() > 1
    }
}

/// The key that pauses and closes menus. Fixed, as in the games this one follows, so that no
/// binding can lock a player out of the menus; it also cancels a rebinding.
pub const PAUSE_KEY: KeyCode = KeyCode::Escape;

/// What a key asks of the app, beyond the player's controls (which go to the input state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hotkey {
    /// Pause, or close the open menu.
    Pause,
    /// Open or close the inventory.
    Inventory,
    /// Survival: throw what is in hand.
    Drop,
    /// Save a screenshot.
    Screenshot,
    /// Show or hide the debug overlay.
    Overlay,
    /// Switch fullscreen.
    Fullscreen,
    /// Show (while held) or hide the list of players online.
    PlayerList {
        /// Whether the key went down.
        shown: bool,
    },
    /// Open the chat, its line starting with `text`.
    Chat {
        /// What the line starts with: nothing, or `/` for a command.
        text: &'static str,
    },
}

/// A key going down (`down`) or up while the game has the keyboard: movement and the hotbar
/// go to `input` at once; what concerns the app comes back as a [`Hotkey`]. Key repeats
/// neither toggle nor count as new presses.
pub fn press(
    bindings: &Bindings,
    input: &mut InputState,
    code: KeyCode,
    down: bool,
    repeat: bool,
) -> Option<Hotkey> {
    if code == PAUSE_KEY {
        return (down && !repeat).then_some(Hotkey::Pause);
    }
    let binding = bindings.binding_of(code)?;
    if let Binding::Control(control) = binding {
        if !repeat {
            input.key(control, down);
        }
        return None;
    }
    if binding == Binding::PlayerList {
        return (!repeat).then_some(Hotkey::PlayerList { shown: down });
    }
    if !down || repeat {
        return None;
    }
    match binding {
        Binding::Control(_) => None,
        Binding::Hotbar(slot) => {
            input.select(slot);
            None
        }
        Binding::SwitchCollider => {
            input.switch_collider();
            None
        }
        Binding::Inventory => Some(Hotkey::Inventory),
        Binding::Drop => Some(Hotkey::Drop),
        Binding::Screenshot => Some(Hotkey::Screenshot),
        Binding::Overlay => Some(Hotkey::Overlay),
        Binding::Fullscreen => Some(Hotkey::Fullscreen),
        Binding::Chat => Some(Hotkey::Chat { text: "" }),
        Binding::ChatCommand => Some(Hotkey::Chat { text: "/" }),
        Binding::PlayerList => None,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rebound_key_does_what_its_binding_does_and_the_old_key_nothing() {
        let mut bindings = Bindings::default();
        let forward = Binding::Control(Control::Forward);
        bindings.set(forward, KeyCode::ArrowUp);
        let mut input = InputState::new(0.0, 0.0);

        assert_eq!(
            press(&bindings, &mut input, KeyCode::KeyW, true, false),
            None
        );
        assert!(
            !input.next_input().controls.held(Control::Forward),
            "W no longer walks"
        );

        press(&bindings, &mut input, KeyCode::ArrowUp, true, false);
        assert!(
            input.next_input().controls.held(Control::Forward),
            "the arrow walks"
        );
        press(&bindings, &mut input, KeyCode::ArrowUp, false, false);
        assert!(
            !input.next_input().controls.held(Control::Forward),
            "and stops on release"
        );
    }

    #[test]
    fn escape_pauses_whatever_else_it_is_bound_to() {
        let mut bindings = Bindings::default();
        bindings.set(Binding::Control(Control::Jump), PAUSE_KEY);
        let mut input = InputState::new(0.0, 0.0);
        assert_eq!(
            press(&bindings, &mut input, PAUSE_KEY, true, false),
            Some(Hotkey::Pause)
        );
        assert!(
            !input.next_input().controls.held(Control::Jump),
            "Esc does not jump"
        );
        assert_eq!(
            press(&bindings, &mut input, PAUSE_KEY, true, true),
            None,
            "a held key's repeats do not toggle the menu again"
        );
    }

    #[test]
    fn hotbar_keys_select_at_once_and_a_key_bound_twice_is_a_conflict() {
        let mut bindings = Bindings::default();
        let mut input = InputState::new(0.0, 0.0);
        press(&bindings, &mut input, KeyCode::Digit4, true, false);
        assert_eq!(input.selected(), 3);
        bindings.set(Binding::Hotbar(0), KeyCode::KeyE);
        assert!(bindings.conflicts(Binding::Hotbar(0)));
        assert!(bindings.conflicts(Binding::Inventory));
        assert!(!bindings.conflicts(Binding::Hotbar(1)));
    }
}
