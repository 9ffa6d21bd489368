//! The recipe book, beside the inventory's and the crafting table's grids: every recipe
//! whose ingredients the player has carried, searchable by name; a click lays one into the
//! grid from the inventory, shift as many as can be
//! ([`ScreenAction::Fill`], [`hewn_core::sim::survival::screen`]).
//!
//! A recipe the grid can hold and the inventory can afford shows bright; one it cannot
//! (too wide for the inventory's grid, or short of an ingredient) shows dimmed, and a click
//! on it lays nothing.

use std::collections::BTreeSet;

use super::icons::{item_name, paint_icon};
use hewn_core::sim::Item;
use hewn_core::sim::survival::recipes::Recipe;
use hewn_core::sim::survival::rules::recipes;
use hewn_core::sim::survival::{Inventory, ScreenAction, Stack, Station};

/// The book's width, in points.
pub const WIDTH: f32 = 5.0 * PITCH + 2.0 * MARGIN;
/// An entry's side.
const ENTRY: f32 = 36.0;
/// From one entry to the next.
const PITCH: f32 = 38.0;
/// The book's margin.
const MARGIN: f32 = 12.0;
/// The side of an entry's icon.
const ICON: f32 = 28.0;

/// What the book shows: the screen it is beside, what the player carries and what lies in
/// the grid, and what it has carried.
#[derive(Clone, Copy, Debug)]
pub struct BookView<'a> {
    /// What is open.
    pub station: Station,
    /// The inventory's slots.
    pub inventory: &'a [Option<Stack>],
    /// The crafting grid's cells.
    pub grid: &'a [Option<Stack>],
    /// Every item the player has carried.
    pub seen: &'a BTreeSet<Item>,
}

/// What the book remembers between frames: the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookState {
    /// What is typed in the search box.
    pub search: String,
}

/// Whether the book opens beside `station`'s screen: those with a crafting grid.
#[must_use]
pub const fn beside(station: Station) -> bool {
    matches!(station, Station::Inventory | Station::Table(_))
}

/// The items the book lists, each once, in the order of the recipe table: those with a
/// recipe every ingredient of which (some item each key allows) is in `seen`.
#[must_use]
pub fn known(seen: &BTreeSet<Item>) -> Vec<Item> {
    let mut listed: Vec<Item> = Vec::new();
    for r in recipes() {
        let all_seen = r
            .key
            .iter()
            .all(|(_, items)| items.iter().any(|i| seen.contains(i)));
        if all_seen && !listed.contains(&r.output) {
            listed.push(r.output);
        }
    }
    listed
}

/// Whether a recipe for `item` fits the open grid of side `side` and can be made from
/// `inventory` with the grid's contents back in it.
fn makeable(item: Item, side: usize, inventory: &Inventory) -> bool {
    let fits = |r: &&Recipe| {
        let (w, h) = r.size();
        w <= side && h <= side
    };
    recipes()
        .iter()
        .filter(|r| r.output == item)
        .filter(fits)
        .any(|r| r.affordable(inventory))
}

/// Draws the book at `rect` for `view`; returns the fill a click asked for, if any.
pub fn show(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    state: &mut BookState,
    view: &BookView<'_>,
    atlas: egui::TextureId,
) -> Option<ScreenAction> {
    let side = view.station.grid_side();
    if !beside(view.station) {
        return None;
    }
    let painter = ui.painter().clone();
    super::paint_panel(&painter, rect, MARGIN, "Recipes");
    let search = egui::Rect::from_min_size(
        rect.min + egui::vec2(MARGIN, MARGIN + 20.0),
        egui::vec2(rect.width() - 2.0 * MARGIN, 22.0),
    );
    ui.put(
        search,
        egui::TextEdit::singleline(&mut state.search).hint_text("Search"),
    );
    // What the inventory would hold with the grid emptied back into it.
    let mut inventory = Inventory::new();
    for stack in view.inventory.iter().chain(view.grid).flatten() {
        inventory.add(*stack);
    }
    let wanted = state.search.to_lowercase();
    let listed: Vec<Item> = known(view.seen)
        .into_iter()
        .filter(|&i| item_name(i).to_lowercase().contains(&wanted))
        .collect();
    let top = search.max.y + 10.0;
    let pointer = ui.input(|i| i.pointer.clone());
    let shift = ui.input(|i| i.modifiers.shift);
    let mut asked = None;
    let mut hovered = None;
    for (i, &item) in listed.iter().enumerate() {
        let (col, row) = ((i % 5) as f32, (i / 5) as f32);
        let at = egui::pos2(rect.min.x + MARGIN + col * PITCH, top + row * PITCH);
        let entry = egui::Rect::from_min_size(at, egui::Vec2::splat(ENTRY));
        if entry.max.y > rect.max.y - MARGIN {
            break;
        }
        let ready = makeable(item, side, &inventory);
        let ground = if ready { 150 } else { 110 };
        painter.rect_filled(entry, 3.0, egui::Color32::from_gray(ground));
        let icon = egui::Rect::from_center_size(entry.center(), egui::Vec2::splat(ICON));
        paint_icon(&painter, icon, atlas, item);
        if !ready {
            painter.rect_filled(entry, 3.0, egui::Color32::from_black_alpha(110));
        }
        let over = pointer.hover_pos().is_some_and(|p| entry.contains(p));
        if over {
            hovered = Some((item, entry));
            painter.rect_filled(entry.shrink(1.0), 3.0, egui::Color32::from_white_alpha(60));
            if pointer.primary_pressed() {
                asked = Some(ScreenAction::Fill { item, all: shift });
            }
        }
    }
    if let Some((item, entry)) = hovered {
        let font = egui::FontId::proportional(13.0);
        let galley = painter.layout_no_wrap(item_name(item), font, egui::Color32::WHITE);
        let tip =
            egui::Rect::from_min_size(entry.right_top() + egui::vec2(6.0, -6.0), galley.size())
                .expand(4.0);
        painter.rect_filled(
            tip,
            3.0,
            egui::Color32::from_rgba_unmultiplied(20, 0, 30, 230),
        );
        painter.galley(tip.min + egui::vec2(4.0, 4.0), galley, egui::Color32::WHITE);
    }
    asked
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::sim::survival::Material;
    use hewn_core::world::Block;

    #[test]
    fn the_book_lists_what_the_items_carried_make_each_once() {
        let seen: BTreeSet<Item> = [Item::Block(Block::LOG)].into();
        assert_eq!(known(&seen), [Item::Block(Block::PLANKS)]);
        let seen: BTreeSet<Item> = [
            Item::Block(Block::LOG),
            Item::Block(Block::PLANKS),
            Item::Material(Material::Stick),
        ]
        .into();
        let listed = known(&seen);
        for made in [
            "planks",
            "stick",
            "crafting_table",
            "wooden_pickaxe",
            "chest",
            "door",
        ] {
            assert!(
                listed.iter().any(|i| i.name() == made),
                "{made}: {listed:?}"
            );
        }
        assert!(!listed.iter().any(|i| i.name() == "bread"));
        let mut unique = listed.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), listed.len());
        assert!(known(&BTreeSet::new()).is_empty());
    }
}
