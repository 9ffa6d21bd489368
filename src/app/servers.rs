//! The multiplayer screen's file, `servers.toml` beside `settings.toml`: the servers the
//! player saved (a name and an address each), in the order the list shows them, and where
//! servers on the local network announce themselves ([`hewn_net::lan`]).
//!
//! It is read once when the multiplayer screen opens and written, through a temporary file
//! renamed over it, after every change; a file that cannot be read is reported and left as
//! it is, never overwritten by an empty list.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use hewn_net::lan::DEFAULT_LAN_ADDRESS;

/// The file's name, in the config folder.
pub const SERVERS_FILE: &str = "servers.toml";

/// The most servers a list keeps.
pub const MAX_SERVERS: usize = 200;

/// The most characters of a server's name or address.
pub const MAX_FIELD_CHARS: usize = 64;

/// A saved server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedServer {
    /// What the list calls it.
    pub name: String,
    /// `HOST:PORT`.
    pub address: String,
}

/// The file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ServerList {
    /// Where servers on the local network announce themselves, and so where the screen
    /// listens: a multicast group, a broadcast address or a loopback one.
    pub lan_address: String,
    /// The servers, in the list's order.
    #[serde(rename = "server")]
    pub servers: Vec<SavedServer>,
}

impl Default for ServerList {
    fn default() -> Self {
        Self {
            lan_address: DEFAULT_LAN_ADDRESS.to_owned(),
            servers: Vec::new(),
        }
    }
}

/// Why the file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ServersError {
    /// The system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not a server list.
    #[error("{path}: {message}")]
    Invalid {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// Where the file is: beside the settings file.
#[must_use]
pub fn servers_path() -> Option<PathBuf> {
    super::settings::settings_path().map(|p| p.with_file_name(SERVERS_FILE))
}

impl ServerList {
    /// The list in `path`; the default (no servers) if there is no file.
    ///
    /// # Errors
    /// [`ServersError`]: unreadable, not TOML, an unknown key, or too many servers.
    pub fn load(path: &Path) -> Result<Self, ServersError> {
        let shown = hewn_save::escaped(&path.display().to_string()).into_owned();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Self::default()),
            Err(source) => {
                return Err(ServersError::Io {
                    path: shown,
                    source,
                });
            }
        };
        let invalid = |message: String| ServersError::Invalid {
            path: shown.clone(),
            message,
        };
        let list: Self = toml::from_str(&text).map_err(|e| invalid(e.message().to_owned()))?;
        if list.servers.len() > MAX_SERVERS {
            return Err(invalid(format!("more than {MAX_SERVERS} servers")));
        }
        Ok(list)
    }

    /// Writes the list to `path`, through a temporary file.
    ///
    /// # Errors
    /// [`ServersError::Io`] if the folder or file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), ServersError> {
        let fail = |source| ServersError::Io {
            path: hewn_save::escaped(&path.display().to_string()).into_owned(),
            source,
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(fail)?;
        }
        let body = toml::to_string(self).map_err(|e| fail(std::io::Error::other(e)))?;
        let text = format!("# hewn's multiplayer screen: the servers saved, in order.\n{body}");
        let temporary = path.with_extension("toml.new");
        std::fs::write(&temporary, text).map_err(fail)?;
        std::fs::rename(&temporary, path).map_err(fail)
    }

    /// Where to listen for servers on the local network, if the file names an address.
    #[must_use]
    pub fn lan_address(&self) -> Option<SocketAddr> {
        self.lan_address.parse().ok()
    }
}

/// `HOST:PORT`, or a host alone (the default port), as an address to join; `None` if it
/// names nothing that resolves.
#[must_use]
pub fn resolve(address: &str) -> Option<SocketAddr> {
    use std::net::ToSocketAddrs;
    let address = address.trim();
    if address.is_empty() {
        return None;
    }
    // Addresses written as numbers never ask a name server.
    if let Ok(addr) = address.parse::<SocketAddr>() {
        return Some(addr);
    }
    if let Ok(ip) = address.parse::<std::net::IpAddr>() {
        return Some(SocketAddr::new(ip, hewn_net::udp_server::DEFAULT_PORT));
    }
    let with_port = if address
        .rsplit_once(':')
        .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
    {
        address.to_owned()
    } else {
        format!("{address}:{}", hewn_net::udp_server::DEFAULT_PORT)
    };
    with_port.to_socket_addrs().ok()?.next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_server_list_round_trips_through_its_file() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("nested").join(SERVERS_FILE);
        assert_eq!(
            ServerList::load(&path).expect("no file"),
            ServerList::default()
        );
        let list = ServerList {
            lan_address: "127.0.0.1:40000".to_owned(),
            servers: vec![
                SavedServer {
                    name: "Home \"castle\"".to_owned(),
                    address: "127.0.0.1:30565".to_owned(),
                },
                SavedServer {
                    name: "Friends".to_owned(),
                    address: "localhost".to_owned(),
                },
            ],
        };
        list.save(&path).expect("saved");
        assert_eq!(ServerList::load(&path).expect("read"), list);
        assert_eq!(list.lan_address(), "127.0.0.1:40000".parse().ok());
        std::fs::write(&path, "[[server]]\nname = \"x\"\n").expect("written");
        let error = ServerList::load(&path).expect_err("no address").to_string();
        assert!(error.contains("address"), "{error}");
        std::fs::write(&path, "colour = 1").expect("written");
        assert!(ServerList::load(&path).is_err());
    }

    #[test]
    fn an_address_without_a_port_takes_the_default_one() {
        assert_eq!(resolve("127.0.0.1"), "127.0.0.1:30565".parse().ok());
        assert_eq!(resolve(" 127.0.0.1:4000 "), "127.0.0.1:4000".parse().ok());
        assert_eq!(resolve("[::1]:4000"), "[::1]:4000".parse().ok());
        assert_eq!(resolve("  "), None);
    }
}
