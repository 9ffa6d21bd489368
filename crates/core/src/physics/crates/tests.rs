use super::*;
use crate::world::{Block, BlockPos, SparseWorld};

fn unit_crate(x: f64, y: f64, z: f64) -> Crate {
    Crate::new(DVec3::new(x, y, z), DVec3::ONE)
}

/// Metareal's worked example: A moves 4 right; C is 1 away; B is 2 away with a wall 1 beyond
/// it. A moves 3, C moves 2, B moves 1.
#[test]
fn metareals_worked_example() {
    let mut world = SparseWorld::new();
    // B spans x = 2..3; the wall one block beyond it starts at x = 4.
    world.fill(
        BlockPos::new(4, 3, -5),
        BlockPos::new(4, 3, 5),
        Block::STONE,
    );
    // A: a tall box from x = -1 to 0; C (low, 1 away) and B (high, 2 away).
    let a = Aabb::new(DVec3::new(-1.0, 0.0, -0.5), DVec3::new(0.0, 4.0, 0.5));
    let mut crates = Crates::new(vec![unit_crate(1.5, 0.0, 0.0), unit_crate(2.5, 3.0, 0.0)]);
    let moved = crates.push(&world, Mover::Body(a), Axis::X, 4.0, &[]);
    assert_eq!(moved, 3.0);
    assert_eq!(crates.list()[0].position.x, 3.5, "C moved 2");
    assert_eq!(crates.list()[1].position.x, 3.5, "B moved 1");
}

#[test]
fn a_chain_of_ten_stops_at_a_wall_together() {
    let mut world = SparseWorld::new();
    world.fill(
        BlockPos::new(20, 0, -2),
        BlockPos::new(20, 3, 2),
        Block::STONE,
    );
    let chain: Vec<Crate> = (0..10)
        .map(|i| unit_crate(2.5 + f64::from(i), 0.0, 0.0))
        .collect();
    let mut crates = Crates::new(chain);
    let pusher = Aabb::new(DVec3::new(1.4, 0.0, -0.3), DVec3::new(2.0, 1.8, 0.3));
    let moved = crates.push(&world, Mover::Body(pusher), Axis::X, 50.0, &[]);
    // The front crate's far face goes from x = 12 to the wall at 20.
    assert_eq!(moved, 8.0);
    for (i, c) in crates.list().iter().enumerate() {
        assert_eq!(c.position.x, 10.5 + f64::from(u32::try_from(i).unwrap()));
    }
}

#[test]
fn a_squeezed_crate_stops_the_pusher() {
    let mut world = SparseWorld::new();
    world.set(BlockPos::new(3, 0, 0), Block::STONE);
    let mut crates = Crates::new(vec![unit_crate(2.5, 0.0, 0.5)]);
    let pusher = Aabb::new(DVec3::new(1.4, 0.0, 0.2), DVec3::new(2.0, 1.8, 0.8));
    assert_eq!(
        crates.push(&world, Mover::Body(pusher), Axis::X, 1.0, &[]),
        0.0
    );
    assert_eq!(crates.list()[0].position.x, 2.5);
}

#[test]
fn crates_beside_the_path_are_left_alone() {
    let world = SparseWorld::new();
    let mut crates = Crates::new(vec![unit_crate(2.5, 0.0, 1.5)]);
    // The pusher's side is flush with the crate's side: touching, not in the way.
    let pusher = Aabb::new(DVec3::new(0.0, 0.0, 0.0), DVec3::new(1.0, 1.0, 1.0));
    assert_eq!(
        crates.push(&world, Mover::Body(pusher), Axis::X, 5.0, &[]),
        5.0
    );
    assert_eq!(crates.list()[0].position.x, 2.5);
}

#[test]
fn crates_fall_and_stack() {
    let mut world = SparseWorld::new();
    world.fill(
        BlockPos::new(-3, -1, -3),
        BlockPos::new(3, -1, 3),
        Block::STONE,
    );
    let mut crates = Crates::new(vec![unit_crate(0.5, 5.0, 0.5), unit_crate(0.7, 2.0, 0.4)]);
    let far_player = Aabb::new(DVec3::splat(100.0), DVec3::splat(101.0));
    for _ in 0..240 {
        crates.tick(&world, &[far_player]);
    }
    let (top, bottom) = (crates.list()[0], crates.list()[1]);
    assert_eq!(bottom.position.y, 0.0);
    assert_eq!(top.position.y, 1.0);
    assert!(top.on_ground && bottom.on_ground);
    assert_eq!(top.velocity, DVec3::ZERO);
}

#[test]
fn a_crate_falling_on_the_player_rests_on_their_head() {
    let world = SparseWorld::new();
    let mut crates = Crates::new(vec![unit_crate(0.5, 5.0, 0.5)]);
    let player = Aabb::new(DVec3::new(0.2, 0.0, 0.2), DVec3::new(0.8, 1.8, 0.8));
    for _ in 0..120 {
        crates.tick(&world, &[player]);
    }
    assert_eq!(crates.list()[0].position.y, 1.8);
}
