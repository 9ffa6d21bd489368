//! What the world does by itself each tick: water flows ([`super::water`]) and sand and
//! gravel fall ([`crate::physics::falling`]); crops grow on their own schedule
//! ([`super::survival`]'s farming).
//!
//! Both start from changes. Every cell whose block changed during tick `t` — by the player,
//! by water, by a landing block, or by a scenario's fills (counted as changes of tick 0) —
//! schedules itself and its six neighbours: water cells for tick `t + 15`, sand and gravel
//! for tick `t`. Nothing else schedules anything, so generated terrain never moves until it
//! is touched. In each tick, after the player's actions, the cells due run (at most
//! [`MAX_UPDATES_PER_TICK`], the rest wait in order): sand and gravel with nothing solid
//! under them start falling, then all the water updates run together.

use glam::{DVec3, IVec3};

use super::updates::MAX_UPDATES_PER_TICK;
use super::water::{self, MAX_EDITS_FOR_WATER, SLOPE_DISTANCE, WATER_DELAY, Writes};
use super::{EventKind, Simulation};
use crate::aabb::Aabb;
use crate::physics::falling::{FallingBlock, LOST_BELOW};
use crate::physics::tuning::TICK_SECONDS;
use crate::world::{Block, BlockPos, BlockSource, ColumnPos};

/// The cell and its six neighbours: what a change there may set in motion.
const AROUND: [IVec3; 7] = [
    IVec3::ZERO,
    IVec3::X,
    IVec3::NEG_X,
    IVec3::Y,
    IVec3::NEG_Y,
    IVec3::Z,
    IVec3::NEG_Z,
];

/// How far from a water cell its update reads: the slope search, and one more for the cells
/// below and beside the cells it reaches.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    reason = "SLOPE_DISTANCE is 4"
)]
const WATER_READ_REACH: i32 = SLOPE_DISTANCE as i32 + 1;

impl Simulation {
    /// Schedules the cells that the changes since the last call may set in motion.
    pub(super) fn note_changes(&mut self) {
        let touched = self.world.take_changes();
        for (pos, _) in touched {
            for offset in AROUND {
                let q = pos.offset(offset);
                if !q.in_world_height() || !q.inside_border() {
                    continue;
                }
                self.world.load_column(q.column());
                let block = self.world.block(q);
                if block.is_water() {
                    self.updates.schedule(q, self.tick + WATER_DELAY);
                } else if block.falls() {
                    self.updates.schedule(q, self.tick);
                }
            }
        }
    }

    /// Runs the cell updates due this tick, within the budget.
    pub(super) fn run_updates(&mut self) {
        let due = self.updates.take_due(self.tick, MAX_UPDATES_PER_TICK);
        if due.is_empty() {
            return;
        }
        let reach = IVec3::new(WATER_READ_REACH, 0, WATER_READ_REACH);
        let mut flowing = Vec::new();
        let mut growing = Vec::new();
        for pos in due {
            let block = self.world.block(pos);
            if block.is_crop() {
                growing.push(pos);
            } else if block.falls() {
                self.start_falling(pos, block);
            } else if block.is_water() {
                for column in ColumnPos::covering(pos.offset(-reach), pos.offset(reach)) {
                    self.world.load_column(column);
                }
                flowing.push(pos);
            }
        }
        let mut writes = Writes::default();
        water::update(&self.world, &flowing, &mut writes);
        let changes: Vec<_> = writes.changes(&self.world, MAX_EDITS_FOR_WATER).collect();
        self.world.set_blocks(changes);
        for pos in growing {
            self.grow(pos);
        }
        self.note_changes();
    }

    /// Turns the sand or gravel at `pos` into a falling block if nothing solid is under it
    /// and there is room for one more; with no room, it waits for the next tick.
    fn start_falling(&mut self, pos: BlockPos, block: Block) {
        let below = pos.offset(IVec3::NEG_Y);
        if !below.in_world_height() || self.world.block(below).is_solid() {
            return;
        }
        if !self.falling.has_room() {
            self.updates.schedule(pos, self.tick + 1);
            return;
        }
        self.world.set_block(pos, Block::AIR);
        self.falling.add(FallingBlock::from_cell(block, pos));
    }

    /// Moves the falling blocks, and turns those resting on a block back into blocks, each
    /// in the cell holding its centre, breaking what stood there (nothing solid can: a
    /// torch, a plant, water). One whose cell a player or a crate overlaps waits as it is
    /// until they move away; one that fell out of the world is gone.
    pub(super) fn move_falling(&mut self) {
        if self.falling.list().is_empty() {
            return;
        }
        for f in self.falling.list() {
            let fall = DVec3::new(0.0, f.velocity.min(0.0) * TICK_SECONDS - 1.0, 0.0);
            self.world.load_region(f.bounds().swept(fall));
        }
        let players = self.players.bounds();
        let mut fixed: Vec<Aabb> = players.clone();
        fixed.extend(
            self.crates
                .list()
                .iter()
                .map(crate::physics::crates::Crate::bounds),
        );
        self.falling.tick(&self.world, &fixed);
        let mut landed = Vec::new();
        let (world, crates) = (&self.world, self.crates.list());
        self.falling.retain(|f| {
            if f.position.y < LOST_BELOW {
                return false;
            }
            if !f.resting_on_blocks(world) {
                return true;
            }
            let cell = f.cell();
            let room = Aabb::new(cell.min_corner(), cell.min_corner() + DVec3::ONE);
            if players.iter().any(|&p| room.intersects_by(p, 1e-6))
                || crates.iter().any(|c| c.bounds().intersects_by(room, 1e-6))
            {
                return true;
            }
            // Only a solid block placed into its path could be there; it is lost then.
            if !world.block(cell).is_solid() {
                landed.push((cell, f.block));
            }
            false
        });
        for &(cell, block) in &landed {
            self.note_block_event(None, EventKind::Settle, block, cell);
        }
        self.world.set_blocks(landed);
        self.note_changes();
    }
}
