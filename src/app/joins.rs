//! The multiplayer screens in the app: the server list's actions, a join pumped a frame at
//! a time behind the connecting screen (so Cancel works and the window stays alive), and
//! the screen that says why a join failed or the server sent the player away.

use std::time::Instant;

use super::App;
use super::lobby::Lobby;
use super::play::{JoinStage, Joining, Remote};
use super::session::Session;
use super::ui::inventory::InventoryState;
use super::ui::multiplayer::{ConnectingAction, MultiplayerAction};
use super::ui::screen::{Screen, Transition};

/// A join under way, with what the connecting screen shows.
pub(super) struct Join {
    joining: Joining,
    /// The server's name on the screen.
    pub label: String,
    /// Where it stands.
    pub stage: JoinStage,
    /// The password being typed, once the server asks for one.
    pub typed: String,
}

impl App {
    /// Opens the multiplayer screen: the list read and pinged, the local network heard.
    pub(super) fn open_multiplayer(&mut self) {
        self.ui.lobby = Some(Lobby::open());
        self.ui.multiplayer.error = self.ui.lobby.as_ref().and_then(|l| l.problem.clone());
        self.go(Transition::OpenMultiplayer);
    }

    /// Carries out what the player chose on the multiplayer screen.
    pub(super) fn multiplayer_action(&mut self, action: MultiplayerAction) {
        match action {
            MultiplayerAction::Back => {
                self.ui.lobby = None;
                self.go(Transition::Back);
            }
            MultiplayerAction::Join { address, label } => self.start_join(&address, label),
            change => {
                if let Some(lobby) = &mut self.ui.lobby {
                    self.ui.multiplayer.error = lobby.change(&change).err();
                    if matches!(change, MultiplayerAction::Remove(_)) {
                        self.ui.multiplayer.selected = None;
                    }
                }
            }
        }
    }

    /// Starts joining the server at `address`, on the connecting screen.
    fn start_join(&mut self, address: &str, label: String) {
        let Some(addr) = super::servers::resolve(address) else {
            self.ui.multiplayer.error = Some(format!("{address:?} is not an address (HOST:PORT)"));
            return;
        };
        let name = (self.options.name.clone()).unwrap_or_else(|| self.settings.name.clone());
        match Joining::start(addr, name, None, Instant::now()) {
            Ok(joining) => {
                self.ui.multiplayer.error = None;
                self.ui.join = Some(Join {
                    joining,
                    label,
                    stage: JoinStage::Waiting("Connecting\u{2026}"),
                    typed: String::new(),
                });
                self.go(Transition::Connect);
            }
            Err(e) => self.ui.multiplayer.error = Some(format!("cannot connect: {e}")),
        }
    }

    /// Moves the join on a step: into the world once the server lets the player in, to the
    /// failure screen if it will not.
    pub(super) fn pump_join(&mut self) {
        if self.screen != Screen::Connecting {
            return;
        }
        let Some(join) = &mut self.ui.join else {
            return;
        };
        join.stage = join.joining.pump(Instant::now());
        match join.stage.clone() {
            JoinStage::Ready => {
                if let Some(join) = self.ui.join.take() {
                    self.ui.world_name = join.label;
                    self.enter_remote(Box::new(join.joining.into_remote()));
                }
            }
            JoinStage::Failed(reason) => {
                self.ui.join = None;
                self.disconnected(reason);
            }
            JoinStage::Waiting(_) | JoinStage::NeedsPassword => {}
        }
    }

    /// What the player chose on the connecting screen.
    pub(super) fn connecting_action(&mut self, action: ConnectingAction) {
        match action {
            ConnectingAction::Cancel => {
                if let Some(join) = self.ui.join.take() {
                    join.joining.cancel();
                }
                self.go(Transition::Back);
            }
            ConnectingAction::Password(typed) => {
                if let Some(join) = &mut self.ui.join {
                    join.joining.give_password(&typed, Instant::now());
                    join.typed.clear();
                    join.stage = JoinStage::Waiting("Logging in\u{2026}");
                }
            }
        }
    }

    /// Starts playing on `remote`, the server that let the player in.
    pub(super) fn enter_remote(&mut self, remote: Box<Remote>) {
        if let Some(display) = &mut self.display {
            display.renderer.clear_chunks();
        }
        self.session = Some(Session::joined(
            remote,
            &self.settings.session(),
            self.launch,
        ));
        self.ui.inventory = InventoryState::default();
        self.go(Transition::WorldOpened);
    }

    /// The session's server sent the player away or went silent: the session ends and the
    /// screen says why, with the way back to the list.
    pub(super) fn connection_lost(&mut self, reason: String) {
        if let Some(session) = self.session.take()
            && let Err(e) = session.finish(Instant::now())
        {
            log::warn!("{e}");
        }
        if let Some(display) = &mut self.display {
            display.renderer.clear_chunks();
        }
        self.disconnected(reason);
    }

    fn disconnected(&mut self, reason: String) {
        log::info!("disconnected: {reason}");
        self.ui.disconnected = reason;
        if self.ui.lobby.is_none() {
            self.ui.lobby = Some(Lobby::open());
        }
        self.go(Transition::ConnectFailed);
    }
}
