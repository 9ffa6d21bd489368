//! The queue of scheduled cell updates: water cells due to flow and sand or gravel due to be
//! checked for support.
//!
//! Part of the simulation's state (its hash and saves cover it), ordered by (tick, x, y, z)
//! so that which updates run, and when, never depends on anything but the state. A cell is in
//! the queue at most once, at its earliest due tick: the update reads the cell as it is then,
//! so a later request for the same cell adds nothing.

use std::collections::{BTreeMap, BTreeSet};

use crate::physics::falling::FallingBlock;
use crate::world::BlockPos;

/// At most this many cell updates run in one tick; the rest wait, in order, for the next.
/// A tick in which a pool of 1024 sources updates costs under a millisecond (`cargo bench
/// --bench water`), so however large a flood, its updates cost a tick no more than that.
pub const MAX_UPDATES_PER_TICK: usize = 1024;

/// The world's motion at one moment, as saves and recordings keep it: the waiting updates
/// and the falling blocks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Motion {
    /// Each waiting cell with the ticks until it is due, in the queue's order.
    pub updates: Vec<(u64, BlockPos)>,
    /// The falling blocks, in order.
    pub falling: Vec<FallingBlock>,
}

/// Cells waiting for an update, by due tick.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Updates {
    due: BTreeSet<(u64, BlockPos)>,
    at: BTreeMap<BlockPos, u64>,
}

impl Updates {
    /// Asks for `pos` to be updated at tick `tick`, unless it is due as early already.
    pub fn schedule(&mut self, pos: BlockPos, tick: u64) {
        if let Some(&due) = self.at.get(&pos) {
            if due <= tick {
                return;
            }
            self.due.remove(&(due, pos));
        }
        self.due.insert((tick, pos));
        self.at.insert(pos, tick);
    }

    /// Takes, in order, the cells due at or before `now`, at most `limit` of them.
    pub fn take_due(&mut self, now: u64, limit: usize) -> Vec<BlockPos> {
        let mut taken = Vec::new();
        while taken.len() < limit {
            match self.due.first() {
                Some(&(tick, pos)) if tick <= now => {
                    self.due.pop_first();
                    self.at.remove(&pos);
                    taken.push(pos);
                }
                _ => break,
            }
        }
        taken
    }

    /// Every waiting cell with its due tick, in order.
    pub fn iter(&self) -> impl Iterator<Item = (u64, BlockPos)> + '_ {
        self.due.iter().copied()
    }

    /// How many cells wait.
    #[must_use]
    pub fn len(&self) -> usize {
        self.due.len()
    }

    /// Whether no cell waits.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.due.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_come_out_by_tick_then_position_once_each_within_the_limit() {
        let mut u = Updates::default();
        let (a, b, c) = (
            BlockPos::new(0, 64, 0),
            BlockPos::new(-1, 64, 0),
            BlockPos::new(5, 1, 5),
        );
        u.schedule(a, 30);
        u.schedule(b, 30);
        u.schedule(c, 45);
        u.schedule(c, 15);
        u.schedule(a, 40);
        assert_eq!(u.len(), 3);
        assert_eq!(u.take_due(14, 10), vec![]);
        assert_eq!(u.take_due(30, 2), vec![c, b]);
        assert_eq!(u.take_due(30, 2), vec![a]);
        assert!(u.is_empty());
    }
}
