//! What a world's rows hold, read one way for everyone: opening a world for play and
//! `hewn world check` both call [`read`], so they cannot disagree about which chunks, rows or
//! players are damaged. Everything damaged is left out of what is returned and listed in
//! [`Damage`]: the game and `hewn sim` warn about each item and run without it, and check
//! reports the same items and exits 1.
//!
//! Memory stays in proportion to what is allowed, not to what a file claims: a chunk blob of
//! a few hundred bytes can decode to 32,768 edits, so the edits of all stored chunks together
//! are held to [`MAX_SAVED_EDITS`], and only the first [`MAX_CRATES`] crates and
//! [`MAX_SAVED_PLAYERS`] players are read.
//!
//! [`MAX_CRATES`]: hewn_scenario::MAX_CRATES
//! [`MAX_SAVED_PLAYERS`]: super::MAX_SAVED_PLAYERS

use std::path::Path;
use std::sync::Arc;

use rusqlite::Connection;

use super::codec::{self, DecodeError};
use super::motion::{self, Motion};
use super::players::{self, SavedPlayers};
use super::rows::{DamagedRow, integer};
use super::schema::{self, Meta};
use super::{DbResult, SaveError, crates};
use hewn_core::physics::crates::Crate;
use hewn_core::sim::creature::Population;
use hewn_core::sim::survival::Survival;
use hewn_core::world::coords::CHUNK_VOLUME;
use hewn_core::world::{BlockPos, Chunk, ChunkPos, ColumnSource, Edit, LocalPos, World};
use hewn_core::worldgen::Generator;

/// The most edited cells (cells whose block differs from what the generator makes) that the
/// stored chunks of a world may hold together: as many as a world may hold in play
/// ([`hewn_core::world::MAX_EDITS`]), so every world the game saves opens whole. A chunk that
/// would take the world past it is damage, regenerated in memory and left in the file.
pub const MAX_SAVED_EDITS: usize = hewn_core::world::MAX_EDITS;

/// A stored chunk that could not be decoded. The game runs with it regenerated; the file
/// keeps the damaged copy until the player edits that chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedChunk {
    /// Where the chunk is.
    pub pos: ChunkPos,
    /// What is wrong with it.
    pub error: DecodeError,
}

/// What is damaged in a world's rows: everything [`read`] left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Damage {
    /// Stored chunks that could not be used.
    pub chunks: Vec<DamagedChunk>,
    /// Rows of the players, crates, updates and falling tables (and chunk keys) that could
    /// not be used.
    pub rows: Vec<DamagedRow>,
}

/// A world's rows, as [`read`] finds them.
pub(super) struct Contents {
    /// The world with every usable stored chunk's edits.
    pub world: World,
    /// The generator the world comes from, shared with the world.
    pub generator: Arc<Generator>,
    /// Chunks stored, damaged or not.
    pub chunks: u64,
    /// The usable saved players, by name.
    pub players: SavedPlayers,
    /// The usable crates, in order.
    pub crates: Vec<Crate>,
    /// The usable water queue and falling blocks.
    pub motion: Motion,
    /// The mode and survival's state (creative for a world from before survival).
    pub survival: Survival,
    /// The creatures, where the world has them stored.
    pub creatures: Option<Population>,
    /// What the world's mods keep.
    pub mod_storage: super::ModStorage,
    /// What was left out.
    pub damage: Damage,
}

/// Reads every row of the world in `conn`, made with `meta`, at schema `version` (tables a
/// version did not have yet read as empty, so an old world is checked as it is, without
/// being upgraded).
///
/// # Errors
/// [`SaveError::Database`] if `SQLite` fails; damage in the rows is in [`Contents::damage`].
pub(super) fn read(
    path: &Path,
    conn: &Connection,
    meta: &Meta,
    version: i64,
) -> Result<Contents, SaveError> {
    let generator = Arc::new(Generator::new(meta.generator, meta.seed));
    let mut world = World::with_shared_source(generator.clone());
    let mut damage = Damage::default();
    let chunks = read_chunks(conn, &generator, &mut world, &mut damage).db(path)?;
    world.take_changed_chunks();
    let (players, rows) = players::read(conn, version).db(path)?;
    damage.rows.extend(rows);
    let crates = if version >= 2 {
        let (crates, rows) = crates::read(conn).db(path)?;
        damage.rows.extend(rows);
        crates
    } else {
        Vec::new()
    };
    let survival = if version >= schema::SURVIVAL {
        let (survival, rows) = super::survival::read(conn, generator.spawn_point()).db(path)?;
        damage.rows.extend(rows);
        survival
    } else {
        Survival::new(
            hewn_core::sim::survival::Mode::Creative,
            generator.spawn_point(),
        )
    };
    let creatures = if version >= schema::CREATURES {
        let (creatures, rows) = super::creatures::read(conn).db(path)?;
        damage.rows.extend(rows);
        creatures
    } else {
        None
    };
    let mod_storage = if version >= schema::MOD_STORAGE {
        let (storage, rows) = super::mod_storage::read(conn).db(path)?;
        damage.rows.extend(rows);
        storage
    } else {
        super::ModStorage::new()
    };
    let motion = if version >= 5 {
        let (motion, rows) = motion::read(conn).db(path)?;
        damage.rows.extend(rows);
        motion
    } else {
        Motion::default()
    };
    Ok(Contents {
        world,
        generator,
        chunks,
        players,
        crates,
        motion,
        survival,
        creatures,
        mod_storage,
        damage,
    })
}

/// Restores the edits of every usable stored chunk into `world`, in the order of their
/// coordinates (so which chunks pass [`MAX_SAVED_EDITS`] never depends on how `SQLite` stores
/// them), and lists the others in `damage`. Returns how many chunks are stored.
fn read_chunks(
    conn: &Connection,
    generator: &Generator,
    world: &mut World,
    damage: &mut Damage,
) -> rusqlite::Result<u64> {
    let mut stmt =
        conn.prepare("SELECT rowid, x, y, z, format, data FROM chunks ORDER BY x, y, z")?;
    let mut rows = stmt.query([])?;
    let (mut stored, mut edits) = (0, 0);
    while let Some(row) = rows.next()? {
        stored += 1;
        let rowid: i64 = row.get(0)?;
        let (pos, format) = match chunk_key(row) {
            Ok(key) => key,
            Err(problem) => {
                // A key SQLite's types let through but no chunk has: no save can replace it.
                damage.rows.push(DamagedRow::row("chunks", rowid, problem));
                continue;
            }
        };
        let blob = row.get_ref(5)?.as_blob().unwrap_or_default();
        let decoded = if pos.in_world_height() && pos.column().inside_border() {
            codec::decode(format, blob)
        } else {
            Err(DecodeError::OutsideWorld)
        };
        let saved = match decoded {
            Ok(saved) => saved,
            Err(error) => {
                damage.chunks.push(DamagedChunk { pos, error });
                continue;
            }
        };
        let chunk_edits = chunk_edits(generator, pos, &saved);
        if edits + chunk_edits.len() > MAX_SAVED_EDITS {
            damage.chunks.push(DamagedChunk {
                pos,
                error: DecodeError::TooManyEdits {
                    limit: MAX_SAVED_EDITS,
                },
            });
            continue;
        }
        edits += chunk_edits.len();
        world.restore_edits(chunk_edits);
    }
    Ok(stored)
}

/// The position and format of the chunk in `row` (`rowid` first), or what is wrong with them.
fn chunk_key(row: &rusqlite::Row<'_>) -> Result<(ChunkPos, i64), String> {
    let [x, y, z] = [(1, "x"), (2, "y"), (3, "z")].map(|(i, name)| {
        integer(row, i, name).and_then(|v| {
            i32::try_from(v).map_err(|_| format!("{name} = {v} is not a chunk coordinate"))
        })
    });
    Ok((ChunkPos::new(x?, y?, z?), integer(row, 4, "format")?))
}

/// The edits of one stored chunk, found by comparing it with what the generator makes, so
/// the chunk is generated once and the edits come out exactly as they were.
fn chunk_edits(generator: &Generator, pos: ChunkPos, saved: &Chunk) -> Vec<(BlockPos, Edit)> {
    let generated = generator.generate(pos);
    (0..CHUNK_VOLUME)
        .filter_map(|i| {
            let edit = Edit {
                generated: generated.get_index(i),
                current: saved.get_index(i),
            };
            (edit.generated != edit.current).then(|| (pos.block(LocalPos::from_index(i)), edit))
        })
        .collect()
}
