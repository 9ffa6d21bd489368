//! The events a tick reports (`hewn sim`'s `"events"`): each rule of the footsteps, landings,
//! splashes, swims, breaks and places, pinned down by a scenario. Flat worlds have their grass
//! top at y = 64.

use hewn_scenario::report::EventReport;
use hewn_testing::{FirstPlayer, run};

/// Every event of the run, in order.
fn events(r: &hewn_testing::Run) -> Vec<&EventReport> {
    r.trace.iter().flat_map(|t| &t.events).collect()
}

/// The events of `kind`.
fn of_kind<'a>(r: &'a hewn_testing::Run, kind: &str) -> Vec<&'a EventReport> {
    events(r).into_iter().filter(|e| e.kind == kind).collect()
}

/// A walk of exactly 10 blocks east from rest over `floor`, stopped by a wall: the player
/// starts at x = 0.7 and stops with its side (0.3 from its middle) against x = 11.
fn ten_blocks_on(floor: &str, extra: &str) -> String {
    format!(
        r#"
        world = "flat"
        ticks = 300
        [player]
        position = [0.7, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [-2, 63, -2]
        to = [12, 63, 2]
        block = "{floor}"
        [[fill]]
        from = [11, 64, -2]
        to = [11, 66, 2]
        block = "stone"
        [[input]]
        from = 0
        to = 300
        hold = ["forward"{extra}]
    "#
    )
}

#[test]
fn a_ten_block_walk_gives_five_or_six_steps_naming_the_floor() {
    for floor in ["stone", "grass", "sand"] {
        let r = run(&ten_blocks_on(floor, ""));
        assert!(
            (r.last().me().position[0] - 10.7).abs() < 1e-6,
            "walked 10 blocks"
        );
        let steps = of_kind(&r, "step");
        assert!(
            (5..=6).contains(&steps.len()),
            "{floor}: {} steps",
            steps.len()
        );
        for s in &steps {
            assert_eq!(s.block, Some(floor), "{s:?}");
            let [x, y, z] = s.pos.expect("a step names its cell");
            assert_eq!((y, z), (63, 0));
            assert!((0..=10).contains(&x), "{s:?}");
        }
        // About one every 1/0.6 = 1.67 blocks, in order along the walk.
        let xs: Vec<i32> = steps.iter().map(|s| s.pos.map_or(0, |p| p[0])).collect();
        assert!(xs.windows(2).all(|w| w[1] > w[0]), "{xs:?}");
        assert!(events(&r).iter().all(|e| e.player.is_none()));
    }
}

#[test]
fn steps_name_the_block_under_the_feet_where_they_fall() {
    // Stone for x < 5, planks from x = 5 on.
    let mut text = ten_blocks_on("stone", "");
    text.push_str(
        r#"
        [[fill]]
        from = [5, 63, -2]
        to = [12, 63, 2]
        block = "planks"
    "#,
    );
    let r = run(&text);
    let steps = of_kind(&r, "step");
    assert!(steps.len() >= 5);
    for s in steps {
        let x = s.pos.map_or(-99, |p| p[0]);
        let expected = if x < 5 { "stone" } else { "planks" };
        assert_eq!(s.block, Some(expected), "{s:?}");
        // The step's cell is the one under the player's feet in the tick it sounded.
        let feet = r.trace[(s.tick - 1) as usize].me().position[0];
        assert_eq!(x, feet.floor() as i32, "{s:?} with the feet at x = {feet}");
    }
}

#[test]
fn sneaking_and_flying_are_silent() {
    let sneak = run(&ten_blocks_on("stone", r#", "sneak""#));
    assert!(sneak.last().me().position[0] > 5.0, "sneaked a good way");
    assert!(of_kind(&sneak, "step").is_empty());

    let fly = run(r#"
        world = "flat"
        ticks = 200
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[input]]
        at = 1
        action = "toggle_fly"
        [[input]]
        from = 1
        to = 10
        hold = ["jump"]
        [[input]]
        from = 10
        to = 200
        hold = ["forward"]
    "#);
    assert!(fly.last().me().flying);
    assert!(fly.last().me().position[0] > 10.0, "flew a good way");
    assert!(events(&fly).is_empty(), "{:?}", events(&fly));
}

/// A walk east from dry grass into a pool 1 deep, 3 blocks on from x = 3 to 9.
const INTO_THE_POOL: &str = r#"
    world = "flat"
    ticks = 240
    [player]
    position = [0.5, 64.0, 0.5]
    yaw = 90.0
    [[fill]]
    from = [3, 63, -3]
    to = [9, 63, 3]
    block = "water"
    [[input]]
    from = 0
    to = 240
    hold = ["forward"]
"#;

#[test]
fn wading_through_water_swims_and_the_first_dip_splashes() {
    let r = run(INTO_THE_POOL);
    let splashes = of_kind(&r, "splash");
    assert_eq!(splashes.len(), 1, "{splashes:?}");
    let splash = splashes[0];
    assert_eq!(splash.block, Some("water"));
    assert_eq!(splash.pos.map(|p| p[0]), Some(3));
    // The splash comes the tick the feet go in, not before.
    let tick = splash.tick as usize;
    assert!(r.trace[tick - 2].me().position[1] >= 63.999_999);
    let swims = of_kind(&r, "swim");
    assert!(!swims.is_empty());
    for s in &swims {
        assert_eq!(s.block, Some("water"), "{s:?}");
        assert!((3..=9).contains(&s.pos.map_or(0, |p| p[0])), "{s:?}");
    }
    // Before the pool the steps sound on the grass; in it, none do.
    let steps = of_kind(&r, "step");
    assert!(!steps.is_empty());
    for s in &steps {
        assert_eq!(s.block, Some("grass"), "{s:?}");
        assert!(s.tick < splash.tick, "{s:?}");
    }
}

#[test]
fn falling_into_water_splashes_once() {
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 70.0, 0.5]
        [[fill]]
        from = [-2, 61, -2]
        to = [2, 63, 2]
        block = "water"
    "#);
    let splashes = of_kind(&r, "splash");
    assert_eq!(splashes.len(), 1, "{splashes:?}");
    assert_eq!(splashes[0].pos, Some([0, 63, 0]));
}

#[test]
fn landing_names_the_block_and_the_height_fallen() {
    let r = run(r#"
        world = "flat"
        ticks = 180
        [player]
        position = [3.5, 80.0, -2.5]
        [[fill]]
        from = [3, 63, -3]
        to = [3, 63, -3]
        block = "gravel"
    "#);
    let lands = of_kind(&r, "land");
    assert_eq!(lands.len(), 1, "{lands:?}");
    let land = lands[0];
    assert_eq!(land.block, Some("gravel"));
    assert_eq!(land.pos, Some([3, 63, -3]));
    assert_eq!(land.fall, Some(16.0));
    assert!(r.trace[land.tick as usize - 1].me().on_ground);
    assert!(!r.trace[land.tick as usize - 2].me().on_ground);

    // A jump on the spot falls from its top, about 1.25 blocks up.
    let jump = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        [[input]]
        from = 10
        to = 11
        hold = ["jump"]
    "#);
    let lands = of_kind(&jump, "land");
    assert_eq!(lands.len(), 1, "{lands:?}");
    let fall = lands[0].fall.expect("a land has a fall");
    assert!((fall - jump.max_y() + 64.0).abs() < 1e-9, "{fall}");
    assert!((1.0..1.4).contains(&fall), "{fall}");
    assert_eq!(lands[0].block, Some("grass"));
}

#[test]
fn break_and_place_name_their_blocks_and_cells() {
    let r = run(r#"
        world = "flat"
        ticks = 10
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [3, 64, 0]
        to = [3, 65, 0]
        block = "cobblestone"
        [[input]]
        at = 2
        action = "place"
        block = "planks"
        [[input]]
        at = 4
        action = "break"
    "#);
    let got: Vec<_> = events(&r)
        .iter()
        .filter(|e| e.kind == "place" || e.kind == "break")
        .map(|e| (e.tick, e.kind, e.block, e.pos))
        .collect();
    assert_eq!(
        got,
        [
            (3, "place", Some("planks"), Some([2, 65, 0])),
            (5, "break", Some("planks"), Some([2, 65, 0])),
        ]
    );
}

#[test]
fn events_are_the_same_on_every_run_and_are_not_hashed() {
    let text = ten_blocks_on("stone", "");
    let (a, b) = (run(&text), run(&text));
    assert_eq!(events(&a), events(&b));
    assert!(!events(&a).is_empty());
    // The hash `hewn sim` printed for this scenario before events existed.
    assert_eq!(a.last().hash, WALK_HASH_BEFORE_EVENTS);
}

/// See [`events_are_the_same_on_every_run_and_are_not_hashed`].
const WALK_HASH_BEFORE_EVENTS: &str = "8f36cf9587863cc2";

#[test]
fn sand_coming_to_rest_settles() {
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [20.5, 64.0, 0.5]
        [[fill]]
        from = [0, 70, 0]
        to = [0, 70, 0]
        block = "sand"
    "#);
    let settles = of_kind(&r, "settle");
    assert_eq!(settles.len(), 1, "{settles:?}");
    assert_eq!(settles[0].block, Some("sand"));
    assert_eq!(settles[0].pos, Some([0, 64, 0]));
}

#[test]
fn each_of_several_players_is_named() {
    // Ann walks first, then bob: a step named after the wrong walker, or after the last
    // player listed whoever walked, fails.
    let r = run(r#"
        world = "flat"
        ticks = 200
        [players.ann]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [players.bob]
        position = [0.5, 64.0, 4.5]
        yaw = 90.0
        [[input]]
        player = "ann"
        from = 0
        to = 100
        hold = ["forward"]
        [[input]]
        player = "bob"
        from = 100
        to = 200
        hold = ["forward"]
    "#);
    let steps = of_kind(&r, "step");
    let walker = |tick: u64| if tick <= 101 { "ann" } else { "bob" };
    for name in ["ann", "bob"] {
        assert!(
            steps.iter().any(|s| s.player.as_deref() == Some(name)),
            "{name} took no step: {steps:?}"
        );
    }
    for s in &steps {
        assert_eq!(s.player.as_deref(), Some(walker(s.tick)), "{s:?}");
    }
}
