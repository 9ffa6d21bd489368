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

use super::sweep::{colliders_in, move_among};
use super::tuning::{AIR_FRICTION, FALL_DRAG, GRAVITY, GROUND_FRICTION, TICK_SECONDS};
use crate::aabb::{Aabb, CONTACT_EPSILON};
use crate::world::BlockSource;

/// The smallest edge a crate may have, in blocks.
pub const MIN_CRATE_SIZE: f64 = 0.25;
/// The largest edge a crate may have, in blocks.
pub const MAX_CRATE_SIZE: f64 = 3.0;

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

/// Side of the cells of [`CrateIndex`]: larger than any crate, so a crate is in at most 8.
const CELL: f64 = 4.0;

/// Which crates lie near which places, so that finding the crates in a path does not look at
/// every crate.
#[derive(Clone, Debug, Default)]
struct CrateIndex {
    cells: BTreeMap<[i32; 3], Vec<usize>>,
}

impl CrateIndex {
    fn new(crates: &[Crate]) -> Self {
        let mut index = Self::default();
        for (i, c) in crates.iter().enumerate() {
            index.insert(i, c.bounds());
        }
        index
    }

    fn cells_of(b: Aabb) -> impl Iterator<Item = [i32; 3]> {
        let lo = (b.min / CELL).floor().as_ivec3();
        let hi = (b.max / CELL).floor().as_ivec3();
        (lo.x..=hi.x).flat_map(move |x| {
            (lo.y..=hi.y).flat_map(move |y| (lo.z..=hi.z).map(move |z| [x, y, z]))
        })
    }

    fn insert(&mut self, i: usize, b: Aabb) {
        for cell in Self::cells_of(b) {
            self.cells.entry(cell).or_default().push(i);
        }
    }

    fn remove(&mut self, i: usize, b: Aabb) {
        for cell in Self::cells_of(b) {
            if let Some(list) = self.cells.get_mut(&cell) {
                list.retain(|&j| j != i);
            }
        }
    }

    /// Crates whose cells meet `region`, in index order.
    fn near(&self, region: Aabb) -> Vec<usize> {
        let mut found: Vec<usize> = Self::cells_of(region)
            .filter_map(|cell| self.cells.get(&cell))
            .flatten()
            .copied()
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }
}

/// What moves along an axis: the player (whose box is given) or one of the crates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mover {
    /// The player, with this box; never pushed, only pushing.
    Player(Aabb),
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
        let index = CrateIndex::new(&list);
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
        self.index = CrateIndex::new(&self.list);
        removed
    }

    /// Whether any crate intersects `b`.
    #[must_use]
    pub fn any_intersect(&self, b: Aabb) -> bool {
        self.index
            .near(b)
            .into_iter()
            .any(|i| self.list[i].bounds().intersects(b))
    }

    /// The crates whose boxes meet `region`, in order.
    #[must_use]
    pub fn near(&self, region: Aabb) -> Vec<usize> {
        self.index
            .near(region)
            .into_iter()
            .filter(|&i| {
                self.list[i]
                    .bounds()
                    .intersects_by(region, -CONTACT_EPSILON)
            })
            .collect()
    }

    fn set_bounds_offset(&mut self, i: usize, offset: DVec3) {
        let before = self.list[i].bounds();
        self.list[i].position += offset;
        let after = self.list[i].bounds();
        if Self::moved_cells(before, after) {
            self.index.remove(i, before);
            self.index.insert(i, after);
        }
    }

    fn moved_cells(a: Aabb, b: Aabb) -> bool {
        CrateIndex::cells_of(a).ne(CrateIndex::cells_of(b))
    }

    /// Moves `mover` by up to `d` along `axis`, pushing the crates in its way; returns how far
    /// it moved. `fixed` are boxes that block but are never pushed (the player, when a crate
    /// moves). A crate mover is moved here; the player's box is the caller's to move.
    pub fn push(
        &mut self,
        world: &impl BlockSource,
        mover: Mover,
        axis: usize,
        d: f64,
        fixed: &[Aabb],
    ) -> f64 {
        if d == 0.0 {
            return 0.0;
        }
        let sign = d.signum();
        let reach = d.abs();
        let root_box = match mover {
            Mover::Player(b) => b,
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
        let others = [(axis + 1) % 3, (axis + 2) % 3];

        // Gather the chain: node 0 is the mover; `ahead[n]` lists (node, gap) of the crates
        // directly in node n's path, so every link points forward.
        let mut nodes: Vec<(Option<usize>, Aabb)> = vec![(
            match mover {
                Mover::Player(_) => None,
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
            let (_, from) = nodes[next];
            let path = swept_along(from, axis, d);
            for j in self.index.near(path) {
                let to = self.list[j].bounds();
                let side_by_side = others
                    .iter()
                    .all(|&a| to.overlap_on(from, a) > CONTACT_EPSILON);
                let gap = tail(to) - lead(from);
                if !side_by_side || gap < -CONTACT_EPSILON || gap > reach {
                    continue;
                }
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
            let (_, b) = nodes[n];
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
        for (n, &(crate_index, _)) in nodes.iter().enumerate() {
            if let Some(i) = crate_index {
                if need[n] > 0.0 {
                    let mut offset = DVec3::ZERO;
                    offset[axis] = sign * need[n];
                    self.set_bounds_offset(i, offset);
                }
            }
        }
        sign * need[0]
    }

    /// One tick of the crates' own motion: gravity, friction, and moving by their velocity
    /// with pushes, each crate in turn. The player's box blocks them.
    pub fn tick(&mut self, world: &impl BlockSource, player: Aabb) {
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
            for axis in [1, 0, 2] {
                let moved = self.push(world, Mover::Crate(i), axis, motion[axis], &[player]);
                if (moved - motion[axis]).abs() > 1e-12 {
                    self.list[i].velocity[axis] = 0.0;
                    on_ground |= axis == 1 && motion.y < 0.0;
                }
            }
            self.list[i].on_ground = on_ground;
        }
    }
}

/// The box `b` swept `d` along `axis`.
fn swept_along(b: Aabb, axis: usize, d: f64) -> Aabb {
    let mut motion = DVec3::ZERO;
    motion[axis] = d;
    b.swept(motion)
}

/// How far `b` can move `d` along `axis` before blocks or `fixed` boxes stop it.
fn blocked_distance(world: &impl BlockSource, b: Aabb, axis: usize, d: f64, fixed: &[Aabb]) -> f64 {
    let mut motion = DVec3::ZERO;
    motion[axis] = d;
    let mut colliders = Vec::new();
    colliders_in(world, b.swept(motion), &mut colliders);
    colliders.extend(fixed.iter().filter(|f| !f.intersects(b)));
    move_among(&colliders, b, motion).offset[axis].abs()
}

#[cfg(test)]
mod tests;
