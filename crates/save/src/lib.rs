//! Worlds on disk: one `SQLite` database per world, saved often, never corrupted.
//!
//! # Format
//! A world file (`NAME.hewn`) holds these tables: `meta` (generator, seed, creation time, the
//! hewn version that made it), `players` (one row per player who has played it, by name:
//! position, velocity, look, flying, collider and hotbar; a save writes those in the world
//! and leaves the others), `chunks` (one row per chunk that differs from what the generator
//! makes: the whole chunk, compressed and checksummed, see [`codec`]), `crates` (one row per
//! crate, in order, all rewritten by every save), `updates` and `falling` (the water and
//! sand cells waiting for an update and the blocks falling, also rewritten whole:
//! [`Motion`]), `survival` (the mode, health, inventories, items and furnaces), and `packs`
//! and `blocks` (the packs the world enables, in order, and the name of every block id it
//! has saved, kept forever so that ids never scramble: [`WorldContent`]). Untouched chunks
//! are never stored; a chunk whose edits are all undone is deleted. On load each stored chunk is compared with a freshly generated one to rebuild the
//! world's edits. The layout's version is `PRAGMA user_version` ([`SCHEMA_VERSION`]); an
//! older world is upgraded when opened, one transaction per version (the one player of a
//! world from before names becomes the player who opens it: [`NewWorld::player`]).
//!
//! # Safety
//! Every save is one `SQLite` transaction in WAL mode with `synchronous = FULL`: a kill or a
//! power cut leaves the file at the last committed save, losing at most the save in flight
//! (see [`WorldFile::save`]). A world is locked while open (an OS lock on the file itself, which
//! dies with the process and is the same by whatever link or name the file is reached: see
//! [`place`]), so two hewns never write one world. Files are inspected read-only, leaving
//! nothing beside them, before anything is written: a foreign file or a world from a newer
//! hewn is refused whole, and a world is upgraded only when it is opened for play.
//! A damaged chunk is reported, regenerated in memory and left in the file as it is.
//!
//! # Layers
//! The simulation never touches files: the game takes a [`Checkpoint`] on its thread (a copy of
//! the changed chunks, microseconds) and an [`Autosaver`] writes it on another. This module
//! may read the clock, for creation and save times only.

// Pedantic, as the data a save holds deserves: every narrowing of what is read or written is
// checked or argued for where it happens.
#![warn(clippy::pedantic)]
#![allow(
    clippy::single_match_else,
    reason = "a match that binds or falls back reads as the two cases it is"
)]

mod autosave;
mod cache;
mod checkpoint;
pub mod cli;
pub mod codec;
mod contents;
mod crates;
mod creatures;
mod file;
mod hotbar;
mod inspect;
mod layout;
mod mod_storage;
mod motion;
mod packs;
mod place;
mod players;
mod rows;
mod schema;
mod survival;
pub mod worlds;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

pub use autosave::{AUTOSAVE_INTERVAL, Autosaver};
pub use cache::{cache_pack, cached_pack, packs_cache_dir};
pub use checkpoint::Checkpoint;
pub use contents::{DamagedChunk, MAX_SAVED_EDITS};
pub use file::{ClaimedWorld, LoadedWorld, NewWorld, SaveStats, WorldFile};
pub use hotbar::{HOTBAR_SLOTS, Hotbar};
pub use inspect::{CheckReport, WorldSummary, check, content, summarize};
pub use mod_storage::ModStorage;
pub use motion::Motion;
pub use packs::{WorldContent, WorldPack, found_packs, packs_dir, packs_in_folder, reload_packs};
pub use players::{MAX_SAVED_PLAYERS, SavedPlayer, SavedPlayers};
pub use rows::DamagedRow;
pub use schema::{APPLICATION_ID, Meta, SCHEMA_VERSION};

use hewn_core::worldgen::GeneratorKind;

/// The file extension of world files.
pub const WORLD_EXTENSION: &str = "hewn";

/// The suffixes of the files `SQLite` keeps beside a world in WAL mode (`w.hewn-wal`).
const SQLITE_SIDE_FILES: [&str; 2] = ["wal", "shm"];

/// The world opened when none is named.
pub const DEFAULT_WORLD: &str = "default";

/// Environment variable that replaces the platform data folder (for tests and portable
/// installs): worlds then live in `$HEWN_DATA_DIR/worlds/`.
pub const DATA_DIR_VAR: &str = "HEWN_DATA_DIR";

/// Why a world could not be opened, read or saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file system refused something.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// `SQLite` failed on a hewn world.
    #[error("{}: database error: {source}", path.display())]
    Database {
        /// The world file.
        path: PathBuf,
        /// What `SQLite` said.
        source: rusqlite::Error,
    },
    /// The file is not an `SQLite` database at all.
    #[error("{} is not a hewn world (not a database); left untouched", path.display())]
    NotADatabase {
        /// The file.
        path: PathBuf,
    },
    /// The file is a database, but not a hewn world.
    #[error("{} is not a hewn world (a database of something else); left untouched", path.display())]
    NotAWorld {
        /// The file.
        path: PathBuf,
    },
    /// The world's tables or columns are not those of its schema version: it was damaged,
    /// or edited by hand.
    #[error(
        "{} is damaged: its tables are not those of a version {version} world ({problem}); \
         left untouched",
        path.display()
    )]
    BadLayout {
        /// The file.
        path: PathBuf,
        /// The schema version the file claims.
        version: i64,
        /// The first difference found.
        problem: String,
    },
    /// The file's pages or header are damaged: `SQLite`'s integrity check finds fault, or the
    /// header's format bytes are not `SQLite`'s.
    #[error("{} is damaged: {problem}; left untouched", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// The world file cannot be written (read-only file, folder or file system).
    #[error("{} cannot be written (it is read-only); left untouched", path.display())]
    ReadOnly {
        /// The file.
        path: PathBuf,
    },
    /// The world was written by a newer hewn whose format this build does not know.
    #[error(
        "{} is from a newer hewn (world format {found}, this hewn knows up to {supported}); \
         update hewn to open it. The file was not changed",
        path.display()
    )]
    NewerVersion {
        /// The file.
        path: PathBuf,
        /// The world's schema version.
        found: i64,
        /// The newest this build knows.
        supported: i64,
    },
    /// Another hewn has the world open (through this name or any other: the lock is the
    /// file's own).
    #[error("{} is open in another hewn; close that one first", path.display())]
    Locked {
        /// The world file.
        path: PathBuf,
    },
    /// Something other than a regular file stands where a world or one of its side files
    /// belongs: a folder, a FIFO (which would block the open forever), a socket, a device.
    #[error("{} is {kind}, not a world file; left untouched", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What is there instead, in words ("a FIFO").
        kind: &'static str,
    },
    /// The world's path is a symbolic link to nothing: creating a world there would replace
    /// the link with a new file.
    #[error(
        "{} is a symbolic link to {}, which does not exist; left untouched",
        path.display(),
        target.display()
    )]
    DanglingLink {
        /// The link.
        path: PathBuf,
        /// Where it points.
        target: PathBuf,
    },
    /// The world's metadata is missing or unreadable.
    #[error("{}: metadata {key:?}: {message}", path.display())]
    BadMeta {
        /// The world file.
        path: PathBuf,
        /// The metadata key.
        key: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// A seed was asked for that is not the world's.
    #[error(
        "{} has seed {world}, not {asked}; a world keeps the seed it was made with",
        path.display()
    )]
    SeedMismatch {
        /// The world file.
        path: PathBuf,
        /// The world's seed.
        world: u64,
        /// The seed asked for.
        asked: u64,
    },
    /// A generator was asked for that is not the world's.
    #[error(
        "{} was made by the {world} generator, not {asked}; a world keeps its generator",
        path.display()
    )]
    GeneratorMismatch {
        /// The world file.
        path: PathBuf,
        /// The world's generator.
        world: GeneratorKind,
        /// The generator asked for.
        asked: GeneratorKind,
    },
    /// A world name that breaks the one rule for names ([`worlds::check_world_name`]).
    #[error(
        "{0:?} is not a world name (1 to 64 characters, no control characters, no / \\ or :, \
         not starting with a dot or ending in .hewn) or a path to a world file (one with a / \
         or ending in .hewn)"
    )]
    BadName(String),
    /// A world was to be made or renamed where one already is.
    #[error("{} already exists; left untouched", path.display())]
    AlreadyExists {
        /// The world file that is there.
        path: PathBuf,
    },
    /// The folder for worlds could not be found (no home folder).
    #[error("cannot find the data folder for worlds; set {DATA_DIR_VAR} or pass a path")]
    NoDataDir,
    /// The world's packs cannot be played: one cannot be read or has a problem, they cannot
    /// play together, or they contradict the world's block table.
    #[error("{}: its packs: {problems}; left untouched", path.display())]
    Content {
        /// The world file, or the pack.
        path: PathBuf,
        /// Every problem, each naming its file, line and key.
        problems: String,
    },
    /// The autosave thread stopped unexpectedly (it panicked).
    #[error("the autosave thread stopped unexpectedly")]
    WriterGone,
}

impl SaveError {
    fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_owned(),
            source,
        }
    }

    fn database(path: &Path, source: rusqlite::Error) -> Self {
        Self::Database {
            path: path.to_owned(),
            source,
        }
    }
}

/// Names the world file in `SQLite`'s errors: `conn.execute(..).db(path)?`.
trait DbResult<T> {
    /// The value, or the error as a [`SaveError::Database`] on `path`.
    fn db(self, path: &Path) -> Result<T, SaveError>;
}

impl<T> DbResult<T> for rusqlite::Result<T> {
    fn db(self, path: &Path) -> Result<T, SaveError> {
        self.map_err(|source| SaveError::database(path, source))
    }
}

/// The folder holding worlds named without a path: `$HEWN_DATA_DIR/worlds`, or the platform
/// data folder's `hewn/worlds` (`~/.local/share/hewn/worlds` on Linux).
///
/// # Errors
/// [`SaveError::NoDataDir`] if there is no home folder to put it in.
pub fn worlds_dir() -> Result<PathBuf, SaveError> {
    Ok(data_dir()?.join("worlds"))
}

/// The data folder: `$HEWN_DATA_DIR`, or the platform's data folder for hewn
/// (`~/.local/share/hewn` on Linux). Worlds, packs and the packs a client fetched live in it.
///
/// # Errors
/// [`SaveError::NoDataDir`] if there is no home folder to put it in.
pub fn data_dir() -> Result<PathBuf, SaveError> {
    if let Some(dir) = std::env::var_os(DATA_DIR_VAR).filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "hewn")
        .map(|dirs| dirs.data_dir().to_path_buf())
        .ok_or(SaveError::NoDataDir)
}

/// Where `--world NAME_OR_PATH` (and a name picked on the title screen) points. Only text that
/// looks like a path, one with a folder separator or ending in `.hewn`, is a path, taken as
/// given; anything else is a world name, held to [`worlds::check_world_name`], and means
/// `NAME.hewn` in [`worlds_dir`] (so "v1.2" is `v1.2.hewn` there, never `./v1.2`).
///
/// # Errors
/// [`SaveError::BadName`] for a name that breaks the rule or a path that names no file (empty,
/// or ending in a separator); [`SaveError::NoDataDir`].
pub fn resolve_world(name_or_path: &str) -> Result<PathBuf, SaveError> {
    if !looks_like_path(name_or_path) {
        worlds::check_world_name(name_or_path)?;
        return Ok(worlds_dir()?.join(format!("{name_or_path}.{WORLD_EXTENSION}")));
    }
    let path = Path::new(name_or_path);
    if name_or_path.ends_with(['/', std::path::MAIN_SEPARATOR]) || path.file_name().is_none() {
        return Err(SaveError::BadName(name_or_path.to_owned()));
    }
    Ok(path.to_owned())
}

/// Whether a world file is at `path` (through a link or not), or nothing is and a world may
/// be created there.
///
/// # Errors
/// What cannot hold a world: [`SaveError::NotAFile`] (a folder, a FIFO, or such a thing in
/// the place of a side file), [`SaveError::DanglingLink`], [`SaveError::Io`].
pub fn world_exists(path: &Path) -> Result<bool, SaveError> {
    Ok(place::look(path)? == place::Place::File)
}

/// Whether command-line text names a world file by path rather than by name.
fn looks_like_path(text: &str) -> bool {
    text.contains(['/', std::path::MAIN_SEPARATOR]) || has_world_extension(text)
}

/// Whether `text` ends in `.hewn`: such text is a path, so no world name may end that way.
fn has_world_extension(text: &str) -> bool {
    text.strip_suffix(WORLD_EXTENSION)
        .is_some_and(|rest| rest.ends_with('.'))
}

/// `text` with every control character escaped (`\n`, `\u{1b}`), for printing names, paths
/// and messages that quote them to a terminal: a name holding an escape sequence must not
/// drive the terminal, nor a newline split a row of `hewn world list`.
#[must_use]
pub fn escaped(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

/// `path` with `.suffix` appended to its file name: `w.hewn` → `w.hewn.lock`.
fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

/// `path` with `SQLite`'s `-suffix` appended to its file name: `w.hewn` → `w.hewn-wal`.
fn sqlite_side_file(path: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push("-");
    name.push(suffix);
    PathBuf::from(name)
}

/// The `-wal` and `-shm` files `SQLite` keeps beside a WAL database that were missing before a
/// world was looked at: even a read-only look makes them, and cannot remove them on close.
/// A world that is refused gets them removed, so refusing it leaves nothing new beside it.
#[derive(Debug)]
struct NewSideFiles {
    missing: Vec<PathBuf>,
}

impl NewSideFiles {
    /// Notes which of the side files of `path` do not exist now.
    fn before_opening(path: &Path) -> Self {
        let missing = SQLITE_SIDE_FILES
            .iter()
            .map(|suffix| sqlite_side_file(path, suffix))
            .filter(|p| !p.exists())
            .collect();
        Self { missing }
    }

    /// Removes the side files that appeared since, unless a log holds data (then `SQLite`
    /// needs it to recover the world, and it stays).
    fn remove_new(&self) {
        for p in &self.missing {
            let is_log = p.as_os_str().to_string_lossy().ends_with("-wal");
            let holds_data = std::fs::metadata(p).is_ok_and(|m| m.len() > 0);
            if !(is_log && holds_data) {
                // Best effort: the refusal being reported matters more than this tidying.
                let _ = std::fs::remove_file(p);
            }
        }
    }
}

#[cfg(test)]
mod tests;
