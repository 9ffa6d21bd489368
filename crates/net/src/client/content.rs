//! A client's side of bringing the server's content in before it joins: the packs its cache
//! holds are taken from there, the others asked for and received in parts, kept in the
//! cache, and the whole installed; then the client says it is ready.

use std::collections::BTreeMap;

use hewn_content::Pack;

use crate::protocol::{
    ClientMessage, ContentOffer, MAX_OFFERED_BYTES, MAX_OFFERED_PACKS, PackPart,
};

/// A content exchange in progress.
#[derive(Debug, Default)]
pub(super) struct Fetching {
    /// What the server offered.
    offer: Option<ContentOffer>,
    /// The archives being received, by identity, each with the size offered.
    receiving: BTreeMap<String, (Vec<u8>, u64)>,
    /// The packs in hand, by identity.
    ready: BTreeMap<String, Pack>,
    /// Bytes of packs received over the network in all.
    pub fetched: u64,
}

impl Fetching {
    /// None under way.
    pub const fn new() -> Self {
        Self {
            offer: None,
            receiving: BTreeMap::new(),
            ready: BTreeMap::new(),
            fetched: 0,
        }
    }

    /// Takes the server's `offer`: the message to answer it with (the packs to fetch), and
    /// the one to send after it if nothing needs fetching (ready).
    ///
    /// # Errors
    /// Why the client cannot join, in words.
    pub fn offered(&mut self, offer: ContentOffer) -> Result<Vec<ClientMessage>, String> {
        if self.offer.is_some() {
            return Err("the server offered its content twice".to_owned());
        }
        if offer.packs.len() > MAX_OFFERED_PACKS
            || offer.table.len() > hewn_core::world::block::MAX_BLOCKS
        {
            return Err("the server offered more content than a world may have".to_owned());
        }
        let mut missing = Vec::new();
        for pack in &offer.packs {
            if pack.bytes > MAX_OFFERED_BYTES {
                return Err(format!(
                    "the server's pack {} is {} bytes, more than a pack may be",
                    hewn_save::escaped(&pack.name),
                    pack.bytes
                ));
            }
            match hewn_save::cached_pack(&pack.identity) {
                Some(cached) => {
                    self.ready.insert(pack.identity.clone(), cached);
                }
                None => {
                    missing.push(pack.identity.clone());
                    self.receiving
                        .insert(pack.identity.clone(), (Vec::new(), pack.bytes));
                }
            }
        }
        self.offer = Some(offer);
        let mut answer = vec![ClientMessage::Fetch(missing)];
        answer.extend(self.finish()?);
        Ok(answer)
    }

    /// Takes a part of a pack: the message to send once everything is in (ready).
    ///
    /// # Errors
    /// Why the client cannot join, in words: a part of nothing asked for or out of order,
    /// a pack larger than offered, one that is not what the server named.
    pub fn part(&mut self, part: PackPart) -> Result<Option<ClientMessage>, String> {
        let (bytes, size) = self
            .receiving
            .get_mut(&part.identity)
            .ok_or("the server sent a part of a pack it was not asked for")?;
        if part.offset != bytes.len() as u64 || bytes.len() as u64 + part.bytes.len() as u64 > *size
        {
            return Err("the server sent a part of a pack out of place".to_owned());
        }
        bytes.extend_from_slice(&part.bytes);
        self.fetched += part.bytes.len() as u64;
        if (bytes.len() as u64) < *size {
            return Ok(None);
        }
        let (archive, _) = self.receiving.remove(&part.identity).unwrap_or_default();
        let name = self.name_of(&part.identity);
        let pack = hewn_save::cache_pack(&part.identity, &archive)
            .map_err(|e| format!("the server's pack {name} cannot be used: {e}"))?;
        self.ready.insert(part.identity, pack);
        self.finish()
    }

    /// Once every pack is in hand, installs the content and gives the message saying so.
    fn finish(&mut self) -> Result<Option<ClientMessage>, String> {
        let Some(offer) = &self.offer else {
            return Ok(None);
        };
        if !self.receiving.is_empty() {
            return Ok(None);
        }
        let packs: Vec<Pack> = (offer.packs.iter())
            .filter_map(|p| self.ready.remove(&p.identity))
            .collect();
        let name = |p: &Pack| hewn_save::escaped(&p.manifest.name).into_owned();
        let content = hewn_content::load_keeping(&packs, &offer.table).map_err(|problems| {
            let names: Vec<String> = packs.iter().map(name).collect();
            format!(
                "the server's packs ({}) cannot be played here: {}",
                names.join(", "),
                hewn_save::escaped(&problems.to_string())
            )
        })?;
        if content.id != offer.id {
            return Err("the server's content did not come out the same here".to_owned());
        }
        let id = content.id.clone();
        content
            .install()
            .map_err(|e| format!("the server's content cannot be installed: {e}"))?;
        self.offer = None;
        Ok(Some(ClientMessage::Ready(id)))
    }

    /// The name of the offered pack of `identity`, for messages.
    fn name_of(&self, identity: &str) -> String {
        let offered = self.offer.iter().flat_map(|o| &o.packs);
        let pack = offered.into_iter().find(|p| p.identity == identity);
        pack.map_or_else(String::new, |p| hewn_save::escaped(&p.name).into_owned())
    }
}
