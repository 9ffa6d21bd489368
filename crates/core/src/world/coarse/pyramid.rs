//! The coarse levels of the real world: every section above the chunks the player has seen,
//! made from their blocks, and kept up to date as they are edited.
//!
//! A section in the pyramid is the downsample of the sections (or chunks) of the level below
//! wherever those are known, and the generator's own coarse section ([`CoarseSource`])
//! elsewhere. Adding a chunk or editing a block recomputes only the cells above it, level by
//! level, and stops at the first level where no cell changed: above that nothing can change
//! either, since a cell depends only on its eight children. That is what lets a tower built
//! by the player be seen thousands of blocks away while costing a handful of cells per block
//! placed.

use std::collections::BTreeMap;

use super::octant_offset;
use super::{CoarseSection, CoarseSource, MAX_LEVEL, SECTION_CELLS, SectionPos, coarsen};
use crate::world::coords::CHUNK_SHIFT;
use crate::world::{Block, BlockPos, BlockSource, Chunk, ChunkPos, LocalPos};

/// A box of cells of one level, in that level's cell coordinates, corners inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CellBox {
    min: [i32; 3],
    max: [i32; 3],
}

impl CellBox {
    /// The cells of the level above that hold these.
    fn parent(self) -> Self {
        Self {
            min: self.min.map(|c| c >> 1),
            max: self.max.map(|c| c >> 1),
        }
    }
}

/// The coarse sections of levels 1 to a top level, keyed and listed in [`SectionPos`] order
/// (finest level first), so nothing depends on the order sections were made in.
#[derive(Clone, Debug)]
pub struct Pyramid {
    top: u8,
    sections: BTreeMap<SectionPos, CoarseSection>,
}

impl Pyramid {
    /// An empty pyramid of levels 1 to `top` (at most [`MAX_LEVEL`]).
    #[must_use]
    pub fn new(top: u8) -> Self {
        Self {
            top: top.clamp(1, MAX_LEVEL),
            sections: BTreeMap::new(),
        }
    }

    /// Its coarsest level.
    #[must_use]
    pub const fn top(&self) -> u8 {
        self.top
    }

    /// The section at `pos`, if the pyramid holds it.
    #[must_use]
    pub fn get(&self, pos: SectionPos) -> Option<&CoarseSection> {
        self.sections.get(&pos)
    }

    /// How many sections it holds, at every level.
    #[must_use]
    pub fn len(&self) -> usize {
        self.sections.len()
    }

    /// Whether it holds no section.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.sections.is_empty()
    }

    /// Every section it holds, finest level first, then by position.
    pub fn sections(&self) -> impl Iterator<Item = &CoarseSection> {
        self.sections.values()
    }

    /// Forgets the section at `pos` (to keep memory bounded), returning it. What the real
    /// blocks put there is lost from this level only: the levels above keep their cells.
    pub fn remove(&mut self, pos: SectionPos) -> Option<CoarseSection> {
        self.sections.remove(&pos)
    }

    /// Takes in the real blocks of the chunk at `pos`: the level-1 cells over it are made
    /// from its blocks and the change is carried up the levels. Returns the sections whose
    /// cells changed, finest first (a renderer re-meshes them, and their face neighbours
    /// where a changed cell lies on the border).
    pub fn add_chunk(
        &mut self,
        pos: ChunkPos,
        chunk: &Chunk,
        source: &dyn CoarseSource,
    ) -> Vec<SectionPos> {
        let first = SectionPos::of_chunk(1, pos);
        if !first.in_world_height() {
            return Vec::new();
        }
        self.ensure(first, source);
        let changed = self.sections.get_mut(&first).is_some_and(|s| {
            s.replace_octant(SectionPos::new(0, pos.x, pos.y, pos.z).octant(), chunk)
        });
        if !changed {
            return Vec::new();
        }
        let min = pos.min_block();
        let half = SECTION_CELLS / 2;
        let cells = CellBox {
            min: [min.x >> 1, min.y >> 1, min.z >> 1],
            max: [
                (min.x >> 1) + half - 1,
                (min.y >> 1) + half - 1,
                (min.z >> 1) + half - 1,
            ],
        };
        let mut changed = vec![first];
        self.carry_up(cells, source, &mut changed);
        changed
    }

    /// Carries the block now at `pos` in `blocks` (the world, after the edit) up the levels:
    /// its level-1 cell is made again from its eight blocks, then each level's cell from its
    /// eight children, stopping at the first level where the cell did not change. Returns
    /// the sections whose cells changed, finest first. Sections missing on the way are made
    /// as [`Pyramid::add_chunk`] would find them, from `source`.
    pub fn edit(
        &mut self,
        pos: BlockPos,
        blocks: &dyn BlockSource,
        source: &dyn CoarseSource,
    ) -> Vec<SectionPos> {
        let first = SectionPos::containing(1, pos);
        if !first.in_world_height() {
            return Vec::new();
        }
        let cell = [pos.x >> 1, pos.y >> 1, pos.z >> 1];
        let base = BlockPos::new(cell[0] << 1, cell[1] << 1, cell[2] << 1);
        let block = coarsen(std::array::from_fn(|i| {
            let [dx, dy, dz] = octant_offset(i);
            blocks.block(BlockPos::new(base.x + dx, base.y + dy, base.z + dz))
        }));
        self.ensure(first, source);
        let changed = self
            .sections
            .get_mut(&first)
            .is_some_and(|s| s.set(local_of(cell), block));
        if !changed {
            return Vec::new();
        }
        let mut changed = vec![first];
        self.carry_up(
            CellBox {
                min: cell,
                max: cell,
            },
            source,
            &mut changed,
        );
        changed
    }

    /// Recomputes, level by level from 2 up, the cells over `cells` (level-1 cells that
    /// changed), pushing each section that changed onto `changed`; stops at the first level
    /// where nothing did.
    fn carry_up(
        &mut self,
        mut cells: CellBox,
        source: &dyn CoarseSource,
        changed: &mut Vec<SectionPos>,
    ) {
        for level in 2..=self.top {
            cells = cells.parent();
            let pos = section_of(level, cells.min);
            // A section made now already holds the change, from the level below.
            let made_changed = self.ensure(pos, source);
            if !(self.refresh(pos, cells) || made_changed) {
                return;
            }
            changed.push(pos);
        }
    }

    /// Makes the cells `cells` (all inside section `pos`, level 2 or above) again from their
    /// children in the level below, which the pyramid must hold; returns whether any changed.
    fn refresh(&mut self, pos: SectionPos, cells: CellBox) -> bool {
        let Some(mut section) = self.sections.remove(&pos) else {
            return false;
        };
        let below = pos.level - 1;
        let mut changed = false;
        for y in cells.min[1]..=cells.max[1] {
            for z in cells.min[2]..=cells.max[2] {
                for x in cells.min[0]..=cells.max[0] {
                    let block = coarsen(std::array::from_fn(|i| {
                        let [dx, dy, dz] = octant_offset(i);
                        let child = [2 * x + dx, 2 * y + dy, 2 * z + dz];
                        self.sections
                            .get(&section_of(below, child))
                            .map_or(Block::AIR, |s| s.get(local_of(child)))
                    }));
                    changed |= section.set(local_of([x, y, z]), block);
                }
            }
        }
        self.sections.insert(pos, section);
        changed
    }

    /// Makes sure the pyramid holds the section at `pos`: if it does not, it is made from
    /// `source`, with the eighths whose section of the level below the pyramid holds made
    /// from those instead. Returns whether it was made and differs from what `source` made.
    fn ensure(&mut self, pos: SectionPos, source: &dyn CoarseSource) -> bool {
        if self.sections.contains_key(&pos) {
            return false;
        }
        let mut section = source.coarse_section(pos);
        let mut changed = false;
        for child in pos.children().into_iter().flatten() {
            if let Some(known) = self.sections.get(&child) {
                changed |= section.replace_octant(child.octant(), known.cells());
            }
        }
        self.sections.insert(pos, section);
        changed
    }
}

/// The section of `level` holding the cell `cell` (in that level's cell coordinates).
fn section_of(level: u8, cell: [i32; 3]) -> SectionPos {
    let [x, y, z] = cell.map(|c| c >> CHUNK_SHIFT);
    SectionPos::new(level, x, y, z)
}

/// A cell's place in its section.
fn local_of(cell: [i32; 3]) -> LocalPos {
    let [x, y, z] = cell.map(|c| (c & (SECTION_CELLS - 1)) as u8);
    LocalPos::new(x, y, z)
}
