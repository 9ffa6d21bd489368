//! Ore veins: small clumps of coal, iron, gold and diamond ore in the rock, each kind in its
//! own depth range and rarer the more it is worth.
//!
//! A chunk's veins are a pure function of the seed and the chunk: each vein starts at a
//! hashed cell at least [`REACH`] cells inside the chunk and wanders at most that far, so a
//! vein never crosses a chunk border and no chunk needs its neighbours' veins. Veins replace
//! only stone, so they never float in a cave or break the surface.

use super::hash::{hash3, mix, unit};
use crate::world::coords::CHUNK_VOLUME;
use crate::world::{Block, BlockPos, CHUNK_SIZE, LocalPos};

/// How far a vein reaches from its first cell, along each axis.
const REACH: i32 = 2;

/// One kind of ore: where it lies and how much of it there is: about 1% of the rock in its
/// range for coal, as in the games this one follows, and less for each rarer ore.
struct Ore {
    block: Block,
    /// The lowest and the highest y its veins start at.
    depth: (i32, i32),
    /// Veins started per chunk of rock in its depth range, on average.
    veins_per_chunk: f64,
    /// Cells a vein tries to fill.
    size: u32,
    /// Salts the hashes, so each kind of ore is placed independently.
    salt: u64,
}

/// Every ore, commonest first.
const ORES: [Ore; 4] = [
    Ore {
        block: Block::COAL_ORE,
        depth: (5, 128),
        veins_per_chunk: 40.0,
        size: 14,
        salt: 0x0c0a_1000,
    },
    Ore {
        block: Block::IRON_ORE,
        depth: (5, 64),
        veins_per_chunk: 24.0,
        size: 9,
        salt: 0x1e0a_2000,
    },
    Ore {
        block: Block::GOLD_ORE,
        depth: (5, 32),
        veins_per_chunk: 6.0,
        size: 8,
        salt: 0x901d_3000,
    },
    Ore {
        block: Block::DIAMOND_ORE,
        depth: (5, 16),
        veins_per_chunk: 3.0,
        size: 7,
        salt: 0xd1a0_4000,
    },
];

/// Adds the ore veins of the chunk whose lowest corner is `origin` to its `blocks`.
pub(super) fn add_ores(blocks: &mut [Block; CHUNK_VOLUME], origin: BlockPos, seed: u64) {
    let size = CHUNK_SIZE;
    for ore in &ORES {
        // The part of the chunk's height the ore's veins may start in.
        let low = ore.depth.0.max(origin.y + REACH);
        let high = ore.depth.1.min(origin.y + size - 1 - REACH);
        if low > high {
            continue;
        }
        let share = f64::from(high - low + 1) / f64::from(size);
        let expected = ore.veins_per_chunk * share;
        let base = hash3(seed, ore.salt, origin.x, origin.y, origin.z);
        // A whole number of veins with `expected` as its mean: the floor, plus one more
        // with the fraction's chance.
        let veins = expected as u32 + u32::from(unit(mix(base)) < expected.fract());
        for vein in 0..veins {
            let mut h = mix(base ^ u64::from(vein + 1).wrapping_mul(0x9e37_79b9));
            let mut next = |range: i32| {
                h = mix(h);
                (h % range as u64) as i32
            };
            let inner = size - 2 * REACH;
            let start = [
                REACH + next(inner),
                low - origin.y + next(high - low + 1),
                REACH + next(inner),
            ];
            let mut cell = start;
            for _ in 0..ore.size {
                let local = LocalPos::new(cell[0] as u8, cell[1] as u8, cell[2] as u8);
                let slot = &mut blocks[local.index()];
                if *slot == Block::STONE {
                    *slot = ore.block;
                }
                // A step to a neighbouring cell, kept within REACH of the start.
                let axis = next(3) as usize;
                let step = if next(2) == 0 { -1 } else { 1 };
                cell[axis] = (cell[axis] + step).clamp(start[axis] - REACH, start[axis] + REACH);
            }
        }
    }
}
