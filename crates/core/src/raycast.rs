//! Picking: which block the player looks at, by walking the voxel grid along the look ray.
//!
//! The traversal is Amanatides & Woo's, "A Fast Voxel Traversal Algorithm for Ray Tracing"
//! (Eurographics 1987): from the cell holding the eye, step to whichever neighbouring cell
//! the ray enters next, in order along the ray. Unlike MC-CPP's `HitRay` (design document
//! 002), each cell is tested against the block's real shape (its pick boxes: the colliders,
//! or a torch's small stick), so a ray over the empty top half of a slab, or past a torch,
//! goes on to what lies behind it.

use glam::{DVec3, IVec3};

use crate::aabb::Aabb;
use crate::axis::Axis;
use crate::world::block::LocalBox;
use crate::world::{Block, BlockPos, BlockSource, Face};

/// A block the ray hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// The block hit.
    pub block: BlockPos,
    /// The face of its collider the ray entered through.
    pub face: Face,
    /// The cell in front of that face, where a placed block goes.
    pub adjacent: BlockPos,
    /// Distance from the ray's origin to the hit point.
    pub distance: f64,
    /// The hit point on the collider's surface.
    pub point: DVec3,
}

/// Casts a ray from `origin` along `direction` (any non-zero length) for up to `reach` and
/// returns the first block collider it enters.
#[must_use]
pub fn cast(
    world: &impl BlockSource,
    origin: DVec3,
    direction: DVec3,
    reach: f64,
) -> Option<RayHit> {
    let dir = direction.try_normalize()?;
    if !origin.is_finite() || reach.is_nan() || reach < 0.0 {
        return None;
    }
    // Looked up once for the ray, not once a cell.
    let registry = Block::registry();
    for (pos, entered) in GridWalk::new(origin, dir) {
        if entered > reach {
            break;
        }
        let block = world.block(pos);
        // Most of a ray's cells are air, which nothing is picked in: no table to read.
        if block == Block::AIR {
            continue;
        }
        let outline = &registry.properties(block).outline;
        if let Some(hit) = hit_block(outline, pos, origin, dir, reach) {
            return Some(hit);
        }
    }
    None
}

/// The cells a ray passes through, in order from the one holding its origin, each with the
/// distance along the ray at which the ray enters it (0 for the first): Amanatides and Woo's
/// walk. It never ends by itself; the caller stops it.
#[derive(Clone, Debug)]
pub struct GridWalk {
    cell: IVec3,
    step: IVec3,
    /// Distance along the ray to the next cell boundary on each axis.
    next: DVec3,
    /// Distance along the ray between boundaries on each axis.
    delta: DVec3,
    entered: f64,
}

impl GridWalk {
    /// A walk from `origin` along the unit vector `dir`.
    #[must_use]
    pub fn new(origin: DVec3, dir: DVec3) -> Self {
        let cell = BlockPos::containing(origin).to_ivec3();
        let step = IVec3::new(sign(dir.x), sign(dir.y), sign(dir.z));
        let mut next = DVec3::INFINITY;
        let mut delta = DVec3::INFINITY;
        for axis in Axis::ALL {
            if dir[axis] != 0.0 {
                let boundary = f64::from(cell[axis] + i32::from(step[axis] > 0));
                next[axis] = (boundary - origin[axis]) / dir[axis];
                delta[axis] = 1.0 / dir[axis].abs();
            }
        }
        Self {
            cell,
            step,
            next,
            delta,
            entered: 0.0,
        }
    }
}

impl Iterator for GridWalk {
    type Item = (BlockPos, f64);

    fn next(&mut self) -> Option<Self::Item> {
        let here = (BlockPos::from(self.cell), self.entered);
        let axis = if self.next.x <= self.next.y && self.next.x <= self.next.z {
            Axis::X
        } else if self.next.y <= self.next.z {
            Axis::Y
        } else {
            Axis::Z
        };
        self.entered = self.next[axis];
        self.next[axis] += self.delta[axis];
        self.cell[axis] += self.step[axis];
        Some(here)
    }
}

/// The nearest entry of the ray into one of `outline`, the pick boxes of the block at `pos`
/// (its colliders, or a torch's own small shape).
fn hit_block(
    outline: &[LocalBox],
    pos: BlockPos,
    origin: DVec3,
    dir: DVec3,
    reach: f64,
) -> Option<RayHit> {
    outline
        .iter()
        .filter_map(|c| ray_box_entry(origin, dir, c.at(pos.min_corner())))
        .filter(|&(t, _)| t <= reach)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(distance, face)| RayHit {
            block: pos,
            face,
            adjacent: pos.offset(face.normal()),
            distance,
            point: origin + dir * distance,
        })
}

/// Where a ray along unit `dir` enters `b` (slab method): the distance and the face, if it
/// enters at t ≥ 0. A ray starting inside the box does not count: you cannot target the block
/// you are in.
#[must_use]
pub fn ray_box_entry(origin: DVec3, dir: DVec3, b: Aabb) -> Option<(f64, Face)> {
    let mut t_enter = f64::NEG_INFINITY;
    let mut t_exit = f64::INFINITY;
    let mut face = None;
    for axis in Axis::ALL {
        if dir[axis] == 0.0 {
            if origin[axis] < b.min[axis] || origin[axis] > b.max[axis] {
                return None;
            }
            continue;
        }
        let t1 = (b.min[axis] - origin[axis]) / dir[axis];
        let t2 = (b.max[axis] - origin[axis]) / dir[axis];
        let (near, far) = if t1 < t2 { (t1, t2) } else { (t2, t1) };
        if near > t_enter {
            t_enter = near;
            face = Some(Face::from_axis(axis, dir[axis] < 0.0));
        }
        t_exit = t_exit.min(far);
    }
    (t_enter >= 0.0 && t_enter <= t_exit).then_some((t_enter, face?))
}

fn sign(v: f64) -> i32 {
    if v > 0.0 {
        1
    } else if v < 0.0 {
        -1
    } else {
        0
    }
}

#[cfg(test)]
mod tests;
