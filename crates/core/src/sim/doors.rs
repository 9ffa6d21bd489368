//! Doors in the world: placed two blocks tall facing the way the player looks, opened and
//! shut by the use action (a right click), never swung into a body, and broken whole.

use glam::IVec3;

use super::{ActionOutcome, EventKind, Simulation, Target};
use crate::physics::Body;
use crate::world::door::Door;
use crate::world::{BlockPos, BlockSource, Face};

impl Simulation {
    /// The cell of the lower half of the door with a half at `cell`; `cell` itself for
    /// anything else.
    pub(super) fn door_base(&self, cell: BlockPos) -> BlockPos {
        match self.world.block(cell).door() {
            Some(door) if door.upper => cell.offset(IVec3::NEG_Y),
            _ => cell,
        }
    }

    /// Places a door, shut and facing the way `viewer` looks, with its lower half at `cell`
    /// and its upper half above: both cells free, on a block that holds torches.
    pub(super) fn place_door(
        &mut self,
        who: usize,
        viewer: &Body,
        cell: BlockPos,
    ) -> ActionOutcome {
        let lower = Door::shut(Face::of_yaw(viewer.yaw));
        let above = cell.offset(IVec3::Y);
        let (low, high) = (lower.block(), lower.upper().block());
        let grounded = self.world.block(cell.offset(IVec3::NEG_Y)).holds_torches();
        if !grounded || !self.can_place(cell, low) || !self.can_place(above, high) {
            return ActionOutcome::Nothing;
        }
        self.world.set_block(cell, low);
        self.world.set_block(above, high);
        self.note_block_event(Some(who), EventKind::Place, low, cell);
        ActionOutcome::Placed(cell)
    }

    /// Opens or shuts the door player `who` looks at, if it looks at one: both halves turn,
    /// unless the panel would swing into a player, a crate or a falling block (then nothing
    /// moves). `None` when it looks at no door.
    pub(super) fn use_door(&mut self, who: usize) -> Option<ActionOutcome> {
        let viewer = self.players.list()[who].body;
        let Some(Target::Block(hit)) = self.looked_at(&viewer) else {
            return None;
        };
        self.world.block(hit.block).door()?;
        let base = self.door_base(hit.block);
        let Some(lower) = self.world.block(base).door() else {
            return Some(ActionOutcome::Nothing);
        };
        let above = base.offset(IVec3::Y);
        let turned = lower.toggled();
        let halves = [(base, turned.block()), (above, turned.upper().block())];
        let blocked = halves.iter().any(|&(cell, block)| {
            block.colliders().iter().any(|c| {
                let b = c.at(cell.min_corner());
                self.players.any_intersect(b)
                    || self.crates.any_intersect(b)
                    || self.falling.any_intersect(b)
            })
        });
        if blocked {
            return Some(ActionOutcome::Nothing);
        }
        // The upper half stands only on its lower half, so both are there.
        for (cell, block) in halves {
            self.world.set_block(cell, block);
        }
        Some(ActionOutcome::Toggled(base))
    }
}
