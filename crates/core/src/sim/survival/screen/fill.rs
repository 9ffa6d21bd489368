//! The recipe book's fill: a recipe laid into the crafting grid from the inventory with one
//! click, as Minecraft's recipe book does.
//!
//! What the grid held goes back into the inventory first (where it does not all fit, the
//! rest stays in the grid and the fill is refused). Then each cell of the recipe's pattern, from the grid's top
//! left, takes one item for each batch: of the items its key allows, the one the inventory
//! holds most of. One batch, or with `all` as many as the inventory affords and a stack per
//! cell holds. A recipe wider or taller than the open grid is passed over for the next that
//! makes the same.

use super::{INTO_INVENTORY, Slots, add_in_order, changed};
use crate::sim::Item;
use crate::sim::survival::inventory::{SLOTS, Stack};
use crate::sim::survival::recipes::Recipe;

use super::Clicked;

impl Slots<'_> {
    /// Lays the first of `recipes` that fits the open grid and the inventory into the grid
    /// from the inventory: one batch, or with `all` as many as can be. The grid is emptied
    /// first, whether or not one is laid.
    pub fn fill<'r>(
        &mut self,
        recipes: impl IntoIterator<Item = &'r Recipe>,
        all: bool,
    ) -> Clicked {
        let side = self.side();
        if side == 0 {
            return Clicked::default();
        }
        let held = self.screen.grid.iter().any(Option::is_some);
        if !self.empty_grid() {
            return Clicked {
                changed: held,
                ..Clicked::default()
            };
        }
        let most = if all { u32::from(Item::STACK) } else { 1 };
        for recipe in recipes {
            let (w, h) = recipe.size();
            if w > side || h > side {
                continue;
            }
            let cells: Vec<(usize, &[Item])> = (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter_map(|(x, y)| recipe.allowed(x, y).map(|items| (y * side + x, items)))
                .collect();
            let laid = (1..=most)
                .rev()
                .find_map(|n| self.choose(&cells, n).map(|chosen| (n, chosen)));
            if let Some((batches, chosen)) = laid {
                let count = u8::try_from(batches).unwrap_or(u8::MAX);
                for (cell, item) in chosen {
                    self.take_items(item, count);
                    self.screen.grid[cell] = Some(Stack::new(item, count));
                }
                return changed();
            }
        }
        Clicked {
            changed: held,
            ..Clicked::default()
        }
    }

    /// Empties the grid into the inventory; whether it is empty now (what did not fit
    /// stays where it was).
    fn empty_grid(&mut self) -> bool {
        let side = self.side();
        for cell in 0..side * side {
            if let Some(stack) = self.screen.grid[cell] {
                self.screen.grid[cell] = add_in_order(self.inventory, stack, &INTO_INVENTORY);
            }
        }
        self.screen.grid.iter().all(Option::is_none)
    }

    /// The item each of `cells` takes for `batches` batches, the one of its key's items
    /// the inventory has most left of, if the inventory holds them all.
    fn choose(&self, cells: &[(usize, &[Item])], batches: u32) -> Option<Vec<(usize, Item)>> {
        let mut left: Vec<(Item, u32)> = Vec::new();
        let mut chosen = Vec::with_capacity(cells.len());
        for &(cell, items) in cells {
            let have = |item: Item, left: &[(Item, u32)]| {
                left.iter()
                    .find(|(i, _)| *i == item)
                    .map_or(self.inventory.count(item), |&(_, n)| n)
            };
            let item = items
                .iter()
                .copied()
                .filter(|&i| batches <= u32::from(i.max_stack()))
                .max_by_key(|&i| have(i, &left))?;
            let remaining = have(item, &left).checked_sub(batches)?;
            match left.iter_mut().find(|(i, _)| *i == item) {
                Some(entry) => entry.1 = remaining,
                None => left.push((item, remaining)),
            }
            chosen.push((cell, item));
        }
        Some(chosen)
    }

    /// Takes `count` of `item` out of the inventory, the rows above the hotbar first.
    fn take_items(&mut self, item: Item, count: u8) {
        let mut left = count;
        let order = (INTO_INVENTORY.iter()).flat_map(Clone::clone);
        for i in order.take(SLOTS) {
            if left == 0 {
                break;
            }
            if self.inventory.slots()[i].is_some_and(|s| s.item == item) {
                let taken = self.inventory.take_from(i, left).map_or(0, |s| s.count);
                left -= taken;
            }
        }
    }
}
