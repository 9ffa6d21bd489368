//! Integer coordinates of blocks and chunks, as distinct types so they cannot be mixed up.
//!
//! A block at [`BlockPos`] `(x, y, z)` fills the unit cube `[x, x+1) × [y, y+1) × [z, z+1)`.
//! Chunks are cubes of [`CHUNK_SIZE`]³ blocks; [`ChunkPos`] counts chunks, [`LocalPos`] is a
//! block's place inside its chunk.

use glam::{DVec3, IVec3};

/// Blocks along each edge of a chunk.
pub const CHUNK_SIZE: i32 = 32;
/// `log2(CHUNK_SIZE)`, for splitting coordinates with shifts and masks.
pub const CHUNK_SHIFT: u32 = 5;
/// Blocks in one chunk.
pub const CHUNK_VOLUME: usize = (CHUNK_SIZE * CHUNK_SIZE * CHUNK_SIZE) as usize;
/// The world's height in blocks: y lies in `[0, WORLD_HEIGHT)`.
pub const WORLD_HEIGHT: i32 = 256;
/// The world's height in chunks.
pub const WORLD_HEIGHT_CHUNKS: i32 = WORLD_HEIGHT / CHUNK_SIZE;

/// The integer coordinates of one block in the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct BlockPos {
    /// East (+x) coordinate.
    pub x: i32,
    /// Up (+y) coordinate.
    pub y: i32,
    /// South (+z) coordinate.
    pub z: i32,
}

impl BlockPos {
    /// The block at `(x, y, z)`.
    #[must_use]
    pub const fn new(x: i32, y: i32, z: i32) -> Self {
        Self { x, y, z }
    }

    /// The block containing the world point `p`.
    #[must_use]
    pub fn containing(p: DVec3) -> Self {
        let f = p.floor();
        Self::new(f.x as i32, f.y as i32, f.z as i32)
    }

    /// This block moved by `offset`.
    #[must_use]
    pub fn offset(self, offset: IVec3) -> Self {
        Self::new(self.x + offset.x, self.y + offset.y, self.z + offset.z)
    }

    /// The coordinates as a glam vector.
    #[must_use]
    pub const fn to_ivec3(self) -> IVec3 {
        IVec3::new(self.x, self.y, self.z)
    }

    /// The world position of the block's minimum corner.
    #[must_use]
    pub fn min_corner(self) -> DVec3 {
        DVec3::new(f64::from(self.x), f64::from(self.y), f64::from(self.z))
    }

    /// Whether the block lies inside the world's height range.
    #[must_use]
    pub const fn in_world_height(self) -> bool {
        self.y >= 0 && self.y < WORLD_HEIGHT
    }

    /// Every block in the box with corners `a` and `b` (inclusive), x fastest, then z, then y.
    pub fn cells_between(a: Self, b: Self) -> impl Iterator<Item = Self> {
        let (min, max) = (
            a.to_ivec3().min(b.to_ivec3()),
            a.to_ivec3().max(b.to_ivec3()),
        );
        (min.y..=max.y).flat_map(move |y| {
            (min.z..=max.z).flat_map(move |z| (min.x..=max.x).map(move |x| Self::new(x, y, z)))
        })
    }

    /// The chunk holding this block.
    #[must_use]
    pub const fn chunk(self) -> ChunkPos {
        ChunkPos::new(
            self.x >> CHUNK_SHIFT,
            self.y >> CHUNK_SHIFT,
            self.z >> CHUNK_SHIFT,
        )
    }

    /// This block's place inside its chunk.
    #[must_use]
    pub const fn local(self) -> LocalPos {
        let mask = CHUNK_SIZE - 1;
        LocalPos::new(
            (self.x & mask) as u8,
            (self.y & mask) as u8,
            (self.z & mask) as u8,
        )
    }
}

impl From<IVec3> for BlockPos {
    fn from(v: IVec3) -> Self {
        Self::new(v.x, v.y, v.z)
    }
}

/// The coordinates of one chunk, in chunks: chunk `c` holds blocks `c * CHUNK_SIZE ..`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct ChunkPos {
    /// East (+x) coordinate in chunks.
    pub x: i32,
    /// Up (+y) coordinate in chunks.
    pub y: i32,
    /// South (+z) coordinate in chunks.
    pub z: i32,
}

impl ChunkPos {
    /// The chunk at `(x, y, z)` in chunk units.
    #[must_use]
    pub const fn new(x: i32, y: i32, z: i32) -> Self {
        Self { x, y, z }
    }

    /// The block at this chunk's minimum corner.
    #[must_use]
    pub const fn min_block(self) -> BlockPos {
        BlockPos::new(
            self.x << CHUNK_SHIFT,
            self.y << CHUNK_SHIFT,
            self.z << CHUNK_SHIFT,
        )
    }

    /// The world block at `local` inside this chunk.
    #[must_use]
    pub const fn block(self, local: LocalPos) -> BlockPos {
        let min = self.min_block();
        BlockPos::new(
            min.x + local.x as i32,
            min.y + local.y as i32,
            min.z + local.z as i32,
        )
    }

    /// Whether this chunk lies inside the world's height range.
    #[must_use]
    pub const fn in_world_height(self) -> bool {
        self.y >= 0 && self.y < WORLD_HEIGHT_CHUNKS
    }

    /// This chunk moved by `offset` chunks.
    #[must_use]
    pub fn offset(self, offset: IVec3) -> Self {
        Self::new(self.x + offset.x, self.y + offset.y, self.z + offset.z)
    }

    /// The coordinates as a glam vector.
    #[must_use]
    pub const fn to_ivec3(self) -> IVec3 {
        IVec3::new(self.x, self.y, self.z)
    }
}

/// A block's place inside its chunk; each coordinate is below [`CHUNK_SIZE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct LocalPos {
    /// x inside the chunk.
    pub x: u8,
    /// y inside the chunk.
    pub y: u8,
    /// z inside the chunk.
    pub z: u8,
}

impl LocalPos {
    /// The local position `(x, y, z)`; each must be below [`CHUNK_SIZE`].
    #[must_use]
    pub const fn new(x: u8, y: u8, z: u8) -> Self {
        Self { x, y, z }
    }

    /// The index of this position in a chunk's flat block array (x fastest, then z, then y).
    #[must_use]
    pub const fn index(self) -> usize {
        let s = CHUNK_SIZE as usize;
        (self.y as usize * s + self.z as usize) * s + self.x as usize
    }

    /// The position with flat array index `index`, the inverse of [`LocalPos::index`].
    #[must_use]
    pub const fn from_index(index: usize) -> Self {
        let s = CHUNK_SIZE as usize;
        Self::new(
            (index % s) as u8,
            (index / (s * s)) as u8,
            ((index / s) % s) as u8,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_blocks_split_into_chunk_and_local() {
        let p = BlockPos::new(-1, 33, -32);
        assert_eq!(p.chunk(), ChunkPos::new(-1, 1, -1));
        assert_eq!(p.local(), LocalPos::new(31, 1, 0));
        assert_eq!(p.chunk().block(p.local()), p);
    }

    #[test]
    fn local_index_round_trips() {
        for i in [0, 1, 31, 32, 1023, 1024, CHUNK_VOLUME - 1] {
            assert_eq!(LocalPos::from_index(i).index(), i);
        }
    }

    #[test]
    fn containing_floors_toward_negative_infinity() {
        assert_eq!(
            BlockPos::containing(DVec3::new(-0.5, 64.0, 1_000_000.9)),
            BlockPos::new(-1, 64, 1_000_000)
        );
    }
}
