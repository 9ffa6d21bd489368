//! What the player can hold: a block to place, or a crate.
//!
//! The hotbar holds items; the place button turns the selected one into an [`Action`].

use std::fmt;

use super::Action;
use crate::world::Block;

/// Something held in a hotbar slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A block, placed against the face the player looks at.
    Block(Block),
    /// A 1×1×1 crate, placed against the face (of a block or a crate) the player looks at.
    Crate,
}

/// Slots in the hotbar.
pub const HOTBAR_SLOTS: usize = 9;

/// The hotbar a new player starts with: building blocks, water to pour, lights and a crate.
pub const DEFAULT_HOTBAR: [Item; HOTBAR_SLOTS] = [
    Item::Block(Block::Stone),
    Item::Block(Block::Water),
    Item::Block(Block::Planks),
    Item::Block(Block::Cobblestone),
    Item::Block(Block::Glass),
    Item::Block(Block::StoneSlab),
    Item::Block(Block::Torch),
    Item::Block(Block::Glowstone),
    Item::Crate,
];

impl Item {
    /// The name the crate goes by in saves; no block has it (a test checks).
    const CRATE_NAME: &'static str = "crate";

    /// The item's name: the block's name, or `crate`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Block(block) => block.name(),
            Self::Crate => Self::CRATE_NAME,
        }
    }

    /// The item called `name`, if there is one.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        if name == Self::CRATE_NAME {
            Some(Self::Crate)
        } else {
            Block::from_name(name).map(Self::Block)
        }
    }

    /// Whether a player can hold `block`, and so place it: every block but air and bedrock
    /// (which could never be removed), held as itself (a wall torch is held as the torch,
    /// which becomes one where it is placed), and of water only the source, which is poured.
    /// The inventory offers these, and a server places no other.
    #[must_use]
    pub fn can_hold(block: Block) -> bool {
        let held = block != Block::Air && block.held_as() == block && block.is_breakable();
        block == Block::Water || (held && !block.is_water())
    }

    /// What using the item (the place button) does.
    #[must_use]
    pub const fn use_action(self) -> Action {
        match self {
            Self::Block(block) => Action::Place(block),
            Self::Crate => Action::PlaceCrate,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_round_trips_through_its_name_and_the_crate_name_is_free() {
        let items = Block::ALL.into_iter().map(Item::Block).chain([Item::Crate]);
        for item in items {
            assert_eq!(Item::from_name(item.name()), Some(item), "{item}");
        }
        assert!(Block::from_name(Item::CRATE_NAME).is_none());
        assert_eq!(Item::from_name("diamond"), None);
    }

    #[test]
    fn using_an_item_places_it() {
        assert_eq!(
            Item::Block(Block::Glass).use_action(),
            Action::Place(Block::Glass)
        );
        assert_eq!(Item::Crate.use_action(), Action::PlaceCrate);
        assert!(DEFAULT_HOTBAR.contains(&Item::Crate));
    }
}
