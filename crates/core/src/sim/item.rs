//! What the player can hold: a block to place, a crate, and in survival the materials and
//! tools that recipes, the furnace and digging use.
//!
//! The hotbar holds items; the place button turns the selected one into an [`Action`].

use std::fmt;

use super::Action;
use super::survival::{Material, Tool, ToolKind};
use crate::world::Block;
use crate::world::block::travels_by_number;
use serde::{Deserialize, Serialize};

/// Something held in a hotbar slot. It travels by its number ([`Item::id`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "u16", try_from = "u16")]
pub enum Item {
    /// A block, placed against the face the player looks at.
    Block(Block),
    /// A 1×1×1 crate, placed against the face (of a block or a crate) the player looks at.
    Crate,
    /// A material: sticks, coal, ingots and the like.
    Material(Material),
    /// A tool, which digs faster and wears out.
    Tool(Tool),
}

/// Slots in the hotbar.
pub const HOTBAR_SLOTS: usize = 9;

/// The hotbar a new player starts with: building blocks, water to pour, lights and a crate.
pub const DEFAULT_HOTBAR: [Item; HOTBAR_SLOTS] = [
    Item::Block(Block::STONE),
    Item::Block(Block::WATER),
    Item::Block(Block::PLANKS),
    Item::Block(Block::COBBLESTONE),
    Item::Block(Block::GLASS),
    Item::Block(Block::STONE_SLAB),
    Item::Block(Block::TORCH),
    Item::Block(Block::GLOWSTONE),
    Item::Crate,
];

impl Item {
    /// The name the crate goes by in saves; no block has it (a test checks).
    const CRATE_NAME: &'static str = "crate";

    /// The item's stable number on the wire: a block's id, then the crate at 256, the
    /// materials from 512 and the tools from 768, each in their declaration order.
    #[must_use]
    pub const fn id(self) -> u16 {
        match self {
            Self::Block(b) => b.id(),
            Self::Crate => 256,
            Self::Material(m) => 512 + m as u16,
            Self::Tool(t) => 768 + t.kind as u16 * 4 + t.tier as u16,
        }
    }

    /// The item numbered `id` ([`Item::id`]), if there is one.
    #[must_use]
    pub fn from_id(id: u16) -> Option<Self> {
        match id {
            0..256 => Block::from_id(id).map(Self::Block),
            256 => Some(Self::Crate),
            512..768 => Material::ALL
                .get(usize::from(id - 512))
                .copied()
                .map(Self::Material),
            768.. => Tool::ALL
                .get(usize::from(id - 768))
                .copied()
                .map(Self::Tool),
            _ => None,
        }
    }

    /// The largest stack of one item a slot holds.
    pub const STACK: u8 = 64;

    /// The item's name: the block's name, `crate`, or the material's or tool's name as
    /// Minecraft's (`stick`, `stone_pickaxe`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Block(block) => block.name(),
            Self::Crate => Self::CRATE_NAME,
            Self::Material(m) => m.name(),
            Self::Tool(t) => t.name(),
        }
    }

    /// The item called `name`, if there is one.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        if name == Self::CRATE_NAME {
            return Some(Self::Crate);
        }
        let material = Material::ALL.into_iter().find(|m| m.name() == name);
        let tool = Tool::ALL.into_iter().find(|t| t.name() == name);
        Block::from_name(name)
            .map(Self::Block)
            .or(material.map(Self::Material))
            .or(tool.map(Self::Tool))
    }

    /// Every item a survival player can carry: the blocks a player can hold but water, then
    /// the materials and the tools. Scenario errors and the property tests list these.
    #[must_use]
    pub fn carried() -> Vec<Self> {
        let blocks = Block::all()
            .filter(|&b| Self::can_hold(b) && !b.is_water())
            .map(Self::Block);
        blocks
            .chain(Material::ALL.map(Self::Material))
            .chain(Tool::ALL.map(Self::Tool))
            .collect()
    }

    /// How many of this item one slot holds: one tool, or a stack of [`Item::STACK`].
    #[must_use]
    pub const fn max_stack(self) -> u8 {
        match self {
            Self::Tool(_) => 1,
            _ => Self::STACK,
        }
    }

    /// The tool this is, if it is one.
    #[must_use]
    pub const fn tool(self) -> Option<Tool> {
        match self {
            Self::Tool(t) => Some(t),
            _ => None,
        }
    }

    /// Whether a player can hold `block`, and so place it: every block but air and bedrock
    /// (which could never be removed), farmland (tilled by a hoe) and crops (planted from
    /// seeds), held as itself (a wall torch is held as the torch,
    /// which becomes one where it is placed), and of water only the source, which is poured.
    /// The inventory offers these, and a server places no other.
    #[must_use]
    pub fn can_hold(block: Block) -> bool {
        let grown = block.is_crop() || block == Block::FARMLAND;
        let held =
            block != Block::AIR && block.held_as() == block && block.is_breakable() && !grown;
        block == Block::WATER || (held && !block.is_water())
    }

    /// What using the item (the place button) does: placing a block or a crate; eating
    /// food, tilling with a hoe or planting seeds ([`Action::Use`]); other materials and
    /// tools do nothing.
    #[must_use]
    pub fn use_action(self) -> Option<Action> {
        match self {
            Self::Block(block) => Some(Action::Place(block)),
            Self::Crate => Some(Action::PlaceCrate),
            Self::Material(Material::WheatSeeds)
            | Self::Tool(Tool {
                kind: ToolKind::Hoe,
                ..
            }) => Some(Action::Use),
            Self::Material(_) if super::survival::food(self).is_some() => Some(Action::Use),
            Self::Material(_) | Self::Tool(_) => None,
        }
    }
}

impl From<Block> for Item {
    fn from(block: Block) -> Self {
        Self::Block(block)
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

travels_by_number!(Item, u16, "item", Item::id, Item::from_id);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_round_trips_through_its_name_and_the_crate_name_is_free() {
        let items = Block::all().map(Item::Block).chain([Item::Crate]);
        let items: Vec<Item> = items.chain(Item::carried()).collect();
        for &item in &items {
            assert_eq!(Item::from_name(item.name()), Some(item), "{item}");
        }
        let mut names: Vec<_> = Block::all().map(Block::name).collect();
        names.extend(Material::ALL.map(Material::name));
        names.extend(Tool::ALL.map(Tool::name));
        names.push(Item::CRATE_NAME);
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "no two items share a name");
        assert_eq!(Item::from_name("netherite_sword"), None);
        for &item in &items {
            assert_eq!(Item::from_id(item.id()), Some(item), "{item}");
        }
    }

    #[test]
    fn using_an_item_places_it() {
        assert_eq!(
            Item::Block(Block::GLASS).use_action(),
            Some(Action::Place(Block::GLASS))
        );
        assert_eq!(Item::Crate.use_action(), Some(Action::PlaceCrate));
        assert_eq!(Item::from_name("stick").and_then(Item::use_action), None);
        assert!(DEFAULT_HOTBAR.contains(&Item::Crate));
    }
}
