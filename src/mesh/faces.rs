//! The six face directions and the corners of a unit quad on each.

/// A face direction of a block, in the order the shaders index their normal table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum FaceDir {
    /// +X.
    East = 0,
    /// -X.
    West = 1,
    /// +Y.
    Up = 2,
    /// -Y.
    Down = 3,
    /// +Z.
    South = 4,
    /// -Z.
    North = 5,
}

/// One corner of a face: its position in the unit cube and its texture corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corner {
    /// Position, each coordinate 0 or 1.
    pub pos: [u8; 3],
    /// Texture corner (u, v), each 0 or 1, v = 0 at the top of the tile.
    pub uv: [u8; 2],
}

const fn c(pos: [u8; 3], uv: [u8; 2]) -> Corner {
    Corner { pos, uv }
}

/// Corners BL, BR, TR, TL of each face, counter-clockwise seen from outside. For a face with
/// outward normal N and texture-up U, "right" is R = (−N) × U; side faces have U = +Y, the
/// top has U = −Z (north up) and the bottom U = +Z.
const CORNERS: [[Corner; 4]; 6] = [
    [
        c([1, 0, 1], [0, 1]),
        c([1, 0, 0], [1, 1]),
        c([1, 1, 0], [1, 0]),
        c([1, 1, 1], [0, 0]),
    ],
    [
        c([0, 0, 0], [0, 1]),
        c([0, 0, 1], [1, 1]),
        c([0, 1, 1], [1, 0]),
        c([0, 1, 0], [0, 0]),
    ],
    [
        c([0, 1, 1], [0, 1]),
        c([1, 1, 1], [1, 1]),
        c([1, 1, 0], [1, 0]),
        c([0, 1, 0], [0, 0]),
    ],
    [
        c([0, 0, 0], [0, 1]),
        c([1, 0, 0], [1, 1]),
        c([1, 0, 1], [1, 0]),
        c([0, 0, 1], [0, 0]),
    ],
    [
        c([0, 0, 1], [0, 1]),
        c([1, 0, 1], [1, 1]),
        c([1, 1, 1], [1, 0]),
        c([0, 1, 1], [0, 0]),
    ],
    [
        c([1, 0, 0], [0, 1]),
        c([0, 0, 0], [1, 1]),
        c([0, 1, 0], [1, 0]),
        c([1, 1, 0], [0, 0]),
    ],
];

impl FaceDir {
    /// All six, in index order.
    pub const ALL: [Self; 6] = [
        Self::East,
        Self::West,
        Self::Up,
        Self::Down,
        Self::South,
        Self::North,
    ];

    /// The outward unit normal.
    #[must_use]
    pub const fn normal(self) -> [i32; 3] {
        match self {
            Self::East => [1, 0, 0],
            Self::West => [-1, 0, 0],
            Self::Up => [0, 1, 0],
            Self::Down => [0, -1, 0],
            Self::South => [0, 0, 1],
            Self::North => [0, 0, -1],
        }
    }

    /// The quad's corners BL, BR, TR, TL.
    #[must_use]
    pub const fn corners(self) -> &'static [Corner; 4] {
        &CORNERS[self as usize]
    }

    /// Whether this is one of the four horizontal-facing sides.
    #[must_use]
    pub const fn is_side(self) -> bool {
        !matches!(self, Self::Up | Self::Down)
    }
}
