//! The simulation: a world and a player advanced by fixed ticks from inputs.
//!
//! [`Simulation::tick`] is the only way the game state changes. It is a pure function of the
//! state and the tick's [`Input`], so a run is reproduced exactly from the seed, the generator
//! and the inputs; [`Simulation::hash`] fingerprints the result.

mod dynamics;
pub mod hash;
pub mod item;
pub mod record;
pub mod report;
pub mod scenario;
pub mod schedule;
pub mod spawn;
pub mod time;
pub mod updates;
pub mod water;

use glam::{DVec3, IVec3};

use crate::aabb::CONTACT_EPSILON;
use crate::axis::Axis;
use crate::physics::crates::{Crate, Crates, Mover};
use crate::physics::falling::Falling;
use crate::physics::tuning::{REACH, TICK_SECONDS, TICKS_PER_SECOND};
use crate::physics::{Controls, Player, PlayerCollider, intersects_world, quantize};
use crate::raycast::{RayHit, cast};
use crate::world::block::Shape;
use crate::world::{Anchored, Block, BlockPos, BlockSource, Face, WORLD_HEIGHT, World};
use crate::worldgen::{Generator, GeneratorKind};
use hash::StateHasher;
pub use item::{DEFAULT_HOTBAR, HOTBAR_SLOTS, Item};

/// A one-shot action taken at the start of a tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Break the block the player looks at.
    Break,
    /// Place a block against the face the player looks at.
    Place(Block),
    /// Start or stop flying.
    ToggleFly,
    /// Place a 1×1×1 crate against the face the player looks at.
    PlaceCrate,
    /// Switch the player between the box and the cylinder collider (refused where the other
    /// shape would overlap a block).
    ToggleCollider,
}

impl Action {
    /// The action's name in scenario files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Break => "break",
            Self::Place(_) => "place",
            Self::ToggleFly => "toggle_fly",
            Self::PlaceCrate => "place_crate",
            Self::ToggleCollider => "toggle_collider",
        }
    }
}

/// Everything the player does in one tick.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Input {
    /// The controls held during the tick.
    pub controls: Controls,
    /// A new yaw in degrees, set before anything else this tick.
    pub yaw: Option<f64>,
    /// A new pitch in degrees, set before anything else this tick.
    pub pitch: Option<f64>,
    /// Actions taken after the look is set and before the player moves, in order.
    pub actions: Vec<Action>,
}

/// What an action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionOutcome {
    /// A block was broken at this position.
    Broke(BlockPos),
    /// A block was placed at this position.
    Placed(BlockPos),
    /// Flight was switched on (`true`) or off.
    Flying(bool),
    /// A crate was placed; it is the last in the list.
    PlacedCrate,
    /// The crate at this index was broken (removed).
    BrokeCrate(usize),
    /// The player now collides as this shape.
    Collider(PlayerCollider),
    /// Nothing happened: nothing in reach, an unbreakable block, or no room to place.
    Nothing,
}

/// A crate on the player's look ray.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CrateHit {
    /// Its index in the crate list.
    pub index: usize,
    /// How far along the ray the ray enters it, in blocks.
    pub distance: f64,
    /// The face the ray enters through.
    pub face: Face,
}

/// What the player's look ray meets first within reach: what a click acts on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// A crate nearer than any block on the ray.
    Crate(CrateHit),
    /// A block no farther than any crate on the ray.
    Block(RayHit),
}

impl Target {
    /// The nearer of a block and a crate on the ray; a tie goes to the block.
    fn nearest(block: Option<RayHit>, crate_hit: Option<CrateHit>) -> Option<Self> {
        match crate_hit {
            Some(c) if block.is_none_or(|b| c.distance < b.distance) => Some(Self::Crate(c)),
            _ => block.map(Self::Block),
        }
    }
}

/// A world and a player, advanced tick by tick.
#[derive(Clone, Debug)]
pub struct Simulation {
    /// The world.
    pub world: World,
    /// The player.
    pub player: Player,
    /// The crates, in the order they were added.
    pub crates: Crates,
    /// Sand and gravel on their way down, in the order they started falling.
    pub falling: Falling,
    /// Cells due for a water or falling update ([`updates`]).
    updates: updates::Updates,
    tick: u64,
    /// The world's clock, in ticks ([`time`]).
    time: u64,
}

impl Simulation {
    /// A simulation of a fresh world from `kind` and `seed`, with the player at the spawn
    /// point.
    #[must_use]
    pub fn new(kind: GeneratorKind, seed: u64) -> Self {
        let generator = Generator::new(kind, seed);
        let spawn = generator.spawn_point();
        Self::from_parts(World::new(generator), Player::new(spawn))
    }

    /// A simulation of an existing world and player, at tick 0.
    #[must_use]
    pub fn from_parts(world: World, mut player: Player) -> Self {
        player.position = quantize(player.position);
        Self {
            world,
            player,
            crates: Crates::default(),
            falling: Falling::default(),
            updates: updates::Updates::default(),
            tick: 0,
            time: time::MORNING,
        }
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

    /// Takes up the motion of a saved world: its updates fall due the same number of ticks
    /// from now as they were from the save, and its blocks go on falling.
    pub fn restore_motion(&mut self, motion: updates::Motion) {
        for (delay, pos) in motion.updates {
            self.updates.schedule(pos, self.tick.saturating_add(delay));
        }
        for f in motion.falling {
            if self.falling.has_room() {
                self.falling.add(f);
            }
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

    /// Sets the world's clock: a scenario's start, a saved world's time, `--time`.
    pub fn set_time(&mut self, time: u64) {
        self.time = time;
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

    /// The block the player is looking at within reach, if any.
    #[must_use]
    pub fn target(&mut self) -> Option<RayHit> {
        let eye = self.player.eye();
        self.world
            .load_region(crate::aabb::Aabb::new(eye, eye).inflated(REACH));
        self.peek_target()
    }

    /// [`Simulation::target`] without loading chunks: unloaded ones read as air.
    #[must_use]
    pub fn peek_target(&self) -> Option<RayHit> {
        // Cast in the frame of the eye's block so the result is the same far from the origin.
        let eye = self.player.eye();
        let anchor = BlockPos::containing(eye);
        let local = Anchored {
            world: &self.world,
            anchor,
        };
        let shift = anchor.to_ivec3();
        cast(
            &local,
            eye - anchor.min_corner(),
            self.player.look_direction(),
            REACH,
        )
        .map(|hit| RayHit {
            block: hit.block.offset(shift),
            adjacent: hit.adjacent.offset(shift),
            point: hit.point + anchor.min_corner(),
            ..hit
        })
    }

    /// Takes one action now.
    pub fn act(&mut self, action: Action) -> ActionOutcome {
        match action {
            Action::ToggleFly => {
                self.player.flying = !self.player.flying;
                if self.player.flying {
                    self.player.on_ground = false;
                }
                ActionOutcome::Flying(self.player.flying)
            }
            Action::ToggleCollider => {
                let mut switched = self.player;
                switched.collider = match self.player.collider {
                    PlayerCollider::Box => PlayerCollider::Cylinder,
                    PlayerCollider::Cylinder => PlayerCollider::Box,
                };
                let room = !switched.intersects_world(&self.world, CONTACT_EPSILON);
                if room {
                    self.player = switched;
                    ActionOutcome::Collider(switched.collider)
                } else {
                    ActionOutcome::Nothing
                }
            }
            Action::Break => match self.looked_at() {
                Some(Target::Crate(c)) => {
                    self.crates.remove(c.index);
                    ActionOutcome::BrokeCrate(c.index)
                }
                Some(Target::Block(hit)) if self.world.block(hit.block).is_breakable() => {
                    self.world.set_block(hit.block, Block::Air);
                    ActionOutcome::Broke(hit.block)
                }
                _ => ActionOutcome::Nothing,
            },
            Action::Place(block) => match self.looked_at() {
                Some(Target::Block(hit)) => {
                    // A plant clicked on is built over, as a plant beside the face would be.
                    let cell = if self.world.block(hit.block).is_plant() {
                        hit.block
                    } else {
                        hit.adjacent
                    };
                    match self.placed_against(block, &hit, cell) {
                        Some(placed) if self.can_place(cell, placed) => {
                            self.world.set_block(cell, placed);
                            ActionOutcome::Placed(cell)
                        }
                        _ => ActionOutcome::Nothing,
                    }
                }
                _ => ActionOutcome::Nothing,
            },
            Action::PlaceCrate => match self.new_crate_spot() {
                Some(c) if self.crate_fits(&c) => {
                    self.crates.add(c);
                    ActionOutcome::PlacedCrate
                }
                _ => ActionOutcome::Nothing,
            },
        }
    }

    /// Where a crate placed now would go: against the face of the nearest crate the player
    /// looks at, centred across that face (on a side face, with the bottoms level), so
    /// crates stack into towers and rows; otherwise in the cell in front of the targeted
    /// block face, like a block.
    fn new_crate_spot(&mut self) -> Option<Crate> {
        match self.looked_at()? {
            Target::Crate(hit) => {
                let target = &self.crates.list()[hit.index];
                let normal = hit.face.normal().as_dvec3();
                // Bottom centres: the new crate's sits half its size beyond the face along
                // the normal, and a crate below hangs down by its full height.
                let half = (target.size + DVec3::ONE) * 0.5;
                let mut position = target.position + normal * half;
                position.y = match hit.face {
                    Face::Up => target.position.y + target.size.y,
                    Face::Down => target.position.y - 1.0,
                    _ => target.position.y,
                };
                Some(Crate::new(position, DVec3::ONE))
            }
            Target::Block(hit) => {
                let cell = hit.adjacent.min_corner();
                Some(Crate::new(cell + DVec3::new(0.5, 0.0, 0.5), DVec3::ONE))
            }
        }
    }

    /// Whether `c` may be placed: inside the world's height and clear of blocks, crates and
    /// the player.
    fn crate_fits(&self, c: &Crate) -> bool {
        let bounds = c.bounds();
        bounds.min.y >= 0.0
            && bounds.max.y <= f64::from(WORLD_HEIGHT)
            && !intersects_world(&self.world, bounds, CONTACT_EPSILON)
            && !self.crates.any_intersect(bounds)
            && !self.falling.any_intersect(bounds)
            && !bounds.intersects(self.player.bounds())
    }

    /// The nearest crate on the look ray within reach.
    #[must_use]
    pub fn crate_target(&self) -> Option<CrateHit> {
        let eye = self.player.eye();
        let dir = self.player.look_direction();
        let reach = crate::aabb::Aabb::new(eye, eye).inflated(REACH);
        self.crates
            .near(reach)
            .into_iter()
            .filter_map(|index| {
                crate::raycast::ray_box_entry(eye, dir, self.crates.list()[index].bounds()).map(
                    |(distance, face)| CrateHit {
                        index,
                        distance,
                        face,
                    },
                )
            })
            .filter(|hit| hit.distance <= REACH)
            .min_by(|a, b| {
                a.distance
                    .total_cmp(&b.distance)
                    .then(a.index.cmp(&b.index))
            })
    }

    /// What the look ray meets first within reach, loading the chunks in reach.
    #[must_use]
    pub fn looked_at(&mut self) -> Option<Target> {
        let block = self.target();
        Target::nearest(block, self.crate_target())
    }

    /// [`Simulation::looked_at`] without loading chunks: unloaded ones read as air.
    #[must_use]
    pub fn peek_looked_at(&self) -> Option<Target> {
        Target::nearest(self.peek_target(), self.crate_target())
    }

    /// What placing `block` into `cell` through the face `hit` names puts there: the block
    /// itself, or for a torch, one standing on a top face or leaning against a side face, as
    /// long as the block clicked on holds torches; a plant only over a whole block, a cactus
    /// also over a cactus. `None` where it cannot go.
    fn placed_against(&self, block: Block, hit: &RayHit, cell: BlockPos) -> Option<Block> {
        match block.shape() {
            Shape::Torch { .. } if self.world.block(hit.block).holds_torches() => {
                Block::torch_against(hit.face)
            }
            Shape::Torch { .. } => None,
            Shape::Cross => self
                .world
                .block(cell.offset(IVec3::NEG_Y))
                .holds_torches()
                .then_some(block),
            Shape::Inset => self
                .world
                .block(cell.offset(IVec3::NEG_Y))
                .holds_plants()
                .then_some(block),
            Shape::Cube | Shape::LowerHalf => Some(block),
        }
    }

    /// Whether `block` may go at `pos`: inside the world's height, into air or water (a torch
    /// only into air), and not overlapping the player, a crate or a falling block.
    #[must_use]
    pub fn can_place(&self, pos: BlockPos, block: Block) -> bool {
        let there = self.world.block(pos);
        if block == Block::Air || !pos.in_world_height() || !there.is_replaceable() {
            return false;
        }
        if matches!(block.shape(), Shape::Torch { .. }) && there != Block::Air {
            return false;
        }
        let body = self.player.bounds();
        !block.colliders().iter().any(|c| {
            let placed = c.at(pos.min_corner());
            placed.intersects(body)
                || self.crates.any_intersect(placed)
                || self.falling.any_intersect(placed)
        })
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
