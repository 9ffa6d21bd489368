use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use glam::DVec3;

use super::*;
use hewn_core::physics::Body;
use hewn_core::physics::crates::Crate;
use hewn_core::sim::{Item, PlayerName};
use hewn_core::world::{Block, BlockPos, BlockSource, ChunkPos, World};

const FLAT: NewWorld = NewWorld {
    seed: Some(42),
    generator: Some(GeneratorKind::Flat),
    player: None,
    packs: None,
};

fn world_path(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("w.hewn")
}

#[track_caller]
fn open(path: &Path, request: NewWorld) -> (WorldFile, LoadedWorld) {
    match WorldFile::open_or_create(path, request) {
        Ok(opened) => opened,
        Err(e) => panic!("opening {}: {e}", path.display()),
    }
}

fn edits(world: &World) -> Vec<(BlockPos, Block)> {
    world.edits().map(|(p, e)| (p, e.current)).collect()
}

/// `body` with `hotbar` as the one player, named [`PlayerName::DEFAULT`].
fn as_player(body: &Body, hotbar: &Hotbar) -> SavedPlayers {
    SavedPlayers::from([(
        PlayerName::default(),
        SavedPlayer {
            body: *body,
            hotbar: *hotbar,
        },
    )])
}

fn a_player() -> Body {
    let mut p = Body::new(DVec3::new(-12.25, 70.5, 1e6 + 0.125));
    p.velocity = DVec3::new(0.5, -3.0, 1.0 / 3.0);
    p.set_look(123.456, -33.3);
    p.flying = true;
    p.collider = hewn_core::physics::PlayerCollider::Cylinder;
    p
}

#[test]
fn a_new_world_takes_the_request_and_has_no_player() {
    let dir = tempfile::tempdir().unwrap();
    let (_file, loaded) = open(&world_path(&dir), FLAT);
    assert!(loaded.created);
    assert_eq!(loaded.meta.seed, 42);
    assert_eq!(loaded.meta.generator, GeneratorKind::Flat);
    assert_eq!(loaded.meta.game_version, env!("CARGO_PKG_VERSION"));
    assert!(loaded.players.is_empty());
    assert_eq!(loaded.world.edit_count(), 0);
}

#[test]
fn edits_player_and_hotbar_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let (mut file, loaded) = open(&path, FLAT);
    let mut world = loaded.world;
    for (i, block) in Block::all().enumerate() {
        let i = i32::try_from(i).unwrap();
        world.set_block(BlockPos::new(i * 13 - 40, 60 + i, -i * 7), block);
    }
    world.set_block(BlockPos::new(5, 0, 5), Block::AIR); // bedrock too: saves are not rules
    let mut hotbar = Hotbar::default();
    hotbar.slots[2] = None;
    hotbar.slots[0] = Some(Item::Crate);
    hotbar.slots[8] = Some(Item::Block(Block::WATER));
    hotbar.selected = 6;
    let player = a_player();
    let stats = file
        .save(&Checkpoint::take(
            &mut world.loader(),
            as_player(&player, &hotbar),
            &[],
        ))
        .unwrap();
    assert!(stats.written > 3, "{stats:?}");
    file.close().unwrap();

    let (_file, back) = open(&path, NewWorld::default());
    assert!(!back.created);
    assert!(back.damaged.is_empty());
    assert_eq!(edits(&back.world), edits(&world));
    assert_eq!(
        back.players,
        as_player(&player, &hotbar),
        "body, look, flying, collider and hotbar"
    );
}

#[test]
fn a_save_keeps_what_lay_in_the_crafting_grid_and_on_the_cursor() {
    use hewn_core::sim::survival::{Mode, Stack, Station, Survival, Survivor};
    use hewn_core::sim::{Players, Simulation, Start};
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let (mut file, loaded) = open(&path, FLAT);
    let body = a_player();
    let name = PlayerName::default();
    let log = Item::Block(Block::LOG);
    let mut survivor = Survivor::default();
    survivor
        .inventory
        .add(Stack::new(Item::Block(Block::DIRT), 5));
    survivor.screen.open = Some(Station::Inventory);
    survivor.screen.grid[0] = Some(Stack::new(log, 3));
    survivor.screen.cursor = Some(Stack::new(log, 2));
    let mut survival = Survival::new(Mode::Survival, body.position);
    survival.survivors.insert(name.clone(), survivor);
    let mut sim = Simulation::new(Start {
        players: Players::one(name.clone(), body),
        survival,
        ..Start::in_world(loaded.world, body)
    });
    file.save(&Checkpoint::of(&mut sim, |_| Hotbar::default()))
        .unwrap();
    file.close().unwrap();
    // As if the game had been killed with the inventory open: what was saved is all there is.
    let (_file, mut back) = open(&path, NewWorld::default());
    let survival = back.take_survival(None, Mode::Survival);
    let saved = &survival.survivors[&name];
    assert_eq!(
        saved.screen.grid, [None; 9],
        "nothing left in a grid no one sees"
    );
    assert_eq!(saved.screen.cursor, None);
    assert_eq!(
        saved.inventory.count(log),
        5,
        "the grid's 3 and the cursor's 2"
    );
    assert_eq!(saved.inventory.count(Item::Block(Block::DIRT)), 5);
    assert!(survival.drops.list().is_empty(), "everything fitted");
    assert!(
        sim.survival().survivors[&name].screen.cursor.is_some(),
        "the game itself plays on as it was"
    );
}

/// Crates of several sizes, at awkward coordinates; the last one slides and falls.
fn some_crates() -> Vec<Crate> {
    let mut sliding = Crate::new(
        DVec3::new(-1e6 - 0.1, 64.000_000_000_000_01, 7.0 / 3.0),
        DVec3::new(0.5, 1.75, 2.5),
    );
    sliding.velocity = DVec3::new(1.0 / 3.0, -9.806_65, 5e-320);
    vec![
        Crate::new(DVec3::new(0.5, 64.0, 0.5), DVec3::splat(1.0)),
        Crate {
            on_ground: true,
            ..Crate::new(DVec3::new(3.125, 65.0, -2.0), DVec3::splat(0.25))
        },
        Crate::new(DVec3::new(10.0, 80.5, 10.0), DVec3::splat(3.0)),
        sliding,
    ]
}

#[track_caller]
fn assert_bit_exact(back: &[Crate], saved: &[Crate]) {
    let bits = |c: &Crate| {
        let [p, s, v] = [c.position, c.size, c.velocity].map(|v| v.to_array().map(f64::to_bits));
        (p, s, v, c.on_ground)
    };
    assert_eq!(
        back.iter().map(bits).collect::<Vec<_>>(),
        saved.iter().map(bits).collect::<Vec<_>>()
    );
}

#[test]
fn crates_round_trip_bit_exactly_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let (mut file, loaded) = open(&path, FLAT);
    assert!(loaded.crates.is_empty());
    let mut world = loaded.world;
    let crates = some_crates();
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&a_player(), &Hotbar::default()),
        &crates,
    ))
    .unwrap();
    file.close().unwrap();
    let (mut file, back) = open(&path, FLAT);
    assert_bit_exact(&back.crates, &crates);

    // Every save replaces the whole set: a crate broken since is gone, the rest keep order.
    let fewer = [crates[3], crates[0]];
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&a_player(), &Hotbar::default()),
        &fewer,
    ))
    .unwrap();
    file.close().unwrap();
    assert_bit_exact(&open(&path, FLAT).1.crates, &fewer);
}

#[test]
fn a_signed_zero_in_a_crate_comes_back_positive() {
    // SQLite stores a whole REAL as an integer, so -0.0 reads back as 0.0. Physics treats
    // the two alike (a push of either is no push); only the state hash tells them apart.
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let (mut file, loaded) = open(&path, FLAT);
    let mut world = loaded.world;
    let mut resting = Crate::new(DVec3::new(0.5, 64.0, 0.5), DVec3::ONE);
    resting.velocity.x = -0.0;
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&a_player(), &Hotbar::default()),
        &[resting],
    ))
    .unwrap();
    drop(file);
    let back = open(&path, FLAT).1.crates;
    assert_eq!(back, [resting]);
    assert_eq!(back[0].velocity.x.to_bits(), 0.0_f64.to_bits());
}

#[test]
fn crates_no_hewn_could_save_are_dropped_on_load() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let (mut file, loaded) = open(&path, FLAT);
    let mut world = loaded.world;
    let crates = some_crates();
    let mut broken = crates[0];
    broken.velocity.y = f64::NAN;
    let with_broken = [crates[1], broken, crates[2]];
    // The broken crate is left out; the save itself goes through.
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&a_player(), &Hotbar::default()),
        &with_broken,
    ))
    .unwrap();
    drop(file);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE crates SET sx = 40.0 WHERE ordinal = 2", [])
        .unwrap();
    drop(conn);
    assert_bit_exact(&open(&path, FLAT).1.crates, &[crates[1]]);
}

#[test]
fn a_version_1_world_is_upgraded_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let meta = Meta {
        generator: GeneratorKind::Flat,
        seed: 42,
        created: 1_700_000_000,
        game_version: "0.1.0".into(),
        last_saved: 0,
        time: hewn_core::sim::time::MORNING,
    };
    let mut conn = rusqlite::Connection::open(&path).unwrap();
    schema::create_at(&mut conn, &meta, 1).unwrap();
    let tables = |conn: &rusqlite::Connection| -> Vec<String> {
        let mut stmt = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .unwrap();
        stmt.query_map([], |r| r.get(0))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    };
    let version = |conn: &rusqlite::Connection| -> i64 {
        conn.pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap()
    };
    assert_eq!(tables(&conn), ["chunks", "meta", "player"]);
    assert_eq!(version(&conn), 1);
    conn.close().unwrap();

    let (mut file, loaded) = open(&path, FLAT);
    assert!(!loaded.created);
    assert!(loaded.crates.is_empty());
    assert_eq!(loaded.meta, meta);
    let conn = rusqlite::Connection::open(&path).unwrap();
    assert_eq!(
        tables(&conn),
        [
            "blocks",
            "chunks",
            "crates",
            "creatures",
            "falling",
            "meta",
            "mod_storage",
            "packs",
            "players",
            "survival",
            "updates"
        ]
    );
    assert_eq!(version(&conn), SCHEMA_VERSION);
    // Its ids were the base pack's, and its table now says so, to keep them for good.
    let ids: i64 = conn
        .query_row("SELECT count(*) FROM blocks", [], |r| r.get(0))
        .unwrap();
    assert_eq!(
        usize::try_from(ids).ok(),
        Some(hewn_core::world::Block::count())
    );
    drop(conn);

    let mut world = loaded.world;
    let crates = some_crates();
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&a_player(), &Hotbar::default()),
        &crates,
    ))
    .unwrap();
    file.close().unwrap();
    assert_bit_exact(&open(&path, FLAT).1.crates, &crates);
}

#[test]
fn a_world_whose_tables_are_not_its_versions_is_refused_before_any_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    drop(open(&path, FLAT));
    // A version 1 world that somehow has a `crates` table of its own: the migration's
    // CREATE TABLE would fail; the layout check refuses the world before it is tried.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(
        "DROP TABLE crates; CREATE TABLE crates (note TEXT); INSERT INTO crates VALUES ('mine');
         PRAGMA user_version = 1;",
    )
    .unwrap();
    drop(conn);
    let err = WorldFile::open_or_create(&path, FLAT).unwrap_err();
    assert!(
        matches!(err, SaveError::BadLayout { version: 1, .. }),
        "{err}"
    );
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, 1);
    let note: String = conn
        .query_row("SELECT note FROM crates", [], |r| r.get(0))
        .unwrap();
    assert_eq!(note, "mine");
}

#[test]
fn undone_chunks_are_deleted_and_untouched_ones_never_stored() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let (mut file, loaded) = open(&path, FLAT);
    let mut world = loaded.world;
    let player = a_player();
    let a = BlockPos::new(3, 70, 3);
    let b = BlockPos::new(100, 70, 3);
    world.load_column(ChunkPos::new(9, 2, 9).column()); // loaded but not edited: not stored
    world.set_block(a, Block::STONE);
    world.set_block(b, Block::STONE);
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&player, &Hotbar::default()),
        &[],
    ))
    .unwrap();
    assert_eq!(summarize(&path).unwrap().chunks, 2);

    world.set_block(a, Block::AIR);
    let stats = file
        .save(&Checkpoint::take(
            &mut world.loader(),
            as_player(&player, &Hotbar::default()),
            &[],
        ))
        .unwrap();
    assert_eq!((stats.written, stats.deleted), (0, 1));
    assert_eq!(summarize(&path).unwrap().chunks, 1);
}

#[test]
fn edits_of_unloaded_chunks_are_saved_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let (mut file, loaded) = open(&path, FLAT);
    let mut world = loaded.world;
    let p = BlockPos::new(-70, 63, 9);
    world.set_block(p, Block::GLASS);
    world.unload_column(p.column());
    file.save(&Checkpoint::take(
        &mut world.loader(),
        as_player(&a_player(), &Hotbar::default()),
        &[],
    ))
    .unwrap();
    drop(file);
    let (_file, back) = open(&path, FLAT);
    let mut w = back.world;
    w.load_column(p.column());
    assert_eq!(w.block(p), Block::GLASS);
    assert_eq!(w.block(p.offset(glam::IVec3::X)), Block::GRASS);
    assert_eq!(w.edit_count(), 1);
}

#[test]
fn a_world_keeps_its_seed_and_generator() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    drop(open(&path, FLAT));
    let seed = WorldFile::open_or_create(
        &path,
        NewWorld {
            seed: Some(43),
            generator: None,
            player: None,
            packs: None,
        },
    );
    assert!(matches!(
        seed,
        Err(SaveError::SeedMismatch {
            world: 42,
            asked: 43,
            ..
        })
    ));
    let generator = WorldFile::open_or_create(
        &path,
        NewWorld {
            seed: Some(42),
            generator: Some(GeneratorKind::Terrain),
            player: None,
            packs: None,
        },
    );
    let message = generator.unwrap_err().to_string();
    assert!(
        message.contains("flat") && message.contains("terrain"),
        "{message}"
    );
    assert_eq!(open(&path, NewWorld::default()).1.meta.seed, 42);
}

#[test]
fn the_largest_seed_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let request = NewWorld {
        seed: Some(u64::MAX),
        generator: Some(GeneratorKind::Empty),
        player: None,
        packs: None,
    };
    drop(open(&path, request.clone()));
    assert_eq!(open(&path, request).1.meta.seed, u64::MAX);
}

#[test]
fn a_second_open_is_refused_until_the_first_closes() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let (file, _) = open(&path, FLAT);
    let second = WorldFile::open_or_create(&path, FLAT).unwrap_err();
    assert!(matches!(second, SaveError::Locked { .. }), "{second}");
    assert!(second.to_string().contains("open in another hewn"));
    // Reading tools do not need the lock.
    assert!(check(&path).unwrap().is_healthy());
    file.close().unwrap();
    drop(open(&path, FLAT));
}

#[test]
fn the_autosaver_writes_in_the_background_and_on_finish() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let (file, loaded) = open(&path, FLAT);
    let mut world = loaded.world;
    let mut player = a_player();
    let hotbar = Hotbar::default();
    let t0 = Instant::now();
    let mut saver = Autosaver::start(file, t0);
    world.set_block(BlockPos::new(1, 64, 1), Block::LOG);
    assert!(!saver.autosave(t0 + Duration::from_secs(1), || {
        Checkpoint::take(&mut world.loader(), as_player(&player, &hotbar), &[])
    }));
    assert!(saver.autosave(t0 + AUTOSAVE_INTERVAL, || {
        Checkpoint::take(&mut world.loader(), as_player(&player, &hotbar), &[])
    }));
    saver.wait_idle();
    assert_eq!(saver.saves_written(), 1);
    assert!(saver.take_error().is_none());
    // The background save is in the file already: the edited chunk, before `finish`.
    assert_eq!(summarize(&path).unwrap().chunks, 1);

    world.set_block(BlockPos::new(40, 64, 1), Block::LOG);
    player.position.y = 99.0;
    let file = saver
        .finish(Checkpoint::take(
            &mut world.loader(),
            as_player(&player, &hotbar),
            &[],
        ))
        .unwrap();
    file.close().unwrap();
    let (_file, back) = open(&path, FLAT);
    assert_eq!(edits(&back.world), edits(&world));
    let back = &back.players[&PlayerName::default()];
    assert_eq!(
        back.body.position.y.to_bits(),
        99.0_f64.to_bits(),
        "read back bit for bit"
    );
}

#[test]
fn names_resolve_into_the_worlds_folder_and_paths_stay_paths() {
    let dir = worlds_dir().unwrap();
    assert_eq!(resolve_world("default").unwrap(), dir.join("default.hewn"));
    assert_eq!(resolve_world("w.hewn").unwrap(), PathBuf::from("w.hewn"));
    assert_eq!(resolve_world("a/b").unwrap(), PathBuf::from("a/b"));
    assert!(resolve_world("").is_err());
    assert!(resolve_world("..").is_err());
}

#[cfg(unix)]
#[test]
fn a_new_world_is_never_written_through_what_stands_at_its_temporary_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = world_path(&dir);
    let temp = sidecar(&path, "new");
    // A link there to someone's file: followed, the world would have been written into it.
    let victim = dir.path().join("notes.txt");
    std::fs::write(&victim, "mine\n").unwrap();
    std::os::unix::fs::symlink(&victim, &temp).unwrap();
    let (file, loaded) = open(&path, FLAT);
    assert_eq!(loaded.meta.seed, 42);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine\n");
    assert!(std::fs::symlink_metadata(&path).unwrap().is_file());
    assert!(
        std::fs::symlink_metadata(&temp).is_err(),
        "the link is cleared away"
    );
    file.close().unwrap();

    // What a hewn that stopped part-way left there is cleared away too.
    let other = dir.path().join("v.hewn");
    std::fs::write(sidecar(&other, "new"), "half a database").unwrap();
    let (file, loaded) = open(&other, FLAT);
    assert_eq!(loaded.meta.seed, 42);
    assert!(!sidecar(&other, "new").exists());
    file.close().unwrap();
    assert!(check(&other).unwrap().is_healthy());

    // But not while another hewn holds it: that one is making the world now.
    let third = dir.path().join("u.hewn");
    std::fs::write(sidecar(&third, "new"), "").unwrap();
    let held = place::lock(&sidecar(&third, "new")).unwrap();
    let refused = WorldFile::open_or_create(&third, FLAT).unwrap_err();
    assert!(matches!(refused, SaveError::Locked { .. }), "{refused}");
    assert!(!third.exists());
    drop(held);
    drop(open(&third, FLAT));
}

#[cfg(unix)]
#[test]
fn a_lock_knows_its_file_by_identity_not_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let lock = place::create_locked(&a).unwrap();
    std::fs::write(&b, "").unwrap();
    assert!(lock.is_at(&a));
    assert!(!lock.is_at(&b), "another file");
    std::fs::remove_file(&a).unwrap();
    std::fs::rename(&b, &a).unwrap();
    assert!(!lock.is_at(&a), "another file swapped in under the name");
}
