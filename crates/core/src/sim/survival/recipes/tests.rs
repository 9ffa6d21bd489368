use super::*;
use crate::sim::survival::rules::{recipe_for, recipe_in, recipes};
use crate::sim::survival::{Material, Tier, Tool, ToolKind};
use crate::world::Block;

const fn block(b: Block) -> Item {
    Item::Block(b)
}

const fn material(m: Material) -> Item {
    Item::Material(m)
}

#[expect(
    clippy::unnecessary_wraps,
    reason = "a cell of a crafting grid, which may be empty"
)]
const fn planks() -> Option<Item> {
    Some(block(Block::PLANKS))
}

/// The grid a recipe's pattern lays out in the top left of a `side` square, with each key
/// filled by its first item.
fn laid_out(r: &Recipe, side: usize) -> Vec<Option<Item>> {
    let mut grid = vec![None; side * side];
    for (y, row) in r.pattern.iter().enumerate() {
        for (x, _) in row.chars().enumerate() {
            grid[y * side + x] = r.allowed(x, y).map(|items| items[0]);
        }
    }
    grid
}

#[test]
fn every_recipe_matches_its_own_pattern_on_the_table_and_only_small_ones_in_the_hand() {
    for r in recipes() {
        assert_eq!(
            recipe_in(&laid_out(r, 3), 3).map(|f| f.output),
            Some(r.output)
        );
        if !r.needs_table() {
            assert_eq!(
                recipe_in(&laid_out(r, 2), 2).map(|f| f.output),
                Some(r.output)
            );
        }
    }
}

#[test]
fn patterns_match_anywhere_and_mirrored_but_not_with_extra_items() {
    // An axe, mirrored and in the right-hand columns.
    let stick = Some(material(Material::Stick));
    let cobble = Some(block(Block::COBBLESTONE));
    let grid = [None, cobble, cobble, None, stick, cobble, None, stick, None];
    let axe = Item::Tool(Tool::new(ToolKind::Axe, Tier::Stone));
    assert_eq!(recipe_in(&grid, 3).map(|r| r.output), Some(axe));
    let mut extra = grid;
    extra[0] = planks();
    assert_eq!(recipe_in(&extra, 3), None);
    // Sticks from two kinds of planks, in the second column of the hand's grid.
    let mixed = [None, planks(), None, Some(block(Block::BIRCH_PLANKS))];
    assert_eq!(
        recipe_in(&mixed, 2).map(|r| (r.output, r.count)),
        Some((material(Material::Stick), 4))
    );
    // Planks side by side make no sticks.
    assert_eq!(recipe_in(&[planks(), planks(), None, None], 2), None);
}

#[test]
fn a_batch_takes_its_ingredients_from_the_first_slots_or_nothing() {
    let mut inv = Inventory::new();
    inv.add(Stack::new(block(Block::BIRCH_PLANKS), 1));
    inv.add(Stack::new(block(Block::PLANKS), 2));
    let sticks = recipe_for(material(Material::Stick), &inv).expect("a recipe for sticks");
    assert!(sticks.take_from(&mut inv));
    assert_eq!(inv.count(block(Block::BIRCH_PLANKS)), 0);
    assert_eq!(inv.count(block(Block::PLANKS)), 1);
    assert!(!sticks.take_from(&mut inv));
    assert_eq!(inv.count(block(Block::PLANKS)), 1);
}

#[test]
fn each_log_makes_planks_of_its_own_wood() {
    let mut inv = Inventory::new();
    inv.add(Stack::new(block(Block::SPRUCE_LOG), 1));
    let r = recipe_for(block(Block::SPRUCE_PLANKS), &inv).expect("spruce planks");
    assert!(r.take_from(&mut inv));
    assert_eq!(r.made(), Stack::new(block(Block::SPRUCE_PLANKS), 4));
    assert!(recipe_for(block(Block::PLANKS), &inv).is_some_and(|r| !r.affordable(&inv)));
}
