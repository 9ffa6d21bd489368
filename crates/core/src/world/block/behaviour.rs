//! What a block does beyond its shape and its light, as its properties name it: the water it
//! is, the crop it grows as, the door or bed half it is, how it is dug, what it drops and how
//! it sounds.

use serde::Deserialize;

use super::Block;
use crate::world::Face;

/// The water a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Water {
    /// A source: still, and never drying up.
    Source,
    /// Flowing water of level 1 to [`MAX_FLOW_LEVEL`](super::MAX_FLOW_LEVEL), one more for
    /// every block it has spread sideways from a source.
    Flowing(u8),
    /// Water falling straight down.
    Falling,
}

/// A crop's place in its growth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crop {
    /// Its stage, 0 when planted.
    pub stage: u8,
    /// What it grows into; `None` once ripe.
    pub next: Option<Block>,
    /// The only block it stands on.
    pub soil: Block,
}

/// One half of a door, as a block holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door {
    /// The upper half (the lower stands on the ground).
    pub upper: bool,
    /// The side of its cell its panel stands against when shut: north, east, south or west.
    pub facing: Face,
    /// Whether it is open.
    pub open: bool,
}

/// One half of a bed, as a block holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bed {
    /// The head (the pillow's half), or the foot.
    pub head: bool,
    /// The way from the foot to the head: north, east, south or west.
    pub facing: Face,
}

/// What breaking a block gives, when it is dug with what harvests it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drop {
    /// The block it is held as.
    Held,
    /// Nothing.
    Nothing,
    /// The item of this name (a block or another item).
    Named(String),
}

/// The material a block sounds as, when stepped on, dug, broken, placed or landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sound {
    /// Hard and bright.
    Stone,
    /// Hollow knocks.
    Wood,
    /// Loose stones grinding.
    Gravel,
    /// Soft soil with a rustle.
    Grass,
    /// A dry hiss.
    Sand,
    /// A muffled squeaking crunch.
    Snow,
    /// A clink, and shards when broken.
    Glass,
    /// A dull, soft thud.
    Wool,
    /// Splashes and strokes.
    Water,
    /// A light rustle.
    Plants,
}

/// What a tool is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolKind {
    /// Stone-like blocks, ores, bricks, sandstone and ice.
    Pickaxe,
    /// Logs, planks and what is made of wood.
    Axe,
    /// Dirt, grass, sand, gravel, clay and snow.
    Shovel,
    /// Tills dirt and grass into farmland; digs nothing faster.
    Hoe,
    /// Strikes creatures harder than a hand; digs nothing faster.
    Sword,
}

/// What a tool is made of, weakest first: the order is the order of strength, so a tier
/// compares as "at least" another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    /// Planks.
    Wood,
    /// Cobblestone.
    Stone,
    /// Iron ingots.
    Iron,
    /// Diamonds.
    Diamond,
}
