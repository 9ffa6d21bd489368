//! Coarse copies of the world for the far view: sections of 32³ cells where one cell stands
//! for 2^k × 2^k × 2^k blocks.
//!
//! The scheme is Voxy's (the Minecraft far-view mod by MCRcortex): level 0 is the world's own
//! chunks, and each level above halves the resolution of the one below, so a level-k
//! [`CoarseSection`] covers 32 · 2^k blocks along each axis with the same 32³ cells a chunk
//! has. A coarse cell keeps the block a player would see from above: of its 2 × 2 × 2
//! children (cells of the level below), the upper four if any of them holds something, else
//! the lower four, and of those the block most of them hold ([`coarsen`]). Built level by
//! level, a cell is air exactly when every block under it is, so the coarse ground is never
//! lower than the real one and thin things (a tower, a single tree) survive at every level.
//!
//! Only blocks drawn as blocks count ([`seen_from_afar`]): a flower, a torch or a cactus drawn
//! 2^k blocks large would stand where the ground should be, so they count as air; flowing
//! water counts as still water, and a slab as its block.
//!
//! Where the player has been, the levels come from the real blocks ([`Pyramid`], which also
//! carries an edit up the levels); everywhere else from the generator directly, at a cost
//! that does not depend on the level ([`CoarseSource`]). The mesher draws a section with the
//! chunk vertices of the near view, its positions in cells, scaled by 2^k.
//!
//! Cells are stored as a [`Chunk`]: the same palette storage, the same 32³ cells. Coarse
//! sections are mostly sky or mostly rock, which a palette keeps in a few bits a cell or
//! none at all (a uniform section holds no per-cell array), where a plain array would cost
//! 32 KiB each across the thousands of sections a far view of 4,096 blocks holds.

mod pyramid;
#[cfg(test)]
mod tests;

pub use pyramid::Pyramid;

use std::fmt;

use super::block::{Registry, Shape};
use super::coords::{CHUNK_SHIFT, CHUNK_SIZE, CHUNK_VOLUME, WORLD_HEIGHT};
use super::{Block, BlockPos, Chunk, ChunkPos, Face, LocalPos, RenderKind};

/// The coarsest level a section may have: a cell of 256 blocks, the world's height.
pub const MAX_LEVEL: u8 = 8;

/// Cells along each edge of a section, as along a chunk's.
pub const SECTION_CELLS: i32 = CHUNK_SIZE;

/// Where a section lies: its level, and its coordinates in sections of that level, so
/// section `(x, y, z)` of level `k` covers blocks `x · 32 · 2^k ..` along each axis. Level 0
/// is a chunk. Ordered by level first, so that maps keyed by it list the finest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SectionPos {
    /// The level: each cell stands for 2^level blocks along each axis.
    pub level: u8,
    /// East (+x) coordinate, in sections of this level.
    pub x: i32,
    /// Up (+y) coordinate, in sections of this level.
    pub y: i32,
    /// South (+z) coordinate, in sections of this level.
    pub z: i32,
}

impl SectionPos {
    /// Section `(x, y, z)` of `level`.
    #[must_use]
    pub const fn new(level: u8, x: i32, y: i32, z: i32) -> Self {
        Self { level, x, y, z }
    }

    /// The section of `level` that holds block `pos`.
    #[must_use]
    pub const fn containing(level: u8, pos: BlockPos) -> Self {
        let shift = CHUNK_SHIFT + level as u32;
        Self::new(level, pos.x >> shift, pos.y >> shift, pos.z >> shift)
    }

    /// The section of `level` that holds chunk `pos`.
    #[must_use]
    pub const fn of_chunk(level: u8, pos: ChunkPos) -> Self {
        Self::containing(level, pos.min_block())
    }

    /// Blocks along each edge of one of its cells: 2^level.
    #[must_use]
    pub const fn cell_size(self) -> i32 {
        1 << self.level
    }

    /// Blocks along each edge of the section: 32 · 2^level.
    #[must_use]
    pub const fn span(self) -> i32 {
        SECTION_CELLS << self.level
    }

    /// The block at the section's minimum corner.
    #[must_use]
    pub const fn min_block(self) -> BlockPos {
        let shift = CHUNK_SHIFT + self.level as u32;
        BlockPos::new(self.x << shift, self.y << shift, self.z << shift)
    }

    /// The block at the minimum corner of cell `local`.
    #[must_use]
    pub const fn cell_min_block(self, local: LocalPos) -> BlockPos {
        let min = self.min_block();
        let k = self.level as u32;
        BlockPos::new(
            min.x + ((local.x as i32) << k),
            min.y + ((local.y as i32) << k),
            min.z + ((local.z as i32) << k),
        )
    }

    /// Whether any of its cells lies inside the world's height.
    #[must_use]
    pub const fn in_world_height(self) -> bool {
        self.y >= 0 && self.min_block().y < WORLD_HEIGHT
    }

    /// The section of the level above that holds this one; `None` at [`MAX_LEVEL`].
    #[must_use]
    pub const fn parent(self) -> Option<Self> {
        if self.level >= MAX_LEVEL {
            return None;
        }
        Some(Self::new(
            self.level + 1,
            self.x >> 1,
            self.y >> 1,
            self.z >> 1,
        ))
    }

    /// Which eighth of its parent this section fills: bit 0 is x, bit 1 is y and bit 2 is z,
    /// as [`cube_corner`](hewn_mesh::cube_corner) numbers a cube's corners.
    #[must_use]
    pub const fn octant(self) -> usize {
        ((self.x & 1) | (self.y & 1) << 1 | (self.z & 1) << 2) as usize
    }

    /// The eight sections of the level below that it is made from, in [`octant`] order;
    /// `None` at level 0.
    ///
    /// [`octant`]: SectionPos::octant
    #[must_use]
    pub fn children(self) -> Option<[Self; 8]> {
        let level = self.level.checked_sub(1)?;
        Some(std::array::from_fn(|i| {
            let [dx, dy, dz] = octant_offset(i);
            Self::new(level, 2 * self.x + dx, 2 * self.y + dy, 2 * self.z + dz)
        }))
    }

    /// The section of the same level beside this one across `face`.
    #[must_use]
    pub const fn neighbour(self, face: Face) -> Self {
        let [dx, dy, dz] = face.offset();
        Self::new(self.level, self.x + dx, self.y + dy, self.z + dz)
    }
}

impl fmt::Display for SectionPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "L{} ({}, {}, {})", self.level, self.x, self.y, self.z)
    }
}

/// The offset of octant `i` (0 to 7) in cells of its half: bit 0 is x, bit 1 y, bit 2 z.
#[must_use]
pub const fn octant_offset(i: usize) -> [i32; 3] {
    [(i & 1) as i32, (i >> 1 & 1) as i32, (i >> 2 & 1) as i32]
}

/// One section of coarse cells.
#[derive(Clone, Debug)]
pub struct CoarseSection {
    pos: SectionPos,
    cells: Chunk,
}

/// Sections are equal when they lie in the same place and hold the same cells, however
/// their storage came to be (a cell set and set back leaves its block in the palette).
impl PartialEq for CoarseSection {
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos
            && (self.cells == other.cells
                || (0..CHUNK_VOLUME).all(|i| self.cells.get_index(i) == other.cells.get_index(i)))
    }
}

impl Eq for CoarseSection {}

impl CoarseSection {
    /// The section at `pos` holding `cells` (in [`LocalPos::index`] order).
    #[must_use]
    pub const fn new(pos: SectionPos, cells: Chunk) -> Self {
        Self { pos, cells }
    }

    /// The section at `pos` with every cell `block`.
    #[must_use]
    pub fn filled(pos: SectionPos, block: Block) -> Self {
        Self::new(pos, Chunk::filled(block))
    }

    /// Where it lies.
    #[must_use]
    pub const fn pos(&self) -> SectionPos {
        self.pos
    }

    /// Its level.
    #[must_use]
    pub const fn level(&self) -> u8 {
        self.pos.level
    }

    /// Its cells, as a chunk's blocks.
    #[must_use]
    pub const fn cells(&self) -> &Chunk {
        &self.cells
    }

    /// The cell at `local`.
    #[must_use]
    pub fn get(&self, local: LocalPos) -> Block {
        self.cells.get(local)
    }

    /// Sets the cell at `local`, returning whether it changed.
    pub fn set(&mut self, local: LocalPos, block: Block) -> bool {
        let changed = self.cells.get(local) != block;
        if changed {
            self.cells.set(local, block);
        }
        changed
    }

    /// The section at `pos` made from the eight sections or chunks of the level below
    /// (`children`, in [`SectionPos::octant`] order): each cell [`coarsen`]s its eight.
    #[must_use]
    pub fn downsample(pos: SectionPos, children: [&Chunk; 8]) -> Self {
        let mut cells = Box::new([Block::AIR; CHUNK_VOLUME]);
        for (octant, child) in children.iter().enumerate() {
            downsample_octant(child, octant, &mut cells[..]);
        }
        Self::new(pos, Chunk::from_blocks(&cells))
    }

    /// Overwrites the eighth of this section that `child` (a section or chunk of the level
    /// below, in `octant`) covers with its downsampled cells, returning whether any changed.
    pub fn replace_octant(&mut self, octant: usize, child: &Chunk) -> bool {
        let mut cells = self.cells.to_blocks();
        let before = cells.clone();
        downsample_octant(child, octant, &mut cells[..]);
        let changed = cells != before;
        if changed {
            self.cells = Chunk::from_blocks(&cells);
        }
        changed
    }
}

/// Writes the 16³ cells that `child` (32³ cells of the level below) makes into octant
/// `octant` of `cells`, a section's cells in [`LocalPos::index`] order.
fn downsample_octant(child: &Chunk, octant: usize, cells: &mut [Block]) {
    const HALF: usize = (SECTION_CELLS / 2) as usize;
    let [ox, oy, oz] = octant_offset(octant).map(|o| o as usize * HALF);
    let uniform = child.uniform().map(|b| coarsen([b; 8]));
    for y in 0..HALF {
        for z in 0..HALF {
            for x in 0..HALF {
                let block = uniform.unwrap_or_else(|| {
                    coarsen(std::array::from_fn(|i| {
                        let [dx, dy, dz] = octant_offset(i).map(|d| d as u8);
                        let at = |c: usize, d: u8| 2 * c as u8 + d;
                        child.get(LocalPos::new(at(x, dx), at(y, dy), at(z, dz)))
                    }))
                });
                let local = LocalPos::new((ox + x) as u8, (oy + y) as u8, (oz + z) as u8);
                cells[local.index()] = block;
            }
        }
    }
}

/// Whether `block` counts in a coarse cell: blocks drawn as whole blocks (or slabs) do;
/// air, plants, torches and cacti, which drawn 2^k blocks large would stand in for the
/// ground they stand on, count as air.
#[must_use]
pub fn seen_from_afar(block: Block) -> bool {
    seen_in(Block::registry(), block)
}

/// [`seen_from_afar`] in `registry`, for loops that look it up once.
fn seen_in(registry: &Registry, block: Block) -> bool {
    let p = registry.properties(block);
    !matches!(p.render, RenderKind::Invisible) && matches!(p.shape, Shape::Cube | Shape::LowerHalf)
}

/// What a coarse cell holds for `block`: flowing water is water, and what is not
/// [`seen_from_afar`] is air.
#[must_use]
pub fn far_block(block: Block) -> Block {
    far_block_in(Block::registry(), block)
}

/// [`far_block`] in `registry`, for loops over many cells that look it up once.
#[must_use]
pub fn far_block_in(registry: &Registry, block: Block) -> Block {
    if !seen_in(registry, block) {
        Block::AIR
    } else if registry.properties(block).water.is_some() {
        Block::WATER
    } else {
        block
    }
}

/// The coarse cell over eight `children` (in [`SectionPos::octant`] order: bit 1 of the
/// index is y): the block a player sees from above. The upper four are looked at first and
/// the lower four only when the upper are all air, so the top of whatever stands in the cell
/// decides; among the four, the block most of them hold, ties going to the first in order.
#[must_use]
pub fn coarsen(children: [Block; 8]) -> Block {
    const UPPER: [usize; 4] = [2, 3, 6, 7];
    const LOWER: [usize; 4] = [0, 1, 4, 5];
    let registry = Block::registry();
    for layer in [UPPER, LOWER] {
        let blocks = layer.map(|i| far_block_in(registry, children[i]));
        let mut best = Block::AIR;
        let mut best_count = 0;
        for &b in &blocks {
            if b == Block::AIR {
                continue;
            }
            let count = blocks.iter().filter(|&&o| o == b).count();
            if count > best_count {
                (best, best_count) = (b, count);
            }
        }
        if best != Block::AIR {
            return best;
        }
    }
    Block::AIR
}

/// A deterministic maker of coarse sections: what the far view shows where no real blocks
/// have been made. Like [`ColumnSource`](super::ColumnSource) it must answer the same for
/// the same position every time, on any thread; the generators are such sources. Its cost
/// should not grow with the level, or far views would cost what generating every block does.
pub trait CoarseSource: fmt::Debug + Send + Sync {
    /// The section at `pos` (level 1 or above) as the generator would make it.
    fn coarse_section(&self, pos: SectionPos) -> CoarseSection;
}

/// A section at `pos` for a world whose every column is the same: each cell holds what
/// `block` gives at the highest height in the cell where it gives something other than
/// air, which is what downsampling such a column would give. For flat worlds and tests.
#[must_use]
pub fn uniform_columns(pos: SectionPos, block: impl Fn(i32) -> Block) -> CoarseSection {
    let mut cells = Box::new([Block::AIR; CHUNK_VOLUME]);
    let layer = (SECTION_CELLS * SECTION_CELLS) as usize;
    let registry = Block::registry();
    for (cy, row) in cells.chunks_exact_mut(layer).enumerate() {
        let bottom = pos.cell_min_block(LocalPos::new(0, cy as u8, 0)).y;
        let top = (bottom..bottom + pos.cell_size())
            .rev()
            .map(|y| far_block_in(registry, block(y)))
            .find(|&b| b != Block::AIR)
            .unwrap_or(Block::AIR);
        row.fill(top);
    }
    CoarseSection::new(pos, Chunk::from_blocks(&cells))
}

/// A [`CoarseSource`] of a world whose every column holds the blocks a function of the
/// height gives: for tests and flat worlds.
pub struct Layers<F>(pub F);

impl<F> fmt::Debug for Layers<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Layers")
    }
}

impl<F: Fn(i32) -> Block + Send + Sync> CoarseSource for Layers<F> {
    fn coarse_section(&self, pos: SectionPos) -> CoarseSection {
        uniform_columns(pos, &self.0)
    }
}
