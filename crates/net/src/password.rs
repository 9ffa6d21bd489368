//! A server's password, never sent, and kept only as a verifier that cannot prove it.
//!
//! A join proves the password by SRP-6a (RFC 5054, through the `srp` crate, in the 2048-bit
//! group with SHA-256), an augmented password protocol: the server keeps a salt and a
//! *verifier* ([`Password`]), `g^x mod N`, and from the verifier alone no one can answer a
//! challenge, which needs `x` itself. So a `server.toml` that leaks lets no one join; it only
//! allows a search that pays for every guess. The search is made dear by stretching: the
//! password the protocol sees is already [`ROUNDS`] rounds of SHA-256 over the salt and
//! what the player typed ([`stretched`]).
//!
//! A join runs: the server sends the salt and its public ephemeral value ([`Challenge`],
//! kept with its secret in an [`Asking`]); the client, knowing the password, answers with
//! its own public value and a proof ([`Answer`], made by [`answer`]); the server checks the
//! proof against the verifier ([`Asking::accepts`]). Every join draws fresh secrets on both
//! sides, so an answer overheard opens no other join. (The connection is not encrypted: this
//! keeps strangers out, not eavesdroppers.)

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use srp::client::SrpClient;
use srp::groups::G_2048;
use srp::server::SrpServer;

/// Rounds of SHA-256 in a password's stretching: about 2 ms here, nothing to a player
/// joining and a thousand-fold cost to a search.
pub const ROUNDS: u32 = 10_000;

/// The identity every join proves the password under: the password is the server's, one
/// for every player, so the protocol's user name is this constant.
const IDENTITY: &[u8] = b"hewn";

/// Bytes of a number of the 2048-bit group: the longest public value a peer may send.
const GROUP_BYTES: usize = 256;

/// Bytes of the secret ephemeral values drawn for each join: 512 bits, as `srp` suggests.
const SECRET_BYTES: usize = 64;

/// A password as the server keeps it: a salt and the SRP verifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Password {
    /// Random bytes mixed into the stretching, different for every server.
    pub salt: [u8; 16],
    /// `g^x mod N`, big-endian: proves nothing by itself.
    pub verifier: Vec<u8>,
}

impl Password {
    /// `plain` under a new random salt.
    ///
    /// # Errors
    /// The system's random generator failed.
    pub fn new(plain: &str) -> Result<Self, getrandom::Error> {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt)?;
        Ok(Self::from_stretched(salt, &stretched(&salt, plain)))
    }

    /// The password whose stretched form under `salt` is `stretched`: how a server file
    /// of an older hewn, which kept that hash, is upgraded without its password.
    #[must_use]
    pub fn from_stretched(salt: [u8; 16], stretched: &[u8; 32]) -> Self {
        let client = SrpClient::<Sha256>::new(&G_2048);
        Self {
            salt,
            verifier: client.compute_verifier(IDENTITY, stretched, &salt),
        }
    }

    /// The password an older hewn kept as `salt` and its stretched `hash` in hexadecimal
    /// ([`Password::from_stretched`]).
    #[must_use]
    pub fn from_old_hex(salt: &str, hash: &str) -> Option<Self> {
        Some(Self::from_stretched(unhex(salt)?, &unhex(hash)?))
    }

    /// The salt and verifier as hexadecimal text, for `server.toml`.
    #[must_use]
    pub fn to_hex(&self) -> (String, String) {
        (hex(&self.salt), hex(&self.verifier))
    }

    /// The password kept as `salt` and `verifier` in hexadecimal.
    #[must_use]
    pub fn from_hex(salt: &str, verifier: &str) -> Option<Self> {
        let verifier = unhex_vec(verifier).filter(|v| !v.is_empty() && v.len() <= GROUP_BYTES)?;
        Some(Self {
            salt: unhex(salt)?,
            verifier,
        })
    }
}

/// What the server asks of a client joining a server with a password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// The password's salt.
    pub salt: [u8; 16],
    /// The server's public ephemeral value for this join, `B`, big-endian.
    pub server_public: Vec<u8>,
}

/// A challenge sent, with the secret it was made from: what the server keeps of one join
/// until the answer comes.
#[derive(Clone)]
pub struct Asking {
    secret: [u8; SECRET_BYTES],
    challenge: Challenge,
}

impl std::fmt::Debug for Asking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret stays out of logs.
        f.debug_struct("Asking")
            .field("challenge", &self.challenge)
            .finish_non_exhaustive()
    }
}

impl Asking {
    /// A challenge for `password` from a fresh secret.
    ///
    /// # Errors
    /// The system's random generator failed.
    pub fn new(password: &Password) -> Result<Self, getrandom::Error> {
        let mut secret = [0u8; SECRET_BYTES];
        getrandom::fill(&mut secret)?;
        let server = SrpServer::<Sha256>::new(&G_2048);
        let server_public = server.compute_public_ephemeral(&secret, &password.verifier);
        Ok(Self {
            secret,
            challenge: Challenge {
                salt: password.salt,
                server_public,
            },
        })
    }

    /// What to send the client.
    #[must_use]
    pub const fn challenge(&self) -> &Challenge {
        &self.challenge
    }

    /// Whether `answer` proves `password` for this challenge. A public value out of the
    /// group's size, or one the protocol refuses (a multiple of `N`), proves nothing.
    #[must_use]
    pub fn accepts(&self, password: &Password, answer: &Answer) -> bool {
        if answer.client_public.len() > GROUP_BYTES || answer.proof.len() != 32 {
            return false;
        }
        let server = SrpServer::<Sha256>::new(&G_2048);
        // `verify_client` compares in constant time.
        (server.process_reply(&self.secret, &password.verifier, &answer.client_public))
            .is_ok_and(|verifier| verifier.verify_client(&answer.proof).is_ok())
    }
}

/// The client's answer to a [`Challenge`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The client's public ephemeral value, `A`, big-endian.
    pub client_public: Vec<u8>,
    /// The proof, `M1`, of knowing the password.
    pub proof: Vec<u8>,
}

/// Why a client cannot answer a challenge.
#[derive(Debug, thiserror::Error)]
pub enum AnswerError {
    /// The system's random generator failed.
    #[error("cannot draw a secret: {0}")]
    Random(getrandom::Error),
    /// The server's public value is one the protocol refuses.
    #[error("the server's challenge is not one the protocol accepts")]
    BadChallenge,
}

/// The answer to `challenge` from one who knows `plain`.
///
/// # Errors
/// [`AnswerError`]: no randomness, or a challenge no honest server sends.
pub fn answer(challenge: &Challenge, plain: &str) -> Result<Answer, AnswerError> {
    if challenge.server_public.len() > GROUP_BYTES {
        return Err(AnswerError::BadChallenge);
    }
    let mut secret = [0u8; SECRET_BYTES];
    getrandom::fill(&mut secret).map_err(AnswerError::Random)?;
    let client = SrpClient::<Sha256>::new(&G_2048);
    let password = stretched(&challenge.salt, plain);
    let verifier = client
        .process_reply(
            &secret,
            IDENTITY,
            &password,
            &challenge.salt,
            &challenge.server_public,
        )
        .map_err(|_| AnswerError::BadChallenge)?;
    Ok(Answer {
        client_public: client.compute_public_ephemeral(&secret),
        proof: verifier.proof().to_vec(),
    })
}

/// [`ROUNDS`] of SHA-256 over `salt` and `plain`.
#[must_use]
pub fn stretched(salt: &[u8; 16], plain: &str) -> [u8; 32] {
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

/// `bytes` as hexadecimal text, two digits each.
fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::new(), |mut text, b| {
        let _ = write!(text, "{b:02x}");
        text
    })
}

/// `text` as bytes, two hexadecimal digits each.
fn unhex_vec(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len() / 2)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok())
        .collect()
}

/// `text` as exactly `N` bytes, two hexadecimal digits each.
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
        let asking = Asking::new(&password).expect("random");
        let right = answer(asking.challenge(), "swordfish").expect("an answer");
        assert!(asking.accepts(&password, &right));
        let wrong = answer(asking.challenge(), "swordfis").expect("an answer");
        assert!(!asking.accepts(&password, &wrong));
        let next = Asking::new(&password).expect("random");
        assert_ne!(next.challenge(), asking.challenge());
        assert!(
            !next.accepts(&password, &right),
            "an answer overheard does not open another join"
        );
        let other = Password::new("swordfish").expect("random");
        assert_ne!(
            other.verifier, password.verifier,
            "each server salts its own"
        );
    }

    #[test]
    fn the_stored_verifier_cannot_answer_the_challenge() {
        let password = Password::new("swordfish").expect("random");
        let asking = Asking::new(&password).expect("random");
        let (salt, verifier) = password.to_hex();
        // Whoever reads the file holds the salt and verifier; answering with them as the
        // password, or as the stretched password, fails.
        for guess in [verifier.clone(), salt.clone() + &verifier] {
            let answer = answer(asking.challenge(), &guess).expect("an answer");
            assert!(!asking.accepts(&password, &answer));
        }
        // Nor does the verifier sent as the client's public value, with any proof.
        let forged = Answer {
            client_public: password.verifier.clone(),
            proof: vec![0; 32],
        };
        assert!(!asking.accepts(&password, &forged));
        // Public values the protocol refuses: zero, N's multiples, too long.
        for client_public in [vec![], vec![0; 256], vec![1; 257]] {
            let bad = Answer {
                client_public,
                proof: vec![0; 32],
            };
            assert!(!asking.accepts(&password, &bad));
        }
    }

    #[test]
    fn an_old_hash_upgrades_to_a_verifier_the_password_still_proves() {
        let salt = [7u8; 16];
        let old_hash = stretched(&salt, "swordfish");
        let password = Password::from_stretched(salt, &old_hash);
        assert_eq!(
            Password::from_old_hex(&hex(&salt), &hex(&old_hash)),
            Some(password.clone())
        );
        let asking = Asking::new(&password).expect("random");
        let answer = answer(asking.challenge(), "swordfish").expect("an answer");
        assert!(asking.accepts(&password, &answer));
    }

    #[test]
    fn the_password_round_trips_through_hex_and_bad_hex_is_refused() {
        let password = Password::new("x").expect("random");
        let (salt, verifier) = password.to_hex();
        assert_eq!(Password::from_hex(&salt, &verifier), Some(password));
        assert_eq!(Password::from_hex("zz", &verifier), None);
        assert_eq!(Password::from_hex(&salt, &verifier[1..]), None);
        assert_eq!(Password::from_hex(&salt, ""), None);
        assert_eq!(Password::from_hex(&"é".repeat(16), &verifier), None);
    }
}
