//! Several players in one world, in scenarios run as `hewn sim` runs them: each moves by its
//! own inputs, they pass through each other, and blocks, crates and falling sand treat every
//! one of them as a body.

use hewn_scenario::Scenario;
use hewn_testing::{FirstPlayer, assert_near, run};

const FLUSH: f64 = 1e-7;

#[test]
fn each_player_moves_by_its_own_inputs_and_the_output_names_them_all() {
    let r = run(r#"
        world = "flat"
        ticks = 40
        [player]
        position = [0.5, 64.0, 0.5]
        [players.bob]
        position = [10.5, 64.0, 0.5]
        yaw = 90.0
        [[input]]
        player = "bob"
        from = 0
        to = 40
        hold = ["forward"]
        [[input]]
        player = "bob"
        at = 5
        action = "toggle_fly"
        "#);
    let end = r.last();
    // The first player held nothing: it stands where it started, and the top-level fields
    // are its own.
    assert_eq!(end.me().position, [0.5, 64.0, 0.5]);
    assert_eq!(end.players["player"], *end.me());
    let bob = &end.players["bob"];
    assert!(
        bob.position[0] > 12.0,
        "bob walked east: {:?}",
        bob.position
    );
    assert_near(bob.position[2], 0.5, 1e-9);
    assert!(bob.flying && !end.me().flying);
    r.assert_never_inside();
}

#[test]
fn players_walk_through_each_other() {
    let r = run(r#"
        world = "flat"
        ticks = 60
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [players.bob]
        position = [2.5, 64.0, 0.5]
        yaw = -90.0
        [[input]]
        from = 0
        to = 60
        hold = ["forward"]
        [[input]]
        player = "bob"
        from = 0
        to = 60
        hold = ["forward"]
        "#);
    let end = r.last();
    let (me, bob) = (end.me().position[0], end.players["bob"].position[0]);
    assert!(
        me > 4.0 && bob < -1.0,
        "they passed: me at {me}, bob at {bob}"
    );
    // Each walked as far as it would alone.
    assert_near(me - 0.5, 2.5 - bob, 1e-9);
}

#[test]
fn a_block_cannot_be_placed_inside_another_player() {
    // The first player looks straight down at the ground beside bob; the cell above that
    // ground is where bob stands.
    let place_with_bob_at = |bob_x: f64, bob_z: f64| {
        run(&format!(
            r#"
            world = "flat"
            ticks = 2
            [player]
            position = [0.5, 64.0, 0.5]
            pitch = -60.0
            yaw = 0.0
            [players.bob]
            position = [{bob_x}, 64.0, {bob_z}]
            [[input]]
            at = 0
            action = "place"
            block = "stone"
            "#
        ))
    };
    let placed = place_with_bob_at(20.5, 20.5).last().edits.clone();
    assert_eq!(placed.len(), 1, "{placed:?}");
    assert_eq!(placed[0].block, "stone");
    let cell = placed[0].pos;
    let in_the_way = place_with_bob_at(f64::from(cell[0]) + 0.5, f64::from(cell[2]) + 0.5);
    assert!(in_the_way.last().edits.is_empty(), "bob stands in {cell:?}");
}

#[test]
fn crates_and_falling_sand_treat_every_player_as_a_body() {
    // The first player pushes a crate east into bob, who holds it; sand falls onto bob's
    // head and waits there.
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [players.bob]
        position = [4.0, 64.0, 0.5]
        [[crate]]
        position = [2.0, 64.0, 0.5]
        [[fill]]
        from = [10, 70, 10]
        to = [10, 70, 10]
        block = "sand"
        [players.carol]
        position = [10.5, 64.0, 10.5]
        [[input]]
        from = 0
        to = 120
        hold = ["forward"]
        "#);
    let end = r.last();
    // The crate's east face rests against bob's west face (x = 3.7).
    assert_near(end.crates[0].position[0], 3.7 - 0.5, FLUSH);
    assert_near(end.me().position[0], 3.7 - 1.0 - 0.3, FLUSH);
    assert_near(end.players["bob"].position[0], 4.0, FLUSH);
    // The sand came to rest on carol's head (64 + 1.8), not in a cell.
    let falling = r.sim.falling().list();
    assert_eq!(falling.len(), 1, "the sand is still a body");
    assert_near(falling[0].position.y, 64.0 + 1.8, FLUSH);
    assert_near(falling[0].velocity, 0.0, FLUSH);
    assert!(
        end.edits.iter().all(|e| e.pos != [10, 70, 10]),
        "the sand left its cell: {:?}",
        end.edits
    );
    assert!(
        !end.edits.iter().any(|e| e.block == "sand"),
        "the sand has not landed: {:?}",
        end.edits
    );
    r.assert_never_inside();
    r.assert_bodies_apart();
}

#[test]
fn players_join_and_leave_at_their_ticks() {
    let text = r#"
        world = "flat"
        ticks = 30
        [player]
        position = [0.5, 64.0, 0.5]
        [players.bob]
        position = [5.5, 64.0, 0.5]
        joins = 10
        leaves = 20
        [players.eve]
        joins = 25
        [[input]]
        player = "bob"
        from = 0
        to = 30
        hold = ["forward"]
        "#;
    let r = run(text);
    let names = |t: usize| {
        let mut n: Vec<_> = r.trace[t].players.keys().cloned().collect();
        n.sort();
        n
    };
    // `trace[t]` is the state after tick t; joining and leaving happen at a tick's start.
    assert_eq!(names(9), ["player"]);
    assert_eq!(names(10), ["bob", "player"]);
    assert_eq!(names(19), ["bob", "player"]);
    assert_eq!(names(20), ["player"]);
    assert_eq!(names(24), ["player"]);
    assert_eq!(names(25), ["eve", "player"]);
    // Bob walked only while he was in the world: ten ticks, as far as one player walks
    // alone in ten.
    let alone = run(r#"
        world = "flat"
        ticks = 10
        [player]
        position = [5.5, 64.0, 0.5]
        [[input]]
        from = 0
        to = 10
        hold = ["forward"]
        "#);
    assert_eq!(r.trace[19].players["bob"], *alone.last().me());
    // Eve, with no position, starts at the spawn point.
    let spawn = Scenario::parse(text).expect("parses").begin().1.spawn;
    assert_eq!(r.last().players["eve"].position, spawn.to_array());
}

#[test]
fn a_one_player_world_hashes_as_it_did_before_there_were_more() {
    // Pinned from the game before it had several players: this scenario, in which the
    // player walks, jumps, digs and builds, must still end in the same state.
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 64.0, 0.5]
        pitch = -50.0
        [[input]]
        from = 0
        to = 120
        hold = ["forward", "jump"]
        [[input]]
        at = 3
        action = "break"
        [[input]]
        at = 60
        action = "place"
        block = "planks"
        "#);
    assert_eq!(r.last().hash, HASH_BEFORE_PLAYERS);
}

/// The hash the scenario above ended with before simulations had more than one player.
const HASH_BEFORE_PLAYERS: &str = "45fded2f1605d913";

#[test]
fn scenarios_name_their_players_by_the_one_rule() {
    let error = |text: &str| {
        Scenario::parse(&format!("ticks = 1\n{text}"))
            .expect_err("refused")
            .to_string()
    };
    assert_eq!(
        error("[players.player]\n"),
        "players.player: is the first player's name (player)"
    );
    assert_eq!(
        error("[players.PLAYER]\n"),
        "players.PLAYER: is the first player's name (player)"
    );
    // Table keys come in the file's order or sorted; either way one of the two is refused.
    let twice = error("[players.Bob]\n[players.bob]\n");
    assert!(
        twice.ends_with("'s name: names differ by more than case"),
        "{twice}"
    );
    assert_eq!(
        error("[players.\"a b\"]\n"),
        "players.a b: a player's name has only the letters A to Z and a to z, digits and _"
    );
    assert_eq!(
        error("[player]\nname = \"\"\n"),
        "player.name: \"\": a player's name cannot be empty"
    );
    assert_eq!(
        error("[players.bob]\nname = \"x\"\n"),
        "players.bob.name: a [players.NAME] table is named by its key"
    );
    assert_eq!(
        error("[[input]]\nplayer = \"bob\"\nat = 0\n"),
        "input[0].player: no player is called \"bob\" (players are [player] and [players.NAME] tables)"
    );
    assert_eq!(
        error("[players.bob]\njoins = 5\nleaves = 4\n"),
        "players.bob.leaves: 4 is before joins = 5"
    );
    let named = Scenario::parse("ticks = 1\n[player]\nname = \"Steve_2\"\n[players.bob]\n")
        .expect("parses");
    let (sim, _) = named.begin();
    let names: Vec<_> = sim
        .players()
        .list()
        .iter()
        .map(|m| m.name.to_string())
        .collect();
    assert_eq!(names, ["Steve_2", "bob"]);
}
