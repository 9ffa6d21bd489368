//! Checking a pack as the game reads it: its blocks and rules over the base pack's, and the
//! textures its blocks name.

use std::io::Cursor;

use hewn_core::sim::survival::Rules;
use hewn_core::world::RenderKind;
use hewn_core::world::block::{Problem, Problems, Registry};
use image::{ImageFormat, ImageReader};

use super::load::load;
use super::pack::Pack;

/// The files a pack may hold besides `pack.toml` and its textures.
const CONTENT_FILES: [&str; 5] = [
    "blocks.toml",
    "tags.toml",
    "recipes.toml",
    "smelting.toml",
    "food.toml",
];

/// The smallest and the largest side a texture may have, in pixels: 16 × 16, as the base
/// pack's, up to 512 × 512, which the atlas scales down.
const TEXTURE_SIDES: std::ops::RangeInclusive<u32> = 16..=512;

/// What a pack that passed its check holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Blocks it declares.
    pub blocks: usize,
    /// Recipes it declares.
    pub recipes: usize,
    /// Textures it holds.
    pub textures: usize,
}

/// Checks `pack` as a world that enables it alone, over the base pack, would read it: its
/// blocks and rules, and every texture its blocks name (one of its own `textures/NAME.png`,
/// or a base texture).
///
/// # Errors
/// Every problem found, each naming its file, and its line and key where it has them.
pub fn check(pack: &Pack, base_textures: &dyn Fn(&str) -> bool) -> Result<Summary, Problems> {
    let mut problems = Vec::new();
    let mut note = |path: &str, message: String| {
        problems.push(Problem {
            file: pack.file_name(path),
            line: 0,
            key: String::new(),
            message,
        });
    };
    let mut textures = 0;
    for (path, bytes) in &pack.files {
        if let Some(name) = path.strip_prefix("textures/") {
            match texture_side(bytes) {
                Ok(_) if name.strip_suffix(".png").is_some_and(|n| !n.contains('/')) => {
                    textures += 1;
                }
                Ok(_) => note(path, "a texture is textures/NAME.png".to_owned()),
                Err(message) => note(path, message),
            }
        } else if !CONTENT_FILES.contains(&path.as_str()) && !is_notes(path) {
            note(
                path,
                format!("not a file a pack holds: {}", CONTENT_FILES.join(", ")),
            );
        } else if pack.text(path).is_none() {
            note(path, "not UTF-8 text".to_owned());
        }
    }
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    let content = load(std::slice::from_ref(pack))?;
    let registry = &content.registry;
    let base_count = Registry::base().len();
    let blocks_file = pack.file_name("blocks.toml");
    for id in base_count..registry.len() {
        let block = hewn_core::world::Block::new(u16::try_from(id).unwrap_or(u16::MAX));
        let properties = registry.properties(block);
        if properties.render == RenderKind::Invisible {
            continue;
        }
        let faces = &properties.textures;
        for name in [&faces.top, &faces.side, &faces.bottom] {
            let own = pack.files.contains_key(&format!("textures/{name}.png"));
            if !own && !base_textures(name) {
                let message = format!(
                    "{} shows the texture {name}, which is neither textures/{name}.png nor a \
                     base texture",
                    properties.name
                );
                problems.push(Problem {
                    file: blocks_file.clone(),
                    line: 0,
                    key: "block.texture".to_owned(),
                    message,
                });
            }
        }
    }
    let base_recipes = Rules::base().recipes().len();
    let recipes = content.rules.recipes().len() - base_recipes;
    if !problems.is_empty() {
        return Err(Problems(problems));
    }
    Ok(Summary {
        blocks: registry.len() - base_count,
        recipes,
        textures,
    })
}

/// Whether `path` is a pack's notes for people, which the game never reads.
fn is_notes(path: &str) -> bool {
    ["README", "LICENSE", "COPYING"]
        .iter()
        .any(|n| path.starts_with(n) && !path.contains('/'))
}

/// A PNG texture's side, read from its header before any pixel is decoded: square, a power
/// of two from 16 to 512.
fn texture_side(bytes: &[u8]) -> Result<u32, String> {
    let reader = ImageReader::with_format(Cursor::new(bytes), ImageFormat::Png);
    let (w, h) = reader
        .into_dimensions()
        .map_err(|e| format!("not a PNG image: {e}"))?;
    if w != h || !w.is_power_of_two() || !TEXTURE_SIDES.contains(&w) {
        return Err(format!(
            "{w} × {h} pixels, where a texture is square, a power of two from 16 to 512"
        ));
    }
    Ok(w)
}
