//! Where and when creatures appear by themselves, and when they go: Minecraft's rules.
//!
//! - **Animals** appear with the terrain: the first time a column comes within
//!   [`POPULATE_REACH`] columns of a player, its animals are drawn from the seed and the
//!   column — a group of one kind, on grass, in plains and forests, in about one column in
//!   three — unless that player already has [`ANIMAL_CAP`] animals around it. They stay.
//! - **Monsters** appear in the dark: every other tick, one spot is tried for each player,
//!   between [`SPAWN_NEAREST`] and [`FAR`] blocks from it, on a solid block whose cell
//!   above has block light 0 and sky light, dimmed by the time of day ([`darkening`]),
//!   at most a number drawn from 0 to 7; while fewer than [`MONSTER_CAP`] monsters are
//!   around that player, and never at peaceful difficulty.
//! - **Going**: a creature that appeared by itself goes at once when no player is within
//!   [`FAR`] blocks, and with a chance of 1 in 800 a tick once it has been
//!   [`IDLE_TICKS`] ticks with none within [`NEAR`]. Animals from the terrain do not go.
//!
//! Every spot read is in a column loaded with its neighbours first, so light at a column's
//! edge reads the same whatever else happens to be in memory.

use glam::{DVec3, IVec3};

use super::dice::{Dice, Purpose};
use super::grid::Grid;
use super::kind::{Kind, Spawns};
use super::mind::height_cells;
use super::path::can_stand;
use super::{Creature, Difficulty, Population, kinds};
use crate::sim::time::day_fraction;
use crate::world::coords::CHUNK_SIZE;
use crate::world::{Block, BlockPos, BlockSource, ColumnPos, WORLD_HEIGHT, World};

/// Within this many blocks of a player a creature is near it.
pub const NEAR: f64 = 32.0;
/// Beyond this many blocks from every player, a creature that appeared by itself goes.
pub const FAR: f64 = 128.0;
/// The nearest to a player a monster appears.
pub const SPAWN_NEAREST: f64 = 24.0;
/// The most monsters around one player (within [`FAR`]) for more to appear.
pub const MONSTER_CAP: usize = 70;
/// The most animals around one player (within [`FAR`]) for a column's to appear.
pub const ANIMAL_CAP: usize = 10;
/// Ticks with no player near before a creature may go: 30 s.
pub const IDLE_TICKS: u32 = 1800;
/// How many columns around a player have their animals appear.
pub const POPULATE_REACH: i32 = 2;
/// How much the night takes from sky light at midnight: Minecraft's 11.
const NIGHT_DARKENING: f64 = 11.0;

/// How much the time of day takes from sky light: none by day, [`NIGHT_DARKENING`] at
/// night, rising through dusk and falling through dawn.
#[must_use]
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "rounded from 0 to 11"
)]
pub fn darkening(time: u64) -> u8 {
    let sun = libm::sin(day_fraction(time) * std::f64::consts::TAU);
    let night = ((0.2 - sun) / 0.4).clamp(0.0, 1.0);
    libm::round(night * NIGHT_DARKENING) as u8
}

/// The kinds that appear as `spawns` says, with their indexes.
fn of(spawns: Spawns) -> Vec<(u16, &'static Kind)> {
    kinds()
        .iter()
        .enumerate()
        .filter(|(_, k)| k.spawns == spawns)
        .filter_map(|(i, k)| Some((u16::try_from(i).ok()?, k)))
        .collect()
}

/// Loads column `pos` and its eight neighbours, so its light is whole.
fn load_around(world: &mut World, pos: ColumnPos) {
    for dx in -1..=1 {
        for dz in -1..=1 {
            world.load_column(ColumnPos::new(pos.x + dx, pos.z + dz));
        }
    }
}

/// The highest cell of column `(x, z)` holding a block with a collider, and its block.
fn top(world: &World, x: i32, z: i32) -> Option<(BlockPos, Block)> {
    (0..WORLD_HEIGHT).rev().find_map(|y| {
        let pos = BlockPos::new(x, y, z);
        let block = world.block(pos);
        (!block.properties().colliders.is_empty() || block.is_water()).then_some((pos, block))
    })
}

/// A new creature of `kind` (index `index`) at `feet`, its variant drawn by `dice`.
fn born(index: u16, kind: &Kind, feet: DVec3, dice: &mut Dice) -> Creature {
    let yaw = dice.unit() * 360.0;
    let mut c = Creature::new(0, index, kind.health, feet, yaw);
    let variant = dice.weighted(kind.variants.iter().map(|v| v.weight));
    c.variant = u8::try_from(variant).unwrap_or(0);
    c.natural = true;
    c
}

/// How far `p` is from the nearest of `players`' feet; infinitely far with no one there.
#[must_use]
pub fn nearest_player(players: &[DVec3], p: DVec3) -> f64 {
    players
        .iter()
        .map(|q| q.distance(p))
        .fold(f64::INFINITY, f64::min)
}

/// What a tick of spawning looks at: the players' feet and the clock.
pub struct Moment<'a> {
    /// Where each player's feet are, in the order they joined.
    pub players: &'a [DVec3],
    /// The world's clock: the time of day, and what draws are seeded by.
    pub time: u64,
}

impl Population {
    /// One tick of creatures going and appearing.
    pub fn spawn(&mut self, world: &mut World, now: &Moment<'_>) {
        self.despawn(world.source().seed(), now);
        if !self.spawning {
            return;
        }
        let grid = Grid::new(self.list());
        let around = |list: &[Creature], at: DVec3, hostile: bool| {
            grid.near(list, at, FAR)
                .into_iter()
                .filter(|&i| list[i].kind().is_hostile() == hostile)
                .count()
        };
        let mut counts: Vec<(usize, usize)> = now
            .players
            .iter()
            .map(|&p| (around(self.list(), p, false), around(self.list(), p, true)))
            .collect();
        for (who, &feet) in now.players.iter().enumerate() {
            if counts[who].0 < ANIMAL_CAP {
                counts[who].0 += self.populate_near(world, feet);
            }
            let turn = now.time.is_multiple_of(2);
            if turn && self.difficulty == Difficulty::Normal && counts[who].1 < MONSTER_CAP {
                counts[who].1 += self.try_monster(world, now, who);
            }
        }
    }

    /// Removes monsters at peaceful, and creatures that appeared by themselves and that no
    /// one is near; counts each creature's ticks with no one near.
    fn despawn(&mut self, seed: u64, now: &Moment<'_>) {
        let peaceful = self.difficulty == Difficulty::Peaceful;
        let time = now.time;
        self.retain(|c| !(peaceful && c.kind().is_hostile()));
        let distances: Vec<f64> = (self.list().iter())
            .map(|c| nearest_player(now.players, c.body.position))
            .collect();
        for (c, &nearest) in self.list_mut().iter_mut().zip(&distances) {
            c.idle = if nearest <= NEAR {
                0
            } else {
                c.idle.saturating_add(1)
            };
        }
        let mut distances = distances.into_iter();
        self.retain(|c| {
            let nearest = distances.next().unwrap_or(f64::INFINITY);
            if !c.natural || c.kind().spawns == Spawns::Animal {
                return true;
            }
            if nearest > FAR {
                return false;
            }
            let mut dice = Dice::new(seed, Purpose::Despawn, u64::from(c.id), time);
            !(c.idle >= IDLE_TICKS && dice.below(800) == 0)
        });
    }

    /// Brings out the animals of the nearest column around `feet` whose animals have not
    /// appeared yet (one column a tick); how many appeared.
    fn populate_near(&mut self, world: &mut World, feet: DVec3) -> usize {
        let here = BlockPos::containing(feet).column();
        let mut columns: Vec<ColumnPos> = (-POPULATE_REACH..=POPULATE_REACH)
            .flat_map(|dx| {
                (-POPULATE_REACH..=POPULATE_REACH)
                    .map(move |dz| ColumnPos::new(here.x + dx, here.z + dz))
            })
            .filter(|c| c.inside_border() && !self.populated().contains(c))
            .collect();
        columns.sort_by_key(|c| ((c.x - here.x).pow(2) + (c.z - here.z).pow(2), c.x, c.z));
        let Some(&column) = columns.first() else {
            return 0;
        };
        self.populate(column);
        load_around(world, column);
        let seed = world.source().seed();
        #[expect(clippy::cast_sign_loss, reason = "the bits of the column, as a key")]
        let key = (u64::from(column.x as u32) << 32) | u64::from(column.z as u32);
        let mut dice = Dice::new(seed, Purpose::Animals, key, 0);
        let animals = of(Spawns::Animal);
        if animals.is_empty() || !dice.chance(0.35) {
            return 0;
        }
        let (index, kind) = animals[dice.weighted(animals.iter().map(|(_, k)| k.weight))];
        let group = dice.between(2, 4);
        let mut added = 0;
        for _ in 0..group {
            #[expect(clippy::cast_possible_truncation, reason = "below 32")]
            let (x, z) = (
                column.x * CHUNK_SIZE + dice.below(CHUNK_SIZE as u64) as i32,
                column.z * CHUNK_SIZE + dice.below(CHUNK_SIZE as u64) as i32,
            );
            let Some((ground, block)) = top(world, x, z) else {
                continue;
            };
            let feet_cell = ground.offset(IVec3::Y);
            if block != Block::GRASS || !world.source().pasture(x, z) {
                continue;
            }
            if !can_stand(world, feet_cell, height_cells(kind)) {
                continue;
            }
            let feet = feet_cell.min_corner() + DVec3::new(0.5, 0.0, 0.5);
            if self.add(born(index, kind, feet, &mut dice)).is_some() {
                added += 1;
            }
        }
        added
    }

    /// Tries one spot for a monster around player `who`; how many appeared (0 or 1).
    fn try_monster(&mut self, world: &mut World, now: &Moment<'_>, who: usize) -> usize {
        let monsters = of(Spawns::Monster);
        if monsters.is_empty() || !self.has_room() {
            return 0;
        }
        let seed = world.source().seed();
        let mut dice = Dice::new(seed, Purpose::Monster, who as u64, now.time);
        let feet = now.players[who];
        let angle = dice.unit() * std::f64::consts::TAU;
        let reach = SPAWN_NEAREST + dice.unit() * (FAR - SPAWN_NEAREST);
        let (s, c) = libm::sincos(angle);
        let spot = feet + DVec3::new(s * reach, 0.0, c * reach);
        let cell = BlockPos::containing(spot);
        if !cell.inside_border() {
            return 0;
        }
        load_around(world, cell.column());
        let Some((ground, _)) = top(world, cell.x, cell.z) else {
            return 0;
        };
        // Anywhere from the surface down into the caves below it: the first floor at or
        // above a height drawn up to the surface.
        #[expect(clippy::cast_possible_truncation, reason = "below 256")]
        let mut y = dice.between(1, u64::try_from(ground.y + 1).unwrap_or(1)) as i32;
        let (index, kind) = monsters[dice.weighted(monsters.iter().map(|(_, k)| k.weight))];
        let cells = height_cells(kind);
        while y <= ground.y && !can_stand(world, BlockPos::new(cell.x, y, cell.z), cells) {
            y += 1;
        }
        let at = BlockPos::new(cell.x, y, cell.z);
        if y <= 0 || world.block(at).is_water() || !can_stand(world, at, cells) {
            return 0;
        }
        let light = world.light(at);
        let sky = light.sky().saturating_sub(darkening(now.time));
        #[expect(clippy::cast_possible_truncation, reason = "0 to 7")]
        let limit = dice.below(8) as u8;
        if light.block() > 0 || sky > limit {
            return 0;
        }
        let feet_at = at.min_corner() + DVec3::new(0.5, 0.0, 0.5);
        if now
            .players
            .iter()
            .any(|p| p.distance(feet_at) < SPAWN_NEAREST)
        {
            return 0;
        }
        usize::from(self.add(born(index, kind, feet_at, &mut dice)).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::time::{MIDNIGHT, NOON, SUNRISE, SUNSET};

    #[test]
    fn the_night_takes_eleven_from_the_sky_and_the_day_none() {
        assert_eq!(darkening(NOON), 0);
        assert_eq!(darkening(MIDNIGHT), 11);
        assert!((1..11).contains(&darkening(SUNSET)));
        assert!((1..11).contains(&darkening(SUNRISE)));
    }
}
