//! The creative inventory: every block and the crate, with icons, names and a search box.
//! Clicking one puts it in hand (as a middle click on it in the world would); dragging one
//! onto a hotbar slot puts it there.

use super::icons::{item_name, paint_icon};
use crate::app::input::InputState;
use hewn_core::sim::Item;
use hewn_core::world::Block;

/// The side of one item's cell in the grid, in points.
const CELL: egui::Vec2 = egui::vec2(76.0, 66.0);
/// The side of an item's icon, in points.
const ICON: f32 = 34.0;

/// Everything the inventory offers: each block a player can hold, in the registry's order
/// (wall torches are held as the torch; a water source is poured, flowing water never held;
/// air and bedrock are not held), then the crate.
#[must_use]
pub fn all_items() -> Vec<Item> {
    Block::all()
        .filter(|&b| Item::can_hold(b))
        .map(Item::Block)
        .chain([Item::Crate])
        .collect()
}

/// The items whose name contains `search` (any case); all for an empty search.
#[must_use]
pub fn matching(items: &[Item], search: &str) -> Vec<Item> {
    let search = search.trim().to_lowercase();
    items
        .iter()
        .copied()
        .filter(|&item| item_name(item).to_lowercase().contains(&search))
        .collect()
}

/// What the inventory remembers between frames.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InventoryState {
    /// The search box's text.
    pub search: String,
}

/// Draws the inventory over the game, changing the hotbar in `input`; `atlas` is the block
/// atlas as egui knows it.
pub fn show(
    ui: &mut egui::Ui,
    state: &mut InventoryState,
    input: &mut InputState,
    atlas: egui::TextureId,
) {
    super::dim(ui, 150);
    let offered = all_items();
    let items = matching(&offered, &state.search);
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE.inner_margin(16.0))
        .show(ui, |ui| {
            let width = ui.available_width().min(CELL.x * 10.0 + 24.0);
            ui.vertical_centered(|ui| {
                ui.set_max_width(width);
                ui.horizontal(|ui| {
                    ui.heading("Blocks");
                    let search = ui.add(
                        egui::TextEdit::singleline(&mut state.search)
                            .hint_text("Search")
                            .desired_width(200.0),
                    );
                    // Typing searches at once, as in Minecraft's search tab; Esc closes.
                    if ui.memory(|m| m.focused().is_none()) {
                        search.request_focus();
                    }
                    ui.label(format!("{} of {}", items.len(), offered.len()));
                });
                let grid_height = (ui.available_height() - ICON - 40.0).max(CELL.y);
                let gap = ui.spacing().item_spacing.x;
                let columns = ((width - 24.0 + gap) / (CELL.x + gap)).floor().max(1.0) as usize;
                egui::Frame::group(ui.style())
                    .fill(egui::Color32::from_black_alpha(140))
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .max_height(grid_height)
                            .auto_shrink([false, true])
                            .show(ui, |ui| {
                                for row in items.chunks(columns) {
                                    ui.horizontal(|ui| {
                                        for &item in row {
                                            item_cell(ui, item, input, atlas);
                                        }
                                    });
                                }
                            });
                    });
                ui.add_space(6.0);
                hotbar(ui, input, atlas);
            });
        });
}

/// One item of the grid: its icon and name; click to hold it, drag to a hotbar slot.
fn item_cell(ui: &mut egui::Ui, item: Item, input: &mut InputState, atlas: egui::TextureId) {
    let id = egui::Id::unique(("inventory item", item_name(item)));
    let (rect, _) = ui.allocate_exact_size(CELL, egui::Sense::hover());
    let response = ui.interact(rect, id, egui::Sense::click_and_drag());
    let icon = egui::Rect::from_center_size(
        rect.center_top() + egui::vec2(0.0, 4.0 + ICON / 2.0),
        egui::Vec2::splat(ICON),
    );
    paint_icon(ui.painter(), icon, atlas, item);
    ui.painter().text(
        rect.center_bottom() - egui::vec2(0.0, 4.0),
        egui::Align2::CENTER_BOTTOM,
        item_name(item),
        egui::FontId::proportional(11.0),
        ui.visuals().text_color(),
    );
    if response.hovered() {
        ui.painter().rect_stroke(
            rect,
            4.0,
            ui.visuals().widgets.hovered.bg_stroke,
            egui::StrokeKind::Inside,
        );
    }
    if response.dragged() {
        // The item rides on the pointer until it is dropped on a hotbar slot.
        egui::DragAndDrop::set_payload(ui.ctx(), item);
        if let Some(pointer) = ui.ctx().pointer_interact_pos() {
            let layer = egui::LayerId::new(egui::Order::Tooltip, id);
            let held = egui::Rect::from_center_size(pointer, egui::Vec2::splat(ICON));
            paint_icon(&ui.ctx().layer_painter(layer), held, atlas, item);
        }
    }
    if response.clicked() {
        input.pick(item);
    }
}

/// The nine hotbar slots: click one to select it; drop an item on one to put it there.
fn hotbar(ui: &mut egui::Ui, input: &mut InputState, atlas: egui::TextureId) {
    ui.horizontal(|ui| {
        ui.label("Hotbar");
        for slot in 0..input.hotbar.len() {
            let frame =
                egui::Frame::default()
                    .inner_margin(2.0)
                    .stroke(if slot == input.selected() {
                        egui::Stroke::new(2.0, egui::Color32::WHITE)
                    } else {
                        ui.visuals().widgets.inactive.bg_stroke
                    });
            let (response, dropped) = ui.dnd_drop_zone::<Item, ()>(frame, |ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::Vec2::splat(ICON + 8.0), egui::Sense::hover());
                paint_icon(ui.painter(), rect.shrink(4.0), atlas, input.hotbar[slot]);
            });
            let click = ui.interact(
                response.response.rect,
                response.response.id.with("click"),
                egui::Sense::click(),
            );
            if click.clicked() {
                input.select(slot);
            }
            click.on_hover_text(item_name(input.hotbar[slot]));
            if let Some(item) = dropped {
                input.set_slot(slot, *item);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_held_block_and_the_crate_are_offered_once() {
        let items = all_items();
        assert!(items.contains(&Item::Block(Block::GLASS)));
        assert!(items.contains(&Item::Block(Block::TORCH)));
        assert!(items.contains(&Item::Crate));
        assert!(
            items.contains(&Item::Block(Block::WATER)),
            "water is poured"
        );
        for absent in [
            Block::AIR,
            Block::WATER_1,
            Block::WATER_FALLING,
            Block::BEDROCK,
            Block::WALL_TORCH_WEST,
        ] {
            assert!(!items.contains(&Item::Block(absent)), "{absent:?}");
        }
        let unique: std::collections::HashSet<&Item> = items.iter().collect();
        assert_eq!(unique.len(), items.len(), "an item is offered twice");
    }

    #[test]
    fn search_finds_by_name_in_any_case() {
        let found = matching(&all_items(), "GLASS");
        assert_eq!(found, vec![Item::Block(Block::GLASS)]);
        assert_eq!(matching(&all_items(), "").len(), all_items().len());
        assert!(matching(&all_items(), "slab").len() >= 2);
    }
}
