//! Property test: random pours of water, sand and gravel and random edits, made by a player
//! who walks, jumps and looks around among crates, never panic and never leave a solid
//! block (landed sand or gravel, or anything placed) inside the player or a crate; the same
//! inputs give the same hash. Water itself is not solid — the player swims in it and crates
//! stand in it — so what must never end up inside a body is a block with a collider.

use hewn_testing::FirstBody;

use hewn_core::physics::{Controls, intersects_world};
use hewn_core::sim::{Action, Input, Simulation};
use hewn_core::world::Block;
use hewn_scenario::Scenario;
use proptest::prelude::*;

/// A flat world with a sand heap, a floating sand block, a pillar, a water source and crates
/// around the player, so that random clicks land on all of them.
const START: &str = r#"
world = "flat"
ticks = 0
[player]
position = [0.5, 64.0, 0.5]
[[crate]]
position = [2.5, 64.0, 0.5]
[[crate]]
position = [-1.5, 64.0, 2.5]
[[crate]]
position = [0.5, 67.0, -2.5]
[[fill]]
from = [3, 64, 3]
to = [3, 66, 3]
block = "stone"
[[fill]]
from = [-3, 64, -3]
to = [-2, 66, -2]
block = "sand"
[[fill]]
from = [1, 70, 1]
to = [1, 70, 1]
block = "gravel"
[[fill]]
from = [0, 64, 4]
to = [0, 64, 4]
block = "water"
"#;

/// What a click may do: place one of these, break, or place a crate.
const PLACED: [Block; 7] = [
    Block::WATER,
    Block::WATER_3,
    Block::WATER_FALLING,
    Block::SAND,
    Block::GRAVEL,
    Block::STONE,
    Block::TORCH,
];

/// One step of play: controls held for a few ticks, a look, and maybe a click at its start.
#[derive(Clone, Debug)]
struct Step {
    controls: u8,
    yaw: f64,
    pitch: f64,
    click: Option<usize>,
}

fn step() -> impl Strategy<Value = Step> {
    (
        any::<u8>(),
        -180.0..180.0_f64,
        -90.0..30.0_f64,
        prop::option::weighted(0.6, 0..PLACED.len() + 2),
    )
        .prop_map(|(controls, yaw, pitch, click)| Step {
            controls,
            yaw,
            pitch,
            click,
        })
}

const TICKS_PER_STEP: usize = 4;

/// Plays `steps` from the start, checking the bodies after every tick; returns the end.
fn play(steps: &[Step]) -> Simulation {
    let scenario = Scenario::parse(START).expect("the start scenario is valid");
    let mut sim = scenario.start();
    for (i, s) in steps.iter().enumerate() {
        for t in 0..TICKS_PER_STEP {
            let mut input = Input {
                controls: Controls::from_bits(s.controls),
                ..Input::default()
            };
            if t == 0 {
                input.yaw = Some(s.yaw);
                input.pitch = Some(s.pitch);
                input.actions = s
                    .click
                    .map(|c| match c {
                        c if c < PLACED.len() => Action::Place(PLACED[c]),
                        c if c == PLACED.len() => Action::Break,
                        _ => Action::PlaceCrate,
                    })
                    .into_iter()
                    .collect();
            }
            sim.tick(&input);
            assert!(
                !sim.me_inside_solid(),
                "step {i}, tick {t}: the player is inside a block at {:?}",
                sim.me().position
            );
            for (n, c) in sim.crates().list().iter().enumerate() {
                assert!(
                    !intersects_world(sim.world(), c.bounds(), 1e-6),
                    "step {i}, tick {t}: crate {n} is inside a block at {:?}",
                    c.position
                );
            }
        }
    }
    sim
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn pours_and_edits_never_put_a_block_inside_a_body_and_replay_exactly(
        steps in proptest::collection::vec(step(), 20..90),
    ) {
        let a = play(&steps);
        let b = play(&steps);
        prop_assert_eq!(a.hash(), b.hash());
    }
}
