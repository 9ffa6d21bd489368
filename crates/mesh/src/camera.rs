//! The camera: where the eye is (f64, world space) and what it sees, as f32 matrices that
//! place the eye at the origin so precision never depends on how far from spawn you are.

use glam::{DVec3, Mat4, Vec2, Vec3, Vec4};

use crate::occlusion::Eye;
use hewn_core::physics::look_direction;
use hewn_core::world::BlockPos;

/// Nearest distance drawn, in blocks: close enough that a wall you press against is drawn.
pub const NEAR: f32 = 0.05;

/// A perspective camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The eye, in world coordinates.
    pub eye: DVec3,
    /// Heading in degrees (0 faces −Z, 90 faces +X).
    pub yaw: f64,
    /// Elevation in degrees, +90 straight up.
    pub pitch: f64,
    /// Vertical field of view in degrees.
    pub fov_y: f32,
    /// Width over height of the picture.
    pub aspect: f32,
    /// Farthest distance drawn.
    pub far: f32,
}

impl Camera {
    /// The unit view direction.
    #[must_use]
    pub fn direction(&self) -> Vec3 {
        // Just short of vertical: looking straight up would leave "up" undefined.
        look_direction(self.yaw, self.pitch.clamp(-89.9, 89.9)).as_vec3()
    }

    /// View times projection, for camera-relative positions.
    ///
    /// Depth is reversed: the far plane maps to 0 and the near plane to 1. A float depth
    /// buffer holds most of its precision near 0, which reversing spends on the distance,
    /// where the 1/z of an ordinary projection leaves almost none: ordinary depth cannot tell
    /// apart faces a block apart 4,000 blocks away with a near plane of 0.05 (Reed, "Depth
    /// Precision Visualized", 2015). Depth tests keep what is greater, and the depth buffer
    /// is cleared to 0.
    #[must_use]
    pub fn view_proj(&self) -> Mat4 {
        let view = Mat4::look_to_rh(Vec3::ZERO, self.direction(), Vec3::Y);
        // `perspective_rh` maps its third argument to depth 0: the far plane here.
        let proj = Mat4::perspective_rh(
            self.fov_y.to_radians(),
            self.aspect.max(1e-3),
            self.far,
            NEAR,
        );
        proj * view
    }

    /// Where cave culling's walk looks from: the eye's chunk, and the view and projection
    /// from blocks relative to that chunk's low corner.
    #[must_use]
    pub fn walk_eye(&self) -> Eye {
        let chunk = BlockPos::containing(self.eye).chunk();
        let corner = self.relative(chunk.min_block().min_corner());
        Eye {
            chunk,
            to_clip: self.view_proj() * Mat4::from_translation(corner),
        }
    }

    /// The unit direction of the line of sight from the eye through the point `ndc` of the
    /// picture (x and y from −1 to 1 across it, y up).
    #[must_use]
    pub fn direction_through(&self, ndc: Vec2) -> DVec3 {
        // The view and projection take eye-relative points: any point it unprojects lies
        // along the line from the eye.
        let point = self.view_proj().inverse() * ndc.extend(0.5).extend(1.0);
        (point.truncate() / point.w).normalize().as_dvec3()
    }

    /// `p` relative to the eye, as f32: small numbers near the camera wherever it is.
    #[must_use]
    pub fn relative(&self, p: DVec3) -> Vec3 {
        (p - self.eye).as_vec3()
    }

    /// `p` relative to the low corner of the cell the eye is in: for a block corner, whole
    /// numbers, exact in f32 (within 2^24 blocks). Less [`Self::eye_in_cell`], it is
    /// [`Self::relative`].
    #[must_use]
    pub fn from_eye_cell(&self, p: DVec3) -> Vec3 {
        (p - self.eye.floor()).as_vec3()
    }

    /// Where the eye is in its cell, each coordinate from 0 to 1.
    #[must_use]
    pub fn eye_in_cell(&self) -> Vec3 {
        (self.eye - self.eye.floor()).as_vec3()
    }
}

/// The six planes of a view volume, for culling boxes (Gribb and Hartmann, "Fast
/// Extraction of Viewing Frustum Planes from the World-View-Projection Matrix", 2001).
#[derive(Clone, Copy, Debug)]
pub struct Frustum {
    planes: [Vec4; 6],
}

impl Frustum {
    /// The frustum of a view-projection matrix with wgpu's 0..1 clip depth.
    #[must_use]
    pub fn new(view_proj: Mat4) -> Self {
        let m = view_proj.transpose();
        let (r0, r1, r2, r3) = (m.x_axis, m.y_axis, m.z_axis, m.w_axis);
        Self {
            planes: [r3 + r0, r3 - r0, r3 + r1, r3 - r1, r2, r3 - r2],
        }
    }

    /// Whether any part of the box `min..max` may be visible.
    #[must_use]
    pub fn intersects_box(&self, min: Vec3, max: Vec3) -> bool {
        self.planes.iter().all(|p| {
            let n = p.truncate();
            let corner = Vec3::select(n.cmpge(Vec3::ZERO), max, min);
            n.dot(corner) + p.w >= 0.0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn camera() -> Camera {
        Camera {
            eye: DVec3::new(1e7, 64.0, -1e7),
            yaw: 0.0,
            pitch: 0.0,
            fov_y: 70.0,
            aspect: 16.0 / 9.0,
            far: 300.0,
        }
    }

    #[test]
    fn frustum_keeps_what_is_ahead_and_drops_what_is_behind() {
        let c = camera();
        let f = Frustum::new(c.view_proj());
        // Yaw 0 faces −Z.
        assert!(f.intersects_box(Vec3::new(-1.0, -1.0, -20.0), Vec3::new(1.0, 1.0, -18.0)));
        assert!(!f.intersects_box(Vec3::new(-1.0, -1.0, 18.0), Vec3::new(1.0, 1.0, 20.0)));
        assert!(!f.intersects_box(Vec3::new(-1.0, -1.0, -400.0), Vec3::new(1.0, 1.0, -390.0)));
    }

    #[test]
    fn a_corner_is_the_same_sum_from_either_chunk_that_holds_it() {
        let c = Camera {
            eye: DVec3::new(1_000_003.37, 71.62, -2_000_011.91),
            ..camera()
        };
        let corner = DVec3::new(1_000_032.0, 64.0, -2_000_000.0);
        let (a, b) = (corner - DVec3::new(32.0, 0.0, 0.0), corner);
        let from_a = c.from_eye_cell(a) + Vec3::new(32.0, 0.0, 0.0);
        assert_eq!(
            from_a,
            c.from_eye_cell(b),
            "no crack along the chunks' border"
        );
        let relative = c.from_eye_cell(b) - c.eye_in_cell();
        assert!((relative - c.relative(b)).length() < 1e-3);
    }

    #[test]
    fn depth_tells_apart_faces_a_block_apart_at_the_far_views_edge() {
        let c = Camera {
            far: 8192.0,
            ..camera()
        };
        let depth = |distance: f32| {
            let clip = c.view_proj() * Vec4::new(0.0, 0.0, -distance, 1.0);
            clip.z / clip.w
        };
        assert!(depth(NEAR) > 0.999 && depth(c.far).abs() < 1e-6, "reversed");
        for distance in [100.0, 1000.0, 4000.0, 8000.0] {
            let (front, behind) = (depth(distance), depth(distance + 1.0));
            assert!(
                front > behind,
                "a block apart at {distance}: {front} vs {behind}"
            );
        }
        // A sixteenth of a block (a slab's step) apart near by.
        assert!(depth(10.0) > depth(10.0 + 1.0 / 16.0));
    }

    #[test]
    fn relative_positions_are_exact_far_from_the_origin() {
        let c = camera();
        assert_eq!(
            c.relative(c.eye + DVec3::new(0.25, -1.5, 3.0)),
            Vec3::new(0.25, -1.5, 3.0)
        );
    }
}
