//! The messages that bring a client the server's content before it joins: what the world's
//! packs and block table are, and the bytes of the packs the client does not have.
//!
//! A client says in its hello which content it has installed. A server whose content is
//! another offers its own ([`ContentOffer`]); the client asks for the packs it lacks by
//! identity ([`ClientMessage::Fetch`](super::ClientMessage::Fetch)), receives them in parts
//! ([`PackPart`]), keeps them in its cache, installs the content and says it is ready
//! ([`ClientMessage::Ready`](super::ClientMessage::Ready)); only then does the server let
//! it in. Packs are data: a client never runs anything a server sends.

use serde::{Deserialize, Serialize};

/// The most packs a server offers.
pub const MAX_OFFERED_PACKS: usize = 64;

/// The most bytes of a pack one [`PackPart`] carries: parts of a few kilobytes leave room on
/// the world's channel for everything else, and a megabyte pack takes a second.
pub const PACK_PART_BYTES: usize = 16 * 1024;

/// The largest pack archive a client takes: as large as a pack may be.
pub const MAX_OFFERED_BYTES: u64 = 64 << 20;

/// What the server's world is made of, offered to a client whose content is another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContentOffer {
    /// The content's id ([`hewn_content::content_id`]), which the client's must equal once
    /// installed.
    pub id: String,
    /// The name of each block id of the world, in id order.
    pub table: Vec<String>,
    /// The world's packs that the server has, in order.
    pub packs: Vec<OfferedPack>,
}

/// One pack of a [`ContentOffer`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferedPack {
    /// Its name.
    pub name: String,
    /// Its identity ([`hewn_content::Pack::identity`]).
    pub identity: String,
    /// The size of its archive, in bytes.
    pub bytes: u64,
}

/// A part of a pack's archive, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackPart {
    /// The pack's identity.
    pub identity: String,
    /// Where in the archive the part starts.
    pub offset: u64,
    /// The part's bytes (postcard writes each byte as one).
    pub bytes: Vec<u8>,
}
