//! What a simulation starts from: the one value every way into a game fills in.
//!
//! A new world, a scenario, a world opened from disk and `hewn world`'s tools each prepare a
//! [`Start`] in their own way (fills applied, a saved player restored, a clock set) and hand
//! it to [`Simulation::new`](super::Simulation::new), the only constructor; from then on
//! only [`Simulation::step`](super::Simulation::step) changes the state (and, in a client's
//! copy, the server's word through a [`Mirror`](super::Mirror) and the client's prediction).

use super::creature::Population;
use super::players::{PlayerName, Players};
use super::survival::Survival;
use super::time::MORNING;
use super::updates::Motion;
use crate::physics::Body;
use crate::physics::crates::Crate;
use crate::world::World;
use crate::worldgen::{Generator, GeneratorKind};

/// Everything a simulation is at its first tick.
#[derive(Clone, Debug)]
pub struct Start {
    /// The world with its edits as they stand; what the edits set in motion is in `motion`
    /// and in the cells its journal holds for the simulation (see [`World::take_changes`]).
    pub world: World,
    /// The players, in the order they joined.
    pub players: Players,
    /// The crates, in order.
    pub crates: Vec<Crate>,
    /// The updates waiting and the blocks falling.
    pub motion: Motion,
    /// The world's clock, in ticks ([`super::time`]).
    pub time: u64,
    /// The mode and, in survival, the players' health and inventories, the items lying
    /// about and the furnaces.
    pub survival: Survival,
    /// The creatures and arrows, and whether and how creatures appear.
    pub creatures: Population,
}

impl Start {
    /// A new, unedited world of `kind` from `seed`: one player, named
    /// [`PlayerName::DEFAULT`], standing at the spawn point facing north, no crates,
    /// nothing in motion, morning.
    #[must_use]
    pub fn new_world(kind: GeneratorKind, seed: u64) -> Self {
        let generator = Generator::new(kind, seed);
        let player = Body::new(generator.spawn_point());
        Self::in_world(World::new(generator), player)
    }

    /// `player`, named [`PlayerName::DEFAULT`], in `world` as it stands: no crates, nothing
    /// in motion, morning.
    #[must_use]
    pub fn in_world(world: World, player: Body) -> Self {
        Self {
            players: Players::one(PlayerName::default(), player),
            ..Self::with_no_one(world)
        }
    }

    /// `world` as it stands with no one in it, as a server's starts: no crates, nothing in
    /// motion, morning.
    #[must_use]
    pub fn with_no_one(world: World) -> Self {
        Self {
            world,
            players: Players::none(),
            crates: Vec::new(),
            motion: Motion::default(),
            time: MORNING,
            survival: Survival::default(),
            creatures: Population::default(),
        }
    }

    /// The first player.
    #[must_use]
    pub fn player(&self) -> Option<&Body> {
        self.players.first().map(|m| &m.body)
    }

    /// The first player, to change before the simulation starts.
    pub fn player_mut(&mut self) -> Option<&mut Body> {
        self.players.first_mut()
    }
}
