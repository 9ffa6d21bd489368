//! Blocks: every kind of block, how it collides, how it is drawn and what it does.
//!
//! A block's properties are data: the base pack's `blocks.toml` declares them and the
//! [`Registry`] reads them, once, into one table that physics, picking, light, the mesher and
//! survival all read ([`Block::properties`]). `docs/content.md` gives the file's keys.

use glam::DVec3;
use serde::{Deserialize, Serialize};

use super::Face;
use crate::aabb::Aabb;

/// A kind of block: its id in the world's registry ([`Registry`]).
///
/// Ids are what chunks, saves, recordings and the wire hold. The base pack's blocks have the
/// ids their order in its `blocks.toml` gives them, the same in every world (the constants
/// below name them); a pack's blocks take the ids after them. What a block is and does is
/// its registry entry's ([`Block::properties`]).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(into = "u16", try_from = "u16")]
pub struct Block(u16);

/// The base pack's blocks, by the names engine code and tests know them by. A test checks
/// each against the name `blocks.toml` gives its id.
impl Block {
    /// Empty space.
    pub const AIR: Self = Self(0);
    /// The common rock of the underground.
    pub const STONE: Self = Self(1);
    /// Soil under the grass.
    pub const DIRT: Self = Self(2);
    /// Dirt with grass on top; the surface of plains and hills.
    pub const GRASS: Self = Self(3);
    /// Beaches and sea floors.
    pub const SAND: Self = Self(4);
    /// Loose stones, found in patches on the sea floor.
    pub const GRAVEL: Self = Self(5);
    /// The unbreakable floor of the world at y = 0.
    pub const BEDROCK: Self = Self(6);
    /// A tree trunk.
    pub const LOG: Self = Self(7);
    /// Tree foliage; drawn cut-out so you can see through its gaps.
    pub const LEAVES: Self = Self(8);
    /// Wooden boards, for building.
    pub const PLANKS: Self = Self(9);
    /// Rough stone, for building.
    pub const COBBLESTONE: Self = Self(10);
    /// Transparent and solid.
    pub const GLASS: Self = Self(11);
    /// Still water: translucent, not solid; you swim in it.
    pub const WATER: Self = Self(12);
    /// The lower half of a block of stone.
    pub const STONE_SLAB: Self = Self(13);
    /// A lamp of glowing stone: opaque, and gives off the brightest block light.
    pub const GLOWSTONE: Self = Self(14);
    /// A torch standing on the block below it.
    pub const TORCH: Self = Self(15);
    /// A torch leaning against the block to its west, pointing east.
    pub const WALL_TORCH_EAST: Self = Self(16);
    /// A torch leaning against the block to its east, pointing west.
    pub const WALL_TORCH_WEST: Self = Self(17);
    /// A torch leaning against the block to its north, pointing south.
    pub const WALL_TORCH_SOUTH: Self = Self(18);
    /// A torch leaning against the block to its south, pointing north.
    pub const WALL_TORCH_NORTH: Self = Self(19);
    /// Flowing water of level 1, one step from a source ([`super::fluid`]).
    pub const WATER_1: Self = Self(20);
    /// Flowing water of level 2.
    pub const WATER_2: Self = Self(21);
    /// Flowing water of level 3.
    pub const WATER_3: Self = Self(22);
    /// Flowing water of level 4.
    pub const WATER_4: Self = Self(23);
    /// Flowing water of level 5.
    pub const WATER_5: Self = Self(24);
    /// Flowing water of level 6.
    pub const WATER_6: Self = Self(25);
    /// Flowing water of level 7, the weakest: it spreads no further sideways.
    pub const WATER_7: Self = Self(26);
    /// Water falling straight down.
    pub const WATER_FALLING: Self = Self(27);
    /// Fired clay bricks in mortar, for building.
    pub const BRICKS: Self = Self(28);
    /// Dressed stone blocks, for building.
    pub const STONE_BRICKS: Self = Self(29);
    /// Sand pressed into stone: the ground under deserts.
    pub const SANDSTONE: Self = Self(30);
    /// Wool dyed white.
    pub const WHITE_WOOL: Self = Self(31);
    /// Wool dyed orange.
    pub const ORANGE_WOOL: Self = Self(32);
    /// Wool dyed magenta.
    pub const MAGENTA_WOOL: Self = Self(33);
    /// Wool dyed light blue.
    pub const LIGHT_BLUE_WOOL: Self = Self(34);
    /// Wool dyed yellow.
    pub const YELLOW_WOOL: Self = Self(35);
    /// Wool dyed lime.
    pub const LIME_WOOL: Self = Self(36);
    /// Wool dyed pink.
    pub const PINK_WOOL: Self = Self(37);
    /// Wool dyed gray.
    pub const GRAY_WOOL: Self = Self(38);
    /// Wool dyed light gray.
    pub const LIGHT_GRAY_WOOL: Self = Self(39);
    /// Wool dyed cyan.
    pub const CYAN_WOOL: Self = Self(40);
    /// Wool dyed purple.
    pub const PURPLE_WOOL: Self = Self(41);
    /// Wool dyed blue.
    pub const BLUE_WOOL: Self = Self(42);
    /// Wool dyed brown.
    pub const BROWN_WOOL: Self = Self(43);
    /// Wool dyed green.
    pub const GREEN_WOOL: Self = Self(44);
    /// Wool dyed red.
    pub const RED_WOOL: Self = Self(45);
    /// Wool dyed black.
    pub const BLACK_WOOL: Self = Self(46);
    /// Packed snow.
    pub const SNOW: Self = Self(47);
    /// Frozen water: solid, and seen through like glass, tinted blue.
    pub const ICE: Self = Self(48);
    /// Soft grey clay, found under shallow water.
    pub const CLAY: Self = Self(49);
    /// The dark trunk of a spruce.
    pub const SPRUCE_LOG: Self = Self(50);
    /// Dark wooden boards, of spruce.
    pub const SPRUCE_PLANKS: Self = Self(51);
    /// The white trunk of a birch.
    pub const BIRCH_LOG: Self = Self(52);
    /// Pale wooden boards, of birch.
    pub const BIRCH_PLANKS: Self = Self(53);
    /// Stone with seams of coal, common underground.
    pub const COAL_ORE: Self = Self(54);
    /// Stone with iron ore, deeper and rarer than coal.
    pub const IRON_ORE: Self = Self(55);
    /// Stone with gold ore, deep and rare.
    pub const GOLD_ORE: Self = Self(56);
    /// Stone with diamonds, deepest and rarest.
    pub const DIAMOND_ORE: Self = Self(57);
    /// The lower half of a block of planks.
    pub const PLANKS_SLAB: Self = Self(58);
    /// The lower half of a block of cobblestone.
    pub const COBBLESTONE_SLAB: Self = Self(59);
    /// The lower half of a block of bricks.
    pub const BRICK_SLAB: Self = Self(60);
    /// The lower half of a block of stone bricks.
    pub const STONE_BRICK_SLAB: Self = Self(61);
    /// The lower half of a block of sandstone.
    pub const SANDSTONE_SLAB: Self = Self(62);
    /// Grass a block tall on plains and in woods: two crossed cut-out quads, walked through.
    pub const TALL_GRASS: Self = Self(63);
    /// A yellow flower of the plains.
    pub const DANDELION: Self = Self(64);
    /// A red flower of the plains.
    pub const POPPY: Self = Self(65);
    /// A blue flower of the plains and woods.
    pub const CORNFLOWER: Self = Self(66);
    /// A dry twiggy shrub of the desert.
    pub const DEAD_BUSH: Self = Self(67);
    /// A spiny green column of the desert: solid, its sides a sixteenth inside its cell.
    pub const CACTUS: Self = Self(68);
    /// The dark needles of a spruce.
    pub const SPRUCE_LEAVES: Self = Self(69);
    /// The light green leaves of a birch.
    pub const BIRCH_LEAVES: Self = Self(70);
    /// A table of planks with tools hung on its sides, for crafting what needs more room
    /// than the hands give.
    pub const CRAFTING_TABLE: Self = Self(71);
    /// A stone furnace with no fire in it, for smelting ore and cooking.
    pub const FURNACE: Self = Self(72);
    /// A furnace with a fire in it: as the furnace, but its mouth glows and gives off block
    /// light 13. A player holds and places the furnace, which its fire lights.
    pub const LIT_FURNACE: Self = Self(73);
    /// Dirt tilled by a hoe, where wheat is planted.
    pub const FARMLAND: Self = Self(74);
    /// Wheat just planted: the first of its eight stages ([`Block::crop_stage`]).
    pub const WHEAT_0: Self = Self(75);
    /// Wheat at stage 1.
    pub const WHEAT_1: Self = Self(76);
    /// Wheat at stage 2.
    pub const WHEAT_2: Self = Self(77);
    /// Wheat at stage 3.
    pub const WHEAT_3: Self = Self(78);
    /// Wheat at stage 4.
    pub const WHEAT_4: Self = Self(79);
    /// Wheat at stage 5.
    pub const WHEAT_5: Self = Self(80);
    /// Wheat at stage 6.
    pub const WHEAT_6: Self = Self(81);
    /// Ripe wheat, ready to harvest.
    pub const WHEAT_7: Self = Self(82);
    /// A wooden chest of 27 slots; two side by side are one double chest of 54.
    pub const CHEST: Self = Self(83);
    /// A wooden door's lower half, shut, its panel against the north side of its cell: the
    /// door as it is held. The door's sixteen blocks are its two halves, facing four ways,
    /// shut or open ([`door::Door`](super::door::Door)).
    pub const DOOR_LOWER_NORTH: Self = Self(84);
    /// A wooden door's lower half, open, facing north.
    pub const DOOR_LOWER_NORTH_OPEN: Self = Self(85);
    /// A wooden door's lower half, shut, facing east.
    pub const DOOR_LOWER_EAST: Self = Self(86);
    /// A wooden door's lower half, open, facing east.
    pub const DOOR_LOWER_EAST_OPEN: Self = Self(87);
    /// A wooden door's lower half, shut, facing south.
    pub const DOOR_LOWER_SOUTH: Self = Self(88);
    /// A wooden door's lower half, open, facing south.
    pub const DOOR_LOWER_SOUTH_OPEN: Self = Self(89);
    /// A wooden door's lower half, shut, facing west.
    pub const DOOR_LOWER_WEST: Self = Self(90);
    /// A wooden door's lower half, open, facing west.
    pub const DOOR_LOWER_WEST_OPEN: Self = Self(91);
    /// A wooden door's upper half, shut, facing north.
    pub const DOOR_UPPER_NORTH: Self = Self(92);
    /// A wooden door's upper half, open, facing north.
    pub const DOOR_UPPER_NORTH_OPEN: Self = Self(93);
    /// A wooden door's upper half, shut, facing east.
    pub const DOOR_UPPER_EAST: Self = Self(94);
    /// A wooden door's upper half, open, facing east.
    pub const DOOR_UPPER_EAST_OPEN: Self = Self(95);
    /// A wooden door's upper half, shut, facing south.
    pub const DOOR_UPPER_SOUTH: Self = Self(96);
    /// A wooden door's upper half, open, facing south.
    pub const DOOR_UPPER_SOUTH_OPEN: Self = Self(97);
    /// A wooden door's upper half, shut, facing west.
    pub const DOOR_UPPER_WEST: Self = Self(98);
    /// A wooden door's upper half, open, facing west.
    pub const DOOR_UPPER_WEST_OPEN: Self = Self(99);
    /// A bed's foot, its head to the north: the bed as it is held. A bed is two blocks, its
    /// foot and its head, facing four ways ([`bed::Bed`](super::bed::Bed)).
    pub const BED_FOOT_NORTH: Self = Self(100);
    /// A bed's head, its head to the north.
    pub const BED_HEAD_NORTH: Self = Self(101);
    /// A bed's foot, its head to the east.
    pub const BED_FOOT_EAST: Self = Self(102);
    /// A bed's head, its head to the east.
    pub const BED_HEAD_EAST: Self = Self(103);
    /// A bed's foot, its head to the south.
    pub const BED_FOOT_SOUTH: Self = Self(104);
    /// A bed's head, its head to the south.
    pub const BED_HEAD_SOUTH: Self = Self(105);
    /// A bed's foot, its head to the west.
    pub const BED_FOOT_WEST: Self = Self(106);
    /// A bed's head, its head to the west.
    pub const BED_HEAD_WEST: Self = Self(107);
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
    /// Whether it stands in for a block the world saved that no enabled pack declares
    /// ([`BlockProperties::unknown`]).
    pub unknown: bool,
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

mod arrange;
mod behaviour;
mod installed;
mod load;
mod problem;
mod registry;
mod schema;

pub use arrange::UNKNOWN_TEXTURE;
pub use behaviour::{Bed, Crop, Door, Drop, Sound, Tier, ToolKind, Water};
pub use installed::{InstallError, Installed, MAX_INSTALLS};
pub use load::{BlocksSource, MAX_BLOCKS};
#[cfg(test)]
pub(crate) use problem::assert_problem;
pub use problem::{Problem, Problems};
pub use registry::{BASE_BLOCKS, Registry};

impl Block {
    /// The block with id `id`, whether or not a registry has it: for tables indexed by id
    /// and for tests. Ids from the outside go through [`Block::from_id`].
    #[must_use]
    pub const fn new(id: u16) -> Self {
        Self(id)
    }

    /// The block's numeric id.
    #[must_use]
    pub const fn id(self) -> u16 {
        self.0
    }

    /// The block's id as an index into tables by id.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The block with numeric id `id`, if the registry has one.
    #[must_use]
    pub fn from_id(id: u16) -> Option<Self> {
        (usize::from(id) < registry::current().len()).then_some(Self(id))
    }

    /// Every block the registry holds, in id order.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..registry::current().len())
            .filter_map(|i| u16::try_from(i).ok())
            .map(Self)
    }

    /// How many blocks the registry holds.
    #[must_use]
    pub fn count() -> usize {
        registry::current().len()
    }

    /// The registry every block's properties come from: the one installed for the world in
    /// play ([`Registry::install`]).
    #[must_use]
    pub fn registry() -> &'static Registry {
        registry::current()
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

travels_by_number!(Block, u16, "block", Block::id, Block::from_id);

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
        registry::current().named(name)
    }

    /// Everything known about this block.
    #[must_use]
    pub fn properties(self) -> &'static BlockProperties {
        &registry::current().blocks[self.index()]
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
        registry::current().torch(self, face)
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
        registry::current().is_soil(self)
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
