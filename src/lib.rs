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

pub mod aabb;
pub mod app;
pub mod axis;
pub mod cli;
pub mod mesh;
pub mod physics;
pub mod raycast;
pub mod render;
pub mod save;
pub mod sim;
pub mod world;
pub mod worldgen;
