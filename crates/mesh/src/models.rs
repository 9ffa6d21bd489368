//! Blocks drawn as models of their own rather than as cubes: the torch, a thin stick that
//! stands in the middle of its cell or leans out from the wall behind it.
//!
//! A model's faces sit anywhere, at any angle, so its vertices carry full chunk-relative
//! positions and texture coordinates ([`ModelVertex`], 28 bytes); models are few, so the
//! size does not matter. They are drawn with the cut-out faces.
//!
//! ```text
//!   a wall torch, seen from the side        its tile: the stick is the middle two
//!                                           columns, the flame its top two rows
//!     wall │   ▟  ← flame                   ┌────────────────┐
//!          │  ╱╱                            │       ▓▓       │ row 6
//!          │ ╱╱   22.5° from upright        │       ██       │
//!          │╱╱                              │       ██       │
//!          ▐▌ ← 3.5/16 above the floor      │       ██       │ row 15
//! ```

use bytemuck::{Pod, Zeroable};
use glam::Vec3;

use super::{CornerLight, QuadSink};
use crate::tiles::{TORCH_TILE, TORCH_TOP_ROW};
use hewn_core::axis::Axis;
use hewn_core::world::{Face, Light};

/// One face of a model, as the mesher finds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelQuad {
    /// Corners BL, BR, TR, TL, counter-clockwise seen from outside, chunk-relative, in
    /// blocks.
    pub corners: [Vec3; 4],
    /// The texture coordinates at the corners, within the tile (0 to 1, v = 0 at the top).
    pub uv: [[f32; 2]; 4],
    /// The atlas tile.
    pub tile: u16,
    /// The block face nearest the way this face looks, which sets its shading.
    pub face: Face,
    /// The light the model is lit by: its cell's.
    pub light: CornerLight,
}

/// A corner of a model face, ready for the GPU, 28 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct ModelVertex {
    /// Position relative to the chunk's minimum corner, in blocks.
    pub position: [f32; 3],
    /// Texture coordinates within the tile.
    pub uv: [f32; 2],
    /// Atlas tile.
    pub tile: u32,
    /// Sky light and block light in quarter levels, then the shading face's index, then 0.
    pub shade: [u8; 4],
}

impl ModelVertex {
    /// The six vertices (two counter-clockwise triangles) of `quad`.
    #[must_use]
    pub fn triangles(quad: &ModelQuad) -> [Self; 6] {
        [0, 1, 2, 0, 2, 3].map(|i| Self {
            position: quad.corners[i].to_array(),
            uv: quad.uv[i],
            tile: u32::from(quad.tile),
            shade: [quad.light.sky, quad.light.block, quad.face as u8, 0],
        })
    }
}

/// Half the stick's thickness: it is two pixels of a sixteen-pixel block across.
const HALF_WIDTH: f32 = 1.0 / 16.0;
/// The stick's length: ten pixels.
const LENGTH: f32 = 10.0 / 16.0;
/// How high a wall torch's foot sits above the bottom of its cell.
const WALL_FOOT: f32 = 3.5 / 16.0;
/// How far a wall torch leans out from upright, in radians (22.5°).
const LEAN: f32 = std::f32::consts::PI / 8.0;

/// One face of the stick: its centre, outward normal `n`, texture-up direction `up`, half
/// extents across (`half_across`) and along `up` (`half_up`), and its texture rectangle
/// (u range, v range, in tile units).
struct StickFace {
    centre: Vec3,
    n: Vec3,
    up: Vec3,
    half_across: f32,
    half_up: f32,
    u: (f32, f32),
    v: (f32, f32),
    face: Face,
}

impl StickFace {
    fn quad(&self, light: CornerLight) -> ModelQuad {
        // Right, seen from outside: (−n) × up, as every cube face in `faces` has it.
        let right = (-self.n).cross(self.up) * self.half_across;
        let up = self.up * self.half_up;
        let c = self.centre;
        let (u0, u1) = self.u;
        let (v_top, v_bottom) = self.v;
        ModelQuad {
            corners: [
                c - right - up,
                c + right - up,
                c + right + up,
                c - right + up,
            ],
            uv: [[u0, v_bottom], [u1, v_bottom], [u1, v_top], [u0, v_top]],
            tile: TORCH_TILE,
            face: self.face,
            light,
        }
    }
}

/// The faces of a torch in the cell `cell` (chunk-relative): standing in the middle of it
/// when `wall` is `None`, or leaning out from the wall behind it and pointing `wall`.
pub fn torch<S: QuadSink>(cell: [u16; 3], wall: Option<Face>, light: Light, sink: &mut S) {
    let origin = Vec3::from_array(cell.map(f32::from));
    let middle = origin + Vec3::new(0.5, 0.0, 0.5);
    // The foot of the stick, its axis, and the way its front looks.
    let (foot, axis, front, ahead) = match wall {
        Some(face) if face.is_side() => {
            let out = face.normal().as_vec3();
            let (sin, cos) = LEAN.sin_cos();
            (
                middle - out * 0.5 + Vec3::Y * WALL_FOOT,
                Vec3::Y * cos + out * sin,
                out * cos - Vec3::Y * sin,
                face,
            )
        }
        _ => (middle, Vec3::Y, Vec3::Z, Face::South),
    };
    let side = axis.cross(front);
    let light = CornerLight::of(light);
    let pixel = 1.0 / 16.0;
    let stick_u = (7.0 * pixel, 9.0 * pixel);
    let top_row = f32::from(TORCH_TOP_ROW) * pixel;
    let mid = foot + axis * (LENGTH / 2.0);
    let sides = [
        (front, ahead),
        (-front, ahead.opposite()),
        (side, nearest_face(side)),
        (-side, nearest_face(-side)),
    ];
    for (n, face) in sides {
        let stick = StickFace {
            centre: mid + n * HALF_WIDTH,
            n,
            up: axis,
            half_across: HALF_WIDTH,
            half_up: LENGTH / 2.0,
            u: stick_u,
            v: (top_row, 1.0),
            face,
        };
        sink.model(&stick.quad(light));
    }
    // The flame on top, and the end of the stick below.
    let ends = [
        (
            foot + axis * LENGTH,
            axis,
            -front,
            (top_row, top_row + 2.0 * pixel),
            Face::Up,
        ),
        (foot, -axis, front, (1.0 - 2.0 * pixel, 1.0), Face::Down),
    ];
    for (centre, n, up, v, face) in ends {
        let end = StickFace {
            centre,
            n,
            up,
            half_across: HALF_WIDTH,
            half_up: HALF_WIDTH,
            u: stick_u,
            v,
            face,
        };
        sink.model(&end.quad(light));
    }
}

/// The block face whose normal is closest to `n`.
fn nearest_face(n: Vec3) -> Face {
    let axis = Axis::ALL[n.abs().max_position()];
    Face::from_axis(axis, n[axis] > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Models(Vec<ModelQuad>);

    impl QuadSink for Models {
        fn quad(&mut self, _: &super::super::Quad) {}
        fn model(&mut self, quad: &ModelQuad) {
            self.0.push(*quad);
        }
    }

    fn faces_of(wall: Option<Face>) -> Vec<ModelQuad> {
        let mut sink = Models::default();
        torch([3, 4, 5], wall, Light::new(0, 14), &mut sink);
        sink.0
    }

    #[test]
    fn a_standing_torch_is_a_closed_stick_in_the_middle_of_its_cell() {
        let faces = faces_of(None);
        assert_eq!(faces.len(), 6);
        let points: Vec<Vec3> = faces.iter().flat_map(|f| f.corners).collect();
        let min = points.iter().fold(Vec3::splat(f32::MAX), |a, &p| a.min(p));
        let max = points.iter().fold(Vec3::splat(f32::MIN), |a, &p| a.max(p));
        let eps = 1e-6;
        assert!(
            (min - Vec3::new(3.0 + 7.0 / 16.0, 4.0, 5.0 + 7.0 / 16.0))
                .abs()
                .max_element()
                < eps
        );
        assert!(
            (max - Vec3::new(3.0 + 9.0 / 16.0, 4.0 + 10.0 / 16.0, 5.0 + 9.0 / 16.0))
                .abs()
                .max_element()
                < eps
        );
        assert!(
            faces
                .iter()
                .all(|f| f.light == CornerLight { sky: 0, block: 56 })
        );
    }

    #[test]
    fn every_face_winds_counter_clockwise_seen_from_outside() {
        for wall in [None, Some(Face::East), Some(Face::North)] {
            let faces = faces_of(wall);
            let centre = faces.iter().flat_map(|f| f.corners).sum::<Vec3>() / 24.0;
            for f in &faces {
                let [a, b, c, _] = f.corners;
                let normal = (b - a).cross(c - a);
                let outward = (a + c) / 2.0 - centre;
                assert!(normal.dot(outward) > 0.0, "{wall:?}: {f:?}");
            }
        }
    }

    #[test]
    fn a_wall_torch_leans_out_from_the_wall_behind_it() {
        // Pointing east: its foot against the west side of the cell, its flame out east.
        let faces = faces_of(Some(Face::East));
        let top = faces.iter().find(|f| f.face == Face::Up).map(|f| f.corners);
        let bottom = faces
            .iter()
            .find(|f| f.face == Face::Down)
            .map(|f| f.corners);
        let (Some(top), Some(bottom)) = (top, bottom) else {
            panic!("no flame or foot in {faces:?}");
        };
        let centre = |c: [Vec3; 4]| c.iter().sum::<Vec3>() / 4.0;
        let (flame, foot) = (centre(top), centre(bottom));
        assert!(
            (foot.x - 3.0).abs() < 1e-6,
            "the foot is at the wall: {foot}"
        );
        assert!(
            flame.x > foot.x + 0.2 && flame.y > foot.y + 0.5,
            "{flame} {foot}"
        );
        assert!((foot.y - (4.0 + WALL_FOOT)).abs() < 1e-6);
    }
}
