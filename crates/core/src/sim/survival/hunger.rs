//! A survival player's hunger, Minecraft's model at hewn's 60 ticks a second.
//!
//! - Hunger runs from 20 (full) to 0. Saturation, 0 to the hunger level, is eaten into
//!   before hunger is.
//! - Effort adds exhaustion:
//!   - 0.01 a block walked or swum, 0.1 a block sprinted;
//!   - 0.05 a jump, 0.2 a sprinting jump;
//!   - 0.1 a hurt taken, 0.005 a block broken;
//!   - 6 for each point of health regained.
//! - Every 4 of exhaustion costs a point of saturation, or of hunger when there is no
//!   saturation left.
//! - At hunger 18 or more, health comes back ([`super::Vitals`]); at 6 or less a player
//!   cannot sprint; at 0 it starves: 1 health every 240 ticks (4 s), never below 1, as on
//!   Minecraft's normal difficulty.
//! - Food restores hunger and saturation ([`food`]): an apple 4 and 2.4, bread 5 and 6.
//!   Eating takes [`MEAL_TICKS`] and is refused at full hunger.

use crate::sim::Item;

/// Hunger when full.
pub const MAX_HUNGER: u8 = 20;
/// Saturation a new or respawned player has.
pub const START_SATURATION: f64 = 5.0;
/// At this hunger or more, health comes back.
pub const FED: u8 = 18;
/// At this hunger or less, a player cannot sprint.
pub const TOO_HUNGRY_TO_SPRINT: u8 = 6;
/// Exhaustion that costs a point of saturation or hunger.
pub const EXHAUSTION_PER_POINT: f64 = 4.0;
/// Ticks between starvation's hurts.
pub const STARVING_INTERVAL: u16 = 240;
/// Ticks a meal takes: Minecraft's 32 at 20 a second.
pub const MEAL_TICKS: u16 = 96;

/// Exhaustion for each block walked on the ground or swum.
const WALKED: f64 = 0.01;
/// Exhaustion for each block sprinted.
const SPRINTED: f64 = 0.1;
/// Exhaustion for a jump.
const JUMPED: f64 = 0.05;
/// Exhaustion for a sprinting jump.
const SPRINT_JUMPED: f64 = 0.2;
/// Exhaustion for each hurt taken.
pub const HURT: f64 = 0.1;
/// Exhaustion for each block broken.
pub const BROKE: f64 = 0.005;
/// Exhaustion for each point of health regained.
pub const HEALED: f64 = 6.0;

/// What a food restores: hunger points, saturation and health.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Food {
    /// Hunger points restored.
    pub hunger: u8,
    /// Saturation added (never past the hunger level it leaves).
    pub saturation: f64,
    /// Health given back at once (never past full).
    pub health: u8,
}

/// How a player moved over one tick, as hunger counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Effort {
    /// Blocks walked on the ground or swum, not sprinting.
    pub walked: f64,
    /// Blocks sprinted.
    pub sprinted: f64,
    /// Whether it jumped this tick.
    pub jumped: bool,
    /// Whether it sprinted as it jumped.
    pub sprinting: bool,
}

impl Effort {
    /// The exhaustion this effort costs.
    #[must_use]
    pub fn exhaustion(&self) -> f64 {
        let jump = match (self.jumped, self.sprinting) {
            (false, _) => 0.0,
            (true, false) => JUMPED,
            (true, true) => SPRINT_JUMPED,
        };
        self.walked * WALKED + self.sprinted * SPRINTED + jump
    }
}

/// A player's hunger, saturation and exhaustion, and starvation's clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hunger {
    /// 0 to [`MAX_HUNGER`].
    pub level: u8,
    /// 0 to the level: eaten into before the level is.
    pub saturation: f64,
    /// Effort not yet paid for: a point of saturation or hunger every
    /// [`EXHAUSTION_PER_POINT`].
    pub exhaustion: f64,
    /// Ticks until starving hurts again, while hunger is 0.
    pub starving_in: u16,
}

impl Default for Hunger {
    fn default() -> Self {
        Self::full()
    }
}

impl Hunger {
    /// Full, as a new or respawned player is.
    #[must_use]
    pub const fn full() -> Self {
        Self {
            level: MAX_HUNGER,
            saturation: START_SATURATION,
            exhaustion: 0.0,
            starving_in: STARVING_INTERVAL,
        }
    }

    /// Whether health can come back.
    #[must_use]
    pub const fn is_fed(&self) -> bool {
        self.level >= FED
    }

    /// Whether the player may sprint.
    #[must_use]
    pub const fn can_sprint(&self) -> bool {
        self.level > TOO_HUNGRY_TO_SPRINT
    }

    /// Whether the player may eat.
    #[must_use]
    pub const fn can_eat(&self) -> bool {
        self.level < MAX_HUNGER
    }

    /// Adds `amount` of effort, paying for it in saturation, then in hunger.
    pub fn exhaust(&mut self, amount: f64) {
        self.exhaustion += amount;
        while self.exhaustion >= EXHAUSTION_PER_POINT {
            self.exhaustion -= EXHAUSTION_PER_POINT;
            if self.saturation > 0.0 {
                self.saturation = (self.saturation - 1.0).max(0.0);
            } else {
                self.level = self.level.saturating_sub(1);
            }
        }
    }

    /// Eats `food`: hunger up to [`MAX_HUNGER`], saturation up to the new level.
    pub fn eat(&mut self, food: Food) {
        self.level = (self.level + food.hunger).min(MAX_HUNGER);
        self.saturation = (self.saturation + food.saturation).min(f64::from(self.level));
    }

    /// One tick of starvation's clock; whether it hurts this tick (at hunger 0, every
    /// [`STARVING_INTERVAL`] ticks).
    pub fn starves(&mut self) -> bool {
        if self.level > 0 {
            self.starving_in = STARVING_INTERVAL;
            return false;
        }
        self.starving_in = self.starving_in.saturating_sub(1);
        if self.starving_in == 0 {
            self.starving_in = STARVING_INTERVAL;
            return true;
        }
        false
    }
}

/// A meal under way: the hotbar slot whose food is being eaten, and the ticks left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meal {
    /// The hotbar slot it eats from.
    pub slot: u8,
    /// The food.
    pub item: Item,
    /// Ticks until it is eaten.
    pub left: u16,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::survival::Material;
    use crate::sim::survival::rules::food;

    #[test]
    fn exhaustion_takes_saturation_first_then_hunger() {
        let mut h = Hunger::full();
        h.exhaust(4.0 * 5.0);
        assert_eq!((h.level, h.saturation), (20, 0.0));
        h.exhaust(3.99);
        assert_eq!(h.level, 20);
        h.exhaust(0.01 + 4.0);
        assert_eq!(h.level, 18);
        assert!(h.is_fed() && h.can_sprint() && h.can_eat());
    }

    #[test]
    fn food_fills_hunger_to_twenty_and_saturation_to_hunger() {
        let mut h = Hunger {
            level: 3,
            saturation: 0.0,
            ..Hunger::full()
        };
        let bread = food(Item::Material(Material::Bread)).expect("bread is food");
        h.eat(bread);
        assert_eq!((h.level, h.saturation), (8, 6.0));
        let apple = food(Item::Material(Material::Apple)).expect("an apple is food");
        h.eat(apple);
        assert_eq!(h.level, 12);
        assert!((h.saturation - 8.4).abs() < 1e-12);
        h.level = 19;
        h.eat(bread);
        assert_eq!((h.level, h.saturation), (20, 14.4));
        assert!(!h.can_eat());
        assert_eq!(food(Item::Material(Material::Stick)), None);
    }

    #[test]
    fn starving_hurts_every_240_ticks_at_zero() {
        let mut h = Hunger {
            level: 0,
            saturation: 0.0,
            ..Hunger::full()
        };
        let hurts: Vec<u32> = (1..=720).filter(|_| h.starves()).collect();
        assert_eq!(hurts, [240, 480, 720]);
        h.level = 1;
        assert!(!(0..1000).any(|_| h.starves()));
    }

    #[test]
    fn effort_costs_as_stated() {
        let walk = Effort {
            walked: 100.0,
            ..Effort::default()
        };
        assert!((walk.exhaustion() - 1.0).abs() < 1e-12);
        let sprint_jump = Effort {
            sprinted: 10.0,
            jumped: true,
            sprinting: true,
            ..Effort::default()
        };
        assert!((sprint_jump.exhaustion() - 1.2).abs() < 1e-12);
    }
}
