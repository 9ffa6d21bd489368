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
                assert_eq!(chunk.get(LocalPos::new(x, 0, z)), Block::BEDROCK);
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
            if *block == Block::WATER {
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
            if block != Block::AIR || p.y > SEA_LEVEL {
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
                        Block::WATER,
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
            (column.height, column.top, column.biome)
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
        assert_eq!(
            blocks.get(BlockPos::new(tree.x, y, tree.z)),
            tree.kind.log()
        );
    }
    let trunk_chunk = BlockPos::new(tree.x, tree.base, tree.z).chunk();
    let mut leaves_beyond = 0;
    let mut cells = Vec::new();
    tree.for_each_leaf(terrain.forests.seed(), |x, y, z| {
        cells.push(BlockPos::new(x, y, z));
    });
    for p in cells {
        let block = blocks.get(p);
        // Leaves yield to terrain and to logs, and fill everything else.
        assert!(block.is_solid(), "canopy cell {p:?} is {block}");
        if block == tree.kind.leaves() && p.chunk().x != trunk_chunk.x {
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
            ground.is_solid() && ground.is_opaque_cube(),
            "seed {seed}: on {ground}"
        );
        for dy in 0..2 {
            // Air, or a plant the player stands in.
            let above = blocks.get(feet.offset(IVec3::new(0, dy, 0)));
            assert!(
                above == Block::AIR || above.is_plant(),
                "seed {seed}: {above} {dy} above the ground"
            );
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
            Some(Block::AIR),
            "chunk {pos:?}"
        );
    }
}

#[test]
fn ores_lie_in_veins_at_their_depths_rarer_as_they_are_worth_more() {
    let terrain = Terrain::new(7);
    let ores = [
        Block::COAL_ORE,
        Block::IRON_ORE,
        Block::GOLD_ORE,
        Block::DIAMOND_ORE,
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

/// The nearest column of `biome` to the origin on a 16-block grid, out to 2048 blocks.
fn find_biome(terrain: &Terrain, biome: Biome) -> Option<(i32, i32)> {
    rings(128)
        .map(|(i, j)| (i * 16, j * 16))
        .find(|&(x, z)| terrain.biome(x, z) == biome)
}

#[test]
fn every_biome_lies_within_2048_blocks_and_the_same_seed_puts_it_in_the_same_place() {
    let (a, b) = (Terrain::new(0), Terrain::new(0));
    for biome in Biome::ALL {
        let found = find_biome(&a, biome);
        assert!(found.is_some(), "no {biome} within 2048 blocks");
        assert_eq!(found, find_biome(&b, biome), "{biome}");
    }
}

#[test]
fn a_chunk_s_columns_have_the_biomes_point_queries_give() {
    let terrain = Terrain::new(5);
    let map = HeightMap::new(&terrain.heights, -300, 190, 70, 40);
    for z in 191..229 {
        for x in -299..-231 {
            assert_eq!(
                map.column(&terrain.heights, x, z).biome,
                terrain.biome(x, z),
                "column ({x}, {z})"
            );
        }
    }
}

#[test]
fn biome_borders_are_no_steeper_than_the_ground_elsewhere() {
    // Over 1024 × 1024 blocks around a border between climates, the biggest step between
    // neighbouring columns that differ in biome is no bigger than the biggest step between
    // columns of one biome: biomes change what the ground is made of, never its height.
    let terrain = Terrain::new(0);
    let (x0, z0, side) = (-512, -512, 1024);
    let map = HeightMap::new(&terrain.heights, x0, z0, side, side);
    let (mut across, mut within, mut borders) = (0, 0, 0);
    for z in z0..z0 + side {
        for x in x0..x0 + side - 1 {
            let step = (map.get(x, z) - map.get(x + 1, z)).abs();
            if terrain.biome(x, z) == terrain.biome(x + 1, z) {
                within = within.max(step);
            } else {
                across = across.max(step);
                borders += 1;
            }
        }
    }
    assert!(borders > 1000, "the square holds borders ({borders})");
    assert!(
        across <= within,
        "{across} across borders, {within} within biomes"
    );
}

/// The nearest column on a 16-block grid, out to 2048 blocks, that is deep in `biome`: so
/// are all the grid's columns within 48 blocks.
fn find_heart(terrain: &Terrain, biome: Biome) -> Option<(i32, i32)> {
    rings(128).map(|(i, j)| (i * 16, j * 16)).find(|&(x, z)| {
        (-3..=3).all(|dz| (-3..=3).all(|dx| terrain.biome(x + dx * 16, z + dz * 16) == biome))
    })
}

/// The surface chunk of a column deep in `biome`, and the chunks around it.
fn chunks_of(terrain: &Terrain, biome: Biome) -> Vec<ChunkPos> {
    let (x, z) = find_heart(terrain, biome)
        .or_else(|| find_biome(terrain, biome))
        .expect("the biome is near");
    let surface = surface_chunk(terrain, x, z);
    let mut chunks = Vec::new();
    for dy in -1..=1 {
        for (dx, dz) in [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1)] {
            chunks.push(surface.offset(IVec3::new(dx, dy, dz)));
        }
    }
    chunks
}

#[test]
fn every_biome_generates_the_same_in_any_order_and_on_any_thread() {
    let terrain = Terrain::new(0);
    for biome in Biome::ALL {
        let chunks = chunks_of(&terrain, biome);
        let forward: Vec<Chunk> = chunks.iter().map(|&p| terrain.generate(p)).collect();
        let mut backward: Vec<Chunk> = chunks.iter().rev().map(|&p| terrain.generate(p)).collect();
        backward.reverse();
        assert_eq!(forward, backward, "{biome}");
        let shared = &terrain;
        let threaded: Vec<Chunk> = std::thread::scope(|s| {
            let handles: Vec<_> = chunks
                .iter()
                .map(|&p| s.spawn(move || shared.generate(p)))
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        assert_eq!(forward, threaded, "{biome}");
    }
}

/// How many of each block the surface chunks of `biome`'s first column and its neighbours
/// hold, with every plant checked to stand on a block that holds it, across chunk borders.
fn surface_blocks(terrain: &Terrain, biome: Biome) -> BTreeMap<Block, usize> {
    let mut blocks = Blocks::new(terrain);
    let mut counts = BTreeMap::new();
    for pos in chunks_of(terrain, biome) {
        let origin = pos.min_block();
        for i in 0..CHUNK_VOLUME {
            let local = LocalPos::from_index(i);
            let p = origin.offset(IVec3::new(local.x.into(), local.y.into(), local.z.into()));
            let block = blocks.get(p);
            *counts.entry(block).or_insert(0) += 1;
            if block.is_plant() || block == Block::CACTUS {
                let below = blocks.get(p.offset(IVec3::NEG_Y));
                assert!(below.holds_plants(), "{block} at {p:?} over {below}");
            }
        }
    }
    counts
}

#[test]
fn each_biome_has_its_ground_trees_and_plants() {
    let terrain = Terrain::new(0);
    let has = |counts: &BTreeMap<Block, usize>, block: Block| {
        counts.get(&block).copied().unwrap_or(0) > 0
    };
    let expect: [(Biome, &[Block], &[Block]); 6] = [
        (
            Biome::Plains,
            &[Block::GRASS, Block::TALL_GRASS],
            &[Block::SANDSTONE, Block::SNOW],
        ),
        (
            Biome::Forest,
            &[
                Block::LOG,
                Block::LEAVES,
                Block::BIRCH_LOG,
                Block::BIRCH_LEAVES,
            ],
            &[Block::SPRUCE_LOG, Block::CACTUS],
        ),
        (
            Biome::Desert,
            &[
                Block::SAND,
                Block::SANDSTONE,
                Block::CACTUS,
                Block::DEAD_BUSH,
            ],
            &[Block::GRASS, Block::LOG, Block::TALL_GRASS],
        ),
        (
            Biome::SnowyTundra,
            &[Block::SNOW],
            &[Block::GRASS, Block::TALL_GRASS],
        ),
        (
            Biome::Taiga,
            &[Block::SNOW, Block::SPRUCE_LOG, Block::SPRUCE_LEAVES],
            &[Block::GRASS],
        ),
        (Biome::Ocean, &[Block::WATER], &[Block::CACTUS]),
    ];
    for (biome, present, absent) in expect {
        let counts = surface_blocks(&terrain, biome);
        for &block in present {
            assert!(has(&counts, block), "{biome} has no {block}: {counts:?}");
        }
        for &block in absent {
            assert!(!has(&counts, block), "{biome} has {block}");
        }
    }
    let flowers = [Block::DANDELION, Block::POPPY, Block::CORNFLOWER];
    let plains = surface_blocks(&terrain, Biome::Plains);
    assert!(
        flowers.iter().any(|&f| has(&plains, f)),
        "no flowers on the plains"
    );
}

#[test]
fn cold_water_freezes_over_and_warm_water_does_not() {
    let terrain = Terrain::new(0);
    let mut frozen = 0;
    let mut open = 0;
    for (i, j) in rings(128) {
        let (x, z) = (i * 16, j * 16);
        if terrain.surface_height(x, z) > SEA_LEVEL - 2 {
            continue;
        }
        let mut blocks = Blocks::new(&terrain);
        match blocks.get(BlockPos::new(x, SEA_LEVEL, z)) {
            Block::ICE => frozen += 1,
            Block::WATER => open += 1,
            other => panic!("{other} on the sea at ({x}, {z})"),
        }
        if frozen > 0 && open > 0 {
            return;
        }
    }
    panic!("{frozen} frozen and {open} open sea columns");
}

#[test]
fn no_tree_stands_on_a_snow_cap() {
    // The highest ground within 800 blocks, a peak capped with snow, and the columns around
    // it hold no trunk.
    let terrain = Terrain::new(0);
    let (x, z) = rings(100)
        .map(|(i, j)| (i * 8, j * 8))
        .max_by_key(|&(x, z)| terrain.surface_height(x, z))
        .expect("some column");
    let map = HeightMap::new(&terrain.heights, x - 40, z - 40, 80, 80);
    let trees = terrain
        .forests
        .trees_in((x - 36, x + 36), (z - 36, z + 36), |x, z| {
            let column = map.column(&terrain.heights, x, z);
            (column.height, column.top, column.biome)
        });
    let mut capped = 0;
    for dz in -36..36 {
        for dx in -36..36 {
            let column = map.column(&terrain.heights, x + dx, z + dz);
            if column.top == Block::SNOW && column.biome == Biome::Mountains {
                capped += 1;
                assert!(!trees.iter().any(|t| (t.x, t.z) == (x + dx, z + dz)));
            }
        }
    }
    assert!(capped > 0, "the peak at ({x}, {z}) is capped with snow");
}
