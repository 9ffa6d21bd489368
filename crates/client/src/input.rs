//! Player input between ticks: held keys, mouse look, clicks and the hotbar, turned into one
//! [`Input`] per tick.
//!
//! In survival ([`InputState::set_survival`]) the buttons mean what they do there: the left
//! one holds the dig control, the right one places the block in hand (from the inventory)
//! or opens the crafting table or furnace looked at; the hotbar's slot is chosen through
//! the simulation, and what the menus ask (a click on a slot, a stack thrown) waits in a
//! queue for the next ticks.
//!
//! A leaf of the dependency graph: it knows nothing of winit (the app maps winit's keys to
//! [`Control`]s) and counts time in ticks, so double-taps and held-button repeats come out the
//! same in a recording as they felt in play.

use std::collections::VecDeque;

use hewn_core::physics::{Control, Controls};
use hewn_core::sim::survival::ScreenAction;
use hewn_core::sim::{Action, DEFAULT_HOTBAR, HOTBAR_SLOTS, Input, Item};
use hewn_net::protocol::MAX_ACTIONS_PER_TICK;

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

/// What survival asks of the buttons, as the simulation has it this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    /// The item in the selected hotbar slot, if any.
    pub held: Option<Item>,
    /// The hotbar slot in hand.
    pub selected: u8,
    /// Whether the player looks at a crafting table or a furnace, which the place button
    /// opens (unless sneaking, which places against it).
    pub at_station: bool,
}

/// The most actions the queue keeps: more than a player clicks in the few ticks it takes
/// to empty.
const QUEUE_LIMIT: usize = 64;

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
    /// The controls pressed since the last tick, held for the next one even if let go
    /// already: at a few frames a second a tap can come and go within one frame, and the
    /// tick would never see it.
    tapped: Controls,
    buttons: [ButtonState; 2],
    yaw: f64,
    pitch: f64,
    /// Degrees of turn per unit of mouse motion.
    sensitivity: f64,
    /// Whether moving the mouse up looks down.
    invert_y: bool,
    /// Whether walking into a one-block step jumps onto it (the setting).
    auto_jump: bool,
    look_changed: bool,
    tick: u64,
    last_jump: Option<u64>,
    toggle_fly: bool,
    switch_collider: bool,
    pick_requested: bool,
    /// What each hotbar slot holds.
    pub hotbar: [Item; HOTBAR_SLOTS],
    selected: usize,
    /// Survival's hand, in a survival world; `None` in creative.
    survival: Option<Hand>,
    /// Whether the player looks at a door (or in survival a bed), which the place button
    /// uses.
    at_usable: bool,
    /// Whether the player looks at a creature, which the break button strikes.
    at_creature: bool,
    /// Actions asked for by keys and menus, taken in order, a few a tick.
    queued: VecDeque<Action>,
}

impl InputState {
    /// Nothing held, looking along `yaw` and `pitch`.
    #[must_use]
    pub fn new(yaw: f64, pitch: f64) -> Self {
        Self {
            controls: Controls::default(),
            tapped: Controls::default(),
            buttons: [ButtonState::default(); 2],
            yaw,
            pitch,
            sensitivity: MOUSE_SENSITIVITY,
            invert_y: false,
            auto_jump: false,
            look_changed: false,
            tick: 0,
            last_jump: None,
            toggle_fly: false,
            switch_collider: false,
            pick_requested: false,
            hotbar: DEFAULT_HOTBAR,
            selected: 0,
            survival: None,
            at_usable: false,
            at_creature: false,
            queued: VecDeque::new(),
        }
    }

    /// Plays by survival's rules with `hand` from now on, or by creative's with `None`.
    /// Entering survival takes the simulation's hotbar slot as the selection.
    pub fn set_survival(&mut self, hand: Option<Hand>) {
        if let (None, Some(h)) = (self.survival, hand) {
            self.selected = usize::from(h.selected).min(HOTBAR_SLOTS - 1);
        }
        self.survival = hand;
    }

    /// Whether the arm swings: a button held to break or place.
    #[must_use]
    pub fn swinging(&self) -> bool {
        self.buttons.iter().any(|b| b.held)
    }

    /// Notes whether the player looks at a door (or in survival a bed), which the place
    /// button then uses (unless sneaking, which places against it).
    pub const fn set_at_usable(&mut self, at_usable: bool) {
        self.at_usable = at_usable;
    }

    /// Says whether the player looks at a creature (nearer than any block), which the break
    /// button strikes instead of breaking or digging.
    pub const fn set_at_creature(&mut self, at_creature: bool) {
        self.at_creature = at_creature;
    }

    /// Whether survival's rules are in force.
    #[must_use]
    pub const fn in_survival(&self) -> bool {
        self.survival.is_some()
    }

    /// Asks for `action` at the next tick with room for it, after those asked for before.
    pub fn queue(&mut self, action: Action) {
        if self.queued.len() < QUEUE_LIMIT {
            self.queued.push_back(action);
        }
    }

    /// Whether actions wait in the queue.
    #[must_use]
    pub fn has_queued(&self) -> bool {
        !self.queued.is_empty()
    }

    /// Survival: throws one of the stack in hand, or all of it when `whole`.
    pub fn drop_held(&mut self, whole: bool) {
        if self.in_survival() {
            let count = if whole { Item::STACK } else { 1 };
            self.queue(Action::Drop { count });
        }
    }

    /// Survival: opens the inventory, closes the screen open, or clicks one of its slots.
    pub fn screen(&mut self, action: ScreenAction) {
        if self.in_survival() {
            self.queue(Action::Screen(action));
        }
    }

    /// A control's key went down (`true`) or up. Auto-repeat presses must be filtered out by
    /// the caller.
    pub fn key(&mut self, control: Control, down: bool) {
        self.controls.set(control, down);
        if down {
            self.tapped.set(control, true);
        }
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

    /// Turns auto-jump on or off: walking into a step one block high jumps onto it
    /// ([`hewn_core::physics::auto_jump`]).
    pub const fn set_auto_jump(&mut self, on: bool) {
        self.auto_jump = on;
    }

    /// Whether auto-jump is on.
    #[must_use]
    pub const fn auto_jump(&self) -> bool {
        self.auto_jump
    }

    /// The mouse moved by `(dx, dy)` counts while captured.
    pub fn mouse_motion(&mut self, dx: f64, dy: f64) {
        let dy = if self.invert_y { -dy } else { dy };
        self.yaw = (self.yaw + dx * self.sensitivity).rem_euclid(360.0);
        self.pitch = (self.pitch - dy * self.sensitivity).clamp(-90.0, 90.0);
        self.look_changed = true;
    }

    /// Selects hotbar slot `slot` (0 to 8); in survival the simulation is told.
    pub fn select(&mut self, slot: usize) {
        self.selected = slot.min(HOTBAR_SLOTS - 1);
        self.tell_selection();
    }

    /// Tells a survival world which slot is in hand.
    fn tell_selection(&mut self) {
        if self.in_survival() {
            self.queue(Action::Select(self.selected as u8));
        }
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
        self.tell_selection();
    }

    /// Takes the items and selection of a saved hotbar (empty slots keep their default).
    pub fn set_hotbar(&mut self, saved: &hewn_save::Hotbar) {
        for (slot, item) in self.hotbar.iter_mut().zip(saved.slots) {
            if let Some(item) = item {
                *slot = item;
            }
        }
        self.selected = saved.selected.min(HOTBAR_SLOTS - 1);
    }

    /// The hotbar as a save stores it.
    #[must_use]
    pub fn saved_hotbar(&self) -> hewn_save::Hotbar {
        hewn_save::Hotbar {
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
    /// click made as the menu opened must not act when play resumes. What the menus queued
    /// stays queued.
    pub fn release_all(&mut self) {
        self.controls = Controls::default();
        self.tapped = Controls::default();
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
        let tapped = std::mem::take(&mut self.tapped);
        let mut input = Input {
            controls: Controls::from_bits(self.controls.bits() | tapped.bits()),
            ..Input::default()
        };
        if std::mem::take(&mut self.look_changed) {
            input.yaw = Some(self.yaw);
            input.pitch = Some(self.pitch);
        }
        let survival = self.survival;
        // No one flies in survival.
        if std::mem::take(&mut self.toggle_fly) && survival.is_none() {
            input.actions.push(Action::ToggleFly);
        }
        if std::mem::take(&mut self.switch_collider) {
            input.actions.push(Action::ToggleCollider);
        }
        // A click that came and went within one frame digs for one tick: enough to break
        // what breaks at once (tall grass, a flower, ripe wheat), as a click does in Minecraft.
        let dig = &self.buttons[Button::Break as usize];
        if survival.is_some() && (dig.held || dig.pressed) && !self.at_creature {
            input.controls.set(Control::Dig, true);
        }
        let [break_action, place_action] = self.button_actions();
        for (b, action) in self.buttons.iter_mut().zip([break_action, place_action]) {
            // A door held open would flap, a meal would start over, and a held click strikes
            // once, as in Minecraft: use and attack fire per press.
            let repeats = !matches!(action, Some(Action::Use | Action::Attack));
            let fire = std::mem::take(&mut b.pressed) || (b.held && b.cooldown == 0 && repeats);
            if fire && let Some(action) = action {
                input.actions.push(action);
                b.cooldown = REPEAT_TICKS;
            } else {
                b.cooldown = b.cooldown.saturating_sub(1);
            }
        }
        while input.actions.len() < MAX_ACTIONS_PER_TICK
            && let Some(action) = self.queued.pop_front()
        {
            input.actions.push(action);
        }
        self.tick += 1;
        input
    }

    /// What the break and place buttons do now. Looking at a creature, the break button
    /// strikes it. Looking at a door or (in survival) a bed,
    /// the place button uses it (but for a sneaking player). In creative: break, and use the hotbar's
    /// item. In survival the dig control breaks; the place button opens the station looked
    /// at (but for a sneaking player) or places the block in hand.
    fn button_actions(&self) -> [Option<Action>; 2] {
        if self.at_creature {
            let place = self.button_actions_at_blocks()[1];
            return [Some(Action::Attack), place];
        }
        self.button_actions_at_blocks()
    }

    /// What the break and place buttons do when no creature is looked at.
    fn button_actions_at_blocks(&self) -> [Option<Action>; 2] {
        if self.at_usable && !self.controls.held(Control::Sneak) {
            let dig = self.survival.is_none().then_some(Action::Break);
            return [dig, Some(Action::Use)];
        }
        match self.survival {
            None => [Some(Action::Break), self.hotbar[self.selected].use_action()],
            Some(hand) if hand.at_station && !self.controls.held(Control::Sneak) => {
                [None, Some(Action::Screen(ScreenAction::OpenLookedAt))]
            }
            Some(hand) => [
                None,
                match hand.held {
                    Some(Item::Block(block)) => Some(Action::Place(block)),
                    Some(item) => item.use_action().filter(|&a| a == Action::Use),
                    None => None,
                },
            ],
        }
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
        let sand = Item::Block(hewn_core::world::Block::SAND);
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

    fn survival(held: Option<Item>, at_station: bool) -> Hand {
        Hand {
            held,
            selected: 4,
            at_station,
        }
    }

    #[test]
    fn in_survival_the_left_button_holds_dig_and_breaks_nothing_by_a_click() {
        let mut s = InputState::new(0.0, 0.0);
        s.set_survival(Some(survival(None, false)));
        assert_eq!(s.selected(), 4, "the simulation's slot is taken");
        s.button(Button::Break, true);
        for _ in 0..40 {
            let input = s.next_input();
            assert!(input.controls.held(Control::Dig));
            assert!(input.actions.is_empty(), "{:?}", input.actions);
        }
        s.button(Button::Break, false);
        assert!(!s.next_input().controls.held(Control::Dig));
        // No double-tap flight either.
        s.key(Control::Jump, true);
        s.key(Control::Jump, false);
        s.key(Control::Jump, true);
        assert!(s.next_input().actions.is_empty());
    }

    /// At a few frames a second a tap can go down and up between two ticks: it still counts,
    /// for one tick.
    #[test]
    fn a_tap_shorter_than_a_frame_counts_for_one_tick() {
        let mut s = InputState::new(0.0, 0.0);
        s.set_survival(Some(survival(None, false)));
        s.button(Button::Break, true);
        s.button(Button::Break, false);
        s.key(Control::Jump, true);
        s.key(Control::Jump, false);
        let input = s.next_input();
        assert!(input.controls.held(Control::Dig), "the click digs");
        assert!(input.controls.held(Control::Jump), "the tap jumps");
        let input = s.next_input();
        assert!(!input.controls.held(Control::Dig), "for one tick only");
        assert!(!input.controls.held(Control::Jump));
        // Held over several ticks, a key counts as held, and stops when let go.
        s.key(Control::Forward, true);
        assert!(s.next_input().controls.held(Control::Forward));
        assert!(s.next_input().controls.held(Control::Forward));
        s.key(Control::Forward, false);
        assert!(!s.next_input().controls.held(Control::Forward));
    }

    #[test]
    fn in_survival_the_right_button_places_the_block_in_hand_or_opens_a_station() {
        let sand = Item::Block(hewn_core::world::Block::SAND);
        let mut s = InputState::new(0.0, 0.0);
        s.set_survival(Some(survival(Some(sand), false)));
        s.button(Button::Place, true);
        s.button(Button::Place, false);
        assert_eq!(
            s.next_input().actions,
            [Action::Place(hewn_core::world::Block::SAND)]
        );
        s.set_survival(Some(survival(
            Some(Item::from_name("stick").expect("an item")),
            false,
        )));
        s.button(Button::Place, true);
        s.button(Button::Place, false);
        assert!(s.next_input().actions.is_empty(), "a stick places nothing");
        s.set_survival(Some(survival(Some(sand), true)));
        s.button(Button::Place, true);
        s.button(Button::Place, false);
        assert_eq!(
            s.next_input().actions,
            [Action::Screen(ScreenAction::OpenLookedAt)]
        );
        s.key(Control::Sneak, true);
        s.button(Button::Place, true);
        assert_eq!(
            s.next_input().actions,
            [Action::Place(hewn_core::world::Block::SAND)],
            "sneaking places against the table"
        );
    }

    #[test]
    fn in_survival_the_hotbar_and_the_menus_reach_the_simulation_a_few_actions_a_tick() {
        let mut s = InputState::new(0.0, 0.0);
        s.select(2);
        s.drop_held(false);
        assert!(
            s.next_input().actions.is_empty(),
            "creative keeps its hotbar"
        );
        s.set_survival(Some(survival(None, false)));
        s.select(2);
        s.scroll(-3);
        s.drop_held(false);
        s.drop_held(true);
        s.screen(ScreenAction::OpenInventory);
        s.release_all();
        assert_eq!(
            s.next_input().actions,
            [
                Action::Select(2),
                Action::Select(8),
                Action::Drop { count: 1 },
                Action::Drop { count: 64 },
            ]
        );
        assert_eq!(
            s.next_input().actions,
            [Action::Screen(ScreenAction::OpenInventory)]
        );
        assert!(s.next_input().actions.is_empty());
    }
}
