//! Textures: the base pack's, built into the game, and those of the packs a world enables,
//! each a PNG by name. The renderer paints its atlas from them.

use std::collections::BTreeMap;

use hewn_core::world::block::{InstallError, Installed};

include!(concat!(env!("OUT_DIR"), "/base_textures.rs"));

/// The most textures the packs of one world may hold in all: the atlas keeps this many
/// tiles beyond the base pack's.
pub const MAX_PACK_TEXTURES: usize = 256;

/// The base pack's texture called `name`, as PNG bytes.
#[must_use]
pub fn base_texture(name: &str) -> Option<&'static [u8]> {
    BASE_TEXTURES
        .binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|i| BASE_TEXTURES[i].1)
}

/// The textures of a world's packs, by the name their blocks show them by
/// (`morestone:marble` for `more-stone/textures/marble.png`), as PNG bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Textures(BTreeMap<String, Vec<u8>>);

impl Textures {
    /// The texture called `name`, as PNG bytes.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.0.get(name).map(Vec::as_slice)
    }

    /// How many it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds `png` as the texture called `name`.
    pub(crate) fn insert(&mut self, name: String, png: Vec<u8>) {
        self.0.insert(name, png);
    }

    /// Adds `png` as the texture called `name`, for tests of what is painted from textures.
    #[doc(hidden)]
    pub fn insert_for_test(&mut self, name: &str, png: Vec<u8>) {
        self.0.insert(name.to_owned(), png);
    }
}

/// The textures installed with each world's blocks, slot for slot with the registry's
/// ([`hewn_core::world::block::Registry::generation`]): [`Content::install`] installs both.
///
/// [`Content::install`]: super::Content::install
static INSTALLED: Installed<Textures> = Installed::new();

/// The textures of the packs in play: those installed with the blocks in use.
#[must_use]
pub fn installed_textures() -> &'static Textures {
    INSTALLED.current(Textures::default)
}

/// Installs `textures` with the blocks they are shown on.
pub(super) fn install(textures: Textures) -> Result<(), InstallError> {
    INSTALLED.install(textures)
}

/// Makes the base pack's (no pack texture) the ones in play again.
pub(super) fn install_base() {
    INSTALLED.install_base(Textures::default);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_textures_are_listed_in_name_order_and_found_by_name() {
        assert!(BASE_TEXTURES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(base_texture("stone").is_some_and(|png| png.starts_with(b"\x89PNG")));
        assert!(base_texture("unknown").is_some());
        assert!(base_texture("marble").is_none());
    }
}
