//! Saved players whose names differ only in case, as older hewns kept them: one player now,
//! the first row (in byte order) used and written, the other row kept as it was.

use glam::DVec3;
use hewn_core::physics::Body;
use hewn_core::sim::PlayerName;
use hewn_core::worldgen::GeneratorKind;
use hewn_save::{Checkpoint, Hotbar, NewWorld, SavedPlayer, SavedPlayers, WorldFile};

const FLAT: NewWorld = NewWorld {
    seed: Some(3),
    generator: Some(GeneratorKind::Flat),
    player: None,
    packs: None,
};

/// `name` standing at x = `x`.
fn one(name: &str, x: f64) -> SavedPlayers {
    SavedPlayers::from([(
        PlayerName::new(name).expect("a name"),
        SavedPlayer {
            body: Body::new(DVec3::new(x, 64.0, 0.5)),
            hotbar: Hotbar::default(),
        },
    )])
}

/// Every stored player row: name and x, in byte order of name.
fn rows(path: &std::path::Path) -> Vec<(String, f64)> {
    let conn = rusqlite::Connection::open(path).expect("opened");
    let mut stmt = conn
        .prepare("SELECT name, x FROM players ORDER BY name")
        .expect("a query");
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows")
}

#[test]
fn two_saved_players_differing_in_case_are_one_player_and_both_rows_stay() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("w.hewn");
    let (mut file, mut loaded) = WorldFile::open_or_create(&path, FLAT).expect("created");
    let saved = Checkpoint::take(&mut loaded.world.loader(), one("alice", 5.5), &[]);
    file.save(&saved).expect("saved");
    file.close().expect("closed");
    // What an older hewn could write: a second row whose name differs only in case.
    let conn = rusqlite::Connection::open(&path).expect("opened");
    conn.execute(
        "INSERT INTO players SELECT 'Alice', 1.5, y, z, vx, vy, vz, yaw, pitch, on_ground, \
         flying, collider, hotbar, selected FROM players WHERE name = 'alice'",
        [],
    )
    .expect("a second row");
    drop(conn);

    let (mut file, mut loaded) = WorldFile::open_or_create(&path, FLAT).expect("opened");
    let names: Vec<_> = loaded.players.keys().map(PlayerName::as_str).collect();
    assert_eq!(names, ["Alice"], "the first row in byte order is used");
    let used = loaded.take_player(&PlayerName::new("ALICE").expect("a name"));
    assert_eq!(used.map(|p| p.body.position.x), Some(1.5));
    // Played as "alice" and saved: the state goes to the row it came from.
    let saved = Checkpoint::take(&mut loaded.world.loader(), one("alice", 9.5), &[]);
    file.save(&saved).expect("saved");
    file.close().expect("closed");
    assert_eq!(
        rows(&path),
        [("Alice".to_owned(), 9.5), ("alice".to_owned(), 5.5)]
    );
}

#[test]
fn a_new_world_takes_nothing_from_the_journal_a_deleted_world_left_beside_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("w.hewn");
    let (mut file, mut loaded) = WorldFile::open_or_create(&path, FLAT).expect("created");
    let saved = Checkpoint::take(&mut loaded.world.loader(), one("alice", 5.5), &[]);
    file.save(&saved).expect("saved");
    // A write the old world never checkpointed: its journal (`-wal`) holds it when the game
    // is killed and the player deletes the world file alone.
    let conn = rusqlite::Connection::open(&path).expect("opened");
    conn.execute_batch("PRAGMA wal_autocheckpoint = 0; UPDATE players SET x = 99.5")
        .expect("written to the journal");
    let wal = dir.path().join("w.hewn-wal");
    let journal = std::fs::read(&wal).expect("a journal");
    assert!(!journal.is_empty());
    drop(conn);
    drop(file);
    std::fs::remove_file(&path).expect("deleted");
    std::fs::write(&wal, &journal).expect("the journal left behind");

    let (file, loaded) = WorldFile::open_or_create(&path, FLAT).expect("a new world");
    assert!(loaded.players.is_empty(), "nothing of the old world");
    file.close().expect("closed");
    assert_eq!(rows(&path), []);
}
