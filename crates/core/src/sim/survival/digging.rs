//! How long a block takes to dig in survival, which tool is right for it, and what it drops.
//!
//! The rules are Minecraft's at hewn's 60 ticks a second. A block of hardness `h` breaks
//! after `h × 1.5 / speed` seconds when it needs no tool or the right kind of tool is used,
//! and after `h × 5 / speed` otherwise; `speed` is the tool tier's ([`Tier::speed`]) when
//! the tool is the right kind and 1 otherwise, and the ticks are `⌈60 × seconds⌉`.
//! Hardness is kept in tenths so that the ticks are worked out in whole numbers: 60 × 1.5
//! / 10 = 9 ticks per tenth, and 60 × 5 / 10 = 30.

use super::tools::{Tier, Tool, ToolKind};
use crate::sim::Item;
use crate::world::Block;
use crate::world::block::Drop;

/// Ticks of digging per tenth of hardness, divided by the speed, with no tool needed or
/// the right kind used.
const TICKS_PER_TENTH: u32 = 9;
/// The same, when the block needs a tool that is not used.
const TICKS_PER_TENTH_WITHOUT_TOOL: u32 = 30;

/// A block's hardness in tenths (Minecraft's values: stone 1.5 is 15), or `None` for a
/// block no one can break (air, bedrock, water).
#[must_use]
pub fn hardness_tenths(block: Block) -> Option<u32> {
    block.properties().hardness_tenths
}

/// The kind of tool that digs `block` fastest, if any does.
#[must_use]
pub fn right_tool(block: Block) -> Option<ToolKind> {
    block.properties().tool
}

/// The weakest tool of its kind that gets anything out of `block`, for the blocks that drop
/// nothing broken any other way: stone-like blocks and ores.
#[must_use]
pub fn needed_tier(block: Block) -> Option<Tier> {
    block.properties().tier
}

/// Whether `tool` is the kind that is right for `block`.
fn is_right(block: Block, tool: Option<Tool>) -> bool {
    tool.is_some_and(|t| right_tool(block) == Some(t.kind))
}

/// Whether breaking `block` with `tool` (or the hand) gets anything out of it: always for a
/// block that needs no tool, and otherwise with its kind of tool of at least the tier it
/// needs.
#[must_use]
pub fn harvests(block: Block, tool: Option<Tool>) -> bool {
    needed_tier(block).is_none_or(|tier| {
        tool.is_some_and(|t| Some(t.kind) == right_tool(block) && t.tier >= tier)
    })
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

/// What breaking `block` with `tool` drops, as its properties say ([`Drop`]): stone gives
/// cobblestone, grass dirt, coal ore coal and diamond ore a diamond; leaves, glass, ice and
/// tall grass give nothing, and neither does a block broken without the tool it needs; the
/// rest give the block a player holds to place them (a wall torch gives a torch). What a
/// crop, tall grass or leaves give by chance is [`super::farming`]'s.
#[must_use]
pub fn drop_of(block: Block, tool: Option<Tool>) -> Option<Item> {
    if !harvests(block, tool) || hardness_tenths(block).is_none() {
        return None;
    }
    match &block.properties().drop {
        Drop::Held => Some(Item::Block(block.held_as())),
        Drop::Nothing => None,
        Drop::Named(name) => Item::from_name(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::survival::Material;

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
        assert_eq!(dig_ticks(Block::STONE, None), Some(450));
        let pick = |tier| tool(ToolKind::Pickaxe, tier);
        let ticks: Vec<_> = Tier::ALL
            .map(|t| dig_ticks(Block::STONE, pick(t)).unwrap_or(0))
            .into();
        assert_eq!(ticks, [68, 34, 23, 17]);
        // Dirt needs no tool: 0.5 × 1.5 = 0.75 s by hand, and a pickaxe is no help.
        assert_eq!(dig_ticks(Block::DIRT, None), Some(45));
        assert_eq!(dig_ticks(Block::DIRT, pick(Tier::Diamond)), Some(45));
        assert_eq!(
            dig_ticks(Block::DIRT, tool(ToolKind::Shovel, Tier::Wood)),
            Some(23)
        );
        assert_eq!(dig_ticks(Block::LOG, None), Some(180));
        assert_eq!(
            dig_ticks(Block::LOG, tool(ToolKind::Axe, Tier::Stone)),
            Some(45)
        );
        assert_eq!(dig_ticks(Block::LEAVES, None), Some(18));
        assert_eq!(dig_ticks(Block::TORCH, None), Some(0));
        assert_eq!(dig_ticks(Block::BEDROCK, pick(Tier::Diamond)), None);
        assert_eq!(dig_ticks(Block::WATER, None), None);
    }

    #[test]
    fn drops_depend_on_the_tool_and_its_tier() {
        let pick = |tier| tool(ToolKind::Pickaxe, tier);
        let cobble = Some(Item::Block(Block::COBBLESTONE));
        assert_eq!(drop_of(Block::STONE, None), None);
        assert_eq!(
            drop_of(Block::STONE, tool(ToolKind::Axe, Tier::Diamond)),
            None
        );
        assert_eq!(drop_of(Block::STONE, pick(Tier::Wood)), cobble);
        assert_eq!(drop_of(Block::GRASS, None), Some(Item::Block(Block::DIRT)));
        assert_eq!(drop_of(Block::IRON_ORE, pick(Tier::Wood)), None);
        assert_eq!(
            drop_of(Block::IRON_ORE, pick(Tier::Stone)),
            Some(Item::Block(Block::IRON_ORE))
        );
        assert_eq!(drop_of(Block::GOLD_ORE, pick(Tier::Stone)), None);
        assert_eq!(
            drop_of(Block::DIAMOND_ORE, pick(Tier::Iron)),
            Some(Item::Material(Material::Diamond))
        );
        assert_eq!(
            drop_of(Block::COAL_ORE, pick(Tier::Wood)),
            Some(Item::Material(Material::Coal))
        );
        for nothing in [Block::LEAVES, Block::GLASS, Block::ICE, Block::TALL_GRASS] {
            assert_eq!(drop_of(nothing, pick(Tier::Diamond)), None, "{nothing}");
        }
        assert_eq!(
            drop_of(Block::WALL_TORCH_EAST, None),
            Some(Item::Block(Block::TORCH))
        );
        assert_eq!(drop_of(Block::LOG, None), Some(Item::Block(Block::LOG)));
        assert_eq!(drop_of(Block::BEDROCK, pick(Tier::Diamond)), None);
    }

    #[test]
    fn every_block_a_player_can_break_in_creative_has_a_hardness() {
        for block in Block::all() {
            assert_eq!(
                block.is_breakable() && !block.is_water(),
                hardness_tenths(block).is_some(),
                "{block}"
            );
        }
    }
}
