//! An open world file: opening or creating it, loading it into a [`World`], and saving.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OpenFlags, TransactionBehavior, params};

use super::codec;
use super::contents::{self, DamagedChunk};
use super::layout;
use super::motion::Motion;
use super::rows::DamagedRow;
use super::schema::{self, Meta};
use super::snapshot::{Hotbar, Snapshot};
use super::{DbResult, NewSideFiles, SaveError, crates, motion, sidecar};
use crate::physics::Player;
use crate::physics::crates::Crate;
use crate::world::{ChunkPos, World};
use crate::worldgen::{Generator, GeneratorKind};

/// What the caller asks of the world it opens. For a new world these choose how it is made
/// (`None` means seed 0 and the terrain generator); for an existing world a `Some` that
/// differs from what the world was made with is an error, never a silent override.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewWorld {
    /// The seed asked for, if any.
    pub seed: Option<u64>,
    /// The generator asked for, if any.
    pub generator: Option<GeneratorKind>,
}

/// A world as loaded from its file.
#[derive(Debug)]
pub struct LoadedWorld {
    /// The world: its generator and every saved edit. Chunks are not left in memory; the
    /// game loads the ones it needs.
    pub world: World,
    /// The generator the world comes from, shared with the world (and the workers that
    /// generate for it).
    pub generator: Arc<Generator>,
    /// The saved player, or `None` for a world never saved with one, or whose player is
    /// damaged (spawn them).
    pub player: Option<Player>,
    /// Whether the saved player (or hotbar) could not be used: unreadable, non-finite, or
    /// out of range. The caller reports it; the player starts at the spawn point.
    pub player_damaged: bool,
    /// The saved hotbar, or the default one.
    pub hotbar: Hotbar,
    /// The saved crates in their order; empty for a world saved without any (or by a hewn
    /// that did not save crates).
    pub crates: Vec<Crate>,
    /// The saved water queue and falling blocks; empty for a world saved without them.
    pub motion: Motion,
    /// The world's metadata.
    pub meta: Meta,
    /// Whether the file was created just now.
    pub created: bool,
    /// Stored chunks that could not be decoded.
    pub damaged: Vec<DamagedChunk>,
    /// Stored crates, updates and falling blocks left out because no hewn could have
    /// written them (or, for crates, because they break the rules scenario crates keep).
    pub damaged_rows: Vec<DamagedRow>,
}

/// What one save wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SaveStats {
    /// Chunks written.
    pub written: usize,
    /// Chunks deleted because all their edits were undone.
    pub deleted: usize,
    /// Bytes of chunk blobs written.
    pub bytes: usize,
}

/// An open world file, locked against every other hewn until dropped.
#[derive(Debug)]
pub struct WorldFile {
    conn: Connection,
    path: PathBuf,
    /// Held for as long as the world is open; the OS drops it if the process dies.
    _lock: File,
}

impl WorldFile {
    /// Opens the world at `path`, creating it from `request` if there is no file there, and
    /// loads it.
    ///
    /// An existing file is first inspected read-only: a file that is not a database, a
    /// database that is not a hewn world, or a world from a newer hewn is refused before
    /// anything is written.
    ///
    /// # Errors
    /// [`SaveError`]: refused files, a world open in another hewn ([`SaveError::Locked`]), a
    /// request that contradicts the world, or I/O and database failures.
    pub fn open_or_create(
        path: &Path,
        request: NewWorld,
    ) -> Result<(Self, LoadedWorld), SaveError> {
        let side_files = NewSideFiles::before_opening(path);
        let opened = Self::open_or_create_tidily(path, request);
        if opened.is_err() {
            side_files.remove_new();
        }
        opened
    }

    /// [`WorldFile::open_or_create`], which on failure removes the side files it made.
    fn open_or_create_tidily(
        path: &Path,
        request: NewWorld,
    ) -> Result<(Self, LoadedWorld), SaveError> {
        let exists = path.try_exists().map_err(|e| SaveError::io(path, e))?;
        if exists {
            // Everything that can refuse the world is asked before the lock file is made.
            let conn = layout::open_read_only(path)?;
            check_request(path, &schema::read_meta(path, &conn)?, request)?;
            layout::check_integrity(path, &conn)?;
            drop(conn);
            check_writable(path)?;
        } else if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(|e| SaveError::io(dir, e))?;
        }
        let lock = acquire_lock(path)?;
        let created = !path.try_exists().map_err(|e| SaveError::io(path, e))?;
        if created {
            create_file(path, request)?;
        }
        let file = Self::open_locked(path, lock)?;
        let meta = schema::read_meta(path, &file.conn)?;
        check_request(path, &meta, request)?;
        let loaded = file.load(meta, created)?;
        Ok((file, loaded))
    }

    /// Opens the existing world at `path` with its lock held, upgrading its schema if it is
    /// older than this build's.
    fn open_locked(path: &Path, lock: File) -> Result<Self, SaveError> {
        // No SQLITE_OPEN_CREATE: if the file vanished since we looked, fail rather than make
        // an empty database.
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn = layout::connect(path, flags).db(path)?;
        // SQLite quietly opens a file it may not write read-only; saves would then fail.
        if conn.is_readonly(rusqlite::MAIN_DB).db(path)? {
            return Err(SaveError::ReadOnly {
                path: path.to_owned(),
            });
        }
        let version = layout::check_world(path, &conn)?;
        // WAL: a commit appends to the log and never rewrites pages in place, so a kill or a
        // power cut mid-save leaves the last committed state readable. FULL syncs the log on
        // every commit: with NORMAL a power cut may roll back every commit since the last
        // checkpoint, minutes of play, while FULL loses at most the save in flight. The sync
        // happens on the autosave thread, once per 5 s, so it costs no frame.
        conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get::<_, String>(0))
            .db(path)?;
        conn.pragma_update(None, "synchronous", "FULL").db(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .db(path)?;
        schema::migrate(&mut conn, version).db(path)?;
        Ok(Self {
            conn,
            path: path.to_owned(),
            _lock: lock,
        })
    }

    /// The file's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the player, the crates and every stored chunk into a fresh world, the way
    /// `hewn world check` reads them ([`contents::read`]).
    fn load(&self, meta: Meta, created: bool) -> Result<LoadedWorld, SaveError> {
        let contents = contents::read(&self.path, &self.conn, &meta, schema::SCHEMA_VERSION)?;
        let damage = contents.damage;
        Ok(LoadedWorld {
            motion: contents.motion,
            generator: contents.generator,
            world: contents.world,
            player: contents.player,
            player_damaged: damage.player,
            hotbar: contents.hotbar.unwrap_or_default(),
            crates: contents.crates,
            meta,
            created,
            damaged: damage.chunks,
            damaged_rows: damage.rows,
        })
    }

    /// Writes `snapshot` in one transaction: its chunks (or their deletion, for chunks whose
    /// edits were all undone), the player and all the crates. Blocks until the data is on
    /// disk.
    ///
    /// # Errors
    /// [`SaveError::Database`] if the transaction failed; the file then holds the previous
    /// save, whole.
    pub fn save(&mut self, snapshot: &Snapshot) -> Result<SaveStats, SaveError> {
        let path = &self.path;
        // Encode before taking the write lock so the transaction itself is short.
        let blobs: Vec<(ChunkPos, Option<Vec<u8>>)> = snapshot
            .chunks
            .iter()
            .map(|(&pos, state)| (pos, snapshot.resolve(pos, state).map(|c| codec::encode(&c))))
            .collect();
        let mut stats = SaveStats::default();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .db(path)?;
        {
            let mut put = tx
                .prepare_cached(
                    "INSERT OR REPLACE INTO chunks (x, y, z, format, data) VALUES (?1, ?2, ?3, ?4, ?5)",
                )
                .db(path)?;
            let mut delete = tx
                .prepare_cached("DELETE FROM chunks WHERE x = ?1 AND y = ?2 AND z = ?3")
                .db(path)?;
            for (pos, blob) in &blobs {
                match blob {
                    Some(blob) => {
                        put.execute(params![pos.x, pos.y, pos.z, codec::FORMAT_LZ4, blob])
                            .db(path)?;
                        stats.written += 1;
                        stats.bytes += blob.len();
                    }
                    None => {
                        stats.deleted += delete.execute(params![pos.x, pos.y, pos.z]).db(path)?;
                    }
                }
            }
            write_player(&tx, &snapshot.player, &snapshot.hotbar).db(path)?;
            crates::write(&tx, &snapshot.crates).db(path)?;
            if let Some(motion) = &snapshot.motion {
                motion::write(&tx, motion).db(path)?;
            }
            tx.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_saved', ?1)",
                [unix_now().to_string()],
            )
            .db(path)?;
            if let Some(time) = snapshot.time {
                tx.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('time', ?1)",
                    [time.to_string()],
                )
                .db(path)?;
            }
        }
        tx.commit().db(path)?;
        Ok(stats)
    }

    /// Closes the file, folding the write-ahead log into it, and releases the lock.
    ///
    /// # Errors
    /// [`SaveError::Database`] if SQLite could not close cleanly; every committed save is
    /// still in the file (or its log) either way.
    pub fn close(self) -> Result<(), SaveError> {
        let path = self.path;
        self.conn.close().map_err(|(_, e)| e).db(&path)
    }
}

/// Refuses a world file that cannot be opened for writing, before anything runs that would
/// only fail at its first save.
fn check_writable(path: &Path) -> Result<(), SaveError> {
    match File::options().write(true).open(path) {
        Ok(_) => Ok(()),
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
            ) =>
        {
            Err(SaveError::ReadOnly {
                path: path.to_owned(),
            })
        }
        Err(e) => Err(SaveError::io(path, e)),
    }
}

/// Takes the world's lock file, `PATH.lock`, with an OS lock that dies with the process.
/// The file itself stays: deleting it would let two processes lock two different files.
pub(super) fn acquire_lock(path: &Path) -> Result<File, SaveError> {
    let lock_path = sidecar(path, "lock");
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| SaveError::io(&lock_path, e))?;
    // A lock can be held for an instant by a process that never meant to: a child being
    // started by the holder shares its descriptors until it runs its own program (tests
    // that open worlds while starting `hewn` processes meet this). A few short retries wait
    // that out; a world really open elsewhere is still reported within a tenth of a second.
    for attempt in 0..LOCK_TRIES {
        // Spelled out: from Rust 1.89 `File` has an inherent `try_lock` that would win.
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => return Ok(file),
            Err(fs4::TryLockError::WouldBlock) if attempt + 1 < LOCK_TRIES => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(fs4::TryLockError::WouldBlock) => break,
            Err(fs4::TryLockError::Error(e)) => return Err(SaveError::io(&lock_path, e)),
        }
    }
    Err(SaveError::Locked {
        path: path.to_owned(),
        lock: lock_path,
    })
}

/// How many times [`acquire_lock`] tries, 20 ms apart, before the world counts as open in
/// another hewn.
const LOCK_TRIES: u32 = 5;

/// Makes a new world file at `path`, atomically: it is written whole under another name and
/// renamed into place, so a crash leaves either no world or a complete empty one.
fn create_file(path: &Path, request: NewWorld) -> Result<(), SaveError> {
    let temp = sidecar(path, "new");
    for stale in [temp.clone(), sidecar(&temp, "journal")] {
        match fs::remove_file(&stale) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(SaveError::io(&stale, e));
            }
            _ => {}
        }
    }
    let meta = Meta {
        generator: request.generator.unwrap_or_default(),
        seed: request.seed.unwrap_or(0),
        created: unix_now(),
        game_version: env!("CARGO_PKG_VERSION").to_owned(),
        last_saved: 0,
        time: crate::sim::time::MORNING,
    };
    let mut conn = Connection::open(&temp).db(&temp)?;
    conn.pragma_update(None, "synchronous", "FULL").db(&temp)?;
    schema::create(&mut conn, &meta).db(&temp)?;
    conn.close().map_err(|(_, e)| e).db(&temp)?;
    File::open(&temp)
        .and_then(|f| f.sync_all())
        .map_err(|e| SaveError::io(&temp, e))?;
    fs::rename(&temp, path).map_err(|e| SaveError::io(path, e))?;
    sync_parent(path)
}

/// Makes a rename in `path`'s folder durable (on Unix a folder is synced like a file; other
/// systems have no such call and order it themselves).
fn sync_parent(path: &Path) -> Result<(), SaveError> {
    #[cfg(unix)]
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(|e| SaveError::io(dir, e))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

fn check_request(path: &Path, meta: &Meta, request: NewWorld) -> Result<(), SaveError> {
    if let Some(seed) = request.seed.filter(|&s| s != meta.seed) {
        return Err(SaveError::SeedMismatch {
            path: path.to_owned(),
            world: meta.seed,
            asked: seed,
        });
    }
    if let Some(kind) = request.generator.filter(|&k| k != meta.generator) {
        return Err(SaveError::GeneratorMismatch {
            path: path.to_owned(),
            world: meta.generator,
            asked: kind,
        });
    }
    Ok(())
}

fn write_player(conn: &Connection, p: &Player, hotbar: &Hotbar) -> rusqlite::Result<()> {
    let numbers = [p.position, p.velocity].map(|v| v.is_finite());
    if !(numbers.iter().all(|&ok| ok) && p.yaw.is_finite() && p.pitch.is_finite()) {
        // SQLite stores NaN as NULL, which the table refuses: that would fail the whole save
        // and lose the chunks with it. Keep the last good player instead.
        log::warn!("not saving a player with non-finite state: {p:?}");
        return Ok(());
    }
    conn.prepare_cached(
        "INSERT OR REPLACE INTO player
         (id, x, y, z, vx, vy, vz, yaw, pitch, on_ground, flying, collider, hotbar, selected)
         VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        p.position.x,
        p.position.y,
        p.position.z,
        p.velocity.x,
        p.velocity.y,
        p.velocity.z,
        p.yaw,
        p.pitch,
        p.on_ground,
        p.flying,
        p.collider.name(),
        hotbar.to_text(),
        hotbar.selected as i64,
    ])?;
    Ok(())
}

/// Seconds since the Unix epoch; 0 if the clock is before it.
pub(super) fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}
