//! A scenario's `[[update]]` and `[[falling]]` tables: the water and sand updates waiting
//! and the blocks falling at tick 0, which a recording writes so that a session recorded
//! half-way through a flood or a landslide replays exactly.

use glam::DVec3;

use super::limits::{self, MAX_UPDATES};
use super::raw::{RawFalling, RawUpdate};
use super::{ScenarioError, block_value, invalid, tick_value, vector};
use hewn_core::physics::falling::{FallingBlock, MAX_FALLING};
use hewn_core::sim::updates::Motion;
use hewn_core::world::{BlockPos, WORLD_HEIGHT};

/// Checks the tables and makes the motion they describe.
pub(super) fn parse(
    updates: &[RawUpdate],
    falling: &[RawFalling],
) -> Result<Motion, ScenarioError> {
    limits::count("update", updates.len(), MAX_UPDATES)?;
    limits::count("falling", falling.len(), MAX_FALLING)?;
    let mut motion = Motion::default();
    for (i, u) in updates.iter().enumerate() {
        let key = format!("update[{i}].pos");
        limits::cell_inside_border(&key, u.pos)?;
        if !(0..WORLD_HEIGHT).contains(&u.pos[1]) {
            return Err(invalid(
                key,
                format!("y = {} is outside the world", u.pos[1]),
            ));
        }
        let due = tick_value(&format!("update[{i}].due"), u.due)?;
        motion
            .updates
            .push((due, BlockPos::new(u.pos[0], u.pos[1], u.pos[2])));
    }
    for (i, f) in falling.iter().enumerate() {
        let key = |k: &str| format!("falling[{i}].{k}");
        let block = block_value(&key("block"), &f.block)?;
        if !block.falls() {
            return Err(invalid(key("block"), format!("{block} does not fall")));
        }
        let position = vector(&key("position"), f.position)?;
        let velocity = DVec3::new(0.0, f.velocity, 0.0);
        if !limits::body_in_limits(position, DVec3::splat(0.5), velocity) {
            return Err(invalid(
                key("position"),
                "outside the world's border or limits, or too fast".to_owned(),
            ));
        }
        motion.falling.push(FallingBlock {
            block,
            position,
            velocity: f.velocity,
        });
    }
    Ok(motion)
}
