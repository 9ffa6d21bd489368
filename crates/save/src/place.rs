//! What stands at a world's path, and the lock that keeps a second hewn out of a world.
//!
//! Everything that opens a world looks here first ([`look`]), so `hewn world check`, `info`,
//! `list`, `hewn sim --world` and the game refuse the same things the same way, before `SQLite`
//! is asked to open anything: a FIFO would block its `open` forever, a folder or a dangling
//! symbolic link would be replaced by a new world, a folder named like `SQLite`'s `-shm` file
//! would fail the first save.
//!
//! The lock is an OS lock (`flock`, `LockFileEx`) on the world file itself, so it belongs to
//! the file, not to the name it was reached by: a symbolic link, a hard link or a data folder
//! reached through a link all meet the same lock, and no lock file is ever written beside a
//! world. `SQLite`'s own locks are POSIX record locks, which on Linux are independent of
//! `flock`; but closing *any* descriptor of a file drops every POSIX lock the process holds on
//! it, so this process never opens a second descriptor of a world it has locked (see
//! [`HELD`]) and keeps the lock's descriptor open until the connection has closed.

use std::collections::BTreeSet;
use std::fs::{File, Metadata};
use std::path::Path;
use std::sync::{Mutex, PoisonError};

use super::{SQLITE_SIDE_FILES, SaveError, sqlite_side_file};

/// What is at a world's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// Nothing: a world may be created there.
    Empty,
    /// A regular file (perhaps through a symbolic link), to be opened as a world.
    File,
}

/// Looks at what is at `path` without opening it: nothing, or a regular file whose `SQLite`
/// side files, if any, are regular files too.
///
/// # Errors
/// [`SaveError::NotAFile`] for a folder, FIFO, socket or device at the path or at one of its
/// side files' paths; [`SaveError::DanglingLink`] for a symbolic link to nothing (creating a
/// world there would replace the link); [`SaveError::Io`] if the path cannot be looked at.
pub(super) fn look(path: &Path) -> Result<Place, SaveError> {
    for suffix in SQLITE_SIDE_FILES.iter().chain(&["journal"]) {
        let side = sqlite_side_file(path, suffix);
        if let Some(meta) = stat(&side)? {
            refuse_unless_file(&side, &meta)?;
        }
    }
    let link = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Place::Empty),
        Err(e) => return Err(SaveError::io(path, e)),
    };
    let Some(meta) = stat(path)? else {
        let target = std::fs::read_link(path).unwrap_or_default();
        debug_assert!(
            link.file_type().is_symlink(),
            "only a link can point at nothing"
        );
        return Err(SaveError::DanglingLink {
            path: path.to_owned(),
            target,
        });
    };
    refuse_unless_file(path, &meta)?;
    Ok(Place::File)
}

/// The metadata of what `path` names, following links; `None` if nothing is there (or a
/// link points at nothing).
fn stat(path: &Path) -> Result<Option<Metadata>, SaveError> {
    match std::fs::metadata(path) {
        Ok(meta) => Ok(Some(meta)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(SaveError::io(path, e)),
    }
}

fn refuse_unless_file(path: &Path, meta: &Metadata) -> Result<(), SaveError> {
    if meta.is_file() {
        return Ok(());
    }
    Err(SaveError::NotAFile {
        path: path.to_owned(),
        kind: kind_of(meta),
    })
}

/// What a file that is not a regular file is, in words.
fn kind_of(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// Which file a lock belongs to: its device and inode, the same by every name.
type FileId = (u64, u64);

#[cfg(unix)]
fn file_id(meta: &Metadata) -> FileId {
    use std::os::unix::fs::MetadataExt as _;
    (meta.dev(), meta.ino())
}

#[cfg(not(unix))]
fn file_id(_: &Metadata) -> FileId {
    // No stable file id in std here; every world counts as its own file, and the OS lock
    // (LockFileEx, which does not die on a second handle's close) still keeps hewns apart.
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    (0, NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
}

/// The worlds this process holds locked. A second open of one of them here is refused
/// without opening a descriptor, whose close would drop the POSIX locks `SQLite` holds on it.
static HELD: Mutex<BTreeSet<FileId>> = Mutex::new(BTreeSet::new());

/// An OS lock on a world file, held until dropped; the OS drops it if the process dies.
#[derive(Debug)]
pub(super) struct WorldLock {
    /// The world file, open so that its lock lasts; opened for writing when it can be.
    file: File,
    id: FileId,
    writable: bool,
}

impl WorldLock {
    /// Whether the world file could be opened for writing: a world that cannot is shown by
    /// `hewn world` but refused for play, which would only fail at its first save.
    pub(super) fn writable(&self) -> bool {
        self.writable
    }

    /// The locked file, open.
    pub(super) fn file(&self) -> &File {
        &self.file
    }

    /// Whether `path` names the locked file itself (not a link to it), by device and inode;
    /// where std gives no file id, whether it names a regular file at all.
    pub(super) fn is_at(&self, path: &Path) -> bool {
        let Ok(meta) = std::fs::symlink_metadata(path) else {
            return false;
        };
        #[cfg(unix)]
        return meta.is_file() && file_id(&meta) == self.id;
        #[cfg(not(unix))]
        meta.is_file()
    }
}

impl Drop for WorldLock {
    fn drop(&mut self) {
        HELD.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.id);
    }
}

/// The outcome of asking for a world's lock.
#[derive(Debug)]
pub(super) enum Claim {
    /// The lock is ours.
    Mine(WorldLock),
    /// Another hewn, or another part of this one, has the world open; `writable` is whether
    /// the file could be opened for writing (as far as can be told without writing it).
    Busy {
        /// Whether the file could be opened for writing.
        writable: bool,
    },
}

/// Takes the lock of the world file at `path`, which [`look`] found to be a regular file.
///
/// # Errors
/// [`SaveError::Locked`] if another hewn has the world open; [`SaveError::NotAFile`] if the
/// file was replaced by something else since; [`SaveError::Io`].
pub(super) fn lock(path: &Path) -> Result<WorldLock, SaveError> {
    match claim(path)? {
        Claim::Mine(lock) => Ok(lock),
        Claim::Busy { .. } => Err(SaveError::Locked {
            path: path.to_owned(),
        }),
    }
}

/// Asks for the lock of the world file at `path`, and says who has it if not us.
///
/// # Errors
/// [`SaveError::NotAFile`] if the path is no regular file (checked before opening, so a FIFO
/// never blocks); [`SaveError::Io`].
pub(super) fn claim(path: &Path) -> Result<Claim, SaveError> {
    let Some(meta) = stat(path)? else {
        return Err(SaveError::io(
            path,
            std::io::Error::from(std::io::ErrorKind::NotFound),
        ));
    };
    refuse_unless_file(path, &meta)?;
    let id = file_id(&meta);
    if HELD
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .contains(&id)
    {
        return Ok(Claim::Busy { writable: true });
    }
    let (file, writable) = open_for_lock(path)?;
    // The name may have been pointed at another file between the look and the open.
    let opened = file.metadata().map_err(|e| SaveError::io(path, e))?;
    refuse_unless_file(path, &opened)?;
    try_lock(file, file_id(&opened), writable, path)
}

/// Takes the lock of `file`, whose id is `id`, for this process.
fn try_lock(file: File, id: FileId, writable: bool, path: &Path) -> Result<Claim, SaveError> {
    // A lock can be held for an instant by a process that never meant to: a child being
    // started by the holder shares its descriptors until it runs its own program (tests
    // that open worlds while starting `hewn` processes meet this). A few short retries wait
    // that out; a world really open elsewhere is still reported within a tenth of a second.
    for attempt in 0..LOCK_TRIES {
        // Spelled out: from Rust 1.89 `File` has an inherent `try_lock` that would win.
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => {
                let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
                if !held.insert(id) {
                    // Another thread of this process locked it through another name just now;
                    // closing `file` here is the hazard HELD exists for, and cannot be helped.
                    return Ok(Claim::Busy { writable });
                }
                return Ok(Claim::Mine(WorldLock { file, id, writable }));
            }
            Err(fs4::TryLockError::WouldBlock) if attempt + 1 < LOCK_TRIES => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(fs4::TryLockError::WouldBlock) => break,
            Err(fs4::TryLockError::Error(e)) => return Err(SaveError::io(path, e)),
        }
    }
    Ok(Claim::Busy { writable })
}

/// Makes `path` a new, empty file, opened for reading and writing, and takes its lock. It
/// is created only if nothing is there (`O_EXCL`: a symbolic link is never followed, so
/// nothing elsewhere is written through it); what is there is cleared first if it is left
/// over from a hewn that stopped part-way (a regular file whose lock nobody holds, or a
/// link), and reported as [`SaveError::Locked`] if another hewn holds it.
///
/// # Errors
/// [`SaveError::Locked`]; [`SaveError::NotAFile`] for a folder or anything else at the path;
/// [`SaveError::Io`].
pub(super) fn create_locked(path: &Path) -> Result<WorldLock, SaveError> {
    let create = || {
        File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(path)
    };
    let file = match create() {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            let there = std::fs::symlink_metadata(path).map_err(|e| SaveError::io(path, e))?;
            if there.is_file() {
                // Held while it is removed, so a hewn creating it now is never cleared away.
                let _stale = lock(path)?;
                std::fs::remove_file(path).map_err(|e| SaveError::io(path, e))?;
            } else if there.file_type().is_symlink() {
                std::fs::remove_file(path).map_err(|e| SaveError::io(path, e))?;
            } else {
                refuse_unless_file(path, &there)?;
            }
            create().map_err(|e| match e.kind() {
                // Another hewn made it in the instant since.
                std::io::ErrorKind::AlreadyExists => SaveError::Locked {
                    path: path.to_owned(),
                },
                _ => SaveError::io(path, e),
            })?
        }
        created => created.map_err(|e| SaveError::io(path, e))?,
    };
    let meta = file.metadata().map_err(|e| SaveError::io(path, e))?;
    match try_lock(file, file_id(&meta), true, path)? {
        Claim::Mine(lock) => Ok(lock),
        Claim::Busy { .. } => Err(SaveError::Locked {
            path: path.to_owned(),
        }),
    }
}

/// How many times [`claim`] tries, 20 ms apart, before the world counts as open in another
/// hewn.
const LOCK_TRIES: u32 = 5;

/// Opens the world file to hold its lock: for writing if it may be written (which is how a
/// read-only world is told apart without writing anything), else for reading.
fn open_for_lock(path: &Path) -> Result<(File, bool), SaveError> {
    match File::options().read(true).write(true).open(path) {
        Ok(file) => Ok((file, true)),
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
            ) =>
        {
            let file = File::open(path).map_err(|e| SaveError::io(path, e))?;
            Ok((file, false))
        }
        Err(e) => Err(SaveError::io(path, e)),
    }
}
