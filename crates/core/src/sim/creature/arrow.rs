//! Arrows: points on a ballistic arc that hit the first body or block on their path.
//!
//! Each tick an arrow moves from where it is along the chord of its arc over the tick,
//! `p + v·dt + ½·g·dt²`, and its velocity gains `g·dt`. The chord is walked cell by cell
//! (Amanatides & Woo, as picking does) against the blocks' colliders and tested against
//! every body's box, so no wall is thin enough, and no arrow fast enough, to pass through.
//! What it meets first wins: a body is struck and the arrow is gone; a block holds it where
//! it hit, and it stays there for [`LIFETIME`] ticks.

use glam::DVec3;

use crate::aabb::Aabb;
use crate::physics::tuning::TICK_SECONDS;
use crate::raycast::{GridWalk, ray_box_entry};
use crate::sim::hash::StateHasher;
use crate::world::{Block, BlockSource};

/// How fast a skeleton looses an arrow, in blocks a second.
pub const SPEED: f64 = 24.0;
/// The pull on an arrow, in blocks a second squared.
pub const GRAVITY: f64 = 20.0;
/// Ticks an arrow lasts, flying or stuck: a minute.
pub const LIFETIME: u32 = 3600;
/// The most arrows a world holds; a shot past it is not made.
pub const MAX_ARROWS: usize = 1000;

/// An arrow.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Arrow {
    /// Its tip.
    pub position: DVec3,
    /// Its velocity, in blocks a second; once stuck, what it was as it hit, which is the
    /// way it points.
    pub velocity: DVec3,
    /// Whether it is stuck in a block.
    pub stuck: bool,
    /// Ticks since it was shot.
    pub age: u32,
    /// The creature that shot it, which it never strikes.
    pub shooter: u32,
}

/// What an arrow met this tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// Nothing: it flies on.
    Nothing,
    /// A block: it sticks.
    Block,
    /// The body at this index.
    Body(usize),
}

impl Arrow {
    /// An arrow shot by `shooter` from `from` with `velocity`.
    #[must_use]
    pub const fn new(shooter: u32, from: DVec3, velocity: DVec3) -> Self {
        Self {
            position: from,
            velocity,
            stuck: false,
            age: 0,
            shooter,
        }
    }

    /// Moves it one tick among `world`'s blocks and `bodies` but the one at `skip` (its
    /// shooter's); what it hit.
    pub fn fly(&mut self, world: &impl BlockSource, bodies: &[Aabb], skip: Option<usize>) -> Hit {
        self.age += 1;
        if self.stuck {
            return Hit::Nothing;
        }
        let g = DVec3::NEG_Y * GRAVITY;
        let chord = self.velocity * TICK_SECONDS + g * (0.5 * TICK_SECONDS * TICK_SECONDS);
        let length = chord.length();
        self.velocity += g * TICK_SECONDS;
        let Some(dir) = chord.try_normalize() else {
            return Hit::Nothing;
        };
        let block = first_block(world, self.position, dir, length);
        let body = bodies
            .iter()
            .enumerate()
            .filter(|&(i, _)| Some(i) != skip)
            .filter_map(|(i, b)| ray_box_entry(self.position, dir, *b).map(|(t, _)| (t, i)))
            .filter(|&(t, _)| t <= length)
            .min_by(|a, b| a.0.total_cmp(&b.0));
        match (block, body) {
            (_, Some((t, i))) if block.is_none_or(|b| t <= b) => {
                self.position += dir * t;
                Hit::Body(i)
            }
            (Some(t), _) => {
                self.position += dir * t;
                self.velocity = dir * self.velocity.length();
                self.stuck = true;
                Hit::Block
            }
            _ => {
                self.position += chord;
                Hit::Nothing
            }
        }
    }

    /// Feeds its state to `h`.
    pub(super) fn hash(&self, h: &mut StateHasher) {
        for v in [self.position, self.velocity] {
            for x in v.to_array() {
                h.f64(x);
            }
        }
        h.bool(self.stuck);
        h.u64(u64::from(self.age));
        h.u64(u64::from(self.shooter));
    }
}

/// How far along the unit `dir` from `origin`, within `length`, the ray enters a block's
/// collider.
fn first_block(world: &impl BlockSource, origin: DVec3, dir: DVec3, length: f64) -> Option<f64> {
    let registry = Block::registry();
    for (pos, entered) in GridWalk::new(origin, dir) {
        if entered > length {
            return None;
        }
        let block = world.block(pos);
        if block == Block::AIR {
            continue;
        }
        let nearest = registry
            .properties(block)
            .colliders
            .iter()
            .filter_map(|c| ray_box_entry(origin, dir, c.at(pos.min_corner())))
            .map(|(t, _)| t)
            .filter(|&t| t <= length)
            .reduce(f64::min);
        if nearest.is_some() {
            return nearest;
        }
    }
    None
}

/// The velocity that sends an arrow at [`SPEED`] from `from` to `to` on the lower of its
/// two arcs; where `to` is out of reach, the 45° shot that goes furthest towards it.
#[must_use]
pub fn aim(from: DVec3, to: DVec3) -> DVec3 {
    let d = to - from;
    let across = (d.x * d.x + d.z * d.z).sqrt();
    let flat = if across > 1e-9 {
        DVec3::new(d.x / across, 0.0, d.z / across)
    } else {
        DVec3::X
    };
    let v2 = SPEED * SPEED;
    let root = v2 * v2 - GRAVITY * (GRAVITY * across * across + 2.0 * d.y * v2);
    let angle = if root >= 0.0 && across > 1e-9 {
        libm::atan((v2 - root.sqrt()) / (GRAVITY * across))
    } else {
        std::f64::consts::FRAC_PI_4
    };
    let (s, c) = libm::sincos(angle);
    (flat * c + DVec3::Y * s) * SPEED
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::{BlockPos, SparseWorld};

    #[test]
    fn an_aimed_arrow_lands_where_it_was_aimed() {
        let (from, to) = (DVec3::new(0.0, 70.0, 0.0), DVec3::new(0.0, 68.0, 9.0));
        let mut arrow = Arrow::new(0, from, aim(from, to));
        let mut closest = f64::INFINITY;
        for _ in 0..120 {
            arrow.fly(&SparseWorld::new(), &[], None);
            closest = closest.min(arrow.position.distance(to));
        }
        assert!(closest < 0.25, "passed {closest} from its mark");
    }

    #[test]
    fn no_speed_passes_through_a_wall() {
        let mut arrow = Arrow::new(0, DVec3::new(0.0, 70.5, 0.5), DVec3::new(6000.0, 0.0, 0.0));
        let mut wall = SparseWorld::new();
        wall.fill(
            BlockPos::new(10, 60, -5),
            BlockPos::new(10, 80, 5),
            Block::STONE,
        );
        let hit = arrow.fly(&wall, &[], None);
        assert_eq!(hit, Hit::Block);
        assert!(arrow.stuck && (arrow.position.x - 10.0).abs() < 1e-9);
    }
}
