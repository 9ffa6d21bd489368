//! The survival screens: the player's inventory with its 2×2 crafting grid, a crafting
//! table's 3×3 grid, a furnace, and a chest's three rows (six for a double chest), each
//! over the inventory's 27 slots and the hotbar, laid out as Minecraft's.
//!
//! Nothing here moves a stack: a press on a slot becomes a
//! [`ScreenAction::Click`] that the simulation plays by its rules
//! ([`hewn_core::sim::survival::screen`]), and the screen shows what the simulation holds. A
//! left press takes or puts down, a right press splits or puts down one, shift moves; a
//! stack taken by a press and let go over another slot is put down there (a drag); holding
//! the right button over slot after slot puts one in each; a press off the screen throws
//! the stack held.

use super::icons::{item_name, paint_icon};
use super::recipe_book;
use hewn_core::sim::survival::{
    CHEST_SLOTS, ClickKind, Furnace, FurnaceSlot, SLOTS, SMELT_TICKS, ScreenAction, SlotRef, Stack,
    Station, rules::recipe_in,
};
use hewn_core::sim::{HOTBAR_SLOTS, Item};
use hewn_render::hud::wear_colour;

/// A slot's side, in points.
const SLOT: f32 = 36.0;
/// From one slot to the next.
const PITCH: f32 = 38.0;
/// The side of an item's icon in its slot.
const ICON: f32 = 28.0;
/// The panel's margin.
const MARGIN: f32 = 12.0;
/// The width of the arrow between a grid and what it makes.
const ARROW: f32 = 44.0;
/// Height of a heading line.
const HEADING: f32 = 18.0;

/// What the survival screen shows: the simulation's state of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenView {
    /// What is open.
    pub station: Station,
    /// The inventory's slots.
    pub inventory: [Option<Stack>; SLOTS],
    /// The crafting grid, row by row in a square of the station's side.
    pub grid: [Option<Stack>; 9],
    /// The stack on the cursor.
    pub cursor: Option<Stack>,
    /// The furnace open (empty on other screens).
    pub furnace: Furnace,
    /// The chest open: 27 slots, or 54 for a double chest (none on other screens).
    pub chest: Vec<Option<Stack>>,
    /// Every item the player has carried: what the recipe book's recipes are made of.
    pub seen: std::collections::BTreeSet<Item>,
    /// The hotbar slot in hand.
    pub selected: u8,
}

impl ScreenView {
    /// What `slot` shows.
    #[must_use]
    pub fn stack(&self, slot: SlotRef) -> Option<Stack> {
        match slot {
            SlotRef::Inventory(i) => self.inventory[usize::from(i)],
            SlotRef::Grid(i) => self.grid[usize::from(i)],
            SlotRef::Result => self.result(),
            SlotRef::Furnace(s) => self.furnace.slot(s),
            SlotRef::Chest(i) => self.chest.get(usize::from(i)).copied().flatten(),
            SlotRef::Outside => None,
        }
    }

    /// What the grid makes, one batch.
    #[must_use]
    pub fn result(&self) -> Option<Stack> {
        let side = self.station.grid_side();
        if side == 0 {
            return None;
        }
        let items: Vec<Option<Item>> = self.grid[..side * side]
            .iter()
            .map(|s| s.map(|s| s.item))
            .collect();
        recipe_in(&items, side).map(|r| r.made())
    }
}

/// What the screen remembers between frames: the drag under way, and the recipe book's
/// search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CraftingState {
    /// The recipe book's search.
    pub book: super::recipe_book::BookState,
    /// The slot a stack was taken from by the left button still held.
    drag: Option<SlotRef>,
    /// The slots given one each while the right button is held.
    sweep: Vec<SlotRef>,
}

/// Where each slot of `station`'s screen lies, in points from the panel's top left, and the
/// panel's size; a chest's screen shows `chest_slots` (27 or 54).
#[must_use]
pub fn layout(station: Station, chest_slots: usize) -> (Vec<(egui::Rect, SlotRef)>, egui::Vec2) {
    let width = 9.0 * PITCH;
    let mut slots = Vec::new();
    let at = |x: f32, y: f32| egui::Rect::from_min_size(egui::pos2(x, y), egui::Vec2::splat(SLOT));
    let top = MARGIN + HEADING;
    let rows = match station {
        Station::Furnace(_) => {
            // Input over the flame over the fuel; the arrow to the output level with the flame.
            let x = MARGIN + width / 2.0 - (PITCH + ARROW + PITCH) / 2.0;
            slots.push((at(x, top), SlotRef::Furnace(FurnaceSlot::Input)));
            slots.push((
                at(x, top + 2.0 * PITCH),
                SlotRef::Furnace(FurnaceSlot::Fuel),
            ));
            let out = x + PITCH + ARROW;
            slots.push((at(out, top + PITCH), SlotRef::Furnace(FurnaceSlot::Output)));
            3
        }
        Station::Chest(_) => {
            for i in 0..chest_slots {
                let (col, row) = ((i % 9) as f32, (i / 9) as f32);
                slots.push((
                    at(MARGIN + col * PITCH, top + row * PITCH),
                    SlotRef::Chest(i as u8),
                ));
            }
            chest_slots.div_ceil(9)
        }
        _ => {
            let side = station.grid_side();
            let grid_width = side as f32 * PITCH;
            let x = MARGIN + width / 2.0 - (grid_width + ARROW + PITCH) / 2.0;
            for i in 0..side * side {
                let (col, row) = ((i % side) as f32, (i / side) as f32);
                slots.push((
                    at(x + col * PITCH, top + row * PITCH),
                    SlotRef::Grid(i as u8),
                ));
            }
            let middle = top + (side as f32 - 1.0) * PITCH / 2.0;
            slots.push((at(x + grid_width + ARROW, middle), SlotRef::Result));
            side
        }
    };
    let inventory_top = top + rows as f32 * PITCH + 10.0 + HEADING;
    for i in HOTBAR_SLOTS..SLOTS {
        let (col, row) = ((i % 9) as f32, ((i - HOTBAR_SLOTS) / 9) as f32);
        let rect = at(MARGIN + col * PITCH, inventory_top + row * PITCH);
        slots.push((rect, SlotRef::Inventory(i as u8)));
    }
    let hotbar_top = inventory_top + 3.0 * PITCH + 6.0;
    for i in 0..HOTBAR_SLOTS {
        let rect = at(MARGIN + i as f32 * PITCH, hotbar_top);
        slots.push((rect, SlotRef::Inventory(i as u8)));
    }
    let size = egui::vec2(width + 2.0 * MARGIN, hotbar_top + PITCH + MARGIN);
    (slots, size)
}

/// The heading over the station's part of the screen.
const fn title(station: Station, chest_slots: usize) -> &'static str {
    match station {
        Station::Inventory => "Crafting",
        Station::Table(_) => "Crafting table",
        Station::Furnace(_) => "Furnace",
        Station::Chest(_) if chest_slots > CHEST_SLOTS => "Large chest",
        Station::Chest(_) => "Chest",
    }
}

/// Draws the screen of `view` over the game; returns what the player did to it this
/// frame. `atlas` is the block atlas as egui knows it.
pub fn show(
    ui: &mut egui::Ui,
    state: &mut CraftingState,
    view: &ScreenView,
    atlas: egui::TextureId,
) -> Vec<ScreenAction> {
    super::dim(ui, 120);
    let (slots, size) = layout(view.station, view.chest.len());
    let screen = ui.ctx().content_rect();
    let with_book = recipe_book::beside(view.station);
    // The book to the left of the panel, the two centred together.
    let book_width = if with_book {
        recipe_book::WIDTH + 8.0
    } else {
        0.0
    };
    let origin = (screen.center() - size / 2.0 + egui::vec2(book_width / 2.0, 0.0)).round();
    let panel = egui::Rect::from_min_size(origin, size);
    let painter = ui.painter();
    super::paint_panel(
        painter,
        panel,
        MARGIN,
        title(view.station, view.chest.len()),
    );
    let inventory_label = slots
        .iter()
        .find(|(_, s)| *s == SlotRef::Inventory(HOTBAR_SLOTS as u8))
        .map_or(0.0, |(r, _)| r.min.y);
    painter.text(
        origin + egui::vec2(MARGIN, inventory_label - HEADING),
        egui::Align2::LEFT_TOP,
        "Inventory",
        egui::FontId::proportional(super::HEADING_SIZE),
        super::INK,
    );
    let placed: Vec<(egui::Rect, SlotRef)> = slots
        .iter()
        .map(|&(r, s)| (r.translate(origin.to_vec2()), s))
        .collect();
    draw_gauges(painter, view, &placed);
    let pointer = ui.input(|i| i.pointer.clone());
    let shift = ui.input(shift_at_press);
    let hover = pointer.hover_pos();
    let hovered = hover.and_then(|p| placed.iter().find(|(r, _)| r.contains(p)).map(|x| x.1));
    for &(rect, slot) in &placed {
        let selected = slot == SlotRef::Inventory(view.selected);
        draw_slot(
            painter,
            rect,
            view.stack(slot),
            atlas,
            hovered == Some(slot),
            selected,
        );
    }
    let book = egui::Rect::from_min_size(
        origin - egui::vec2(book_width, 0.0),
        egui::vec2(recipe_book::WIDTH, size.y),
    );
    let filled = if with_book {
        let book_view = recipe_book::BookView {
            station: view.station,
            inventory: &view.inventory,
            grid: &view.grid,
            seen: &view.seen,
        };
        recipe_book::show(ui, book, &mut state.book, &book_view, atlas)
    } else {
        None
    };
    let off_panel = hover.is_some_and(|p| !(panel.contains(p) || with_book && book.contains(p)));
    let mut actions = clicks(state, view, &pointer, shift, hovered, off_panel);
    actions.extend(filled);
    let layer = egui::LayerId::new(egui::Order::Tooltip, egui::Id::unique("survival cursor"));
    let top = ui.ctx().layer_painter(layer);
    if let (Some(stack), Some(p)) = (view.cursor, hover) {
        let rect = egui::Rect::from_center_size(p, egui::Vec2::splat(SLOT));
        paint_stack(&top, rect, stack, atlas);
    } else if let Some(stack) = hovered.and_then(|s| view.stack(s))
        && let Some(p) = hover
    {
        tooltip(&top, p, stack);
    }
    actions
}

/// Whether shift was held when the primary button went down this frame (or, with no press,
/// is held now): a quick shift-click can press and let go of shift within one frame, after
/// which the frame's own modifiers no longer hold it.
fn shift_at_press(input: &egui::InputState) -> bool {
    input
        .events
        .iter()
        .find_map(|event| match event {
            egui::Event::PointerButton {
                button: egui::PointerButton::Primary,
                pressed: true,
                modifiers,
                ..
            } => Some(modifiers.shift),
            _ => None,
        })
        .unwrap_or(input.modifiers.shift)
}

/// What the pointer did this frame, as clicks: `hovered` is the slot under it, `off_panel`
/// whether it is off the screen's panel.
fn clicks(
    state: &mut CraftingState,
    view: &ScreenView,
    pointer: &egui::PointerState,
    shift: bool,
    hovered: Option<SlotRef>,
    off_panel: bool,
) -> Vec<ScreenAction> {
    let click = |slot, kind| ScreenAction::Click { slot, kind };
    let mut out = Vec::new();
    if pointer.primary_pressed() {
        let kind = if shift {
            ClickKind::Shift
        } else {
            ClickKind::Left
        };
        match hovered {
            Some(slot) => {
                out.push(click(slot, kind));
                let takes = view.cursor.is_none() && view.stack(slot).is_some();
                state.drag =
                    (takes && kind == ClickKind::Left && slot != SlotRef::Result).then_some(slot);
            }
            None if off_panel => out.push(click(SlotRef::Outside, kind)),
            None => {}
        }
    }
    if pointer.primary_released()
        && let Some(from) = state.drag.take()
        && let Some(to) = hovered.filter(|&to| to != from)
    {
        out.push(click(to, ClickKind::Left));
    }
    if pointer.secondary_pressed() {
        match hovered {
            Some(slot) => {
                out.push(click(slot, ClickKind::Right));
                state.sweep = if view.cursor.is_some() {
                    vec![slot]
                } else {
                    Vec::new()
                };
            }
            None if off_panel => out.push(click(SlotRef::Outside, ClickKind::Right)),
            None => {}
        }
    } else if pointer.secondary_down() && !state.sweep.is_empty() {
        if let Some(slot) = hovered.filter(|s| !state.sweep.contains(s) && *s != SlotRef::Result) {
            out.push(click(slot, ClickKind::Right));
            state.sweep.push(slot);
        }
    } else {
        state.sweep.clear();
    }
    out
}

/// One slot: its sunken square, the stack in it, and a highlight under the pointer.
fn draw_slot(
    painter: &egui::Painter,
    rect: egui::Rect,
    stack: Option<Stack>,
    atlas: egui::TextureId,
    hovered: bool,
    selected: bool,
) {
    painter.rect_filled(rect, 0.0, egui::Color32::from_gray(139));
    painter.rect_stroke(
        rect,
        0.0,
        egui::Stroke::new(1.0, egui::Color32::from_gray(55)),
        egui::StrokeKind::Inside,
    );
    if let Some(stack) = stack {
        paint_stack(painter, rect, stack, atlas);
    }
    if hovered {
        painter.rect_filled(rect.shrink(1.0), 0.0, egui::Color32::from_white_alpha(70));
    }
    if selected {
        painter.rect_stroke(
            rect,
            0.0,
            egui::Stroke::new(2.0, egui::Color32::WHITE),
            egui::StrokeKind::Inside,
        );
    }
}

/// A stack's icon, count and wear in the square `rect`.
fn paint_stack(painter: &egui::Painter, rect: egui::Rect, stack: Stack, atlas: egui::TextureId) {
    let icon = egui::Rect::from_center_size(rect.center(), egui::Vec2::splat(ICON));
    paint_icon(painter, icon, atlas, stack.item);
    if let Some(tool) = stack.item.tool()
        && stack.wear > 0
    {
        let left = 1.0 - f32::from(stack.wear) / f32::from(tool.tier.uses());
        let bar = egui::Rect::from_min_size(
            rect.left_bottom() + egui::vec2(4.0, -6.0),
            egui::vec2(rect.width() - 8.0, 3.0),
        );
        painter.rect_filled(bar, 0.0, egui::Color32::BLACK);
        let [r, g, b, _] = wear_colour(left);
        let fill = egui::Rect::from_min_size(bar.min, egui::vec2(bar.width() * left, 2.0));
        painter.rect_filled(fill, 0.0, egui::Color32::from_rgb(r, g, b));
    }
    if stack.count > 1 {
        let at = rect.right_bottom() - egui::vec2(2.0, 1.0);
        let font = egui::FontId::monospace(13.0);
        let text = stack.count.to_string();
        let shadow = egui::Color32::from_gray(40);
        painter.text(
            at + egui::vec2(1.0, 1.0),
            egui::Align2::RIGHT_BOTTOM,
            &text,
            font.clone(),
            shadow,
        );
        painter.text(
            at,
            egui::Align2::RIGHT_BOTTOM,
            text,
            font,
            egui::Color32::WHITE,
        );
    }
}

/// The name of the stack under the pointer at `p`, and for a tool the uses it has left.
fn tooltip(painter: &egui::Painter, p: egui::Pos2, stack: Stack) {
    let mut text = item_name(stack.item);
    if let Some(tool) = stack.item.tool() {
        let uses = tool.tier.uses();
        text = format!("{text} ({} of {uses} uses left)", uses - stack.wear);
    }
    let font = egui::FontId::proportional(13.0);
    let galley = painter.layout_no_wrap(text, font, egui::Color32::WHITE);
    let rect = egui::Rect::from_min_size(p + egui::vec2(12.0, -22.0), galley.size()).expand(4.0);
    painter.rect_filled(
        rect,
        3.0,
        egui::Color32::from_rgba_unmultiplied(20, 0, 30, 230),
    );
    painter.galley(
        rect.min + egui::vec2(4.0, 4.0),
        galley,
        egui::Color32::WHITE,
    );
}

/// The arrow from a grid to its result, or on a furnace's screen the flame (how much of the
/// fuel burning is left) and the arrow (how far the item in the input has cooked).
fn draw_gauges(painter: &egui::Painter, view: &ScreenView, placed: &[(egui::Rect, SlotRef)]) {
    let find = |slot| placed.iter().find(|(_, s)| *s == slot).map(|(r, _)| *r);
    let (target, progress) = match view.station {
        Station::Furnace(_) => {
            let f = &view.furnace;
            if let (Some(input), Some(fuel)) = (
                find(SlotRef::Furnace(FurnaceSlot::Input)),
                find(SlotRef::Furnace(FurnaceSlot::Fuel)),
            ) {
                let flame = egui::Rect::from_min_max(
                    egui::pos2(input.center().x - 8.0, input.max.y + 6.0),
                    egui::pos2(input.center().x + 8.0, fuel.min.y - 6.0),
                );
                let burning = if f.burn_total > 0 {
                    f.burn_left as f32 / f.burn_total as f32
                } else {
                    0.0
                };
                gauge(painter, flame, burning, true);
            }
            let progress = f.progress as f32 / SMELT_TICKS as f32;
            (find(SlotRef::Furnace(FurnaceSlot::Output)), progress)
        }
        _ => (find(SlotRef::Result), 0.0),
    };
    if let Some(out) = target {
        let arrow = egui::Rect::from_min_max(
            egui::pos2(out.min.x - ARROW + 8.0, out.center().y - 7.0),
            egui::pos2(out.min.x - 8.0, out.center().y + 7.0),
        );
        gauge(painter, arrow, progress, false);
    }
}

/// A gauge in `rect` filled `fraction` of the way: a flame filling upwards, or an arrow
/// filling rightwards.
fn gauge(painter: &egui::Painter, rect: egui::Rect, fraction: f32, flame: bool) {
    let empty = egui::Color32::from_gray(139);
    let full = if flame {
        egui::Color32::from_rgb(255, 150, 30)
    } else {
        egui::Color32::WHITE
    };
    let fraction = fraction.clamp(0.0, 1.0);
    if flame {
        painter.rect_filled(rect, 4.0, empty);
        let lit = egui::Rect::from_min_max(
            egui::pos2(rect.min.x, rect.max.y - rect.height() * fraction),
            rect.max,
        );
        if fraction > 0.0 {
            painter.rect_filled(lit, 4.0, full);
        }
        return;
    }
    let arrow = |painter: &egui::Painter, colour| {
        let body = egui::Rect::from_min_max(
            egui::pos2(rect.min.x, rect.center().y - 3.0),
            egui::pos2(rect.max.x - 10.0, rect.center().y + 3.0),
        );
        painter.rect_filled(body, 0.0, colour);
        let tip = vec![
            egui::pos2(rect.max.x - 10.0, rect.min.y),
            egui::pos2(rect.max.x, rect.center().y),
            egui::pos2(rect.max.x - 10.0, rect.max.y),
        ];
        painter.add(egui::Shape::convex_polygon(tip, colour, egui::Stroke::NONE));
    };
    arrow(painter, empty);
    if fraction > 0.0 {
        // The filled arrow, cut off where the cooking has got to.
        let done = egui::Rect::from_min_max(
            rect.min,
            egui::pos2(rect.min.x + rect.width() * fraction, rect.max.y),
        );
        arrow(&painter.with_clip_rect(done), full);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::BlockPos;

    #[test]
    fn every_screen_lays_out_every_slot_once_without_overlap() {
        let cell = BlockPos::new(0, 64, 0);
        for (station, extra) in [
            (Station::Inventory, 5),
            (Station::Table(cell), 10),
            (Station::Furnace(cell), 3),
            (Station::Chest(cell), 27),
            (Station::Chest(cell), 54),
        ] {
            let (slots, size) = layout(station, extra);
            assert_eq!(slots.len(), SLOTS + extra, "{station:?}");
            for (i, (a, sa)) in slots.iter().enumerate() {
                assert!(egui::Rect::from_min_size(egui::Pos2::ZERO, size).contains_rect(*a));
                for (b, sb) in &slots[i + 1..] {
                    assert_ne!(sa, sb);
                    assert!(!a.intersects(*b), "{sa:?} and {sb:?} overlap");
                }
            }
        }
    }

    fn view(cursor: Option<Stack>) -> ScreenView {
        let mut inventory = [None; SLOTS];
        inventory[0] = Some(Stack::new(Item::Block(hewn_core::world::Block::LOG), 3));
        ScreenView {
            station: Station::Inventory,
            inventory,
            grid: [None; 9],
            cursor,
            furnace: Furnace::default(),
            chest: Vec::new(),
            seen: std::collections::BTreeSet::new(),
            selected: 0,
        }
    }

    /// Whether egui, given a frame of `events`, takes its primary press for a shift-click.
    fn shift_in(events: &[egui::Event]) -> bool {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            events: events.to_vec(),
            ..Default::default()
        };
        let mut shift = false;
        let mut output = ctx.run_ui(input, |ui| shift = ui.input(shift_at_press));
        output.textures_delta.clear();
        shift
    }

    #[test]
    fn a_shift_click_within_one_frame_is_still_a_shift_click() {
        let button = |pressed, modifiers| egui::Event::PointerButton {
            pos: egui::pos2(10.0, 10.0),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers,
        };
        let (shift, none) = (egui::Modifiers::SHIFT, egui::Modifiers::NONE);
        // The frame's own modifiers are none: shift was let go before the frame ended.
        assert!(shift_in(&[button(true, shift), button(false, shift)]));
        assert!(!shift_in(&[button(true, none), button(false, none)]));
    }

    /// The pointer as egui has it in a frame of `events`.
    fn pointer_with(events: &[egui::Event]) -> egui::PointerState {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            events: events.to_vec(),
            ..Default::default()
        };
        let mut pointer = egui::PointerState::default();
        let mut output = ctx.run_ui(input, |ui| pointer = ui.input(|i| i.pointer.clone()));
        output.textures_delta.clear();
        pointer
    }

    #[test]
    fn a_press_then_a_release_over_another_slot_moves_the_stack_there() {
        let press = |pressed| egui::Event::PointerButton {
            pos: egui::pos2(10.0, 10.0),
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        let mut state = CraftingState::default();
        let down = pointer_with(&[press(true)]);
        let from = SlotRef::Inventory(0);
        let taken = clicks(&mut state, &view(None), &down, false, Some(from), false);
        assert_eq!(
            taken,
            [ScreenAction::Click {
                slot: from,
                kind: ClickKind::Left
            }]
        );
        let up = pointer_with(&[press(false)]);
        let carried = view(Some(Stack::new(
            Item::Block(hewn_core::world::Block::LOG),
            3,
        )));
        let to = SlotRef::Grid(0);
        assert_eq!(
            clicks(&mut state, &carried, &up, false, Some(to), false),
            [ScreenAction::Click {
                slot: to,
                kind: ClickKind::Left
            }]
        );
        // A press off the panel throws what is held.
        let thrown = clicks(&mut state, &carried, &down, false, None, true);
        assert_eq!(
            thrown,
            [ScreenAction::Click {
                slot: SlotRef::Outside,
                kind: ClickKind::Left
            }]
        );
    }
}
