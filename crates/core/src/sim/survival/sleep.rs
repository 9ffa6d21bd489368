//! Beds in survival: placed two blocks long the way the player looks, broken whole, a
//! player's point of respawn once used, and slept in at night.
//!
//! The use action on a bed sets its foot as where its player comes back after death, by
//! day or night; at night (from Minecraft's 12,542 to 23,459 of its day, three times that
//! here) the player also lies down on it. A sleeper holds still until it presses a movement
//! control or its bed is gone. Once every player in the world has slept [`SLEEP_TICKS`],
//! the night is skipped: the clock goes on to the next sunrise and everyone wakes. A
//! player whose bed is gone, or has no room above it, comes back at the world's spawn.

use glam::{DVec3, IVec3};

use crate::physics::{Control, Controls, quantize};
use crate::sim::time::{DAY_TICKS, SUNRISE};
use crate::sim::{ActionOutcome, EventKind, Simulation, Target};
use crate::world::bed::Bed;
use crate::world::{Block, BlockPos, BlockSource, Face};

/// Ticks every player must have slept before the night is skipped: Minecraft's 100 at 20
/// a second.
pub const SLEEP_TICKS: u32 = 300;
/// The first tick of a day a bed may be slept in: Minecraft's 12,542 of 24,000.
pub const BEDTIME: u64 = 37_626;
/// The tick of a day after which no one lies down any more: Minecraft's 23,459.
pub const WAKING: u64 = 70_377;
/// How high a bed's top is above its cell's floor.
const BED_TOP: f64 = 9.0 / 16.0;

/// A player asleep: the foot of its bed, and how long it has slept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sleep {
    /// The bed's foot.
    pub bed: BlockPos,
    /// Ticks slept.
    pub ticks: u32,
}

/// Whether a player may lie down at world time `time`.
#[must_use]
pub const fn is_bedtime(time: u64) -> bool {
    let t = time % DAY_TICKS;
    t >= BEDTIME && t < WAKING
}

/// The controls that get a sleeper up.
const WAKING_CONTROLS: [Control; 6] = [
    Control::Forward,
    Control::Back,
    Control::Left,
    Control::Right,
    Control::Jump,
    Control::Sneak,
];

impl Simulation {
    /// Places a bed with its foot at `cell` and its head beyond it the way `yaw` faces:
    /// both cells free, each on a block that holds torches.
    pub(in crate::sim) fn place_bed(
        &mut self,
        who: usize,
        yaw: f64,
        cell: BlockPos,
    ) -> ActionOutcome {
        let foot = Bed {
            head: false,
            facing: Face::of_yaw(yaw),
        };
        let head_cell = foot.other_half(cell);
        let halves = [(cell, foot.block()), (head_cell, foot.other().block())];
        let fits = halves.iter().all(|&(at, block)| {
            let ground = self.world.block(at.offset(IVec3::NEG_Y)).holds_torches();
            ground && self.can_place(at, block)
        });
        if !fits {
            return ActionOutcome::Nothing;
        }
        for (at, block) in halves {
            self.world.set_block(at, block);
        }
        self.note_block_event(Some(who), EventKind::Place, foot.block(), cell);
        ActionOutcome::Placed(cell)
    }

    /// The foot of the bed with a half at `cell`, if a whole bed is there.
    pub(in crate::sim) fn bed_foot(&self, cell: BlockPos) -> Option<BlockPos> {
        let bed = self.world.block(cell).bed()?;
        let other = bed.other_half(cell);
        (self.world.block(other) == bed.other().block()).then_some(if bed.head {
            other
        } else {
            cell
        })
    }

    /// Takes away the other half of the bed whose half `broken` stood at `cell`.
    pub(in crate::sim) fn break_other_half(&mut self, cell: BlockPos, broken: Block) {
        if let Some(bed) = broken.bed() {
            let other = bed.other_half(cell);
            if self.world.block(other) == bed.other().block() {
                self.world.set_block(other, Block::AIR);
            }
        }
    }

    /// Player `who` uses the bed it looks at, if it looks at one: the bed becomes where it
    /// comes back, and at bedtime it lies down. `None` when it looks at no bed.
    pub(in crate::sim) fn use_bed(&mut self, who: usize) -> Option<ActionOutcome> {
        let viewer = self.players.list()[who].body;
        let Some(Target::Block(hit)) = self.looked_at(&viewer) else {
            return None;
        };
        self.world.block(hit.block).bed()?;
        let Some(foot) = self.bed_foot(hit.block) else {
            return Some(ActionOutcome::Nothing);
        };
        self.survivor_mut(who).bed = Some(foot);
        let Some(place) = self.room_on_bed(foot) else {
            return Some(ActionOutcome::SpawnSet);
        };
        if !is_bedtime(self.time) {
            return Some(ActionOutcome::SpawnSet);
        }
        self.survivor_mut(who).sleeping = Some(Sleep {
            bed: foot,
            ticks: 0,
        });
        let body = self.players.body_mut(who);
        body.position = place;
        body.velocity = DVec3::ZERO;
        Some(ActionOutcome::Slept)
    }

    /// Where a player lies or stands on the bed whose foot is at `foot`: the middle of the
    /// foot's top, where the body fits clear of blocks.
    fn room_on_bed(&self, foot: BlockPos) -> Option<DVec3> {
        let place = quantize(foot.min_corner() + DVec3::new(0.5, BED_TOP, 0.5));
        let body = crate::physics::Body::new(place);
        let clear = !crate::physics::intersects_world(
            &self.world,
            body.bounds(),
            crate::aabb::CONTACT_EPSILON,
        );
        clear.then_some(place)
    }

    /// Where player `who` comes back: on its bed, if the bed still stands with room above
    /// it; else the world's spawn, and the bed is forgotten.
    pub(in crate::sim) fn respawn_point(&mut self, who: usize) -> DVec3 {
        let bed = self.survivor_mut(who).bed;
        let on_bed = bed.and_then(|foot| {
            (self.bed_foot(foot) == Some(foot))
                .then(|| self.room_on_bed(foot))
                .flatten()
        });
        if on_bed.is_none() {
            self.survivor_mut(who).bed = None;
        }
        on_bed.unwrap_or(self.survival.spawn)
    }

    /// The controls a sleeper moves by: none, until it presses one of the movement
    /// controls, which gets it up.
    pub(in crate::sim) fn sleeper_controls(&mut self, who: usize, held: Controls) -> Controls {
        let name = &self.players.list()[who].name;
        let Some(s) = self.survival.survivors.get_mut(name) else {
            return held;
        };
        if s.sleeping.is_none() {
            return held;
        }
        if WAKING_CONTROLS.iter().any(|&c| held.held(c)) {
            s.sleeping = None;
            return held;
        }
        Controls::NONE
    }

    /// One tick of sleep: sleepers whose bed is gone get up, the rest sleep on; once every
    /// player in the world has slept [`SLEEP_TICKS`], the clock goes on to sunrise and
    /// everyone gets up.
    pub(in crate::sim) fn sleep_on(&mut self) {
        if !self
            .survival
            .survivors
            .values()
            .any(|s| s.sleeping.is_some())
        {
            return;
        }
        let mut all_rested = !self.players.list().is_empty();
        for who in 0..self.players.len() {
            let sleeping = self.survivor_mut(who).sleeping;
            let Some(mut sleep) = sleeping else {
                all_rested = false;
                continue;
            };
            if self.bed_foot(sleep.bed) != Some(sleep.bed) {
                self.survivor_mut(who).sleeping = None;
                all_rested = false;
                continue;
            }
            sleep.ticks = sleep.ticks.saturating_add(1);
            all_rested &= sleep.ticks >= SLEEP_TICKS;
            self.survivor_mut(who).sleeping = Some(sleep);
        }
        if all_rested {
            let into_day = self.time % DAY_TICKS;
            self.time = self.time - into_day + DAY_TICKS + SUNRISE;
            for who in 0..self.players.len() {
                self.survivor_mut(who).sleeping = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bedtime_is_minecrafts_night_and_a_bed_faces_the_nearest_quarter_turn() {
        assert!(!is_bedtime(crate::sim::time::SUNSET));
        assert!(is_bedtime(crate::sim::time::MIDNIGHT));
        assert!(is_bedtime(DAY_TICKS * 3 + BEDTIME));
        assert!(!is_bedtime(WAKING));
        let faced: Vec<Face> = [0.0, 44.0, 46.0, 180.0, -90.0, 271.0, 359.0]
            .into_iter()
            .map(Face::of_yaw)
            .collect();
        assert_eq!(
            faced,
            [
                Face::North,
                Face::North,
                Face::East,
                Face::South,
                Face::West,
                Face::West,
                Face::North
            ]
        );
    }
}
