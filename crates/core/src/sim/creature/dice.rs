//! The only randomness creatures have: draws seeded by the world's seed, what they are for,
//! a creature's id (or a column) and the world's clock. No draw depends on another, so a creature
//! thinking less often, or a save and reload, changes nothing the others draw.

use crate::worldgen::SplitMix64;

/// What a draw is for, so that two draws of one creature in one tick differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Purpose {
    /// Where an animal wanders next, and how long it rests.
    Wander = 1,
    /// Whether a creature calls out.
    Call,
    /// Whether a far creature goes.
    Despawn,
    /// What a dead creature drops.
    Drops,
    /// How hard an arrow strikes.
    Arrow,
    /// Where a monster may appear.
    Monster,
    /// The animals of a column.
    Animals,
    /// A new creature's variant.
    Variant,
}

/// A short sequence of draws.
#[derive(Clone, Debug)]
pub struct Dice(SplitMix64);

impl Dice {
    /// The draws for `purpose` of thing `id` (a creature, a player's number, a column's
    /// hash) at the world's clock `tick`, in the world of `seed`.
    #[must_use]
    pub fn new(seed: u64, purpose: Purpose, id: u64, tick: u64) -> Self {
        let mut mix = SplitMix64::new(seed ^ (purpose as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let a = mix.next_u64() ^ id;
        let mut mix = SplitMix64::new(a);
        let b = mix.next_u64() ^ tick;
        Self(SplitMix64::new(b))
    }

    /// A whole number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        self.0.next_u64() % n
    }

    /// A number in `[0, 1)`.
    #[expect(
        clippy::cast_precision_loss,
        reason = "53 bits, exactly what an f64 holds"
    )]
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1_u64 << 53) as f64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// A whole number in `lo..=hi`.
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi.saturating_sub(lo) + 1)
    }

    /// An index drawn from `weights`, each index as often as its weight; 0 when all are 0.
    pub fn weighted(&mut self, weights: impl Iterator<Item = u32> + Clone) -> usize {
        let total: u64 = weights.clone().map(u64::from).sum();
        let mut pick = self.below(total);
        for (i, w) in weights.enumerate() {
            if pick < u64::from(w) {
                return i;
            }
            pick -= u64::from(w);
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_inputs_draw_the_same_and_others_differ() {
        let draw = |seed, id, tick| Dice::new(seed, Purpose::Wander, id, tick).below(1 << 40);
        assert_eq!(draw(1, 2, 3), draw(1, 2, 3));
        assert_ne!(draw(1, 2, 3), draw(1, 2, 4));
        assert_ne!(draw(1, 2, 3), draw(1, 3, 3));
        assert_ne!(draw(1, 2, 3), draw(2, 2, 3));
        let mut d = Dice::new(0, Purpose::Drops, 0, 0);
        let counts = (0..10_000).fold([0; 3], |mut c, _| {
            c[d.weighted([1, 0, 3].into_iter())] += 1;
            c
        });
        assert_eq!(counts[1], 0);
        assert!((2200..2800).contains(&counts[0]), "{counts:?}");
    }
}
