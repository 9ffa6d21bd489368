//! hewn's client engine, without a window: what keeps a world in play between frames.
//!
//! A [`Session`] plays one world through a [`Play`] connection: the game's own server on a
//! thread of its own (single-player) or a server elsewhere. Each frame the window hands it
//! the time and the player's input; it ticks the simulation at a fixed rate
//! ([`FrameClock`]), streams and meshes the chunks around the player on worker threads
//! ([`Streamer`]), keeps the far view ([`far`]) and reports what changed in the scene for a
//! renderer to apply. It knows no window and no GPU API, so a test, a bench or a browser
//! page drives the same client the desktop game does.
//!
//! Coordinates are the simulation's: y up, a block one unit, chunks 16 blocks a side
//! ([`hewn_core::world`]).

pub mod chat;
pub mod clock;
pub mod far;
pub mod input;
pub mod jobs;
pub mod play;
pub mod real_blocks;
pub mod session;
pub mod stream;
pub mod survival;
pub mod tuning;
pub mod workers;

use std::path::PathBuf;

pub use clock::FrameClock;
pub use play::Play;
pub use session::{OpenedWorld, Session, SessionSettings};
pub use stream::Streamer;

/// Why a session could not start or end well.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The world could not be opened or saved.
    #[error(transparent)]
    Save(#[from] hewn_save::SaveError),
    /// A server could not be joined, or sent the player away.
    #[error("cannot play on {server}: {message}")]
    Join {
        /// The server's address.
        server: String,
        /// Why.
        message: String,
    },
    /// A file could not be written.
    #[error("cannot write {path}: {message}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
}
