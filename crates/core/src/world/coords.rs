//! Integer coordinates of blocks and chunks, as distinct types so they cannot be mixed up.
//!
//! A block at [`BlockPos`] `(x, y, z)` fills the unit cube `[x, x+1) × [y, y+1) × [z, z+1)`.
//! Chunks are cubes of [`CHUNK_SIZE`]³ blocks; [`ChunkPos`] counts chunks, [`LocalPos`] is a
//! block's place inside its chunk. The world is [`WORLD_HEIGHT_CHUNKS`] chunks tall, and a
//! [`ColumnPos`] names one stack of them from the bottom of the world to the top: the unit
//! the world loads in, since sky light at any height depends on everything above it.

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
/// Chunks in one column, for arrays.
pub const COLUMN_CHUNKS: usize = WORLD_HEIGHT_CHUNKS as usize;
/// The world border, as Minecraft has one: cells with x and z in
/// `[-WORLD_BORDER, WORLD_BORDER)` are the world, and positions lie within ±`WORLD_BORDER`.
/// Nothing is generated, placed or walked beyond it. It keeps every coordinate computation
/// (chunk indices, heightmap windows, `x + 1`) far from the i32 limits, and f64 positions
/// exact to well below the physics' position grid.
pub const WORLD_BORDER: i32 = 30_000_000;
const _: () = assert!(
    WORLD_BORDER % CHUNK_SIZE == 0,
    "whole columns lie inside the border"
);

/// The integer coordinates of one block in the world.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
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

    /// Whether the block lies inside the [`WORLD_BORDER`] (its height is not looked at).
    #[must_use]
    pub const fn inside_border(self) -> bool {
        self.x >= -WORLD_BORDER
            && self.x < WORLD_BORDER
            && self.z >= -WORLD_BORDER
            && self.z < WORLD_BORDER
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

    /// The column of chunks holding this block.
    #[must_use]
    pub const fn column(self) -> ColumnPos {
        ColumnPos::new(self.x >> CHUNK_SHIFT, self.z >> CHUNK_SHIFT)
    }

    /// The chunks whose meshes read this cell: its own, and the neighbours across every
    /// chunk border it lies on, since a mesh reads one cell into each of its 26 neighbours.
    pub fn chunks_seeing(self) -> impl Iterator<Item = ChunkPos> {
        let local = self.local();
        let reach = |c: u8| match c {
            0 => -1..=0,
            c if i32::from(c) == CHUNK_SIZE - 1 => 0..=1,
            _ => 0..=0,
        };
        let chunk = self.chunk();
        let (xs, ys, zs) = (reach(local.x), reach(local.y), reach(local.z));
        ys.flat_map(move |dy| {
            let xs = xs.clone();
            zs.clone().flat_map(move |dz| {
                xs.clone()
                    .map(move |dx| chunk.offset(IVec3::new(dx, dy, dz)))
            })
        })
        .filter(|c| c.in_world_height())
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

    /// The column this chunk is part of.
    #[must_use]
    pub const fn column(self) -> ColumnPos {
        ColumnPos::new(self.x, self.z)
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

/// A column of chunks, the whole height of the world, in chunk units: column `(x, z)` holds
/// the chunks `(x, 0, z)` to `(x, WORLD_HEIGHT_CHUNKS - 1, z)`.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct ColumnPos {
    /// East (+x) coordinate in chunks.
    pub x: i32,
    /// South (+z) coordinate in chunks.
    pub z: i32,
}

impl ColumnPos {
    /// The column at `(x, z)` in chunk units.
    #[must_use]
    pub const fn new(x: i32, z: i32) -> Self {
        Self { x, z }
    }

    /// The chunk of this column at height `y` (in chunks).
    #[must_use]
    pub const fn chunk(self, y: i32) -> ChunkPos {
        ChunkPos::new(self.x, y, self.z)
    }

    /// Its chunks, from the bottom of the world up.
    pub fn chunks(self) -> impl Iterator<Item = ChunkPos> {
        (0..WORLD_HEIGHT_CHUNKS).map(move |y| self.chunk(y))
    }

    /// Whether any of the column's blocks lies inside the [`WORLD_BORDER`] (the border is
    /// a multiple of [`CHUNK_SIZE`], so then all of them do).
    #[must_use]
    pub const fn inside_border(self) -> bool {
        const LIMIT: i32 = WORLD_BORDER / CHUNK_SIZE;
        self.x >= -LIMIT && self.x < LIMIT && self.z >= -LIMIT && self.z < LIMIT
    }

    /// Whether some block of the column lies within `reach` blocks of `from`, measured
    /// horizontally (in the x–z plane).
    #[must_use]
    pub fn within(self, from: BlockPos, reach: i32) -> bool {
        let min = self.chunk(0).min_block();
        let gap = |c: i32, low: i32| i64::from((low - c).max(c - (low + CHUNK_SIZE - 1)).max(0));
        let (dx, dz) = (gap(from.x, min.x), gap(from.z, min.z));
        dx * dx + dz * dz <= i64::from(reach).pow(2)
    }

    /// This column moved by `dx`, `dz` columns.
    #[must_use]
    pub const fn offset(self, dx: i32, dz: i32) -> Self {
        Self::new(self.x + dx, self.z + dz)
    }

    /// The columns within `radius` of this one on both axes (a square), this one included.
    pub fn around(self, radius: i32) -> impl Iterator<Item = Self> {
        (-radius..=radius).flat_map(move |dz| (-radius..=radius).map(move |dx| self.offset(dx, dz)))
    }

    /// Every column with a block in the box between `a` and `b` (inclusive), x fastest.
    pub fn covering(a: BlockPos, b: BlockPos) -> impl Iterator<Item = Self> {
        let (min, max) = (a.column(), b.column());
        let (x0, x1) = (min.x.min(max.x), min.x.max(max.x));
        (min.z.min(max.z)..=min.z.max(max.z))
            .flat_map(move |z| (x0..=x1).map(move |x| Self::new(x, z)))
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
    fn blocks_and_chunks_know_their_column() {
        let p = BlockPos::new(-1, 200, 64);
        assert_eq!(p.column(), ColumnPos::new(-1, 2));
        assert_eq!(p.chunk().column(), p.column());
        let column: Vec<_> = p.column().chunks().collect();
        assert_eq!(column.len(), COLUMN_CHUNKS);
        assert!(column.contains(&p.chunk()));
        let covered: Vec<_> =
            ColumnPos::covering(BlockPos::new(31, 0, -33), BlockPos::new(32, 9, -32)).collect();
        assert_eq!(
            covered,
            [(0, -2), (1, -2), (0, -1), (1, -1)].map(|(x, z)| ColumnPos::new(x, z))
        );
        assert_eq!(ColumnPos::default().around(1).count(), 9);
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
