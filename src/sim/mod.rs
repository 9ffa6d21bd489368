//! The simulation: a world and a player advanced by fixed ticks from inputs.
//!
//! [`Simulation::tick`] is the only way the game state changes. It is a pure function of the
//! state and the tick's [`Input`], so a run is reproduced exactly from the seed, the generator
//! and the inputs; [`Simulation::hash`] fingerprints the result.

mod actions;
mod dynamics;
pub mod hash;
pub mod item;
pub mod record;
pub mod report;
pub mod scenario;
pub mod schedule;
pub mod spawn;
mod start;
pub mod time;
pub mod updates;
pub mod water;

use glam::DVec3;

use crate::aabb::CONTACT_EPSILON;
use crate::axis::Axis;
use crate::physics::crates::{Crates, Mover};
use crate::physics::falling::Falling;
use crate::physics::tuning::{TICK_SECONDS, TICKS_PER_SECOND};
use crate::physics::{Player, quantize};
use crate::world::{Loader, World};
pub use actions::{Action, ActionOutcome, CrateHit, Input, Target};
use hash::StateHasher;
pub use item::{DEFAULT_HOTBAR, HOTBAR_SLOTS, Item};
pub use start::Start;

/// A world and a player, advanced tick by tick.
///
/// Built once from a [`Start`]; from then on [`Simulation::tick`] is the only way its state
/// changes, which the private fields make the compiler check. Loading and dropping columns
/// ([`Simulation::loader`]) changes what is in memory, never what the world is.
#[derive(Clone, Debug)]
pub struct Simulation {
    world: World,
    player: Player,
    /// In the order they were added.
    crates: Crates,
    /// Sand and gravel on their way down, in the order they started falling.
    falling: Falling,
    /// Cells due for a water or falling update ([`updates`]).
    updates: updates::Updates,
    tick: u64,
    /// The world's clock, in ticks ([`time`]).
    time: u64,
}

impl Simulation {
    /// The simulation at tick 0 of `start`: the player's position is snapped to
    /// [`POSITION_QUANTUM`](crate::physics::POSITION_QUANTUM) as every tick leaves it, the
    /// waiting updates fall due the same number of ticks from now as they were from where
    /// `start` was taken, and the falling blocks go on falling.
    #[must_use]
    pub fn new(start: Start) -> Self {
        let Start {
            world,
            mut player,
            crates,
            motion,
            time,
        } = start;
        player.position = quantize(player.position);
        let mut sim = Self {
            world,
            player,
            crates: Crates::new(crates),
            falling: Falling::default(),
            updates: updates::Updates::default(),
            tick: 0,
            time,
        };
        for (delay, pos) in motion.updates {
            sim.updates.schedule(pos, delay);
        }
        for f in motion.falling {
            if sim.falling.has_room() {
                sim.falling.add(f);
            }
        }
        sim
    }

    /// The world.
    #[must_use]
    pub const fn world(&self) -> &World {
        &self.world
    }

    /// The world as streaming and saving see it: columns may be loaded and dropped and the
    /// lists of changed chunks taken, but no block changes.
    pub fn loader(&mut self) -> Loader<'_> {
        self.world.loader()
    }

    /// The player.
    #[must_use]
    pub const fn player(&self) -> &Player {
        &self.player
    }

    /// The crates, in the order they were added.
    #[must_use]
    pub const fn crates(&self) -> &Crates {
        &self.crates
    }

    /// Sand and gravel on their way down, in the order they started falling.
    #[must_use]
    pub const fn falling(&self) -> &Falling {
        &self.falling
    }

    /// The cells waiting for a water or falling update, by due tick.
    #[must_use]
    pub const fn updates(&self) -> &updates::Updates {
        &self.updates
    }

    /// The world's motion as a save keeps it: the waiting updates with the ticks until they
    /// are due, and the falling blocks.
    #[must_use]
    pub fn motion(&self) -> updates::Motion {
        updates::Motion {
            updates: self
                .updates
                .iter()
                .map(|(due, pos)| (due.saturating_sub(self.tick), pos))
                .collect(),
            falling: self.falling.list().to_vec(),
        }
    }

    /// Ticks run so far.
    #[must_use]
    pub const fn tick_count(&self) -> u64 {
        self.tick
    }

    /// The world's clock, in ticks: one more every tick ([`time`] says where in the day a
    /// time falls).
    #[must_use]
    pub const fn time(&self) -> u64 {
        self.time
    }

    /// Runs one tick of [`TICK_SECONDS`].
    pub fn tick(&mut self, input: &Input) -> Vec<ActionOutcome> {
        if input.yaw.is_some() || input.pitch.is_some() {
            let yaw = input.yaw.unwrap_or(self.player.yaw);
            let pitch = input.pitch.unwrap_or(self.player.pitch);
            self.player.set_look(yaw, pitch);
        }
        let outcomes = input.actions.iter().map(|&a| self.act(a)).collect();
        self.note_changes();
        self.run_updates();
        let body = self.player.bounds();
        let reach = body
            .swept(self.player.velocity * TICK_SECONDS)
            .inflated(2.0);
        self.world.load_region(reach);
        let before = self.player;
        self.player.tick(&self.world, input.controls);
        self.push_crates_ahead_of(before);
        for c in self.crates.list() {
            let path = c.bounds().swept(c.velocity * TICK_SECONDS).inflated(1.0);
            self.world.load_region(path);
        }
        self.crates.tick(&self.world, self.player.bounds());
        self.move_falling();
        self.tick += 1;
        self.time = self.time.saturating_add(1);
        outcomes
    }

    /// Replays the player's move of this tick (from `before`) one axis at a time against the
    /// crates in its way, pushing them; cuts the move where they cannot give way.
    fn push_crates_ahead_of(&mut self, before: Player) {
        let planned = self.player.position - before.position;
        let path = before.bounds().swept(planned).inflated(CONTACT_EPSILON);
        if self.crates.near(path).is_empty() {
            return;
        }
        let mut body = before.bounds();
        let mut moved = DVec3::ZERO;
        for axis in [Axis::Y, Axis::X, Axis::Z] {
            let along =
                self.crates
                    .push(&self.world, Mover::Player(body), axis, planned[axis], &[]);
            moved[axis] = along;
            let mut step = DVec3::ZERO;
            step[axis] = along;
            body = body.translated(step);
            if along != planned[axis] {
                self.player.velocity[axis] = 0.0;
                if axis == Axis::Y && planned.y < 0.0 {
                    self.player.on_ground = true;
                }
            }
        }
        if moved != planned {
            self.player.position = quantize(before.position + moved);
        }
    }

    /// Whether the player's shape (box or cylinder) overlaps a solid collider by more than
    /// 1e-6.
    #[must_use]
    pub fn player_inside_solid(&self) -> bool {
        self.player.intersects_world(&self.world, 1e-6)
    }

    /// A fingerprint of the whole simulation state: tick, time, player, crates, edits, the
    /// update queue (each cell with the ticks until it is due) and the falling blocks.
    /// Light is left out: it follows from the blocks.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let mut h = StateHasher::new();
        h.u64(self.tick);
        h.u64(self.time);
        let p = &self.player;
        for v in [p.position, p.velocity] {
            for c in v.to_array() {
                h.f64(c);
            }
        }
        h.f64(p.yaw);
        h.f64(p.pitch);
        h.bool(p.on_ground);
        h.bool(p.flying);
        h.bytes(p.collider.name().as_bytes());
        h.u64(self.crates.list().len() as u64);
        for c in self.crates.list() {
            for v in [c.position, c.size, c.velocity] {
                for x in v.to_array() {
                    h.f64(x);
                }
            }
            h.bool(c.on_ground);
        }
        h.u64(self.world.edit_count() as u64);
        for (pos, edit) in self.world.edits() {
            h.i32(pos.x);
            h.i32(pos.y);
            h.i32(pos.z);
            h.bytes(&[edit.current.id()]);
        }
        h.u64(self.updates.len() as u64);
        for (due, pos) in self.updates.iter() {
            h.u64(due.wrapping_sub(self.tick));
            h.i32(pos.x);
            h.i32(pos.y);
            h.i32(pos.z);
        }
        h.u64(self.falling.list().len() as u64);
        for f in self.falling.list() {
            h.bytes(&[f.block.id()]);
            for x in f.position.to_array() {
                h.f64(x);
            }
            h.f64(f.velocity);
        }
        h.finish()
    }

    /// Ticks per second of simulated time.
    #[must_use]
    pub const fn ticks_per_second() -> u32 {
        TICKS_PER_SECOND
    }

    /// The player's eye, for cameras.
    #[must_use]
    pub fn eye(&self) -> DVec3 {
        self.player.eye()
    }
}

#[cfg(test)]
mod tests;
