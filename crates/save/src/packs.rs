//! A world's content: the packs it enables, in order, and its block table, the name of
//! every block id it has saved.
//!
//! The table is kept forever, as Luanti keeps a world's `blocks` map: a block keeps the id it
//! was first saved with whatever packs come and go, so a chunk's ids always mean what they
//! meant when it was written. A pack that cannot be found leaves its blocks standing as
//! unknown blocks, whole again when it returns; a pack with a problem refuses the world,
//! before anything is written.

use std::path::{Path, PathBuf};

use hewn_content::{Content, Pack};
use hewn_core::world::Block;
use rusqlite::{Connection, Transaction, params};

use super::schema::CONTENT;
use super::{DbResult, SaveError, escaped};

/// One pack a world enables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldPack {
    /// Its name, from its `pack.toml`: the namespace of its blocks.
    pub name: String,
    /// Where it was last read from: a folder or a `.zip`.
    pub path: PathBuf,
}

impl WorldPack {
    /// What the game, `hewn serve`, `hewn sim` and `hewn world check` say of it when it
    /// cannot be found, control characters escaped.
    #[must_use]
    pub fn missing(&self) -> String {
        format!(
            "pack {} is missing (last at {}): its blocks stand as unknown blocks until it returns",
            escaped(&self.name),
            escaped(&self.path.display().to_string())
        )
    }
}

/// The content a world opens with: its packs read and checked, its blocks at the ids its
/// table keeps. Nothing is installed or written until the world is opened with it.
pub struct WorldContent {
    /// The packs it enables, in order, found or not.
    pub packs: Vec<WorldPack>,
    /// Those of [`WorldContent::packs`] that were found nowhere: their blocks stand as
    /// unknown blocks and their recipes are gone until they return.
    pub missing: Vec<WorldPack>,
    /// The blocks and rules, ready to install.
    content: Content,
    /// The world's block table as saved.
    kept: Vec<String>,
}

impl std::fmt::Debug for WorldContent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorldContent")
            .field("packs", &self.packs)
            .field("missing", &self.missing)
            .finish_non_exhaustive()
    }
}

impl WorldContent {
    /// The content of the packs at `asked`, in order, for a world never saved.
    ///
    /// # Errors
    /// [`SaveError::Content`] for a pack that cannot be read or has a problem, or packs that
    /// cannot play together.
    pub fn unsaved(asked: &[PathBuf]) -> Result<Self, SaveError> {
        gather(Path::new("(unsaved world)"), None, Some(asked))
    }

    /// Makes this content the game's now, before the world opens: for what must name the
    /// world's blocks first (a scenario played in it). Opening installs it again.
    ///
    /// # Errors
    /// [`SaveError::Content`] when the process has installed as much content as it can.
    pub fn install_now(self, path: &Path) -> Result<(), SaveError> {
        self.install(path).map(|_| ())
    }

    /// Makes this content the game's, for the world at `path` about to open, and gives
    /// back what it was read from: the packs and the block table as saved.
    pub(super) fn install(self, path: &Path) -> Result<Installed, SaveError> {
        self.content.install().map_err(|e| SaveError::Content {
            path: path.to_owned(),
            problems: e.to_string(),
        })?;
        Ok(Installed {
            packs: self.packs,
            missing: self.missing,
            kept: self.kept,
        })
    }
}

/// A world's content once installed: what its opening records and reports.
pub(super) struct Installed {
    /// The packs it enables, in order.
    pub packs: Vec<WorldPack>,
    /// Those found nowhere.
    pub missing: Vec<WorldPack>,
    /// The block table as saved, which the opening extends.
    pub kept: Vec<String>,
}

/// The folder packs are looked for in when a world's own path to one no longer holds it:
/// `packs` beside the worlds folder (`$HEWN_DATA_DIR/packs`).
///
/// # Errors
/// [`SaveError::NoDataDir`] if there is no home folder.
pub fn packs_dir() -> Result<PathBuf, SaveError> {
    Ok(super::data_dir()?.join("packs"))
}

/// Every pack in the [packs folder](packs_dir) that reads, in file-name order, each with its
/// folder's or `.zip`'s name there: what the new-world form and the settings offer.
#[must_use]
pub fn packs_in_folder() -> Vec<(String, Pack)> {
    let Ok(entries) =
        packs_dir().and_then(|d| std::fs::read_dir(&d).map_err(|e| SaveError::io(&d, e)))
    else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    paths
        .iter()
        .filter_map(|path| {
            let pack = Pack::read(path).ok()?;
            Some((path.file_name()?.to_str()?.to_owned(), pack))
        })
        .collect()
}

/// The packs and block table saved in the world `conn` holds, at schema `version` (none for a
/// world from before worlds kept them).
pub(super) fn read(
    conn: &Connection,
    version: i64,
) -> rusqlite::Result<(Vec<WorldPack>, Vec<String>)> {
    if version < CONTENT {
        return Ok((Vec::new(), Vec::new()));
    }
    let mut packs = conn.prepare("SELECT name, path FROM packs ORDER BY position")?;
    let packs = packs
        .query_map([], |r| {
            Ok(WorldPack {
                name: r.get(0)?,
                path: PathBuf::from(r.get::<_, String>(1)?),
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut blocks = conn.prepare("SELECT id, name FROM blocks ORDER BY id")?;
    let mut names = Vec::new();
    for row in blocks.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))? {
        let (id, name) = row?;
        // The table is written whole from id 0; a gap is a hand's edit, and a block read at
        // an id the table does not name would be read as another.
        if usize::try_from(id).ok() != Some(names.len()) {
            return Err(rusqlite::Error::IntegralValueOutOfRange(0, id));
        }
        names.push(name);
    }
    Ok((packs, names))
}

/// Records `packs` as the world's, and adds to its block table every block of the installed
/// registry it does not name yet; refuses a registry whose first blocks are not the table's,
/// which would read saved chunks as other blocks.
pub(super) fn write(
    path: &Path,
    tx: &Transaction<'_>,
    packs: &[WorldPack],
    kept: &[String],
) -> Result<(), SaveError> {
    let installed: Vec<&str> = Block::registry().names().collect();
    if let Some(id) = (0..kept.len()).find(|&i| installed.get(i) != Some(&kept[i].as_str())) {
        return Err(SaveError::Content {
            path: path.to_owned(),
            problems: format!(
                "the blocks in use put {} at id {id}, where the world keeps {}",
                installed.get(id).copied().unwrap_or("nothing"),
                kept[id]
            ),
        });
    }
    tx.execute("DELETE FROM packs", []).db(path)?;
    for (position, pack) in (0_i64..).zip(packs) {
        tx.execute(
            "INSERT INTO packs (position, name, path) VALUES (?1, ?2, ?3)",
            params![position, pack.name, pack.path.to_string_lossy()],
        )
        .db(path)?;
    }
    for (id, name) in (0_i64..).zip(&installed).skip(kept.len()) {
        tx.execute(
            "INSERT INTO blocks (id, name) VALUES (?1, ?2)",
            params![id, name],
        )
        .db(path)?;
    }
    Ok(())
}

/// Reads the content of the world at `path` whose saved packs and table are `saved` (`None`
/// for a world being made): the packs in `asked` if given, which become the world's, or
/// else the world's own, each looked for where it was last read and then in [`packs_dir`].
///
/// # Errors
/// [`SaveError::Content`] for an asked pack that cannot be read, a pack with a problem, or
/// packs that cannot play together or with the world's table.
pub(super) fn gather(
    path: &Path,
    saved: Option<(Vec<WorldPack>, Vec<String>)>,
    asked: Option<&[PathBuf]>,
) -> Result<WorldContent, SaveError> {
    let refused = |problems: String| SaveError::Content {
        path: path.to_owned(),
        problems,
    };
    let (recorded, kept) = saved.unwrap_or_default();
    let mut read = Vec::new();
    let mut packs = Vec::new();
    let mut missing = Vec::new();
    match asked {
        Some(asked) => {
            for at in asked {
                let pack = Pack::read(at).map_err(|p| refused(escaped(&p.to_string()).into()))?;
                packs.push(WorldPack {
                    name: pack.manifest.name.clone(),
                    path: std::path::absolute(at).unwrap_or_else(|_| at.clone()),
                });
                read.push(pack);
            }
        }
        None => {
            for pack in recorded {
                match find(&pack)? {
                    Some((found, at)) => {
                        packs.push(WorldPack {
                            name: pack.name,
                            path: at,
                        });
                        read.push(found);
                    }
                    None => {
                        missing.push(pack.clone());
                        packs.push(pack);
                    }
                }
            }
        }
    }
    let content = hewn_content::load_keeping(&read, &kept)
        .map_err(|p| refused(escaped(&p.to_string()).into()))?;
    Ok(WorldContent {
        packs,
        missing,
        content,
        kept,
    })
}

/// Reads `packs`, a world's, again and makes their recipes, drops, smelting, dig times and
/// textures the ones in play, at once, keeping every block at its id; a pack still missing
/// stays missing. Gives what was read, in words, and the packs.
///
/// # Errors
/// Why nothing changed, in words: a pack with a problem, packs that would add, take away
/// or reorder blocks (which needs the world opened again), or no room left to install.
pub fn reload_packs(packs: &[WorldPack]) -> Result<(String, Vec<Pack>), String> {
    let read = found_packs(packs).map_err(|e| e.to_string())?;
    let in_use: Vec<String> = Block::registry().names().map(str::to_owned).collect();
    let content = hewn_content::load_keeping(&read, &in_use)
        .map_err(|p| escaped(&p.to_string()).into_owned())?;
    let names: Vec<&str> = content.registry.names().collect();
    if names.len() != in_use.len() {
        let added = names.len().saturating_sub(in_use.len());
        return Err(format!(
            "the packs now declare {added} new blocks; new blocks need the world opened again"
        ));
    }
    let gone: Vec<&str> = (0..names.len())
        .filter_map(|id| u16::try_from(id).ok().map(Block::new))
        .filter(|&block| content.registry.properties(block).unknown && !block.properties().unknown)
        .map(Block::name)
        .collect();
    if !gone.is_empty() {
        return Err(format!(
            "the packs no longer declare {}; taking blocks away needs the world opened again",
            gone.join(", ")
        ));
    }
    let recipes = content.rules.recipes().len();
    let textures = content.textures.len();
    content.install().map_err(|e| e.to_string())?;
    let counted = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let said = format!(
        "{}, {}, {}",
        counted(read.len(), "pack"),
        counted(recipes, "recipe"),
        counted(textures, "texture")
    );
    Ok((said, read))
}

/// The packs of `packs` that can be found, read, in order: what a server sends its clients.
///
/// # Errors
/// [`SaveError::Content`] for a pack found with a problem.
pub fn found_packs(packs: &[WorldPack]) -> Result<Vec<Pack>, SaveError> {
    let mut read = Vec::new();
    for pack in packs {
        if let Some((found, _)) = find(pack)? {
            read.push(found);
        }
    }
    Ok(read)
}

/// The pack `pack` names, read where it was last or else from [`packs_dir`], and where it was
/// found; `None` where it is nowhere.
///
/// # Errors
/// [`SaveError::Content`] for a pack of that name found with a problem.
fn find(pack: &WorldPack) -> Result<Option<(Pack, PathBuf)>, SaveError> {
    let mut places = vec![pack.path.clone()];
    if let Ok(dir) = packs_dir()
        && let Ok(entries) = std::fs::read_dir(&dir)
    {
        let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        places.extend(entries);
    }
    for place in places {
        if !place.exists() {
            continue;
        }
        match Pack::read(&place) {
            Ok(found) if found.manifest.name == pack.name => return Ok(Some((found, place))),
            // This pack's problems refuse the world; another pack's are not its concern.
            Err(problems) if place == pack.path => {
                return Err(SaveError::Content {
                    path: place.clone(),
                    problems: escaped(&problems.to_string()).into(),
                });
            }
            Ok(_) | Err(_) => {}
        }
    }
    Ok(None)
}
