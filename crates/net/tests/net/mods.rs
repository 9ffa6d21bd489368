//! Mods on a server, each a module written for the test in WebAssembly text: what one sets
//! reaches every client as an edit, what it says is heard, and a runaway beside it is
//! stopped by its fuel every tick and quarantined while the server ticks on and the other
//! mod's work is unchanged.

use super::*;

/// A mod that sets glowstone 5 blocks above the spawn (flat seed 5: 0.5, 64, 0.5) on each
/// tick that is a multiple of 20, and greets everyone on tick 100.
const BUILDER: &str = r#"(module
    (import "hewn" "set_block" (func $set_block (param i32 i32 i32 i32) (result i32)))
    (import "hewn" "block_named" (func $block_named (param i32 i32) (result i32)))
    (import "hewn" "chat" (func $chat (param i32 i32 i32 i32) (result i32)))
    (memory (export "memory") 1)
    (data (i32.const 0) "glowstone")
    (data (i32.const 16) "welcome")
    (func (export "hewn_tick") (param $tick i64)
      (if (i64.eqz (i64.rem_u (local.get $tick) (i64.const 20)))
        (then (drop (call $set_block
          (i32.wrap_i64 (i64.div_u (local.get $tick) (i64.const 20))) (i32.const 69) (i32.const 0)
          (call $block_named (i32.const 0) (i32.const 9))))))
      (if (i64.eq (local.get $tick) (i64.const 100))
        (then (drop (call $chat (i32.const 0) (i32.const 0) (i32.const 16) (i32.const 7)))))))"#;

/// A mod that loops for ever every tick.
const RUNAWAY: &str = r#"(module (memory (export "memory") 1)
    (func (export "hewn_tick") (param i64) (loop $again (br $again))))"#;

fn wasm(text: &str) -> Vec<u8> {
    wat::parse_str(text).expect("a test module")
}

#[test]
fn a_mods_blocks_and_words_reach_every_client_and_a_runaway_costs_only_itself() {
    let mut h = Harness::flat(ServerConfig::default());
    h.server.load_mod("runaway", &wasm(RUNAWAY)).expect("loads");
    h.server.load_mod("builder", &wasm(BUILDER)).expect("loads");
    assert_eq!(h.server.mods_loaded(), 2);
    let alice = h.join("alice", Conditions::PERFECT);
    let bob = h.join("bob", Conditions::PERFECT);
    h.until_ready();
    let start = h.server.sim().tick_count();
    h.run(130u64.saturating_sub(start).max(20));
    let tick = h.server.sim().tick_count();
    // Every 20th tick set glowstone at x = tick / 20 (the last one played in a later step).
    let set_by = tick.saturating_sub(1) / 20;
    for x in 1..i32::try_from(set_by).expect("a few") {
        let pos = BlockPos::new(x, 69, 0);
        assert_eq!(
            h.server.sim().world().block(pos),
            Block::GLOWSTONE,
            "x = {x}"
        );
        assert_eq!(
            h.block_seen_by(alice, pos),
            Block::GLOWSTONE,
            "alice, x = {x}"
        );
        assert_eq!(h.block_seen_by(bob, pos), Block::GLOWSTONE, "bob, x = {x}");
    }
    let heard: Vec<String> = (h.clients[bob].1.take_chat().iter())
        .map(ToString::to_string)
        .collect();
    assert!(
        heard.iter().any(|l| l.contains("welcome")),
        "bob heard {heard:?}"
    );
    // The runaway ran out of fuel on its first three ticks and was quarantined; the builder
    // runs on.
    let mods = h.server.mods().expect("mods");
    assert!(mods.is_quarantined(0) && !mods.is_quarantined(1));
}

#[test]
fn a_refused_mod_leaves_the_server_running_the_others() {
    let mut h = Harness::flat(ServerConfig::default());
    h.server.load_mod("builder", &wasm(BUILDER)).expect("loads");
    let sneaky = r#"(module (import "env" "abort" (func (param i32 i32 i32 i32)))
        (memory (export "memory") 1))"#;
    let refusal = h
        .server
        .load_mod("sneaky", &wasm(sneaky))
        .expect_err("refused");
    assert!(refusal.to_string().contains("env.abort"), "{refusal}");
    let trapping =
        r#"(module (memory (export "memory") 1) (func (export "hewn_init") unreachable))"#;
    assert!(h.server.load_mod("broken", &wasm(trapping)).is_err());
    assert_eq!(h.server.mods_loaded(), 1);
    h.join("alice", Conditions::PERFECT);
    h.until_ready();
    h.run(45);
    assert_eq!(
        h.server.sim().world().block(BlockPos::new(1, 69, 0)),
        Block::GLOWSTONE
    );
}

/// A mod that greets each player who comes in, answers `/spawn`, and protects every cell
/// with z ≥ 0 from everyone's edits.
const WARDEN: &str = r#"(module
    (import "hewn" "chat" (func $chat (param i32 i32 i32 i32) (result i32)))
    (import "hewn" "register_command" (func $register (param i32 i32) (result i32)))
    (memory (export "memory") 1)
    (data (i32.const 0) "spawn")
    (data (i32.const 16) "welcome")
    (data (i32.const 32) "to the spawn you go")
    (global $next (mut i32) (i32.const 1024))
    (func (export "hewn_alloc") (param $len i32) (result i32) (local $at i32)
      ;; Text is passed anew for each event: the same few hundred bytes serve them all.
      (if (i32.gt_u (global.get $next) (i32.const 60000)) (then (global.set $next (i32.const 1024))))
      (local.set $at (global.get $next))
      (global.set $next (i32.add (global.get $next) (local.get $len)))
      (local.get $at))
    (func (export "hewn_init") (drop (call $register (i32.const 0) (i32.const 5))))
    (func (export "hewn_join") (param $p i32) (param $n i32)
      (drop (call $chat (local.get $p) (local.get $n) (i32.const 16) (i32.const 7))))
    (func (export "hewn_command") (param $p i32) (param $pn i32) (param $l i32) (param $ln i32)
      (drop (call $chat (local.get $p) (local.get $pn) (i32.const 32) (i32.const 19))))
    (func (export "hewn_edit") (param i32 i32 i32 i32 i32 i32) (result i32)
      (i32.lt_s (local.get 4) (i32.const 0))))"#;

#[test]
fn a_mod_greets_answers_its_command_and_refuses_edits_that_roll_back() {
    let mut h = Harness::flat(ServerConfig::default());
    h.server.load_mod("warden", &wasm(WARDEN)).expect("loads");
    let alice = h.join("alice", LAGGY);
    h.until_ready();
    h.run(20);
    let heard = |h: &mut Harness| -> Vec<String> {
        (h.clients[alice].1.take_chat().iter())
            .map(ToString::to_string)
            .collect()
    };
    assert!(heard(&mut h).iter().any(|l| l == "welcome"), "greeted");
    let (link, client) = &mut h.clients[alice];
    client.say("/spawn", &mut link.client);
    h.run(10);
    assert!(
        heard(&mut h).iter().any(|l| l == "to the spawn you go"),
        "answered"
    );
    // Breaking the grass under her feet (z = 0): refused, and her client, which showed the
    // hole at once, gets the grass back.
    let under = BlockPos::new(0, 63, 0);
    let grass = h.server.sim().world().block(under);
    h.tick(&[(alice, look_down_and(Action::Break))]);
    assert_eq!(h.block_seen_by(alice, under), Block::AIR, "predicted");
    h.run(60);
    assert_eq!(h.server.sim().world().block(under), grass, "refused");
    assert_eq!(h.block_seen_by(alice, under), grass, "rolled back");
    // North of the line the same break goes through.
    let place = Input {
        yaw: Some(0.0),
        pitch: Some(-45.0),
        actions: vec![Action::Place(Block::STONE)],
        ..Input::default()
    };
    let target = h
        .client(alice)
        .game()
        .and_then(|g| {
            let mut me = *g.me()?;
            me.set_look(0.0, -45.0);
            g.sim().peek_target(&me)
        })
        .expect("she aims at the ground")
        .adjacent;
    assert!(target.z < 0, "{target:?}");
    h.tick(&[(alice, place)]);
    h.wait(60);
    assert_eq!(h.server.sim().world().block(target), Block::STONE);
    assert_eq!(h.block_seen_by(alice, target), Block::STONE);
}

#[test]
fn the_example_mods_welcome_and_protect_play_as_their_guide_says() {
    let Some([welcome, protect, _]) = hewn_testing::example_mods() else {
        return;
    };
    let mut h = Harness::flat(ServerConfig::default());
    h.server
        .load_mod("welcome", &welcome)
        .expect("welcome loads");
    h.server
        .load_mod("protect", &protect)
        .expect("protect loads");
    let alice = h.join("alice", Conditions::PERFECT);
    let bob = h.join("bob", LAGGY);
    h.until_ready();
    h.run(20);
    let heard = |h: &mut Harness, i: usize| -> Vec<String> {
        (h.clients[i].1.take_chat().iter())
            .map(ToString::to_string)
            .collect()
    };
    let greeting = heard(&mut h, alice);
    assert!(
        greeting.iter().any(|l| l.starts_with("Welcome, alice!")),
        "{greeting:?}"
    );
    // Alice breaks the grass two blocks south of the spawn, then claims the area she
    // stands in, which holds it.
    let south = |action| Input {
        yaw: Some(180.0),
        pitch: Some(-45.0),
        actions: vec![action],
        ..Input::default()
    };
    let hole = BlockPos::new(0, 63, 2);
    h.tick(&[(alice, south(Action::Break))]);
    h.run(10);
    assert_eq!(h.server.sim().world().block(hole), Block::AIR);
    let (link, client) = &mut h.clients[alice];
    client.say("/protect", &mut link.client);
    h.run(10);
    let claimed = heard(&mut h, alice);
    assert!(
        claimed.iter().any(|l| l.contains("is yours now")),
        "{claimed:?}"
    );
    // Bob breaks the grass under his feet, in her area: refused, and his client, which
    // showed the hole at once, gets the grass back.
    let under = BlockPos::new(0, 63, 0);
    let grass = h.server.sim().world().block(under);
    h.tick(&[(bob, look_down_and(Action::Break))]);
    h.run(60);
    assert_eq!(h.server.sim().world().block(under), grass, "refused");
    assert_eq!(h.block_seen_by(bob, under), grass, "rolled back");
    assert!(
        heard(&mut h, bob)
            .iter()
            .any(|l| l == "This area is protected.")
    );
    // Alice may: she fills her hole with stone.
    h.tick(&[(alice, south(Action::Place(Block::STONE)))]);
    h.run(10);
    assert_eq!(h.server.sim().world().block(hole), Block::STONE, "hers");
    // Bob walks off and asks for the spawn: he is put back there.
    for _ in 0..60 {
        h.tick(&[(bob, held(&[Control::Forward]))]);
    }
    let bob_stands = |h: &Harness| {
        let name = PlayerName::new("bob").expect("a name");
        h.server.sim().players().get(&name).expect("bob").position
    };
    let far = bob_stands(&h);
    let (link, client) = &mut h.clients[bob];
    client.say("/spawn", &mut link.client);
    h.run(30);
    let back = bob_stands(&h);
    let spawn = h.server.generator().spawn_point();
    assert!(far.distance(spawn) > 3.0, "bob walked off: {far}");
    assert!(
        back.distance(spawn) < 0.5,
        "bob is back at {back}, the spawn at {spawn}"
    );
    assert!(heard(&mut h, bob).iter().any(|l| l == "Back at the spawn."));
}

/// What a player does on one tick of the property below: a look, held controls, an
/// action (0 none, 1 break, 2 place stone), and a command (0 none, 1 `/protect`, 2
/// `/spawn`).
type Turn = (f64, f64, bool, bool, u8, u8);

/// Two players' turns, for a few hundred ticks.
fn turns() -> impl proptest::strategy::Strategy<Value = Vec<[Turn; 2]>> {
    use proptest::prelude::*;
    let turn = (
        0.0..360.0_f64,
        -90.0..20.0_f64,
        any::<bool>(),
        any::<bool>(),
        0u8..3,
        0u8..12,
    );
    proptest::collection::vec([turn.clone(), turn], 150..300)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(6))]

    /// Random play by two players with the example mods running (claims, refused edits,
    /// greetings, trips to the spawn): the recording of the steps, the mods' blocks and
    /// moves in them, replays without the mods to the same hash.
    #[test]
    fn random_play_with_the_example_mods_replays_from_its_recording(turns in turns()) {
        use hewn_core::physics::{Body, Controls};
        use hewn_core::sim::{Member, Simulation, Start, Step};
        use hewn_mods::{Driver, Mods};
        use hewn_scenario::Scenario;
        use hewn_scenario::record::StepRecorder;

        let Some([welcome, protect, _]) = hewn_testing::example_mods() else {
            return Ok(());
        };
        let generator = Generator::new(GeneratorKind::Flat, 5);
        let spawn = generator.spawn_point();
        let world = hewn_core::world::World::new(Generator::new(GeneratorKind::Flat, 5));
        let mut sim = Simulation::new(Start::with_no_one(world));
        let mut driver = Driver::new(Mods::new(5, spawn));
        for (name, wasm) in [("welcome", &welcome), ("protect", &protect)] {
            let outcome = driver.mods.load(name, wasm, &mut sim.loader()).expect("loads");
            driver.absorb(&sim, outcome);
        }
        let mut recorder = StepRecorder::new(&sim, GeneratorKind::Flat, 5);
        let names = [PlayerName::new("alice").expect("a name"), PlayerName::new("bob").expect("a name")];
        for (tick, pair) in turns.iter().enumerate() {
            let mut step = Step::default();
            if tick == 0 {
                for (i, name) in names.iter().enumerate() {
                    let at = spawn + glam::DVec3::new(i as f64 * 3.0, 0.0, 0.0);
                    step.joining.push(Member { name: name.clone(), body: Body::new(at) });
                }
            }
            for (name, &(yaw, pitch, forward, jump, action, command)) in names.iter().zip(pair) {
                let held: Vec<Control> = [(forward, Control::Forward), (jump, Control::Jump)]
                    .into_iter()
                    .filter_map(|(on, c)| on.then_some(c))
                    .collect();
                let actions = match action {
                    1 => vec![Action::Break],
                    2 => vec![Action::Place(Block::STONE)],
                    _ => Vec::new(),
                };
                step.inputs.insert(name.clone(), Input {
                    yaw: Some(yaw),
                    pitch: Some(pitch),
                    controls: held.into_iter().collect::<Controls>(),
                    actions,
                });
                let line = match command { 1 => "protect", 2 => "spawn", _ => "" };
                if tick > 0 && !line.is_empty() {
                    driver.see_players(&sim);
                    if let Some(outcome) = driver.mods.command(&mut sim.loader(), name.as_str(), line) {
                        driver.absorb(&sim, outcome);
                    }
                }
            }
            driver.before(&mut sim, &mut step);
            recorder.record(&step);
            sim.step(&step);
            driver.after(&mut sim, &step);
        }
        let text = recorder.to_toml().expect("writes");
        // `/spawn`, asked dozens of times, moved players: the mods' moves are in the steps.
        proptest::prop_assert!(text.contains("\"teleport\""));
        let replayed = Scenario::parse(&text).expect("the recording parses").run(|_| {});
        proptest::prop_assert_eq!(replayed.hash(), sim.hash());
    }
}

#[test]
fn timber_fells_the_trunk_above_the_lowest_log_and_drops_its_logs() {
    use hewn_mods::{Driver, Mods};
    use hewn_scenario::Scenario;
    use hewn_scenario::report::TickReport;

    let Some([_, _, timber]) = hewn_testing::example_mods() else {
        return;
    };
    // A trunk of five logs four blocks south of a survival player, who digs its lowest.
    let scenario = Scenario::parse(
        r#"
        world = "flat"
        seed = 5
        mode = "survival"
        ticks = 400
        [player]
        position = [0.5, 64.0, -1.5]
        [[fill]]
        from = [0, 64, 2]
        to = [0, 68, 2]
        block = "log"
        [[input]]
        at = 0
        yaw = 180.0
        pitch = -15.6
        [[input]]
        from = 1
        to = 400
        hold = ["dig"]
        "#,
    )
    .expect("parses");
    let (mut sim, arrivals) = scenario.begin();
    let mut driver = Driver::new(Mods::new(5, glam::DVec3::ZERO));
    let outcome = driver
        .mods
        .load("timber", &timber, &mut sim.loader())
        .expect("loads");
    driver.absorb(&sim, outcome);
    for mut step in scenario.steps(arrivals) {
        driver.before(&mut sim, &mut step);
        let played = step.clone();
        scenario.play(&mut sim, step);
        driver.after(&mut sim, &played);
    }
    let world = sim.world();
    for y in 64..=68 {
        assert_eq!(world.block(BlockPos::new(0, y, 2)), Block::AIR, "y = {y}");
    }
    let report = TickReport::of(&sim, &[]);
    let logs: u32 = (report.items.iter())
        .filter(|i| i.item == "log")
        .map(|i| u32::from(i.count))
        .sum();
    assert_eq!(logs, 5, "one broken, four felled: {:?}", report.items);
}

/// What the three example mods add to a tick of ten players walking, digging and building
/// at random on flat ground: the median tick over 600 ticks with them and without, printed.
/// A measure, not a check: run it on a quiet machine with
/// `cargo test --release -p hewn-net --test net example_mods_cost -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement; run by hand on a quiet machine"]
fn example_mods_cost_per_tick_with_ten_players() {
    use hewn_core::physics::{Body, Controls};
    use hewn_core::sim::{Member, Simulation, Start, Step};
    use hewn_mods::{Driver, Mods};

    let Some(mods) = hewn_testing::example_mods() else {
        return;
    };
    let median_tick = |with_mods: bool| {
        let generator = Generator::new(GeneratorKind::Flat, 5);
        let spawn = generator.spawn_point();
        let world = hewn_core::world::World::new(Generator::new(GeneratorKind::Flat, 5));
        let mut sim = Simulation::new(Start::with_no_one(world));
        let mut driver = Driver::new(Mods::new(5, spawn));
        if with_mods {
            for (name, wasm) in ["welcome", "protect", "timber"].iter().zip(&mods) {
                let outcome = driver
                    .mods
                    .load(name, wasm, &mut sim.loader())
                    .expect("loads");
                driver.absorb(&sim, outcome);
            }
        }
        let names: Vec<PlayerName> = (0..10)
            .map(|i| PlayerName::new(&format!("p{i}")).expect("a name"))
            .collect();
        let mut times = Vec::new();
        for tick in 0..600_u32 {
            let mut step = Step::default();
            if tick == 0 {
                for (i, name) in names.iter().enumerate() {
                    let at = spawn + glam::DVec3::new(i as f64 * 2.0, 0.0, 0.0);
                    step.joining.push(Member {
                        name: name.clone(),
                        body: Body::new(at),
                    });
                }
            }
            for (i, name) in names.iter().enumerate() {
                let turn = (tick as usize * 7 + i * 13) % 40;
                let actions = match turn {
                    0 => vec![Action::Break],
                    20 => vec![Action::Place(Block::STONE)],
                    _ => Vec::new(),
                };
                step.inputs.insert(
                    name.clone(),
                    Input {
                        yaw: Some(f64::from((tick * 3 + i as u32 * 36) % 360)),
                        pitch: Some(-40.0),
                        controls: [Control::Forward].into_iter().collect::<Controls>(),
                        actions,
                    },
                );
            }
            let start = std::time::Instant::now();
            if with_mods {
                driver.before(&mut sim, &mut step);
            }
            sim.step(&step);
            if with_mods {
                driver.after(&mut sim, &step);
            }
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let (without, with) = (median_tick(false), median_tick(true));
    println!(
        "ten players, 600 ticks: median tick {without:.3} ms without the example mods, \
         {with:.3} ms with them ({:+.3} ms)",
        with - without
    );
}
