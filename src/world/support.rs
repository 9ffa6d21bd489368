//! Blocks that hang on others: a torch stands on the block below it or leans against the
//! wall behind it, and drops (becomes air) when that block goes.

use super::{Block, BlockPos, BlockSource, Face};

/// The torches that the blocks at `removed` held, now that they no longer hold torches:
/// those standing on top of them and those leaning against their sides.
pub(super) fn torches_held_by(world: &impl BlockSource, removed: &[BlockPos]) -> Vec<BlockPos> {
    let mut dropped = Vec::new();
    for &support in removed {
        for face in [Face::Up, Face::East, Face::West, Face::South, Face::North] {
            let pos = support.offset(face.normal());
            if Some(world.block(pos)) == Block::torch_against(face) {
                dropped.push(pos);
            }
        }
    }
    dropped
}
