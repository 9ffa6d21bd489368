//! hewn: a voxel sandbox game.
//!
//! # Coordinates
//! +X is east, +Y is up, +Z is south; the world is right-handed. A block at integer
//! coordinates `(x, y, z)` fills `[x, x+1) × [y, y+1) × [z, z+1)`. World positions are `f64`
//! (glam's `DVec3`) so that nothing loses precision far from the origin; only the GPU sees
//! `f32`, relative to the camera. Yaw 0 faces -Z and 90° faces +X; pitch +90° looks up.
//!
//! # Layers
//! The simulation ([`world`], [`worldgen`], [`physics`], [`raycast`], [`sim`]) is pure: it
//! reads no clock, touches no file and knows nothing of windows or GPUs, so a run is a function
//! of seed, edits and inputs alone. [`save`] keeps worlds on disk, outside the simulation.
//! The mesher ([`mesh`]) is pure too: it turns blocks into vertex bytes without knowing the
//! GPU. The shell around them is [`render`] (wgpu) and [`app`] (the winit window, the frame
//! loop, input and chunk streaming).
//!
//! The modules below are declared lowest layer first, one group of lines per layer: a module
//! uses only modules of the groups above its own, never one of its own group or below, and
//! the modules inside each one never use each other in a cycle. `tests/layers.rs` checks both.

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

// Outside the simulation: sounds and vertices from what happens and what is, and worlds on
// disk.
pub mod audio;
pub mod mesh;
pub mod save;

// Other players as jointed figures: posed, and built into vertices with the mesher's cube.
pub mod figure;

// Playing together: the server that owns a world, and the clients that join it.
pub mod net;

// The shells: drawing, and the command line.
pub mod cli;
pub mod render;

// The window and the frame loop.
pub mod app;
