//! Falling sand and gravel, pinned down by scenarios run as `hewn sim` runs them. "flat"
//! worlds have their grass top at y = 63, so a block lands at y = 64.

use std::collections::BTreeMap;

use hewn_scenario::report::TickReport;
use hewn_testing::{Run, run};

/// The edited cells of a report, by position.
fn edits(report: &TickReport) -> BTreeMap<[i32; 3], &'static str> {
    report.edits.iter().map(|e| (e.pos, e.block)).collect()
}

#[test]
fn sand_in_the_air_falls_and_lands_as_a_block_on_the_ground() {
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [5.5, 64.0, 5.5]
        [[fill]]
        from = [0, 70, 0]
        to = [0, 70, 0]
        block = "sand"
    "#);
    // In tick 0 it leaves its cell and falls as a body.
    assert!(edits(&r.trace[0]).is_empty());
    assert_eq!(r.trace[0].edits.len(), 0);
    assert_eq!(edits(r.last()), BTreeMap::from([([0, 64, 0], "sand")]));
    assert!(r.sim.falling().list().is_empty());
    r.assert_never_inside();
}

#[test]
fn sand_and_gravel_stack_where_they_fall() {
    let r = run(r#"
        world = "flat"
        ticks = 180
        [player]
        position = [5.5, 64.0, 5.5]
        [[fill]]
        from = [0, 70, 0]
        to = [0, 71, 0]
        block = "sand"
        [[fill]]
        from = [0, 72, 0]
        to = [0, 72, 0]
        block = "gravel"
        [[fill]]
        from = [0, 80, 0]
        to = [0, 80, 0]
        block = "sand"
    "#);
    assert_eq!(
        edits(r.last()),
        BTreeMap::from([
            ([0, 64, 0], "sand"),
            ([0, 65, 0], "sand"),
            ([0, 66, 0], "gravel"),
            ([0, 67, 0], "sand"),
        ])
    );
    assert!(r.sim.falling().list().is_empty());
}

#[test]
fn sand_falls_when_the_block_under_it_is_broken() {
    // Sand on a dirt block; in tick 10 the player breaks the dirt (looking at its south face
    // from 1.5 blocks away): the sand falls into its place and the one above follows.
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 2.5]
        pitch = -36.75
        [[fill]]
        from = [0, 64, 0]
        to = [0, 64, 0]
        block = "dirt"
        [[fill]]
        from = [0, 65, 0]
        to = [0, 66, 0]
        block = "sand"
        [[input]]
        at = 10
        action = "break"
    "#);
    assert_eq!(
        edits(&r.trace[9]),
        BTreeMap::from([
            ([0, 64, 0], "dirt"),
            ([0, 65, 0], "sand"),
            ([0, 66, 0], "sand")
        ])
    );
    assert_eq!(r.sim.falling().list().len(), 0);
    assert_eq!(
        edits(r.last()),
        BTreeMap::from([([0, 64, 0], "sand"), ([0, 65, 0], "sand")])
    );
}

/// The flat world with `block` at (0, 64, 0) and a block of sand at (0, `sand_y`, 0) above
/// it, run for two seconds.
fn sand_dropped_on(block: &str, sand_y: i32) -> Run {
    run(&format!(
        r#"
        world = "flat"
        ticks = 120
        [player]
        position = [5.5, 64.0, 5.5]
        [[fill]]
        from = [0, 64, 0]
        to = [0, 64, 0]
        block = "{block}"
        [[fill]]
        from = [0, {sand_y}, 0]
        to = [0, {sand_y}, 0]
        block = "sand"
    "#
    ))
}

#[test]
fn sand_landing_on_a_torch_breaks_it_and_takes_its_place() {
    let r = sand_dropped_on("torch", 70);
    assert_eq!(edits(&r.trace[5]), BTreeMap::from([([0, 64, 0], "torch")]));
    assert_eq!(edits(r.last()), BTreeMap::from([([0, 64, 0], "sand")]));
}

#[test]
fn sand_over_a_flower_falls_onto_it_and_breaks_it() {
    // Sand stacked right on a poppy: a plant is not support, so it falls at once, and
    // landing in the poppy's cell breaks it.
    let r = sand_dropped_on("poppy", 65);
    assert_eq!(edits(&r.trace[0]), BTreeMap::from([([0, 64, 0], "poppy")]));
    assert_eq!(edits(r.last()), BTreeMap::from([([0, 64, 0], "sand")]));
}

#[test]
fn placed_sand_with_nothing_under_it_falls() {
    // A stone pillar three high; facing west from 2 blocks east, pitched 30° up, the player
    // places sand against the east face of its top block, over nothing.
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [2.5, 64.0, 0.5]
        yaw = -90.0
        pitch = 30.0
        [[fill]]
        from = [0, 64, 0]
        to = [0, 66, 0]
        block = "stone"
        [[input]]
        at = 5
        action = "place"
        block = "sand"
    "#);
    let pillar = BTreeMap::from([
        ([0, 64, 0], "stone"),
        ([0, 65, 0], "stone"),
        ([0, 66, 0], "stone"),
    ]);
    assert_eq!(
        edits(&r.trace[5]),
        pillar,
        "placed, it falls in the same tick"
    );
    assert_eq!(r.sim.falling().list().len(), 0);
    let mut landed = pillar;
    landed.insert([1, 64, 0], "sand");
    assert_eq!(edits(r.last()), landed);
}

#[test]
fn sand_in_water_sinks_to_the_bottom_and_displaces_the_water() {
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [5.5, 64.0, 5.5]
        [[fill]]
        from = [0, 64, 0]
        to = [0, 66, 0]
        block = "water"
        [[fill]]
        from = [0, 67, 0]
        to = [0, 67, 0]
        block = "sand"
    "#);
    assert_eq!(edits(r.last()).get(&[0, 64, 0]), Some(&"sand"));
}

#[test]
fn falling_sand_rests_on_the_player_and_never_lands_inside_them() {
    // Sand right above the player's head comes to rest on it, as a falling block, and lands
    // on the ground only once the player has walked away.
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        [[fill]]
        from = [0, 67, 0]
        to = [0, 67, 0]
        block = "sand"
        [[input]]
        from = 40
        to = 80
        hold = ["back"]
    "#);
    assert_eq!(r.sim.falling().list().len(), 0);
    let f = edits(&r.trace[30]);
    assert!(
        f.is_empty(),
        "still falling or resting on the player: {f:?}"
    );
    assert_eq!(edits(r.last()), BTreeMap::from([([0, 64, 0], "sand")]));
    r.assert_never_inside();
}

#[test]
fn generated_terrain_does_not_move_by_itself() {
    let r = run(r#"
        seed = 3
        ticks = 60
    "#);
    assert!(r.last().edits.is_empty());
    assert!(r.sim.updates().is_empty());
    assert!(r.sim.falling().list().is_empty());
}
