//! Blocks set and items dropped from outside the players, as a server's mods do:
//! `action = "set_block"` and `"drop_item"` in a scenario, `Step::sets` and `Step::drops` in
//! a server's step. Any block may be replaced, but never into a body; items drop in
//! survival only; a recording keeps both, and replays to the same hash.

use hewn_core::sim::{Item, Simulation, Start, Step};
use hewn_core::world::{Block, BlockPos, BlockSource, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_scenario::Scenario;
use hewn_scenario::record::StepRecorder;
use hewn_testing::run;

#[test]
fn set_block_replaces_any_block_but_never_one_in_a_body() {
    let r = run(r#"
        world = "flat"
        ticks = 10
        [player]
        position = [0.5, 64.0, 0.5]
        [[input]]
        at = 2
        action = "set_block"
        position = [3, 63, 0]
        block = "stone"
        [[input]]
        at = 3
        action = "set_block"
        position = [3, 63, 0]
        block = "air"
        [[input]]
        at = 4
        action = "set_block"
        position = [0, 64, 0]
        block = "stone"
        [[input]]
        at = 5
        action = "set_block"
        position = [5, 70, 5]
        block = "glowstone"
    "#);
    let edits: Vec<_> = r.last().edits.iter().map(|e| (e.pos, e.block)).collect();
    // The grass replaced by stone, then taken away; the stone into the player refused.
    assert_eq!(edits, vec![([3, 63, 0], "air"), ([5, 70, 5], "glowstone")]);
    r.assert_never_inside();
    let stone = r.trace[2].edits.iter().find(|e| e.pos == [3, 63, 0]);
    assert_eq!(stone.map(|e| e.block), Some("stone"));
}

#[test]
fn a_bad_set_block_is_refused_with_its_key() {
    for (table, words) in [
        ("position = [0.5, 64, 0]\nblock = \"stone\"", "position"),
        ("position = [0, 64, 0]", "set_block needs a block"),
        ("block = \"stone\"", "set_block needs a position"),
        (
            "position = [0, 900, 0]\nblock = \"stone\"",
            "inside the world",
        ),
        ("position = [0, 64, 0]\nblock = \"nothing\"", "block"),
    ] {
        let text = format!(
            "world = \"flat\"\nticks = 3\n[player]\nposition = [0.5, 64.0, 0.5]\n\
             [[input]]\nat = 1\naction = \"set_block\"\n{table}\n"
        );
        let error = Scenario::parse(&text).expect_err("refused").to_string();
        assert!(error.contains(words), "{table}: {error}");
    }
}

#[test]
fn a_recording_keeps_the_blocks_set_and_replays_to_the_same_hash() {
    // A server's world: no one in it until someone joins.
    let world = World::new(Generator::new(GeneratorKind::Flat, 4));
    let mut sim = Simulation::new(Start::with_no_one(world));
    let mut recorder = StepRecorder::new(&sim, GeneratorKind::Flat, 4);
    for tick in 0..40_i32 {
        let drops = if tick == 7 {
            vec![(
                glam::DVec3::new(2.5, 64.0, 2.5),
                Item::from_name("log").expect("log"),
                3,
            )]
        } else {
            Vec::new()
        };
        let sets = if tick % 10 == 3 {
            vec![
                (BlockPos::new(tick, 64, 2), Block::STONE),
                (BlockPos::new(tick, 63, 3), Block::AIR),
            ]
        } else {
            Vec::new()
        };
        let gives = if tick == 9 {
            vec![(
                hewn_core::sim::PlayerName::default(),
                Item::from_name("log").expect("log"),
                5,
            )]
        } else {
            Vec::new()
        };
        let step = Step {
            sets,
            drops,
            gives,
            ..Step::default()
        };
        recorder.record(&step);
        sim.step(&step);
    }
    let text = recorder.to_toml().expect("writes");
    assert!(
        text.contains("set_block") && text.contains("drop_item"),
        "{text}"
    );
    let replayed = Scenario::parse(&text)
        .expect("the recording parses")
        .run(|_| {});
    assert_eq!(replayed.hash(), sim.hash());
    assert_eq!(
        replayed.world().block(BlockPos::new(13, 64, 2)),
        Block::STONE
    );
    assert_eq!(replayed.world().block(BlockPos::new(33, 63, 3)), Block::AIR);
}

#[test]
fn drop_item_drops_in_survival_only() {
    let text = |mode: &str| {
        format!(
            "world = \"flat\"\nmode = \"{mode}\"\nticks = 20\n[player]\nposition = [0.5, 64.0, 0.5]\n\
             [[input]]\nat = 2\naction = \"drop_item\"\nposition = [6.5, 66.0, 6.5]\nitem = \"log\"\ncount = 3\n"
        )
    };
    let survival = run(&text("survival"));
    let items: Vec<(&str, u8)> = (survival.last().items.iter())
        .map(|i| (i.item, i.count))
        .collect();
    assert_eq!(items, [("log", 3)]);
    assert!(run(&text("creative")).last().items.is_empty());
    let error = Scenario::parse(&text("survival").replace("count = 3", "count = 65"))
        .expect_err("refused")
        .to_string();
    assert!(error.contains("count"), "{error}");
}

#[test]
fn give_item_gives_and_takes_in_survival_what_fits() {
    let scenario = |inputs: &str| {
        format!(
            "world = \"flat\"\nmode = \"survival\"\nticks = 10\n[player]\nposition = [0.5, 64.0, 0.5]\n{inputs}"
        )
    };
    let give = |at: u32, count: i32| {
        format!("[[input]]\nat = {at}\naction = \"give_item\"\nitem = \"log\"\ncount = {count}\n")
    };
    let logs = |r: &hewn_testing::Run| -> u32 {
        (r.last().inventory.iter())
            .filter(|s| s.item == "log")
            .map(|s| u32::from(s.count))
            .sum()
    };
    // 70 given (two slots), 20 taken, then 100 asked back of the 50 left: nothing taken.
    let r = run(&scenario(&format!(
        "{}{}{}",
        give(1, 70),
        give(2, -20),
        give(3, -100)
    )));
    assert_eq!(logs(&r), 50);
    // An inventory's worth, the most one give may be, fills all 36 slots.
    let r = run(&scenario(&give(1, 36 * 64)));
    assert_eq!(logs(&r), 36 * 64);
    let error = Scenario::parse(&scenario(&give(1, 0)))
        .expect_err("refused")
        .to_string();
    assert!(error.contains("count"), "{error}");
}
