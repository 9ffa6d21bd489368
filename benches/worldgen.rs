//! Worldgen benchmarks: how long one chunk takes to generate, on one thread.
//!
//! The terrain budget is 1 ms for a chunk at the surface, the kind the player sees most and
//! the only one with every pass (ground, sea, caves and trees); sky chunks return at once.
//! The chunk under it is the other costly kind: caves through all of its height.

#![expect(
    missing_docs,
    reason = "criterion_group! defines an undocumented pub fn"
)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::IVec3;
use hewn::world::BlockPos;
use hewn::worldgen::Terrain;

fn terrain_chunk(c: &mut Criterion) {
    let terrain = Terrain::new(0x5eed);
    // The chunk the player spawns in always holds the surface.
    let surface = BlockPos::containing(terrain.spawn_point()).chunk();
    c.bench_function("terrain chunk", |b| {
        b.iter(|| terrain.generate(black_box(surface)));
    });
    let below = surface.offset(IVec3::NEG_Y);
    c.bench_function("terrain chunk underground", |b| {
        b.iter(|| terrain.generate(black_box(below)));
    });
}

criterion_group!(benches, terrain_chunk);
criterion_main!(benches);
