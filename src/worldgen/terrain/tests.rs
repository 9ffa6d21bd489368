use std::collections::BTreeMap;

use glam::IVec3;

use super::caves::{CAVE_FLOOR, CaveField};
use super::heightmap::HeightMap;
use super::trees::Tree;
use super::*;
use crate::world::WORLD_HEIGHT;

/// Reads single blocks from generated chunks, generating each chunk once.
struct Blocks<'a> {
    terrain: &'a Terrain,
    chunks: BTreeMap<ChunkPos, Chunk>,
}

impl<'a> Blocks<'a> {
    fn new(terrain: &'a Terrain) -> Self {
        Self {
            terrain,
            chunks: BTreeMap::new(),
        }
    }

    fn get(&mut self, p: BlockPos) -> Block {
        self.chunks
            .entry(p.chunk())
            .or_insert_with(|| self.terrain.generate(p.chunk()))
            .get(p.local())
    }
}

/// The chunk holding the surface of column `(x, z)`.
fn surface_chunk(terrain: &Terrain, x: i32, z: i32) -> ChunkPos {
    BlockPos::new(x, terrain.surface_height(x, z), z).chunk()
}

/// A few chunks at the surface around the origin, with the chunks above and below them.
fn sample_chunks(terrain: &Terrain) -> Vec<ChunkPos> {
    let mut chunks = Vec::new();
    for (x, z) in [(0, 0), (40, -70), (-300, 200), (1000, 1000)] {
        let surface = surface_chunk(terrain, x, z);
        for dy in -1..=1 {
            chunks.push(surface.offset(IVec3::new(0, dy, 0)));
        }
    }
    chunks
}

#[test]
fn one_terrain_serves_every_thread() {
    fn shareable<T: Send + Sync>() {}
    shareable::<Terrain>();
}

#[test]
fn the_same_seed_makes_the_same_chunks() {
    let (a, b) = (Terrain::new(7), Terrain::new(7));
    for pos in sample_chunks(&a) {
        assert_eq!(a.generate(pos), b.generate(pos), "chunk {pos:?}");
    }
}

#[test]
fn generation_order_and_thread_do_not_matter() {
    let terrain = Terrain::new(11);
    let chunks = sample_chunks(&terrain);
    let forward: Vec<Chunk> = chunks.iter().map(|&p| terrain.generate(p)).collect();
    let mut backward: Vec<Chunk> = chunks.iter().rev().map(|&p| terrain.generate(p)).collect();
    backward.reverse();
    assert_eq!(forward, backward);
    let shared = &terrain;
    let threaded: Vec<Chunk> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|&p| s.spawn(move || shared.generate(p)))
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    assert_eq!(forward, threaded);
}

#[test]
fn different_seeds_make_different_worlds() {
    let (a, b) = (Terrain::new(1), Terrain::new(2));
    let pos = surface_chunk(&a, 0, 0);
    assert_ne!(a.generate(pos), b.generate(pos));
    let heights = |t: &Terrain| {
        (0..64)
            .map(|i| t.surface_height(i * 16, 0))
            .collect::<Vec<_>>()
    };
    assert_ne!(heights(&a), heights(&b));
}

#[test]
fn bedrock_covers_the_bottom_of_the_world() {
    let terrain = Terrain::new(3);
    for (cx, cz) in [(0, 0), (-1, -1), (5, -9), (-40, 33), (100, 100)] {
        let chunk = terrain.generate(ChunkPos::new(cx, 0, cz));
        for z in 0..CHUNK_SIZE as u8 {
            for x in 0..CHUNK_SIZE as u8 {
                assert_eq!(chunk.get(LocalPos::new(x, 0, z)), Block::Bedrock);
            }
        }
    }
}

#[test]
fn water_lies_only_at_or_below_sea_level() {
    let terrain = Terrain::new(5);
    // Find a sea floor to make sure the test sees water at all.
    let (x, z) = (0..4000)
        .map(|i| (i * 8, 0))
        .find(|&(x, z)| terrain.surface_height(x, z) < SEA_LEVEL - 4)
        .expect("some sea within 32 000 blocks");
    let mut water = 0;
    for cy in 0..WORLD_HEIGHT / CHUNK_SIZE {
        let pos = BlockPos::new(x, cy * CHUNK_SIZE, z).chunk();
        let chunk = terrain.generate(pos);
        for (i, block) in chunk.to_blocks().iter().enumerate() {
            if *block == Block::Water {
                let p = pos.block(LocalPos::from_index(i));
                assert!(p.y <= SEA_LEVEL, "water at {p:?}");
                water += 1;
            }
        }
    }
    assert!(water > 0);
}

#[test]
fn caves_never_touch_water() {
    let terrain = Terrain::new(5);
    // A coast: dry land next to sea, where caves are most tempted to flood.
    let x = (0..4000)
        .map(|i| i * 4)
        .find(|&x| {
            terrain.surface_height(x, 0) > SEA_LEVEL + 1
                && terrain.surface_height(x + 24, 0) < SEA_LEVEL - 2
        })
        .expect("a coast");
    let coast = BlockPos::new(x, 0, 0).chunk();
    let chunks =
        (-1..=1).flat_map(|dz| (-1..=2).flat_map(move |dx| (0..3).map(move |cy| (dx, cy, dz))));
    for (dx, cy, dz) in chunks {
        let pos = coast.offset(IVec3::new(dx, cy, dz));
        let chunk = terrain.generate(pos);
        let blocks = chunk.to_blocks();
        for (i, &block) in blocks.iter().enumerate() {
            let local = LocalPos::from_index(i);
            let p = pos.block(local);
            if block != Block::Air || p.y > SEA_LEVEL {
                continue;
            }
            for [dx, dy, dz] in [
                [1, 0, 0],
                [-1, 0, 0],
                [0, 1, 0],
                [0, -1, 0],
                [0, 0, 1],
                [0, 0, -1],
            ] {
                let n = p.offset(IVec3::new(dx, dy, dz));
                if n.chunk() == pos {
                    assert_ne!(
                        chunk.get(n.local()),
                        Block::Water,
                        "cave air {p:?} touches water"
                    );
                }
            }
        }
    }
}

#[test]
fn chunk_heights_match_point_heights() {
    let terrain = Terrain::new(9);
    let map = HeightMap::new(&terrain.heights, -37, 61, 40, 38);
    for z in 61..61 + 38 {
        for x in -37..-37 + 40 {
            assert_eq!(
                map.get(x, z),
                terrain.surface_height(x, z),
                "column ({x}, {z})"
            );
        }
    }
}

#[test]
fn chunk_cave_field_matches_point_density_exactly() {
    let terrain = Terrain::new(9);
    let origin = ChunkPos::new(-3, 1, 2).min_block();
    let field = CaveField::new(
        &terrain.caves,
        origin.x,
        origin.z,
        origin.y + 3,
        origin.y + 29,
    );
    for (x, y, z) in [(0, 3, 0), (5, 10, 31), (31, 28, 17), (13, 17, 6)] {
        let point = terrain
            .caves
            .density(origin.x + x as i32, origin.y + y, origin.z + z as i32);
        assert_eq!(field.density(x, origin.y + y, z).to_bits(), point.to_bits());
    }
}

#[test]
fn caves_stay_above_the_floor() {
    let terrain = Terrain::new(13);
    for (cx, cz) in [(0, 0), (7, -3), (-12, 20)] {
        let chunk = terrain.generate(ChunkPos::new(cx, 0, cz));
        for y in 0..CAVE_FLOOR as u8 {
            for z in 0..CHUNK_SIZE as u8 {
                for x in 0..CHUNK_SIZE as u8 {
                    assert!(chunk.get(LocalPos::new(x, y, z)).is_solid());
                }
            }
        }
    }
}

/// The first tree rooted in the `span`² square at the origin whose canopy crosses a chunk
/// border in x.
fn tree_across_a_border(terrain: &Terrain, span: i32) -> Option<Tree> {
    let map = HeightMap::new(&terrain.heights, -1, -1, span + 2, span + 2);
    terrain
        .forests
        .trees_in((0, span), (0, span), |x, z| {
            let column = map.column(&terrain.heights, x, z);
            (column.height, column.top)
        })
        .into_iter()
        .find(|t| t.x.rem_euclid(CHUNK_SIZE) == CHUNK_SIZE - 1)
}

#[test]
fn a_tree_across_a_chunk_border_is_drawn_by_both_chunks() {
    let terrain = Terrain::new(17);
    let tree = tree_across_a_border(&terrain, 512).expect("some tree in 512² blocks");
    let mut blocks = Blocks::new(&terrain);
    for y in tree.logs() {
        assert_eq!(blocks.get(BlockPos::new(tree.x, y, tree.z)), Block::Log);
    }
    let trunk_chunk = BlockPos::new(tree.x, tree.base, tree.z).chunk();
    let mut leaves_beyond = 0;
    let mut cells = Vec::new();
    tree.for_each_leaf(terrain.forests.seed(), |x, y, z| {
        cells.push(BlockPos::new(x, y, z))
    });
    for p in cells {
        let block = blocks.get(p);
        // Leaves yield to terrain and to logs, and fill everything else.
        assert!(block.is_solid(), "canopy cell {p:?} is {block}");
        if block == Block::Leaves && p.chunk().x != trunk_chunk.x {
            leaves_beyond += 1;
        }
    }
    assert!(
        leaves_beyond > 0,
        "the neighbour chunk draws the overhanging leaves"
    );
}

#[test]
fn the_spawn_point_stands_on_solid_ground_under_open_air() {
    for seed in [0, 1, 42, 0x5eed, u64::MAX] {
        let terrain = Terrain::new(seed);
        let spawn = terrain.spawn_point();
        let feet = BlockPos::containing(spawn);
        assert_eq!(
            f64::from(feet.y),
            spawn.y,
            "seed {seed}: feet on a block top"
        );
        let mut blocks = Blocks::new(&terrain);
        let ground = blocks.get(feet.offset(IVec3::NEG_Y));
        assert!(
            ground.is_solid() && ground != Block::Leaves,
            "seed {seed}: on {ground}"
        );
        for dy in 0..2 {
            let above = blocks.get(feet.offset(IVec3::new(0, dy, 0)));
            assert_eq!(above, Block::Air, "seed {seed}: {dy} above the ground");
        }
    }
}

#[test]
fn chunks_above_the_highest_terrain_are_empty() {
    let terrain = Terrain::new(21);
    for pos in [
        ChunkPos::new(0, 7, 0),
        ChunkPos::new(-50, 7, 80),
        ChunkPos::new(0, 8, 0),
        ChunkPos::new(0, -1, 0),
    ] {
        assert_eq!(
            terrain.generate(pos).uniform(),
            Some(Block::Air),
            "chunk {pos:?}"
        );
    }
}

#[test]
fn ores_lie_in_veins_at_their_depths_rarer_as_they_are_worth_more() {
    let terrain = Terrain::new(7);
    let ores = [
        Block::CoalOre,
        Block::IronOre,
        Block::GoldOre,
        Block::DiamondOre,
    ];
    let mut counts = [0usize; 4];
    let mut highest = [i32::MIN; 4];
    let mut lowest = [i32::MAX; 4];
    for cx in 0..4 {
        for cz in 0..4 {
            for cy in 0..4 {
                let pos = ChunkPos::new(cx, cy, cz);
                let chunk = terrain.generate(pos);
                for i in 0..CHUNK_VOLUME {
                    let block = chunk.get_index(i);
                    if let Some(k) = ores.iter().position(|&o| o == block) {
                        let y = pos.min_block().y + i32::from(LocalPos::from_index(i).y);
                        counts[k] += 1;
                        highest[k] = highest[k].max(y);
                        lowest[k] = lowest[k].min(y);
                    }
                }
            }
        }
    }
    assert!(
        counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > counts[3] && counts[3] > 0,
        "coal, iron, gold, diamond: {counts:?}"
    );
    // Veins start in their range and wander at most two cells from there.
    for (k, top) in [130, 66, 34, 18].into_iter().enumerate() {
        assert!(highest[k] <= top, "{:?} up to y {}", ores[k], highest[k]);
        assert!(lowest[k] >= 3, "{:?} down to y {}", ores[k], lowest[k]);
    }
    assert_eq!(
        terrain.generate(ChunkPos::new(1, 0, 2)),
        terrain.generate(ChunkPos::new(1, 0, 2))
    );
}
