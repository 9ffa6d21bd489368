//! Held controls, one-shot events, and the per-tick inputs a scenario's schedule produces.

use std::collections::BTreeMap;

use super::{Action, Input};
use crate::physics::Control;

/// A look change and/or action at the start of one tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    /// The tick it happens at.
    pub at: u64,
    /// A new yaw.
    pub yaw: Option<f64>,
    /// A new pitch.
    pub pitch: Option<f64>,
    /// An action.
    pub action: Option<Action>,
}

/// The per-tick inputs of a scenario, produced in one sweep over its holds and events.
#[derive(Debug)]
pub struct InputSchedule {
    pub(super) tick: u64,
    pub(super) end: u64,
    pub(super) held: [i32; Control::ALL.len()],
    pub(super) changes: BTreeMap<u64, Vec<(Control, i32)>>,
    pub(super) events: BTreeMap<u64, Vec<Event>>,
}

impl Iterator for InputSchedule {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        if self.tick >= self.end {
            return None;
        }
        for (control, delta) in self.changes.remove(&self.tick).unwrap_or_default() {
            self.held[control as usize] += delta;
        }
        let mut input = Input::default();
        for control in Control::ALL {
            input.controls.set(control, self.held[control as usize] > 0);
        }
        for e in self.events.remove(&self.tick).unwrap_or_default() {
            input.yaw = e.yaw.or(input.yaw);
            input.pitch = e.pitch.or(input.pitch);
            input.actions.extend(e.action);
        }
        self.tick += 1;
        Some(input)
    }
}
