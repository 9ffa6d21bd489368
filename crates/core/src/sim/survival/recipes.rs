//! Crafting: the recipes as one table of data, shaped as Minecraft's, and how a grid or a
//! player's inventory is matched against them.
//!
//! A recipe is a pattern of rows, each character a key naming the items that may stand
//! there (any planks make sticks) and a space an empty cell. A grid matches when its filled
//! cells, cut to their bounding box, are the pattern or its mirror image. A pattern wider
//! or taller than two cells needs a crafting table's 3×3 grid.

use super::inventory::{Inventory, Stack};
use super::tools::{Material, Tier, Tool, ToolKind};
use crate::sim::Item;
use crate::world::Block;

/// One recipe: what it makes from what, laid out how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// What it makes.
    pub output: Item,
    /// How many of it one batch makes.
    pub count: u8,
    /// The rows of the pattern, top first; every row as wide as the first.
    pub pattern: &'static [&'static str],
    /// What each character of the pattern stands for: the items that may be there.
    pub key: Key,
}

const fn block(b: Block) -> Item {
    Item::Block(b)
}

const fn material(m: Material) -> Item {
    Item::Material(m)
}

const PLANKS: &[Item] = &[
    block(Block::PLANKS),
    block(Block::SPRUCE_PLANKS),
    block(Block::BIRCH_PLANKS),
];
const STICK: &[Item] = &[material(Material::Stick)];
const LOG: &[Item] = &[block(Block::LOG)];
const SPRUCE_LOG: &[Item] = &[block(Block::SPRUCE_LOG)];
const BIRCH_LOG: &[Item] = &[block(Block::BIRCH_LOG)];
const COBBLESTONE: &[Item] = &[block(Block::COBBLESTONE)];
const SAND: &[Item] = &[block(Block::SAND)];
const STONE: &[Item] = &[block(Block::STONE)];
const BRICK: &[Item] = &[material(Material::Brick)];
const BRICKS: &[Item] = &[block(Block::BRICKS)];
const STONE_BRICKS: &[Item] = &[block(Block::STONE_BRICKS)];
const SANDSTONE: &[Item] = &[block(Block::SANDSTONE)];
const IRON_INGOT: &[Item] = &[material(Material::IronIngot)];
const DIAMOND: &[Item] = &[material(Material::Diamond)];
const WHEAT: &[Item] = &[material(Material::Wheat)];
/// What a bed is stuffed with: wool of any colour, as in Minecraft, or straw (wheat), which
/// a world without sheep can grow.
const BEDDING: &[Item] = &[
    material(Material::Wheat),
    block(Block::WHITE_WOOL),
    block(Block::ORANGE_WOOL),
    block(Block::MAGENTA_WOOL),
    block(Block::LIGHT_BLUE_WOOL),
    block(Block::YELLOW_WOOL),
    block(Block::LIME_WOOL),
    block(Block::PINK_WOOL),
    block(Block::GRAY_WOOL),
    block(Block::LIGHT_GRAY_WOOL),
    block(Block::CYAN_WOOL),
    block(Block::PURPLE_WOOL),
    block(Block::BLUE_WOOL),
    block(Block::BROWN_WOOL),
    block(Block::GREEN_WOOL),
    block(Block::RED_WOOL),
    block(Block::BLACK_WOOL),
];
const COAL: &[Item] = &[material(Material::Coal), material(Material::Charcoal)];

/// A recipe making `count` of `output` from the pattern `pattern` with `key`.
const fn recipe(output: Item, count: u8, pattern: &'static [&'static str], key: Key) -> Recipe {
    Recipe {
        output,
        count,
        pattern,
        key,
    }
}

/// A key: what each character of a pattern stands for.
type Key = &'static [(char, &'static [Item])];

/// The four tools of one tier, made of what `key`'s `M` names with sticks (`S`).
fn tools(tier: Tier, key: Key) -> [Recipe; 4] {
    let tool = |kind| Item::Tool(Tool::new(kind, tier));
    [
        recipe(tool(ToolKind::Pickaxe), 1, &["MMM", " S ", " S "], key),
        recipe(tool(ToolKind::Axe), 1, &["MM", "MS", " S"], key),
        recipe(tool(ToolKind::Shovel), 1, &["M", "S", "S"], key),
        recipe(tool(ToolKind::Hoe), 1, &["MM", " S", " S"], key),
    ]
}

/// Three in a row of what `key`'s `X` names make six slabs.
const fn slabs(key: Key, slab: Block) -> Recipe {
    recipe(block(slab), 6, &["XXX"], key)
}

/// Every recipe. The README's list of recipes is this table.
pub static RECIPES: std::sync::LazyLock<Vec<Recipe>> = std::sync::LazyLock::new(|| {
    let mut all = vec![
        recipe(block(Block::PLANKS), 4, &["L"], &[('L', LOG)]),
        recipe(block(Block::SPRUCE_PLANKS), 4, &["L"], &[('L', SPRUCE_LOG)]),
        recipe(block(Block::BIRCH_PLANKS), 4, &["L"], &[('L', BIRCH_LOG)]),
        recipe(material(Material::Stick), 4, &["P", "P"], &[('P', PLANKS)]),
        recipe(
            block(Block::CRAFTING_TABLE),
            1,
            &["PP", "PP"],
            &[('P', PLANKS)],
        ),
        recipe(
            block(Block::FURNACE),
            1,
            &["CCC", "C C", "CCC"],
            &[('C', COBBLESTONE)],
        ),
        recipe(
            block(Block::TORCH),
            4,
            &["C", "S"],
            &[('C', COAL), ('S', STICK)],
        ),
        recipe(block(Block::SANDSTONE), 1, &["SS", "SS"], &[('S', SAND)]),
        recipe(
            block(Block::STONE_BRICKS),
            4,
            &["SS", "SS"],
            &[('S', STONE)],
        ),
        recipe(block(Block::BRICKS), 1, &["BB", "BB"], &[('B', BRICK)]),
        slabs(&[('X', STONE)], Block::STONE_SLAB),
        slabs(&[('X', PLANKS)], Block::PLANKS_SLAB),
        slabs(&[('X', COBBLESTONE)], Block::COBBLESTONE_SLAB),
        slabs(&[('X', BRICKS)], Block::BRICK_SLAB),
        slabs(&[('X', STONE_BRICKS)], Block::STONE_BRICK_SLAB),
        slabs(&[('X', SANDSTONE)], Block::SANDSTONE_SLAB),
    ];
    all.extend(tools(Tier::Wood, &[('M', PLANKS), ('S', STICK)]));
    all.extend(tools(Tier::Stone, &[('M', COBBLESTONE), ('S', STICK)]));
    all.extend(tools(Tier::Iron, &[('M', IRON_INGOT), ('S', STICK)]));
    all.extend(tools(Tier::Diamond, &[('M', DIAMOND), ('S', STICK)]));
    all.push(recipe(
        material(Material::Bread),
        1,
        &["WWW"],
        &[('W', WHEAT)],
    ));
    all.push(recipe(
        block(Block::DOOR_LOWER_NORTH),
        3,
        &["PP", "PP", "PP"],
        &[('P', PLANKS)],
    ));
    all.push(recipe(
        block(Block::BED_FOOT_NORTH),
        1,
        &["WWW", "PPP"],
        &[('W', BEDDING), ('P', PLANKS)],
    ));
    all.push(recipe(
        block(Block::CHEST),
        1,
        &["PPP", "P P", "PPP"],
        &[('P', PLANKS)],
    ));
    all
});

impl Recipe {
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
    pub(crate) fn allowed(&self, x: usize, y: usize) -> Option<&'static [Item]> {
        let c = self.pattern[y].as_bytes()[x] as char;
        self.key
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, items)| *items)
    }

    /// How many items one batch takes for each key, in key order.
    fn needs(&self) -> Vec<(&'static [Item], u32)> {
        self.key
            .iter()
            .map(|&(k, items)| {
                let n = self
                    .pattern
                    .iter()
                    .flat_map(|r| r.chars())
                    .filter(|&c| c == k);
                // A pattern has at most nine cells.
                (items, u32::try_from(n.count()).unwrap_or(u32::MAX))
            })
            .collect()
    }

    /// Whether `grid` (a square of `side` cells, row by row) holds exactly this pattern or
    /// its mirror image, anywhere in it.
    #[must_use]
    pub fn matches(&self, grid: &[Option<Item>], side: usize) -> bool {
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

/// The recipe a `side`-square grid (2 or 3) holds, if any; a 2×2 grid never holds one that
/// needs a table.
#[must_use]
pub fn recipe_in(grid: &[Option<Item>], side: usize) -> Option<&'static Recipe> {
    RECIPES.iter().find(|r| r.matches(grid, side))
}

/// The first recipe that makes `item`, among those `inventory` can afford if any can.
#[must_use]
pub fn recipe_for(item: Item, inventory: &Inventory) -> Option<&'static Recipe> {
    let making = || RECIPES.iter().filter(move |r| r.output == item);
    making()
        .find(|r| r.affordable(inventory))
        .or_else(|| making().next())
}

#[cfg(test)]
mod tests;
