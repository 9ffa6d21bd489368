//! Blocks that hang on others: a torch stands on the block below it or leans against the
//! wall behind it, a plant or a cactus stands on the block below it, and each drops
//! (becomes air) when that block goes; a crop needs farmland under it, and a door's upper
//! half its lower half.

use super::{BlockPos, BlockSource, Face};

/// What the blocks at `removed` held, now that they no longer hold it: the torches standing
/// on top of them and leaning against their sides, and the plants and cacti on top of
/// those that no longer hold plants.
pub(super) fn held_by(world: &impl BlockSource, removed: &[BlockPos]) -> Vec<BlockPos> {
    let mut dropped = Vec::new();
    for &support in removed {
        let above = support.offset(Face::Up.normal());
        let on_top = world.block(above);
        if !on_top.stands_on(world.block(support)) {
            dropped.push(above);
        }
        for face in [Face::Up, Face::East, Face::West, Face::South, Face::North] {
            let pos = support.offset(face.normal());
            let block = world.block(pos);
            if Some(block) == block.held_as().torch_against(face) {
                dropped.push(pos);
            }
        }
    }
    dropped
}
