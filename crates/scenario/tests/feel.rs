//! The player's motion matches Minecraft Java Edition's numbers closely enough to feel the same.

use hewn_testing::FirstPlayer;

use hewn_testing::{assert_near, run};

/// Steady horizontal speed with `controls` held on a flat world (blocks per second).
fn steady_speed(controls: &str, flying: bool) -> f64 {
    let r = run(&format!(
        r#"
        world = "flat"
        ticks = 300
        [player]
        position = [0.5, {y}, 0.5]
        flying = {flying}
        [[input]]
        from = 0
        to = 300
        hold = [{controls}]
    "#,
        y = if flying { "100.0" } else { "64.0" }
    ));
    // Average over the last two seconds, well after the speed has settled.
    let a = &r.trace[179].me().position;
    let b = &r.last().me().position;
    ((b[0] - a[0]).powi(2) + (b[2] - a[2]).powi(2)).sqrt() / 2.0
}

#[test]
fn walking_is_4_3_blocks_per_second() {
    assert_near(steady_speed(r#""forward""#, false), 4.3, 4.3 * 0.03);
}

#[test]
fn sprinting_is_5_6_blocks_per_second() {
    assert_near(
        steady_speed(r#""forward", "sprint""#, false),
        5.6,
        5.6 * 0.03,
    );
}

#[test]
fn sneaking_is_1_3_blocks_per_second() {
    assert_near(
        steady_speed(r#""forward", "sneak""#, false),
        1.3,
        1.3 * 0.03,
    );
}

#[test]
fn diagonal_walking_is_no_faster() {
    assert_near(
        steady_speed(r#""forward", "right""#, false),
        4.3,
        4.3 * 0.03,
    );
}

#[test]
fn flying_is_about_11_blocks_per_second() {
    assert_near(steady_speed(r#""forward""#, true), 11.0, 0.5);
}

#[test]
fn a_jump_rises_1_25_blocks() {
    let r = run(r#"
        world = "flat"
        ticks = 60
        [player]
        position = [0.5, 64.0, 0.5]
        [[input]]
        from = 1
        to = 2
        hold = ["jump"]
    "#);
    assert_near(r.max_y() - 64.0, 1.25, 0.01);
    assert_eq!(r.last().me().position[1], 64.0);
}

#[test]
fn long_falls_approach_78_blocks_per_second() {
    let r = run(r#"
        world = "empty"
        ticks = 1200
        [player]
        position = [0.5, 200.0, 0.5]
    "#);
    assert_near(-r.last().me().velocity[1], 78.4, 1.0);
    // And it takes a while: after one second a fall is still far slower.
    assert!(-r.trace[59].me().velocity[1] < 30.0);
}

#[test]
fn letting_go_stops_a_walk_within_a_block() {
    let r = run(r#"
        world = "flat"
        ticks = 240
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[input]]
        from = 0
        to = 120
        hold = ["forward"]
    "#);
    let released = r.trace[119].me().position[0];
    let end = r.last().me().position[0];
    assert!(end - released < 0.5, "slid {} blocks", end - released);
    assert!(r.last().me().velocity[0].abs() < 1e-6);
}

#[test]
fn sprint_jumping_averages_7_1_blocks_per_second() {
    // Minecraft's sprint-jump average over flat ground is 7.127 blocks/s; the jumps repeat
    // every 0.6 s, so five seconds average over eight of them.
    let r = run(r#"
        world = "flat"
        ticks = 600
        [player]
        position = [0.5, 64.0, 0.5]
        [[input]]
        from = 0
        to = 600
        hold = ["forward", "sprint", "jump"]
    "#);
    let (a, b) = (&r.trace[299].me().position, &r.last().me().position);
    let speed = ((b[0] - a[0]).powi(2) + (b[2] - a[2]).powi(2)).sqrt() / 5.0;
    // no higher than a plain jump.
    assert_near(speed, 7.127, 7.127 * 0.03);
    assert!(r.max_y() < 64.0 + 1.26);
}

#[test]
fn only_a_forward_sprint_jump_gets_the_boost() {
    // Strafing while sprinting and jumping: no push along the facing (−z at yaw 0).
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        [[input]]
        from = 0
        to = 120
        hold = ["right", "sprint", "jump"]
    "#);
    let end = r.last().me().position;
    assert!(
        (end[2] - 0.5).abs() < 1e-9,
        "moved along the facing (z) to {}",
        end[2]
    );
}

/// Walking north for two seconds at a step one block high two blocks ahead (a wall two
/// high with `wall`), with `auto_jump` as given: the highest the feet stood, and where the
/// player ends.
fn walk_at_step(auto_jump: bool, wall: bool) -> (f64, [f64; 3]) {
    let high = if wall { 65 } else { 64 };
    let r = run(&format!(
        r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        auto_jump = {auto_jump}
        [[fill]]
        from = [0, 64, -2]
        to = [0, {high}, -2]
        block = "stone"
        [[input]]
        from = 0
        to = 120
        hold = ["forward"]
    "#
    ));
    r.assert_never_inside();
    let highest = (r.trace.iter())
        .filter(|t| t.me().on_ground)
        .map(|t| t.me().position[1])
        .fold(f64::MIN, f64::max);
    (highest, r.last().me().position)
}

#[test]
fn auto_jump_climbs_a_step_and_not_a_wall_and_is_off_unless_asked() {
    let (stood, [_, _, z]) = walk_at_step(true, false);
    assert!(
        (stood - 65.0).abs() < 1e-9 && z < -2.0,
        "over the step: stood at {stood}, z {z}"
    );
    // Without auto-jump the player stays below, against the step.
    let (stood, [_, _, z]) = walk_at_step(false, false);
    assert_near(stood, 64.0, 1e-9);
    assert_near(z, -1.0 + 0.3, 1e-6);
    // A wall two high is not jumped at.
    let (stood, [_, _, z]) = walk_at_step(true, true);
    assert_near(stood, 64.0, 1e-9);
    assert_near(z, -1.0 + 0.3, 1e-6);
}
