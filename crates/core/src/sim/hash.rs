//! A stable 64-bit hash of simulation state, the same on every run, build and machine.
//!
//! FNV-1a over an explicit little-endian encoding: unlike `std::hash`, neither the algorithm
//! nor the byte order of what is fed to it can change between Rust versions or platforms.

/// Accumulates bytes into an FNV-1a 64 hash.
#[derive(Clone, Copy, Debug)]
pub struct StateHasher(u64);

impl Default for StateHasher {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl StateHasher {
    /// A hasher with nothing fed to it.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds raw bytes.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Feeds a u64.
    pub fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }

    /// Feeds an i32.
    pub fn i32(&mut self, v: i32) {
        self.bytes(&v.to_le_bytes());
    }

    /// Feeds an `f64` by its exact bits, except that `-0.0` counts as `0.0`: they compare equal,
    /// behave the same in the simulation, and a save (`SQLite` stores whole-number reals as
    /// integers) does not keep the sign.
    pub fn f64(&mut self, v: f64) {
        let canonical = if v == 0.0 { 0.0 } else { v };
        self.u64(canonical.to_bits());
    }

    /// Feeds a block's id: one byte below 255, as when ids were bytes, so that every hash
    /// taken then still holds; 255 and the two bytes of the id (little-endian) above.
    pub fn block(&mut self, id: u16) {
        match u8::try_from(id) {
            Ok(byte) if byte < u8::MAX => self.bytes(&[byte]),
            _ => {
                let [low, high] = id.to_le_bytes();
                self.bytes(&[u8::MAX, low, high]);
            }
        }
    }

    /// Feeds a bool.
    pub fn bool(&mut self, v: bool) {
        self.bytes(&[u8::from(v)]);
    }

    /// The hash so far.
    #[must_use]
    pub const fn finish(self) -> u64 {
        self.0
    }
}

/// The FNV-1a 64 hash of `bytes`.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hasher = StateHasher::new();
    hasher.bytes(bytes);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_zero_hashes_as_zero() {
        let (mut a, mut b) = (StateHasher::new(), StateHasher::new());
        a.f64(0.0);
        b.f64(-0.0);
        assert_eq!(a.finish(), b.finish());
        b.f64(1e-300);
        a.f64(-1e-300);
        assert_ne!(a.finish(), b.finish());
    }

    #[test]
    fn matches_published_fnv1a_vectors() {
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
