//! Worldgen benchmarks: how long one chunk takes to generate, on one thread.
//!
//! The terrain budget is 250 µs for a chunk at the surface, the kind the player sees most and
//! the only one with every pass (biomes, ground, sea, caves, ores, trees and plants); sky
//! chunks return at once. The chunk under it is the other costly kind: caves through all of
//! its height. The spawn chunk lies on plains; a forest's (the most trees) and a desert's
//! surface chunks are measured too.
//!
//! "new column in single-player" is the CPU time a column costs as it comes into view with
//! the game's own server running: once in the server's world (its tick loads it) and once in
//! the client's (a worker makes it, the frame merges it). "twice" makes it for each world
//! as the game did before a cache was shared; "shared" draws both from one
//! `ColumnCache`, as the game does now.

#![expect(
    missing_docs,
    reason = "criterion_group! defines an undocumented pub fn"
)]

use std::hint::black_box;

use std::sync::Arc;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use glam::IVec3;
use hewn_core::world::light::light_column;
use hewn_core::world::{BlockPos, ChunkPos, ColumnSource, World};
use hewn_core::worldgen::{Biome, Generator, GeneratorKind, Terrain};

/// The surface chunk of the first column of `biome` found along the four axes, 16 blocks
/// apart, within 4096 blocks of the origin.
fn surface_of(terrain: &Terrain, biome: Biome) -> Option<ChunkPos> {
    (0..256)
        .flat_map(|i| [(i * 16, 0), (-i * 16, 0), (0, i * 16), (0, -i * 16)])
        .find(|&(x, z)| terrain.biome(x, z) == biome)
        .map(|(x, z)| BlockPos::new(x, terrain.surface_height(x, z), z).chunk())
}

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
    for (name, biome) in [("forest", Biome::Forest), ("desert", Biome::Desert)] {
        if let Some(chunk) = surface_of(&terrain, biome) {
            c.bench_function(&format!("terrain chunk in a {name}"), |b| {
                b.iter(|| terrain.generate(black_box(chunk)));
            });
        }
    }
}

fn column_in_both_worlds(c: &mut Criterion) {
    let generator = Arc::new(Generator::new(GeneratorKind::Terrain, 0x5eed));
    let column = BlockPos::containing(generator.spawn_point()).column();
    let fresh = || {
        let server = World::with_shared_source(generator.clone());
        let client = World::with_shared_source(generator.clone());
        (server, client)
    };
    c.bench_function("new column in single-player, twice", |b| {
        b.iter_batched(
            fresh,
            |(mut server, mut client)| {
                server.load_column(column);
                let chunks = generator.generate_column(column);
                let light = light_column(&chunks);
                client.insert_column(column, chunks, Some(light));
                (server, client)
            },
            BatchSize::SmallInput,
        );
    });
    c.bench_function("new column in single-player, shared", |b| {
        b.iter_batched(
            || {
                let (mut server, client) = fresh();
                let cache = server.cache_columns(64);
                (server, client, cache)
            },
            |(mut server, mut client, cache)| {
                server.load_column(column);
                let made = cache.column(column);
                client.insert_column(column, made.chunks.clone(), Some(made.light.clone()));
                (server, client)
            },
            BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, terrain_chunk, column_in_both_worlds);
criterion_main!(benches);
