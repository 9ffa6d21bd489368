//! Mods as the server runs them, each test with a module written for it in WebAssembly
//! text: a runaway loop is stopped by fuel and quarantined, memory is capped, forbidden
//! imports are refused by name, a flood of block sets is clamped, a failing `hewn_init`
//! refuses its mod, and a well-behaved mod reads, sets, chats, draws and keeps.

use hewn_core::world::{Block, BlockPos, BlockSource, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mods::check::{HOST_FUNCTIONS, MEMORY_CAP};
use hewn_mods::host::COMMANDS_PER_TICK;
use hewn_mods::runtime::STRIKES;
use hewn_mods::{Command, Mods, Refusal};

/// A flat world with the column at the origin loaded.
fn world() -> World {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    world.load_column(BlockPos::new(0, 64, 0).column());
    world
}

/// `text` assembled.
#[track_caller]
fn wasm(text: &str) -> Vec<u8> {
    wat::parse_str(text).unwrap_or_else(|e| panic!("bad test module: {e}"))
}

/// A module with `body` inside it: the host functions it uses imported, a page of memory
/// with `data` at 0, and `body`'s functions.
fn module(imports: &[&str], body: &str) -> Vec<u8> {
    let mut text = String::from("(module\n");
    for name in imports {
        let (_, params, results) = HOST_FUNCTIONS
            .iter()
            .find(|(n, _, _)| n == name)
            .unwrap_or_else(|| panic!("no host function {name}"));
        let list = |kind: &str, types: &[wasmi::ValType]| {
            let names: Vec<String> = types
                .iter()
                .map(|t| format!("{t:?}").to_lowercase())
                .collect();
            if names.is_empty() {
                String::new()
            } else {
                format!("({kind} {})", names.join(" "))
            }
        };
        text.push_str(&format!(
            "(import \"hewn\" \"{name}\" (func ${name} {} {}))\n",
            list("param", params),
            list("result", results)
        ));
    }
    text.push_str("(memory (export \"memory\") 1)\n");
    text.push_str(body);
    text.push(')');
    wasm(&text)
}

/// The mod that chats "tick" to everyone each tick.
fn chatty() -> Vec<u8> {
    module(
        &["chat"],
        r#"(data (i32.const 0) "tick")
           (func (export "hewn_tick") (param i64)
             (drop (call $chat (i32.const 0) (i32.const 0) (i32.const 0) (i32.const 4))))"#,
    )
}

#[test]
fn an_endless_loop_is_stopped_by_fuel_undone_and_quarantined_after_three() {
    let runaway = module(
        &["set_block"],
        r#"(func (export "hewn_tick") (param i64)
             (drop (call $set_block (i32.const 0) (i32.const 70) (i32.const 0) (i32.const 1)))
             (loop $forever (br $forever)))"#,
    );
    let mut world = world();
    let mut alone = Mods::new(7, glam::DVec3::ZERO);
    alone
        .load("chatty", &chatty(), &mut world.loader())
        .expect("loads");
    let mut both = Mods::new(7, glam::DVec3::ZERO);
    both.load("runaway", &runaway, &mut world.loader())
        .expect("loads");
    both.load("chatty", &chatty(), &mut world.loader())
        .expect("loads");
    let mut worst = std::time::Duration::ZERO;
    for tick in 1..=5 {
        let start = std::time::Instant::now();
        let outcome = both.tick(&mut world.loader(), tick);
        worst = worst.max(start.elapsed());
        // What the runaway queued before it looped is undone; the other mod's chat is as it
        // is without the runaway.
        let expected = alone.tick(&mut world.loader(), tick);
        let theirs: Vec<&Command> = outcome.commands.iter().map(|(_, c)| c).collect();
        let alone_commands: Vec<&Command> = expected.commands.iter().map(|(_, c)| c).collect();
        assert_eq!(theirs, alone_commands, "tick {tick}");
        let failed = outcome.log.iter().any(|l| l.contains("ran out of its"));
        assert_eq!(
            failed,
            tick <= u64::from(STRIKES),
            "tick {tick}: {:?}",
            outcome.log
        );
        let quarantined = outcome.log.iter().any(|l| l.contains("quarantined"));
        assert_eq!(quarantined, tick == u64::from(STRIKES), "tick {tick}");
    }
    assert!(both.is_quarantined(0) && !both.is_quarantined(1));
    println!("the worst tick with a runaway mod: {worst:?}");
    // Loaded again, fixed, it runs again, in its place.
    both.reload("runaway", &chatty(), &mut world.loader())
        .expect("reloads");
    assert!(!both.is_quarantined(0));
    assert_eq!(both.name(0), Some("runaway"));
    assert_eq!(both.tick(&mut world.loader(), 6).commands.len(), 2);
}

#[test]
fn memory_grows_to_the_cap_and_not_past_it() {
    // Grows by 4 MiB a tick (growing costs fuel by the page, so 64 MiB at once would not
    // fit a tick's budget), saying whether it could.
    let pages = u64::try_from(MEMORY_CAP >> 16).expect("a page count");
    let grower = module(
        &["log"],
        r#"(data (i32.const 0) "grown" ) (data (i32.const 8) "refused")
           (func (export "hewn_tick") (param i64)
             (if (i32.eq (memory.grow (i32.const 64)) (i32.const -1))
               (then (call $log (i32.const 8) (i32.const 7)))
               (else (call $log (i32.const 0) (i32.const 5)))))"#,
    );
    let mut world = world();
    let mut mods = Mods::new(1, glam::DVec3::ZERO);
    mods.load("grower", &grower, &mut world.loader())
        .expect("loads");
    let said: Vec<String> = (1..=20)
        .flat_map(|tick| mods.tick(&mut world.loader(), tick).log)
        .collect();
    // From one page, fifteen steps of 64 make 961 pages; a sixteenth would pass 1,024.
    let grown = (pages - 1) / 64;
    assert_eq!(grown, 15);
    let expected: Vec<String> = (0..20)
        .map(|i| {
            let word = if i < grown { "grown" } else { "refused" };
            format!("mod grower: {word}")
        })
        .collect();
    assert_eq!(said, expected);
    // A module asking for more than the cap at the start is refused.
    let greedy = wasm(&format!(
        "(module (memory (export \"memory\") {}))",
        pages + 1
    ));
    let refusal = Mods::new(1, glam::DVec3::ZERO).load("greedy", &greedy, &mut world.loader());
    assert!(
        matches!(refusal, Err(Refusal::MemoryTooLarge(_))),
        "{refusal:?}"
    );
}

#[test]
fn a_module_naming_anything_but_hewns_functions_is_refused_by_name() {
    let mut world = world();
    for (module, name, ty) in [
        (
            "wasi_snapshot_preview1",
            "fd_write",
            "(param i32 i32 i32 i32) (result i32)",
        ),
        ("env", "abort", "(param i32 i32 i32 i32)"),
        ("hewn", "open_file", "(param i32 i32) (result i32)"),
    ] {
        let text = format!(
            "(module (import \"{module}\" \"{name}\" (func {ty})) (memory (export \"memory\") 1))"
        );
        let refusal = Mods::new(1, glam::DVec3::ZERO)
            .load("sneaky", &wasm(&text), &mut world.loader())
            .expect_err("refused");
        assert_eq!(refusal, Refusal::Import(format!("{module}.{name}")));
        assert!(refusal.to_string().contains(&format!("{module}.{name}")));
    }
    // One of hewn's functions with another type, a memory of its own not exported, and a
    // tick that takes the wrong argument.
    let wrong_type = wasm(
        "(module (import \"hewn\" \"log\" (func (param i64))) (memory (export \"memory\") 1))",
    );
    let refusal = Mods::new(1, glam::DVec3::ZERO).load("m", &wrong_type, &mut world.loader());
    assert!(
        matches!(refusal, Err(Refusal::ImportType(..))),
        "{refusal:?}"
    );
    let hidden = wasm("(module (memory 1))");
    assert_eq!(
        Mods::new(1, glam::DVec3::ZERO)
            .load("m", &hidden, &mut world.loader())
            .expect_err("refused"),
        Refusal::NoMemory
    );
    let bad_tick =
        wasm("(module (memory (export \"memory\") 1) (func (export \"hewn_tick\") (param i32)))");
    let refusal = Mods::new(1, glam::DVec3::ZERO).load("m", &bad_tick, &mut world.loader());
    assert!(
        matches!(refusal, Err(Refusal::ExportType("hewn_tick", ..))),
        "{refusal:?}"
    );
    let garbage =
        Mods::new(1, glam::DVec3::ZERO).load("m", b"\0asm\x01\0\0\0garbage", &mut world.loader());
    assert!(matches!(garbage, Err(Refusal::Invalid(_))), "{garbage:?}");
}

#[test]
fn a_flood_of_block_sets_is_clamped_to_the_ticks_queue() {
    // Asks for a million stone blocks, stopping only where the host refuses: the queue
    // takes its 4,096, and the log says once that the rest were dropped.
    let flood = module(
        &["set_block"],
        r#"(func (export "hewn_tick") (param i64) (local $i i32)
             (block $done
               (loop $next
                 (br_if $done (i32.eq (local.get $i) (i32.const 1000000)))
                 (br_if $done (i32.ne
                   (call $set_block (local.get $i) (i32.const 70) (i32.const 0) (i32.const 1))
                   (i32.const 0)))
                 (local.set $i (i32.add (local.get $i) (i32.const 1)))
                 (br $next))))"#,
    );
    let mut world = world();
    let mut mods = Mods::new(1, glam::DVec3::ZERO);
    mods.load("flood", &flood, &mut world.loader())
        .expect("loads");
    let outcome = mods.tick(&mut world.loader(), 1);
    assert_eq!(outcome.commands.len(), COMMANDS_PER_TICK);
    let dropped: Vec<&String> = outcome
        .log
        .iter()
        .filter(|l| l.contains("dropped"))
        .collect();
    assert_eq!(dropped.len(), 1, "{:?}", outcome.log);
    // The next tick has a queue of its own.
    assert_eq!(
        mods.tick(&mut world.loader(), 2).commands.len(),
        COMMANDS_PER_TICK
    );
}

#[test]
fn a_mod_whose_init_traps_is_refused_and_the_others_run_on() {
    let trapping = module(&[], r#"(func (export "hewn_init") unreachable)"#);
    let mut world = world();
    let before = world.block(BlockPos::new(0, 63, 0));
    let mut mods = Mods::new(1, glam::DVec3::ZERO);
    mods.load("chatty", &chatty(), &mut world.loader())
        .expect("loads");
    let refusal = mods
        .load("broken", &trapping, &mut world.loader())
        .expect_err("refused");
    assert!(matches!(refusal, Refusal::Init(_)), "{refusal:?}");
    assert_eq!(mods.len(), 1);
    assert_eq!(
        world.block(BlockPos::new(0, 63, 0)),
        before,
        "the world was given back"
    );
    assert_eq!(mods.tick(&mut world.loader(), 1).commands.len(), 1);
}

#[test]
fn a_mod_reads_the_world_sets_blocks_chats_draws_and_keeps() {
    // At each tick: reads the block under the origin and sets it above, as the block named
    // "stone"; keeps a count in its storage; chats on tick 3; draws a number.
    let text = r#"(data (i32.const 0) "stone") (data (i32.const 16) "count")
        (data (i32.const 32) "alice") (data (i32.const 48) "hello")
        (func (export "hewn_tick") (param $tick i64)
          (drop (call $set_block (i32.const 0) (i32.const 70) (i32.const 0)
            (call $block_at (i32.const 0) (i32.const 63) (i32.const 0))))
          (drop (call $set_block (i32.const 1) (i32.const 70) (i32.const 0)
            (call $block_named (i32.const 0) (i32.const 5))))
          (drop (call $storage_get (i32.const 16) (i32.const 5) (i32.const 64) (i32.const 4)))
          (i32.store (i32.const 64) (i32.add (i32.load (i32.const 64)) (i32.const 1)))
          (drop (call $storage_set (i32.const 16) (i32.const 5) (i32.const 64) (i32.const 4)))
          (if (i32.and (i64.eq (local.get $tick) (i64.const 3))
                       (i32.eq (i32.load (i32.const 64)) (i32.const 3)))
            (then (drop (call $chat (i32.const 32) (i32.const 5) (i32.const 48) (i32.const 5)))))
          (drop (call $set_block
            (i32.and (i32.wrap_i64 (call $random)) (i32.const 1023)) (i32.const 80) (i32.const 0)
            (i32.const 1))))"#;
    let imports = [
        "set_block",
        "block_at",
        "block_named",
        "storage_get",
        "storage_set",
        "chat",
        "random",
    ];
    let wasm = module(&imports, text);
    let mut world = world();
    let ground = world.block(BlockPos::new(0, 63, 0));
    // Three ticks of a mod loaded with `seed`: its chats, and where its random blocks went.
    let mut run = |seed: u64| {
        let mut mods = Mods::new(seed, glam::DVec3::ZERO);
        mods.load("kind", &wasm, &mut world.loader())
            .expect("loads");
        let (mut chats, mut drawn) = (Vec::new(), Vec::new());
        for tick in 1..=3 {
            let outcome = mods.tick(&mut world.loader(), tick);
            let mut commands: Vec<Command> = outcome.commands.into_iter().map(|(_, c)| c).collect();
            assert_eq!(
                commands[..2],
                [
                    Command::SetBlock {
                        pos: BlockPos::new(0, 70, 0),
                        block: ground
                    },
                    Command::SetBlock {
                        pos: BlockPos::new(1, 70, 0),
                        block: Block::STONE
                    },
                ]
            );
            if let Some(Command::SetBlock { pos, .. }) = commands.pop() {
                drawn.push(pos.x);
            }
            chats.extend(commands[2..].iter().cloned());
        }
        (chats, drawn)
    };
    let (chats, drawn) = run(11);
    // The chat on the third tick says the count its storage kept reached 3.
    assert_eq!(
        chats,
        [Command::Chat {
            to: Some("alice".to_owned()),
            text: "hello".to_owned()
        }]
    );
    // Its draws are the same for the same seed, every run, and differ by tick and seed.
    assert_eq!(run(11).1, drawn);
    assert_ne!(run(12).1, drawn);
    assert!(drawn[0] != drawn[1] || drawn[1] != drawn[2], "{drawn:?}");
}

/// A mod that listens to every event: greets a player who joins, echoes its command back,
/// refuses edits west of x = 0, says "timer" when its timer falls due and names each
/// creature killed. Its `hewn_alloc` hands out memory from 1,024 up.
const LISTENER: &str = r#"(module
    (import "hewn" "chat" (func $chat (param i32 i32 i32 i32) (result i32)))
    (import "hewn" "register_command" (func $register (param i32 i32) (result i32)))
    (import "hewn" "set_timer" (func $timer (param i32 i32) (result i32)))
    (memory (export "memory") 1)
    (data (i32.const 0) "spawn")
    (data (i32.const 16) "hi")
    (data (i32.const 32) "timer")
    (global $next (mut i32) (i32.const 1024))
    (func (export "hewn_alloc") (param $len i32) (result i32) (local $at i32)
      (local.set $at (global.get $next))
      (global.set $next (i32.add (global.get $next) (local.get $len)))
      (local.get $at))
    (func (export "hewn_init")
      (drop (call $register (i32.const 0) (i32.const 5)))
      (drop (call $timer (i32.const 5) (i32.const 7))))
    (func (export "hewn_join") (param $p i32) (param $n i32)
      (drop (call $chat (local.get $p) (local.get $n) (i32.const 16) (i32.const 2))))
    (func (export "hewn_command") (param $p i32) (param $pn i32) (param $l i32) (param $ln i32)
      (drop (call $chat (local.get $p) (local.get $pn) (local.get $l) (local.get $ln))))
    (func (export "hewn_edit") (param i32 i32 i32 i32 i32 i32) (result i32)
      (i32.ge_s (local.get 2) (i32.const 0)))
    (func (export "hewn_timer") (param $id i32)
      (if (i32.eq (local.get $id) (i32.const 7))
        (then (drop (call $chat (i32.const 0) (i32.const 0) (i32.const 32) (i32.const 5))))))
    (func (export "hewn_slain") (param i32 i32 i32 i32 i32)
      (drop (call $chat (i32.const 0) (i32.const 0) (local.get 0) (local.get 1)))))"#;

/// `to` told `text`.
fn said(to: Option<&str>, text: &str) -> Command {
    Command::Chat {
        to: to.map(str::to_owned),
        text: text.to_owned(),
    }
}

/// The commands of `outcome`, without the mods' indexes.
fn commands(outcome: hewn_mods::Outcome) -> Vec<Command> {
    outcome.commands.into_iter().map(|(_, c)| c).collect()
}

#[test]
fn a_mod_hears_joins_commands_edits_timers_and_kills() {
    let mut world = world();
    let mut mods = Mods::new(3, glam::DVec3::ZERO);
    mods.load("listener", &wasm(LISTENER), &mut world.loader())
        .expect("loads");
    let mut loader = world.loader();
    assert_eq!(
        commands(mods.joined(&mut loader, "alice")),
        [said(Some("alice"), "hi")]
    );
    let answer = mods
        .command(&mut loader, "alice", "spawn now")
        .expect("its command");
    assert_eq!(commands(answer), [said(Some("alice"), "spawn now")]);
    assert!(
        mods.command(&mut loader, "alice", "home").is_none(),
        "not registered"
    );
    let stone = Block::STONE;
    assert!(
        !mods
            .allow_edit(&mut loader, "bob", BlockPos::new(-3, 64, 0), stone)
            .0
    );
    assert!(
        mods.allow_edit(&mut loader, "bob", BlockPos::new(3, 64, 0), Block::AIR)
            .0
    );
    assert_eq!(
        commands(mods.slain(&mut loader, "zombie", BlockPos::new(1, 64, 1))),
        [said(None, "zombie")]
    );
    // Set at load (tick 0) for 5 ticks: it falls due once, on tick 5.
    let timers: Vec<u64> = (1..=10)
        .filter(|&tick| commands(mods.tick(&mut loader, tick)).contains(&said(None, "timer")))
        .collect();
    assert_eq!(timers, [5]);
}

#[test]
fn an_export_hewn_calls_with_the_wrong_type_is_refused() {
    let mut world = world();
    let no_alloc = r#"(module (memory (export "memory") 1)
        (func (export "hewn_join") (param i32 i32)))"#;
    let refusal = Mods::new(1, glam::DVec3::ZERO).load("m", &wasm(no_alloc), &mut world.loader());
    assert_eq!(refusal, Err(Refusal::NoAlloc("hewn_join".to_owned())));
    let text = r#"(module (memory (export "memory") 1)
        (func (export "hewn_edit") (param i32 i32 i32 i32 i32 i32)))"#;
    let refusal = Mods::new(1, glam::DVec3::ZERO).load("m", &wasm(text), &mut world.loader());
    assert!(
        matches!(refusal, Err(Refusal::ExportType("hewn_edit", ..))),
        "{refusal:?}"
    );
}

#[test]
fn the_guides_example_mod_greets_a_player_who_comes_in() {
    let guide = include_str!("../../../docs/mods.md");
    let start = guide.find("```wat").expect("the guide's example") + "```wat".len();
    let text = &guide[start..];
    let text = &text[..text.find("```").expect("its end")];
    let mut world = world();
    let mut mods = Mods::new(1, glam::DVec3::ZERO);
    mods.load("welcome", &wasm(text), &mut world.loader())
        .expect("loads");
    assert_eq!(
        commands(mods.joined(&mut world.loader(), "alice")),
        [said(Some("alice"), "welcome!")]
    );
}

#[test]
fn what_a_mod_keeps_is_handed_to_it_again_when_it_loads_in_a_new_server() {
    // Counts its ticks in its storage, under "n".
    let counter = module(
        &["storage_get", "storage_set"],
        r#"(data (i32.const 0) "n")
           (func (export "hewn_tick") (param i64)
             (drop (call $storage_get (i32.const 0) (i32.const 1) (i32.const 8) (i32.const 4)))
             (i32.store (i32.const 8) (i32.add (i32.load (i32.const 8)) (i32.const 1)))
             (drop (call $storage_set (i32.const 0) (i32.const 1) (i32.const 8) (i32.const 4))))"#,
    );
    let mut world = world();
    let mut first = Mods::new(1, glam::DVec3::ZERO);
    first
        .load("counter", &counter, &mut world.loader())
        .expect("loads");
    for tick in 1..=5 {
        first.tick(&mut world.loader(), tick);
    }
    let saved = first.storage();
    assert_eq!(saved["counter"][b"n".as_slice()], 5_u32.to_le_bytes());
    // A server started again from the save: the mod counts on from 5.
    let mut again = Mods::new(1, glam::DVec3::ZERO);
    again.keep(saved);
    again
        .load("counter", &counter, &mut world.loader())
        .expect("loads");
    again.tick(&mut world.loader(), 6);
    assert_eq!(
        again.storage()["counter"][b"n".as_slice()],
        6_u32.to_le_bytes()
    );
}

#[test]
fn a_mod_gives_and_drops_items_by_name_and_is_refused_nonsense() {
    let giver = module(
        &["give_item", "drop_item"],
        r#"(data (i32.const 0) "alice") (data (i32.const 16) "log") (data (i32.const 32) "gold")
           (func (export "hewn_init")
             (drop (call $give_item (i32.const 0) (i32.const 5) (i32.const 16) (i32.const 3) (i32.const 3)))
             (drop (call $give_item (i32.const 0) (i32.const 5) (i32.const 16) (i32.const 3) (i32.const -2)))
             ;; No item is called "gold"; 0 is no count; 65 logs are more than a stack to drop.
             (drop (call $give_item (i32.const 0) (i32.const 5) (i32.const 32) (i32.const 4) (i32.const 1)))
             (drop (call $give_item (i32.const 0) (i32.const 5) (i32.const 16) (i32.const 3) (i32.const 0)))
             (drop (call $drop_item (f64.const 1.5) (f64.const 64) (f64.const 2.5) (i32.const 16) (i32.const 3) (i32.const 65)))
             (drop (call $drop_item (f64.const 1.5) (f64.const 64) (f64.const 2.5) (i32.const 16) (i32.const 3) (i32.const 2))))"#,
    );
    let mut world = world();
    let outcome = Mods::new(1, glam::DVec3::ZERO)
        .load("giver", &giver, &mut world.loader())
        .expect("loads");
    let give = |count| Command::Give {
        player: "alice".to_owned(),
        item: "log".to_owned(),
        count,
    };
    assert_eq!(
        commands(outcome),
        [
            give(3),
            give(-2),
            Command::Drop {
                position: glam::DVec3::new(1.5, 64.0, 2.5),
                item: "log".to_owned(),
                count: 2
            }
        ]
    );
}
