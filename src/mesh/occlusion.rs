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
//! The walk also stops at chunks outside the view (a frustum test, supplied by the caller),
//! except those that touch the eye's chunk: near the eye, a line of sight may cross a corner
//! of a chunk before the near plane. Chunks whose graph is not known (not yet meshed) join
//! every face. Nothing here knows of the GPU; the renderer only draws what the walk
//! returns.

use std::collections::{HashMap, VecDeque};

use glam::IVec3;

use super::visibility::Visibility;
use crate::world::coords::WORLD_HEIGHT_CHUNKS;
use crate::world::{ChunkPos, Face};

/// The walk's buffers, kept from frame to frame.
#[derive(Clone, Debug, Default)]
pub struct Walk {
    /// Per chunk reached, the faces it was entered through (bit `f` for
    /// [`Face::ALL`]`[f]`).
    entered: HashMap<ChunkPos, u8>,
    queue: VecDeque<ChunkPos>,
}

impl Walk {
    /// The chunks within `radius` chunks of `eye` (horizontally) that a line of sight from
    /// `eye` may reach, in the order the walk reaches them (nearest first by steps), into
    /// `out`. `graph` gives a chunk's visibility graph ([`Visibility::ALL`] when it is not
    /// known), `in_view` whether a chunk is inside the view.
    pub fn reachable(
        &mut self,
        eye: ChunkPos,
        radius: i32,
        graph: impl Fn(ChunkPos) -> Visibility,
        in_view: impl Fn(ChunkPos) -> bool,
        out: &mut Vec<ChunkPos>,
    ) {
        out.clear();
        self.entered.clear();
        self.queue.clear();
        // Chunks above or below the world hold nothing; the walk passes through them only
        // when the eye is out there itself.
        let (low, high) = (eye.y.min(0), eye.y.max(WORLD_HEIGHT_CHUNKS - 1));
        let start = IVec3::new(eye.x, eye.y, eye.z);
        self.entered.insert(eye, 0);
        self.queue.push_back(eye);
        while let Some(pos) = self.queue.pop_front() {
            out.push(pos);
            let entered = self.entered.get(&pos).copied().unwrap_or(0);
            let here = IVec3::new(pos.x, pos.y, pos.z);
            let from_eye = here - start;
            let joins = if pos == eye {
                Visibility::ALL
            } else {
                graph(pos)
            };
            for exit in Face::ALL {
                let along = from_eye[exit.axis()];
                // Never back towards the eye along any axis.
                if (exit.is_positive() && along < 0) || (!exit.is_positive() && along > 0) {
                    continue;
                }
                let through = pos == eye
                    || Face::ALL
                        .into_iter()
                        .enumerate()
                        .any(|(f, entry)| entered & (1 << f) != 0 && joins.connects(entry, exit));
                if !through {
                    continue;
                }
                let step = here + exit.normal();
                let next = ChunkPos::new(step.x, step.y, step.z);
                let apart = (step - start).abs();
                if !(low..=high).contains(&next.y) || apart.x > radius || apart.z > radius {
                    continue;
                }
                if apart.max_element() > 1 && !in_view(next) {
                    continue;
                }
                let entry = 1 << exit.opposite() as u8;
                match self.entered.get_mut(&next) {
                    Some(faces) => *faces |= entry,
                    None => {
                        self.entered.insert(next, entry);
                        self.queue.push_back(next);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "occlusion/tests.rs"]
mod tests;
