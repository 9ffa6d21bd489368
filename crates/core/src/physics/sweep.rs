//! Swept AABB collision: moving a box through the block world and sliding along what it hits.
//!
//! The contract is MC-CPP's `collide()` (design document 000): for each block collider the
//! move could touch, the time of impact in `[0, 1)` and the axis of the face hit; the earliest
//! hit wins; the box moves to it, the motion along that axis is dropped, and the rest of the
//! motion is tried again. It meets Luis Reis' six criteria (document 003) and avoids the traps
//! both documents fall into:
//! - boxes that merely touch (overlap within [`CONTACT_EPSILON`]) never collide on an axis the
//!   box does not move along, so sliding along a wall or floor of many blocks never catches on
//!   the seams between them;
//! - the box is placed exactly on the face it hit instead of a fixed 0.001 short of it, so there
//!   are neither gaps nor jitter;
//! - each pass removes one axis of motion, so three hits and one free move bound the loop;
//! - the swept test covers the whole path, so no speed tunnels through a block.

use glam::{DVec2, DVec3};

use super::tuning::STEP_HEIGHT;
use crate::aabb::{Aabb, CONTACT_EPSILON};
use crate::axis::Axis;
use crate::world::{Block, BlockPos, BlockSource};

/// The first contact of a moving box with a fixed one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Impact {
    /// Fraction of the motion travelled before contact, in `[0, 1)`.
    pub time: f64,
    /// The axis of the face that was hit.
    pub axis: Axis,
}

/// When `moving`, displaced by `motion`, first touches `fixed`, or `None` if it does not within
/// this motion (or already intersects it, which a sweep cannot resolve).
///
/// Ties between axes, which happen only when the box meets an edge or corner exactly, go to
/// the axis with the smaller motion, so that grazing a corner costs the mover as little as
/// possible.
#[must_use]
pub fn time_of_impact(moving: Aabb, fixed: Aabb, motion: DVec3) -> Option<Impact> {
    let mut entry = f64::NEG_INFINITY;
    let mut exit = f64::INFINITY;
    let mut entry_axis: Option<Axis> = None;
    for axis in Axis::ALL {
        let d = motion[axis];
        if d == 0.0 {
            // A still axis must already overlap for real, or the boxes never meet.
            if moving.overlap_on(fixed, axis) <= CONTACT_EPSILON {
                return None;
            }
            continue;
        }
        // Distances along the direction of motion: `gap` until the faces meet, `through`
        // until the mover has passed the far face.
        let (gap, through) = if d > 0.0 {
            (
                fixed.min[axis] - moving.max[axis],
                fixed.max[axis] - moving.min[axis],
            )
        } else {
            (
                moving.min[axis] - fixed.max[axis],
                moving.max[axis] - fixed.min[axis],
            )
        };
        if through <= CONTACT_EPSILON {
            return None; // moving away, or only touching from behind
        }
        let speed = d.abs();
        let axis_entry = if gap >= -CONTACT_EPSILON {
            gap.max(0.0) / speed
        } else {
            f64::NEG_INFINITY // overlapping on this axis already
        };
        let better = match entry_axis {
            None => true,
            Some(best) => axis_entry > entry || (axis_entry == entry && speed < motion[best].abs()),
        };
        if better && axis_entry > f64::NEG_INFINITY {
            entry = axis_entry;
            entry_axis = Some(axis);
        }
        exit = exit.min(through / speed);
    }
    let axis = entry_axis?;
    (entry < 1.0 && entry < exit).then_some(Impact { time: entry, axis })
}

/// The outcome of moving a box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Movement {
    /// How far the box actually moved.
    pub offset: DVec3,
    /// Per axis, whether the motion along it was stopped by a collider.
    pub blocked: [bool; 3],
}

impl Movement {
    /// Whether the box landed on something while moving down.
    #[must_use]
    pub fn landed(&self, motion: DVec3) -> bool {
        self.blocked[Axis::Y] && motion.y < 0.0
    }

    /// Whether the box stands on something after this move of `motion`: it landed, or
    /// stepped up onto a ledge.
    #[must_use]
    pub fn standing(&self, motion: DVec3) -> bool {
        self.landed(motion) || (self.offset.y > 0.0 && self.blocked[Axis::Y])
    }

    /// Drops the parts of `velocity` along the axes this move was stopped on.
    pub fn stop_blocked(&self, velocity: &mut DVec3) {
        for axis in Axis::ALL {
            if self.blocked[axis] {
                velocity[axis] = 0.0;
            }
        }
    }
}

/// Appends to `out` the world-space colliders of every block overlapping `region`.
pub fn colliders_in(world: &impl BlockSource, region: Aabb, out: &mut Vec<Aabb>) {
    let (min, max) = (
        BlockPos::containing(region.min),
        BlockPos::containing(region.max),
    );
    // Looked up once for the region, not once a cell: this runs for every body every tick.
    let registry = Block::registry();
    world.visit_blocks(min, max, &mut |pos, block| {
        let origin = pos.min_corner();
        let colliders = &registry.properties(block).colliders;
        out.extend(colliders.iter().map(|c| c.at(origin)));
    });
}

/// Whether `body` intersects any block collider (by more than `tolerance` on every axis).
#[must_use]
pub fn intersects_world(world: &impl BlockSource, body: Aabb, tolerance: f64) -> bool {
    let mut colliders = Vec::new();
    colliders_in(world, body, &mut colliders);
    colliders.iter().any(|c| c.intersects_by(body, tolerance))
}

/// Moves `body` by `motion` through the world's block colliders, sliding along what it hits.
#[must_use]
pub fn move_through(world: &impl BlockSource, body: Aabb, motion: DVec3) -> Movement {
    let mut colliders = Vec::new();
    colliders_in(world, body.swept(motion), &mut colliders);
    move_among(&colliders, body, motion)
}

/// Walks `body` by `motion` among `colliders`: slides along what it hits and, where a wall
/// stopped it on the ground (`on_ground`, or landing this move), steps up onto it if it is
/// low enough ([`step_up`]). What the player's box and every walker move by.
#[must_use]
pub fn walk_among(colliders: &[Aabb], body: Aabb, motion: DVec3, on_ground: bool) -> Movement {
    let moved = move_among(colliders, body, motion);
    let horizontally_blocked = moved.blocked[0] || moved.blocked[2];
    if horizontally_blocked
        && (on_ground || moved.landed(motion))
        && let Some(stepped) = step_up(colliders, body, motion, moved)
    {
        return stepped;
    }
    moved
}

/// Minecraft's step-up: if walking `body` by `motion` was blocked (and moved it only
/// `flat`), try the same move lifted by up to [`STEP_HEIGHT`] and set back down, and keep
/// it if it gets further.
#[must_use]
pub fn step_up(colliders: &[Aabb], body: Aabb, motion: DVec3, flat: Movement) -> Option<Movement> {
    let lift = move_among(colliders, body, DVec3::Y * STEP_HEIGHT);
    let lifted = body.translated(lift.offset);
    let across = move_among(colliders, lifted, DVec3::new(motion.x, 0.0, motion.z));
    let carried = lifted.translated(across.offset);
    let settle = move_among(
        colliders,
        carried,
        DVec3::Y * -(lift.offset.y + CONTACT_EPSILON),
    );
    let offset = lift.offset + across.offset + settle.offset;
    let gain = DVec2::new(offset.x, offset.z).length_squared();
    let before = DVec2::new(flat.offset.x, flat.offset.z).length_squared();
    // A step must end standing on something, higher than it started.
    if gain <= before + 1e-12 || !settle.blocked[1] || offset.y <= 0.0 {
        return None;
    }
    Some(Movement {
        offset,
        blocked: [across.blocked[0], true, across.blocked[2]],
    })
}

/// Moves `body` by `motion` among fixed `colliders`, sliding along what it hits.
#[must_use]
pub fn move_among(colliders: &[Aabb], body: Aabb, motion: DVec3) -> Movement {
    let mut offset = DVec3::ZERO;
    let mut remaining = motion;
    let mut blocked = [false; 3];
    // Only boxes that the box swept by the remaining motion reaches can be hit. After a hit
    // that sweep shrinks (a fast fall that lands leaves a flat slide), so each pass keeps
    // fewer of the boxes, in their order, and looks at them alone.
    let mut reachable: Option<Vec<Aabb>> = None;
    // Every hit removes one axis of the remaining motion: at most three hits, then a free move.
    for _ in 0..4 {
        if remaining == DVec3::ZERO {
            break;
        }
        let current = body.translated(offset);
        let hull = current.swept(remaining);
        let within: Vec<Aabb> = reachable
            .as_deref()
            .unwrap_or(colliders)
            .iter()
            .filter(|c| c.intersects_by(hull, -CONTACT_EPSILON))
            .copied()
            .collect();
        let earliest = within
            .iter()
            .filter_map(|&c| time_of_impact(current, c, remaining).map(|hit| (hit, c)))
            .min_by(|(a, _), (b, _)| a.time.total_cmp(&b.time));
        reachable = Some(within);
        let Some((hit, fixed)) = earliest else {
            offset += remaining;
            break;
        };
        let axis = hit.axis;
        offset += remaining * hit.time;
        // Land exactly on the face rather than wherever `time` rounds to.
        offset[axis] = if remaining[axis] > 0.0 {
            fixed.min[axis] - body.max[axis]
        } else {
            fixed.max[axis] - body.min[axis]
        };
        remaining *= 1.0 - hit.time;
        remaining[axis] = 0.0;
        blocked[axis] = true;
    }
    Movement { offset, blocked }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(x: f64, y: f64, z: f64) -> Aabb {
        Aabb::new(DVec3::new(x, y, z), DVec3::new(x + 1.0, y + 1.0, z + 1.0))
    }

    #[test]
    fn head_on_hit_reports_time_and_axis() {
        let mover = unit(0.0, 0.0, 0.0);
        let wall = unit(4.0, 0.0, 0.0);
        let hit = time_of_impact(mover, wall, DVec3::new(5.0, 0.0, 0.0)).expect("hits");
        assert!((hit.time - 0.6).abs() < 1e-12);
        assert_eq!(hit.axis, Axis::X);
    }

    #[test]
    fn touching_on_a_still_axis_is_no_hit() {
        // Resting on a floor block and moving sideways: the trap in MC-CPP's collide().
        let mover = unit(0.0, 1.0, 0.0);
        let floor = unit(1.0, 0.0, 0.0);
        assert_eq!(
            time_of_impact(mover, floor, DVec3::new(1.0, 0.0, 0.0)),
            None
        );
    }

    #[test]
    fn already_intersecting_is_no_hit() {
        let mover = unit(0.0, 0.0, 0.0);
        let other = unit(0.5, 0.5, 0.5);
        assert_eq!(
            time_of_impact(mover, other, DVec3::new(0.1, 0.0, 0.0)),
            None
        );
    }

    #[test]
    fn moving_away_from_a_touching_box_is_no_hit() {
        let mover = unit(0.0, 0.0, 0.0);
        let behind = unit(-1.0, 0.0, 0.0);
        assert_eq!(
            time_of_impact(mover, behind, DVec3::new(0.5, 0.0, 0.0)),
            None
        );
    }

    #[test]
    fn exact_corner_hit_stops_the_smaller_motion() {
        let mover = unit(0.0, 0.0, 0.0);
        // Reached in x and z at the same instant, t = 0.5.
        let corner = Aabb::new(DVec3::new(2.0, 0.0, 1.5), DVec3::new(3.0, 1.0, 2.5));
        let hit = time_of_impact(mover, corner, DVec3::new(2.0, 0.0, 1.0)).expect("hits");
        assert_eq!(hit.axis, Axis::Z);
        assert!((hit.time - 0.5).abs() < 1e-12);
    }

    #[test]
    fn slides_along_a_floor_of_separate_blocks() {
        let floor: Vec<Aabb> = (0..10).map(|x| unit(f64::from(x), 0.0, 0.0)).collect();
        let body = Aabb::new(DVec3::new(0.2, 1.0, 0.2), DVec3::new(0.8, 2.8, 0.8));
        let m = move_among(&floor, body, DVec3::new(7.0, -0.5, 0.0));
        assert_eq!(m.offset, DVec3::new(7.0, 0.0, 0.0));
        assert_eq!(m.blocked, [false, true, false]);
    }

    #[test]
    fn stops_flush_against_a_wall_without_gap() {
        let wall = [unit(5.0, 0.0, 0.0)];
        let body = Aabb::new(DVec3::new(0.2, 0.0, 0.2), DVec3::new(0.8, 1.8, 0.8));
        let m = move_among(&wall, body, DVec3::new(100.0, 0.0, 0.3));
        assert_eq!(body.max.x + m.offset.x, 5.0);
        assert!((m.offset.z - 0.3).abs() < 1e-12, "slides on along z");
        assert_eq!(m.blocked, [true, false, false]);
    }

    #[test]
    fn fast_motion_does_not_tunnel() {
        let thin = [Aabb::new(
            DVec3::new(10.0, 0.0, 0.0),
            DVec3::new(10.01, 2.0, 1.0),
        )];
        let body = unit(0.0, 0.0, 0.0);
        let m = move_among(&thin, body, DVec3::new(1000.0, 0.0, 0.0));
        assert_eq!(m.offset.x, 9.0);
    }
}
