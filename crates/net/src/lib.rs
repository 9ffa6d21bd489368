//! Playing together: one authoritative server that owns the world, clients that predict
//! their own player, and the messages between them.
//!
//! The simulation is a pure function of the world and the players' inputs, so the network
//! carries only inputs one way and what the server decided the other: clients make terrain
//! themselves from the seed, hear the edits of the columns in their view, and play their own
//! player ahead with the very code the server runs ([`hewn_core::sim::Simulation::predict`]).
//!
//! - [`protocol`]: the messages and their limits.
//! - [`server`]: the server's tick: inputs in, the world stepped, changes and bodies out.
//! - [`client`]: a client's copy of the world, prediction and correction.
//! - [`transport`]: the messages over UDP; [`local`]: in memory, within one process.
//! - [`host`]: a server with one client of its own in the same process: single-player.
//! - [`udp_server`]: a server's end of UDP; [`query`]: pinging a server without joining;
//!   [`lan`]: servers announcing themselves on the local network; [`password`]: a server's
//!   password, proved without being sent.

// Pedantic, as what crosses the wire deserves: every narrowing of a value read from or
// written to a message is checked or argued for where it happens.
#![warn(clippy::pedantic)]
#![allow(
    clippy::single_match_else,
    reason = "a match that binds or falls back reads as the two cases it is"
)]
#![allow(
    clippy::cast_precision_loss,
    reason = "ticks and byte counts become seconds and rates in f64; a server would run for \
              millions of years before a tick passed 2^52"
)]

pub mod client;
pub mod host;
pub mod lan;
pub mod local;
pub mod password;
pub mod protocol;
pub mod query;
pub mod reload;
pub mod server;
pub mod trail;
pub mod transport;
pub mod udp_server;
