//! A property of survival play: items are never made or lost but as the rules say.
//!
//! Random play by hand (digging, placing, crafting, throwing, walking over what lies about)
//! is run tick by tick, and after each tick the items carried and lying in the world are
//! counted. The count may change only by what the tick's events say: a block broken adds
//! what it drops (and what chance adds: an apple from leaves), a block placed or a meal
//! eaten takes one, a craft takes its recipe's ingredients and adds
//! what it made. Throwing and picking up move items without changing the count.

use hewn_core::sim::Item;
use hewn_core::sim::Simulation;
use hewn_core::sim::survival::rules::recipes;
use hewn_core::sim::survival::{drop_of, harvest};
use hewn_core::world::Block;
use hewn_scenario::Scenario;
use proptest::prelude::*;

/// Every item carried by a player or lying in the world.
fn items_in(sim: &Simulation) -> i64 {
    let survival = sim.survival();
    let carried: u32 = survival
        .survivors
        .values()
        .map(|s| {
            s.inventory
                .slots()
                .iter()
                .flatten()
                .map(|st| u32::from(st.count))
                .sum::<u32>()
        })
        .sum();
    let lying: u32 = survival
        .drops
        .list()
        .iter()
        .map(|d| u32::from(d.stack.count))
        .sum();
    i64::from(carried + lying)
}

/// The change in the item count the events of the last tick allow.
fn allowed_change(sim: &Simulation) -> i64 {
    sim.events()
        .iter()
        .map(|e| match e.kind.name() {
            "break" => {
                let Some(block) = e.block else { return 0 };
                let own = drop_of(block, None).map_or(0, |_| 1);
                // What chance adds (an apple from leaves, seeds from grass), rolled from the
                // cell and the clock as it was during the tick.
                let by_chance = e.pos.map_or(0, |pos| {
                    (harvest(block, pos, sim.time() - 1).iter())
                        .map(|s| i64::from(s.count))
                        .sum()
                });
                own + by_chance
            }
            "place" | "eat" => -1,
            "craft" => {
                let Some(hewn_core::sim::survival::Detail::Items { item, count }) = e.detail else {
                    return 0;
                };
                let recipe = recipes()
                    .iter()
                    .find(|r| r.output == item)
                    .expect("a recipe");
                let batches = i64::from(count) / i64::from(recipe.count);
                let per_batch = recipe
                    .pattern
                    .iter()
                    .flat_map(|r| r.chars())
                    .filter(|&c| c != ' ');
                i64::from(count) - batches * per_batch.count() as i64
            }
            _ => 0,
        })
        .sum()
}

const PLACED: [&str; 5] = ["dirt", "planks", "log", "cobblestone", "crafting_table"];
const CRAFTED: [&str; 4] = ["planks", "stick", "crafting_table", "planks_slab"];
const CONTROLS: [&str; 6] = ["forward", "back", "left", "right", "jump", "dig"];

/// One random input, as a TOML `[[input]]`.
fn input() -> impl Strategy<Value = String> {
    prop_oneof![
        (0..6usize, 0..300u32, 1..80u32).prop_map(|(c, from, len)| format!(
            "[[input]]\nfrom = {from}\nto = {}\nhold = [\"{}\"]\n",
            from + len,
            CONTROLS[c]
        )),
        (0..300u32, -180..180i32, -80..40i32).prop_map(|(at, yaw, pitch)| format!(
            "[[input]]\nat = {at}\nyaw = {yaw}.0\npitch = {pitch}.0\n"
        )),
        (0..300u32, 0..5usize).prop_map(|(at, b)| format!(
            "[[input]]\nat = {at}\naction = \"place\"\nblock = \"{}\"\n",
            PLACED[b]
        )),
        (0..300u32, 0..4usize, 1..4u32).prop_map(|(at, i, n)| format!(
            "[[input]]\nat = {at}\naction = \"craft\"\nitem = \"{}\"\ncount = {n}\n",
            CRAFTED[i]
        )),
        (0..300u32, 1..6u32)
            .prop_map(|(at, n)| format!("[[input]]\nat = {at}\naction = \"drop\"\ncount = {n}\n")),
        (0..300u32, 0..9u32).prop_map(|(at, slot)| format!(
            "[[input]]\nat = {at}\naction = \"select\"\nslot = {slot}\n"
        )),
    ]
}

/// A survival world with blocks to dig around the player, stacks lying about, and `inputs`.
fn scenario(inputs: &[String]) -> String {
    let mut text = String::from(
        r#"world = "flat"
mode = "survival"
ticks = 300
[player]
position = [0.5, 64.0, 0.5]
inventory = [{item = "dirt", count = 20}, {item = "log", count = 5}, {item = "planks", count = 8}]
[[item]]
item = "dirt"
count = 10
position = [2.5, 64.0, 0.5]
[[item]]
item = "log"
count = 3
position = [-1.5, 64.0, 2.5]
"#,
    );
    for (i, block) in ["log", "dirt", "leaves", "planks", "glass", "stone"]
        .iter()
        .enumerate()
    {
        let x = i as i32 - 3;
        text.push_str(&format!(
            "[[fill]]\nfrom = [{x}, 64, -3]\nto = [{x}, 66, -2]\nblock = \"{block}\"\n"
        ));
    }
    for input in inputs {
        text.push_str(input);
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_survival_play_makes_and_loses_items_only_by_the_rules(
        inputs in prop::collection::vec(input(), 1..40)
    ) {
        let text = scenario(&inputs);
        let scenario = Scenario::parse(&text).expect("a valid scenario");
        let mut before = items_in(&scenario.start());
        let mut failure = None;
        scenario.run(|sim| {
            let now = items_in(sim);
            let allowed = allowed_change(sim);
            if failure.is_none() && now - before != allowed {
                failure = Some(format!(
                    "tick {}: {before} items became {now}, the events allow {allowed}: {:?}",
                    sim.tick_count(),
                    sim.events()
                ));
            }
            before = now;
        });
        prop_assert!(failure.is_none(), "{}\n{text}", failure.unwrap_or_default());
    }
}

#[test]
fn the_ledger_counts_a_block_placed_and_a_log_crafted() {
    let text = scenario(&[
        "[[input]]\nat = 1\npitch = -60.0\naction = \"place\"\nblock = \"dirt\"\n".to_owned(),
        "[[input]]\nat = 2\naction = \"craft\"\nitem = \"planks\"\n".to_owned(),
    ]);
    let scenario = Scenario::parse(&text).expect("valid");
    let sim = scenario.run(|_| {});
    let carried = sim.survival().survivors.values().next().expect("a player");
    assert_eq!(carried.inventory.count(Item::Block(Block::DIRT)), 19);
    assert_eq!(carried.inventory.count(Item::Block(Block::PLANKS)), 12);
}
