//! Asking a server how it is without joining it: the multiplayer screen's ping.
//!
//! A ping is one UDP datagram to the server's own port, a pong one datagram back: the
//! server's message of the day, its players online and its limit, the protocol and terrain
//! generator it speaks, and whether it asks for a password; the round trip is timed by the
//! one who asked. Both start with a tag netcode never sends (its first byte's low four
//! bits are a packet type, 0 to 6; `H` is 8), which is how the server tells a ping from a
//! connection's packet. A ping is padded to [`PING_BYTES`], more than any pong, so a
//! forged sender address cannot make a server send more than it received (the same rule
//! netcode holds its connection requests to).

use std::net::{SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::protocol::{self, PROTOCOL_VERSION};
use hewn_core::worldgen::GENERATOR_VERSION;

/// How a ping starts.
const PING_TAG: &[u8; 6] = b"HEWN?\0";

/// How a pong starts.
const PONG_TAG: &[u8; 6] = b"HEWN!\0";

/// Every ping's size: more than the largest pong.
pub const PING_BYTES: usize = 512;

/// The most characters of a message of the day.
pub const MAX_MOTD_CHARS: usize = 64;

/// What a server says of itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerInfo {
    /// The message of the day.
    pub motd: String,
    /// Players online.
    pub online: u16,
    /// The most players at once.
    pub max_players: u16,
    /// [`PROTOCOL_VERSION`] of the server.
    pub protocol: u32,
    /// [`GENERATOR_VERSION`] of the server.
    pub generator: u32,
    /// Whether joining asks for a password.
    pub password: bool,
}

impl Default for ServerInfo {
    fn default() -> Self {
        Self {
            motd: "A hewn server".to_owned(),
            online: 0,
            max_players: 20,
            protocol: PROTOCOL_VERSION,
            generator: GENERATOR_VERSION,
            password: false,
        }
    }
}

impl ServerInfo {
    /// Whether a client of this build can play on the server.
    #[must_use]
    pub const fn compatible(&self) -> bool {
        self.protocol == PROTOCOL_VERSION && self.generator == GENERATOR_VERSION
    }
}

/// A message of the day as a server sends it: one line of at most [`MAX_MOTD_CHARS`]
/// characters, without control characters.
#[must_use]
pub fn clean_motd(motd: &str) -> String {
    let line: String = motd.chars().filter(|c| !c.is_control()).collect();
    line.trim().chars().take(MAX_MOTD_CHARS).collect()
}

/// A ping, as one datagram: the tag, `nonce`, and padding.
#[must_use]
pub fn ping_datagram(nonce: u64) -> Vec<u8> {
    let mut datagram = Vec::with_capacity(PING_BYTES);
    datagram.extend_from_slice(PING_TAG);
    datagram.extend_from_slice(&nonce.to_le_bytes());
    datagram.resize(PING_BYTES, 0);
    datagram
}

/// Whether `datagram` is meant as a ping (well formed or not): never a netcode packet.
#[must_use]
pub fn is_ping(datagram: &[u8]) -> bool {
    datagram.starts_with(PING_TAG)
}

/// The pong to `datagram`, if it is a ping: `info` with the ping's nonce.
#[must_use]
pub fn answer(datagram: &[u8], info: &ServerInfo) -> Option<Vec<u8>> {
    let rest = datagram.strip_prefix(PING_TAG)?;
    if datagram.len() != PING_BYTES {
        return None;
    }
    let nonce: [u8; 8] = rest.get(..8)?.try_into().ok()?;
    let info = ServerInfo {
        motd: clean_motd(&info.motd),
        ..info.clone()
    };
    let mut pong = PONG_TAG.to_vec();
    pong.extend_from_slice(&nonce);
    pong.extend(protocol::encode(&info));
    Some(pong).filter(|p| p.len() < PING_BYTES)
}

/// What a pong says, if `datagram` is the pong to the ping of `nonce`.
#[must_use]
pub fn read_pong(datagram: &[u8], nonce: u64) -> Option<ServerInfo> {
    let rest = datagram.strip_prefix(PONG_TAG)?;
    let (echo, body) = rest.split_at_checked(8)?;
    if echo != nonce.to_le_bytes() {
        return None;
    }
    protocol::decode(body, PING_BYTES).ok()
}

/// What a ping found.
#[derive(Clone, Debug, PartialEq)]
pub struct Pong {
    /// The server's word.
    pub info: ServerInfo,
    /// The time from the ping to the pong.
    pub round_trip: Duration,
}

/// Why a ping found nothing.
#[derive(Debug, thiserror::Error)]
pub enum PingError {
    /// The socket could not be opened or used.
    #[error("{0}")]
    Socket(#[from] std::io::Error),
    /// No pong came in time.
    #[error("no answer")]
    NoAnswer,
}

/// Pings the server at `addr`, waiting at most `limit` (three tries spread over it, as
/// datagrams are lost).
///
/// # Errors
/// [`PingError`]: the socket's failure, or no answer.
pub fn ping(addr: SocketAddr, limit: Duration) -> Result<Pong, PingError> {
    let bind: SocketAddr = if addr.is_ipv6() {
        (std::net::Ipv6Addr::UNSPECIFIED, 0).into()
    } else {
        (std::net::Ipv4Addr::UNSPECIFIED, 0).into()
    };
    let socket = UdpSocket::bind(bind)?;
    socket.connect(addr)?;
    let nonce = crate::transport::random_client_id(u64::from(addr.port()));
    let datagram = ping_datagram(nonce);
    let start = Instant::now();
    let mut buffer = [0u8; PING_BYTES];
    for attempt in 1..=3u32 {
        let sent = Instant::now();
        socket.send(&datagram)?;
        let until = start + limit * attempt / 3;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            socket.set_read_timeout(Some(left.max(Duration::from_millis(1))))?;
            match socket.recv(&mut buffer) {
                Ok(len) => {
                    if let Some(info) = read_pong(&buffer[..len], nonce) {
                        return Ok(Pong {
                            info,
                            round_trip: sent.elapsed(),
                        });
                    }
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                // Nothing listens there (an ICMP answer): no use waiting.
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => {
                    return Err(PingError::NoAnswer);
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
    Err(PingError::NoAnswer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ping_is_answered_with_the_info_and_its_nonce_and_nothing_else_is() {
        let info = ServerInfo {
            motd: format!("Welcome\n{}", "!".repeat(200)),
            online: 3,
            ..ServerInfo::default()
        };
        let pong = answer(&ping_datagram(7), &info).expect("a pong");
        assert!(pong.len() < PING_BYTES, "never more than the ping");
        let read = read_pong(&pong, 7).expect("readable");
        assert_eq!(read.online, 3);
        assert_eq!(read.motd.chars().count(), MAX_MOTD_CHARS);
        assert!(!read.motd.contains('\n'));
        assert_eq!(read_pong(&pong, 8), None, "another ping's pong");
        assert_eq!(
            answer(&ping_datagram(7)[..100], &info),
            None,
            "a short ping"
        );
        assert_eq!(answer(b"\x01netcode packet", &info), None);
        // The longest message of the day in the widest characters still fits.
        let wide = ServerInfo {
            motd: "\u{1F600}".repeat(100),
            ..ServerInfo::default()
        };
        assert!(answer(&ping_datagram(1), &wide).is_some());
    }
}
