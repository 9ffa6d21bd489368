//! The cells of a world that differ from what its generator made, with a count of them per
//! column, so that the columns holding edits can be listed without walking every edit.

use std::collections::BTreeMap;
use std::ops::RangeBounds;

use super::{Block, BlockPos, ColumnPos, Edit};

/// Every edited cell, in [`BlockPos`] order, and how many lie in each column.
#[derive(Clone, Debug, Default)]
pub(super) struct Edits {
    cells: BTreeMap<BlockPos, Edit>,
    per_column: BTreeMap<ColumnPos, usize>,
}

impl Edits {
    /// The edit at `pos`, if the cell is edited.
    pub(super) fn get(&self, pos: BlockPos) -> Option<&Edit> {
        self.cells.get(&pos)
    }

    /// How many cells are edited.
    pub(super) fn len(&self) -> usize {
        self.cells.len()
    }

    /// Every edit, in [`BlockPos`] order.
    pub(super) fn iter(&self) -> impl Iterator<Item = (BlockPos, Edit)> + '_ {
        self.cells.iter().map(|(&p, &e)| (p, e))
    }

    /// The edits with positions in `range`, in order.
    pub(super) fn range(
        &self,
        range: impl RangeBounds<BlockPos>,
    ) -> impl Iterator<Item = (BlockPos, Edit)> + '_ {
        self.cells.range(range).map(|(&p, &e)| (p, e))
    }

    /// The columns holding edits whose positions lie in `range` (by x, then z), in order.
    pub(super) fn columns(
        &self,
        range: impl RangeBounds<ColumnPos>,
    ) -> impl Iterator<Item = ColumnPos> + '_ {
        self.per_column.range(range).map(|(&c, _)| c)
    }

    /// Notes that the cell at `pos`, where the generator made `generated`, now holds
    /// `current`: an edit, or none when the two agree.
    pub(super) fn record(&mut self, pos: BlockPos, generated: Block, current: Block) {
        if generated == current {
            if self.cells.remove(&pos).is_some() {
                self.forget_one(pos.column());
            }
        } else if self
            .cells
            .insert(pos, Edit { generated, current })
            .is_none()
        {
            *self.per_column.entry(pos.column()).or_default() += 1;
        }
    }

    fn forget_one(&mut self, column: ColumnPos) {
        if let Some(count) = self.per_column.get_mut(&column) {
            *count -= 1;
            if *count == 0 {
                self.per_column.remove(&column);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_counted_as_edits_come_and_go() {
        let mut edits = Edits::default();
        let (a, b) = (BlockPos::new(3, 70, 4), BlockPos::new(5, 80, 6));
        let far = BlockPos::new(-40, 70, 100);
        edits.record(a, Block::AIR, Block::STONE);
        edits.record(b, Block::AIR, Block::GLASS);
        edits.record(far, Block::STONE, Block::AIR);
        // Changed again: still one edit, keeping what the generator made.
        edits.record(a, Block::AIR, Block::GLASS);
        assert_eq!(edits.len(), 3);
        assert_eq!(edits.get(a).map(|e| e.generated), Some(Block::AIR));
        let all: Vec<ColumnPos> = edits.columns(..).collect();
        assert_eq!(all, [far.column(), a.column()]);
        // Put back as it was made: no longer an edit, and the column empties.
        edits.record(far, Block::STONE, Block::STONE);
        edits.record(a, Block::AIR, Block::AIR);
        assert_eq!(edits.columns(..).collect::<Vec<_>>(), [b.column()]);
        edits.record(b, Block::AIR, Block::AIR);
        assert_eq!(edits.len(), 0);
        assert_eq!(edits.columns(..).count(), 0);
    }
}
