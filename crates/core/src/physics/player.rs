//! The player controller: from held controls to a new position, one fixed tick at a time.
//!
//! Each tick: the controls set a target velocity that friction approaches; gravity and jumping
//! change the vertical velocity; the box then moves through the world with
//! [`move_through`](super::sweep::move_through), stepping up low ledges and, while sneaking,
//! refusing to walk off an edge. Velocity along any axis that was blocked is dropped.

#![allow(
    clippy::wildcard_imports,
    reason = "the tuning constants, all 22 of them, are the vocabulary of the player's physics"
)]

use glam::{DVec2, DVec3};

use super::controls::{Control, Controls};
use super::cylinder::{Cylinder, has_foothold, move_cylinder};
use super::sweep::{colliders_in, intersects_world, walk_among};
use super::tuning::*;
use crate::aabb::{Aabb, CONTACT_EPSILON};
use crate::axis::Axis;
use crate::world::{Anchored, BlockPos, BlockSource, WORLD_HEIGHT};

/// The shape the player collides as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PlayerCollider {
    /// A 0.6 × 1.8 × 0.6 box moved by the swept AABB test ([`super::sweep`]).
    #[default]
    Box,
    /// An upright cylinder of radius 0.3 and height 1.8 moved by collision correction
    /// ([`super::cylinder`]): it can stand on the very corner of a block.
    Cylinder,
}

impl PlayerCollider {
    /// Both shapes.
    pub const ALL: [Self; 2] = [Self::Box, Self::Cylinder];

    /// The shape's name in scenarios and on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Box => "box",
            Self::Cylinder => "cylinder",
        }
    }

    /// The shape called `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A player's body: what physics moves of a player (its place, motion, look and shape),
/// as distinct from the player, the person known by name (`sim::PlayerName`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    /// The centre of the bottom face of the player's box.
    pub position: DVec3,
    /// Velocity in blocks per second.
    pub velocity: DVec3,
    /// Heading in degrees: 0 faces -Z, 90 faces +X.
    pub yaw: f64,
    /// Elevation in degrees, from -90 (straight down) to 90 (straight up).
    pub pitch: f64,
    /// Whether the player stood on something at the end of the last tick.
    pub on_ground: bool,
    /// Whether the player is flying (no gravity).
    pub flying: bool,
    /// The shape the player collides as.
    pub collider: PlayerCollider,
    /// Whether sneak was held in the last tick while not flying: the crouch others see. The
    /// physics reads the held controls, not this.
    pub sneaking: bool,
}

impl Body {
    /// A player standing still at `position`, facing -Z.
    #[must_use]
    pub fn new(position: DVec3) -> Self {
        Self {
            position,
            velocity: DVec3::ZERO,
            yaw: 0.0,
            pitch: 0.0,
            on_ground: false,
            flying: false,
            collider: PlayerCollider::Box,
            sneaking: false,
        }
    }

    /// The player's collision box (for the cylinder, the box around it).
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        player_box(self.position)
    }

    /// The player's cylinder, the shape used when [`Body::collider`] is
    /// [`PlayerCollider::Cylinder`].
    #[must_use]
    pub fn cylinder(&self) -> Cylinder {
        Cylinder {
            base: self.position,
            radius: PLAYER_WIDTH / 2.0,
            height: PLAYER_HEIGHT,
        }
    }

    /// Whether the player's shape overlaps any block collider by more than `tolerance`.
    #[must_use]
    pub fn intersects_world(&self, world: &impl BlockSource, tolerance: f64) -> bool {
        match self.collider {
            PlayerCollider::Box => intersects_world(world, self.bounds(), tolerance),
            PlayerCollider::Cylinder => {
                let mut near = Vec::new();
                colliders_in(world, self.bounds(), &mut near);
                near.iter()
                    .any(|&b| self.cylinder().intersects_by(b, tolerance))
            }
        }
    }

    /// The position of the eyes.
    #[must_use]
    pub fn eye(&self) -> DVec3 {
        self.position + DVec3::Y * EYE_HEIGHT
    }

    /// The unit vector the player looks along.
    #[must_use]
    pub fn look_direction(&self) -> DVec3 {
        look_direction(self.yaw, self.pitch)
    }

    /// Sets the look, wrapping yaw into `[0, 360)` and clamping pitch to `[-90, 90]`.
    pub fn set_look(&mut self, yaw: f64, pitch: f64) {
        self.yaw = yaw.rem_euclid(360.0);
        self.pitch = pitch.clamp(-90.0, 90.0);
    }

    /// Advances the player by one tick of [`TICK_SECONDS`] with `controls` held.
    ///
    /// The world must hold every chunk within reach of this tick's motion (the simulation
    /// loads them first); unloaded chunks read as air.
    pub fn tick(&mut self, world: &impl BlockSource, controls: Controls) {
        let anchor = BlockPos::containing(self.position);
        let local_world = Anchored { world, anchor };
        let mut local = *self;
        local.position -= anchor.min_corner();
        local.tick_local(&local_world, controls);
        *self = local;
        self.position = anchor.min_corner() + quantize(local.position);
    }

    /// [`Body::tick`] in a frame whose origin is the block the player started the tick in.
    fn tick_local(&mut self, world: &impl BlockSource, controls: Controls) {
        self.escape_solids(world);
        let in_water = touches_water(world, self.bounds());
        self.accelerate(controls, in_water);

        let mut motion = self.velocity * TICK_SECONDS;
        let sneaking_on_ground = controls.held(Control::Sneak) && self.on_ground && !self.flying;
        match self.collider {
            PlayerCollider::Box => {
                if sneaking_on_ground {
                    motion = self.keep_over_edge(world, motion);
                }
                self.move_as_box(world, motion);
            }
            PlayerCollider::Cylinder => {
                if sneaking_on_ground {
                    motion = self.keep_cylinder_over_edge(world, motion);
                }
                self.move_as_cylinder(world, motion);
            }
        }
        if self.flying && self.on_ground {
            self.flying = false; // landing ends flight, as in Minecraft
        }
        // Sneak held while flying descends, and Minecraft does not crouch a flier.
        self.sneaking = controls.held(Control::Sneak) && !self.flying;
    }

    /// Moves the box by `motion` with sliding and step-up, and drops blocked velocity.
    fn move_as_box(&mut self, world: &impl BlockSource, motion: DVec3) {
        let mut colliders = Vec::new();
        colliders_in(
            world,
            self.bounds().swept(motion).inflated(STEP_HEIGHT),
            &mut colliders,
        );
        let moved = walk_among(&colliders, self.bounds(), motion, self.on_ground);
        self.position += moved.offset;
        moved.stop_blocked(&mut self.velocity);
        self.on_ground = moved.standing(motion);
    }

    /// Moves the cylinder by `motion` with collision correction. The velocity along each axis
    /// becomes what the cylinder really moved, wherever a correction cut that motion short.
    fn move_as_cylinder(&mut self, world: &impl BlockSource, motion: DVec3) {
        let walking = self.on_ground && !self.flying;
        let moved = move_cylinder(world, self.cylinder(), motion, walking);
        self.position += moved.offset;
        for axis in Axis::ALL {
            let (want, got) = (motion[axis], moved.offset[axis]);
            if (got - want).abs() > 1e-12 {
                // Creeping by less than the position grid against a wall is standing still.
                let kept = got * want > 0.0 && got.abs() > 4.0 * POSITION_QUANTUM;
                self.velocity[axis] = if kept { got / TICK_SECONDS } else { 0.0 };
            }
        }
        self.on_ground = moved.supported && self.velocity.y <= 0.0;
        if self.on_ground {
            self.velocity.y = 0.0;
        }
    }

    /// The cylinder's sneaking guard: of the whole horizontal move and each axis alone, the
    /// one that goes furthest while keeping a foothold, each cut short by bisection where the
    /// foothold would be lost.
    fn keep_cylinder_over_edge(&self, world: &impl BlockSource, motion: DVec3) -> DVec3 {
        let start = self.cylinder();
        if !has_foothold(world, start, 0.0) {
            return motion;
        }
        // A margin well above the position grid, so that rounding the position never leaves
        // the cylinder without the foothold it was allowed to keep.
        let holds = |d: DVec3| has_foothold(world, start.translated(d), 1e-6);
        let horizontal = DVec3::new(motion.x, 0.0, motion.z);
        let farthest = |d: DVec3| {
            if holds(d) {
                return d;
            }
            let (mut good, mut bad) = (0.0, 1.0);
            for _ in 0..30 {
                #[expect(
                    clippy::manual_midpoint,
                    reason = "the arithmetic every recording was hashed with, on values in 0..1"
                )]
                let mid = (good + bad) / 2.0;
                if holds(d * mid) {
                    good = mid;
                } else {
                    bad = mid;
                }
            }
            d * good
        };
        let best = [horizontal, horizontal * DVec3::X, horizontal * DVec3::Z]
            .map(farthest)
            .into_iter()
            .reduce(|a, b| {
                if b.length_squared() > a.length_squared() {
                    b
                } else {
                    a
                }
            })
            .unwrap_or(DVec3::ZERO);
        DVec3::new(best.x, motion.y, best.z)
    }

    /// Applies controls, friction, gravity and jumping to the velocity.
    fn accelerate(&mut self, controls: Controls, in_water: bool) {
        let wish = wish_direction(self.yaw, controls);
        let (speed, friction) = if self.flying {
            let speed = if controls.held(Control::Sprint) {
                FLY_SPRINT_SPEED
            } else {
                FLY_SPEED
            };
            (speed, AIR_FRICTION)
        } else if in_water {
            (SWIM_SPEED, WATER_FRICTION)
        } else {
            let speed = if controls.held(Control::Sneak) {
                SNEAK_SPEED
            } else if controls.held(Control::Sprint) {
                SPRINT_SPEED
            } else {
                WALK_SPEED
            };
            (
                speed,
                if self.on_ground {
                    GROUND_FRICTION
                } else {
                    AIR_FRICTION
                },
            )
        };
        // v ← v·k + target·(1 − k) approaches the target speed geometrically.
        let horizontal = DVec2::new(self.velocity.x, self.velocity.z) * friction
            + wish * speed * (1.0 - friction);
        self.velocity.x = horizontal.x;
        self.velocity.z = horizontal.y;

        let rise = f64::from(u8::from(controls.held(Control::Jump)))
            - f64::from(u8::from(controls.held(Control::Sneak)));
        self.velocity.y = if self.flying {
            self.velocity.y * FLY_VERTICAL_FRICTION
                + rise * FLY_VERTICAL_SPEED * (1.0 - FLY_VERTICAL_FRICTION)
        } else if in_water {
            let target = if controls.held(Control::Jump) {
                SWIM_UP_SPEED
            } else {
                -SINK_SPEED
            };
            self.velocity.y * WATER_FRICTION + target * (1.0 - WATER_FRICTION)
        } else if controls.held(Control::Jump) && self.on_ground {
            if controls.held(Control::Sprint)
                && controls.held(Control::Forward)
                && !controls.held(Control::Sneak)
            {
                // Minecraft pushes a sprinting jump forward along the facing, which is what
                // makes sprint-jumping faster than sprinting.
                let (sy, cy) = libm::sincos(self.yaw.to_radians());
                self.velocity.x += sy * SPRINT_JUMP_BOOST;
                self.velocity.z -= cy * SPRINT_JUMP_BOOST;
            }
            JUMP_SPEED
        } else {
            (self.velocity.y - GRAVITY * TICK_SECONDS) * FALL_DRAG
        };
    }

    /// Shortens the horizontal part of `motion` so the player stays over something that can
    /// hold them (within a step's height below the feet), as sneaking does in Minecraft.
    fn keep_over_edge(&self, world: &impl BlockSource, motion: DVec3) -> DVec3 {
        let body = self.bounds();
        let reach = body
            .swept(DVec3::new(motion.x, -STEP_HEIGHT, motion.z))
            .inflated(CONTACT_EPSILON);
        let mut below = Vec::new();
        colliders_in(world, reach, &mut below);
        let supported = |offset: DVec3| {
            let probe = body.translated(offset + DVec3::new(0.0, -STEP_HEIGHT, 0.0));
            below.iter().any(|c| c.intersects(probe))
        };
        if !supported(DVec3::ZERO) {
            return motion;
        }
        let dx = farthest_supported(&below, body, Axis::X, motion.x);
        let dz = farthest_supported(&below, body.translated(DVec3::X * dx), Axis::Z, motion.z);
        let mut clipped = DVec3::new(dx, motion.y, dz);
        if !supported(DVec3::new(dx, 0.0, dz)) {
            // Each axis alone keeps a foothold but together they leave an outer corner:
            // keep only the longer one.
            if dx.abs() >= dz.abs() {
                clipped.z = 0.0;
            } else {
                clipped.x = 0.0;
            }
        }
        clipped
    }

    /// If a block appeared inside the player (an edit, a fill), lifts them onto its top.
    fn escape_solids(&mut self, world: &impl BlockSource) {
        for _ in 0..WORLD_HEIGHT {
            let body = self.bounds();
            let cylinder = self.cylinder();
            let mut inside = Vec::new();
            colliders_in(world, body, &mut inside);
            let top = inside
                .iter()
                .filter(|&&c| match self.collider {
                    PlayerCollider::Box => c.intersects(body),
                    PlayerCollider::Cylinder => cylinder.intersects(c),
                })
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

/// Spacing of the grid that positions are kept on: 2⁻²⁴ blocks.
///
/// Each tick is computed relative to the block the player is in and the result rounded to
/// this grid, which every f64 represents exactly up to 2²⁸ blocks from the origin. So the
/// same moves made a million blocks away end exactly a million blocks away, bit for bit. It
/// is finer than [`CONTACT_EPSILON`], so rounding never turns a touch into an overlap.
pub const POSITION_QUANTUM: f64 = 1.0 / 16_777_216.0; // 2^-24

/// `p` rounded to the [`POSITION_QUANTUM`] grid.
#[must_use]
pub fn quantize(p: DVec3) -> DVec3 {
    (p / POSITION_QUANTUM).round() * POSITION_QUANTUM
}

/// The player's box for feet at `position`.
#[must_use]
pub fn player_box(position: DVec3) -> Aabb {
    Aabb::from_bottom_centre(
        position,
        DVec3::new(PLAYER_WIDTH, PLAYER_HEIGHT, PLAYER_WIDTH),
    )
}

/// The unit look vector for `yaw` and `pitch` in degrees.
#[must_use]
pub fn look_direction(yaw: f64, pitch: f64) -> DVec3 {
    let (sy, cy) = libm::sincos(yaw.to_radians());
    let (sp, cp) = libm::sincos(pitch.to_radians());
    DVec3::new(sy * cp, sp, -cy * cp)
}

/// The horizontal unit direction the controls ask for, or zero.
pub(super) fn wish_direction(yaw: f64, c: Controls) -> DVec2 {
    let (sy, cy) = libm::sincos(yaw.to_radians());
    let forward = DVec2::new(sy, -cy);
    let right = DVec2::new(cy, sy);
    let axis = |plus: bool, minus: bool| f64::from(u8::from(plus)) - f64::from(u8::from(minus));
    (forward * axis(c.held(Control::Forward), c.held(Control::Back))
        + right * axis(c.held(Control::Right), c.held(Control::Left)))
    .normalize_or_zero()
}

/// The largest move `d' ∈ [0, d]` (same sign) along `axis` after which `body`, dropped by a
/// step's height, still overlaps one of `below`: the exact edge that sneaking stops at.
fn farthest_supported(below: &[Aabb], body: Aabb, axis: Axis, d: f64) -> f64 {
    if d == 0.0 {
        return 0.0;
    }
    let dropped = body.translated(DVec3::new(0.0, -STEP_HEIGHT, 0.0));
    let other = if axis == Axis::X { Axis::Z } else { Axis::X };
    below
        .iter()
        .filter(|c| {
            c.overlap_on(dropped, Axis::Y) > CONTACT_EPSILON
                && c.overlap_on(dropped, other) > CONTACT_EPSILON
        })
        .filter_map(|c| {
            // Offsets along `axis` at which the body still overlaps `c` by more than contact.
            let lo = c.min[axis] - dropped.max[axis] + 2.0 * CONTACT_EPSILON;
            let hi = c.max[axis] - dropped.min[axis] - 2.0 * CONTACT_EPSILON;
            let (lo, hi) = if d > 0.0 { (lo, hi) } else { (-hi, -lo) };
            let reach = d.abs();
            (lo <= 0.0 && hi >= 0.0).then(|| hi.min(reach))
        })
        .reduce(f64::max)
        .map_or(0.0, |best| best.max(0.0) * d.signum())
}

/// Whether `body` overlaps any water, of any level: one swims in flowing water too.
pub(crate) fn touches_water(world: &impl BlockSource, body: Aabb) -> bool {
    let (min, max) = (
        BlockPos::containing(body.min),
        BlockPos::containing(body.max),
    );
    BlockPos::cells_between(min, max).any(|pos| {
        world.block(pos).is_water()
            && Aabb::new(pos.min_corner(), pos.min_corner() + DVec3::ONE).intersects(body)
    })
}
