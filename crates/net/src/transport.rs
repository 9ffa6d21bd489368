//! Carrying renet's packets: over UDP with netcode's connection handshake (`hewn serve`,
//! `hewn --connect`, `hewn bot`; the server's end is [`super::udp_server`]), or in memory
//! between a server and clients in one process ([`super::local`]).
//!
//! Everything above this file reads and writes messages on a [`RenetServer`] or a
//! [`RenetClient`] and never sees a socket, so a game over the network and a game in one
//! process run the same code.

use std::net::{SocketAddr, UdpSocket};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use renet::{ChannelConfig, ConnectionConfig, RenetClient, SendType};
use renet_netcode::{ClientAuthentication, NetcodeClientTransport};

use super::protocol::channel;

/// Netcode's protocol id: which game's packets these are. The game's own versions are checked
/// in its handshake ([`super::protocol::Hello`]), which can say what differs; a netcode id
/// that differs would only make the connection time out.
pub(super) const NETCODE_PROTOCOL_ID: u64 = 0x6865_776e_0000_0001;

/// The most clients netcode can hold at once.
pub const MAX_CLIENTS: usize = 1024;

/// Connections netcode takes beyond a server's player limit, so a client over it hears
/// "the server is full" from the server rather than nothing from netcode, and a few
/// connections that have not said hello yet cannot lock players out.
pub const SPARE_CONNECTIONS: usize = 8;

/// A client id no other client of a server is likely to have (netcode refuses a second
/// connection with an id in use): the clock, the process and `index` mixed.
#[must_use]
pub fn random_client_id(index: u64) -> u64 {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "only the low bits are wanted, to be mixed"
    )]
    let nanos = now().as_nanos() as u64;
    hewn_core::worldgen::SplitMix64::new(nanos ^ (u64::from(std::process::id()) << 32) ^ index)
        .next_u64()
}

/// The channels both sides agree on, with the memory each may hold. A client's channels are
/// small: nothing a client says is long, and a reliable channel that fills ends its
/// connection, so a flooding client costs the server at most this.
#[must_use]
pub fn connection_config() -> ConnectionConfig {
    let reliable = SendType::ReliableOrdered {
        resend_time: Duration::from_millis(200),
    };
    ConnectionConfig {
        available_bytes_per_tick: 60_000,
        server_channels_config: vec![
            ChannelConfig {
                channel_id: channel::WORLD,
                // 8 MiB unacknowledged per client at most: 100 slow clients cost 800 MB.
                max_memory_usage_bytes: 8 << 20,
                send_type: reliable.clone(),
            },
            ChannelConfig {
                channel_id: channel::SNAPSHOTS,
                max_memory_usage_bytes: 1 << 20,
                send_type: SendType::Unreliable,
            },
        ],
        client_channels_config: vec![
            ChannelConfig {
                channel_id: channel::CONTROL,
                max_memory_usage_bytes: 64 << 10,
                send_type: reliable,
            },
            ChannelConfig {
                channel_id: channel::INPUTS,
                max_memory_usage_bytes: 64 << 10,
                send_type: SendType::Unreliable,
            },
        ],
    }
}

/// Netcode counts time from the Unix epoch.
pub(super) fn now() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// A client's end of UDP.
pub struct UdpClient {
    /// The connection.
    pub renet: RenetClient,
    transport: NetcodeClientTransport,
}

impl std::fmt::Debug for UdpClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UdpClient").finish_non_exhaustive()
    }
}

impl UdpClient {
    /// Starts connecting to `server` from a port the system picks, as client `id` (any
    /// number no other client of that server uses: netcode refuses a second with the same).
    ///
    /// # Errors
    /// The socket's error.
    pub fn connect(server: SocketAddr, id: u64) -> std::io::Result<Self> {
        let bind: SocketAddr = if server.is_ipv6() {
            "[::]:0".parse()
        } else {
            "0.0.0.0:0".parse()
        }
        .map_err(std::io::Error::other)?;
        let socket = UdpSocket::bind(bind)?;
        let authentication = ClientAuthentication::Unsecure {
            protocol_id: NETCODE_PROTOCOL_ID,
            client_id: id,
            server_addr: server,
            user_data: None,
        };
        let transport = NetcodeClientTransport::new(now(), authentication, socket)
            .map_err(std::io::Error::other)?;
        Ok(Self {
            renet: RenetClient::new(connection_config()),
            transport,
        })
    }

    /// Reads what arrived in the last `elapsed`.
    pub fn receive(&mut self, elapsed: Duration) {
        self.renet.update(elapsed);
        if let Err(e) = self.transport.update(elapsed, &mut self.renet) {
            log::warn!("network: {e}");
        }
    }

    /// Sends what the client queued.
    pub fn send(&mut self) {
        if let Err(e) = self.transport.send_packets(&mut self.renet) {
            log::debug!("network: {e}");
        }
    }

    /// Ends the connection, telling the server.
    pub fn close(&mut self) {
        self.transport.disconnect();
    }

    /// Whether the connection is gone (refused, timed out or closed).
    #[must_use]
    pub fn is_disconnected(&self) -> bool {
        self.renet.is_disconnected()
    }

    /// Why the connection is gone, as netcode or renet tell it.
    #[must_use]
    pub fn disconnect_reason(&self) -> Option<String> {
        self.transport
            .disconnect_reason()
            .map(|r| format!("{r:?}"))
            .or_else(|| self.renet.disconnect_reason().map(|r| format!("{r:?}")))
    }
}
