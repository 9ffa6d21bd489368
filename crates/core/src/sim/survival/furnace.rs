//! A furnace's contents and fire: an item to smelt, fuel below it, and what it made.
//!
//! Each tick a furnace with something it can smelt and room for the result lights a fuel
//! item if none is burning; while fuel burns the item cooks, and after
//! [`SMELT_TICKS`] it becomes what it smelts into. Fuel burns
//! down whether or not anything cooks; an item left without fire cools back, two ticks a
//! tick, as in Minecraft.

use super::inventory::Stack;
use super::rules::{burn_ticks, smelted};

/// Ticks one item takes to smelt: Minecraft's 10 s.
pub const SMELT_TICKS: u32 = 600;

/// Which of a furnace's three slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FurnaceSlot {
    /// What is smelted.
    Input,
    /// What burns.
    Fuel,
    /// What was made.
    Output,
}

impl FurnaceSlot {
    /// Every slot, in the order above.
    pub const ALL: [Self; 3] = [Self::Input, Self::Fuel, Self::Output];

    /// The slot's name in scenario files and `hewn sim`'s output.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Input => "input",
            Self::Fuel => "fuel",
            Self::Output => "output",
        }
    }

    /// The slot called `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// One furnace's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Furnace {
    /// What is being smelted.
    pub input: Option<Stack>,
    /// The fuel waiting to burn.
    pub fuel: Option<Stack>,
    /// What it has made.
    pub output: Option<Stack>,
    /// Ticks the burning fuel has left.
    pub burn_left: u32,
    /// Ticks the burning fuel burns in all (for the flame's gauge).
    pub burn_total: u32,
    /// Ticks the item in the input has cooked.
    pub progress: u32,
}

impl Furnace {
    /// The stack in `slot`, to change.
    pub const fn slot_mut(&mut self, slot: FurnaceSlot) -> &mut Option<Stack> {
        match slot {
            FurnaceSlot::Input => &mut self.input,
            FurnaceSlot::Fuel => &mut self.fuel,
            FurnaceSlot::Output => &mut self.output,
        }
    }

    /// The stack in `slot`.
    #[must_use]
    pub const fn slot(&self, slot: FurnaceSlot) -> Option<Stack> {
        match slot {
            FurnaceSlot::Input => self.input,
            FurnaceSlot::Fuel => self.fuel,
            FurnaceSlot::Output => self.output,
        }
    }

    /// Whether fuel is burning.
    #[must_use]
    pub const fn is_burning(&self) -> bool {
        self.burn_left > 0
    }

    /// Whether it is empty and cold: nothing in it, nothing burning, nothing cooking.
    #[must_use]
    pub fn is_idle(&self) -> bool {
        *self == Self::default()
    }

    /// What the input smelts into, if it smelts and the output has room for it.
    fn result(&self) -> Option<Stack> {
        let made = Stack::new(smelted(self.input?.item)?, 1);
        match self.output {
            None => Some(made),
            Some(out) if out.stacks_with(&made) && out.room() > 0 => Some(made),
            Some(_) => None,
        }
    }

    /// One tick; returns whether fuel burns after it.
    pub fn tick(&mut self) -> bool {
        let result = self.result();
        if self.burn_left == 0
            && result.is_some()
            && let Some(fuel) = self.fuel
            && let Some(ticks) = burn_ticks(fuel.item)
        {
            self.fuel = (fuel.count > 1).then(|| Stack {
                count: fuel.count - 1,
                ..fuel
            });
            self.burn_left = ticks;
            self.burn_total = ticks;
        }
        if self.burn_left > 0 {
            self.burn_left -= 1;
            match result {
                Some(made) => {
                    self.progress += 1;
                    if self.progress >= SMELT_TICKS {
                        self.progress = 0;
                        self.finish(made);
                    }
                }
                None => self.progress = 0,
            }
        } else {
            self.progress = self.progress.saturating_sub(2);
        }
        if self.burn_left == 0 {
            self.burn_total = 0;
        }
        self.is_burning()
    }

    /// Moves one smelted item from the input to the output as `made`.
    fn finish(&mut self, made: Stack) {
        if let Some(input) = &mut self.input {
            input.count -= 1;
            if input.count == 0 {
                self.input = None;
            }
        }
        match &mut self.output {
            Some(out) => out.count += 1,
            None => self.output = Some(made),
        }
    }

    /// Everything in it, in slot order: what breaking it lets fall.
    #[must_use]
    pub fn contents(&self) -> Vec<Stack> {
        FurnaceSlot::ALL
            .into_iter()
            .filter_map(|s| self.slot(s))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Item;
    use crate::sim::survival::Material;
    use crate::world::Block;

    fn furnace(input: Item, n: u8, fuel: Item, f: u8) -> Furnace {
        Furnace {
            input: Some(Stack::new(input, n)),
            fuel: Some(Stack::new(fuel, f)),
            ..Furnace::default()
        }
    }

    /// Ticks until the output holds `n`, up to `limit`.
    fn ticks_to_make(f: &mut Furnace, n: u8, limit: u32) -> Option<u32> {
        (1..=limit).find(|_| {
            f.tick();
            f.output.is_some_and(|o| o.count >= n)
        })
    }

    #[test]
    fn one_item_smelts_in_ten_seconds_and_coal_smelts_eight() {
        let coal = Item::Material(Material::Coal);
        let mut f = furnace(Item::Block(Block::IRON_ORE), 10, coal, 1);
        assert_eq!(ticks_to_make(&mut f, 1, 10_000), Some(600));
        assert_eq!(
            ticks_to_make(&mut f, 8, 10_000).map(|t| t + 600),
            Some(4800)
        );
        assert!(!f.is_burning(), "the coal is spent");
        assert_eq!(ticks_to_make(&mut f, 9, 10_000), None);
        assert_eq!(
            f.output,
            Some(Stack::new(Item::Material(Material::IronIngot), 8))
        );
        assert_eq!(f.input.map(|s| s.count), Some(2));
    }

    #[test]
    fn a_stick_burns_five_seconds_and_the_half_cooked_item_cools() {
        let stick = Item::Material(Material::Stick);
        let mut f = furnace(Item::Block(Block::SAND), 1, stick, 1);
        let burning: Vec<bool> = (0..300).map(|_| f.tick()).collect();
        assert_eq!(
            burning.iter().filter(|&&b| b).count(),
            299,
            "the stick is spent on tick 300"
        );
        assert_eq!(f.progress, 300);
        assert!(!f.is_burning());
        f.tick();
        assert_eq!(f.progress, 298);
        assert_eq!(f.output, None);
    }

    #[test]
    fn nothing_lights_without_something_to_smelt() {
        let mut f = furnace(Item::Block(Block::DIRT), 1, Item::Block(Block::PLANKS), 4);
        assert!(!f.tick());
        assert_eq!(f.fuel.map(|s| s.count), Some(4));
    }
}
