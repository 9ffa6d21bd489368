//! Looking at world files without opening them for play: what `hewn world list`, `info`
//! and `check` print. Nothing here changes a world's content, and it works on a world that
//! is being played (SQLite's WAL gives readers the last committed save).

use std::path::{Path, PathBuf};

use glam::DVec3;
use rusqlite::{Connection, OpenFlags};

use super::contents::{self, DamagedChunk, read_player};
use super::file::acquire_lock;
use super::layout;
use super::rows::DamagedRow;
use super::schema::{self, Meta};
use super::{DbResult, NewSideFiles, SaveError, sidecar};

/// What `hewn world info` shows about a world.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldSummary {
    /// The world file.
    pub path: PathBuf,
    /// Generator, seed, times and version.
    pub meta: Meta,
    /// Chunks stored (those that differ from what the generator makes).
    pub chunks: u64,
    /// Bytes on disk: the file and its write-ahead log.
    pub size: u64,
    /// Where the player stands, if the world was saved with one.
    pub player: Option<DVec3>,
}

/// What `hewn world check` found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Chunks checked.
    pub chunks: u64,
    /// Why the metadata cannot be read, empty when it can. Opening refuses such a world. (A
    /// file that fails SQLite's integrity check is an error, [`SaveError::Corrupt`], as it is
    /// to opening.)
    pub integrity: Vec<String>,
    /// Chunks that do not decode, or would take the world past its edit limit.
    pub damaged: Vec<DamagedChunk>,
    /// Rows of the crates, updates and falling tables that opening leaves out.
    pub damaged_rows: Vec<DamagedRow>,
    /// Whether the player row is missing-but-expected or unreadable.
    pub player_damaged: bool,
}

impl CheckReport {
    /// Whether the world is entirely healthy.
    #[must_use]
    pub fn is_healthy(&self) -> bool {
        self.integrity.is_empty()
            && self.damaged.is_empty()
            && self.damaged_rows.is_empty()
            && !self.player_damaged
    }
}

/// Reads the summary of the world at `path`.
///
/// # Errors
/// [`SaveError`] if the file is not a readable hewn world.
pub fn summarize(path: &Path) -> Result<WorldSummary, SaveError> {
    let Reader { conn, .. } = &open_for_reading(path)?;
    let meta = schema::read_meta(path, conn)?;
    let chunks: i64 = conn
        .query_row("SELECT count(*) FROM chunks", [], |r| r.get(0))
        .db(path)?;
    let (player, _) = read_player(conn).db(path)?;
    Ok(WorldSummary {
        path: path.to_owned(),
        meta,
        chunks: u64::try_from(chunks).unwrap_or(0),
        size: size_on_disk(path),
        player: player.map(|p| p.position),
    })
}

/// Checks the world at `path`: SQLite's integrity check, then every row read the way
/// opening reads it ([`contents::read`]: chunks decoded and their edits counted, the player,
/// crates, updates and falling blocks held to their limits), so a world this calls healthy
/// opens with nothing left out, and one it calls damaged is refused or opened with the same
/// damage reported.
///
/// # Errors
/// [`SaveError`] if the file is not a hewn world at all, or cannot be read; damage inside a
/// readable world is reported in the [`CheckReport`] instead.
pub fn check(path: &Path) -> Result<CheckReport, SaveError> {
    let Reader { conn, .. } = &open_for_reading(path)?;
    // Opening refuses such a file, in the same words; its rows are not worth reading.
    layout::check_integrity(path, conn)?;
    let mut report = CheckReport::default();
    let meta = match schema::read_meta(path, conn) {
        Ok(meta) => meta,
        Err(e) => {
            report.integrity.push(e.to_string());
            return Ok(report);
        }
    };
    let version = schema::check_header(path, conn)?;
    let contents = contents::read(path, conn, &meta, version)?;
    report.chunks = contents.chunks;
    report.damaged = contents.damage.chunks;
    report.damaged_rows = contents.damage.rows;
    report.player_damaged = contents.damage.player;
    Ok(report)
}

/// Opens a hewn world for reading. If no hewn has it open, the connection is a writable one
/// holding the world's lock: a read-only SQLite connection cannot remove the `-wal` and
/// `-shm` files it makes for a WAL database, and would leave them beside every world listed.
/// It reads only, apart from SQLite folding committed log pages into the file on close.
fn open_for_reading(path: &Path) -> Result<Reader, SaveError> {
    let side_files = NewSideFiles::before_opening(path);
    let reader = open_for_reading_tidily(path);
    if reader.is_err() {
        side_files.remove_new();
    }
    reader
}

/// [`open_for_reading`], which on failure removes the side files it made.
fn open_for_reading_tidily(path: &Path) -> Result<Reader, SaveError> {
    let read_only = layout::open_read_only(path)?;
    let Ok(lock) = acquire_lock(path) else {
        return Ok(Reader {
            conn: read_only,
            _lock: None,
        });
    };
    drop(read_only);
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = layout::connect(path, flags).db(path)?;
    layout::check_world(path, &conn)?;
    Ok(Reader {
        conn,
        _lock: Some(lock),
    })
}

/// A connection for reading and, if it is a writable one, the world's lock. Fields drop in
/// order: the connection closes (tidying its side files) before the lock is released.
struct Reader {
    conn: Connection,
    _lock: Option<std::fs::File>,
}

/// The bytes a world takes on disk: the file plus its write-ahead log, if any.
#[must_use]
pub fn size_on_disk(path: &Path) -> u64 {
    [path.to_owned(), sidecar(path, "wal")]
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum()
}
