//! A player's inputs waiting on the server: a small jitter buffer that hands out one input
//! per tick, in the client's tick order.
//!
//! Inputs arrive unreliably, some late, some twice (each message repeats the unconfirmed
//! ones). The queue keeps them by the client's tick and starts handing them out once
//! [`JITTER_TICKS`] are waiting, so an input delayed by less than that is still on time. A
//! tick whose input has not come when its turn does is played with the last controls held
//! and nothing else, and its input, should it come later, is dropped: a late input cannot
//! rewrite a tick already played.

use std::collections::BTreeMap;

use crate::physics::Controls;
use crate::sim::Input;

/// How many ticks of inputs wait before the first is played: 4 ticks, 67 ms, covers the
/// jitter of a home connection, and a lost packet's inputs arrive with the next one.
pub const JITTER_TICKS: u64 = 4;

/// The most inputs that may wait: a client more than this far ahead of the server is
/// sending faster than it plays, and its oldest inputs are dropped.
pub const MAX_WAITING: usize = 120;

/// One player's waiting inputs.
#[derive(Debug, Default)]
pub struct InputQueue {
    /// By client tick: the input, and the sequence number of its last action, if any.
    waiting: BTreeMap<u64, (Input, Option<u32>)>,
    /// The client tick to play next; `None` until the buffer first fills.
    next: Option<u64>,
    /// The controls of the last tick played, for ticks whose input is missing.
    held: Controls,
}

/// The input the server plays for a player this tick.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// The client's tick it stands for.
    pub tick: u64,
    /// The input: the client's, or the last controls held if it did not come in time.
    pub input: Input,
    /// Whether it is the client's own input.
    pub arrived: bool,
    /// The sequence number of its last action, if it has one.
    pub last_action: Option<u32>,
}

impl InputQueue {
    /// Adds the input of client tick `tick`, whose last action has sequence number
    /// `last_action`, unless that tick was played already or is waiting.
    pub fn add(&mut self, tick: u64, input: Input, last_action: Option<u32>) {
        if self.next.is_some_and(|next| tick < next) {
            return;
        }
        self.waiting.entry(tick).or_insert((input, last_action));
        while self.waiting.len() > MAX_WAITING {
            self.waiting.pop_first();
        }
    }

    /// Whether play has started: the first inputs have waited out the jitter.
    #[must_use]
    pub const fn started(&self) -> bool {
        self.next.is_some()
    }

    /// The input to play this tick, or `None` while the buffer is filling.
    pub fn next_turn(&mut self) -> Option<Turn> {
        let next = match self.next {
            Some(next) => next,
            None => {
                let (&first, _) = self.waiting.first_key_value()?;
                let (&last, _) = self.waiting.last_key_value()?;
                if last - first + 1 < JITTER_TICKS {
                    return None;
                }
                first
            }
        };
        // A client that skipped ahead (its tick jumped) is followed, not waited for.
        let next = match self.waiting.first_key_value() {
            Some((&first, _)) if first > next + MAX_WAITING as u64 => first,
            _ => next,
        };
        self.next = Some(next + 1);
        match self.waiting.remove(&next) {
            Some((input, last_action)) => {
                self.held = input.controls;
                Some(Turn {
                    tick: next,
                    input,
                    arrived: true,
                    last_action,
                })
            }
            None => Some(Turn {
                tick: next,
                input: Input {
                    controls: self.held,
                    ..Input::default()
                },
                arrived: false,
                last_action: None,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::Control;

    fn input(yaw: f64) -> Input {
        Input {
            controls: Controls::NONE.with(Control::Forward),
            yaw: Some(yaw),
            ..Input::default()
        }
    }

    #[test]
    fn inputs_play_in_tick_order_after_the_jitter_fills() {
        let mut q = InputQueue::default();
        q.add(11, input(11.0), None);
        q.add(10, input(10.0), None);
        q.add(12, input(12.0), None);
        assert_eq!(q.next_turn(), None, "three waiting, four needed");
        q.add(13, input(13.0), None);
        q.add(13, input(99.0), None);
        let ticks: Vec<_> = (0..4)
            .filter_map(|_| q.next_turn())
            .map(|t| (t.tick, t.input.yaw, t.arrived))
            .collect();
        assert_eq!(
            ticks,
            [
                (10, Some(10.0), true),
                (11, Some(11.0), true),
                (12, Some(12.0), true),
                (13, Some(13.0), true)
            ]
        );
    }

    #[test]
    fn a_missing_input_repeats_the_held_controls_and_a_late_one_is_dropped() {
        let mut q = InputQueue::default();
        for t in [0, 1, 2, 3, 5] {
            q.add(t, input(t as f64), None);
        }
        for _ in 0..4 {
            q.next_turn();
        }
        let missing = q.next_turn().expect("a turn");
        assert_eq!((missing.tick, missing.arrived), (4, false));
        assert_eq!(
            missing.input.controls,
            Controls::NONE.with(Control::Forward)
        );
        assert_eq!(missing.input.yaw, None);
        q.add(4, input(4.0), None);
        let next = q.next_turn().expect("a turn");
        assert_eq!((next.tick, next.input.yaw), (5, Some(5.0)));
    }

    #[test]
    fn the_queue_never_holds_more_than_its_limit() {
        let mut q = InputQueue::default();
        for t in 0..10_000 {
            q.add(t, input(0.0), None);
        }
        assert_eq!(q.waiting.len(), MAX_WAITING);
    }
}
