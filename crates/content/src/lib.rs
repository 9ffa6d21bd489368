//! hewn's packs on disk.
//!
//! A pack is a folder: `pack.toml` (its name, version, description and the packs it needs),
//! content files (`blocks.toml`, `tags.toml`, `recipes.toml`, `smelting.toml`, `food.toml`)
//! and textures (`textures/NAME.png`). [`Pack::read_dir`] reads one within bounds: no path
//! out of the folder, no link, no file or pack past its size limit, so a hostile pack is
//! refused in bounded time and memory. [`check`] reads its content as the game would, over
//! the base pack, and gives every problem with its file, line and key.
//!
//! The simulation crates touch no file: this crate reads the bytes and hands them to
//! `hewn-core`'s readers.

mod check;
mod load;
mod pack;
mod textures;
mod wire;

pub use check::{Summary, check};
pub use load::{Content, MAX_CARRIED_BLOCKS, load, load_keeping, order};
pub use pack::{Manifest, Pack};
pub use textures::{
    BASE_TEXTURES, MAX_PACK_TEXTURES, Textures, base_texture, installed_id, installed_textures,
    texture_pack,
};
pub use wire::content_id;
