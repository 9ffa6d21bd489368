//! Costs of the per-tick simulation work: one player tick in generated terrain, and one
//! reach-5 pick. Run with `cargo bench --bench physics`.

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::DVec3;
use hewn_core::physics::tuning::REACH;
use hewn_core::physics::{Body, Control, Controls};
use hewn_core::raycast::cast;
use hewn_core::sim::Start;
use hewn_core::world::World;
use hewn_core::worldgen::GeneratorKind;

/// A terrain world with the chunks around spawn loaded, and a player sprinting there.
fn sprinting_in_terrain() -> (World, Body) {
    let Start {
        mut world, players, ..
    } = Start::new_world(GeneratorKind::Terrain, 7);
    let mut player = players.list()[0].body;
    world.load_region(player.bounds().inflated(40.0));
    player.velocity = DVec3::new(4.0, -0.5, 3.0);
    player.on_ground = true;
    player.yaw = 53.0;
    (world, player)
}

fn player_tick(c: &mut Criterion) {
    let (world, player) = sprinting_in_terrain();
    let controls: Controls = [Control::Forward, Control::Sprint, Control::Jump]
        .into_iter()
        .collect();
    c.bench_function("player tick in terrain", |b| {
        b.iter(|| {
            let mut p = black_box(player);
            p.tick(&world, controls);
            p
        });
    });
}

fn pick(c: &mut Criterion) {
    let (world, player) = sprinting_in_terrain();
    let eye = player.eye();
    // Looking down and ahead, the usual way one looks at the block to dig.
    let direction = hewn_core::physics::look_direction(53.0, -35.0);
    assert!(
        cast(&world, eye, direction, REACH).is_some(),
        "the bench must hit something"
    );
    c.bench_function("reach-5 pick", |b| {
        b.iter(|| cast(&world, black_box(eye), black_box(direction), REACH));
    });
    let up = hewn_core::physics::look_direction(53.0, 10.0);
    c.bench_function("reach-5 pick, miss", |b| {
        b.iter(|| cast(&world, black_box(eye), black_box(up), REACH));
    });
}

criterion_group!(benches, player_tick, pick);
criterion_main!(benches);
