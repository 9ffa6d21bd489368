//! Free boxes (crates) as triangles: six textured faces at any position and size.
//!
//! Unlike chunk faces, a crate sits anywhere, so its vertices carry full f32 positions,
//! relative to the camera's eye: the subtraction happens in f64 here, and only the small
//! result is rounded, so crates a million blocks out are as steady as those at spawn. Each
//! face shows one whole atlas tile stretched over it, so a big crate reads as one big crate.
//! A box resting on something has the bottom edges of its sides shaded as ambient occlusion
//! shades a block standing on the ground, so it sits on the ground rather than hovering.

use bytemuck::{Pod, Zeroable};
use glam::DVec3;

use super::faces::corners;
use hewn_core::world::{Face, Light};

/// One corner of a box face, 40 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct BoxVertex {
    /// Position relative to the eye, in blocks.
    pub relative: [f32; 3],
    /// Texture corner within the tile, each 0 or 1, v = 0 at the top.
    pub uv: [f32; 2],
    /// The face's [`Face`] index, which sets its shading.
    pub face: u32,
    /// Atlas tile index.
    pub tile: u32,
    /// Light at this corner from occlusion, 1 for none.
    pub shade: f32,
    /// The sky light and block light where the box is, 0 to 15.
    pub light: [f32; 2],
}

/// A box to draw, in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FreeBox {
    /// The minimum corner.
    pub min: DVec3,
    /// The maximum corner.
    pub max: DVec3,
    /// The atlas tile every face shows.
    pub tile: u16,
    /// Whether it rests on something (the ground, a block, another box).
    pub resting: bool,
    /// The light of the cell its middle is in, which lights all of it.
    pub light: Light,
}

/// Vertices one box adds: two triangles on each of six faces.
pub const BOX_VERTICES: usize = 36;

/// The shade of the bottom corners of a resting box's sides: what the chunk shader's ambient
/// occlusion gives the bottom corners of a block's side standing on flat ground, where the
/// cell below the face and the diagonal cell both occlude (AO level 1 of 3),
/// `mix(0.42, 1.0, 1.0 / 3.0)`.
pub const RESTING_SHADE: f32 = 0.613;

/// Appends the faces of `b` as a triangle list (counter-clockwise seen from outside, like
/// chunk faces), relative to `eye`.
pub fn push_box(out: &mut Vec<BoxVertex>, b: &FreeBox, eye: DVec3) {
    let size = b.max - b.min;
    let base = b.min - eye;
    for face in Face::ALL {
        let corners = corners(face);
        for i in [0, 1, 2, 0, 2, 3] {
            let corner = corners[i];
            let unit = DVec3::from_array(corner.pos.map(f64::from));
            let occluded = b.resting && face.is_side() && corner.pos[1] == 0;
            out.push(BoxVertex {
                relative: (base + unit * size).as_vec3().to_array(),
                uv: corner.uv.map(f32::from),
                face: face as u32,
                tile: u32::from(b.tile),
                shade: if occluded { RESTING_SHADE } else { 1.0 },
                light: [f32::from(b.light.sky()), f32::from(b.light.block())],
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec3;

    use super::*;

    #[test]
    fn a_box_is_six_outward_faces_spanning_its_bounds() {
        let eye = DVec3::new(1e6, 70.0, -1e6);
        let b = FreeBox {
            min: eye + DVec3::new(2.0, -1.5, 3.0),
            max: eye + DVec3::new(2.5, 1.5, 6.0),
            tile: 16,
            resting: false,
            light: Light::SKY,
        };
        let mut out = Vec::new();
        push_box(&mut out, &b, eye);
        assert_eq!(out.len(), BOX_VERTICES);
        let points: Vec<Vec3> = out.iter().map(|v| Vec3::from(v.relative)).collect();
        let lo = points.iter().copied().fold(Vec3::INFINITY, Vec3::min);
        let hi = points.iter().copied().fold(Vec3::NEG_INFINITY, Vec3::max);
        assert_eq!(
            (lo, hi),
            (Vec3::new(2.0, -1.5, 3.0), Vec3::new(2.5, 1.5, 6.0))
        );
        let centre = (lo + hi) * 0.5;
        for (triangle, face) in points.chunks(3).zip(out.chunks(3)) {
            // Counter-clockwise from outside: the winding normal points away from the centre.
            let normal = (triangle[1] - triangle[0]).cross(triangle[2] - triangle[0]);
            let outward = (triangle[0] + triangle[1] + triangle[2]) / 3.0 - centre;
            assert!(
                normal.dot(outward) > 0.0,
                "face {} winds inward",
                face[0].face
            );
            assert!(face.iter().all(|v| v.tile == 16 && v.shade == 1.0));
        }
    }

    #[test]
    fn a_resting_box_is_shaded_along_the_bottom_of_its_sides_only() {
        let b = FreeBox {
            min: DVec3::new(0.0, 64.0, 0.0),
            max: DVec3::new(1.0, 65.0, 1.0),
            tile: 16,
            resting: true,
            light: Light::SKY,
        };
        let mut out = Vec::new();
        push_box(&mut out, &b, DVec3::new(0.5, 66.0, 3.0));
        for v in out {
            let low_side = v.relative[1] == -2.0 && v.face != Face::Down as u32;
            let expected = if low_side { RESTING_SHADE } else { 1.0 };
            assert_eq!(v.shade, expected, "{v:?}");
        }
    }
}
