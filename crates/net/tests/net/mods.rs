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

/// The example mods `welcome` and `protect` (`mods/`), built from their source for
/// wasm32-unknown-unknown; `None`, with the reason printed, where that target is not
/// installed, unless `HEWN_REQUIRE_WASM=1` (as in CI) makes that a failure.
fn example_mods() -> Option<[Vec<u8>; 2]> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let sysroot = std::process::Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
    let installed = sysroot.is_some_and(|s| {
        std::path::Path::new(&s)
            .join("lib/rustlib/wasm32-unknown-unknown")
            .is_dir()
    });
    if !installed {
        let why = "the wasm32-unknown-unknown target is not installed \
                   (rustup target add wasm32-unknown-unknown)";
        assert!(
            std::env::var("HEWN_REQUIRE_WASM").as_deref() != Ok("1"),
            "{why}"
        );
        println!("skipped: {why}");
        return None;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let target = root.join("target/mods");
    let status = std::process::Command::new(cargo)
        .args([
            "build",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
            "--quiet",
        ])
        .arg("--manifest-path")
        .arg(root.join("mods/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the example mods build");
    let read = |name: &str| {
        std::fs::read(target.join(format!("wasm32-unknown-unknown/release/{name}.wasm")))
            .expect("built")
    };
    Some([read("welcome"), read("protect")])
}

#[test]
fn the_example_mods_welcome_and_protect_play_as_their_guide_says() {
    let Some([welcome, protect]) = example_mods() else {
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
