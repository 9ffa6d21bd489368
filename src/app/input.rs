//! Player input between ticks: held keys, mouse look, clicks and the hotbar, turned into one
//! [`Input`] per tick.
//!
//! A leaf of the dependency graph: it knows nothing of winit (the app maps winit's keys to
//! [`Control`]s) and counts time in ticks, so double-taps and held-button repeats come out the
//! same in a recording as they felt in play.

use crate::physics::{Control, Controls};
use crate::sim::{Action, DEFAULT_HOTBAR, HOTBAR_SLOTS, Input, Item};

/// Degrees of turn per unit of mouse motion, unless the settings say otherwise.
pub const MOUSE_SENSITIVITY: f64 = 0.15;
/// Two jump presses this many ticks apart or closer toggle flight (0.3 s).
pub const DOUBLE_TAP_TICKS: u64 = 18;
/// A held mouse button repeats its action every this many ticks (4 a second).
pub const REPEAT_TICKS: u32 = 15;

/// A mouse button the game binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// Break the targeted block (left).
    Break,
    /// Place the selected block (right).
    Place,
}

#[derive(Clone, Copy, Debug, Default)]
struct ButtonState {
    held: bool,
    /// A press not yet acted on (a click shorter than a tick still counts).
    pressed: bool,
    cooldown: u32,
}

/// Everything the player is doing right now.
#[derive(Clone, Debug)]
pub struct InputState {
    controls: Controls,
    buttons: [ButtonState; 2],
    yaw: f64,
    pitch: f64,
    /// Degrees of turn per unit of mouse motion.
    sensitivity: f64,
    /// Whether moving the mouse up looks down.
    invert_y: bool,
    look_changed: bool,
    tick: u64,
    last_jump: Option<u64>,
    toggle_fly: bool,
    switch_collider: bool,
    pick_requested: bool,
    /// What each hotbar slot holds.
    pub hotbar: [Item; HOTBAR_SLOTS],
    selected: usize,
}

impl InputState {
    /// Nothing held, looking along `yaw` and `pitch`.
    #[must_use]
    pub fn new(yaw: f64, pitch: f64) -> Self {
        Self {
            controls: Controls::default(),
            buttons: [ButtonState::default(); 2],
            yaw,
            pitch,
            sensitivity: MOUSE_SENSITIVITY,
            invert_y: false,
            look_changed: false,
            tick: 0,
            last_jump: None,
            toggle_fly: false,
            switch_collider: false,
            pick_requested: false,
            hotbar: DEFAULT_HOTBAR,
            selected: 0,
        }
    }

    /// A control's key went down (`true`) or up. Auto-repeat presses must be filtered out by
    /// the caller.
    pub fn key(&mut self, control: Control, down: bool) {
        self.controls.set(control, down);
        if control == Control::Jump && down {
            match self.last_jump {
                Some(t) if self.tick - t <= DOUBLE_TAP_TICKS => {
                    self.toggle_fly = true;
                    self.last_jump = None;
                }
                _ => self.last_jump = Some(self.tick),
            }
        }
    }

    /// A mouse button went down or up.
    pub fn button(&mut self, button: Button, down: bool) {
        let b = &mut self.buttons[button as usize];
        if down && !b.held {
            b.pressed = true;
        }
        b.held = down;
    }

    /// Sets how far the mouse turns the view: `sensitivity` degrees per unit of motion,
    /// and whether moving it up looks down.
    pub fn set_mouse(&mut self, sensitivity: f64, invert_y: bool) {
        self.sensitivity = sensitivity;
        self.invert_y = invert_y;
    }

    /// The mouse moved by `(dx, dy)` counts while captured.
    pub fn mouse_motion(&mut self, dx: f64, dy: f64) {
        let dy = if self.invert_y { -dy } else { dy };
        self.yaw = (self.yaw + dx * self.sensitivity).rem_euclid(360.0);
        self.pitch = (self.pitch - dy * self.sensitivity).clamp(-90.0, 90.0);
        self.look_changed = true;
    }

    /// Selects hotbar slot `slot` (0 to 8).
    pub fn select(&mut self, slot: usize) {
        self.selected = slot.min(HOTBAR_SLOTS - 1);
    }

    /// Puts `item` in hotbar slot `slot` and selects it, as dropping an item on a slot does.
    pub fn set_slot(&mut self, slot: usize, item: Item) {
        if let Some(held) = self.hotbar.get_mut(slot) {
            *held = item;
            self.selected = slot;
        }
    }

    /// Moves the selection by `steps` slots, wrapping around.
    pub fn scroll(&mut self, steps: i32) {
        self.selected = (self.selected as i32 + steps).rem_euclid(HOTBAR_SLOTS as i32) as usize;
    }

    /// Takes the items and selection of a saved hotbar (empty slots keep their default).
    pub fn set_hotbar(&mut self, saved: &crate::save::Hotbar) {
        for (slot, item) in self.hotbar.iter_mut().zip(saved.slots) {
            if let Some(item) = item {
                *slot = item;
            }
        }
        self.selected = saved.selected.min(HOTBAR_SLOTS - 1);
    }

    /// The hotbar as a save stores it.
    #[must_use]
    pub fn saved_hotbar(&self) -> crate::save::Hotbar {
        crate::save::Hotbar {
            slots: self.hotbar.map(Some),
            selected: self.selected,
        }
    }

    /// Asks for what the player looks at to be picked into the hotbar after the next tick,
    /// once that tick has applied the look the mouse has set by now.
    pub fn request_pick(&mut self) {
        self.pick_requested = true;
    }

    /// Whether a pick was asked for since the last call.
    pub fn take_pick_request(&mut self) -> bool {
        std::mem::take(&mut self.pick_requested)
    }

    /// Puts `item` in hand, as a middle click on something in the world does: selects the
    /// slot that already holds it, or else replaces what the selected slot holds.
    pub fn pick(&mut self, item: Item) {
        match self.hotbar.iter().position(|&held| held == item) {
            Some(slot) => self.selected = slot,
            None => self.hotbar[self.selected] = item,
        }
    }

    /// Asks for the collider switch on the next tick.
    pub fn switch_collider(&mut self) {
        self.switch_collider = true;
    }

    /// The selected slot.
    #[must_use]
    pub const fn selected(&self) -> usize {
        self.selected
    }

    /// Releases every key and button and forgets presses not yet acted on: the window lost
    /// focus, or a menu took the keyboard and mouse, so release events will never come and a
    /// click made as the menu opened must not act when play resumes.
    pub fn release_all(&mut self) {
        self.controls = Controls::default();
        for b in &mut self.buttons {
            b.held = false;
            b.pressed = false;
        }
        self.toggle_fly = false;
        self.switch_collider = false;
        self.pick_requested = false;
    }

    /// The look as the mouse has set it, possibly ahead of the simulation by part of a tick.
    #[must_use]
    pub const fn look(&self) -> (f64, f64) {
        (self.yaw, self.pitch)
    }

    /// The input for the next tick.
    pub fn next_input(&mut self) -> Input {
        let mut input = Input {
            controls: self.controls,
            ..Input::default()
        };
        if std::mem::take(&mut self.look_changed) {
            input.yaw = Some(self.yaw);
            input.pitch = Some(self.pitch);
        }
        if std::mem::take(&mut self.toggle_fly) {
            input.actions.push(Action::ToggleFly);
        }
        if std::mem::take(&mut self.switch_collider) {
            input.actions.push(Action::ToggleCollider);
        }
        let used = self.hotbar[self.selected].use_action();
        for (i, b) in self.buttons.iter_mut().enumerate() {
            let fire = std::mem::take(&mut b.pressed) || (b.held && b.cooldown == 0);
            let action = if i == 0 { Some(Action::Break) } else { used };
            if fire && let Some(action) = action {
                input.actions.push(action);
                b.cooldown = REPEAT_TICKS;
            } else {
                b.cooldown = b.cooldown.saturating_sub(1);
            }
        }
        self.tick += 1;
        input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_tap_toggles_flight_once() {
        let mut s = InputState::new(0.0, 0.0);
        s.key(Control::Jump, true);
        s.key(Control::Jump, false);
        for _ in 0..5 {
            s.next_input();
        }
        s.key(Control::Jump, true);
        let input = s.next_input();
        assert_eq!(input.actions, [Action::ToggleFly]);
        assert!(input.controls.held(Control::Jump));
        assert!(s.next_input().actions.is_empty());
    }

    #[test]
    fn slow_taps_do_not_toggle() {
        let mut s = InputState::new(0.0, 0.0);
        s.key(Control::Jump, true);
        for _ in 0..=DOUBLE_TAP_TICKS {
            s.next_input();
        }
        s.key(Control::Jump, true);
        assert!(s.next_input().actions.is_empty());
    }

    #[test]
    fn held_button_repeats_four_times_a_second() {
        let mut s = InputState::new(0.0, 0.0);
        s.button(Button::Break, true);
        let breaks = (0..60)
            .filter(|_| s.next_input().actions.contains(&Action::Break))
            .count();
        assert_eq!(breaks, 4);
    }

    #[test]
    fn a_click_between_ticks_still_counts() {
        let mut s = InputState::new(0.0, 0.0);
        s.select(3);
        s.button(Button::Place, true);
        s.button(Button::Place, false);
        assert_eq!(
            s.next_input().actions,
            DEFAULT_HOTBAR[3]
                .use_action()
                .into_iter()
                .collect::<Vec<_>>()
        );
        assert!(s.next_input().actions.is_empty());
    }

    #[test]
    fn the_crate_slot_places_crates() {
        let mut s = InputState::new(0.0, 0.0);
        let slot = DEFAULT_HOTBAR.iter().position(|&i| i == Item::Crate);
        s.select(slot.expect("a new player has a crate"));
        s.button(Button::Place, true);
        assert_eq!(s.next_input().actions, [Action::PlaceCrate]);
    }

    #[test]
    fn picking_selects_a_held_item_or_replaces_the_selected_one() {
        let mut s = InputState::new(0.0, 0.0);
        s.request_pick();
        assert!(s.take_pick_request());
        assert!(!s.take_pick_request(), "one pick per click");
        s.pick(Item::Crate);
        assert_eq!(s.hotbar[s.selected()], Item::Crate);
        let crate_slot = s.selected();
        s.select(0);
        let sand = Item::Block(crate::world::Block::Sand);
        s.pick(sand);
        assert_eq!((s.selected(), s.hotbar[0]), (0, sand));
        assert_eq!(
            s.hotbar[crate_slot],
            Item::Crate,
            "other slots keep their items"
        );
    }

    #[test]
    fn focus_loss_releases_everything_and_look_is_sent_once() {
        let mut s = InputState::new(0.0, 0.0);
        s.key(Control::Forward, true);
        s.button(Button::Break, true);
        s.mouse_motion(100.0, -1000.0);
        let first = s.next_input();
        assert_eq!((first.yaw, first.pitch), (Some(15.0), Some(90.0)));
        s.release_all();
        let next = s.next_input();
        assert_eq!(next.controls, Controls::default());
        assert_eq!((next.yaw, next.pitch), (None, None));
        s.scroll(-1);
        assert_eq!(s.selected(), 8);
    }

    #[test]
    fn a_click_made_as_a_menu_opens_does_not_act_when_play_resumes() {
        let mut s = InputState::new(0.0, 0.0);
        s.button(Button::Place, true);
        s.button(Button::Place, false);
        s.request_pick();
        s.release_all();
        assert!(s.next_input().actions.is_empty());
        assert!(!s.take_pick_request());
    }
}
