//! The server's end of single-player: a thread of its own that owns the [`Server`], plays a
//! tick each time its client has played one, and hands back what the client must hear.
//!
//! What crosses between the threads are renet's packets, as they would cross a network,
//! and a few words only a server in the same process takes (the hotbar, the view distance,
//! opening to the network). Everything goes down one channel in the order the client did
//! it, so each tick the server reads exactly what the client sent before that tick, as when
//! the two were ticked together on one thread.

use std::net::SocketAddr;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use renet::{ClientId, RenetServer};

use super::OPEN_TO_LAN_PLAYERS;
use crate::lan::{Announcement, Announcer};
use crate::server::Server;
use crate::udp_server::UdpServer;
use hewn_core::physics::tuning::TICK_SECONDS;
use hewn_core::sim::PlayerName;
use hewn_save::{Autosaver, Hotbar};

/// How long a world open to the network waits for its own player's next tick before it
/// plays one without it, so that the others never stop for a window that does: a quarter
/// of a second.
const OWN_PLAYER_PATIENCE: Duration = Duration::from_millis(250);

/// How often an idle server thread looks at the clock for an autosave due.
const IDLE_WAKE: Duration = Duration::from_secs(1);

/// What the client's end tells the server's thread.
#[derive(Debug)]
pub(super) enum ToServer {
    /// Packets from the client.
    Packets(Vec<Vec<u8>>),
    /// The client played a tick: the server plays one with what came before.
    Tick,
    /// What a player holds at hand, kept at once.
    Hotbar(PlayerName, Hotbar),
    /// How far around each player its client is sent the world, in columns.
    ViewDistance(u32),
    /// Open the world to the network; the address it listens on, or why not, comes back.
    Open {
        bind: SocketAddr,
        motd: String,
        announce_to: Option<SocketAddr>,
        answer: Sender<std::io::Result<SocketAddr>>,
    },
    /// End every connection; the server keeps its world until the thread is stopped.
    Close,
}

/// What the server's thread tells the client's end.
#[derive(Debug)]
pub(super) enum ToClient {
    /// A tick was played: the packets it sent the client (maybe none).
    Ticked(Vec<Vec<u8>>),
    /// The server ended the client's connection.
    Ended,
}

/// The server and everything the thread keeps beside it.
pub(super) struct ServerThread {
    pub(super) server: Server,
    pub(super) renet: RenetServer,
    /// The client in the same process.
    pub(super) client: ClientId,
    pub(super) to_client: Sender<ToClient>,
    /// The world opened to the network: the socket, and when it was last read.
    pub(super) network: Option<(UdpServer, Instant)>,
    /// Writes the world in the background, when it is saved.
    pub(super) saver: Option<Autosaver>,
    /// Whether the client's connection is over.
    pub(super) ended: bool,
}

impl ServerThread {
    /// Serves until the client's end is dropped; returns the server and its saver.
    pub(super) fn run(mut self, from_client: &Receiver<ToServer>) -> (Server, Option<Autosaver>) {
        let mut last_tick = Instant::now();
        loop {
            let wait = if self.network.is_some() {
                OWN_PLAYER_PATIENCE.saturating_sub(last_tick.elapsed())
            } else {
                IDLE_WAKE
            };
            match from_client.recv_timeout(wait) {
                Ok(ToServer::Packets(packets)) => {
                    for packet in packets {
                        // A packet renet cannot read ends nothing: renet drops it.
                        let _ = self.renet.process_packet_from(&packet, self.client);
                    }
                }
                Ok(ToServer::Tick) => {
                    self.tick();
                    last_tick = Instant::now();
                }
                Ok(ToServer::Hotbar(name, hotbar)) => self.server.set_hotbar(&name, hotbar),
                Ok(ToServer::ViewDistance(distance)) => self.server.set_view_distance(distance),
                Ok(ToServer::Open {
                    bind,
                    motd,
                    announce_to,
                    answer,
                }) => {
                    let _ = answer.send(self.open(bind, &motd, announce_to));
                }
                Ok(ToServer::Close) => self.close(),
                Err(RecvTimeoutError::Timeout) => {
                    // Others play on while the window that owns the world stands still.
                    if self.network.is_some() && last_tick.elapsed() >= OWN_PLAYER_PATIENCE {
                        self.tick();
                        last_tick = Instant::now();
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
            self.autosave();
        }
        (self.server, self.saver)
    }

    /// One tick of the server, its word to the client handed back.
    fn tick(&mut self) {
        self.renet.update(Duration::from_secs_f64(TICK_SECONDS));
        let began = Instant::now();
        if let Some((udp, read_at)) = &mut self.network {
            udp.receive_for(began - *read_at, &mut self.renet, &mut self.server);
            *read_at = began;
        }
        self.server.update(&mut self.renet);
        if let Some((_, answer)) = crate::reload::reload_if_asked(&mut self.server, &mut self.renet)
        {
            log::info!("{}", crate::protocol::for_log(&answer));
        }
        if let Some((udp, _)) = &mut self.network {
            udp.send_for(&mut self.renet, &self.server, began);
        }
        self.server.note_tick_time(began.elapsed());
        if self.ended {
            return;
        }
        let message = if self.renet.is_connected(self.client) {
            ToClient::Ticked(
                self.renet
                    .get_packets_to_send(self.client)
                    .unwrap_or_default(),
            )
        } else {
            self.ended = true;
            ToClient::Ended
        };
        // The client's end may be gone already; the thread learns it from its channel.
        let _ = self.to_client.send(message);
    }

    /// Writes the world if an autosave is due.
    fn autosave(&mut self) {
        let Some(saver) = &mut self.saver else {
            return;
        };
        let server = &mut self.server;
        saver.autosave(Instant::now(), || server.checkpoint());
        if let Some(e) = saver.take_error() {
            log::warn!("autosave failed (will retry): {e}");
        }
    }

    /// See [`super::Host::open_to_network`].
    fn open(
        &mut self,
        bind: SocketAddr,
        motd: &str,
        announce_to: Option<SocketAddr>,
    ) -> std::io::Result<SocketAddr> {
        if let Some(addr) = self.network.as_ref().and_then(|(udp, _)| udp.local_addr()) {
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
            .set_jitter_ticks(crate::server::inputs::JITTER_TICKS);
        self.network = Some((udp, Instant::now()));
        Ok(addr)
    }

    /// Ends the client's connection and those of players who came over the network; the
    /// server takes the players out at its next tick.
    fn close(&mut self) {
        self.renet.remove_connection(self.client);
        if let Some((mut udp, _)) = self.network.take() {
            udp.close(&mut self.renet);
        }
        self.ended = true;
    }
}
