//! Survival as a session holds it: the player's survival state and the hand the buttons act
//! with, read from the client's copy of the world, which the server (the game's own or one
//! elsewhere alike) keeps told of the world's mode, the player's own survival state, the
//! items in view and the furnace open, and in which the player's own actions are predicted.

use crate::input::Hand;
use crate::session::Session;
use hewn_core::sim::Target;
use hewn_core::sim::survival::{Mode, Survivor};
use hewn_core::world::{Block, BlockSource};

impl Session {
    /// The player's survival state, when the world is played in survival.
    #[must_use]
    pub fn survivor(&self) -> Option<&Survivor> {
        let sim = self.play.sim();
        if sim.mode() != Mode::Survival {
            return None;
        }
        sim.survivor(self.play.name())
    }

    /// Whether the player looks at what the place button uses rather than builds against:
    /// a door, or in survival a bed.
    #[must_use]
    pub fn looks_at_usable(&self) -> bool {
        let sim = self.play.sim();
        let block = match sim.peek_looked_at(&self.me()) {
            Some(Target::Block(hit)) => sim.world().block(hit.block),
            _ => return false,
        };
        block.is_door() || (block.is_bed() && sim.mode() == Mode::Survival)
    }

    /// Survival's hand for the buttons: what is in hand and whether the player looks at a
    /// crafting table, furnace or chest. `None` in creative.
    pub fn hand(&self) -> Option<Hand> {
        let s = self.survivor()?;
        let world = self.play.sim().world();
        let at_station = match self.play.sim().peek_looked_at(&self.me()) {
            Some(Target::Block(hit)) => matches!(
                world.block(hit.block),
                Block::CraftingTable | Block::Furnace | Block::LitFurnace | Block::Chest
            ),
            _ => false,
        };
        Some(Hand {
            held: s.held().map(|stack| stack.item),
            selected: s.selected,
            at_station,
        })
    }
}
