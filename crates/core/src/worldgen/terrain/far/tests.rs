use super::*;
use crate::world::coarse::{Layers, Pyramid};
use crate::world::{COLUMN_CHUNKS, ChunkPos, ColumnPos, WORLD_HEIGHT};
use crate::worldgen::SplitMix64;

/// Per coarse column of one level's square, x fastest: the y (in cells) of its highest
/// cell that is not air, or -1, and the block there.
type Tops = Vec<(i32, Block)>;

/// The tops of the coarse columns of the level-`level` square `(x, z)` (in sections),
/// reading cells through `section`.
fn tops(level: u8, (x, z): (i32, i32), section: impl Fn(SectionPos) -> CoarseSection) -> Tops {
    let cells_high = WORLD_HEIGHT >> level;
    let stack: Vec<CoarseSection> = (0..(cells_high + N - 1) / N)
        .map(|y| section(SectionPos::new(level, x, y, z)))
        .collect();
    (0..N * N)
        .map(|k| {
            let (i, j) = ((k % N) as u8, (k / N) as u8);
            (0..cells_high)
                .rev()
                .map(|y| {
                    let cell = LocalPos::new(i, (y % N) as u8, j);
                    (y, stack[(y / N) as usize].get(cell))
                })
                .find(|&(_, b)| b != Block::AIR)
                .unwrap_or((-1, Block::AIR))
        })
        .collect()
}

/// The pyramid of every chunk under the level-`level` square `(x, z)`: made over a source
/// of air, so that it holds only what the blocks make.
fn real(terrain: &Terrain, level: u8, (x, z): (i32, i32)) -> Pyramid {
    let air = Layers(|_| Block::AIR);
    let mut pyramid = Pyramid::new(level);
    let columns = 1 << level;
    for cz in 0..columns {
        for cx in 0..columns {
            let column = ColumnPos::new(x * columns + cx, z * columns + cz);
            for y in 0..COLUMN_CHUNKS as i32 {
                let pos = ChunkPos::new(column.x, y, column.z);
                pyramid.add_chunk(pos, &terrain.generate(pos), &air);
            }
        }
    }
    pyramid
}

/// How the far terrain's tops differ from the real blocks' over some squares.
#[derive(Debug, Default)]
struct Difference {
    /// Coarse columns compared, and those whose real top is leaves or a log.
    columns: usize,
    wooded: usize,
    /// Of the columns whose tops are neither in either: how many far tops lie at the real
    /// one, a cell from it, two or more cells above it (where a cave opens the real ground,
    /// which the far terrain leaves out) and two or more below; and the farthest above and
    /// below.
    ground: [usize; 4],
    worst_above: i32,
    worst_below: i32,
    /// Of those, how many show the same block on top.
    same_top: usize,
    /// Columns where the far terrain shows leaves on top, and the real blocks do too.
    far_wooded: usize,
    both_wooded: usize,
}

fn is_tree(block: Block) -> bool {
    matches!(
        block,
        Block::LEAVES
            | Block::BIRCH_LEAVES
            | Block::SPRUCE_LEAVES
            | Block::LOG
            | Block::BIRCH_LOG
            | Block::SPRUCE_LOG
    )
}

fn compare(terrain: &Terrain, level: u8, squares: usize, rng: &mut SplitMix64) -> Difference {
    let mut d = Difference::default();
    for _ in 0..squares {
        // Anywhere within 40,000 blocks of the origin: seas, plains, woods and mountains.
        let span = i64::from(SectionPos::new(level, 0, 0, 0).span());
        let at = |r: u64| ((r % 80_000) as i64 - 40_000).div_euclid(span) as i32;
        let square = (at(rng.next_u64()), at(rng.next_u64()));
        let pyramid = real(terrain, level, square);
        let real = tops(level, square, |p| {
            let air = || CoarseSection::filled(p, Block::AIR);
            pyramid.get(p).cloned().unwrap_or_else(air)
        });
        let far = tops(level, square, |p| terrain.coarse_section(p));
        for (&(ry, rb), &(fy, fb)) in real.iter().zip(&far) {
            d.columns += 1;
            d.wooded += usize::from(is_tree(rb));
            d.far_wooded += usize::from(is_tree(fb));
            d.both_wooded += usize::from(is_tree(rb) && is_tree(fb));
            if is_tree(rb) || is_tree(fb) {
                continue;
            }
            let apart = fy - ry;
            d.ground[match apart {
                0 => 0,
                -1 | 1 => 1,
                2.. => 2,
                _ => 3,
            }] += 1;
            d.worst_above = d.worst_above.max(apart);
            d.worst_below = d.worst_below.max(-apart);
            d.same_top += usize::from(rb == fb);
        }
    }
    d
}

#[test]
fn far_terrain_matches_the_downsampled_blocks_within_a_cell() {
    let terrain = Terrain::new(0x5eed);
    let mut rng = SplitMix64::new(23);
    let found: Vec<_> = [(1, 24), (2, 8), (3, 4)]
        .map(|(level, squares)| (level, compare(&terrain, level, squares, &mut rng)))
        .into_iter()
        .inspect(|(level, d)| eprintln!("level {level}: {d:?}"))
        .collect();
    for (level, d) in found {
        let bare: usize = d.ground.iter().sum();
        let share = |n: usize| n as f64 / bare as f64;
        // The far ground lies where the real one does, or a cell from it where the highest
        // column of a square falls between the lattice points the far terrain reads; it is
        // never two cells or more below it. Where it is two or more above, a cave has opened
        // the real ground, which the far terrain leaves out.
        assert!(share(d.ground[0]) > 0.9, "level {level}: {d:?}");
        assert!(
            share(d.ground[0] + d.ground[1]) > 0.97,
            "level {level}: {d:?}"
        );
        assert!(share(d.ground[2]) < 0.02, "level {level}: {d:?}");
        assert_eq!(d.ground[3], 0, "level {level}: {d:?}");
        assert!(d.worst_below <= 1, "level {level}: {d:?}");
        // The block on top is the same nearly everywhere.
        assert!(share(d.same_top) > 0.9, "level {level}: {d:?}");
        // Woods: about as many columns show leaves from afar as really do.
        let ratio = d.far_wooded as f64 / d.wooded.max(1) as f64;
        assert!(
            d.wooded == 0 || (0.5..2.0).contains(&ratio),
            "level {level}: {d:?}"
        );
    }
}

#[test]
fn far_terrain_has_its_biomes_tops() {
    let terrain = Terrain::new(7);
    // Seen from above, each of the biomes' top blocks, water and leaves show somewhere.
    let mut seen = std::collections::BTreeSet::new();
    for x in -6..6 {
        for z in -6..6 {
            for (_, b) in tops(4, (x, z), |p| terrain.coarse_section(p)) {
                seen.insert(b);
            }
        }
    }
    for block in [
        Block::GRASS,
        Block::SAND,
        Block::SNOW,
        Block::STONE,
        Block::WATER,
    ] {
        assert!(seen.contains(&block), "no {block} in {seen:?}");
    }
    assert!(seen.iter().any(|&b| is_tree(b)), "no trees in {seen:?}");
    // Beyond the border and above the world there is nothing.
    let beyond = SectionPos::containing(2, crate::world::BlockPos::new(30_000_100, 64, 0));
    assert_eq!(
        terrain.coarse_section(beyond).cells().uniform(),
        Some(Block::AIR)
    );
    let sky = SectionPos::new(1, 0, 4, 0);
    assert_eq!(
        terrain.coarse_section(sky).cells().uniform(),
        Some(Block::AIR)
    );
}
