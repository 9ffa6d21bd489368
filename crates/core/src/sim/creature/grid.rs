//! Creatures by region: a grid of 16-block squares, each listing the creatures whose feet
//! are in it, built once a tick, so "who is within r of here" reads the squares around
//! the place and never every creature (pandorabox #544's radius query scanned them all).

use std::collections::BTreeMap;

use glam::DVec3;

use super::Creature;

/// The side of a square, in blocks.
const SQUARE: f64 = 16.0;

/// The creatures of one tick, by square.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    squares: BTreeMap<(i64, i64), Vec<usize>>,
}

/// The square holding `p`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "positions are inside the world border, far below i64's range"
)]
fn square(p: DVec3) -> (i64, i64) {
    ((p.x / SQUARE).floor() as i64, (p.z / SQUARE).floor() as i64)
}

impl Grid {
    /// The grid of `creatures`, each by its index in the slice.
    #[must_use]
    pub fn new(creatures: &[Creature]) -> Self {
        let mut squares: BTreeMap<(i64, i64), Vec<usize>> = BTreeMap::new();
        for (i, c) in creatures.iter().enumerate() {
            squares.entry(square(c.body.position)).or_default().push(i);
        }
        Self { squares }
    }

    /// The indexes of the creatures whose feet are within `radius` of `centre`
    /// horizontally, ascending.
    #[must_use]
    pub fn near(&self, creatures: &[Creature], centre: DVec3, radius: f64) -> Vec<usize> {
        let (lo, hi) = (
            square(centre - DVec3::splat(radius)),
            square(centre + DVec3::splat(radius)),
        );
        let mut found = Vec::new();
        for x in lo.0..=hi.0 {
            for z in lo.1..=hi.1 {
                let Some(list) = self.squares.get(&(x, z)) else {
                    continue;
                };
                found.extend(list.iter().copied().filter(|&i| {
                    let d = creatures[i].body.position - centre;
                    d.x * d.x + d.z * d.z <= radius * radius
                }));
            }
        }
        found.sort_unstable();
        found
    }
}
