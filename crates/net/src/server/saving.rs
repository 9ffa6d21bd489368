//! What a server writes to its world file: every player it knows, online or away.

use super::Server;
use hewn_core::sim::PlayerName;
use hewn_save::{SavedPlayer, Snapshot};

impl Server {
    /// The world as a save keeps it, with every player the server knows, in the world or
    /// away from it, each with what it holds at hand ([`Server::hotbar`]).
    pub fn snapshot(&mut self) -> Snapshot {
        let hotbars = self.hotbars.clone();
        let hotbar = |name: &PlayerName| hotbars.get(name).copied().unwrap_or_default();
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
