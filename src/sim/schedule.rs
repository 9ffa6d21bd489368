//! Held controls, one-shot events, and the per-tick inputs a scenario's schedule produces.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{Action, Input};
use crate::physics::Controls;

/// A control that can be held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Control {
    /// Walk forward.
    Forward,
    /// Walk backward.
    Back,
    /// Strafe left.
    Left,
    /// Strafe right.
    Right,
    /// Jump, rise or swim up.
    Jump,
    /// Sneak or descend.
    Sneak,
    /// Sprint.
    Sprint,
}

impl Control {
    /// Every control, in the order the format lists them.
    pub const ALL: [Self; 7] = [
        Self::Forward,
        Self::Back,
        Self::Left,
        Self::Right,
        Self::Jump,
        Self::Sneak,
        Self::Sprint,
    ];

    /// The control's name in scenario files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Forward => "forward",
            Self::Back => "back",
            Self::Left => "left",
            Self::Right => "right",
            Self::Jump => "jump",
            Self::Sneak => "sneak",
            Self::Sprint => "sprint",
        }
    }

    /// Whether this control is held in `controls`.
    #[must_use]
    pub const fn is_held(self, c: &Controls) -> bool {
        match self {
            Self::Forward => c.forward,
            Self::Back => c.back,
            Self::Left => c.left,
            Self::Right => c.right,
            Self::Jump => c.jump,
            Self::Sneak => c.sneak,
            Self::Sprint => c.sprint,
        }
    }

    pub(super) fn hold(self, c: &mut Controls) {
        match self {
            Self::Forward => c.forward = true,
            Self::Back => c.back = true,
            Self::Left => c.left = true,
            Self::Right => c.right = true,
            Self::Jump => c.jump = true,
            Self::Sneak => c.sneak = true,
            Self::Sprint => c.sprint = true,
        }
    }
}

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
            if self.held[control as usize] > 0 {
                control.hold(&mut input.controls);
            }
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
