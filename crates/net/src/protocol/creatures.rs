//! Creatures and arrows as a snapshot carries them: small, because they are many.
//!
//! The budget is 8 KB a second per player for 50 creatures in view. Snapshots go 20 a
//! second; creatures ride every second one ([`CREATURE_SNAPSHOTS`]), each in about a dozen
//! bytes: its id and kind as varints, its offset from the snapshot's origin in 32nds of a
//! block (a varint of a few bytes each), its heading and where its head turns in 256ths of
//! a turn, and a byte of flags. A client draws them between snapshots, never predicts them.

use glam::DVec3;
use serde::{Deserialize, Serialize};

use hewn_core::sim::creature::{Arrow, Creature, FLASH_TICKS, HURT_COOLDOWN};

/// A snapshot carries the creatures once in this many: 10 a second over a network.
pub const CREATURE_SNAPSHOTS: u64 = 2;

/// The most creatures one snapshot carries: the nearest.
pub const MAX_CREATURES_SEEN: usize = 256;

/// The most arrows one snapshot carries: the nearest.
pub const MAX_ARROWS_SEEN: usize = 128;

/// Steps of an offset per block.
const OFFSET_STEPS: f64 = 32.0;

/// Flag: it was hurt a moment ago (it flashes red).
const HURT: u8 = 1;
/// Flag: it grazes.
const GRAZING: u8 = 2;
/// Flag: it stands on something.
const ON_GROUND: u8 = 4;

/// A creature as a client draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenCreature {
    /// Its id.
    pub id: u32,
    /// Its kind, by its place among the kinds in use.
    pub kind: u16,
    /// Its variant.
    pub variant: u8,
    /// Bottom centre, from the snapshot's origin, in 32nds of a block.
    pub offset: [i32; 3],
    /// Heading, in 256ths of a turn.
    pub yaw: u8,
    /// Where its head turns, in 256ths of a turn.
    pub look: u8,
    /// Hurt, grazing, on the ground.
    pub flags: u8,
}

/// Degrees as 256ths of a turn.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "wrapped into 0..256 first"
)]
fn turn(degrees: f64) -> u8 {
    (degrees / 360.0 * 256.0).round().rem_euclid(256.0) as u8
}

/// 256ths of a turn as degrees.
fn degrees(turn: u8) -> f64 {
    f64::from(turn) * 360.0 / 256.0
}

/// `v` in steps of a 32nd of a block.
fn steps(v: DVec3) -> [i32; 3] {
    (v * OFFSET_STEPS).round().as_ivec3().to_array()
}

impl SeenCreature {
    /// `c` as seen from `origin`.
    #[must_use]
    pub fn of(c: &Creature, origin: DVec3) -> Self {
        let mut flags = 0;
        if c.cooldown > HURT_COOLDOWN - FLASH_TICKS {
            flags |= HURT;
        }
        if c.mind.grazing && c.mind.rest > 0 {
            flags |= GRAZING;
        }
        if c.body.on_ground {
            flags |= ON_GROUND;
        }
        Self {
            id: c.id,
            kind: c.kind,
            variant: c.variant,
            offset: steps(c.body.position - origin),
            yaw: turn(c.yaw),
            look: turn(c.look),
            flags,
        }
    }

    /// Bottom centre, seen from `origin`.
    #[must_use]
    pub fn position(&self, origin: DVec3) -> DVec3 {
        origin + glam::IVec3::from_array(self.offset).as_dvec3() / OFFSET_STEPS
    }

    /// Heading in degrees.
    #[must_use]
    pub fn yaw(&self) -> f64 {
        degrees(self.yaw)
    }

    /// Where its head turns, in degrees.
    #[must_use]
    pub fn look(&self) -> f64 {
        degrees(self.look)
    }

    /// Whether it was hurt a moment ago.
    #[must_use]
    pub const fn hurt(&self) -> bool {
        self.flags & HURT != 0
    }

    /// Whether it grazes.
    #[must_use]
    pub const fn grazing(&self) -> bool {
        self.flags & GRAZING != 0
    }

    /// Whether it stands on something.
    #[must_use]
    pub const fn on_ground(&self) -> bool {
        self.flags & ON_GROUND != 0
    }
}

/// An arrow as a client draws it: its tip from the snapshot's origin in 32nds of a block,
/// and which way it points, each part in 127ths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenArrow {
    /// Its tip, from the snapshot's origin, in 32nds of a block.
    pub offset: [i32; 3],
    /// Which way it points, each part in 127ths.
    pub pointing: [i8; 3],
}

impl SeenArrow {
    /// `a` as seen from `origin`: one stuck points the way it flew last.
    #[must_use]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "each part of a unit vector times 127"
    )]
    pub fn of(a: &Arrow, origin: DVec3, pointing: DVec3) -> Self {
        let p = (pointing.normalize_or(DVec3::X) * 127.0).round();
        Self {
            offset: steps(a.position - origin),
            pointing: [p.x as i8, p.y as i8, p.z as i8],
        }
    }

    /// Its tip, seen from `origin`.
    #[must_use]
    pub fn tip(&self, origin: DVec3) -> DVec3 {
        origin + glam::IVec3::from_array(self.offset).as_dvec3() / OFFSET_STEPS
    }

    /// The unit vector it points along.
    #[must_use]
    pub fn direction(&self) -> DVec3 {
        DVec3::new(
            f64::from(self.pointing[0]),
            f64::from(self.pointing[1]),
            f64::from(self.pointing[2]),
        )
        .normalize_or(DVec3::X)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::sim::creature::Creature;

    #[test]
    fn a_creature_travels_to_a_32nd_of_a_block_and_a_256th_of_a_turn_in_a_dozen_bytes() {
        let origin = DVec3::new(1000.25, 64.0, -2000.5);
        let mut c = Creature::new(1234, 3, 10, origin + DVec3::new(17.3, -2.0, 40.9), 93.0);
        c.body.on_ground = true;
        let seen = SeenCreature::of(&c, origin);
        assert!(
            (seen.position(origin) - c.body.position)
                .abs()
                .max_element()
                <= 1.0 / 64.0
        );
        assert!((seen.yaw() - 93.0).abs() <= 360.0 / 512.0);
        assert!(seen.on_ground() && !seen.hurt());
        let bytes = postcard::to_allocvec(&seen).expect("encodes");
        assert!(bytes.len() <= 14, "{} bytes", bytes.len());
    }
}
