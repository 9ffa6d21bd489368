//! The messages between a client and a server, and how they go on the wire.
//!
//! Each message is one renet message on one channel: reliable-ordered for what must arrive
//! whole and in order (the handshake, the world's edits and changes, edit acknowledgements,
//! players joining and leaving), unreliable for what the next one replaces (inputs, which
//! each carry the last few ticks again, and body snapshots). Messages are serde values in
//! postcard's compact form; every one has a size limit checked before it is decoded, and a
//! message that does not decode, or is too big, ends its sender's connection.

mod content;
mod creatures;
mod hotbar;
mod survival;

use serde::{Deserialize, Serialize};

pub use content::{
    ContentOffer, MAX_OFFERED_BYTES, MAX_OFFERED_PACKS, OfferedPack, PACK_PART_BYTES, PackPart,
};
pub use creatures::{
    CREATURE_SNAPSHOTS, MAX_ARROWS_SEEN, MAX_CREATURES_SEEN, SeenArrow, SeenCreature,
};
use hewn_core::physics::{Body, Controls, PlayerCollider};
use hewn_core::sim::{Action, Input};
use hewn_core::world::{BlockPos, ColumnPos};
pub use hotbar::WireHotbar;
pub use survival::{
    MAX_ITEMS_SEEN, Opened, SeenItem, SurvivorState, WireFurnace, WireMode, WireScreen, WireStack,
    WireStation,
};

/// The protocol this build speaks: bumped whenever a message changes. A client and a server
/// must speak the same one, and make the same terrain ([`hewn_core::worldgen::GENERATOR_VERSION`]),
/// to play together.
pub const PROTOCOL_VERSION: u32 = 10;

/// The largest message a client may send: an input message with [`MAX_INPUTS_PER_MESSAGE`]
/// inputs of a few actions each fits many times over, and so does the fetch of every pack
/// of an offer ([`MAX_OFFERED_PACKS`] identities of 64 characters).
pub const MAX_CLIENT_MESSAGE: usize = 8192;

/// The largest message a server sends: a column's edits, or a tick's changes, split into
/// messages of at most 16,384 cells of a few bytes each, fit many times over.
pub const MAX_SERVER_MESSAGE: usize = 256 * 1024;

/// The most inputs one input message carries: three quarters of a second's, three frames of
/// a game at four frames a second.
pub const MAX_INPUTS_PER_MESSAGE: usize = 45;

/// How often a client sends its inputs: every third tick, 20 messages a second (at once, for
/// a tick with an action). Each message carries the last [`INPUTS_RESENT`] ticks, so every
/// input travels three times and is lost only when three packets in a row are: at 5% loss,
/// once in 8,000 ticks. Sending every tick cost 17 KB/s up, most of it packet headers.
pub const SEND_EVERY_TICKS: u64 = 3;

/// How many of its last unconfirmed ticks each input message carries: 9, three messages'
/// worth, or three times the ticks of the client's last frame if more (up to
/// [`MAX_INPUTS_PER_MESSAGE`]). A game at a few frames a second plays a frame's ticks at once
/// and sends them in one packet; lost, they come again with the next two frames', where only
/// the last 9 once travelled and the rest of the frame was never heard of.
pub const INPUTS_RESENT: usize = 9;

/// The most actions one tick's input may hold: more than hands can click in 1/60 s.
pub const MAX_ACTIONS_PER_TICK: usize = 4;

/// The channels, by renet channel id.
pub mod channel {
    /// Server to client, reliable and ordered: handshake answers, edits, changes, acks.
    pub const WORLD: u8 = 0;
    /// Server to client, unreliable: body snapshots, 20 a second.
    pub const SNAPSHOTS: u8 = 1;
    /// Client to server, reliable and ordered: the hello.
    pub const CONTROL: u8 = 0;
    /// Client to server, unreliable: inputs.
    pub const INPUTS: u8 = 1;
}

/// A client's first message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// [`PROTOCOL_VERSION`] of the client.
    pub protocol: u32,
    /// [`hewn_core::worldgen::GENERATOR_VERSION`] of the client.
    pub generator: u32,
    /// The player's name (checked by the server against the rule for names).
    pub name: String,
    /// The id of the content the client has installed ([`hewn_content::installed_id`]): a
    /// server whose content is the same offers none.
    pub content: String,
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClientMessage {
    /// Who is joining, on [`channel::CONTROL`].
    Hello(Hello),
    /// The inputs of consecutive ticks of the client's, oldest first, on
    /// [`channel::INPUTS`].
    Inputs {
        /// The client's tick of the first: one more for every tick the client plays.
        first: u64,
        /// The inputs.
        inputs: Vec<TickInput>,
    },
    /// A line of chat, or a command (starting with `/`), on [`channel::CONTROL`]: plain
    /// text of at most [`MAX_CHAT_CHARS`] characters.
    Chat(String),
    /// The answer to [`ServerMessage::Challenge`], on [`channel::CONTROL`]
    /// ([`super::password::answer`]).
    Answer(super::password::Answer),
    /// What the player now holds at hand and which slot is selected, on [`channel::CONTROL`],
    /// sent when either changes: the server keeps it with the player and saves it.
    Hotbar(WireHotbar),
    /// The packs of the server's [`ContentOffer`] the client lacks, by identity, on
    /// [`channel::CONTROL`]; none when its cache holds them all.
    Fetch(Vec<String>),
    /// The client has installed the content of this id, the offer's, on
    /// [`channel::CONTROL`]: the server lets the player in.
    Ready(String),
}

/// One tick of a client's player, as it was played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TickInput {
    /// The controls held.
    pub controls: u8,
    /// A new look, set before the actions.
    pub look: Option<Look>,
    /// The actions, each with its sequence number (edits are acknowledged by it).
    pub actions: Vec<(u32, Action)>,
}

/// A look (yaw, pitch in degrees) as it travels: in single precision when that holds it
/// exactly, as the window's looks do (it rounds them so), else in double. The server plays
/// the very numbers the client predicted with either way.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Look {
    /// Both angles exact in single precision.
    Single(f32, f32),
    /// Either angle not.
    Double(f64, f64),
}

impl Look {
    /// `yaw` and `pitch`, in the shortest form that keeps them exactly.
    #[must_use]
    #[expect(
        clippy::cast_possible_truncation,
        clippy::float_cmp,
        reason = "single precision is taken only where it gives back the very same angle"
    )]
    pub fn new(yaw: f64, pitch: f64) -> Self {
        let exact = |v: f64| f64::from(v as f32) == v;
        if exact(yaw) && exact(pitch) {
            Self::Single(yaw as f32, pitch as f32)
        } else {
            Self::Double(yaw, pitch)
        }
    }

    /// Yaw and pitch.
    #[must_use]
    pub fn angles(self) -> (f64, f64) {
        match self {
            Self::Single(yaw, pitch) => (f64::from(yaw), f64::from(pitch)),
            Self::Double(yaw, pitch) => (yaw, pitch),
        }
    }
}

impl TickInput {
    /// The simulation's input for this tick, if every part of it is one the game has: a
    /// finite look with pitch within ±90°, actions a player can take
    /// ([`Action::is_possible`]), no more than [`MAX_ACTIONS_PER_TICK`].
    #[must_use]
    pub fn input(&self) -> Option<Input> {
        if self.actions.len() > MAX_ACTIONS_PER_TICK {
            return None;
        }
        let look = self.look.map(Look::angles);
        if let Some((yaw, pitch)) = look
            && !(yaw.is_finite() && (-90.0..=90.0).contains(&pitch))
        {
            return None;
        }
        Some(Input {
            controls: Controls::from_bits(self.controls),
            yaw: look.map(|l| l.0),
            pitch: look.map(|l| l.1),
            actions: self
                .actions
                .iter()
                .map(|&(_, action)| action.is_possible().then_some(action))
                .collect::<Option<_>>()?,
        })
    }
}

/// A player's whole state as the server has it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireBody {
    /// Bottom centre.
    pub position: [f64; 3],
    /// Blocks per second.
    pub velocity: [f64; 3],
    /// Degrees.
    pub yaw: f64,
    /// Degrees.
    pub pitch: f64,
    /// Whether it stood on something after its last tick.
    pub on_ground: bool,
    /// Whether it flies.
    pub flying: bool,
    /// Whether it collides as the cylinder.
    pub cylinder: bool,
}

impl WireBody {
    /// `p` as it travels.
    #[must_use]
    pub fn of(p: &Body) -> Self {
        Self {
            position: p.position.to_array(),
            velocity: p.velocity.to_array(),
            yaw: p.yaw,
            pitch: p.pitch,
            on_ground: p.on_ground,
            flying: p.flying,
            cylinder: p.collider == PlayerCollider::Cylinder,
        }
    }

    /// The player this describes.
    #[must_use]
    pub fn player(&self) -> Body {
        let mut p = Body::new(glam::DVec3::from_array(self.position));
        p.velocity = glam::DVec3::from_array(self.velocity);
        p.yaw = self.yaw;
        p.pitch = self.pitch;
        p.on_ground = self.on_ground;
        p.flying = self.flying;
        p.collider = if self.cylinder {
            PlayerCollider::Cylinder
        } else {
            PlayerCollider::Box
        };
        p
    }
}

/// What a server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ServerMessage {
    /// The join is accepted: the world's seed and generator, so the client makes the terrain
    /// itself, and where the player is.
    Welcome(Welcome),
    /// The join is refused, or the player is sent away; the connection closes after it.
    Refused(String),
    /// The server asks for its password before it lets the player in: the client answers
    /// with [`ClientMessage::Answer`].
    Challenge(super::password::Challenge),
    /// The edits of one column the client now holds: each edited cell with its block id. A
    /// column of many edits comes in several messages; the last is `complete`. (Edits, not
    /// the save's whole-chunk blobs: a blob holds the generated blocks too, and building one
    /// would make the server generate every column in every client's view.)
    Column {
        /// The column.
        column: ColumnPos,
        /// Edited cells and their blocks.
        edits: Vec<(BlockPos, u16)>,
        /// Whether this is the column's last message.
        complete: bool,
    },
    /// A column the client no longer needs to hear about.
    ForgetColumn(ColumnPos),
    /// Blocks changed in columns the client holds, in the order they changed.
    Changes(Vec<(BlockPos, u16)>),
    /// Every action with a sequence number up to this one has been dealt with: the changes
    /// it made (if it was accepted) have been sent before this.
    ActionsDone(u32),
    /// A player joined, or one already there when the client joined.
    Joined(String),
    /// A player left.
    Left(String),
    /// The client's own player as of a tick of its own, and the others, on
    /// [`channel::SNAPSHOTS`].
    Snapshot(Snapshot),
    /// A line for the chat: a player's message, or the server's word (who joined or left,
    /// the answer to a command).
    Chat(ChatLine),
    /// Who is online and how the server is doing, once a second.
    Status(Status),
    /// What the client's player would hear happen this tick that it did not do itself
    /// (others' steps and digging, sand coming to rest), on [`channel::SNAPSHOTS`]: sounds
    /// may be lost.
    Heard(Vec<Heard>),
    /// The world's mode changed (`/gamemode`); the welcome told the one it was played in.
    Mode(WireMode),
    /// The client's own survival state changed: as of the last of the client's ticks the
    /// server had played (`None` before the first), like [`Snapshot::you`].
    Survivor(Option<u64>, Box<SurvivorState>),
    /// The server's content, which the client must install before it is let in.
    Content(ContentOffer),
    /// A part of a pack the client asked for.
    PackPart(PackPart),
}

/// An event of the simulation ([`hewn_core::sim::Event`]) that makes a sound, as the wire
/// carries it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Heard {
    /// The kind's place in [`hewn_core::sim::EventKind::ALL`].
    pub kind: u8,
    /// The block involved, by id.
    pub block: Option<u16>,
    /// The cell it happened in.
    pub pos: BlockPos,
    /// For a landing, the height fallen.
    pub fall: Option<f32>,
    /// For a creature's call, strike or death, its kind.
    pub creature: Option<u16>,
}

impl Heard {
    /// `event` for the wire, if it happened somewhere.
    #[must_use]
    pub fn of(event: &hewn_core::sim::Event) -> Option<Self> {
        let kind = hewn_core::sim::EventKind::ALL
            .iter()
            .position(|&k| k == event.kind)?;
        Some(Self {
            kind: u8::try_from(kind).ok()?,
            block: event.block.map(hewn_core::world::Block::id),
            pos: event.pos?,
            // How far something fell, for a sound's loudness: single precision hears no
            // difference.
            #[expect(
                clippy::cast_possible_truncation,
                reason = "a fall's height, heard only"
            )]
            fall: event.fall.map(|f| f as f32),
            creature: match event.detail {
                Some(hewn_core::sim::survival::Detail::Creature { kind, .. }) => Some(kind),
                _ => None,
            },
        })
    }

    /// The event it stands for, at server tick `tick`; `None` for a kind or block this
    /// build does not know.
    #[must_use]
    pub fn event(&self, tick: u64) -> Option<hewn_core::sim::Event> {
        let kind = *hewn_core::sim::EventKind::ALL.get(usize::from(self.kind))?;
        let block = match self.block {
            Some(id) => Some(hewn_core::world::Block::from_id(id)?),
            None => None,
        };
        Some(hewn_core::sim::Event {
            tick,
            kind,
            block,
            pos: Some(self.pos),
            fall: self.fall.map(f64::from),
            player: None,
            detail: self
                .creature
                .map(|kind| hewn_core::sim::survival::Detail::Creature { kind, id: 0 }),
        })
    }
}

/// Who is online, each with its round trip, and how long the server's ticks take.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Status {
    /// Every player online, in name order, with its round trip in milliseconds.
    pub players: Vec<(String, u16)>,
    /// The median time of the server's last second of ticks, in milliseconds.
    pub tick_ms: f32,
}

/// The most characters in a line of chat.
pub const MAX_CHAT_CHARS: usize = 256;

/// One line of the chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// The player who said it; `None` for the server's own word.
    pub from: Option<String>,
    /// What was said, as [`clean_chat`] left it.
    pub text: String,
}

impl std::fmt::Display for ChatLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.from {
            Some(name) => write!(f, "<{name}> {}", self.text),
            None => f.write_str(&self.text),
        }
    }
}

/// `text` as chat carries it: control characters and the line and paragraph separators
/// (line breaks, escapes) and invisible formatting ([`is_hidden_format`]) dropped, spaces at
/// either end trimmed, and at most [`MAX_CHAT_CHARS`] characters.
#[must_use]
pub fn clean_chat(text: &str) -> String {
    let kept: String = (text.chars())
        .filter(|&c| !c.is_control() && !is_hidden_format(c) && !is_line_separator(c))
        .collect();
    kept.trim().chars().take(MAX_CHAT_CHARS).collect()
}

/// Whether `c` is a character that shows nothing itself but changes how the text around it
/// reads: the bidirectional marks, embeddings, overrides and isolates, which can make a line
/// read backwards from where it was cut (U+202E turns "gnp.exe" into what looks like
/// "exe.png"), and the zero-width and invisible characters that make two different names
/// look the same. Unicode's format characters (category Cf) that text in any script needs
/// none of to be read.
#[must_use]
pub const fn is_hidden_format(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
    )
}

/// Whether `c` is Unicode's line or paragraph separator: a line break that is not a control
/// character.
const fn is_line_separator(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// `text` fit for one line of the server's log, whatever a client sent: every character
/// that is not plain printable text — control characters, separators, invisible formatting,
/// private-use characters and noncharacters — written as its `\u{…}` escape, and a
/// backslash doubled, so a log line cannot be broken, hidden or forged and escapes read
/// back unambiguously.
#[must_use]
pub fn for_log(text: &str) -> std::borrow::Cow<'_, str> {
    let unprintable = |c: char| {
        c.is_control()
            || is_hidden_format(c)
            || is_line_separator(c)
            || matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{10FFFF}')
            || matches!(c, '\u{FDD0}'..='\u{FDEF}')
            || (u32::from(c) & 0xFFFE) == 0xFFFE
    };
    if !text.chars().any(|c| c == '\\' || unprintable(c)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c == '\\' {
            out.push_str("\\\\");
        } else if unprintable(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// The answer to a [`Hello`] that lets the player in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Welcome {
    /// The world's seed.
    pub seed: u64,
    /// The generator's name.
    pub generator: String,
    /// The player as it starts.
    pub body: WireBody,
    /// The world's clock.
    pub time: u64,
    /// How the world is played.
    pub mode: WireMode,
    /// Where the dead come back, which a client's own respawn is predicted to.
    pub spawn: [f64; 3],
    /// The player's hotbar as the world keeps it.
    pub hotbar: WireHotbar,
}

/// Bodies as of one server tick.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The server's tick.
    pub tick: u64,
    /// The world's clock.
    pub time: u64,
    /// The last of the client's own ticks the server has played, and its player after it;
    /// `None` before the first.
    pub you: Option<(u64, WireBody)>,
    /// Where the others' offsets are from: the receiving player's position.
    pub origin: [f64; 3],
    /// The other players in view.
    pub others: Vec<Seen>,
    /// The crates in view: bottom centre and size.
    pub crates: Vec<([f64; 3], [f64; 3])>,
    /// The falling blocks in view: block id and bottom centre.
    pub falling: Vec<(u16, [f64; 3])>,
    /// The items lying in view, at most [`MAX_ITEMS_SEEN`], the nearest.
    pub items: Vec<SeenItem>,
    /// The creatures in view, at most [`MAX_CREATURES_SEEN`], the nearest, by id; `None`
    /// in the snapshots that carry none ([`CREATURE_SNAPSHOTS`]).
    pub creatures: Option<Vec<SeenCreature>>,
    /// The arrows in view, at most [`MAX_ARROWS_SEEN`], the nearest.
    pub arrows: Vec<SeenArrow>,
}

/// Another player as a client draws it: where and which way, in single precision from the
/// snapshot's origin (players in view are within a few hundred blocks, where that is finer
/// than 1/10,000 of a block). Velocity is left out: the client draws, it does not predict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seen {
    /// The player's name.
    pub name: String,
    /// Bottom centre, from the snapshot's origin.
    pub offset: [f32; 3],
    /// Degrees.
    pub yaw: f32,
    /// Degrees.
    pub pitch: f32,
    /// Whether it flies.
    pub flying: bool,
    /// Whether it stands on something.
    pub on_ground: bool,
    /// Whether it sneaks, which lowers and bends its figure.
    pub sneaking: bool,
}

impl Seen {
    /// `player`, called `name`, as seen from `origin`.
    #[must_use]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "others are drawn, not simulated: their look travels in single precision"
    )]
    pub fn of(name: &str, player: &Body, origin: glam::DVec3) -> Self {
        let offset = player.position - origin;
        Self {
            name: name.to_owned(),
            offset: offset.as_vec3().to_array(),
            yaw: player.yaw as f32,
            pitch: player.pitch as f32,
            flying: player.flying,
            on_ground: player.on_ground,
            sneaking: player.sneaking,
        }
    }

    /// The player this describes, seen from `origin`.
    #[must_use]
    pub fn player(&self, origin: glam::DVec3) -> Body {
        let mut p = Body::new(origin + glam::Vec3::from_array(self.offset).as_dvec3());
        p.yaw = f64::from(self.yaw);
        p.pitch = f64::from(self.pitch);
        p.flying = self.flying;
        p.on_ground = self.on_ground;
        p.sneaking = self.sneaking;
        p
    }
}

/// Why a message could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    /// Longer than the sender may send.
    #[error("a message of {0} bytes is longer than allowed")]
    TooLong(usize),
    /// Not a message of this protocol.
    #[error("a message that does not decode: {0}")]
    Malformed(#[from] postcard::Error),
    /// A message that decodes but says what cannot be: what.
    #[error("a message with {0}")]
    Invalid(&'static str),
}

/// `message` as bytes.
#[must_use]
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    // Serialising plain data into a Vec cannot fail.
    postcard::to_allocvec(message).unwrap_or_default()
}

/// The message in `bytes`, if it is one of at most `limit` bytes with nothing after it.
///
/// # Errors
/// [`WireError`] saying which.
pub fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8], limit: usize) -> Result<T, WireError> {
    if bytes.len() > limit {
        return Err(WireError::TooLong(bytes.len()));
    }
    let (value, rest) = postcard::take_from_bytes(bytes)?;
    if rest.is_empty() {
        Ok(value)
    } else {
        Err(WireError::Malformed(
            postcard::Error::DeserializeBadEncoding,
        ))
    }
}

#[cfg(test)]
mod tests;
