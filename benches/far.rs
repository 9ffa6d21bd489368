//! Far-view benchmarks: what a coarse section costs, on one thread.
//!
//! The budget is 1 ms for a section made straight from the generator at every level: the far
//! view has thousands of them, and their cost must not grow with the 8^k blocks a level-k
//! section covers. Sections are measured at the spawn's surface (plains) and over the
//! highest mountain found near it, at levels 1 to 7. The real-block paths are measured too:
//! downsampling a chunk into a level-1 section, carrying an edit up seven levels, and meshing
//! a section.

#![expect(
    missing_docs,
    reason = "criterion_group! defines an undocumented pub fn"
)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hewn_core::world::coarse::{CoarseSection, Pyramid, SectionPos};
use hewn_core::world::{Block, BlockPos, BlockSource, ChunkPos, SparseWorld};
use hewn_core::worldgen::Terrain;
use hewn_mesh::{ChunkMesh, mesh_coarse};

/// The column with the highest ground among those 64 blocks apart within 2048 blocks of
/// the origin.
fn mountain(terrain: &Terrain) -> BlockPos {
    let mut best = BlockPos::new(0, 0, 0);
    for i in -32..32 {
        for j in -32..32 {
            let (x, z) = (i * 64, j * 64);
            let h = terrain.surface_height(x, z);
            if h > best.y {
                best = BlockPos::new(x, h, z);
            }
        }
    }
    best
}

fn generated(c: &mut Criterion) {
    let terrain = Terrain::new(0x5eed);
    let spawn = BlockPos::containing(terrain.spawn_point());
    let peak = mountain(&terrain);
    let mut group = c.benchmark_group("coarse section");
    for (name, at) in [("spawn", spawn), ("mountain", peak)] {
        for level in 1..=7 {
            let pos = SectionPos::containing(level, BlockPos::new(at.x, at.y.min(120), at.z));
            group.bench_with_input(BenchmarkId::new(name, level), &pos, |b, &pos| {
                b.iter(|| terrain.coarse_section(black_box(pos)));
            });
        }
    }
    group.finish();
}

fn from_blocks(c: &mut Criterion) {
    let terrain = Terrain::new(0x5eed);
    let surface = BlockPos::containing(terrain.spawn_point()).chunk();
    let chunk = terrain.generate(surface);
    c.bench_function("downsample chunk", |b| {
        b.iter(|| {
            let pos = SectionPos::of_chunk(1, surface);
            let mut section = CoarseSection::filled(pos, Block::AIR);
            section.replace_octant(SectionPos::of_chunk(0, surface).octant(), black_box(&chunk));
            section
        });
    });
    // A tower's block carried up seven levels, alternately placed and taken away so that
    // every level changes each time.
    let mut pyramid = Pyramid::new(7);
    pyramid.add_chunk(surface, &chunk, &terrain);
    let top = BlockPos::new(surface.x * 32 + 5, 250, surface.z * 32 + 5);
    pyramid.add_chunk(
        ChunkPos::new(surface.x, 7, surface.z),
        &terrain.generate(top.chunk()),
        &terrain,
    );
    let mut world = SparseWorld::new();
    let mut placed = false;
    c.bench_function("edit up seven levels", |b| {
        b.iter(|| {
            placed = !placed;
            world.set(top, if placed { Block::BRICKS } else { Block::AIR });
            let changed = pyramid.edit(black_box(top), &world as &dyn BlockSource, &terrain);
            debug_assert_eq!(changed.len(), 7);
            changed
        });
    });
}

fn meshing(c: &mut Criterion) {
    let terrain = Terrain::new(0x5eed);
    let peak = mountain(&terrain);
    let mut mesh = ChunkMesh::default();
    let mut group = c.benchmark_group("mesh coarse");
    for level in [1, 4] {
        let pos = SectionPos::containing(level, BlockPos::new(peak.x, 120, peak.z));
        let section = terrain.coarse_section(pos);
        let around = hewn_core::world::Face::ALL.map(|f| terrain.coarse_section(pos.neighbour(f)));
        let neighbours = std::array::from_fn(|i| Some(&around[i]));
        mesh_coarse(&section, &neighbours, &mut mesh);
        println!("mesh coarse level {level}: {} quads", mesh.quad_count());
        group.bench_with_input(BenchmarkId::from_parameter(level), &section, |b, s| {
            b.iter(|| mesh_coarse(black_box(s), &neighbours, &mut mesh));
        });
    }
    group.finish();
}

criterion_group!(benches, generated, from_blocks, meshing);
criterion_main!(benches);
