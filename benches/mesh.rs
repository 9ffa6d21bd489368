//! Meshing one 32³ chunk of terrain that holds the surface (the common, expensive case: ground,
//! air and everything in between), with ambient occlusion and light, merged greedily and with
//! one quad per face; with light left to the shader; and the visibility graph from the blocks
//! alone, and with the openings of the chunk's faces; and re-sorting the translucent quads of a
//! chunk of open sea, which the renderer does for the chunks near the eye each time it moves
//! into another block, in the worst case of a surface whose faces stay single (in daylight it
//! merges).
//!
//! Then the comparison: the 64 non-empty chunks nearest seed 7's spawn, meshed by hewn (merged,
//! and with one quad per face), by block-mesh-rs (`visible_block_faces` and `greedy_quads`) and
//! by binary-greedy-meshing (`fast_mesh`), each from its own input made beforehand. Before
//! criterion measures each, the meshers take turns over the chunks for a number of rounds in
//! one process, so that they share the machine's state, and a table of median µs and quads per
//! chunk, with ratios to hewn's, is printed.
//!
//! `cargo bench --bench mesh`.

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]

#[path = "mesh/compare.rs"]
mod compare;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::{IVec3, Vec3};
use hewn_core::world::{Block, BlockPos, CHUNK_SIZE, ChunkPos, WORLD_HEIGHT, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::{ChunkMesh, Neighbourhood, Shading, Sight, TranslucentQuads, Visibility};

/// Of the chunks in the spawn column, the one with the most faces: the one the surface
/// runs through.
fn surface_chunk() -> Neighbourhood {
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = BlockPos::containing(generator.spawn_point()).chunk();
    let mut world = World::new(generator);
    let mut best = (0, Neighbourhood::new());
    let mut mesh = ChunkMesh::default();
    for column in spawn.column().around(1) {
        world.load_column(column);
    }
    for y in 0..WORLD_HEIGHT / CHUNK_SIZE {
        let centre = ChunkPos::new(spawn.x, y, spawn.z);
        let input = Neighbourhood::from_world(&world, centre);
        mesh.build(&input);
        if mesh.vertices.len() > best.0 {
            best = (mesh.vertices.len(), input);
        }
    }
    best.1
}

fn bench(c: &mut Criterion) {
    let input = surface_chunk();
    let mut mesh = ChunkMesh::default();
    mesh.build_unmerged(&input);
    let single = mesh.quad_count();
    mesh.build(&input);
    eprintln!(
        "surface chunk: {} quads merged, {single} with one quad per face ({} opaque, {} \
         cut-out, {} translucent indices merged)",
        mesh.quad_count(),
        mesh.opaque.len(),
        mesh.cutout.len(),
        mesh.translucent.len()
    );
    c.bench_function("mesh 32³ terrain surface chunk", |b| {
        b.iter(|| mesh.build(black_box(&input)));
    });
    c.bench_function("mesh 32³ terrain surface chunk, one quad per face", |b| {
        b.iter(|| mesh.build_unmerged(black_box(&input)));
    });
    // No corners to work out, but a light volume to fill, and faces that all merge.
    let mut sampled = input.clone();
    sampled.set_shading(Shading::Sampled);
    mesh.build(&sampled);
    eprintln!(
        "surface chunk with light in the shader: {} quads",
        mesh.quad_count()
    );
    c.bench_function(
        "mesh 32³ terrain surface chunk, light in the shader",
        |b| {
            b.iter(|| mesh.build(black_box(&sampled)));
        },
    );
    // Cave culling's graph from the blocks alone, and with the faces' openings. Meshing
    // pays only for the fill and the openings: it reads the open cells from the row masks it
    // builds anyway.
    c.bench_function("visibility graph of the 32³ terrain surface chunk", |b| {
        b.iter(|| Visibility::of(black_box(&input)));
    });
    c.bench_function(
        "visibility graph and openings of the 32³ terrain surface chunk",
        |b| {
            b.iter(|| Sight::of(black_box(&input)));
        },
    );

    let sea = sea_chunk();
    let quads = TranslucentQuads::new(&sea);
    eprintln!("sea chunk: {} translucent quads", sea.translucent.len() / 6);
    let mut sorted = Vec::new();
    c.bench_function("sort the translucent quads of a sea chunk", |b| {
        b.iter(|| quads.sorted_indices(black_box(Vec3::new(3.5, 40.0, -2.5)), &mut sorted));
    });
}

/// The mesh of a chunk of sea (sand at the bottom, water above, water in the neighbours
/// around), with one quad per face: 1024 water surface quads.
fn sea_chunk() -> ChunkMesh {
    let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
    let floor = ChunkPos::new(0, 1, 0).min_block();
    let around = -1..=CHUNK_SIZE;
    for (x, z) in around
        .clone()
        .flat_map(|x| around.clone().map(move |z| (x, z)))
    {
        for y in 0..CHUNK_SIZE {
            let block = if y == 0 { Block::SAND } else { Block::WATER };
            world.set_block(floor.offset(IVec3::new(x, y, z)), block);
        }
    }
    let mut mesh = ChunkMesh::default();
    mesh.build_unmerged(&Neighbourhood::from_world(&world, ChunkPos::new(0, 1, 0)));
    mesh
}

criterion_group!(benches, bench, compare::bench);
criterion_main!(benches);
