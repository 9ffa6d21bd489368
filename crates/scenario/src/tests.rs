use super::*;
use hewn_core::physics::Control;
use hewn_core::sim::Input;

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
    assert_eq!(s.fills[0].block, Block::STONE);
    assert_eq!(s.holds[0].controls, vec![Control::Forward, Control::Sprint]);
    assert_eq!(s.cues[0].action, Some(Action::Place(Block::PLANKS)));
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
            "ticks = 1\n[[falling]]\nblock = \"stone\"\nposition = [0.5, 70.0, 0.5]",
            "falling[0].block",
        ),
        (
            "ticks = 1\n[[falling]]\nblock = \"sand\"\nposition = [0.5, 70.0, 0.5]\nvelocity = 1e9",
            "falling[0].position",
        ),
        (
            "ticks = 1\n[[update]]\npos = [0, 256, 0]\ndue = 3",
            "update[0].pos",
        ),
        (
            "ticks = 1\n[[update]]\npos = [0, 64, 0]\ndue = -3",
            "update[0].due",
        ),
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
    let inputs: Vec<Input> = s.inputs().map(|mut each| each.swap_remove(0)).collect();
    assert_eq!(inputs.len(), 6);
    let jumps: Vec<bool> = inputs
        .iter()
        .map(|i| i.controls.held(Control::Jump))
        .collect();
    assert_eq!(jumps, [false, true, true, true, true, false]);
    let lefts: Vec<bool> = inputs
        .iter()
        .map(|i| i.controls.held(Control::Left))
        .collect();
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

#[test]
fn values_beyond_the_world_border_name_their_key() {
    let fill = |from: &str, to: &str| {
        format!("ticks = 1\n[[fill]]\nfrom = {from}\nto = {to}\nblock = \"stone\"")
    };
    let cases = [
        (
            fill("[2147483647, 0, 0]", "[2147483647, 0, 0]"),
            "fill[0].from: x = 2147483647 is beyond the world border",
        ),
        (
            fill("[0, 0, 0]", "[0, 0, 30000000]"),
            "fill[0].to: z = 30000000 is beyond the world border",
        ),
        (
            "ticks = 1\nprobes = [[-30000001, 64, 0]]".to_owned(),
            "probes[0]: x = -30000001",
        ),
        (
            "ticks = 1\n[player]\nposition = [29999999.8, 64.0, 0.5]".to_owned(),
            "player.position: x = 29999999.8",
        ),
        (
            "ticks = 1\n[player]\nposition = [0.5, 1e300, 0.5]".to_owned(),
            "player.position: y = ",
        ),
        (
            "ticks = 1\n[[crate]]\nposition = [0.5, 64.0, -29999999.9]".to_owned(),
            "crate[0].position: z = -29999999.9",
        ),
    ];
    for (text, message) in cases {
        let error = error_of(&text);
        assert!(error.contains(message), "{text:?}: {error}");
    }
    // The last cells inside are accepted.
    let s = Scenario::parse(&fill(
        "[29999999, 0, -30000000]",
        "[29999999, 0, -30000000]",
    ))
    .expect("the border's own cells are inside");
    assert_eq!(s.fills[0].from, BlockPos::new(29_999_999, 0, -30_000_000));
}

#[test]
fn fills_are_limited_in_total_without_wrapping() {
    // The cell count of this box wraps a u64: it must still be refused.
    let error = error_of(
        "world = \"empty\"\nticks = 1\n[[fill]]\nfrom = [0, 0, -2147483648]\n\
         to = [2147483647, 255, 2147483647]\nblock = \"stone\"",
    );
    assert!(error.starts_with("fill[0].from"), "{error}");
    let big = "[[fill]]\nfrom = [0, 0, 0]\nto = [127, 127, 99]\nblock = \"stone\"\n";
    let ok = format!("ticks = 1\n{big}");
    assert!(Scenario::parse(&ok).is_ok());
    let error = error_of(&format!("ticks = 1\n{}", big.repeat(2)));
    assert!(
        error.starts_with(
            "fill[1]: brings the cells set by all fills to 3276800, more than 2097152"
        ),
        "{error}"
    );
    let wide = "ticks = 1\n[[fill]]\nfrom = [0, 64, 0]\nto = [2048, 64, 511]\nblock = \"stone\"";
    let error = error_of(wide);
    assert!(error.starts_with("fill[0]: brings the columns"), "{error}");
}

#[test]
fn counts_and_speeds_are_limited() {
    let crates = "[[crate]]\nposition = [0.5, 64.0, 0.5]\n".repeat(MAX_CRATES + 1);
    let error = error_of(&format!("ticks = 1\n{crates}"));
    assert!(
        error.starts_with("crate: 1001 entries is more than 1000"),
        "{error}"
    );
    let probes = vec!["[0, 64, 0]"; MAX_PROBES + 1].join(", ");
    let error = error_of(&format!("ticks = 1\nprobes = [{probes}]"));
    assert!(error.starts_with("probes: 1025 entries"), "{error}");
    let error = error_of("ticks = 1\n[player]\nvelocity = [0.0, -1000.5, 0.0]");
    assert!(error.starts_with("player.velocity"), "{error}");
    let s = Scenario::parse("ticks = 1\n[player]\nvelocity = [1000.0, -1000.0, 1000.0]")
        .expect("the fastest start is accepted");
    assert_eq!(s.player.velocity.x, MAX_SPEED);
}

#[test]
fn text_longer_than_the_file_limit_is_refused_before_parsing() {
    let text = "#".repeat(MAX_SCENARIO_BYTES as usize + 1);
    assert!(error_of(&text).contains("bytes is more than"));
}

#[test]
fn fills_and_updates_over_several_batches_keep_their_order_and_file_lines() {
    let n = 2 * tables::BATCH + 5;
    let mut text = String::from("ticks = 1\nworld = \"empty\"\n");
    for i in 0..n {
        text.push_str(&format!(
            "[[fill]]\nfrom = [{i}, 1, 0]\nto = [{i}, 1, 0]\nblock = \"stone\"\n"
        ));
        if i % 3 == 0 {
            text.push_str(&format!("[[update]]\npos = [{i}, 2, 0]\ndue = {i}\n"));
        }
    }
    let s = Scenario::parse(&text).expect("parses");
    assert_eq!(s.fills.len(), n);
    assert!(
        s.fills
            .iter()
            .enumerate()
            .all(|(i, f)| f.from.x == i as i32)
    );
    let updates: Vec<(u64, i32)> = s.motion.updates.iter().map(|&(d, p)| (d, p.x)).collect();
    assert_eq!(updates.len(), n.div_ceil(3));
    assert!(
        updates
            .iter()
            .enumerate()
            .all(|(k, &(d, x))| d == 3 * k as u64 && x == 3 * k as i32)
    );

    // A mistake in a late batch names its line in the whole file.
    let late = "[[fill]]\nfrom = [8000, 1, 0]\n";
    let at = text.find(late).expect("there");
    let bad = text.replacen(late, "[[fill]]\nfrom = [8000, 1, 0]\nfrom = 1\n", 1);
    let line = text[..at].lines().count() + 3;
    let e = error_of(&bad);
    assert!(e.contains(&format!("at line {line}")), "{e}");
}

#[test]
fn teleport_and_set_time_act_at_their_tick_and_their_keys_are_checked() {
    let s = Scenario::parse(
        r#"
        world = "flat"
        ticks = 3
        [player]
        position = [0.5, 64.0, 0.5]
        [[input]]
        at = 1
        action = "teleport"
        position = [10.5, 80.0, -3.5]
        [[input]]
        at = 2
        action = "set_time"
        time = 18000
        "#,
    )
    .expect("parses");
    let mut positions = Vec::new();
    let sim = s.run(|sim| {
        let body = sim.players().first().expect("the player").body;
        positions.push((body.position, sim.time()));
    });
    assert_eq!(positions[0].0.x, 0.5, "before its tick, nothing moves");
    assert_eq!((positions[1].0.x, positions[1].0.z), (10.5, -3.5));
    assert!(
        positions[1].0.y < 80.0 && positions[1].0.y > 79.9,
        "{:?}",
        positions[1]
    );
    assert_eq!(
        sim.time(),
        18_001,
        "set at the start of tick 2, then one tick on"
    );
    let base = "world = \"flat\"\nticks = 3\n[[input]]\nat = 1\n";
    assert!(error_of(&format!("{base}action = \"teleport\"")).contains("input[0].position"));
    assert!(error_of(&format!("{base}action = \"set_time\"\ntime = -1")).contains("input[0].time"));
    assert!(error_of(&format!("{base}action = \"break\"\ntime = 5")).contains("only goes with"));
    assert!(
        error_of(&format!(
            "{base}action = \"teleport\"\nposition = [1e12, 0.0, 0.0]"
        ))
        .contains("input[0].position")
    );
}

#[test]
fn a_player_present_for_no_tick_has_no_survival_state() {
    // A server's recording names its first player even when none was there at tick 0.
    let s = Scenario::parse(
        r#"
        mode = "survival"
        ticks = 10
        [player]
        leaves = 0
        [players.bob]
        joins = 5
        [players.eve]
        joins = 3
        leaves = 3
        "#,
    )
    .expect("parses");
    let survival = s.survival_at_start(glam::DVec3::ZERO);
    let names: Vec<&str> = survival.survivors.keys().map(|n| n.as_str()).collect();
    assert_eq!(names, ["bob"]);
}
