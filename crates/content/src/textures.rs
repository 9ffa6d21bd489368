//! Textures: the base pack's, built into the game, and those of the packs a world enables,
//! each a PNG by name. The renderer paints its atlas from them.

use std::collections::BTreeMap;

use hewn_core::world::block::{InstallError, Installed, Problem, Problems};

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

/// What is installed with each world's blocks beside the registry and the rules, slot for
/// slot with the registry's ([`hewn_core::world::block::Registry::generation`]):
/// [`Content::install`] installs all three.
///
/// [`Content::install`]: super::Content::install
struct InPlay {
    /// The content's id ([`super::content_id`]).
    id: String,
    /// The packs' textures.
    textures: Textures,
}

/// The base pack's: its id, and no pack texture.
fn base() -> InPlay {
    let names = hewn_core::world::block::Registry::base().names();
    InPlay {
        id: super::content_id(&[], names),
        textures: Textures::default(),
    }
}

static INSTALLED: Installed<InPlay> = Installed::new();

/// The textures of the packs in play: those installed with the blocks in use.
#[must_use]
pub fn installed_textures() -> &'static Textures {
    &INSTALLED.current(base).textures
}

/// The id of the content in play ([`super::content_id`]): what a client tells a server it
/// has, so that a server with the same sends none.
#[must_use]
pub fn installed_id() -> &'static str {
    &INSTALLED.current(base).id
}

/// Installs `textures` and the content's `id` with the blocks they go with.
pub(super) fn install(id: String, textures: Textures) -> Result<(), InstallError> {
    INSTALLED.install(InPlay { id, textures })
}

/// Makes the base pack's the ones in play again.
pub(super) fn install_base() {
    INSTALLED.install_base(base);
}

/// The textures of `pack` read as a texture pack: a pack of textures only, each replacing
/// the base pack's texture of its name wherever it shows, in any world, as a resource pack
/// does.
///
/// # Errors
/// Every problem: a file that is not a texture, a texture that replaces no base texture,
/// and the problems any pack's files may have.
pub fn texture_pack(pack: &super::Pack) -> Result<Textures, Problems> {
    let mut problems = super::check::files(pack);
    let mut textures = Textures::default();
    for (path, png) in &pack.files {
        let name = path
            .strip_prefix("textures/")
            .and_then(|p| p.strip_suffix(".png"));
        let note = |message: String| Problem {
            file: pack.file_name(path),
            line: 0,
            key: String::new(),
            message,
        };
        match name {
            Some(name) if base_texture(name).is_some() => {
                textures.insert(name.to_owned(), png.clone());
            }
            Some(name) => problems.push(note(format!(
                "{name} is no texture of the base pack's, so this replaces nothing"
            ))),
            None if super::check::is_notes(path) => {}
            None => problems.push(note(
                "a texture pack holds textures only (textures/NAME.png)".to_owned(),
            )),
        }
    }
    if problems.is_empty() {
        Ok(textures)
    } else {
        Err(Problems(problems))
    }
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
