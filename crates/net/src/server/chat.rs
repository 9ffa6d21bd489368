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
