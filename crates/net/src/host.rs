//! A server and one client of its own in the same process: single-player.
//!
//! A game played alone runs the same [`Server`] that `hewn serve` runs and joins it as any
//! client does, as Minecraft's integrated server has done since 1.3: there is one way a
//! world is played, so what works alone works with others. The server runs on a thread of
//! its own ([`thread`]), so its tick, its loading of columns and its saves never hold up a
//! frame; the two talk through renet's packets carried in memory, nothing lost and nothing
//! late. The server plays each tick as soon as the client has played it, with the client's
//! input of that tick ([`ServerConfig::in_process`](super::server::ServerConfig::in_process)),
//! and the client hears of it a moment later. Both run the same deterministic code, so the
//! prediction is never corrected.
//!
//! Terrain is made once: the client's world draws its generated columns from the cache
//! the server's world fills ([`SharedTerrain`]), and whatever draws the client's world
//! (its workers) can draw from it too.

mod thread;

use std::net::SocketAddr;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::Duration;

use renet::{RenetClient, RenetServer};

use super::client::{Client, Game};
use super::protocol::ChatLine;
use super::server::Server;
use super::transport::connection_config;
use hewn_core::physics::tuning::TICK_SECONDS;
use hewn_core::sim::{ActionOutcome, Input, PlayerName};
use hewn_core::world::cache::view_capacity;
use hewn_core::worldgen::SharedTerrain;
use hewn_save::{Autosaver, Hotbar};
use thread::{ServerThread, ToClient, ToServer};

/// Ticks the server may take to let its own client in: it needs two.
const HANDSHAKE_TICKS: u32 = 10;

/// How long the client waits for the server's answer to one tick when it must have it (the
/// handshake, [`Host::settle`]): the first tick loads the columns around the player.
const ANSWER_LIMIT: Duration = Duration::from_mins(1);

/// How many ticks the client may play ahead of the server's answer: a third of a second.
/// A server slower than the clock (a flood of water on a slow machine) then slows the game
/// down, as a simulation must, instead of leaving its own player's prediction to run
/// further and further ahead of the world.
const MAX_AHEAD_TICKS: u64 = 20;

/// The client's id on its own server.
const OWN_CLIENT: renet::ClientId = 0;

/// How many players a world opened to the network takes, with its own.
pub const OPEN_TO_LAN_PLAYERS: usize = 8;

/// A server on its own thread with its one client.
#[derive(Debug)]
pub struct Host {
    client: Client,
    /// The client's end of the connection.
    renet: RenetClient,
    to_server: Sender<ToServer>,
    from_server: Receiver<ToClient>,
    /// The server's thread; it hands the server back when it ends.
    thread: Option<JoinHandle<(Server, Option<Autosaver>)>>,
    /// Ticks played and sent to the server.
    ticks_sent: u64,
    /// Ticks whose answer has come back.
    ticks_answered: u64,
    /// Where the world listens, once opened to the network.
    network: Option<SocketAddr>,
    /// Why the server's end is gone, if it is.
    gone: Option<String>,
}

/// A server stopped ([`Host::stop`]): its world as it ended, and the saver it kept.
#[derive(Debug)]
pub struct Stopped {
    /// The server.
    pub server: Server,
    /// Its saver, if the world is saved.
    pub saver: Option<Autosaver>,
}

impl Host {
    /// Runs `server` on a thread of its own, saving with `saver` if given, and lets `name`
    /// into it. The server's world keeps the columns it generates for the client's world
    /// to draw from.
    ///
    /// # Errors
    /// Why the server would not let the player in (a name already playing, a full server,
    /// no thread to run on).
    pub fn start(
        mut server: Server,
        name: PlayerName,
        saver: Option<Autosaver>,
    ) -> Result<Self, String> {
        let columns = view_capacity(server.view_distance());
        let terrain = SharedTerrain {
            generator: server.generator().clone(),
            columns: server.cache_columns(columns),
        };
        // The client shows the far view from the edits the server keeps beyond its view.
        let edits = server.edits_unloaded();
        let mut renet = RenetServer::new(connection_config());
        renet.add_connection(OWN_CLIENT);
        let mut client_end = RenetClient::new(connection_config());
        client_end.set_connected();
        let (to_server, from_client) = channel();
        let (to_client, from_server) = channel();
        let serving = ServerThread {
            server,
            renet,
            client: OWN_CLIENT,
            to_client,
            network: None,
            saver,
            ended: false,
        };
        let thread = std::thread::Builder::new()
            .name("server".to_owned())
            .spawn(move || serving.run(&from_client))
            .map_err(|e| format!("no thread for the server: {e}"))?;
        let mut host = Self {
            client: Client::in_process(name).sharing(terrain),
            renet: client_end,
            to_server,
            from_server,
            thread: Some(thread),
            ticks_sent: 0,
            ticks_answered: 0,
            network: None,
            gone: None,
        };
        for _ in 0..HANDSHAKE_TICKS {
            host.send_tick();
            host.settle();
            if let Some(reason) = host.problem() {
                return Err(reason);
            }
            if let Some(game) = host.client.game_mut() {
                game.sim_mut().mirror().restore_edits(edits);
                return Ok(host);
            }
        }
        Err("the server did not answer".to_owned())
    }

    /// One tick: the player's `input` played ahead by the client and sent to the server,
    /// which plays it on its own thread; what the server said since the last tick is taken
    /// first. Returns what the input's actions did, as predicted.
    pub fn tick(&mut self, input: &Input) -> Vec<ActionOutcome> {
        self.receive();
        if self.ticks_sent - self.ticks_answered >= MAX_AHEAD_TICKS {
            let began = std::time::Instant::now();
            self.settle_to(MAX_AHEAD_TICKS / 2);
            log::debug!(
                "waited {:.1} ms for the server, {MAX_AHEAD_TICKS} ticks behind",
                began.elapsed().as_secs_f64() * 1e3
            );
        }
        let outcomes = self.client.play(input, &mut self.renet);
        self.send_tick();
        outcomes
    }

    /// Takes what the server said since the last call, without waiting.
    pub fn receive(&mut self) {
        loop {
            match self.from_server.try_recv() {
                Ok(message) => self.take(message),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.server_gone();
                    break;
                }
            }
        }
        self.client.update(&mut self.renet);
    }

    /// Waits until the server has answered every tick sent and takes what it said: the
    /// client then knows all the server does.
    pub fn settle(&mut self) {
        self.settle_to(0);
    }

    /// Waits until at most `behind` ticks sent are unanswered, taking what the server said.
    fn settle_to(&mut self, behind: u64) {
        while self.ticks_sent - self.ticks_answered > behind && self.gone.is_none() {
            match self.from_server.recv_timeout(ANSWER_LIMIT) {
                Ok(message) => self.take(message),
                Err(RecvTimeoutError::Timeout) => {
                    self.gone = Some("the game's server stopped answering".to_owned());
                }
                Err(RecvTimeoutError::Disconnected) => self.server_gone(),
            }
        }
        self.client.update(&mut self.renet);
    }

    /// Sends what the client queued, then word that it played a tick.
    fn send_tick(&mut self) {
        self.client.update(&mut self.renet);
        self.renet.update(Duration::from_secs_f64(TICK_SECONDS));
        let packets = self.renet.get_packets_to_send();
        self.send(ToServer::Packets(packets));
        self.send(ToServer::Tick);
        self.ticks_sent += 1;
    }

    fn take(&mut self, message: ToClient) {
        match message {
            ToClient::Ticked(packets) => {
                for packet in packets {
                    self.renet.process_packet(&packet);
                }
                self.ticks_answered += 1;
            }
            ToClient::Ended => {
                self.renet.disconnect_due_to_transport();
                self.gone
                    .get_or_insert_with(|| "the game's server ended the connection".to_owned());
            }
        }
    }

    fn send(&mut self, message: ToServer) {
        if self.to_server.send(message).is_err() {
            self.server_gone();
        }
    }

    fn server_gone(&mut self) {
        self.renet.disconnect_due_to_transport();
        self.gone
            .get_or_insert_with(|| "the game's server stopped".to_owned());
    }

    /// Opens the world to the network, as Minecraft's "Open to LAN" does: the server
    /// listens on `bind` for up to [`OPEN_TO_LAN_PLAYERS`] players, answers pings with
    /// `motd`, and announces itself to `announce_to` if given. Returns the address it
    /// listens on. From then on the server plays on by its own clock when this client
    /// stops ticking, so the others never wait for it.
    ///
    /// # Errors
    /// The socket's error.
    pub fn open_to_network(
        &mut self,
        bind: SocketAddr,
        motd: &str,
        announce_to: Option<SocketAddr>,
    ) -> std::io::Result<SocketAddr> {
        if let Some(addr) = self.network {
            return Ok(addr);
        }
        let (answer, answered) = channel();
        self.send(ToServer::Open {
            bind,
            motd: motd.to_owned(),
            announce_to,
            answer,
        });
        let addr = answered
            .recv()
            .map_err(|_| std::io::Error::other("the game's server stopped"))??;
        self.network = Some(addr);
        Ok(addr)
    }

    /// Where the world listens, once opened to the network.
    #[must_use]
    pub const fn network_address(&self) -> Option<SocketAddr> {
        self.network
    }

    /// Sends the client the world this far around its player, in columns, from now on.
    pub fn set_view_distance(&mut self, view_distance: u32) {
        self.send(ToServer::ViewDistance(view_distance));
    }

    /// Sends a line of chat, or a command, to the server ([`Client::say`]).
    pub fn say(&mut self, text: &str) {
        self.client.say(text, &mut self.renet);
    }

    /// Tells the server what the player holds at hand, if it changed. The server is in
    /// this process: it keeps the hotbar before its next tick, with no message, so that
    /// nothing a player does with its hotbar costs it a message's token, and a save made
    /// straight after has it.
    pub fn set_hotbar(&mut self, hotbar: &Hotbar) {
        if self
            .client
            .game()
            .is_some_and(|game| game.hotbar() == *hotbar)
        {
            return;
        }
        let name = self.client.name().clone();
        self.send(ToServer::Hotbar(name, *hotbar));
        if let Some(game) = self.client.game_mut() {
            game.note_hotbar_sent(*hotbar);
        }
    }

    /// What the server said happened within earshot ([`Client::take_heard`]).
    pub fn take_heard(&mut self) -> Vec<hewn_core::sim::Event> {
        self.client.take_heard()
    }

    /// The lines of chat heard since the last call ([`Client::take_chat`]).
    pub fn take_chat(&mut self) -> Vec<ChatLine> {
        self.client.take_chat()
    }

    /// The client.
    #[must_use]
    pub const fn client(&self) -> &Client {
        &self.client
    }

    /// The client, to take the world's columns.
    pub const fn client_mut(&mut self) -> &mut Client {
        &mut self.client
    }

    /// Why the game cannot go on with its server, if it cannot: the server sent the player
    /// away, or its thread ended.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        if let Some(reason) = self.client.refusal() {
            return Some(format!("the game's server sent the player away: {reason}"));
        }
        self.gone.clone()
    }

    /// The world as the client has it.
    ///
    /// # Panics
    /// Never: [`Host::start`] returns only once the game is made, and a client keeps it.
    #[must_use]
    pub fn game(&self) -> &Game {
        // `start` returns only once the welcome made the game, and a client never drops it.
        self.client.game().expect("a host's client has its world")
    }

    /// The world as the client has it, to load and drop the columns it draws.
    ///
    /// # Panics
    /// Never, as for [`Host::game`].
    pub fn game_mut(&mut self) -> &mut Game {
        self.client
            .game_mut()
            .expect("a host's client has its world")
    }

    /// Ends the client's connection, and those of players who came over the network; the
    /// server keeps its world as it is until [`Host::stop`].
    pub fn close(&mut self) {
        self.renet.disconnect();
        self.send(ToServer::Close);
    }

    /// Stops the server's thread once it has played every tick sent, and hands the server
    /// back (to save its world, read its hash and recording).
    ///
    /// # Errors
    /// Why there is no server to hand back: its thread panicked.
    pub fn stop(mut self) -> Result<Stopped, String> {
        let thread = self.thread.take();
        // Dropping the channel is the thread's word to stop, after what was sent before.
        drop(self);
        let (server, saver) = thread
            .ok_or("the server was stopped already")?
            .join()
            .map_err(|_| "the game's server failed; see the log".to_owned())?;
        Ok(Stopped { server, saver })
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        // A host dropped without being stopped still ends its thread.
        if let Some(thread) = self.thread.take() {
            let (to_server, _) = channel();
            drop(std::mem::replace(&mut self.to_server, to_server));
            let _ = thread.join();
        }
    }
}
