//! The cost of a tick in which a flood spreads: a 32 × 32 pool of 1024 water sources on a
//! flat world, measured in the ticks its water updates run (every 15 ticks: tick 15, when
//! all 1024 sources update and the first ring of flowing water appears, and the ticks of
//! the later rings); and the cost of a tick with 100 and 1000 blocks of sand falling (1000 is
//! as many as may fall at once). Run with `cargo bench --bench water`.

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use glam::DVec3;
use hewn_core::sim::{Input, Simulation, Start};
use hewn_core::world::{Block, BlockPos, ColumnPos};
use hewn_core::worldgen::GeneratorKind;

/// The pool, run up to (not including) tick `tick`, with the columns around it loaded, as
/// the game has them around the player (a column generated in the tick measured would cost
/// more than the water).
fn flood_before(tick: u64) -> Simulation {
    let mut start = Start::new_world(GeneratorKind::Flat, 1);
    start.player_mut().expect("one player").position = DVec3::new(0.5, 64.0, -20.5);
    for column in ColumnPos::new(0, 0).around(2) {
        start.world.load_column(column);
    }
    start.world.set_blocks(
        BlockPos::cells_between(BlockPos::new(0, 64, 0), BlockPos::new(31, 64, 31))
            .map(|p| (p, Block::WATER)),
    );
    let mut sim = Simulation::new(start);
    for _ in 0..tick {
        sim.tick(&Input::default());
    }
    sim
}

fn tick_with_a_flood(c: &mut Criterion) {
    let mut group = c.benchmark_group("tick with a 1024-cell flood spreading");
    let input = Input::default();
    for tick in [15, 30, 60, 105] {
        let sim = flood_before(tick);
        group.bench_with_input(BenchmarkId::new("tick", tick), &tick, |b, _| {
            b.iter_batched_ref(|| sim.clone(), |s| s.tick(&input), BatchSize::LargeInput);
        });
    }
    group.finish();
}

/// A flat world with `n` sand blocks in the air, in layers of 10 × 10 two blocks apart, all
/// falling, measured in their tenth tick.
fn sand_falling(n: usize) -> Simulation {
    let mut start = Start::new_world(GeneratorKind::Flat, 1);
    start.player_mut().expect("one player").position = DVec3::new(0.5, 64.0, -20.5);
    for column in ColumnPos::new(0, 0).around(1) {
        start.world.load_column(column);
    }
    start.world.set_blocks((0..n).map(|i| {
        let (x, z, layer) = (i % 10, (i / 10) % 10, i / 100);
        let pos = BlockPos::new(2 * x as i32, 100 + 2 * layer as i32, 2 * z as i32);
        (pos, Block::SAND)
    }));
    let mut sim = Simulation::new(start);
    for _ in 0..10 {
        sim.tick(&Input::default());
    }
    assert_eq!(sim.falling().list().len(), n);
    sim
}

fn tick_with_falling_sand(c: &mut Criterion) {
    let mut group = c.benchmark_group("tick with sand falling");
    let input = Input::default();
    for n in [100, 1000] {
        let sim = sand_falling(n);
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter_batched_ref(|| sim.clone(), |s| s.tick(&input), BatchSize::LargeInput);
        });
    }
    group.finish();
}

criterion_group!(benches, tick_with_a_flood, tick_with_falling_sand);
criterion_main!(benches);
