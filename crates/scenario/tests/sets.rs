//! Blocks set from outside the players, as a server's mods set them: `action = "set_block"`
//! in a scenario, `Step::sets` in a server's step. Any block may be replaced, but never
//! into a body; a recording keeps them, and replays to the same hash.

use hewn_core::sim::{Simulation, Start, Step};
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
        let sets = if tick % 10 == 3 {
            vec![
                (BlockPos::new(tick, 64, 2), Block::STONE),
                (BlockPos::new(tick, 63, 3), Block::AIR),
            ]
        } else {
            Vec::new()
        };
        let step = Step {
            sets,
            ..Step::default()
        };
        recorder.record(&step);
        sim.step(&step);
    }
    let text = recorder.to_toml().expect("writes");
    assert!(text.contains("set_block"), "{text}");
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
