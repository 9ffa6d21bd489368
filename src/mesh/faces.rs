//! The corners of a unit quad on each face of a block, in the order the mesher emits them.

use crate::world::Face;

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

/// The quad's corners BL, BR, TR, TL on `face`.
#[must_use]
pub const fn corners(face: Face) -> &'static [Corner; 4] {
    &CORNERS[face as usize]
}
