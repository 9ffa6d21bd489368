//! A small world of explicitly placed blocks, for tests, benches and tools.

use std::collections::BTreeMap;

use super::{Block, BlockPos, BlockSource};

/// Blocks set one by one over a background block (air unless said otherwise).
#[derive(Clone, Debug, Default)]
pub struct SparseWorld {
    blocks: BTreeMap<BlockPos, Block>,
    /// The block everywhere nothing was set.
    pub background: Block,
}

impl SparseWorld {
    /// An empty world of air.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets one block.
    pub fn set(&mut self, pos: BlockPos, block: Block) {
        self.blocks.insert(pos, block);
    }

    /// Sets every block in the box between `a` and `b`, corners inclusive.
    pub fn fill(&mut self, a: BlockPos, b: BlockPos, block: Block) {
        for pos in BlockPos::cells_between(a, b) {
            self.set(pos, block);
        }
    }
}

impl BlockSource for SparseWorld {
    fn block(&self, pos: BlockPos) -> Block {
        self.blocks.get(&pos).copied().unwrap_or(self.background)
    }
}
