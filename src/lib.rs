//! hewn: a voxel sandbox game. This is its top crate: the command line and the window.
//!
//! The game itself lives in the workspace's crates, which are its layers, lowest first
//! (`docs/architecture.md` draws the map): [`hewn_core`] (the pure simulation),
//! [`hewn_scenario`] (scenarios, recordings, reports), [`hewn_mesh`] (vertices from blocks),
//! [`hewn_audio`], [`hewn_save`] (worlds on disk), [`hewn_net`] (server, client, protocol) and
//! [`hewn_render`] (wgpu). Each may use only those before it, which the compiler holds them
//! to.

// The command line: `hewn sim`, `hewn serve`, `hewn bot` and the game's flags.
pub mod cli;

// The window and the frame loop.
pub mod app;
