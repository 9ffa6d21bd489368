//! The real blocks' coarse levels for the far view ([`crate::far`]), shared between the
//! workers that keep them and the workers that mesh from them: a module of its own, below
//! the far view, the jobs and the workers that all use it.
//!
//! The [`Pyramid`] takes in every chunk the near view meshes, so the far view shows what the
//! player built or dug once they walk off, and every edited chunk within the far view's
//! reach that it does not hold (generated with its edits by `Job::TakeInEdited`), so what
//! was built in an earlier session shows too; everywhere else a section comes from the
//! generator. Workers take chunks in whatever order they finish, so each chunk's copy
//! carries a number that grows with every copy made, and an older copy never overwrites a
//! newer one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use hewn_core::world::coarse::{CoarseSection, CoarseSource, Pyramid, SectionPos};
use hewn_core::world::{BlockPos, COLUMN_CHUNKS, Chunk, ChunkPos, ColumnPos};

/// The pyramid and the version of each chunk taken in.
#[derive(Debug)]
struct Inner {
    pyramid: Pyramid,
    taken: HashMap<ChunkPos, u64>,
}

/// The real blocks' coarse levels, behind a lock; cheap to clone (a shared handle).
#[derive(Clone, Debug)]
pub struct RealBlocks(Arc<Mutex<Inner>>);

impl RealBlocks {
    /// Levels 1 to `top`, holding nothing yet.
    #[must_use]
    pub fn new(top: u8) -> Self {
        Self(Arc::new(Mutex::new(Inner {
            pyramid: Pyramid::new(top),
            taken: HashMap::new(),
        })))
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The section at `pos`: the real blocks' where they have been taken in, else what
    /// `source` makes (outside the lock, which the generator would hold for milliseconds).
    #[must_use]
    pub fn section(&self, pos: SectionPos, source: &dyn CoarseSource) -> CoarseSection {
        let held = self.lock().pyramid.get(pos).cloned();
        held.unwrap_or_else(|| source.coarse_section(pos))
    }

    /// Forgets the sections of levels below `kept_from` farther than `reach` blocks
    /// (horizontally) from `centre`, and which chunks were taken in there, so that memory
    /// does not grow with the distance travelled. The coarser levels keep what those
    /// sections had carried up to them: a tower stays in the far view from afar.
    pub fn forget_beyond(&self, centre: BlockPos, reach: i32, kept_from: u8) {
        let mut inner = self.lock();
        let far = |min: BlockPos, span: i32| {
            let gap = |c: i32, lo: i32| (lo - c).max(c - (lo + span)).max(0);
            let (dx, dz) = (gap(centre.x, min.x), gap(centre.z, min.z));
            i64::from(dx).pow(2) + i64::from(dz).pow(2) > i64::from(reach).pow(2)
        };
        let gone: Vec<SectionPos> = inner
            .pyramid
            .sections()
            .map(CoarseSection::pos)
            .filter(|p| p.level < kept_from && far(p.min_block(), p.span()))
            .collect();
        for pos in gone {
            inner.pyramid.remove(pos);
        }
        // By the same measure as the far view's queue of edited columns, so that a column
        // forgotten here is forgotten there too and queued again on the way back.
        inner
            .taken
            .retain(|pos, _| pos.column().within(centre, reach));
    }

    /// Whether any chunk of the column at `pos` has been taken in (and not forgotten).
    #[must_use]
    pub fn holds_column(&self, pos: ColumnPos) -> bool {
        let inner = self.lock();
        (0..COLUMN_CHUNKS as i32).any(|y| inner.taken.contains_key(&pos.chunk(y)))
    }

    /// How many sections it holds, at every level.
    #[must_use]
    pub fn section_count(&self) -> usize {
        self.lock().pyramid.len()
    }

    /// Takes in `chunk`, the blocks of the chunk at `pos` in copy number `copy`, unless a
    /// later copy has been; returns the sections that changed, finest first.
    pub fn take_in(
        &self,
        pos: ChunkPos,
        copy: u64,
        chunk: &Chunk,
        source: &dyn CoarseSource,
    ) -> Vec<SectionPos> {
        let mut inner = self.lock();
        if inner.taken.get(&pos).is_some_and(|&c| c >= copy) {
            return Vec::new();
        }
        inner.taken.insert(pos, copy);
        inner.pyramid.add_chunk(pos, chunk, source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::Block;
    use hewn_core::world::coarse::Layers;

    fn ground(y: i32) -> Block {
        if y < 64 { Block::STONE } else { Block::AIR }
    }

    /// The chunk at `pos` of the layered world, with a tower of bricks from y = 64 to 95 at
    /// its first column when `tower`.
    fn chunk(pos: ChunkPos, tower: bool) -> Chunk {
        let mut blocks = Box::new([Block::AIR; hewn_core::world::coords::CHUNK_VOLUME]);
        for (i, b) in blocks.iter_mut().enumerate() {
            let local = hewn_core::world::LocalPos::from_index(i);
            let y = pos.min_block().y + i32::from(local.y);
            *b = if tower && local.x == 0 && local.z == 0 && (64..96).contains(&y) {
                Block::BRICKS
            } else {
                ground(y)
            };
        }
        Chunk::from_blocks(&blocks)
    }

    #[test]
    fn a_tower_taken_in_reaches_every_level_and_an_older_copy_never_undoes_it() {
        let source = Layers(ground);
        let blocks = RealBlocks::new(5);
        let pos = ChunkPos::new(3, 2, -4);
        let changed = blocks.take_in(pos, 2, &chunk(pos, true), &source);
        let levels: Vec<u8> = changed.iter().map(|p| p.level).collect();
        assert_eq!(levels, [1, 2, 3, 4, 5], "the tower shows at every level");
        // The copy made before the tower was built arrives late: it is refused.
        assert!(
            blocks
                .take_in(pos, 1, &chunk(pos, false), &source)
                .is_empty()
        );
        let top = SectionPos::of_chunk(5, pos);
        assert_ne!(blocks.section(top, &source), source.coarse_section(top));
        // Taking the tower down again carries that up too.
        assert_eq!(blocks.take_in(pos, 3, &chunk(pos, false), &source).len(), 5);
        assert_eq!(blocks.section(top, &source), source.coarse_section(top));
    }

    #[test]
    fn the_fine_levels_far_away_are_forgotten_and_the_coarse_ones_kept() {
        let source = Layers(ground);
        let blocks = RealBlocks::new(5);
        let pos = ChunkPos::new(3, 2, -4);
        blocks.take_in(pos, 1, &chunk(pos, true), &source);
        assert_eq!(blocks.section_count(), 5);
        blocks.forget_beyond(BlockPos::new(100, 70, -100), 500, 3);
        assert_eq!(blocks.section_count(), 5, "all within reach");
        blocks.forget_beyond(BlockPos::new(10_000, 70, -100), 500, 3);
        assert_eq!(blocks.section_count(), 3, "levels 3 to 5 kept");
        let top = SectionPos::of_chunk(5, pos);
        assert_ne!(blocks.section(top, &source), source.coarse_section(top));
    }
}
