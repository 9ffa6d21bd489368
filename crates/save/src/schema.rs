//! The database layout: tables, the schema version and its migrations, and how a file is
//! recognised as a hewn world before anything is written to it.
//!
//! A hewn world carries `PRAGMA application_id = 0x6865776E` ("hewn") and its schema version
//! in `PRAGMA user_version`; both live in the `SQLite` header, so a file is identified with one
//! read-only look and a foreign database is never touched.

#![expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "every upgrade has one signature, `fn(&Transaction, &Upgrade)`, which the list of migrations holds"
)]

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};

use super::{DbResult, SaveError};
use hewn_core::sim::PlayerName;
use hewn_core::sim::time::MORNING;
use hewn_core::worldgen::GeneratorKind;

/// `PRAGMA application_id` of every hewn world: the bytes of "hewn".
pub const APPLICATION_ID: i64 = 0x6865_776E;

/// The schema version this build writes. Bump it with a new entry in [`MIGRATIONS`].
///
/// 1. `meta`, `player`, `chunks`.
/// 2. `crates`.
/// 3. The hotbar holds items, and a crate joins the default one.
/// 4. The world's clock (`meta` key `time`); torches and glowstone join the default hotbar.
/// 5. `updates` and `falling`: flowing water's queue and falling sand.
/// 6. Water to pour joins the default hotbar, in dirt's place.
/// 7. `players`: every player by name, in place of the one row of `player`.
/// 8. `survival`: the mode, and the players' health and inventories, the items lying about
///    and the furnaces.
/// 9. `packs` and `blocks`: the packs a world enables, in order, and the name of each block
///    id it has saved, kept forever so that ids never scramble.
/// 10. `creatures`: the creatures and arrows, and the rules they appear by.
pub const SCHEMA_VERSION: i64 = 11;

/// The first schema version with a `mod_storage` table ([`add_mod_storage`]).
pub(super) const MOD_STORAGE: i64 = 11;

/// The first schema version with a `creatures` table ([`add_creatures`]).
pub(super) const CREATURES: i64 = 10;

/// The first schema version with the `packs` and `blocks` tables ([`keep_content`]).
pub(super) const CONTENT: i64 = 9;

/// The first schema version with a `survival` table ([`add_survival`]).
pub(super) const SURVIVAL: i64 = 8;

/// The first schema version whose players have names ([`name_players`]).
pub(super) const NAMED_PLAYERS: i64 = 7;

/// One step of [`MIGRATIONS`].
type Migration = fn(&Transaction<'_>, &Upgrade<'_>) -> rusqlite::Result<()>;

/// `MIGRATIONS[i]` upgrades a world of schema version `i + 1` to `i + 2`, inside the
/// transaction that also records the new version. New worlds are made at version 1 and run
/// through every step, so each table is defined in exactly one place.
const MIGRATIONS: &[Migration] = &[
    add_crates,
    hand_out_crates,
    start_the_clock,
    set_in_motion,
    hand_out_water,
    name_players,
    add_survival,
    keep_content,
    add_creatures,
    add_mod_storage,
];

/// What a migration may need to know beyond the file: who is opening the world.
#[derive(Clone, Copy, Debug)]
pub(super) struct Upgrade<'a> {
    /// The name the one player of a world from before players had names takes: that of the
    /// player opening it ([`NAMED_PLAYERS`]).
    pub player: &'a PlayerName,
}

/// The tables of schema version 1. Frozen: worlds of every version began as this, so a change
/// to the layout is a new entry in [`MIGRATIONS`], never an edit here.
const CREATE_V1: &str = "
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY NOT NULL,
        value TEXT NOT NULL
    );
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
    CREATE TABLE chunks (
        x      INTEGER NOT NULL,
        y      INTEGER NOT NULL,
        z      INTEGER NOT NULL,
        format INTEGER NOT NULL,
        data   BLOB NOT NULL,
        PRIMARY KEY (x, y, z)
    );
";

/// Version 2: the crates, one row each. `ordinal` keeps the order of the simulation's list,
/// which pushing and the state hash depend on.
fn add_crates(tx: &Transaction<'_>, _: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE crates (
            ordinal   INTEGER PRIMARY KEY,
            x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL,
            sx REAL NOT NULL, sy REAL NOT NULL, sz REAL NOT NULL,
            vx REAL NOT NULL, vy REAL NOT NULL, vz REAL NOT NULL,
            on_ground INTEGER NOT NULL
        );",
    )
}

/// Version 3: hotbars hold items, and the default one ends with a crate. Before, nothing in
/// the game changed the hotbar, so a stored one is the fixed default of the build that wrote
/// it (the game's or the save's, which differed in one slot); those become the new default,
/// keeping the selected slot. The texts are written out, not taken from the code, so this
/// step means the same whatever later defaults become.
fn hand_out_crates(tx: &Transaction<'_>, _: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE player SET hotbar = ?1 WHERE hotbar IN (?2, ?3)",
        params![
            "stone,dirt,grass,planks,cobblestone,log,glass,stone_slab,crate",
            "stone,dirt,grass,planks,cobblestone,log,glass,leaves,stone_slab",
            "stone,dirt,grass,planks,cobblestone,log,glass,sand,stone_slab",
        ],
    )?;
    Ok(())
}

/// Version 4: the world keeps its time of day, and worlds from before open in the morning
/// (tick 6000: a quarter of the way from sunrise to noon). A hotbar that is still version
/// 3's default becomes the one with torches and glowstone, so the light they bring is in
/// reach; a hotbar the player has changed stays as it is.
fn start_the_clock(tx: &Transaction<'_>, _: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT OR IGNORE INTO meta (key, value) VALUES ('time', '6000')",
        [],
    )?;
    tx.execute(
        "UPDATE player SET hotbar = ?1 WHERE hotbar = ?2",
        params![
            "stone,dirt,planks,cobblestone,glass,stone_slab,torch,glowstone,crate",
            "stone,dirt,grass,planks,cobblestone,log,glass,stone_slab,crate",
        ],
    )?;
    Ok(())
}

/// Version 5: the world's own motion — cells waiting for a water or sand update, with the
/// ticks left until they are due, and blocks on their way down, in order. Older worlds had
/// neither, so both start empty.
fn set_in_motion(tx: &Transaction<'_>, _: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE updates (
            ordinal INTEGER PRIMARY KEY,
            delay   INTEGER NOT NULL,
            x INTEGER NOT NULL, y INTEGER NOT NULL, z INTEGER NOT NULL
        );
        CREATE TABLE falling (
            ordinal INTEGER PRIMARY KEY,
            block   INTEGER NOT NULL,
            x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL,
            vy REAL NOT NULL
        );",
    )
}

/// Version 6: water the player can pour. A hotbar that is still version 4's default gets
/// water in dirt's place, so it is in reach; a hotbar the player has changed stays as it is.
fn hand_out_water(tx: &Transaction<'_>, _: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE player SET hotbar = ?1 WHERE hotbar = ?2",
        params![
            "stone,water,planks,cobblestone,glass,stone_slab,torch,glowstone,crate",
            "stone,dirt,planks,cobblestone,glass,stone_slab,torch,glowstone,crate",
        ],
    )?;
    Ok(())
}

/// Version 7: players by name, so a world keeps everyone who has played it. The one player
/// of an older world, with everything it had, becomes the player named in `upgrade`: the
/// player opening the world, who is then the one to resume it (the name in the settings,
/// `player` unless changed). A world saved without a player has no row to move.
fn name_players(tx: &Transaction<'_>, upgrade: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE players (
            name      TEXT PRIMARY KEY NOT NULL,
            x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL,
            vx REAL NOT NULL, vy REAL NOT NULL, vz REAL NOT NULL,
            yaw       REAL NOT NULL,
            pitch     REAL NOT NULL,
            on_ground INTEGER NOT NULL,
            flying    INTEGER NOT NULL,
            collider  TEXT NOT NULL,
            hotbar    TEXT NOT NULL,
            selected  INTEGER NOT NULL
        );",
    )?;
    tx.execute(
        "INSERT INTO players
         (name, x, y, z, vx, vy, vz, yaw, pitch, on_ground, flying, collider, hotbar, selected)
         SELECT ?1, x, y, z, vx, vy, vz, yaw, pitch, on_ground, flying, collider, hotbar, selected
         FROM player",
        [upgrade.player.as_str()],
    )?;
    tx.execute_batch("DROP TABLE player;")
}

/// Version 8: survival's state, one JSON document in one row ([`super::survival`]). Every
/// older world was creative, and has no row until it is saved.
fn add_survival(tx: &Transaction<'_>, _: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE survival (
            id    INTEGER PRIMARY KEY NOT NULL,
            state TEXT NOT NULL
        );",
    )
}

/// Version 10: the creatures ([`super::creatures`]). An older world has none stored; the
/// game opens it with creatures appearing as its columns come near a player.
fn add_creatures(tx: &Transaction<'_>, _: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE creatures (
            id    INTEGER PRIMARY KEY NOT NULL,
            state TEXT NOT NULL
        );",
    )
}

/// Version 11: what the world's mods keep ([`super::mod_storage`]), a row per key.
fn add_mod_storage(tx: &Transaction<'_>, _: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE mod_storage (
            module TEXT NOT NULL,
            key    BLOB NOT NULL,
            value  BLOB NOT NULL,
            PRIMARY KEY (module, key)
        );",
    )
}

/// Version 9: the world's packs and its block table ([`super::packs`]). An older world has
/// no packs, and the base pack's ids, which its table takes when it is next opened.
fn keep_content(tx: &Transaction<'_>, _: &Upgrade<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE packs (
            position INTEGER PRIMARY KEY NOT NULL,
            name     TEXT NOT NULL UNIQUE,
            path     TEXT NOT NULL
        );
        CREATE TABLE blocks (
            id   INTEGER PRIMARY KEY NOT NULL,
            name TEXT NOT NULL UNIQUE
        );",
    )
}

/// The metadata of a world: what it was made with and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meta {
    /// The generator that makes its untouched chunks.
    pub generator: GeneratorKind,
    /// The generator's seed.
    pub seed: u64,
    /// When the world was made, in seconds since the Unix epoch.
    pub created: i64,
    /// The hewn version that made it.
    pub game_version: String,
    /// When it was last saved, in seconds since the Unix epoch (0 if never).
    pub last_saved: i64,
    /// The world's clock when it was last saved, in ticks.
    pub time: u64,
}

/// Checks the header of an open database: a hewn world of a version this build knows.
/// Returns the version; [`super::layout::check_world`] also checks the tables against it.
pub(super) fn check_header(path: &Path, conn: &Connection) -> Result<i64, SaveError> {
    let pragma = |name: &str| {
        conn.pragma_query_value(None, name, |r| r.get::<_, i64>(0))
            .map_err(|e| open_error(path, e))
    };
    if pragma("application_id")? != APPLICATION_ID {
        return Err(SaveError::NotAWorld {
            path: path.to_owned(),
        });
    }
    let version = pragma("user_version")?;
    if version > SCHEMA_VERSION {
        return Err(SaveError::NewerVersion {
            path: path.to_owned(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    if version < 1 {
        return Err(SaveError::NotAWorld {
            path: path.to_owned(),
        });
    }
    Ok(version)
}

/// Sorts an error from opening or first reading a file into "not a database" or other.
pub(super) fn open_error(path: &Path, e: rusqlite::Error) -> SaveError {
    let code = e.sqlite_error_code();
    if code == Some(rusqlite::ErrorCode::NotADatabase) {
        SaveError::NotADatabase {
            path: path.to_owned(),
        }
    } else if code == Some(rusqlite::ErrorCode::ReadOnly) {
        // A world in WAL mode cannot even be read where its folder may not be written:
        // SQLite must make the shared-memory side file beside it.
        SaveError::ReadOnly {
            path: path.to_owned(),
        }
    } else {
        SaveError::database(path, e)
    }
}

/// Writes the tables and metadata of a new world into the empty database `conn`, in one
/// transaction: the version 1 tables, then every migration.
pub(super) fn create(conn: &mut Connection, meta: &Meta) -> rusqlite::Result<()> {
    create_at(conn, meta, SCHEMA_VERSION)
}

/// [`create`], stopping at schema `version` (tests use it to make the worlds older hewns
/// made).
pub(super) fn create_at(conn: &mut Connection, meta: &Meta, version: i64) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    tx.execute_batch(CREATE_V1)?;
    let steps = usize::try_from(version - 1).unwrap_or(0);
    // A new world has no player yet, so no name is given to one.
    let upgrade = Upgrade {
        player: &PlayerName::default(),
    };
    for step in MIGRATIONS.iter().take(steps) {
        step(&tx, &upgrade)?;
    }
    let seed = meta.seed.to_string();
    let created = meta.created.to_string();
    for (key, value) in [
        ("format", "hewn world"),
        ("generator", meta.generator.name()),
        ("seed", seed.as_str()),
        ("created", created.as_str()),
        ("game_version", meta.game_version.as_str()),
        ("last_saved", "0"),
    ] {
        tx.execute(
            "INSERT INTO meta (key, value) VALUES (?1, ?2)",
            params![key, value],
        )?;
    }
    tx.pragma_update(None, "application_id", APPLICATION_ID)?;
    tx.pragma_update(None, "user_version", version.clamp(1, SCHEMA_VERSION))?;
    tx.commit()
}

/// Brings a world of schema version `from` up to [`SCHEMA_VERSION`], one step per
/// transaction, so a crash mid-way leaves a world at some whole version.
pub(super) fn migrate(
    conn: &mut Connection,
    from: i64,
    upgrade: &Upgrade<'_>,
) -> rusqlite::Result<()> {
    for version in from..SCHEMA_VERSION {
        let step = usize::try_from(version - 1)
            .ok()
            .and_then(|i| MIGRATIONS.get(i));
        let Some(step) = step else { break };
        // Immediate: take the write lock before reading anything, so the step cannot fail
        // half-way on a busy database.
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        step(&tx, upgrade)?;
        tx.pragma_update(None, "user_version", version + 1)?;
        tx.commit()?;
    }
    Ok(())
}

/// Reads the metadata of a hewn world.
pub(super) fn read_meta(path: &Path, conn: &Connection) -> Result<Meta, SaveError> {
    let get = |key: &'static str| -> Result<String, SaveError> {
        conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .db(path)?
            .ok_or_else(|| bad_meta(path, key, "missing"))
    };
    let generator = get("generator")?;
    let seed = get("seed")?;
    // Worlds from before the clock (read without upgrading them) have no time yet.
    let time = match get("time") {
        Err(SaveError::BadMeta { .. }) => MORNING.to_string(),
        other => other?,
    };
    let number = |key: &'static str| -> Result<i64, SaveError> {
        let text = get(key)?;
        text.parse()
            .map_err(|_| bad_meta(path, key, &format!("{text:?} is not a number")))
    };
    Ok(Meta {
        generator: generator
            .parse()
            .map_err(|e: hewn_core::worldgen::UnknownGenerator| {
                bad_meta(path, "generator", &e.to_string())
            })?,
        seed: seed
            .parse()
            .map_err(|_| bad_meta(path, "seed", &format!("{seed:?} is not a u64")))?,
        created: number("created")?,
        game_version: get("game_version")?,
        last_saved: number("last_saved")?,
        time: time
            .parse()
            .map_err(|_| bad_meta(path, "time", &format!("{time:?} is not a tick count")))?,
    })
}

fn bad_meta(path: &Path, key: &'static str, message: &str) -> SaveError {
    SaveError::BadMeta {
        path: path.to_owned(),
        key,
        message: message.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_cover_every_version_step() {
        assert_eq!(i64::try_from(MIGRATIONS.len()), Ok(SCHEMA_VERSION - 1));
    }

    fn a_meta() -> Meta {
        Meta {
            generator: GeneratorKind::Flat,
            seed: 5,
            created: 1_700_000_000,
            game_version: "0.1.0".into(),
            last_saved: 0,
            time: hewn_core::sim::time::MORNING,
        }
    }

    fn layout(conn: &Connection) -> Vec<(String, String)> {
        let mut stmt = conn
            .prepare("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
            .unwrap();
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    }

    #[test]
    fn every_old_version_migrates_to_the_layout_of_a_new_world() {
        let mut new = Connection::open_in_memory().unwrap();
        create(&mut new, &a_meta()).unwrap();
        for version in 1..SCHEMA_VERSION {
            let mut old = Connection::open_in_memory().unwrap();
            create_at(&mut old, &a_meta(), version).unwrap();
            assert_eq!(check_header(Path::new("mem"), &old).unwrap(), version);
            let player = PlayerName::default();
            migrate(&mut old, version, &Upgrade { player: &player }).unwrap();
            assert_eq!(
                check_header(Path::new("mem"), &old).unwrap(),
                SCHEMA_VERSION
            );
            assert_eq!(layout(&old), layout(&new), "from version {version}");
        }
    }

    #[test]
    fn seeds_beyond_i64_round_trip() {
        let mut conn = Connection::open_in_memory().unwrap();
        let meta = Meta {
            generator: GeneratorKind::Flat,
            seed: u64::MAX,
            created: 1_700_000_000,
            game_version: "0.1.0".into(),
            last_saved: 0,
            time: hewn_core::sim::time::MORNING,
        };
        create(&mut conn, &meta).unwrap();
        assert_eq!(
            check_header(Path::new("mem"), &conn).unwrap(),
            SCHEMA_VERSION
        );
        assert_eq!(read_meta(Path::new("mem"), &conn).unwrap(), meta);
    }
}
