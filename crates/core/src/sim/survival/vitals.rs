//! A survival player's health and air, and the rules that change them each tick.
//!
//! The rules, at 60 ticks a second:
//! - a fall from height `h` (the top of the fall to where the player lands) costs
//!   `⌈h − 3⌉` when `h > 3`; landing in water or flying costs nothing, and water resets it;
//! - air is 900 ticks: one less each tick the eyes are in water, four more each tick they
//!   are not; at none, 2 health go at once and 2 more every 60 ticks;
//! - a cactus touched costs 1;
//! - after any hurt, none for 30 ticks;
//! - below full, unhurt for 240 ticks and fed (hunger 18 or more: [`super::hunger`]), 1
//!   back every 240 ticks;
//! - starving (hunger 0) costs 1 every 240 ticks, down to 1.

use crate::physics::Body;

/// Health when full: ten hearts of two.
pub const MAX_HEALTH: u8 = 20;
/// Air when full: 15 s of breath.
pub const MAX_AIR: u16 = 900;
/// Air regained per tick with the eyes out of water.
const AIR_REGAINED: u16 = 4;
/// Falls no higher than this cost nothing.
const SAFE_FALL: f64 = 3.0;
/// How far a fall may be above a whole number of blocks and still count as that number:
/// positions are snapped to a grid finer than this, so a 4-block drop measures 4 + ε.
const FALL_SLACK: f64 = 1e-6;
/// Health lost each time drowning hurts.
const DROWNING_HURT: u8 = 2;
/// Ticks between drowning's hurts.
const DROWNING_INTERVAL: u16 = 60;
/// Ticks after a hurt in which nothing hurts.
pub const HURT_COOLDOWN: u8 = 30;
/// Ticks unhurt before health comes back, and between each point regained.
pub const REGENERATION_INTERVAL: u32 = 240;

/// What hurt a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Hitting the ground.
    Fall,
    /// Breathing water.
    Drowning,
    /// Touching a cactus.
    Cactus,
    /// Hunger at 0.
    Starvation,
    /// An arrow.
    Arrow,
    /// A creature's strike: the kind, by its index among the creature kinds in use.
    Creature(u16),
}

impl Cause {
    /// Every cause but a creature's, in the order the network numbers them.
    pub const ALL: [Self; 5] = [
        Self::Fall,
        Self::Drowning,
        Self::Cactus,
        Self::Starvation,
        Self::Arrow,
    ];

    /// The number a creature kind's cause takes on the wire: this, plus its index.
    const CREATURES_FROM: u16 = 16;

    /// The cause's name in `hewn sim`'s output and saves: a creature's is its kind's
    /// (`zombie`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Fall => "fall",
            Self::Drowning => "drowning",
            Self::Cactus => "cactus",
            Self::Starvation => "starvation",
            Self::Arrow => "arrow",
            Self::Creature(kind) => crate::sim::creature::kinds()
                .get(usize::from(kind))
                .map_or("creature", |k| k.name.as_str()),
        }
    }

    /// The cause called `name`: one of [`Cause::ALL`], or a creature kind's.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .or_else(|| crate::sim::creature::kind_named(name).map(Self::Creature))
    }

    /// The byte a hash takes for it: 1 and up, as when causes were numbered by their place.
    #[must_use]
    pub fn hash_byte(self) -> u8 {
        u8::try_from(self.number()).map_or(u8::MAX, |n| n.saturating_add(1))
    }

    /// The cause's number on the wire.
    #[must_use]
    pub fn number(self) -> u16 {
        match self {
            Self::Creature(kind) => Self::CREATURES_FROM.saturating_add(kind),
            other => Self::ALL
                .iter()
                .position(|&c| c == other)
                .and_then(|i| u16::try_from(i).ok())
                .unwrap_or(0),
        }
    }

    /// The cause numbered `number` ([`Cause::number`]).
    #[must_use]
    pub fn from_number(number: u16) -> Option<Self> {
        match number.checked_sub(Self::CREATURES_FROM) {
            Some(kind) => (usize::from(kind) < crate::sim::creature::kinds().len())
                .then_some(Self::Creature(kind)),
            None => Self::ALL.get(usize::from(number)).copied(),
        }
    }

    /// How the death screen says it.
    #[must_use]
    pub fn message(self) -> String {
        match self {
            Self::Fall => "You hit the ground too hard".to_owned(),
            Self::Drowning => "You drowned".to_owned(),
            Self::Cactus => "You were pricked to death".to_owned(),
            Self::Starvation => "You starved to death".to_owned(),
            Self::Arrow => "You were shot".to_owned(),
            Self::Creature(_) => format!("You were slain by a {}", self.name()),
        }
    }
}

/// What a player's surroundings were over one tick, as [`Vitals::tick`] needs them.
#[derive(Clone, Copy, Debug)]
pub struct Senses {
    /// The body before it moved this tick.
    pub before: Body,
    /// The body after.
    pub after: Body,
    /// Whether water filled the cell of the feet before the move.
    pub feet_wet_before: bool,
    /// Whether water fills the cell of the feet after it.
    pub feet_wet: bool,
    /// Whether water fills the cell of the eyes after the move.
    pub eyes_under: bool,
    /// Whether the body touches a cactus after the move.
    pub touching_cactus: bool,
    /// Whether hunger lets health come back ([`super::Hunger::is_fed`]).
    pub fed: bool,
}

/// A player's health, air and the clocks their rules keep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Vitals {
    /// 0 to [`MAX_HEALTH`]; 0 is dead.
    pub health: u8,
    /// 0 to [`MAX_AIR`].
    pub air: u16,
    /// Ticks before anything can hurt again.
    pub cooldown: u8,
    /// Ticks since the last hurt (or since the player came into the world), for
    /// regeneration.
    pub unhurt: u32,
    /// Ticks until drowning hurts again, while out of air.
    pub drowning_in: u16,
    /// The highest the feet have been since the player last stood, swam or flew.
    pub fall_top: Option<f64>,
}

impl Default for Vitals {
    fn default() -> Self {
        Self::full()
    }
}

impl Vitals {
    /// Full health and air, as a new or respawned player has.
    #[must_use]
    pub const fn full() -> Self {
        Self {
            health: MAX_HEALTH,
            air: MAX_AIR,
            cooldown: 0,
            unhurt: 0,
            drowning_in: 0,
            fall_top: None,
        }
    }

    /// Whether health has run out.
    #[must_use]
    pub const fn is_dead(&self) -> bool {
        self.health == 0
    }

    /// Loses `amount` health, unless the last hurt was too recent; returns the
    /// health lost.
    pub fn hurt(&mut self, amount: u8) -> u8 {
        if self.cooldown > 0 || self.is_dead() || amount == 0 {
            return 0;
        }
        let lost = amount.min(self.health);
        self.health -= lost;
        self.cooldown = HURT_COOLDOWN;
        self.unhurt = 0;
        lost
    }

    /// One tick of the rules, after the player moved; returns each hurt (cause and health
    /// lost), in order: fall, drowning, cactus.
    pub fn tick(&mut self, s: &Senses) -> Vec<(Cause, u8)> {
        let mut hurts = Vec::new();
        self.cooldown = self.cooldown.saturating_sub(1);
        self.unhurt = self.unhurt.saturating_add(1);
        if let Some(fall) = self.fall(s)
            && fall > SAFE_FALL
        {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "clamped to u8's range first"
            )]
            let amount = (fall - SAFE_FALL - FALL_SLACK).ceil().clamp(0.0, 255.0) as u8;
            hurts.push((Cause::Fall, self.hurt(amount)));
        }
        if s.eyes_under {
            self.air = self.air.saturating_sub(1);
            if self.air == 0 {
                if self.drowning_in == 0 {
                    hurts.push((Cause::Drowning, self.hurt(DROWNING_HURT)));
                    self.drowning_in = DROWNING_INTERVAL;
                }
                self.drowning_in -= 1;
            }
        } else {
            self.air = (self.air + AIR_REGAINED).min(MAX_AIR);
            self.drowning_in = 0;
        }
        if s.touching_cactus {
            hurts.push((Cause::Cactus, self.hurt(1)));
        }
        hurts.retain(|&(_, lost)| lost > 0);
        if hurts.is_empty()
            && s.fed
            && !self.is_dead()
            && self.health < MAX_HEALTH
            && self.unhurt.is_multiple_of(REGENERATION_INTERVAL)
        {
            self.health += 1;
        }
        hurts
    }

    /// Follows the fall over the tick: the height of the fall that ended in a landing this
    /// tick, if one that can hurt did.
    fn fall(&mut self, s: &Senses) -> Option<f64> {
        let (before, after) = (&s.before, &s.after);
        let top = if before.on_ground || before.flying || s.feet_wet_before {
            before.position.y
        } else {
            self.fall_top
                .unwrap_or(before.position.y)
                .max(before.position.y)
        };
        self.fall_top = Some(top.max(after.position.y));
        let landed = !before.on_ground && after.on_ground;
        (landed && !after.flying && !s.feet_wet).then_some(top - after.position.y)
    }
}

#[cfg(test)]
mod tests;
