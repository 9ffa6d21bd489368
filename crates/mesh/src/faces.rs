//! The corners of the unit cube, and of the quad on each face of a block in the order the
//! mesher emits them.
//!
//! The cube's corners are numbered by their coordinates, bit 0 for x, bit 1 for y and bit 2
//! for z ([`cube_corner`]):
//!
//! ```text
//!         2 ───────── 3
//!        ╱│          ╱│       +y
//!       6 ───────── 7 │        │
//!       │ │         │ │        └── +x
//!       │ 0 ────────│─ 1      ╱
//!       │╱          │╱      +z
//!       4 ───────── 5
//! ```

use hewn_core::world::Face;

/// Corner `i` (0 to 7) of the unit cube, each coordinate 0 or 1: bit 0 of `i` is x, bit 1 is
/// y and bit 2 is z.
#[must_use]
pub const fn cube_corner(i: usize) -> [u8; 3] {
    [(i & 1) as u8, (i >> 1 & 1) as u8, (i >> 2 & 1) as u8]
}

/// One corner of a face: its position in the unit cube and its texture corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corner {
    /// Position, each coordinate 0 or 1.
    pub pos: [u8; 3],
    /// Texture corner (u, v), each 0 or 1, v = 0 at the top of the tile.
    pub uv: [u8; 2],
}

/// The texture corners of BL, BR, TR and TL: every face shows its tile upright.
const QUAD_UV: [[u8; 2]; 4] = [[0, 1], [1, 1], [1, 0], [0, 0]];

/// Cube corner `i` with texture corner `uv`.
const fn corner(i: usize, uv: [u8; 2]) -> Corner {
    Corner {
        pos: cube_corner(i),
        uv,
    }
}

/// The quad over cube corners BL, BR, TR and TL.
const fn quad([bl, br, tr, tl]: [usize; 4]) -> [Corner; 4] {
    [
        corner(bl, QUAD_UV[0]),
        corner(br, QUAD_UV[1]),
        corner(tr, QUAD_UV[2]),
        corner(tl, QUAD_UV[3]),
    ]
}

/// Corners BL, BR, TR, TL of each face, counter-clockwise seen from outside. For a face with
/// outward normal N and texture-up U, "right" is R = (−N) × U; side faces have U = +Y, the
/// top has U = −Z (north up) and the bottom U = +Z.
const CORNERS: [[Corner; 4]; 6] = [
    quad([5, 1, 3, 7]), // East
    quad([0, 4, 6, 2]), // West
    quad([6, 7, 3, 2]), // Up
    quad([0, 1, 5, 4]), // Down
    quad([4, 5, 7, 6]), // South
    quad([1, 0, 2, 3]), // North
];

/// The quad's corners BL, BR, TR, TL on `face`.
#[must_use]
pub const fn corners(face: Face) -> &'static [Corner; 4] {
    &CORNERS[face as usize]
}
