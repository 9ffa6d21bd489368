//! Chests: 27 slots kept in the world at a chest's cell, and two chests side by side seen
//! as one double chest of 54, as in Minecraft.
//!
//! A chest's contents are part of the survival state (hashed, saved, sent to the players
//! who have it open), kept only while it holds anything. A chest pairs with the chest beside
//! it to the east, west, south or north; one that would stand beside two chests, or beside
//! a chest already paired, cannot be placed ([`chest_fits`]), so every chest has at most one
//! partner. A double chest's slots are its two halves' in cell order, the lower cell (by x,
//! then z) first. A chest broken lets fall what it held.

use glam::IVec3;

use super::inventory::Stack;
use crate::sim::Simulation;
use crate::world::{Block, BlockPos, BlockSource};

/// Slots in one chest.
pub const CHEST_SLOTS: usize = 27;

/// The four sides a chest pairs across.
const BESIDE: [IVec3; 4] = [IVec3::X, IVec3::NEG_X, IVec3::Z, IVec3::NEG_Z];

/// One chest's contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chest {
    /// Its slots, row by row.
    pub slots: [Option<Stack>; CHEST_SLOTS],
}

impl Default for Chest {
    fn default() -> Self {
        Self {
            slots: [None; CHEST_SLOTS],
        }
    }
}

impl Chest {
    /// Whether it holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }

    /// Every stack it holds, in slot order.
    #[must_use]
    pub fn contents(&self) -> Vec<Stack> {
        self.slots.iter().flatten().copied().collect()
    }
}

/// The chests beside `cell` in `world`, in [`BESIDE`]'s order.
fn chests_beside(world: &impl BlockSource, cell: BlockPos) -> Vec<BlockPos> {
    BESIDE
        .iter()
        .map(|&d| cell.offset(d))
        .filter(|&p| world.block(p) == Block::CHEST)
        .collect()
}

/// Whether a chest may stand at `cell`: beside no chest, or beside one chest that has no
/// other chest beside it.
#[must_use]
pub fn chest_fits(world: &impl BlockSource, cell: BlockPos) -> bool {
    match chests_beside(world, cell)[..] {
        [] => true,
        [partner] => chests_beside(world, partner).iter().all(|&p| p == cell),
        _ => false,
    }
}

/// The cells of the chest at `cell`: itself, or itself and its partner, in cell order.
#[must_use]
pub fn chest_cells(world: &impl BlockSource, cell: BlockPos) -> Vec<BlockPos> {
    let mut cells = vec![cell];
    if let [partner] = chests_beside(world, cell)[..] {
        cells.push(partner);
    }
    cells.sort_unstable();
    cells
}

impl Simulation {
    /// The slots of the chest at `cell`, its partner's after its own half where it has one
    /// (27 or 54).
    #[must_use]
    pub fn chest_slots(&self, cell: BlockPos) -> Vec<Option<Stack>> {
        chest_cells(&self.world, cell)
            .iter()
            .flat_map(|c| {
                self.survival
                    .chests
                    .get(c)
                    .copied()
                    .unwrap_or_default()
                    .slots
            })
            .collect()
    }

    /// Stores `slots` (as [`Simulation::chest_slots`] gives them) into the chest at `cell`
    /// and its partner, forgetting a half left empty.
    pub fn store_chest_slots(&mut self, cell: BlockPos, slots: &[Option<Stack>]) {
        let cells = chest_cells(&self.world, cell);
        for (half, &c) in slots.chunks(CHEST_SLOTS).zip(&cells) {
            let mut chest = Chest::default();
            chest.slots.copy_from_slice(half);
            if chest.is_empty() {
                self.survival.chests.remove(&c);
            } else {
                self.survival.chests.insert(c, chest);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::World;
    use crate::worldgen::{Generator, GeneratorKind};

    #[test]
    fn chests_pair_two_by_two_and_never_three() {
        let mut world = World::new(Generator::new(GeneratorKind::Flat, 1));
        let at = |x, z| BlockPos::new(x, 64, z);
        world.set_block(at(0, 0), Block::CHEST);
        assert!(chest_fits(&world, at(1, 0)));
        world.set_block(at(1, 0), Block::CHEST);
        assert_eq!(chest_cells(&world, at(1, 0)), [at(0, 0), at(1, 0)]);
        assert!(!chest_fits(&world, at(2, 0)), "beside a paired chest");
        assert!(!chest_fits(&world, at(0, 1)), "beside a paired chest");
        world.set_block(at(3, 0), Block::CHEST);
        assert!(chest_fits(&world, at(2, 2)), "beside nothing");
        world.set_block(at(5, 0), Block::CHEST);
        assert!(!chest_fits(&world, at(4, 0)), "between two chests");
        assert_eq!(chest_cells(&world, at(3, 0)), [at(3, 0)]);
    }
}
