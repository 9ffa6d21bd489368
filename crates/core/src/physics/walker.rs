//! A walker: a box of any size that walks, jumps, swims and falls through the block world
//! as the player's box does — the same swept collision, sliding and step-up — steered by a
//! wish (a direction and a speed) instead of held keys. Creatures are walkers.
//!
//! Each tick, in a frame anchored at the block the walker starts in (so the same walk
//! gives the same bits anywhere in the world, as [`Body::tick`](super::Body::tick) does):
//! - a block that appeared inside it lifts it onto the block's top;
//! - friction brings the horizontal velocity towards the wish;
//! - in water it rises towards [`FLOAT_SPEED`], so it swims rather than drowns; on the
//!   ground a jump sets [`JUMP_SPEED`]; otherwise gravity, or for one that flutters, a
//!   fall no faster than [`FLUTTER_SPEED`];
//! - the box moves, stepping up what [`step_up`] climbs, and velocity blocked on an axis is
//!   dropped.

use glam::{DVec2, DVec3};

use super::player::{quantize, touches_water};
use super::sweep::{colliders_in, walk_among};
use super::tuning::{
    AIR_FRICTION, FALL_DRAG, GRAVITY, GROUND_FRICTION, JUMP_SPEED, TICK_SECONDS, WATER_FRICTION,
};
use crate::aabb::Aabb;
use crate::world::{Anchored, BlockPos, BlockSource, WORLD_HEIGHT};

/// The speed a walker in water rises at: it keeps its head up.
pub const FLOAT_SPEED: f64 = 1.2;
/// The fastest one that flutters falls, in blocks a second.
pub const FLUTTER_SPEED: f64 = 1.8;

/// What a walker wants this tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Wish {
    /// The horizontal velocity it wants, in blocks a second.
    pub velocity: DVec2,
    /// Whether it jumps, if it stands on something.
    pub jump: bool,
}

/// A walker's body.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Walker {
    /// The centre of the bottom face of its box.
    pub position: DVec3,
    /// Velocity in blocks a second.
    pub velocity: DVec3,
    /// Whether it stood on something at the end of the last tick.
    pub on_ground: bool,
}

impl Walker {
    /// A walker at rest at `position`.
    #[must_use]
    pub const fn new(position: DVec3) -> Self {
        Self {
            position,
            velocity: DVec3::ZERO,
            on_ground: false,
        }
    }

    /// Its box, for a walker `width` wide and `height` tall.
    #[must_use]
    pub fn bounds(&self, width: f64, height: f64) -> Aabb {
        Aabb::from_bottom_centre(self.position, DVec3::new(width, height, width))
    }

    /// Advances it by one tick of [`TICK_SECONDS`]: `size` is its width and height,
    /// `flutters` whether it falls slowly; `obstacles` are boxes it cannot walk into besides
    /// the blocks (the players: a creature stops at a player, as at a wall, though a player
    /// may walk into a creature, which then walks out of it).
    pub fn tick(
        &mut self,
        world: &impl BlockSource,
        size: (f64, f64),
        wish: Wish,
        flutters: bool,
        obstacles: &[Aabb],
    ) {
        let anchor = BlockPos::containing(self.position);
        let local_world = Anchored { world, anchor };
        let mut local = *self;
        local.position -= anchor.min_corner();
        let shift = anchor.min_corner();
        let near = local.bounds(size.0, size.1).inflated(4.0);
        let obstacles: Vec<Aabb> = obstacles
            .iter()
            .map(|b| Aabb::new(b.min - shift, b.max - shift))
            .filter(|b| b.intersects(near))
            .collect();
        local.tick_local(&local_world, size, wish, flutters, &obstacles);
        *self = local;
        self.position = anchor.min_corner() + quantize(local.position);
    }

    /// [`Walker::tick`] in a frame whose origin is the block it started the tick in.
    fn tick_local(
        &mut self,
        world: &impl BlockSource,
        (width, height): (f64, f64),
        wish: Wish,
        flutters: bool,
        obstacles: &[Aabb],
    ) {
        self.escape_solids(world, width, height);
        let in_water = touches_water(world, self.bounds(width, height));
        let friction = if in_water {
            WATER_FRICTION
        } else if self.on_ground {
            GROUND_FRICTION
        } else {
            AIR_FRICTION
        };
        let horizontal = DVec2::new(self.velocity.x, self.velocity.z) * friction
            + wish.velocity * (1.0 - friction);
        self.velocity.x = horizontal.x;
        self.velocity.z = horizontal.y;
        self.velocity.y = if in_water {
            self.velocity.y * WATER_FRICTION + FLOAT_SPEED * (1.0 - WATER_FRICTION)
        } else if wish.jump && self.on_ground {
            JUMP_SPEED
        } else {
            let falling = (self.velocity.y - GRAVITY * TICK_SECONDS) * FALL_DRAG;
            if flutters {
                falling.max(-FLUTTER_SPEED)
            } else {
                falling
            }
        };
        let motion = self.velocity * TICK_SECONDS;
        let body = self.bounds(width, height);
        let mut colliders = Vec::new();
        colliders_in(
            world,
            body.swept(motion).inflated(super::tuning::STEP_HEIGHT),
            &mut colliders,
        );
        colliders.extend_from_slice(obstacles);
        let moved = walk_among(&colliders, body, motion, self.on_ground);
        self.position += moved.offset;
        moved.stop_blocked(&mut self.velocity);
        self.on_ground = moved.standing(motion);
    }

    /// If a block appeared inside it (placed, or sand landed), lifts it onto the block's top.
    fn escape_solids(&mut self, world: &impl BlockSource, width: f64, height: f64) {
        for _ in 0..WORLD_HEIGHT {
            let body = self.bounds(width, height);
            let mut inside = Vec::new();
            colliders_in(world, body, &mut inside);
            let top = inside
                .iter()
                .filter(|c| c.intersects(body))
                .map(|c| c.max.y)
                .reduce(f64::max);
            match top {
                Some(y) => {
                    self.position.y = y;
                    self.velocity.y = self.velocity.y.max(0.0);
                }
                None => return,
            }
        }
    }
}
