//! World generators: deterministic functions from a seed and a chunk position to a chunk.
//!
//! Every generator makes any chunk from the seed alone, in any order and on any thread, so
//! chunks can be generated in parallel, dropped, and regenerated identically.

#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::cast_precision_loss,
    reason = "noise in fixed ranges becomes heights, depths and counts bounded by the world's \
              height, and hashes are cut to the bits they are made for"
)]

mod terrain;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use glam::DVec3;

use crate::world::cache::ColumnCache;
use crate::world::coarse::{CoarseSection, CoarseSource, SectionPos, uniform_columns};
use crate::world::coords::{CHUNK_SIZE, CHUNK_VOLUME};
use crate::world::{Block, COLUMN_CHUNKS, Chunk, ChunkPos, ColumnPos, ColumnSource, LocalPos};
pub use terrain::{Biome, SEA_LEVEL, SplitMix64, Terrain};

/// Which generator a world uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GeneratorKind {
    /// Hills, mountains, sea and beaches, caves and trees from noise.
    #[default]
    Terrain,
    /// Bedrock at y = 0, stone to 59, dirt to 62, grass at 63, air above.
    Flat,
    /// Air everywhere.
    Empty,
}

impl GeneratorKind {
    /// Every generator, for listing in help texts and errors.
    pub const ALL: [Self; 3] = [Self::Terrain, Self::Flat, Self::Empty];

    /// The generator's name as written in scenarios and on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Terrain => "terrain",
            Self::Flat => "flat",
            Self::Empty => "empty",
        }
    }
}

impl fmt::Display for GeneratorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of [`GeneratorKind::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown world generator {0:?} (expected terrain, flat or empty)")]
pub struct UnknownGenerator(pub String);

impl FromStr for GeneratorKind {
    type Err = UnknownGenerator;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownGenerator(s.to_owned()))
    }
}

/// The top of the flat world's grass: a player stands at this y.
pub const FLAT_SURFACE_Y: i32 = 64;

/// The version of what the generators make: bumped whenever any of them makes different
/// blocks from the same seed. Clients make terrain themselves from the server's seed, so a
/// client and a server play together only with the same version (the multiplayer handshake
/// checks it), and the worldgen golden tests pin what each version makes.
pub const GENERATOR_VERSION: u32 = 2;

/// A generator and a cache of the columns it made, shared by everything in a process that
/// draws one world: in single-player, the server's world, the client's and the client's
/// workers, so each column is generated (and lit by itself) once.
#[derive(Clone, Debug)]
pub struct SharedTerrain {
    /// The generator, for what the cache does not hold (the far view's coarse sections).
    pub generator: Arc<Generator>,
    /// The columns it made, lit by themselves.
    pub columns: Arc<ColumnCache>,
}

impl SharedTerrain {
    /// `generator`'s terrain with a cache of its own, keeping `capacity` columns.
    #[must_use]
    pub fn new(generator: Arc<Generator>, capacity: usize) -> Self {
        let columns = Arc::new(ColumnCache::new(generator.clone(), capacity));
        Self { generator, columns }
    }
}

/// A seeded generator of one kind.
#[derive(Debug)]
pub struct Generator {
    kind: GeneratorKind,
    seed: u64,
    terrain: Option<Terrain>,
    /// Columns made so far ([`Generator::columns_made`]).
    columns_made: AtomicU64,
}

impl Generator {
    /// The generator of `kind` for `seed`.
    #[must_use]
    pub fn new(kind: GeneratorKind, seed: u64) -> Self {
        let terrain = (kind == GeneratorKind::Terrain).then(|| Terrain::new(seed));
        Self {
            kind,
            seed,
            terrain,
            columns_made: AtomicU64::new(0),
        }
    }

    /// How many whole columns it has made: what a game that shares its columns between a
    /// server and a client (a [`ColumnCache`](crate::world::cache::ColumnCache)) keeps to one
    /// a column.
    #[must_use]
    pub fn columns_made(&self) -> u64 {
        self.columns_made.load(Ordering::Relaxed)
    }

    /// Which generator this is.
    #[must_use]
    pub const fn kind(&self) -> GeneratorKind {
        self.kind
    }

    /// The seed it generates from.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The biome of column `(x, z)`; `None` in worlds without biomes (flat and empty).
    #[must_use]
    pub fn biome(&self, x: i32, z: i32) -> Option<Biome> {
        self.terrain.as_ref().map(|t| t.biome(x, z))
    }

    /// Where a new player stands: the bottom centre of their box, on the surface.
    #[must_use]
    pub fn spawn_point(&self) -> DVec3 {
        match &self.terrain {
            Some(terrain) => terrain.spawn_point(),
            None => DVec3::new(0.5, f64::from(FLAT_SURFACE_Y), 0.5),
        }
    }
}

impl ColumnSource for Generator {
    /// Makes the chunk at `pos`: beyond the world border, only air.
    fn generate(&self, pos: ChunkPos) -> Chunk {
        if !pos.column().inside_border() {
            return Chunk::filled(Block::AIR);
        }
        match (&self.terrain, self.kind) {
            (Some(terrain), _) => terrain.generate(pos),
            (None, GeneratorKind::Flat) => flat_chunk(pos),
            (None, _) => Chunk::filled(Block::AIR),
        }
    }

    fn generate_column(&self, pos: ColumnPos) -> [Chunk; COLUMN_CHUNKS] {
        self.columns_made.fetch_add(1, Ordering::Relaxed);
        std::array::from_fn(|y| self.generate(pos.chunk(y as i32)))
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn pasture(&self, x: i32, z: i32) -> bool {
        self.biome(x, z)
            .is_none_or(|b| matches!(b, Biome::Plains | Biome::Forest))
    }
}

impl CoarseSource for Generator {
    /// Makes the coarse section at `pos` without making its blocks: from the noise for the
    /// terrain ([`Terrain::coarse_section`]), from the layers for the flat world.
    fn coarse_section(&self, pos: SectionPos) -> CoarseSection {
        match (&self.terrain, self.kind) {
            (Some(terrain), _) => terrain.coarse_section(pos),
            (None, GeneratorKind::Flat) => uniform_columns(pos, flat_block),
            (None, _) => CoarseSection::filled(pos, Block::AIR),
        }
    }
}

/// The flat world's block at height `y`.
#[must_use]
pub const fn flat_block(y: i32) -> Block {
    match y {
        0 => Block::BEDROCK,
        1..=59 => Block::STONE,
        60..=62 => Block::DIRT,
        63 => Block::GRASS,
        _ => Block::AIR,
    }
}

fn flat_chunk(pos: ChunkPos) -> Chunk {
    let base_y = pos.min_block().y;
    let first = flat_block(base_y);
    if (base_y..base_y + CHUNK_SIZE).all(|y| flat_block(y) == first) {
        return Chunk::filled(first);
    }
    let mut blocks = Box::new([Block::AIR; CHUNK_VOLUME]);
    for (i, b) in blocks.iter_mut().enumerate() {
        *b = flat_block(base_y + i32::from(LocalPos::from_index(i).y));
    }
    Chunk::from_blocks(&blocks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::BlockPos;

    #[test]
    fn flat_layers_match_the_spec() {
        let g = Generator::new(GeneratorKind::Flat, 0);
        let column = |y: i32| {
            let p = BlockPos::new(-7, y, 12);
            g.generate(p.chunk()).get(p.local())
        };
        assert_eq!(column(0), Block::BEDROCK);
        assert_eq!(column(1), Block::STONE);
        assert_eq!(column(59), Block::STONE);
        assert_eq!(column(60), Block::DIRT);
        assert_eq!(column(62), Block::DIRT);
        assert_eq!(column(63), Block::GRASS);
        assert_eq!(column(64), Block::AIR);
        assert_eq!(column(200), Block::AIR);
    }

    #[test]
    fn names_parse_and_unknown_names_are_named() {
        for kind in GeneratorKind::ALL {
            assert_eq!(kind.name().parse::<GeneratorKind>(), Ok(kind));
        }
        let err = "hilly".parse::<GeneratorKind>().unwrap_err();
        assert!(err.to_string().contains("hilly"));
    }
}
