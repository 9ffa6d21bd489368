//! Checking that a world's tables and columns are those of its schema version, so that
//! `hewn world check`, `hewn sim --world` and the game agree on which files they can use:
//! a world whose layout is not its version's (a dropped table, a renamed column, a
//! `user_version` changed by hand) is refused by all of them, before anything is written.
//! Built on [`super::schema`], which knows each version's tables but not how to check them.

use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use super::schema::{self, Meta};
use super::{DbResult, SaveError};
use crate::worldgen::GeneratorKind;

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

/// The layout of a world made at schema `version`.
fn expected(version: i64) -> rusqlite::Result<Layout> {
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
    layout(&conn)
}

/// Opens `path` read-only and checks that it is a hewn world this build can read, writing
/// nothing (SQLite may add the `-wal`/`-shm` side files of a WAL database, never the file).
pub(super) fn open_read_only(path: &Path) -> Result<Connection, SaveError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(|e| schema::open_error(path, e))?;
    check_world(path, &conn)?;
    Ok(conn)
}

/// Opens `path` read-only, as [`open_read_only`] does, for a world whose lock this process
/// holds (so no hewn is writing it). With no write-ahead log holding commits beside it the
/// file is opened `immutable`: SQLite then takes no locks and makes no `-wal` or `-shm`
/// file, so a look leaves the folder exactly as it was. A log with commits (left by a crash)
/// must be read with the file, through an ordinary read-only connection, whose new `-shm`
/// the caller removes ([`super::NewSideFiles`]).
pub(super) fn open_to_look(path: &Path) -> Result<Connection, SaveError> {
    let log = super::sqlite_side_file(path, "wal");
    if std::fs::metadata(&log).is_ok_and(|m| m.len() > 0) {
        return open_read_only(path);
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(immutable_uri(path), flags)
        .map_err(|e| schema::open_error(path, e))?;
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
/// version's. Returns the version.
pub(super) fn check_world(path: &Path, conn: &Connection) -> Result<i64, SaveError> {
    let version = schema::check_header(path, conn)?;
    check(path, conn, version)?;
    Ok(version)
}

/// Refuses a world whose tables or columns are not those of schema `version`, naming the
/// first difference.
pub(super) fn check(path: &Path, conn: &Connection, version: i64) -> Result<(), SaveError> {
    let (found, wanted) = (layout(conn).db(path)?, expected(version).db(path)?);
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
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_version_has_its_own_layout_and_passes_its_own_check() {
        for version in 1..=schema::SCHEMA_VERSION {
            let layout = expected(version).expect("layout");
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
}
