//! Saved worlds against damage, foreign files and other hewns, through the public API and the
//! `hewn` binary the way players and scripts use them.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::worlds::{UNNAME_PLAYERS, as_player};
use common::{hewn, private_hewn, text};

use glam::DVec3;
use hewn_core::physics::Body;
use hewn_core::sim::{PlayerName, Simulation, Start};
use hewn_core::world::{Block, BlockPos, BlockSource, ChunkPos, World};
use hewn_core::worldgen::GeneratorKind;
use hewn_save::{Checkpoint, Hotbar, NewWorld, SaveError, WorldFile, check};

const FLAT: NewWorld = NewWorld {
    seed: Some(9),
    generator: Some(GeneratorKind::Flat),
    player: None,
    packs: None,
};

/// A saved flat world with edits in chunks (0, 2, 0) and (3, 2, 0).
fn saved_world(dir: &Path) -> PathBuf {
    let path = dir.join("w.hewn");
    let (mut file, loaded) = WorldFile::open_or_create(&path, FLAT).expect("set up the world");
    let mut world = loaded.world;
    for x in 0..20 {
        world.set_block(BlockPos::new(x, 64 + x % 5, 2), Block::PLANKS);
        world.set_block(BlockPos::new(100 + x, 70, 3), Block::GLASS);
    }
    let player = Body::new(DVec3::new(1.5, 64.0, 1.5));
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&player, &Hotbar::default()),
        &[],
    ))
    .expect("set up the world");
    file.close().expect("set up the world");
    path
}

fn blob(path: &Path, pos: ChunkPos) -> Vec<u8> {
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .expect("set up the world");
    conn.query_row(
        "SELECT data FROM chunks WHERE x = ?1 AND y = ?2 AND z = ?3",
        [pos.x, pos.y, pos.z],
        |r| r.get(0),
    )
    .expect("set up the world")
}

/// Flips one byte in the middle of the stored blob of `pos`, in the file itself, as a bad
/// disk sector would: SQLite's own structure stays intact.
fn flip_byte_in_blob(path: &Path, pos: ChunkPos) {
    let stored = blob(path, pos);
    let mut bytes = std::fs::read(path).expect("set up the world");
    let at = bytes
        .windows(stored.len())
        .position(|w| w == stored.as_slice())
        .expect("blob stored contiguously in the file");
    bytes[at + stored.len() / 2] ^= 0x5A;
    std::fs::write(path, bytes).expect("set up the world");
}

#[test]
fn a_flipped_byte_is_named_and_the_world_still_opens_without_losing_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_world(dir.path());
    let bad = ChunkPos::new(0, 2, 0);
    let good = ChunkPos::new(3, 2, 0);
    flip_byte_in_blob(&path, bad);
    let damaged_blob = blob(&path, bad);

    let out = hewn(&["world", "check", path.to_str().unwrap()], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(
        text(&out.stdout).contains("damaged chunk (0, 2, 0)"),
        "{}",
        text(&out.stdout)
    );
    assert!(!text(&out.stdout).contains("(3, 2, 0)"));

    // The game still starts: the damaged chunk is regenerated, the rest is there.
    let (mut file, loaded) = WorldFile::open_or_create(&path, FLAT).unwrap();
    assert_eq!(loaded.damaged.len(), 1);
    assert_eq!(loaded.damaged[0].pos, bad);
    let mut world = loaded.world;
    assert!(world.edits_in_chunk(bad).next().is_none());
    assert_eq!(world.edits_in_chunk(good).count(), 20);

    // Saving without touching it leaves the damaged copy as it was...
    world.set_block(BlockPos::new(101, 71, 3), Block::STONE);
    let players = loaded.players;
    file.save(&Checkpoint::take(&mut world.loader(), players.clone(), &[]))
        .unwrap();
    assert_eq!(blob(&path, bad), damaged_blob);
    // ...until the player edits that chunk, which writes it anew.
    world.set_block(BlockPos::new(5, 64, 5), Block::LOG);
    file.save(&Checkpoint::take(&mut world.loader(), players, &[]))
        .unwrap();
    file.close().unwrap();
    assert!(check(&path).unwrap().is_healthy());
}

#[track_caller]
fn assert_refused_untouched(path: &Path, expect: fn(&SaveError) -> bool) {
    let before = std::fs::read(path).expect("inspect the file");
    let err = WorldFile::open_or_create(path, FLAT).expect_err("refused");
    assert!(expect(&err), "unexpected error: {err}");
    assert!(check(path).is_err());
    let out = hewn(
        &["world", "check", path.to_str().expect("inspect the file")],
        Path::new("/nonexistent"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(&path.display().to_string()),
        "{}",
        text(&out.stderr)
    );
    let sim = hewn(
        &["world", "info", path.to_str().expect("inspect the file")],
        Path::new("/nonexistent"),
    );
    assert_eq!(sim.status.code(), Some(1));
    assert_eq!(
        std::fs::read(path).expect("inspect the file"),
        before,
        "the file was changed"
    );
}

#[test]
fn files_that_are_not_worlds_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "dear diary, today I built a tower\n".repeat(200)).unwrap();
    assert_refused_untouched(&notes, |e| matches!(e, SaveError::NotADatabase { .. }));
    assert!(
        !dir.path().join("notes.txt.lock").exists(),
        "no lock beside a foreign file"
    );

    let empty = dir.path().join("empty.hewn");
    std::fs::write(&empty, "").unwrap();
    assert_refused_untouched(&empty, |e| matches!(e, SaveError::NotAWorld { .. }));

    let other = dir.path().join("other.db");
    let conn = rusqlite::Connection::open(&other).unwrap();
    conn.execute_batch("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');")
        .unwrap();
    drop(conn);
    assert_refused_untouched(&other, |e| matches!(e, SaveError::NotAWorld { .. }));
}

#[test]
fn a_world_from_a_newer_hewn_is_refused_and_never_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_world(dir.path());
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", hewn_save::SCHEMA_VERSION + 1)
        .unwrap();
    drop(conn);
    assert_refused_untouched(&path, |e| {
        matches!(e, SaveError::NewerVersion { .. }) && e.to_string().contains("newer hewn")
    });
}

#[test]
fn a_version_1_world_upgrades_on_open_and_keeps_what_it_held() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_world(dir.path());
    // Take the world back to what a version 1 hewn wrote, with the fixed hotbar it had.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(UNNAME_PLAYERS).unwrap();
    conn.execute_batch(
        "DROP TABLE crates;
         DROP TABLE updates;
         DROP TABLE survival;
         DROP TABLE packs;
         DROP TABLE blocks;
         DROP TABLE creatures;
         DROP TABLE mod_storage;
         DROP TABLE falling;
         UPDATE player SET hotbar = 'stone,dirt,grass,planks,cobblestone,log,glass,leaves,stone_slab',
                           selected = 4;
         PRAGMA user_version = 1;",
    )
    .unwrap();
    drop(conn);

    let (file, loaded) = WorldFile::open_or_create(&path, FLAT).unwrap();
    assert!(loaded.crates.is_empty());
    let player = &loaded.players[&PlayerName::default()];
    assert_eq!(
        player.hotbar,
        Hotbar {
            slots: hewn_core::sim::DEFAULT_HOTBAR.map(Some),
            selected: 4
        },
        "the old fixed hotbar becomes the new one, crate, torch, glowstone and water included"
    );
    assert_eq!(
        loaded.meta.time,
        hewn_core::sim::time::MORNING,
        "old worlds open in the morning"
    );
    assert_eq!(loaded.world.edit_count(), 40);
    assert_eq!(player.body.position, DVec3::new(1.5, 64.0, 1.5));
    file.close().unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, hewn_save::SCHEMA_VERSION);
    assert_eq!(version, 11);
    let rows: i64 = conn
        .query_row("SELECT count(*) FROM crates", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 0);
    drop(conn);
    assert!(check(&path).unwrap().is_healthy());
}

#[test]
fn a_version_3_world_gets_a_morning_clock_and_keeps_a_hotbar_its_player_changed() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_world(dir.path());
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(UNNAME_PLAYERS).unwrap();
    conn.execute_batch(
        "DELETE FROM meta WHERE key = 'time';
         DROP TABLE updates;
         DROP TABLE survival;
         DROP TABLE packs;
         DROP TABLE blocks;
         DROP TABLE creatures;
         DROP TABLE mod_storage;
         DROP TABLE falling;
         UPDATE player SET hotbar = 'glass,dirt,grass,planks,cobblestone,log,glass,stone_slab,crate';
         PRAGMA user_version = 3;",
    )
    .unwrap();
    drop(conn);
    let (file, loaded) = WorldFile::open_or_create(&path, FLAT).unwrap();
    assert_eq!(loaded.meta.time, hewn_core::sim::time::MORNING);
    assert_eq!(
        loaded.players[&PlayerName::default()].hotbar.slots[0],
        Some(hewn_core::sim::Item::Block(Block::GLASS))
    );
    file.close().unwrap();
}

#[test]
fn the_clock_is_saved_with_the_world() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_world(dir.path());
    let (mut file, mut loaded) = WorldFile::open_or_create(&path, FLAT).unwrap();
    let saved = loaded.take_player(&PlayerName::default()).unwrap();
    let mut start = Start::in_world(loaded.world, saved.body);
    start.time = 123_456;
    let mut sim = Simulation::new(start);
    file.save(&Checkpoint::of(&mut sim, |_| saved.hotbar))
        .unwrap();
    file.close().unwrap();
    let (file, back) = WorldFile::open_or_create(&path, FLAT).unwrap();
    assert_eq!(back.meta.time, 123_456);
    file.close().unwrap();
    let info = hewn(&["world", "info", path.to_str().unwrap()], dir.path());
    assert!(
        String::from_utf8_lossy(&info.stdout).contains("day 2, 23:09 (tick 123456)"),
        "{}",
        String::from_utf8_lossy(&info.stdout)
    );
}

#[test]
fn a_truncated_file_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_world(dir.path());
    let bytes = std::fs::read(&path).unwrap();
    for len in [50, bytes.len() / 2] {
        std::fs::write(&path, &bytes[..len]).unwrap();
        let before = std::fs::read(&path).unwrap();
        let opened = WorldFile::open_or_create(&path, FLAT);
        assert!(opened.is_err(), "a world cut to {len} bytes opened");
        let out = hewn(&["world", "check", path.to_str().unwrap()], dir.path());
        assert_eq!(out.status.code(), Some(1), "cut to {len}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
    }
}

#[test]
fn a_second_hewn_on_the_same_world_exits_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_world(dir.path());
    let (file, _) = WorldFile::open_or_create(&path, FLAT).unwrap();
    let scenario = dir.path().join("s.toml");
    std::fs::write(&scenario, "seed = 9\nworld = \"flat\"\nticks = 1\n").unwrap();
    let out = hewn(
        &[
            "sim",
            scenario.to_str().unwrap(),
            "--world",
            path.to_str().unwrap(),
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("open in another hewn"),
        "{}",
        text(&out.stderr)
    );
    file.close().unwrap();
    let out = hewn(
        &[
            "sim",
            scenario.to_str().unwrap(),
            "--world",
            path.to_str().unwrap(),
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn sim_with_a_world_starts_from_it_and_saves_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("s.toml");
    let write = |fill_x: i32, extra: &str| {
        std::fs::write(
            &scenario,
            format!(
                "seed = 3\nworld = \"flat\"\nticks = 5\n{extra}\n[[fill]]\nfrom = [{fill_x}, 64, 0]\nto = [{fill_x}, 64, 0]\nblock = \"glass\"\n"
            ),
        )
        .unwrap();
    };
    let run = || {
        hewn(
            &["sim", scenario.to_str().unwrap(), "--world", "mine"],
            dir.path(),
        )
    };
    write(10, "[player]\nposition = [0.5, 64.0, 0.5]\nyaw = 90.0");
    assert_eq!(run().status.code(), Some(0));
    write(20, "");
    let out = run();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["edits"].as_array().unwrap().len(), 2, "{report}");
    assert_eq!(report["yaw"], 90.0, "the saved player, not a new spawn");

    let path = dir.path().join("worlds").join("mine.hewn");
    let (_file, loaded) = WorldFile::open_or_create(&path, NewWorld::default()).unwrap();
    let world: World = loaded.world;
    let mut w = world.clone();
    for x in [10, 20] {
        w.load_column(BlockPos::new(x, 64, 0).column());
        assert_eq!(w.block(BlockPos::new(x, 64, 0)), Block::GLASS);
    }
    drop(_file);

    let list = hewn(&["world", "list"], dir.path());
    assert!(
        text(&list.stdout).contains("mine"),
        "{}",
        text(&list.stdout)
    );
    let info = hewn(&["world", "info", "mine"], dir.path());
    assert!(
        text(&info.stdout).contains("chunks stored:  1"),
        "{}",
        text(&info.stdout)
    );

    std::fs::write(&scenario, "seed = 4\nworld = \"flat\"\nticks = 1\n").unwrap();
    let out = run();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("seed 3, not 4"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn sim_with_a_world_keeps_its_crates_between_runs() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("s.toml");
    let falling = "[[crate]]\nposition = [5.5, 70.0, 0.5]\n\n[[crate]]\nposition = [-3.0, 64.0, 4.0]\nsize = [0.5, 2.0, 0.5]\n";
    let run = |ticks: u32, crates: &str, world: Option<&str>| {
        std::fs::write(
            &scenario,
            format!("seed = 3\nworld = \"flat\"\nticks = {ticks}\n{crates}"),
        )
        .unwrap();
        let mut args = vec!["sim", scenario.to_str().unwrap()];
        args.extend(world.map(|w| ["--world", w]).into_iter().flatten());
        let out = hewn(&args, dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        report["crates"].clone()
    };
    let whole = run(20, falling, None);
    // Ten ticks into a world, then ten more from it with no crates in the scenario: the
    // crates go on from where they were saved, mid-fall, exactly as in one run of twenty.
    let half = run(10, falling, Some("boxes"));
    assert_ne!(half, whole);
    assert!(half[0]["velocity"][1].as_f64().unwrap() < 0.0, "{half}");
    assert_eq!(run(10, "", Some("boxes")), whole);
    // A scenario with crates of its own replaces the saved ones.
    let own = "[[crate]]\nposition = [0.5, 64.0, 9.5]\n";
    assert_eq!(run(1, own, Some("boxes")).as_array().unwrap().len(), 1);
    assert_eq!(run(1, "", Some("boxes")).as_array().unwrap().len(), 1);
}

#[test]
fn a_hundred_edited_chunks_take_little_room() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hundred.hewn");
    let request = NewWorld {
        seed: Some(1),
        generator: Some(GeneratorKind::Terrain),
        player: None,
        packs: None,
    };
    let (mut file, loaded) = WorldFile::open_or_create(&path, request).unwrap();
    let mut world = loaded.world;
    // A 4×4×3 hut of planks with a glass roof in each of 100 surface chunks.
    for c in 0..100 {
        let base = BlockPos::new((c % 10) * 32 + 8, 80, (c / 10) * 32 + 8);
        for (dx, dy, dz) in
            (0..4).flat_map(|x| (0..4).flat_map(move |y| (0..4).map(move |z| (x, y, z))))
        {
            let block = if dy == 3 { Block::GLASS } else { Block::PLANKS };
            world.set_block(base.offset(glam::IVec3::new(dx, dy, dz)), block);
        }
    }
    let player = Body::new(DVec3::new(8.5, 84.0, 8.5));
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&player, &Hotbar::default()),
        &[],
    ))
    .unwrap();
    file.close().unwrap();
    let summary = hewn_save::summarize(&path).unwrap();
    assert_eq!(summary.chunks, 100);
    eprintln!(
        "100 edited chunks: {} bytes on disk ({} per chunk)",
        summary.size,
        summary.size / 100
    );
    assert!(summary.size < 1 << 20, "{} bytes", summary.size);
}

#[test]
fn the_game_refuses_a_locked_or_mismatched_world_before_opening_a_window() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved_world(dir.path());
    let bin = tempfile::tempdir().unwrap();
    // No display at all: a game that tried the window first would fail on that instead.
    let play = |args: &[&str]| {
        Command::new(private_hewn(bin.path()))
            .args(["--world", path.to_str().unwrap()])
            .args(args)
            .env("HEWN_DATA_DIR", dir.path())
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("run hewn")
    };
    let before = std::fs::read(&path).unwrap();

    let out = play(&["--seed", "10"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("seed"), "{stderr}");
    assert!(!stderr.contains("window"), "{stderr}");

    let (file, _) = WorldFile::open_or_create(&path, FLAT).unwrap();
    let out = play(&[]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("open in another hewn"), "{stderr}");
    file.close().unwrap();
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the world is untouched"
    );
}

#[test]
fn a_flood_and_falling_sand_saved_half_way_go_on_as_if_never_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.hewn");
    let (mut file, loaded) = WorldFile::open_or_create(&path, FLAT).unwrap();
    let player = Body::new(DVec3::new(0.5, 64.0, 20.5));
    let mut start = Start::in_world(loaded.world, player);
    start.world.set_block(BlockPos::new(0, 64, 0), Block::WATER);
    start.world.set_block(BlockPos::new(5, 90, 5), Block::SAND);
    let mut sim = Simulation::new(start);
    let idle = hewn_core::sim::Input::default();
    for _ in 0..40 {
        sim.tick(&idle);
    }
    assert!(!sim.updates().is_empty(), "the flood is under way");
    assert_eq!(sim.falling().list().len(), 1, "the sand is falling");
    let motion = sim.motion();
    file.save(&Checkpoint::of(&mut sim, |_| Hotbar::default()))
        .unwrap();
    file.close().unwrap();

    let (file, loaded) = WorldFile::open_or_create(&path, FLAT).unwrap();
    assert_eq!(loaded.motion, motion);
    let body = loaded.players[&PlayerName::default()].body;
    let mut start = Start::in_world(loaded.world, body);
    start.motion = loaded.motion;
    let mut resumed = Simulation::new(start);
    for _ in 0..200 {
        sim.tick(&idle);
        resumed.tick(&idle);
    }
    let edits = |s: &Simulation| s.world().edits().collect::<Vec<_>>();
    assert_eq!(edits(&resumed), edits(&sim));
    assert_eq!(resumed.motion(), sim.motion());
    assert!(
        edits(&sim)
            .iter()
            .any(|(p, e)| *p == BlockPos::new(5, 64, 5) && e.current == Block::SAND)
    );
    file.close().unwrap();
}

#[test]
fn every_block_survives_a_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("all.hewn");
    let (mut file, loaded) = WorldFile::open_or_create(&path, FLAT).expect("create");
    let mut world = loaded.world;
    // Set straight into the world, with no tick run, so nothing falls or flows before the
    // save; each stands on stone, three blocks from the next.
    let place = |world: &mut World, i: usize, block: Block| {
        let at = BlockPos::new(3 * i as i32, 80, 0);
        world.set_block(at.offset(glam::IVec3::NEG_Y), Block::STONE);
        world.set_block(at, block);
        at
    };
    let placed: Vec<(BlockPos, Block)> = Block::all()
        .skip(1)
        .enumerate()
        .map(|(i, block)| (place(&mut world, i, block), block))
        .collect();
    let player = Body::new(DVec3::new(0.5, 64.0, 0.5));
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&player, &Hotbar::default()),
        &[],
    ))
    .expect("save");
    file.close().expect("close");

    let (_file, reopened) = WorldFile::open_or_create(&path, FLAT).expect("reopen");
    let mut world = reopened.world;
    for (at, block) in placed {
        world.load_region(hewn_core::aabb::Aabb::new(at.min_corner(), at.min_corner()));
        assert_eq!(world.block(at), block, "{block} at {at:?}");
    }
}

#[test]
fn a_survival_world_saved_mid_smelt_and_reopened_goes_on_as_if_never_saved() {
    use hewn_core::sim::survival::{Mode, Survival};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.hewn");
    let (mut file, loaded) = WorldFile::open_or_create(&path, FLAT).unwrap();
    let spawn = loaded.generator.spawn_point();
    // A survival player by a furnace smelting sand, with coal lying beside it.
    let scenario = hewn_scenario::Scenario::parse(
        r#"
        world = "flat"
        seed = 9
        mode = "survival"
        ticks = 1
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        health = 13
        inventory = [{item = "sand", count = 5}, {item = "planks", count = 2}, {item = "iron_pickaxe", count = 1, wear = 40}]
        [[item]]
        item = "coal"
        count = 2
        position = [4.5, 64.0, 4.5]
        "#,
    )
    .unwrap();
    let mut start = Start::in_world(loaded.world, Body::new(DVec3::new(0.5, 64.0, 0.5)));
    start.survival = scenario.survival_at_start(spawn);
    start.players.first_mut().unwrap().set_look(90.0, 0.0);
    start
        .world
        .set_block(BlockPos::new(2, 65, 0), Block::FURNACE);
    let mut sim = Simulation::new(start);
    let put = |action| hewn_core::sim::Input {
        actions: vec![action],
        ..hewn_core::sim::Input::default()
    };
    use hewn_core::sim::survival::FurnaceSlot;
    use hewn_core::sim::{Action, Item};
    let sand = Item::Block(Block::SAND);
    let planks = Item::Block(Block::PLANKS);
    sim.tick(&put(Action::FurnacePut {
        slot: FurnaceSlot::Input,
        item: sand,
        count: 5,
    }));
    sim.tick(&put(Action::FurnacePut {
        slot: FurnaceSlot::Fuel,
        item: planks,
        count: 2,
    }));
    let idle = hewn_core::sim::Input::default();
    for _ in 0..700 {
        sim.tick(&idle);
    }
    assert_eq!(sim.mode(), Mode::Survival);
    assert_eq!(sim.survival().furnaces.len(), 1, "the furnace is burning");
    file.save(&Checkpoint::of(&mut sim, |_| Hotbar::default()))
        .unwrap();
    file.close().unwrap();

    let (file, loaded) = WorldFile::open_or_create(&path, FLAT).unwrap();
    assert!(loaded.damaged_rows.is_empty(), "{:?}", loaded.damaged_rows);
    assert_eq!(&loaded.survival, sim.survival());
    let saved: Survival = loaded.survival.clone();
    let body = loaded.players[&PlayerName::default()].body;
    let mut start = Start::in_world(loaded.world, body);
    start.survival = saved;
    start.time = sim.time();
    let mut resumed = Simulation::new(start);
    for _ in 0..1200 {
        sim.tick(&idle);
        resumed.tick(&idle);
    }
    assert_eq!(resumed.survival(), sim.survival());
    let glass = Item::Block(Block::GLASS);
    let furnace = sim
        .survival()
        .furnaces
        .values()
        .next()
        .copied()
        .unwrap_or_default();
    assert!(
        furnace
            .output
            .is_some_and(|o| o.item == glass && o.count >= 2)
    );
    file.close().unwrap();
}
