//! `server.toml`, beside the world `hewn serve` plays: the server's operators and banned
//! names, kept across restarts. `hewn serve` creates it on first start and writes it again
//! whenever `/op`, `/deop`, `/ban` or `/pardon` changes them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::net::server::Admin;
use crate::sim::PlayerName;

/// The file's name, in the world's folder.
pub const FILE_NAME: &str = "server.toml";

/// The largest file read: a few thousand names.
const MAX_BYTES: u64 = 256 * 1024;

/// The file as written.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    /// Players who may run every command.
    #[serde(default)]
    operators: Vec<String>,
    /// Players refused when they join.
    #[serde(default)]
    banned: Vec<String>,
}

/// Where the server file of the world at `world` is.
#[must_use]
pub fn path_for(world: &Path) -> PathBuf {
    world.with_file_name(FILE_NAME)
}

/// Reads the operators and banned names from `path`; a missing file gives none.
///
/// # Errors
/// A message naming the file and what is wrong with it: unreadable, too large, not TOML,
/// an unknown key, or a name that is not a player's.
pub fn read(path: &Path) -> Result<Admin, String> {
    let display = path.display().to_string();
    let shown = crate::save::escaped(&display);
    let text = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Admin::default()),
        Err(e) => return Err(format!("{shown}: {e}")),
        Ok(meta) if !meta.is_file() => return Err(format!("{shown} is not a file")),
        Ok(meta) if meta.len() > MAX_BYTES => {
            return Err(format!("{shown} is over {} KiB", MAX_BYTES / 1024));
        }
        Ok(_) => std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?,
    };
    let raw: Raw = toml::from_str(&text).map_err(|e| format!("{shown}: {}", e.message()))?;
    let names = |list: Vec<String>, key: &str| -> Result<BTreeSet<PlayerName>, String> {
        list.iter()
            .map(|n| {
                PlayerName::new(n)
                    .map_err(|e| format!("{shown}: {key} lists {:?}: {e}", crate::save::escaped(n)))
            })
            .collect()
    };
    Ok(Admin {
        operators: names(raw.operators, "operators")?,
        banned: names(raw.banned, "banned")?,
    })
}

/// Writes `admin` to `path`, through a temporary file so a crash leaves the old one.
///
/// # Errors
/// The file system's error.
pub fn write(path: &Path, admin: &Admin) -> std::io::Result<()> {
    let raw = Raw {
        operators: admin.operators.iter().map(ToString::to_string).collect(),
        banned: admin.banned.iter().map(ToString::to_string).collect(),
    };
    let body = toml::to_string(&raw).map_err(std::io::Error::other)?;
    let text = format!(
        "# hewn serve: who may run the operators' commands, and who may not join.\n\
         # Changed by /op, /deop, /ban and /pardon too.\n{body}"
    );
    let temporary = path.with_extension("toml.new");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_round_trips_and_bad_names_are_named() {
        let dir = std::env::temp_dir().join(format!("hewn-server-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join(FILE_NAME);
        assert_eq!(read(&path), Ok(Admin::default()), "no file: no one");
        let admin = Admin {
            operators: [PlayerName::new("alice").expect("a name")].into(),
            banned: [PlayerName::new("mallory").expect("a name")].into(),
        };
        write(&path, &admin).expect("written");
        assert_eq!(read(&path), Ok(admin));
        std::fs::write(&path, "operators = [\"no spaces\"]").expect("written");
        let error = read(&path).expect_err("a bad name");
        assert!(error.contains("operators lists \"no spaces\""), "{error}");
        std::fs::write(&path, "port = 5").expect("written");
        assert!(read(&path).is_err(), "unknown keys are named");
        std::fs::remove_dir_all(&dir).expect("cleaned");
    }
}
