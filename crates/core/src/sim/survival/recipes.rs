//! Crafting: recipes, shaped and shapeless as Minecraft's, as a pack's `recipes.toml`
//! declares them ([`super::rules`]), and how a grid or a player's inventory is matched
//! against them.
//!
//! A recipe is a pattern of rows, each character a key naming the items that may stand
//! there (any planks make sticks) and a space an empty cell. A grid matches when its filled
//! cells, cut to their bounding box, are the pattern or its mirror image. A pattern wider
//! or taller than two cells needs a crafting table's 3×3 grid.

use super::inventory::{Inventory, Stack};
use crate::sim::Item;

/// One recipe: what it makes from what, laid out how.
#[derive(Clone, Debug, PartialEq)]
pub struct Recipe {
    /// What it makes.
    pub output: Item,
    /// How many of it one batch makes.
    pub count: u8,
    /// The rows of the pattern, top first; every row as wide as the first. A shapeless
    /// recipe's ingredients are laid out two or three to a row, as the grid would take them.
    pub pattern: Vec<String>,
    /// What each character of the pattern stands for: the items that may be there.
    pub key: Vec<(char, Vec<Item>)>,
    /// Whether its ingredients may stand anywhere in the grid.
    pub shapeless: bool,
}

impl Recipe {
    /// A recipe making `count` of `output` from `pattern`, whose characters `key` names.
    #[must_use]
    pub fn shaped(
        output: Item,
        count: u8,
        pattern: Vec<String>,
        key: Vec<(char, Vec<Item>)>,
    ) -> Self {
        Self {
            output,
            count,
            pattern,
            key,
            shapeless: false,
        }
    }

    /// A recipe making `count` of `output` from one of each of `ingredients` (each the items
    /// that will do), in any cells: laid out two to a row when four or fewer fit the hand's
    /// grid, three otherwise.
    #[must_use]
    pub fn shapeless(output: Item, count: u8, ingredients: Vec<Vec<Item>>) -> Self {
        let width = if ingredients.len() <= 4 { 2 } else { 3 };
        let keys = ('a'..='i').zip(ingredients);
        let key: Vec<(char, Vec<Item>)> = keys.collect();
        let mut pattern: Vec<String> = key
            .chunks(width)
            .map(|row| row.iter().map(|(c, _)| *c).collect())
            .collect();
        let full = pattern.first().map_or(0, String::len);
        for row in &mut pattern {
            while row.len() < full {
                row.push(' ');
            }
        }
        Self {
            output,
            count,
            pattern,
            key,
            shapeless: true,
        }
    }

    /// The pattern's width and height.
    #[must_use]
    pub fn size(&self) -> (usize, usize) {
        (self.pattern[0].len(), self.pattern.len())
    }

    /// Whether it needs a crafting table: a pattern wider or taller than the 2×2 grid.
    #[must_use]
    pub fn needs_table(&self) -> bool {
        let (w, h) = self.size();
        w > 2 || h > 2
    }

    /// What may stand at column `x`, row `y` of the pattern (`None`: the cell stays empty).
    pub(crate) fn allowed(&self, x: usize, y: usize) -> Option<&[Item]> {
        let c = self.pattern[y].as_bytes()[x] as char;
        self.key
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, items)| items.as_slice())
    }

    /// How many items one batch takes for each key, in key order.
    fn needs(&self) -> Vec<(&[Item], u32)> {
        self.key
            .iter()
            .map(|(k, items)| {
                let n = self
                    .pattern
                    .iter()
                    .flat_map(|r| r.chars())
                    .filter(|c| c == k);
                // A pattern has at most nine cells.
                (
                    items.as_slice(),
                    u32::try_from(n.count()).unwrap_or(u32::MAX),
                )
            })
            .collect()
    }

    /// Whether `grid` (a square of `side` cells, row by row) holds exactly this pattern or
    /// its mirror image, anywhere in it.
    #[must_use]
    pub fn matches(&self, grid: &[Option<Item>], side: usize) -> bool {
        if self.shapeless {
            return self.matches_anywhere(grid, side);
        }
        let Some((x0, y0, w, h)) = filled_box(grid, side) else {
            return false;
        };
        if (w, h) != self.size() {
            return false;
        }
        let fits = |mirror: bool| {
            (0..h).all(|y| {
                (0..w).all(|x| {
                    let px = if mirror { w - 1 - x } else { x };
                    let cell = grid[(y0 + y) * side + x0 + x];
                    match (self.allowed(px, y), cell) {
                        (None, None) => true,
                        (Some(items), Some(item)) => items.contains(&item),
                        _ => false,
                    }
                })
            })
        };
        fits(false) || fits(true)
    }

    /// Whether the filled cells of `grid` (a square of `side` cells) are this shapeless
    /// recipe's ingredients, one each, in any cells: each cell's item is given to the first
    /// ingredient still wanting one that takes it, trying every order where two would.
    fn matches_anywhere(&self, grid: &[Option<Item>], side: usize) -> bool {
        let items: Vec<Item> = grid.iter().take(side * side).flatten().copied().collect();
        let wanted: Vec<&[Item]> = self.key.iter().map(|(_, i)| i.as_slice()).collect();
        if items.len() != wanted.len() {
            return false;
        }
        assign(&items, &wanted, &mut vec![false; wanted.len()])
    }

    /// Whether `inventory` holds what one batch takes.
    #[must_use]
    pub fn affordable(&self, inventory: &Inventory) -> bool {
        self.needs()
            .iter()
            .all(|&(items, n)| items.iter().map(|&i| inventory.count(i)).sum::<u32>() >= n)
    }

    /// Takes one batch's ingredients from `inventory`, from the first slots holding any
    /// item a key allows, if it holds them all; otherwise takes nothing and returns
    /// `false`.
    pub fn take_from(&self, inventory: &mut Inventory) -> bool {
        if !self.affordable(inventory) {
            return false;
        }
        for (items, mut left) in self.needs() {
            for i in 0..super::inventory::SLOTS {
                if left == 0 {
                    break;
                }
                let here = inventory.slots()[i].filter(|s| items.contains(&s.item));
                if let Some(s) = here {
                    let taken = s.count.min(u8::try_from(left).unwrap_or(u8::MAX));
                    inventory.take_from(i, taken);
                    left -= u32::from(taken);
                }
            }
        }
        true
    }

    /// One batch of what it makes.
    #[must_use]
    pub const fn made(&self) -> Stack {
        Stack::new(self.output, self.count)
    }
}

/// Whether `items` can be given one to each of `wanted`, none twice.
fn assign(items: &[Item], wanted: &[&[Item]], taken: &mut Vec<bool>) -> bool {
    let Some((&first, rest)) = items.split_first() else {
        return true;
    };
    for (i, choices) in wanted.iter().enumerate() {
        if !taken[i] && choices.contains(&first) {
            taken[i] = true;
            if assign(rest, wanted, taken) {
                return true;
            }
            taken[i] = false;
        }
    }
    false
}

/// The filled cells' bounding box in a `side`-square grid: column, row, width, height.
fn filled_box(grid: &[Option<Item>], side: usize) -> Option<(usize, usize, usize, usize)> {
    let filled: Vec<(usize, usize)> = (0..side * side)
        .filter(|&i| grid[i].is_some())
        .map(|i| (i % side, i / side))
        .collect();
    let x0 = filled.iter().map(|c| c.0).min()?;
    let y0 = filled.iter().map(|c| c.1).min()?;
    let x1 = filled.iter().map(|c| c.0).max()?;
    let y1 = filled.iter().map(|c| c.1).max()?;
    Some((x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}

#[cfg(test)]
mod tests;
