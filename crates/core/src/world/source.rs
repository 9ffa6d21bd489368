//! Where a world's blocks come from before anyone edits them.
//!
//! The world keeps only its edits; everything else it asks of a [`ColumnSource`], which must
//! answer the same for the same position every time, on any thread. The generators in
//! [`crate::worldgen`] are the sources a game uses; the world itself knows nothing of them,
//! so it stays the ground floor the generators build on.

use std::fmt;

use super::{COLUMN_CHUNKS, Chunk, ChunkPos, ColumnLight, ColumnPos};

/// A deterministic maker of chunks: what a world looks like where nobody has edited it.
pub trait ColumnSource: fmt::Debug + Send + Sync {
    /// The chunk at `pos` as made, before any edit.
    fn generate(&self, pos: ChunkPos) -> Chunk;

    /// The column at `pos`, bottom chunk first.
    fn generate_column(&self, pos: ColumnPos) -> [Chunk; COLUMN_CHUNKS] {
        std::array::from_fn(|y| self.generate(pos.chunk(y as i32)))
    }

    /// The column at `pos`, with the light it has by itself if the source keeps that too
    /// (a [`ColumnCache`](super::cache::ColumnCache) does), so a world loading it need not
    /// light it again.
    fn lit_column(&self, pos: ColumnPos) -> ([Chunk; COLUMN_CHUNKS], Option<ColumnLight>) {
        (self.generate_column(pos), None)
    }

    /// The seed the source makes its world from, which the world's creatures draw their
    /// chances from too; 0 for a source without one.
    fn seed(&self) -> u64 {
        0
    }

    /// Whether animals live on the land at column `(x, z)` (in blocks): plains and forests.
    /// True where the source has no kinds of land.
    fn pasture(&self, x: i32, z: i32) -> bool {
        let _ = (x, z);
        true
    }
}
