//! What a server writes to its world file: every player it knows, online or away.

use super::Server;
use hewn_core::sim::PlayerName;
use hewn_save::{Hotbar, SavedPlayer, Snapshot};

impl Server {
    /// The world as a save keeps it, with every player the server knows, in the world or
    /// away from it, each with the hotbar `hotbar` gives for its name.
    pub fn snapshot(&mut self, hotbar: impl Fn(&PlayerName) -> Hotbar) -> Snapshot {
        let away: Vec<(PlayerName, SavedPlayer)> = self
            .players_away()
            .map(|(name, &body)| {
                let saved = SavedPlayer {
                    body,
                    hotbar: hotbar(name),
                };
                (name.clone(), saved)
            })
            .collect();
        let mut snapshot = Snapshot::of(self.sim_mut(), hotbar);
        for (name, saved) in away {
            snapshot = snapshot.with_player(name, saved);
        }
        snapshot
    }
}
