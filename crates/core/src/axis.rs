//! The three axes of the grid, named rather than numbered.
//!
//! Code that does the same along x, y and z loops over [`Axis::ALL`] (or the order it needs)
//! and reads a component as `v[axis]`: glam's three-component vectors and three-element
//! arrays are indexed by an `Axis` as by its [`Axis::index`].

use std::ops::{Index, IndexMut};

use glam::{DVec3, IVec3, Vec3};

/// One of the three axes: x (east), y (up) or z (south).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Axis {
    /// West to east.
    X,
    /// Down to up.
    Y,
    /// North to south.
    Z,
}

impl Axis {
    /// All three, in index order.
    pub const ALL: [Self; 3] = [Self::X, Self::Y, Self::Z];

    /// The axis's place in a vector: 0 for x, 1 for y, 2 for z.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other two axes, in cyclic order (x gives y and z, y gives z and x, z gives x and
    /// y).
    #[must_use]
    pub const fn others(self) -> [Self; 2] {
        match self {
            Self::X => [Self::Y, Self::Z],
            Self::Y => [Self::Z, Self::X],
            Self::Z => [Self::X, Self::Y],
        }
    }
}

/// `v[axis]` for glam's vectors, which are indexed by number.
macro_rules! index_by_axis {
    ($($vector:ty => $scalar:ty),*) => {$(
        impl Index<Axis> for $vector {
            type Output = $scalar;

            fn index(&self, axis: Axis) -> &$scalar {
                &self[axis.index()]
            }
        }

        impl IndexMut<Axis> for $vector {
            fn index_mut(&mut self, axis: Axis) -> &mut $scalar {
                &mut self[axis.index()]
            }
        }
    )*};
}

index_by_axis!(DVec3 => f64, Vec3 => f32, IVec3 => i32);

impl<T> Index<Axis> for [T; 3] {
    type Output = T;

    fn index(&self, axis: Axis) -> &T {
        &self[axis.index()]
    }
}

impl<T> IndexMut<Axis> for [T; 3] {
    fn index_mut(&mut self, axis: Axis) -> &mut T {
        &mut self[axis.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_axis_indexes_what_its_number_does() {
        let (v, i, a) = (DVec3::new(1.0, 2.0, 3.0), IVec3::new(4, 5, 6), [7, 8, 9]);
        for axis in Axis::ALL {
            assert_eq!(v[axis], v[axis.index()]);
            assert_eq!(i[axis], i[axis.index()]);
            assert_eq!(a[axis], a[axis.index()]);
            let others = axis.others();
            assert!(!others.contains(&axis) && others[0] != others[1]);
        }
        let mut w = Vec3::ZERO;
        w[Axis::Z] = 1.0;
        assert_eq!(w, Vec3::Z);
    }
}
