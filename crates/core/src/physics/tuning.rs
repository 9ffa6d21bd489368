//! The numbers that make the player feel like Minecraft Java Edition.
//!
//! Minecraft steps its physics 20 times a second; hewn steps 60 times. Each per-tick factor
//! below is Minecraft's per-tick factor taken to the power 1/3, and each speed is Minecraft's
//! steady-state speed, so the motion over a second matches while the steps are finer.

/// Simulation ticks per second.
pub const TICKS_PER_SECOND: u32 = 60;
/// Seconds per tick.
pub const TICK_SECONDS: f64 = 1.0 / TICKS_PER_SECOND as f64;

/// The player's box: width (x and z) and height.
pub const PLAYER_WIDTH: f64 = 0.6;
/// The player's box height.
pub const PLAYER_HEIGHT: f64 = 1.8;
/// Height of the eyes above the feet.
pub const EYE_HEIGHT: f64 = 1.62;
/// How far from the eye the player can reach to break and place.
pub const REACH: f64 = 5.0;
/// The highest ledge the player walks onto without jumping (a slab, not a block).
pub const STEP_HEIGHT: f64 = 0.6;

/// Walking speed in blocks per second (Minecraft: 0.1 × 0.98 / (1 − 0.546) × 20 ≈ 4.317).
pub const WALK_SPEED: f64 = 4.317;
/// Sprinting speed (Minecraft: walking × 1.3).
pub const SPRINT_SPEED: f64 = 5.612;
/// Sneaking speed (Minecraft: walking × 0.3).
pub const SNEAK_SPEED: f64 = 1.295;
/// Horizontal speed while flying (Minecraft creative flight).
pub const FLY_SPEED: f64 = 10.89;
/// Horizontal speed while flying and sprinting.
pub const FLY_SPRINT_SPEED: f64 = 21.78;
/// Vertical speed while flying with jump (up) or sneak (down) held.
pub const FLY_VERTICAL_SPEED: f64 = 7.5;
/// Horizontal speed while swimming.
pub const SWIM_SPEED: f64 = 2.2;
/// Upward speed while swimming with jump held.
pub const SWIM_UP_SPEED: f64 = 2.4;
/// Sinking speed in water with nothing held.
pub const SINK_SPEED: f64 = 1.6;

/// Velocity kept per tick on the ground (Minecraft: (0.6 × 0.91)^(1/3)).
pub const GROUND_FRICTION: f64 = 0.817_368_9;
/// Velocity kept per tick in the air and in flight (Minecraft: 0.91^(1/3)).
pub const AIR_FRICTION: f64 = 0.969_052_6;
/// Vertical velocity kept per tick in flight (Minecraft: 0.6^(1/3)).
pub const FLY_VERTICAL_FRICTION: f64 = 0.843_432_7;
/// Velocity kept per tick in water (Minecraft: 0.8^(1/3)).
pub const WATER_FRICTION: f64 = 0.928_317_8;

/// Vertical velocity kept per tick while falling (Minecraft: 0.98^(1/3)).
pub const FALL_DRAG: f64 = 0.993_288_4;
/// The speed a long fall approaches (Minecraft: 3.92 blocks per tick × 20).
pub const TERMINAL_FALL_SPEED: f64 = 78.4;
/// Gravity in blocks per second², chosen so that falling tends to [`TERMINAL_FALL_SPEED`]:
/// the fixed point of `v ← (v − g·dt)·drag` is `g·dt·drag / (1 − drag)`.
pub const GRAVITY: f64 = TERMINAL_FALL_SPEED * (1.0 - FALL_DRAG) / (FALL_DRAG * TICK_SECONDS);
/// Forward speed a jump adds while sprinting, chosen so that sprint-jumping over flat ground
/// averages Minecraft's 7.127 blocks per second. Minecraft adds 0.2 blocks per tick (4 blocks
/// per second), but within a jump tick whose ground friction keeps only 0.546 of it; here the
/// player leaves the ground within the tick, so the boost is about what survives that tick.
pub const SPRINT_JUMP_BOOST: f64 = 1.72;
/// Upward speed at the start of a jump, chosen so the apex is Minecraft's 1.2522 blocks
/// with [`GRAVITY`] and [`FALL_DRAG`] at 60 ticks a second.
pub const JUMP_SPEED: f64 = 8.956_17;
