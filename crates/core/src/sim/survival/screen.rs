//! What a survival player has open: its inventory with the 2×2 crafting grid, a crafting
//! table's 3×3 grid, a furnace or a chest; what lies in the grid and the stack held on the cursor;
//! and the clicks that move stacks between the slots, by Minecraft's rules.
//!
//! The grid and the cursor are the player's, in the simulation, so a server and every replay
//! agree on them: a click is an [`Action::Screen`](crate::sim::Action::Screen) like any
//! other. Nothing is made or lost by a click but by a recipe: a stack leaves one slot only
//! for another, the cursor, or the world (thrown). Closing the screen puts the grid and the
//! cursor back into the inventory, and throws what does not fit.
//!
//! The rules of a click on a slot, with the cursor holding C and the slot S:
//! - left: take S when C is empty; put C down on an empty slot; add C to S of its kind as
//!   far as S has room; swap C and S otherwise;
//! - right: take half of S (rounded up) when C is empty; put one of C down on an empty slot
//!   or on S of its kind; swap otherwise;
//! - shift: move S to the other part (the hotbar and the rows above it trade; the grid, the
//!   furnace and the chest empty into the inventory; on a furnace's screen, what smelts goes
//!   to its input and what burns to its fuel; on a chest's, the inventory empties into the
//!   chest);
//! - the result of a grid takes one batch onto C (when C is empty or holds the result with
//!   room for a batch); with shift, as many batches as the grid and the inventory allow;
//! - a furnace's output only gives; its fuel takes only what burns;
//! - outside every slot: left throws C, right throws one of it.

use std::ops::Range;

use super::chest::CHEST_SLOTS;
use super::furnace::{Furnace, FurnaceSlot};
use super::inventory::{Inventory, SLOTS, Stack};
use super::recipes::Recipe;
use super::rules::{burn_ticks, recipe_in, smelted};
use crate::sim::{HOTBAR_SLOTS, Item};
use crate::world::BlockPos;
use crate::world::block::travels_by_number;
use serde::{Deserialize, Serialize};

/// How far a crafting table or furnace may be from the eyes, nearest point to the eyes, and
/// its screen stay open: Minecraft's 8 blocks.
pub const STATION_REACH: f64 = 8.0;

/// The most batches one shift-click on a result makes: a full grid of one item, 64.
const MOST_BATCHES: u32 = 64;

/// What a player's screen is open on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Station {
    /// Its own inventory, with a 2×2 crafting grid.
    Inventory,
    /// The crafting table at this cell: a 3×3 grid.
    Table(BlockPos),
    /// The furnace at this cell.
    Furnace(BlockPos),
    /// The chest at this cell, with its partner where it has one.
    Chest(BlockPos),
}

impl Station {
    /// The side of its crafting grid: 2, 3, or 0 for a furnace.
    #[must_use]
    pub const fn grid_side(self) -> usize {
        match self {
            Self::Inventory => 2,
            Self::Table(_) => 3,
            Self::Furnace(_) | Self::Chest(_) => 0,
        }
    }

    /// The block it stands on, for a table, a furnace or a chest.
    #[must_use]
    pub const fn cell(self) -> Option<BlockPos> {
        match self {
            Self::Inventory => None,
            Self::Table(cell) | Self::Furnace(cell) | Self::Chest(cell) => Some(cell),
        }
    }
}

/// A player's open screen: the station, the crafting grid and the cursor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StationScreen {
    /// What is open, if anything.
    pub open: Option<Station>,
    /// The crafting grid, row by row in a square of the station's
    /// [`grid_side`](Station::grid_side) (the first four cells for the 2×2 grid).
    pub grid: [Option<Stack>; 9],
    /// The stack on the cursor.
    pub cursor: Option<Stack>,
}

/// A slot a click lands on. It travels as one number ([`SlotRef::number`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum SlotRef {
    /// One of the inventory's 36 slots (0 to 8 the hotbar).
    Inventory(u8),
    /// A cell of the crafting grid, row by row.
    Grid(u8),
    /// What the crafting grid makes.
    Result,
    /// A slot of the open furnace.
    Furnace(FurnaceSlot),
    /// Anywhere off the slots: the world.
    Outside,
    /// A slot of the open chest, 0 to 26, or to 53 in a double chest.
    Chest(u8),
}

impl SlotRef {
    /// The first number of the grid's cells in [`SlotRef::number`].
    #[expect(clippy::cast_possible_truncation, reason = "SLOTS is 36")]
    const GRID: u8 = SLOTS as u8;
    /// The result's number.
    const RESULT: u8 = Self::GRID + 9;
    /// The first furnace slot's number.
    const FURNACE: u8 = Self::RESULT + 1;
    /// The number of the outside.
    const OUTSIDE: u8 = Self::FURNACE + 3;
    /// The first chest slot's number.
    const CHEST: u8 = Self::OUTSIDE + 1;
    /// The number after the last chest slot's.
    #[expect(clippy::cast_possible_truncation, reason = "CHEST_SLOTS is 27")]
    const AFTER_CHEST: u8 = Self::CHEST + 2 * CHEST_SLOTS as u8;
    /// The highest slot number.
    pub const LAST: u8 = Self::AFTER_CHEST - 1;

    /// The slot as one number, as it travels: the inventory's 0 to 35, the grid's 36 to 44,
    /// the result 45, the furnace's input, fuel and output 46 to 48, the outside 49, a
    /// chest's 50 to 103.
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Self::Inventory(i) => i,
            Self::Grid(i) => Self::GRID + i,
            Self::Result => Self::RESULT,
            Self::Furnace(s) => Self::FURNACE + s as u8,
            Self::Outside => Self::OUTSIDE,
            Self::Chest(i) => Self::CHEST + i,
        }
    }

    /// The slot numbered `n` ([`SlotRef::number`]), if there is one.
    #[must_use]
    pub fn from_number(n: u8) -> Option<Self> {
        Some(match n {
            _ if n < Self::GRID => Self::Inventory(n),
            _ if n < Self::RESULT => Self::Grid(n - Self::GRID),
            Self::RESULT => Self::Result,
            _ if n < Self::OUTSIDE => {
                Self::Furnace(FurnaceSlot::ALL[usize::from(n - Self::FURNACE)])
            }
            Self::OUTSIDE => Self::Outside,
            _ if n < Self::AFTER_CHEST => Self::Chest(n - Self::CHEST),
            _ => return None,
        })
    }
}

travels_by_number!(SlotRef, u8, "slot", SlotRef::number, SlotRef::from_number);

/// How a slot is clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClickKind {
    /// The left button: take, put down, merge or swap whole stacks.
    Left,
    /// The right button: take half, put down one.
    Right,
    /// The left button with shift held: move the stack to the other part of the screen.
    Shift,
}

impl ClickKind {
    /// Every kind, in the order above: what a kind's number on the wire indexes.
    pub const ALL: [Self; 3] = [Self::Left, Self::Right, Self::Shift];
}

/// What a player does to its screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScreenAction {
    /// Opens its inventory (closing what was open).
    OpenInventory,
    /// Opens the crafting table or furnace it looks at (closing what was open).
    OpenLookedAt,
    /// Closes what is open: the grid and the cursor go back into the inventory.
    Close,
    /// Clicks a slot of the open screen.
    Click {
        /// Where.
        slot: SlotRef,
        /// How.
        kind: ClickKind,
    },
    /// The recipe book: lays the recipe for `item` into the open grid from the inventory,
    /// one batch, or with `all` as many as can be ([`Slots::fill`]).
    Fill {
        /// What the recipe makes.
        item: Item,
        /// As many batches as can be, not one.
        all: bool,
    },
}

impl ScreenAction {
    /// The action's name, as [`Action::name`](crate::sim::Action::name) gives it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::OpenInventory => "open_inventory",
            Self::OpenLookedAt => "open",
            Self::Close => "close",
            Self::Click { .. } => "click",
            Self::Fill { .. } => "fill",
        }
    }
}

/// What a click did besides moving stacks between slots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clicked {
    /// Whether any slot or the cursor changed.
    pub changed: bool,
    /// What the grid made and how many in all, if it made anything.
    pub crafted: Option<(Item, u32)>,
    /// What was thrown out into the world.
    pub thrown: Option<Stack>,
}

/// The inventory's slots in the order a stack moved into it from elsewhere fills them: the
/// rows above the hotbar, then the hotbar.
const INTO_INVENTORY: [Range<usize>; 2] = [HOTBAR_SLOTS..SLOTS, 0..HOTBAR_SLOTS];

/// Everything a click can reach: a player's inventory, its screen, and the furnace whose
/// screen is open.
#[derive(Debug)]
pub struct Slots<'a> {
    /// The player's inventory.
    pub inventory: &'a mut Inventory,
    /// Its screen.
    pub screen: &'a mut StationScreen,
    /// The furnace open, on a furnace's screen.
    pub furnace: Option<&'a mut Furnace>,
    /// The open chest's slots (27, or 54 for a double chest), on a chest's screen.
    pub chest: Option<&'a mut [Option<Stack>]>,
}

impl Slots<'_> {
    /// The side of the open grid (0 for none).
    fn side(&self) -> usize {
        self.screen.open.map_or(0, Station::grid_side)
    }

    /// Whether `slot` is on the open screen.
    fn exists(&self, slot: SlotRef) -> bool {
        match slot {
            SlotRef::Inventory(i) => usize::from(i) < SLOTS,
            SlotRef::Grid(i) => usize::from(i) < self.side() * self.side(),
            SlotRef::Result => self.side() > 0,
            SlotRef::Furnace(_) => self.furnace.is_some(),
            SlotRef::Outside => true,
            SlotRef::Chest(i) => self
                .chest
                .as_ref()
                .is_some_and(|c| usize::from(i) < c.len()),
        }
    }

    /// What `slot` holds.
    fn get(&self, slot: SlotRef) -> Option<Stack> {
        match slot {
            SlotRef::Inventory(i) => self.inventory.slots()[usize::from(i)],
            SlotRef::Grid(i) => self.screen.grid[usize::from(i)],
            SlotRef::Furnace(s) => self.furnace.as_ref().and_then(|f| f.slot(s)),
            SlotRef::Chest(i) => self.chest.as_ref().and_then(|c| c[usize::from(i)]),
            SlotRef::Result | SlotRef::Outside => None,
        }
    }

    /// Sets what `slot` holds; a stack of none is an empty slot.
    fn set(&mut self, slot: SlotRef, stack: Option<Stack>) {
        let stack = stack.filter(|s| s.count > 0);
        match slot {
            SlotRef::Inventory(i) => *self.inventory.slot_mut(usize::from(i)) = stack,
            SlotRef::Grid(i) => self.screen.grid[usize::from(i)] = stack,
            SlotRef::Furnace(s) => {
                if let Some(f) = self.furnace.as_deref_mut() {
                    *f.slot_mut(s) = stack;
                }
            }
            SlotRef::Chest(i) => {
                if let Some(c) = self.chest.as_deref_mut() {
                    c[usize::from(i)] = stack;
                }
            }
            SlotRef::Result | SlotRef::Outside => {}
        }
    }

    /// Whether `item` may be put into `slot`.
    fn accepts(slot: SlotRef, item: Item) -> bool {
        match slot {
            SlotRef::Furnace(FurnaceSlot::Fuel) => burn_ticks(item).is_some(),
            SlotRef::Furnace(FurnaceSlot::Output) | SlotRef::Result | SlotRef::Outside => false,
            _ => true,
        }
    }

    /// Clicks `slot` as `kind` says; a slot not on the open screen, or no screen open, does
    /// nothing.
    pub fn click(&mut self, slot: SlotRef, kind: ClickKind) -> Clicked {
        if self.screen.open.is_none() || !self.exists(slot) {
            return Clicked::default();
        }
        match (slot, kind) {
            (SlotRef::Outside, ClickKind::Left) => self.throw(u8::MAX),
            (SlotRef::Outside, ClickKind::Right) => self.throw(1),
            (SlotRef::Outside, ClickKind::Shift) => Clicked::default(),
            (SlotRef::Result, ClickKind::Shift) => self.craft_into_inventory(),
            (SlotRef::Result, _) => self.craft_onto_cursor(),
            (_, ClickKind::Shift) => self.shift(slot),
            (_, ClickKind::Left) => self.left(slot),
            (_, ClickKind::Right) => self.right(slot),
        }
    }

    /// Takes up to `count` off the cursor, to throw.
    fn throw(&mut self, count: u8) -> Clicked {
        let Some(c) = self.screen.cursor else {
            return Clicked::default();
        };
        let thrown = c.count.min(count);
        self.screen.cursor = Some(Stack {
            count: c.count - thrown,
            ..c
        })
        .filter(|s| s.count > 0);
        Clicked {
            changed: true,
            thrown: Some(Stack { count: thrown, ..c }),
            ..Clicked::default()
        }
    }

    fn left(&mut self, slot: SlotRef) -> Clicked {
        let here = self.get(slot);
        match (self.screen.cursor, here) {
            (None, None) => return Clicked::default(),
            (None, Some(s)) => {
                self.screen.cursor = Some(s);
                self.set(slot, None);
            }
            (Some(c), None) if Self::accepts(slot, c.item) => {
                self.set(slot, Some(c));
                self.screen.cursor = None;
            }
            (Some(c), Some(s)) if s.stacks_with(&c) => {
                return if Self::accepts(slot, c.item) {
                    self.move_count(slot, c.count.min(s.room()), true)
                } else {
                    self.move_count(slot, s.count.min(c.room()), false)
                };
            }
            (Some(c), Some(s)) if Self::accepts(slot, c.item) => {
                self.set(slot, Some(c));
                self.screen.cursor = Some(s);
            }
            _ => return Clicked::default(),
        }
        changed()
    }

    fn right(&mut self, slot: SlotRef) -> Clicked {
        let here = self.get(slot);
        match (self.screen.cursor, here) {
            (None, None) => return Clicked::default(),
            (None, Some(s)) => {
                let half = s.count.div_ceil(2);
                self.screen.cursor = Some(Stack { count: half, ..s });
                self.set(
                    slot,
                    Some(Stack {
                        count: s.count - half,
                        ..s
                    }),
                );
            }
            (Some(c), None) if Self::accepts(slot, c.item) => {
                self.set(slot, Some(Stack { count: 1, ..c }));
                self.take_off_cursor(1);
            }
            (Some(c), Some(s)) if s.stacks_with(&c) => {
                return if Self::accepts(slot, c.item) {
                    self.move_count(slot, s.room().min(1), true)
                } else {
                    self.move_count(slot, s.count.min(c.room()), false)
                };
            }
            (Some(c), Some(s)) if Self::accepts(slot, c.item) => {
                self.set(slot, Some(c));
                self.screen.cursor = Some(s);
            }
            _ => return Clicked::default(),
        }
        changed()
    }

    /// Moves `count` between the cursor and `slot`, which hold the same item: onto the slot
    /// when `down`, off it otherwise.
    fn move_count(&mut self, slot: SlotRef, count: u8, down: bool) -> Clicked {
        let (Some(c), Some(s)) = (self.screen.cursor, self.get(slot)) else {
            return Clicked::default();
        };
        if count == 0 {
            return Clicked::default();
        }
        let (to_slot, to_cursor) = if down {
            (s.count + count, c.count - count)
        } else {
            (s.count - count, c.count + count)
        };
        self.set(
            slot,
            Some(Stack {
                count: to_slot,
                ..s
            }),
        );
        self.screen.cursor = Some(Stack {
            count: to_cursor,
            ..c
        })
        .filter(|s| s.count > 0);
        changed()
    }

    /// Takes `count` off the cursor, which holds at least that many.
    fn take_off_cursor(&mut self, count: u8) {
        if let Some(c) = &mut self.screen.cursor {
            c.count -= count;
            if c.count == 0 {
                self.screen.cursor = None;
            }
        }
    }

    /// Moves `slot`'s stack to the other part of the screen, as much of it as fits.
    fn shift(&mut self, slot: SlotRef) -> Clicked {
        let Some(stack) = self.get(slot) else {
            return Clicked::default();
        };
        let left = match slot {
            SlotRef::Inventory(i) => self.shift_from_inventory(usize::from(i), stack),
            _ => add_in_order(self.inventory, stack, &INTO_INVENTORY),
        };
        if left == Some(stack) {
            return Clicked::default();
        }
        self.set(slot, left);
        changed()
    }

    /// Where a shift-click on inventory slot `i` sends `stack`: into the open chest, into
    /// the furnace if it smelts or burns there, else between the hotbar and the rows above
    /// (the part it is not in). Returns what did not move.
    fn shift_from_inventory(&mut self, i: usize, stack: Stack) -> Option<Stack> {
        if let Some(chest) = self.chest.as_deref_mut() {
            return fill(chest, stack);
        }
        let mut left = Some(stack);
        if let Some(f) = self.furnace.as_deref_mut() {
            let to = if smelted(stack.item).is_some() {
                Some(FurnaceSlot::Input)
            } else if burn_ticks(stack.item).is_some() {
                Some(FurnaceSlot::Fuel)
            } else {
                None
            };
            if let Some(to) = to {
                left = merge_into(f.slot_mut(to), stack);
            }
        }
        let rest = left?;
        let part = if i < HOTBAR_SLOTS {
            HOTBAR_SLOTS..SLOTS
        } else {
            0..HOTBAR_SLOTS
        };
        add_in_order(self.inventory, rest, &[part])
    }

    /// The grid's items, row by row, as recipes read them.
    fn grid_items(&self) -> Vec<Option<Item>> {
        let side = self.side();
        self.screen.grid[..side * side]
            .iter()
            .map(|s| s.map(|s| s.item))
            .collect()
    }

    /// The recipe the grid holds, if any.
    #[must_use]
    pub fn recipe(&self) -> Option<&'static Recipe> {
        let side = self.side();
        (side > 0)
            .then(|| recipe_in(&self.grid_items(), side))
            .flatten()
    }

    /// Uses up one of every item in the grid: a batch made.
    fn use_grid(&mut self) {
        let side = self.side();
        for cell in &mut self.screen.grid[..side * side] {
            if let Some(s) = cell {
                s.count -= 1;
                if s.count == 0 {
                    *cell = None;
                }
            }
        }
    }

    /// One batch of the grid's recipe onto the cursor, if the cursor can hold it.
    fn craft_onto_cursor(&mut self) -> Clicked {
        let Some(recipe) = self.recipe() else {
            return Clicked::default();
        };
        let made = recipe.made();
        match &mut self.screen.cursor {
            None => self.screen.cursor = Some(made),
            Some(c) if c.stacks_with(&made) && c.room() >= made.count => c.count += made.count,
            Some(_) => return Clicked::default(),
        }
        self.use_grid();
        Clicked {
            changed: true,
            crafted: Some((made.item, u32::from(made.count))),
            thrown: None,
        }
    }

    /// As many batches of the grid's recipe as the grid holds and the inventory has room
    /// for, straight into the inventory.
    fn craft_into_inventory(&mut self) -> Clicked {
        let mut made: Option<(Item, u32)> = None;
        for _ in 0..MOST_BATCHES {
            let Some(recipe) = self.recipe() else {
                break;
            };
            let batch = recipe.made();
            if made.is_some_and(|(item, _)| item != batch.item)
                || self.inventory.room_for(&batch) < u32::from(batch.count)
            {
                break;
            }
            self.use_grid();
            let left = self.inventory.add(batch);
            debug_assert_eq!(left, None, "room was checked");
            let before = made.map_or(0, |(_, n)| n);
            made = Some((batch.item, before + u32::from(batch.count)));
        }
        Clicked {
            changed: made.is_some(),
            crafted: made,
            thrown: None,
        }
    }

    /// Closes the screen: the grid and the cursor go into the inventory. Returns what did
    /// not fit.
    pub fn close(&mut self) -> Vec<Stack> {
        self.screen.open = None;
        let held = self.screen.cursor.take();
        let grid = self.screen.grid.iter_mut().filter_map(Option::take);
        let stacks: Vec<Stack> = held.into_iter().chain(grid).collect();
        stacks
            .into_iter()
            .filter_map(|s| self.inventory.add(s))
            .collect()
    }
}

/// A click that changed something and made or threw nothing.
const fn changed() -> Clicked {
    Clicked {
        changed: true,
        crafted: None,
        thrown: None,
    }
}

/// Puts `stack` into `slot` as far as it fits there; returns the rest.
fn merge_into(slot: &mut Option<Stack>, stack: Stack) -> Option<Stack> {
    match slot {
        None => {
            *slot = Some(stack);
            None
        }
        Some(s) if s.stacks_with(&stack) => {
            let moved = s.room().min(stack.count);
            s.count += moved;
            Some(Stack {
                count: stack.count - moved,
                ..stack
            })
            .filter(|s| s.count > 0)
        }
        Some(_) => Some(stack),
    }
}

/// Puts `stack` into `slots`, in order: first onto the stacks of its kind with room, then
/// into empty slots. Returns what did not fit.
fn fill(slots: &mut [Option<Stack>], stack: Stack) -> Option<Stack> {
    let mut left = Some(stack);
    for slot in slots.iter_mut() {
        if let Some(rest) = left
            && slot.is_some_and(|s| s.stacks_with(&rest))
        {
            left = merge_into(slot, rest);
        }
    }
    for slot in slots.iter_mut() {
        if let Some(rest) = left
            && slot.is_none()
        {
            left = merge_into(slot, rest);
        }
    }
    left
}

/// Puts `stack` into `inventory`'s slots in `ranges`, in order: first onto the stacks of
/// its kind with room, then into empty slots. Returns what did not fit.
fn add_in_order(inventory: &mut Inventory, stack: Stack, ranges: &[Range<usize>]) -> Option<Stack> {
    let mut left = Some(stack);
    let order = || ranges.iter().flat_map(Clone::clone);
    for i in order() {
        if let (Some(rest), Some(s)) = (left, inventory.slots()[i])
            && s.stacks_with(&rest)
        {
            left = merge_into(inventory.slot_mut(i), rest);
        }
    }
    for i in order() {
        if let Some(rest) = left
            && inventory.slots()[i].is_none()
        {
            left = merge_into(inventory.slot_mut(i), rest);
        }
    }
    left
}

mod act;
mod fill;

#[cfg(test)]
mod tests;
