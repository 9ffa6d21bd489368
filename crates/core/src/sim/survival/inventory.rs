//! What a survival player carries: 36 slots, the first 9 of them the hotbar, each empty or
//! holding a stack of one item (up to 64, or one tool with its wear).

use crate::sim::Item;

/// Slots in an inventory.
pub const SLOTS: usize = 36;

/// Some of one item in one slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stack {
    /// What it is.
    pub item: Item,
    /// How many: 1 to the item's [`Item::max_stack`].
    pub count: u8,
    /// For a tool, the uses spent (it breaks when they reach its tier's
    /// [`uses`](super::Tier::uses)); 0 for anything else.
    pub wear: u16,
}

impl Stack {
    /// `count` of `item`, unworn.
    #[must_use]
    pub const fn new(item: Item, count: u8) -> Self {
        Self {
            item,
            count,
            wear: 0,
        }
    }

    /// How many more of its item this stack takes.
    #[must_use]
    pub const fn room(&self) -> u8 {
        self.item.max_stack().saturating_sub(self.count)
    }

    /// Whether `other` can join this stack: the same item, unworn, and not a tool.
    #[must_use]
    pub fn stacks_with(&self, other: &Self) -> bool {
        self.item == other.item && self.wear == 0 && other.wear == 0 && self.item.max_stack() > 1
    }
}

/// A player's 36 slots, in order: the hotbar (0 to 8), then the three rows above it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inventory {
    slots: [Option<Stack>; SLOTS],
}

impl Default for Inventory {
    fn default() -> Self {
        Self {
            slots: [None; SLOTS],
        }
    }
}

impl Inventory {
    /// An empty inventory.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The slots, in order.
    #[must_use]
    pub const fn slots(&self) -> &[Option<Stack>; SLOTS] {
        &self.slots
    }

    /// Slot `i`, to change.
    pub const fn slot_mut(&mut self, i: usize) -> &mut Option<Stack> {
        &mut self.slots[i]
    }

    /// Whether nothing is carried.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }

    /// How many of `item` are carried, over every slot.
    #[must_use]
    pub fn count(&self, item: Item) -> u32 {
        self.slots
            .iter()
            .flatten()
            .filter(|s| s.item == item)
            .map(|s| u32::from(s.count))
            .sum()
    }

    /// Puts `stack` away as a player picking it up would: onto the stacks of its item that
    /// have room, in slot order, then into the first empty slots. Returns what did not fit.
    pub fn add(&mut self, mut stack: Stack) -> Option<Stack> {
        for slot in self.slots.iter_mut().flatten() {
            if stack.count == 0 {
                break;
            }
            if slot.stacks_with(&stack) {
                let moved = slot.room().min(stack.count);
                slot.count += moved;
                stack.count -= moved;
            }
        }
        for slot in &mut self.slots {
            if stack.count == 0 {
                break;
            }
            if slot.is_none() {
                let moved = stack.count.min(stack.item.max_stack());
                *slot = Some(Stack {
                    count: moved,
                    ..stack
                });
                stack.count -= moved;
            }
        }
        (stack.count > 0).then_some(stack)
    }

    /// How many of `stack` [`Inventory::add`] would take.
    #[must_use]
    pub fn room_for(&self, stack: &Stack) -> u32 {
        self.slots
            .iter()
            .map(|slot| match slot {
                None => u32::from(stack.item.max_stack()),
                Some(s) if s.stacks_with(stack) => u32::from(s.room()),
                Some(_) => 0,
            })
            .sum()
    }

    /// Takes `count` of `item` from the first slots that hold it, if that many are carried;
    /// otherwise takes nothing and returns `false`.
    pub fn remove(&mut self, item: Item, count: u32) -> bool {
        if self.count(item) < count {
            return false;
        }
        let mut left = count;
        for slot in &mut self.slots {
            if left == 0 {
                break;
            }
            if let Some(s) = slot
                && s.item == item
            {
                let taken = s.count.min(u8::try_from(left).unwrap_or(u8::MAX));
                left -= u32::from(taken);
                s.count -= taken;
                if s.count == 0 {
                    *slot = None;
                }
            }
        }
        true
    }

    /// Takes up to `count` from slot `i`; returns what was taken.
    pub fn take_from(&mut self, i: usize, count: u8) -> Option<Stack> {
        let slot = self.slots.get_mut(i)?;
        let s = slot.as_mut()?;
        let taken = s.count.min(count);
        s.count -= taken;
        let out = Stack { count: taken, ..*s };
        if s.count == 0 {
            *slot = None;
        }
        (taken > 0).then_some(out)
    }

    /// Empties every slot, returning the stacks in slot order.
    pub fn take_all(&mut self) -> Vec<Stack> {
        self.slots.iter_mut().filter_map(Option::take).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::survival::{Tier, Tool, ToolKind};
    use crate::world::Block;

    const DIRT: Item = Item::Block(Block::DIRT);

    #[test]
    fn adding_fills_stacks_first_then_empty_slots_in_order() {
        let mut inv = Inventory::new();
        *inv.slot_mut(3) = Some(Stack::new(DIRT, 60));
        assert_eq!(inv.add(Stack::new(DIRT, 10)), None);
        assert_eq!(inv.slots()[3].map(|s| s.count), Some(64));
        assert_eq!(inv.slots()[0].map(|s| s.count), Some(6));
        assert_eq!(inv.count(DIRT), 70);
        let pick = Item::Tool(Tool::new(ToolKind::Pickaxe, Tier::Wood));
        assert_eq!(inv.add(Stack::new(pick, 1)), None);
        assert_eq!(inv.slots()[1].map(|s| s.item), Some(pick));
        assert_eq!(inv.room_for(&Stack::new(pick, 1)), 33);
    }

    #[test]
    fn a_full_inventory_hands_back_what_does_not_fit() {
        let mut inv = Inventory::new();
        for _ in 0..SLOTS {
            assert_eq!(inv.add(Stack::new(DIRT, 64)), None);
        }
        assert_eq!(inv.add(Stack::new(DIRT, 5)), Some(Stack::new(DIRT, 5)));
        assert_eq!(inv.room_for(&Stack::new(DIRT, 1)), 0);
    }

    #[test]
    fn removing_takes_from_the_first_slots_or_nothing() {
        let mut inv = Inventory::new();
        *inv.slot_mut(2) = Some(Stack::new(DIRT, 3));
        *inv.slot_mut(5) = Some(Stack::new(DIRT, 4));
        assert!(!inv.remove(DIRT, 8));
        assert_eq!(inv.count(DIRT), 7);
        assert!(inv.remove(DIRT, 5));
        assert_eq!(inv.slots()[2], None);
        assert_eq!(inv.slots()[5].map(|s| s.count), Some(2));
        assert_eq!(inv.take_from(5, 9), Some(Stack::new(DIRT, 2)));
        assert!(inv.is_empty());
    }
}
