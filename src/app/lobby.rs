//! What the multiplayer screen shows, kept up to date: the saved servers with what their
//! pings found (each pinged on a thread of its own, so the screen never waits), and the
//! servers heard on the local network.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use super::servers::{SavedServer, ServerList, resolve, servers_path};
use super::ui::multiplayer::{LanRow, MultiplayerAction, PingStatus, ServerRow};
use hewn_net::lan::AnnouncementListener;
use hewn_net::query::ping;

/// How long a ping may take.
const PING_LIMIT: Duration = Duration::from_secs(3);

/// The multiplayer screen's servers.
pub struct Lobby {
    list: ServerList,
    path: Option<PathBuf>,
    /// What each address's ping found.
    pings: BTreeMap<String, PingStatus>,
    sender: Sender<(String, PingStatus)>,
    receiver: Receiver<(String, PingStatus)>,
    lan: Option<AnnouncementListener>,
    lan_servers: Vec<LanRow>,
    /// Why the list or the listener could not be had.
    pub problem: Option<String>,
}

impl Lobby {
    /// Reads the saved list, pings every server on it and listens on the local network.
    #[must_use]
    pub fn open() -> Self {
        let path = servers_path();
        let (list, problem) = match path.as_deref().map(ServerList::load) {
            Some(Ok(list)) => (list, None),
            Some(Err(e)) => (ServerList::default(), Some(e.to_string())),
            None => (ServerList::default(), Some("no config folder".to_owned())),
        };
        let (sender, receiver) = channel();
        let mut lobby = Self {
            // A list that could not be read is never written over.
            path: path.filter(|_| problem.is_none()),
            list,
            pings: BTreeMap::new(),
            sender,
            receiver,
            lan: None,
            lan_servers: Vec::new(),
            problem,
        };
        lobby.listen();
        lobby.refresh();
        lobby
    }

    /// Listens where the list says servers announce themselves.
    fn listen(&mut self) {
        let Some(addr) = self.list.lan_address() else {
            self.problem = Some(format!(
                "lan_address {:?} is not an address and port",
                self.list.lan_address
            ));
            return;
        };
        match AnnouncementListener::new(addr) {
            Ok(listener) => self.lan = Some(listener),
            Err(e) => log::warn!("cannot listen for LAN games on {addr}: {e}"),
        }
    }

    /// Pings every saved server again.
    pub fn refresh(&mut self) {
        self.pings.clear();
        let addresses: Vec<String> = self
            .list
            .servers
            .iter()
            .map(|s| s.address.clone())
            .collect();
        for address in addresses {
            self.ping(&address);
        }
    }

    fn ping(&mut self, address: &str) {
        self.pings.insert(address.to_owned(), PingStatus::Pinging);
        let address = address.to_owned();
        let sender = self.sender.clone();
        let spawned = std::thread::Builder::new()
            .name("ping".into())
            .spawn(move || {
                let status = match resolve(&address) {
                    None => PingStatus::Failed("not an address".to_owned()),
                    Some(addr) => match ping(addr, PING_LIMIT) {
                        Ok(pong) => PingStatus::Answered {
                            compatible: pong.info.compatible(),
                            motd: pong.info.motd,
                            online: pong.info.online,
                            max_players: pong.info.max_players,
                            round_trip_ms: u32::try_from(pong.round_trip.as_millis())
                                .unwrap_or(u32::MAX),
                            password: pong.info.password,
                        },
                        Err(e) => PingStatus::Failed(e.to_string()),
                    },
                };
                // The screen may have closed meanwhile: nobody to tell.
                let _ = sender.send((address, status));
            });
        if let Err(e) = spawned {
            log::warn!("cannot ping: {e}");
        }
    }

    /// Takes in the pings' answers and the announcements heard.
    pub fn poll(&mut self, now: Instant) {
        while let Ok((address, status)) = self.receiver.try_recv() {
            self.pings.insert(address, status);
        }
        if let Some(lan) = &mut self.lan {
            self.lan_servers = (lan.poll(now).into_iter())
                .map(|s| LanRow {
                    addr: s.addr,
                    motd: s.motd,
                })
                .collect();
        }
    }

    /// The saved servers as the list shows them.
    #[must_use]
    pub fn rows(&self) -> Vec<ServerRow> {
        (self.list.servers.iter())
            .map(|saved| ServerRow {
                saved: saved.clone(),
                status: (self.pings.get(&saved.address).cloned()).unwrap_or(PingStatus::Pinging),
            })
            .collect()
    }

    /// The servers heard on the local network.
    #[must_use]
    pub fn lan_rows(&self) -> &[LanRow] {
        &self.lan_servers
    }

    /// Adds, changes or removes a saved server (or pings them all again), and writes the
    /// list.
    ///
    /// # Errors
    /// Why the list could not be written.
    pub fn change(&mut self, action: &MultiplayerAction) -> Result<(), String> {
        match action {
            MultiplayerAction::Add(saved) => {
                if self.list.servers.len() >= super::servers::MAX_SERVERS {
                    return Err("the list is full".to_owned());
                }
                self.list.servers.push(saved.clone());
                self.ping(&saved.address);
            }
            MultiplayerAction::Edit(i, saved) => {
                let slot = self.list.servers.get_mut(*i).ok_or("no such server")?;
                *slot = saved.clone();
                self.ping(&saved.address);
            }
            MultiplayerAction::Remove(i) => {
                if *i < self.list.servers.len() {
                    self.list.servers.remove(*i);
                }
            }
            MultiplayerAction::Refresh => {
                self.refresh();
                return Ok(());
            }
            MultiplayerAction::Join { .. } | MultiplayerAction::Back => return Ok(()),
        }
        self.save()
    }

    fn save(&self) -> Result<(), String> {
        match &self.path {
            Some(path) => self.list.save(path).map_err(|e| e.to_string()),
            None => Err("the server list cannot be saved".to_owned()),
        }
    }

    /// The saved servers.
    #[must_use]
    pub fn saved(&self) -> &[SavedServer] {
        &self.list.servers
    }
}
