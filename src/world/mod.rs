//! The voxel world: blocks, chunks, and the edits made to what the generator produced.
//!
//! The world is a pure function of its [`Generator`] and its edits. Chunks are generated on
//! demand and can be dropped and regenerated at any time; the edits (every cell whose block
//! differs from what the generator made) are the only state that must be kept, and they are
//! what scenarios report, hashes cover and saves store.

pub mod block;
pub mod chunk;
pub mod coords;
pub mod face;
pub mod sparse;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use glam::IVec3;

use crate::aabb::Aabb;
use crate::worldgen::Generator;
pub use block::{Block, BlockProperties, RenderKind};
pub use chunk::Chunk;
pub use coords::{BlockPos, CHUNK_SIZE, ChunkPos, LocalPos, WORLD_HEIGHT};
pub use face::Face;
pub use sparse::SparseWorld;

/// Read access to blocks: what physics and picking need, so they run against the real world
/// or a small test world alike.
pub trait BlockSource {
    /// The block at `pos`. Outside the world's height range this is air.
    fn block(&self, pos: BlockPos) -> Block;
}

/// One cell changed from what the generator made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edit {
    /// What the generator put there.
    pub generated: Block,
    /// What is there now (never equal to `generated`).
    pub current: Block,
}

/// The world: a generator, the chunks generated so far, and the edits on top of them.
#[derive(Clone, Debug)]
pub struct World {
    generator: Arc<Generator>,
    chunks: BTreeMap<ChunkPos, Chunk>,
    edits: BTreeMap<BlockPos, Edit>,
    /// Chunks whose edits changed since [`World::take_changed_chunks`] was last called.
    changed: BTreeSet<ChunkPos>,
}

impl World {
    /// A world made by `generator`, with no edits.
    #[must_use]
    pub fn new(generator: Generator) -> Self {
        Self::with_shared_generator(Arc::new(generator))
    }

    /// A world made by a generator that worker threads share too.
    #[must_use]
    pub fn with_shared_generator(generator: Arc<Generator>) -> Self {
        Self {
            generator,
            chunks: BTreeMap::new(),
            edits: BTreeMap::new(),
            changed: BTreeSet::new(),
        }
    }

    /// The generator this world comes from.
    #[must_use]
    pub fn generator(&self) -> &Arc<Generator> {
        &self.generator
    }

    /// Whether the chunk at `pos` is in memory.
    #[must_use]
    pub fn is_loaded(&self, pos: ChunkPos) -> bool {
        self.chunks.contains_key(&pos)
    }

    /// The chunk at `pos`, if it is in memory.
    #[must_use]
    pub fn chunk(&self, pos: ChunkPos) -> Option<&Chunk> {
        self.chunks.get(&pos)
    }

    /// Generates the chunk at `pos` now if it is not in memory yet.
    pub fn load_chunk(&mut self, pos: ChunkPos) {
        if !self.chunks.contains_key(&pos) && pos.in_world_height() {
            let chunk = self.generator.generate(pos);
            self.insert_generated(pos, chunk);
        }
    }

    /// Takes a chunk that the generator made elsewhere (a worker thread) and applies this
    /// world's edits to it. Does nothing if the chunk is already loaded.
    pub fn insert_generated(&mut self, pos: ChunkPos, mut chunk: Chunk) {
        if self.chunks.contains_key(&pos) {
            return;
        }
        for (block_pos, edit) in self.edits_in_chunk(pos) {
            chunk.set(block_pos.local(), edit.current);
        }
        self.chunks.insert(pos, chunk);
    }

    /// Drops the chunk at `pos` from memory; its edits are kept and come back when it loads.
    pub fn unload_chunk(&mut self, pos: ChunkPos) {
        self.chunks.remove(&pos);
    }

    /// The positions of all chunks in memory, in order.
    pub fn loaded_chunks(&self) -> impl Iterator<Item = ChunkPos> + '_ {
        self.chunks.keys().copied()
    }

    /// Loads every chunk that holds part of `region` (grown by one block so neighbours that
    /// physics may look at are there too).
    pub fn load_region(&mut self, region: Aabb) {
        let min = BlockPos::containing(region.min)
            .offset(IVec3::splat(-1))
            .chunk();
        let max = BlockPos::containing(region.max)
            .offset(IVec3::splat(1))
            .chunk();
        let y_range = min.y.max(0)..=max.y.min(coords::WORLD_HEIGHT_CHUNKS - 1);
        for y in y_range {
            for z in min.z..=max.z {
                for x in min.x..=max.x {
                    self.load_chunk(ChunkPos::new(x, y, z));
                }
            }
        }
    }

    /// Sets the block at `pos`, loading its chunk first. Returns whether anything changed;
    /// cells outside the world's height are left alone.
    pub fn set_block(&mut self, pos: BlockPos, block: Block) -> bool {
        if !pos.in_world_height() {
            return false;
        }
        self.load_chunk(pos.chunk());
        let Some(chunk) = self.chunks.get_mut(&pos.chunk()) else {
            return false;
        };
        let before = chunk.get(pos.local());
        if before == block {
            return false;
        }
        chunk.set(pos.local(), block);
        self.changed.insert(pos.chunk());
        let generated = self.edits.get(&pos).map_or(before, |e| e.generated);
        if generated == block {
            self.edits.remove(&pos);
        } else {
            self.edits.insert(
                pos,
                Edit {
                    generated,
                    current: block,
                },
            );
        }
        true
    }

    /// Every cell that differs from what the generator made, sorted by (x, y, z).
    pub fn edits(&self) -> impl Iterator<Item = (BlockPos, Edit)> + '_ {
        self.edits.iter().map(|(&p, &e)| (p, e))
    }

    /// How many cells differ from what the generator made.
    #[must_use]
    pub fn edit_count(&self) -> usize {
        self.edits.len()
    }

    /// The edits inside the chunk at `pos`.
    pub fn edits_in_chunk(&self, pos: ChunkPos) -> impl Iterator<Item = (BlockPos, Edit)> + '_ {
        let min = pos.min_block();
        let last = min.offset(IVec3::splat(CHUNK_SIZE - 1));
        self.edits
            .range(
                BlockPos::new(min.x, i32::MIN, i32::MIN)
                    ..=BlockPos::new(last.x, i32::MAX, i32::MAX),
            )
            .filter(move |(p, _)| p.chunk() == pos)
            .map(|(&p, &e)| (p, e))
    }

    /// The chunks whose edits changed since the last call, which a save must write; clears the
    /// list.
    pub fn take_changed_chunks(&mut self) -> BTreeSet<ChunkPos> {
        std::mem::take(&mut self.changed)
    }

    /// Replaces all edits with `edits` (a saved world's, say), reapplying them to loaded
    /// chunks. Edits whose block equals what the generator makes are dropped.
    pub fn restore_edits(&mut self, edits: impl IntoIterator<Item = (BlockPos, Block)>) {
        self.edits.clear();
        self.chunks.clear();
        for (pos, block) in edits {
            self.set_block(pos, block);
        }
        self.changed.clear();
    }
}

/// A world seen from `anchor`: block `p` of the view is block `p + anchor` of the world.
///
/// Physics and picking work in such a frame so that their arithmetic is on small numbers and
/// comes out the same wherever in the world it happens.
#[derive(Clone, Copy, Debug)]
pub struct Anchored<'a, W> {
    /// The world looked at.
    pub world: &'a W,
    /// Where the view's origin lies in the world.
    pub anchor: BlockPos,
}

impl<W: BlockSource> BlockSource for Anchored<'_, W> {
    fn block(&self, pos: BlockPos) -> Block {
        self.world.block(pos.offset(self.anchor.to_ivec3()))
    }
}

impl BlockSource for World {
    /// Blocks in chunks that are not loaded read as air: callers that need the truth there
    /// load the region first ([`World::load_region`]), as the simulation does every tick.
    fn block(&self, pos: BlockPos) -> Block {
        if !pos.in_world_height() {
            return Block::Air;
        }
        self.chunks
            .get(&pos.chunk())
            .map_or(Block::Air, |c| c.get(pos.local()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worldgen::{Generator, GeneratorKind};

    fn flat() -> World {
        World::new(Generator::new(GeneratorKind::Flat, 1))
    }

    #[test]
    fn edits_record_only_differences() {
        let mut w = flat();
        let p = BlockPos::new(-3, 63, 40);
        assert!(w.set_block(p, Block::Stone));
        assert_eq!(w.edit_count(), 1);
        assert!(w.set_block(p, Block::Grass));
        assert_eq!(
            w.edit_count(),
            0,
            "restoring the generated block removes the edit"
        );
        assert!(!w.set_block(p, Block::Grass));
    }

    #[test]
    fn edits_survive_unloading() {
        let mut w = flat();
        let p = BlockPos::new(100, 70, -100);
        w.set_block(p, Block::Glass);
        w.unload_chunk(p.chunk());
        assert_eq!(w.block(p), Block::Air, "unloaded reads as air");
        w.load_chunk(p.chunk());
        assert_eq!(w.block(p), Block::Glass);
    }

    #[test]
    fn outside_height_is_air_and_unchangeable() {
        let mut w = flat();
        assert!(!w.set_block(BlockPos::new(0, 256, 0), Block::Stone));
        assert!(!w.set_block(BlockPos::new(0, -1, 0), Block::Stone));
        assert_eq!(w.block(BlockPos::new(0, -1, 0)), Block::Air);
    }
}
