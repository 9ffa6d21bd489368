//! Doors, each rule pinned down by a scenario: a shut door stops a player, an open one lets
//! it through, the use action opens and shuts both halves, never onto a player, and a door
//! is placed two blocks tall and broken whole. Flat worlds have their grass top at y = 64.

use hewn_scenario::report::TickReport;
use hewn_testing::{FirstPlayer, assert_near, run};

/// The block at `pos` in a report: the edit there, or `None` where the cell is as made.
fn edit_at(t: &TickReport, pos: [i32; 3]) -> Option<&'static str> {
    t.edits.iter().find(|e| e.pos == pos).map(|e| e.block)
}

/// A player at (`x`, 64, `z`) looking along `yaw`, a door in the cells (0, 64, -2) and
/// (0, 65, -2) as `lower` and `upper`, in `mode`, with `rest` after.
fn at_door(x: f64, z: f64, yaw: f64, lower: &str, upper: &str, rest: &str) -> hewn_testing::Run {
    run(&format!(
        r#"
        world = "flat"
        ticks = 120
        {rest}
        [player]
        position = [{x}, 64.0, {z}]
        yaw = {yaw}
        [[fill]]
        from = [0, 64, -2]
        to = [0, 64, -2]
        block = "{lower}"
        [[fill]]
        from = [0, 65, -2]
        to = [0, 65, -2]
        block = "{upper}"
        "#
    ))
}

const WALK: &str = "[[input]]\nfrom = 0\nto = 120\nhold = [\"forward\"]";

#[test]
fn a_shut_door_stops_a_player_and_an_open_one_lets_it_through() {
    let shut = at_door(0.5, 0.5, 0.0, "door", "door_upper_north", WALK);
    // The panel's south face is 3/16 into the cell; the box is 0.3 from its centre.
    assert_near(shut.last().me().position[2], -2.0 + 3.0 / 16.0 + 0.3, 1e-3);
    let open = at_door(
        0.5,
        0.5,
        0.0,
        "door_lower_north_open",
        "door_upper_north_open",
        WALK,
    );
    assert!(open.last().me().position[2] < -4.0, "walked through");
    shut.assert_never_inside();
    open.assert_never_inside();
}

#[test]
fn the_use_action_opens_both_halves_and_shuts_them_again() {
    // From where the look meets the panel shut and open: near the east side.
    let uses = "[[input]]\nat = 0\naction = \"use\"\n[[input]]\nat = 10\naction = \"use\"";
    let r = at_door(0.9, 0.5, 0.0, "door", "door_upper_north", uses);
    assert_eq!(
        edit_at(&r.trace[0], [0, 64, -2]),
        Some("door_lower_north_open")
    );
    assert_eq!(
        edit_at(&r.trace[0], [0, 65, -2]),
        Some("door_upper_north_open")
    );
    assert_eq!(edit_at(&r.trace[10], [0, 64, -2]), Some("door"));
    assert_eq!(edit_at(&r.trace[10], [0, 65, -2]), Some("door_upper_north"));
    // Opened, then walked through.
    let through = at_door(
        0.5,
        0.5,
        0.0,
        "door",
        "door_upper_north",
        "[[input]]\nat = 0\naction = \"use\"\n[[input]]\nfrom = 1\nto = 120\nhold = [\"forward\"]",
    );
    assert!(through.last().me().position[2] < -4.0);
}

#[test]
fn a_door_never_shuts_on_a_player_standing_in_it() {
    // Standing in the doorway where the shut panel would be, looking east at the open one.
    let r = at_door(
        0.4,
        -1.6,
        90.0,
        "door_lower_north_open",
        "door_upper_north_open",
        "[[input]]\nat = 5\naction = \"use\"",
    );
    assert_eq!(
        edit_at(r.last(), [0, 64, -2]),
        Some("door_lower_north_open")
    );
    r.assert_never_inside();
    // A step back, clear of where the shut panel stands, the same use shuts it.
    let clear = at_door(
        0.4,
        -1.2,
        90.0,
        "door_lower_north_open",
        "door_upper_north_open",
        "[[input]]\nat = 5\naction = \"use\"",
    );
    assert_eq!(edit_at(clear.last(), [0, 64, -2]), Some("door"));
}

#[test]
fn a_door_is_placed_two_tall_facing_the_look_and_broken_whole_into_one_door() {
    // Looking down at the ground two blocks ahead, and east.
    let r = run(r#"
        world = "flat"
        mode = "survival"
        ticks = 200
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        pitch = -35.0
        inventory = [{item = "door", count = 1}, {item = "wooden_axe", count = 1}]
        [[input]]
        at = 0
        action = "place"
        block = "door"
        [[input]]
        at = 5
        action = "select"
        slot = 1
        [[input]]
        at = 6
        pitch = 0.0
        [[input]]
        from = 7
        to = 200
        hold = ["dig"]
        "#);
    assert_eq!(edit_at(&r.trace[0], [2, 64, 0]), Some("door_lower_east"));
    assert_eq!(edit_at(&r.trace[0], [2, 65, 0]), Some("door_upper_east"));
    // Dug at its upper half, the whole door goes, and one door is dropped.
    let broke = r
        .trace
        .iter()
        .position(|t| edit_at(t, [2, 64, 0]).is_none());
    let broke = broke.expect("the door broke");
    assert_eq!(edit_at(&r.trace[broke], [2, 65, 0]), None);
    let doors: u8 = r
        .last()
        .items
        .iter()
        .filter(|i| i.item == "door")
        .map(|i| i.count)
        .sum();
    let carried: u8 = (r.last().inventory.iter())
        .filter(|s| s.item == "door")
        .map(|s| s.count)
        .sum();
    assert_eq!(doors + carried, 1);
}
