//! What a furnace makes of what, and how long each fuel burns: Minecraft's numbers at 60
//! ticks a second.

use super::tools::Material;
use crate::sim::Item;
use crate::world::Block;

/// Ticks one item takes to smelt: 10 s.
pub const SMELT_TICKS: u32 = 600;

/// What smelting `item` makes, if it smelts: iron and gold ore give ingots, sand glass,
/// cobblestone stone, a log of any wood charcoal, and clay a brick.
#[must_use]
pub const fn smelted(item: Item) -> Option<Item> {
    match item {
        Item::Block(Block::IRON_ORE) => Some(Item::Material(Material::IronIngot)),
        Item::Block(Block::GOLD_ORE) => Some(Item::Material(Material::GoldIngot)),
        Item::Block(Block::SAND) => Some(Item::Block(Block::GLASS)),
        Item::Block(Block::COBBLESTONE) => Some(Item::Block(Block::STONE)),
        Item::Block(Block::LOG | Block::SPRUCE_LOG | Block::BIRCH_LOG) => {
            Some(Item::Material(Material::Charcoal))
        }
        Item::Block(Block::CLAY) => Some(Item::Material(Material::Brick)),
        _ => None,
    }
}

/// How many ticks one `item` burns for as fuel, if it burns: coal and charcoal 80 s, logs
/// and planks 15 s, sticks 5 s.
#[must_use]
pub const fn burn_ticks(item: Item) -> Option<u32> {
    match item {
        Item::Material(Material::Coal | Material::Charcoal) => Some(80 * 60),
        Item::Block(
            Block::LOG
            | Block::SPRUCE_LOG
            | Block::BIRCH_LOG
            | Block::PLANKS
            | Block::SPRUCE_PLANKS
            | Block::BIRCH_PLANKS,
        ) => Some(15 * 60),
        Item::Material(Material::Stick) => Some(5 * 60),
        _ => None,
    }
}
