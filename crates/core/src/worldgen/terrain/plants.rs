//! Plants: tall grass and flowers on grass, dead bushes and cacti on desert sand.
//!
//! Every plant stands in one column, on the column's own top block, so whether a column has
//! one is a function of that column alone (its biome, and hashes of the seed and its
//! position): no chunk needs its neighbours'. Flowers grow in patches: the world is cut into
//! [`PATCH`]-block squares, and a hash of the square decides whether it flowers and with
//! which of the three flowers, so a meadow shows drifts of one colour rather than confetti.

use super::biomes::Biome;
use super::hash::{hash2, unit};
use crate::world::Block;

/// Side of the squares that flower (or do not) together.
const PATCH: i32 = 6;
/// The share of squares on plains and in forests that flower.
const FLOWERING: f64 = 0.35;
/// The three flowers, one per patch.
const FLOWERS: [Block; 3] = [Block::DANDELION, Block::POPPY, Block::CORNFLOWER];
/// The most cells a cactus stacks.
pub(super) const MAX_CACTUS: i32 = 3;

/// Salts naming each hash.
mod salt {
    pub const PLANT: u64 = 401;
    pub const PATCH: u64 = 402;
}

/// The chance a grass column in `biome` holds tall grass, and a column of a flowering
/// patch a flower.
const fn meadow(biome: Biome) -> (f64, f64) {
    match biome {
        Biome::Plains => (0.25, 0.3),
        Biome::Forest => (0.12, 0.08),
        Biome::Mountains => (0.08, 0.0),
        _ => (0.0, 0.0),
    }
}

/// The plant of column `(x, z)`, whose top block is `top` in `biome`, and how many cells
/// tall it stands (more than one only for a cactus).
pub(super) fn plant_at(
    seed: u64,
    x: i32,
    z: i32,
    top: Block,
    biome: Biome,
) -> Option<(Block, i32)> {
    let h = hash2(seed, salt::PLANT, x, z);
    let roll = unit(h);
    match (top, biome) {
        (Block::GRASS, _) => {
            let (grass, flowers) = meadow(biome);
            if roll < grass {
                return Some((Block::TALL_GRASS, 1));
            }
            let patch = hash2(seed, salt::PATCH, x.div_euclid(PATCH), z.div_euclid(PATCH));
            let flowering = unit(patch) < FLOWERING;
            let flower = FLOWERS[(patch >> 60) as usize % FLOWERS.len()];
            (flowering && roll < grass + flowers).then_some((flower, 1))
        }
        (Block::SAND, Biome::Desert) => {
            if roll < 0.006 {
                let height = 1 + (h >> 40) as i32 % MAX_CACTUS;
                Some((Block::CACTUS, height))
            } else if roll < 0.02 {
                Some((Block::DEAD_BUSH, 1))
            } else {
                None
            }
        }
        _ => None,
    }
}
