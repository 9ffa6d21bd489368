//! The worlds in a folder, as a worlds list shows them: listed newest first, created,
//! renamed and deleted by name. `hewn world list` and the title screen call these same
//! functions.
//!
//! A world is `NAME.hewn` with the side files `SQLite` keeps beside it (`-wal`, `-shm`).
//! Renaming and deleting take the world's lock first, so a world open in a running hewn is
//! refused ([`SaveError::Locked`]) instead of being pulled from under it.
//!
//! One rule for names ([`check_world_name`]) holds on the title screen, for `--world NAME`
//! and for `hewn world`: a name is never mistaken for a path ([`super::resolve_world`]), and
//! a file in the folder whose name breaks the rule is listed (escaped) but not playable by
//! name.

use std::path::{Path, PathBuf};

use super::place::{self, Place};
use super::{
    NewWorld, SQLITE_SIDE_FILES, SaveError, WORLD_EXTENSION, WorldFile, WorldSummary,
    has_world_extension, sqlite_side_file, summarize,
};
use hewn_core::sim::hash::fnv1a;
use hewn_core::worldgen::GeneratorKind;

/// The longest world name, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// One world in the list.
#[derive(Debug)]
pub struct WorldEntry {
    /// Its name: the file name without `.hewn`.
    pub name: String,
    /// The world file.
    pub path: PathBuf,
    /// What the file says of itself, or why it cannot be read.
    pub summary: Result<WorldSummary, SaveError>,
}

impl WorldEntry {
    /// When it was last played (saved), or made if never saved, in seconds since the Unix
    /// epoch; `None` for a file that cannot be read.
    #[must_use]
    pub fn last_played(&self) -> Option<i64> {
        self.summary
            .as_ref()
            .ok()
            .map(|s| s.meta.last_saved.max(s.meta.created))
    }
}

/// The worlds in `dir`, most recently played first (then by name); worlds that cannot be
/// read come last, with the reason. A folder that does not exist yet holds no worlds.
///
/// # Errors
/// [`SaveError::Io`] if the folder exists but cannot be read.
pub fn list_worlds(dir: &Path) -> Result<Vec<WorldEntry>, SaveError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(SaveError::io(dir, e)),
    };
    let mut worlds: Vec<WorldEntry> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == WORLD_EXTENSION))
        .filter_map(|path| {
            let name = path.file_stem()?.to_string_lossy().into_owned();
            // A file made outside hewn may hold a name no one could type or print safely:
            // it is listed, but only its path can open it.
            let summary = check_world_name(&name).and_then(|()| summarize(&path));
            Some(WorldEntry {
                name,
                path,
                summary,
            })
        })
        .collect();
    worlds.sort_by(|a, b| {
        // Newest first: `None` (unreadable) sorts below every time.
        b.last_played()
            .cmp(&a.last_played())
            .then_with(|| a.name.cmp(&b.name))
    });
    Ok(worlds)
}

/// Checks that `name` can name a world file in the worlds folder: not empty or blank, at
/// most [`MAX_NAME_CHARS`] characters, no folder separators or control characters (an escape
/// sequence or a newline would reach the terminal of whoever lists the worlds), not starting
/// with a dot (hidden, or `.`/`..`) and not ending in `.hewn` (which would make it a path).
/// The title screen, `--world NAME` and `hewn world` all hold names to this.
///
/// # Errors
/// [`SaveError::BadName`] naming the name.
pub fn check_world_name(name: &str) -> Result<(), SaveError> {
    let bad = name.trim().is_empty()
        || name.chars().count() > MAX_NAME_CHARS
        || name.starts_with('.')
        || has_world_extension(name)
        || name
            .chars()
            .any(|c| c.is_control() || matches!(c, '/' | '\\' | ':'));
    if bad {
        Err(SaveError::BadName(name.to_owned()))
    } else {
        Ok(())
    }
}

/// The seed a "seed" text box means, as in other games of the kind: a whole number is that
/// number (a negative one wraps to its two's complement), any other text is hashed
/// (FNV-1a, so the same words always give the same world), and an empty box is a seed
/// from the clock.
#[must_use]
pub fn seed_from_text(text: &str) -> u64 {
    let text = text.trim();
    if text.is_empty() {
        // Nanoseconds mixed through the same hash: two worlds made a second apart differ.
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        return fnv1a(&nanos.to_le_bytes());
    }
    if let Ok(n) = text.parse::<u64>() {
        return n;
    }
    if let Ok(n) = text.parse::<i64>() {
        // A negative seed names the same bits unsigned, as a saved world's seed reads back.
        return n.cast_unsigned();
    }
    fnv1a(text.as_bytes())
}

fn world_path(dir: &Path, name: &str) -> Result<PathBuf, SaveError> {
    check_world_name(name)?;
    Ok(dir.join(format!("{name}.{WORLD_EXTENSION}")))
}

/// Refuses a name that is taken: by a world, or by anything else, a dangling link included
/// (which a new world would replace).
fn refuse_existing(path: &Path) -> Result<(), SaveError> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(SaveError::io(path, e)),
        Ok(_) => Err(SaveError::AlreadyExists {
            path: path.to_owned(),
        }),
    }
}

/// The world file `name` in `dir`, which must be there (a regular file), locked.
fn locked_world(dir: &Path, name: &str) -> Result<(PathBuf, place::WorldLock), SaveError> {
    let path = world_path(dir, name)?;
    if place::look(&path)? == Place::Empty {
        return Err(SaveError::io(
            &path,
            std::io::Error::from(std::io::ErrorKind::NotFound),
        ));
    }
    let lock = place::lock(&path)?;
    Ok((path, lock))
}

/// Makes a new world called `name` in `dir` with `seed` and `generator`, written to disk
/// and closed, ready to be played. Returns its path.
///
/// # Errors
/// [`SaveError::BadName`], [`SaveError::AlreadyExists`] if a world of that name is there,
/// or the errors of [`WorldFile::open_or_create`].
pub fn create_world(
    dir: &Path,
    name: &str,
    seed: u64,
    generator: GeneratorKind,
) -> Result<PathBuf, SaveError> {
    let path = world_path(dir, name)?;
    refuse_existing(&path)?;
    let request = NewWorld {
        seed: Some(seed),
        generator: Some(generator),
        // A world made now has no player from before names to give a name to.
        player: None,
        packs: None,
    };
    let (file, _) = WorldFile::open_or_create(&path, request)?;
    file.close()?;
    Ok(path)
}

/// Renames the world `from` in `dir` to `to`, side files and all. Returns its new path.
///
/// # Errors
/// [`SaveError::BadName`], [`SaveError::AlreadyExists`] if `to` is taken,
/// [`SaveError::Locked`] if the world is open in a hewn, or [`SaveError::Io`]; a world that
/// is not there is an I/O error naming it.
pub fn rename_world(dir: &Path, from: &str, to: &str) -> Result<PathBuf, SaveError> {
    let new = world_path(dir, to)?;
    let (old, _lock) = locked_world(dir, from)?;
    if old == new {
        return Ok(new);
    }
    refuse_existing(&new)?;
    // With the lock held no hewn has the world open, so SQLite has normally folded its log
    // back and removed the side files; after a crash they hold commits, and move with it.
    let mut moved = Vec::new();
    for suffix in SQLITE_SIDE_FILES {
        let (side, renamed) = (
            sqlite_side_file(&old, suffix),
            sqlite_side_file(&new, suffix),
        );
        if side.exists() {
            if let Err(e) = std::fs::rename(&side, &renamed) {
                undo_renames(&moved);
                return Err(SaveError::io(&side, e));
            }
            moved.push((side, renamed));
        }
    }
    if let Err(e) = std::fs::rename(&old, &new) {
        undo_renames(&moved);
        return Err(SaveError::io(&old, e));
    }
    Ok(new)
}

/// Puts side files back where they were after a rename that could not be finished. Best
/// effort: the error that stopped the rename is what gets reported.
fn undo_renames(moved: &[(PathBuf, PathBuf)]) {
    for (from, to) in moved {
        let _ = std::fs::rename(to, from);
    }
}

/// Deletes the world `name` in `dir`: its file and side files, nothing else.
///
/// # Errors
/// [`SaveError::BadName`], [`SaveError::Locked`] if the world is open in a hewn, or
/// [`SaveError::Io`]; a world that is not there is an I/O error naming it.
pub fn delete_world(dir: &Path, name: &str) -> Result<(), SaveError> {
    let (path, _lock) = locked_world(dir, name)?;
    std::fs::remove_file(&path).map_err(|e| SaveError::io(&path, e))?;
    for suffix in SQLITE_SIDE_FILES {
        let side = sqlite_side_file(&path, suffix);
        match std::fs::remove_file(&side) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(SaveError::io(&side, e)),
        }
    }
    Ok(())
}

/// `bytes` in B, KiB or MiB, as the worlds list shows sizes.
#[must_use]
#[expect(
    clippy::cast_precision_loss,
    reason = "shown to one decimal: no file is large enough to lose a digit of it"
)]
pub fn human_size(bytes: u64) -> String {
    match bytes {
        0..1024 => format!("{bytes} B"),
        1024..1_048_576 => format!("{:.1} KiB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MiB", bytes as f64 / 1_048_576.0),
    }
}

/// Seconds since the Unix epoch as `YYYY-MM-DD HH:MM` in UTC (Howard Hinnant's
/// days-to-civil algorithm, to avoid a date library for one line of output).
#[must_use]
pub fn date_time(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        secs / 3600,
        secs % 3600 / 60
    )
}

#[cfg(test)]
mod tests;
