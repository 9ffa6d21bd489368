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

// Pedantic, as the simulation deserves; the lints below do not fit it, each for its reason.
#![warn(clippy::pedantic)]
#![allow(
    clippy::float_cmp,
    reason = "positions are quantized and compared exactly on purpose: determinism is exact \
              equality, not closeness"
)]
#![allow(
    clippy::similar_names,
    clippy::many_single_char_names,
    reason = "geometry names its axes and corners x, y, z, a, b as its papers do"
)]
#![allow(
    clippy::match_same_arms,
    reason = "tables of blocks keep one arm per kind of block, as the rules they copy list them"
)]
#![allow(
    clippy::single_match_else,
    reason = "a match that binds or falls back reads as the two cases it is"
)]
#![allow(
    clippy::struct_excessive_bools,
    reason = "a body's flags and a tick's senses are separate facts, not states of one machine"
)]
#![allow(
    clippy::large_stack_arrays,
    reason = "a chunk is 32,768 cells: its arrays are built in place in their boxes"
)]

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
