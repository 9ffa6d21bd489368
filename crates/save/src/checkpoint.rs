//! What one save writes: the chunks changed since the last save, the players in the world
//! and every crate, copied out of the game on its thread so the writing can happen on
//! another.

use hewn_core::sim::creature::Population;
use hewn_core::sim::survival::Survival;
use std::collections::BTreeMap;
use std::sync::Arc;

use super::Motion;
use super::hotbar::Hotbar;
use super::players::{SavedPlayer, SavedPlayers};
use hewn_core::physics::crates::Crate;
use hewn_core::sim::{PlayerName, Simulation};
use hewn_core::world::{
    Block, BlockPos, Chunk, ChunkPos, ChunkReader, ColumnSource, Loader, World,
};

/// A changed chunk as the checkpoint took it.
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
pub struct Checkpoint {
    /// The players to write, by name; the stored players not among them keep their rows.
    pub(super) players: SavedPlayers,
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
    /// The mode and survival's state, or `None` to leave the stored one.
    pub(super) survival: Option<Survival>,
    /// The creatures, or `None` to leave the stored ones.
    pub(super) creatures: Option<Population>,
    /// What the running mods keep; a mod not in it keeps its stored rows.
    pub(super) mod_storage: super::ModStorage,
}

impl Checkpoint {
    /// Takes the players, the crates and every chunk whose edits changed since the last
    /// checkpoint (read from the world's journal by [`ChunkReader::Save`]).
    #[must_use]
    pub fn take(world: &mut Loader<'_>, players: SavedPlayers, crates: &[Crate]) -> Self {
        Self::taking(world, players, crates.to_vec())
    }

    /// [`Checkpoint::take`] of crates already copied out.
    fn taking(world: &mut Loader<'_>, players: SavedPlayers, crates: Vec<Crate>) -> Self {
        let chunks = world
            .read_chunks(ChunkReader::Save)
            .into_iter()
            .map(|pos| (pos, chunk_state(world, pos)))
            .collect();
        Self {
            players,
            crates,
            chunks,
            source: Arc::clone(world.source()),
            time: None,
            motion: None,
            survival: None,
            creatures: None,
            mod_storage: super::ModStorage::new(),
        }
    }

    /// This checkpoint with the world's clock at `time`, to be saved with it.
    #[must_use]
    pub const fn with_time(mut self, time: u64) -> Self {
        self.time = Some(time);
        self
    }

    /// This checkpoint with the world's motion, to be saved with it.
    #[must_use]
    pub fn with_motion(mut self, motion: Motion) -> Self {
        self.motion = Some(motion);
        self
    }

    /// This checkpoint with the world's mode and survival state, to be saved with it.
    #[must_use]
    pub fn with_survival(mut self, survival: Survival) -> Self {
        self.survival = Some(survival);
        self
    }

    /// This checkpoint with what the running mods keep, to be saved with it.
    #[must_use]
    pub fn with_mod_storage(mut self, storage: super::ModStorage) -> Self {
        self.mod_storage = storage;
        self
    }

    /// This checkpoint with the world's creatures, to be saved with it.
    #[must_use]
    pub fn with_creatures(mut self, creatures: Population) -> Self {
        self.creatures = Some(creatures);
        self
    }

    /// This checkpoint also writing `name` as `saved`, unless it holds that player already (a
    /// player who left the world before the checkpoint was taken, say).
    #[must_use]
    pub fn with_player(mut self, name: PlayerName, saved: SavedPlayer) -> Self {
        self.players.entry(name).or_insert(saved);
        self
    }

    /// Everything one save of `sim` writes: its world's changes, every player in it with the
    /// hotbar `hotbar` gives for its name, its crates, clock and motion, and its survival
    /// state with every screen closed: what lay in a crafting grid or on the cursor is saved
    /// in its player's inventory (or at its feet), never lost with a game that ends before
    /// the screen closes.
    #[must_use]
    pub fn of(sim: &mut Simulation, hotbar: impl Fn(&PlayerName) -> Hotbar) -> Self {
        let (time, motion) = (sim.time(), sim.motion());
        let players = sim
            .players()
            .list()
            .iter()
            .map(|m| {
                let saved = SavedPlayer {
                    body: m.body,
                    hotbar: hotbar(&m.name),
                };
                (m.name.clone(), saved)
            })
            .collect();
        let crates = sim.crates().list().to_vec();
        let survival = sim.survival_with_screens_closed();
        let creatures = sim.creatures().clone();
        Self::taking(&mut sim.loader(), players, crates)
            .with_time(time)
            .with_motion(motion)
            .with_survival(survival)
            .with_creatures(creatures)
    }

    /// How many chunks this checkpoint writes or deletes.
    #[must_use]
    pub fn chunk_count(&self) -> usize {
        self.chunks.len()
    }

    /// Folds an older checkpoint that could not be written under this one: chunks and players
    /// this one has win, the rest of `older` is kept (a player who has left since is still
    /// written), so a failed save is retried by the next. The crates are this one's: they
    /// are a whole state, not changes.
    pub(super) fn absorb_older(&mut self, older: Self) {
        for (name, saved) in older.players {
            self.players.entry(name).or_insert(saved);
        }
        self.time = self.time.or(older.time);
        if self.motion.is_none() {
            self.motion = older.motion;
        }
        if self.survival.is_none() {
            self.survival = older.survival;
        }
        if self.creatures.is_none() {
            self.creatures = older.creatures;
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
