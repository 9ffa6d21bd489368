//! The player as an upright cylinder, moved by collision correction.
//!
//! From Fractal Block World's "Cylinder Cube Collision Detection" (design document 001): move
//! in steps of at most [`SUB_STEP`], and after each step push the cylinder out of every box it
//! intersects by the shortest translation: up onto it, down off its bottom, sideways off a face,
//! or radially off a vertical edge. A cylinder can stand on the very corner of a block as long
//! as part of its disc is over it, and it rounds corners smoothly instead of catching on them.
//!
//! Where the document stops short, this version goes on:
//! - the velocity comes out too: each axis keeps its velocity unless the correction cut the
//!   motion along it (then it becomes what the cylinder actually moved);
//! - where several boxes overlap the cylinder at once, pushes through a face that a
//!   neighbouring box covers are not allowed, so a wall of many blocks pushes straight out and
//!   never sideways along a seam into the next block;
//! - corrections repeat until nothing overlaps, and a step that cannot be resolved is undone,
//!   so the cylinder never ends inside a solid.

use glam::{DVec2, DVec3};

use super::sweep::colliders_in;
use super::tuning::STEP_HEIGHT;
use crate::aabb::{Aabb, CONTACT_EPSILON};
use crate::axis::Axis;
use crate::world::BlockSource;

/// The longest distance moved between two corrections, in blocks.
pub const SUB_STEP: f64 = 0.1;
/// How many corrections one step may need before it is undone.
const MAX_CORRECTIONS: usize = 16;

/// An upright cylinder: the centre of its bottom disc, its radius and height.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cylinder {
    /// Centre of the bottom disc.
    pub base: DVec3,
    /// Radius of the disc.
    pub radius: f64,
    /// Height.
    pub height: f64,
}

impl Cylinder {
    /// The cylinder moved by `offset`.
    #[must_use]
    pub fn translated(self, offset: DVec3) -> Self {
        Self {
            base: self.base + offset,
            ..self
        }
    }

    /// The smallest box holding the cylinder.
    #[must_use]
    pub fn bounds(self) -> Aabb {
        Aabb::from_bottom_centre(
            self.base,
            DVec3::new(2.0 * self.radius, self.height, 2.0 * self.radius),
        )
    }

    /// Whether the cylinder and `b` overlap by more than `tolerance`.
    #[must_use]
    pub fn intersects_by(self, b: Aabb, tolerance: f64) -> bool {
        let vertical = (self.base.y + self.height).min(b.max.y) - self.base.y.max(b.min.y);
        vertical > tolerance && self.disc_depth(b) > tolerance
    }

    /// Whether the cylinder and `b` really intersect (beyond [`CONTACT_EPSILON`]).
    #[must_use]
    pub fn intersects(self, b: Aabb) -> bool {
        self.intersects_by(b, CONTACT_EPSILON)
    }

    /// How deep the disc reaches into the box's footprint (negative: the gap between them).
    fn disc_depth(self, b: Aabb) -> f64 {
        let centre = DVec2::new(self.base.x, self.base.z);
        let (min, max) = (DVec2::new(b.min.x, b.min.z), DVec2::new(b.max.x, b.max.z));
        let closest = centre.clamp(min, max);
        if closest == centre {
            // Inside the footprint: the way out is through the nearest side.
            let inside = (centre - min).min(max - centre).min_element();
            self.radius + inside
        } else {
            self.radius - centre.distance(closest)
        }
    }
}

/// Which pushes a box allows: through a face that a neighbouring box covers, a push would only
/// move the cylinder into that neighbour.
#[derive(Clone, Copy, Debug)]
struct OpenFaces {
    /// -x, +x, -y, +y, -z, +z.
    open: [bool; 6],
}

impl OpenFaces {
    fn of(b: Aabb, all: &[Aabb]) -> Self {
        let mut open = [true; 6];
        // One pass, skipping at once the boxes that do not touch `b` (most of them): a box
        // that covers a face touches it, within twice the contact tolerance.
        for &n in all {
            if n == b || !n.intersects_by(b, -2.0 * CONTACT_EPSILON) {
                continue;
            }
            for (face, slot) in open.iter_mut().enumerate() {
                *slot = *slot && !covers(n, b, Axis::ALL[face / 2], face % 2 == 1);
            }
        }
        Self { open }
    }

    fn is_open(self, axis: Axis, positive: bool) -> bool {
        self.open[axis.index() * 2 + usize::from(positive)]
    }
}

/// Whether `n` lies flush against the face of `b` on `axis` (its positive or negative side)
/// and covers that face entirely.
fn covers(n: Aabb, b: Aabb, axis: Axis, positive: bool) -> bool {
    let flush = if positive {
        (n.min[axis] - b.max[axis]).abs() <= CONTACT_EPSILON
    } else {
        (n.max[axis] - b.min[axis]).abs() <= CONTACT_EPSILON
    };
    flush
        && axis.others().into_iter().all(|a| {
            n.min[a] <= b.min[a] + CONTACT_EPSILON && n.max[a] >= b.max[a] - CONTACT_EPSILON
        })
}

/// The world axes of the two coordinates of a point in the horizontal plane (a `DVec2` of x
/// and z), where the cylinder is a disc.
const DISC_AXES: [Axis; 2] = [Axis::X, Axis::Z];

/// The shortest allowed translation that takes `c` out of `b`, if there is one.
///
/// `step_up` lets a push up onto a box of at most [`STEP_HEIGHT`] win over a shorter sideways
/// one, which is how a walking cylinder climbs slabs but not full blocks.
fn correction(c: Cylinder, b: Aabb, open: OpenFaces, step_up: bool) -> Option<DVec3> {
    let mut best: Option<DVec3> = None;
    let mut consider = |push: DVec3| {
        if best.is_none_or(|b| push.length_squared() < b.length_squared()) {
            best = Some(push);
        }
    };
    let up = b.max.y - c.base.y;
    if open.is_open(Axis::Y, true) {
        if step_up && up <= STEP_HEIGHT + CONTACT_EPSILON {
            return Some(DVec3::Y * up);
        }
        consider(DVec3::Y * up);
    }
    if open.is_open(Axis::Y, false) {
        consider(DVec3::NEG_Y * (c.base.y + c.height - b.min.y));
    }
    let centre = DVec2::new(c.base.x, c.base.z);
    let (min, max) = (DVec2::new(b.min.x, b.min.z), DVec2::new(b.max.x, b.max.z));
    let closest = centre.clamp(min, max);
    let face = |axis2: usize, positive: bool| open.is_open(DISC_AXES[axis2], positive);
    let lift = |v: DVec2| DVec3::new(v.x, 0.0, v.y);
    if closest == centre {
        // Centre inside the footprint: out through the nearest open side.
        for axis2 in 0..2 {
            consider_side(
                &mut consider,
                face(axis2, false),
                axis2,
                min[axis2] - centre[axis2] - c.radius,
                &lift,
            );
            consider_side(
                &mut consider,
                face(axis2, true),
                axis2,
                max[axis2] - centre[axis2] + c.radius,
                &lift,
            );
        }
    } else {
        let outside_x = centre.x < min.x || centre.x > max.x;
        let outside_z = centre.y < min.y || centre.y > max.y;
        let away = centre - closest;
        let distance = away.length();
        if outside_x && outside_z {
            // Beyond a vertical edge: radially away from it, if both faces meeting there are
            // open; otherwise the neighbour's face is the real surface, pushed off squarely.
            let (px, pz) = (centre.x > max.x, centre.y > max.y);
            match (face(0, px), face(1, pz)) {
                (true, true) => consider(lift(away / distance * (c.radius - distance))),
                (true, false) => consider_side(
                    &mut consider,
                    true,
                    0,
                    signed_gap(centre.x, min.x, max.x, c.radius),
                    &lift,
                ),
                (false, true) => consider_side(
                    &mut consider,
                    true,
                    1,
                    signed_gap(centre.y, min.y, max.y, c.radius),
                    &lift,
                ),
                (false, false) => {}
            }
        } else {
            let axis2 = usize::from(outside_z);
            let positive = away[axis2] > 0.0;
            consider_side(
                &mut consider,
                face(axis2, positive),
                axis2,
                away[axis2].signum() * (c.radius - distance),
                &lift,
            );
        }
    }
    best
}

/// The push along one horizontal axis that takes a disc at `centre` just clear of the span
/// `[min, max]`, on the side the centre is on.
fn signed_gap(centre: f64, min: f64, max: f64, radius: f64) -> f64 {
    if centre > max {
        max + radius - centre
    } else {
        min - radius - centre
    }
}

fn consider_side(
    consider: &mut impl FnMut(DVec3),
    open: bool,
    axis2: usize,
    amount: f64,
    lift: &impl Fn(DVec2) -> DVec3,
) {
    if open {
        let mut v = DVec2::ZERO;
        v[axis2] = amount;
        consider(lift(v));
    }
}

/// The outcome of moving a cylinder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CylinderMove {
    /// How far the base actually moved.
    pub offset: DVec3,
    /// Whether something under the cylinder holds it at the end.
    pub supported: bool,
    /// Whether any correction pushed the cylinder up (it landed or stepped up).
    pub pushed_up: bool,
}

/// How far around a step's swept bounds its corrections may look for boxes, in blocks.
const STEP_REACH: f64 = STEP_HEIGHT + 1.0;
/// How many steps' worth of path one gathering of colliders covers.
const STEPS_PER_STRETCH: f64 = 4.0;

/// Moves `cylinder` by `motion` through the world's block colliders.
///
/// `walking` allows stepping up onto ledges of up to [`STEP_HEIGHT`].
///
/// The cost grows with the distance moved: colliders are gathered a stretch of the path at a
/// time, and each step looks only at those near it. (The box around a whole diagonal motion
/// holds the cube of its length in blocks, which at the fastest accepted speed is thousands.)
/// The boxes a step sees keep the order [`colliders_in`] gives, so which push wins among
/// equals does not depend on how the path was cut up.
#[must_use]
pub fn move_cylinder(
    world: &impl BlockSource,
    cylinder: Cylinder,
    motion: DVec3,
    walking: bool,
) -> CylinderMove {
    let steps = (motion.length() / SUB_STEP).ceil().max(1.0);
    let step = motion / steps;
    let mut current = cylinder;
    let mut pushed_up = false;
    let mut stretch: Option<Aabb> = None;
    let mut gathered = Vec::new();
    let mut near = Vec::new();
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a whole number of steps, at least one: a move's length is bounded by the speed limit"
    )]
    let steps_whole = steps as u64;
    for _ in 0..steps_whole {
        let reach = current.bounds().swept(step).inflated(STEP_REACH);
        if !stretch.is_some_and(|s| s.contains_box(reach)) {
            let s = current
                .bounds()
                .swept(step * STEPS_PER_STRETCH)
                .inflated(STEP_REACH + SUB_STEP);
            gathered.clear();
            colliders_in(world, s, &mut gathered);
            stretch = Some(s);
        }
        near.clear();
        near.extend(
            gathered
                .iter()
                .filter(|b| b.intersects_by(reach, -CONTACT_EPSILON)),
        );
        let (next, up) = settle(&near, current.translated(step), walking);
        match next {
            Some(next) => {
                current = next;
                pushed_up |= up;
            }
            // Nowhere free to go: stay where the last step ended.
            None => break,
        }
    }
    let probe = current.translated(DVec3::NEG_Y * 1e-4);
    let mut below = Vec::new();
    colliders_in(world, probe.bounds(), &mut below);
    CylinderMove {
        offset: current.base - cylinder.base,
        supported: below.iter().any(|&b| probe.intersects(b)),
        pushed_up,
    }
}

/// Pushes `c` out of every box it intersects, or `None` if that cannot be done.
///
/// A box may allow no push at all (a block in an inner corner, all of whose open faces are
/// covered by the walls beside it): it is left for the walls' pushes to clear.
fn settle(colliders: &[Aabb], mut c: Cylinder, walking: bool) -> (Option<Cylinder>, bool) {
    let mut pushed_up = false;
    for _ in 0..MAX_CORRECTIONS {
        let mut hits = colliders.iter().filter(|&&b| c.intersects(b)).peekable();
        if hits.peek().is_none() {
            return (Some(c), pushed_up);
        }
        let Some(push) = hits.find_map(|&b| correction(c, b, OpenFaces::of(b, colliders), walking))
        else {
            return (None, pushed_up);
        };
        pushed_up |= push.y > 0.0;
        c = c.translated(push);
    }
    (None, pushed_up)
}

/// Whether a cylinder at `c`, dropped by a step's height, would overlap something by more than
/// `margin`: the test that keeps a sneaking cylinder from walking off an edge.
#[must_use]
pub fn has_foothold(world: &impl BlockSource, c: Cylinder, margin: f64) -> bool {
    let dropped = c.translated(DVec3::NEG_Y * STEP_HEIGHT);
    let mut below = Vec::new();
    colliders_in(world, dropped.bounds(), &mut below);
    below.iter().any(|&b| dropped.intersects_by(b, margin))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player_at(x: f64, y: f64, z: f64) -> Cylinder {
        Cylinder {
            base: DVec3::new(x, y, z),
            radius: 0.3,
            height: 1.8,
        }
    }

    fn unit(x: f64, y: f64, z: f64) -> Aabb {
        Aabb::new(DVec3::new(x, y, z), DVec3::new(x + 1.0, y + 1.0, z + 1.0))
    }

    #[test]
    fn disc_only_touching_a_corner_does_not_intersect() {
        // Centre 0.3 · √2 away diagonally from the block's corner: the disc clears it.
        let c = player_at(1.25, 0.5, 1.25);
        assert!(!c.intersects(unit(0.0, 0.0, 0.0)));
        assert!(player_at(1.2, 0.5, 1.2).intersects(unit(0.0, 0.0, 0.0)));
    }

    #[test]
    fn a_sunk_cylinder_is_pushed_up_onto_the_block() {
        let boxes = [unit(0.0, 0.0, 0.0)];
        let (c, up) = settle(&boxes, player_at(0.5, 0.95, 0.5), false);
        assert_eq!(c.map(|c| c.base.y), Some(1.0));
        assert!(up);
    }

    #[test]
    fn a_wall_of_two_blocks_pushes_straight_out_at_the_seam() {
        let wall = [unit(1.0, 0.0, -1.0), unit(1.0, 0.0, 0.0)];
        let (c, _) = settle(&wall, player_at(0.75, 0.0, 0.0), false);
        let c = c.expect("resolved");
        assert!((c.base.x - 0.7).abs() < 1e-12);
        assert_eq!(c.base.z, 0.0, "not pushed along the seam");
    }

    #[test]
    fn near_a_lone_vertical_edge_the_push_is_radial() {
        let post = [unit(0.0, 0.0, 0.0)];
        let (c, _) = settle(&post, player_at(1.15, 0.0, 1.15), false);
        let c = c.expect("resolved");
        let d = DVec2::new(c.base.x - 1.0, c.base.z - 1.0);
        assert!((d.length() - 0.3).abs() < 1e-12);
        assert!((d.x - d.y).abs() < 1e-12, "straight away from the edge");
    }

    #[test]
    fn walking_steps_onto_a_slab_but_not_a_block() {
        let slab = [Aabb::new(
            DVec3::new(1.0, 0.0, 0.0),
            DVec3::new(2.0, 0.5, 1.0),
        )];
        let (c, _) = settle(&slab, player_at(0.75, 0.0, 0.5), true);
        assert_eq!(c.map(|c| c.base.y), Some(0.5));
        let block = [unit(1.0, 0.0, 0.0)];
        let (c, _) = settle(&block, player_at(0.75, 0.0, 0.5), true);
        let c = c.expect("resolved");
        assert_eq!((c.base.x, c.base.y), (0.7, 0.0));
    }
}
