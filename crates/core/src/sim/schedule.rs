//! Held controls, one-shot cues, and the per-tick inputs a scenario's schedule produces.

use std::collections::BTreeMap;

use super::{Action, Input};
use crate::physics::Control;

/// A cue in a scenario's schedule: what one player does at the start of one tick beyond the
/// controls it holds (a look change, an action, leaving or coming back, an operator's move).
/// Not an [`Event`](super::Event), which is what a tick makes heard.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cue {
    /// Whose: 0 for the first player, `i` for the scenario's `others[i - 1]`.
    pub player: u32,
    /// The tick it happens at.
    pub at: u64,
    /// A new yaw.
    pub yaw: Option<f64>,
    /// A new pitch.
    pub pitch: Option<f64>,
    /// An action.
    pub action: Option<Action>,
    /// The player leaves the world, or comes back where it left.
    pub presence: Option<Presence>,
    /// What an operator does at the start of the tick.
    pub operation: Option<Operation>,
}

/// What an operator does to the world, as a scenario's `action = "teleport"` and
/// `action = "set_time"` say (a server's `/tp` and `/time set`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operation {
    /// The player is moved here, standing still.
    Teleport(glam::DVec3),
    /// The world's clock is set to this tick of its days.
    SetTime(u64),
    /// The world's difficulty is set to this.
    SetDifficulty(crate::sim::creature::Difficulty),
    /// The player is made an operator (`true`, `/op`) or no longer is (`false`, `/deop`):
    /// an operator in creative may break unknown blocks.
    Operator(bool),
    /// A block is set from outside the players, as a server's mod sets one
    /// ([`Step::sets`](crate::sim::Step::sets)).
    SetBlock(crate::world::BlockPos, crate::world::Block),
    /// Items are dropped from outside the players, as a server's mod drops them
    /// ([`Step::drops`](crate::sim::Step::drops)): where, what, how many.
    DropItem(glam::DVec3, crate::sim::Item, u8),
    /// The player is given items (a positive count) or has them taken (a negative one) from
    /// outside the players, as a server's mod does ([`Step::gives`](crate::sim::Step::gives)).
    GiveItem(crate::sim::Item, i16),
}

/// A player leaving the world or coming back, as a scenario's `action = "leave"` and
/// `action = "join"` say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Leaves at the start of the tick.
    Leave,
    /// Comes back where it left, at the start of the tick.
    Return,
}

/// How many holds of each control a player has running.
type Held = [i32; Control::ALL.len()];

/// The per-tick inputs of a scenario's players, produced in one sweep over its holds and
/// cues: each item has one [`Input`] per player, in the scenario's order (the first
/// player, then the others).
#[derive(Debug)]
pub struct InputSchedule {
    tick: u64,
    end: u64,
    held: Vec<Held>,
    /// By tick: (player, control, +1 where a hold starts, -1 where one ends).
    changes: BTreeMap<u64, Vec<(u32, Control, i32)>>,
    cues: BTreeMap<u64, Vec<Cue>>,
}

impl InputSchedule {
    /// The schedule of ticks `0..end` for `players` players.
    #[must_use]
    pub fn new(end: u64, players: usize) -> Self {
        Self {
            tick: 0,
            end,
            held: vec![[0; Control::ALL.len()]; players],
            changes: BTreeMap::new(),
            cues: BTreeMap::new(),
        }
    }

    /// Holds `control` down for `player` over the ticks `from..to`.
    pub fn hold(&mut self, player: u32, control: Control, from: u64, to: u64) {
        self.changes
            .entry(from)
            .or_default()
            .push((player, control, 1));
        self.changes
            .entry(to)
            .or_default()
            .push((player, control, -1));
    }

    /// Adds `cue`, to happen at its tick.
    pub fn add_cue(&mut self, cue: Cue) {
        self.cues.entry(cue.at).or_default().push(cue);
    }
}

impl Iterator for InputSchedule {
    type Item = Vec<Input>;

    fn next(&mut self) -> Option<Vec<Input>> {
        if self.tick >= self.end {
            return None;
        }
        for (player, control, delta) in self.changes.remove(&self.tick).unwrap_or_default() {
            self.held[player as usize][control as usize] += delta;
        }
        let mut inputs: Vec<Input> = self
            .held
            .iter()
            .map(|held| {
                let mut input = Input::default();
                for control in Control::ALL {
                    input.controls.set(control, held[control as usize] > 0);
                }
                input
            })
            .collect();
        for e in self.cues.remove(&self.tick).unwrap_or_default() {
            let input = &mut inputs[e.player as usize];
            input.yaw = e.yaw.or(input.yaw);
            input.pitch = e.pitch.or(input.pitch);
            input.actions.extend(e.action);
        }
        self.tick += 1;
        Some(inputs)
    }
}
