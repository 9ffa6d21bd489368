use std::collections::BTreeSet;

use proptest::prelude::*;

use super::neighbourhood::padded_index;
use super::*;
use hewn_core::world::{BlockPos, BlockSource, ChunkPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind};

fn empty_world() -> World {
    World::new(Generator::new(GeneratorKind::Empty, 0))
}

/// Meshes the chunk at the origin of a world holding only `blocks`.
fn mesh_blocks(blocks: &[(BlockPos, Block)]) -> Vec<Quad> {
    let mut world = empty_world();
    for &(p, b) in blocks {
        world.set_block(p, b);
    }
    quads_of(&world, ChunkPos::new(0, 0, 0))
}

fn quads_of(world: &World, pos: ChunkPos) -> Vec<Quad> {
    let n = Neighbourhood::from_world(world, pos);
    let mut quads = Vec::new();
    mesh_region(n.blocks(), n.lights(), [PADDED - 2; 3], &mut quads);
    quads
}

#[track_caller]
fn assert_faces(quads: &[Quad], expected: usize) {
    assert_eq!(quads.len(), expected, "faces: {quads:#?}");
}

fn at(x: i32, y: i32, z: i32) -> BlockPos {
    BlockPos::new(x, y, z)
}

#[test]
fn vertex_is_eight_bytes_and_round_trips() {
    assert_eq!(std::mem::size_of::<Vertex>(), 8);
    let light = CornerLight { sky: 60, block: 37 };
    let v = Vertex::new([512, 511, 16], Face::North, 2, [2, 1], 511, light);
    assert_eq!(v.position16(), [512, 511, 16]);
    assert_eq!(v.ao(), 2);
    assert_eq!(v.tile(), 511);
    assert_eq!(v.face(), Face::North);
    assert_eq!(v.light(), light);
}

#[test]
fn the_vertex_fields_do_not_overlap() {
    use layout::*;
    let packed = [X, Y, Z, FACE, AO, TILE_HIGH];
    let surface = [TILE, SKY, BLOCK, U, V];
    for fields in [&packed[..], &surface[..]] {
        let mut used = 0u64;
        for &(shift, bits) in fields {
            let mask = ((1u64 << bits) - 1) << shift;
            assert_eq!(used & mask, 0, "field at bit {shift} overlaps");
            assert!(shift + bits <= 32);
            used |= mask;
        }
    }
    let atlas = tiles::ATLAS_COLUMNS * tiles::ATLAS_ROWS;
    assert!(
        1 << (TILE.1 + TILE_HIGH.1) >= atlas,
        "every tile of the atlas fits"
    );
    assert!(1 << SKY.1 > 60 && 1 << BLOCK.1 > 60, "quarter levels fit");
}

#[test]
fn smooth_light_fades_across_a_floor_and_into_a_corner() {
    // A stone floor at y = 4 with a wall at x = 8; a torch stands on the floor at x = 4.
    let mut world = empty_world();
    let floor = BlockPos::cells_between(at(0, 4, 0), at(15, 4, 15));
    world.set_blocks(floor.map(|p| (p, Block::STONE)));
    world.set_blocks(BlockPos::cells_between(at(8, 5, 0), at(8, 9, 15)).map(|p| (p, Block::STONE)));
    // A roof keeps most of the sky out.
    world.set_blocks(
        BlockPos::cells_between(at(-8, 10, -8), at(23, 10, 23)).map(|p| (p, Block::STONE)),
    );
    world.set_block(at(4, 5, 8), Block::TORCH);
    let quads = quads_of(&world, ChunkPos::new(0, 0, 0));
    let top = |x: u16| {
        quads
            .iter()
            .find(|q| q.cell == [x, 4, 8] && q.face == Face::Up)
            .copied()
            .unwrap_or_else(|| panic!("no top face at x = {x}"))
    };
    // Corners BL (x0, z1), BR (x1, z1), TR (x1, z0), TL (x0, z0). On the floor at x = 6,
    // the west corners average cells 1 and 2 steps from the torch's column, the east 2 and 3.
    let q = top(6);
    assert!(q.light[0].block > q.light[1].block, "{:?}", q.light);
    assert_eq!(q.light[0], q.light[3], "symmetric about z = 8.5");
    // At x = 7 the torch's light is 11 in front of the face. The west corners average 11,
    // 12, 10 and 11; against the wall the east corners have only the two open cells, 11 and
    // 10 (the cells in the wall would have dragged them down to 5.25).
    let q = top(7);
    assert_eq!(
        [q.light[0].block, q.light[1].block],
        [44, 42],
        "{:?}",
        q.light
    );
}

#[test]
fn torches_are_models_not_cubes() {
    let mut world = empty_world();
    world.set_block(at(3, 3, 3), Block::TORCH);
    let mut mesh = ChunkMesh::default();
    mesh.build(&Neighbourhood::from_world(&world, ChunkPos::new(0, 0, 0)));
    assert!(mesh.vertices.is_empty());
    assert_eq!(mesh.models.len(), 36, "six faces of two triangles");
    assert_eq!(mesh.quad_count(), 6);
    assert!(
        mesh.models.iter().all(|v| v.shade[1] == 56),
        "lit by its own 14"
    );
}

#[test]
fn single_block_has_six_faces_and_two_have_ten() {
    assert_faces(&mesh_blocks(&[(at(5, 5, 5), Block::STONE)]), 6);
    let two = mesh_blocks(&[(at(5, 5, 5), Block::STONE), (at(6, 5, 5), Block::DIRT)]);
    assert_faces(&two, 10);
}

#[test]
fn slab_is_a_half_height_box() {
    let slab = mesh_blocks(&[(at(3, 3, 3), Block::STONE_SLAB)]);
    assert_faces(&slab, 6);
    let mut mesh = ChunkMesh::default();
    for q in &slab {
        mesh.quad(q);
    }
    let top = mesh.vertices.iter().map(|v| v.position16()[1]).max();
    assert_eq!(top, Some(56), "top at y = 3.5 (56 sixteenths)");
    // On stone its bottom is hidden; its top never is, even under stone.
    let sandwiched = mesh_blocks(&[
        (at(3, 3, 3), Block::STONE_SLAB),
        (at(3, 2, 3), Block::STONE),
        (at(3, 4, 3), Block::STONE),
    ]);
    let slab_faces: Vec<_> = sandwiched
        .iter()
        .filter(|q| q.block == Block::STONE_SLAB)
        .map(|q| q.face)
        .collect();
    assert_eq!(slab_faces.len(), 5);
    assert!(slab_faces.contains(&Face::Up));
    // Two slabs side by side hide the wall between them.
    let pair = mesh_blocks(&[
        (at(3, 3, 3), Block::STONE_SLAB),
        (at(4, 3, 3), Block::STONE_SLAB),
    ]);
    assert_faces(&pair, 10);
}

#[test]
fn water_and_glass_hide_their_own_kind_but_leaves_do_not() {
    for (block, expected) in [(Block::WATER, 10), (Block::GLASS, 10), (Block::LEAVES, 12)] {
        let quads = mesh_blocks(&[(at(1, 1, 1), block), (at(1, 2, 1), block)]);
        assert_faces(&quads, expected);
    }
    // Stone next to water shows its face; water next to stone hides its own.
    let quads = mesh_blocks(&[(at(1, 1, 1), Block::WATER), (at(2, 1, 1), Block::STONE)]);
    assert_faces(&quads, 11);
    assert!(
        quads
            .iter()
            .any(|q| q.block == Block::STONE && q.face == Face::West)
    );
}

#[test]
fn passes_follow_render_kinds() {
    let quads = mesh_blocks(&[
        (at(1, 1, 1), Block::LEAVES),
        (at(5, 1, 1), Block::WATER),
        (at(9, 1, 1), Block::GRASS),
    ]);
    let pass_of = |b: Block| quads.iter().find(|q| q.block == b).map(|q| q.pass);
    assert_eq!(pass_of(Block::LEAVES), Some(Pass::Cutout));
    assert_eq!(pass_of(Block::WATER), Some(Pass::Translucent));
    assert_eq!(pass_of(Block::GRASS), Some(Pass::Opaque));
}

#[test]
fn faces_are_culled_across_chunk_borders() {
    let mut world = empty_world();
    world.set_block(at(31, 5, 5), Block::STONE);
    let east = |w: &World| {
        quads_of(w, ChunkPos::new(0, 0, 0))
            .iter()
            .any(|q| q.face == Face::East)
    };
    assert!(east(&world), "nothing east yet");
    world.set_block(at(32, 5, 5), Block::STONE);
    assert!(!east(&world), "hidden by the next chunk's block");
    let west_of_next = quads_of(&world, ChunkPos::new(1, 0, 0));
    assert!(!west_of_next.iter().any(|q| q.face == Face::West));
}

#[test]
fn ambient_occlusion_darkens_corners() {
    // A floor block with a wall block above its west neighbour and another above its north
    // neighbour: the top face's north-west corner touches both walls.
    let quads = mesh_blocks(&[
        (at(5, 5, 5), Block::STONE),
        (at(4, 6, 5), Block::STONE),
        (at(5, 6, 4), Block::STONE),
    ]);
    let top = quads
        .iter()
        .find(|q| q.cell == [5, 5, 5] && q.face == Face::Up)
        .copied();
    let Some(top) = top else {
        panic!("no top face in {quads:#?}")
    };
    // Corners BL (x0,z1), BR (x1,z1), TR (x1,z0), TL (x0,z0).
    assert_eq!(top.ao, [2, 3, 2, 0]);
    let lone = mesh_blocks(&[(at(5, 5, 5), Block::STONE)]);
    assert!(lone.iter().all(|q| q.ao == [3; 4]));
}

#[test]
fn diagonal_follows_the_corners_that_agree() {
    let mut mesh = ChunkMesh::default();
    let quad = Quad {
        cell: [0, 0, 0],
        face: Face::Up,
        block: Block::STONE,
        pass: Pass::Opaque,
        ao: [0, 3, 3, 3],
        light: [CornerLight::FULL; 4],
        top: 16,
        bottom: 0,
        extent: [1; 3],
    };
    mesh.quad(&quad);
    assert_eq!(
        mesh.opaque,
        [1, 2, 3, 1, 3, 0],
        "split between the bright corners"
    );
    mesh.clear();
    mesh.quad(&Quad { ao: [3; 4], ..quad });
    assert_eq!(mesh.opaque, [0, 1, 2, 0, 2, 3]);
}

#[test]
fn trivially_empty_chunks_are_recognised() {
    let mut n = Neighbourhood::new();
    assert!(n.is_trivially_empty());
    n.set(3, 3, 3, Block::STONE);
    assert!(!n.is_trivially_empty());
    let mut mesh = ChunkMesh::default();
    mesh.build(&n);
    assert_eq!(mesh.opaque.len(), 36);
    assert_eq!(n.blocks()[padded_index(3, 3, 3)], Block::STONE);
}

/// A mesh face in world cells, with its shading.
type WorldQuad = ([i32; 3], Face, Block, [u8; 4], [CornerLight; 4]);

/// Quads in world cells, for comparing meshes made in different pieces.
fn world_quads(quads: &[Quad], origin: [i32; 3]) -> BTreeSet<WorldQuad> {
    quads
        .iter()
        .map(|q| {
            let cell = [0, 1, 2].map(|a| origin[a] + i32::from(q.cell[a]));
            (cell, q.face, q.block, q.ao, q.light)
        })
        .collect()
}

const PALETTE: [Block; 8] = [
    Block::AIR,
    Block::AIR,
    Block::STONE,
    Block::LEAVES,
    Block::WATER,
    Block::STONE_SLAB,
    Block::TORCH,
    Block::GLOWSTONE,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Two chunks meshed one at a time give the same faces as the 32 × 32 × 64 region meshed
    /// in one piece.
    #[test]
    fn meshing_in_chunks_equals_meshing_whole(
        cells in proptest::collection::vec(((0..4i32, 0..4i32, 28..36i32), 0..PALETTE.len()), 1..60)
    ) {
        let mut world = empty_world();
        for &((x, y, z), b) in &cells {
            world.set_block(at(x, y, z), PALETTE[b]);
        }
        let mut pieces = world_quads(&quads_of(&world, ChunkPos::new(0, 0, 0)), [0, 0, 0]);
        pieces.extend(world_quads(&quads_of(&world, ChunkPos::new(0, 0, 1)), [0, 0, 32]));

        let dims = [32usize, 32, 64];
        let mut padded = vec![Block::AIR; (dims[0] + 2) * (dims[1] + 2) * (dims[2] + 2)];
        let mut lights = vec![Light::DARK; padded.len()];
        for y in -1..=dims[1] as i32 {
            for z in -1..=dims[2] as i32 {
                for x in -1..=dims[0] as i32 {
                    let i = ((y + 1) as usize * (dims[2] + 2) + (z + 1) as usize) * (dims[0] + 2)
                        + (x + 1) as usize;
                    padded[i] = world.block(at(x, y, z));
                    lights[i] = if y < 0 { Light::DARK } else { world.light(at(x, y, z)) };
                }
            }
        }
        let mut whole = Vec::new();
        mesh_region(&padded, &lights, dims, &mut whole);
        prop_assert_eq!(pieces, world_quads(&whole, [0, 0, 0]));
    }
}

#[test]
fn flowing_water_is_lower_the_further_it_has_flowed() {
    // A source, then water of levels 1 and 5 in a row along x; a source under a source.
    let quads = mesh_blocks(&[
        (at(3, 3, 3), Block::WATER),
        (at(4, 3, 3), Block::WATER_1),
        (at(5, 3, 3), Block::WATER_5),
        (at(3, 2, 3), Block::WATER),
    ]);
    let face = |x: u16, y: u16, face: Face| {
        quads
            .iter()
            .find(|q| q.cell == [x, y, 3] && q.face == face)
            .map(|q| (q.top, q.bottom))
    };
    assert_eq!(
        face(3, 3, Face::Up),
        Some((14, 0)),
        "a source is nearly full"
    );
    assert_eq!(face(4, 3, Face::Up), Some((12, 0)));
    assert_eq!(face(5, 3, Face::Up), Some((5, 0)));
    // Each shows the strip of wall above its lower neighbour's surface, and no more.
    assert_eq!(face(3, 3, Face::East), Some((14, 12)));
    assert_eq!(face(4, 3, Face::East), Some((12, 5)));
    assert_eq!(
        face(4, 3, Face::West),
        None,
        "the source beside it is higher"
    );
    // Water under water fills its cell: no top, and its sides reach the top.
    assert_eq!(face(3, 2, Face::Up), None);
    assert_eq!(face(3, 2, Face::West), Some((16, 0)));
    assert_eq!(top_height(Block::WATER_FALLING, Block::AIR), 14);
    assert_eq!(top_height(Block::STONE_SLAB, Block::STONE), 8);
    assert_eq!(top_height(Block::STONE, Block::WATER), 16);
}

#[test]
fn fast_leaves_are_opaque_cubes_with_no_inner_faces() {
    // A 3 × 3 × 3 block of leaves in the air: fancy, all 27 × 6 faces in the cut-out pass;
    // fast, the 9 × 6 that face out, in the opaque pass.
    let mut world = empty_world();
    for p in BlockPos::cells_between(at(4, 4, 4), at(6, 6, 6)) {
        world.set_block(p, Block::LEAVES);
    }
    let mut input = Neighbourhood::from_world(&world, ChunkPos::new(0, 0, 0));
    for (leaves, faces, pass) in [
        (Leaves::Fancy, 27 * 6, Pass::Cutout),
        (Leaves::Fast, 9 * 6, Pass::Opaque),
    ] {
        input.set_leaves(leaves);
        let mut quads = Vec::new();
        mesh_region_with(
            input.blocks(),
            input.lights(),
            [PADDED - 2; 3],
            leaves,
            &mut quads,
        );
        assert_faces(&quads, faces);
        assert!(quads.iter().all(|q| q.pass == pass), "{leaves:?}");
    }
}

#[test]
fn the_mesher_finds_what_sight_does_through_the_blocks() {
    // Terrain with caves, surface and trees: meshing reads cave culling's open cells from
    // its own row masks, and must find the graph and openings the blocks give.
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = BlockPos::containing(generator.spawn_point()).chunk();
    let mut world = World::new(generator);
    for column in spawn.column().around(1) {
        world.load_column(column);
    }
    let mut mesh = ChunkMesh::default();
    for y in 0..hewn_core::world::coords::WORLD_HEIGHT_CHUNKS {
        let input = Neighbourhood::from_world(&world, ChunkPos::new(spawn.x, y, spawn.z));
        let expected = Sight::of(&input);
        mesh.build(&input);
        assert_eq!(mesh.sight, expected, "chunk y {y}");
        mesh.build_unmerged(&input);
        assert_eq!(mesh.sight, expected, "chunk y {y}, unmerged");
    }
}
