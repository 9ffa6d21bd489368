//! Hunger, food and wheat, each rule pinned down by a scenario: what drains hunger, when
//! health comes back and when starving hurts, eating, sprinting when hungry, and wheat
//! from a hoe and seeds to bread. Flat worlds have their grass top at y = 64.

use hewn_core::sim::survival::{GROW_TICKS_DRY, GROW_TICKS_WET, MEAL_TICKS, STARVING_INTERVAL};
use hewn_scenario::report::TickReport;
use hewn_testing::{FirstPlayer, assert_near, run};

/// A survival player on flat ground at the spawn, for `ticks`, with `extra` on its
/// `[player]` table and `rest` after it.
fn standing(ticks: u64, extra: &str, rest: &str) -> hewn_testing::Run {
    run(&format!(
        r#"
        world = "flat"
        mode = "survival"
        ticks = {ticks}
        [player]
        position = [0.5, 64.0, 0.5]
        {extra}
        {rest}
        "#
    ))
}

/// The (item, count) of every stack carried.
fn carried(t: &TickReport) -> Vec<(&'static str, u8)> {
    t.inventory.iter().map(|s| (s.item, s.count)).collect()
}

/// The block at `pos` in a report: the edit there, or `None` where the cell is as made.
fn edit_at(t: &TickReport, pos: [i32; 3]) -> Option<&'static str> {
    t.edits.iter().find(|e| e.pos == pos).map(|e| e.block)
}

#[test]
fn a_jump_costs_005_and_walking_001_a_block_once_saturation_is_gone() {
    // 3.95 spent: one jump (0.05) tips it over into a point of hunger.
    let jump = standing(
        30,
        "hunger = 20\nsaturation = 0.0\nexhaustion = 3.95",
        "[[input]]\nfrom = 5\nto = 6\nhold = [\"jump\"]",
    );
    assert_eq!(jump.trace[4].hunger, 20);
    assert_eq!(jump.trace[5].hunger, 19, "the tick it leaves the ground");
    // 3.95 spent: five blocks walked tip it over.
    let walk = standing(
        200,
        "hunger = 20\nsaturation = 0.0\nexhaustion = 3.95",
        "[[input]]\nfrom = 0\nto = 200\nhold = [\"forward\"]",
    );
    let dropped = walk.trace.iter().position(|t| t.hunger == 19);
    let dropped = dropped.expect("walking drains hunger");
    let walked = 0.5 - walk.trace[dropped].me().position[2];
    assert_near(walked, 5.0, 0.08);
    // With saturation, the same effort takes a point of saturation instead.
    let sated = standing(
        30,
        "hunger = 20\nsaturation = 2.0\nexhaustion = 3.95",
        "[[input]]\nfrom = 5\nto = 6\nhold = [\"jump\"]",
    );
    assert_eq!((sated.last().hunger, sated.last().saturation), (20, 1.0));
}

#[test]
fn health_comes_back_only_at_hunger_18_or_more_and_costs_6_exhaustion() {
    let hungry = standing(500, "health = 15\nhunger = 17", "");
    assert_eq!(hungry.last().health, 15, "no health back below 18");
    let fed = standing(500, "health = 15\nhunger = 18\nsaturation = 5.0", "");
    assert_eq!(fed.trace[239].health, 16);
    // 6 exhaustion: a point of saturation, and 2 left over.
    assert_eq!(fed.trace[239].saturation, 4.0);
    assert_eq!(fed.trace[479].health, 17);
    assert_eq!(fed.trace[479].saturation, 2.0);
}

#[test]
fn starving_at_zero_hurts_every_240_ticks_down_to_one_health() {
    let r = standing(1500, "health = 3\nhunger = 0\nsaturation = 0.0", "");
    let hurts: Vec<(u64, Option<&str>)> = (r.trace.iter())
        .flat_map(|t| &t.events)
        .filter(|e| e.kind == "hurt")
        .map(|e| (e.tick, e.cause))
        .collect();
    let every = STARVING_INTERVAL as u64;
    assert_eq!(
        hurts,
        [(every, Some("starvation")), (2 * every, Some("starvation"))]
    );
    assert_eq!(
        r.last().health,
        1,
        "normal difficulty never starves to death"
    );
}

#[test]
fn at_hunger_6_sprinting_is_walking() {
    let sprint = |hunger: u8| {
        let r = standing(
            120,
            &format!("hunger = {hunger}"),
            "[[input]]\nfrom = 0\nto = 120\nhold = [\"forward\", \"sprint\"]",
        );
        0.5 - r.last().me().position[2]
    };
    let walk = standing(
        120,
        "",
        "[[input]]\nfrom = 0\nto = 120\nhold = [\"forward\"]",
    );
    let walked = 0.5 - walk.last().me().position[2];
    assert_near(sprint(6), walked, 1e-9);
    assert!(sprint(7) > walked * 1.2, "{} vs {walked}", sprint(7));
}

#[test]
fn bread_takes_96_ticks_to_eat_and_restores_5_hunger_and_6_saturation() {
    let r = standing(
        200,
        "hunger = 10\nsaturation = 0.0\ninventory = [{item = \"bread\", count = 2}]",
        "[[input]]\nat = 0\naction = \"use\"",
    );
    let meal = MEAL_TICKS as usize;
    assert_eq!(r.trace[meal - 2].hunger, 10);
    let eaten = &r.trace[meal - 1];
    assert_eq!((eaten.hunger, eaten.saturation), (15, 6.0));
    assert_eq!(carried(eaten), [("bread", 1)]);
    assert!(eaten.events.iter().any(|e| e.kind == "eat"));
    // Full, nothing is eaten; a meal given up by taking another slot eats nothing.
    let full = standing(
        200,
        "inventory = [{item = \"apple\", count = 1}]",
        "[[input]]\nat = 0\naction = \"use\"",
    );
    assert_eq!(carried(full.last()), [("apple", 1)]);
    let given_up = standing(
        200,
        "hunger = 10\ninventory = [{item = \"apple\", count = 1}]",
        "[[input]]\nat = 0\naction = \"use\"\n[[input]]\nat = 50\naction = \"select\"\nslot = 1",
    );
    assert_eq!(
        (given_up.last().hunger, carried(given_up.last())),
        (10, vec![("apple", 1)])
    );
}

/// A survival player looking down at the grass block north of it, tilling it with a
/// wooden hoe at tick 0 and planting seeds on it at tick 2, with `rest` after.
fn farm(ticks: u64, rest: &str) -> hewn_testing::Run {
    standing(
        ticks,
        "pitch = -60.0\ninventory = [{item = \"wooden_hoe\", count = 1}, {item = \"wheat_seeds\", count = 3}]",
        &format!(
            "[[input]]\nat = 0\naction = \"use\"\n[[input]]\nat = 1\naction = \"select\"\nslot = 1\n[[input]]\nat = 2\naction = \"use\"\n{rest}"
        ),
    )
}

/// The tick of each report at which the wheat at `pos` first showed each stage.
fn stages(r: &hewn_testing::Run, pos: [i32; 3]) -> Vec<u64> {
    let mut seen = Vec::new();
    for t in &r.trace {
        if let Some(block) = edit_at(t, pos)
            && let Some(stage) = block.strip_prefix("wheat_")
            && stage.parse::<usize>().ok() == Some(seen.len())
        {
            seen.push(t.tick);
        }
    }
    seen
}

#[test]
fn a_hoe_tills_grass_and_seeds_grow_to_ripe_wheat_in_seven_stages() {
    let ripe = 7 * GROW_TICKS_DRY + 10;
    let r = farm(ripe, "");
    assert_eq!(edit_at(&r.trace[0], [0, 63, -1]), Some("farmland"));
    assert_eq!(edit_at(&r.trace[2], [0, 64, -1]), Some("wheat_0"));
    assert_eq!(
        carried(&r.trace[2]),
        [("wooden_hoe", 1), ("wheat_seeds", 2)]
    );
    let dry = stages(&r, [0, 64, -1]);
    let expected: Vec<u64> = (0..8).map(|k| 3 + k * GROW_TICKS_DRY).collect();
    assert_eq!(dry, expected);
    // Water four blocks away halves each stage.
    let water = "[[fill]]\nfrom = [4, 63, -1]\nto = [4, 63, -1]\nblock = \"water\"";
    let wet = farm(7 * GROW_TICKS_WET + 10, water);
    let expected: Vec<u64> = (0..8).map(|k| 3 + k * GROW_TICKS_WET).collect();
    assert_eq!(stages(&wet, [0, 64, -1]), expected);
}

/// A survival player looking down at `crop` on the farmland north of it, carrying a stack
/// of `carried` (2, or 1 of a tool), for `ticks`, with `rest` after.
fn over_wheat(ticks: u64, carried: &str, crop: &str, rest: &str) -> hewn_testing::Run {
    let count = if carried.ends_with("shovel") { 1 } else { 2 };
    standing(
        ticks,
        &format!("pitch = -60.0\ninventory = [{{item = \"{carried}\", count = {count}}}]"),
        &format!(
            "[[fill]]\nfrom = [0, 63, -1]\nto = [0, 63, -1]\nblock = \"farmland\"\n\
             [[fill]]\nfrom = [0, 64, -1]\nto = [0, 64, -1]\nblock = \"{crop}\"\n{rest}"
        ),
    )
}

#[test]
fn ripe_wheat_gives_wheat_and_seeds_and_three_wheat_make_bread_at_a_table() {
    let r = over_wheat(
        40,
        "wheat",
        "wheat_7",
        r#"
        [[fill]]
        from = [2, 64, 0]
        to = [2, 64, 0]
        block = "crafting_table"
        [[input]]
        at = 0
        action = "break"
        [[input]]
        at = 30
        action = "craft"
        item = "bread"
        "#,
    );
    let after = carried(r.last());
    assert!(after.contains(&("bread", 1)), "{after:?}");
    let seeds = after.iter().find(|(item, _)| *item == "wheat_seeds");
    assert!(
        seeds.is_some_and(|&(_, n)| (1..=4).contains(&n)),
        "{after:?}"
    );
    assert!(!after.iter().any(|(item, _)| *item == "wheat"), "{after:?}");
    // Farmland broken takes the wheat on it with it.
    let r = over_wheat(
        60,
        "wooden_shovel",
        "wheat_2",
        r#"
        [[input]]
        at = 0
        action = "break"
        [[input]]
        from = 1
        to = 30
        hold = ["dig"]
        "#,
    );
    // Air above the ground is as made: no edit.
    assert_eq!(edit_at(r.last(), [0, 64, -1]), None);
    assert_eq!(edit_at(r.last(), [0, 63, -1]), Some("air"));
    let dirt = r.last().items.iter().filter(|i| i.item == "dirt").count();
    let carried_dirt = carried(r.last()).contains(&("dirt", 1));
    assert_eq!(dirt + usize::from(carried_dirt), 1, "farmland gives dirt");
}
