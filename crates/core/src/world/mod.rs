//! The voxel world: blocks, chunks, the edits made to what the generator produced, and the
//! light that floods through it all.
//!
//! The world is a pure function of its [`ColumnSource`] (a generator) and its edits. It loads in columns of
//! chunks, the whole height of the world, generated on demand; they can be dropped and
//! regenerated at any time. The edits (every cell whose block differs from what the
//! generator made) are the only state that must be kept, and they are what scenarios
//! report, hashes cover and saves store. Light ([`light`]) is derived from the blocks and
//! kept up to date with every change, in the same call that makes it.

#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::cast_precision_loss,
    reason = "cells are floors of positions inside the world's bounds (2^28 across, 256 high), \
              local coordinates and light levels are below 32, and coarse levels below 8: each \
              narrowing here is of a value known to fit"
)]

mod batch;
pub mod bed;
pub mod block;
pub mod cache;
pub mod chunk;
pub mod coarse;
pub mod coords;
pub mod door;
mod edits;
pub mod face;
pub mod fluid;
pub mod journal;
pub mod light;
mod loader;
pub mod source;
pub mod sparse;
mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use glam::IVec3;

use crate::aabb::Aabb;
pub use block::{Block, BlockProperties, RenderKind};
pub use chunk::Chunk;
pub use coords::{
    BlockPos, CHUNK_SIZE, COLUMN_CHUNKS, ChunkPos, ColumnPos, LocalPos, WORLD_BORDER, WORLD_HEIGHT,
};
use edits::Edits;
pub use face::Face;
use journal::Redraw;
pub use journal::{CellReader, ChunkReader, Journal};
use light::Window;
pub use light::{ColumnLight, Light};
pub use loader::Loader;
pub use source::ColumnSource;
pub use sparse::SparseWorld;

/// Read access to blocks: what physics and picking need, so they run against the real world
/// or a small test world alike.
pub trait BlockSource {
    /// The block at `pos`. Outside the world's height range this is air.
    fn block(&self, pos: BlockPos) -> Block;

    /// Calls `visit` with every block in the box between `min` and `max` (inclusive, `min`
    /// the lesser on every axis), x fastest, then z, then y, as
    /// [`BlockPos::cells_between`] orders them. A source can do this faster than a
    /// [`BlockSource::block`] per cell; physics gathers its colliders this way.
    fn visit_blocks(&self, min: BlockPos, max: BlockPos, visit: &mut dyn FnMut(BlockPos, Block)) {
        for pos in BlockPos::cells_between(min, max) {
            visit(pos, self.block(pos));
        }
    }
}

/// The most cells a world may hold changed from what its source made: about 100 bytes of
/// memory each, so a world's edits stay under half a gigabyte. Past it a change that would
/// add an edit does not happen (changing an edited cell again, or back, always does), so
/// what a game saves is never more than what opening a world reads back
/// ([`hewn_save::MAX_SAVED_EDITS`] is this number) and no flood or hostile input grows a
/// world without bound.
pub const MAX_EDITS: usize = 1 << 22;

/// One cell changed from what the generator made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edit {
    /// What the generator put there.
    pub generated: Block,
    /// What is there now (never equal to `generated`).
    pub current: Block,
}

/// A loaded column: its chunks and their light, bottom first.
#[derive(Clone, Debug)]
struct Column {
    chunks: [Chunk; COLUMN_CHUNKS],
    light: ColumnLight,
}

/// The world: a source of generated columns, the columns generated so far, and the edits on
/// top of them.
#[derive(Clone, Debug)]
pub struct World {
    source: Arc<dyn ColumnSource>,
    /// The cache the source is, once [`World::cache_columns`] made one.
    cache: Option<Arc<cache::ColumnCache>>,
    columns: BTreeMap<ColumnPos, Column>,
    edits: Edits,
    /// What changed, for the simulation, saving, drawing and a server's clients to read.
    journal: Journal,
    /// Columns whose blocks a call that sets blocks is changing and whose light it will make
    /// again from scratch before it returns: dark meanwhile, and left out of every light
    /// window as if they were not loaded. Empty between calls.
    unlit: BTreeSet<ColumnPos>,
    /// Cells set while their columns were not loaded, by column, in the order set: a
    /// mirror of a server's world hears of cells it has not generated yet, and they wait
    /// here until their columns load ([`World::set_blocks_or_defer`]).
    deferred: BTreeMap<ColumnPos, Vec<(BlockPos, Block)>>,
}

impl World {
    /// A world made by `source`, with no edits.
    #[must_use]
    pub fn new(source: impl ColumnSource + 'static) -> Self {
        Self::with_shared_source(Arc::new(source))
    }

    /// A world made by a source that worker threads share too.
    #[must_use]
    pub fn with_shared_source(source: Arc<dyn ColumnSource>) -> Self {
        Self {
            source,
            cache: None,
            columns: BTreeMap::new(),
            edits: Edits::default(),
            journal: Journal::default(),
            unlit: BTreeSet::new(),
            deferred: BTreeMap::new(),
        }
    }

    /// Makes this world keep the `capacity` columns it generated last in a cache that
    /// others may draw from too (a client in the same process, its workers), so that each
    /// column is generated once; returns the cache. A world that has one keeps it, at
    /// `capacity` from now on. Nothing it holds changes: the cache makes what the world's
    /// own source made.
    pub fn cache_columns(&mut self, capacity: usize) -> Arc<cache::ColumnCache> {
        if let Some(cache) = &self.cache {
            cache.set_capacity(capacity);
            return Arc::clone(cache);
        }
        let cache = Arc::new(cache::ColumnCache::new(Arc::clone(&self.source), capacity));
        self.source = cache.clone();
        self.cache = Some(Arc::clone(&cache));
        cache
    }

    /// Where this world's unedited blocks come from.
    #[must_use]
    pub fn source(&self) -> &Arc<dyn ColumnSource> {
        &self.source
    }

    /// Whether the chunk at `pos` is in memory (its whole column is).
    #[must_use]
    pub fn is_loaded(&self, pos: ChunkPos) -> bool {
        pos.in_world_height() && self.columns.contains_key(&pos.column())
    }

    /// Whether the column at `pos` is in memory.
    #[must_use]
    pub fn is_column_loaded(&self, pos: ColumnPos) -> bool {
        self.columns.contains_key(&pos)
    }

    /// The chunk at `pos`, if it is in memory.
    #[must_use]
    pub fn chunk(&self, pos: ChunkPos) -> Option<&Chunk> {
        let y = usize::try_from(pos.y).ok()?;
        self.columns.get(&pos.column())?.chunks.get(y)
    }

    /// The light of the chunk at `pos`, if it is in memory.
    #[must_use]
    pub fn chunk_light(&self, pos: ChunkPos) -> Option<&light::ChunkLight> {
        let y = usize::try_from(pos.y).ok()?;
        self.columns.get(&pos.column())?.light.get(y)
    }

    /// The light at `pos`. Above the world is open sky and below it is rock; a cell in a
    /// column that is not loaded reads as dark, as light treats those columns.
    #[must_use]
    pub fn light(&self, pos: BlockPos) -> Light {
        if pos.y >= WORLD_HEIGHT {
            return Light::SKY;
        }
        self.chunk_light(pos.chunk())
            .map_or(Light::DARK, |l| l.get(pos.local().index()))
    }

    /// Generates the column at `pos` now, with its edits and light, if it is not in memory.
    pub fn load_column(&mut self, pos: ColumnPos) {
        if !self.columns.contains_key(&pos) {
            let (chunks, light) = self.source.lit_column(pos);
            self.insert_column(pos, chunks, light);
        }
    }

    /// Takes a column that the generator made elsewhere (a worker thread), with the light
    /// [`light::light_column`] gave it there if any, applies this world's edits to it and
    /// lets light flow between it and its loaded neighbours. Does nothing if the column is
    /// already loaded.
    pub fn insert_column(
        &mut self,
        pos: ColumnPos,
        mut chunks: [Chunk; COLUMN_CHUNKS],
        light: Option<ColumnLight>,
    ) {
        if self.columns.contains_key(&pos) {
            return;
        }
        let edited = self.apply_edits(pos, &mut chunks);
        // Light made from the generated blocks is wrong where edits changed them.
        let light = match light {
            Some(light) if !edited => light,
            _ => light::light_column(&chunks),
        };
        self.columns.insert(pos, Column { chunks, light });
        #[expect(
            clippy::redundant_closure_for_method_calls,
            reason = "a closure lets the window borrow for any lifetime; the method path cannot"
        )]
        self.in_window(pos, Redraw::Load, |window| window.merge_centre());
    }

    /// Puts this world's edits into the generated chunks of the column at `pos`, then the
    /// cells set there while it was not loaded; returns whether there were any.
    fn apply_edits(&mut self, pos: ColumnPos, chunks: &mut [Chunk; COLUMN_CHUNKS]) -> bool {
        let mut edited = false;
        for (y, chunk) in chunks.iter_mut().enumerate() {
            for (block_pos, edit) in self.edits_in_chunk(pos.chunk(y as i32)) {
                chunk.set(block_pos.local(), edit.current);
                edited = true;
            }
        }
        for (cell, block) in self.deferred.remove(&pos).unwrap_or_default() {
            let chunk = &mut chunks[cell.y as usize / CHUNK_SIZE as usize];
            let before = chunk.get(cell.local());
            let generated = self.edits.get(cell).map_or(before, |e| e.generated);
            chunk.set(cell.local(), block);
            self.edits.record(cell, generated, block);
            self.journal.arrived(cell);
            edited = true;
        }
        edited
    }

    /// Sets `cells` as [`World::set_blocks`] does where their columns are loaded; a cell
    /// whose column is not loaded is set when that column loads, so that a world mirroring a
    /// server's never generates a column on the spot to hold a cell it was told of. Returns
    /// how many loaded cells changed.
    pub fn set_blocks_or_defer(
        &mut self,
        cells: impl IntoIterator<Item = (BlockPos, Block)>,
    ) -> usize {
        let mut now = Vec::new();
        for (pos, block) in cells {
            if self.columns.contains_key(&pos.column()) {
                now.push((pos, block));
            } else if pos.in_world_height() && pos.inside_border() {
                self.deferred
                    .entry(pos.column())
                    .or_default()
                    .push((pos, block));
            }
        }
        self.set_blocks(now)
    }

    /// Loads every column that has cells waiting for it ([`World::set_blocks_or_defer`]), so
    /// that [`World::edits`] holds every cell set.
    pub fn load_deferred_columns(&mut self) {
        let waiting: Vec<ColumnPos> = self.deferred.keys().copied().collect();
        for column in waiting {
            self.load_column(column);
        }
    }

    /// Forgets the cells of the column at `pos` waiting for it to load
    /// ([`World::set_blocks_or_defer`]): what a server says of the column anew replaces them.
    pub fn drop_deferred(&mut self, pos: ColumnPos) {
        self.deferred.remove(&pos);
    }

    /// Drops the column at `pos` from memory, and the light it carried into its
    /// neighbours; its edits are kept and come back when it loads.
    pub fn unload_column(&mut self, pos: ColumnPos) {
        if self.columns.contains_key(&pos) {
            #[expect(
                clippy::redundant_closure_for_method_calls,
                reason = "a closure lets the window borrow for any lifetime; the method path cannot"
            )]
            self.in_window(pos, Redraw::Load, |window| window.detach_centre());
            self.columns.remove(&pos);
        }
    }

    /// The positions of all columns in memory, in order.
    pub fn loaded_columns(&self) -> impl Iterator<Item = ColumnPos> + '_ {
        self.columns.keys().copied()
    }

    /// The positions of all chunks in memory, in order.
    pub fn loaded_chunks(&self) -> impl Iterator<Item = ChunkPos> + '_ {
        self.columns.keys().flat_map(|c| c.chunks())
    }

    /// Loads every column with a block in `region`, grown by one block so neighbours that
    /// physics may look at are there too.
    pub fn load_region(&mut self, region: Aabb) {
        let min = BlockPos::containing(region.min).offset(IVec3::splat(-1));
        let max = BlockPos::containing(region.max).offset(IVec3::splat(1));
        for column in ColumnPos::covering(min, max) {
            self.load_column(column);
        }
    }

    /// Loads every column that light at `pos` depends on: those within 15 blocks, light's
    /// farthest reach, so that [`World::light`] there is what an endless world would give.
    pub fn load_light_around(&mut self, pos: BlockPos) {
        let reach = IVec3::new(i32::from(light::MAX_LIGHT), 0, i32::from(light::MAX_LIGHT));
        for column in ColumnPos::covering(pos.offset(-reach), pos.offset(reach)) {
            self.load_column(column);
        }
    }

    /// Sets the block at `pos`, loading its column first, and brings light up to date.
    /// Torches held by a block that goes drop (become air) with it. Returns whether
    /// anything changed; cells outside the world's height or beyond the
    /// [`WORLD_BORDER`] are left alone.
    pub fn set_block(&mut self, pos: BlockPos, block: Block) -> bool {
        self.set_blocks([(pos, block)]) > 0
    }

    /// Sets many blocks, as [`World::set_block`] does each, with one light update per
    /// column (a column set in many cells is lit again from scratch instead).
    /// Returns how many cells changed.
    pub fn set_blocks(&mut self, cells: impl IntoIterator<Item = (BlockPos, Block)>) -> usize {
        let count = self.apply(cells.into_iter().collect(), batch::Relight::Crowded);
        self.relight_unlit();
        count
    }

    /// Sets the blocks of each batch in turn, each as [`World::set_blocks`] would (the same
    /// cells change, in the same order, and the same blocks drop), but brings light up to
    /// date once, after the last: every column a batch touched is lit again from scratch
    /// then. For many batches over the same columns, such as a scenario's fills, where
    /// light brought up to date after each could cost a flood per batch. Returns how many
    /// cells changed.
    pub fn set_blocks_in_turn<I>(&mut self, batches: impl IntoIterator<Item = I>) -> usize
    where
        I: IntoIterator<Item = (BlockPos, Block)>,
    {
        let mut count = 0;
        for cells in batches {
            count += self.apply(cells.into_iter().collect(), batch::Relight::All);
        }
        self.relight_unlit();
        count
    }

    /// Runs `update` on the light of the 3 × 3 columns around `centre`, taken out of the
    /// world for the while, and notes the chunks that see a change as to be drawn again,
    /// for `why`. Columns waiting to be lit again ([`World::unlit`]) are left out, as if not
    /// loaded.
    fn in_window(&mut self, centre: ColumnPos, why: Redraw, update: impl FnOnce(&mut Window<'_>)) {
        let positions: [ColumnPos; light::SLOTS] =
            std::array::from_fn(|i| centre.offset(i as i32 % 3 - 1, i as i32 / 3 - 1));
        let lit = positions.map(|p| !self.unlit.contains(&p));
        let mut light = std::array::from_fn::<_, { light::SLOTS }, _>(|i| {
            let column = self.columns.get_mut(&positions[i]).filter(|_| lit[i])?;
            Some(std::mem::take(&mut column.light))
        });
        let columns = std::array::from_fn(|i| {
            let chunks = self.columns.get(&positions[i]).map(|column| &column.chunks);
            chunks.zip(light[i].take())
        });
        let mut window = Window::new(centre, columns);
        update(&mut window);
        let (light, redrawn) = window.into_parts();
        for (p, light) in positions.iter().zip(light) {
            if let (Some(column), Some(light)) = (self.columns.get_mut(p), light) {
                column.light = light;
            }
        }
        self.journal.redraw(why, redrawn);
    }

    /// Every cell that differs from what the generator made, sorted by (x, y, z).
    pub fn edits(&self) -> impl Iterator<Item = (BlockPos, Edit)> + '_ {
        self.edits.iter()
    }

    /// Whether the cell at `pos` differs from what the generator made.
    #[must_use]
    pub fn is_edited(&self, pos: BlockPos) -> bool {
        self.edits.get(pos).is_some()
    }

    /// How many cells differ from what the generator made.
    #[must_use]
    pub fn edit_count(&self) -> usize {
        self.edits.len()
    }

    /// The edits inside the chunk at `pos`.
    pub fn edits_in_chunk(&self, pos: ChunkPos) -> impl Iterator<Item = (BlockPos, Edit)> + '_ {
        self.edits_in_slab(pos.min_block().x)
            .filter(move |(p, _)| p.chunk() == pos)
    }

    /// The edits inside the column at `pos`, bottom chunk first within each x: one walk of
    /// the edits for a whole column, where eight calls of [`World::edits_in_chunk`] walk them
    /// eight times.
    pub fn edits_in_column(&self, pos: ColumnPos) -> impl Iterator<Item = (BlockPos, Edit)> + '_ {
        self.edits_in_slab(pos.chunk(0).min_block().x)
            .filter(move |(p, _)| p.column() == pos)
    }

    /// The columns holding edits that lie within `reach` blocks of `centre` (horizontally,
    /// to the nearest point of the column), in order.
    #[must_use]
    pub fn edited_columns_near(&self, centre: BlockPos, reach: i32) -> BTreeSet<ColumnPos> {
        let column_x = |x: i32| x.div_euclid(CHUNK_SIZE);
        let low = ColumnPos::new(column_x(centre.x.saturating_sub(reach)), i32::MIN);
        let high = ColumnPos::new(column_x(centre.x.saturating_add(reach)), i32::MAX);
        self.edits
            .columns(low..=high)
            .filter(|c| c.within(centre, reach))
            .collect()
    }

    /// The edits whose x lies in the chunk-wide slab starting at `min_x`, sorted.
    fn edits_in_slab(&self, min_x: i32) -> impl Iterator<Item = (BlockPos, Edit)> + '_ {
        let last_x = min_x + (CHUNK_SIZE - 1);
        self.edits.range(
            BlockPos::new(min_x, i32::MIN, i32::MIN)..=BlockPos::new(last_x, i32::MAX, i32::MAX),
        )
    }

    /// Records edits saved earlier (a world file's), for columns not yet loaded: they are
    /// applied when their columns load. An edit whose block is what the generator makes is
    /// no edit and is left out.
    pub fn restore_edits(&mut self, edits: impl IntoIterator<Item = (BlockPos, Edit)>) {
        for (pos, edit) in edits {
            if edit.generated != edit.current && !self.columns.contains_key(&pos.column()) {
                self.edits.record(pos, edit.generated, edit.current);
            }
        }
    }

    /// What changed in this world, for a reader to follow, leave or read.
    pub fn journal_mut(&mut self) -> &mut Journal {
        &mut self.journal
    }

    /// The chunks whose edits changed since the last call, which a save must write
    /// ([`ChunkReader::Save`]).
    pub fn take_changed_chunks(&mut self) -> BTreeSet<ChunkPos> {
        self.journal.read_chunks(ChunkReader::Save)
    }

    /// The cells whose block changed since the simulation last read them, in the order they
    /// changed (a cell may appear more than once), each with the block it had before that
    /// change ([`CellReader::Simulation`]): what sets water and sand in motion, and what a
    /// client undoes of a change it made ahead of the server.
    pub fn take_changes(&mut self) -> Vec<(BlockPos, Block)> {
        self.journal.read_cells(CellReader::Simulation)
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

    fn visit_blocks(&self, min: BlockPos, max: BlockPos, visit: &mut dyn FnMut(BlockPos, Block)) {
        let anchor = self.anchor.to_ivec3();
        self.world
            .visit_blocks(min.offset(anchor), max.offset(anchor), &mut |pos, block| {
                visit(pos.offset(-anchor), block);
            });
    }
}

impl BlockSource for World {
    /// Blocks in chunks that are not loaded read as air: callers that need the truth there
    /// load the region first ([`World::load_region`]), as the simulation does every tick.
    /// Beyond the [`WORLD_BORDER`], at every height, stands unbreakable bedrock that is
    /// never drawn: the wall that the player and the crates collide with there.
    fn block(&self, pos: BlockPos) -> Block {
        if !pos.inside_border() {
            return Block::BEDROCK;
        }
        if !pos.in_world_height() {
            return Block::AIR;
        }
        self.chunk(pos.chunk())
            .map_or(Block::AIR, |c| c.get(pos.local()))
    }

    /// Looks each chunk up once per row of cells in it, rather than once per cell: the
    /// lookup is most of the cost of [`BlockSource::block`].
    fn visit_blocks(&self, min: BlockPos, max: BlockPos, visit: &mut dyn FnMut(BlockPos, Block)) {
        for y in min.y..=max.y {
            for z in min.z..=max.z {
                let mut x = min.x;
                loop {
                    // The last x of this chunk (two's complement makes this right below 0 too).
                    let end = (x | (CHUNK_SIZE - 1)).min(max.x);
                    let first = BlockPos::new(x, y, z);
                    // A chunk lies wholly inside or beyond the border, inside or outside the
                    // height range, so the first cell of the run speaks for all of it.
                    let chunk = if first.inside_border() && first.in_world_height() {
                        self.chunk(first.chunk())
                    } else {
                        None
                    };
                    for x in x..=end {
                        let pos = BlockPos::new(x, y, z);
                        let block = chunk.map_or_else(|| self.block(pos), |c| c.get(pos.local()));
                        visit(pos, block);
                    }
                    if end >= max.x {
                        break;
                    }
                    x = end + 1;
                }
            }
        }
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
        assert!(w.set_block(p, Block::STONE));
        assert_eq!(w.edit_count(), 1);
        assert!(w.set_block(p, Block::GRASS));
        assert_eq!(
            w.edit_count(),
            0,
            "restoring the generated block removes the edit"
        );
        assert!(!w.set_block(p, Block::GRASS));
    }

    #[test]
    fn cells_set_in_a_column_not_loaded_wait_for_it() {
        let mut w = flat();
        let (p, q) = (BlockPos::new(40, 70, 40), BlockPos::new(41, 63, 40));
        assert_eq!(
            w.set_blocks_or_defer([(p, Block::STONE), (q, Block::STONE)]),
            0
        );
        assert!(
            !w.is_column_loaded(p.column()),
            "nothing generated on the spot"
        );
        assert_eq!(w.edit_count(), 0);
        // Set back to what the generator makes there: no edit once loaded.
        w.set_blocks_or_defer([(q, Block::GRASS)]);
        w.load_column(p.column());
        assert_eq!((w.block(p), w.block(q)), (Block::STONE, Block::GRASS));
        assert_eq!(w.edits().map(|(pos, _)| pos).collect::<Vec<_>>(), [p]);
        assert_eq!(
            w.set_blocks_or_defer([(p, Block::AIR)]),
            1,
            "loaded: set now"
        );
        assert_eq!(w.edit_count(), 0);
        w.set_blocks_or_defer([(BlockPos::new(100, 70, 0), Block::STONE)]);
        w.drop_deferred(BlockPos::new(100, 70, 0).column());
        w.load_deferred_columns();
        assert!(!w.is_column_loaded(BlockPos::new(100, 70, 0).column()));
    }

    #[test]
    fn a_columns_edits_are_those_of_its_chunks() {
        let mut w = flat();
        // In the column (0, -1), at its edges and in two chunks; and just outside it.
        let inside = [
            BlockPos::new(0, 70, -32),
            BlockPos::new(31, 3, -1),
            BlockPos::new(5, 200, -20),
        ];
        let outside = [
            BlockPos::new(-1, 70, -20),
            BlockPos::new(32, 70, -20),
            BlockPos::new(5, 70, 0),
        ];
        w.set_blocks(inside.iter().chain(&outside).map(|&p| (p, Block::GLASS)));
        let column = inside[0].column();
        let mut got: Vec<BlockPos> = w.edits_in_column(column).map(|(p, _)| p).collect();
        got.sort();
        let mut by_chunk: Vec<BlockPos> = (0..COLUMN_CHUNKS as i32)
            .flat_map(|y| w.edits_in_chunk(column.chunk(y)))
            .map(|(p, _)| p)
            .collect();
        by_chunk.sort();
        let mut want = inside.to_vec();
        want.sort();
        assert_eq!(got, want);
        assert_eq!(by_chunk, want);
    }

    #[test]
    fn edits_survive_unloading() {
        let mut w = flat();
        let p = BlockPos::new(100, 70, -100);
        w.set_block(p, Block::GLASS);
        w.unload_column(p.column());
        assert_eq!(w.block(p), Block::AIR, "unloaded reads as air");
        w.load_column(p.column());
        assert_eq!(w.block(p), Block::GLASS);
    }

    #[test]
    fn beyond_the_border_is_a_wall_that_nothing_changes() {
        let mut w = flat();
        let inside = BlockPos::new(WORLD_BORDER - 1, 64, -WORLD_BORDER);
        let beyond = [
            BlockPos::new(WORLD_BORDER, 64, 0),
            BlockPos::new(0, 300, -WORLD_BORDER - 1),
            BlockPos::new(i32::MIN, 10, i32::MAX),
        ];
        assert!(w.set_block(inside, Block::STONE));
        for p in beyond {
            assert!(!w.set_block(p, Block::STONE), "{p:?}");
            assert_eq!(w.block(p), Block::BEDROCK, "{p:?}");
        }
        assert_eq!(w.edit_count(), 1);
        let generated = w
            .source()
            .generate_column(BlockPos::new(WORLD_BORDER, 0, 0).column());
        assert!(generated.iter().all(|c| *c == Chunk::filled(Block::AIR)));
    }

    #[test]
    fn visiting_a_box_gives_what_block_gives_cell_by_cell() {
        let mut w = flat();
        let (a, b) = (BlockPos::new(-40, 60, -3), BlockPos::new(70, 66, 2));
        w.load_region(Aabb::new(a.min_corner(), b.min_corner()));
        w.set_block(BlockPos::new(-33, 63, 1), Block::GLASS);
        let mut seen = Vec::new();
        w.visit_blocks(a, b, &mut |p, block| seen.push((p, block)));
        let expected: Vec<_> = BlockPos::cells_between(a, b)
            .map(|p| (p, w.block(p)))
            .collect();
        assert_eq!(seen, expected);
        let edge = BlockPos::new(WORLD_BORDER - 2, -1, 0);
        let mut seen = Vec::new();
        w.visit_blocks(
            edge,
            BlockPos::new(WORLD_BORDER + 1, 0, 0),
            &mut |p, block| {
                seen.push((p.x, block));
            },
        );
        let (inside, beyond) = (WORLD_BORDER - 1, WORLD_BORDER);
        assert!(seen.contains(&(inside, Block::AIR)) && seen.contains(&(beyond, Block::BEDROCK)));
    }

    #[test]
    fn outside_height_is_air_and_unchangeable() {
        let mut w = flat();
        assert!(!w.set_block(BlockPos::new(0, 256, 0), Block::STONE));
        assert!(!w.set_block(BlockPos::new(0, -1, 0), Block::STONE));
        assert_eq!(w.block(BlockPos::new(0, -1, 0)), Block::AIR);
    }

    #[test]
    fn a_world_at_its_edit_limit_changes_only_cells_already_edited() {
        let mut w = flat();
        // The limit's worth of edits, far off in columns that are not loaded.
        let far = (0..MAX_EDITS as i32).map(|i| {
            let edit = Edit {
                generated: Block::AIR,
                current: Block::STONE,
            };
            (
                BlockPos::new(10_000 + i % 4096, 100 + i / 4096 % 64, i / 262_144),
                edit,
            )
        });
        w.restore_edits(far);
        assert_eq!(w.edit_count(), MAX_EDITS);
        let fresh = BlockPos::new(0, 64, 0);
        assert!(!w.set_block(fresh, Block::GLASS), "a new edit is refused");
        assert_eq!(w.block(fresh), Block::AIR);
        let edited = BlockPos::new(10_000, 100, 0);
        assert!(
            w.set_block(edited, Block::GLASS),
            "an edited cell changes again"
        );
        assert!(w.set_block(edited, Block::AIR), "and back to what was made");
        assert_eq!(w.edit_count(), MAX_EDITS - 1);
        assert!(
            w.set_block(fresh, Block::GLASS),
            "which leaves room for one more"
        );
    }

    #[test]
    fn edited_columns_near_measure_to_the_nearest_block_of_each_column() {
        let mut w = flat();
        let edit = Edit {
            generated: Block::AIR,
            current: Block::STONE,
        };
        // Column (3, 0) spans x 96 to 127: its nearest block lies 96 blocks from the
        // origin, though the edit in it lies 120 away. Column (-4, 0) spans x -128 to -97.
        let edits = [
            BlockPos::new(120, 100, 5),
            BlockPos::new(-128, 100, 5),
            BlockPos::new(400, 100, 5),
        ];
        w.restore_edits(edits.map(|pos| (pos, edit)));
        let origin = BlockPos::new(0, 70, 0);
        let near = |reach| {
            w.edited_columns_near(origin, reach)
                .into_iter()
                .collect::<Vec<_>>()
        };
        assert_eq!(near(96), [ColumnPos::new(3, 0)]);
        assert_eq!(near(97), [ColumnPos::new(-4, 0), ColumnPos::new(3, 0)]);
        assert_eq!(near(95), []);
        assert_eq!(near(400).len(), 3);
    }
}
