//! A player's inputs waiting on the server: a small jitter buffer that hands out one input
//! per tick, in the client's tick order.
//!
//! Inputs arrive unreliably, some late, some twice (each message repeats the last few
//! ticks). The queue keeps them by the client's tick and starts handing them out once
//! [`JITTER_TICKS`] are waiting, so an input delayed by less than that is still on time. A
//! tick whose input has not come when its turn does is played with the last controls held
//! and nothing else, and its input, should it come later, is dropped: a late input cannot
//! rewrite a tick already played. [`LATE_LIMIT`] such late inputs in a row mean the client
//! has fallen behind (a long frame, a slower route): the buffer grows by as many ticks as
//! the latest of them was late (up to [`MAX_JITTER_TICKS`]) and the queue waits it out
//! again from the inputs it has. So a client whose inputs come in bursts, as a game at a
//! few frames a second sends them, is corrected while the buffer learns its rhythm, not
//! every time a burst comes a tick too late.

use std::collections::{BTreeMap, BTreeSet};

use hewn_core::physics::Controls;
use hewn_core::sim::Input;

use crate::protocol::INPUTS_RESENT;

/// How many ticks of inputs wait before the first is played: 4 ticks, 67 ms, covers the
/// jitter of a home connection, and a lost packet's inputs arrive with the next one.
pub const JITTER_TICKS: u64 = 4;

/// The most inputs that may wait: a client more than this far ahead of the server is
/// sending faster than it plays, and its oldest inputs are dropped.
pub const MAX_WAITING: usize = 120;

/// Late inputs in a row after which a client is taken to have fallen behind.
pub const LATE_LIMIT: u32 = 3;

/// Turns over which a client's burstiness is measured: four seconds, so a client that
/// speeds up again sheds its larger buffer at the next refill.
const BURST_WINDOW: u32 = 240;

/// The most ticks the buffer grows to for a client whose inputs come late: three quarters of
/// a second, three frames of a game at four frames a second, so that two of its packets
/// lost in a row are made up by the third.
pub const MAX_JITTER_TICKS: u64 = 45;

/// How far ahead of the tick to play next an input is taken: ten seconds. A tick beyond it
/// is no tick a client playing in time could send.
pub const MAX_AHEAD: u64 = 600;

/// One player's waiting inputs.
#[derive(Debug)]
pub struct InputQueue {
    /// How many ticks of inputs wait before the first is played.
    jitter: u64,
    /// By client tick: the input, and the sequence number of its last action, if any.
    waiting: BTreeMap<u64, (Input, Option<u32>)>,
    /// The client tick to play next; `None` until the buffer (re)fills.
    next: Option<u64>,
    /// The tick after the last one played: ticks before it are over, whatever `next` is.
    played_to: u64,
    /// The controls of the last tick played, for ticks whose input is missing.
    held: Controls,
    /// The recent ticks played without their input: one of these arriving is late, any
    /// other tick behind `next` is a copy of one played.
    missed: BTreeSet<u64>,
    /// Late inputs in a row.
    late: u32,
    /// The most ticks any of them was late by.
    late_by: u64,
    /// New ticks (past every tick heard before) that came since the last turn: one
    /// message's worth, or a slow frame's. A lost packet's ticks, sent again, are not new.
    arrived: u64,
    /// The newest tick heard.
    newest: Option<u64>,
    /// The most new ticks that came between two turns in the last window of turns and the
    /// one before it: how bursty the client is now.
    burst: [u64; 2],
    /// Turns into the current window.
    window: u32,
    /// The last sequence number of the actions dropped unplayed, to report as dealt with
    /// (refused): otherwise the client would wait for word of them for ever.
    dropped_action: Option<u32>,
}

impl Default for InputQueue {
    fn default() -> Self {
        Self::new(JITTER_TICKS)
    }
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
    /// An empty queue that waits for `jitter` ticks of inputs (at least one) before it plays
    /// the first.
    #[must_use]
    pub fn new(jitter: u64) -> Self {
        Self {
            jitter: jitter.max(1),
            waiting: BTreeMap::new(),
            next: None,
            played_to: 0,
            held: Controls::NONE,
            missed: BTreeSet::new(),
            late: 0,
            late_by: 0,
            arrived: 0,
            newest: None,
            burst: [0; 2],
            window: 0,
            dropped_action: None,
        }
    }

    /// Adds the input of client tick `tick`, whose last action has sequence number
    /// `last_action`, unless that tick was played already or is waiting.
    pub fn add(&mut self, tick: u64, input: Input, last_action: Option<u32>) {
        if tick < self.played_to {
            if self.missed.remove(&tick) {
                self.drop_actions(last_action);
                self.late += 1;
                self.late_by = self.late_by.max(self.played_to - tick);
                if self.late >= LATE_LIMIT {
                    self.jitter = (self.jitter + self.late_by).min(MAX_JITTER_TICKS);
                    self.late = 0;
                    self.late_by = 0;
                    self.next = None;
                }
            }
            return;
        }
        // Past the last tick played, `next` (when play is on) is `played_to`.
        if let Some(next) = self.next {
            if tick - next > MAX_AHEAD {
                self.drop_actions(last_action);
                return;
            }
            self.late = 0;
            self.late_by = 0;
        }
        if self.newest.is_none_or(|newest| tick > newest) {
            self.newest = Some(tick);
            self.arrived += 1;
        }
        self.waiting.entry(tick).or_insert((input, last_action));
        while self.waiting.len() > MAX_WAITING {
            if let Some((_, (_, dropped))) = self.waiting.pop_first() {
                self.drop_actions(dropped);
            }
        }
    }

    /// Notes actions dropped unplayed.
    fn drop_actions(&mut self, last_action: Option<u32>) {
        if last_action.is_some() {
            self.dropped_action = last_action;
        }
    }

    /// The last sequence number of the actions dropped unplayed since the last call.
    pub const fn take_dropped_action(&mut self) -> Option<u32> {
        self.dropped_action.take()
    }

    /// Takes the new ticks that came since the last turn into the burst window, which
    /// moves on every [`BURST_WINDOW`] turns.
    fn note_arrivals(&mut self) {
        let arrived = std::mem::take(&mut self.arrived);
        self.burst[1] = self.burst[1].max(arrived);
        self.window += 1;
        if self.window >= BURST_WINDOW {
            self.burst = [self.burst[1], 0];
            self.window = 0;
        }
    }

    /// How many ticks of inputs must wait before play starts: the jitter, and for a client
    /// whose bursts are larger than a message of a client at full speed holds
    /// ([`INPUTS_RESENT`]: a slow frame's ticks at once) three bursts more, so that the next
    /// burst comes while one is still being played even when two lost packets delay it by
    /// two frames.
    fn needed(&self) -> u64 {
        let burst = self.burst[0].max(self.burst[1]);
        let extra = if burst > INPUTS_RESENT as u64 {
            3 * burst - 1
        } else {
            0
        };
        (self.jitter + extra).min(MAX_JITTER_TICKS)
    }

    /// The input to play this tick, or `None` while the buffer is filling.
    pub fn next_turn(&mut self) -> Option<Turn> {
        self.note_arrivals();
        let next = match self.next {
            Some(next) => next,
            None => {
                let (&first, _) = self.waiting.first_key_value()?;
                let (&last, _) = self.waiting.last_key_value()?;
                // Play goes on from the tick after the last played, so a tick that never
                // came is played as missed, not skipped.
                let start = if self.played_to == 0 {
                    first
                } else {
                    self.played_to
                };
                if (last.saturating_sub(start)).saturating_add(1) < self.needed() {
                    return None;
                }
                start
            }
        };
        // A client that skipped ahead (its tick jumped) is followed, not waited for.
        let next = match self.waiting.first_key_value() {
            Some((&first, _)) if first > next.saturating_add(MAX_WAITING as u64) => first,
            _ => next,
        };
        self.next = Some(next.saturating_add(1));
        self.played_to = next.saturating_add(1);
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
            None => {
                self.missed.insert(next);
                while self.missed.len() > MAX_WAITING {
                    self.missed.pop_first();
                }
                Some(Turn {
                    tick: next,
                    input: Input {
                        controls: self.held,
                        ..Input::default()
                    },
                    arrived: false,
                    last_action: None,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::physics::Control;

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
        for t in [0, 1, 2] {
            q.add(t, input(t as f64), None);
        }
        assert_eq!(q.next_turn(), None, "three waiting, four needed");
        for t in [3, 5] {
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
        q.add(4, input(4.0), Some(7));
        assert_eq!(
            q.take_dropped_action(),
            Some(7),
            "its action is reported dropped"
        );
        let next = q.next_turn().expect("a turn");
        assert_eq!((next.tick, next.input.yaw), (5, Some(5.0)));
    }

    #[test]
    fn a_client_fallen_behind_is_waited_for_again() {
        let mut q = InputQueue::default();
        for t in 0..3 {
            q.add(t, input(t as f64), None);
        }
        assert_eq!(q.next_turn(), None, "three waiting, four needed");
        for t in 3..6 {
            q.add(t, input(t as f64), None);
        }
        for _ in 0..6 {
            q.next_turn();
        }
        // Three ticks go by without their inputs, which then come, late.
        for _ in 0..3 {
            assert!(!q.next_turn().expect("a turn").arrived);
        }
        for t in 6..9 {
            q.add(t, input(t as f64), None);
        }
        // A copy of a tick played on time is no sign of lateness.
        q.add(2, input(2.0), None);
        assert_eq!(q.next_turn(), None, "waiting out the jitter again");
        // The buffer grew by as much as they were late (3 ticks): seven ticks now.
        for t in 9..12 {
            q.add(t, input(t as f64), None);
        }
        assert_eq!(q.next_turn(), None);
        for t in 12..15 {
            q.add(t, input(t as f64), None);
        }
        assert_eq!(q.next_turn(), None, "six waiting, seven needed");
        q.add(15, input(15.0), None);
        let turn = q.next_turn().expect("playing again");
        assert_eq!((turn.tick, turn.arrived), (9, true));
    }

    #[test]
    fn ticks_near_the_ends_of_the_range_cannot_overflow() {
        let mut q = InputQueue::default();
        let last = Input {
            controls: Controls::NONE.with(Control::Jump),
            ..input(1.0)
        };
        q.add(u64::MAX, last.clone(), None);
        q.add(0, input(0.0), None);
        let turns: Vec<Turn> = (0..3).filter_map(|_| q.next_turn()).collect();
        let ticks: Vec<(u64, bool)> = turns.iter().map(|t| (t.tick, t.arrived)).collect();
        // Tick 0 first, then the client that jumped to the end of the range is followed;
        // past its last tick the queue stays there, holding the last controls, rather than
        // wrapping round to tick 0.
        assert_eq!(ticks, [(0, true), (u64::MAX, true), (u64::MAX, false)]);
        assert_eq!(turns[1].input, last);
        assert_eq!(
            turns[2].input.controls, last.controls,
            "the last tick's, not the first's"
        );
        assert_eq!(
            turns[2].input.yaw, None,
            "a missing tick holds the controls only"
        );
        // An input from behind what was played is never played.
        q.add(u64::MAX - 1, input(2.0), Some(1));
        let turn = q.next_turn().expect("play goes on");
        assert_eq!((turn.tick, turn.arrived), (u64::MAX, false));
        assert!(
            q.waiting.is_empty(),
            "nothing behind the played ticks waits"
        );
    }

    #[test]
    fn the_queue_never_holds_more_than_its_limit() {
        let mut q = InputQueue::default();
        for t in 0..10_000 {
            q.add(t, input(0.0), None);
        }
        assert_eq!(q.waiting.len(), MAX_WAITING);
    }

    #[test]
    fn a_client_sending_a_slow_frames_ticks_at_once_is_buffered_for_three_frames() {
        let mut q = InputQueue::default();
        for t in 0..15 {
            q.add(t, input(t as f64), None);
        }
        // Fifteen came at once: the buffer waits for 4 + 3 × 15 − 1 = 48 ticks, capped.
        assert_eq!(q.next_turn(), None);
        for t in 15..44 {
            q.add(t, input(t as f64), None);
        }
        assert_eq!(q.next_turn(), None, "44 waiting, 45 needed");
        q.add(44, input(44.0), None);
        assert_eq!(q.next_turn().map(|t| t.tick), Some(0));
    }
}
