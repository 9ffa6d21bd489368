use glam::DVec3;

use super::*;
use crate::physics::{Control, PlayerCollider};
use crate::world::{Block, BlockPos};
use crate::worldgen::GeneratorKind;

/// Whether the first player is inside a solid.
fn inside(sim: &Simulation) -> bool {
    sim.inside_solid(&sim.players.list()[0].body)
}

fn flat_at(position: DVec3) -> Simulation {
    let mut sim = Simulation::new(Start::new_world(GeneratorKind::Flat, 3));
    sim.players.body_mut(0).position = position;
    sim
}

#[test]
fn runs_are_reproducible_to_the_hash() {
    let run = || {
        let mut sim = Simulation::new(Start::new_world(GeneratorKind::Terrain, 99));
        let mut input = Input::default();
        input.controls.set(Control::Forward, true);
        input.controls.set(Control::Jump, true);
        for t in 0..200 {
            input.yaw = Some(f64::from(t) * 3.0);
            input.actions = if t % 50 == 0 {
                vec![Action::Break]
            } else {
                Vec::new()
            };
            sim.tick(&input);
        }
        sim.hash()
    };
    assert_eq!(run(), run());
}

#[test]
fn the_hash_covers_player_and_edits() {
    let base = flat_at(DVec3::new(0.5, 64.0, 0.5));
    let mut moved = base.clone();
    moved.players.body_mut(0).position.x += 1e-6;
    assert_ne!(base.hash(), moved.hash());
    let mut edited = base.clone();
    edited.world.set_block(BlockPos::new(9, 9, 9), Block::GLASS);
    assert_ne!(base.hash(), edited.hash());
    let mut looked = base.clone();
    looked.players.body_mut(0).yaw = 1.0;
    assert_ne!(base.hash(), looked.hash());
}

#[test]
fn the_collider_switches_only_where_the_other_shape_fits() {
    let mut sim = flat_at(DVec3::new(0.5, 64.0, 0.5));
    assert_eq!(
        sim.act(0, Action::ToggleCollider),
        ActionOutcome::Collider(PlayerCollider::Cylinder)
    );
    // On the corner of a pillar, just beyond where the box would reach into it.
    sim.world.set_block(BlockPos::new(1, 64, 1), Block::STONE);
    sim.players.body_mut(0).position = DVec3::new(0.78, 64.0, 0.78);
    assert!(!inside(&sim), "the disc clears the pillar's edge");
    assert_eq!(
        sim.act(0, Action::ToggleCollider),
        ActionOutcome::Nothing,
        "the box would not"
    );
    sim.players.body_mut(0).position = DVec3::new(0.5, 64.0, 0.5);
    assert_eq!(
        sim.act(0, Action::ToggleCollider),
        ActionOutcome::Collider(PlayerCollider::Box)
    );
}

#[test]
fn toggling_flight_reports_the_new_state() {
    let mut sim = flat_at(DVec3::new(0.5, 64.0, 0.5));
    assert_eq!(sim.act(0, Action::ToggleFly), ActionOutcome::Flying(true));
    assert_eq!(sim.act(0, Action::ToggleFly), ActionOutcome::Flying(false));
}

#[test]
fn looking_at_the_sky_breaks_and_places_nothing() {
    let mut sim = flat_at(DVec3::new(0.5, 64.0, 0.5));
    sim.players.body_mut(0).set_look(0.0, 90.0);
    assert_eq!(sim.act(0, Action::Break), ActionOutcome::Nothing);
    assert_eq!(
        sim.act(0, Action::Place(Block::STONE)),
        ActionOutcome::Nothing
    );
    assert_eq!(sim.world.edit_count(), 0);
}

#[test]
fn placing_outside_the_world_or_into_the_head_is_refused() {
    let mut sim = flat_at(DVec3::new(0.5, 254.0, 0.5));
    sim.world.set_block(BlockPos::new(0, 255, 0), Block::STONE);
    sim.players.body_mut(0).set_look(0.0, 90.0);
    // The ray hits the bottom of the block at y = 255; the cell in front, y = 254, holds
    // the player's head.
    sim.players.body_mut(0).position.y = 252.5;
    assert_eq!(
        sim.act(0, Action::Place(Block::GLASS)),
        ActionOutcome::Nothing
    );
    sim.players.body_mut(0).position.y = 252.0;
    assert_eq!(
        sim.act(0, Action::Place(Block::GLASS)),
        ActionOutcome::Placed(BlockPos::new(0, 254, 0))
    );
    assert!(!sim.can_place(BlockPos::new(0, 256, 0), Block::STONE));
    assert!(!sim.can_place(BlockPos::new(0, -1, 0), Block::STONE));
}

#[test]
fn blocks_are_placed_into_water_but_not_into_solids() {
    let mut sim = flat_at(DVec3::new(0.5, 64.0, 0.5));
    let cell = BlockPos::new(3, 64, 0);
    sim.world.set_block(cell, Block::WATER);
    assert!(sim.can_place(cell, Block::STONE));
    sim.world.set_block(cell, Block::PLANKS);
    assert!(!sim.can_place(cell, Block::STONE));
}

#[test]
fn a_block_filled_into_the_player_lifts_them_out() {
    let mut sim = flat_at(DVec3::new(0.5, 64.0, 0.5));
    sim.world.set_block(BlockPos::new(0, 64, 0), Block::STONE);
    assert!(inside(&sim));
    sim.tick(&Input::default());
    assert!(!inside(&sim));
    assert_eq!(sim.players.body_mut(0).position.y, 65.0);
}
