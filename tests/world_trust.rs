//! Worlds from anywhere: a world file's content cannot run in hewn (no triggers, views or
//! other objects hewn's schema does not make), its crates keep the rules scenario crates keep,
//! its stored chunks cannot claim more edits than a world may hold, and a value of the wrong
//! type or a damaged header is reported by `hewn world check` exactly as opening reports it.
//! Each refused world is left byte for byte as it was, with nothing new beside it.

mod common;

use std::path::Path;

use common::text;
use common::worlds::{FLAT, check, files, saved_world, sim_with_world, tamper};
use hewn_core::world::{Block, Chunk};
use hewn_save::codec::{FORMAT_WIDE, encode};
use hewn_save::{MAX_SAVED_EDITS, WorldFile};

/// Asserts that check and sim both refuse the world at `path` (exit 1, "is damaged" and
/// `needle` in the message, nothing run) and leave its folder as it was.
#[track_caller]
fn assert_both_refuse(path: &Path, needle: &str) {
    let dir = path.parent().expect("a folder");
    let scratch = tempfile::tempdir().expect("temp dir");
    let before = files(dir);
    let out = check(path);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{needle}: {said}");
    assert!(
        said.contains("is damaged") && said.contains(needle),
        "{said}"
    );
    let out = sim_with_world(path, scratch.path());
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{needle}: {said}");
    assert!(
        said.contains("is damaged") && said.contains(needle),
        "{said}"
    );
    assert!(out.stdout.is_empty(), "{needle}: nothing ran");
    assert_eq!(files(dir), before, "{needle}: the folder is as it was");
}

#[test]
fn objects_the_schema_does_not_make_are_damage_that_check_and_sim_refuse() {
    let cases = [
        // Made `sim` spin for ever inside its save.
        (
            "CREATE TRIGGER spin AFTER INSERT ON crates BEGIN \
             INSERT INTO crates SELECT ordinal + 1, x, y, z, sx, sy, sz, vx, vy, vz, on_ground \
             FROM crates WHERE ordinal = NEW.ordinal; END;",
            "trigger \"spin\" does not belong",
        ),
        // Failed the save after the whole run.
        (
            "CREATE TRIGGER veto BEFORE DELETE ON crates BEGIN SELECT RAISE(ABORT, 'no'); END;",
            "trigger \"veto\" does not belong",
        ),
        (
            "CREATE VIEW everything AS SELECT * FROM chunks;",
            "view \"everything\" does not belong",
        ),
        (
            "CREATE INDEX by_format ON chunks (format);",
            "index \"by_format\" does not belong",
        ),
        (
            "CREATE TABLE notes (t TEXT);",
            "table \"notes\" does not belong",
        ),
        // A column's type changed behind SQLite's back.
        (
            "PRAGMA writable_schema = ON; \
             UPDATE sqlite_schema SET sql = replace(sql, 'y REAL NOT NULL', 'y TEXT NOT NULL') \
             WHERE name = 'crates';",
            "table \"crates\" has columns",
        ),
        // The columns as they were, but a constraint that refuses every save.
        (
            "PRAGMA writable_schema = ON; \
             UPDATE sqlite_schema SET sql = replace(sql, 'selected  INTEGER NOT NULL', \
             'selected  INTEGER NOT NULL CHECK (selected < 0)') WHERE name = 'players';",
            "table \"players\" is not defined as hewn defines it",
        ),
    ];
    for (sql, needle) in cases {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = saved_world(dir.path());
        tamper(&path, sql);
        assert_both_refuse(&path, needle);
    }
}

#[test]
fn a_damaged_header_is_refused_by_check_and_sim_alike() {
    // Byte 18 is the format version needed to write: SQLite opens a 3 without complaint and
    // refused only the save at the end of the run. Byte 64 turns on incremental vacuum, which
    // the integrity check notices and opening used to ignore.
    for (byte, needle) in [
        (18, "format versions 3 (write)"),
        (64, "SQLite's integrity check says"),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = saved_world(dir.path());
        let mut bytes = std::fs::read(&path).expect("read");
        bytes[byte] ^= 1;
        std::fs::write(&path, bytes).expect("write");
        assert_both_refuse(&path, needle);
    }
}

#[test]
fn rows_no_hewn_writes_are_named_by_check_and_left_out_by_opening() {
    let crate_row = |ordinal: i64, x: &str, y: &str| {
        format!("INSERT INTO crates VALUES ({ordinal}, {x}, {y}, 0.5, 1, 1, 1, 0, 0, 0, 1);")
    };
    let cases = [
        (
            crate_row(0, "0.5", "'high'"),
            "table crates row 0: y holds text, not a number",
        ),
        (
            "INSERT INTO updates VALUES (0, 1, 'east', 64, 0);".to_owned(),
            "table updates row 0: x holds text, not an integer",
        ),
        (
            crate_row(0, "0.5", "80") + &crate_row(1, "0.75", "80.5"),
            "table crates row 1: overlaps the crate in row 0",
        ),
        (
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) \
             INSERT INTO crates SELECT i, 0.5 + 2 * i, 80, 0.5, 1, 1, 1, 0, 0, 0, 0 FROM n;"
                .to_owned(),
            "table crates: 1001 crates, more than the 1000 a world may hold",
        ),
    ];
    for (sql, needle) in cases {
        let dir = tempfile::tempdir().expect("temp dir");
        let scratch = tempfile::tempdir().expect("temp dir");
        let path = saved_world(dir.path());
        tamper(&path, &sql);
        let before = files(dir.path());

        let out = check(&path);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{needle}: {said}");
        assert!(said.contains(&format!("damaged row: {needle}")), "{said}");
        assert_eq!(files(dir.path()), before, "{needle}: check changed nothing");

        let out = sim_with_world(&path, scratch.path());
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{needle}: {said}");
        assert!(
            said.contains(&format!("warning: damaged row: {needle}")),
            "{said}"
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let crates = report["crates"].as_array().expect("crates").len();
        assert!(crates <= 1000, "{needle}: {crates} crates ran");
        // The run's save wrote the world as it ran: what was left out is gone, and the
        // world is healthy again.
        let out = check(&path);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    }
}

#[test]
fn stored_chunks_cannot_claim_more_edits_than_a_world_may_hold() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = saved_world(dir.path());
    // Solid stone in the sky of a flat world: each chunk a few hundred bytes, and 32,768
    // edits. One more chunk than the limit holds.
    let blob = encode(&Chunk::filled(Block::STONE));
    let sky = MAX_SAVED_EDITS / hewn_core::world::coords::CHUNK_VOLUME + 1;
    let conn = rusqlite::Connection::open(&path).expect("open with sqlite");
    for i in 0..i32::try_from(sky).expect("small") {
        conn.execute(
            "INSERT INTO chunks VALUES (?1, 7, 0, ?2, ?3)",
            rusqlite::params![100 + i, FORMAT_WIDE, blob],
        )
        .expect("insert");
    }
    conn.close().expect("close");
    let before = files(dir.path());

    let out = check(&path);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    // The stored edit at (3, 64, 3) comes first, so the last two sky chunks are past it.
    for x in [100 + sky - 2, 100 + sky - 1] {
        assert!(
            said.contains(&format!(
                "damaged chunk ({x}, 7, 0): its edits would take the world past the \
                 {MAX_SAVED_EDITS} edited cells"
            )),
            "{said}"
        );
    }
    assert_eq!(files(dir.path()), before, "check changed nothing");

    let (file, loaded) = WorldFile::open_or_create(&path, FLAT).expect("opens");
    assert_eq!(
        loaded.damaged.len(),
        2,
        "the same chunks, reported the same way"
    );
    assert!(loaded.world.edit_count() <= MAX_SAVED_EDITS);
    drop(file);
}
