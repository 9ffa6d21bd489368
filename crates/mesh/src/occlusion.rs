//! Which chunks the eye may see: a breadth-first walk from the eye's chunk through the faces
//! each chunk's [`Visibility`] joins, as advanced cave culling does (Tommaso Checchi's
//! algorithm, Minecraft 1.8; Sodium's occlusion culler walks the same way).
//!
//! The walk leaves the eye's chunk through every face. A chunk entered through some faces
//! is left through a face its graph joins to one of them, and only away from the eye: never
//! towards the eye's chunk along any axis. A straight line of sight does the same, moving
//! monotonically along each axis and crossing each chunk through a pocket of clear cells
//! from the face it enters by to the face it leaves by, so every chunk a line of sight from
//! the eye reaches is reached by the walk, and drawing only those hides nothing.
//!
//! Each chunk reached also carries the part of the screen that lines of sight going on
//! through it pass through, as portal culling does with each face's clear cells for its
//! portal. At the eye's chunk it is the whole screen. A line of sight from one chunk into
//! the next crosses the face between them inside the outline, seen from the eye, of that
//! face's clear cells on its near side ([`Openings`]): the next chunk is reached only if
//! that outline meets the part the chunk it comes from carries. A line that goes on past it
//! also crosses a clear cell on the far side of the face, so what the next chunk carries on
//! is narrowed to that side's outline as well. Every step takes the walk one chunk further
//! from the eye's along the axes, so a chunk's part is whole before the walk leaves it.
//! This way a valley behind a ridge, or a cave under a narrow mouth, is not drawn though the
//! graphs join it. Both tests only ever leave out chunks no line of sight reaches.
//!
//! The walk also stops at chunks outside the view (a frustum test, supplied by the caller),
//! except those that touch the eye's chunk: near the eye, a line of sight may cross a corner
//! of a chunk before the near plane. Chunks whose graph is not known (not yet meshed) join
//! every face and are open everywhere. Nothing here knows of the GPU; the renderer only
//! draws what the walk returns.

use glam::{IVec3, Mat4, Vec2, Vec3, Vec4Swizzles};

use super::openings::Openings;
use super::visibility::{Sight, Visibility};
use hewn_core::world::coords::WORLD_HEIGHT_CHUNKS;
use hewn_core::world::{CHUNK_SIZE, ChunkPos, Face};

/// The walk's buffers, kept from frame to frame.
#[derive(Clone, Debug, Default)]
pub struct Walk {
    /// Per chunk of the box the walk may reach (`radius` chunks each way across from the
    /// eye's, the world's height up and down), its index in `reached`, or [`UNREACHED`].
    slots: Vec<u32>,
    /// The box `slots` covers: its lowest corner, in chunks, and its size along x and z
    /// (`side`) and y.
    bounds: Bounds,
    /// The chunks reached, in the order reached (nearest first by steps), with what the
    /// walk knows of each: also the walk's queue.
    reached: Vec<(ChunkPos, Reached)>,
    /// Where lines of sight leave the box the walk may reach through its sides.
    beyond: Outline,
}

/// The slot of a chunk the walk has not reached.
const UNREACHED: u32 = u32::MAX;

/// The box of chunks a walk may reach, which its slots cover x fastest, then z, then y.
#[derive(Clone, Copy, Debug, Default)]
struct Bounds {
    /// The lowest corner, in chunks.
    low: IVec3,
    /// Chunks along x and z.
    side: i32,
    /// Chunks along y.
    height: i32,
}

impl Bounds {
    /// The slot of the chunk at `pos`, which lies in the box.
    fn index(&self, pos: IVec3) -> usize {
        let p = pos - self.low;
        ((p.y * self.side + p.z) * self.side + p.x) as usize
    }

    /// The slot of the chunk at `pos`, if it lies in the box.
    fn slot(&self, pos: IVec3) -> Option<usize> {
        let p = pos - self.low;
        let inside =
            p.min_element() >= 0 && p.x < self.side && p.z < self.side && p.y < self.height;
        inside.then(|| self.index(pos))
    }
}

/// Where the walk looks from: the eye's chunk, and how a point in blocks from that chunk's
/// low corner lands on the screen.
#[derive(Clone, Copy, Debug)]
pub struct Eye {
    /// The chunk holding the eye.
    pub chunk: ChunkPos,
    /// The view and projection, from blocks relative to `chunk`'s low corner to clip space
    /// (whose `w` grows with the distance in front of the eye).
    pub to_clip: Mat4,
}

/// How many layers of chunks above or below the world the eye may be for the walk to look
/// from it: the walk's buffers hold every layer between the eye and the world.
pub const FARTHEST_OUTSIDE: i32 = 16;

impl Walk {
    /// Whether the walk can look from an eye in `chunk`: one at most [`FARTHEST_OUTSIDE`]
    /// layers above or below the world. From farther, draw every chunk in view.
    #[must_use]
    pub fn looks_from(chunk: ChunkPos) -> bool {
        (-FARTHEST_OUTSIDE..WORLD_HEIGHT_CHUNKS + FARTHEST_OUTSIDE).contains(&chunk.y)
    }

    /// The chunks within `radius` chunks of `eye` (horizontally) that a line of sight from
    /// `eye` may reach, in the order the walk reaches them (nearest first by steps), into
    /// `out`. `sight` tells what sight does through a chunk ([`Sight::ALL`] when it is not
    /// known), `in_view` whether a chunk is inside the view. Afterwards
    /// [`Walk::outline_beyond`] tells where the eye may see past the chunks reached.
    ///
    /// From an eye the walk cannot look from ([`Walk::looks_from`]) it reaches nothing and
    /// sees past everywhere.
    pub fn reachable(
        &mut self,
        eye: Eye,
        radius: i32,
        sight: impl Fn(ChunkPos) -> Sight,
        in_view: impl Fn(ChunkPos) -> bool,
        out: &mut Vec<ChunkPos>,
    ) {
        out.clear();
        self.reached.clear();
        if !Self::looks_from(eye.chunk) {
            self.beyond = Outline::EVERYWHERE;
            return;
        }
        self.beyond = Outline::NOWHERE;
        // Chunks above or below the world hold nothing; the walk passes through them only
        // when the eye is out there itself.
        let (low, high) = (eye.chunk.y.min(0), eye.chunk.y.max(WORLD_HEIGHT_CHUNKS - 1));
        let start = IVec3::new(eye.chunk.x, eye.chunk.y, eye.chunk.z);
        // The eye's own chunk may hold the eye inside rock (flying through it): sight leaves
        // it anywhere.
        let at_eye = Reached {
            sight: Sight::ALL,
            entered: 0,
            seen: Outline::SCREEN,
            passing: Outline::SCREEN,
        };
        let side = 2 * radius + 1;
        let bounds = Bounds {
            low: IVec3::new(start.x - radius, low, start.z - radius),
            side,
            height: high - low + 1,
        };
        self.bounds = bounds;
        let slot = |pos: IVec3| bounds.index(pos);
        self.slots.clear();
        self.slots
            .resize((side * side * bounds.height) as usize, UNREACHED);
        self.slots[slot(start)] = 0;
        self.reached.push((eye.chunk, at_eye));
        let mut next_in_queue = 0;
        while let Some(&(pos, this)) = self.reached.get(next_in_queue) {
            next_in_queue += 1;
            out.push(pos);
            let Reached {
                sight: Sight { joins, openings },
                entered,
                passing,
                ..
            } = this;
            if passing.is_empty() {
                continue;
            }
            let here = IVec3::new(pos.x, pos.y, pos.z);
            let from_eye = here - start;
            for exit in Face::ALL {
                let along = from_eye[exit.axis()];
                // Never back towards the eye along any axis.
                if (exit.is_positive() && along < 0) || (!exit.is_positive() && along > 0) {
                    continue;
                }
                if !leaves_through(joins, entered, exit, pos == eye.chunk) {
                    continue;
                }
                let step = here + exit.normal();
                let next = ChunkPos::new(step.x, step.y, step.z);
                let apart = (step - start).abs();
                if !(low..=high).contains(&next.y) {
                    continue;
                }
                if apart.x > radius || apart.z > radius {
                    if let Some(leaving) = crossing(&eye, from_eye, openings, exit) {
                        self.beyond = self.beyond.or(leaving.and(passing));
                    }
                    continue;
                }
                if apart.max_element() > 1 && !in_view(next) {
                    continue;
                }
                // Lines of sight into `next` cross the clear cells of this face; those that
                // go on past it cross clear cells of its face on the other side too (those
                // that stop there see the opaque ones: `next` is drawn for them).
                let Some(into) = crossing(&eye, from_eye, openings, exit)
                    .map(|outline| outline.and(passing))
                    .filter(|outline| !outline.is_empty())
                else {
                    continue;
                };
                let entry = exit.opposite();
                let index = &mut self.slots[slot(step)];
                if *index == UNREACHED {
                    *index = self.reached.len() as u32;
                    let first = Reached {
                        sight: sight(next),
                        entered: 0,
                        seen: Outline::NOWHERE,
                        passing: Outline::NOWHERE,
                    };
                    self.reached.push((next, first));
                }
                let reached = &mut self.reached[*index as usize].1;
                let onward = crossing(&eye, step - start, reached.sight.openings, entry)
                    .map_or(Outline::NOWHERE, |outline| outline.and(into));
                reached.entered |= 1 << entry as u8;
                reached.seen = reached.seen.or(into);
                reached.passing = reached.passing.or(onward);
            }
        }
    }

    /// After [`Walk::reachable`], whether it reached the chunk at `pos`: whether a line of
    /// sight from the eye may enter it.
    #[must_use]
    pub fn has_reached(&self, pos: ChunkPos) -> bool {
        !self.reached.is_empty()
            && self
                .bounds
                .slot(IVec3::new(pos.x, pos.y, pos.z))
                .is_some_and(|slot| self.slots[slot] != UNREACHED)
    }

    /// After [`Walk::reachable`], the part of the screen where lines of sight may meet
    /// something drawn in place of chunks, or past them: in the chunks reached that
    /// `stood_in_for` says something else stands in for (the far view's coarse terrain in
    /// place of chunks not meshed), or out through the sides of the box the walk kept to.
    /// Whatever lies wholly outside it on the screen is hidden.
    #[must_use]
    pub fn outline_beyond(&self, stood_in_for: impl Fn(ChunkPos) -> bool) -> Outline {
        self.reached
            .iter()
            .filter(|(pos, _)| stood_in_for(*pos))
            .fold(self.beyond, |outline, (_, reached)| {
                outline.or(reached.seen)
            })
    }
}

/// What the walk knows of a chunk it has reached.
#[derive(Clone, Copy, Debug)]
struct Reached {
    /// What sight does through it.
    sight: Sight,
    /// The faces it was entered through (bit `f` for [`Face::ALL`]`[f]`).
    entered: u8,
    /// The part of the screen lines of sight reaching it pass through.
    seen: Outline,
    /// The part of the screen lines of sight going on through it pass through: inside the
    /// clear cells of the faces it was entered through.
    passing: Outline,
}

/// Whether a chunk entered through the faces `entered` (bits of [`Face::ALL`]) is left
/// through `exit`, by its graph `joins`; the eye's chunk is left through every face.
fn leaves_through(joins: Visibility, entered: u8, exit: Face, at_eye: bool) -> bool {
    at_eye
        || Face::ALL
            .into_iter()
            .enumerate()
            .any(|(f, entry)| entered & (1 << f) != 0 && joins.connects(entry, exit))
}

/// The outline on the screen of the clear cells of face `face` of the chunk `from_eye`
/// chunks from the eye's, or `None` when the face has none.
fn crossing(eye: &Eye, from_eye: IVec3, openings: Openings, face: Face) -> Option<Outline> {
    let (low, high) = openings.on(face)?;
    let origin = (from_eye * CHUNK_SIZE).as_vec3();
    Some(Outline::of_box(&eye.to_clip, origin + low, origin + high))
}

/// A rectangle of the screen, in normalized device coordinates (x and y from −1 to 1 across
/// it): where lines of sight reaching a chunk may pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outline {
    min: Vec2,
    max: Vec2,
}

/// Nowhere: no line of sight yet.
impl Default for Outline {
    fn default() -> Self {
        Self::NOWHERE
    }
}

impl Outline {
    /// The whole screen, and a little more, so that rounding never loses its edge.
    const SCREEN: Self = Self {
        min: Vec2::splat(-1.0 - Self::MARGIN),
        max: Vec2::splat(1.0 + Self::MARGIN),
    };
    /// Nowhere at all.
    const NOWHERE: Self = Self {
        min: Vec2::splat(f32::INFINITY),
        max: Vec2::splat(f32::NEG_INFINITY),
    };
    /// Everywhere, the screen included.
    const EVERYWHERE: Self = Self {
        min: Vec2::splat(f32::NEG_INFINITY),
        max: Vec2::splat(f32::INFINITY),
    };
    /// How much every outline is widened, against rounding (a thousandth of half the
    /// screen: under a pixel).
    const MARGIN: f32 = 1e-3;
    /// Clip-space `w` (distance in front of the eye, in blocks) below which a corner counts
    /// as beside or behind the eye, where its outline wraps around the screen. Half a block,
    /// not less: the corners are projected through a matrix that holds the chunk's offset,
    /// whose rounding, divided by a small `w`, could outgrow [`Self::MARGIN`].
    const NEAR: f32 = 0.5;

    /// The outline of the box from `low` to `high` (in the space `to_clip` takes): around
    /// its corners on the screen, or everywhere if a corner is not in front of the eye.
    fn of_box(to_clip: &Mat4, low: Vec3, high: Vec3) -> Self {
        // The projection is linear: each corner is the low one plus the box's edges along
        // the axes it is high on.
        let base = *to_clip * low.extend(1.0);
        let size = high - low;
        let edges = [0, 1, 2].map(|axis| to_clip.col(axis) * size[axis]);
        let mut outline = Self::NOWHERE;
        for corner in 0..8 {
            let clip = (0..3)
                .filter(|axis| corner & (1 << axis) != 0)
                .fold(base, |clip, axis| clip + edges[axis]);
            if clip.w < Self::NEAR {
                return Self::EVERYWHERE;
            }
            let on_screen = clip.xy() / clip.w;
            outline.min = outline.min.min(on_screen);
            outline.max = outline.max.max(on_screen);
        }
        Self {
            min: outline.min - Self::MARGIN,
            max: outline.max + Self::MARGIN,
        }
    }

    /// The part inside both ([`Self::NOWHERE`] if none, so that it adds nothing to a
    /// rectangle around it and others).
    fn and(self, other: Self) -> Self {
        let both = Self {
            min: self.min.max(other.min),
            max: self.max.min(other.max),
        };
        if both.is_empty() { Self::NOWHERE } else { both }
    }

    /// The rectangle around both.
    fn or(self, other: Self) -> Self {
        Self {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    /// Whether it holds no point.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.min.cmpgt(self.max).any()
    }

    /// Whether it holds the point `ndc` of the screen.
    #[must_use]
    pub fn contains(self, ndc: Vec2) -> bool {
        ndc.cmpge(self.min).all() && ndc.cmple(self.max).all()
    }

    /// Whether the box from `low` to `high`, in blocks from the low corner of the chunk of
    /// `eye`, may show inside it.
    #[must_use]
    pub fn meets_box(self, eye: &Eye, low: Vec3, high: Vec3) -> bool {
        !Self::of_box(&eye.to_clip, low, high).and(self).is_empty()
    }
}

#[cfg(test)]
#[path = "occlusion/tests.rs"]
mod tests;
