//! The costliest ticks a scenario can ask for within its limits (README.md, "Limits"): a
//! player of either collider starting at the fastest accepted speed, diagonally into terrain,
//! and 1,000 crates (the most a scenario may have) stacked in one pile, of one size or of
//! the smallest and largest mixed, and 10,000 items thrown at once, of every kind, none of which merge
//! (the world keeps at most `MAX_ITEMS`). Run with `cargo bench --bench hostile`.

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use glam::DVec3;
use hewn_core::physics::PlayerCollider;
use hewn_core::physics::crates::{Crate, MAX_CRATE_SIZE, MIN_CRATE_SIZE};
use hewn_core::sim::survival::{ItemDrop, MAX_ITEMS, Mode, Stack, Survival};
use hewn_core::sim::{Input, Item, Simulation, Start};
use hewn_core::worldgen::GeneratorKind;
use hewn_scenario::{MAX_CRATES, MAX_SPEED};

/// A terrain world with the player at spawn moving at the fastest accepted speed on every
/// axis, down into the ground, with everything the tick reaches loaded.
fn fastest(collider: PlayerCollider) -> Simulation {
    let mut start = Start::new_world(GeneratorKind::Terrain, 7);
    start.player_mut().expect("one player").collider = collider;
    start.player_mut().expect("one player").velocity = DVec3::new(MAX_SPEED, -MAX_SPEED, MAX_SPEED);
    start
        .world
        .load_region(start.player().expect("one player").bounds().inflated(40.0));
    Simulation::new(start)
}

fn fastest_player(c: &mut Criterion) {
    let mut group = c.benchmark_group("fastest player tick");
    for (name, collider) in [
        ("box", PlayerCollider::Box),
        ("cylinder", PlayerCollider::Cylinder),
    ] {
        let sim = fastest(collider);
        let input = Input::default();
        group.bench_function(name, |b| {
            b.iter_batched_ref(|| sim.clone(), |s| s.tick(&input), BatchSize::SmallInput);
        });
    }
    group.finish();
}

/// A flat world with [`MAX_CRATES`] crates of `edge` blocks stacked 10 × 10 × 10, touching,
/// just put down, and the player beside the pile; the columns they stand in are loaded.
fn pile(edge: f64) -> Simulation {
    pile_with(edge, |_| {})
}

/// [`pile`], with `change` made to the crates before the simulation starts.
fn pile_with(edge: f64, change: impl FnOnce(&mut Vec<Crate>)) -> Simulation {
    let mut start = Start::new_world(GeneratorKind::Flat, 1);
    start.player_mut().expect("one player").position = DVec3::new(-3.5, 64.0, 0.5);
    let side = 10;
    assert_eq!(side * side * side, MAX_CRATES);
    let mut crates: Vec<Crate> = (0..MAX_CRATES)
        .map(|i| {
            let (x, y, z) = (i % side, i / side % side, i / (side * side));
            Crate::new(
                DVec3::new(
                    (x as f64 + 0.5) * edge,
                    64.0 + y as f64 * edge,
                    (z as f64 + 0.5) * edge,
                ),
                DVec3::splat(edge),
            )
        })
        .collect();
    change(&mut crates);
    // Generating the columns is the world's cost, not the crates'.
    for c in &crates {
        start.world.load_region(c.bounds().inflated(2.0));
    }
    start.crates = crates;
    Simulation::new(start)
}

fn crate_pile(c: &mut Criterion) {
    let input = Input::default();
    let sim = pile(1.0);
    c.bench_function("1000-crate pile tick", |b| {
        b.iter_batched_ref(|| sim.clone(), |s| s.tick(&input), BatchSize::SmallInput);
    });
    let sim = pile(MIN_CRATE_SIZE);
    c.bench_function("1000-crate pile tick, smallest crates", |b| {
        b.iter_batched_ref(|| sim.clone(), |s| s.tick(&input), BatchSize::SmallInput);
    });
    // Sizes mixed: one crate of the other size must not make the index fit it alone.
    for (edge, odd) in [(1.0, MIN_CRATE_SIZE), (MIN_CRATE_SIZE, 1.0)] {
        let sim = pile_with(edge, |crates| {
            crates[MAX_CRATES - 1] = Crate::new(DVec3::new(20.5, 64.0, 20.5), DVec3::splat(odd));
        });
        let name = format!("1000-crate pile tick, edge {edge} with one of {odd}");
        c.bench_function(&name, |b| {
            b.iter_batched_ref(|| sim.clone(), |s| s.tick(&input), BatchSize::SmallInput);
        });
    }
}

/// A flat world with [`MAX_CRATES`] crates in a 10 × 10 × 10 grid of slots as wide as the
/// largest crate: two in five are cubes of the largest size filling their slot, the others
/// `small` (a size) lying on their slot's floor, so that the sizes are mixed throughout.
fn mixed(small: DVec3) -> Simulation {
    let mut start = Start::new_world(GeneratorKind::Flat, 1);
    start.player_mut().expect("one player").position = DVec3::new(-3.5, 64.0, 0.5);
    let side = 10;
    let slot = MAX_CRATE_SIZE;
    let crates: Vec<Crate> = (0..MAX_CRATES)
        .map(|i| {
            let (x, y, z) = (i % side, i / side % side, i / (side * side));
            let size = if i % 5 < 2 {
                DVec3::splat(MAX_CRATE_SIZE)
            } else {
                small
            };
            let at = DVec3::new(
                (x as f64 + 0.5) * slot,
                64.0 + y as f64 * slot,
                (z as f64 + 0.5) * slot,
            );
            Crate::new(at, size)
        })
        .collect();
    for c in &crates {
        start.world.load_region(c.bounds().inflated(2.0));
    }
    start.crates = crates;
    Simulation::new(start)
}

fn mixed_crates(c: &mut Criterion) {
    let input = Input::default();
    let plate = DVec3::new(MAX_CRATE_SIZE, MIN_CRATE_SIZE, MAX_CRATE_SIZE);
    for (name, small) in [
        ("smallest cubes", DVec3::splat(MIN_CRATE_SIZE)),
        ("flat plates", plate),
    ] {
        let sim = mixed(small);
        let name = format!("1000 crates tick, largest cubes mixed with {name}");
        c.bench_function(&name, |b| {
            b.iter_batched_ref(|| sim.clone(), |s| s.tick(&input), BatchSize::SmallInput);
        });
    }
}

/// A flat survival world with `count` single items just thrown upwards from a square a
/// block apart around the player, each kind a player can carry in turn (neighbours differ,
/// and items of one kind lie too far apart to merge: every item must be compared with its
/// neighbours, and none goes), the columns they fall through loaded.
fn thrown(count: usize) -> Simulation {
    let mut start = Start::new_world(GeneratorKind::Flat, 1);
    let spawn = start.player().expect("one player").position;
    start.survival = Survival::new(Mode::Survival, spawn);
    let side = (count as f64).sqrt().ceil() as usize;
    let kinds = Item::carried();
    for i in 0..count {
        let (x, z) = ((i % side) as f64, (i / side) as f64);
        let at = DVec3::new(
            x - side as f64 / 2.0 + 0.5,
            66.0,
            z - side as f64 / 2.0 + 0.5,
        );
        let kind = kinds[i % kinds.len()];
        let item = ItemDrop::new(Stack::new(kind, 1), at, DVec3::new(0.0, 3.0, 0.0));
        start.world.load_region(item.bounds().inflated(2.0));
        start.survival.drops.add(item);
    }
    Simulation::new(start)
}

fn thrown_items(c: &mut Criterion) {
    let input = Input::default();
    let sim = thrown(10_000);
    c.bench_function("10000 items thrown, first tick", |b| {
        b.iter_batched_ref(|| sim.clone(), |s| s.tick(&input), BatchSize::SmallInput);
    });
    // Two seconds later the world holds its cap, fallen and lying still.
    let mut settled = sim;
    for _ in 0..120 {
        settled.tick(&input);
    }
    assert_eq!(settled.survival().drops.list().len(), MAX_ITEMS);
    c.bench_function("items at the world's cap, lying, tick", |b| {
        b.iter_batched_ref(
            || settled.clone(),
            |s| s.tick(&input),
            BatchSize::SmallInput,
        );
    });
}

criterion_group!(
    benches,
    fastest_player,
    crate_pile,
    mixed_crates,
    thrown_items
);
criterion_main!(benches);
