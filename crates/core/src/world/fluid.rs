//! Water's levels: how a water block names its strength, which the flow rules
//! (`crate::sim::water`) read and write.
//!
//! Following Minecraft, water is a source (`water`), flowing water of level 1 to 7 (`water_1`
//! … `water_7`, one more for every block it has spread sideways from a source), or water
//! falling straight down (`water_falling`), which spreads like a source where it lands.

use super::Block;
use super::block::Water;

pub use super::block::MAX_FLOW_LEVEL;

impl Block {
    /// The level of flowing water, 1 to [`MAX_FLOW_LEVEL`]; `None` for sources, falling water
    /// and every other block.
    #[must_use]
    pub fn flow_level(self) -> Option<u8> {
        match self.properties().water {
            Some(Water::Flowing(level)) => Some(level),
            _ => None,
        }
    }

    /// Flowing water of `level` (1 to [`MAX_FLOW_LEVEL`]); `None` for any other level.
    #[must_use]
    pub fn flowing(level: u8) -> Option<Self> {
        Self::registry().flowing(level)
    }

    /// The level water spreads sideways from: 0 for a source and for falling water (which
    /// lands spreading as a source would), the level of flowing water; `None` for blocks
    /// that are not water.
    #[must_use]
    pub fn spread_level(self) -> Option<u8> {
        match self.properties().water? {
            Water::Source | Water::Falling => Some(0),
            Water::Flowing(level) => Some(level),
        }
    }

    /// How strong water is, for choosing between two that reach one cell: a source (0) beats
    /// falling water (1), which beats flowing water of level `l` (`l + 1`); lower is stronger.
    /// `None` for blocks that are not water.
    #[must_use]
    pub fn water_rank(self) -> Option<u8> {
        match self.properties().water? {
            Water::Source => Some(0),
            Water::Falling => Some(1),
            Water::Flowing(level) => Some(level + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_name_the_flowing_blocks_in_order() {
        for level in 1..=MAX_FLOW_LEVEL {
            let block = Block::flowing(level).expect("a level from 1 to 7");
            assert_eq!(block.name(), format!("water_{level}"));
            assert_eq!(block.flow_level(), Some(level));
            assert_eq!(block.spread_level(), Some(level));
            assert_eq!(block.water_rank(), Some(level + 1));
            assert!(block.is_water() && block.is_replaceable() && !block.is_solid());
        }
        assert_eq!(Block::flowing(0), None);
        assert_eq!(Block::flowing(8), None);
        assert_eq!(Block::WATER.flow_level(), None);
        assert_eq!(Block::WATER_FALLING.spread_level(), Some(0));
        assert_eq!(Block::WATER.water_rank(), Some(0));
        assert_eq!(Block::WATER_FALLING.water_rank(), Some(1));
        assert_eq!(Block::STONE.water_rank(), None);
        assert!(!Block::AIR.is_water() && !Block::TORCH.is_water());
    }

    #[test]
    fn every_water_block_is_unpickable_and_costs_light_alike() {
        for block in Block::all().filter(|b| b.is_water()) {
            assert!(block.outline().is_empty(), "{block}");
            assert_eq!(block.opacity(), Block::WATER.opacity(), "{block}");
        }
    }
}
