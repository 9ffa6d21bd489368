//! The simulation: a world and its players advanced by fixed ticks from inputs.
//!
//! On a server and in `hewn sim`, [`Simulation::step`] (and [`Simulation::tick`], its
//! one-player form) is the only way the game state changes. It is a pure function of the
//! state and the tick's [`Step`], so a run is reproduced exactly from the seed, the generator
//! and the inputs; [`Simulation::hash`] fingerprints the result. A client's copy of a
//! server's world changes besides in two ways, both named for what they are: the server's
//! word, through the [`Mirror`] setters, and the client's own prediction
//! ([`Simulation::predict`]).

mod actions;
pub mod creature;
mod doors;
mod dynamics;
pub mod events;
pub mod hash;
mod hunting;
pub mod item;
mod mirror;
pub mod players;
pub mod schedule;
pub mod spawn;
mod start;
mod step;
pub mod survival;
pub mod time;
pub mod updates;
pub mod water;

use glam::DVec3;

use crate::aabb::CONTACT_EPSILON;
use crate::axis::Axis;
use crate::physics::crates::{Crates, Mover};
use crate::physics::falling::Falling;
use crate::physics::tuning::{TICK_SECONDS, TICKS_PER_SECOND};
use crate::physics::{Body, quantize};
use crate::world::{BlockPos, CellReader, Loader, World};
pub use actions::{Action, ActionOutcome, CrateHit, Input, MAX_ACTION_COUNT, Target};
pub use events::{Event, EventKind};
use hash::StateHasher;
pub use hunting::{ACTIVE, CreatureHit};
pub use item::{DEFAULT_HOTBAR, HOTBAR_SLOTS, Item};
pub use mirror::{Mirror, Prediction};
pub use players::{Member, PlayerName, Players};
pub use start::Start;
pub use step::Step;

/// A world and its players, advanced tick by tick.
///
/// Built once from a [`Start`]; from then on [`Simulation::step`] is the only way its state
/// changes, but for a client's [`Mirror`] and prediction; the private fields make the
/// compiler check that nothing else reaches in. Loading and dropping columns
/// ([`Simulation::loader`]) changes what is in memory, never what the world is.
#[derive(Clone, Debug)]
pub struct Simulation {
    world: World,
    /// In the order they joined: the order they act and move in.
    players: Players,
    /// Where each player who left is, for when it comes back ([`Step::returning`]).
    away: std::collections::BTreeMap<PlayerName, Body>,
    /// In the order they were added.
    crates: Crates,
    /// Sand and gravel on their way down, in the order they started falling.
    falling: Falling,
    /// Cells due for a water or falling update ([`updates`]).
    updates: updates::Updates,
    tick: u64,
    /// The world's clock, in ticks ([`time`]).
    time: u64,
    /// What happened in the last tick ([`events`]): its result, not state.
    events: Vec<Event>,
    /// Each player's walked distance and fall, for the events; bookkeeping, not state.
    gaits: std::collections::BTreeMap<PlayerName, events::Gait>,
    /// The mode, and in survival the players' health and inventories, the items lying
    /// about and the furnaces ([`survival`]).
    survival: survival::Survival,
    /// Who may break unknown blocks ([`Step::operators`]): who may is no part of the world,
    /// so not of its hash, but every step that changes it is recorded.
    operators: std::collections::BTreeSet<PlayerName>,
    /// The creatures and arrows ([`creature`]).
    creatures: creature::Population,
}

impl Simulation {
    /// The simulation at tick 0 of `start`: the players' positions are snapped to
    /// [`POSITION_QUANTUM`](crate::physics::POSITION_QUANTUM) as every tick leaves them, the
    /// waiting updates fall due the same number of ticks from now as they were from where
    /// `start` was taken, and the falling blocks go on falling.
    #[must_use]
    pub fn new(start: Start) -> Self {
        let Start {
            world,
            mut players,
            crates,
            motion,
            time,
            survival,
            creatures,
        } = start;
        for i in 0..players.len() {
            let body = players.body_mut(i);
            body.position = quantize(body.position);
        }
        let mut sim = Self {
            world,
            players,
            away: std::collections::BTreeMap::new(),
            crates: Crates::new(crates),
            falling: Falling::default(),
            updates: updates::Updates::default(),
            tick: 0,
            time,
            events: Vec::new(),
            gaits: std::collections::BTreeMap::new(),
            survival,
            operators: std::collections::BTreeSet::new(),
            creatures,
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

    /// Everyone in the world, in the order they joined.
    #[must_use]
    pub const fn players(&self) -> &Players {
        &self.players
    }

    /// The first player: the one of a single-player game, or a scenario's `[player]`.
    #[must_use]
    pub fn player(&self) -> Option<&Body> {
        self.players.first().map(|m| &m.body)
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

    /// Runs one tick of [`TICK_SECONDS`] in which the first player does `input` and anyone
    /// else holds nothing; returns what the first player's actions did.
    pub fn tick(&mut self, input: &Input) -> Vec<ActionOutcome> {
        let first = self.players.first().map(|m| m.name.clone());
        let mut outcomes = self.advance(
            |name| (Some(name) == first.as_ref()).then_some(input),
            &Step::default(),
        );
        outcomes.truncate(1);
        outcomes.pop().unwrap_or_default()
    }

    /// Runs one tick of [`TICK_SECONDS`]: those leaving leave and those joining join, an
    /// operator's moves, clock and mode are applied, then every player does its input.
    /// Returns what each player's actions did, in the order of [`Simulation::players`]
    /// after the tick.
    pub fn step(&mut self, step: &Step) -> Vec<Vec<ActionOutcome>> {
        for name in &step.leaving {
            if let Some(body) = self.players.leave(name) {
                self.gaits.remove(name);
                self.away.insert(name.clone(), body);
            }
        }
        let mut joining: Vec<&Member> = step.joining.iter().collect();
        joining.sort_by(|a, b| a.name.cmp(&b.name));
        for m in joining {
            let mut body = m.body;
            body.position = quantize(body.position);
            if self.players.join(m.name.clone(), body) {
                self.away.remove(&m.name);
            }
        }
        let mut returning: Vec<&PlayerName> = step.returning.iter().collect();
        returning.sort();
        for name in returning {
            if let Some(&body) = self.away.get(name)
                && self.players.join(name.clone(), body)
            {
                self.away.remove(name);
            }
        }
        for (name, place) in &step.teleports {
            if let Some(body) = self.players.get_mut(name) {
                body.position = quantize(*place);
                body.velocity = DVec3::ZERO;
                body.on_ground = false;
                if let Some(s) = self.survival.survivors.get_mut(name) {
                    s.vitals.fall_top = None;
                }
            }
        }
        if let Some(time) = step.set_time {
            self.time = time;
        }
        if let Some(mode) = step.set_mode {
            self.set_mode(mode);
        }
        if let Some(difficulty) = step.set_difficulty {
            self.creatures.difficulty = difficulty;
        }
        for (name, made) in &step.operators {
            if *made {
                self.operators.insert(name.clone());
            } else {
                self.operators.remove(name);
            }
        }
        self.advance(|name| step.inputs.get(name), step)
    }

    /// Plays the world in `mode` from now on: in survival no one flies; in creative no
    /// screen stays open.
    fn set_mode(&mut self, mode: survival::Mode) {
        match mode {
            survival::Mode::Survival => {
                for who in 0..self.players.len() {
                    self.players.body_mut(who).flying = false;
                }
            }
            survival::Mode::Creative => {
                for who in 0..self.players.len() {
                    self.close_screen(who);
                }
            }
        }
        self.survival.mode = mode;
    }

    /// Where each player who left the world is, by name: where it comes back to.
    #[must_use]
    pub const fn away(&self) -> &std::collections::BTreeMap<PlayerName, Body> {
        &self.away
    }

    /// The tick itself, with each player's input from `input_of` (none: nothing held,
    /// nothing done). Players act in order, then the world's own changes run, then players
    /// move in order, each pushing the crates ahead of it; then crates and falling blocks
    /// move among all of them.
    fn advance<'a>(
        &mut self,
        input_of: impl Fn(&PlayerName) -> Option<&'a Input>,
        outside: &Step,
    ) -> Vec<Vec<ActionOutcome>> {
        self.events.clear();
        for &(pos, block) in &outside.sets {
            self.set_from_outside(pos, block);
        }
        for &(position, item, count) in &outside.drops {
            self.drop_from_outside(position, item, count);
        }
        for (name, item, count) in &outside.gives {
            self.give_from_outside(name, *item, *count);
        }
        let idle = Input::default();
        let inputs: Vec<&Input> = self
            .players
            .list()
            .iter()
            .map(|m| input_of(&m.name).unwrap_or(&idle))
            .collect();
        let surviving = self.survival.mode == survival::Mode::Survival;
        if surviving {
            self.muster();
        }
        let mut outcomes = Vec::with_capacity(inputs.len());
        for (who, input) in inputs.iter().enumerate() {
            let body = self.players.body_mut(who);
            if input.yaw.is_some() || input.pitch.is_some() {
                let yaw = input.yaw.unwrap_or(body.yaw);
                let pitch = input.pitch.unwrap_or(body.pitch);
                body.set_look(yaw, pitch);
            }
            outcomes.push(input.actions.iter().map(|&a| self.act(who, a)).collect());
            if surviving {
                self.dig(who, input.controls.held(crate::physics::Control::Dig));
                self.eat(who);
            }
        }
        self.note_changes();
        self.run_updates();
        for (who, input) in inputs.iter().enumerate() {
            if surviving && self.is_dead(who) {
                continue;
            }
            let before = self.players.list()[who].body;
            let controls = if surviving {
                self.survival_controls(who, input.controls)
            } else {
                input.controls
            };
            self.move_player(who, controls);
            self.note_move(who, &before, controls);
            if surviving {
                self.live(who, &before, controls);
            }
        }
        for c in self.crates.list() {
            let path = c.bounds().swept(c.velocity * TICK_SECONDS).inflated(1.0);
            self.world.load_region(path);
        }
        self.crates.tick(&self.world, &self.players.bounds());
        self.move_falling();
        self.run_creatures();
        if surviving {
            self.run_survival();
        }
        self.tick += 1;
        self.time = self.time.saturating_add(1);
        outcomes
    }

    /// Moves player `who` by its controls, pushing the crates ahead of it; the other players
    /// hold the crates it pushes.
    fn move_player(&mut self, who: usize, controls: crate::physics::Controls) {
        let before = self.players.list()[who].body;
        let reach = before
            .bounds()
            .swept(before.velocity * TICK_SECONDS)
            .inflated(2.0);
        self.world.load_region(reach);
        let body = self.players.body_mut(who);
        body.tick(&self.world, controls);
        self.push_crates_ahead_of(who, before);
    }

    /// Replays player `who`'s move of this tick (from `before`) one axis at a time against
    /// the crates in its way, pushing them; cuts the move where they cannot give way.
    fn push_crates_ahead_of(&mut self, who: usize, before: Body) {
        let planned = self.players.list()[who].body.position - before.position;
        let path = before.bounds().swept(planned).inflated(CONTACT_EPSILON);
        if self.crates.near(path).is_empty() {
            return;
        }
        let others: Vec<_> = self
            .players
            .list()
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != who)
            .map(|(_, m)| m.body.bounds())
            .collect();
        let mut body = before.bounds();
        let mut moved = DVec3::ZERO;
        for axis in [Axis::Y, Axis::X, Axis::Z] {
            let along =
                self.crates
                    .push(&self.world, Mover::Body(body), axis, planned[axis], &others);
            moved[axis] = along;
            let mut step = DVec3::ZERO;
            step[axis] = along;
            body = body.translated(step);
            let player = self.players.body_mut(who);
            if along != planned[axis] {
                player.velocity[axis] = 0.0;
                if axis == Axis::Y && planned.y < 0.0 {
                    player.on_ground = true;
                }
            }
        }
        if moved != planned {
            self.players.body_mut(who).position = quantize(before.position + moved);
        }
    }

    /// The players who are operators ([`Step::operators`]), by name.
    #[must_use]
    pub const fn operators(&self) -> &std::collections::BTreeSet<PlayerName> {
        &self.operators
    }

    /// Whether `player`'s shape (box or cylinder) overlaps a solid collider of this world by
    /// more than 1e-6.
    #[must_use]
    pub fn inside_solid(&self, player: &Body) -> bool {
        player.intersects_world(&self.world, 1e-6)
    }

    /// A fingerprint of the whole simulation state: tick, time, players, crates, edits, the
    /// update queue (each cell with the ticks until it is due), the falling blocks and, in
    /// survival, the survival state.
    /// Light is left out: it follows from the blocks.
    ///
    /// The first player is hashed where the one player always was, and the others, with
    /// their names, only after everything else, so a one-player run hashes as it always did.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let mut h = StateHasher::new();
        h.u64(self.tick);
        h.u64(self.time);
        let mut players = self.players.list().iter();
        if let Some(first) = players.next() {
            hash_player(&mut h, &first.body);
        }
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
            h.block(edit.current.id());
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
            h.block(f.block.id());
            for x in f.position.to_array() {
                h.f64(x);
            }
            h.f64(f.velocity);
        }
        if self.players.len() != 1 || !self.away.is_empty() {
            h.u64(self.players.len() as u64);
            for m in players {
                h.bytes(m.name.as_str().as_bytes());
                hash_player(&mut h, &m.body);
            }
        }
        if !self.away.is_empty() {
            h.u64(self.away.len() as u64);
            for (name, body) in &self.away {
                h.bytes(name.as_str().as_bytes());
                hash_player(&mut h, body);
            }
        }
        self.survival.hash(&mut h);
        self.creatures.hash(&mut h);
        h.finish()
    }

    /// From now on, keeps the cells whose block changes, for
    /// [`Simulation::take_changed_cells`]: what a server sends its clients.
    pub fn log_changed_cells(&mut self) {
        self.world.journal_mut().follow_cells(CellReader::Network);
    }

    /// The cells whose block changed since the last call (in the order they changed; a cell
    /// may come more than once), if [`Simulation::log_changed_cells`] was called.
    pub fn take_changed_cells(&mut self) -> Vec<BlockPos> {
        let journal = self.world.journal_mut();
        if !journal.follows_cells(CellReader::Network) {
            return Vec::new();
        }
        let cells = journal.read_cells(CellReader::Network);
        cells.into_iter().map(|(pos, _)| pos).collect()
    }

    /// Ticks per second of simulated time.
    #[must_use]
    pub const fn ticks_per_second() -> u32 {
        TICKS_PER_SECOND
    }
}

/// Feeds one player's state to `h`.
fn hash_player(h: &mut StateHasher, p: &Body) {
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
}

#[cfg(test)]
mod tests;
