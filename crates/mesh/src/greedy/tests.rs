use proptest::prelude::*;

use super::super::{ChunkMesh, Neighbourhood, PADDED, Pass, Quad, mesh_region};
use super::Greedy;
use hewn_core::world::{Block, BlockPos, ChunkPos, Face, World};
use hewn_core::worldgen::{Generator, GeneratorKind};

/// One face of one cell, with everything that decides how it looks.
type Face1 = (
    [u16; 3],
    Face,
    Block,
    Pass,
    (u8, u8),
    [u8; 4],
    [super::super::CornerLight; 4],
);

/// The faces of the chunk at `pos` in `world`, with the columns around it loaded: one per
/// visible face, and merged.
fn unmerged_and_merged(world: &mut World, pos: ChunkPos) -> (Vec<Quad>, Vec<Quad>) {
    for column in pos.column().around(1) {
        world.load_column(column);
    }
    let n = Neighbourhood::from_world(world, pos);
    let mut single = Vec::new();
    mesh_region(n.blocks(), n.lights(), [PADDED - 2; 3], &mut single);
    let mut greedy = Greedy::default();
    let mut merged = Vec::new();
    mesh_region(n.blocks(), n.lights(), [PADDED - 2; 3], &mut greedy);
    greedy.finish(&mut merged);
    (single, merged)
}

/// Every cell's face a quad covers, sorted, so that two lists of quads that draw the same
/// faces give the same list.
fn faces_covered(quads: &[Quad]) -> Vec<Face1> {
    let mut faces = Vec::new();
    for q in quads {
        let [ex, ey, ez] = q.extent.map(u16::from);
        for y in 0..ey {
            for z in 0..ez {
                for x in 0..ex {
                    let cell = [q.cell[0] + x, q.cell[1] + y, q.cell[2] + z];
                    faces.push((
                        cell,
                        q.face,
                        q.block,
                        q.pass,
                        (q.top, q.bottom),
                        q.ao,
                        q.light,
                    ));
                }
            }
        }
    }
    faces.sort_unstable();
    faces
}

fn flat() -> World {
    World::new(Generator::new(GeneratorKind::Flat, 0))
}

#[test]
fn a_sunlit_floor_is_one_quad() {
    // The chunk at the origin of a flat world holds the top 32 layers of the ground up to
    // the grass at y = 63: its only visible faces are the grass tops in full daylight.
    let mut world = flat();
    let (single, merged) = unmerged_and_merged(&mut world, ChunkPos::new(0, 1, 0));
    assert_eq!(single.len(), 32 * 32);
    assert_eq!(merged.len(), 1);
    assert_eq!(merged[0].extent, [32, 1, 32]);
}

#[test]
fn faces_merge_only_along_directions_their_shading_keeps() {
    let mut world = flat();
    // A wall on the grass: the grass beside it is darker at the corners next to the wall,
    // the same all along it. A pillar: the grass diagonal to it is darker at one corner.
    world.set_blocks((0..8).map(|z| (BlockPos::new(4, 64, z), Block::STONE)));
    world.set_block(BlockPos::new(12, 64, 12), Block::STONE);
    let (single, merged) = unmerged_and_merged(&mut world, ChunkPos::new(0, 1, 0));
    assert_eq!(faces_covered(&single), faces_covered(&merged));
    let grass_top_at = |quads: &[Quad], x: u16, z: u16| {
        quads
            .iter()
            .filter(|q| q.face == Face::Up && q.cell[1] == 31)
            .find(|q| {
                (q.cell[0]..q.cell[0] + u16::from(q.extent[0])).contains(&x)
                    && (q.cell[2]..q.cell[2] + u16::from(q.extent[2])).contains(&z)
            })
            .copied()
    };
    let beside_wall = grass_top_at(&merged, 3, 4).expect("grass beside the wall");
    assert_eq!(beside_wall.extent[0], 1, "never across, away from the wall");
    assert!(beside_wall.extent[2] > 1, "along the wall: {beside_wall:?}");
    let diagonal = grass_top_at(&merged, 11, 11).expect("grass diagonal to the pillar");
    assert_eq!(diagonal.extent, [1, 1, 1], "shading varies both ways");
}

#[test]
fn slab_sides_merge_along_a_row_but_not_up_a_stack() {
    let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
    for y in 0..3 {
        world.set_blocks((0..4).map(|x| (BlockPos::new(x, 10 + 2 * y, 5), Block::STONE_SLAB)));
    }
    let (single, merged) = unmerged_and_merged(&mut world, ChunkPos::new(0, 0, 0));
    assert_eq!(faces_covered(&single), faces_covered(&merged));
    let south: Vec<&Quad> = merged.iter().filter(|q| q.face == Face::South).collect();
    assert_eq!(south.len(), 3, "{south:#?}");
    assert!(south.iter().all(|q| q.extent == [4, 1, 1]));
}

#[test]
fn a_merged_quad_repeats_its_tile() {
    let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
    world.set_blocks((0..3).map(|x| (BlockPos::new(x, 10, 5), Block::STONE)));
    for column in ChunkPos::new(0, 0, 0).column().around(1) {
        world.load_column(column);
    }
    let n = Neighbourhood::from_world(&world, ChunkPos::new(0, 0, 0));
    let mut mesh = ChunkMesh::default();
    mesh.build(&n);
    // The top, in full daylight, is one quad; the sides and bottom are shaded by the
    // dimmer light under the blocks.
    let top = mesh
        .vertices
        .chunks_exact(4)
        .find(|q| q.iter().all(|v| v.position16()[1] == 176))
        .expect("a top face at y = 11");
    // Corners BL, BR, TR, TL: x from 0 to 3 blocks, u from 0 to 3 tiles, v from 1 to 0.
    let xs: Vec<u32> = top.iter().map(|v| v.position16()[0] / 16).collect();
    assert_eq!(xs, [0, 3, 3, 0]);
    let uv: Vec<(u32, u32)> = top
        .iter()
        .map(|v| {
            let (u, v2) = (
                super::super::layout::get(super::super::layout::U, v.surface),
                super::super::layout::get(super::super::layout::V, v.surface),
            );
            (u, v2)
        })
        .collect();
    assert_eq!(uv, [(0, 2), (3, 2), (3, 0), (0, 0)]);
}

/// Blocks for random chunks: every kind of face the mesher makes.
const PALETTE: [Block; 10] = [
    Block::AIR,
    Block::AIR,
    Block::AIR,
    Block::STONE,
    Block::GRASS,
    Block::LEAVES,
    Block::WATER,
    Block::GLASS,
    Block::STONE_SLAB,
    Block::GLOWSTONE,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The merged quads cover exactly the faces the unmerged mesher finds, each once, with
    /// the same block, AO and light at every corner.
    #[test]
    fn merged_quads_cover_exactly_the_unmerged_faces(
        boxes in proptest::collection::vec(
            ((-2..34i32, -2..34i32, -2..34i32), (1..12i32, 1..6i32, 1..12i32), 0..PALETTE.len()),
            1..24,
        ),
        torches in proptest::collection::vec((0..32i32, 0..32i32, 0..32i32), 0..4),
    ) {
        let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
        for ((x, y, z), (w, h, d), b) in boxes {
            let from = BlockPos::new(x, y, z);
            let to = BlockPos::new(x + w - 1, y + h - 1, z + d - 1);
            world.set_blocks(BlockPos::cells_between(from, to).map(|p| (p, PALETTE[b])));
        }
        for (x, y, z) in torches {
            world.set_block(BlockPos::new(x, y, z), Block::TORCH);
        }
        let (single, merged) = unmerged_and_merged(&mut world, ChunkPos::new(0, 0, 0));
        prop_assert_eq!(faces_covered(&single), faces_covered(&merged));
        prop_assert!(merged.len() <= single.len());
    }
}
