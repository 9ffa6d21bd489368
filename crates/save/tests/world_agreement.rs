//! `hewn world check` and opening agree on every world, however it is damaged: random bytes
//! changed, rows added or removed (players with bad names or values out of range, past the
//! limits a world may hold, too), schema objects added, column types changed. A world check
//! calls healthy opens with nothing left out; a world it calls damaged is refused by opening,
//! or opened with exactly the damage check named; a file check cannot read is refused by
//! opening with the same kind of error.

use std::path::{Path, PathBuf};

use glam::DVec3;
use hewn_core::physics::Body;
use hewn_core::physics::crates::Crate;
use hewn_core::sim::PlayerName;
use hewn_core::world::{Block, BlockPos};
use hewn_core::worldgen::GeneratorKind;
use hewn_save::{
    Checkpoint, Hotbar, NewWorld, SaveError, SavedPlayer, SavedPlayers, WorldFile, check, summarize,
};
use proptest::prelude::*;

/// Two players, `player` and `bob`, with the default hotbar.
fn two_players() -> SavedPlayers {
    let saved = |x: f64| SavedPlayer {
        body: Body::new(DVec3::new(x, 64.0, 1.5)),
        hotbar: Hotbar::default(),
    };
    let bob = PlayerName::new("bob").expect("a name");
    SavedPlayers::from([(PlayerName::default(), saved(1.5)), (bob, saved(-4.5))])
}

/// A small saved world: a few edits, two players and two crates.
fn saved_world(dir: &Path) -> PathBuf {
    let path = dir.join("w.hewn");
    let request = NewWorld {
        seed: Some(4),
        generator: Some(GeneratorKind::Flat),
        player: None,
        packs: None,
    };
    let (mut file, loaded) = WorldFile::open_or_create(&path, request).expect("set up");
    let mut world = loaded.world;
    for x in 0..3 {
        world.set_block(BlockPos::new(x * 40, 70, 5), Block::PLANKS);
    }
    let crates = [
        Crate::new(DVec3::new(0.5, 80.0, 0.5), DVec3::ONE),
        Crate::new(DVec3::new(3.5, 80.0, 0.5), DVec3::ONE),
    ];
    let checkpoint = Checkpoint::take(&mut world.loader(), two_players(), &crates);
    file.save(&checkpoint).expect("set up");
    file.close().expect("set up");
    path
}

/// One way to damage a world.
#[derive(Clone, Debug)]
enum Damage {
    /// XOR these bytes into the file at these places (fractions of its length).
    Bytes(Vec<(f64, u8)>),
    /// Run this SQL on it, as a user with a database tool would.
    Sql(String),
}

/// Rows added or removed, schema objects added, column types changed.
fn sql() -> impl Strategy<Value = String> {
    let table = prop::sample::select(vec![
        "chunks", "crates", "players", "meta", "updates", "falling",
    ]);
    let column = prop::sample::select(vec![
        "x", "y", "z", "format", "data", "vx", "delay", "name", "collider", "hotbar", "selected",
    ]);
    let value = prop::sample::select(vec![
        "'text'",
        "X'00ff'",
        "NULL",
        "1e300",
        "-1",
        "0",
        "2.5",
        "9223372036854775807",
    ]);
    let number = -3_000.0..3_000.0_f64;
    prop_oneof![
        (table.clone(), 0..3_i64).prop_map(|(t, n)| format!(
            "DELETE FROM {t} WHERE rowid IN (SELECT rowid FROM {t} LIMIT {n} OFFSET 1);"
        )),
        table.clone().prop_map(|t| format!("DELETE FROM {t};")),
        prop::sample::select(vec!["seed", "generator", "created", "time", "format"])
            .prop_map(|k| format!("DELETE FROM meta WHERE key = '{k}';")),
        (table.clone(), column, value.clone()).prop_map(|(t, c, v)| format!(
            "UPDATE OR IGNORE {t} SET {c} = {v} WHERE rowid = (SELECT min(rowid) FROM {t});"
        )),
        (0..60_i64, number.clone(), 0.0..200.0_f64, 0.1..4.0_f64).prop_map(|(o, x, y, s)| {
            format!("INSERT OR REPLACE INTO crates VALUES ({o}, {x}, {y}, 0.5, {s}, {s}, {s}, 0, 0, 0, 0);")
        }),
        (0..10_i64, value.clone()).prop_map(|(o, v)| format!(
            "INSERT OR REPLACE INTO updates VALUES ({o}, 1, {v}, 64, 0);"
        )),
        // Around the thousand falling blocks a world may hold.
        (995..1005_i64).prop_map(|n| format!(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < {n}) \
             INSERT OR REPLACE INTO falling SELECT i, 4, i + 0.5, 90.0, 0.5, 0.0 FROM n;"
        )),
        (-5..5_i64, -2..10_i64, value.clone()).prop_map(|(x, y, v)| format!(
            "INSERT OR REPLACE INTO chunks VALUES ({x}, {y}, 0, 1, {v});"
        )),
        (player_name(), value, number, player_extras()).prop_map(|(n, v, x, (c, h, s))| format!(
            "INSERT OR REPLACE INTO players VALUES ({n}, {x}, {v}, 0.5, 0, 0, 0, 0, 0, 1, 0, \
             {c}, {h}, {s});"
        )),
        // Around the limit: the world holds two players already.
        (9_997..10_001_i64).prop_map(|n| format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n}) \
             INSERT INTO players SELECT printf('m%05d', i), 0.5, 64, 0.5, 0, 0, 0, 0, 0, 1, 0, \
             'box', '{}', 0 FROM n;",
            Hotbar::default().to_text()
        )),
        prop::sample::select(vec![
            "CREATE TRIGGER t AFTER INSERT ON crates BEGIN SELECT 1; END;",
            "CREATE VIEW v AS SELECT * FROM meta;",
            "CREATE INDEX i ON chunks (format);",
            "CREATE TABLE extra (x);",
        ])
        .prop_map(str::to_owned),
        (table, prop::sample::select(vec!["REAL", "INTEGER", "TEXT", "BLOB"])).prop_map(
            |(t, ty)| format!(
                "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = \
                 replace(replace(sql, 'REAL', '{ty}'), 'INTEGER NOT NULL', '{ty} NOT NULL') \
                 WHERE name = '{t}';"
            )
        ),
    ]
}

/// A player's name as a file may hold it: good ones (one already saved), and ones that break
/// the rule or are not text at all.
fn player_name() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "'player'",
        "'bob'",
        "'Zed_9'",
        "''",
        "'a b'",
        "'seventeen_letters'",
        "'caf\u{e9}'",
        "X'00ff'",
        "7",
        "2.5",
    ])
}

/// A stored player's collider, hotbar and selected slot, good or not.
fn player_extras() -> impl Strategy<Value = (&'static str, String, &'static str)> {
    let good = format!("'{}'", Hotbar::default().to_text());
    (
        prop::sample::select(vec!["'box'", "'cylinder'", "'sphere'", "X'00'", "3"]),
        prop::sample::select(vec![good, "'stone'".to_owned(), "'x,,,,,,,,'".to_owned()]),
        prop::sample::select(vec!["0", "8", "9", "-1", "'1'"]),
    )
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        prop::collection::vec((0.0..1.0_f64, 1..=255_u8), 1..4).prop_map(Damage::Bytes),
        prop::collection::vec(sql(), 1..3).prop_map(|s| Damage::Sql(s.concat())),
    ]
}

/// Damages the world at `path`; false if the damage could not be done (`SQLite` refused it).
fn apply(path: &Path, damage: &Damage) -> bool {
    match damage {
        Damage::Bytes(changes) => {
            let mut bytes = std::fs::read(path).expect("read");
            for &(at, xor) in changes {
                #[allow(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "a fraction of a length"
                )]
                let i = ((at * bytes.len() as f64) as usize).min(bytes.len() - 1);
                bytes[i] ^= xor;
            }
            std::fs::write(path, bytes).expect("write");
            true
        }
        Damage::Sql(sql) => {
            let conn = rusqlite::Connection::open(path).expect("open with sqlite");
            let done = conn.execute_batch(sql).is_ok();
            conn.close().expect("close");
            done
        }
    }
}

/// The kind of a refusal, ignoring the details each reader words in its own way.
fn kind(e: &SaveError) -> std::mem::Discriminant<SaveError> {
    std::mem::discriminant(e)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn check_and_opening_agree_on_every_damaged_world(damage in damage()) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = saved_world(dir.path());
        prop_assume!(apply(&path, &damage));
        let checked = check(&path);
        let summary = summarize(&path);
        let opened = WorldFile::open_or_create(&path, NewWorld::default());
        match (&checked, &opened) {
            (Err(c), Err(o)) => prop_assert_eq!(kind(c), kind(o), "check: {}\nopen: {}", c, o),
            (Ok(report), Err(o)) => prop_assert!(
                !report.integrity.is_empty(),
                "check found only {:?}, opening refused: {}", report, o
            ),
            (Err(c), Ok(_)) => prop_assert!(false, "check failed ({}), opening worked", c),
            (Ok(report), Ok((_, loaded))) => {
                prop_assert!(report.integrity.is_empty(), "{:?}", report.integrity);
                prop_assert_eq!(&report.damaged, &loaded.damaged);
                prop_assert_eq!(&report.damaged_rows, &loaded.damaged_rows);
                // The players info lists are those opening resumes.
                let listed = summary.map(|s| s.players.into_keys().collect::<Vec<_>>());
                let resumed = loaded.players.keys().cloned().collect::<Vec<_>>();
                prop_assert_eq!(listed.ok(), Some(resumed));
            }
        }
    }
}
