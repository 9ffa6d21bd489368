//! Auto-jump: walking into a step one block high jumps onto it, as Minecraft's option does.
//!
//! It is a rule about input, not a law of motion: the client, where the player turned it
//! on, presses jump for the tick the rule says, and the server and every replay see a plain
//! jump. A scenario's player with `auto_jump = true` has its inputs put through the same
//! rule ([`wants_jump`]), so a test plays exactly what the game would send.

use glam::DVec3;

use super::player::wish_direction;
use super::tuning::STEP_HEIGHT;
use super::{Body, Control, Controls};
use crate::aabb::CONTACT_EPSILON;
use crate::world::BlockSource;

/// How far ahead of the body the rule looks for a step: a little more than a sprinting
/// tick's move, so the jump comes as the body meets the step, not a tick late.
const LOOK_AHEAD: f64 = 0.3;

/// The height of the step the rule jumps onto: one block.
const STEP: f64 = 1.0;

/// Whether a body walking with `controls` towards `yaw` should jump this tick: it stands on
/// the ground, walks (not flying, sneaking or already jumping), and just ahead a step too
/// high to walk onto (above [`STEP_HEIGHT`]) and no higher than a block stands in its way,
/// with room for the body on top of it and above where it stands.
#[must_use]
pub fn wants_jump(world: &impl BlockSource, body: &Body, controls: Controls, yaw: f64) -> bool {
    if !body.on_ground
        || body.flying
        || controls.held(Control::Sneak)
        || controls.held(Control::Jump)
    {
        return false;
    }
    let wish = wish_direction(yaw, controls);
    if wish == glam::DVec2::ZERO {
        return false;
    }
    let at = |offset: DVec3| {
        let mut moved = *body;
        moved.position += offset;
        moved.intersects_world(world, CONTACT_EPSILON)
    };
    let ahead = DVec3::new(wish.x, 0.0, wish.y) * LOOK_AHEAD;
    let up = DVec3::Y * (STEP + CONTACT_EPSILON);
    at(ahead)
        && at(ahead + DVec3::Y * (STEP_HEIGHT + CONTACT_EPSILON))
        && !at(ahead + up)
        && !at(up)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::{Block, BlockPos, World};
    use crate::worldgen::{Generator, GeneratorKind};

    /// A stone floor at y 63 with `block` at (0, 64, -1), and a body standing at
    /// (0.5, 64, 0.35), 0.05 from it, facing it (north).
    fn step_of(block: Block, above: Option<Block>) -> (World, Body) {
        let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
        let floor = BlockPos::cells_between(BlockPos::new(-3, 63, -3), BlockPos::new(3, 63, 3));
        world.set_blocks(floor.map(|p| (p, Block::STONE)));
        world.set_block(BlockPos::new(0, 64, -1), block);
        if let Some(b) = above {
            world.set_block(BlockPos::new(0, 65, -1), b);
        }
        let mut body = Body::new(DVec3::new(0.5, 64.0, 0.3 + 0.05));
        body.on_ground = true;
        (world, body)
    }

    const FORWARD: Controls = Controls::NONE.with(Control::Forward);

    #[test]
    fn a_block_ahead_is_jumped_onto_and_nothing_else_is() {
        let (world, body) = step_of(Block::STONE, None);
        assert!(wants_jump(&world, &body, FORWARD, 0.0));
        // Walking away from it, standing, sneaking or flying: no jump.
        assert!(!wants_jump(&world, &body, FORWARD, 180.0));
        assert!(!wants_jump(&world, &body, Controls::NONE, 0.0));
        let sneaking = FORWARD.with(Control::Sneak);
        assert!(!wants_jump(&world, &body, sneaking, 0.0));
        let mut flying = body;
        flying.flying = true;
        assert!(!wants_jump(&world, &flying, FORWARD, 0.0));
        // A wall two blocks high, a slab walked onto, and air: no jump.
        let (wall, body) = step_of(Block::STONE, Some(Block::STONE));
        assert!(!wants_jump(&wall, &body, FORWARD, 0.0));
        let (slab, body) = step_of(Block::STONE_SLAB, None);
        assert!(!wants_jump(&slab, &body, FORWARD, 0.0));
        let (open, body) = step_of(Block::AIR, None);
        assert!(!wants_jump(&open, &body, FORWARD, 0.0));
    }
}
