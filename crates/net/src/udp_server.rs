//! A server's end of UDP: netcode's connections, and the two kinds of datagram a server
//! answers without one — a ping from a multiplayer screen ([`super::query`]) — on the same
//! port, so a server is reached and pinged at one address.
//!
//! Netcode's own transport hands every datagram to netcode and sends every renet client's
//! packets, which would leave no room for pings and would steal the packets of a client
//! carried in memory (single-player opened to the network: [`super::host::Host`]). This
//! one reads each datagram first: a ping is answered here, anything else goes to netcode;
//! and it sends only to netcode's own clients.

use std::io::ErrorKind;
use std::net::{SocketAddr, UdpSocket};
use std::time::Duration;

use renet::{ClientId, RenetServer};
use renetcode::{
    NETCODE_MAX_PACKET_BYTES, NetcodeServer, ServerAuthentication, ServerConfig, ServerResult,
};

use super::lan::Announcer;
use super::query::{self, ServerInfo};
use super::server::Server;
use super::transport::{MAX_CLIENTS, NETCODE_PROTOCOL_ID, SPARE_CONNECTIONS, now};

/// The port a server listens on unless told otherwise, and a joining address without a
/// port means.
pub const DEFAULT_PORT: u16 = 30565;

/// A server listening on UDP.
pub struct UdpServer {
    socket: UdpSocket,
    netcode: NetcodeServer,
    buffer: Vec<u8>,
    /// What a ping is told.
    info: ServerInfo,
    clients: Clients,
    /// Announcements on the local network, if the server makes them.
    announcer: Option<Announcer>,
}

/// The clients this transport added to the server.
#[derive(Debug, Default)]
struct Clients {
    /// Every one connected now.
    ours: std::collections::BTreeSet<ClientId>,
    /// Connections made since [`UdpServer::take_connected`], with their addresses.
    connected: Vec<(ClientId, SocketAddr)>,
    /// Netcode connections refused (an id the server already has), to end.
    refused: Vec<ClientId>,
    /// The bytes of the datagrams sent to each one connected now, logged when it goes:
    /// what a join and a session cost on the wire.
    sent: std::collections::BTreeMap<ClientId, u64>,
}

impl std::fmt::Debug for UdpServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UdpServer")
            .field("addr", &self.local_addr())
            .finish_non_exhaustive()
    }
}

impl UdpServer {
    /// Listens on `addr` for at most `max_clients` clients.
    ///
    /// # Errors
    /// The socket's error: the address is taken, or not this machine's.
    pub fn bind(addr: SocketAddr, max_clients: usize) -> std::io::Result<Self> {
        let socket = UdpSocket::bind(addr)?;
        socket.set_nonblocking(true)?;
        let local = socket.local_addr()?;
        let netcode = NetcodeServer::new(ServerConfig {
            current_time: now(),
            max_clients: netcode_slots(max_clients),
            protocol_id: NETCODE_PROTOCOL_ID,
            public_addresses: vec![local],
            authentication: ServerAuthentication::Unsecure,
        });
        Ok(Self {
            socket,
            netcode,
            buffer: vec![0; NETCODE_MAX_PACKET_BYTES],
            info: ServerInfo::default(),
            clients: Clients::default(),
            announcer: None,
        })
    }

    /// The address it listens on.
    #[must_use]
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.socket.local_addr().ok()
    }

    /// What pings are answered with from now on.
    fn set_info(&mut self, info: ServerInfo) {
        self.netcode
            .set_max_clients(netcode_slots(usize::from(info.max_players)));
        self.info = info;
    }

    /// The clients that connected since the last call, with the address each came from:
    /// what a server bans by address looks at.
    fn take_connected(&mut self) -> Vec<(ClientId, SocketAddr)> {
        std::mem::take(&mut self.clients.connected)
    }

    /// Reads what arrived in the last `elapsed`: pings are answered, the rest goes to
    /// netcode and its clients' messages to `renet`.
    fn receive(&mut self, elapsed: Duration, renet: &mut RenetServer) {
        self.netcode.update(elapsed);
        loop {
            match self.socket.recv_from(&mut self.buffer) {
                Ok((len, addr)) => {
                    let datagram = &self.buffer[..len];
                    if query::is_ping(datagram) {
                        if let Some(pong) = query::answer(datagram, &self.info) {
                            self.send_to(&pong, addr);
                        }
                        continue;
                    }
                    let result = self.netcode.process_packet(addr, &mut self.buffer[..len]);
                    handle(result, &self.socket, renet, &mut self.clients);
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => break,
                // An earlier datagram found no one at its address (ICMP, on some systems).
                Err(e) if e.kind() == ErrorKind::ConnectionReset => {}
                Err(e) => {
                    log::warn!("network: {e}");
                    break;
                }
            }
        }
        for id in self.netcode.clients_id() {
            let result = self.netcode.update_client(id);
            handle(result, &self.socket, renet, &mut self.clients);
        }
        let refused = std::mem::take(&mut self.clients.refused);
        for id in refused.into_iter().chain(renet.disconnections_id()) {
            if self.netcode.is_client_connected(id) {
                let result = self.netcode.disconnect(id);
                handle(result, &self.socket, renet, &mut self.clients);
            }
        }
    }

    /// Sends what the server queued for the clients connected over UDP (and only those:
    /// clients carried in memory take their own).
    fn send(&mut self, renet: &mut RenetServer) {
        for &id in &self.clients.ours {
            let Ok(packets) = renet.get_packets_to_send(id) else {
                continue;
            };
            for packet in packets {
                match self.netcode.generate_payload_packet(id, &packet) {
                    Ok((addr, payload)) => {
                        *self.clients.sent.entry(id).or_default() += payload.len() as u64;
                        if let Err(e) = self.socket.send_to(payload, addr) {
                            log::debug!("network: to {addr}: {e}");
                            break;
                        }
                    }
                    Err(e) => {
                        log::debug!("network: client {id}: {e}");
                        break;
                    }
                }
            }
        }
    }

    /// Announces the server on the local network from now on.
    pub fn announce(&mut self, announcer: Announcer) {
        self.announcer = Some(announcer);
    }

    /// Where the server announces itself, if it does.
    #[must_use]
    pub fn announcing_to(&self) -> Option<SocketAddr> {
        self.announcer.as_ref().map(Announcer::target)
    }

    /// Reads what arrived in the last `elapsed` for `server`: pings are answered, the rest
    /// goes to netcode and its clients' messages to `renet`, and `server` is told where new
    /// clients came from.
    pub fn receive_for(&mut self, elapsed: Duration, renet: &mut RenetServer, server: &mut Server) {
        self.receive(elapsed, renet);
        for (id, addr) in self.take_connected() {
            server.note_address(id, addr.ip());
        }
    }

    /// Sends what `server`'s tick queued for the clients connected over UDP (and only
    /// those: clients carried in memory take their own); pings are answered with how it is
    /// now, and the server announced if it is time.
    pub fn send_for(&mut self, renet: &mut RenetServer, server: &Server, now: std::time::Instant) {
        self.send(renet);
        let info = server.info();
        if info != self.info {
            self.set_info(info);
        }
        if let Some(announcer) = &mut self.announcer {
            announcer.tick(now);
        }
    }

    /// Ends every UDP connection, telling the clients.
    pub fn close(&mut self, renet: &mut RenetServer) {
        for id in self.netcode.clients_id() {
            let result = self.netcode.disconnect(id);
            handle(result, &self.socket, renet, &mut self.clients);
        }
    }

    fn send_to(&self, datagram: &[u8], addr: SocketAddr) {
        if let Err(e) = self.socket.send_to(datagram, addr) {
            log::debug!("network: to {addr}: {e}");
        }
    }
}

/// Netcode's slots for a server of `max_players`: some to spare, so a client over the limit
/// hears "the server is full" from the server rather than nothing from netcode.
fn netcode_slots(max_players: usize) -> usize {
    max_players
        .saturating_add(SPARE_CONNECTIONS)
        .clamp(1, MAX_CLIENTS)
}

/// Acts on what netcode made of a datagram or a client's timer.
fn handle(
    result: ServerResult,
    socket: &UdpSocket,
    renet: &mut RenetServer,
    clients: &mut Clients,
) {
    let send = |datagram: &[u8], addr: SocketAddr| {
        if let Err(e) = socket.send_to(datagram, addr) {
            log::debug!("network: to {addr}: {e}");
        }
    };
    match result {
        ServerResult::None => {}
        ServerResult::PacketToSend { payload, addr } => send(payload, addr),
        ServerResult::Payload { client_id, payload } => {
            if !clients.ours.contains(&client_id) {
                return;
            }
            if let Err(e) = renet.process_packet_from(payload, client_id) {
                log::debug!("network: client {client_id}: {e}");
            }
        }
        ServerResult::ClientConnected {
            client_id,
            addr,
            payload,
            ..
        } => {
            // An id the server already has (a client in memory is 0) would take over its
            // connection: such a client is never let in.
            if renet.clients_id().contains(&client_id) {
                log::warn!("network: {addr} asked for a client id in use; refused");
                clients.refused.push(client_id);
                return;
            }
            renet.add_connection(client_id);
            clients.ours.insert(client_id);
            clients.connected.push((client_id, addr));
            send(payload, addr);
        }
        ServerResult::ClientDisconnected {
            client_id,
            addr,
            payload,
        } => {
            if clients.ours.remove(&client_id) {
                renet.remove_connection(client_id);
            }
            if let Some(sent) = clients.sent.remove(&client_id) {
                log::info!("client {client_id} gone: {sent} bytes sent to it over UDP");
            }
            if let Some(payload) = payload {
                send(payload, addr);
            }
        }
    }
}
