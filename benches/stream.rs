//! Loading the whole view, headless: from an empty world to every chunk within render
//! distance 12 around seed 7's spawn generated, lit and meshed, on a worker per core, driven
//! by the game's own [`Streamer`] as a frame loop would (its copies for meshing jobs, its
//! light merges and its queue), with nothing drawn. The wall time is what a player with an
//! infinitely fast GPU would wait for the view.
//!
//! Also prints the view's size and, for scale, the same work done on one thread in a row.

#![expect(
    missing_docs,
    reason = "criterion_group! defines an undocumented pub fn"
)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use glam::DVec3;
use hewn_client::Streamer;
use hewn_core::world::World;
use hewn_core::world::cache::view_capacity;
use hewn_core::worldgen::{Generator, GeneratorKind, SharedTerrain};

const RENDER_DISTANCE: u32 = 12;
const SEED: u64 = 7;

/// Loads the view around the spawn; returns the meshes it made (empty ones included).
fn load_view(generator: &Arc<Generator>, workers: usize) -> usize {
    // A cache of its own each time: the view is generated, not read back.
    let terrain = SharedTerrain::new(generator.clone(), view_capacity(RENDER_DISTANCE));
    let mut world = World::with_shared_source(terrain.columns.clone());
    let mut streamer = Streamer::with_workers(&terrain, RENDER_DISTANCE, workers);
    let feet = generator.spawn_point();
    let heading = DVec3::X;
    let mut meshes = 0;
    loop {
        streamer.update_waiting(
            &mut world.loader(),
            feet,
            heading,
            Duration::from_millis(50),
        );
        while streamer.next_ready().is_some() {
            meshes += 1;
        }
        if streamer.view_complete() {
            return meshes;
        }
    }
}

fn whole_view(c: &mut Criterion) {
    let generator = Arc::new(Generator::new(GeneratorKind::Terrain, SEED));
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    let started = Instant::now();
    let meshes = load_view(&generator, 1);
    println!(
        "render distance {RENDER_DISTANCE}, seed {SEED}: {meshes} meshes made; \
         one worker took {:.2} s",
        started.elapsed().as_secs_f64()
    );
    let mut group = c.benchmark_group("stream");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function(
        format!("view at render distance 12, {cores} workers"),
        |b| {
            b.iter(|| load_view(&generator, cores));
        },
    );
    group.finish();
}

criterion_group!(benches, whole_view);
criterion_main!(benches);
