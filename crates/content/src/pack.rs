//! Reading a pack folder into memory, within bounds.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use hewn_core::world::block::{Problem, Problems};
use serde::{Deserialize, Serialize};

/// The most files a pack may hold.
pub const MAX_FILES: usize = 4096;
/// The largest file a pack may hold: 4 MiB.
pub const MAX_FILE_BYTES: u64 = 4 << 20;
/// The most a pack may hold in all: 64 MiB.
pub const MAX_PACK_BYTES: u64 = 64 << 20;
/// How deep a pack's folders may nest.
const MAX_DEPTH: usize = 4;

/// What `pack.toml` says of a pack.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The pack's name, and the namespace of the blocks it declares (`morestone` for
    /// `morestone:marble`): lowercase letters, digits and `_`.
    pub name: String,
    /// Its version, as its author numbers it.
    pub version: String,
    /// One line on what it adds.
    #[serde(default)]
    pub description: String,
    /// The packs that must come before it, by name.
    #[serde(default)]
    pub needs: Vec<String>,
    /// The file of its mod, a WebAssembly module at the pack's top (`mod.wasm`), which the
    /// server runs and never sends to clients.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
}

/// A pack read into memory: its manifest and every file by its path in the pack
/// (`blocks.toml`, `textures/marble.png`), `/` between folders.
#[derive(Clone, Debug)]
pub struct Pack {
    /// The folder's name, as problems name its files (`more-stone/blocks.toml`).
    pub folder: String,
    /// `pack.toml`.
    pub manifest: Manifest,
    /// Every file but `pack.toml`.
    pub files: BTreeMap<String, Vec<u8>>,
}

impl Pack {
    /// Reads the pack at `path`: a folder, or a `.zip` file.
    ///
    /// # Errors
    /// As [`Pack::read_dir`] and [`Pack::read_zip`].
    pub fn read(path: &Path) -> Result<Self, Problems> {
        let zipped = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("zip"));
        if zipped {
            Self::read_zip(path)
        } else {
            Self::read_dir(path)
        }
    }

    /// Reads the pack in the `.zip` file at `path`: its files at the archive's top, or in
    /// one folder at its top (as zipping a pack's folder makes it).
    ///
    /// # Errors
    /// As [`Pack::read_dir`], for the archive's entries: and an archive that is not one, an
    /// entry whose name leaves the pack (`../`, `/…`) or is a link, and one that inflates
    /// past its limit whatever size it declares (a zip bomb), each refused as it is met.
    pub fn read_zip(path: &Path) -> Result<Self, Problems> {
        let mut reading = Reading::new(path.file_stem(), path);
        reading.zip(path);
        reading.finish()
    }

    /// Reads the pack in the folder `dir`.
    ///
    /// # Errors
    /// The problems that keep it from being read: a missing or malformed `pack.toml`, a
    /// link, a path with a part that is not plain, too many or too large files.
    pub fn read_dir(dir: &Path) -> Result<Self, Problems> {
        let mut reading = Reading::new(dir.file_name(), dir);
        match fs::symlink_metadata(dir) {
            Ok(meta) if meta.is_dir() => reading.walk(dir, "", 0),
            Ok(_) => reading.problem("", format!("{} is not a folder", dir.display())),
            Err(e) => reading.problem("", format!("{}: {e}", dir.display())),
        }
        reading.finish()
    }

    /// The text of the file at `path`, empty if the pack has none; `None` with a problem
    /// for one that is not UTF-8.
    #[must_use]
    pub fn text(&self, path: &str) -> Option<&str> {
        match self.files.get(path) {
            Some(bytes) => std::str::from_utf8(bytes).ok(),
            None => Some(""),
        }
    }

    /// Whether it holds textures alone: a texture pack ([`crate::texture_pack`]), chosen in
    /// the settings for every world rather than enabled in one.
    #[must_use]
    pub fn is_texture_pack(&self) -> bool {
        self.files.keys().all(|path| path.starts_with("textures/"))
    }

    /// The textures it holds, by name (`marble` for `textures/marble.png`), in name order.
    #[must_use]
    pub fn texture_names(&self) -> Vec<String> {
        self.files
            .keys()
            .filter_map(|path| path.strip_prefix("textures/")?.strip_suffix(".png"))
            .filter(|name| !name.contains('/'))
            .map(str::to_owned)
            .collect()
    }

    /// How problems name the file at `path`.
    #[must_use]
    pub fn file_name(&self, path: &str) -> String {
        format!("{}/{path}", self.folder)
    }
}

/// A pack being read.
struct Reading {
    folder: String,
    files: BTreeMap<String, Vec<u8>>,
    bytes: u64,
    problems: Vec<Problem>,
}

impl Reading {
    /// Nothing read yet of the pack called `name` (its folder's, or its archive's stem), or
    /// where it has none, by its `path`.
    fn new(name: Option<&std::ffi::OsStr>, path: &Path) -> Self {
        let folder = name.map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Self {
            folder,
            files: BTreeMap::new(),
            bytes: 0,
            problems: Vec::new(),
        }
    }

    /// The pack read, from its files and its `pack.toml`, or every problem met.
    fn finish(mut self) -> Result<Pack, Problems> {
        let manifest = match self.files.remove("pack.toml") {
            Some(bytes) => self.manifest(&bytes),
            None if self.problems.is_empty() => {
                self.problem("pack.toml", "a pack needs a pack.toml".to_owned());
                None
            }
            None => None,
        };
        match manifest {
            Some(manifest) if self.problems.is_empty() => Ok(Pack {
                folder: self.folder,
                manifest,
                files: self.files,
            }),
            _ => Err(Problems(self.problems)),
        }
    }

    /// Reads the archive at `path`, stopping at the first problem.
    fn zip(&mut self, path: &Path) {
        let file = match fs::File::open(path) {
            Ok(file) => file,
            Err(e) => return self.problem("", format!("{}: {e}", path.display())),
        };
        match file.metadata() {
            Ok(meta) if meta.len() > MAX_PACK_BYTES => {
                return self.problem(
                    "",
                    format!("past the {MAX_PACK_BYTES} bytes a pack may hold"),
                );
            }
            Ok(_) => {}
            Err(e) => return self.problem("", format!("{}: {e}", path.display())),
        }
        let mut archive = match zip::ZipArchive::new(std::io::BufReader::new(file)) {
            Ok(archive) => archive,
            Err(e) => return self.problem("", format!("not a zip archive: {e}")),
        };
        if archive.len() > MAX_FILES {
            return self.problem("", format!("more than {MAX_FILES} files"));
        }
        let names: Vec<String> = (0..archive.len())
            .filter_map(|i| {
                archive
                    .by_index_raw(i)
                    .ok()?
                    .name()
                    .ok()
                    .map(|n| n.into_owned())
            })
            .collect();
        // Zipping a pack's folder puts everything in that folder: then it is the pack.
        let top = names
            .first()
            .and_then(|n| n.split('/').next())
            .map(ToOwned::to_owned);
        let prefix = match top {
            Some(top)
                if !names.iter().any(|n| n == "pack.toml")
                    && names.iter().all(|n| n.starts_with(&format!("{top}/"))) =>
            {
                format!("{top}/")
            }
            _ => String::new(),
        };
        for index in 0..archive.len() {
            if !self.problems.is_empty() {
                return;
            }
            let mut entry = match archive.by_index(index) {
                Ok(entry) => entry,
                Err(e) => return self.problem("", format!("entry {index} cannot be read: {e}")),
            };
            let Ok(raw) = entry.name().map(|n| n.into_owned()) else {
                return self.problem("", format!("entry {index} has no name a pack can hold"));
            };
            let path = raw.strip_prefix(&prefix).unwrap_or(&raw).to_owned();
            let parts: Vec<&str> = path.trim_end_matches('/').split('/').collect();
            if path.is_empty() || entry.is_dir() {
                continue;
            }
            if parts.iter().any(|p| !is_plain(p)) {
                self.problem(&path, "a name of letters, digits, '-', '_' and '.' in folders of them, not starting with '.': nothing that leaves the pack".to_owned());
            } else if entry.is_symlink() {
                self.problem(&path, "a link: a pack holds only its own files".to_owned());
            } else if parts.len() > MAX_DEPTH {
                self.problem(&path, format!("folders nest past {MAX_DEPTH}"));
            } else {
                let declared = entry.size();
                self.inflate(&mut entry, &path, declared);
            }
        }
    }

    /// Inflates the entry `reader`, `path` in the pack, which declares `declared` bytes,
    /// counting what it really gives: an archive may declare anything.
    fn inflate(&mut self, reader: &mut impl std::io::Read, path: &str, declared: u64) {
        use std::io::Read as _;
        if self.files.len() >= MAX_FILES {
            return self.problem(path, format!("more than {MAX_FILES} files"));
        }
        if declared > MAX_FILE_BYTES {
            return self.problem(
                path,
                format!("{declared} bytes, past the {MAX_FILE_BYTES} a file may hold"),
            );
        }
        let left = MAX_PACK_BYTES - self.bytes;
        let limit = MAX_FILE_BYTES.min(left);
        let mut bytes = Vec::new();
        match reader.take(limit + 1).read_to_end(&mut bytes) {
            Ok(n) if n as u64 > limit => {
                self.problem(path, format!("inflates past the {limit} bytes left to it"))
            }
            Ok(_) => {
                self.bytes += bytes.len() as u64;
                self.files.insert(path.to_owned(), bytes);
            }
            Err(e) => self.problem(path, format!("cannot be inflated: {e}")),
        }
    }

    /// Notes a problem with the file at `path` in the pack.
    fn problem(&mut self, path: &str, message: String) {
        self.problems.push(Problem {
            file: if path.is_empty() {
                self.folder.clone()
            } else {
                format!("{}/{path}", self.folder)
            },
            line: 0,
            key: String::new(),
            message,
        });
    }

    /// Reads the folder `dir`, at `prefix` in the pack and `depth` folders down, stopping at
    /// the first limit passed.
    fn walk(&mut self, dir: &Path, prefix: &str, depth: usize) {
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => return self.problem(prefix, format!("cannot be read: {e}")),
        };
        let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
        // The order a folder lists its files in is the file system's: sort, so that the
        // same pack reads the same everywhere.
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for entry in entries {
            if !self.problems.is_empty() {
                return;
            }
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = format!("{prefix}{name}");
            if !is_plain(&name) {
                self.problem(
                    &path,
                    "a name of letters, digits, '-', '_' and '.' only, not starting with '.'"
                        .to_owned(),
                );
                continue;
            }
            let Ok(meta) = fs::symlink_metadata(entry.path()) else {
                self.problem(&path, "cannot be read".to_owned());
                continue;
            };
            if meta.file_type().is_symlink() {
                self.problem(&path, "a link: a pack holds only its own files".to_owned());
            } else if meta.is_dir() {
                if depth + 1 >= MAX_DEPTH {
                    self.problem(&path, format!("folders nest past {MAX_DEPTH}"));
                } else {
                    self.walk(&entry.path(), &format!("{path}/"), depth + 1);
                }
            } else {
                self.file(&entry.path(), &path, meta.len());
            }
        }
    }

    /// Reads the file at `on_disk`, `path` in the pack, of `len` bytes, if it is within
    /// the limits.
    fn file(&mut self, on_disk: &Path, path: &str, len: u64) {
        if self.files.len() >= MAX_FILES {
            return self.problem(path, format!("more than {MAX_FILES} files"));
        }
        if len > MAX_FILE_BYTES {
            return self.problem(
                path,
                format!("{len} bytes, past the {MAX_FILE_BYTES} a file may hold"),
            );
        }
        if self.bytes + len > MAX_PACK_BYTES {
            return self.problem(
                path,
                format!("past the {MAX_PACK_BYTES} bytes a pack may hold"),
            );
        }
        match fs::read(on_disk) {
            // A file that grew since its size was read is cut at the limit's check.
            Ok(bytes) if bytes.len() as u64 <= MAX_FILE_BYTES => {
                self.bytes += bytes.len() as u64;
                self.files.insert(path.to_owned(), bytes);
            }
            Ok(_) => self.problem(path, "grew past the limit while it was read".to_owned()),
            Err(e) => self.problem(path, format!("cannot be read: {e}")),
        }
    }

    /// `pack.toml`, checked.
    fn manifest(&mut self, bytes: &[u8]) -> Option<Manifest> {
        let file = format!("{}/pack.toml", self.folder);
        let Ok(text) = std::str::from_utf8(bytes) else {
            self.problem("pack.toml", "not UTF-8 text".to_owned());
            return None;
        };
        let manifest: Manifest = match toml::from_str(text) {
            Ok(manifest) => manifest,
            Err(e) => {
                let offset = e.span().map_or(0, |s| s.start);
                let problem = Problem::at(&file, text, offset, "", e.message().to_owned());
                self.problems.push(problem);
                return None;
            }
        };
        let plain = |n: &str| {
            !n.is_empty()
                && n.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        };
        if !plain(&manifest.name) || manifest.name == "base" {
            let message = format!(
                "{:?} is not a pack name: lowercase letters, digits and _, and not base",
                manifest.name
            );
            self.problems
                .push(Problem::at(&file, text, 0, "name", message));
            return None;
        }
        if let Some(module) = &manifest.module
            && !(is_plain(module) && module.ends_with(".wasm"))
        {
            let message = format!("{module:?} is not a module's file: NAME.wasm at the pack's top");
            let at = text.find("module").unwrap_or(0);
            self.problems
                .push(Problem::at(&file, text, at, "module", message));
            return None;
        }
        Some(manifest)
    }
}

/// Whether `name` is a plain name for a file or folder in a pack: nothing that could lead
/// out of it (`..`, a separator) or hide in it (a leading dot).
fn is_plain(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}
