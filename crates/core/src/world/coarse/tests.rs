use std::collections::BTreeMap;

use super::*;
use crate::world::BlockSource;
use crate::worldgen::{SplitMix64, flat_block};

/// Flat ground (the flat world's layers) with some blocks set over it.
#[derive(Default)]
struct Edited(BTreeMap<BlockPos, Block>);

impl BlockSource for Edited {
    fn block(&self, pos: BlockPos) -> Block {
        self.0.get(&pos).copied().unwrap_or(flat_block(pos.y))
    }
}

impl Edited {
    fn chunk(&self, pos: ChunkPos) -> Chunk {
        let mut blocks = Box::new([Block::AIR; CHUNK_VOLUME]);
        for (i, b) in blocks.iter_mut().enumerate() {
            *b = self.block(pos.block(LocalPos::from_index(i)));
        }
        Chunk::from_blocks(&blocks)
    }
}

fn layers() -> Layers<fn(i32) -> Block> {
    Layers(flat_block as fn(i32) -> Block)
}

/// Children in octant order from an upper and a lower layer, each in the order x, then z.
fn children(upper: [Block; 4], lower: [Block; 4]) -> [Block; 8] {
    [
        lower[0], lower[1], upper[0], upper[1], lower[2], lower[3], upper[2], upper[3],
    ]
}

#[test]
fn a_coarse_cell_is_the_topmost_block_of_its_children() {
    let (air, grass, leaves, poppy) = (Block::AIR, Block::GRASS, Block::LEAVES, Block::POPPY);
    let (sand, stone, water, water3) = (Block::SAND, Block::STONE, Block::WATER, Block::WATER_3);
    let cases = [
        // Nothing above: the ground below shows.
        (children([air; 4], [grass, grass, stone, grass]), grass),
        // One leaf above hides the ground from above.
        (children([air, air, leaves, air], [grass; 4]), leaves),
        // Of the upper four, the block most hold; water counts.
        (children([sand, water, water, air], [sand; 4]), water),
        // A tie goes to the first in order.
        (children([air, sand, water, air], [stone; 4]), sand),
        // Plants count as air, flowing water as water.
        (children([poppy; 4], [grass; 4]), grass),
        (children([water3, air, air, air], [sand; 4]), water),
        (children([air; 4], [air; 4]), air),
        (children([poppy; 4], [air; 4]), air),
    ];
    for (kids, expected) in cases {
        assert_eq!(coarsen(kids), expected, "{kids:?}");
    }
}

#[test]
fn downsampled_cells_come_from_the_top_of_their_children() {
    // Random blocks, thin in the upper half so both layers decide somewhere.
    let mut rng = SplitMix64::new(7);
    let mut blocks = Box::new([Block::AIR; CHUNK_VOLUME]);
    for b in blocks.iter_mut() {
        let r = rng.next_u64();
        *b = if r.is_multiple_of(3) {
            Block::new(u16::try_from((r >> 8) as usize % Block::count()).unwrap())
        } else {
            Block::AIR
        };
    }
    let chunk = Chunk::from_blocks(&blocks);
    let octant = 5;
    let section = CoarseSection::downsample(SectionPos::new(1, 0, 0, 0), [&chunk; 8]);
    let [ox, oy, oz] = octant_offset(octant).map(|o| o as u8 * 16);
    let mut from_lower = 0;
    for i in 0..16 * 16 * 16u16 {
        let (x, y, z) = ((i % 16) as u8, (i / 256) as u8, (i / 16 % 16) as u8);
        let child = |dx: u8, dy: u8, dz: u8| {
            far_block(chunk.get(LocalPos::new(2 * x + dx, 2 * y + dy, 2 * z + dz)))
        };
        let upper: Vec<Block> = [(0, 0), (1, 0), (0, 1), (1, 1)]
            .map(|(dx, dz)| child(dx, 1, dz))
            .into_iter()
            .filter(|&b| b != Block::AIR)
            .collect();
        let lower: Vec<Block> = [(0, 0), (1, 0), (0, 1), (1, 1)]
            .map(|(dx, dz)| child(dx, 0, dz))
            .into_iter()
            .filter(|&b| b != Block::AIR)
            .collect();
        let cell = section.get(LocalPos::new(ox + x, oy + y, oz + z));
        let layer = if upper.is_empty() { &lower } else { &upper };
        if layer.is_empty() {
            assert_eq!(cell, Block::AIR, "cell {i}");
            continue;
        }
        from_lower += usize::from(upper.is_empty());
        assert!(
            layer.contains(&cell),
            "cell {i}: {cell} not among {layer:?}"
        );
        let count = |b: Block| layer.iter().filter(|&&o| o == b).count();
        assert!(
            layer.iter().all(|&o| count(o) <= count(cell)),
            "cell {i}: not the most"
        );
        let first_most = layer.iter().find(|&&o| count(o) == count(cell));
        assert_eq!(first_most, Some(&cell), "cell {i}: a tie goes to the first");
    }
    assert!(
        from_lower > 100,
        "the lower layer decided {from_lower} cells"
    );
}

#[test]
fn a_flat_world_downsamples_to_its_uniform_columns() {
    let world = Edited::default();
    let mut pyramid = Pyramid::new(3);
    for x in 0..4 {
        for z in 0..4 {
            for y in 0..8 {
                let pos = ChunkPos::new(x, y, z);
                let changed = pyramid.add_chunk(pos, &world.chunk(pos), &layers());
                assert_eq!(changed, [], "chunk {pos:?} changed what the source made");
            }
        }
    }
    assert!(pyramid.len() > 4, "{} sections", pyramid.len());
    for section in pyramid.sections() {
        assert_eq!(*section, uniform_columns(section.pos(), flat_block));
    }
}

#[test]
fn an_edit_climbs_the_levels_and_stops_where_nothing_changed() {
    let mut world = Edited::default();
    let mut pyramid = Pyramid::new(5);
    let source = layers();
    for pos in [ChunkPos::new(0, 1, 0), ChunkPos::new(0, 3, 0)] {
        pyramid.add_chunk(pos, &world.chunk(pos), &source);
    }
    let edit = |world: &mut Edited, pyramid: &mut Pyramid, pos: BlockPos, block: Block| {
        world.0.insert(pos, block);
        pyramid.edit(pos, &*world, &source)
    };
    let levels = |changed: &[SectionPos]| changed.iter().map(|s| s.level).collect::<Vec<_>>();
    // A block in the air: alone in its cell at every level up to 5.
    let tower = BlockPos::new(5, 100, 5);
    let changed = edit(&mut world, &mut pyramid, tower, Block::BRICKS);
    assert_eq!(levels(&changed), [1, 2, 3, 4, 5]);
    for level in 1..=5 {
        let s = SectionPos::containing(level, tower);
        let cell = [tower.x, tower.y, tower.z].map(|c| ((c >> level) & 31) as u8);
        let got = pyramid
            .get(s)
            .map(|s| s.get(LocalPos::new(cell[0], cell[1], cell[2])));
        assert_eq!(got, Some(Block::BRICKS), "level {level}");
    }
    // A second brick beside it leaves its cell as it was.
    assert_eq!(
        edit(
            &mut world,
            &mut pyramid,
            BlockPos::new(4, 100, 5),
            Block::BRICKS
        ),
        []
    );
    // One stone in the grass: three grass out of four, so nothing changes at level 1.
    assert_eq!(
        edit(
            &mut world,
            &mut pyramid,
            BlockPos::new(4, 63, 4),
            Block::STONE
        ),
        []
    );
    // A second: two each, and the stone is first, so level 1 changes; at level 2 the cell's
    // upper four are one stone and three grass, and it stops there.
    let changed = edit(
        &mut world,
        &mut pyramid,
        BlockPos::new(5, 63, 4),
        Block::STONE,
    );
    assert_eq!(levels(&changed), [1]);
    // Incremental edits end where building the pyramid from the edited chunks does.
    let mut fresh = Pyramid::new(5);
    for pos in [ChunkPos::new(0, 1, 0), ChunkPos::new(0, 3, 0)] {
        fresh.add_chunk(pos, &world.chunk(pos), &source);
    }
    let all = |p: &Pyramid| p.sections().cloned().collect::<Vec<_>>();
    assert_eq!(all(&pyramid), all(&fresh));
    // Undoing everything takes every level back to what the source makes.
    for pos in world.0.keys().copied().collect::<Vec<_>>() {
        world.0.remove(&pos);
        pyramid.edit(pos, &world, &source);
    }
    for section in pyramid.sections() {
        assert_eq!(
            *section,
            uniform_columns(section.pos(), flat_block),
            "{}",
            section.pos()
        );
    }
}

#[test]
fn section_positions_nest() {
    let pos = BlockPos::new(-1, 70, 100);
    for level in 0..MAX_LEVEL {
        let s = SectionPos::containing(level, pos);
        let parent = s.parent().expect("below the top");
        assert_eq!(parent, SectionPos::containing(level + 1, pos));
        let children = parent.children().expect("above level 0");
        assert_eq!(children[s.octant()], s);
        let min = s.min_block();
        assert!((min.x..min.x + s.span()).contains(&pos.x), "level {level}");
        assert!((min.y..min.y + s.span()).contains(&pos.y), "level {level}");
    }
    assert_eq!(SectionPos::new(MAX_LEVEL, 0, 0, 0).parent(), None);
    assert_eq!(SectionPos::new(0, 0, 0, 0).children(), None);
    assert!(!SectionPos::new(3, 0, 1, 0).in_world_height());
    assert!(SectionPos::new(1, 0, 3, 0).in_world_height());
}
