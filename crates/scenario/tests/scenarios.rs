//! The behaviours a player relies on, each pinned down by a scenario run as `hewn sim` runs it.
//! Distances are in blocks; "flat" worlds have their grass top at y = 64.

use hewn_testing::FirstPlayer;

use hewn_testing::{assert_near, both, run};

/// Tolerance for positions that should sit exactly on a face: the 2⁻²⁴ position grid.
const FLUSH: f64 = 1e-7;

#[test]
fn standing_still_stays_put() {
    for r in both(
        r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
    "#,
    ) {
        assert_eq!(r.last().me().position, [0.5, 64.0, 0.5]);
        assert_eq!(r.last().me().velocity, [0.0, 0.0, 0.0]);
        assert!(r.last().me().on_ground);
        r.assert_never_inside();
    }
}

#[test]
fn falling_lands_exactly_on_the_ground() {
    for r in both(
        r#"
        world = "flat"
        ticks = 180
        [player]
        position = [3.5, 80.0, -2.5]
    "#,
    ) {
        assert_eq!(r.last().me().position, [3.5, 64.0, -2.5]);
        assert!(r.last().me().on_ground);
        assert_eq!(r.last().me().velocity[1], 0.0);
        r.assert_never_inside();
    }
}

#[test]
fn walking_into_a_wall_stops_flush_against_it() {
    for r in both(
        r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [5, 64, -5]
        to = [5, 66, 5]
        block = "stone"
        [[input]]
        from = 0
        to = 120
        hold = ["forward"]
    "#,
    ) {
        assert_near(r.last().me().position[0], 5.0 - 0.3, FLUSH);
        assert_near(r.last().me().position[2], 0.5, 1e-9);
        assert_eq!(r.last().me().velocity[0], 0.0);
        r.assert_never_inside();
    }
}

#[test]
fn walking_at_45_degrees_slides_along_a_wall() {
    // Facing 45° between +X and -Z; the wall at x = 5 runs along z and is made of separate
    // blocks, so any snag on a seam would stop the slide.
    for r in both(
        r#"
        world = "flat"
        ticks = 180
        [player]
        position = [3.5, 64.0, 0.5]
        yaw = 45.0
        [[fill]]
        from = [5, 64, -40]
        to = [5, 65, 5]
        block = "cobblestone"
        [[input]]
        from = 0
        to = 180
        hold = ["forward"]
    "#,
    ) {
        assert_near(r.last().me().position[0], 4.7, FLUSH);
        // Pressed against the wall, only the -z part of the walk remains: 4.317 × sin 45° ≈ 3.05.
        let vz = r.last().me().velocity[2];
        assert_near(vz, -4.317 * std::f64::consts::FRAC_1_SQRT_2, 0.05);
        let z_travel = r.trace[60].me().position[2] - r.last().me().position[2];
        assert_near(z_travel, 3.05 * 2.0, 0.1);
        r.assert_never_inside();
    }
}

#[test]
fn a_one_wide_corridor_can_be_walked_at_an_angle() {
    for r in both(
        r#"
        world = "flat"
        ticks = 300
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 20.0
        [[fill]]
        from = [-1, 64, -60]
        to = [-1, 65, 2]
        block = "stone"
        [[fill]]
        from = [1, 64, -60]
        to = [1, 65, 2]
        block = "stone"
        [[input]]
        from = 0
        to = 300
        hold = ["forward", "sprint"]
    "#,
    ) {
        let end = r.last().me().position;
        assert_near(end[0], 1.0 - 0.3, FLUSH);
        assert!(end[2] < -20.0, "stuck in the corridor at z = {}", end[2]);
        r.assert_never_inside();
    }
}

#[test]
fn jumping_climbs_a_one_block_ledge() {
    for r in both(
        r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [2, 64, -3]
        to = [8, 64, 3]
        block = "dirt"
        [[input]]
        from = 0
        to = 120
        hold = ["forward"]
        [[input]]
        from = 10
        to = 60
        hold = ["jump"]
    "#,
    ) {
        assert!(r.last().me().position[0] > 3.0);
        assert_eq!(r.last().me().position[1], 65.0);
        r.assert_never_inside();
    }
}

#[test]
fn jumping_never_clears_a_two_block_wall() {
    for r in both(
        r#"
        world = "flat"
        ticks = 240
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [2, 64, -3]
        to = [2, 65, 3]
        block = "stone"
        [[input]]
        from = 0
        to = 240
        hold = ["forward", "jump", "sprint"]
    "#,
    ) {
        assert!(r.trace.iter().all(|t| t.me().position[0] <= 1.7 + FLUSH));
        assert!(r.max_y() < 65.3);
        r.assert_never_inside();
    }
}

#[test]
fn walking_up_a_staircase_of_slabs_needs_no_jump() {
    for r in both(
        r#"
        world = "flat"
        ticks = 100
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [2, 64, -2]
        to = [2, 64, 2]
        block = "stone_slab"
        [[fill]]
        from = [3, 64, -2]
        to = [9, 64, 2]
        block = "stone"
        [[fill]]
        from = [4, 65, -2]
        to = [4, 65, 2]
        block = "stone_slab"
        [[fill]]
        from = [5, 65, -2]
        to = [9, 65, 2]
        block = "stone"
        [[input]]
        from = 0
        to = 100
        hold = ["forward"]
    "#,
    ) {
        assert!(
            r.last().me().position[0] > 6.0,
            "stopped at x = {}",
            r.last().me().position[0]
        );
        assert_eq!(r.last().me().position[1], 66.0);
        // Every step is taken on the ground and nothing ever lifts the player: a jump would
        // leave the ground with an upward velocity.
        for t in &r.trace {
            assert!(
                t.me().on_ground && t.me().velocity[1] <= 0.0,
                "tick {}: off the ground at y = {}, vy = {}",
                t.tick,
                t.me().position[1],
                t.me().velocity[1]
            );
        }
        r.assert_never_inside();
    }
}

#[test]
fn a_full_block_stops_a_walk_without_a_jump() {
    for r in both(
        r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [2, 64, -2]
        to = [2, 64, 2]
        block = "planks"
        [[input]]
        from = 0
        to = 120
        hold = ["forward"]
    "#,
    ) {
        assert_near(r.last().me().position[0], 1.7, FLUSH);
        assert_eq!(r.last().me().position[1], 64.0);
        r.assert_never_inside();
    }
}

#[test]
fn falling_at_500_blocks_per_second_lands_on_the_floor() {
    for r in both(
        r#"
        world = "flat"
        ticks = 60
        [player]
        position = [0.5, 250.0, 0.5]
        velocity = [0.0, -500.0, 0.0]
    "#,
    ) {
        assert_eq!(r.last().me().position[1], 64.0);
        assert!(r.last().me().on_ground);
        r.assert_never_inside();
    }
}

#[test]
fn a_thin_floor_stops_a_500_blocks_per_second_fall_diagonally() {
    for r in both(
        r#"
        world = "empty"
        ticks = 60
        [player]
        position = [0.5, 150.0, 0.5]
        velocity = [200.0, -500.0, -150.0]
        [[fill]]
        from = [-10, 100, -40]
        to = [40, 100, 10]
        block = "stone_slab"
    "#,
    ) {
        assert_eq!(r.last().me().position[1], 100.5);
        r.assert_never_inside();
    }
}

#[test]
fn flying_at_400_blocks_per_second_stops_at_a_wall() {
    for r in both(
        r#"
        world = "flat"
        ticks = 30
        [player]
        position = [0.5, 70.0, 0.5]
        velocity = [400.0, 0.0, 0.0]
        flying = true
        [[fill]]
        from = [20, 64, -3]
        to = [20, 75, 3]
        block = "glass"
    "#,
    ) {
        assert_near(r.last().me().position[0], 19.7, FLUSH);
        assert!(r.last().me().flying);
        r.assert_never_inside();
    }
}

#[test]
fn an_inner_corner_holds_the_player_still() {
    for r in both(
        r#"
        world = "flat"
        ticks = 180
        [player]
        position = [2.5, 64.0, -2.5]
        yaw = 45.0
        [[fill]]
        from = [5, 64, -10]
        to = [5, 65, 0]
        block = "stone"
        [[fill]]
        from = [0, 64, -6]
        to = [5, 65, -6]
        block = "stone"
        [[input]]
        from = 0
        to = 180
        hold = ["forward"]
    "#,
    ) {
        let end = r.last().me().position;
        assert_near(end[0], 4.7, FLUSH);
        assert_near(end[2], -4.7, FLUSH);
        // No jitter: the last second is perfectly still.
        assert!(r.trace[120..].iter().all(|t| t.me().position == end));
        r.assert_never_inside();
    }
}

#[test]
fn a_ceiling_cuts_a_jump_short() {
    for r in both(
        r#"
        world = "flat"
        ticks = 90
        [player]
        position = [0.5, 64.0, 0.5]
        [[fill]]
        from = [-2, 66, -2]
        to = [2, 66, 2]
        block = "stone"
        [[input]]
        from = 5
        to = 6
        hold = ["jump"]
    "#,
    ) {
        assert_near(r.max_y(), 66.0 - 1.8, FLUSH);
        assert_eq!(r.last().me().position[1], 64.0);
        assert!(r.last().me().on_ground);
        r.assert_never_inside();
    }
}

#[test]
fn break_removes_the_block_looked_at() {
    for r in both(
        r#"
        world = "flat"
        ticks = 5
        [player]
        position = [0.5, 64.0, 0.5]
        [[input]]
        at = 1
        pitch = -90.0
        action = "break"
    "#,
    ) {
        let edits: Vec<_> = r.last().edits.iter().map(|e| (e.pos, e.block)).collect();
        assert_eq!(edits, vec![([0, 63, 0], "air")]);
        // With the grass gone the player drops into the hole.
        assert!(r.last().me().position[1] < 64.0);
        r.assert_never_inside();
    }
}

#[test]
fn bedrock_cannot_be_broken() {
    for r in both(
        r#"
        world = "flat"
        ticks = 3
        [player]
        position = [0.5, 1.0, 0.5]
        [[fill]]
        from = [0, 1, 0]
        to = [0, 3, 0]
        block = "air"
        [[input]]
        at = 1
        pitch = -90.0
        action = "break"
    "#,
    ) {
        assert_eq!(r.last().edits.len(), 3, "only the fill's cells");
    }
}

#[test]
fn place_puts_the_block_against_the_face_looked_at() {
    for r in both(
        r#"
        world = "flat"
        ticks = 5
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [3, 64, 0]
        to = [3, 65, 0]
        block = "stone"
        [[input]]
        at = 2
        action = "place"
        block = "planks"
    "#,
    ) {
        let edits: Vec<_> = r.last().edits.iter().map(|e| (e.pos, e.block)).collect();
        assert_eq!(
            edits,
            vec![
                ([2, 65, 0], "planks"),
                ([3, 64, 0], "stone"),
                ([3, 65, 0], "stone")
            ]
        );
    }
}

#[test]
fn placing_inside_yourself_is_refused_until_you_are_above_the_cell() {
    for r in both(
        r#"
        world = "flat"
        ticks = 30
        [player]
        position = [0.5, 64.0, 0.5]
        pitch = -90.0
        [[input]]
        at = 1
        action = "place"
        block = "stone"
        [[input]]
        from = 2
        to = 3
        hold = ["jump"]
        [[input]]
        at = 5
        action = "place"
        block = "stone"
        [[input]]
        at = 12
        action = "place"
        block = "stone"
    "#,
    ) {
        let edits: Vec<_> = r.last().edits.iter().map(|e| (e.pos, e.block)).collect();
        assert_eq!(
            edits,
            vec![([0, 64, 0], "stone")],
            "placed once the feet cleared the cell"
        );
        assert_eq!(
            r.trace[5].edits.len(),
            0,
            "three ticks into the jump the feet are still in the cell"
        );
        assert_eq!(
            r.last().me().position[1],
            65.0,
            "and the player lands on it"
        );
        r.assert_never_inside();
    }
}

#[test]
fn blocks_beyond_reach_cannot_be_touched() {
    let near = r#"
        world = "empty"
        ticks = 2
        [player]
        position = [0.5, 100.0, 0.5]
        yaw = 90.0
        flying = true
        [[fill]]
        from = [X, 101, 0]
        to = [X, 101, 0]
        block = "stone"
        [[input]]
        at = 0
        action = "break"
    "#;
    // The eye is at x = 0.5; the block's near face is at x = X.
    let reached = run(&near.replace('X', "5"));
    assert!(reached.last().edits.is_empty(), "face 4.5 away: broken");
    let beyond = run(&near.replace('X', "6"));
    assert_eq!(beyond.last().edits.len(), 1, "face 5.5 away: out of reach");
}

#[test]
fn sneaking_never_walks_off_an_edge() {
    for r in both(
        r#"
        world = "flat"
        ticks = 300
        [player]
        position = [-2.5, 65.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [-6, 64, -6]
        to = [-1, 64, 6]
        block = "stone"
        [[input]]
        from = 0
        to = 300
        hold = ["forward", "sneak"]
    "#,
    ) {
        let end = r.last().me().position;
        assert_eq!(end[1], 65.0);
        // The box may hang out over the edge until its far side is at the edge.
        // (The cylinder keeps a 1e-6 margin of foothold.)
        assert_near(end[0], 0.3, 2e-6);
        r.assert_never_inside();
    }
}

#[test]
fn sneaking_diagonally_off_an_outer_corner_is_refused() {
    for r in both(
        r#"
        world = "flat"
        ticks = 300
        [player]
        position = [-2.5, 65.0, 2.5]
        yaw = 45.0
        [[fill]]
        from = [-6, 64, 0]
        to = [-1, 64, 6]
        block = "stone"
        [[input]]
        from = 0
        to = 300
        hold = ["forward", "sneak"]
    "#,
    ) {
        assert_eq!(r.last().me().position[1], 65.0);
        r.assert_never_inside();
    }
}

#[test]
fn fly_toggle_lifts_off_and_landing_ends_flight() {
    for r in both(
        r#"
        world = "flat"
        ticks = 240
        [player]
        position = [0.5, 64.0, 0.5]
        [[input]]
        at = 1
        action = "toggle_fly"
        [[input]]
        from = 1
        to = 61
        hold = ["jump"]
        [[input]]
        from = 100
        to = 240
        hold = ["sneak"]
    "#,
    ) {
        assert!(r.trace[60].me().flying);
        assert!(
            r.trace[60].me().position[1] > 69.0,
            "rose about 7.5 blocks in a second"
        );
        assert!(
            r.trace[99].me().position[1] > 69.0,
            "hovers with nothing held"
        );
        assert!(!r.last().me().flying, "landing ends flight");
        assert_eq!(r.last().me().position[1], 64.0);
    }
}

#[test]
fn water_is_walked_through_slowly() {
    for r in both(
        r#"
        world = "flat"
        ticks = 360
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [3, 64, -3]
        to = [8, 64, 3]
        block = "water"
        [[input]]
        from = 0
        to = 360
        hold = ["forward"]
    "#,
    ) {
        let in_water = r
            .trace
            .iter()
            .find(|t| t.me().position[0] > 5.0 && t.me().position[0] < 6.0)
            .expect("reached the water");
        assert!(
            in_water.me().velocity[0] < 3.0,
            "water slows the walk: {}",
            in_water.me().velocity[0]
        );
        assert!(r.last().me().position[0] > 10.0, "came out the other side");
        r.assert_never_inside();
    }
}

/// The slide scenario, with its x and z shifted by `dx` blocks.
fn slide_far(dx: i64) -> hewn_testing::Run {
    run(&format!(
        r#"
        world = "flat"
        ticks = 200
        [player]
        position = [{px}.5, 64.0, {pz}.5]
        yaw = 33.0
        [[fill]]
        from = [{wx}, 64, {wz0}]
        to = [{wx}, 65, {wz1}]
        block = "stone"
        [[input]]
        from = 0
        to = 200
        hold = ["forward", "sprint"]
        [[input]]
        from = 40
        to = 41
        hold = ["jump"]
        [[input]]
        at = 150
        pitch = -30.0
        action = "break"
    "#,
        px = 3 + dx,
        pz = dx,
        wx = 6 + dx,
        wz0 = dx - 40,
        wz1 = dx + 5
    ))
}

#[test]
fn the_same_moves_a_million_blocks_away_end_exactly_moved() {
    let near = slide_far(0);
    let far = slide_far(1_000_000);
    let (a, b) = (near.last(), far.last());
    assert_eq!(b.me().position[0] - 1_000_000.0, a.me().position[0]);
    assert_eq!(b.me().position[1], a.me().position[1]);
    assert_eq!(b.me().position[2] - 1_000_000.0, a.me().position[2]);
    assert_eq!(b.me().velocity, a.me().velocity);
    assert_eq!(a.edits.len(), b.edits.len());
    for (ea, eb) in a.edits.iter().zip(&b.edits) {
        assert_eq!(
            [eb.pos[0] - 1_000_000, eb.pos[1], eb.pos[2] - 1_000_000],
            ea.pos
        );
    }
    assert!(
        near.trace
            .iter()
            .zip(&far.trace)
            .all(|(x, y)| x.me().on_ground == y.me().on_ground)
    );
}
