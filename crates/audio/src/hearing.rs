//! From what the simulation says happened to what is heard: each event's sound, and the
//! backgrounds of the place the player stands in. Pure functions of the events and the
//! world, so tests hear exactly what the game does.

use glam::{DVec3, IVec3};

use super::family::{Family, SoundKind};
use super::mixer::{AmbientLevels, Clip, Sound};
use super::voice::{Utterance, Voice};
use hewn_core::sim::survival::Detail;
use hewn_core::sim::time::day_fraction;
use hewn_core::sim::{Event, EventKind};
use hewn_core::world::block::Water;
use hewn_core::world::{Block, BlockPos, BlockSource, World};

/// A landing from lower than this makes no sound of its own: the step down a slab or a
/// stair is heard as a footstep.
const SILENT_FALL: f64 = 0.6;

/// The sound of `event`, if it makes one.
#[must_use]
pub fn sound_of(event: &Event) -> Option<Sound> {
    if let Some(Detail::Creature { kind, .. }) = event.detail {
        return voice_of(event, kind);
    }
    let (block, pos) = (event.block?, event.pos?);
    let centre = pos.min_corner() + DVec3::splat(0.5);
    let top = centre + DVec3::Y * 0.5;
    let family = Family::of(block)?;
    let (kind, at, volume) = match event.kind {
        EventKind::Step => (SoundKind::Step, top, 0.7),
        EventKind::Swim => (SoundKind::Step, centre, 0.7),
        EventKind::Splash => (SoundKind::Land, centre, 0.9),
        EventKind::Land => {
            let fall = event.fall.unwrap_or(0.0);
            if fall < SILENT_FALL {
                return None;
            }
            (SoundKind::Land, top, (0.4 + fall * 0.1).min(1.0) as f32)
        }
        EventKind::Break => (SoundKind::Break, centre, 1.0),
        EventKind::Place => (SoundKind::Place, centre, 1.0),
        EventKind::Settle => (SoundKind::Place, centre, 0.8),
        // A player's own hurts, deaths, pickups, crafts and meals happen to no block (a
        // meal is heard through `own_sound`).
        EventKind::Hurt
        | EventKind::Death
        | EventKind::Pickup
        | EventKind::Craft
        | EventKind::Eat
        // A creature's calls, strikes and death happen to no block either.
        | EventKind::Strike
        | EventKind::Slain
        | EventKind::Call => return None,
    };
    Some(Sound {
        clip: Clip::Block(family, kind),
        at,
        volume,
    })
}

/// The voice of a creature's `event`, a creature of kind `kind`: its call, its cry when
/// struck, its last when slain, from about its head.
fn voice_of(event: &Event, kind: u16) -> Option<Sound> {
    let kind = hewn_core::sim::creature::kinds().get(usize::from(kind))?;
    let what = match event.kind {
        EventKind::Call => Utterance::Call,
        EventKind::Strike => Utterance::Hurt,
        EventKind::Slain => Utterance::Death,
        _ => return None,
    };
    let at = event.pos?.min_corner() + DVec3::new(0.5, kind.height * 0.8, 0.5);
    let volume = if what == Utterance::Call { 0.6 } else { 0.9 };
    Some(Sound {
        clip: Clip::Voice(Voice::named(&kind.sound), what),
        at,
        volume,
    })
}

/// The sound of the listener's own `event` that happens to no block, heard at `ears`: a
/// meal's bites. `None` for every other event. A server tells no one of another's meal, so
/// only a player's own come this way.
#[must_use]
pub fn own_sound(event: &Event, ears: DVec3) -> Option<Sound> {
    (event.kind == EventKind::Eat).then_some(Sound {
        clip: Clip::Block(Family::Food, SoundKind::Dig),
        at: ears,
        volume: 0.8,
    })
}

/// How far flowing water is heard, in blocks.
pub const WATER_HEARD_WITHIN: i32 = 8;

/// The backgrounds heard from `eye` at world time `time`.
///
/// Flowing water within [`WATER_HEARD_WITHIN`] blocks is heard from the middle of the
/// flowing cells, as loud as Luanti's `env_sounds` makes it: 0.04 + 0.004 a cell, at most
/// 0.4. Wind blows where the sky is seen (by the sky light at the eyes), by day only, and
/// stronger the higher the player stands; a cave hums where no sky light reaches. A night
/// on open ground away from water is silent.
#[must_use]
pub fn surroundings(world: &World, eye: DVec3, time: u64) -> AmbientLevels {
    let centre = BlockPos::containing(eye);
    // Until the ground around the eyes has loaded its light reads as dark: that is no cave.
    if !world.is_column_loaded(centre.column()) {
        return AmbientLevels::default();
    }
    let r = WATER_HEARD_WITHIN;
    let (mut count, mut sum) = (0u32, DVec3::ZERO);
    for dy in -r..=r {
        for dz in -r..=r {
            for dx in -r..=r {
                if dx * dx + dy * dy + dz * dz > r * r {
                    continue;
                }
                let pos = centre.offset(IVec3::new(dx, dy, dz));
                if flows(world.block(pos)) {
                    count += 1;
                    sum += pos.min_corner() + DVec3::splat(0.5);
                }
            }
        }
    }
    let water = (count > 0).then(|| {
        let level = (0.04 + 0.004 * count as f32).min(0.4);
        (level, sum / f64::from(count))
    });
    let sky = world.light(centre).sky();
    let by_day = day_fraction(time) < 0.5;
    let open = f32::from(sky) / 15.0;
    let height = ((eye.y - 60.0) / 60.0).clamp(0.0, 1.0) as f32;
    AmbientLevels {
        water,
        wind: if by_day {
            open * open * (0.04 + 0.16 * height)
        } else {
            0.0
        },
        cave: if sky == 0 { 0.25 } else { 0.0 },
    }
}

/// Whether `block` is water on the move: any flowing or falling water, not a still source.
fn flows(block: Block) -> bool {
    matches!(
        block.properties().water,
        Some(Water::Flowing(_) | Water::Falling)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(kind: EventKind, block: Block, fall: Option<f64>) -> Event {
        Event {
            tick: 1,
            kind,
            block: Some(block),
            pos: Some(BlockPos::new(3, 63, -2)),
            fall,
            player: None,
            detail: None,
        }
    }

    #[test]
    fn each_event_sounds_as_its_block_where_it_happened() {
        let step = sound_of(&event(EventKind::Step, Block::GRAVEL, None)).expect("a sound");
        assert_eq!(step.clip, Clip::Block(Family::Gravel, SoundKind::Step));
        assert_eq!(step.at, DVec3::new(3.5, 64.0, -1.5));
        let broke = sound_of(&event(EventKind::Break, Block::GLASS, None)).expect("a sound");
        assert_eq!(broke.clip, Clip::Block(Family::Glass, SoundKind::Break));
        let splash = sound_of(&event(EventKind::Splash, Block::WATER, None)).expect("a sound");
        assert_eq!(splash.clip, Clip::Block(Family::Water, SoundKind::Land));
        assert!(sound_of(&event(EventKind::Land, Block::STONE, Some(0.5))).is_none());
        let far = sound_of(&event(EventKind::Land, Block::STONE, Some(20.0))).expect("a sound");
        let near = sound_of(&event(EventKind::Land, Block::STONE, Some(1.0))).expect("a sound");
        assert!(far.volume > near.volume);
    }

    #[test]
    fn a_meal_is_heard_at_the_eaters_ears_and_nothing_else_is() {
        let ears = DVec3::new(0.5, 65.62, 0.5);
        let meal = Event {
            block: None,
            pos: None,
            ..event(EventKind::Eat, Block::AIR, None)
        };
        assert!(sound_of(&meal).is_none(), "a meal happens to no block");
        let heard = own_sound(&meal, ears).expect("a sound");
        assert_eq!(
            (heard.clip, heard.at),
            (Clip::Block(Family::Food, SoundKind::Dig), ears)
        );
        let step = event(EventKind::Step, Block::GRASS, None);
        assert!(own_sound(&step, ears).is_none());
    }
}
