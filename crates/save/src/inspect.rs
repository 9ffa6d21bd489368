//! Looking at world files without opening them for play: what `hewn world list`, `info`
//! and `check` print. Nothing here writes: a world no hewn has open is read `immutable`,
//! leaving no `-wal`, `-shm` or lock file beside it, and one being played is read through
//! `SQLite`'s WAL, which gives readers the last committed save.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use glam::DVec3;
use rusqlite::Connection;

use super::contents::{self, DamagedChunk};
use super::layout;
use super::packs::{self, WorldContent, WorldPack};
use super::place::{self, Claim, Place, WorldLock};
use super::players;
use super::rows::DamagedRow;
use super::schema::{self, Meta};
use super::{DbResult, NewSideFiles, SaveError, sidecar};
use hewn_core::sim::PlayerName;

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
    /// Where each saved player stands, by name (damaged rows left out, as opening leaves
    /// them out).
    pub players: BTreeMap<PlayerName, DVec3>,
    /// Whether the players have their own names: false for a world from before names
    /// (schema 6 and older), whose one player is listed as [`PlayerName::DEFAULT`] and takes
    /// the name of whoever next plays the world.
    pub named: bool,
    /// The packs it enables, in order.
    pub packs: Vec<WorldPack>,
    /// How many block ids it has given names: its block table's length (0 for a world not
    /// opened since worlds kept one, whose ids are the base pack's).
    pub block_ids: usize,
}

/// What `hewn world check` found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Chunks checked.
    pub chunks: u64,
    /// Why the metadata cannot be read, empty when it can. Opening refuses such a world. (A
    /// file that fails `SQLite`'s integrity check is an error, [`SaveError::Corrupt`], as it is
    /// to opening.)
    pub integrity: Vec<String>,
    /// Chunks that do not decode, or would take the world past its edit limit.
    pub damaged: Vec<DamagedChunk>,
    /// Rows of the players, crates, updates and falling tables that opening leaves out.
    pub damaged_rows: Vec<DamagedRow>,
    /// Whether the file cannot be written: healthy or not, hewn refuses to play it (it
    /// could never be saved), as `hewn world check` says.
    pub read_only: bool,
    /// The world's packs that were found nowhere: its blocks from them were checked as
    /// unknown blocks.
    pub missing_packs: Vec<WorldPack>,
}

impl CheckReport {
    /// Whether the world is entirely healthy.
    #[must_use]
    pub fn is_healthy(&self) -> bool {
        self.integrity.is_empty() && self.damaged.is_empty() && self.damaged_rows.is_empty()
    }

    /// Whether hewn would play the world: healthy and writable.
    #[must_use]
    pub fn is_playable(&self) -> bool {
        self.is_healthy() && !self.read_only
    }
}

/// Reads the summary of the world at `path`.
///
/// # Errors
/// [`SaveError`] if the file is not a readable hewn world.
pub fn summarize(path: &Path) -> Result<WorldSummary, SaveError> {
    let reader = open_for_reading(path)?;
    let conn = &reader.conn;
    let meta = schema::read_meta(path, conn)?;
    let chunks: i64 = conn
        .query_row("SELECT count(*) FROM chunks", [], |r| r.get(0))
        .db(path)?;
    let version = schema::check_header(path, conn)?;
    let (players, _) = players::read(conn, version).db(path)?;
    let (packs, table) = packs::read(conn, version).db(path)?;
    Ok(WorldSummary {
        path: path.to_owned(),
        meta,
        chunks: u64::try_from(chunks).unwrap_or(0),
        size: size_on_disk(path),
        players: players
            .into_iter()
            .map(|(name, saved)| (name, saved.body.position))
            .collect(),
        named: version >= schema::NAMED_PLAYERS,
        packs,
        block_ids: table.len(),
    })
}

/// Checks the world at `path`: `SQLite`'s integrity check, then every row read the way
/// opening reads it ([`contents::read`]: chunks decoded and their edits counted, the players,
/// crates, updates and falling blocks held to their limits), so a world this calls healthy
/// opens with nothing left out, and one it calls damaged is refused or opened with the same
/// damage reported.
///
/// # Errors
/// [`SaveError`] if the file is not a hewn world at all, or cannot be read; damage inside a
/// readable world is reported in the [`CheckReport`] instead.
pub fn check(path: &Path) -> Result<CheckReport, SaveError> {
    let reader = open_for_reading(path)?;
    let conn = &reader.conn;
    // Opening refuses such a file, in the same words; its rows are not worth reading.
    layout::check_integrity(path, conn)?;
    let mut report = CheckReport {
        read_only: !reader.writable,
        ..CheckReport::default()
    };
    let meta = match schema::read_meta(path, conn) {
        Ok(meta) => meta,
        Err(e) => {
            report.integrity.push(e.to_string());
            return Ok(report);
        }
    };
    let version = schema::check_header(path, conn)?;
    // Its chunks hold its own ids: read them with its packs' blocks, as opening does.
    let saved = packs::read(conn, version).db(path)?;
    let content = packs::gather(path, Some(saved), None)?;
    report.missing_packs = content.install(path)?.missing;
    let contents = contents::read(path, conn, &meta, version)?;
    report.chunks = contents.chunks;
    report.damaged = contents.damage.chunks;
    report.damaged_rows = contents.damage.rows;
    Ok(report)
}

/// The content the world at `path` opens with, read without opening it: its packs (those in
/// `asked` if given, which opening makes its own) at the ids its block table keeps, ready to
/// [install](WorldContent::install_now) before anything that names its blocks is read. A
/// world not made yet has only the packs asked for.
///
/// # Errors
/// [`SaveError`] if the file is not a readable hewn world or is open in another hewn;
/// [`SaveError::Content`] for packs that cannot play.
pub fn content(path: &Path, asked: Option<&[PathBuf]>) -> Result<WorldContent, SaveError> {
    if place::look(path)? == Place::Empty {
        return packs::gather(path, None, asked);
    }
    // Only a world that could be played is worth reading for it: one open in another hewn
    // is refused here, as opening it would be, and its folder left as that hewn keeps it.
    if let Claim::Busy { .. } = place::claim(path)? {
        return Err(SaveError::Locked {
            path: path.to_owned(),
        });
    }
    let reader = open_for_reading(path)?;
    let version = schema::check_header(path, &reader.conn)?;
    let saved = packs::read(&reader.conn, version).db(path)?;
    packs::gather(path, Some(saved), asked)
}

/// Opens a hewn world for reading, after [`place::look`]ing at it (a FIFO is refused, never
/// opened). If no hewn has it open, this process takes its lock for the look and reads it
/// `immutable` ([`layout::open_to_look`]); otherwise through `SQLite`'s WAL, beside the side
/// files the hewn playing it keeps.
fn open_for_reading(path: &Path) -> Result<Reader, SaveError> {
    if place::look(path)? == Place::Empty {
        return Err(SaveError::io(
            path,
            std::io::Error::from(std::io::ErrorKind::NotFound),
        ));
    }
    match place::claim(path)? {
        Claim::Mine(lock) => {
            let side_files = NewSideFiles::before_opening(path);
            match layout::open_to_look(path) {
                Ok(conn) => Ok(Reader {
                    conn,
                    writable: lock.writable(),
                    _tidy: Some(Tidy(side_files)),
                    _lock: Some(lock),
                }),
                Err(e) => {
                    side_files.remove_new();
                    Err(e)
                }
            }
        }
        Claim::Busy { writable } => Ok(Reader {
            conn: layout::open_read_only(path)?,
            writable,
            _tidy: None,
            _lock: None,
        }),
    }
}

/// A read-only connection to a world and, if no other hewn has it open, the world's lock.
/// Fields drop in order: the connection closes, then the side files it made are removed,
/// then the lock is released, so a look leaves the folder as it found it.
struct Reader {
    conn: Connection,
    /// Whether the world file can be written.
    writable: bool,
    _tidy: Option<Tidy>,
    _lock: Option<WorldLock>,
}

/// Removes, when dropped, the side files a look made (only done with the lock held: the side
/// files of a world being played are that hewn's).
struct Tidy(NewSideFiles);

impl Drop for Tidy {
    fn drop(&mut self) {
        self.0.remove_new();
    }
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
