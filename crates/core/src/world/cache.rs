//! Generated columns kept for everyone who asks, so that a process running a server and a
//! client of it (single-player) generates each column once.
//!
//! Making a column is the dearest thing that happens to it: a couple of milliseconds of
//! noise for terrain, then about one to light it by itself. In single-player two worlds want
//! every column near the player: the server's, whose tick loads it, and the client's, whose
//! workers load it to draw. Both draw from one [`ColumnCache`]: the first to ask makes the
//! column, one asking meanwhile waits for that instead of making it again, and later ones
//! take a copy. A source answers the same for the same position every time, so the cache
//! changes what a column costs and never what it holds.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use super::light::{ColumnLight, light_column};
use super::{COLUMN_CHUNKS, Chunk, ChunkPos, ColumnPos, ColumnSource};

/// How many columns a cache keeps for a view `view_distance` columns around one player:
/// twice the view's square with a ring beyond it. A client asks for a column once, as it
/// comes into view at the edge, and the server only once the player is near it; meanwhile
/// the view's edge has moved on by as many columns, each new to the cache.
#[must_use]
pub fn view_capacity(view_distance: u32) -> usize {
    let side = 2 * view_distance as usize + 3;
    2 * side * side
}

/// A column as its source made it, with the light it has by itself
/// ([`light_column`]).
#[derive(Debug)]
pub struct GeneratedColumn {
    /// The chunks, bottom first.
    pub chunks: [Chunk; COLUMN_CHUNKS],
    /// Their light, as if every other column were dark rock.
    pub light: ColumnLight,
}

/// A [`ColumnSource`] that makes each column once and keeps the most recently used.
#[derive(Debug)]
pub struct ColumnCache {
    source: Arc<dyn ColumnSource>,
    state: Mutex<State>,
    /// Rung whenever a column is made (or its making failed), for those waiting on it.
    made: Condvar,
}

#[derive(Debug, Default)]
struct State {
    /// The most columns kept.
    capacity: usize,
    /// The columns kept, each with when it was last asked for.
    columns: BTreeMap<ColumnPos, (u64, Arc<GeneratedColumn>)>,
    /// Columns being made now, on some thread.
    making: BTreeSet<ColumnPos>,
    /// Requests so far: the clock of last use.
    requests: u64,
    /// Columns made so far.
    generated: u64,
}

/// Takes a column out of [`State::making`] however its making ends, so that a panicking
/// source leaves no one waiting for ever.
struct Making<'a> {
    cache: &'a ColumnCache,
    pos: ColumnPos,
}

impl Drop for Making<'_> {
    fn drop(&mut self) {
        self.cache.state().making.remove(&self.pos);
        self.cache.made.notify_all();
    }
}

impl ColumnCache {
    /// A cache of what `source` makes, keeping the `capacity` columns used last.
    #[must_use]
    pub fn new(source: Arc<dyn ColumnSource>, capacity: usize) -> Self {
        Self {
            source,
            state: Mutex::new(State {
                capacity,
                ..State::default()
            }),
            made: Condvar::new(),
        }
    }

    /// Keeps the `capacity` columns used last from now on: a view that grows wants more.
    pub fn set_capacity(&self, capacity: usize) {
        let mut state = self.state();
        state.capacity = capacity;
        state.evict();
    }

    /// The column at `pos`, lit by itself: made now if no one made it yet, waited for if
    /// another thread is making it.
    #[must_use]
    pub fn column(&self, pos: ColumnPos) -> Arc<GeneratedColumn> {
        let mut state = self.state();
        loop {
            state.requests += 1;
            let now = state.requests;
            if let Some((used, column)) = state.columns.get_mut(&pos) {
                *used = now;
                return Arc::clone(column);
            }
            if state.making.insert(pos) {
                break;
            }
            state = self
                .made
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        drop(state);
        let making = Making { cache: self, pos };
        let chunks = self.source.generate_column(pos);
        let light = light_column(&chunks);
        let column = Arc::new(GeneratedColumn { chunks, light });
        let mut state = self.state();
        state.generated += 1;
        let now = state.requests;
        state.columns.insert(pos, (now, Arc::clone(&column)));
        state.evict();
        drop(state);
        drop(making);
        column
    }

    /// How many columns this cache has made: each one its source was asked for.
    #[must_use]
    pub fn generated(&self) -> u64 {
        self.state().generated
    }

    /// How many columns it holds now.
    #[must_use]
    pub fn len(&self) -> usize {
        self.state().columns.len()
    }

    /// Whether it holds no column.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere cannot leave the map half-changed: every change is one call.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl State {
    /// Drops the columns used longest ago until at most `capacity` are left.
    fn evict(&mut self) {
        while self.columns.len() > self.capacity {
            let oldest = self.columns.iter().min_by_key(|(_, (used, _))| *used);
            let Some((&pos, _)) = oldest else {
                return;
            };
            self.columns.remove(&pos);
        }
    }
}

impl ColumnSource for ColumnCache {
    fn generate(&self, pos: ChunkPos) -> Chunk {
        match usize::try_from(pos.y) {
            Ok(y) if y < COLUMN_CHUNKS => self.column(pos.column()).chunks[y].clone(),
            _ => self.source.generate(pos),
        }
    }

    fn generate_column(&self, pos: ColumnPos) -> [Chunk; COLUMN_CHUNKS] {
        self.column(pos).chunks.clone()
    }

    fn lit_column(&self, pos: ColumnPos) -> ([Chunk; COLUMN_CHUNKS], Option<ColumnLight>) {
        let column = self.column(pos);
        (column.chunks.clone(), Some(column.light.clone()))
    }

    fn seed(&self) -> u64 {
        self.source.seed()
    }

    fn pasture(&self, x: i32, z: i32) -> bool {
        self.source.pasture(x, z)
    }
}

#[cfg(test)]
mod tests;
