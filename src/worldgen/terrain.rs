//! The terrain generator (interim: rolling hills only).

use glam::DVec3;
use noise::{NoiseFn, Perlin};

use crate::world::coords::CHUNK_VOLUME;
use crate::world::{Block, Chunk, ChunkPos, LocalPos};

/// Noise terrain for one seed.
#[derive(Debug)]
pub struct Terrain {
    height: Perlin,
}

impl Terrain {
    /// The terrain for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            height: Perlin::new(seed as u32),
        }
    }

    fn surface(&self, x: i32, z: i32) -> i32 {
        64 + (self.height.get([f64::from(x) / 40.0, f64::from(z) / 40.0]) * 12.0) as i32
    }

    /// Makes the chunk at `pos`.
    #[must_use]
    pub fn generate(&self, pos: ChunkPos) -> Chunk {
        let mut blocks = Box::new([Block::Air; CHUNK_VOLUME]);
        for (i, b) in blocks.iter_mut().enumerate() {
            let p = pos.block(LocalPos::from_index(i));
            let top = self.surface(p.x, p.z);
            *b = if p.y == 0 {
                Block::Bedrock
            } else if p.y < top - 1 {
                Block::Stone
            } else if p.y < top {
                Block::Grass
            } else {
                Block::Air
            };
        }
        Chunk::from_blocks(&blocks)
    }

    /// Where a new player stands.
    #[must_use]
    pub fn spawn_point(&self) -> DVec3 {
        DVec3::new(0.5, f64::from(self.surface(0, 0)), 0.5)
    }
}
