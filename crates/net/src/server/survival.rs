//! What the server tells its clients of survival: the world's mode when an operator changes
//! it, and each player's own survival state when it changed. (The items lying in view
//! travel with the bodies, in [`super::outgoing`].)
//!
//! A player's state goes to its client on the world's reliable channel, as of the client's
//! last tick played, like its body in a snapshot: the client sets it and plays again what it
//! did since ([`hewn_core::sim::Simulation::replay_own`]). It is compared with what was last
//! sent and sent only when it differs, at most once a snapshot interval, so a player who
//! stands about costs nothing, and one who digs or drowns a message each time the crack
//! or the air changes.

use renet::RenetServer;

use super::Server;
use crate::protocol::{self, Opened, ServerMessage, SurvivorState, WireMode, channel};
use hewn_core::sim::survival::Station;

impl Server {
    /// Tells every playing client the world's mode, if it changed since they were last told.
    pub(super) fn send_mode(&mut self, renet: &mut RenetServer) {
        let mode = self.sim.mode();
        if mode == self.mode_sent {
            return;
        }
        self.mode_sent = mode;
        let message = protocol::encode(&ServerMessage::Mode(WireMode::of(mode)));
        for (id, _, _) in super::playing(&self.clients) {
            renet.send_message(id, channel::WORLD, message.clone());
        }
    }

    /// Sends each playing client its player's survival state, where it changed since it
    /// was last sent.
    pub(super) fn send_survivors(&mut self, renet: &mut RenetServer) {
        let survival = self.sim.survival();
        let surviving = survival.mode == hewn_core::sim::survival::Mode::Survival;
        for (&id, remote) in &mut self.clients {
            let Some(name) = &remote.name else {
                continue;
            };
            if remote.leaving_at.is_some() {
                continue;
            }
            let Some(survivor) = survival.survivors.get(name) else {
                continue;
            };
            let opened = match survivor.screen.open {
                Some(Station::Furnace(cell)) => Opened {
                    furnace: survival.furnaces.get(&cell).copied(),
                    chest: None,
                },
                Some(Station::Chest(cell)) => Opened {
                    furnace: None,
                    chest: Some(self.sim.chest_slots(cell)),
                },
                _ => Opened::default(),
            };
            let state = SurvivorState::of(survivor, &opened);
            if remote.survivor_sent.as_ref() == Some(&state) && !(remote.acted && surviving) {
                continue;
            }
            remote.acted = false;
            let message = ServerMessage::Survivor(remote.last_played, Box::new(state.clone()));
            renet.send_message(id, channel::WORLD, protocol::encode(&message));
            remote.survivor_sent = Some(state);
        }
    }
}
