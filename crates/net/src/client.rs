//! A client: its own copy of the server's world, in which its player runs ahead of the
//! server by prediction and is corrected when the server disagrees.
//!
//! The client makes terrain itself from the server's seed and hears only the edits. Each
//! tick it plays its player's input at once ([`Simulation::predict`]) and sends it, with the
//! other inputs the server has not confirmed yet. When the server's state of its player for
//! a tick differs from what it predicted, it takes the server's and plays its later inputs
//! again: since both run the same deterministic code, that happens only when something the
//! client could not know got in the way. Blocks it changed ahead of the server are kept
//! with the server's block under them until the server says the edit is dealt with, then
//! the server's block shows (Minecraft's block-change acknowledgement).

use std::collections::VecDeque;

use renet::RenetClient;

use super::password::Challenge;
use super::protocol::{
    self, ChatLine, ClientMessage, Hello, INPUTS_RESENT, MAX_INPUTS_PER_MESSAGE,
    MAX_SERVER_MESSAGE, PROTOCOL_VERSION, SEND_EVERY_TICKS, ServerMessage, Status, channel,
    clean_chat,
};
use hewn_core::sim::{ActionOutcome, Input, PlayerName};
use hewn_core::worldgen::{GENERATOR_VERSION, SharedTerrain};
use hewn_save::Hotbar;

mod content;
mod game;
pub use game::{Game, HOTBAR_EVERY_TICKS};

/// A client of one server, playing as one name.
#[derive(Debug)]
pub struct Client {
    name: PlayerName,
    hello_sent: bool,
    /// The world, once the server let the player in; kept after a refusal, so what was
    /// seen stays on screen while the reason is shown.
    game: Option<Box<Game>>,
    /// Why the server refused or sent the player away, if it did.
    refusal: Option<String>,
    /// Ticks between messages of inputs, unless a tick has an action.
    send_every: u64,
    /// Ticks played since the server was last heard ([`Client::update`]): this frame's.
    frame_ticks: usize,
    /// Ticks the last frame played.
    last_frame_ticks: usize,
    /// Lines of chat heard and not yet taken ([`Client::take_chat`]), the last
    /// [`CHAT_KEPT`] at most.
    chat: VecDeque<ChatLine>,
    /// The server's last word on who is online and how it is doing.
    status: Status,
    /// What the server said was heard near the player and not yet taken
    /// ([`Client::take_heard`]), the last [`HEARD_KEPT`] at most.
    heard: Vec<hewn_core::sim::Event>,
    /// The server's password, as the player gave it: proved, never sent.
    password: Option<String>,
    /// The server's challenge, while it waits for the password's proof.
    challenge: Option<Challenge>,
    /// The terrain of a server in the same process, to draw columns from instead of making
    /// them again ([`Client::sharing`]).
    shared: Option<SharedTerrain>,
    /// The server's content being brought in, before the player is let in.
    fetching: content::Fetching,
    /// Messages to send once what came in is taken.
    outbox: Vec<ClientMessage>,
}

/// The most events heard a client keeps for the game to take.
pub const HEARD_KEPT: usize = 256;

/// The most lines of chat a client keeps for the game to take.
pub const CHAT_KEPT: usize = 100;

impl Client {
    /// A client that will join as `name` over a network: it sends its inputs every
    /// [`SEND_EVERY_TICKS`].
    #[must_use]
    pub const fn new(name: PlayerName) -> Self {
        Self {
            name,
            hello_sent: false,
            game: None,
            refusal: None,
            send_every: SEND_EVERY_TICKS,
            frame_ticks: 0,
            last_frame_ticks: 0,
            chat: VecDeque::new(),
            status: Status {
                players: Vec::new(),
                tick_ms: 0.0,
            },
            heard: Vec::new(),
            password: None,
            challenge: None,
            shared: None,
            fetching: content::Fetching::new(),
            outbox: Vec::new(),
        }
    }

    /// The client, answering a server's challenge with `password` (a server without one
    /// never asks).
    #[must_use]
    pub fn with_password(mut self, password: Option<String>) -> Self {
        self.password = password;
        self
    }

    /// The password a client run from the command line (`hewn --connect`, `hewn bot`)
    /// proves to a server that asks: the `HEWN_PASSWORD` environment variable, which,
    /// unlike a flag, other users of the machine cannot read in the process list.
    #[must_use]
    pub fn password_from_environment() -> Option<String> {
        std::env::var("HEWN_PASSWORD")
            .ok()
            .filter(|p| !p.is_empty())
    }

    /// Whether the server asked for a password this client was not given: the game asks
    /// the player for it ([`Client::give_password`]).
    #[must_use]
    pub const fn waiting_for_password(&self) -> bool {
        self.challenge.is_some() && self.password.is_none()
    }

    /// The password the player typed, proved to the server at the next update.
    pub fn give_password(&mut self, password: &str) {
        self.password = Some(password.to_owned());
    }

    /// A client that will join as `name` a server in the same process: it sends its input
    /// every tick, which costs nothing there, so the server can play it the same tick.
    #[must_use]
    pub fn in_process(name: PlayerName) -> Self {
        Self {
            send_every: 1,
            frame_ticks: 0,
            last_frame_ticks: 0,
            ..Self::new(name)
        }
    }

    /// This client, drawing its world's columns from `terrain` (its server's, in the same
    /// process) when the server's welcome names that generator, so that no column is
    /// generated twice.
    #[must_use]
    pub fn sharing(self, terrain: SharedTerrain) -> Self {
        Self {
            shared: Some(terrain),
            ..self
        }
    }

    /// The name it plays as.
    #[must_use]
    pub const fn name(&self) -> &PlayerName {
        &self.name
    }

    /// The world, once in it.
    #[must_use]
    pub fn game(&self) -> Option<&Game> {
        self.game.as_deref()
    }

    /// The world, once in it, to load and drop the columns it draws.
    pub fn game_mut(&mut self) -> Option<&mut Game> {
        self.game.as_deref_mut()
    }

    /// Why the server refused or sent the player away, if it did.
    #[must_use]
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// Says hello once connected, and takes in everything the server sent.
    pub fn update(&mut self, renet: &mut RenetClient) {
        if self.frame_ticks > 0 {
            self.last_frame_ticks = std::mem::take(&mut self.frame_ticks);
        }
        if renet.is_connected() && !self.hello_sent {
            let hello = ClientMessage::Hello(Hello {
                protocol: PROTOCOL_VERSION,
                generator: GENERATOR_VERSION,
                name: self.name.to_string(),
                content: hewn_content::installed_id().to_owned(),
            });
            renet.send_message(channel::CONTROL, protocol::encode(&hello));
            self.hello_sent = true;
        }
        // The challenge waits, unanswered, until the player gives the password.
        let asked = if self.password.is_some() {
            self.challenge.take()
        } else {
            None
        };
        if let (Some(challenge), Some(password)) = (asked, &self.password) {
            match super::password::answer(&challenge, password) {
                Ok(answer) => {
                    let answer = ClientMessage::Answer(answer);
                    renet.send_message(channel::CONTROL, protocol::encode(&answer));
                }
                Err(e) => {
                    self.refusal = Some(format!("cannot answer the password's challenge: {e}"));
                    renet.disconnect();
                    return;
                }
            }
        }
        for ch in [channel::WORLD, channel::SNAPSHOTS] {
            while let Some(bytes) = renet.receive_message(ch) {
                match protocol::decode::<ServerMessage>(&bytes, MAX_SERVER_MESSAGE) {
                    Ok(message) => self.take(message),
                    Err(e) => {
                        log::warn!("the server sent {e}; leaving");
                        self.refusal = Some(format!("the server sent {e}"));
                        renet.disconnect();
                        return;
                    }
                }
            }
        }
        for message in self.outbox.drain(..) {
            renet.send_message(channel::CONTROL, protocol::encode(&message));
        }
        if self.refusal.is_some() && self.game.is_none() {
            renet.disconnect();
        }
    }

    /// Bytes of the server's packs this client fetched over the network: none when its
    /// cache held them, or the server's content is its own.
    #[must_use]
    pub const fn content_fetched(&self) -> u64 {
        self.fetching.fetched
    }

    /// Acts on one message from the server.
    fn take(&mut self, message: ServerMessage) {
        match (&mut self.game, message) {
            (_, ServerMessage::Refused(reason)) => self.refusal = Some(reason),
            (None, ServerMessage::Challenge(challenge)) => self.challenge = Some(challenge),
            (None, ServerMessage::Content(offer)) => match self.fetching.offered(offer) {
                Ok(answer) => self.outbox.extend(answer),
                Err(why) => self.refusal = Some(why),
            },
            (None, ServerMessage::PackPart(part)) => match self.fetching.part(part) {
                Ok(ready) => self.outbox.extend(ready),
                Err(why) => self.refusal = Some(why),
            },
            (_, ServerMessage::Status(status)) => self.status = status,
            (game, ServerMessage::Heard(heard)) => {
                let tick = game.as_ref().map_or(0, |g| g.server_tick());
                self.heard
                    .extend(heard.iter().filter_map(|h| h.event(tick)));
                let over = self.heard.len().saturating_sub(HEARD_KEPT);
                self.heard.drain(..over);
            }
            (_, ServerMessage::Chat(line)) => {
                self.chat.push_back(line);
                while self.chat.len() > CHAT_KEPT {
                    self.chat.pop_front();
                }
            }
            (None, ServerMessage::Welcome(welcome)) => {
                match Game::new(&self.name, &welcome, self.shared.as_ref()) {
                    Some(game) => self.game = Some(Box::new(game)),
                    None => {
                        self.refusal = Some(format!(
                            "the server's world uses an unknown generator {:?}",
                            hewn_save::escaped(&welcome.generator)
                        ));
                    }
                }
            }
            (Some(game), message) => {
                if let Err(e) = game.take(&self.name, message) {
                    log::warn!("the server sent {e}; leaving");
                    self.refusal = Some(format!("the server sent {e}"));
                }
            }
            (None, _) => {}
        }
    }

    /// Plays one tick of the player's `input` at once and sends it to the server (with the
    /// ticks it has not confirmed yet); returns what its actions did, as predicted. Does
    /// nothing before the server lets the player in.
    pub fn play(&mut self, input: &Input, renet: &mut RenetClient) -> Vec<ActionOutcome> {
        if self.game.is_none() || self.refusal.is_some() {
            return Vec::new();
        }
        self.frame_ticks += 1;
        let resent = self.resent();
        let Some(game) = &mut self.game else {
            return Vec::new();
        };
        let (send, outcomes) = game.play(&self.name, input, self.send_every);
        if send {
            game.send_unconfirmed(renet, resent);
        }
        outcomes
    }

    /// Sends a line of chat (or a command, starting with `/`), as [`clean_chat`] leaves it;
    /// nothing if that is empty.
    pub fn say(&self, text: &str, renet: &mut RenetClient) {
        let text = clean_chat(text);
        if !text.is_empty() {
            renet.send_message(
                channel::CONTROL,
                protocol::encode(&ClientMessage::Chat(text)),
            );
        }
    }

    /// Tells the server what the player holds at hand, if that changed since it last heard
    /// and the last was told at least [`HOTBAR_EVERY_TICKS`] ago (a change held back
    /// goes with a later call): the server keeps it with the player and saves it. Nothing
    /// before the server lets the player in.
    /// Returns whether it sent one.
    pub fn set_hotbar(&mut self, hotbar: &Hotbar, renet: &mut RenetClient) -> bool {
        self.tell_hotbar(hotbar, false, renet)
    }

    /// [`Client::set_hotbar`] without waiting: for the last word before leaving.
    pub fn set_hotbar_now(&mut self, hotbar: &Hotbar, renet: &mut RenetClient) -> bool {
        self.tell_hotbar(hotbar, true, renet)
    }

    fn tell_hotbar(&mut self, hotbar: &Hotbar, now: bool, renet: &mut RenetClient) -> bool {
        let Some(game) = &mut self.game else {
            return false;
        };
        let Some(hotbar) = game.hotbar_to_send(hotbar, now) else {
            return false;
        };
        renet.send_message(
            channel::CONTROL,
            protocol::encode(&ClientMessage::Hotbar(protocol::WireHotbar::of(&hotbar))),
        );
        true
    }

    /// Who is online and how the server is doing, as it last said.
    #[must_use]
    pub const fn status(&self) -> &Status {
        &self.status
    }

    /// What the server said happened within earshot since the last call, oldest first:
    /// what others did, which this client did not predict.
    pub fn take_heard(&mut self) -> Vec<hewn_core::sim::Event> {
        std::mem::take(&mut self.heard)
    }

    /// The lines of chat heard since the last call, oldest first.
    pub fn take_chat(&mut self) -> Vec<ChatLine> {
        self.chat.drain(..).collect()
    }

    /// Sends the inputs the server has not confirmed again, without playing a tick: for a
    /// client that has stopped playing but waits for the server to catch up.
    pub fn resend(&self, renet: &mut RenetClient) {
        if let Some(game) = &self.game {
            game.send_unconfirmed(renet, self.resent());
        }
    }

    /// How many unconfirmed ticks a message carries: [`INPUTS_RESENT`], or three frames'
    /// ticks for a client whose frames play more, so the ticks of two frames lost in a row
    /// come with the next.
    fn resent(&self) -> usize {
        let frame = self.frame_ticks.max(self.last_frame_ticks);
        INPUTS_RESENT.max(3 * frame).min(MAX_INPUTS_PER_MESSAGE)
    }
}
