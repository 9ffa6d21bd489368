//! Chat on the server: players' lines passed to everyone, the server's own word (who joined
//! or left, answers to commands), and a limit on how fast each player may talk.

use renet::{ClientId, RenetServer};

use super::Server;
use crate::protocol::{self, ChatLine, ServerMessage, channel, clean_chat};
use hewn_core::sim::PlayerName;

/// How many lines a player may send at once before the limit bites.
pub const CHAT_BURST: f64 = 5.0;

/// How many lines a player may send a second, on average, after a burst.
pub const CHAT_PER_SECOND: f64 = 1.0;

/// How many lines said before a player's first tick in the world wait for it: a burst's
/// worth ([`CHAT_BURST`]), so a client that talks but never plays holds no more, and its
/// first tick says no more at once than the rate limit lets through.
const HELD_CHAT: usize = 5;

impl Server {
    /// A line from `id`, playing as `name`: said to everyone, or run as a command if it
    /// starts with `/`. Too many too fast are not passed on, and the sender is told so.
    pub(super) fn chat(
        &mut self,
        id: ClientId,
        name: &PlayerName,
        text: &str,
        renet: &mut RenetServer,
    ) {
        let text = clean_chat(text);
        if text.is_empty() {
            return;
        }
        let Some(remote) = self.clients.get_mut(&id) else {
            return;
        };
        if remote.chat_tokens < 1.0 {
            Self::tell(
                id,
                "You are sending messages too fast: wait a moment.",
                renet,
            );
            return;
        }
        remote.chat_tokens -= 1.0;
        if !remote.in_world {
            if remote.held_chat.len() < HELD_CHAT {
                remote.held_chat.push(text);
            } else {
                Self::tell(id, "You are not in the world yet: wait a moment.", renet);
            }
            return;
        }
        self.say_or_run(id, name, text, renet);
    }

    /// The lines players said before they were in the world, said now for those who are.
    pub(super) fn say_held_chat(&mut self, renet: &mut RenetServer) {
        let held: Vec<(ClientId, PlayerName, Vec<String>)> = (self.clients.iter_mut())
            .filter(|(_, r)| r.in_world && !r.held_chat.is_empty())
            .filter_map(|(&id, r)| Some((id, r.name.clone()?, std::mem::take(&mut r.held_chat))))
            .collect();
        for (id, name, lines) in held {
            for text in lines {
                self.say_or_run(id, &name, text, renet);
            }
        }
    }

    /// `text`, from `id` playing as `name`, run as a command if it starts with `/` and said
    /// to everyone otherwise.
    fn say_or_run(
        &mut self,
        id: ClientId,
        name: &PlayerName,
        text: String,
        renet: &mut RenetServer,
    ) {
        if let Some(command) = text.strip_prefix('/') {
            self.player_command(id, name, command, renet);
            return;
        }
        log::info!("<{name}> {}", protocol::for_log(&text));
        let line = ChatLine {
            from: Some(name.to_string()),
            text,
        };
        self.send_chat(&line, None, renet);
    }

    /// Says `text` to `id` alone, as the server.
    pub(super) fn tell(id: ClientId, text: &str, renet: &mut RenetServer) {
        let line = ChatLine {
            from: None,
            text: text.to_owned(),
        };
        renet.send_message(
            id,
            channel::WORLD,
            protocol::encode(&ServerMessage::Chat(line)),
        );
    }

    /// Says `text` as the server to every player but `except`, and logs it.
    pub(super) fn announce(&self, text: String, except: Option<ClientId>, renet: &mut RenetServer) {
        log::info!("{}", protocol::for_log(&text));
        let line = ChatLine { from: None, text };
        self.send_chat(&line, except, renet);
    }

    /// Sends `line` to every player in the world or joining it, but `except`.
    pub(super) fn send_chat(
        &self,
        line: &ChatLine,
        except: Option<ClientId>,
        renet: &mut RenetServer,
    ) {
        let message = protocol::encode(&ServerMessage::Chat(line.clone()));
        for (id, _, _) in super::playing(&self.clients) {
            if Some(id) != except {
                renet.send_message(id, channel::WORLD, message.clone());
            }
        }
    }
}
