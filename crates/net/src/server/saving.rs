//! What a server writes to its world file: every player it knows, online or away.

use super::Server;
use hewn_core::sim::PlayerName;
use hewn_save::{Checkpoint, SavedPlayer};

impl Server {
    /// The world as a save keeps it, with every player the server knows, in the world or
    /// away from it, each with what it holds at hand ([`Server::hotbar`]).
    pub fn checkpoint(&mut self) -> Checkpoint {
        let hotbars = &self.hotbars;
        let hotbar = |name: &PlayerName| hotbars.get(name).copied().unwrap_or_default();
        let away: Vec<(PlayerName, SavedPlayer)> = (self.away.iter())
            .map(|(name, &body)| {
                let saved = SavedPlayer {
                    body,
                    hotbar: hotbar(name),
                };
                (name.clone(), saved)
            })
            .collect();
        // The fields apart, so that the hotbars are read while the world is taken.
        let mut checkpoint = Checkpoint::of(&mut self.sim, hotbar);
        for (name, saved) in away {
            checkpoint = checkpoint.with_player(name, saved);
        }
        if let Some(driver) = &self.mods {
            checkpoint = checkpoint.with_mod_storage(driver.mods.storage());
        }
        checkpoint
    }
}
