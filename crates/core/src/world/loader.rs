//! The world as the code that streams and saves it sees it: columns come and go and the
//! chunks that changed are read from the journal, but no block changes.
//!
//! The simulation lends its world out only through a [`Loader`], so streaming and autosave
//! can do their work while [`Simulation::tick`](crate::sim::Simulation::tick) stays the only
//! way the world itself changes. Loading a column is no change: a column is a pure function
//! of the world's source and its edits, whenever it is made.

use std::collections::BTreeSet;
use std::ops::Deref;

use super::light::ColumnLight;
use super::{COLUMN_CHUNKS, Chunk, ChunkPos, ChunkReader, ColumnPos, World};
use crate::aabb::Aabb;

/// A world lent out for loading, dropping and change tracking; it reads as the [`World`].
#[derive(Debug)]
pub struct Loader<'a> {
    world: &'a mut World,
}

impl Deref for Loader<'_> {
    type Target = World;

    fn deref(&self) -> &World {
        self.world
    }
}

impl World {
    /// This world lent out for loading and change tracking only.
    pub fn loader(&mut self) -> Loader<'_> {
        Loader { world: self }
    }
}

impl Loader<'_> {
    /// Runs `read` with the world moved into it, for a reader that must own what it reads
    /// for a while (a mod's store holds the world for the length of its call), and puts
    /// back the world `read` returns: the one it was given, unchanged, or the world is
    /// lost. A world of the same source with nothing loaded stands in meanwhile.
    pub fn lend<R>(&mut self, read: impl FnOnce(World) -> (World, R)) -> R {
        let stand_in = World::with_shared_source(std::sync::Arc::clone(self.world.source()));
        let lent = std::mem::replace(self.world, stand_in);
        let (back, result) = read(lent);
        *self.world = back;
        result
    }

    /// See [`World::insert_column`].
    pub fn insert_column(
        &mut self,
        pos: ColumnPos,
        chunks: [Chunk; COLUMN_CHUNKS],
        light: Option<ColumnLight>,
    ) {
        self.world.insert_column(pos, chunks, light);
    }

    /// See [`World::cache_columns`].
    pub fn cache_columns(&mut self, capacity: usize) -> std::sync::Arc<super::cache::ColumnCache> {
        self.world.cache_columns(capacity)
    }

    /// See [`World::unload_column`].
    pub fn unload_column(&mut self, pos: ColumnPos) {
        self.world.unload_column(pos);
    }

    /// Loads everything the light at `pos` depends on ([`World::load_light_around`]).
    pub fn load_light_around(&mut self, pos: super::BlockPos) {
        self.world.load_light_around(pos);
    }

    /// See [`World::load_deferred_columns`].
    pub fn load_deferred_columns(&mut self) {
        self.world.load_deferred_columns();
    }

    /// See [`World::load_region`].
    pub fn load_region(&mut self, region: Aabb) {
        self.world.load_region(region);
    }

    /// The chunks `reader` is to hear of that changed since it last read
    /// ([`Journal::read_chunks`](super::Journal::read_chunks)).
    pub fn read_chunks(&mut self, reader: ChunkReader) -> BTreeSet<ChunkPos> {
        self.world.journal.read_chunks(reader)
    }

    /// Stops keeping changes for `reader`, which this world's owner never reads
    /// ([`Journal::unfollow_chunks`](super::Journal::unfollow_chunks)).
    pub fn unfollow_chunks(&mut self, reader: ChunkReader) {
        self.world.journal.unfollow_chunks(reader);
    }
}
