//! The terrain generator: plains, hills and ridged mountains, seas with beaches and sandy or
//! gravelly floors, eight biomes, caves, ores, trees and plants.
//!
//! A chunk is built in six passes, each a pure function of the seed and world coordinates,
//! so any chunk comes out the same whichever order or thread makes it:
//!
//! 1. [`heightmap`]: the surface height and the [`biomes`] of every column of the chunk and
//!    of a margin of [`MARGIN`] columns around it, from layered 2D noise;
//! 2. layering: bedrock at y = 0, stone, three blocks of the biome's filler under its top
//!    (dirt under grass or snow, sand over sandstone in deserts, sand on beaches, sand or
//!    gravel on sea floors, bare stone on cliffs and high ground, snow on the peaks), water up
//!    to [`SEA_LEVEL`], frozen on top where it is cold;
//! 3. [`caves`]: tunnels and caverns carved by interpolated 3D noise;
//! 4. [`ores`]: veins of coal, iron, gold and diamond ore in the remaining stone;
//! 5. [`trees`]: every tree whose canopy reaches into the chunk, including those rooted in the
//!    margin, which is why the margin exists: a tree crossing a chunk border is drawn whole by
//!    both chunks, each keeping its own half;
//! 6. [`plants`]: tall grass, flowers, dead bushes and cacti on the columns' own tops.
//!
//! For the far view, [`far`] makes coarse sections of the same terrain straight from the noise
//! ([`Terrain::coarse_section`]), one column per coarse column.
//!
//! Sky chunks are cheap: above the highest surface any column can have they cost nothing, and
//! above the highest ground and tree in their own margin they cost only the heightmap.

mod biomes;
mod caves;
mod far;
mod hash;
mod heightmap;
mod ores;
mod plants;
#[cfg(test)]
mod tests;
mod trees;

pub use biomes::Biome;
pub use hash::SplitMix64;

use std::fmt;

use glam::DVec3;

use self::caves::{CAVE_FLOOR, CaveField, Caves, cave_roof};
use self::heightmap::{Column, HeightMap, HeightNoise, MAX_SURFACE};
use self::plants::{MAX_CACTUS, plant_at};
use self::trees::{Forests, REACH, Tree};
use crate::world::coords::CHUNK_VOLUME;
use crate::world::{Block, BlockPos, CHUNK_SIZE, Chunk, ChunkPos, LocalPos};

/// The height of the sea's surface: every cell at or below it and above the ground is water.
pub const SEA_LEVEL: i32 = 62;

/// Columns of heights computed around a chunk: trees reach [`REACH`] blocks from their trunk,
/// and whether a trunk column is grass depends on its neighbours' heights one further out.
const MARGIN: i32 = REACH + 1;
/// Chunks starting at or above this height hold nothing but air.
const SKY_FLOOR: i32 = MAX_SURFACE + trees::MAX_HEIGHT;
/// Blocks under a trunk that caves leave alone, so trees do not float over cave mouths.
const ROOT_DEPTH: i32 = 3;
/// Search radii, in blocks, for [`Terrain::spawn_point`]: each stage maps a wider square.
const SPAWN_SEARCH: [i32; 3] = [32, 128, 512];
/// Blocks between a spawn column and the nearest canopy's edge.
const SPAWN_CLEARANCE: i32 = 2;

/// Noise terrain for one seed. Holds only immutable noise tables, so one `Terrain` can serve
/// every worker thread.
pub struct Terrain {
    seed: u64,
    heights: HeightNoise,
    caves: Caves,
    forests: Forests,
}

// What the doc above promises, checked when the crate compiles: a field that could not be
// shared between threads would fail the build here.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<Terrain>();
};

impl fmt::Debug for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The noise tables are kilobytes of permutations that say nothing a seed does not.
        f.debug_struct("Terrain")
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// One chunk column's ground, with the top (exclusive) of where caves may carve in it.
#[derive(Clone, Copy)]
struct ChunkColumn {
    ground: Column,
    cave_roof: i32,
}

impl Terrain {
    /// The terrain for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            heights: HeightNoise::new(seed),
            caves: Caves::new(seed),
            forests: Forests::new(seed),
        }
    }

    /// The surface height of column `(x, z)`: the y of the first cell above the ground,
    /// before caves and trees. Over the sea that cell is water, not air.
    #[must_use]
    pub fn surface_height(&self, x: i32, z: i32) -> i32 {
        self.heights.surface_height(x, z)
    }

    /// The biome of column `(x, z)`.
    #[must_use]
    pub fn biome(&self, x: i32, z: i32) -> Biome {
        self.heights.biome(x, z)
    }

    /// Makes the chunk at `pos`.
    #[must_use]
    pub fn generate(&self, pos: ChunkPos) -> Chunk {
        let origin = pos.min_block();
        if !pos.in_world_height() || origin.y >= SKY_FLOOR {
            return Chunk::filled(Block::AIR);
        }
        let map = HeightMap::new(
            &self.heights,
            origin.x - MARGIN,
            origin.z - MARGIN,
            CHUNK_SIZE + 2 * MARGIN,
            CHUNK_SIZE + 2 * MARGIN,
        );
        let trees = self.forests.trees_in(
            (origin.x - REACH, origin.x + CHUNK_SIZE + REACH),
            (origin.z - REACH, origin.z + CHUNK_SIZE + REACH),
            |x, z| {
                let column = map.column(&self.heights, x, z);
                (column.height, column.top, column.biome)
            },
        );
        let columns = self.chunk_columns(origin, &map, &trees);
        let highest = columns
            .iter()
            .map(|c| c.ground.height + MAX_CACTUS)
            .chain(trees.iter().map(|t| t.base + trees::MAX_HEIGHT))
            .fold(SEA_LEVEL + 1, i32::max);
        if origin.y >= highest {
            return Chunk::filled(Block::AIR);
        }
        let mut blocks = Box::new([Block::AIR; CHUNK_VOLUME]);
        lay_ground(&mut blocks, origin.y, &columns);
        self.carve_caves(&mut blocks, origin, &columns);
        ores::add_ores(&mut blocks, origin, self.seed);
        grow_trees(&mut blocks, origin, &trees, self.forests.seed());
        self.add_plants(&mut blocks, origin, &columns);
        Chunk::from_blocks(&blocks)
    }

    /// Plants each column's plant in the cells of the chunk it stands in that are still air,
    /// as long as the column's top block is whole (no cave mouth has opened it).
    fn add_plants(
        &self,
        blocks: &mut [Block; CHUNK_VOLUME],
        origin: BlockPos,
        columns: &[ChunkColumn],
    ) {
        let (y_lo, y_hi) = (origin.y, origin.y + CHUNK_SIZE);
        for (i, column) in columns.iter().enumerate() {
            let ground = column.ground;
            // Under water nothing grows; and the plant must reach into the chunk.
            if ground.height <= SEA_LEVEL
                || ground.height + MAX_CACTUS <= y_lo
                || ground.height >= y_hi
            {
                continue;
            }
            let (lx, lz) = (i as i32 % CHUNK_SIZE, i as i32 / CHUNK_SIZE);
            let (x, z) = (origin.x + lx, origin.z + lz);
            let Some((plant, tall)) = plant_at(self.seed, x, z, ground.top, ground.biome) else {
                continue;
            };
            let index = |y: i32| LocalPos::new(lx as u8, (y - y_lo) as u8, lz as u8).index();
            let top_y = ground.height - 1;
            // Below the chunk, the carving is worked out from the cave noise, which gives
            // exactly what the chunk below carved.
            let whole = if top_y >= y_lo {
                blocks[index(top_y)] == ground.top
            } else {
                top_y >= column.cave_roof || self.caves.density(x, top_y, z) >= 0.0
            };
            if !whole {
                continue;
            }
            for y in (ground.height..ground.height + tall).filter(|y| (y_lo..y_hi).contains(y)) {
                if blocks[index(y)] == Block::AIR {
                    blocks[index(y)] = plant;
                }
            }
        }
    }

    /// The ground and cave roof of each of the chunk's columns, in `z * CHUNK_SIZE + x` order.
    fn chunk_columns(&self, origin: BlockPos, map: &HeightMap, trees: &[Tree]) -> Vec<ChunkColumn> {
        let mut columns = Vec::with_capacity((CHUNK_SIZE * CHUNK_SIZE) as usize);
        for z in origin.z..origin.z + CHUNK_SIZE {
            for x in origin.x..origin.x + CHUNK_SIZE {
                let ground = map.column(&self.heights, x, z);
                columns.push(ChunkColumn {
                    ground,
                    cave_roof: cave_roof(ground.height, map.min_around(x, z)),
                });
            }
        }
        for tree in trees {
            let (lx, lz) = (tree.x - origin.x, tree.z - origin.z);
            if (0..CHUNK_SIZE).contains(&lx) && (0..CHUNK_SIZE).contains(&lz) {
                let roof = &mut columns[(lz * CHUNK_SIZE + lx) as usize].cave_roof;
                *roof = (*roof).min(tree.base - ROOT_DEPTH);
            }
        }
        columns
    }

    /// Carves caves out of the chunk's ground, sampling the cave noise only over the heights
    /// where some column allows a cave.
    fn carve_caves(
        &self,
        blocks: &mut [Block; CHUNK_VOLUME],
        origin: BlockPos,
        columns: &[ChunkColumn],
    ) {
        let highest_roof = columns.iter().map(|c| c.cave_roof).fold(i32::MIN, i32::max);
        let y_lo = origin.y.max(CAVE_FLOOR);
        let y_hi = (origin.y + CHUNK_SIZE).min(highest_roof);
        if y_lo >= y_hi {
            return;
        }
        let field = CaveField::new(&self.caves, origin.x, origin.z, y_lo, y_hi);
        let size = CHUNK_SIZE as usize;
        for y in y_lo..y_hi {
            let layer = (y - origin.y) as usize * size * size;
            for (i, column) in columns.iter().enumerate() {
                if y < column.cave_roof && field.density(i % size, y, i / size) < 0.0 {
                    blocks[layer + i] = Block::AIR;
                }
            }
        }
    }

    /// Where a new player stands: the bottom centre of their box, on the top of the nearest
    /// column of dry land (grass, snow or desert sand) to the origin that no tree overhangs
    /// and no cave has opened.
    ///
    /// The search goes outward in square rings up to 512 blocks away; a world with no such
    /// column that close (open ocean) puts the player at the sea's surface above the origin.
    #[must_use]
    pub fn spawn_point(&self) -> DVec3 {
        for radius in SPAWN_SEARCH {
            if let Some((x, y, z)) = self.find_spawn(radius) {
                return DVec3::new(f64::from(x) + 0.5, f64::from(y), f64::from(z) + 0.5);
            }
        }
        let y = self.surface_height(0, 0).max(SEA_LEVEL + 1);
        DVec3::new(0.5, f64::from(y), 0.5)
    }

    /// The first spawnable column in square rings out to `radius` from the origin, with the
    /// y a player stands at.
    fn find_spawn(&self, radius: i32) -> Option<(i32, i32, i32)> {
        let side = 2 * (radius + MARGIN) + 1;
        let map = HeightMap::new(
            &self.heights,
            -radius - MARGIN,
            -radius - MARGIN,
            side,
            side,
        );
        let reach = radius + REACH;
        let trees = self
            .forests
            .trees_in((-reach, reach + 1), (-reach, reach + 1), |x, z| {
                let column = map.column(&self.heights, x, z);
                (column.height, column.top, column.biome)
            });
        // Columns under or beside a canopy: every column within REACH of a trunk, plus a
        // margin so that the first view is not a wall of leaves an arm's length away.
        let clear = REACH + SPAWN_CLEARANCE;
        let shade_side = 2 * radius + 1;
        let mut shaded = vec![false; (shade_side * shade_side) as usize];
        for tree in &trees {
            for z in (tree.z - clear).max(-radius)..=(tree.z + clear).min(radius) {
                for x in (tree.x - clear).max(-radius)..=(tree.x + clear).min(radius) {
                    shaded[((z + radius) * shade_side + x + radius) as usize] = true;
                }
            }
        }
        rings(radius).find_map(|(x, z)| {
            if shaded[((z + radius) * shade_side + x + radius) as usize] {
                return None;
            }
            let ground = map.column(&self.heights, x, z);
            let roof = cave_roof(ground.height, map.min_around(x, z));
            // The standing block and the two under it must be whole.
            let carved = (ground.height - 3..ground.height)
                .any(|y| y >= CAVE_FLOOR && y < roof && self.caves.density(x, y, z) < 0.0);
            let dry_land = matches!(ground.top, Block::GRASS | Block::SNOW)
                || (ground.top == Block::SAND && ground.biome == Biome::Desert);
            (dry_land && !carved).then_some((x, ground.height, z))
        })
    }
}

/// Columns in square rings around the origin, nearest ring first, out to `radius`.
fn rings(radius: i32) -> impl Iterator<Item = (i32, i32)> {
    (0..=radius).flat_map(|r| {
        (-r..=r).flat_map(move |z| {
            let edge = z.abs() == r;
            // On the top and bottom rows every column is on the ring; between, only the ends.
            let step = if edge || r == 0 { 1 } else { 2 * r as usize };
            (-r..=r).step_by(step).map(move |x| (x, z))
        })
    })
}

/// Fills the chunk starting at height `base_y` with each column's ground and sea.
fn lay_ground(blocks: &mut [Block; CHUNK_VOLUME], base_y: i32, columns: &[ChunkColumn]) {
    let layer_len = columns.len();
    // Layers above all the ground and the sea stay the air the chunk starts as: in a surface
    // chunk that is most of it.
    let top = columns
        .iter()
        .map(|c| c.ground.height)
        .fold(SEA_LEVEL + 1, i32::max);
    for (dy, layer) in blocks.chunks_exact_mut(layer_len).enumerate() {
        let y = base_y + dy as i32;
        if y >= top {
            break;
        }
        for (cell, column) in layer.iter_mut().zip(columns) {
            *cell = column.ground.block(y);
        }
    }
}

/// Draws the parts of `trees` that fall inside the chunk at `origin`. Leaves go only into
/// air; logs replace air and leaves. Placing every leaf before any log makes the result the
/// same whatever order the trees come in (where two canopies of different kinds meet, the
/// first tree in the grid's order wins, in every chunk alike).
fn grow_trees(blocks: &mut [Block; CHUNK_VOLUME], origin: BlockPos, trees: &[Tree], seed: u64) {
    let index = |x: i32, y: i32, z: i32| {
        let local = [x - origin.x, y - origin.y, z - origin.z];
        local
            .iter()
            .all(|v| (0..CHUNK_SIZE).contains(v))
            .then(|| LocalPos::new(local[0] as u8, local[1] as u8, local[2] as u8).index())
    };
    for tree in trees {
        tree.for_each_leaf(seed, |x, y, z| match index(x, y, z) {
            Some(i) if blocks[i] == Block::AIR => blocks[i] = tree.kind.leaves(),
            _ => {}
        });
    }
    for tree in trees {
        for y in tree.logs() {
            match index(tree.x, y, tree.z) {
                Some(i)
                    if matches!(
                        blocks[i],
                        Block::AIR | Block::LEAVES | Block::BIRCH_LEAVES | Block::SPRUCE_LEAVES
                    ) =>
                {
                    blocks[i] = tree.kind.log();
                }
                _ => {}
            }
        }
    }
}
