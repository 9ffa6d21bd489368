//! Finding servers on the local network: a server open to it announces itself every
//! [`ANNOUNCE_EVERY`], and a multiplayer screen listens, as Minecraft's "Open to LAN" does.
//!
//! Where announcements go is a setting ([`DEFAULT_LAN_ADDRESS`] unless changed): a multicast
//! group, a broadcast address, or — for tests and for machines that must keep to
//! themselves — a loopback address. Nothing is announced unless a world is opened to the
//! network or a server's `server.toml` asks for it, and a listener joins a multicast group
//! only when the setting names one.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::protocol;
use super::query::clean_motd;

/// Where announcements go unless a setting says otherwise: the multicast group Minecraft
/// announces on, at a port of hewn's own.
pub const DEFAULT_LAN_ADDRESS: &str = "224.0.2.60:30564";

/// How often a server announces itself.
pub const ANNOUNCE_EVERY: Duration = Duration::from_millis(1500);

/// How long a server stays listed after its last announcement.
pub const FORGET_AFTER: Duration = Duration::from_secs(5);

/// How an announcement starts.
const TAG: &[u8; 8] = b"HEWN LAN";

/// The largest announcement read.
const MAX_ANNOUNCEMENT: usize = 512;

/// What a server on the local network says of itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    /// Its message of the day (the world's name, for a game opened to the network).
    pub motd: String,
    /// The port it listens on, at the address the announcement came from.
    pub port: u16,
}

/// An announcement as one datagram.
#[must_use]
pub fn datagram(announcement: &Announcement) -> Vec<u8> {
    let mut bytes = TAG.to_vec();
    bytes.extend(protocol::encode(&Announcement {
        motd: clean_motd(&announcement.motd),
        port: announcement.port,
    }));
    bytes
}

/// The announcement in `datagram`, if it is one.
#[must_use]
pub fn read(datagram: &[u8]) -> Option<Announcement> {
    let body = datagram.strip_prefix(TAG)?;
    let announcement: Announcement = protocol::decode(body, MAX_ANNOUNCEMENT).ok()?;
    (announcement.port != 0).then_some(announcement)
}

/// A server's announcements.
#[derive(Debug)]
pub struct Announcer {
    socket: UdpSocket,
    to: SocketAddr,
    announcement: Announcement,
    last: Option<Instant>,
}

impl Announcer {
    /// Announces `announcement` to `to` from now on.
    ///
    /// # Errors
    /// The socket's error.
    pub fn new(to: SocketAddr, announcement: Announcement) -> std::io::Result<Self> {
        let bind: SocketAddr = match to.ip() {
            IpAddr::V4(ip) if ip.is_loopback() => (Ipv4Addr::LOCALHOST, 0).into(),
            IpAddr::V4(_) => (Ipv4Addr::UNSPECIFIED, 0).into(),
            IpAddr::V6(ip) if ip.is_loopback() => (std::net::Ipv6Addr::LOCALHOST, 0).into(),
            IpAddr::V6(_) => (std::net::Ipv6Addr::UNSPECIFIED, 0).into(),
        };
        let socket = UdpSocket::bind(bind)?;
        socket.set_nonblocking(true)?;
        if let IpAddr::V4(ip) = to.ip() {
            if ip.is_broadcast() {
                socket.set_broadcast(true)?;
            }
            if ip.is_multicast() {
                // One hop: the local network, never beyond its router.
                socket.set_multicast_ttl_v4(1)?;
            }
        }
        Ok(Self {
            socket,
            to,
            announcement,
            last: None,
        })
    }

    /// Where the announcements go.
    #[must_use]
    pub const fn target(&self) -> SocketAddr {
        self.to
    }

    /// Announces, if [`ANNOUNCE_EVERY`] has passed since the last time.
    pub fn tick(&mut self, now: Instant) {
        if self
            .last
            .is_some_and(|last| now.duration_since(last) < ANNOUNCE_EVERY)
        {
            return;
        }
        self.last = Some(now);
        if let Err(e) = self.socket.send_to(&datagram(&self.announcement), self.to) {
            log::debug!("LAN announcement to {}: {e}", self.to);
        }
    }
}

/// A server heard on the local network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanServer {
    /// Where to join it.
    pub addr: SocketAddr,
    /// Its message of the day.
    pub motd: String,
}

/// Listening for announcements.
#[derive(Debug)]
pub struct AnnouncementListener {
    socket: UdpSocket,
    heard: BTreeMap<SocketAddr, (String, Instant)>,
}

impl AnnouncementListener {
    /// Listens where servers announce to `addr`: on its port, on loopback only for a
    /// loopback address, joining the group for a multicast one.
    ///
    /// # Errors
    /// The socket's error (the port taken by another listener, say).
    pub fn new(addr: SocketAddr) -> std::io::Result<Self> {
        let socket = match addr.ip() {
            IpAddr::V4(ip) if ip.is_multicast() => {
                let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, addr.port()))?;
                socket.join_multicast_v4(&ip, &Ipv4Addr::UNSPECIFIED)?;
                socket
            }
            ip if ip.is_loopback() => UdpSocket::bind(addr)?,
            IpAddr::V4(_) => UdpSocket::bind((Ipv4Addr::UNSPECIFIED, addr.port()))?,
            IpAddr::V6(_) => UdpSocket::bind((std::net::Ipv6Addr::UNSPECIFIED, addr.port()))?,
        };
        socket.set_nonblocking(true)?;
        Ok(Self {
            socket,
            heard: BTreeMap::new(),
        })
    }

    /// The address it listens on (for tests, whose listeners take a port the system picks).
    #[must_use]
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.socket.local_addr().ok()
    }

    /// Reads the announcements that arrived; returns the servers heard of in the last
    /// [`FORGET_AFTER`], by address.
    pub fn poll(&mut self, now: Instant) -> Vec<LanServer> {
        let mut buffer = [0u8; MAX_ANNOUNCEMENT];
        while let Ok((len, from)) = self.socket.recv_from(&mut buffer) {
            if let Some(announcement) = read(&buffer[..len]) {
                let addr = SocketAddr::new(from.ip(), announcement.port);
                self.heard.insert(addr, (announcement.motd, now));
            }
        }
        self.heard
            .retain(|_, (_, at)| now.duration_since(*at) < FORGET_AFTER);
        (self.heard.iter())
            .map(|(&addr, (motd, _))| LanServer {
                addr,
                motd: motd.clone(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_announcement_reads_back_and_other_datagrams_do_not() {
        let a = Announcement {
            motd: "Alice's world".to_owned(),
            port: 4711,
        };
        assert_eq!(read(&datagram(&a)), Some(a));
        assert_eq!(read(b"HEWN LAN"), None);
        assert_eq!(read(b"something else"), None);
    }
}
