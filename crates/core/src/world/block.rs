//! Blocks: every kind of block, how it collides, how it is drawn and what it does.
//!
//! A block's properties are data: the base pack's `blocks.toml` declares them and the
//! [`Registry`] reads them, once, into one table that physics, picking, light, the mesher and
//! survival all read ([`Block::properties`]). `docs/content.md` gives the file's keys.

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::Face;
use crate::aabb::Aabb;

/// A kind of block. The discriminant is the block's stable id in saves and hashes: never
/// reorder or reuse one; add new blocks at the end. It travels by that id ([`Block::id`]).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(into = "u8", try_from = "u8")]
#[repr(u8)]
pub enum Block {
    /// Empty space.
    #[default]
    Air = 0,
    /// The common rock of the underground.
    Stone = 1,
    /// Soil under the grass.
    Dirt = 2,
    /// Dirt with grass on top; the surface of plains and hills.
    Grass = 3,
    /// Beaches and sea floors.
    Sand = 4,
    /// Loose stones, found in patches on the sea floor.
    Gravel = 5,
    /// The unbreakable floor of the world at y = 0.
    Bedrock = 6,
    /// A tree trunk.
    Log = 7,
    /// Tree foliage; drawn cut-out so you can see through its gaps.
    Leaves = 8,
    /// Wooden boards, for building.
    Planks = 9,
    /// Rough stone, for building.
    Cobblestone = 10,
    /// Transparent and solid.
    Glass = 11,
    /// Still water: translucent, not solid; you swim in it.
    Water = 12,
    /// The lower half of a block of stone.
    StoneSlab = 13,
    /// A lamp of glowing stone: opaque, and gives off the brightest block light.
    Glowstone = 14,
    /// A torch standing on the block below it.
    Torch = 15,
    /// A torch leaning against the block to its west, pointing east.
    WallTorchEast = 16,
    /// A torch leaning against the block to its east, pointing west.
    WallTorchWest = 17,
    /// A torch leaning against the block to its north, pointing south.
    WallTorchSouth = 18,
    /// A torch leaning against the block to its south, pointing north.
    WallTorchNorth = 19,
    /// Flowing water of level 1, one step from a source ([`super::fluid`]).
    Water1 = 20,
    /// Flowing water of level 2.
    Water2 = 21,
    /// Flowing water of level 3.
    Water3 = 22,
    /// Flowing water of level 4.
    Water4 = 23,
    /// Flowing water of level 5.
    Water5 = 24,
    /// Flowing water of level 6.
    Water6 = 25,
    /// Flowing water of level 7, the weakest: it spreads no further sideways.
    Water7 = 26,
    /// Water falling straight down.
    WaterFalling = 27,
    /// Fired clay bricks in mortar, for building.
    Bricks = 28,
    /// Dressed stone blocks, for building.
    StoneBricks = 29,
    /// Sand pressed into stone: the ground under deserts.
    Sandstone = 30,
    /// Wool dyed white.
    WhiteWool = 31,
    /// Wool dyed orange.
    OrangeWool = 32,
    /// Wool dyed magenta.
    MagentaWool = 33,
    /// Wool dyed light blue.
    LightBlueWool = 34,
    /// Wool dyed yellow.
    YellowWool = 35,
    /// Wool dyed lime.
    LimeWool = 36,
    /// Wool dyed pink.
    PinkWool = 37,
    /// Wool dyed gray.
    GrayWool = 38,
    /// Wool dyed light gray.
    LightGrayWool = 39,
    /// Wool dyed cyan.
    CyanWool = 40,
    /// Wool dyed purple.
    PurpleWool = 41,
    /// Wool dyed blue.
    BlueWool = 42,
    /// Wool dyed brown.
    BrownWool = 43,
    /// Wool dyed green.
    GreenWool = 44,
    /// Wool dyed red.
    RedWool = 45,
    /// Wool dyed black.
    BlackWool = 46,
    /// Packed snow.
    Snow = 47,
    /// Frozen water: solid, and seen through like glass, tinted blue.
    Ice = 48,
    /// Soft grey clay, found under shallow water.
    Clay = 49,
    /// The dark trunk of a spruce.
    SpruceLog = 50,
    /// Dark wooden boards, of spruce.
    SprucePlanks = 51,
    /// The white trunk of a birch.
    BirchLog = 52,
    /// Pale wooden boards, of birch.
    BirchPlanks = 53,
    /// Stone with seams of coal, common underground.
    CoalOre = 54,
    /// Stone with iron ore, deeper and rarer than coal.
    IronOre = 55,
    /// Stone with gold ore, deep and rare.
    GoldOre = 56,
    /// Stone with diamonds, deepest and rarest.
    DiamondOre = 57,
    /// The lower half of a block of planks.
    PlanksSlab = 58,
    /// The lower half of a block of cobblestone.
    CobblestoneSlab = 59,
    /// The lower half of a block of bricks.
    BrickSlab = 60,
    /// The lower half of a block of stone bricks.
    StoneBrickSlab = 61,
    /// The lower half of a block of sandstone.
    SandstoneSlab = 62,
    /// Grass a block tall on plains and in woods: two crossed cut-out quads, walked through.
    TallGrass = 63,
    /// A yellow flower of the plains.
    Dandelion = 64,
    /// A red flower of the plains.
    Poppy = 65,
    /// A blue flower of the plains and woods.
    Cornflower = 66,
    /// A dry twiggy shrub of the desert.
    DeadBush = 67,
    /// A spiny green column of the desert: solid, its sides a sixteenth inside its cell.
    Cactus = 68,
    /// The dark needles of a spruce.
    SpruceLeaves = 69,
    /// The light green leaves of a birch.
    BirchLeaves = 70,
    /// A table of planks with tools hung on its sides, for crafting what needs more room
    /// than the hands give.
    CraftingTable = 71,
    /// A stone furnace with no fire in it, for smelting ore and cooking.
    Furnace = 72,
    /// A furnace with a fire in it: as the furnace, but its mouth glows and gives off block
    /// light 13. A player holds and places the furnace, which its fire lights.
    LitFurnace = 73,
    /// Dirt tilled by a hoe, where wheat is planted.
    Farmland = 74,
    /// Wheat just planted: the first of its eight stages ([`Block::crop_stage`]).
    Wheat0 = 75,
    /// Wheat at stage 1.
    Wheat1 = 76,
    /// Wheat at stage 2.
    Wheat2 = 77,
    /// Wheat at stage 3.
    Wheat3 = 78,
    /// Wheat at stage 4.
    Wheat4 = 79,
    /// Wheat at stage 5.
    Wheat5 = 80,
    /// Wheat at stage 6.
    Wheat6 = 81,
    /// Ripe wheat, ready to harvest.
    Wheat7 = 82,
    /// A wooden chest of 27 slots; two side by side are one double chest of 54.
    Chest = 83,
    /// A wooden door's lower half, shut, its panel against the north side of its cell: the
    /// door as it is held. The door's sixteen blocks are its two halves, facing four ways,
    /// shut or open ([`door::Door`](super::door::Door)).
    DoorLowerNorth = 84,
    /// A wooden door's lower half, open, facing north.
    DoorLowerNorthOpen = 85,
    /// A wooden door's lower half, shut, facing east.
    DoorLowerEast = 86,
    /// A wooden door's lower half, open, facing east.
    DoorLowerEastOpen = 87,
    /// A wooden door's lower half, shut, facing south.
    DoorLowerSouth = 88,
    /// A wooden door's lower half, open, facing south.
    DoorLowerSouthOpen = 89,
    /// A wooden door's lower half, shut, facing west.
    DoorLowerWest = 90,
    /// A wooden door's lower half, open, facing west.
    DoorLowerWestOpen = 91,
    /// A wooden door's upper half, shut, facing north.
    DoorUpperNorth = 92,
    /// A wooden door's upper half, open, facing north.
    DoorUpperNorthOpen = 93,
    /// A wooden door's upper half, shut, facing east.
    DoorUpperEast = 94,
    /// A wooden door's upper half, open, facing east.
    DoorUpperEastOpen = 95,
    /// A wooden door's upper half, shut, facing south.
    DoorUpperSouth = 96,
    /// A wooden door's upper half, open, facing south.
    DoorUpperSouthOpen = 97,
    /// A wooden door's upper half, shut, facing west.
    DoorUpperWest = 98,
    /// A wooden door's upper half, open, facing west.
    DoorUpperWestOpen = 99,
    /// A bed's foot, its head to the north: the bed as it is held. A bed is two blocks, its
    /// foot and its head, facing four ways ([`bed::Bed`](super::bed::Bed)).
    BedFootNorth = 100,
    /// A bed's head, its head to the north.
    BedHeadNorth = 101,
    /// A bed's foot, its head to the east.
    BedFootEast = 102,
    /// A bed's head, its head to the east.
    BedHeadEast = 103,
    /// A bed's foot, its head to the south.
    BedFootSouth = 104,
    /// A bed's head, its head to the south.
    BedHeadSouth = 105,
    /// A bed's foot, its head to the west.
    BedFootWest = 106,
    /// A bed's head, its head to the west.
    BedHeadWest = 107,
}

/// The weakest level flowing water has; it spreads no further sideways.
pub const MAX_FLOW_LEVEL: u8 = 7;

/// The light opacity of a block that light does not enter at all.
pub const OPAQUE: u8 = 15;

/// How a block's faces are drawn, which decides its render pass and whether it hides its
/// neighbours' faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenderKind {
    /// Not drawn at all.
    Invisible,
    /// Drawn in the opaque pass; hides every face behind it.
    Opaque,
    /// Drawn with alpha testing (holes but no blending); hides nothing.
    Cutout,
    /// Drawn blended after everything else; hides only faces of the same block.
    Translucent,
}

/// Which texture each face of a block shows, by tile name in the block atlas.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FaceTextures {
    /// The +y face.
    pub top: String,
    /// The four side faces.
    pub side: String,
    /// The -y face.
    pub bottom: String,
}

impl FaceTextures {
    /// `name` on all six faces.
    #[must_use]
    pub fn all(name: &str) -> Self {
        Self {
            top: name.to_owned(),
            side: name.to_owned(),
            bottom: name.to_owned(),
        }
    }

    /// The texture of `face`.
    #[must_use]
    pub fn of(&self, face: Face) -> &str {
        match face {
            Face::Up => &self.top,
            Face::Down => &self.bottom,
            _ => &self.side,
        }
    }
}

/// The shape a block is drawn as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// The whole cell.
    Cube,
    /// The lower half of the cell (a slab): its top face is in the open, whatever is above.
    LowerHalf,
    /// A plant: two cut-out quads crossing diagonally through the cell, as Minecraft draws
    /// flowers and tall grass.
    Cross,
    /// A cactus: a box a sixteenth inside its cell on the four sides, full height.
    Inset,
    /// Boxes of its own, its outline's, each face showing the part of its tile the face
    /// covers (a door's panel).
    Boxes,
    /// A thin torch: standing on the floor (`wall` is `None`), or leaning against the wall
    /// behind it and pointing `wall`, away from it.
    Torch {
        /// The way a wall torch points; `None` for one standing on the floor.
        wall: Option<Face>,
    },
}

/// Everything the game knows about one kind of block, as its pack declares it.
#[derive(Clone, Debug)]
pub struct BlockProperties {
    /// The block's name, lowercase, as used in scenarios and commands.
    pub name: String,
    /// Collision boxes in block-local `[0, 1]³` coordinates; empty for blocks you pass through.
    pub colliders: Vec<LocalBox>,
    /// The boxes the look ray hits and the target outline draws: the colliders, or for a
    /// block you pass through but can still point at (a torch), its own small shape.
    pub outline: Vec<LocalBox>,
    /// How the block is drawn.
    pub render: RenderKind,
    /// The shape it is drawn as.
    pub shape: Shape,
    /// The textures of its faces.
    pub textures: FaceTextures,
    /// Whether breaking it is allowed.
    pub breakable: bool,
    /// How much light it takes away on entering its cell, besides the one level every step
    /// costs: 0 for clear blocks, [`OPAQUE`] for those light does not enter.
    pub opacity: u8,
    /// The block light it gives off, 0 to 15.
    pub emission: u8,
    /// Whether it falls, as sand and gravel do, when nothing solid is under it.
    pub falls: bool,
    /// Whether a placed block may take its cell (air, water, wild plants).
    pub replaceable: bool,
    /// Whether plants and cacti can stand on it.
    pub holds_plants: bool,
    /// Whether it stands only on a block that holds plants, and goes with it.
    pub rooted: bool,
    /// The material it sounds as; `None` for a block that makes no sound.
    pub sound: Option<Sound>,
    /// Its hardness in tenths, which sets how long it takes to dig; `None` where survival
    /// cannot dig it.
    pub hardness_tenths: Option<u32>,
    /// The kind of tool that digs it fastest.
    pub tool: Option<ToolKind>,
    /// The weakest tier of its tool that gets anything out of it; `None` where a hand does.
    pub tier: Option<Tier>,
    /// What breaking it gives.
    pub drop: Drop,
    /// The block a player holds to place it.
    pub held_as: Block,
    /// The water it is.
    pub water: Option<Water>,
    /// The crop it is.
    pub crop: Option<Crop>,
    /// The door half it is.
    pub door: Option<Door>,
    /// The bed half it is.
    pub bed: Option<Bed>,
}

/// A box in block-local coordinates, `min` and `max` within `[0, 1]` on each axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LocalBox {
    /// The minimum corner.
    pub min: [f64; 3],
    /// The maximum corner.
    pub max: [f64; 3],
}

impl LocalBox {
    /// This box placed in the world at the block whose minimum corner is `origin`.
    #[must_use]
    pub fn at(self, origin: DVec3) -> Aabb {
        Aabb::new(
            origin + DVec3::from_array(self.min),
            origin + DVec3::from_array(self.max),
        )
    }
}

mod behaviour;
mod load;
mod problem;
mod registry;
mod schema;

pub use behaviour::{Bed, Crop, Door, Drop, Sound, Tier, ToolKind, Water};
pub use load::MAX_BLOCKS;
pub use problem::{Problem, Problems};
use registry::BASE;
pub use registry::Registry;

impl Block {
    /// How many kinds of block there are.
    pub const COUNT: usize = 108;

    /// Every block, in id order.
    pub const ALL: [Self; Self::COUNT] = [
        Self::Air,
        Self::Stone,
        Self::Dirt,
        Self::Grass,
        Self::Sand,
        Self::Gravel,
        Self::Bedrock,
        Self::Log,
        Self::Leaves,
        Self::Planks,
        Self::Cobblestone,
        Self::Glass,
        Self::Water,
        Self::StoneSlab,
        Self::Glowstone,
        Self::Torch,
        Self::WallTorchEast,
        Self::WallTorchWest,
        Self::WallTorchSouth,
        Self::WallTorchNorth,
        Self::Water1,
        Self::Water2,
        Self::Water3,
        Self::Water4,
        Self::Water5,
        Self::Water6,
        Self::Water7,
        Self::WaterFalling,
        Self::Bricks,
        Self::StoneBricks,
        Self::Sandstone,
        Self::WhiteWool,
        Self::OrangeWool,
        Self::MagentaWool,
        Self::LightBlueWool,
        Self::YellowWool,
        Self::LimeWool,
        Self::PinkWool,
        Self::GrayWool,
        Self::LightGrayWool,
        Self::CyanWool,
        Self::PurpleWool,
        Self::BlueWool,
        Self::BrownWool,
        Self::GreenWool,
        Self::RedWool,
        Self::BlackWool,
        Self::Snow,
        Self::Ice,
        Self::Clay,
        Self::SpruceLog,
        Self::SprucePlanks,
        Self::BirchLog,
        Self::BirchPlanks,
        Self::CoalOre,
        Self::IronOre,
        Self::GoldOre,
        Self::DiamondOre,
        Self::PlanksSlab,
        Self::CobblestoneSlab,
        Self::BrickSlab,
        Self::StoneBrickSlab,
        Self::SandstoneSlab,
        Self::TallGrass,
        Self::Dandelion,
        Self::Poppy,
        Self::Cornflower,
        Self::DeadBush,
        Self::Cactus,
        Self::SpruceLeaves,
        Self::BirchLeaves,
        Self::CraftingTable,
        Self::Furnace,
        Self::LitFurnace,
        Self::Farmland,
        Self::Wheat0,
        Self::Wheat1,
        Self::Wheat2,
        Self::Wheat3,
        Self::Wheat4,
        Self::Wheat5,
        Self::Wheat6,
        Self::Wheat7,
        Self::Chest,
        Self::DoorLowerNorth,
        Self::DoorLowerNorthOpen,
        Self::DoorLowerEast,
        Self::DoorLowerEastOpen,
        Self::DoorLowerSouth,
        Self::DoorLowerSouthOpen,
        Self::DoorLowerWest,
        Self::DoorLowerWestOpen,
        Self::DoorUpperNorth,
        Self::DoorUpperNorthOpen,
        Self::DoorUpperEast,
        Self::DoorUpperEastOpen,
        Self::DoorUpperSouth,
        Self::DoorUpperSouthOpen,
        Self::DoorUpperWest,
        Self::DoorUpperWestOpen,
        Self::BedFootNorth,
        Self::BedHeadNorth,
        Self::BedFootEast,
        Self::BedHeadEast,
        Self::BedFootSouth,
        Self::BedHeadSouth,
        Self::BedFootWest,
        Self::BedHeadWest,
    ];

    /// The block's stable numeric id.
    #[must_use]
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The block with numeric id `id`, if there is one.
    #[must_use]
    pub fn from_id(id: u8) -> Option<Self> {
        Self::ALL.get(usize::from(id)).copied()
    }

    /// The registry every block's properties come from.
    #[must_use]
    pub fn registry() -> &'static Registry {
        &BASE
    }
}

/// Lets `$type` travel by its number: `From<$type>` for the number and `TryFrom` the number,
/// through `$to` and `$from` (which gives `None` for a number that names nothing), naming
/// `$kind` in the error. Serde then carries it as the number (`#[serde(into, try_from)]`).
macro_rules! travels_by_number {
    ($type:ty, $number:ty, $kind:literal, $to:path, $from:path) => {
        impl From<$type> for $number {
            fn from(value: $type) -> Self {
                $to(value)
            }
        }

        impl TryFrom<$number> for $type {
            type Error = $crate::world::block::UnknownId;

            fn try_from(id: $number) -> Result<Self, Self::Error> {
                $from(id).ok_or($crate::world::block::UnknownId {
                    kind: $kind,
                    id: u16::from(id),
                })
            }
        }
    };
}
pub(crate) use travels_by_number;

travels_by_number!(Block, u8, "block", Block::id, Block::from_id);

/// A number that names no block, item or slot this build has, as a message may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no {kind} has the id {id}")]
pub struct UnknownId {
    /// What the number was meant to name.
    pub kind: &'static str,
    /// The number.
    pub id: u16,
}

impl Block {
    /// The block called `name` (lowercase, as in [`BlockProperties::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        BASE.named(name)
    }

    /// Everything known about this block.
    #[must_use]
    pub fn properties(self) -> &'static BlockProperties {
        &BASE.blocks[self as usize]
    }

    /// The block's lowercase name.
    #[must_use]
    pub fn name(self) -> &'static str {
        &self.properties().name
    }

    /// The block's collision boxes in block-local coordinates.
    #[must_use]
    pub fn colliders(self) -> &'static [LocalBox] {
        &self.properties().colliders
    }

    /// The boxes the look ray hits and the outline draws, in block-local coordinates.
    #[must_use]
    pub fn outline(self) -> &'static [LocalBox] {
        &self.properties().outline
    }

    /// Light opacity: what entering this cell costs light beyond the step itself, 0 to
    /// [`OPAQUE`].
    #[must_use]
    pub fn opacity(self) -> u8 {
        self.properties().opacity
    }

    /// The block light this block gives off.
    #[must_use]
    pub fn emission(self) -> u8 {
        self.properties().emission
    }

    /// The shape it is drawn as.
    #[must_use]
    pub fn shape(self) -> Shape {
        self.properties().shape
    }

    /// The torch this one (held) becomes placed against `face` of a block: standing on a
    /// top face, leaning against a side face and pointing away from it; `None` where it
    /// cannot hang (under a bottom face) or this is no torch.
    #[must_use]
    pub fn torch_against(self, face: Face) -> Option<Self> {
        BASE.torch(self, face)
    }

    /// The block a player holds to place this one: every torch is placed as a torch, which
    /// stands or leans by the face it is placed against, a lit furnace as the furnace, whose
    /// fire is lit where it stands, a door as its shut lower half and a bed as its foot.
    #[must_use]
    pub fn held_as(self) -> Self {
        self.properties().held_as
    }

    /// Whether this block's top and sides are whole faces that a torch can stand or lean
    /// on: its collider is the full cell.
    #[must_use]
    pub fn holds_torches(self) -> bool {
        let full = LocalBox {
            min: [0.0; 3],
            max: [1.0; 3],
        };
        self.colliders() == [full]
    }

    /// Whether anything collides with this block.
    #[must_use]
    pub fn is_solid(self) -> bool {
        !self.colliders().is_empty()
    }

    /// Whether the block fills its whole cell with opaque faces, hiding its neighbours'
    /// faces and darkening their corners (ambient occlusion).
    #[must_use]
    pub fn is_opaque_cube(self) -> bool {
        self.properties().render == RenderKind::Opaque
    }

    /// Whether a player may break this block.
    #[must_use]
    pub fn is_breakable(self) -> bool {
        self.properties().breakable
    }

    /// Whether a placed block may replace this one (air, water of any level and wild plants
    /// can be built into; a crop cannot).
    #[must_use]
    pub fn is_replaceable(self) -> bool {
        self.properties().replaceable
    }

    /// A crop's stage, 0 (planted) onwards; `None` for anything else.
    #[must_use]
    pub fn crop_stage(self) -> Option<u8> {
        self.properties().crop.map(|c| c.stage)
    }

    /// Whether this is a crop: planted by a player on its soil, growing by stages.
    #[must_use]
    pub fn is_crop(self) -> bool {
        self.properties().crop.is_some()
    }

    /// Whether some crop grows on this block, so that the crop goes when it does.
    #[must_use]
    pub fn is_soil(self) -> bool {
        BASE.is_soil(self)
    }

    /// Whether this block can stay on `below`: a crop only on its soil, a rooted block
    /// (plants, a cactus) on what holds plants ([`Block::holds_plants`]), a door's upper half
    /// only on its lower half and its lower half on a whole block; anything else on anything.
    #[must_use]
    pub fn stands_on(self, below: Self) -> bool {
        let properties = self.properties();
        if let Some(door) = properties.door {
            if door.upper {
                below.door() == Some(door.lower())
            } else {
                below.holds_torches()
            }
        } else if let Some(crop) = properties.crop {
            below == crop.soil
        } else if properties.rooted {
            below.holds_plants()
        } else {
            true
        }
    }

    /// Whether this is a plant drawn as crossed quads (tall grass, flowers, a dead bush):
    /// walked through, broken by one click, replaced by a placed block, and gone when the
    /// block under it is.
    #[must_use]
    pub fn is_plant(self) -> bool {
        matches!(self.properties().shape, Shape::Cross)
    }

    /// Whether a plant or a cactus can stand on this block: a whole block, or a cactus on a
    /// cactus.
    #[must_use]
    pub fn holds_plants(self) -> bool {
        self.properties().holds_plants
    }

    /// Whether this is water: a source, flowing or falling.
    #[must_use]
    pub fn is_water(self) -> bool {
        self.properties().water.is_some()
    }

    /// Whether faces of this block against `other` are inside one volume and hidden: a
    /// block against itself, and water against water of any level.
    #[must_use]
    pub fn merges_with(self, other: Self) -> bool {
        self == other || (self.is_water() && other.is_water())
    }

    /// Whether it falls when nothing solid is under it (sand, gravel).
    #[must_use]
    pub fn falls(self) -> bool {
        self.properties().falls
    }
}

impl std::fmt::Display for Block {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests;
