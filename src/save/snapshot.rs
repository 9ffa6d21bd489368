//! What one save writes: the chunks changed since the last save, the player and every crate,
//! copied out of the game on its thread so the writing can happen on another.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::Motion;
use crate::physics::Player;
use crate::physics::crates::Crate;
pub use crate::sim::HOTBAR_SLOTS;
use crate::sim::{DEFAULT_HOTBAR, Item, Simulation};
use crate::world::{Block, BlockPos, Chunk, ChunkPos, ColumnSource, Loader, World};

/// The items the player has at hand, and which one is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hotbar {
    /// The item in each slot; `None` for an empty slot.
    pub slots: [Option<Item>; HOTBAR_SLOTS],
    /// The selected slot, below [`HOTBAR_SLOTS`].
    pub selected: usize,
}

impl Default for Hotbar {
    /// What a new player starts with.
    fn default() -> Self {
        Self {
            slots: DEFAULT_HOTBAR.map(Some),
            selected: 0,
        }
    }
}

impl Hotbar {
    /// The slots as stored: item names separated by commas, empty for an empty slot. Names,
    /// not ids, so a reader can see the hotbar with any SQLite tool.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.slots
            .iter()
            .map(|s| s.map_or("", Item::name))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The hotbar stored as `text` with `selected`, or `None` if either is not one this build
    /// could have written.
    #[must_use]
    pub fn from_text(text: &str, selected: i64) -> Option<Self> {
        let mut slots = [None; HOTBAR_SLOTS];
        let mut names = text.split(',');
        for slot in &mut slots {
            let name = names.next()?;
            if !name.is_empty() {
                *slot = Some(Item::from_name(name)?);
            }
        }
        let selected = usize::try_from(selected)
            .ok()
            .filter(|&s| s < HOTBAR_SLOTS)?;
        names.next().is_none().then_some(Self { slots, selected })
    }
}

/// A changed chunk as the snapshot took it.
#[derive(Clone, Debug)]
pub(super) enum ChunkState {
    /// The chunk was in memory: a copy of its blocks.
    Loaded(Chunk),
    /// The chunk was not in memory: its edits, to apply to a freshly generated copy.
    Unloaded(Vec<(BlockPos, Block)>),
    /// All its edits were undone: the stored copy goes.
    Pristine,
}

/// Everything one save writes, taken from the game in a few microseconds per changed chunk.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The player, or `None` (no one in the world) to leave the stored one.
    pub(super) player: Option<Player>,
    pub(super) hotbar: Hotbar,
    /// All of them, in the simulation's order: crates move every tick while they fall or
    /// slide, so each save replaces the stored set whole.
    pub(super) crates: Vec<Crate>,
    pub(super) chunks: BTreeMap<ChunkPos, ChunkState>,
    /// What the world's unedited chunks are, to rebuild a chunk from its edits.
    pub(super) source: Arc<dyn ColumnSource>,
    /// The world's clock, or `None` to leave the stored one.
    pub(super) time: Option<u64>,
    /// The water queue and the falling blocks, or `None` to leave the stored ones.
    pub(super) motion: Option<Motion>,
}

impl Snapshot {
    /// Takes the player, the crates, the hotbar and every chunk changed since the last
    /// snapshot; clears the world's list of changed chunks.
    #[must_use]
    pub fn take(
        world: &mut Loader<'_>,
        player: &Player,
        crates: &[Crate],
        hotbar: &Hotbar,
    ) -> Self {
        Self::taking(world, Some(*player), crates.to_vec(), *hotbar)
    }

    /// [`Snapshot::take`] of a player, crates and hotbar already copied out.
    fn taking(
        world: &mut Loader<'_>,
        player: Option<Player>,
        crates: Vec<Crate>,
        hotbar: Hotbar,
    ) -> Self {
        let chunks = world
            .take_changed_chunks()
            .into_iter()
            .map(|pos| (pos, chunk_state(world, pos)))
            .collect();
        Self {
            player,
            hotbar,
            crates,
            chunks,
            source: Arc::clone(world.source()),
            time: None,
            motion: None,
        }
    }

    /// This snapshot with the world's clock at `time`, to be saved with it.
    #[must_use]
    pub const fn with_time(mut self, time: u64) -> Self {
        self.time = Some(time);
        self
    }

    /// This snapshot with the world's motion, to be saved with it.
    #[must_use]
    pub fn with_motion(mut self, motion: Motion) -> Self {
        self.motion = Some(motion);
        self
    }

    /// Everything one save of `sim` writes: its world's changes, its first player, crates,
    /// clock and motion, and `hotbar`.
    #[must_use]
    pub fn of(sim: &mut Simulation, hotbar: &Hotbar) -> Self {
        let (time, motion, player) = (sim.time(), sim.motion(), sim.player().copied());
        let crates = sim.crates().list().to_vec();
        Self::taking(&mut sim.loader(), player, crates, *hotbar)
            .with_time(time)
            .with_motion(motion)
    }

    /// How many chunks this snapshot writes or deletes.
    #[must_use]
    pub fn chunk_count(&self) -> usize {
        self.chunks.len()
    }

    /// Folds an older snapshot that could not be written under this one: chunks this one
    /// has win, the rest of `older` is kept, so a failed save is retried by the next. The
    /// player and the crates are this one's: they are whole states, not changes.
    pub(super) fn absorb_older(&mut self, older: Self) {
        self.time = self.time.or(older.time);
        if self.motion.is_none() {
            self.motion = older.motion;
        }
        for (pos, state) in older.chunks {
            self.chunks.entry(pos).or_insert(state);
        }
    }

    /// The chunk at `pos` as it must be stored, or `None` if it must not be stored.
    pub(super) fn resolve(&self, pos: ChunkPos, state: &ChunkState) -> Option<Chunk> {
        match state {
            ChunkState::Loaded(chunk) => Some(chunk.clone()),
            ChunkState::Unloaded(edits) => {
                let mut chunk = self.source.generate(pos);
                for (p, block) in edits {
                    chunk.set(p.local(), *block);
                }
                Some(chunk)
            }
            ChunkState::Pristine => None,
        }
    }
}

fn chunk_state(world: &World, pos: ChunkPos) -> ChunkState {
    if world.edits_in_chunk(pos).next().is_none() {
        return ChunkState::Pristine;
    }
    match world.chunk(pos) {
        Some(chunk) => ChunkState::Loaded(chunk.clone()),
        None => ChunkState::Unloaded(
            world
                .edits_in_chunk(pos)
                .map(|(p, e)| (p, e.current))
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hotbar_text_round_trips_and_rejects_strangers() {
        let mut bar = Hotbar::default();
        bar.slots[4] = None;
        bar.selected = 8;
        assert_eq!(Hotbar::from_text(&bar.to_text(), 8), Some(bar));
        assert_eq!(Hotbar::from_text(&bar.to_text(), 9), None);
        assert_eq!(Hotbar::from_text("stone,unobtainium,,,,,,,", 0), None);
        assert_eq!(Hotbar::from_text("stone", 0), None);
        assert_eq!(Hotbar::from_text(",,,,,,,,,", 0), None, "ten slots");
    }
}
