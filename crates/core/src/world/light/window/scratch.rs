//! Lighting a column from nothing but its own blocks, as a worker does for every column it
//! generates.

use super::Window;
use super::cells::{CENTRE, CHUNK_SHIFT, N, NO_SKY, Y_STEP, Z_STEP, cell, opacity_of};
use crate::world::block::OPAQUE;
use crate::world::coords::{CHUNK_SIZE, CHUNK_VOLUME, COLUMN_CHUNKS};
use crate::world::light::{Channel, ChunkLight, Light, MAX_LIGHT};

impl Window<'_> {
    /// Lights the centre column from scratch from its own blocks: sky light straight down
    /// from the top of the world, then out sideways and under overhangs; block light out
    /// of every emitter. Its light must start dark.
    pub fn light_centre_from_scratch(&mut self) {
        let lowest = self.light_sky_straight_down();
        // Cells in full sky light pass it on where a neighbour light can enter is not: below
        // the lowest of their column, and beside a neighbouring column whose sky light stops
        // higher. They light those neighbours here, so the flood starts from the neighbours
        // and never visits the many cells of full sky light whose neighbours are all lit.
        let first = CENTRE * COLUMN_CHUNKS;
        let at = |x: u32, y: u32, z: u32| cell(first + (y / N) as usize, x, y % N, z);
        for z in 0..N {
            for x in 0..N {
                let low = lowest[z as usize][x as usize];
                if low == NO_SKY {
                    continue;
                }
                if low > 0 {
                    let clear = self.opacity(at(x, low, z)) == 0;
                    self.offer(MAX_LIGHT, clear, at(x, low - 1, z), Channel::Sky);
                }
                let beside = [
                    (x + 1, z),
                    (x.wrapping_sub(1), z),
                    (x, z + 1),
                    (x, z.wrapping_sub(1)),
                ];
                for (nx, nz) in beside {
                    let Some(&stop) = lowest.get(nz as usize).and_then(|row| row.get(nx as usize))
                    else {
                        continue;
                    };
                    let top = stop.min(crate::world::WORLD_HEIGHT as u32);
                    for y in low..top {
                        self.offer(MAX_LIGHT, false, at(nx, y, nz), Channel::Sky);
                    }
                }
            }
        }
        self.spread(Channel::Sky);
        for height in 0..COLUMN_CHUNKS {
            let Some(chunk) = self.blocks[first + height] else {
                continue;
            };
            if !chunk.palette().iter().any(|b| b.emission() > 0) {
                continue;
            }
            for index in 0..CHUNK_VOLUME {
                let emission = chunk.get_index(index).emission();
                if emission > 0 {
                    let lit = ((first + height) as u32) << CHUNK_SHIFT | index as u32;
                    self.set(lit, Channel::Block, emission);
                    self.queue.push(lit);
                }
            }
        }
        self.spread(Channel::Block);
    }

    /// Gives full sky light to every cell of the centre column that sees the sky straight
    /// up, a row of 32 cells at a time. Returns, per (z, x), the lowest such cell's height,
    /// or [`NO_SKY`].
    fn light_sky_straight_down(&mut self) -> [[u32; CHUNK_SIZE as usize]; CHUNK_SIZE as usize] {
        let mut lowest = [[NO_SKY; CHUNK_SIZE as usize]; CHUNK_SIZE as usize];
        // Per z, a bit per x: this column of cells still sees the sky.
        let mut open = [u32::MAX; CHUNK_SIZE as usize];
        let first = CENTRE * COLUMN_CHUNKS;
        for height in (0..COLUMN_CHUNKS).rev() {
            if open.iter().all(|&row| row == 0) {
                break;
            }
            let Some(chunk) = self.blocks[first + height] else {
                break;
            };
            let base = height as u32 * N;
            let whole = chunk.uniform().filter(|&b| opacity_of(b) == 0);
            if whole.is_some() && open.iter().all(|&row| row == u32::MAX) {
                self.light[first + height] = ChunkLight::Uniform(Light::SKY);
                lowest = [[base; CHUNK_SIZE as usize]; CHUNK_SIZE as usize];
                continue;
            }
            let light = &mut self.light[first + height];
            for y in (0..N).rev() {
                for z in 0..N {
                    let bits = open[z as usize];
                    if bits == 0 {
                        continue;
                    }
                    // Which cells of the row light enters (`lit`) and passes straight
                    // through (`clear`).
                    let (lit, clear) = match chunk.row_uniform(y as u8, z as u8) {
                        Some(b) => {
                            let o = opacity_of(b);
                            (
                                if o < OPAQUE { bits } else { 0 },
                                if o == 0 { bits } else { 0 },
                            )
                        }
                        None => {
                            let row = chunk.row(y as u8, z as u8);
                            let (mut lit, mut clear) = (0, 0);
                            let mut rest = bits;
                            while rest != 0 {
                                let x = rest.trailing_zeros();
                                rest &= rest - 1;
                                let o = opacity_of(row[x as usize]);
                                lit |= u32::from(o < OPAQUE) << x;
                                clear |= u32::from(o == 0) << x;
                            }
                            (lit, clear)
                        }
                    };
                    let row_start = (y * Y_STEP + z * Z_STEP) as usize;
                    let mut rest = lit;
                    while rest != 0 {
                        let x = rest.trailing_zeros();
                        rest &= rest - 1;
                        light.set(row_start + x as usize, Light::SKY);
                        lowest[z as usize][x as usize] = base + y;
                    }
                    open[z as usize] = clear;
                }
            }
        }
        lowest
    }
}
