//! Which of a chunk's faces can look at the eye, as runs of its index lists that a renderer
//! draws while it leaves the rest out.
//!
//! A face is seen only from in front of its plane: an east face lying in the plane
//! x = p only from an eye whose x is greater than p. The GPU's back-face culling throws the
//! others away, but only after it has shaded their vertices and set up their triangles, which
//! on a software rasteriser costs about as much as drawing a small face.
//!
//! So the opaque and the cut-out triangles of a mesh are grouped by the direction they look,
//! in [`Face::ALL`] order, and within a group ordered by the plane they lie in, highest
//! first. Along each axis, the faces that look towards an eye are then one run of the list:
//! the end of the positive group (planes below the eye) and the start of the negative group
//! (planes above it), which follows it:
//!
//! ```text
//!   planes of the east and west faces of a chunk, in list order; the eye at x = 4.5
//!
//!     east: 9 7 7 5 4 2 2 │ west: 8 6 5 3 1 0
//!                   ╰──────── drawn ──╯
//! ```
//!
//! A pass is drawn in at most three runs, one per axis, and in fewer where runs meet: a chunk
//! wholly below and west of the eye shows all its east and all its top faces, one run. The
//! planes are exact, in sixteenths of a block, so a slab's top half a block up or a water
//! surface is judged where it lies. Translucent faces (re-sorted back to front as the eye
//! moves) and models (torches, plants, the cactus, seen from both sides) are always drawn.

use std::cell::RefCell;
use std::ops::Range;

use glam::Vec3;

use super::Vertex;
use hewn_core::axis::Axis;
use hewn_core::world::Face;

/// How close to a face's plane the eye may be (in blocks) and still have the face drawn
/// whichever side it is on. The eye reaches the renderer rounded to f32, and a face seen
/// edge-on covers no pixel, so erring towards drawing costs nothing and hides nothing.
const MARGIN: f32 = 1.0 / 64.0;

/// Planes along one axis, in sixteenths of a block from the chunk's low side: 0 to 512.
const PLANES: usize = 32 * 16 + 1;

/// Where the faces of one pass lie in its index list: grouped by the direction they look and
/// ordered by plane, as the module describes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FaceGroups {
    /// The quad each face's group begins at, in [`Face::ALL`] order, and where the last ends.
    starts: [u32; 7],
    /// Each quad's plane along its face's axis, in sixteenths of a block from the chunk's
    /// low corner, in the list's order.
    planes: Vec<u16>,
}

thread_local! {
    /// Each meshing thread's buffers for grouping: the quads' keys, the count per key, and
    /// the reordered list.
    static SCRATCH: RefCell<(Vec<u16>, Vec<u32>, Vec<u32>)> = RefCell::default();
}

impl FaceGroups {
    /// No faces, keeping the allocation.
    pub fn clear(&mut self) {
        self.starts = [0; 7];
        self.planes.clear();
    }

    /// How many quads the pass holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.planes.len()
    }

    /// Whether the pass holds no quad.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.planes.is_empty()
    }

    /// The indices of the quads that look `face`'s way, in the pass's list.
    #[must_use]
    pub fn of(&self, face: Face) -> Range<u32> {
        let f = face as usize;
        self.starts[f] * 6..self.starts[f + 1] * 6
    }

    /// Reorders `list`, one quad (six indices into `vertices`) after another, as the module
    /// describes, and records where its groups begin and each quad's plane. A counting sort
    /// by direction and plane; the order of quads that share both is kept.
    pub fn sort(&mut self, list: &mut Vec<u32>, vertices: &[Vertex]) {
        self.clear();
        if list.is_empty() {
            return;
        }
        SCRATCH.with_borrow_mut(|(keys, counts, sorted)| {
            keys.clear();
            keys.extend(list.chunks_exact(6).map(|quad| {
                let corner = vertices[quad[0] as usize];
                let face = corner.face();
                let plane = corner.position16()[face.axis()] as usize;
                // Highest plane first within a direction.
                (face as usize * PLANES + PLANES - 1 - plane) as u16
            }));
            counts.clear();
            counts.resize(6 * PLANES + 1, 0);
            for &key in keys.iter() {
                counts[usize::from(key) + 1] += 1;
            }
            for k in 1..counts.len() {
                counts[k] += counts[k - 1];
            }
            for (f, start) in self.starts.iter_mut().enumerate() {
                *start = counts[f * PLANES];
            }
            sorted.clear();
            sorted.resize(list.len(), 0);
            self.planes.clear();
            self.planes.resize(keys.len(), 0);
            for (quad, &key) in list.chunks_exact(6).zip(keys.iter()) {
                let at = &mut counts[usize::from(key)];
                let i = *at as usize;
                sorted[i * 6..i * 6 + 6].copy_from_slice(quad);
                self.planes[i] = (PLANES - 1 - usize::from(key) % PLANES) as u16;
                *at += 1;
            }
            // The buffers change places: both allocations are kept for the next chunk.
            std::mem::swap(list, sorted);
        });
    }

    /// The quads along `axis` that may look towards an eye at `eye` (blocks from the
    /// chunk's low corner along `axis`): the positive group's planes below it and the
    /// negative group's above it.
    fn facing_along(&self, axis: Axis, eye: f32) -> Range<u32> {
        let (pos, neg) = (
            Face::from_axis(axis, true) as usize,
            Face::from_axis(axis, false) as usize,
        );
        debug_assert_eq!(pos + 1, neg, "the negative group follows the positive one");
        let group = |f: usize| &self.planes[self.starts[f] as usize..self.starts[f + 1] as usize];
        let (above, below) = ((eye + MARGIN) * 16.0, (eye - MARGIN) * 16.0);
        let from = group(pos).partition_point(|&p| f32::from(p) >= above);
        let to = group(neg).partition_point(|&p| f32::from(p) > below);
        self.starts[pos] + from as u32..self.starts[neg] + to as u32
    }

    /// The runs of the pass's index list to draw for an eye at `eye` (blocks from the
    /// chunk's low corner): every face that may look towards it, in at most three runs, in
    /// the list's order.
    pub fn runs(&self, eye: Vec3) -> impl Iterator<Item = Range<u32>> {
        let mut runs: [Range<u32>; 3] = Default::default();
        let mut count = 0;
        for axis in Axis::ALL {
            let run = self.facing_along(axis, eye[axis]);
            if run.is_empty() {
                continue;
            }
            match runs[..count].last_mut() {
                Some(last) if last.end == run.start => last.end = run.end,
                _ => {
                    runs[count] = run;
                    count += 1;
                }
            }
        }
        runs.into_iter()
            .take(count)
            .map(|run| run.start * 6..run.end * 6)
    }

    /// How many quads [`FaceGroups::runs`] gives for an eye at `eye`.
    #[must_use]
    pub fn quads_facing(&self, eye: Vec3) -> usize {
        self.runs(eye).map(|run| run.len() / 6).sum()
    }
}

#[cfg(test)]
#[path = "facing/tests.rs"]
mod tests;
