//! Crates and the cylinder player, in scenarios run as `hewn sim` runs them.

use hewn_testing::FirstPlayer;

use hewn_testing::{assert_near, both, run};

const FLUSH: f64 = 1e-7;

#[test]
fn the_player_pushes_a_chain_of_ten_crates_until_a_wall_stops_them_all() {
    let mut toml = String::from(
        r#"
        world = "flat"
        ticks = 300
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [20, 64, -3]
        to = [20, 66, 3]
        block = "stone"
        [[input]]
        from = 0
        to = 300
        hold = ["forward"]
        "#,
    );
    for i in 0..10 {
        toml.push_str(&format!("[[crate]]\nposition = [{}.5, 64.0, 0.5]\n", 2 + i));
    }
    for r in both(&toml) {
        let end = r.last();
        for (i, c) in end.crates.iter().enumerate() {
            // Packed against the wall at x = 20: the last crate's far face is at 20.
            assert_near(c.position[0], 10.5 + i as f64, FLUSH);
            assert_eq!(c.position[1], 64.0);
        }
        assert_near(end.me().position[0], 10.0 - 0.3, FLUSH);
        r.assert_never_inside();
        r.assert_bodies_apart();
    }
}

#[test]
fn a_big_crate_slides_over_a_floor_of_separate_blocks_without_snagging() {
    // A 3×3×3 crate on a raised floor made of single blocks, pushed along the seams.
    let r = run(r#"
        world = "flat"
        ticks = 400
        [player]
        position = [0.5, 65.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [-2, 64, -4]
        to = [40, 64, 4]
        block = "planks"
        [[crate]]
        position = [3.0, 65.0, 0.5]
        size = [3.0, 3.0, 3.0]
        [[input]]
        from = 0
        to = 400
        hold = ["forward", "sprint"]
    "#);
    let c = &r.last().crates[0];
    assert_eq!(c.position[1], 65.0, "stays on the floor");
    // Pushed at sprinting speed for most of the run: well over 20 blocks.
    assert!(c.position[0] > 25.0, "stuck at x = {}", c.position[0]);
    assert_near(r.last().me().position[0] + 0.3, c.position[0] - 1.5, FLUSH);
    r.assert_never_inside();
    r.assert_bodies_apart();
}

#[test]
fn a_crate_pushed_fast_into_a_thin_wall_stops_at_it() {
    let r = run(r#"
        world = "flat"
        ticks = 60
        [player]
        position = [0.5, 64.0, 0.5]
        velocity = [400.0, 0.0, 0.0]
        flying = true
        [[fill]]
        from = [30, 64, -3]
        to = [30, 66, 3]
        block = "glass"
        [[crate]]
        position = [2.5, 64.0, 0.5]
    "#);
    let c = &r.last().crates[0];
    assert_near(c.position[0], 29.5, FLUSH);
    assert_near(r.last().me().position[0], 28.7, FLUSH);
    r.assert_never_inside();
    r.assert_bodies_apart();
}

#[test]
fn a_crate_squeezed_against_a_wall_stops_the_player() {
    for r in both(
        r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [3, 64, -3]
        to = [3, 66, 3]
        block = "stone"
        [[crate]]
        position = [2.5, 64.0, 0.5]
        [[input]]
        from = 0
        to = 120
        hold = ["forward"]
    "#,
    ) {
        assert_eq!(r.last().crates[0].position, [2.5, 64.0, 0.5]);
        assert_near(r.last().me().position[0], 1.7, FLUSH);
        r.assert_bodies_apart();
    }
}

#[test]
fn crates_fall_and_stack() {
    let r = run(r#"
        world = "flat"
        ticks = 240
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[crate]]
        position = [2.5, 70.0, 0.5]
        [[crate]]
        position = [2.5, 66.0, 0.5]
        size = [0.5, 0.5, 0.5]
    "#);
    let end = r.last();
    // The half-size crate landed first; the big one came down on it.
    assert_eq!(end.crates[1].position[1], 64.0);
    assert_eq!(end.crates[0].position[1], 64.5);
    assert_eq!(end.crates[0].velocity, [0.0, 0.0, 0.0]);
    r.assert_bodies_apart();
}

#[test]
fn the_player_lands_on_a_crate_and_stands_on_it() {
    for r in both(
        r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 70.0, 0.5]
        [[crate]]
        position = [0.6, 64.0, 0.4]
    "#,
    ) {
        assert_eq!(r.last().me().position[1], 65.0);
        assert!(r.last().me().on_ground);
        assert_eq!(r.last().crates[0].position, [0.6, 64.0, 0.4]);
        r.assert_bodies_apart();
    }
}

#[test]
fn a_cylinder_stands_on_the_outer_corner_of_a_block() {
    // The centre is 0.2 beyond both edges of the pillar: only a corner of the disc is over it.
    let r = run(r#"
        world = "empty"
        ticks = 120
        [player]
        collider = "cylinder"
        position = [1.14, 11.0, 1.14]
        [[fill]]
        from = [0, 1, 0]
        to = [0, 10, 0]
        block = "stone"
    "#);
    let end = r.last().me().position;
    assert_eq!(end[1], 11.0);
    assert_near(end[0], 1.14, FLUSH);
    assert_near(end[2], 1.14, FLUSH);
    assert!(r.last().me().on_ground);
    // The box player in the same place stands too (its corner overlaps), but a box just
    // beyond the corner falls while the cylinder rounds it.
    let r = run(r#"
        world = "empty"
        ticks = 60
        [player]
        collider = "cylinder"
        position = [1.25, 11.0, 1.25]
        [[fill]]
        from = [0, 1, 0]
        to = [0, 10, 0]
        block = "stone"
    "#);
    assert!(
        r.last().me().position[1] < 11.0,
        "the disc clears the corner: it falls"
    );
}

#[test]
fn a_cylinder_rounds_a_vertical_edge_without_catching() {
    // Walking along a wall that ends: pressed against it at an angle, the cylinder slides
    // around the wall's end instead of stopping at the edge.
    let r = run(r#"
        world = "flat"
        ticks = 420
        [player]
        collider = "cylinder"
        position = [0.5, 64.0, 0.5]
        yaw = 60.0
        [[fill]]
        from = [2, 64, -8]
        to = [2, 65, 2]
        block = "stone"
        [[input]]
        from = 0
        to = 420
        hold = ["forward"]
    "#);
    let end = r.last().me().position;
    assert!(
        end[2] < -8.0,
        "slid along and past the end of the wall: z = {}",
        end[2]
    );
    assert!(end[0] > 3.0, "then went on east: x = {}", end[0]);
    r.assert_never_inside();
}

#[test]
fn crates_placed_and_broken_from_the_hotbar() {
    let r = run(r#"
        world = "flat"
        ticks = 20
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        pitch = -30.0
        [[input]]
        at = 1
        action = "place_crate"
        [[input]]
        at = 10
        action = "break"
    "#);
    assert_eq!(r.trace[5].crates.len(), 1);
    assert!(r.last().crates.is_empty());
    assert!(
        r.last().edits.is_empty(),
        "the break took the crate, not the ground"
    );
}

/// A scenario with one crate (`crate_toml`: its position and size) east of the player, who
/// looks east at `pitch` and uses a crate at tick 1.
fn place_against(pitch: f64, crate_toml: &str) -> hewn_testing::Run {
    run(&format!(
        r#"
        world = "flat"
        ticks = 30
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        pitch = {pitch}
        [[crate]]
        {crate_toml}
        [[input]]
        at = 1
        action = "place_crate"
        "#
    ))
}

/// [`place_against`] a unit crate two blocks east.
fn place_against_a_crate(pitch: f64) -> hewn_testing::Run {
    place_against(pitch, "position = [2.5, 64.0, 0.5]")
}

#[test]
fn crates_stack_square_against_crates_of_other_sizes() {
    // The west face (x = 2) of a 2×2×2 crate, met at y ≈ 64.9: the new crate's east face
    // meets it and the bottoms are level.
    let r = place_against(-25.0, "position = [3.0, 64.0, 0.5]\nsize = [2.0, 2.0, 2.0]");
    assert_eq!(r.last().crates[1].position, [1.5, 64.0, 0.5]);
    // The top (y = 64.5) of a half-block crate, met at x ≈ 2.5: centred on it.
    let r = place_against(-29.2, "position = [2.5, 64.0, 0.5]\nsize = [0.5, 0.5, 0.5]");
    assert_eq!(r.last().crates[1].position, [2.5, 64.5, 0.5]);
    r.assert_bodies_apart();
}

#[test]
fn a_crate_fits_in_the_top_layer_of_the_world_and_not_above_it() {
    // A floor at y = 254; the crate goes into the last layer, y = 255..256. A crate on top
    // of that one would stick out of the world.
    let r = run(r#"
        world = "empty"
        ticks = 30
        [player]
        position = [0.5, 255.0, 0.5]
        yaw = 90.0
        pitch = -25.0
        [[fill]]
        from = [-1, 254, -1]
        to = [5, 254, 1]
        block = "stone"
        [[input]]
        at = 1
        action = "place_crate"
        [[input]]
        at = 2
        pitch = -12.0
        [[input]]
        at = 3
        action = "place_crate"
    "#);
    let end = r.last();
    assert_eq!(end.crates.len(), 1, "{:?}", end.crates);
    assert_eq!(end.crates[0].position, [3.5, 255.0, 0.5]);
}

#[test]
fn a_crate_placed_on_the_top_of_a_crate_stacks_on_it() {
    // The look ray meets the crate's top face (y = 65) at x ≈ 2.8.
    let r = place_against_a_crate(-15.0);
    let end = r.last();
    assert_eq!(end.crates.len(), 2);
    assert_eq!(end.crates[1].position, [2.5, 65.0, 0.5]);
    assert_eq!(end.crates[1].velocity, [0.0, 0.0, 0.0]);
    r.assert_bodies_apart();
}

#[test]
fn a_crate_placed_on_the_side_of_a_crate_lines_up_beside_it() {
    // The look ray meets the crate's west face (x = 2) at y ≈ 64.9.
    let r = place_against_a_crate(-25.0);
    let end = r.last();
    assert_eq!(end.crates.len(), 2);
    assert_eq!(end.crates[1].position, [1.5, 64.0, 0.5]);
    r.assert_bodies_apart();
}

#[test]
fn a_crate_is_not_placed_where_the_player_stands() {
    // The west face of a crate right beside the player: a crate there would overlap them.
    let r = run(r#"
        world = "flat"
        ticks = 10
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        pitch = -60.0
        [[crate]]
        position = [1.5, 64.0, 0.5]
        [[input]]
        at = 1
        action = "place_crate"
    "#);
    assert_eq!(r.last().crates.len(), 1);
}

#[test]
fn a_pile_rests_and_a_pile_dropped_from_above_falls_onto_it_layer_by_layer() {
    // Ten-high stacks: a resting stack is stopped by what lies below it, remembered within a
    // tick; the falling stack above must still fall (every move forgets what was learnt).
    let mut toml =
        String::from("world = \"flat\"\nticks = 240\n[player]\nposition = [-5.5, 64.0, 0.5]\n");
    for x in 0..3 {
        for y in 0..10 {
            toml.push_str(&format!(
                "[[crate]]\nposition = [{x}.5, {}.0, 0.5]\n",
                64 + y
            ));
        }
    }
    for y in 0..5 {
        toml.push_str(&format!(
            "[[crate]]\nposition = [1.5, {}.0, 0.5]\n",
            80 + 2 * y
        ));
    }
    let r = run(&toml);
    r.assert_bodies_apart();
    let end = r.last();
    for (i, c) in end.crates.iter().enumerate().take(30) {
        assert_eq!(
            c.position[1],
            64.0 + (i % 10) as f64,
            "crate {i} rests where it was"
        );
    }
    for (k, c) in end.crates.iter().skip(30).enumerate() {
        assert_near(c.position[1], 74.0 + k as f64, FLUSH);
        assert_eq!(c.position[0], 1.5);
    }
}
