//! A new player: standing at the world's spawn point, facing its most open view, so that a
//! new world opens on land or sea stretching away rather than on a tree an arm's length off.

use glam::DVec3;

use crate::aabb::Aabb;
use crate::physics::Body;
use crate::physics::player::look_direction;
use crate::raycast;
use crate::world::World;

/// How far a look is followed, in blocks: beyond this a view counts as open.
const VIEW: f64 = 40.0;
/// Headings tried, evenly around the compass from north.
const HEADINGS: u32 = 16;
/// Pitches each heading is looked along, in degrees: the horizon and a little below it,
/// where the ground ahead is.
const PITCHES: [f64; 2] = [0.0, -10.0];

/// A player standing at `spawn` (the generator's spawn point) in `world`, looking level
/// along its most open heading. Loads the columns the looks cross.
#[must_use]
pub fn new_player(world: &mut World, spawn: DVec3) -> Body {
    let mut player = Body::new(spawn);
    player.set_look(open_heading(world, player.eye()), 0.0);
    player
}

/// The heading (yaw, degrees clockwise from north) along which the view from `eye` runs
/// farthest before a block stops it, summed over [`PITCHES`]; the first such heading from
/// north if several tie, so the choice is a pure function of the world.
#[must_use]
pub fn open_heading(world: &mut World, eye: DVec3) -> f64 {
    let reach = DVec3::splat(VIEW);
    world.load_region(Aabb::new(eye - reach, eye + reach));
    let mut best = (0.0, f64::NEG_INFINITY);
    for step in 0..HEADINGS {
        let yaw = f64::from(step) * 360.0 / f64::from(HEADINGS);
        let open: f64 = PITCHES
            .iter()
            .map(|&pitch| {
                let direction = look_direction(yaw, pitch);
                raycast::cast(world, eye, direction, VIEW).map_or(VIEW, |hit| hit.distance)
            })
            .sum();
        if open > best.1 {
            best = (yaw, open);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::{Block, BlockPos, BlockSource};
    use crate::worldgen::{Generator, GeneratorKind};

    #[test]
    fn on_a_plain_walled_on_three_sides_the_player_faces_the_open_side() {
        let generator = Generator::new(GeneratorKind::Flat, 0);
        let spawn = generator.spawn_point();
        let mut world = World::new(generator);
        let eye = new_player(&mut world, spawn).eye();
        let at = BlockPos::containing(eye);
        // Walls three blocks away to the north, east and west, of logs the view stops at.
        for d in -3..=3 {
            for h in -1..=1 {
                world.set_block(at.offset(glam::IVec3::new(d, h, -3)), Block::LOG);
                world.set_block(at.offset(glam::IVec3::new(3, h, d)), Block::LOG);
                world.set_block(at.offset(glam::IVec3::new(-3, h, d)), Block::LOG);
            }
        }
        assert_eq!(
            world.block(at.offset(glam::IVec3::new(0, 0, -3))),
            Block::LOG
        );
        let yaw = open_heading(&mut world, eye);
        let facing = look_direction(yaw, 0.0);
        assert!(facing.z > 0.9, "faces south (+z), not yaw {yaw}");
    }

    #[test]
    fn seed_7_opens_on_a_view_longer_than_an_arm() {
        let generator = Generator::new(GeneratorKind::Terrain, 7);
        let spawn = generator.spawn_point();
        let mut world = World::new(generator);
        let player = new_player(&mut world, spawn);
        let ahead = raycast::cast(&world, player.eye(), player.look_direction(), VIEW);
        assert!(
            ahead.is_none_or(|hit| hit.distance > 8.0),
            "the first view is blocked {:.1} blocks ahead",
            ahead.map_or(VIEW, |h| h.distance)
        );
    }
}
