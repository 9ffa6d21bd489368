//! Plants as the player meets them, through scenarios run as `hewn sim` runs them: walked
//! through, picked by their small box only, broken by one click, built over, and gone with
//! the block under them. "flat" worlds have their grass top at y = 63.
//!
//! The player's eye is at (0.5, 65.62, 3.5), facing north (-Z) toward a poppy at (0, 64, 0),
//! whose box is x and z 5/16 to 11/16, y 64 to 64.625; each pitch below aims the look ray
//! at a point above the middle of the poppy's cell.

use hewn_testing::FirstPlayer;

use std::collections::BTreeMap;

use hewn_testing::run;

/// The edited cells after the last tick, by position.
fn final_edits(toml: &str) -> BTreeMap<[i32; 3], &'static str> {
    let r = run(toml);
    r.assert_never_inside();
    r.last().edits.iter().map(|e| (e.pos, e.block)).collect()
}

/// A scenario with a poppy at (0, 64, 0), the player 3 blocks south of it looking down at
/// `pitch` degrees, doing `action` (with `block` to place, if any) at tick 1.
fn at_the_poppy(pitch: f64, action: &str) -> String {
    format!(
        r#"
        world = "flat"
        ticks = 5
        [player]
        position = [0.5, 64.0, 3.5]
        yaw = 0.0
        pitch = {pitch}
        [[fill]]
        from = [0, 64, 0]
        to = [0, 64, 0]
        block = "poppy"
        [[input]]
        at = 1
        {action}
        "#
    )
}

/// Aimed at (0.5, 64.3, 0.5): into the poppy's box.
const AT_THE_FLOWER: f64 = -23.75;
/// Aimed at (0.5, 64.9, 0.5): through the poppy's cell above its box, on to the ground
/// at (0, 63, -4).
const OVER_THE_FLOWER: f64 = -13.5;

#[test]
fn the_player_walks_through_tall_grass_and_flowers() {
    let r = run(r#"
        world = "flat"
        ticks = 90
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [2, 64, -1]
        to = [3, 64, 1]
        block = "tall_grass"
        [[fill]]
        from = [4, 64, -1]
        to = [4, 64, 1]
        block = "dandelion"
        [[input]]
        from = 0
        to = 90
        hold = ["forward"]
    "#);
    r.assert_never_inside();
    let [x, y, z] = r.last().me().position;
    assert!(x > 6.0, "walked on past the plants to x = {x}");
    assert_eq!((y, z), (64.0, 0.5), "straight on, on the ground");
}

#[test]
fn one_click_breaks_a_flower_aimed_at() {
    let edits = final_edits(&at_the_poppy(AT_THE_FLOWER, r#"action = "break""#));
    assert!(
        edits.is_empty(),
        "the poppy is gone, nothing else: {edits:?}"
    );
}

#[test]
fn the_look_ray_passes_over_a_flower_outside_its_box() {
    // Stone behind the poppy, at (0, 64, -1): the ray meets its south face at y 64.78.
    let mut toml = at_the_poppy(OVER_THE_FLOWER, r#"action = "break""#);
    toml.push_str("[[fill]]\nfrom = [0, 64, -1]\nto = [0, 64, -1]\nblock = \"stone\"\n");
    let edits = final_edits(&toml);
    assert_eq!(
        edits,
        BTreeMap::from([([0, 64, 0], "poppy")]),
        "the stone broke"
    );
}

#[test]
fn a_block_placed_at_a_flower_replaces_it() {
    let place = "action = \"place\"\n        block = \"stone\"";
    let edits = final_edits(&at_the_poppy(AT_THE_FLOWER, place));
    assert_eq!(edits, BTreeMap::from([([0, 64, 0], "stone")]));
}

#[test]
fn a_flower_goes_with_the_block_under_it() {
    // A trench at z = 1 and 2 bares the south face of the grass under the poppy; the
    // player breaks that grass from across the trench.
    let edits = final_edits(
        r#"
        world = "flat"
        ticks = 5
        [player]
        position = [0.5, 64.0, 3.5]
        yaw = 0.0
        pitch = -40.3
        [[fill]]
        from = [0, 64, 0]
        to = [0, 64, 0]
        block = "poppy"
        [[fill]]
        from = [0, 63, 1]
        to = [0, 63, 2]
        block = "air"
        [[input]]
        at = 1
        action = "break"
        "#,
    );
    assert_eq!(
        edits,
        BTreeMap::from([
            ([0, 63, 0], "air"),
            ([0, 63, 1], "air"),
            ([0, 63, 2], "air")
        ])
    );
}

#[test]
fn flowers_are_planted_only_on_a_whole_block() {
    // Looking straight down, a dandelion goes on the grass the player stands on: it does
    // not collide, so it fits. Against the side of a stone pillar, into the air beside it,
    // it does not go.
    let down = final_edits(
        r#"
        world = "flat"
        ticks = 5
        [player]
        position = [0.5, 64.0, 0.5]
        pitch = -90.0
        [[input]]
        at = 1
        action = "place"
        block = "dandelion"
        "#,
    );
    assert_eq!(down, BTreeMap::from([([0, 64, 0], "dandelion")]));
    let beside = final_edits(
        r#"
        world = "flat"
        ticks = 5
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 0.0
        pitch = -20.0
        [[fill]]
        from = [0, 65, -2]
        to = [0, 66, -2]
        block = "stone"
        [[input]]
        at = 1
        action = "place"
        block = "dandelion"
        "#,
    );
    assert_eq!(
        beside,
        BTreeMap::from([([0, 65, -2], "stone"), ([0, 66, -2], "stone")])
    );
}
