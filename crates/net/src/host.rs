//! A server and one client of its own in the same process: single-player.
//!
//! A game played alone runs the same [`Server`] that `hewn serve` runs and joins it as
//! any client does, over a [`LocalLink`] with nothing lost and nothing late, as Minecraft
//! has done since 1.3: there is one way a world is played, so what works alone works with
//! others. The two are ticked together: each tick the client plays its input ahead, the
//! server plays the same input the same tick ([`ServerConfig::in_process`]) and the client
//! hears of everything it did before the tick ends. Both run the same deterministic code,
//! so the prediction is never corrected.

use std::net::SocketAddr;

use renet::RenetServer;

use super::client::{Client, Game};
use super::lan::{Announcement, Announcer};
use super::local::{Conditions, LocalLink};
use super::protocol::ChatLine;
use super::server::Server;
use super::transport::connection_config;
use super::udp_server::UdpServer;
use hewn_core::physics::tuning::TICK_SECONDS;
use hewn_core::sim::{ActionOutcome, Input, PlayerName};

/// Ticks the server may take to let its own client in: it needs two.
const HANDSHAKE_TICKS: u32 = 10;

/// A server in this process with its one client.
#[derive(Debug)]
pub struct Host {
    server: Server,
    renet: RenetServer,
    link: LocalLink,
    client: Client,
    /// Ticks exchanged over the link.
    ticks: u64,
    /// The world opened to the network ([`Host::open_to_network`]): the socket, and when it
    /// was last read.
    network: Option<(UdpServer, std::time::Instant)>,
}

/// How many players a world opened to the network takes, with its own.
pub const OPEN_TO_LAN_PLAYERS: usize = 8;

impl Host {
    /// Runs `server` and lets `name` into it.
    ///
    /// # Errors
    /// Why the server would not let the player in (a name already playing, a full server).
    pub fn start(server: Server, name: PlayerName) -> Result<Self, String> {
        let mut renet = RenetServer::new(connection_config());
        let link = LocalLink::connect(&mut renet, 0, Conditions::PERFECT);
        let mut host = Self {
            server,
            renet,
            link,
            client: Client::in_process(name),
            ticks: 0,
            network: None,
        };
        for _ in 0..HANDSHAKE_TICKS {
            host.exchange();
            if let Some(reason) = host.client.refusal() {
                return Err(reason.to_owned());
            }
            if host.client.game().is_some() {
                return Ok(host);
            }
        }
        Err("the server did not answer".to_owned())
    }

    /// One tick: the player's `input` played ahead by the client, then by the server, whose
    /// word reaches the client before this returns. Returns what the input's actions did.
    pub fn tick(&mut self, input: &Input) -> Vec<ActionOutcome> {
        let outcomes = self.client.play(input, &mut self.link.client);
        self.exchange();
        outcomes
    }

    /// Carries the client's messages to the server, runs the server's tick and carries its
    /// answer back.
    fn exchange(&mut self) {
        let tick = std::time::Duration::from_secs_f64(TICK_SECONDS);
        self.client.update(&mut self.link.client);
        self.link.client.update(tick);
        self.link.exchange(&mut self.renet, self.ticks);
        self.renet.update(tick);
        let began = std::time::Instant::now();
        if let Some((udp, read_at)) = &mut self.network {
            udp.receive_for(began - *read_at, &mut self.renet, &mut self.server);
            *read_at = began;
        }
        self.server.update(&mut self.renet);
        if let Some((udp, _)) = &mut self.network {
            udp.send_for(&mut self.renet, &self.server, began);
        }
        self.server.note_tick_time(began.elapsed());
        self.link.exchange(&mut self.renet, self.ticks);
        self.client.update(&mut self.link.client);
        self.ticks += 1;
    }

    /// Opens the world to the network, as Minecraft's "Open to LAN" does: the server
    /// listens on `bind` for up to [`OPEN_TO_LAN_PLAYERS`] players, answers pings with
    /// `motd`, and announces itself to `announce_to` if given. Returns the address it
    /// listens on.
    ///
    /// # Errors
    /// The socket's error.
    pub fn open_to_network(
        &mut self,
        bind: SocketAddr,
        motd: &str,
        announce_to: Option<SocketAddr>,
    ) -> std::io::Result<SocketAddr> {
        if let Some(addr) = self.network_address() {
            return Ok(addr);
        }
        let mut udp = UdpServer::bind(bind, OPEN_TO_LAN_PLAYERS)?;
        let addr = udp.local_addr().unwrap_or(bind);
        if let Some(to) = announce_to {
            let announcement = Announcement {
                motd: motd.to_owned(),
                port: addr.port(),
            };
            udp.announce(Announcer::new(to, announcement)?);
        }
        self.server.set_motd(motd);
        self.server.set_max_players(OPEN_TO_LAN_PLAYERS);
        // Others' inputs cross a network: they wait out its jitter as on any server.
        self.server
            .set_jitter_ticks(super::server::inputs::JITTER_TICKS);
        self.network = Some((udp, std::time::Instant::now()));
        Ok(addr)
    }

    /// Where the world listens, once opened to the network.
    #[must_use]
    pub fn network_address(&self) -> Option<SocketAddr> {
        self.network.as_ref().and_then(|(udp, _)| udp.local_addr())
    }

    /// Sends a line of chat, or a command, to the server ([`Client::say`]).
    pub fn say(&mut self, text: &str) {
        self.client.say(text, &mut self.link.client);
    }

    /// Tells the server what the player holds at hand. The server is in this process: it
    /// keeps the hotbar at once, with no message, so that nothing a player does with its
    /// hotbar costs it a message's token, and a save made straight after has it.
    pub fn set_hotbar(&mut self, hotbar: &hewn_save::Hotbar) {
        if self
            .client
            .game()
            .is_some_and(|game| game.hotbar() == *hotbar)
        {
            return;
        }
        let name = self.client.name().clone();
        self.server.set_hotbar(&name, *hotbar);
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

    /// The server.
    #[must_use]
    pub const fn server(&self) -> &Server {
        &self.server
    }

    /// The server, to save its world or change its view distance.
    pub const fn server_mut(&mut self) -> &mut Server {
        &mut self.server
    }

    /// The client.
    #[must_use]
    pub const fn client(&self) -> &Client {
        &self.client
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
    /// server takes the players out at its next tick.
    pub fn close(&mut self) {
        self.link.close(&mut self.renet);
        if let Some((udp, _)) = &mut self.network {
            udp.close(&mut self.renet);
        }
    }
}
