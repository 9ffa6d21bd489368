//! A player's hotbar on the wire: what a client says its player holds at hand, and what the
//! server gives back to a player who joins, so that `hewn serve` keeps each player's hotbar
//! as a world played alone does.

use serde::{Deserialize, Serialize};

use hewn_core::sim::{HOTBAR_SLOTS, Item};
use hewn_save::Hotbar;

/// A hotbar as it travels: each slot's item by [`Item::id`] (`None` for an empty slot), and
/// the slot selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireHotbar {
    /// The item in each slot.
    pub slots: [Option<u16>; HOTBAR_SLOTS],
    /// The slot selected, below [`HOTBAR_SLOTS`].
    pub selected: u8,
}

impl WireHotbar {
    /// `hotbar` as it travels.
    #[must_use]
    pub fn of(hotbar: &Hotbar) -> Self {
        Self {
            slots: hotbar.slots.map(|slot| slot.map(Item::id)),
            // The selection is below HOTBAR_SLOTS (9), so it fits a byte.
            selected: u8::try_from(hotbar.selected).unwrap_or(0),
        }
    }

    /// The hotbar, or `None` for an item that does not exist or can never be held, or a
    /// slot past the last.
    #[must_use]
    pub fn hotbar(&self) -> Option<Hotbar> {
        let selected = usize::from(self.selected);
        if selected >= HOTBAR_SLOTS {
            return None;
        }
        let mut slots = [None; HOTBAR_SLOTS];
        for (slot, id) in slots.iter_mut().zip(self.slots) {
            *slot = match id {
                None => None,
                Some(id) => Some(Item::from_id(id).filter(|&item| holdable(item))?),
            };
        }
        Some(Hotbar { slots, selected })
    }
}

/// Whether `item` can be at hand: any item but a block no player can hold (air, bedrock,
/// flowing water, a wall torch).
fn holdable(item: Item) -> bool {
    match item {
        Item::Block(block) => Item::can_hold(block),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::Block;

    #[test]
    fn a_hotbar_travels_unchanged() {
        let mut hotbar = Hotbar::default();
        hotbar.slots[2] = None;
        hotbar.slots[4] = Some(Item::Block(Block::GLASS));
        hotbar.selected = 8;
        assert_eq!(WireHotbar::of(&hotbar).hotbar(), Some(hotbar));
    }

    #[test]
    fn impossible_hotbars_are_refused() {
        let good = WireHotbar::of(&Hotbar::default());
        let past_the_last = WireHotbar {
            selected: 9,
            ..good
        };
        assert_eq!(past_the_last.hotbar(), None);
        let mut unknown = good;
        unknown.slots[0] = Some(u16::MAX);
        assert_eq!(unknown.hotbar(), None);
        let mut air = good;
        air.slots[1] = Some(Item::Block(Block::AIR).id());
        assert_eq!(air.hotbar(), None, "air is no item to hold");
    }
}
