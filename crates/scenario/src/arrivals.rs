//! Where a scenario's players come into the world, at tick 0 or when they join later: the
//! scenario's own world puts each at its position or the spawn point; a saved world
//! (`hewn sim --world`) resumes the players it kept, by name.

use std::collections::BTreeMap;

use glam::DVec3;

use super::PlayerStart;
use hewn_core::physics::Body;
use hewn_core::sim::PlayerName;

/// Where a scenario's players come into the world: each at its own position, if it has one;
/// else as a saved world kept the player of its name, if it kept one (`hewn sim --world`);
/// else at the spawn point.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Arrivals {
    /// Where a player with neither a position nor a saved body starts: the generator's
    /// spawn point.
    pub spawn: DVec3,
    /// The bodies a saved world kept, by name; empty in a scenario's own world.
    pub saved: BTreeMap<PlayerName, Body>,
}

impl Arrivals {
    /// Every player at its own position or at `spawn`, none saved.
    #[must_use]
    pub const fn at(spawn: DVec3) -> Self {
        Self {
            spawn,
            saved: BTreeMap::new(),
        }
    }

    /// The body the player `start` describes comes into the world with.
    #[must_use]
    pub fn body(&self, start: &PlayerStart) -> Body {
        match (start.position, self.saved.get(&start.name)) {
            (Some(position), _) => start.at(position),
            (None, Some(saved)) => *saved,
            (None, None) => start.at(self.spawn),
        }
    }
}
