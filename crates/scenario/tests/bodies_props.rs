//! Property tests for crates and both player colliders: over random worlds, crates and input
//! sequences, no two bodies ever overlap and nothing ever enters a solid.

use hewn_testing::FirstBody;

use glam::DVec3;
use hewn_core::physics::crates::Crate;
use hewn_core::physics::{Controls, PlayerCollider, intersects_world};
use hewn_core::sim::{Input, Simulation, Start};
use hewn_core::world::{Block, BlockPos};
use hewn_core::worldgen::GeneratorKind;
use proptest::prelude::*;

const INSIDE: f64 = 1e-6;

/// A flat world with random blocks scattered over a 16 × 4 × 16 patch of its surface.
fn scattered(seed: u64, density: u64) -> Start {
    let mut start = Start::new_world(GeneratorKind::Flat, seed);
    let mut s = seed | 1;
    for x in -8..8 {
        for y in 64..68 {
            for z in -8..8 {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                if s % 100 < density {
                    let block =
                        [Block::STONE, Block::STONE_SLAB, Block::GLASS][(s >> 40) as usize % 3];
                    start.world.set_block(BlockPos::new(x, y, z), block);
                }
            }
        }
    }
    start
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn bodies_never_overlap_or_enter_solids(
        seed in any::<u64>(),
        density in 0u64..25,
        cylinder in any::<bool>(),
        crates in proptest::collection::vec(
            ((-6.0f64..6.0, 64.0f64..70.0, -6.0f64..6.0), (0.25f64..3.0, 0.25f64..3.0, 0.25f64..3.0)),
            1..8,
        ),
        start in (-5.0f64..5.0, -5.0f64..5.0),
        inputs in proptest::collection::vec((any::<u8>(), -40.0f64..40.0), 1..90),
    ) {
        let mut begin = scattered(seed, density);
        begin.player_mut().expect("one player").position = DVec3::new(start.0, 72.0, start.1);
        begin.player_mut().expect("one player").collider = if cylinder { PlayerCollider::Cylinder } else { PlayerCollider::Box };
        begin.world.load_region(begin.player().expect("one player").bounds().inflated(12.0));
        // Keep only crates that start free of blocks, the player and each other.
        let mut list: Vec<Crate> = Vec::new();
        for ((x, y, z), (w, h, d)) in crates {
            let c = Crate::new(DVec3::new(x, y, z), DVec3::new(w, h, d));
            let free = !intersects_world(&begin.world, c.bounds(), 0.0)
                && !c.bounds().intersects_by(begin.player().expect("one player").bounds(), 0.0)
                && list.iter().all(|o| !o.bounds().intersects_by(c.bounds(), 0.0));
            if free {
                list.push(c);
            }
        }
        begin.crates = list;
        let mut sim = Simulation::new(begin);
        for (bits, turn) in inputs {
            let input = Input {
                controls: Controls::from_bits(bits),
                yaw: Some(sim.me().yaw + turn),
                ..Input::default()
            };
            sim.tick(&input);
            prop_assert!(!sim.me_inside_solid(), "player inside at {:?}", sim.me().position);
            let player = sim.me().bounds();
            let list = sim.crates().list();
            for (i, a) in list.iter().enumerate() {
                prop_assert!(a.position.is_finite());
                prop_assert!(!intersects_world(sim.world(), a.bounds(), INSIDE), "crate {} in a block", i);
                prop_assert!(!a.bounds().intersects_by(player, INSIDE), "crate {} overlaps the player", i);
                for (j, b) in list.iter().enumerate().skip(i + 1) {
                    prop_assert!(!a.bounds().intersects_by(b.bounds(), INSIDE), "crates {} and {} overlap", i, j);
                }
            }
        }
    }
}
