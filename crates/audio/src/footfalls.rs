//! Creatures' footsteps, heard as a client draws them: a step each time a creature on the
//! ground walks another stride, in the sound of the block under its feet.
//!
//! The server sends no event for a creature's step (a herd would cost more on the wire in
//! steps than in snapshots); a client knows how far each creature it draws has walked, which
//! is all a footstep needs. A player's own steps come from the simulation's events
//! ([`crate::hearing::sound_of`]); a creature's stride is the player's in proportion to its
//! height, so a chicken patters and a zombie plods.

use std::collections::BTreeMap;

use glam::DVec3;

use super::family::{Family, SoundKind};
use super::mixer::{Clip, Sound};
use hewn_core::world::{Block, BlockPos, BlockSource};

/// A player's stride, in blocks: a step each time a player walks this far (the simulation's
/// `STRIDE` of 0.6 steps a block).
const PLAYER_STRIDE: f64 = 1.0 / 0.6;

/// A player's height, in blocks, which [`PLAYER_STRIDE`] is the stride of.
const PLAYER_HEIGHT: f64 = 1.8;

/// How loud a creature of a player's height treads: under a player's own steps (0.7).
const TREAD: f32 = 0.45;

/// How far below its feet the ground a creature treads on is looked for, in blocks: as far
/// as the simulation looks under a player's.
const UNDERFOOT: f64 = 0.2;

/// How far a creature's footsteps carry, in blocks: a herd beyond it walks unheard (as
/// Minecraft's step sounds fade out at 16).
pub const STEPS_HEARD_WITHIN: f64 = 16.0;

/// A creature as its footsteps are heard.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Walker {
    /// Which creature.
    pub id: u32,
    /// Its box's height, in blocks.
    pub height: f64,
    /// Bottom centre.
    pub feet: DVec3,
    /// Blocks walked.
    pub walked: f64,
    /// Whether it stands on something.
    pub on_ground: bool,
}

impl Walker {
    /// How far it walks between two steps, in blocks.
    fn stride(&self) -> f64 {
        PLAYER_STRIDE * (self.height / PLAYER_HEIGHT).clamp(0.25, 2.0)
    }
}

/// How many strides each creature heard so far had walked.
#[derive(Clone, Debug, Default)]
pub struct Footfalls {
    strides: BTreeMap<u32, f64>,
}

impl Footfalls {
    /// The steps `walkers` took since the last call, heard at `ears`: one for each
    /// creature on the ground within [`STEPS_HEARD_WITHIN`] that walked into a new stride,
    /// of the block under its feet (none on air or in water). A creature heard for the
    /// first time makes none, and one no longer among `walkers` is forgotten.
    pub fn hear(
        &mut self,
        world: &impl BlockSource,
        ears: DVec3,
        walkers: &[Walker],
    ) -> Vec<Sound> {
        let mut heard = Vec::new();
        let mut now = BTreeMap::new();
        for w in walkers {
            let strides = (w.walked / w.stride()).floor();
            let before = self.strides.get(&w.id).copied().unwrap_or(strides);
            now.insert(w.id, strides);
            let near = w.feet.distance_squared(ears) <= STEPS_HEARD_WITHIN * STEPS_HEARD_WITHIN;
            if strides <= before || !w.on_ground || !near {
                continue;
            }
            let under = BlockPos::containing(w.feet - DVec3::Y * UNDERFOOT);
            let ground = world.block(under);
            if ground == Block::AIR || ground.is_water() {
                continue;
            }
            let Some(family) = Family::of(ground) else {
                continue;
            };
            let size = (w.height / PLAYER_HEIGHT).clamp(0.4, 1.0) as f32;
            heard.push(Sound {
                clip: Clip::Block(family, SoundKind::Step),
                at: w.feet,
                volume: TREAD * size,
            });
        }
        self.strides = now;
        heard
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::World;
    use hewn_core::worldgen::{Generator, GeneratorKind};

    fn flat() -> World {
        let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
        world.load_column(BlockPos::new(0, 64, 0).column());
        world
    }

    /// Where the test listens from: beside the creatures.
    const EARS: DVec3 = DVec3::new(3.0, 65.6, 0.5);

    fn walker(id: u32, height: f64, walked: f64) -> Walker {
        Walker {
            id,
            height,
            feet: DVec3::new(0.5, 64.0, 0.5),
            walked,
            on_ground: true,
        }
    }

    /// The steps heard as `height`'s creature walks `blocks` in steps of a twentieth.
    fn steps_over(height: f64, blocks: f64) -> usize {
        let world = flat();
        let mut ears = Footfalls::default();
        let frames = (blocks * 20.0) as usize;
        (0..=frames)
            .map(|i| {
                ears.hear(&world, EARS, &[walker(7, height, i as f64 / 20.0)])
                    .len()
            })
            .sum()
    }

    #[test]
    fn a_walking_creature_steps_once_a_stride_on_the_ground_under_it() {
        let world = flat();
        let mut ears = Footfalls::default();
        // Heard first mid-walk: no step for what it walked before.
        // Heard first mid-walk: no step for what it walked before.
        assert!(ears.hear(&world, EARS, &[walker(1, 1.8, 10.1)]).is_empty());
        let steps = ears.hear(&world, EARS, &[walker(1, 1.8, 10.1 + PLAYER_STRIDE)]);
        assert_eq!(steps.len(), 1);
        let ground = world.block(BlockPos::new(0, 63, 0));
        let family = Family::of(ground).expect("the flat world's top has a sound");
        assert_eq!(steps[0].clip, Clip::Block(family, SoundKind::Step));
        // A zombie's stride is a player's; a chicken patters about three times as often.
        assert_eq!(steps_over(1.8, 10.5 * PLAYER_STRIDE), 10);
        let chicken = steps_over(0.7, 10.5 * PLAYER_STRIDE);
        assert!((26..=27).contains(&chicken), "{chicken} chicken steps");
    }

    #[test]
    fn a_creature_in_the_air_or_gone_makes_no_step() {
        let world = flat();
        let mut ears = Footfalls::default();
        ears.hear(&world, EARS, &[walker(1, 1.3, 0.0)]);
        let falling = Walker {
            on_ground: false,
            ..walker(1, 1.3, 5.0)
        };
        assert!(ears.hear(&world, EARS, &[falling]).is_empty());
        // Gone, then back: heard anew, so its walking meanwhile makes no step.
        assert!(ears.hear(&world, EARS, &[]).is_empty());
        assert!(ears.hear(&world, EARS, &[walker(1, 1.3, 50.0)]).is_empty());
        // Over air, no step.
        let mut over_air = walker(2, 1.3, 0.0);
        over_air.feet.y = 80.0;
        ears.hear(&world, EARS, &[over_air]);
        over_air.walked = 5.0;
        assert!(ears.hear(&world, EARS, &[over_air]).is_empty());
        // Too far to hear.
        let mut far = walker(3, 1.3, 0.0);
        ears.hear(&world, EARS + DVec3::X * 17.0, &[far]);
        far.walked = 5.0;
        assert!(ears.hear(&world, EARS + DVec3::X * 17.0, &[far]).is_empty());
        assert_eq!(ears.hear(&world, EARS, &[walker(3, 1.3, 10.0)]).len(), 1);
    }
}
