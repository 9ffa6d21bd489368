//! Far terrain: a coarse section made straight from the noise, for the far view.
//!
//! Generating every block under a far-view section of level k would cost 8^k chunks; this
//! samples one column per coarse column instead, 2^k blocks apart, so a section costs about
//! the same at every level (Voxy builds its coarse levels from generated chunks; Distant
//! Horizons, like this, samples the generator's own functions at the coarse spacing). What
//! it keeps from the real generator:
//!
//! - *height*: a coarse cell is solid wherever any block under it is, so the coarse column's
//!   height is the highest of the columns in its square: exactly so at level 1, from the
//!   height map of every column; above, from the four lattice points at its corners, since
//!   the heights between lattice points are interpolated from them;
//! - *top and layers*: the biome and the ground's blocks of [`HeightNoise::column`], as the
//!   real generator chooses them (grass, sand, snow, bare stone on cliffs and high ground,
//!   snow on the peaks, sand or gravel under the sea, ice where it freezes), with a cliff
//!   measured as the average drop per block to the neighbouring coarse columns;
//! - *water* up to [`SEA_LEVEL`];
//! - *trees* as coarse crowns ([`Forests::coarse_crown`]): a column shows its biome's leaves
//!   with the chance that a tree's canopy reaches into its square.
//!
//! Caves, ores and plants are left out: from afar they do not show (a cave opening the
//! surface is the one exception, and rare). How far this differs from the downsampled real
//! blocks is measured in this module's tests.
//!
//! [`HeightNoise::column`]: super::heightmap::HeightNoise
//! [`Forests::coarse_crown`]: super::trees::Forests

use super::biomes::Climate;
use super::heightmap::{CELL, Column, HeightMap};
use super::{SEA_LEVEL, SKY_FLOOR, Terrain};
use crate::world::coarse::{CoarseSection, CoarseSource, SECTION_CELLS, SectionPos, far_block};
use crate::world::coords::{CHUNK_VOLUME, WORLD_BORDER};
use crate::world::{Block, Chunk, LocalPos};

/// Coarse columns along each edge of a section.
const N: i32 = SECTION_CELLS;
/// Coarse columns along each edge of the surface grid: the section's and one more on each
/// side, for the cliffs at its border.
const SIDE: i32 = N + 2;

impl Terrain {
    /// The coarse section at `pos` (level 1 or above) made from the noise, one column per
    /// coarse column, at a cost that does not grow with the level.
    #[must_use]
    pub fn coarse_section(&self, pos: SectionPos) -> CoarseSection {
        let origin = pos.min_block();
        let span = pos.span();
        let outside = origin.x >= WORLD_BORDER
            || origin.z >= WORLD_BORDER
            || origin.x + span <= -WORLD_BORDER
            || origin.z + span <= -WORLD_BORDER;
        if !pos.in_world_height() || origin.y >= SKY_FLOOR || outside {
            return CoarseSection::filled(pos, Block::AIR);
        }
        let surface = self.far_surface(pos);
        let at = |i: i32, j: i32| surface[((j + 1) * SIDE + i + 1) as usize];
        let s = pos.cell_size();
        let mut cells = Box::new([Block::AIR; CHUNK_VOLUME]);
        for j in 0..N {
            for i in 0..N {
                let (x, z) = (origin.x + i * s, origin.z + j * s);
                if !(-WORLD_BORDER..WORLD_BORDER).contains(&x)
                    || !(-WORLD_BORDER..WORLD_BORDER).contains(&z)
                {
                    continue;
                }
                let (height, climate) = at(i, j);
                let drop = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .into_iter()
                    .map(|(di, dj)| height - at(i + di, j + dj).0)
                    .fold(0, i32::max);
                let ground = self.heights.column(x, z, height, drop / s, climate);
                let crown = self
                    .forests
                    .coarse_crown((x, z, s), ground.top, ground.biome);
                fill_column(&mut cells, pos, (i, j), ground, crown);
            }
        }
        CoarseSection::new(pos, Chunk::from_blocks(&cells))
    }

    /// The height and the climate of each coarse column of the section at `pos` and of one
    /// more around it, `SIDE` × `SIDE`, rows along x.
    fn far_surface(&self, pos: SectionPos) -> Vec<(i32, Climate)> {
        let origin = pos.min_block();
        let s = pos.cell_size();
        let mut out = Vec::with_capacity((SIDE * SIDE) as usize);
        if s < CELL {
            // Finer than the lattice: every column's height, and the highest in each square.
            let (x0, z0) = (origin.x - s, origin.z - s);
            let map = HeightMap::new(&self.heights, x0, z0, SIDE * s, SIDE * s);
            for j in 0..SIDE {
                for i in 0..SIDE {
                    let (x, z) = (x0 + i * s, z0 + j * s);
                    let height = (0..s * s)
                        .map(|k| map.get(x + k % s, z + k / s))
                        .fold(i32::MIN, i32::max);
                    out.push((height, map.climate(x, z)));
                }
            }
            return out;
        }
        // On the lattice: a corner per coarse column, one more row and column for the far
        // corners, the highest of each square's four.
        let corners_side = SIDE + 1;
        let corners: Vec<(i32, Climate)> = (0..corners_side * corners_side)
            .map(|k| {
                let (i, j) = (k % corners_side - 1, k / corners_side - 1);
                self.heights
                    .lattice_point(origin.x + i * s, origin.z + j * s)
            })
            .collect();
        let corner = |i: i32, j: i32| corners[(j * corners_side + i) as usize];
        for j in 0..SIDE {
            for i in 0..SIDE {
                let height = [(0, 0), (1, 0), (0, 1), (1, 1)]
                    .into_iter()
                    .map(|(di, dj)| corner(i + di, j + dj).0)
                    .fold(i32::MIN, i32::max);
                out.push((height, corner(i, j).1));
            }
        }
        out
    }
}

impl CoarseSource for Terrain {
    fn coarse_section(&self, pos: SectionPos) -> CoarseSection {
        Terrain::coarse_section(self, pos)
    }
}

/// Fills coarse column `(i, j)` of the section at `pos`: each cell holds the block of the
/// ground's column at the highest height in the cell where it holds something (what
/// downsampling a column of these blocks gives), and `crown`, leaves reaching some blocks
/// above the ground, over the cells a tree's crown would show in.
fn fill_column(
    cells: &mut [Block; CHUNK_VOLUME],
    pos: SectionPos,
    (i, j): (i32, i32),
    ground: Column,
    crown: Option<(Block, i32)>,
) {
    let s = pos.cell_size();
    let base = pos.min_block().y;
    // The highest block of the bare column: its top, or the sea over it.
    let ground_top = (ground.height - 1).max(if ground.height <= SEA_LEVEL {
        SEA_LEVEL
    } else {
        i32::MIN
    });
    let tree_top = crown.map_or(i32::MIN, |(_, reach)| ground.height + reach - 1);
    for cy in 0..N {
        let bottom = base + cy * s;
        if bottom > ground_top.max(tree_top) {
            break;
        }
        let middle = bottom + s / 2;
        let block = match crown {
            // Cells wholly above the ground that the tree reaches into; and the ground's
            // own cell when the tree fills its upper half and the ground does not.
            Some((leaves, _))
                if (bottom > ground_top && bottom <= tree_top)
                    || (bottom <= ground_top && ground_top < middle && tree_top >= middle) =>
            {
                leaves
            }
            _ if bottom > ground_top => continue,
            _ => far_block(ground.block((bottom + s - 1).min(ground_top))),
        };
        cells[LocalPos::new(i as u8, cy as u8, j as u8).index()] = block;
    }
}

#[cfg(test)]
mod tests;
