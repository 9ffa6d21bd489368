//! Physics: moving bodies through the block world without ever entering a solid collider.
//!
//! [`sweep`] is the swept-AABB core every body uses; [`player`] is the controller that turns
//! held [`controls`] into motion; [`tuning`] holds the numbers that make it feel right.

pub mod auto_jump;
pub mod controls;
pub mod crates;
pub mod cylinder;
pub mod falling;
pub mod player;
pub mod sweep;
pub mod tuning;
pub mod walker;

pub use controls::{Control, Controls};
pub use player::{Body, POSITION_QUANTUM, PlayerCollider, look_direction, player_box, quantize};
pub use sweep::{Movement, intersects_world, move_through};
