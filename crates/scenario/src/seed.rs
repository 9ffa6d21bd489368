//! Seeds are u64, but TOML integers stop at i64::MAX: larger seeds are written as strings.

use serde::Serializer;
use serde::de::{self, Deserializer, Visitor};

/// Writes a seed as an integer, or as a string above i64::MAX.
pub fn serialize<S: Serializer>(seed: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
    match seed.map(|v| (v, i64::try_from(v))) {
        None => s.serialize_none(),
        Some((_, Ok(small))) => s.serialize_i64(small),
        Some((large, Err(_))) => s.serialize_str(&large.to_string()),
    }
}

/// Reads a seed from an integer or a string.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    d.deserialize_any(SeedVisitor).map(Some)
}

struct SeedVisitor;

impl Visitor<'_> for SeedVisitor {
    type Value = u64;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a whole number from 0 to 18446744073709551615 (as an integer or a string)")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
        u64::try_from(v).map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
        Ok(v)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<u64, E> {
        v.parse()
            .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}
