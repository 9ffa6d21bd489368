//! Content installed for the world in play: a fixed number of slots, each filled once, and
//! the one in use, so that reading it is an atomic load and an index with no lock.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many sets of content a process can install in its life (the base pack's is the
/// first): each world opened with packs other than the last one's takes one.
pub const MAX_INSTALLS: usize = 64;

/// Why content could not be installed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "this process has installed {MAX_INSTALLS} sets of content: restart the game to open another"
)]
pub struct InstallError;

/// The installed values of one kind of content (blocks, or rules); slot 0 is the base
/// pack's, made on first use.
pub struct Installed<T> {
    slots: [OnceLock<T>; MAX_INSTALLS],
    /// The slot in use.
    current: AtomicUsize,
    /// The slots taken so far.
    taken: AtomicUsize,
}

impl<T> Installed<T> {
    /// Only the base pack's slot, not yet made.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            slots: [const { OnceLock::new() }; MAX_INSTALLS],
            current: AtomicUsize::new(0),
            taken: AtomicUsize::new(1),
        }
    }

    /// The base pack's value, made by `base` on first use.
    pub fn base(&self, base: impl FnOnce() -> T) -> &T {
        self.slots[0].get_or_init(base)
    }

    /// The value in use.
    pub fn current(&self, base: impl FnOnce() -> T) -> &T {
        let slot = self.current.load(Ordering::Acquire);
        // A slot is filled before it is made current; only the base's fills on first use.
        self.slots[slot].get_or_init(base)
    }

    /// Which slot is in use.
    pub fn generation(&self) -> usize {
        self.current.load(Ordering::Acquire)
    }

    /// Makes the base pack's value, made by `base` if not yet, the one in use again: for a
    /// world with no packs, which takes no slot.
    pub fn install_base(&self, base: impl FnOnce() -> T) {
        self.slots[0].get_or_init(base);
        self.current.store(0, Ordering::Release);
    }

    /// Makes `value` the one in use, in a slot of its own.
    ///
    /// # Errors
    /// [`InstallError`] when every slot is taken.
    pub fn install(&self, value: T) -> Result<(), InstallError> {
        let slot = self.taken.fetch_add(1, Ordering::AcqRel);
        if slot >= MAX_INSTALLS {
            return Err(InstallError);
        }
        // The slot is new, so it is empty.
        let _ = self.slots[slot].set(value);
        self.current.store(slot, Ordering::Release);
        Ok(())
    }
}

impl<T> Default for Installed<T> {
    fn default() -> Self {
        Self::new()
    }
}
