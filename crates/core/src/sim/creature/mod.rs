//! Creatures: animals that graze and flee, monsters that hunt at night.
//!
//! A creature is a [`Walker`] of its kind's size with health and a [`Mind`]. Everything
//! about them is state, hashed and saved, and every chance they take is drawn from
//! [`dice`], seeded by the world's seed, the creature's id and the world's clock (which a
//! save keeps, where the simulation's tick count starts again): the same world and inputs
//! give the same creatures on every run, and after a save and reload.
//!
//! - [`kind`]: kinds as packs declare them;
//! - [`mind`]: what a creature wants each tick, by its kind's behaviour;
//! - [`path`]: A* over the block grid, within a node budget the whole world shares;
//! - [`arrow`]: arrows in flight and stuck;
//! - [`grid`]: creatures by region, so neighbours are found without a scan of all;
//! - [`spawn`]: where and when creatures appear by themselves, and go.

pub mod arrow;
pub mod crowd;
pub mod dice;
pub mod grid;
pub mod kind;
pub mod mind;
pub mod path;
pub mod spawn;

use std::collections::{BTreeSet, VecDeque};

use glam::DVec3;

use crate::aabb::Aabb;
use crate::physics::walker::Walker;
use crate::sim::hash::StateHasher;
use crate::world::ColumnPos;
pub use arrow::Arrow;
pub use kind::{Behaviour, Kind, Model, Spawns};
pub use mind::Mind;

/// The most creatures a world holds: what a scenario may start with, a save may hold and
/// spawning may add up to.
pub const MAX_CREATURES: usize = 2000;

/// Ticks after a hurt in which a creature cannot be hurt again.
pub const HURT_COOLDOWN: u8 = 30;

/// Ticks a creature is drawn red after a hurt.
pub const FLASH_TICKS: u8 = 10;

/// Ticks an animal flees for once hit: 5 s.
pub const FLEE_TICKS: u16 = 300;

/// A world's difficulty: whether monsters appear.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum Difficulty {
    /// No monsters: none spawn, and those there are removed.
    Peaceful,
    /// Monsters at night and in the dark.
    #[default]
    Normal,
}

impl Difficulty {
    /// Both difficulties.
    pub const ALL: [Self; 2] = [Self::Peaceful, Self::Normal];

    /// Its name in scenarios, `server.toml` and commands.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Peaceful => "peaceful",
            Self::Normal => "normal",
        }
    }

    /// The difficulty called `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.name() == name)
    }
}

/// One creature.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Creature {
    /// Its number, unique in its world and never reused: the order creatures act in.
    pub id: u32,
    /// Its kind: an index into the kinds in use ([`kinds`]).
    pub kind: u16,
    /// Which of its kind's variants it is.
    pub variant: u8,
    /// Its body.
    pub body: Walker,
    /// Heading in degrees, as a player's: 0 faces -Z, 90 faces +X.
    pub yaw: f64,
    /// Where its head turns, in degrees of heading.
    pub look: f64,
    /// Health left; 0 is dead, and gone at the end of the tick.
    pub health: u8,
    /// Ticks before it can be hurt again.
    pub cooldown: u8,
    /// Whether it appeared by itself (and may go by itself), not from a scenario.
    pub natural: bool,
    /// Ticks in a row with no player within [`spawn::NEAR`].
    pub idle: u32,
    /// What it is doing.
    pub mind: Mind,
}

impl Creature {
    /// A creature of `kind` (whose health is `health`) standing at `position`, facing `yaw`.
    #[must_use]
    pub fn new(id: u32, kind: u16, health: u8, position: DVec3, yaw: f64) -> Self {
        Self {
            id,
            kind,
            variant: 0,
            body: Walker::new(position),
            yaw,
            look: yaw,
            health,
            cooldown: 0,
            natural: false,
            idle: 0,
            mind: Mind::default(),
        }
    }

    /// Its kind.
    #[must_use]
    pub fn kind(&self) -> &'static Kind {
        let all = kinds();
        &all[usize::from(self.kind).min(all.len() - 1)]
    }

    /// Its box.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        let kind = self.kind();
        self.body.bounds(kind.width, kind.height)
    }

    /// Where its eyes are.
    #[must_use]
    pub fn eye(&self) -> DVec3 {
        self.body.position + DVec3::Y * (self.kind().height * 0.85)
    }

    /// Feeds its state to `h`.
    fn hash(&self, h: &mut StateHasher) {
        h.u64(u64::from(self.id));
        h.u64(u64::from(self.kind));
        h.u64(u64::from(self.variant));
        for v in [self.body.position, self.body.velocity] {
            for x in v.to_array() {
                h.f64(x);
            }
        }
        h.bool(self.body.on_ground);
        h.f64(self.yaw);
        h.f64(self.look);
        h.u64(u64::from(self.health));
        h.u64(u64::from(self.cooldown));
        h.bool(self.natural);
        h.u64(u64::from(self.idle));
        self.mind.hash(h);
    }
}

/// The creature kinds in use: the installed packs' ([`kind::install`]).
#[must_use]
pub fn kinds() -> &'static [Kind] {
    kind::installed()
}

/// The kind called `name`, by its index among [`kinds`].
#[must_use]
pub fn kind_named(name: &str) -> Option<u16> {
    let index = kinds().iter().position(|k| k.name == name)?;
    u16::try_from(index).ok()
}

/// Every creature and arrow of a world, and the rules they appear by.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Population {
    /// Whether creatures appear by themselves ([`spawn`]).
    pub spawning: bool,
    /// Whether monsters do.
    pub difficulty: Difficulty,
    /// By id, ascending.
    list: Vec<Creature>,
    /// The id the next creature gets.
    next_id: u32,
    /// In the order they were shot.
    arrows: Vec<Arrow>,
    /// The columns whose animals have appeared.
    populated: BTreeSet<ColumnPos>,
    /// Creatures waiting for a path, in the order they asked.
    waiting: VecDeque<u32>,
}

impl Population {
    /// No creatures, spawning as `spawning` says, at `difficulty`.
    #[must_use]
    pub fn new(spawning: bool, difficulty: Difficulty) -> Self {
        Self {
            spawning,
            difficulty,
            ..Self::default()
        }
    }

    /// The creatures, by id.
    #[must_use]
    pub fn list(&self) -> &[Creature] {
        &self.list
    }

    /// The creatures, by id, to change.
    pub fn list_mut(&mut self) -> &mut [Creature] {
        &mut self.list
    }

    /// The creature numbered `id`.
    #[must_use]
    pub fn get(&self, id: u32) -> Option<&Creature> {
        self.index_of(id).map(|i| &self.list[i])
    }

    /// Where creature `id` is in [`Population::list`].
    #[must_use]
    pub fn index_of(&self, id: u32) -> Option<usize> {
        self.list.binary_search_by_key(&id, |c| c.id).ok()
    }

    /// The arrows, in the order they were shot.
    #[must_use]
    pub fn arrows(&self) -> &[Arrow] {
        &self.arrows
    }

    /// The arrows, to change.
    pub fn arrows_mut(&mut self) -> &mut Vec<Arrow> {
        &mut self.arrows
    }

    /// The columns whose animals have appeared.
    #[must_use]
    pub const fn populated(&self) -> &BTreeSet<ColumnPos> {
        &self.populated
    }

    /// Notes that column `pos`'s animals have appeared; whether they had not.
    pub fn populate(&mut self, pos: ColumnPos) -> bool {
        self.populated.insert(pos)
    }

    /// The id the next creature added gets.
    #[must_use]
    pub const fn next_id(&self) -> u32 {
        self.next_id
    }

    /// Whether another creature fits.
    #[must_use]
    pub fn has_room(&self) -> bool {
        self.list.len() < MAX_CREATURES
    }

    /// Adds `creature` with the next id, if there is room; its id.
    pub fn add(&mut self, mut creature: Creature) -> Option<u32> {
        if !self.has_room() {
            return None;
        }
        creature.id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1);
        let id = creature.id;
        self.list.push(creature);
        Some(id)
    }

    /// This population as a file may hold it, made whole: creatures out of id order or
    /// repeated, of no kind in use, with health past their kind's or a position or velocity
    /// that is not a number, and arrows that are not numbers, are left out, as is whatever
    /// is past the limits; each with what was wrong (and the creature's id).
    #[must_use]
    pub fn sanitized(mut self) -> (Self, Vec<(Option<u32>, String)>) {
        let mut problems = Vec::new();
        let kinds_in_use = kinds().len();
        self.list.sort_by_key(|c| c.id);
        let mut last = None;
        self.list.retain(|c| {
            let problem = if last == Some(c.id) {
                Some("a second creature with its id")
            } else if usize::from(c.kind) >= kinds_in_use {
                Some("a kind no pack declares")
            } else if c.health == 0 || c.health > c.kind().health {
                Some("health past its kind's")
            } else if !(c.body.position.is_finite()
                && c.body.velocity.is_finite()
                && c.yaw.is_finite()
                && c.look.is_finite()
                && c.mind.goal.is_none_or(DVec3::is_finite)
                && c.mind.flee_from.is_finite()
                && c.mind.checked_at.is_finite()
                && c.mind.walk.is_finite())
            {
                Some("a position, velocity or heading that is not a number")
            } else {
                None
            };
            last = Some(c.id);
            if let Some(p) = problem {
                problems.push((Some(c.id), p.to_owned()));
            }
            problem.is_none()
        });
        if self.list.len() > MAX_CREATURES {
            problems.push((None, format!("more than {MAX_CREATURES} creatures")));
            self.list.truncate(MAX_CREATURES);
        }
        let arrows = self.arrows.len();
        self.arrows
            .retain(|a| a.position.is_finite() && a.velocity.is_finite());
        if self.arrows.len() < arrows {
            problems.push((None, "arrows whose position is not a number".to_owned()));
        }
        self.arrows.truncate(arrow::MAX_ARROWS);
        let highest = self.list.last().map_or(0, |c| c.id.wrapping_add(1));
        self.next_id = self.next_id.max(highest);
        let list = &self.list;
        self.waiting
            .retain(|id| list.binary_search_by_key(id, |c| c.id).is_ok());
        (self, problems)
    }

    /// Keeps only the creatures `keep` says to.
    pub fn retain(&mut self, keep: impl FnMut(&Creature) -> bool) {
        self.list.retain(keep);
        let list = &self.list;
        self.waiting
            .retain(|id| list.binary_search_by_key(id, |c| c.id).is_ok());
    }

    /// Asks for a path for creature `id`, once.
    pub fn ask_path(&mut self, id: u32) {
        if !self.waiting.contains(&id) {
            self.waiting.push_back(id);
        }
    }

    /// The creatures waiting for a path, first first.
    pub fn waiting_mut(&mut self) -> &mut VecDeque<u32> {
        &mut self.waiting
    }

    /// Whether there is nothing here: no creature, arrow or populated column, spawning off
    /// and the difficulty normal, as in every world before creatures, which hashes as it
    /// always did.
    #[must_use]
    pub fn is_idle(&self) -> bool {
        self.list.is_empty()
            && self.arrows.is_empty()
            && self.populated.is_empty()
            && !self.spawning
            && self.difficulty == Difficulty::Normal
            && self.next_id == 0
    }

    /// Feeds its state to `h`, if it is not idle.
    pub(in crate::sim) fn hash(&self, h: &mut StateHasher) {
        if self.is_idle() {
            return;
        }
        h.bool(self.spawning);
        h.bool(self.difficulty == Difficulty::Peaceful);
        h.u64(u64::from(self.next_id));
        h.u64(self.list.len() as u64);
        for c in &self.list {
            c.hash(h);
        }
        h.u64(self.arrows.len() as u64);
        for a in &self.arrows {
            a.hash(h);
        }
        h.u64(self.populated.len() as u64);
        for p in &self.populated {
            h.i32(p.x);
            h.i32(p.z);
        }
        h.u64(self.waiting.len() as u64);
        for &id in &self.waiting {
            h.u64(u64::from(id));
        }
    }
}
