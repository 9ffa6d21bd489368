//! Tables built from the blocks in use, once for each registry a process installs.

use std::sync::OnceLock;

use hewn_core::world::block::{MAX_INSTALLS, Registry};

/// A table of `T` built from the registry in use ([`Registry::generation`]), once per
/// registry: looking it up is an atomic load and an index, as looking up a block is.
pub struct PerRegistry<T>([OnceLock<T>; MAX_INSTALLS]);

impl<T> PerRegistry<T> {
    /// No table built yet.
    #[must_use]
    pub const fn new() -> Self {
        Self([const { OnceLock::new() }; MAX_INSTALLS])
    }

    /// The table for the registry in use, built by `build` the first time.
    pub fn get(&self, build: impl FnOnce() -> T) -> &T {
        self.0[Registry::generation()].get_or_init(build)
    }
}

impl<T> Default for PerRegistry<T> {
    fn default() -> Self {
        Self::new()
    }
}
