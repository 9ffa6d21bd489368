use super::*;
use crate::sim::Input;

#[track_caller]
fn error_of(text: &str) -> String {
    match Scenario::parse(text) {
        Ok(s) => panic!("accepted: {s:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_documented_example_parses() {
    let s = Scenario::parse(
        r#"
        seed = 42
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        velocity = [0.0, 0.0, 0.0]
        yaw = 90.0
        pitch = 0.0
        flying = false
        [[fill]]
        from = [5, 64, -5]
        to = [5, 66, 5]
        block = "stone"
        [[input]]
        from = 0
        to = 120
        hold = ["forward", "sprint"]
        [[input]]
        at = 30
        yaw = 45.0
        pitch = -20.0
        action = "place"
        block = "planks"
        "#,
    )
    .expect("parses");
    assert_eq!((s.seed, s.world, s.ticks), (42, GeneratorKind::Flat, 120));
    assert_eq!(s.player.position, Some(DVec3::new(0.5, 64.0, 0.5)));
    assert_eq!(s.fills[0].block, Block::Stone);
    assert_eq!(s.holds[0].controls, vec![Control::Forward, Control::Sprint]);
    assert_eq!(s.events[0].action, Some(Action::Place(Block::Planks)));
}

#[test]
fn defaults_are_seed_0_terrain_and_spawn() {
    let s = Scenario::parse("ticks = 1").expect("parses");
    assert_eq!((s.seed, s.world), (0, GeneratorKind::Terrain));
    assert_eq!(s.player.position, None);
}

#[test]
fn seeds_beyond_i64_are_written_as_strings() {
    let s = Scenario::parse("seed = \"18446744073709551615\"\nticks = 1").expect("parses");
    assert_eq!(s.seed, u64::MAX);
    assert!(error_of("seed = -1\nticks = 1").contains("seed"));
}

#[test]
fn errors_name_the_key() {
    let cases = [
        ("ticks = 1\nbogus = 2", "bogus"),
        ("ticks = -5", "ticks"),
        ("world = \"moon\"\nticks = 1", "world"),
        ("ticks = 1\n[player]\npitch = 91.0", "player.pitch"),
        ("ticks = 1\n[player]\nposition = [1.0, 2.0]", "position"),
        (
            "ticks = 1\n[player]\nposition = [1.0, nan, 2.0]",
            "player.position",
        ),
        (
            "ticks = 1\n[player]\nvelocity = [1e9, 0.0, 0.0]",
            "player.velocity",
        ),
        ("ticks = 1\n[player]\nfly = true", "fly"),
        (
            "ticks = 1\n[[fill]]\nfrom = [0, 0, 0]\nto = [1, 1, 1]\nblock = \"diamond\"",
            "fill[0].block",
        ),
        (
            "ticks = 1\n[[fill]]\nfrom = [0, -1, 0]\nto = [1, 1, 1]\nblock = \"stone\"",
            "fill[0].from",
        ),
        (
            "ticks = 1\n[[fill]]\nfrom = [0, 0, 0]\nto = [100000, 200, 100000]\nblock = \"stone\"",
            "fill[0]",
        ),
        (
            "ticks = 1\n[[input]]\nat = 0\naction = \"dance\"",
            "input[0].action",
        ),
        (
            "ticks = 1\n[[input]]\nat = 0\naction = \"place\"",
            "input[0].block",
        ),
        (
            "ticks = 1\n[[input]]\nat = 0\naction = \"place\"\nblock = \"air\"",
            "input[0].block",
        ),
        (
            "ticks = 1\n[[input]]\nat = 0\naction = \"break\"\nblock = \"stone\"",
            "input[0].block",
        ),
        (
            "ticks = 1\n[[input]]\nfrom = 0\nto = 5\nhold = [\"fly\"]",
            "fly",
        ),
        (
            "ticks = 1\n[[input]]\nfrom = 5\nto = 1\nhold = [\"jump\"]",
            "input[0].to",
        ),
        ("ticks = 1\n[[input]]\nfrom = 0\nto = 5", "input[0].hold"),
        (
            "ticks = 1\n[[input]]\nfrom = 0\nto = 5\nhold = []\nat = 3",
            "input[0]",
        ),
        ("ticks = 1\n[[input]]\nyaw = 3.0", "input[0].at"),
        (
            "ticks = 1\n[[input]]\nat = 1\npitch = -100.0",
            "input[0].pitch",
        ),
        ("", "ticks"),
        ("ticks = 1\nticks = 2", "ticks"),
        ("ticks = \"ten\"", "ticks"),
    ];
    for (text, key) in cases {
        let message = error_of(text);
        assert!(
            message.contains(key),
            "error for {text:?} does not name {key:?}: {message}"
        );
    }
}

#[test]
fn schedule_holds_ranges_and_fires_events_once() {
    let s = Scenario::parse(
        r#"
        ticks = 6
        [[input]]
        from = 1
        to = 3
        hold = ["jump"]
        [[input]]
        from = 2
        to = 5
        hold = ["jump", "left"]
        [[input]]
        at = 4
        yaw = 10.0
        [[input]]
        at = 4
        action = "toggle_fly"
        "#,
    )
    .expect("parses");
    let inputs: Vec<Input> = s.inputs().collect();
    assert_eq!(inputs.len(), 6);
    let jumps: Vec<bool> = inputs.iter().map(|i| i.controls.jump).collect();
    assert_eq!(jumps, [false, true, true, true, true, false]);
    let lefts: Vec<bool> = inputs.iter().map(|i| i.controls.left).collect();
    assert_eq!(lefts, [false, false, true, true, true, false]);
    assert_eq!(inputs[4].yaw, Some(10.0));
    assert_eq!(inputs[4].actions, vec![Action::ToggleFly]);
    assert!(
        inputs
            .iter()
            .enumerate()
            .all(|(t, i)| t == 4 || (i.yaw.is_none() && i.actions.is_empty()))
    );
}
