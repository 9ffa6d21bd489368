//! What a creature wants each tick: the walk it wishes, the jump, and the strike or shot it
//! makes, from what it senses and its kind's behaviour.
//!
//! - **Passive** (animals): wander to a spot a few blocks away, rest there (grazing, now
//!   and then), and again; when hit, flee from the blow for [`FLEE_TICKS`](super::FLEE_TICKS)
//!   at twice the pace. Never on purpose over a drop of more than [`MAX_DROP`] blocks or
//!   into deep water: a step that would go there turns it back.
//! - **Melee** (zombies): notice a player within [`NOTICE`] blocks in plain sight, follow
//!   it (straight where the way is clear, else by a path) until it is [`LOSE`] blocks away,
//!   and strike it when in reach, once every `interval` ticks.
//! - **Ranged** (skeletons): the same, keeping between the kind's `range` from its target,
//!   and shooting when it sees it, once every `interval` ticks.
//!
//! Every creature jumps where a block stands in its way with room above it, and checks
//! every [`STUCK_CHECK`] ticks that it got somewhere; a creature that did not gives up its
//! path or its wander.

use glam::{DVec2, DVec3, IVec3};

use super::Creature;
use super::dice::{Dice, Purpose};
use super::kind::{Behaviour, Kind};
use super::path::{MAX_DROP, can_stand};
use crate::aabb::Aabb;
use crate::physics::walker::Wish;
use crate::raycast::GridWalk;
use crate::sim::hash::StateHasher;
use crate::world::block::OPAQUE;
use crate::world::{BlockPos, BlockSource};

/// How near a player a hostile creature notices it, in blocks.
pub const NOTICE: f64 = 16.0;
/// How far a player gets before a creature following it loses it, in blocks.
pub const LOSE: f64 = 24.0;
/// Ticks between two checks that a creature got somewhere.
pub const STUCK_CHECK: u16 = 40;
/// How much further than its own half-width and the player's a melee creature reaches.
pub const REACH: f64 = 0.8;

/// What a creature is doing, beyond where its body is.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Mind {
    /// Where it is walking to, wandering.
    pub goal: Option<DVec3>,
    /// Ticks it stands still before wandering on.
    pub rest: u16,
    /// Whether it grazes while it rests.
    pub grazing: bool,
    /// Ticks it flees for.
    pub fleeing: u16,
    /// What it flees from.
    pub flee_from: DVec3,
    /// The player it hunts, by name.
    pub target: Option<String>,
    /// The cells it walks through to reach its target, next first.
    pub path: Vec<BlockPos>,
    /// The cell the path was found for.
    pub path_to: Option<BlockPos>,
    /// Ticks before it can strike or shoot again.
    pub reload: u16,
    /// Ticks to the next check that it got somewhere.
    pub check_in: u16,
    /// Where it was at the last check.
    pub checked_at: DVec3,
    /// The walk it last chose: what it keeps walking while it does not think.
    pub walk: DVec2,
}

impl Mind {
    /// Feeds its state to `h`.
    pub(super) fn hash(&self, h: &mut StateHasher) {
        h.bool(self.goal.is_some());
        for x in self.goal.unwrap_or_default().to_array() {
            h.f64(x);
        }
        h.u64(u64::from(self.rest));
        h.bool(self.grazing);
        h.u64(u64::from(self.fleeing));
        for x in self.flee_from.to_array() {
            h.f64(x);
        }
        h.bytes(self.target.as_deref().unwrap_or("").as_bytes());
        h.u64(self.path.len() as u64);
        for p in &self.path {
            h.i32(p.x);
            h.i32(p.y);
            h.i32(p.z);
        }
        h.bool(self.path_to.is_some());
        h.u64(u64::from(self.reload));
        h.u64(u64::from(self.check_in));
        for x in self.checked_at.to_array() {
            h.f64(x);
        }
        h.f64(self.walk.x);
        h.f64(self.walk.y);
    }
}

/// A player as a creature senses it.
#[derive(Clone, Debug)]
pub struct Prey<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its box.
    pub bounds: Aabb,
    /// Its eyes.
    pub eye: DVec3,
    /// Whether monsters hunt it: alive, in survival.
    pub hunted: bool,
}

impl Prey<'_> {
    /// The centre of the bottom of its box.
    #[must_use]
    pub fn feet(&self) -> DVec3 {
        DVec3::new(
            f64::midpoint(self.bounds.min.x, self.bounds.max.x),
            self.bounds.min.y,
            f64::midpoint(self.bounds.min.z, self.bounds.max.z),
        )
    }
}

/// What a creature does this tick besides walking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Deed {
    /// Nothing.
    None,
    /// Strikes the player at this index among the prey.
    Strike(usize),
    /// Shoots an arrow at this point.
    Shoot(DVec3),
}

/// What a creature wants this tick.
#[derive(Clone, Copy, Debug)]
pub struct Thought {
    /// Its walk.
    pub wish: Wish,
    /// Its deed.
    pub deed: Deed,
    /// Whether it asks for a path to its target.
    pub wants_path: bool,
}

/// Everything a creature senses.
pub struct Senses<'a, W> {
    /// The world.
    pub world: &'a W,
    /// The players.
    pub prey: &'a [Prey<'a>],
    /// The world's seed.
    pub seed: u64,
    /// The world's clock: what draws are seeded by, with the seed, as a save keeps it.
    pub time: u64,
}

/// The heading, in degrees, of a walk along `d`: 0 faces -Z, 90 faces +X.
#[must_use]
pub fn heading(d: DVec2) -> f64 {
    libm::atan2(d.x, -d.y).to_degrees().rem_euclid(360.0)
}

/// The horizontal part of `v`.
fn flat(v: DVec3) -> DVec2 {
    DVec2::new(v.x, v.z)
}

/// Whether nothing opaque stands between `from` and `to`: a creature sees through glass,
/// water and leaves as light passes them, but not through stone.
pub fn sees(world: &impl BlockSource, from: DVec3, to: DVec3) -> bool {
    let d = to - from;
    let length = d.length();
    let Some(dir) = d.try_normalize() else {
        return true;
    };
    GridWalk::new(from, dir)
        .take_while(|&(_, entered)| entered <= length)
        .all(|(pos, _)| world.block(pos).opacity() < OPAQUE)
}

impl Creature {
    /// What it wants this tick.
    pub fn think<W: BlockSource>(&mut self, kind: &Kind, senses: &Senses<'_, W>) -> Thought {
        self.mind.reload = self.mind.reload.saturating_sub(1);
        let mut thought = Thought {
            wish: Wish::default(),
            deed: Deed::None,
            wants_path: false,
        };
        if kind.behaviour != Behaviour::Passive {
            self.choose_target(senses);
        }
        let target = self
            .mind
            .target
            .as_deref()
            .and_then(|name| senses.prey.iter().position(|p| p.name == name));
        let walk = match (kind.behaviour, target) {
            (Behaviour::Passive, _) if self.mind.fleeing > 0 => {
                self.mind.fleeing -= 1;
                let away = flat(self.body.position - self.mind.flee_from).normalize_or_zero();
                let away = if away == DVec2::ZERO { DVec2::X } else { away };
                Some(away * kind.speed * 2.0)
            }
            (Behaviour::Melee, Some(t)) => Some(self.hunt(kind, senses, t, &mut thought)),
            (Behaviour::Ranged, Some(t)) => Some(self.keep_range(kind, senses, t, &mut thought)),
            _ => Some(self.wander(kind, senses)),
        };
        if let Some(v) = walk {
            let v = if self.safe_ahead(kind, senses.world, v) {
                v
            } else {
                self.mind.goal = None;
                DVec2::ZERO
            };
            thought.wish.velocity = v;
            thought.wish.jump = self.ledge_ahead(kind, senses.world, v);
            if v != DVec2::ZERO {
                self.yaw = heading(v);
            }
        }
        self.look = match target {
            Some(t) => heading(flat(senses.prey[t].eye - self.eye())),
            None => self.yaw,
        };
        self.check_progress(thought.wish.velocity, &mut thought);
        thought
    }

    /// Takes the nearest hunted player it sees within [`NOTICE`] as its target, or drops a
    /// target gone beyond [`LOSE`] or no longer hunted.
    fn choose_target<W: BlockSource>(&mut self, senses: &Senses<'_, W>) {
        let eye = self.eye();
        if let Some(name) = &self.mind.target {
            let kept = senses
                .prey
                .iter()
                .any(|p| p.name == name && p.hunted && p.eye.distance(eye) <= LOSE);
            if kept {
                return;
            }
            self.mind.target = None;
            self.mind.path.clear();
            self.mind.path_to = None;
        }
        let nearest = senses
            .prey
            .iter()
            .filter(|p| p.hunted && p.eye.distance(eye) <= NOTICE)
            .filter(|p| sees(senses.world, eye, p.eye))
            .min_by(|a, b| a.eye.distance(eye).total_cmp(&b.eye.distance(eye)));
        self.mind.target = nearest.map(|p| p.name.to_owned());
    }

    /// A melee creature's walk after target `t`, and its strike when in reach.
    fn hunt<W: BlockSource>(
        &mut self,
        kind: &Kind,
        senses: &Senses<'_, W>,
        t: usize,
        thought: &mut Thought,
    ) -> DVec2 {
        let prey = &senses.prey[t];
        let reach = self.bounds().inflated(REACH);
        if reach.intersects(prey.bounds) {
            if self.mind.reload == 0 {
                thought.deed = Deed::Strike(t);
                self.mind.reload = kind.interval;
            }
            self.yaw = heading(flat(prey.feet() - self.body.position));
            return DVec2::ZERO;
        }
        self.approach(kind, senses, prey.feet(), thought)
    }

    /// A ranged creature's walk to keep its target `t` within its range, and its shot.
    fn keep_range<W: BlockSource>(
        &mut self,
        kind: &Kind,
        senses: &Senses<'_, W>,
        t: usize,
        thought: &mut Thought,
    ) -> DVec2 {
        let prey = &senses.prey[t];
        let to = flat(prey.feet() - self.body.position);
        let distance = to.length();
        let in_sight = sees(senses.world, self.eye(), prey.eye);
        if in_sight && self.mind.reload == 0 && distance <= kind.range.1 + 4.0 {
            thought.deed = Deed::Shoot(prey.eye - DVec3::Y * 0.4);
            self.mind.reload = kind.interval;
        }
        if distance < kind.range.0 {
            self.mind.path.clear();
            return -to.normalize_or_zero() * kind.speed;
        }
        if distance > kind.range.1 || !in_sight {
            return self.approach(kind, senses, prey.feet(), thought);
        }
        self.mind.path.clear();
        self.yaw = heading(to);
        DVec2::ZERO
    }

    /// The walk towards `goal`: straight where it sees the way, else along its path,
    /// asking for one where it has none to there.
    fn approach<W: BlockSource>(
        &mut self,
        kind: &Kind,
        senses: &Senses<'_, W>,
        goal: DVec3,
        thought: &mut Thought,
    ) -> DVec2 {
        let to = flat(goal - self.body.position);
        let level = (goal.y - self.body.position.y).abs() < 1.0;
        if level && self.clear_walk(kind, senses.world, goal) {
            self.mind.path.clear();
            return to.normalize_or_zero() * kind.speed;
        }
        let goal_cell = BlockPos::containing(goal + DVec3::Y * 0.01);
        let stale = self
            .mind
            .path_to
            .is_none_or(|at| (at.to_ivec3() - goal_cell.to_ivec3()).abs().max_element() > 1);
        if stale || self.mind.path.is_empty() {
            thought.wants_path = true;
        }
        let here = self.body.position;
        while let Some(&next) = self.mind.path.first() {
            let centre = next.min_corner() + DVec3::new(0.5, 0.0, 0.5);
            let off = flat(centre - here);
            if off.length() < 0.3 && (centre.y - here.y).abs() < 1.0 {
                self.mind.path.remove(0);
                continue;
            }
            return off.normalize_or_zero() * kind.speed;
        }
        // With no path yet, or at the end of one that stopped short: on straight, as near
        // as it gets.
        to.normalize_or_zero() * kind.speed
    }

    /// Whether every cell on the straight walk to `goal` can be stood in at its height.
    fn clear_walk(&self, kind: &Kind, world: &impl BlockSource, goal: DVec3) -> bool {
        let cells = height_cells(kind);
        let from = self.body.position;
        let d = flat(goal - from);
        let steps = (d.length() * 2.0).ceil();
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "within a hunt's reach: a few dozen half-blocks"
        )]
        let n = steps.min(64.0) as u32;
        (1..=n).all(|i| {
            let p = from + DVec3::new(d.x, 0.0, d.y) * (f64::from(i) / steps);
            can_stand(world, BlockPos::containing(p + DVec3::Y * 0.01), cells)
        })
    }

    /// An animal's (or an idle monster's) walk: to its goal, then rest, then a new goal.
    fn wander<W: BlockSource>(&mut self, kind: &Kind, senses: &Senses<'_, W>) -> DVec2 {
        if self.mind.rest > 0 {
            self.mind.rest -= 1;
            return DVec2::ZERO;
        }
        self.mind.grazing = false;
        let mut dice = Dice::new(
            senses.seed,
            Purpose::Wander,
            u64::from(self.id),
            senses.time,
        );
        let Some(goal) = self.mind.goal else {
            let angle = dice.unit() * std::f64::consts::TAU;
            let reach = 3.0 + dice.unit() * 6.0;
            let (s, c) = libm::sincos(angle);
            self.mind.goal = Some(self.body.position + DVec3::new(s, 0.0, c) * reach);
            return DVec2::ZERO;
        };
        let to = flat(goal - self.body.position);
        if to.length() < 0.5 {
            self.mind.goal = None;
            // One to five seconds' rest, grazing now and then.
            #[expect(clippy::cast_possible_truncation, reason = "at most 300")]
            let rest = dice.between(60, 300) as u16;
            self.mind.rest = rest;
            self.mind.grazing = kind.behaviour == Behaviour::Passive && dice.chance(0.5);
            return DVec2::ZERO;
        }
        let pace = if kind.behaviour == Behaviour::Passive {
            1.0
        } else {
            0.6
        };
        to.normalize_or_zero() * kind.speed * pace
    }

    /// Whether a step along `v` leads somewhere it would go on purpose: not over a drop of
    /// more than [`MAX_DROP`] blocks, and not into water two blocks deep from dry land.
    fn safe_ahead(&self, kind: &Kind, world: &impl BlockSource, v: DVec2) -> bool {
        let Some(dir) = v.try_normalize() else {
            return true;
        };
        let feet = self.body.position;
        let ahead = feet + DVec3::new(dir.x, 0.0, dir.y) * (kind.width / 2.0 + 0.4);
        let cell = BlockPos::containing(ahead + DVec3::Y * 0.01);
        let open =
            |p: BlockPos| p.in_world_height() && world.block(p).properties().colliders.is_empty();
        if !open(cell) {
            return true; // a wall or a step: walking into it is harmless
        }
        let mut below = cell.offset(IVec3::NEG_Y);
        let mut drop = 0;
        while open(below) && !world.block(below).is_water() {
            drop += 1;
            if drop > MAX_DROP || !below.in_world_height() {
                return false;
            }
            below = below.offset(IVec3::NEG_Y);
        }
        let wet_here = world
            .block(BlockPos::containing(feet + DVec3::Y * 0.01))
            .is_water();
        let deep =
            world.block(below).is_water() && world.block(below.offset(IVec3::NEG_Y)).is_water();
        wet_here || !deep
    }

    /// Whether a block stands in the way along `v` with room above it: it jumps.
    fn ledge_ahead(&self, kind: &Kind, world: &impl BlockSource, v: DVec2) -> bool {
        let Some(dir) = v.try_normalize() else {
            return false;
        };
        if !self.body.on_ground {
            return false;
        }
        let ahead = self.body.position + DVec3::new(dir.x, 0.0, dir.y) * (kind.width / 2.0 + 0.3);
        let cell = BlockPos::containing(ahead + DVec3::Y * 0.01);
        let blocked = !world.block(cell).properties().colliders.is_empty();
        let top = cell.offset(IVec3::Y);
        blocked && can_stand(world, top, height_cells(kind))
    }

    /// Every [`STUCK_CHECK`] ticks: one that wanted to walk and got nowhere gives up its
    /// wander and asks for a path again.
    fn check_progress(&mut self, wish: DVec2, thought: &mut Thought) {
        if self.mind.check_in > 0 {
            self.mind.check_in -= 1;
            return;
        }
        self.mind.check_in = STUCK_CHECK;
        let moved = flat(self.body.position - self.mind.checked_at).length();
        self.mind.checked_at = self.body.position;
        if wish != DVec2::ZERO && moved < 0.3 {
            self.mind.goal = None;
            self.mind.path.clear();
            self.mind.path_to = None;
            if self.mind.target.is_some() {
                thought.wants_path = true;
            }
        }
    }

    /// Startles it: an animal flees from `from`.
    pub fn startle(&mut self, from: DVec3) {
        self.mind.fleeing = super::FLEE_TICKS;
        self.mind.flee_from = from;
        self.mind.rest = 0;
        self.mind.goal = None;
    }
}

/// How many cells tall a kind stands.
#[must_use]
#[expect(
    clippy::cast_possible_truncation,
    reason = "heights are at most 4 blocks"
)]
pub fn height_cells(kind: &Kind) -> i32 {
    kind.height.ceil() as i32
}
