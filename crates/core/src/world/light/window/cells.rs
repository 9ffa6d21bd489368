//! How the window addresses its cells: the window's 72 chunks are numbered column by column
//! (x fastest, then z), bottom to top in each; a cell is its chunk's number and its index in
//! that chunk, packed in a `u32` (`chunk << 15 | index`), so a step to a neighbour inside a
//! chunk is an addition and the flood's queues stay small. In the removal queue bits 22–25
//! hold the level the cell had.

use crate::world::Block;
use crate::world::Face;
use crate::world::coords::{CHUNK_SIZE, COLUMN_CHUNKS};

/// Columns along each side of the window.
pub(super) const SIDE: usize = 3;
/// The columns of the window; the centre is slot [`CENTRE`].
pub const SLOTS: usize = SIDE * SIDE;
/// The slot of the column the window is centred on.
pub(super) const CENTRE: usize = SLOTS / 2;
/// Chunks in the window.
pub(super) const CHUNKS: usize = SLOTS * COLUMN_CHUNKS;
/// Cells along a chunk's edge, and the largest chunk-local coordinate.
pub(super) const N: u32 = CHUNK_SIZE as u32;
pub(super) const LAST: u32 = N - 1;

pub(super) const CHUNK_SHIFT: u32 = 15;
pub(super) const INDEX_BITS: u32 = (1 << CHUNK_SHIFT) - 1;
pub(super) const LEVEL_SHIFT: u32 = 22;
pub(super) const CELL_BITS: u32 = (1 << LEVEL_SHIFT) - 1;
/// Steps between neighbouring cells of a chunk, and between neighbouring chunks' numbers.
pub(super) const X_STEP: u32 = 1;
pub(super) const Z_STEP: u32 = N;
pub(super) const Y_STEP: u32 = N * N;
pub(super) const CHUNK_UP: u32 = 1 << CHUNK_SHIFT;
pub(super) const COLUMN_EAST: u32 = (COLUMN_CHUNKS as u32) << CHUNK_SHIFT;
pub(super) const COLUMN_SOUTH: u32 = (SIDE * COLUMN_CHUNKS) as u32 * (1 << CHUNK_SHIFT);
/// "No cell of this column of cells sees the sky."
pub(super) const NO_SKY: u32 = u32::MAX;

/// A block's light opacity, for the hot loops.
pub(super) fn opacity_of(block: Block) -> u8 {
    block.opacity()
}

/// A window cell from its chunk's number and chunk-local coordinates.
pub(super) const fn cell(chunk: usize, x: u32, y: u32, z: u32) -> u32 {
    ((chunk as u32) << CHUNK_SHIFT) | (y * Y_STEP) | (z * Z_STEP) | x
}

/// A cell's chunk number and index in the chunk.
pub(super) const fn split(cell: u32) -> (usize, usize) {
    ((cell >> CHUNK_SHIFT) as usize, (cell & INDEX_BITS) as usize)
}

/// A cell's height in the world.
pub(super) const fn world_y(cell: u32) -> i32 {
    let (chunk, index) = split(cell);
    ((chunk % COLUMN_CHUNKS) as u32 * N + index as u32 / Y_STEP) as i32
}

/// The neighbours of `cell` inside the window, in [`Face::ALL`] order.
#[inline]
pub(super) fn neighbours(cell: u32) -> [Option<u32>; 6] {
    let (chunk, index) = split(cell);
    let index = index as u32;
    let (x, y, z) = (index & LAST, index / Y_STEP, (index / Z_STEP) & LAST);
    let (column, height) = (chunk / COLUMN_CHUNKS, chunk % COLUMN_CHUNKS);
    // Within the chunk, or into the next chunk or column, or out of the window.
    let east = if x < LAST {
        Some(cell + X_STEP)
    } else if column % SIDE < SIDE - 1 {
        Some(cell + COLUMN_EAST - LAST * X_STEP)
    } else {
        None
    };
    let west = if x > 0 {
        Some(cell - X_STEP)
    } else if column % SIDE > 0 {
        Some(cell - COLUMN_EAST + LAST * X_STEP)
    } else {
        None
    };
    let up = if y < LAST {
        Some(cell + Y_STEP)
    } else if height < COLUMN_CHUNKS - 1 {
        Some(cell + CHUNK_UP - LAST * Y_STEP)
    } else {
        None
    };
    let down = if y > 0 {
        Some(cell - Y_STEP)
    } else if height > 0 {
        Some(cell - CHUNK_UP + LAST * Y_STEP)
    } else {
        None
    };
    let south = if z < LAST {
        Some(cell + Z_STEP)
    } else if column / SIDE < SIDE - 1 {
        Some(cell + COLUMN_SOUTH - LAST * Z_STEP)
    } else {
        None
    };
    let north = if z > 0 {
        Some(cell - Z_STEP)
    } else if column / SIDE > 0 {
        Some(cell - COLUMN_SOUTH + LAST * Z_STEP)
    } else {
        None
    };
    [east, west, up, down, south, north]
}

/// The neighbour of `cell` across `face`, if it is inside the window.
pub(super) fn step(cell: u32, face: Face) -> Option<u32> {
    neighbours(cell)[face as usize]
}

/// The chunks around one (3 × 3 × 3, bit 13 the chunk itself, x fastest) that see a
/// changed cell at chunk-local `index`: its own, and those across any border it lies on,
/// whose meshes read one cell into their neighbours.
pub(super) fn seen_from(index: usize) -> u32 {
    let index = index as u32;
    let along = |c: u32| 0b010 | u32::from(c == 0) | u32::from(c == LAST) << 2;
    let (x, y, z) = (
        along(index & LAST),
        along(index / Y_STEP),
        along((index / Z_STEP) & LAST),
    );
    if x == 0b010 && y == 0b010 && z == 0b010 {
        return 1 << 13;
    }
    let mut mask = 0;
    for k in 0..3 {
        for j in 0..3 {
            for i in 0..3 {
                if z >> k & y >> j & x >> i & 1 != 0 {
                    mask |= 1 << (k * 9 + j * 3 + i);
                }
            }
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_cross_chunks_and_columns_and_stop_at_the_window_edge() {
        let centre = CENTRE * COLUMN_CHUNKS + 3;
        let corner = cell(centre, LAST, LAST, LAST);
        assert_eq!(
            step(corner, Face::East),
            Some(cell(centre + COLUMN_CHUNKS, 0, LAST, LAST))
        );
        assert_eq!(
            step(corner, Face::Up),
            Some(cell(centre + 1, LAST, 0, LAST))
        );
        assert_eq!(
            step(corner, Face::South),
            Some(cell(centre + SIDE * COLUMN_CHUNKS, LAST, LAST, 0))
        );
        let origin = cell(centre, 0, 0, 0);
        assert_eq!(
            step(origin, Face::West),
            Some(cell(centre - COLUMN_CHUNKS, LAST, 0, 0))
        );
        assert_eq!(step(origin, Face::Down), Some(cell(centre - 1, 0, LAST, 0)));
        assert_eq!(
            step(origin, Face::North),
            Some(cell(centre - SIDE * COLUMN_CHUNKS, 0, 0, LAST))
        );
        // The window's outer faces and the world's top and bottom.
        assert_eq!(step(cell(0, 0, 5, 5), Face::West), None);
        assert_eq!(step(cell(0, 5, 5, 0), Face::North), None);
        assert_eq!(step(cell(CHUNKS - 1, LAST, 5, 5), Face::East), None);
        assert_eq!(step(cell(CHUNKS - 1, 5, 5, LAST), Face::South), None);
        assert_eq!(step(cell(CHUNKS - 1, 5, LAST, 5), Face::Up), None);
        assert_eq!(step(cell(0, 5, 0, 5), Face::Down), None);
        for face in Face::ALL {
            let there = step(corner, face).or(step(origin, face));
            let back = there.and_then(|c| step(c, face.opposite()));
            assert!(back == Some(corner) || back == Some(origin), "{face:?}");
        }
        assert_eq!(world_y(cell(centre, 0, 7, 0)), 3 * 32 + 7);
    }
}
