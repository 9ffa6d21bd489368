//! `/reload` of a world's mods in a world played alone: a changed module swaps in at the
//! next tick with its storage kept, the player still connected, and one that fails to load
//! leaves the old one running. (A test binary of its own: the packs it installs are the
//! process's.)

#[path = "common/alone.rs"]
mod alone;

use alone::played_alone;
use hewn_core::sim::Input;
use hewn_net::host::Host;

/// A mod counting its ticks in its storage; `then` runs after the count is kept, with the
/// count on the stack as an i32.
fn counter(then: &str) -> Vec<u8> {
    wat::parse_str(format!(
        r#"(module
            (import "hewn" "storage_get" (func $get (param i32 i32 i32 i32) (result i32)))
            (import "hewn" "storage_set" (func $set (param i32 i32 i32 i32) (result i32)))
            (import "hewn" "set_block" (func $set_block (param i32 i32 i32 i32) (result i32)))
            (memory (export "memory") 1)
            (data (i32.const 0) "n")
            (func (export "hewn_tick") (param i64)
              (drop (call $get (i32.const 0) (i32.const 1) (i32.const 8) (i32.const 4)))
              (i32.store (i32.const 8) (i32.add (i32.load (i32.const 8)) (i32.const 1)))
              (drop (call $set (i32.const 0) (i32.const 1) (i32.const 8) (i32.const 4)))
              (i32.load (i32.const 8))
              {then}))"#
    ))
    .expect("a test module")
}

#[test]
fn reload_swaps_a_changed_mod_next_tick_with_its_storage_kept() {
    use hewn_core::world::{Block, BlockPos, BlockSource};
    let dir = tempfile::tempdir().expect("a folder");
    let pack = dir.path().join("counter");
    std::fs::create_dir_all(&pack).expect("a folder");
    std::fs::write(
        pack.join("pack.toml"),
        "name = \"counter\"\nversion = \"1\"\nmodule = \"mod.wasm\"\n",
    )
    .expect("written");
    // First it only counts.
    std::fs::write(pack.join("mod.wasm"), counter("drop")).expect("written");
    let read = hewn_content::Pack::read_dir(&pack).expect("reads");
    hewn_content::load(std::slice::from_ref(&read))
        .expect("loads")
        .install()
        .expect("installs");

    let packs = vec![hewn_save::WorldPack {
        name: "counter".to_owned(),
        path: pack.clone(),
    }];
    let mut host = played_alone(packs, |server| {
        assert!(server.load_pack_mods(&[read]).is_empty());
    });
    for _ in 0..40 {
        host.tick(&Input::default());
    }
    // Then it also sets stone at x = its count less 60, in the player's view.
    let then = "(i32.sub (i32.const 60)) (local.set 0 (i64.extend_i32_s)) \
                (drop (call $set_block (i32.wrap_i64 (local.get 0)) (i32.const 70) (i32.const 5) (i32.const 1)))";
    std::fs::write(pack.join("mod.wasm"), counter(then)).expect("written");
    host.say("/reload");
    let mut heard = Vec::new();
    for _ in 0..30 {
        host.tick(&Input::default());
        heard.extend(host.take_chat().into_iter().map(|line| line.text));
    }
    // Everything the server played answered, whatever its thread's pace.
    host.settle();
    heard.extend(host.take_chat().into_iter().map(|line| line.text));
    assert!(host.problem().is_none(), "still connected");
    assert!(
        heard
            .iter()
            .any(|t| t.starts_with("The packs were read again")),
        "{heard:?}"
    );
    // The first tick of the new module counted on from the old one's count: stone stands
    // from there on, none where a count started afresh would have put it.
    let world = host.game().sim().world();
    let stone: Vec<i32> = (-64..48)
        .filter(|&x| world.block(BlockPos::new(x, 70, 5)) == Block::STONE)
        .collect();
    assert!(!stone.is_empty(), "the new module set nothing");
    // Counted afresh, the first would be at -59; counted on, past -20.
    assert!(stone[0] > -20, "the count began again: {stone:?}");
    assert!(stone.windows(2).all(|w| w[1] == w[0] + 1), "{stone:?}");

    // A module that fails to load leaves the running one as it was.
    std::fs::write(pack.join("mod.wasm"), b"not a module").expect("written");
    host.say("/reload");
    let mut heard = Vec::new();
    for _ in 0..20 {
        host.tick(&Input::default());
        heard.extend(host.take_chat().into_iter().map(|line| line.text));
    }
    host.settle();
    heard.extend(host.take_chat().into_iter().map(|line| line.text));
    assert!(
        heard
            .iter()
            .any(|t| t.contains("mod counter was not loaded")),
        "{heard:?}"
    );
    let last = |host: &Host| {
        let world = host.game().sim().world();
        (-64..48)
            .filter(|&x| world.block(BlockPos::new(x, 70, 5)) == Block::STONE)
            .max()
    };
    let before = last(&host);
    for _ in 0..10 {
        host.tick(&Input::default());
    }
    host.settle();
    assert!(last(&host) > before, "the old module runs on: {heard:?}");
}
