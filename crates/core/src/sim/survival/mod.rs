//! Survival: health and air, digging that takes time and tools, items that drop, an
//! inventory, crafting and smelting, with Minecraft's rules and numbers.
//!
//! A world is in one [`Mode`]. In creative, blocks are endless, one click breaks any
//! breakable block and nothing hurts: none of this module's state changes and none of it is
//! hashed, so creative runs hash as they always did. In survival each player has a
//! [`Survivor`]: its [`Vitals`], its [`Hunger`], its [`Inventory`] and the block it is
//! digging; items lie in
//! the world as [`Drops`], and furnaces and chests keep their contents ([`Furnace`],
//! [`Chest`]). The rules that
//! change them each tick are in [`play`](self::play) and its siblings.

mod chest;
mod digging;
mod drops;
mod farming;
mod furnace;
mod hunger;
mod inventory;
mod play;
pub mod recipes;
pub mod rules;
pub mod screen;
mod sleep;
mod tools;
mod vitals;

use std::collections::{BTreeMap, BTreeSet};

use glam::DVec3;

pub use chest::{CHEST_SLOTS, Chest, chest_cells, chest_fits};
pub use digging::{dig_ticks, drop_of, hardness_tenths, harvests, needed_tier, right_tool};
pub use drops::{
    Drops, ITEM_SIZE, ItemDrop, LIFETIME, MAX_ITEMS, MAX_ITEMS_PER_COLUMN, PICKUP_DELAY,
};
pub use farming::{GROW_TICKS_DRY, GROW_TICKS_WET, HYDRATION_REACH, harvest};
pub use furnace::{Furnace, FurnaceSlot, SMELT_TICKS};
pub use hunger::{
    EXHAUSTION_PER_POINT, Effort, FED, Food, Hunger, MAX_HUNGER, MEAL_TICKS, Meal,
    START_SATURATION, STARVING_INTERVAL, TOO_HUNGRY_TO_SPRINT,
};
pub use inventory::{Inventory, SLOTS, Stack};
pub use rules::{Rules, RulesFiles, burn_ticks, food, recipe_for, recipe_in, recipes, smelted};
pub use screen::{ClickKind, ScreenAction, SlotRef, Station, StationScreen};
pub use sleep::{BEDTIME, SLEEP_TICKS, Sleep, WAKING, is_bedtime};
pub use tools::{HAND_DAMAGE, Material, Tier, Tool, ToolKind};
pub use vitals::{Cause, HURT_COOLDOWN, MAX_AIR, MAX_HEALTH, REGENERATION_INTERVAL, Vitals};

use super::PlayerName;
use super::hash::StateHasher;
use crate::sim::Item;
use crate::world::BlockPos;

/// What a survival event adds to the kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Health lost, and to what.
    Hurt {
        /// What hurt.
        cause: Cause,
        /// Health lost.
        amount: u8,
    },
    /// What killed.
    Death(Cause),
    /// The creature an event concerns: struck, slain, or calling.
    Creature {
        /// Its kind, by its index among the kinds in use.
        kind: u16,
        /// Its id.
        id: u32,
    },
    /// Items picked up, crafted or eaten.
    Items {
        /// What.
        item: Item,
        /// How many in all.
        count: u32,
    },
}

/// How a world is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Endless blocks, instant breaking, flight, no harm.
    #[default]
    Creative,
    /// Health, air, digging with tools, items gathered and crafted.
    Survival,
}

impl Mode {
    /// Both modes; survival first, as the create dialog offers them.
    pub const ALL: [Self; 2] = [Self::Survival, Self::Creative];

    /// The mode's name in scenarios, commands and saves.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Creative => "creative",
            Self::Survival => "survival",
        }
    }

    /// The mode called `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// The block a player is digging and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dig {
    /// The cell.
    pub cell: BlockPos,
    /// Ticks the dig control has been held on it.
    pub ticks: u32,
    /// Ticks that break it.
    pub needed: u32,
}

impl Dig {
    /// The crack overlay's stage, 0 to 9.
    #[must_use]
    pub fn stage(&self) -> u8 {
        if self.needed == 0 {
            return 9;
        }
        (self.ticks * 10 / self.needed).min(9) as u8
    }
}

/// One survival player's own state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Survivor {
    /// Health and air.
    pub vitals: Vitals,
    /// Hunger, saturation and exhaustion.
    pub hunger: Hunger,
    /// The meal it is eating, while it eats.
    pub meal: Option<Meal>,
    /// What it carries.
    pub inventory: Inventory,
    /// The hotbar slot in hand, 0 to 8.
    pub selected: u8,
    /// The block it is digging, while the dig control is held on one.
    pub digging: Option<Dig>,
    /// What killed it, while it is dead (until it respawns).
    pub death: Option<Cause>,
    /// What it has open: its inventory, a crafting table or a furnace, with the crafting
    /// grid and the stack on the cursor.
    pub screen: StationScreen,
    /// The foot of the bed it comes back to after death, once it used one.
    pub bed: Option<BlockPos>,
    /// Its sleep, while it lies in a bed.
    pub sleeping: Option<Sleep>,
    /// Every item it has carried: the recipe book shows the recipes made of these. No rule
    /// reads it, so it is not hashed.
    pub seen: BTreeSet<Item>,
}

impl Survivor {
    /// Whether it may eat `food`: while hungry, or while hurt for a food that heals.
    #[must_use]
    pub fn can_eat(&self, food: Food) -> bool {
        self.hunger.can_eat() || (food.health > 0 && self.vitals.health < MAX_HEALTH)
    }

    /// The stack in hand, if any.
    #[must_use]
    pub fn held(&self) -> Option<Stack> {
        self.inventory.slots()[usize::from(self.selected)]
    }

    /// Notes every item it carries now as seen.
    pub fn note_seen(&mut self) {
        for stack in self.inventory.slots().iter().flatten() {
            if !self.seen.contains(&stack.item) {
                self.seen.insert(stack.item);
            }
        }
    }

    /// The tool in hand, if one is.
    #[must_use]
    pub fn held_tool(&self) -> Option<Tool> {
        self.held().and_then(|s| s.item.tool())
    }

    fn hash(&self, h: &mut StateHasher) {
        let v = &self.vitals;
        h.bytes(&[v.health, v.cooldown, self.selected]);
        h.u64(u64::from(v.air));
        h.u64(u64::from(v.unhurt));
        h.u64(u64::from(v.drowning_in));
        h.f64(v.fall_top.unwrap_or(f64::NAN));
        hash_stacks(h, self.inventory.slots());
        match self.digging {
            Some(d) => {
                h.bool(true);
                hash_cell(h, d.cell);
                h.u64(u64::from(d.ticks));
            }
            None => h.bool(false),
        }
        h.bytes(&[self.death.map_or(0, Cause::hash_byte)]);
        let hunger = &self.hunger;
        h.bytes(&[hunger.level]);
        h.f64(hunger.saturation);
        h.f64(hunger.exhaustion);
        h.u64(u64::from(hunger.starving_in));
        match self.meal {
            Some(m) => {
                h.bytes(&[1, m.slot]);
                h.u64(u64::from(m.item.id()));
                h.u64(u64::from(m.left));
            }
            None => h.bytes(&[0]),
        }
        // A bed and sleep only where there are, so that a world without hashes as before.
        if let Some(bed) = self.bed {
            h.bytes(b"bed");
            hash_cell(h, bed);
        }
        if let Some(sleep) = self.sleeping {
            h.bytes(b"sleep");
            hash_cell(h, sleep.bed);
            h.u64(u64::from(sleep.ticks));
        }
        // Only an open screen is hashed, so that play without one hashes as it always did.
        if self.screen != StationScreen::default() {
            let s = &self.screen;
            h.bytes(b"screen");
            match s.open {
                None => h.bytes(&[0]),
                Some(Station::Inventory) => h.bytes(&[1]),
                Some(Station::Table(cell)) => {
                    h.bytes(&[2]);
                    hash_cell(h, cell);
                }
                Some(Station::Furnace(cell)) => {
                    h.bytes(&[3]);
                    hash_cell(h, cell);
                }
                Some(Station::Chest(cell)) => {
                    h.bytes(&[4]);
                    hash_cell(h, cell);
                }
            }
            hash_stacks(h, &s.grid);
            hash_stacks(h, &[s.cursor]);
        }
    }
}

/// Everything survival adds to a world's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Survival {
    /// How the world is played.
    pub mode: Mode,
    /// Where the dead come back.
    pub spawn: DVec3,
    /// Each player's own state, by name: those away keep theirs.
    pub survivors: BTreeMap<PlayerName, Survivor>,
    /// The items lying in the world.
    pub drops: Drops,
    /// The furnaces with anything in them or burning, by cell.
    pub furnaces: BTreeMap<BlockPos, Furnace>,
    /// The chests with anything in them, by cell.
    pub chests: BTreeMap<BlockPos, Chest>,
}

impl Survival {
    /// A world played in `mode`, whose dead come back at `spawn`, with nothing in it yet.
    #[must_use]
    pub fn new(mode: Mode, spawn: DVec3) -> Self {
        Self {
            mode,
            spawn,
            ..Self::default()
        }
    }

    /// Feeds the survival state to `h`, in survival only: a creative world's hash is what
    /// it always was.
    pub(super) fn hash(&self, h: &mut StateHasher) {
        if self.mode == Mode::Creative {
            return;
        }
        h.bytes(b"survival");
        for c in self.spawn.to_array() {
            h.f64(c);
        }
        h.u64(self.survivors.len() as u64);
        for (name, s) in &self.survivors {
            h.bytes(name.as_str().as_bytes());
            s.hash(h);
        }
        h.u64(self.drops.list().len() as u64);
        for d in self.drops.list() {
            hash_stacks(h, &[Some(d.stack)]);
            for v in [d.position, d.velocity] {
                for c in v.to_array() {
                    h.f64(c);
                }
            }
            h.bool(d.on_ground);
            h.u64(u64::from(d.age));
        }
        h.u64(self.furnaces.len() as u64);
        for (&cell, f) in &self.furnaces {
            hash_cell(h, cell);
            hash_stacks(h, &[f.input, f.fuel, f.output]);
            for n in [f.burn_left, f.burn_total, f.progress] {
                h.u64(u64::from(n));
            }
        }
        // Only where any chest holds anything, so that a world without hashes as before.
        if !self.chests.is_empty() {
            h.bytes(b"chests");
            h.u64(self.chests.len() as u64);
            for (&cell, chest) in &self.chests {
                hash_cell(h, cell);
                hash_stacks(h, &chest.slots);
            }
        }
    }
}

fn hash_cell(h: &mut StateHasher, cell: BlockPos) {
    h.i32(cell.x);
    h.i32(cell.y);
    h.i32(cell.z);
}

fn hash_stacks(h: &mut StateHasher, stacks: &[Option<Stack>]) {
    for s in stacks {
        match s {
            Some(s) => {
                h.bytes(s.item.name().as_bytes());
                h.bytes(&[0, s.count]);
                h.u64(u64::from(s.wear));
            }
            None => h.bytes(&[0xff]),
        }
    }
}
