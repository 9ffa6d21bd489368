//! A client and a server in one process: renet's packets carried in memory, as late and as
//! lossy as asked.
//!
//! Single-player plays through this with no delay; tests play through it with the latency,
//! jitter and loss of a real connection, reproducibly (a seeded generator decides which
//! packets are lost and how late each arrives).

use std::collections::VecDeque;

use renet::{ClientId, RenetClient, RenetServer};

use super::transport::connection_config;
use hewn_core::worldgen::SplitMix64;

/// How a link treats packets, each way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Conditions {
    /// Ticks every packet takes, each way.
    pub latency_ticks: u64,
    /// Up to this many more ticks, at random.
    pub jitter_ticks: u64,
    /// The share of packets lost, from 0 to 1.
    pub loss: f64,
    /// The seed of the choices.
    pub seed: u64,
}

impl Conditions {
    /// Every packet there at once.
    pub const PERFECT: Self = Self {
        latency_ticks: 0,
        jitter_ticks: 0,
        loss: 0.0,
        seed: 0,
    };
}

/// One client's connection to a server in the same process.
#[derive(Debug)]
pub struct LocalLink {
    id: ClientId,
    /// The client's end.
    pub client: RenetClient,
    conditions: Conditions,
    rng: SplitMix64,
    /// Packets on their way, with the tick they arrive at.
    to_server: VecDeque<(u64, Vec<u8>)>,
    to_client: VecDeque<(u64, Vec<u8>)>,
    closed: bool,
    /// Bytes sent each way so far, lost packets too: (to the server, to the client).
    sent: (u64, u64),
}

impl LocalLink {
    /// Connects client `id` to `server` under `conditions`.
    pub fn connect(server: &mut RenetServer, id: ClientId, conditions: Conditions) -> Self {
        server.add_connection(id);
        let mut client = RenetClient::new(connection_config());
        client.set_connected();
        Self {
            id,
            client,
            conditions,
            rng: SplitMix64::new(conditions.seed),
            to_server: VecDeque::new(),
            to_client: VecDeque::new(),
            closed: false,
            sent: (0, 0),
        }
    }

    /// Bytes sent so far to the server and to the client, packets lost on the way too.
    #[must_use]
    pub const fn bytes_sent(&self) -> (u64, u64) {
        self.sent
    }

    /// The client's id on the server.
    #[must_use]
    pub const fn id(&self) -> ClientId {
        self.id
    }

    /// Carries the packets both ends queued, and delivers those due by tick `now`.
    pub fn exchange(&mut self, server: &mut RenetServer, now: u64) {
        if self.closed {
            return;
        }
        if !server.is_connected(self.id) {
            self.client.disconnect_due_to_transport();
            self.closed = true;
            return;
        }
        for packet in self.client.get_packets_to_send() {
            self.sent.0 += packet.len() as u64;
            if let Some(due) = self.due(now) {
                self.to_server.push_back((due, packet));
            }
        }
        if let Ok(packets) = server.get_packets_to_send(self.id) {
            for packet in packets {
                self.sent.1 += packet.len() as u64;
                if let Some(due) = self.due(now) {
                    self.to_client.push_back((due, packet));
                }
            }
        }
        // Jitter reorders packets; deliver whatever is due, in any order it lies.
        let (arrived, waiting): (Vec<_>, Vec<_>) =
            self.to_server.drain(..).partition(|(t, _)| *t <= now);
        self.to_server.extend(waiting);
        for (_, packet) in arrived {
            let _ = server.process_packet_from(&packet, self.id);
        }
        let (arrived, waiting): (Vec<_>, Vec<_>) =
            self.to_client.drain(..).partition(|(t, _)| *t <= now);
        self.to_client.extend(waiting);
        for (_, packet) in arrived {
            self.client.process_packet(&packet);
        }
    }

    /// Ends the connection from the client's side.
    pub fn close(&mut self, server: &mut RenetServer) {
        self.client.disconnect();
        server.remove_connection(self.id);
        self.closed = true;
    }

    /// When a packet sent at `now` arrives, or `None` if it is lost.
    fn due(&mut self, now: u64) -> Option<u64> {
        let c = self.conditions;
        // 53 random bits, a uniform number in [0, 1).
        let roll = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if c.loss > 0.0 && roll < c.loss {
            return None;
        }
        let jitter = if c.jitter_ticks > 0 {
            self.rng.next_u64() % (c.jitter_ticks + 1)
        } else {
            0
        };
        Some(now + c.latency_ticks + jitter)
    }
}
