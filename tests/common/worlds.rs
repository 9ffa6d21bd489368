//! Helpers for the tests of world files: a small saved world, a folder's contents, tampering
//! with SQL, and the commands that read a world.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use glam::DVec3;
use hewn_core::physics::Body;
use hewn_core::sim::PlayerName;
use hewn_core::world::{Block, BlockPos};
use hewn_core::worldgen::GeneratorKind;
use hewn_save::{Checkpoint, Hotbar, NewWorld, SavedPlayer, SavedPlayers, WorldFile};

use super::hewn;

/// The flat world of seed 9 the world-file tests save.
pub const FLAT: NewWorld = NewWorld {
    seed: Some(9),
    generator: Some(GeneratorKind::Flat),
    player: None,
    packs: None,
};

/// A five-tick scenario in [`FLAT`]'s world.
pub const SCENARIO: &str = "seed = 9\nworld = \"flat\"\nticks = 5\n";

/// `body` with `hotbar` as a world's one player, named `player`.
pub fn as_player(body: &Body, hotbar: &Hotbar) -> SavedPlayers {
    let saved = SavedPlayer {
        body: *body,
        hotbar: *hotbar,
    };
    SavedPlayers::from([(PlayerName::default(), saved)])
}

/// SQL that turns a world's players back into what a hewn from before names wrote (schema 6
/// and older): the one-row table `player`, holding the player named `player` if there is
/// one. Its definition is copied from hewn's schema word for word, as a world must match it.
pub const UNNAME_PLAYERS: &str = "
    CREATE TABLE player (
        id        INTEGER PRIMARY KEY CHECK (id = 1),
        x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL,
        vx REAL NOT NULL, vy REAL NOT NULL, vz REAL NOT NULL,
        yaw       REAL NOT NULL,
        pitch     REAL NOT NULL,
        on_ground INTEGER NOT NULL,
        flying    INTEGER NOT NULL,
        collider  TEXT NOT NULL,
        hotbar    TEXT NOT NULL,
        selected  INTEGER NOT NULL
    );
    INSERT INTO player
        SELECT 1, x, y, z, vx, vy, vz, yaw, pitch, on_ground, flying, collider, hotbar, selected
        FROM players WHERE name = 'player';
    DROP TABLE players;
";

/// A saved flat world with one edit and a player, closed, at `dir/w.hewn`.
pub fn saved_world(dir: &Path) -> PathBuf {
    let path = dir.join("w.hewn");
    let (mut file, loaded) = WorldFile::open_or_create(&path, FLAT).expect("set up the world");
    let mut world = loaded.world;
    world.set_block(BlockPos::new(3, 64, 3), Block::PLANKS);
    let player = Body::new(DVec3::new(1.5, 64.0, 1.5));
    let snapshot = Checkpoint::take(
        &mut world.loader(),
        as_player(&player, &Hotbar::default()),
        &[],
    );
    file.save(&snapshot).expect("set up the world");
    file.close().expect("set up the world");
    path
}

/// Every file in `dir` with its content.
pub fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    std::fs::read_dir(dir)
        .expect("list the folder")
        .map(|e| e.expect("list the folder").path())
        .map(|p| {
            let bytes = std::fs::read(&p).expect("read a file");
            (p, bytes)
        })
        .collect()
}

/// Changes the world at `path` with SQL, as a careless or hostile user with a database tool.
pub fn tamper(path: &Path, sql: &str) {
    let conn = rusqlite::Connection::open(path).expect("open with sqlite");
    conn.execute_batch(sql).expect("tamper");
    conn.close().expect("close");
}

/// `hewn world check path`.
pub fn check(path: &Path) -> std::process::Output {
    hewn(
        &["world", "check", path.to_str().expect("utf-8")],
        Path::new("/nonexistent"),
    )
}

/// `hewn sim --world path` on [`SCENARIO`], written in `scratch`.
pub fn sim_with_world(path: &Path, scratch: &Path) -> std::process::Output {
    let scenario = scratch.join("s.toml");
    std::fs::write(&scenario, SCENARIO).expect("write the scenario");
    hewn(
        &[
            "sim",
            scenario.to_str().expect("utf-8"),
            "--world",
            path.to_str().expect("utf-8"),
        ],
        Path::new("/nonexistent"),
    )
}
