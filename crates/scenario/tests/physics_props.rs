//! Property tests of the physics invariants over thousands of random worlds, starting points,
//! speeds up to 500 blocks per second and input sequences:
//! the player never ends a tick inside a solid, nothing becomes NaN, and no tick moves the
//! player further than its velocity allows.

use hewn_testing::FirstBody;

use glam::DVec3;
use hewn_core::aabb::Aabb;
use hewn_core::physics::sweep::move_among;
use hewn_core::physics::tuning::{STEP_HEIGHT, TICK_SECONDS};
use hewn_core::physics::{Body, Controls, intersects_world};
use hewn_core::sim::{Simulation, Start};
use hewn_core::world::{Block, BlockPos, SparseWorld};
use hewn_core::worldgen::GeneratorKind;
use proptest::prelude::*;

/// Overlap that counts as "inside", as in the scenario output.
const INSIDE: f64 = 1e-6;

/// A world of random blocks (stone, slabs, glass, water, air) in a 16³ region around the
/// origin, over a stone floor, with the cells around `clear` left empty.
fn random_world(seed: u64, density: u32, clear: DVec3) -> SparseWorld {
    let mut w = SparseWorld::new();
    let mut s = seed | 1;
    for x in -8..8 {
        for y in -8..8 {
            for z in -8..8 {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                let roll = (s % 100) as u32;
                let block = if roll >= density {
                    Block::AIR
                } else {
                    [Block::STONE, Block::STONE_SLAB, Block::GLASS, Block::WATER]
                        [(s >> 40) as usize % 4]
                };
                w.set(BlockPos::new(x, y, z), block);
            }
        }
    }
    w.fill(
        BlockPos::new(-40, -9, -40),
        BlockPos::new(40, -9, 40),
        Block::STONE,
    );
    let body = hewn_core::physics::player_box(clear);
    let (min, max) = (
        BlockPos::containing(body.min),
        BlockPos::containing(body.max),
    );
    w.fill(min, max, Block::AIR);
    w
}

fn velocity() -> impl Strategy<Value = DVec3> {
    (-1.0f64..1.0, -1.0f64..1.0, -1.0f64..1.0, 0.0f64..500.0)
        .prop_map(|(x, y, z, speed)| DVec3::new(x, y, z).normalize_or_zero() * speed)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn player_never_enters_a_solid(
        seed in any::<u64>(),
        density in 5u32..45,
        start in (-6.0f64..6.0, -7.0f64..5.0, -6.0f64..6.0),
        v0 in velocity(),
        flying in any::<bool>(),
        yaw in 0.0f64..360.0,
        inputs in proptest::collection::vec((any::<u8>(), -30.0f64..30.0), 1..40),
    ) {
        let start = DVec3::new(start.0, start.1, start.2);
        let world = random_world(seed, density, start);
        let mut player = Body::new(start);
        player.velocity = v0;
        player.flying = flying;
        player.yaw = yaw;
        for (bits, turn) in inputs {
            let before = player;
            player.set_look(player.yaw + turn, 0.0);
            player.tick(&world, Controls::from_bits(bits));
            prop_assert!(player.position.is_finite() && player.velocity.is_finite());
            prop_assert!(
                !intersects_world(&world, player.bounds(), INSIDE),
                "inside a solid at {:?} after moving from {:?} at {:?}",
                player.position, before.position, before.velocity
            );
            // Per tick: at most the speed it had plus what one tick of control and gravity
            // adds, plus a step up.
            let allowed = (before.velocity.length() + 25.0) * TICK_SECONDS + STEP_HEIGHT + 1e-9;
            let moved = (player.position - before.position).length();
            prop_assert!(moved <= allowed, "moved {} with at most {} allowed", moved, allowed);
        }
    }

    /// The sweep on its own: whatever fixed boxes and motion, the mover never ends up
    /// intersecting one and never moves further along an axis than asked.
    #[test]
    fn sweeps_never_overshoot_or_intersect(
        boxes in proptest::collection::vec(
            ((-4.0f64..4.0, -4.0f64..4.0, -4.0f64..4.0), (0.05f64..3.0, 0.05f64..3.0, 0.05f64..3.0)),
            1..12,
        ),
        size in (0.1f64..3.0, 0.1f64..3.0, 0.1f64..3.0),
        motion in (-20.0f64..20.0, -20.0f64..20.0, -20.0f64..20.0),
    ) {
        let fixed: Vec<Aabb> = boxes
            .iter()
            .map(|&((x, y, z), (w, h, d))| Aabb::new(DVec3::new(x, y, z), DVec3::new(x + w, y + h, z + d)))
            .collect();
        let body = Aabb::new(DVec3::new(-10.0, -10.0, -10.0), DVec3::new(-10.0 + size.0, -10.0 + size.1, -10.0 + size.2));
        prop_assume!(!fixed.iter().any(|f| f.intersects(body)));
        let motion = DVec3::new(motion.0, motion.1, motion.2);
        let m = move_among(&fixed, body, motion);
        let moved = body.translated(m.offset);
        prop_assert!(!fixed.iter().any(|f| f.intersects_by(moved, 1e-9)), "ended inside");
        for axis in 0..3 {
            prop_assert!(m.offset[axis].abs() <= motion[axis].abs() + 1e-9);
            prop_assert!(m.offset[axis] * motion[axis] >= -1e-12, "moved backwards on axis {}", axis);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The real terrain: random seeds, random places near spawn, fast random starts.
    #[test]
    fn player_never_enters_generated_terrain(
        seed in any::<u64>(),
        offset in (-40.0f64..40.0, -10.0f64..20.0, -40.0f64..40.0),
        v0 in velocity(),
        inputs in proptest::collection::vec(any::<u8>(), 1..120),
    ) {
        let mut start = Start::new_world(GeneratorKind::Terrain, seed);
        start.player_mut().expect("one player").position += DVec3::new(offset.0, offset.1, offset.2);
        start.world.load_region(start.player().expect("one player").bounds().inflated(2.0));
        prop_assume!(!intersects_world(&start.world, start.player().expect("one player").bounds(), 0.0));
        start.player_mut().expect("one player").velocity = v0;
        let mut sim = Simulation::new(start);
        for bits in inputs {
            let input = hewn_core::sim::Input { controls: Controls::from_bits(bits), ..Default::default() };
            sim.tick(&input);
            prop_assert!(!sim.me_inside_solid(), "inside at {:?}", sim.me().position);
            prop_assert!(sim.me().position.is_finite());
        }
    }
}
