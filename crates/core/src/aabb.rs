//! Axis-aligned boxes in world space (f64), the shape of every collider in hewn.

use glam::DVec3;

use crate::axis::Axis;

/// Overlaps no larger than this count as touching, not intersecting.
///
/// Positions are f64, so a box placed flush against a face can land a few ulps inside it;
/// without this slack such a box would "overlap" the next block of a wall and snag on every
/// seam (the trap in the MC-CPP `collide()` design notes). It is far below anything visible and
/// far above f64 rounding even a million blocks from the origin (ulp ≈ 1e-10 there).
pub const CONTACT_EPSILON: f64 = 1e-7;

/// An axis-aligned box from `min` to `max` (inclusive of its surface, `min <= max` per axis).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    /// The minimum corner.
    pub min: DVec3,
    /// The maximum corner.
    pub max: DVec3,
}

impl Aabb {
    /// The box between two corners.
    #[must_use]
    pub const fn new(min: DVec3, max: DVec3) -> Self {
        Self { min, max }
    }

    /// A box of `size` whose bottom face is centred on `bottom_centre`.
    #[must_use]
    pub fn from_bottom_centre(bottom_centre: DVec3, size: DVec3) -> Self {
        let half = DVec3::new(size.x / 2.0, 0.0, size.z / 2.0);
        Self::new(
            bottom_centre - half,
            bottom_centre + DVec3::new(half.x, size.y, half.z),
        )
    }

    /// This box moved by `offset`.
    #[must_use]
    pub fn translated(self, offset: DVec3) -> Self {
        Self::new(self.min + offset, self.max + offset)
    }

    /// The smallest box holding both this box and this box moved by `motion`.
    #[must_use]
    pub fn swept(self, motion: DVec3) -> Self {
        let moved = self.translated(motion);
        Self::new(self.min.min(moved.min), self.max.max(moved.max))
    }

    /// This box grown by `margin` on every side.
    #[must_use]
    pub fn inflated(self, margin: f64) -> Self {
        Self::new(
            self.min - DVec3::splat(margin),
            self.max + DVec3::splat(margin),
        )
    }

    /// The point in the middle of the box.
    #[must_use]
    pub fn centre(self) -> DVec3 {
        (self.min + self.max) * 0.5
    }

    /// The box's edge lengths.
    #[must_use]
    pub fn size(self) -> DVec3 {
        self.max - self.min
    }

    /// How far the two boxes' extents along `axis` overlap (negative: the gap between them).
    #[must_use]
    pub fn overlap_on(self, other: Self, axis: Axis) -> f64 {
        self.max[axis].min(other.max[axis]) - self.min[axis].max(other.min[axis])
    }

    /// Whether the boxes overlap by more than `tolerance` on every axis.
    #[must_use]
    pub fn intersects_by(self, other: Self, tolerance: f64) -> bool {
        Axis::ALL
            .into_iter()
            .all(|axis| self.overlap_on(other, axis) > tolerance)
    }

    /// Whether the boxes overlap by more than [`CONTACT_EPSILON`] on every axis, i.e. really
    /// intersect rather than touch.
    #[must_use]
    pub fn intersects(self, other: Self) -> bool {
        self.intersects_by(other, CONTACT_EPSILON)
    }

    /// Whether `other` lies wholly inside this box (faces may coincide).
    #[must_use]
    pub fn contains_box(self, other: Self) -> bool {
        self.min.cmple(other.min).all() && self.max.cmpge(other.max).all()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_boxes_do_not_intersect() {
        let a = Aabb::new(DVec3::ZERO, DVec3::ONE);
        let b = a.translated(DVec3::X);
        assert!(!a.intersects(b));
        assert!(a.intersects(b.translated(DVec3::new(-0.01, 0.0, 0.0))));
    }

    #[test]
    fn bottom_centre_box_has_the_player_shape() {
        let b = Aabb::from_bottom_centre(DVec3::new(0.5, 64.0, 0.5), DVec3::new(0.6, 1.8, 0.6));
        assert!((b.min - DVec3::new(0.2, 64.0, 0.2)).length() < 1e-12);
        assert!((b.max - DVec3::new(0.8, 65.8, 0.8)).length() < 1e-12);
    }
}
