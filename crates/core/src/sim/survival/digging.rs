//! How long a block takes to dig in survival, which tool is right for it, and what it drops.
//!
//! The rules are Minecraft's at hewn's 60 ticks a second. A block of hardness `h` breaks
//! after `h × 1.5 / speed` seconds when it needs no tool or the right kind of tool is used,
//! and after `h × 5 / speed` otherwise; `speed` is the tool tier's ([`Tier::speed`]) when
//! the tool is the right kind and 1 otherwise, and the ticks are `⌈60 × seconds⌉`.
//! Hardness is kept in tenths so that the ticks are worked out in whole numbers: 60 × 1.5
//! / 10 = 9 ticks per tenth, and 60 × 5 / 10 = 30.

use super::tools::{Material, Tier, Tool, ToolKind};
use crate::sim::Item;
use crate::world::Block;

/// Ticks of digging per tenth of hardness, divided by the speed, with no tool needed or
/// the right kind used.
const TICKS_PER_TENTH: u32 = 9;
/// The same, when the block needs a tool that is not used.
const TICKS_PER_TENTH_WITHOUT_TOOL: u32 = 30;

/// A block's hardness in tenths (Minecraft's values: stone 1.5 is 15), or `None` for a
/// block no one can break (air, bedrock, water).
#[must_use]
pub const fn hardness_tenths(block: Block) -> Option<u32> {
    use Block as B;
    Some(match block {
        B::Air | B::Bedrock | B::Water | B::WaterFalling => return None,
        B::Water1 | B::Water2 | B::Water3 | B::Water4 | B::Water5 | B::Water6 | B::Water7 => {
            return None;
        }
        B::Torch | B::WallTorchEast | B::WallTorchWest | B::WallTorchSouth | B::WallTorchNorth => 0,
        B::TallGrass | B::Dandelion | B::Poppy | B::Cornflower | B::DeadBush => 0,
        B::Wheat0 | B::Wheat1 | B::Wheat2 | B::Wheat3 | B::Wheat4 | B::Wheat5 | B::Wheat6 => 0,
        B::Wheat7 => 0,
        B::Farmland => 6,
        B::Leaves | B::SpruceLeaves | B::BirchLeaves | B::Snow => 2,
        B::Glass | B::Glowstone => 3,
        B::Cactus => 4,
        B::Dirt | B::Sand | B::Ice => 5,
        B::Grass | B::Gravel | B::Clay => 6,
        B::Sandstone | B::SandstoneSlab => 8,
        B::WhiteWool
        | B::OrangeWool
        | B::MagentaWool
        | B::LightBlueWool
        | B::YellowWool
        | B::LimeWool
        | B::PinkWool
        | B::GrayWool
        | B::LightGrayWool
        | B::CyanWool
        | B::PurpleWool
        | B::BlueWool
        | B::BrownWool
        | B::GreenWool
        | B::RedWool
        | B::BlackWool => 8,
        B::Stone | B::StoneSlab => 15,
        B::Log | B::SpruceLog | B::BirchLog | B::Planks | B::SprucePlanks | B::BirchPlanks => 20,
        B::PlanksSlab | B::Cobblestone | B::CobblestoneSlab => 20,
        B::Bricks | B::BrickSlab | B::StoneBricks | B::StoneBrickSlab => 20,
        B::CraftingTable | B::Chest => 25,
        B::CoalOre | B::IronOre | B::GoldOre | B::DiamondOre => 30,
        B::Furnace | B::LitFurnace => 35,
        _ if block.is_door() => 30,
        _ if block.is_bed() => 2,
        _ => return None,
    })
}

/// The kind of tool that digs `block` fastest, if any does.
#[must_use]
pub const fn right_tool(block: Block) -> Option<ToolKind> {
    use Block as B;
    match block {
        B::Log | B::SpruceLog | B::BirchLog | B::Planks | B::SprucePlanks | B::BirchPlanks => {
            Some(ToolKind::Axe)
        }
        B::PlanksSlab | B::CraftingTable | B::Chest => Some(ToolKind::Axe),
        _ if block.is_door() => Some(ToolKind::Axe),
        B::Dirt | B::Grass | B::Sand | B::Gravel | B::Clay | B::Snow | B::Farmland => {
            Some(ToolKind::Shovel)
        }
        B::Ice => Some(ToolKind::Pickaxe),
        _ if needed_tier(block).is_some() => Some(ToolKind::Pickaxe),
        _ => None,
    }
}

/// The weakest pickaxe that gets anything out of `block`, for the blocks that drop nothing
/// broken any other way: stone-like blocks and ores.
#[must_use]
pub const fn needed_tier(block: Block) -> Option<Tier> {
    use Block as B;
    match block {
        B::Stone
        | B::StoneSlab
        | B::Cobblestone
        | B::CobblestoneSlab
        | B::Bricks
        | B::BrickSlab
        | B::StoneBricks
        | B::StoneBrickSlab
        | B::Sandstone
        | B::SandstoneSlab
        | B::Furnace
        | B::LitFurnace
        | B::CoalOre => Some(Tier::Wood),
        B::IronOre => Some(Tier::Stone),
        B::GoldOre | B::DiamondOre => Some(Tier::Iron),
        _ => None,
    }
}

/// Whether `tool` is the kind that is right for `block`.
fn is_right(block: Block, tool: Option<Tool>) -> bool {
    tool.is_some_and(|t| right_tool(block) == Some(t.kind))
}

/// Whether breaking `block` with `tool` (or the hand) gets anything out of it: always for a
/// block that needs no tool, and otherwise with a pickaxe of at least the tier it needs.
#[must_use]
pub fn harvests(block: Block, tool: Option<Tool>) -> bool {
    needed_tier(block)
        .is_none_or(|tier| tool.is_some_and(|t| t.kind == ToolKind::Pickaxe && t.tier >= tier))
}

/// The ticks of holding the dig control on `block` with `tool` in hand that break it (0:
/// at once), or `None` if it cannot be broken.
#[must_use]
pub fn dig_ticks(block: Block, tool: Option<Tool>) -> Option<u32> {
    let tenths = hardness_tenths(block)?;
    let right = is_right(block, tool);
    let speed = match tool {
        Some(t) if right => t.tier.speed(),
        _ => 1,
    };
    let per_tenth = if needed_tier(block).is_none() || right {
        TICKS_PER_TENTH
    } else {
        TICKS_PER_TENTH_WITHOUT_TOOL
    };
    Some((tenths * per_tenth).div_ceil(speed))
}

/// What breaking `block` with `tool` drops: stone gives cobblestone, grass dirt, coal ore
/// coal and diamond ore a diamond; leaves, glass, ice and tall grass give nothing, and
/// neither does a block broken without the pickaxe it needs; the rest give the block a
/// player holds to place them (a wall torch gives a torch).
#[must_use]
pub fn drop_of(block: Block, tool: Option<Tool>) -> Option<Item> {
    use Block as B;
    if !harvests(block, tool) || hardness_tenths(block).is_none() {
        return None;
    }
    match block {
        B::Stone => Some(Item::Block(B::Cobblestone)),
        B::Grass | B::Farmland => Some(Item::Block(B::Dirt)),
        B::CoalOre => Some(Item::Material(Material::Coal)),
        B::DiamondOre => Some(Item::Material(Material::Diamond)),
        B::Leaves | B::SpruceLeaves | B::BirchLeaves | B::Glass | B::Ice | B::TallGrass => None,
        // What a crop gives depends on its stage and on chance: [`super::farming`].
        _ if block.is_crop() => None,
        // A door is one item, dropped by its lower half; a bed, by its foot.
        _ if block.door().is_some_and(|d| d.upper) => None,
        _ if block.bed().is_some_and(|b| b.head) => None,
        _ => Some(Item::Block(block.held_as())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[expect(
        clippy::unnecessary_wraps,
        reason = "the tables it fills in take what a hand holds: a tool or none"
    )]
    fn tool(kind: ToolKind, tier: Tier) -> Option<Tool> {
        Some(Tool::new(kind, tier))
    }

    #[test]
    fn dig_times_follow_the_formula_to_the_tick() {
        // Stone by hand: 1.5 × 5 s = 7.5 s; with a wooden pickaxe 1.5 × 1.5 / 2 = 1.125 s.
        assert_eq!(dig_ticks(Block::Stone, None), Some(450));
        let pick = |tier| tool(ToolKind::Pickaxe, tier);
        let ticks: Vec<_> = Tier::ALL
            .map(|t| dig_ticks(Block::Stone, pick(t)).unwrap_or(0))
            .into();
        assert_eq!(ticks, [68, 34, 23, 17]);
        // Dirt needs no tool: 0.5 × 1.5 = 0.75 s by hand, and a pickaxe is no help.
        assert_eq!(dig_ticks(Block::Dirt, None), Some(45));
        assert_eq!(dig_ticks(Block::Dirt, pick(Tier::Diamond)), Some(45));
        assert_eq!(
            dig_ticks(Block::Dirt, tool(ToolKind::Shovel, Tier::Wood)),
            Some(23)
        );
        assert_eq!(dig_ticks(Block::Log, None), Some(180));
        assert_eq!(
            dig_ticks(Block::Log, tool(ToolKind::Axe, Tier::Stone)),
            Some(45)
        );
        assert_eq!(dig_ticks(Block::Leaves, None), Some(18));
        assert_eq!(dig_ticks(Block::Torch, None), Some(0));
        assert_eq!(dig_ticks(Block::Bedrock, pick(Tier::Diamond)), None);
        assert_eq!(dig_ticks(Block::Water, None), None);
    }

    #[test]
    fn drops_depend_on_the_tool_and_its_tier() {
        let pick = |tier| tool(ToolKind::Pickaxe, tier);
        let cobble = Some(Item::Block(Block::Cobblestone));
        assert_eq!(drop_of(Block::Stone, None), None);
        assert_eq!(
            drop_of(Block::Stone, tool(ToolKind::Axe, Tier::Diamond)),
            None
        );
        assert_eq!(drop_of(Block::Stone, pick(Tier::Wood)), cobble);
        assert_eq!(drop_of(Block::Grass, None), Some(Item::Block(Block::Dirt)));
        assert_eq!(drop_of(Block::IronOre, pick(Tier::Wood)), None);
        assert_eq!(
            drop_of(Block::IronOre, pick(Tier::Stone)),
            Some(Item::Block(Block::IronOre))
        );
        assert_eq!(drop_of(Block::GoldOre, pick(Tier::Stone)), None);
        assert_eq!(
            drop_of(Block::DiamondOre, pick(Tier::Iron)),
            Some(Item::Material(Material::Diamond))
        );
        assert_eq!(
            drop_of(Block::CoalOre, pick(Tier::Wood)),
            Some(Item::Material(Material::Coal))
        );
        for nothing in [Block::Leaves, Block::Glass, Block::Ice, Block::TallGrass] {
            assert_eq!(drop_of(nothing, pick(Tier::Diamond)), None, "{nothing}");
        }
        assert_eq!(
            drop_of(Block::WallTorchEast, None),
            Some(Item::Block(Block::Torch))
        );
        assert_eq!(drop_of(Block::Log, None), Some(Item::Block(Block::Log)));
        assert_eq!(drop_of(Block::Bedrock, pick(Tier::Diamond)), None);
    }

    #[test]
    fn every_block_a_player_can_break_in_creative_has_a_hardness() {
        for block in Block::ALL {
            assert_eq!(
                block.is_breakable() && !block.is_water(),
                hardness_tenths(block).is_some(),
                "{block}"
            );
        }
    }
}
