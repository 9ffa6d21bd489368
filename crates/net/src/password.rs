//! A server's password, never sent or kept in plain text.
//!
//! The server keeps a salted, stretched hash of it ([`Password`]): [`ROUNDS`] rounds of
//! SHA-256 over a random salt, so a stolen `server.toml` gives the password back only to
//! a search that pays for every guess. A joining client is sent the salt and a fresh nonce
//! ([`Challenge`]); it answers with SHA-256 of the nonce and the hash it works out from the
//! password the player typed ([`proof`]). The password itself never crosses the network,
//! and an answer overheard is no use to another join, whose nonce differs. (The
//! connection is not encrypted: this keeps strangers out, not eavesdroppers.)

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Rounds of SHA-256 in a password's hash: about 2 ms here, nothing to a player joining
/// and a thousand-fold cost to a search.
pub const ROUNDS: u32 = 10_000;

/// A password as the server keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Password {
    /// Random bytes mixed into the hash, different for every server.
    pub salt: [u8; 16],
    /// The stretched hash of the salt and the password.
    pub hash: [u8; 32],
}

impl Password {
    /// `plain` under a new random salt.
    ///
    /// # Errors
    /// The system's random generator failed.
    pub fn new(plain: &str) -> Result<Self, getrandom::Error> {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)?;
        Ok(Self {
            salt,
            hash: stretched(&salt, plain),
        })
    }

    /// Whether `answer` proves the password for `challenge`.
    #[must_use]
    pub fn accepts(&self, challenge: &Challenge, answer: &[u8; 32]) -> bool {
        let expected = Sha256::new()
            .chain_update(challenge.nonce)
            .chain_update(self.hash)
            .finalize();
        // Every byte compared whatever the first difference, so the time taken tells
        // nothing of how much of a guess was right.
        expected
            .iter()
            .zip(answer)
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
    }

    /// The salt and hash as hexadecimal text, for `server.toml`.
    #[must_use]
    pub fn to_hex(&self) -> (String, String) {
        (hex(&self.salt), hex(&self.hash))
    }

    /// The password kept as `salt` and `hash` in hexadecimal.
    #[must_use]
    pub fn from_hex(salt: &str, hash: &str) -> Option<Self> {
        Some(Self {
            salt: unhex(salt)?,
            hash: unhex(hash)?,
        })
    }
}

/// What the server asks of a client joining a server with a password.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// The password's salt.
    pub salt: [u8; 16],
    /// Random bytes for this join alone.
    pub nonce: [u8; 16],
}

impl Challenge {
    /// A challenge for `password` with a fresh nonce.
    ///
    /// # Errors
    /// The system's random generator failed.
    pub fn new(password: &Password) -> Result<Self, getrandom::Error> {
        let mut nonce = [0u8; 16];
        getrandom::fill(&mut nonce)?;
        Ok(Self {
            salt: password.salt,
            nonce,
        })
    }
}

/// The answer to `challenge` from one who knows `plain`.
#[must_use]
pub fn proof(challenge: &Challenge, plain: &str) -> [u8; 32] {
    Sha256::new()
        .chain_update(challenge.nonce)
        .chain_update(stretched(&challenge.salt, plain))
        .finalize()
        .into()
}

/// [`ROUNDS`] of SHA-256 over `salt` and `plain`.
fn stretched(salt: &[u8; 16], plain: &str) -> [u8; 32] {
    let mut hash: [u8; 32] = Sha256::new()
        .chain_update(salt)
        .chain_update(plain.as_bytes())
        .finalize()
        .into();
    for _ in 1..ROUNDS {
        hash = Sha256::new()
            .chain_update(salt)
            .chain_update(hash)
            .finalize()
            .into();
    }
    hash
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::new(), |mut text, b| {
        let _ = write!(text, "{b:02x}");
        text
    })
}

fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut bytes = [0u8; N];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_right_password_is_proved_and_a_wrong_one_or_an_old_answer_is_not() {
        let password = Password::new("swordfish").expect("random");
        let challenge = Challenge::new(&password).expect("random");
        assert!(password.accepts(&challenge, &proof(&challenge, "swordfish")));
        assert!(!password.accepts(&challenge, &proof(&challenge, "swordfis")));
        let next = Challenge::new(&password).expect("random");
        assert_ne!(next.nonce, challenge.nonce);
        assert!(
            !password.accepts(&next, &proof(&challenge, "swordfish")),
            "an answer overheard does not open another join"
        );
        let other = Password::new("swordfish").expect("random");
        assert_ne!(other.hash, password.hash, "each server salts its own");
    }

    #[test]
    fn the_hash_round_trips_through_hex_and_bad_hex_is_refused() {
        let password = Password::new("x").expect("random");
        let (salt, hash) = password.to_hex();
        assert_eq!(Password::from_hex(&salt, &hash), Some(password));
        assert_eq!(Password::from_hex("zz", &hash), None);
        assert_eq!(Password::from_hex(&salt, &hash[1..]), None);
        assert_eq!(Password::from_hex(&"é".repeat(16), &hash), None);
    }
}
