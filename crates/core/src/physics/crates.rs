//! Crates: movable boxes that fall, slide to a stop, and are pushed — by the player and by
//! each other, in chains.
//!
//! Pushing follows Metareal's "Collisions, Yet Again" (design document 004): a body that
//! wants to move `d` along one axis asks every crate in its path how far *it* can move, which
//! asks the crates in its own path, and so on; the body moves the least of (gap + what the
//! crate can do) over its path, and each crate in the chain moves whatever the push leaves.
//! Axes are resolved one at a time. The path is the swept leading edge, so nothing tunnels.
//!
//! Unlike a literal recursion, the chain is gathered first and then resolved in order along
//! the axis: every link points strictly forward, so the chain is finite, has no cycles, and a
//! crate that two others push is asked once. A squeezed crate (a wall on the far side) can
//! move nothing, and so stops everything behind it.

use std::collections::BTreeMap;

use glam::DVec3;

use index::CrateIndex;

use super::sweep::{colliders_in, move_among};
use super::tuning::{AIR_FRICTION, FALL_DRAG, GRAVITY, GROUND_FRICTION, TICK_SECONDS};
use crate::aabb::{Aabb, CONTACT_EPSILON};
use crate::axis::Axis;
use crate::world::BlockSource;

/// The smallest edge a crate may have, in blocks.
pub const MIN_CRATE_SIZE: f64 = 0.25;
/// The largest edge a crate may have, in blocks.
pub const MAX_CRATE_SIZE: f64 = 3.0;

/// The most crates a world may hold: what a scenario may start with, a save may hold, and
/// placing may add up to, so that what the game saves always opens whole.
pub const MAX_CRATES: usize = 1000;

/// A movable box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crate {
    /// The centre of the bottom face.
    pub position: DVec3,
    /// Edge lengths.
    pub size: DVec3,
    /// Velocity in blocks per second.
    pub velocity: DVec3,
    /// Whether it rested on something at the end of the last tick.
    pub on_ground: bool,
}

impl Crate {
    /// A crate at rest with its bottom face centred on `position`.
    #[must_use]
    pub fn new(position: DVec3, size: DVec3) -> Self {
        Self {
            position,
            size,
            velocity: DVec3::ZERO,
            on_ground: false,
        }
    }

    /// The crate's box.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        Aabb::from_bottom_centre(self.position, self.size)
    }
}

/// Directions in which crates were found unable to move at all during one
/// [`Crates::tick`], while nothing has moved since: a crate resting on a stack is then
/// stopped by the crate below it without asking the whole stack again.
#[derive(Clone, Debug, Default)]
struct Stuck {
    /// Per crate, one bit per direction: `axis * 2 + (1 if positive)`.
    bits: Vec<u8>,
}

impl Stuck {
    fn bit(axis: Axis, sign: f64) -> u8 {
        1 << (axis.index() * 2 + usize::from(sign > 0.0))
    }

    fn get(&self, i: usize, axis: Axis, sign: f64) -> bool {
        self.bits
            .get(i)
            .is_some_and(|b| b & Self::bit(axis, sign) != 0)
    }

    fn set(&mut self, i: usize, axis: Axis, sign: f64) {
        if let Some(b) = self.bits.get_mut(i) {
            *b |= Self::bit(axis, sign);
        }
    }

    fn clear(&mut self) {
        self.bits.fill(0);
    }
}

/// What moves along an axis: the player (whose box is given) or one of the crates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mover {
    /// The player, with this box; never pushed, only pushing.
    Body(Aabb),
    /// The crate at this index.
    Crate(usize),
}

/// The crates of a world and the moves among them.
#[derive(Clone, Debug, Default)]
pub struct Crates {
    list: Vec<Crate>,
    index: CrateIndex,
}

impl Crates {
    /// The crates `list`, in order.
    #[must_use]
    pub fn new(list: Vec<Crate>) -> Self {
        let index = CrateIndex::new(list.iter().map(Crate::bounds));
        Self { list, index }
    }

    /// The crates, in the order they were added.
    #[must_use]
    pub fn list(&self) -> &[Crate] {
        &self.list
    }

    /// Adds a crate at the end of the list.
    pub fn add(&mut self, c: Crate) {
        self.index.insert(self.list.len(), c.bounds());
        self.list.push(c);
    }

    /// Removes the crate at `i`; later crates move down one place.
    pub fn remove(&mut self, i: usize) -> Crate {
        let removed = self.list.remove(i);
        self.index = CrateIndex::new(self.list.iter().map(Crate::bounds));
        removed
    }

    /// Whether any crate intersects `b`.
    #[must_use]
    pub fn any_intersect(&self, b: Aabb) -> bool {
        !self
            .index
            .near(b, |i| self.list[i].bounds().intersects(b))
            .is_empty()
    }

    /// The crates whose boxes meet `region`, in order.
    #[must_use]
    pub fn near(&self, region: Aabb) -> Vec<usize> {
        self.index.near(region, |i| {
            self.list[i]
                .bounds()
                .intersects_by(region, -CONTACT_EPSILON)
        })
    }

    fn set_bounds_offset(&mut self, i: usize, offset: DVec3) {
        let before = self.list[i].bounds();
        self.list[i].position += offset;
        let after = self.list[i].bounds();
        self.index.moved(i, before, after);
    }

    /// Moves `mover` by up to `d` along `axis`, pushing the crates in its way; returns how far
    /// it moved. `fixed` are boxes that block but are never pushed (the player, when a crate
    /// moves). A crate mover is moved here; the player's box is the caller's to move.
    pub fn push(
        &mut self,
        world: &impl BlockSource,
        mover: Mover,
        axis: Axis,
        d: f64,
        fixed: &[Aabb],
    ) -> f64 {
        self.push_remembering(world, mover, axis, d, fixed, &mut Stuck::default())
    }

    /// [`Crates::push`], treating the crates `stuck` names as unable to move in that
    /// direction, and noting there those found so; forgets them all when any crate moves.
    /// `stuck` is only right while `fixed` stays the same.
    #[expect(
        clippy::too_many_lines,
        reason = "one push, step by step as the module's doc lays it out; its parts share a \
                  dozen locals"
    )]
    fn push_remembering(
        &mut self,
        world: &impl BlockSource,
        mover: Mover,
        axis: Axis,
        d: f64,
        fixed: &[Aabb],
        stuck: &mut Stuck,
    ) -> f64 {
        if d == 0.0 {
            return 0.0;
        }
        let sign = d.signum();
        let reach = d.abs();
        let root_box = match mover {
            Mover::Body(b) => b,
            Mover::Crate(i) => self.list[i].bounds(),
        };
        // Forward coordinate along the push: larger is further ahead.
        let lead = |b: Aabb| {
            if sign > 0.0 {
                b.max[axis]
            } else {
                -b.min[axis]
            }
        };
        let tail = |b: Aabb| {
            if sign > 0.0 {
                b.min[axis]
            } else {
                -b.max[axis]
            }
        };
        let others = axis.others();

        // Gather the chain: node 0 is the mover; `ahead[n]` lists (node, gap) of the crates
        // directly in node n's path, so every link points forward.
        let mut nodes: Vec<(Option<usize>, Aabb)> = vec![(
            match mover {
                Mover::Body(_) => None,
                Mover::Crate(i) => Some(i),
            },
            root_box,
        )];
        let mut ahead: Vec<Vec<(usize, f64)>> = vec![Vec::new()];
        let mut node_of: BTreeMap<usize, usize> = BTreeMap::new();
        if let Mover::Crate(i) = mover {
            node_of.insert(i, 0);
        }
        let mut next = 0;
        while next < nodes.len() {
            let (crate_index, from) = nodes[next];
            if next > 0 && crate_index.is_some_and(|i| stuck.get(i, axis, sign)) {
                // Known to move nothing: what lies beyond it does not matter.
                next += 1;
                continue;
            }
            let path = swept_along(from, axis, d);
            let in_path = self.index.near(path, |j| {
                let to = self.list[j].bounds();
                let side_by_side = others
                    .iter()
                    .all(|&a| to.overlap_on(from, a) > CONTACT_EPSILON);
                let gap = tail(to) - lead(from);
                side_by_side && (-CONTACT_EPSILON..=reach).contains(&gap)
            });
            for j in in_path {
                let to = self.list[j].bounds();
                let gap = tail(to) - lead(from);
                let node = *node_of.entry(j).or_insert_with(|| {
                    nodes.push((Some(j), to));
                    ahead.push(Vec::new());
                    nodes.len() - 1
                });
                if node != next {
                    ahead[next].push((node, gap.max(0.0)));
                }
            }
            next += 1;
        }

        // How far each can go, the farthest first so each link's target is known.
        let mut order: Vec<usize> = (0..nodes.len()).collect();
        order.sort_by(|&a, &b| {
            tail(nodes[b].1)
                .total_cmp(&tail(nodes[a].1))
                .then(b.cmp(&a))
        });
        let mut can = vec![reach; nodes.len()];
        for &n in &order {
            let (crate_index, b) = nodes[n];
            if n > 0 && crate_index.is_some_and(|i| stuck.get(i, axis, sign)) {
                can[n] = 0.0;
                continue;
            }
            let mut limit = blocked_distance(world, b, axis, d, fixed);
            for &(to, gap) in &ahead[n] {
                limit = limit.min(gap + can[to]);
            }
            can[n] = limit.max(0.0);
        }

        // Then push: each crate moves what the pushes on it leave, the nearest first.
        let mut need = vec![0.0_f64; nodes.len()];
        need[0] = can[0];
        for &n in order.iter().rev() {
            for &(to, gap) in &ahead[n] {
                need[to] = need[to].max(need[n] - gap);
            }
        }
        let mut moved = false;
        for (n, &(crate_index, _)) in nodes.iter().enumerate() {
            if let Some(i) = crate_index
                && need[n] > 0.0
            {
                let mut offset = DVec3::ZERO;
                offset[axis] = sign * need[n];
                self.set_bounds_offset(i, offset);
                moved = true;
            }
        }
        if moved {
            stuck.clear();
        } else {
            for (n, &(crate_index, _)) in nodes.iter().enumerate() {
                if let (Some(i), 0.0) = (crate_index, can[n]) {
                    stuck.set(i, axis, sign);
                }
            }
        }
        sign * need[0]
    }

    /// One tick of the crates' own motion: gravity, friction, and moving by their velocity
    /// with pushes, each crate in turn. The players' boxes block them.
    pub fn tick(&mut self, world: &impl BlockSource, players: &[Aabb]) {
        let mut stuck = Stuck {
            bits: vec![0; self.list.len()],
        };
        for i in 0..self.list.len() {
            let c = &mut self.list[i];
            let friction = if c.on_ground {
                GROUND_FRICTION
            } else {
                AIR_FRICTION
            };
            c.velocity.x *= friction;
            c.velocity.z *= friction;
            c.velocity.y = (c.velocity.y - GRAVITY * TICK_SECONDS) * FALL_DRAG;
            let motion = c.velocity * TICK_SECONDS;
            let mut on_ground = false;
            for axis in [Axis::Y, Axis::X, Axis::Z] {
                let moved = self.push_remembering(
                    world,
                    Mover::Crate(i),
                    axis,
                    motion[axis],
                    players,
                    &mut stuck,
                );
                if (moved - motion[axis]).abs() > 1e-12 {
                    self.list[i].velocity[axis] = 0.0;
                    on_ground |= axis == Axis::Y && motion.y < 0.0;
                }
            }
            self.list[i].on_ground = on_ground;
        }
    }
}

/// The box `b` swept `d` along `axis`.
fn swept_along(b: Aabb, axis: Axis, d: f64) -> Aabb {
    let mut motion = DVec3::ZERO;
    motion[axis] = d;
    b.swept(motion)
}

/// How far `b` can move `d` along `axis` before blocks or `fixed` boxes stop it.
fn blocked_distance(world: &impl BlockSource, b: Aabb, axis: Axis, d: f64, fixed: &[Aabb]) -> f64 {
    let mut motion = DVec3::ZERO;
    motion[axis] = d;
    let mut colliders = Vec::new();
    colliders_in(world, b.swept(motion), &mut colliders);
    colliders.extend(fixed.iter().filter(|f| !f.intersects(b)));
    move_among(&colliders, b, motion).offset[axis].abs()
}

mod index;
#[cfg(test)]
mod tests;
