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
