//! The cost of one simulation tick with 1, 100 and 1000 crates resting on a flat world while
//! the player pushes one of them. Run with `cargo bench --bench crates`.

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use glam::DVec3;
use hewn_core::physics::Control;
use hewn_core::physics::crates::Crate;
use hewn_core::sim::{Input, Simulation, Start};
use hewn_core::worldgen::GeneratorKind;

/// A flat world with `n` crates in a grid two blocks apart, settled, and the player walking
/// into the first one.
fn world_with_crates(n: usize) -> Simulation {
    let mut start = Start::new_world(GeneratorKind::Flat, 1);
    start.player_mut().expect("one player").position = DVec3::new(0.5, 64.0, 0.5);
    start.player_mut().expect("one player").yaw = 90.0;
    let side = (n as f64).sqrt().ceil() as usize;
    start.crates = (0..n)
        .map(|i| {
            let (gx, gz) = ((i % side) as f64, (i / side) as f64);
            Crate::new(DVec3::new(2.5 + 2.0 * gx, 64.0, 0.5 + 2.0 * gz), DVec3::ONE)
        })
        .collect();
    let mut sim = Simulation::new(start);
    for _ in 0..60 {
        sim.tick(&pushing());
    }
    sim
}

fn pushing() -> Input {
    let mut input = Input::default();
    input.controls.set(Control::Forward, true);
    input
}

fn tick_with_crates(c: &mut Criterion) {
    let mut group = c.benchmark_group("tick with crates");
    for n in [1, 100, 1000] {
        let sim = world_with_crates(n);
        let input = pushing();
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter_batched_ref(|| sim.clone(), |s| s.tick(&input), BatchSize::SmallInput);
        });
    }
    group.finish();
}

criterion_group!(benches, tick_with_crates);
criterion_main!(benches);
