//! Where a session's world lives: in a simulation of its own, or on a server it joined
//! (`--connect`), whose world its client mirrors and whose player it predicts.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use super::AppError;
use crate::net::client::{Client, Game};
use crate::net::transport::UdpClient;
use crate::physics::Player;
use crate::sim::{ActionOutcome, Input, PlayerName, Simulation};

/// How long joining a server may take before the game gives up.
pub const JOIN_LIMIT: Duration = Duration::from_secs(15);

/// A session's world.
#[derive(Debug)]
pub enum Play {
    /// The game's own simulation.
    Local(Box<Simulation>),
    /// A server's, through a client.
    Remote(Box<Remote>),
}

/// A connection to a server with the world it sent.
#[derive(Debug)]
pub struct Remote {
    udp: UdpClient,
    client: Client,
    /// When the connection was last read.
    read_at: Instant,
}

impl Remote {
    /// Connects to `addr` as `name` and waits (at most [`JOIN_LIMIT`]) until the server lets
    /// the player in.
    ///
    /// # Errors
    /// [`AppError::Join`] saying why not: no answer, a refusal, a lost connection.
    pub fn join(addr: SocketAddr, name: PlayerName) -> Result<Self, AppError> {
        let join = |message: String| AppError::Join {
            server: addr.to_string(),
            message,
        };
        let id = crate::net::transport::random_client_id(0);
        let udp = UdpClient::connect(addr, id).map_err(|e| join(e.to_string()))?;
        let mut remote = Self {
            udp,
            client: Client::new(name),
            read_at: Instant::now(),
        };
        let start = Instant::now();
        while remote.client.game().is_none() {
            if let Some(problem) = remote.problem() {
                return Err(join(problem));
            }
            if start.elapsed() > JOIN_LIMIT {
                return Err(join("no answer in 15 seconds".to_owned()));
            }
            std::thread::sleep(Duration::from_millis(5));
            remote.pump();
        }
        log::info!("joined {addr} as {}", remote.client.name());
        Ok(remote)
    }

    /// Reads what arrived and sends what is queued.
    fn pump(&mut self) {
        let now = Instant::now();
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

    /// The client, for the overlay's figures.
    #[must_use]
    pub const fn client(&self) -> &Client {
        &self.client
    }

    /// The generator of the server's world.
    #[must_use]
    pub fn generator(&self) -> std::sync::Arc<crate::worldgen::Generator> {
        std::sync::Arc::clone(self.game().generator())
    }

    /// The world the server sent.
    fn game(&self) -> &Game {
        // `join` returns only once the welcome made the game, and a client never drops it.
        self.client.game().expect("a joined client has its world")
    }

    /// The world the server sent, to change.
    fn game_mut(&mut self) -> &mut Game {
        self.client
            .game_mut()
            .expect("a joined client has its world")
    }
}

impl Play {
    /// The world as the session shows it.
    #[must_use]
    pub fn sim(&self) -> &Simulation {
        match self {
            Self::Local(sim) => sim,
            Self::Remote(remote) => remote.game().sim(),
        }
    }

    /// The world, to stream columns into.
    pub fn sim_mut(&mut self) -> &mut Simulation {
        match self {
            Self::Local(sim) => sim,
            Self::Remote(remote) => remote.game_mut().sim_mut(),
        }
    }

    /// The player being played.
    #[must_use]
    pub fn me(&self) -> Player {
        self.sim()
            .player()
            .copied()
            .unwrap_or_else(|| Player::new(glam::DVec3::ZERO))
    }

    /// Reads and sends what the network has, between ticks.
    pub fn pump(&mut self) {
        if let Self::Remote(remote) = self {
            remote.pump();
        }
    }

    /// Whether the world under the player is complete: for a remote world, its edits have
    /// arrived.
    #[must_use]
    pub fn ground_ready(&self) -> bool {
        match self {
            Self::Local(_) => true,
            Self::Remote(remote) => remote.game().ground_ready(),
        }
    }

    /// One tick of `input`: the simulation's own, or played ahead of the server and sent.
    pub fn tick(&mut self, input: &Input) -> Vec<ActionOutcome> {
        match self {
            Self::Local(sim) => sim.tick(input),
            Self::Remote(remote) => {
                remote.pump();
                // The window's look in single precision, which travels in half the bytes; a
                // mouse cannot aim finer.
                let input = Input {
                    yaw: input.yaw.map(|v| f64::from(v as f32)),
                    pitch: input.pitch.map(|v| f64::from(v as f32)),
                    ..input.clone()
                };
                remote.client.play(&input, &mut remote.udp.renet);
                remote.udp.send();
                Vec::new()
            }
        }
    }

    /// Whether the world goes on while the game is paused: a server's does.
    #[must_use]
    pub const fn runs_while_paused(&self) -> bool {
        matches!(self, Self::Remote(_))
    }

    /// Why the session cannot go on, if it cannot.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        match self {
            Self::Local(_) => None,
            Self::Remote(remote) => remote.problem(),
        }
    }

    /// Ends the connection, if there is one.
    pub fn leave(&mut self) {
        if let Self::Remote(remote) = self {
            let game = remote.game();
            log::info!(
                "leaving the server after {} ticks with {} corrections",
                game.ticks_played(),
                game.corrections()
            );
            remote.udp.close();
        }
    }
}
