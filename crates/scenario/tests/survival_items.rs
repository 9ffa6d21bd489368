//! Survival's items, each rule pinned down by a scenario: what breaking drops by tool and
//! tier, picking up (distance and delay), stacks merging, every recipe, and the furnace's
//! timing and fuel. Flat worlds have their grass top at y = 64.

use hewn_core::sim::Item;
use hewn_core::sim::survival::rules::recipes;
use hewn_scenario::report::TickReport;
use hewn_testing::run;

/// The inventory of a report as (item, count) in slot order.
fn carried(t: &TickReport) -> Vec<(&'static str, u8)> {
    t.inventory.iter().map(|s| (s.item, s.count)).collect()
}

/// The items lying in the world in a report, as (item, count).
fn lying(t: &TickReport) -> Vec<(&'static str, u8)> {
    t.items.iter().map(|i| (i.item, i.count)).collect()
}

/// What lies in the world 20 ticks after a survival player holding `tool` (none: the
/// hand) digs out a `block` at eye height 1.5 blocks east.
fn dropped(block: &str, tool: Option<&str>) -> Vec<(&'static str, u8)> {
    let r = hewn_testing::digging(block, tool, 700);
    let broke = r
        .trace
        .iter()
        .position(|t| t.events.iter().any(|e| e.kind == "break"));
    let broke = broke.unwrap_or_else(|| panic!("{block} never broke"));
    lying(&r.trace[broke + 20])
}

#[test]
fn drops_follow_the_block_the_tool_and_its_tier() {
    let none: Vec<(&str, u8)> = Vec::new();
    assert_eq!(dropped("stone", None), none);
    assert_eq!(
        dropped("stone", Some("wooden_pickaxe")),
        [("cobblestone", 1)]
    );
    assert_eq!(dropped("grass", None), [("dirt", 1)]);
    assert_eq!(dropped("log", None), [("log", 1)]);
    assert_eq!(dropped("coal_ore", Some("wooden_pickaxe")), [("coal", 1)]);
    assert_eq!(dropped("iron_ore", Some("wooden_pickaxe")), none);
    assert_eq!(
        dropped("iron_ore", Some("stone_pickaxe")),
        [("iron_ore", 1)]
    );
    assert_eq!(dropped("gold_ore", Some("stone_pickaxe")), none);
    assert_eq!(dropped("gold_ore", Some("iron_pickaxe")), [("gold_ore", 1)]);
    assert_eq!(
        dropped("diamond_ore", Some("iron_pickaxe")),
        [("diamond", 1)]
    );
    for nothing in ["leaves", "glass", "ice"] {
        assert_eq!(dropped(nothing, Some("diamond_pickaxe")), none, "{nothing}");
    }
}

/// A survival player standing still at the spawn with a stack of 5 dirt lying at
/// `x` (its box's bottom centre at (x, 64, 0.5)) for `ticks`.
fn dirt_at(x: f64, ticks: u64) -> hewn_testing::Run {
    run(&format!(
        r#"
        world = "flat"
        mode = "survival"
        ticks = {ticks}
        [player]
        position = [0.5, 64.0, 0.5]
        [[item]]
        item = "dirt"
        count = 5
        position = [{x}, 64.0, 0.5]
        "#
    ))
}

#[test]
fn items_are_picked_up_from_30_ticks_old_within_a_block_of_the_box() {
    // The box reaches x = 0.8; grown by 1 it reaches 1.8, and the item's box starts
    // 0.125 before its middle.
    let near = dirt_at(1.9, 40);
    assert!(carried(&near.trace[28]).is_empty(), "too young at tick 29");
    assert_eq!(carried(&near.trace[29]), [("dirt", 5)]);
    assert!(near.trace[29].items.is_empty());
    let pickup = near.trace[29].events.iter().find(|e| e.kind == "pickup");
    assert_eq!(
        pickup.map(|e| (e.item, e.count)),
        Some((Some("dirt"), Some(5)))
    );
    let far = dirt_at(1.95, 40);
    assert!(carried(far.last()).is_empty());
    assert_eq!(lying(far.last()), [("dirt", 5)]);
}

#[test]
fn items_of_a_kind_lying_close_merge_up_to_a_stack() {
    let r = run(r#"
        world = "flat"
        mode = "survival"
        ticks = 5
        [player]
        position = [20.5, 64.0, 0.5]
        [[item]]
        item = "cobblestone"
        count = 40
        position = [0.5, 64.0, 0.5]
        [[item]]
        item = "cobblestone"
        count = 30
        position = [0.9, 64.0, 0.5]
        [[item]]
        item = "dirt"
        count = 3
        position = [0.7, 64.0, 0.5]
        "#);
    assert_eq!(
        lying(r.last()),
        [("cobblestone", 64), ("cobblestone", 6), ("dirt", 3)]
    );
}

/// The inventory after a survival player next to a crafting table crafts one batch of
/// `item` from exactly what its recipe takes, each key filled by its first item.
fn crafted(recipe: &hewn_core::sim::survival::recipes::Recipe) -> Vec<(&'static str, u8)> {
    let mut needs: Vec<(Item, usize)> = Vec::new();
    for (key, items) in &recipe.key {
        let n = recipe
            .pattern
            .iter()
            .flat_map(|r| r.chars())
            .filter(|c| c == key)
            .count();
        needs.push((items[0], n));
    }
    let inventory: Vec<String> = needs
        .iter()
        .map(|(item, n)| format!("{{item = \"{}\", count = {n}}}", item.name()))
        .collect();
    let r = run(&format!(
        r#"
        world = "flat"
        mode = "survival"
        ticks = 2
        [player]
        position = [0.5, 64.0, 0.5]
        inventory = [{}]
        [[fill]]
        from = [2, 64, 0]
        to = [2, 64, 0]
        block = "crafting_table"
        [[input]]
        at = 0
        action = "craft"
        item = "{}"
        "#,
        inventory.join(", "),
        recipe.output.name()
    ));
    carried(r.last())
}

#[test]
fn every_recipe_makes_what_it_says_from_exactly_its_ingredients() {
    for recipe in recipes() {
        assert_eq!(
            crafted(recipe),
            [(recipe.output.name(), recipe.count)],
            "{}",
            recipe.output
        );
    }
}

#[test]
fn a_recipe_wider_than_two_needs_a_table_and_batches_stop_when_ingredients_run_out() {
    let r = run(r#"
        world = "flat"
        mode = "survival"
        ticks = 2
        [player]
        inventory = [{item = "cobblestone", count = 3}, {item = "stick", count = 2}, {item = "log", count = 3}]
        [[input]]
        at = 0
        action = "craft"
        item = "stone_pickaxe"
        [[input]]
        at = 1
        action = "craft"
        item = "planks"
        count = 5
        "#);
    assert_eq!(
        carried(r.last()),
        [("cobblestone", 3), ("stick", 2), ("planks", 12)]
    );
    let crafts: Vec<_> = r
        .trace
        .iter()
        .flat_map(|t| &t.events)
        .filter(|e| e.kind == "craft")
        .collect();
    assert_eq!(crafts.len(), 1);
    assert_eq!(
        (crafts[0].item, crafts[0].count),
        (Some("planks"), Some(12))
    );
}

/// A survival world of `ticks` with a player holding `inventory` (a TOML array), facing a
/// furnace at eye height, and then `inputs` (`[[input]]` tables).
fn facing_a_furnace(ticks: u64, inventory: &str, inputs: &str) -> String {
    format!(
        r#"
        world = "flat"
        mode = "survival"
        ticks = {ticks}
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        inventory = {inventory}
        [[fill]]
        from = [2, 65, 0]
        to = [2, 65, 0]
        block = "furnace"
        [[fill]]
        from = [2, 64, 0]
        to = [2, 64, 0]
        block = "stone"
        {inputs}
        "#
    )
}

/// A survival player facing a furnace at eye height, putting `input` in to smelt and `fuel`
/// under it at tick 0, then taking the output at `collect`.
fn furnace(input: &str, fuel: &str, ticks: u64, collect: u64) -> hewn_testing::Run {
    let inputs = format!(
        r#"
        [[input]]
        at = 0
        action = "smelt"
        item = "{}"
        count = {}
        [[input]]
        at = 0
        action = "fuel"
        item = "{}"
        count = {}
        [[input]]
        at = {collect}
        action = "collect"
        "#,
        field(input, "item"),
        field(input, "count"),
        field(fuel, "item"),
        field(fuel, "count"),
    );
    run(&facing_a_furnace(
        ticks,
        &format!("[{input}, {fuel}]"),
        &inputs,
    ))
}

/// The value of `key` in an inline table such as `{item = "coal", count = 1}`.
fn field<'a>(table: &'a str, key: &str) -> &'a str {
    let after = &table[table.find(&format!("{key} = ")).expect("the key") + key.len() + 3..];
    after
        .split([',', '}'])
        .next()
        .expect("a value")
        .trim()
        .trim_matches('"')
}

/// The furnace's output count after each tick.
fn output_counts(r: &hewn_testing::Run) -> Vec<u8> {
    r.trace
        .iter()
        .map(|t| {
            t.furnaces
                .first()
                .and_then(|f| f.output.as_ref())
                .map_or(0, |o| o.count)
        })
        .collect()
}

/// How many ticks the furnace's first fire burned: its fuel catches in a tick that already
/// burns one of them, so the reports after it show one fewer than the fuel's time.
fn fire_ticks(r: &hewn_testing::Run) -> usize {
    let span = fire(r);
    let first = r.trace[span.start].furnaces[0].burn;
    assert_eq!(span.len(), first as usize, "it burned down one a tick");
    span.len() + 1
}

/// The reports in which the furnace's first fire burned: from the first that shows it
/// burning to the first after that which does not.
fn fire(r: &hewn_testing::Run) -> std::ops::Range<usize> {
    let burning =
        |t: &hewn_scenario::report::TickReport| t.furnaces.first().is_some_and(|f| f.burn > 0);
    let lit = r.trace.iter().position(burning).expect("the fuel caught");
    let out = lit
        + r.trace[lit..]
            .iter()
            .position(|t| !burning(t))
            .expect("the fire went out");
    lit..out
}

#[test]
fn a_furnace_takes_no_empty_stack_so_nothing_comes_from_nothing() {
    use hewn_core::sim::survival::FurnaceSlot;
    use hewn_core::sim::{Action, ActionOutcome, Input};
    // A player holding only a stone, facing a furnace. A scenario cannot ask for a stack of
    // 0 (its counts run from 1), but a client's message can: such a stack passed every
    // check once, lit a full burn and handed out iron from an empty inventory.
    let mut sim = run(&facing_a_furnace(1, r#"[{item = "stone", count = 1}]"#, "")).sim;
    let item = |name| Item::from_name(name).expect("an item");
    let put = |slot, name| Action::FurnacePut {
        slot,
        item: item(name),
        count: 0,
    };
    let outcomes = sim.tick(&Input {
        actions: vec![
            put(FurnaceSlot::Input, "iron_ore"),
            put(FurnaceSlot::Fuel, "coal"),
        ],
        ..Input::default()
    });
    assert_eq!(outcomes, [ActionOutcome::Nothing, ActionOutcome::Nothing]);
    for _ in 0..700 {
        sim.tick(&Input::default());
    }
    sim.tick(&Input {
        actions: vec![Action::FurnaceTake {
            slot: FurnaceSlot::Output,
        }],
        ..Input::default()
    });
    assert!(
        sim.survival().furnaces.is_empty(),
        "the furnace holds nothing"
    );
    let inventory = &sim.survival().survivors[&hewn_core::sim::PlayerName::default()].inventory;
    assert_eq!(inventory.count(item("stone")), 1);
    assert_eq!(inventory.count(item("iron_ingot")), 0);
    assert_eq!(inventory.count(item("iron_ore")), 0);
}

#[test]
fn an_item_smelts_in_600_ticks_and_coal_burns_for_eight() {
    let r = furnace(
        r#"{item = "iron_ore", count = 10}"#,
        r#"{item = "coal", count = 1}"#,
        5000,
        4900,
    );
    let out = output_counts(&r);
    assert_eq!((out[598], out[599]), (0, 1), "the first ingot at tick 600");
    assert_eq!((out[1198], out[1199]), (1, 2));
    assert_eq!(out[4799], 8, "coal smelts 8");
    assert_eq!(fire_ticks(&r), 4800, "coal burns for 4,800 ticks");
    assert_eq!(out[4898], 8, "and no more once spent");
    let edits = &r.trace[10].edits;
    assert!(edits.iter().any(|e| e.block == "lit_furnace"), "{edits:?}");
    assert!(r.last().edits.iter().any(|e| e.block == "furnace"));
    assert_eq!(carried(r.last()), [("iron_ingot", 8)]);
}

#[test]
fn planks_burn_for_a_smelt_and_a_half_and_sticks_for_half_of_one() {
    let r = furnace(
        r#"{item = "sand", count = 4}"#,
        r#"{item = "planks", count = 1}"#,
        1000,
        999,
    );
    let out = output_counts(&r);
    assert_eq!(out[599], 1);
    assert_eq!(fire_ticks(&r), 900, "planks burn for 900 ticks");
    assert_eq!(out[998], 1, "900 ticks of fire make one and a half");
    let r = furnace(
        r#"{item = "log", count = 1}"#,
        r#"{item = "stick", count = 2}"#,
        700,
        650,
    );
    let out = output_counts(&r);
    assert_eq!((out[598], out[599]), (0, 1), "two sticks burn 600 ticks");
    assert_eq!(carried(r.last()), [("charcoal", 1)]);
}

#[test]
fn unknown_items_missing_recipes_counts_out_of_range_and_oversized_inventories_name_their_key() {
    use hewn_scenario::Scenario;
    let error = |extra: &str| {
        let text = format!("world = \"flat\"\nmode = \"survival\"\nticks = 1\n{extra}");
        Scenario::parse(&text).expect_err("refused").to_string()
    };
    let starts = |e: String, key: &str| assert!(e.starts_with(key), "{e}");
    starts(
        error("[player]\ninventory = [{item = \"netherite_sword\", count = 1}]"),
        "player.inventory[0].item: unknown item \"netherite_sword\"",
    );
    starts(
        error("[player]\ninventory = [{item = \"stone_axe\", count = 2}]"),
        "player.inventory[0].count: 2 is not from 1 to 1",
    );
    starts(
        error("[player]\ninventory = [{item = \"dirt\", count = 65}]"),
        "player.inventory[0].count: 65 is not from 1 to 64",
    );
    let many = vec!["{item = \"dirt\", count = 1}"; 37].join(", ");
    starts(
        error(&format!("[player]\ninventory = [{many}]")),
        "player.inventory: 37 stacks is more than the 36 slots",
    );
    starts(
        error("[[input]]\nat = 0\naction = \"craft\"\nitem = \"diamond\""),
        "input[0].item: no recipe makes \"diamond\"",
    );
    starts(
        error("[[input]]\nat = 0\naction = \"craft\"\nitem = \"planks\"\ncount = 65"),
        "input[0].count: 65 is not from 1 to 64",
    );
    starts(
        error("[player]\nhealth = 21"),
        "player.health: 21 is not from 0 to 20",
    );
    starts(
        error("[player]\nair = -1"),
        "player.air: -1 is not from 0 to 900",
    );
    starts(
        error("[[input]]\nat = 0\naction = \"drop\"\nitem = \"dirt\""),
        "input[0].item: only goes with",
    );
    let creative = "world = \"flat\"\nmode = \"adventure\"\nticks = 1\n";
    let e = Scenario::parse(creative).expect_err("refused").to_string();
    assert!(e.starts_with("mode: unknown mode \"adventure\""), "{e}");
}

#[test]
fn a_player_table_gives_its_whole_survival_state_and_bad_values_name_their_key() {
    use hewn_core::sim::survival::Cause;
    use hewn_scenario::Scenario;
    let text = "world = \"flat\"\nmode = \"survival\"\nticks = 1\n[player]\nhealth = 0\n\
                selected = 4\ncooldown = 3\nunhurt = 17\ndrowning_in = 9\nfall_top = 70.5\n\
                death = \"drowning\"\ninventory = [{item = \"dirt\", count = 5, slot = 20}, \
                {item = \"coal\", count = 2, slot = 3}]\n";
    let scenario = Scenario::parse(text).expect("parses");
    let s = scenario.player.survivor();
    assert_eq!(s.inventory.slots()[20].map(|s| s.count), Some(5));
    assert_eq!(s.inventory.slots()[3].map(|s| s.count), Some(2));
    assert_eq!(s.inventory.slots()[0], None);
    assert_eq!((s.selected, s.death), (4, Some(Cause::Drowning)));
    let v = s.vitals;
    assert_eq!(
        (v.health, v.cooldown, v.unhurt, v.drowning_in),
        (0, 3, 17, 9)
    );
    assert_eq!(v.fall_top, Some(70.5));

    let error = |extra: &str| {
        let text = format!("world = \"flat\"\nmode = \"survival\"\nticks = 1\n[player]\n{extra}");
        Scenario::parse(&text).expect_err("refused").to_string()
    };
    let starts = |e: String, key: &str| assert!(e.starts_with(key), "{e}");
    starts(
        error("selected = 9"),
        "player.selected: 9 is not from 0 to 8",
    );
    starts(
        error("death = \"lava\""),
        "player.death: unknown cause \"lava\"",
    );
    starts(
        error("fall_top = 1e300"),
        "player.fall_top: must be a height",
    );
    starts(
        error("inventory = [{item = \"dirt\", count = 1, slot = 36}]"),
        "player.inventory[0].slot: 36 is not from 0 to 35",
    );
    starts(
        error("inventory = [{item = \"dirt\", count = 1, slot = 2}, {item = \"coal\", count = 1}]"),
        "player.inventory[1].slot: missing",
    );
    starts(
        error(
            "inventory = [{item = \"dirt\", count = 1, slot = 2}, {item = \"coal\", count = 1, slot = 2}]",
        ),
        "player.inventory[1].slot: 2 holds another stack",
    );
}
