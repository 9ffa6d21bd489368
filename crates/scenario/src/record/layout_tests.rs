//! The recording's exact text: a replay starts from bit-identical numbers only if the file's
//! layout and float formatting never drift, so these pin it byte for byte.

use super::*;
use crate::Scenario;
use hewn_core::physics::{Control, Controls};
use hewn_core::sim::Start;
use hewn_core::world::Block;

/// A world in motion to start recording from: a flat world with water spreading, gravel
/// falling, a stone edit, two crates and a cylinder player drifting sideways.
fn busy_world() -> Simulation {
    let scenario = Scenario::parse(
        r#"
        seed = "18446744073709551610"
        world = "flat"
        ticks = 37
        time = 12345
        [player]
        position = [0.3, 64.0, 0.7]
        velocity = [0.1, 0.0, -0.2]
        yaw = 33.3
        pitch = -12.5
        flying = true
        collider = "cylinder"
        [[crate]]
        position = [4.5, 64.0, 4.5]
        [[crate]]
        position = [-4.5, 64.0, 4.5]
        size = [0.5, 1.25, 0.5]
        [[fill]]
        from = [6, 64, -6]
        to = [6, 64, -6]
        block = "water"
        [[fill]]
        from = [-2, 90, 1]
        to = [-2, 90, 1]
        block = "gravel"
        [[fill]]
        from = [-6, 64, -6]
        to = [-6, 64, -6]
        block = "stone"
        "#,
    );
    let scenario = match scenario {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    scenario.run(|_| {})
}

/// The held controls of tick `t` in [`every_kind_of_input`].
fn held(t: u32) -> Controls {
    [
        (Control::Forward, !(15..17).contains(&t)),
        (Control::Back, (11..14).contains(&t)),
        (Control::Left, t >= 9),
        (Control::Jump, (8..12).contains(&t)),
        (Control::Sneak, t >= 10),
        (Control::Sprint, t < 5),
    ]
    .into_iter()
    .filter_map(|(control, held)| held.then_some(control))
    .collect()
}

/// Twenty ticks with every kind of input: holds released and still held at the end, a yaw
/// alone, a pitch alone, both with two actions, and every action.
fn every_kind_of_input(recorder: &mut Recorder) {
    for t in 0..20u32 {
        let mut input = Input {
            controls: held(t),
            ..Input::default()
        };
        match t {
            0 => input.yaw = Some(0.1 + 0.2),
            1 => input.pitch = Some(-40.5),
            2 => {
                input.yaw = Some(1e16);
                input.pitch = Some(-1e-7);
                input
                    .actions
                    .extend([Action::Break, Action::Place(Block::PLANKS)]);
            }
            3 => input.actions.push(Action::PlaceCrate),
            4 => input.actions.push(Action::ToggleCollider),
            5 => input.actions.push(Action::ToggleFly),
            6 => {
                input.yaw = Some(123_456_789.125);
                input.actions.push(Action::Place(Block::GLASS));
            }
            _ => {}
        }
        recorder.record(&input);
    }
}

/// What the recorder wrote for [`every_kind_of_input`] from [`busy_world`] before it was written
/// through serde.
const EVERY_KIND: &str = r##"# Recorded by hewn; replay with `hewn sim FILE`.
seed = "18446744073709551610"
world = "flat"
time = 12382
settled = true
ticks = 20

[player]
position = [0.308838427066803, 64.0, 0.6823233366012573]
velocity = [6.81395536420401e-5, 0.0, -0.0001362791072840802]
yaw = 33.3
pitch = -12.5
flying = false
on_ground = true
collider = "cylinder"

[[crate]]
position = [4.5, 64.0, 4.5]
size = [1.0, 1.0, 1.0]

[[crate]]
position = [-4.5, 64.0, 4.5]
size = [0.5, 1.25, 0.5]

[[fill]]
from = [-6, 64, -6]
to = [-6, 64, -6]
block = "stone"

[[fill]]
from = [4, 64, -6]
to = [4, 64, -6]
block = "water_2"

[[fill]]
from = [5, 64, -7]
to = [5, 64, -7]
block = "water_2"

[[fill]]
from = [5, 64, -6]
to = [5, 64, -6]
block = "water_1"

[[fill]]
from = [5, 64, -5]
to = [5, 64, -5]
block = "water_2"

[[fill]]
from = [6, 64, -8]
to = [6, 64, -8]
block = "water_2"

[[fill]]
from = [6, 64, -7]
to = [6, 64, -7]
block = "water_1"

[[fill]]
from = [6, 64, -6]
to = [6, 64, -6]
block = "water"

[[fill]]
from = [6, 64, -5]
to = [6, 64, -5]
block = "water_1"

[[fill]]
from = [6, 64, -4]
to = [6, 64, -4]
block = "water_2"

[[fill]]
from = [7, 64, -7]
to = [7, 64, -7]
block = "water_2"

[[fill]]
from = [7, 64, -6]
to = [7, 64, -6]
block = "water_1"

[[fill]]
from = [7, 64, -5]
to = [7, 64, -5]
block = "water_2"

[[fill]]
from = [8, 64, -6]
to = [8, 64, -6]
block = "water_2"

[[update]]
pos = [4, 64, -6]
due = 8

[[update]]
pos = [5, 64, -7]
due = 8

[[update]]
pos = [5, 64, -6]
due = 8

[[update]]
pos = [5, 64, -5]
due = 8

[[update]]
pos = [6, 64, -8]
due = 8

[[update]]
pos = [6, 64, -7]
due = 8

[[update]]
pos = [6, 64, -5]
due = 8

[[update]]
pos = [6, 64, -4]
due = 8

[[update]]
pos = [7, 64, -7]
due = 8

[[update]]
pos = [7, 64, -6]
due = 8

[[update]]
pos = [7, 64, -5]
due = 8

[[update]]
pos = [8, 64, -6]
due = 8

[[falling]]
block = "gravel"
position = [-1.5, 84.30347606363448, 1.5]
velocity = -17.29109277519144

[[input]]
at = 0
yaw = 0.30000000000000004

[[input]]
at = 1
pitch = -40.5

[[input]]
at = 2
yaw = 1e16
pitch = -1e-7
action = "break"

[[input]]
at = 2
action = "place"
block = "planks"

[[input]]
at = 3
action = "place_crate"

[[input]]
at = 4
action = "toggle_collider"

[[input]]
from = 0
to = 5
hold = ["sprint"]

[[input]]
at = 5
action = "toggle_fly"

[[input]]
at = 6
yaw = 123456789.125
action = "place"
block = "glass"

[[input]]
from = 8
to = 12
hold = ["jump"]

[[input]]
from = 11
to = 14
hold = ["back"]

[[input]]
from = 0
to = 15
hold = ["forward"]

[[input]]
from = 17
to = 20
hold = ["forward"]

[[input]]
from = 9
to = 20
hold = ["left"]

[[input]]
from = 10
to = 20
hold = ["sneak"]
"##;

#[test]
fn a_recording_of_every_kind_of_content_is_written_exactly_as_before() {
    let mut recorder = Recorder::new(&busy_world(), GeneratorKind::Flat, u64::MAX - 5);
    every_kind_of_input(&mut recorder);
    let text = recorder.to_toml().unwrap();
    assert_eq!(text, EVERY_KIND);
    match Scenario::parse(&text) {
        Ok(s) => assert_eq!(s.ticks, 20),
        Err(e) => panic!("{e}\n{text}"),
    }
}

/// What the recorder wrote for a new empty world with seed 3 before it was written through
/// serde.
const EMPTY: &str = r##"# Recorded by hewn; replay with `hewn sim FILE`.
seed = 3
world = "empty"
time = 6000
settled = true
ticks = 0

[player]
position = [0.5, 64.0, 0.5]
velocity = [0.0, 0.0, 0.0]
yaw = 0.0
pitch = 0.0
flying = false
collider = "box"
"##;

#[test]
fn an_empty_recording_with_a_small_seed_is_written_exactly_as_before() {
    let sim = Simulation::new(Start::new_world(GeneratorKind::Empty, 3));
    let text = Recorder::new(&sim, GeneratorKind::Empty, 3)
        .to_toml()
        .unwrap();
    assert_eq!(text, EMPTY);
}
