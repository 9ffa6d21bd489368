//! `server.toml`, beside the world `hewn serve` plays: how the server runs and who may
//! join it, kept across restarts. `hewn serve` creates it with defaults on first start,
//! and writes it again whenever `/op`, `/deop`, `/ban` or `/pardon` changes it.
//!
//! A password is written in plain (`password = "..."`) by the server's owner and never
//! kept so: on start the server replaces it with a salt and an SRP verifier
//! (`password_salt`, `password_verifier`; [`hewn_net::password`]), which cannot prove the
//! password, and rewrites the file. A file of an older hewn, which kept the stretched hash
//! (`password_hash`), which could, is upgraded the same way on start.

use std::collections::BTreeSet;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use hewn_core::sim::PlayerName;
use hewn_core::sim::creature::Difficulty;
use hewn_net::lan::DEFAULT_LAN_ADDRESS;
use hewn_net::password::Password;
use hewn_net::query::{MAX_MOTD_CHARS, ServerInfo};
use hewn_net::server::Admin;
use hewn_net::udp_server::DEFAULT_PORT;

/// The file's name, in the world's folder.
pub const FILE_NAME: &str = "server.toml";

/// The largest file read: a few thousand names.
const MAX_BYTES: u64 = 256 * 1024;

/// The file as written.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Raw {
    port: u16,
    max_players: u16,
    view_distance: u32,
    motd: String,
    difficulty: String,
    /// Only as the owner writes it; never written back.
    #[serde(skip_serializing_if = "Option::is_none")]
    password: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    password_salt: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    password_verifier: Option<String>,
    /// Only as older hewns wrote it (the stretched hash); read to upgrade, never written.
    #[serde(skip_serializing_if = "Option::is_none")]
    password_hash: Option<String>,
    operators: Vec<String>,
    banned: Vec<String>,
    banned_addresses: Vec<String>,
    lan: bool,
    lan_address: String,
}

impl Default for Raw {
    fn default() -> Self {
        let defaults = ServerFile::default();
        Self {
            port: defaults.port,
            max_players: defaults.max_players,
            view_distance: defaults.view_distance,
            motd: defaults.motd,
            difficulty: defaults.difficulty.name().to_owned(),
            password: None,
            password_salt: None,
            password_verifier: None,
            password_hash: None,
            operators: Vec::new(),
            banned: Vec::new(),
            banned_addresses: Vec::new(),
            lan: defaults.lan,
            lan_address: defaults.lan_address.to_string(),
        }
    }
}

/// A server's file, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerFile {
    /// The UDP port to listen on (the command line's `--port` wins).
    pub port: u16,
    /// The most players at once (`--max-players` wins).
    pub max_players: u16,
    /// How far around each player its client is sent the world, in chunks
    /// (`--view-distance` wins).
    pub view_distance: u32,
    /// The message of the day, shown in the multiplayer screen's list.
    pub motd: String,
    /// Whether monsters appear (`--difficulty` wins).
    pub difficulty: Difficulty,
    /// Operators, banned names and addresses, and the password.
    pub admin: Admin,
    /// Whether the server announces itself on the local network.
    pub lan: bool,
    /// Where it announces itself.
    pub lan_address: SocketAddr,
    /// Whether the file held a plain password, which must be written back hashed.
    pub rewrite: bool,
}

impl Default for ServerFile {
    fn default() -> Self {
        Self {
            port: DEFAULT_PORT,
            max_players: 20,
            view_distance: 8,
            motd: ServerInfo::default().motd,
            difficulty: Difficulty::Normal,
            admin: Admin::default(),
            lan: false,
            lan_address: DEFAULT_LAN_ADDRESS
                .parse()
                .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 30564))),
            rewrite: false,
        }
    }
}

/// Where the server file of the world at `world` is.
#[must_use]
pub fn path_for(world: &Path) -> PathBuf {
    world.with_file_name(FILE_NAME)
}

/// Reads the server's file at `path`; a missing file gives the defaults.
///
/// # Errors
/// A message naming the file and what is wrong with it: unreadable, too large, not TOML,
/// an unknown key, or a value out of range (a name that is not a player's, an address that
/// is not one, a damaged password hash).
pub fn read(path: &Path) -> Result<ServerFile, String> {
    let display = path.display().to_string();
    let shown = hewn_save::escaped(&display);
    let text = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(ServerFile::default()),
        Err(e) => return Err(format!("{shown}: {e}")),
        Ok(meta) if !meta.is_file() => return Err(format!("{shown} is not a file")),
        Ok(meta) if meta.len() > MAX_BYTES => {
            return Err(format!("{shown} is over {} KiB", MAX_BYTES / 1024));
        }
        Ok(_) => std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?,
    };
    let raw: Raw = toml::from_str(&text).map_err(|e| format!("{shown}: {}", e.message()))?;
    checked(raw).map_err(|message| format!("{shown}: {message}"))
}

/// `raw` with every value checked.
fn checked(raw: Raw) -> Result<ServerFile, String> {
    let names = |list: &[String], key: &str| -> Result<BTreeSet<PlayerName>, String> {
        list.iter()
            .map(|n| {
                PlayerName::new(n)
                    .map_err(|e| format!("{key} lists {}: {e}", hewn_scenario::quoted(n)))
            })
            .collect()
    };
    if !(1..=1024).contains(&raw.max_players) {
        return Err(format!("max_players is {}, not 1 to 1024", raw.max_players));
    }
    if !(2..=32).contains(&raw.view_distance) {
        return Err(format!(
            "view_distance is {}, not 2 to 32",
            raw.view_distance
        ));
    }
    if raw.motd.chars().count() > MAX_MOTD_CHARS {
        return Err(format!("motd is over {MAX_MOTD_CHARS} characters"));
    }
    let banned_addresses = (raw.banned_addresses.iter())
        .map(|a| {
            a.parse::<IpAddr>().map_err(|_| {
                format!(
                    "banned_addresses lists {}, not an IP address",
                    hewn_scenario::quoted(a)
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let lan_address = raw.lan_address.parse::<SocketAddr>().map_err(|_| {
        format!(
            "lan_address is {}, not an address and port",
            hewn_scenario::quoted(&raw.lan_address)
        )
    })?;
    let (password, rewrite) = password(&raw)?;
    let difficulty = Difficulty::from_name(&raw.difficulty).ok_or_else(|| {
        format!(
            "difficulty is {}, not peaceful or normal",
            hewn_scenario::quoted(&raw.difficulty)
        )
    })?;
    Ok(ServerFile {
        port: raw.port,
        max_players: raw.max_players,
        view_distance: raw.view_distance,
        motd: raw.motd,
        difficulty,
        admin: Admin {
            operators: names(&raw.operators, "operators")?,
            banned: names(&raw.banned, "banned")?,
            banned_addresses,
            password,
        },
        lan: raw.lan,
        lan_address,
        rewrite,
    })
}

/// The password `raw` keeps, and whether the file must be written again to keep it as a
/// verifier: a plain password is hashed, an older hewn's stretched hash upgraded.
fn password(raw: &Raw) -> Result<(Option<Password>, bool), String> {
    const DAMAGED: &str = "password_salt, password_verifier or password_hash is damaged: \
                           write password = \"...\" again (and delete those keys)";
    match (
        &raw.password,
        &raw.password_salt,
        &raw.password_verifier,
        &raw.password_hash,
    ) {
        (Some(plain), _, _, _) if plain.is_empty() => Ok((None, true)),
        (Some(plain), _, _, _) => {
            let hashed =
                Password::new(plain).map_err(|e| format!("cannot hash the password: {e}"))?;
            Ok((Some(hashed), true))
        }
        (None, Some(salt), Some(verifier), None) => {
            let kept = Password::from_hex(salt, verifier).ok_or(DAMAGED)?;
            Ok((Some(kept), false))
        }
        (None, Some(salt), None, Some(hash)) => {
            let upgraded = Password::from_old_hex(salt, hash).ok_or(DAMAGED)?;
            Ok((Some(upgraded), true))
        }
        (None, None, None, None) => Ok((None, false)),
        (None, _, _, _) => Err(
            "password_salt goes with password_verifier (or, from older hewns, password_hash) \
             alone: write password = \"...\" again (and delete those keys)"
                .to_owned(),
        ),
    }
}

/// Writes `file` to `path`, through a temporary file so a crash leaves the old one.
///
/// # Errors
/// The file system's error.
pub fn write(path: &Path, file: &ServerFile) -> std::io::Result<()> {
    let admin = &file.admin;
    let (password_salt, password_verifier) = match admin.password.as_ref().map(Password::to_hex) {
        Some((salt, verifier)) => (Some(salt), Some(verifier)),
        None => (None, None),
    };
    let raw = Raw {
        port: file.port,
        max_players: file.max_players,
        view_distance: file.view_distance,
        motd: file.motd.clone(),
        difficulty: file.difficulty.name().to_owned(),
        password: None,
        password_salt,
        password_verifier,
        password_hash: None,
        operators: admin.operators.iter().map(ToString::to_string).collect(),
        banned: admin.banned.iter().map(ToString::to_string).collect(),
        banned_addresses: admin
            .banned_addresses
            .iter()
            .map(ToString::to_string)
            .collect(),
        lan: file.lan,
        lan_address: file.lan_address.to_string(),
    };
    let body = toml::to_string(&raw).map_err(std::io::Error::other)?;
    let text = format!(
        "# hewn serve: how this server runs and who may join it.\n\
         # The command line's --port, --max-players and --view-distance win over these.\n\
         # To set a password, write password = \"...\": the server replaces it with a salt and\n\
         # a verifier, which cannot prove it, on start. /op, /deop, /ban and /pardon write this file too.\n\
         # lan = true announces the server on the local network, to lan_address.\n\
         # difficulty = \"peaceful\" keeps monsters away (\"normal\": they come out at night).\n{body}"
    );
    let temporary = path.with_extension("toml.new");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_round_trips_and_bad_values_are_named() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join(FILE_NAME);
        assert_eq!(read(&path), Ok(ServerFile::default()), "no file: defaults");
        let file = ServerFile {
            port: 4000,
            motd: "Welcome".to_owned(),
            admin: Admin {
                operators: [PlayerName::new("alice").expect("a name")].into(),
                banned: [PlayerName::new("mallory").expect("a name")].into(),
                banned_addresses: ["10.1.2.3".parse().expect("an address")].into(),
                password: Some(Password::new("pw").expect("random")),
            },
            lan: true,
            ..ServerFile::default()
        };
        write(&path, &file).expect("written");
        assert_eq!(read(&path), Ok(file));
        let bad = [
            (
                "operators = [\"no spaces\"]",
                "operators lists \"no spaces\"",
            ),
            ("colour = 5", "colour"),
            ("banned_addresses = [\"nowhere\"]", "not an IP address"),
            ("max_players = 0", "max_players"),
            ("lan_address = \"here\"", "lan_address"),
            ("password_salt = \"00\"", "goes with"),
            ("password_salt = \"00\"\npassword_hash = \"11\"", "damaged"),
            (
                "password_salt = \"00\"\npassword_verifier = \"1\"",
                "damaged",
            ),
        ];
        for (text, expected) in bad {
            std::fs::write(&path, text).expect("written");
            let error = read(&path).expect_err(text);
            assert!(error.contains(expected), "{text}: {error}");
        }
    }

    #[test]
    fn a_plain_password_is_read_hashed_and_marked_to_be_written_back() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, "password = \"swordfish\"\n").expect("written");
        let file = read(&path).expect("read");
        assert!(file.rewrite);
        let password = file.admin.password.clone().expect("a password");
        assert!(proves(&password, "swordfish"));
        write(&path, &file).expect("written");
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(!text.contains("swordfish"), "{text}");
        assert!(text.contains("password_verifier"), "{text}");
        assert!(!text.contains("password_hash"), "{text}");
        assert!(!read(&path).expect("read").rewrite);
    }

    /// Whether `plain` proves `password` in a join.
    fn proves(password: &Password, plain: &str) -> bool {
        let asking = hewn_net::password::Asking::new(password).expect("random");
        let answer = hewn_net::password::answer(asking.challenge(), plain).expect("an answer");
        asking.accepts(password, &answer)
    }

    #[test]
    fn an_older_hewns_password_hash_is_upgraded_to_a_verifier() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join(FILE_NAME);
        let salt = [9u8; 16];
        let hash = hewn_net::password::stretched(&salt, "swordfish");
        let hex = |b: &[u8]| b.iter().map(|b| format!("{b:02x}")).collect::<String>();
        let old = format!(
            "password_salt = \"{}\"\npassword_hash = \"{}\"\n",
            hex(&salt),
            hex(&hash)
        );
        std::fs::write(&path, old).expect("written");
        let file = read(&path).expect("read");
        assert!(file.rewrite, "to be written back without the hash");
        let password = file.admin.password.clone().expect("a password");
        assert!(proves(&password, "swordfish"));
        assert!(!proves(&password, "swordfis"));
        write(&path, &file).expect("written");
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(!text.contains(&hex(&hash)), "{text}");
        let again = read(&path).expect("read");
        assert!(!again.rewrite);
        assert!(proves(
            &again.admin.password.expect("a password"),
            "swordfish"
        ));
    }
}
