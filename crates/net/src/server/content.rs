//! Bringing a client the server's content before its player is let in: the offer, the
//! packs it asks for, sent a few parts a tick so the world's channel never fills, and its
//! word that it has installed the same content.

use std::collections::VecDeque;
use std::sync::Arc;

use renet::{ClientId, RenetServer};

use super::Server;
use crate::protocol::{
    self, ContentOffer, OfferedPack, PACK_PART_BYTES, PackPart, ServerMessage, channel,
};
use hewn_core::sim::PlayerName;

/// The parts of packs sent to one client in a tick: 48 KiB, within the bytes renet sends
/// a connection each tick (`available_bytes_per_tick`), so a megabyte pack takes a third
/// of a second and the world's channel never holds more than a few ticks of them.
const PARTS_PER_TICK: usize = 3;

/// How long a client may take to fetch and install the content, in ticks: two minutes.
pub(super) const CONTENT_TICKS: u64 = 120 * 60;

/// The content a server's world is made of, as it offers and sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServedContent {
    /// The content's id ([`hewn_content::content_id`]).
    pub id: String,
    /// The name of each block id, in id order.
    pub table: Vec<String>,
    /// The packs the server has, in order.
    pub packs: Vec<ServedPack>,
}

/// One pack as a server sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServedPack {
    /// Its name.
    pub name: String,
    /// Its identity ([`hewn_content::Pack::identity`]).
    pub identity: String,
    /// Its archive ([`hewn_content::Pack::archive`]), shared by every client sent it.
    pub archive: Arc<Vec<u8>>,
}

impl ServedContent {
    /// The content installed now, `packs` being the world's packs that were found.
    #[must_use]
    pub fn installed(packs: &[hewn_content::Pack]) -> Self {
        Self {
            id: hewn_content::installed_id().to_owned(),
            table: hewn_core::world::Block::registry()
                .names()
                .map(str::to_owned)
                .collect(),
            // Never a mod's code: it runs on the server alone.
            packs: packs
                .iter()
                .map(|pack| {
                    let sent = pack.for_clients();
                    ServedPack {
                        name: sent.manifest.name.clone(),
                        identity: sent.identity(),
                        archive: Arc::new(sent.archive()),
                    }
                })
                .collect(),
        }
    }

    /// The offer of it.
    fn offer(&self) -> ContentOffer {
        ContentOffer {
            id: self.id.clone(),
            table: self.table.clone(),
            packs: (self.packs.iter())
                .map(|p| OfferedPack {
                    name: p.name.clone(),
                    identity: p.identity.clone(),
                    bytes: p.archive.len() as u64,
                })
                .collect(),
        }
    }
}

/// A client's content exchange, from the offer until it is ready.
#[derive(Debug, Default)]
pub(super) struct Exchange {
    /// The name the client is let in as once ready.
    pub waiting: Option<PlayerName>,
    /// The packs still to send it, by index, each from an offset.
    sending: VecDeque<(usize, usize)>,
    /// Whether it has asked for packs already: once per offer.
    fetched: bool,
}

impl Server {
    /// Serves `content` from now on: offered to every client whose own differs, before it
    /// is let in. A server with none set offers nothing (a server in the same process as
    /// its only client, whose content is the server's).
    pub fn serve_content(&mut self, content: ServedContent) {
        self.content = Some(content);
    }

    /// The world's packs, which `/reload` reads again ([`crate::reload`]), from now on.
    pub fn set_world_packs(&mut self, packs: Vec<hewn_save::WorldPack>) {
        self.world_packs = packs;
    }

    /// The world's packs ([`Server::set_world_packs`]).
    #[must_use]
    pub fn world_packs(&self) -> &[hewn_save::WorldPack] {
        &self.world_packs
    }

    /// Offers the server's content to `id`, about to be let in as `name`, if its own is
    /// another; whether it did (the player then waits for [`ClientMessage::Ready`]).
    ///
    /// [`ClientMessage::Ready`]: crate::protocol::ClientMessage::Ready
    pub(super) fn offer_content(
        &mut self,
        id: ClientId,
        name: &PlayerName,
        renet: &mut RenetServer,
    ) -> bool {
        let Some(content) = &self.content else {
            return false;
        };
        let Some(remote) = self.clients.get_mut(&id) else {
            return false;
        };
        if remote.content == content.id {
            return false;
        }
        remote.exchange = Exchange {
            waiting: Some(name.clone()),
            ..Exchange::default()
        };
        let offer = ServerMessage::Content(content.offer());
        renet.send_message(id, channel::WORLD, protocol::encode(&offer));
        true
    }

    /// `id` asks for the packs of `identities`.
    pub(super) fn fetch(&mut self, id: ClientId, identities: &[String]) -> Result<(), String> {
        let content = self
            .content
            .as_ref()
            .ok_or("asked for packs never offered")?;
        let remote = self.clients.get_mut(&id).ok_or("not connected")?;
        let exchange = &mut remote.exchange;
        if exchange.waiting.is_none() || exchange.fetched {
            return Err("asked for packs it was not offered".to_owned());
        }
        exchange.fetched = true;
        for identity in identities {
            let index = (content.packs.iter())
                .position(|p| &p.identity == identity)
                .ok_or("asked for a pack the server does not have")?;
            if !exchange.sending.iter().any(|&(i, _)| i == index) {
                exchange.sending.push_back((index, 0));
            }
        }
        Ok(())
    }

    /// `id` has installed the content `installed`: its player is let in, if that is the
    /// server's.
    pub(super) fn content_ready(
        &mut self,
        id: ClientId,
        installed: &str,
        renet: &mut RenetServer,
    ) -> Result<(), String> {
        let served = self
            .content
            .as_ref()
            .map(|c| c.id.clone())
            .unwrap_or_default();
        let remote = self.clients.get_mut(&id).ok_or("not connected")?;
        let name = (remote.exchange.waiting.take()).ok_or("was ready for content never offered")?;
        if installed != served {
            return Err("installed content other than the server's".to_owned());
        }
        remote.exchange = Exchange::default();
        remote.content = served;
        self.admit(id, name, renet)
    }

    /// Sends each client fetching packs its next parts.
    pub(super) fn send_packs(&mut self, renet: &mut RenetServer) {
        let Some(content) = &self.content else {
            return;
        };
        for (&id, remote) in &mut self.clients {
            let sending = &mut remote.exchange.sending;
            for _ in 0..PARTS_PER_TICK {
                let Some(&(index, offset)) = sending.front() else {
                    break;
                };
                let pack = &content.packs[index];
                let end = (offset + PACK_PART_BYTES).min(pack.archive.len());
                let part = ServerMessage::PackPart(PackPart {
                    identity: pack.identity.clone(),
                    offset: offset as u64,
                    bytes: pack.archive[offset..end].to_vec(),
                });
                renet.send_message(id, channel::WORLD, protocol::encode(&part));
                if end == pack.archive.len() {
                    sending.pop_front();
                } else if let Some(front) = sending.front_mut() {
                    front.1 = end;
                }
            }
        }
    }
}
