//! An open world file: opening or creating it, loading it into a [`World`], and saving.

use std::fs::{self, File};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OpenFlags, TransactionBehavior, params};

use super::checkpoint::Checkpoint;
use super::codec;
use super::contents::{self, DamagedChunk};
use super::hotbar::Hotbar;
use super::layout;
use super::motion::{self, Motion};
use super::packs::{self, WorldContent, WorldPack};
use super::place::{self, Place, WorldLock};
use super::players::{self, SavedPlayer, SavedPlayers};
use super::rows::DamagedRow;
use super::schema::{self, Meta, Upgrade};
use super::{DbResult, NewSideFiles, SaveError, crates, sidecar};
use hewn_core::physics::crates::Crate;
use hewn_core::sim::creature::{Difficulty, Population};
use hewn_core::sim::survival::{Mode, Survival};
use hewn_core::sim::{PlayerName, spawn};
use hewn_core::world::{ChunkPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind};

/// What the caller asks of the world it opens. For a new world these choose how it is made
/// (`None` means seed 0 and the terrain generator); for an existing world a `Some` that
/// differs from what the world was made with is an error, never a silent override.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewWorld {
    /// The seed asked for, if any.
    pub seed: Option<u64>,
    /// The generator asked for, if any.
    pub generator: Option<GeneratorKind>,
    /// Who opens it: in a world from before players had names, which is upgraded as it
    /// opens, the one player becomes the player of this name, so the one opening it resumes
    /// it. `None` for [`PlayerName::DEFAULT`].
    pub player: Option<PlayerName>,
    /// The packs it enables, in order, each a folder or a `.zip`: for a new world, its packs;
    /// for an existing one, its packs from now on (a pack left out leaves its blocks
    /// standing as unknown blocks, whole again when it returns). `None` for none in a new
    /// world and the world's own in an existing one.
    pub packs: Option<Vec<PathBuf>>,
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
    /// Everyone saved in the world, by name, as they left it. A damaged player's row is
    /// left out (and in [`LoadedWorld::damaged_rows`]): that player starts again at the
    /// spawn point.
    pub players: SavedPlayers,
    /// The saved crates in their order; empty for a world saved without any (or by a hewn
    /// that did not save crates).
    pub crates: Vec<Crate>,
    /// The saved water queue and falling blocks; empty for a world saved without them.
    pub motion: Motion,
    /// The mode and survival's state: creative for a world saved before survival.
    pub survival: Survival,
    /// The creatures as saved; `None` for a world saved without them, which opens with
    /// creatures appearing ([`LoadedWorld::take_creatures`]).
    pub creatures: Option<Population>,
    /// What the world's mods keep, by mod: given back to each when it loads.
    pub mod_storage: super::ModStorage,
    /// The world's metadata.
    pub meta: Meta,
    /// Whether the file was created just now.
    pub created: bool,
    /// Stored chunks that could not be decoded.
    pub damaged: Vec<DamagedChunk>,
    /// Stored players, crates, updates and falling blocks left out because no hewn could
    /// have written them (or because they break the rules a scenario's players and crates
    /// keep).
    pub damaged_rows: Vec<DamagedRow>,
    /// The packs it enables, in order.
    pub packs: Vec<WorldPack>,
    /// Those of [`LoadedWorld::packs`] found nowhere: their blocks stand as unknown blocks
    /// and their recipes are gone until they return.
    pub missing_packs: Vec<WorldPack>,
}

impl LoadedWorld {
    /// Takes the saved state of the player called `name` out of [`LoadedWorld::players`]:
    /// where they left and what they held; `None` for a name the world has not kept.
    pub fn take_player(&mut self, name: &PlayerName) -> Option<SavedPlayer> {
        self.players.remove(name)
    }

    /// Takes how the world is played out of [`LoadedWorld::survival`]: for a world just
    /// created, `requested`, else `new_world`, from its spawn point; an existing world keeps
    /// its own mode, and a different `requested` is logged as unused.
    pub fn take_survival(&mut self, requested: Option<Mode>, new_world: Mode) -> Survival {
        if self.created {
            let mode = requested.unwrap_or(new_world);
            return Survival::new(mode, self.generator.spawn_point());
        }
        if requested.is_some_and(|mode| mode != self.survival.mode) {
            log::warn!(
                "--mode is for a new world: this one is played in {}",
                self.survival.mode.name()
            );
        }
        std::mem::take(&mut self.survival)
    }

    /// Takes the world's creatures out of [`LoadedWorld::creatures`]: as saved, or for a
    /// world saved without them (a new one, or one from before creatures), none yet, with
    /// creatures appearing by themselves at `difficulty`.
    pub fn take_creatures(&mut self, difficulty: Difficulty) -> Population {
        self.creatures
            .take()
            .unwrap_or_else(|| Population::new(true, difficulty))
    }

    /// A player new to the world: standing at its spawn point facing the most open view
    /// ([`spawn::new_player`], which loads the columns around it), with the default hotbar.
    pub fn new_player(&mut self) -> SavedPlayer {
        SavedPlayer {
            body: spawn::new_player(&mut self.world, self.generator.spawn_point()),
            hotbar: Hotbar::default(),
        }
    }
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
    /// The player rows the load left out as damage, which the next save deletes.
    left_out: Vec<DamagedRow>,
    /// Held for as long as the world is open; the OS drops it if the process dies. After
    /// `conn`, so the connection closes first.
    _lock: WorldLock,
}

/// An existing world, checked and locked, with nothing written to it yet: everything that
/// can refuse it has been asked, read-only and leaving no file beside it. The game claims a
/// world before it opens a window and opens it ([`ClaimedWorld::open`], which may upgrade its
/// schema) only once the window is up, so a run that cannot start leaves the file as it was.
#[derive(Debug)]
pub struct ClaimedWorld {
    path: PathBuf,
    request: NewWorld,
    lock: WorldLock,
    /// Its packs, read and checked, installed as it opens.
    content: WorldContent,
}

impl WorldFile {
    /// Opens the world at `path`, creating it from `request` if there is nothing there, and
    /// loads it.
    ///
    /// An existing file is first claimed ([`WorldFile::claim`]): a file that is not a
    /// database, a database that is not a hewn world, or a world from a newer hewn is refused
    /// before anything is written.
    ///
    /// # Errors
    /// [`SaveError`]: refused files, a world open in another hewn ([`SaveError::Locked`]), a
    /// request that contradicts the world, or I/O and database failures.
    pub fn open_or_create(
        path: &Path,
        request: NewWorld,
    ) -> Result<(Self, LoadedWorld), SaveError> {
        match place::look(path)? {
            Place::File => Self::claim(path, request.clone())?.open(),
            Place::Empty => {
                // Read before the file is made, so a pack that cannot play makes no world.
                let content = packs::gather(path, None, request.packs.as_deref())?;
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    fs::create_dir_all(dir).map_err(|e| SaveError::io(dir, e))?;
                }
                let lock = create_file(path, &request)?;
                ClaimedWorld {
                    path: path.to_owned(),
                    request,
                    lock,
                    content,
                }
                .open_as(true)
            }
        }
    }

    /// Claims the existing world at `path` for play: takes its lock and checks, reading only,
    /// that it is a hewn world this build can play, made with what `request` asks, and
    /// writable. Nothing is written, not even `SQLite`'s side files.
    ///
    /// # Errors
    /// [`SaveError::Locked`], [`SaveError::ReadOnly`], the refusals of a foreign, damaged or
    /// newer file or of a request the world contradicts, [`SaveError::NotAFile`] and
    /// [`SaveError::DanglingLink`]; an I/O error naming a world that is not there.
    pub fn claim(path: &Path, request: NewWorld) -> Result<ClaimedWorld, SaveError> {
        if place::look(path)? == Place::Empty {
            return Err(SaveError::io(
                path,
                std::io::Error::from(std::io::ErrorKind::NotFound),
            ));
        }
        let lock = place::lock(path)?;
        let side_files = NewSideFiles::before_opening(path);
        // Integrity first, as `hewn world check` asks it: damaged pages can make the metadata
        // look missing, and both must then name the same fault.
        let looked = layout::open_to_look(path).and_then(|conn| {
            layout::check_integrity(path, &conn)?;
            check_request(path, &schema::read_meta(path, &conn)?, &request)?;
            let version = schema::check_header(path, &conn)?;
            packs::read(&conn, version).db(path)
        });
        side_files.remove_new();
        let content = packs::gather(path, Some(looked?), request.packs.as_deref())?;
        if !lock.writable() {
            return Err(SaveError::ReadOnly {
                path: path.to_owned(),
            });
        }
        Ok(ClaimedWorld {
            path: path.to_owned(),
            request,
            lock,
            content,
        })
    }

    /// Opens the existing world at `path` with its lock held, upgrading its schema if it is
    /// older than this build's (for `player` to resume, if it is from before names).
    fn open_locked(path: &Path, lock: WorldLock, player: &PlayerName) -> Result<Self, SaveError> {
        // No SQLITE_OPEN_CREATE: if the file vanished since we looked, fail rather than make
        // an empty database.
        layout::check_format_bytes(path)?;
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
        schema::migrate(&mut conn, version, &Upgrade { player }).db(path)?;
        Ok(Self {
            conn,
            path: path.to_owned(),
            left_out: Vec::new(),
            _lock: lock,
        })
    }

    /// The file's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records the world's packs and extends its block table with the blocks now in use, in
    /// one transaction.
    fn keep_content(&mut self, installed: &packs::Installed) -> Result<(), SaveError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .db(&self.path)?;
        packs::write(&self.path, &tx, &installed.packs, &installed.kept)?;
        tx.commit().db(&self.path)
    }

    /// Reads the players, the crates and every stored chunk into a fresh world, the way
    /// `hewn world check` reads them ([`contents::read`]), noting the player rows left out
    /// for the next save to delete.
    fn load(&mut self, meta: Meta, created: bool) -> Result<LoadedWorld, SaveError> {
        let contents = contents::read(&self.path, &self.conn, &meta, schema::SCHEMA_VERSION)?;
        let damage = contents.damage;
        self.left_out.clone_from(&damage.rows);
        Ok(LoadedWorld {
            motion: contents.motion,
            survival: contents.survival,
            creatures: contents.creatures,
            mod_storage: contents.mod_storage,
            generator: contents.generator,
            world: contents.world,
            players: contents.players,
            crates: contents.crates,
            meta,
            created,
            damaged: damage.chunks,
            damaged_rows: damage.rows,
            packs: Vec::new(),
            missing_packs: Vec::new(),
        })
    }

    /// Writes `checkpoint` in one transaction: its chunks (or their deletion, for chunks whose
    /// edits were all undone), its players (the others keep their rows; those the load left
    /// out as damage go) and all the crates. Blocks until the data is on disk.
    ///
    /// # Errors
    /// [`SaveError::Database`] if the transaction failed; the file then holds the previous
    /// save, whole.
    pub fn save(&mut self, checkpoint: &Checkpoint) -> Result<SaveStats, SaveError> {
        let path = &self.path;
        // Encode before taking the write lock so the transaction itself is short.
        let blobs: Vec<(ChunkPos, Option<Vec<u8>>)> = checkpoint
            .chunks
            .iter()
            .map(|(&pos, state)| {
                (
                    pos,
                    checkpoint.resolve(pos, state).map(|c| codec::encode(&c)),
                )
            })
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
                        put.execute(params![pos.x, pos.y, pos.z, codec::FORMAT_WIDE, blob])
                            .db(path)?;
                        stats.written += 1;
                        stats.bytes += blob.len();
                    }
                    None => {
                        stats.deleted += delete.execute(params![pos.x, pos.y, pos.z]).db(path)?;
                    }
                }
            }
            players::drop_left_out(&tx, &self.left_out).db(path)?;
            players::write(&tx, &checkpoint.players).db(path)?;
            crates::write(&tx, &checkpoint.crates).db(path)?;
            if let Some(motion) = &checkpoint.motion {
                motion::write(&tx, motion).db(path)?;
            }
            if let Some(survival) = &checkpoint.survival {
                super::survival::write(&tx, survival).db(path)?;
            }
            if let Some(creatures) = &checkpoint.creatures {
                super::creatures::write(&tx, creatures).db(path)?;
            }
            super::mod_storage::write(&tx, &checkpoint.mod_storage).db(path)?;
            tx.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_saved', ?1)",
                [unix_now().to_string()],
            )
            .db(path)?;
            if let Some(time) = checkpoint.time {
                tx.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('time', ?1)",
                    [time.to_string()],
                )
                .db(path)?;
            }
        }
        tx.commit().db(path)?;
        self.left_out.clear();
        Ok(stats)
    }

    /// Closes the file, folding the write-ahead log into it, and releases the lock.
    ///
    /// # Errors
    /// [`SaveError::Database`] if `SQLite` could not close cleanly; every committed save is
    /// still in the file (or its log) either way.
    pub fn close(self) -> Result<(), SaveError> {
        let path = self.path;
        self.conn.close().map_err(|(_, e)| e).db(&path)
    }
}

impl ClaimedWorld {
    /// The world file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Opens the claimed world, upgrading its schema if it is older than this build's, and
    /// loads it. This is the first write to the file.
    ///
    /// # Errors
    /// [`SaveError`]: the world changed since it was claimed, or I/O and database failures.
    pub fn open(self) -> Result<(WorldFile, LoadedWorld), SaveError> {
        self.open_as(false)
    }

    /// [`ClaimedWorld::open`] of a world `created` just now or not; on failure it removes the
    /// side files it made.
    fn open_as(self, created: bool) -> Result<(WorldFile, LoadedWorld), SaveError> {
        let Self {
            path,
            request,
            lock,
            content,
        } = self;
        let side_files = NewSideFiles::before_opening(&path);
        let player = request.player.clone().unwrap_or_default();
        let opened = WorldFile::open_locked(&path, lock, &player).and_then(|mut file| {
            let meta = schema::read_meta(&path, &file.conn)?;
            check_request(&path, &meta, &request)?;
            // Before any chunk is read: the world's ids mean its own blocks.
            let installed = content.install(&path)?;
            file.keep_content(&installed)?;
            let mut loaded = file.load(meta, created)?;
            loaded.packs = installed.packs;
            loaded.missing_packs = installed.missing;
            Ok((file, loaded))
        });
        if opened.is_err() {
            side_files.remove_new();
        }
        opened
    }
}

/// Makes a new world file at `path`, atomically, and returns its lock: the file is created
/// under another name (only if nothing is there, never through a link), locked, written
/// whole through the descriptor that created it, and only then linked into place (a link,
/// unlike a rename, never replaces what may have appeared at `path` meanwhile). The database
/// is built in memory, so nothing opens the temporary file by name: a process that swaps
/// another file in under that name gets nothing written into it, and a file so swapped is
/// never left at `path` (its device and inode are checked once linked). A crash leaves
/// either no world or a complete empty one.
fn create_file(path: &Path, request: &NewWorld) -> Result<WorldLock, SaveError> {
    let temp = sidecar(path, "new");
    // Locked from the moment it exists, so two hewns creating one world at once never write
    // into each other's file: the second is told the world is open.
    let lock = place::create_locked(&temp)?;
    let meta = Meta {
        generator: request.generator.unwrap_or_default(),
        seed: request.seed.unwrap_or(0),
        created: unix_now(),
        game_version: env!("CARGO_PKG_VERSION").to_owned(),
        last_saved: 0,
        time: hewn_core::sim::time::MORNING,
    };
    let image = empty_world(&meta).db(&temp)?;
    let mut file = lock.file();
    file.write_all(&image)
        .and_then(|()| file.sync_all())
        .map_err(|e| SaveError::io(&temp, e))?;
    match fs::hard_link(&temp, path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            remove_if_ours(&temp, &lock);
            return Err(SaveError::AlreadyExists {
                path: path.to_owned(),
            });
        }
        // A file system without hard links: the rename can only replace a file made in the
        // instant since `path` was found empty.
        Err(_) => fs::rename(&temp, path).map_err(|e| SaveError::io(path, e))?,
    }
    if !lock.is_at(path) {
        // The temporary name was pointed at another file before the link: that file is not
        // ours to leave as a world.
        let _ = fs::remove_file(path);
        return Err(SaveError::io(
            &temp,
            std::io::Error::other("replaced by another file while the world was made"),
        ));
    }
    remove_if_ours(&temp, &lock);
    // A journal beside the new file was left by a world deleted without it (the game
    // killed, then the file alone removed): SQLite would play it into this world. Only now,
    // with the name ours and locked, is nothing else's journal there to lose.
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        match fs::remove_file(&name) {
            Ok(()) => log::warn!(
                "removed {}, left by a world deleted before {} was made",
                Path::new(&name).display(),
                path.display()
            ),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                // The new, empty world is not left to be opened beside that journal.
                let _ = fs::remove_file(path);
                return Err(SaveError::io(Path::new(&name), e));
            }
        }
    }
    sync_parent(path)?;
    Ok(lock)
}

/// An empty world made with `meta`, as the bytes of its database file.
fn empty_world(meta: &Meta) -> rusqlite::Result<Vec<u8>> {
    let mut conn = Connection::open_in_memory()?;
    schema::create(&mut conn, meta)?;
    Ok(conn.serialize("main")?.to_vec())
}

/// Removes the name `temp` if it still names the file `lock` holds (a rename has already
/// taken it; anything else there is not ours).
fn remove_if_ours(temp: &Path, lock: &WorldLock) {
    if lock.is_at(temp) {
        let _ = fs::remove_file(temp);
    }
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

fn check_request(path: &Path, meta: &Meta, request: &NewWorld) -> Result<(), SaveError> {
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

/// Seconds since the Unix epoch; 0 if the clock is before it.
pub(super) fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}
