//! Where a session's world lives: on a server, in this process (single-player) or one it
//! joined (`--connect`). Either way the game plays through a client that mirrors the
//! server's world and predicts its own player; only the connection differs, and [`Play`]
//! is what the session asks of either: most of it written once, over the client, and the
//! rest by each connection (`Host`, the game's own server on its thread, and [`Remote`]).

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::SessionError;
use hewn_core::physics::Body;
use hewn_core::sim::{ActionOutcome, Input, PlayerName, Simulation};
use hewn_core::worldgen::SharedTerrain;
use hewn_net::client::{Client, Game};
use hewn_net::host::{Host, Stopped};
use hewn_save::Hotbar;

use hewn_net::transport::UdpClient;

/// How long joining a server may take before the game gives up.
pub const JOIN_LIMIT: Duration = Duration::from_secs(15);

/// A connection to a server with the world it sent.
#[derive(Debug)]
pub struct Remote {
    udp: UdpClient,
    client: Client,
    /// When the connection was last read.
    read_at: Instant,
    /// The server's address.
    addr: SocketAddr,
}

/// A join under way: connected or connecting, waiting for the server to let the player in.
#[derive(Debug)]
pub struct Joining {
    remote: Remote,
    started: Instant,
}

/// Where a join stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JoinStage {
    /// Waiting for the server: what for.
    Waiting(&'static str),
    /// The server asks for a password the player has not given.
    NeedsPassword,
    /// The player is in.
    Ready,
    /// It failed: why.
    Failed(String),
}

impl Joining {
    /// Starts connecting to `addr` as `name`, proving `password` if the server asks.
    ///
    /// # Errors
    /// The socket's error, as text.
    pub fn start(
        addr: SocketAddr,
        name: PlayerName,
        password: Option<String>,
        now: Instant,
    ) -> Result<Self, String> {
        let id = hewn_net::transport::random_client_id(0);
        let udp = UdpClient::connect(addr, id).map_err(|e| e.to_string())?;
        Ok(Self {
            remote: Remote {
                udp,
                client: Client::new(name).with_password(password),
                read_at: now,
                addr,
            },
            started: now,
        })
    }

    /// Reads and sends what is due; says where the join stands.
    pub fn pump(&mut self, now: Instant) -> JoinStage {
        self.remote.pump(now);
        if let Some(problem) = self.remote.problem() {
            return JoinStage::Failed(problem);
        }
        let client = &self.remote.client;
        if client.game().is_some() {
            return JoinStage::Ready;
        }
        if client.waiting_for_password() {
            return JoinStage::NeedsPassword;
        }
        if now.saturating_duration_since(self.started) > JOIN_LIMIT {
            return JoinStage::Failed("no answer in 15 seconds".to_owned());
        }
        JoinStage::Waiting(if self.remote.udp.renet.is_connected() {
            "Logging in\u{2026}"
        } else {
            "Connecting\u{2026}"
        })
    }

    /// The password the player typed, proved at the next pump.
    pub fn give_password(&mut self, password: &str, now: Instant) {
        self.remote.client.give_password(password);
        // The minute the server gives to type it is the limit now.
        self.started = now;
    }

    /// The connection, once [`JoinStage::Ready`].
    #[must_use]
    pub fn into_remote(self) -> Remote {
        self.remote
    }

    /// Gives up, telling the server.
    pub fn cancel(mut self) {
        self.remote.udp.close();
    }
}

impl Remote {
    /// Connects to `addr` as `name` and waits (at most [`JOIN_LIMIT`]) until the server lets
    /// the player in: for `hewn --connect`, which has no screen to wait on.
    ///
    /// # Errors
    /// [`SessionError::Join`] saying why not: no answer, a refusal, a lost connection, a
    /// password asked and not given (`HEWN_PASSWORD`).
    pub fn join(addr: SocketAddr, name: PlayerName) -> Result<Self, SessionError> {
        let join = |message: String| SessionError::Join {
            server: addr.to_string(),
            message,
        };
        let password = Client::password_from_environment();
        // Joining from the command line blocks, reading the clock itself.
        let mut joining = Joining::start(addr, name, password, Instant::now()).map_err(join)?;
        loop {
            match joining.pump(Instant::now()) {
                JoinStage::Ready => break,
                JoinStage::Failed(problem) => return Err(join(problem)),
                JoinStage::NeedsPassword => {
                    return Err(join(
                        "the server asks for a password: set HEWN_PASSWORD".to_owned(),
                    ));
                }
                JoinStage::Waiting(_) => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        let remote = joining.into_remote();
        log::info!("joined {addr} as {}", remote.client.name());
        Ok(remote)
    }

    /// Reads what arrived and sends what is queued.
    fn pump(&mut self, now: Instant) {
        self.udp.receive(now - self.read_at);
        self.read_at = now;
        self.client.update(&mut self.udp.renet);
        self.udp.send();
    }

    /// Why the game cannot go on with this server, if it cannot.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        if let Some(reason) = self.client.refusal() {
            return Some(format!("the server sent the player away: {reason}"));
        }
        self.udp.is_disconnected().then(|| {
            format!(
                "the connection to the server ended ({})",
                self.udp
                    .disconnect_reason()
                    .unwrap_or_else(|| "no reason given".into())
            )
        })
    }
}

/// Whether a world can be, or is, open to the local network, for the pause menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanState {
    /// A server's world, joined: not the player's to open.
    NotOurs,
    /// The game's own world, not open yet.
    Closed,
    /// Open, listening on this port.
    Open(u16),
}

/// A session's connection to the server whose world it plays.
pub trait Play: std::fmt::Debug {
    /// The client.
    fn client(&self) -> &Client;

    /// The client, to take the world's columns.
    fn client_mut(&mut self) -> &mut Client;

    /// Reads and sends what the network has, between ticks, `now` by the frame's clock.
    fn pump(&mut self, now: Instant);

    /// One tick of `input`, played ahead of the server and sent to it, `now` by the frame's
    /// clock. Returns what its actions did, as predicted.
    fn tick(&mut self, input: &Input, now: Instant) -> Vec<ActionOutcome>;

    /// Sends a line of chat, or a command, to the server.
    fn say(&mut self, text: &str);

    /// Tells the server what the player holds at hand, if it changed since it last heard:
    /// a server elsewhere a few times a second at most, unless `at_once` (the last word
    /// before leaving).
    fn set_hotbar(&mut self, hotbar: &Hotbar, at_once: bool);

    /// Why the session cannot go on, if it cannot.
    fn problem(&self) -> Option<String>;

    /// Ends the connection.
    fn close(&mut self);

    /// Stops the game's own server once it has played every tick sent and hands it back,
    /// with its saver; `None` for a server elsewhere.
    ///
    /// # Errors
    /// The game's server failed (its thread panicked).
    fn stop(self: Box<Self>) -> Result<Option<Stopped>, String>;

    /// Sends the client the world this far around its player, in columns, from now on; a
    /// server elsewhere keeps its own view distance.
    fn set_view_distance(&mut self, _view_distance: u32) {}

    /// Whether the world goes on while the game is paused: a server's elsewhere does; the
    /// game's own stops with it unless it is open to the network.
    fn runs_while_paused(&self) -> bool {
        true
    }

    /// Opens the game's own world to the network (the pause menu's "Open to LAN"), named
    /// `motd` in others' lists and announced to `announce_to`; returns the port it listens
    /// on. A server joined cannot be opened.
    ///
    /// # Errors
    /// Why not, as the player reads it.
    fn open_to_network(
        &mut self,
        _motd: &str,
        _announce_to: Option<SocketAddr>,
    ) -> Result<u16, String> {
        Err("only a world of your own can be opened to the network".to_owned())
    }

    /// Whether the world can be, or is, open to the local network, for the pause menu.
    fn lan_state(&self) -> LanState {
        LanState::NotOurs
    }

    /// For a server elsewhere: its address, the round trip in milliseconds and the bytes a
    /// second received and sent.
    fn connection(&self) -> Option<(SocketAddr, f64, f64, f64)> {
        None
    }

    /// The world as the client has it: what the session shows.
    fn game(&self) -> &Game {
        // A session starts only once the server's welcome made the game, and a client
        // never drops it.
        self.client()
            .game()
            .expect("a playing client has its world")
    }

    /// The world as the client has it, to stream columns into.
    fn game_mut(&mut self) -> &mut Game {
        self.client_mut()
            .game_mut()
            .expect("a playing client has its world")
    }

    /// The world as the session shows it.
    fn sim(&self) -> &Simulation {
        self.game().sim()
    }

    /// The world, to stream columns into.
    fn sim_mut(&mut self) -> &mut Simulation {
        self.game_mut().sim_mut()
    }

    /// The terrain of the world played: its generator, and the columns generated for it
    /// (by the game's own server too, in single-player) for the workers to draw from.
    fn terrain(&self) -> SharedTerrain {
        let game = self.game();
        SharedTerrain {
            generator: std::sync::Arc::clone(game.generator()),
            columns: std::sync::Arc::clone(game.generated()),
        }
    }

    /// The name the player plays as.
    fn name(&self) -> &PlayerName {
        self.client().name()
    }

    /// The player being played.
    fn me(&self) -> Body {
        self.sim()
            .player()
            .copied()
            .unwrap_or_else(|| Body::new(glam::DVec3::ZERO))
    }

    /// Whether the world under the player is complete: its edits have arrived.
    fn ground_ready(&self) -> bool {
        self.game().ground_ready()
    }

    /// Who is online and how the server is doing, as it last said.
    fn status(&self) -> &hewn_net::protocol::Status {
        self.client().status()
    }

    /// The lines of chat heard since the last call, oldest first.
    fn take_chat(&mut self) -> Vec<hewn_net::protocol::ChatLine> {
        self.client_mut().take_chat()
    }

    /// What the server said happened within earshot that this game did not predict.
    fn take_heard(&mut self) -> Vec<hewn_core::sim::Event> {
        self.client_mut().take_heard()
    }

    /// Ends the connection, logging how the client fared.
    fn leave(&mut self) {
        let game = self.game();
        log::info!(
            "leaving the server after {} ticks with {} corrections",
            game.ticks_played(),
            game.corrections()
        );
        self.close();
    }
}

impl Play for Host {
    fn client(&self) -> &Client {
        Self::client(self)
    }

    fn client_mut(&mut self) -> &mut Client {
        Self::client_mut(self)
    }

    fn pump(&mut self, _now: Instant) {
        // The server's thread keeps its own time.
        self.receive();
    }

    fn tick(&mut self, input: &Input, _now: Instant) -> Vec<ActionOutcome> {
        Self::tick(self, input)
    }

    fn say(&mut self, text: &str) {
        Self::say(self, text);
    }

    fn set_hotbar(&mut self, hotbar: &Hotbar, _at_once: bool) {
        // The server is in this process: it keeps every hotbar at once.
        Self::set_hotbar(self, hotbar);
    }

    fn problem(&self) -> Option<String> {
        Self::problem(self)
    }

    fn close(&mut self) {
        Self::close(self);
    }

    fn stop(self: Box<Self>) -> Result<Option<Stopped>, String> {
        Self::stop(*self).map(Some)
    }

    fn set_view_distance(&mut self, view_distance: u32) {
        Self::set_view_distance(self, view_distance);
    }

    fn runs_while_paused(&self) -> bool {
        self.network_address().is_some()
    }

    fn open_to_network(
        &mut self,
        motd: &str,
        announce_to: Option<SocketAddr>,
    ) -> Result<u16, String> {
        let any: SocketAddr = (std::net::Ipv4Addr::UNSPECIFIED, 0).into();
        Self::open_to_network(self, any, motd, announce_to)
            .map(|addr| addr.port())
            .map_err(|e| format!("cannot open to the network: {e}"))
    }

    fn lan_state(&self) -> LanState {
        self.network_address()
            .map_or(LanState::Closed, |a| LanState::Open(a.port()))
    }
}

impl Play for Remote {
    fn client(&self) -> &Client {
        &self.client
    }

    fn client_mut(&mut self) -> &mut Client {
        &mut self.client
    }

    fn pump(&mut self, now: Instant) {
        Self::pump(self, now);
    }

    fn tick(&mut self, input: &Input, now: Instant) -> Vec<ActionOutcome> {
        Self::pump(self, now);
        // The window's look in single precision, which travels in half the bytes; a mouse
        // cannot aim finer.
        let input = Input {
            yaw: input.yaw.map(|v| f64::from(v as f32)),
            pitch: input.pitch.map(|v| f64::from(v as f32)),
            ..input.clone()
        };
        let outcomes = self.client.play(&input, &mut self.udp.renet);
        self.udp.send();
        outcomes
    }

    fn say(&mut self, text: &str) {
        self.client.say(text, &mut self.udp.renet);
        self.udp.send();
    }

    fn set_hotbar(&mut self, hotbar: &Hotbar, at_once: bool) {
        let renet = &mut self.udp.renet;
        let sent = if at_once {
            self.client.set_hotbar_now(hotbar, renet)
        } else {
            self.client.set_hotbar(hotbar, renet)
        };
        if sent {
            self.udp.send();
        }
    }

    fn problem(&self) -> Option<String> {
        Self::problem(self)
    }

    fn close(&mut self) {
        self.udp.close();
    }

    fn stop(self: Box<Self>) -> Result<Option<Stopped>, String> {
        Ok(None)
    }

    fn connection(&self) -> Option<(SocketAddr, f64, f64, f64)> {
        let info = self.udp.renet.network_info();
        Some((
            self.addr,
            info.rtt * 1000.0,
            info.bytes_received_per_second,
            info.bytes_sent_per_second,
        ))
    }
}
