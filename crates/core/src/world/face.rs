//! The six faces of a block, which are also the six directions of the grid.
//!
//! One type serves picking (which face the look ray entered), meshing (which way a quad
//! looks) and blocks that hang on a neighbour (which way a wall torch points). Its order is
//! the one the chunk shader indexes its per-face tables by, so the discriminant is sent to
//! the GPU as it is.

use glam::IVec3;

use crate::axis::Axis;

/// A face of a block, named by the direction it looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Face {
    /// Looks +X.
    East = 0,
    /// Looks -X.
    West = 1,
    /// Looks +Y.
    Up = 2,
    /// Looks -Y.
    Down = 3,
    /// Looks +Z.
    South = 4,
    /// Looks -Z.
    North = 5,
}

impl Face {
    /// The side a heading of `yaw` degrees looks towards, to the nearest quarter turn (0
    /// faces north, 90 east): the way a door or bed placed by a player faces.
    #[must_use]
    pub fn of_yaw(yaw: f64) -> Self {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a quarter-turn count, taken modulo 4: 0 to 4"
        )]
        let quarter = (yaw / 90.0).round().rem_euclid(4.0) as usize;
        [Self::North, Self::East, Self::South, Self::West][quarter % 4]
    }

    /// All six, in index order.
    pub const ALL: [Self; 6] = [
        Self::East,
        Self::West,
        Self::Up,
        Self::Down,
        Self::South,
        Self::North,
    ];

    /// The four that look sideways, in index order.
    pub const SIDES: [Self; 4] = [Self::East, Self::West, Self::South, Self::North];

    /// The face on `axis` looking to the positive side or not.
    #[must_use]
    pub const fn from_axis(axis: Axis, positive: bool) -> Self {
        match (axis, positive) {
            (Axis::X, true) => Self::East,
            (Axis::X, false) => Self::West,
            (Axis::Y, true) => Self::Up,
            (Axis::Y, false) => Self::Down,
            (Axis::Z, true) => Self::South,
            (Axis::Z, false) => Self::North,
        }
    }

    /// The axis the face is perpendicular to.
    #[must_use]
    pub const fn axis(self) -> Axis {
        Axis::ALL[self as usize / 2]
    }

    /// Whether the face looks towards the positive end of its axis.
    #[must_use]
    pub const fn is_positive(self) -> bool {
        (self as usize).is_multiple_of(2)
    }

    /// The unit vector the face looks along.
    #[must_use]
    pub const fn normal(self) -> IVec3 {
        let n = self.offset();
        IVec3::new(n[0], n[1], n[2])
    }

    /// [`Face::normal`] as an array, for `const` tables.
    #[must_use]
    pub const fn offset(self) -> [i32; 3] {
        match self {
            Self::East => [1, 0, 0],
            Self::West => [-1, 0, 0],
            Self::Up => [0, 1, 0],
            Self::Down => [0, -1, 0],
            Self::South => [0, 0, 1],
            Self::North => [0, 0, -1],
        }
    }

    /// The face looking the other way.
    #[must_use]
    pub const fn opposite(self) -> Self {
        match self {
            Self::East => Self::West,
            Self::West => Self::East,
            Self::Up => Self::Down,
            Self::Down => Self::Up,
            Self::South => Self::North,
            Self::North => Self::South,
        }
    }

    /// Whether this is one of the four sideways faces.
    #[must_use]
    pub const fn is_side(self) -> bool {
        !matches!(self, Self::Up | Self::Down)
    }

    /// The face's lowercase name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::East => "east",
            Self::West => "west",
            Self::Up => "up",
            Self::Down => "down",
            Self::South => "south",
            Self::North => "north",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_sign_normal_and_opposite_agree() {
        for (i, face) in Face::ALL.into_iter().enumerate() {
            assert_eq!(face as usize, i);
            assert_eq!(Face::from_axis(face.axis(), face.is_positive()), face);
            let n = face.normal();
            assert_eq!(n[face.axis()], if face.is_positive() { 1 } else { -1 });
            assert_eq!(n.abs().element_sum(), 1);
            assert_eq!(face.opposite().normal(), -n);
            assert_eq!(face.is_side(), face.axis() != Axis::Y);
        }
    }
}
