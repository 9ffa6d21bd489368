//! Everyone in the world: each player's name and body, in the order they joined.
//!
//! Names are how a player is known everywhere — in scenarios (`[players.NAME]`, an input's
//! `player = "NAME"`), in the saved world and on a server — so they are held to one rule
//! here: 1 to [`MAX_NAME_LEN`] characters of `A–Z`, `a–z`, `0–9` and `_`, as Minecraft's
//! are. The order of the list is the order the simulation moves them in each tick, so it is
//! part of the state: a run replays only with its players in the same order.

use std::fmt;

use crate::aabb::Aabb;
use crate::physics::Body;

/// The longest a player's name may be.
pub const MAX_NAME_LEN: usize = 16;

/// A player's name: 1 to [`MAX_NAME_LEN`] characters of `[A-Za-z0-9_]`.
///
/// Two names that differ only in case are the same name — equal, ordered and hashed as
/// one — so `Mallory` banned keeps `mallory` out and `alice` cannot join while `Alice`
/// plays; a name keeps the case it was written in for showing.
#[derive(Clone, Debug)]
pub struct PlayerName(String);

impl PlayerName {
    /// The name's bytes with A–Z read as a–z: what it is compared by.
    fn folded(&self) -> impl Iterator<Item = u8> + '_ {
        self.0.bytes().map(|b| b.to_ascii_lowercase())
    }
}

impl PartialEq for PlayerName {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(&other.0)
    }
}

impl Eq for PlayerName {}

impl PartialOrd for PlayerName {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PlayerName {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.folded().cmp(other.folded())
    }
}

impl std::hash::Hash for PlayerName {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // As `str` hashes: the bytes, then a terminator, so "ab" + "c" and "a" + "bc" differ.
        for b in self.folded() {
            state.write_u8(b);
        }
        state.write_u8(0xff);
    }
}

/// Why a name is not a player's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadName {
    /// Nothing at all.
    #[error("a player's name cannot be empty")]
    Empty,
    /// Longer than [`MAX_NAME_LEN`] characters.
    #[error("a player's name has at most {MAX_NAME_LEN} characters")]
    TooLong,
    /// A character outside `[A-Za-z0-9_]`.
    #[error("a player's name has only the letters A to Z and a to z, digits and _")]
    BadCharacter,
}

impl PlayerName {
    /// The name of the one player of a single-player world until the settings name it, and
    /// of a scenario's `[player]`.
    pub const DEFAULT: &'static str = "player";

    /// `name`, if it follows the rule.
    ///
    /// # Errors
    /// [`BadName`] saying which part of the rule it breaks.
    pub fn new(name: &str) -> Result<Self, BadName> {
        if name.is_empty() {
            Err(BadName::Empty)
        } else if name.len() > MAX_NAME_LEN {
            Err(BadName::TooLong)
        } else if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            Err(BadName::BadCharacter)
        } else {
            Ok(Self(name.to_owned()))
        }
    }

    /// The name as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for PlayerName {
    fn default() -> Self {
        Self(Self::DEFAULT.to_owned())
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for PlayerName {
    type Err = BadName;

    fn from_str(s: &str) -> Result<Self, BadName> {
        Self::new(s)
    }
}

/// One player in the world.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// Who it is.
    pub name: PlayerName,
    /// Where and how it is.
    pub body: Body,
}

/// The players in the world, in the order they joined; no two share a name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Players {
    list: Vec<Member>,
}

impl Players {
    /// No one.
    #[must_use]
    pub const fn none() -> Self {
        Self { list: Vec::new() }
    }

    /// One player, called `name`.
    #[must_use]
    pub fn one(name: PlayerName, body: Body) -> Self {
        Self {
            list: vec![Member { name, body }],
        }
    }

    /// Adds `name` last, unless a player of that name is already here; returns whether it
    /// was added.
    pub fn join(&mut self, name: PlayerName, body: Body) -> bool {
        if self.index_of(&name).is_some() {
            return false;
        }
        self.list.push(Member { name, body });
        true
    }

    /// Takes `name` out, keeping the others' order; returns its body if it was here.
    pub fn leave(&mut self, name: &PlayerName) -> Option<Body> {
        let i = self.index_of(name)?;
        Some(self.list.remove(i).body)
    }

    /// How many there are.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there is no one.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Everyone, in the order they joined.
    #[must_use]
    pub fn list(&self) -> &[Member] {
        &self.list
    }

    /// The first to join: the player a single-player game or a scenario's `[player]` is.
    #[must_use]
    pub fn first(&self) -> Option<&Member> {
        self.list.first()
    }

    /// Where `name` is in the list.
    #[must_use]
    pub fn index_of(&self, name: &PlayerName) -> Option<usize> {
        self.list.iter().position(|m| &m.name == name)
    }

    /// The body of `name`.
    #[must_use]
    pub fn get(&self, name: &PlayerName) -> Option<&Body> {
        self.index_of(name).map(|i| &self.list[i].body)
    }

    /// The boxes of everyone, in order.
    #[must_use]
    pub fn bounds(&self) -> Vec<Aabb> {
        self.list.iter().map(|m| m.body.bounds()).collect()
    }

    /// Whether `b` overlaps anyone's box.
    #[must_use]
    pub fn any_intersect(&self, b: Aabb) -> bool {
        self.list.iter().any(|m| m.body.bounds().intersects(b))
    }

    /// Whether `b` overlaps anyone's box by more than `depth` on every axis.
    #[must_use]
    pub fn any_intersect_by(&self, b: Aabb, depth: f64) -> bool {
        self.list
            .iter()
            .any(|m| m.body.bounds().intersects_by(b, depth))
    }

    /// The first player's body, to change (before a simulation starts: a running one hands
    /// out only `&Players`).
    pub fn first_mut(&mut self) -> Option<&mut Body> {
        self.list.first_mut().map(|m| &mut m.body)
    }

    /// The body of `name`, to change (before a simulation starts).
    pub fn get_mut(&mut self, name: &PlayerName) -> Option<&mut Body> {
        let i = self.index_of(name)?;
        Some(&mut self.list[i].body)
    }

    /// The body at `index`, to change.
    pub(super) fn body_mut(&mut self, index: usize) -> &mut Body {
        &mut self.list[index].body
    }
}

#[cfg(test)]
mod tests {
    use glam::DVec3;

    use super::*;

    #[test]
    fn names_follow_one_rule() {
        for good in ["a", "Steve", "player_2", "0123456789abcdef"] {
            assert_eq!(
                PlayerName::new(good).map(|n| n.to_string()),
                Ok(good.into())
            );
        }
        assert_eq!(PlayerName::new(""), Err(BadName::Empty));
        assert_eq!(PlayerName::new(&"x".repeat(17)), Err(BadName::TooLong));
        for bad in ["a b", "é", "a-b", "a\n", "\u{1b}[2J"] {
            assert_eq!(PlayerName::new(bad), Err(BadName::BadCharacter), "{bad:?}");
        }
    }

    #[test]
    fn players_keep_their_join_order_and_unique_names() {
        let name = |s: &str| PlayerName::new(s).expect("a name");
        let body = |x: f64| Body::new(DVec3::new(x, 0.0, 0.0));
        let mut players = Players::one(name("b"), body(0.0));
        assert!(players.join(name("a"), body(1.0)));
        assert!(players.join(name("c"), body(2.0)));
        assert!(!players.join(name("a"), body(9.0)), "a name already here");
        assert_eq!(players.leave(&name("a")), Some(body(1.0)));
        assert_eq!(players.leave(&name("a")), None);
        let names: Vec<_> = players.list().iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["b", "c"]);
        assert_eq!(players.get(&name("c")), Some(&body(2.0)));
    }

    #[test]
    fn names_differing_only_in_case_are_one_name_shown_as_written() {
        let name = |s: &str| PlayerName::new(s).expect("a name");
        assert_eq!(name("Mallory"), name("mallory"));
        assert_eq!(name("Mallory").to_string(), "Mallory");
        let banned: std::collections::BTreeSet<_> = [name("Mallory")].into();
        assert!(banned.contains(&name("mALLORY")));
        let hash = |n: &PlayerName| {
            use std::hash::{BuildHasher, BuildHasherDefault};
            BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(n)
        };
        assert_eq!(hash(&name("Alice")), hash(&name("aLICE")));
        assert_ne!(hash(&name("Alice")), hash(&name("Alicf")));
        // Ordered as the same letters in one case: `_` (between the cases in ASCII) comes
        // before every letter either way.
        let mut sorted = [name("bob"), name("_x"), name("Alice"), name("Bob2")];
        sorted.sort();
        let shown: Vec<_> = sorted.iter().map(PlayerName::as_str).collect();
        assert_eq!(shown, ["_x", "Alice", "bob", "Bob2"]);
        let mut players = Players::one(name("Alice"), Body::new(DVec3::ZERO));
        assert!(!players.join(name("alice"), Body::new(DVec3::X)));
        assert!(players.get(&name("ALICE")).is_some());
    }
}
