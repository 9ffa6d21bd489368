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

    /// The block the player looks at, if the look ray meets one first.
    #[must_use]
    pub fn looked_at_block(&self) -> Option<Block> {
        let sim = self.play.sim();
        match sim.peek_looked_at(&self.me())? {
            Target::Block(hit) => Some(sim.world().block(hit.block)),
            Target::Crate(_) => None,
        }
    }

    /// Whether `looked_at` is what the place button uses rather than builds against: a
    /// door, or in survival a bed.
    #[must_use]
    pub fn usable(&self, looked_at: Option<Block>) -> bool {
        looked_at.is_some_and(|block| {
            block.is_door() || (block.is_bed() && self.play.sim().mode() == Mode::Survival)
        })
    }

    /// Survival's hand for the buttons: what is in hand and whether the player looks at a
    /// crafting table, furnace or chest (`looked_at`). `None` in creative.
    #[must_use]
    pub fn hand(&self, looked_at: Option<Block>) -> Option<Hand> {
        let s = self.survivor()?;
        let at_station = matches!(
            looked_at,
            Some(Block::CRAFTING_TABLE | Block::FURNACE | Block::LIT_FURNACE | Block::CHEST)
        );
        Some(Hand {
            held: s.held().map(|stack| stack.item),
            selected: s.selected,
            at_station,
        })
    }
}
