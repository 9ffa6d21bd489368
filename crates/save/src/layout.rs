//! Checking that a world's tables and columns are those of its schema version, so that
//! `hewn world check`, `hewn sim --world` and the game agree on which files they can use:
//! a world whose layout is not its version's (a dropped table, a renamed column, a
//! `user_version` changed by hand) is refused by all of them, before anything is written.
//! Built on [`super::schema`], which knows each version's tables but not how to check them.
//!
//! A world is a file from anywhere, so its content must not be able to run in our process:
//! every connection is opened by [`connect`], which turns off what a schema could make `SQLite`
//! do on its own (triggers, views, functions called from the schema), and a world holding any
//! object hewn's schema does not make is refused, so what is left is plain tables.

use std::path::Path;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags};

use super::schema::{self, Meta};
use super::{DbResult, SaveError};
use hewn_core::worldgen::GeneratorKind;

/// Each table's name with its columns: name, declared type, NOT NULL, place in the key.
type Layout = Vec<(String, Vec<(String, String, bool, i64)>)>;

/// The tables and columns of the database `conn`, sorted by table name.
fn layout(conn: &Connection) -> rusqlite::Result<Layout> {
    let mut tables = conn.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         ORDER BY name",
    )?;
    let names = tables
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut columns =
        conn.prepare("SELECT name, type, \"notnull\", pk FROM pragma_table_info(?1) ORDER BY cid")?;
    names
        .into_iter()
        .map(|table| {
            let cols = columns
                .query_map([&table], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok((table, cols))
        })
        .collect()
}

/// Every schema object other than `SQLite`'s own: type, name, table and its SQL, sorted.
type Objects = Vec<(String, String, String, Option<String>)>;

/// The schema objects of the database `conn`.
fn objects(conn: &Connection) -> rusqlite::Result<Objects> {
    let mut stmt = conn.prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' \
         ORDER BY type, name",
    )?;
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect()
}

/// Opens the database at `path` so that nothing in it can run: no triggers, no views, no
/// functions with side effects called from its schema (`SQLite`'s "trusted schema" off), and
/// no extensions (the `load_extension` SQL function stays off, as `SQLite` starts it, and
/// rusqlite is built without the feature that could turn it on). Defensive mode also
/// refuses `PRAGMA writable_schema` and other ways to break the file through SQL.
///
/// # Errors
/// What `SQLite` says when the file cannot be opened.
pub(super) fn connect(path: impl AsRef<Path>, flags: OpenFlags) -> rusqlite::Result<Connection> {
    let conn = Connection::open_with_flags(path, flags)?;
    harden(&conn)?;
    Ok(conn)
}

/// Turns off on `conn` everything through which a database's content could run code.
fn harden(conn: &Connection) -> rusqlite::Result<()> {
    for (setting, on) in [
        (DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false),
        (DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER, false),
        (DbConfig::SQLITE_DBCONFIG_ENABLE_VIEW, false),
        (DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true),
    ] {
        conn.set_db_config(setting, on)?;
    }
    Ok(())
}

/// What `SQLite`'s integrity check finds wrong with the file, empty when it says "ok". Both
/// `hewn world check` and opening ask it, so a file whose pages or header are damaged is
/// reported by one and refused by the other, never used as it is.
pub(super) fn integrity(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt = conn.prepare("PRAGMA integrity_check")?;
    let messages = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(messages.into_iter().filter(|m| m != "ok").collect())
}

/// Refuses a file in which `SQLite`'s integrity check finds damage ([`integrity`]).
pub(super) fn check_integrity(path: &Path, conn: &Connection) -> Result<(), SaveError> {
    let problems = integrity(conn).db(path)?;
    match problems.first() {
        None => Ok(()),
        Some(first) => Err(SaveError::Corrupt {
            path: path.to_owned(),
            problem: format!(
                "SQLite's integrity check says {first:?}{}",
                match problems.len() - 1 {
                    0 => String::new(),
                    more => format!(" and {more} more"),
                }
            ),
        }),
    }
}

/// Refuses a `SQLite` file whose header's format bytes (offsets 18 and 19: the versions needed
/// to write and to read it) are not `SQLite`'s 1 (rollback journal) or 2 (WAL). `SQLite` opens a
/// file with a higher write version without complaint and refuses only its first write,
/// which would fail the first save after a whole session of play. A file too short for a
/// header or without `SQLite`'s magic string is left for `SQLite` to refuse in its own words.
///
/// Called before any connection to `path` is opened in this process, never while one is:
/// closing this descriptor would drop every POSIX lock the process holds on the file,
/// `SQLite`'s own included, and another process could then take the world's log from under
/// an open connection.
pub(super) fn check_format_bytes(path: &Path) -> Result<(), SaveError> {
    const MAGIC: &[u8; 16] = b"SQLite format 3\0";
    let mut header = [0_u8; 20];
    let read =
        std::fs::File::open(path).and_then(|mut f| std::io::Read::read_exact(&mut f, &mut header));
    match read {
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(()),
        Err(e) => return Err(SaveError::io(path, e)),
        Ok(()) if !header.starts_with(MAGIC) => return Ok(()),
        Ok(()) => {}
    }
    let (write, read) = (header[18], header[19]);
    if [write, read].iter().all(|v| matches!(v, 1 | 2)) {
        Ok(())
    } else {
        Err(SaveError::Corrupt {
            path: path.to_owned(),
            problem: format!(
                "its header gives format versions {write} (write) and {read} (read), \
                 not SQLite's 1 or 2"
            ),
        })
    }
}

/// The layout of a world made at schema `version`.
fn expected(version: i64) -> rusqlite::Result<(Layout, Objects)> {
    let mut conn = Connection::open_in_memory()?;
    let meta = Meta {
        generator: GeneratorKind::Flat,
        seed: 0,
        created: 0,
        game_version: String::new(),
        last_saved: 0,
        time: 0,
    };
    schema::create_at(&mut conn, &meta, version)?;
    Ok((layout(&conn)?, objects(&conn)?))
}

/// Opens `path` read-only and checks that it is a hewn world this build can read, writing
/// nothing (`SQLite` may add the `-wal`/`-shm` side files of a WAL database, never the file).
pub(super) fn open_read_only(path: &Path) -> Result<Connection, SaveError> {
    check_format_bytes(path)?;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = connect(path, flags).map_err(|e| schema::open_error(path, e))?;
    check_world(path, &conn)?;
    Ok(conn)
}

/// Opens `path` read-only, as [`open_read_only`] does, for a world whose lock this process
/// holds (so no hewn is writing it). With no write-ahead log holding commits beside it the
/// file is opened `immutable`: `SQLite` then takes no locks and makes no `-wal` or `-shm`
/// file, so a look leaves the folder exactly as it was. A log with commits (left by a crash)
/// must be read with the file, through an ordinary read-only connection, whose new `-shm`
/// the caller removes ([`super::NewSideFiles`]).
pub(super) fn open_to_look(path: &Path) -> Result<Connection, SaveError> {
    let log = super::sqlite_side_file(path, "wal");
    if std::fs::metadata(&log).is_ok_and(|m| m.len() > 0) {
        return open_read_only(path);
    }
    check_format_bytes(path)?;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let conn = connect(immutable_uri(path), flags).map_err(|e| schema::open_error(path, e))?;
    check_world(path, &conn)?;
    Ok(conn)
}

/// The `file:` URI of `path` with `immutable=1`, every byte outside the unreserved set
/// percent-encoded (a `?` or `#` in a folder name must stay part of the path).
fn immutable_uri(path: &Path) -> String {
    use std::fmt::Write as _;
    let bytes = path.as_os_str().as_encoded_bytes();
    // An absolute path gets an empty authority (`file:///x`), so `//x` stays a path.
    let mut uri = String::from(if path.is_absolute() {
        "file://"
    } else {
        "file:"
    });
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            uri.push(char::from(b));
        } else {
            let _ = write!(uri, "%{b:02X}");
        }
    }
    uri.push_str("?immutable=1");
    uri
}

/// Checks that an open database is a hewn world this build can read: its header names a
/// version this build knows ([`schema::check_header`]) and its tables and columns are that
/// version's. Returns the version. (Its format bytes are checked before it is opened:
/// [`check_format_bytes`].)
pub(super) fn check_world(path: &Path, conn: &Connection) -> Result<i64, SaveError> {
    let version = schema::check_header(path, conn)?;
    check(path, conn, version)?;
    Ok(version)
}

/// Refuses a world whose tables or columns are not those of schema `version`, or that holds
/// any schema object (index, trigger, view, table) other than those of that version exactly
/// as hewn defines them, naming the first difference.
pub(super) fn check(path: &Path, conn: &Connection, version: i64) -> Result<(), SaveError> {
    let (wanted, wanted_objects) = expected(version).db(path)?;
    let found = layout(conn).db(path)?;
    let bad = |problem: String| SaveError::BadLayout {
        path: path.to_owned(),
        version,
        problem,
    };
    for (table, columns) in &wanted {
        let Some((_, have)) = found.iter().find(|(t, _)| t == table) else {
            return Err(bad(format!("table {table:?} is missing")));
        };
        if have != columns {
            let names = |c: &[(String, String, bool, i64)]| {
                c.iter().map(|c| c.0.clone()).collect::<Vec<_>>().join(", ")
            };
            return Err(bad(format!(
                "table {table:?} has columns ({}), not ({})",
                names(have),
                names(columns)
            )));
        }
    }
    if let Some((table, _)) = found
        .iter()
        .find(|(t, _)| !wanted.iter().any(|(w, _)| w == t))
    {
        return Err(bad(format!("table {table:?} does not belong")));
    }
    // The columns match; what is left to differ is a constraint, a default or a collation
    // in a table's SQL, or an object beside the tables: a trigger, a view or an index.
    let found_objects = objects(conn).db(path)?;
    if let Some((kind, name, ..)) = found_objects.iter().find(|o| !wanted_objects.contains(o)) {
        let how = if wanted_objects.iter().any(|w| (&w.0, &w.1) == (kind, name)) {
            "is not defined as hewn defines it"
        } else {
            "does not belong"
        };
        return Err(bad(format!("{kind} {name:?} {how}")));
    }
    if let Some((kind, name, ..)) = wanted_objects.iter().find(|o| !found_objects.contains(o)) {
        return Err(bad(format!("{kind} {name:?} is missing")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_version_has_its_own_layout_and_passes_its_own_check() {
        for version in 1..=schema::SCHEMA_VERSION {
            let (layout, _) = expected(version).expect("layout");
            assert!(layout.iter().any(|(t, _)| t == "chunks"));
            let mut conn = Connection::open_in_memory().expect("db");
            let meta = Meta {
                generator: GeneratorKind::Flat,
                seed: 1,
                created: 1,
                game_version: "x".into(),
                last_saved: 0,
                time: 0,
            };
            schema::create_at(&mut conn, &meta, version).expect("create");
            check(Path::new("mem"), &conn, version).expect("its own layout");
            if version > 1 {
                let error = check(Path::new("mem"), &conn, 1).expect_err("not version 1's");
                assert!(error.to_string().contains("version 1"), "{error}");
            }
        }
    }

    #[test]
    fn a_connection_runs_nothing_the_file_holds() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("w.db");
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE;
        let conn = connect(&path, flags).expect("open");
        let refused = |sql: &str| conn.execute_batch(sql).expect_err(sql).to_string();
        assert!(refused("SELECT load_extension('libm.so.6')").contains("not authorized"));
        assert!(
            refused(
                "PRAGMA writable_schema = ON; CREATE TABLE t (x); \
            UPDATE sqlite_schema SET sql = 'x' WHERE name = 't';"
            )
            .contains("sqlite_")
        );
        // A trigger may be made (the layout check refuses the file), but never fires.
        conn.execute_batch(
            "CREATE TABLE u (x); CREATE TRIGGER boom BEFORE INSERT ON u \
             BEGIN SELECT RAISE(ABORT, 'ran'); END; INSERT INTO u VALUES (1);",
        )
        .expect("the trigger stays off");
    }
}
