//! Integer hashing: the terrain's only source of randomness besides noise.
//!
//! Everything random in a chunk (where trees stand, how tall they are, which canopy corners
//! are bare) is a hash of the world seed and world coordinates, never a stateful generator,
//! so a value comes out the same whichever chunk asks for it first.
//!
//! The mixer is `SplitMix64`'s finaliser (Steele, Lea & Flood, "Fast Splittable Pseudorandom
//! Number Generators", OOPSLA 2014): every input bit affects every output bit, so nearby
//! coordinates give unrelated values.

/// The golden-ratio increment `SplitMix64` steps by; spreads small salts across all bits.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// `SplitMix64`'s output function.
pub(super) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `SplitMix64` as a generator: a seeded sequence of well-mixed values, for tools and tests
/// that want one (the atlas painter, the crash test's edits). The terrain itself never steps
/// a generator; it hashes coordinates with [`mix`].
#[derive(Clone, Copy, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The sequence starting from `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next value of the sequence.
    pub const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }
}

/// A hash of the seed, a salt naming what the value is for, and a block position.
pub(super) const fn hash3(seed: u64, salt: u64, x: i32, y: i32, z: i32) -> u64 {
    let h = mix(seed ^ salt.wrapping_mul(GOLDEN));
    // `as u32` keeps negative coordinates' bits without sign-extending them over the others.
    let xz = (x as u32 as u64) | ((z as u32 as u64) << 32);
    mix(mix(h ^ xz) ^ (y as u32 as u64))
}

/// A hash of the seed, a salt and a column.
pub(super) const fn hash2(seed: u64, salt: u64, x: i32, z: i32) -> u64 {
    hash3(seed, salt, x, 0, z)
}

/// A seed for one of the `noise` crate's generators, derived from the world seed.
///
/// Kept below 2³¹ because the crate seeds a fractal's octaves with `seed + octave`, which must
/// not overflow.
pub(super) const fn noise_seed(seed: u64, salt: u64) -> u32 {
    (mix(seed ^ salt.wrapping_mul(GOLDEN)) >> 33) as u32
}

/// A value in `[0, 1)` from a hash, using its top 53 bits (an f64's mantissa).
pub(super) fn unit(h: u64) -> f64 {
    (h >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_gives_the_reference_sequence() {
        // The first outputs of Vigna's splitmix64.c seeded with 0.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
    }
}
