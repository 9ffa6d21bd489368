//! A chunk's blocks and light with a one-block border from its neighbours: the mesher's input.

use super::{Leaves, Shading};
use hewn_core::world::coords::WORLD_HEIGHT_CHUNKS;
use hewn_core::world::light::ChunkLight;
use hewn_core::world::{Block, CHUNK_SIZE, Chunk, ChunkPos, Light, World};

/// Cells along each edge of a [`Neighbourhood`]: a chunk and a border cell on each side.
pub const PADDED: usize = CHUNK_SIZE as usize + 2;
/// Cells in a [`Neighbourhood`].
pub const PADDED_VOLUME: usize = PADDED * PADDED * PADDED;

const N: usize = CHUNK_SIZE as usize;

/// The 34³ blocks around one chunk, and their light, indexed like a chunk (x fastest, then
/// z, then y) with coordinates from −1 to 32.
///
/// Built in two halves so the expensive half can run off the main thread: the border
/// ([`Neighbourhood::fill_border`], a few thousand reads of neighbouring chunks) needs the
/// world, the centre ([`Neighbourhood::fill_centre`]) only a copy of the chunk and its light.
/// Cells outside the world are air; above it they have open sky's light, below it none.
#[derive(Clone)]
pub struct Neighbourhood {
    blocks: Box<[Block; PADDED_VOLUME]>,
    light: Box<[Light; PADDED_VOLUME]>,
    centre: Option<Block>,
    leaves: Leaves,
    shading: Shading,
}

impl std::fmt::Debug for Neighbourhood {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Neighbourhood")
            .field("centre", &self.centre)
            .finish_non_exhaustive()
    }
}

impl Default for Neighbourhood {
    fn default() -> Self {
        Self::new()
    }
}

/// The flat index of padded coordinates (each from −1 to 32).
#[must_use]
pub const fn padded_index(x: i32, y: i32, z: i32) -> usize {
    ((y + 1) as usize * PADDED + (z + 1) as usize) * PADDED + (x + 1) as usize
}

impl Neighbourhood {
    /// All air.
    #[must_use]
    pub fn new() -> Self {
        Self {
            blocks: Box::new([Block::AIR; PADDED_VOLUME]),
            light: Box::new([Light::SKY; PADDED_VOLUME]),
            centre: Some(Block::AIR),
            leaves: Leaves::Fancy,
            shading: Shading::Vertex,
        }
    }

    /// The chunk at `pos` and its border, read from `world`. Unloaded chunks read as air,
    /// and dark.
    #[must_use]
    pub fn from_world(world: &World, pos: ChunkPos) -> Self {
        let mut n = Self::new();
        n.fill_border(world, pos);
        if let (Some(chunk), Some(light)) = (world.chunk(pos), world.chunk_light(pos)) {
            n.fill_centre(chunk, light);
        }
        n
    }

    /// All cells, in padded index order ([`padded_index`]).
    #[must_use]
    pub fn blocks(&self) -> &[Block] {
        &self.blocks[..]
    }

    /// The light of all cells, in padded index order ([`padded_index`]).
    #[must_use]
    pub fn lights(&self) -> &[Light] {
        &self.light[..]
    }

    /// How the mesher draws leaves.
    #[must_use]
    pub const fn leaves(&self) -> Leaves {
        self.leaves
    }

    /// Has the mesher draw leaves as `leaves` says.
    pub fn set_leaves(&mut self, leaves: Leaves) {
        self.leaves = leaves;
    }

    /// Where the mesh's light and AO are worked out.
    #[must_use]
    pub const fn shading(&self) -> Shading {
        self.shading
    }

    /// Has the mesher leave light and AO to the shader, or work them out per vertex, as
    /// `shading` says.
    pub fn set_shading(&mut self, shading: Shading) {
        self.shading = shading;
    }

    /// The block that fills the whole 32³ centre, if one does.
    #[must_use]
    pub const fn uniform_centre(&self) -> Option<Block> {
        self.centre
    }

    /// The block at padded coordinates (each from −1 to 32).
    #[must_use]
    pub fn get(&self, x: i32, y: i32, z: i32) -> Block {
        self.blocks[padded_index(x, y, z)]
    }

    /// The light at padded coordinates (each from −1 to 32).
    #[must_use]
    pub fn light(&self, x: i32, y: i32, z: i32) -> Light {
        self.light[padded_index(x, y, z)]
    }

    /// Sets the block at padded coordinates (each from −1 to 32).
    pub fn set(&mut self, x: i32, y: i32, z: i32, block: Block) {
        let inside = |c: i32| (0..CHUNK_SIZE).contains(&c);
        if inside(x) && inside(y) && inside(z) && self.centre != Some(block) {
            self.centre = None;
        }
        self.blocks[padded_index(x, y, z)] = block;
    }

    /// Copies `chunk` and its `light` into the 32³ centre.
    pub fn fill_centre(&mut self, chunk: &Chunk, light: &ChunkLight) {
        self.centre = chunk.uniform();
        let mut i = 0;
        for y in 0..N {
            for z in 0..N {
                let row = ((y + 1) * PADDED + z + 1) * PADDED + 1;
                let dest = &mut self.blocks[row..row + N];
                match self.centre {
                    Some(b) => dest.fill(b),
                    None => {
                        for d in dest {
                            *d = chunk.get_index(i);
                            i += 1;
                        }
                    }
                }
                let first = (y * N + z) * N;
                let dest = &mut self.light[row..row + N];
                match light {
                    ChunkLight::Uniform(l) => dest.fill(*l),
                    ChunkLight::Cells(cells) => dest.copy_from_slice(&cells[first..first + N]),
                }
            }
        }
    }

    /// Copies the one-block border around chunk `pos` from `world`, one neighbouring chunk at
    /// a time (a map lookup per chunk, not per cell).
    pub fn fill_border(&mut self, world: &World, pos: ChunkPos) {
        // Per axis: which neighbour (−1, 0, +1), and the padded and local ranges it covers.
        let spans = |d: i32| match d {
            -1 => (-1..0, N as i32 - 1),
            0 => (0..N as i32, 0),
            _ => (N as i32..N as i32 + 1, 0),
        };
        for dy in -1..=1 {
            for dz in -1..=1 {
                for dx in -1..=1 {
                    if (dx, dy, dz) == (0, 0, 0) {
                        continue;
                    }
                    let npos = ChunkPos::new(pos.x + dx, pos.y + dy, pos.z + dz);
                    let chunk = (0..WORLD_HEIGHT_CHUNKS)
                        .contains(&npos.y)
                        .then(|| world.chunk(npos).zip(world.chunk_light(npos)))
                        .flatten();
                    // Past the top of the world is open sky; anything else missing is dark.
                    let missing = if npos.y >= WORLD_HEIGHT_CHUNKS {
                        Light::SKY
                    } else {
                        Light::DARK
                    };
                    let (xs, x0) = spans(dx);
                    let (ys, y0) = spans(dy);
                    let (zs, z0) = spans(dz);
                    for y in ys {
                        for z in zs.clone() {
                            for x in xs.clone() {
                                let (block, light) =
                                    chunk.map_or((Block::AIR, missing), |(c, l)| {
                                        let local = |p: i32, base: i32, d: i32| {
                                            (if d == 0 { p } else { base }) as usize
                                        };
                                        let (lx, ly, lz) =
                                            (local(x, x0, dx), local(y, y0, dy), local(z, z0, dz));
                                        let index = (ly * N + lz) * N + lx;
                                        (c.get_index(index), l.get(index))
                                    });
                                let at = padded_index(x, y, z);
                                self.blocks[at] = block;
                                self.light[at] = light;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether the chunk certainly has no visible face: all air, or all opaque and walled in
    /// by opaque neighbours on all six sides.
    #[must_use]
    pub fn is_trivially_empty(&self) -> bool {
        match self.centre {
            Some(Block::AIR) => true,
            Some(b) if b.is_opaque_cube() => {
                let n = N as i32;
                (0..n).all(|a| {
                    (0..n).all(|b| {
                        [
                            self.get(-1, a, b),
                            self.get(n, a, b),
                            self.get(a, -1, b),
                            self.get(a, n, b),
                            self.get(a, b, -1),
                            self.get(a, b, n),
                        ]
                        .iter()
                        .all(|x| x.is_opaque_cube())
                    })
                })
            }
            _ => false,
        }
    }
}
