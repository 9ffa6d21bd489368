//! The texture packs a player may choose: the folders and `.zip`s of the packs folder
//! (`$HEWN_DATA_DIR/packs`) that hold textures only, each replacing base textures in every
//! world, as a resource pack does.

use std::sync::Mutex;
use std::time::SystemTime;

use hewn_content::{Pack, Textures};

/// The choices of texture packs found: each file name with its words.
type Choices = Vec<(String, String)>;

/// The texture packs found, kept with the packs folder's time of change until it changes:
/// the settings screen asks every frame.
static FOUND: Mutex<Option<(Option<SystemTime>, Choices)>> = Mutex::new(None);

/// The choices for the setting: none first, then each texture pack in the packs folder by
/// its file name, with its manifest's name and description.
#[must_use]
pub fn choices() -> Choices {
    let dir = hewn_save::packs_dir().ok();
    let changed = dir
        .as_ref()
        .and_then(|d| std::fs::metadata(d).ok())
        .and_then(|m| m.modified().ok());
    let mut found = FOUND
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if found.as_ref().is_none_or(|(when, _)| *when != changed) {
        let packs = texture_packs();
        *found = Some((changed, packs));
    }
    let mut choices = vec![(String::new(), "None".to_owned())];
    choices.extend(found.as_ref().map(|(_, p)| p.clone()).unwrap_or_default());
    choices
}

/// The texture packs in the packs folder, each as its file name and its words.
fn texture_packs() -> Choices {
    hewn_save::packs_in_folder()
        .into_iter()
        .filter(|(_, pack)| hewn_content::texture_pack(pack).is_ok())
        .map(|(file, pack)| {
            let m = &pack.manifest;
            let words = if m.description.is_empty() {
                m.name.clone()
            } else {
                format!("{}: {}", m.name, m.description)
            };
            (file, words)
        })
        .collect()
}

/// The textures of the texture pack called `name` in the packs folder (none for an empty
/// name).
///
/// # Errors
/// Why it cannot be used, in words: not found, or not a texture pack.
pub fn load(name: &str) -> Result<Textures, String> {
    if name.is_empty() {
        return Ok(Textures::default());
    }
    let dir = hewn_save::packs_dir().map_err(|e| e.to_string())?;
    let path = dir.join(name);
    let pack = Pack::read(&path).map_err(|p| p.to_string())?;
    hewn_content::texture_pack(&pack).map_err(|p| p.to_string())
}
