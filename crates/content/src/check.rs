//! Checking a pack as the game reads it: its blocks and rules over the base pack's, and the
//! textures its blocks name.

use std::io::Cursor;

use hewn_core::sim::survival::Rules;
use hewn_core::world::RenderKind;
use hewn_core::world::block::{Problem, Problems, Registry};
use image::{ImageFormat, ImageReader};

use super::load::load;
use super::pack::Pack;
use super::textures::base_texture;

/// The files a pack may hold besides `pack.toml` and its textures.
const CONTENT_FILES: [&str; 6] = [
    "blocks.toml",
    "tags.toml",
    "recipes.toml",
    "smelting.toml",
    "food.toml",
    "creatures.toml",
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
/// files, its blocks and rules, and every texture its blocks name (one of its own
/// `textures/NAME.png`, or a base texture). Opening a world runs the same checks on each
/// of its packs ([`load`]).
///
/// # Errors
/// Every problem found, each naming its file, and its line and key where it has them.
pub fn check(pack: &Pack) -> Result<Summary, Problems> {
    let content = load(std::slice::from_ref(pack))?;
    if let Some(problem) = module_problem(pack) {
        return Err(Problems(vec![problem]));
    }
    let base_recipes = Rules::base().recipes().len();
    Ok(Summary {
        blocks: content.registry.len() - Registry::base().len(),
        recipes: content.rules.recipes().len() - base_recipes,
        textures: pack.texture_names().len(),
    })
}

/// What is wrong with `pack`'s mod, if it names one: its file missing, or a module
/// [`hewn_mods::check`] refuses (an import that is not hewn's, too much memory, a lifecycle
/// export of the wrong type).
#[must_use]
pub fn module_problem(pack: &Pack) -> Option<Problem> {
    let module = pack.manifest.module.as_ref()?;
    let problem = |message: String| Problem {
        file: pack.file_name(module),
        line: 0,
        key: "module".to_owned(),
        message,
    };
    let Some(wasm) = pack.files.get(module) else {
        return Some(problem(
            "pack.toml names it, but the pack has no such file".to_owned(),
        ));
    };
    let engine = hewn_mods::check::engine();
    hewn_mods::check(&engine, wasm)
        .err()
        .map(|refusal| problem(refusal.to_string()))
}

/// The problems of `pack`'s files: a file a pack does not hold, text that is not UTF-8, a
/// texture that is not a PNG of a size a texture may have.
pub(super) fn files(pack: &Pack) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut note = |path: &str, message: String| {
        problems.push(Problem {
            file: pack.file_name(path),
            line: 0,
            key: String::new(),
            message,
        });
    };
    for (path, bytes) in &pack.files {
        if let Some(name) = path.strip_prefix("textures/") {
            match texture_side(bytes) {
                Ok(_) if name.strip_suffix(".png").is_some_and(|n| !n.contains('/')) => {}
                Ok(_) => note(path, "a texture is textures/NAME.png".to_owned()),
                Err(message) => note(path, message),
            }
        } else if pack.manifest.module.as_deref() == Some(path.as_str()) {
            // Checked as a module by `check`.
        } else if !CONTENT_FILES.contains(&path.as_str()) && !is_notes(path) {
            note(
                path,
                format!("not a file a pack holds: {}", CONTENT_FILES.join(", ")),
            );
        } else if pack.text(path).is_none() {
            note(path, "not UTF-8 text".to_owned());
        }
    }
    problems
}

/// The problems of the textures the blocks of `registry` from `first` on name: each must be
/// a pack's own (named `NAMESPACE:NAME` once read) or one of the base pack's. Each problem
/// is noted at `blocks_file` of the pack whose namespace the block carries.
pub(super) fn texture_names(
    registry: &Registry,
    first: usize,
    blocks_file: &dyn Fn(&str) -> String,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    for id in first..registry.len() {
        let block = hewn_core::world::Block::new(u16::try_from(id).unwrap_or(u16::MAX));
        let properties = registry.properties(block);
        if properties.render == RenderKind::Invisible || properties.unknown {
            continue;
        }
        let faces = &properties.textures;
        for name in [&faces.top, &faces.side, &faces.bottom] {
            // A name the pack's own textures hold came back as NAMESPACE:NAME.
            if !name.contains(':') && base_texture(name).is_none() {
                let message = format!(
                    "{} shows the texture {name}, which is neither textures/{name}.png nor a \
                     base texture",
                    properties.name
                );
                let namespace = properties.name.split(':').next().unwrap_or_default();
                problems.push(Problem {
                    file: blocks_file(namespace),
                    line: 0,
                    key: "block.texture".to_owned(),
                    message,
                });
            }
        }
    }
    problems
}

/// Whether `path` is a pack's notes for people, which the game never reads.
pub(super) fn is_notes(path: &str) -> bool {
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
    // Its size is known to be small now: its pixels are read too, so the atlas never meets
    // a texture that does not decode.
    image::load_from_memory_with_format(bytes, ImageFormat::Png)
        .map_err(|e| format!("not a PNG image: {e}"))?;
    Ok(w)
}
