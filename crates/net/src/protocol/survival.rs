//! Survival as it travels: the world's mode, a player's own survival state and the items
//! lying about.
//!
//! A client plays survival on its copy of the world, so it must know what its player holds
//! and how it fares. The server sends each client only its own player's state, and only
//! what the window shows or the client's prediction reads (health, air and hunger, not the
//! counters of the rules that change them, which run on the server alone), so a message
//! changes only when something the player sees changes. Everything read from the wire is
//! checked against the game's own limits before it reaches the simulation: an unknown
//! item, a stack larger than its item allows or an inventory of the wrong size is a
//! [`WireError::Invalid`].

use serde::{Deserialize, Serialize};

use super::WireError;
use hewn_core::sim::survival::{
    CHEST_SLOTS, Cause, Dig, Furnace, MAX_AIR, MAX_HEALTH, Mode, SLOTS, Stack, Station,
    StationScreen, Survivor,
};
use hewn_core::sim::survival::{MAX_HUNGER, MEAL_TICKS, Meal, Sleep};
use hewn_core::sim::{HOTBAR_SLOTS, Item};
use hewn_core::world::BlockPos;

/// The most items one snapshot carries: the nearest, when more lie in view. Items merge
/// with their kind close by, so more than this in one view is rare, and the cap keeps a
/// snapshot small however many a world holds.
pub const MAX_ITEMS_SEEN: usize = 256;

/// A world's mode as it travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireMode {
    /// [`Mode::Creative`].
    Creative,
    /// [`Mode::Survival`].
    Survival,
}

impl WireMode {
    /// `mode` as it travels.
    #[must_use]
    pub const fn of(mode: Mode) -> Self {
        match mode {
            Mode::Creative => Self::Creative,
            Mode::Survival => Self::Survival,
        }
    }

    /// The mode.
    #[must_use]
    pub const fn mode(self) -> Mode {
        match self {
            Self::Creative => Mode::Creative,
            Self::Survival => Mode::Survival,
        }
    }
}

/// A stack as it travels: the item by [`Item::id`], the count and the wear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireStack(pub u16, pub u8, pub u16);

impl WireStack {
    /// `stack` as it travels.
    #[must_use]
    pub const fn of(stack: Stack) -> Self {
        Self(stack.item.id(), stack.count, stack.wear)
    }

    /// The stack, if it is one the game can hold: a known item, 1 to its most per stack,
    /// worn only if it is a tool and less than its uses.
    ///
    /// # Errors
    /// [`WireError::Invalid`] saying which.
    pub fn stack(self) -> Result<Stack, WireError> {
        let item = Item::from_id(self.0).ok_or(WireError::Invalid("an unknown item"))?;
        if self.1 == 0 || self.1 > item.max_stack() {
            return Err(WireError::Invalid("a stack of an impossible size"));
        }
        let most_wear = item.tool().map_or(0, |t| t.tier.uses().saturating_sub(1));
        if self.2 > most_wear {
            return Err(WireError::Invalid("a tool worn past its uses"));
        }
        Ok(Stack {
            item,
            count: self.1,
            wear: self.2,
        })
    }
}

fn wire_slots(slots: &[Option<Stack>]) -> Vec<Option<WireStack>> {
    slots.iter().map(|s| s.map(WireStack::of)).collect()
}

fn read_slots<const N: usize>(
    slots: &[Option<WireStack>],
) -> Result<[Option<Stack>; N], WireError> {
    if slots.len() != N {
        return Err(WireError::Invalid("a list of slots of the wrong length"));
    }
    let mut out = [None; N];
    for (to, from) in out.iter_mut().zip(slots) {
        *to = from.map(WireStack::stack).transpose()?;
    }
    Ok(out)
}

/// What a player has open, as it travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WireStation {
    /// [`Station::Inventory`].
    Inventory,
    /// [`Station::Table`].
    Table(BlockPos),
    /// [`Station::Furnace`].
    Furnace(BlockPos),
    /// [`Station::Chest`].
    Chest(BlockPos),
}

/// A furnace as it travels: what its screen draws (the slots, the flame and the arrow).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireFurnace {
    /// Input, fuel and output.
    pub slots: [Option<WireStack>; 3],
    /// Ticks of burning left, of the fuel's total, and ticks the item in has cooked.
    pub ticks: [u32; 3],
}

/// A player's open screen as it travels, with the furnace it is open on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireScreen {
    /// What is open, if anything.
    pub open: Option<WireStation>,
    /// The crafting grid's nine cells.
    pub grid: Vec<Option<WireStack>>,
    /// The stack on the cursor.
    pub cursor: Option<WireStack>,
    /// The furnace open, when one is and it holds anything or burns.
    pub furnace: Option<WireFurnace>,
    /// The chest open, when one is: its 27 slots, or 54 for a double chest.
    pub chest: Option<Vec<Option<WireStack>>>,
}

/// What a survivor's state carries besides the survivor: the furnace or chest its screen is
/// open on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opened {
    /// The furnace open, if it holds anything or burns.
    pub furnace: Option<Furnace>,
    /// The chest open: its slots, 27 or 54.
    pub chest: Option<Vec<Option<Stack>>>,
}

/// A player's own survival state as its client is sent it, as of one of the client's ticks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SurvivorState {
    /// Health, 0 to [`MAX_HEALTH`].
    pub health: u8,
    /// Air, 0 to [`MAX_AIR`].
    pub air: u16,
    /// Hunger, 0 to [`MAX_HUNGER`]: the bar, and whether it may sprint.
    pub hunger: u8,
    /// Whether it is eating the food in hand.
    pub eating: bool,
    /// The foot of the bed it sleeps in, while it sleeps: a sleeper's controls move
    /// nothing, and its client must predict that.
    pub sleeping: Option<BlockPos>,
    /// Every item it has carried, by number: the recipe book's ingredients.
    pub seen: Vec<u16>,
    /// The hotbar slot in hand.
    pub selected: u8,
    /// The 36 slots.
    pub inventory: Vec<Option<WireStack>>,
    /// What killed it, by its number ([`Cause::number`]), while it is dead.
    pub death: Option<u16>,
    /// The block it digs and the crack's stage (0 to 9): what the window draws. Ticks
    /// would change every tick and cost a message each; the stage changes ten times a dig.
    pub dig: Option<(BlockPos, u8)>,
    /// Its screen, when anything is open or in the grid or on the cursor.
    pub screen: Option<WireScreen>,
}

impl SurvivorState {
    /// `s` as it travels, with the furnace or chest its screen is open on.
    #[must_use]
    pub fn of(s: &Survivor, opened: &Opened) -> Self {
        let furnace = opened.furnace.as_ref();
        let screen = (s.screen != StationScreen::default()).then(|| WireScreen {
            open: s.screen.open.map(|o| match o {
                Station::Inventory => WireStation::Inventory,
                Station::Table(cell) => WireStation::Table(cell),
                Station::Furnace(cell) => WireStation::Furnace(cell),
                Station::Chest(cell) => WireStation::Chest(cell),
            }),
            grid: wire_slots(&s.screen.grid),
            cursor: s.screen.cursor.map(WireStack::of),
            furnace: furnace.map(|f| WireFurnace {
                slots: [f.input, f.fuel, f.output].map(|s| s.map(WireStack::of)),
                ticks: [f.burn_left, f.burn_total, f.progress],
            }),
            chest: opened.chest.as_deref().map(wire_slots),
        });
        Self {
            health: s.vitals.health,
            air: s.vitals.air,
            hunger: s.hunger.level,
            eating: s.meal.is_some(),
            sleeping: s.sleeping.map(|sleep| sleep.bed),
            seen: s.seen.iter().map(|i| i.id()).collect(),
            selected: s.selected,
            inventory: wire_slots(s.inventory.slots()),
            death: s.death.map(Cause::number),
            dig: s.digging.map(|d| (d.cell, d.stage())),
            screen,
        }
    }

    /// The survivor this describes, and the furnace or chest its screen is open on. The rules'
    /// counters it does not carry (since last hurt, the top of a fall) are a fresh
    /// player's: a client does not run those rules. The dig is the stage as ticks of ten,
    /// which draws the same crack.
    ///
    /// # Errors
    /// [`WireError::Invalid`] for anything out of the game's range.
    pub fn survivor(&self) -> Result<(Survivor, Opened), WireError> {
        if self.health > MAX_HEALTH || self.air > MAX_AIR || self.hunger > MAX_HUNGER {
            return Err(WireError::Invalid(
                "health, air or hunger past the most there is",
            ));
        }
        if usize::from(self.selected) >= HOTBAR_SLOTS {
            return Err(WireError::Invalid("a hotbar slot that does not exist"));
        }
        let mut s = Survivor {
            selected: self.selected,
            ..Survivor::default()
        };
        s.vitals.health = self.health;
        s.vitals.air = self.air;
        s.hunger.level = self.hunger;
        s.hunger.saturation = s.hunger.saturation.min(f64::from(self.hunger));
        let slots: [Option<Stack>; SLOTS] = read_slots(&self.inventory)?;
        for (i, stack) in slots.into_iter().enumerate() {
            *s.inventory.slot_mut(i) = stack;
        }
        s.death = match self.death {
            Some(i) => {
                Some(Cause::from_number(i).ok_or(WireError::Invalid("an unknown cause of death"))?)
            }
            None => None,
        };
        s.digging = match self.dig {
            Some((_, stage)) if stage > 9 => {
                return Err(WireError::Invalid("a crack past its last stage"));
            }
            Some((cell, stage)) => Some(Dig {
                cell,
                ticks: u32::from(stage),
                needed: 10,
            }),
            None => None,
        };
        s.sleeping = self.sleeping.map(|bed| Sleep { bed, ticks: 0 });
        s.seen = (self.seen.iter())
            .map(|&id| Item::from_id(id).ok_or(WireError::Invalid("an unknown item seen")))
            .collect::<Result<_, _>>()?;
        // A meal shown as just begun: the server, which times it, says when it ends.
        s.meal = match (self.eating, s.held()) {
            (true, Some(held)) => Some(Meal {
                slot: s.selected,
                item: held.item,
                left: MEAL_TICKS,
            }),
            _ => None,
        };
        let mut opened = Opened::default();
        if let Some(w) = &self.screen {
            s.screen = StationScreen {
                open: w.open.map(|o| match o {
                    WireStation::Inventory => Station::Inventory,
                    WireStation::Table(cell) => Station::Table(cell),
                    WireStation::Furnace(cell) => Station::Furnace(cell),
                    WireStation::Chest(cell) => Station::Chest(cell),
                }),
                grid: read_slots(&w.grid)?,
                cursor: w.cursor.map(WireStack::stack).transpose()?,
            };
            if let Some(f) = &w.furnace {
                let [input, fuel, output] = read_slots::<3>(&f.slots)?;
                let [burn_left, burn_total, progress] = f.ticks;
                opened.furnace = Some(Furnace {
                    input,
                    fuel,
                    output,
                    burn_left,
                    burn_total,
                    progress,
                });
            }
            if let Some(slots) = &w.chest {
                let whole = [CHEST_SLOTS, 2 * CHEST_SLOTS].contains(&slots.len());
                if !whole || !matches!(s.screen.open, Some(Station::Chest(_))) {
                    return Err(WireError::Invalid("a chest of the wrong size, or not open"));
                }
                let read: Result<Vec<_>, _> = (slots.iter())
                    .map(|w| w.map(WireStack::stack).transpose())
                    .collect();
                opened.chest = Some(read?);
            }
        }
        Ok((s, opened))
    }
}

/// An item lying in the world, as a snapshot carries it: what, how many, where (in single
/// precision from the snapshot's origin, as other players travel) and how old, which the
/// window turns and bobs it by.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeenItem {
    /// The item by [`Item::id`].
    pub item: u16,
    /// How many.
    pub count: u8,
    /// Bottom centre, from the snapshot's origin.
    pub offset: [f32; 3],
    /// Ticks since it appeared.
    pub age: u32,
}

#[cfg(test)]
mod tests;
