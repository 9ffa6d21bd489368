//! Beds: two blocks side by side, a foot and a head, nine sixteenths high; the head lies
//! the way the player who placed it looked.
//!
//! A bed is eight blocks, its two halves facing four ways; [`Bed`] names one and
//! [`Block::bed`] reads one back.

use glam::IVec3;

use super::{Block, BlockPos};

pub use super::block::Bed;

impl Bed {
    /// The bed's block. A registry that has beds has every half of them (it checks), so
    /// only a registry with no bed at all gives air.
    #[must_use]
    pub fn block(self) -> Block {
        Block::registry().bed(self).unwrap_or(Block::AIR)
    }

    /// Where the other half of the bed with this half at `cell` lies.
    #[must_use]
    pub fn other_half(self, cell: BlockPos) -> BlockPos {
        let step: IVec3 = self.facing.normal();
        cell.offset(if self.head { -step } else { step })
    }

    /// The other half.
    #[must_use]
    pub const fn other(self) -> Self {
        Self {
            head: !self.head,
            ..self
        }
    }
}

impl Block {
    /// The bed half this block is, if it is one.
    #[must_use]
    pub fn bed(self) -> Option<Bed> {
        self.properties().bed
    }

    /// Whether this block is a half of a bed.
    #[must_use]
    pub fn is_bed(self) -> bool {
        self.bed().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::Face;

    #[test]
    fn every_bed_block_reads_back_and_its_halves_find_each_other() {
        let beds: Vec<Block> = Block::all().filter(|b| b.is_bed()).collect();
        assert_eq!(beds.len(), 8);
        let cell = BlockPos::new(4, 64, -7);
        for block in beds {
            let bed = block.bed().expect("a bed");
            assert_eq!(bed.block(), block);
            assert_eq!(block.held_as(), Block::BED_FOOT_NORTH);
            let other = bed.other_half(cell);
            assert_eq!(bed.other().other_half(other), cell, "{block}");
        }
        let foot = Bed {
            head: false,
            facing: Face::East,
        };
        assert_eq!(foot.other_half(cell), BlockPos::new(5, 64, -7));
        assert_eq!(Block::BED_FOOT_NORTH.name(), "bed");
    }
}
