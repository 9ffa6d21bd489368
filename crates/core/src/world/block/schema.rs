//! The shape of a pack's `blocks.toml`, as serde reads it: one `[[block]]` table per block,
//! every key but `name` optional with the default `docs/content.md` gives. What the keys
//! mean for the game, and the checks no type can make, are in [`super::load`].

use serde::Deserialize;
use toml::Spanned;

use super::{Sound, Tier, ToolKind};

/// A whole `blocks.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BlocksFile {
    /// The blocks, in the order they take ids.
    #[serde(default)]
    pub block: Vec<BlockEntry>,
    /// Changes to blocks of the packs before (or this one's).
    #[serde(default, rename = "override")]
    pub overrides: Vec<OverrideEntry>,
}

/// One `[[override]]` table: a block's name and the properties given it anew; the others
/// stay as they were.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OverrideEntry {
    pub name: Spanned<String>,
    pub texture: Option<Spanned<String>>,
    pub textures: Option<Spanned<TexturesEntry>>,
    pub sound: Option<Sound>,
    pub emission: Option<Spanned<u8>>,
    pub breakable: Option<bool>,
    pub hardness: Option<Spanned<f64>>,
    pub tool: Option<ToolKind>,
    pub tier: Option<Tier>,
    pub drop: Option<Spanned<String>>,
}

/// One `[[block]]` table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BlockEntry {
    pub name: Spanned<String>,
    pub texture: Option<Spanned<String>>,
    pub textures: Option<Spanned<TexturesEntry>>,
    pub sound: Option<Sound>,
    #[serde(default)]
    pub render: RenderName,
    #[serde(default)]
    pub shape: ShapeName,
    pub points: Option<Side>,
    pub colliders: Option<Spanned<Boxes>>,
    pub outline: Option<Spanned<Boxes>>,
    pub opacity: Option<Spanned<u8>>,
    pub emission: Option<Spanned<u8>>,
    #[serde(default)]
    pub falls: bool,
    pub breakable: Option<bool>,
    #[serde(default)]
    pub replaceable: bool,
    pub holds_plants: Option<bool>,
    #[serde(default)]
    pub rooted: bool,
    pub hardness: Option<Spanned<f64>>,
    pub tool: Option<ToolKind>,
    pub tier: Option<Tier>,
    pub drop: Option<Spanned<String>>,
    pub held_as: Option<Spanned<String>>,
    pub water: Option<Spanned<WaterEntry>>,
    pub crop: Option<Spanned<CropEntry>>,
    pub door: Option<Spanned<DoorEntry>>,
    pub bed: Option<Spanned<BedEntry>>,
}

/// `textures = { top, side, bottom }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TexturesEntry {
    pub top: String,
    pub side: String,
    pub bottom: String,
}

/// `render`.
#[derive(Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum RenderName {
    Invisible,
    #[default]
    Opaque,
    Cutout,
    Translucent,
}

/// `shape`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum ShapeName {
    #[default]
    Cube,
    LowerHalf,
    Cross,
    Inset,
    Boxes,
    Torch,
}

/// A horizontal side: `points`, and the facing of a door or a bed.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Side {
    North,
    East,
    South,
    West,
}

/// `colliders` and `outline`: the whole cell, nothing, or boxes in sixteenths.
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum Boxes {
    Named(BoxesName),
    Sixteenths(Vec<[f64; 6]>),
}

/// The named sets of boxes.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum BoxesName {
    Full,
    None,
}

/// `water = { level = N }` or `water = { falling = true }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct WaterEntry {
    pub level: Option<u8>,
    #[serde(default)]
    pub falling: bool,
}

/// `crop = { stage, next, soil }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CropEntry {
    pub stage: u8,
    pub next: Option<String>,
    pub soil: String,
}

/// `door = { half, facing, open }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DoorEntry {
    pub half: Half,
    pub facing: Side,
    #[serde(default)]
    pub open: bool,
}

/// A door's half.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Half {
    Lower,
    Upper,
}

/// `bed = { part, facing }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BedEntry {
    pub part: BedPart,
    pub facing: Side,
}

/// A bed's half.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum BedPart {
    Foot,
    Head,
}
