//! hewn's simulation: the world and everything that happens in it, as a pure function.
//!
//! # Coordinates
//! +X is east, +Y is up, +Z is south; the world is right-handed. A block at integer
//! coordinates `(x, y, z)` fills `[x, x+1) × [y, y+1) × [z, z+1)`. World positions are `f64`
//! (glam's `DVec3`) so that nothing loses precision far from the origin; only the GPU sees
//! `f32`, relative to the camera. Yaw 0 faces -Z and 90° faces +X; pitch +90° looks up.
//!
//! # Purity
//! Nothing here reads a clock, touches a file, or knows of windows, GPUs or sockets, so a
//! run is a function of seed, edits and inputs alone, and the crate compiles for
//! `wasm32-unknown-unknown`. The crates above it (scenarios, meshing, saving, the network,
//! the renderer and the game) are the shells around it.
//!
//! # Layers
//! The modules below are declared lowest layer first, one group of lines per layer: a module
//! uses only modules of the groups above its own, never one of its own group or below, and
//! the modules inside each one never use each other in a cycle. The workspace's
//! `tests/layers.rs` checks both, where the compiler cannot.

// The three axes, and boxes along them: geometry every layer shares.
pub mod axis;

pub mod aabb;

// Blocks, chunks, edits and light, whatever made them.
pub mod world;

// What an unedited world is.
pub mod worldgen;

// Bodies moving through a world, and rays cast into it.
pub mod physics;
pub mod raycast;

// The game's state and the only way it changes.
pub mod sim;
