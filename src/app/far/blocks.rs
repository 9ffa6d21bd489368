//! The real blocks' coarse levels, shared between the workers that keep them and the
//! workers that mesh from them.
//!
//! The [`Pyramid`] takes in every chunk the near view meshes, so the far view shows what the
//! player built or dug once they walk off; everywhere else a section comes from the
//! generator. Workers take chunks in whatever order they finish, so each chunk's copy
//! carries a number that grows with every copy made, and an older copy never overwrites a
//! newer one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::world::coarse::{CoarseSection, CoarseSource, Pyramid, SectionPos};
use crate::world::{Chunk, ChunkPos};

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
