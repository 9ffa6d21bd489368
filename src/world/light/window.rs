//! The window light works in: the 3 × 3 columns around one, their blocks borrowed from the
//! world and their light taken out of it for the length of one update.
//!
//! Nothing light does reaches farther: it spreads at most 15 cells sideways (less than a
//! column's width) and a column spans the whole height of the world. Cells are addressed by
//! window coordinates, x and z from 0 to 95 and y from 0 to 255, packed in a `u32` so the
//! flood's queues stay small: x in bits 0–6, z in 7–13, y in 14–21, and in the removal queue
//! the level the cell had in bits 22–25.

use super::{Channel, ChunkLight, ColumnLight, Light, MAX_LIGHT};
use crate::world::block::OPAQUE;
use crate::world::coords::{CHUNK_SIZE, COLUMN_CHUNKS, WORLD_HEIGHT};
use crate::world::{Block, BlockPos, Chunk, ChunkPos, ColumnPos, Face};

/// Columns along each side of the window.
const SIDE: u32 = 3;
/// Cells along each horizontal side of the window.
const SPAN: u32 = SIDE * CHUNK_SIZE as u32;
/// The columns of the window; the centre is slot [`CENTRE`].
const SLOTS: usize = (SIDE * SIDE) as usize;
/// The slot of the column the window is centred on.
const CENTRE: usize = SLOTS / 2;
/// Chunk-local coordinates are 5 bits.
const LOCAL: u32 = CHUNK_SIZE as u32 - 1;

const Z_SHIFT: u32 = 7;
const Y_SHIFT: u32 = 14;
const LEVEL_SHIFT: u32 = 22;
const CELL_BITS: u32 = (1 << LEVEL_SHIFT) - 1;
/// "No direct sky light in this column of cells".
const NO_SKY: u32 = WORLD_HEIGHT as u32;

/// Every block's light opacity, by id, for the hot loops.
const OPACITY: [u8; Block::COUNT] = {
    let mut table = [0; Block::COUNT];
    let mut i = 0;
    while i < Block::COUNT {
        table[i] = Block::ALL[i].opacity();
        i += 1;
    }
    table
};

/// A window cell from window coordinates.
const fn pack(x: u32, y: u32, z: u32) -> u32 {
    x | z << Z_SHIFT | y << Y_SHIFT
}

const fn unpack(cell: u32) -> (u32, u32, u32) {
    (
        cell & 0x7f,
        (cell >> Y_SHIFT) & 0xff,
        (cell >> Z_SHIFT) & 0x7f,
    )
}

/// Where a cell lives: its column slot, its chunk in the column, and its index in the chunk.
#[derive(Clone, Copy)]
struct Place {
    slot: usize,
    chunk: usize,
    index: usize,
}

const fn place(cell: u32) -> Place {
    let (x, y, z) = unpack(cell);
    Place {
        slot: ((z >> 5) * SIDE + (x >> 5)) as usize,
        chunk: (y >> 5) as usize,
        index: (((y & LOCAL) << 10) | ((z & LOCAL) << 5) | (x & LOCAL)) as usize,
    }
}

/// The neighbour of `cell` across `face`, if it is inside the window.
const fn step(cell: u32, face: Face) -> Option<u32> {
    let (x, y, z) = unpack(cell);
    let inside = match face {
        Face::East => x + 1 < SPAN,
        Face::West => x > 0,
        Face::Up => y + 1 < WORLD_HEIGHT as u32,
        Face::Down => y > 0,
        Face::South => z + 1 < SPAN,
        Face::North => z > 0,
    };
    if !inside {
        return None;
    }
    Some(match face {
        Face::East => cell + 1,
        Face::West => cell - 1,
        Face::Up => cell + (1 << Y_SHIFT),
        Face::Down => cell - (1 << Y_SHIFT),
        Face::South => cell + (1 << Z_SHIFT),
        Face::North => cell - (1 << Z_SHIFT),
    })
}

/// The chunks around one (3 × 3 × 3, bit 13 the chunk itself, x fastest) that see a
/// changed cell at chunk-local `index`: its own, and those across any border it lies on,
/// whose meshes read one cell into their neighbours.
fn seen_from(index: usize) -> u32 {
    let index = index as u32;
    let along = |c: u32| 0b010 | u32::from(c == 0) | u32::from(c == LOCAL) << 2;
    let (x, y, z) = (
        along(index & LOCAL),
        along(index >> 10),
        along((index >> 5) & LOCAL),
    );
    if x == 0b010 && y == 0b010 && z == 0b010 {
        return 1 << 13;
    }
    let mut mask = 0;
    for k in 0..3 {
        for j in 0..3 {
            for i in 0..3 {
                if z >> k & y >> j & x >> i & 1 != 0 {
                    mask |= 1 << (k * 9 + j * 3 + i);
                }
            }
        }
    }
    mask
}

/// The light and blocks of the columns around one, for one update.
pub struct Window<'w> {
    centre: ColumnPos,
    blocks: [Option<&'w [Chunk; COLUMN_CHUNKS]>; SLOTS],
    light: [Option<ColumnLight>; SLOTS],
    /// Per chunk, the chunks around it that see a cell of it whose light changed
    /// ([`seen_from`]'s masks).
    seen: [[u32; COLUMN_CHUNKS]; SLOTS],
    /// Cells whose light rose, to pass it on.
    queue: Vec<u32>,
    /// Cells whose light was taken away, with the level they had.
    removal: Vec<u32>,
}

impl<'w> Window<'w> {
    /// A window on `centre`: `blocks` and `light` per slot (x fastest, then z), `None` for
    /// a column that is not loaded. The two must agree on which are loaded.
    pub fn new(
        centre: ColumnPos,
        blocks: [Option<&'w [Chunk; COLUMN_CHUNKS]>; SLOTS],
        light: [Option<ColumnLight>; SLOTS],
    ) -> Self {
        Self {
            centre,
            blocks,
            light,
            seen: [[0; COLUMN_CHUNKS]; SLOTS],
            queue: Vec::new(),
            removal: Vec::new(),
        }
    }

    /// A window on one column alone, dark, with nothing loaded around it.
    pub fn alone(chunks: &'w [Chunk; COLUMN_CHUNKS]) -> Self {
        let mut blocks = [None; SLOTS];
        blocks[CENTRE] = Some(chunks);
        let mut light: [Option<ColumnLight>; SLOTS] = Default::default();
        light[CENTRE] = Some(ColumnLight::default());
        Self::new(ColumnPos::default(), blocks, light)
    }

    /// The light of the centre column, giving up the rest.
    pub fn into_centre_light(mut self) -> ColumnLight {
        self.light[CENTRE].take().unwrap_or_default()
    }

    /// The light of every slot, to go back into the world, and the chunks that see a cell
    /// whose light changed.
    pub fn into_parts(self) -> ([Option<ColumnLight>; SLOTS], Vec<ChunkPos>) {
        let mut seen = Vec::new();
        for (slot, masks) in self.seen.iter().enumerate() {
            let column = self.column_of(slot);
            for (y, &mask) in masks.iter().enumerate() {
                let mut bits = mask;
                while bits != 0 {
                    let bit = bits.trailing_zeros() as i32;
                    bits &= bits - 1;
                    let pos = ChunkPos::new(
                        column.x + bit % 3 - 1,
                        y as i32 + bit / 3 % 3 - 1,
                        column.z + bit / 9 - 1,
                    );
                    if pos.in_world_height() {
                        seen.push(pos);
                    }
                }
            }
        }
        (self.light, seen)
    }

    /// The column in `slot`.
    fn column_of(&self, slot: usize) -> ColumnPos {
        let s = SIDE as i32;
        self.centre
            .offset(slot as i32 % s - s / 2, slot as i32 / s - s / 2)
    }

    /// The window cell of world block `pos`, which must lie in the window.
    fn cell_of(&self, pos: BlockPos) -> u32 {
        let min = self.centre.offset(-1, -1).chunk(0).min_block();
        pack((pos.x - min.x) as u32, pos.y as u32, (pos.z - min.z) as u32)
    }

    fn block(&self, at: Place) -> Option<Block> {
        self.blocks[at.slot].map(|chunks| chunks[at.chunk].get_index(at.index))
    }

    /// The light opacity of a cell; outside the loaded columns, opaque.
    fn opacity(&self, at: Place) -> u8 {
        self.block(at).map_or(OPAQUE, |b| OPACITY[b as usize])
    }

    fn get(&self, at: Place, channel: Channel) -> u8 {
        self.light[at.slot]
            .as_ref()
            .map_or(0, |column| column[at.chunk].get(at.index).get(channel))
    }

    fn set(&mut self, at: Place, channel: Channel, level: u8) {
        if let Some(column) = self.light[at.slot].as_mut() {
            let chunk = &mut column[at.chunk];
            chunk.set(at.index, chunk.get(at.index).with(channel, level));
            self.seen[at.slot][at.chunk] |= seen_from(at.index);
        }
    }

    /// Whether a cell keeps its level of `channel` whatever its neighbours do.
    fn is_source(&self, at: Place, cell: u32, channel: Channel) -> bool {
        self.block(at).is_some_and(|b| {
            let (_, y, _) = unpack(cell);
            channel.source_level(b, y as i32) > 0
        })
    }

    /// Passes light on from every cell in the queue until nothing brightens: each cell
    /// offers its neighbours its level less one less their opacity, and full sky light
    /// goes straight down through clear cells undimmed.
    fn spread(&mut self, channel: Channel) {
        let mut head = 0;
        while let Some(&cell) = self.queue.get(head) {
            head += 1;
            let here = place(cell);
            let level = self.get(here, channel);
            if level <= 1 {
                continue;
            }
            let straight_down =
                channel == Channel::Sky && level == MAX_LIGHT && self.opacity(here) == 0;
            for face in Face::ALL {
                let Some(next) = step(cell, face) else {
                    continue;
                };
                let there = place(next);
                let opacity = self.opacity(there);
                if opacity >= OPAQUE {
                    continue;
                }
                let offered = if straight_down && face == Face::Down {
                    MAX_LIGHT
                } else {
                    level.saturating_sub(1 + opacity)
                };
                if offered > self.get(there, channel) {
                    self.set(there, channel, offered);
                    self.queue.push(next);
                }
            }
        }
        self.queue.clear();
    }

    /// Takes away the light that came through the cells in the removal queue (each with
    /// the level it had): a neighbour no brighter than what such a cell gave it is darkened
    /// and passes the removal on; a brighter one, or a source, is lit by something else and
    /// goes to the queue, to flood the darkened cells again.
    fn unspread(&mut self, channel: Channel) {
        let mut head = 0;
        while let Some(&entry) = self.removal.get(head) {
            head += 1;
            let (cell, had) = (entry & CELL_BITS, (entry >> LEVEL_SHIFT) as u8);
            for face in Face::ALL {
                let Some(next) = step(cell, face) else {
                    continue;
                };
                let there = place(next);
                let level = self.get(there, channel);
                if level == 0 {
                    continue;
                }
                let gave = if channel == Channel::Sky && had == MAX_LIGHT && face == Face::Down {
                    MAX_LIGHT
                } else {
                    had.saturating_sub(1 + self.opacity(there))
                };
                if level <= gave && !self.is_source(there, next, channel) {
                    self.set(there, channel, 0);
                    self.removal.push(next | u32::from(level) << LEVEL_SHIFT);
                } else {
                    self.queue.push(next);
                }
            }
        }
        self.removal.clear();
    }

    /// Lights the centre column from scratch from its own blocks: sky light straight down
    /// from the top of the world, then out sideways and under overhangs; block light out
    /// of every emitter. Its light must start dark.
    pub fn light_centre_from_scratch(&mut self) {
        let Some(chunks) = self.blocks[CENTRE] else {
            return;
        };
        let lowest = self.light_sky_straight_down(chunks);
        // Cells in full sky light pass it on where a neighbour is not: below the lowest of
        // their column, and beside a neighbouring column whose sky light stops higher.
        let origin = CHUNK_SIZE as u32;
        for z in 0..CHUNK_SIZE as usize {
            for x in 0..CHUNK_SIZE as usize {
                let low = lowest[z][x];
                if low == NO_SKY {
                    continue;
                }
                let cell = |y: u32| pack(origin + x as u32, y, origin + z as u32);
                self.queue.push(cell(low));
                for (nx, nz) in [
                    (x + 1, z),
                    (x.wrapping_sub(1), z),
                    (x, z + 1),
                    (x, z.wrapping_sub(1)),
                ] {
                    let Some(&beside) = lowest.get(nz).and_then(|row| row.get(nx)) else {
                        continue;
                    };
                    self.queue.extend((low..beside).map(cell));
                }
            }
        }
        self.spread(Channel::Sky);
        for (y, chunk) in chunks.iter().enumerate() {
            if !chunk.palette().iter().any(|b| b.emission() > 0) {
                continue;
            }
            for index in 0..crate::world::coords::CHUNK_VOLUME {
                let emission = chunk.get_index(index).emission();
                if emission > 0 {
                    let local = index as u32;
                    let cell = pack(
                        origin + (local & LOCAL),
                        y as u32 * CHUNK_SIZE as u32 + (local >> 10),
                        origin + ((local >> 5) & LOCAL),
                    );
                    self.set(place(cell), Channel::Block, emission);
                    self.queue.push(cell);
                }
            }
        }
        self.spread(Channel::Block);
    }

    /// Gives full sky light to every cell of the centre column that sees the sky straight
    /// up. Returns, per (z, x), the lowest such cell's y, or [`NO_SKY`].
    fn light_sky_straight_down(
        &mut self,
        chunks: &[Chunk; COLUMN_CHUNKS],
    ) -> [[u32; CHUNK_SIZE as usize]; CHUNK_SIZE as usize] {
        let mut lowest = [[NO_SKY; CHUNK_SIZE as usize]; CHUNK_SIZE as usize];
        // Per z, a bit per x: this column of cells still sees the sky.
        let mut open = [u32::MAX; CHUNK_SIZE as usize];
        let size = CHUNK_SIZE as u32;
        for (cy, chunk) in chunks.iter().enumerate().rev() {
            if open.iter().all(|&row| row == 0) {
                break;
            }
            let base = cy as u32 * size;
            let clear_block = chunk.uniform().filter(|b| b.opacity() == 0);
            if clear_block.is_some() && open.iter().all(|&row| row == u32::MAX) {
                if let Some(column) = self.light[CENTRE].as_mut() {
                    column[cy] = ChunkLight::Uniform(Light::SKY);
                }
                lowest = [[base; CHUNK_SIZE as usize]; CHUNK_SIZE as usize];
                continue;
            }
            for ly in (0..size).rev() {
                for z in 0..size {
                    let mut bits = open[z as usize];
                    while bits != 0 {
                        let x = bits.trailing_zeros();
                        bits &= bits - 1;
                        let index = ((ly << 10) | (z << 5) | x) as usize;
                        let opacity = OPACITY[chunk.get_index(index) as usize];
                        if opacity < OPAQUE {
                            let at = Place {
                                slot: CENTRE,
                                chunk: cy,
                                index,
                            };
                            self.set(at, Channel::Sky, MAX_LIGHT);
                            lowest[z as usize][x as usize] = base + ly;
                        }
                        if opacity != 0 {
                            open[z as usize] &= !(1 << x);
                        }
                    }
                }
            }
        }
        lowest
    }

    /// Lets light flow both ways between the centre column, lit by itself, and the loaded
    /// columns beside it.
    pub fn merge_centre(&mut self) {
        let Some(centre) = self.light[CENTRE].as_ref() else {
            return;
        };
        let uniform = std::array::from_fn(|y| centre[y].uniform());
        for channel in Channel::BOTH {
            // Two chunks of one level each, or levels a step apart, have nothing to pass.
            let still = |a: Light, b: Light| a.get(channel).abs_diff(b.get(channel)) <= 1;
            self.for_each_border_pair(&uniform, still, |window, inside, outside| {
                let (a, b) = (
                    window.get(place(inside), channel),
                    window.get(place(outside), channel),
                );
                if a > b + 1 {
                    window.queue.push(inside);
                } else if b > a + 1 {
                    window.queue.push(outside);
                }
            });
            self.spread(channel);
        }
    }

    /// Takes the centre column out of the window, and with it the light it carried into
    /// the columns beside it.
    pub fn detach_centre(&mut self) {
        let Some(departing) = self.light[CENTRE].take() else {
            return;
        };
        self.blocks[CENTRE] = None;
        let uniform = std::array::from_fn(|y| departing[y].uniform());
        for channel in Channel::BOTH {
            // A chunk brighter than what the departing one could give it owes it nothing.
            let owes_nothing =
                |gone: Light, beside: Light| beside.get(channel) + 1 > gone.get(channel);
            self.for_each_border_pair(&uniform, owes_nothing, |window, inside, outside| {
                let at = place(inside);
                let had = departing[at.chunk].get(at.index).get(channel);
                let there = place(outside);
                let level = window.get(there, channel);
                let gave = had.saturating_sub(1 + window.opacity(there));
                if level > 0 && level <= gave && !window.is_source(there, outside, channel) {
                    window.set(there, channel, 0);
                    window
                        .removal
                        .push(outside | u32::from(level) << LEVEL_SHIFT);
                }
            });
            self.unspread(channel);
            self.spread(channel);
        }
    }

    /// Calls `f` with every pair of cells facing each other across the centre column's
    /// sides (the centre's first) where the column beside is loaded, except in pairs of
    /// chunks that each have one light throughout (`centre` holds the centre's) for which
    /// `nothing_to_do` says so.
    fn for_each_border_pair(
        &mut self,
        centre: &[Option<Light>; COLUMN_CHUNKS],
        nothing_to_do: impl Fn(Light, Light) -> bool,
        mut f: impl FnMut(&mut Self, u32, u32),
    ) {
        let (low, high) = (CHUNK_SIZE as u32, 2 * CHUNK_SIZE as u32 - 1);
        for face in Face::SIDES {
            let beside = match face {
                Face::East => CENTRE + 1,
                Face::West => CENTRE - 1,
                Face::South => CENTRE + SIDE as usize,
                _ => CENTRE - SIDE as usize,
            };
            let Some(column) = self.light[beside].as_ref() else {
                continue;
            };
            let beside_uniform: [Option<Light>; COLUMN_CHUNKS] =
                std::array::from_fn(|y| column[y].uniform());
            for (cy, (inner, outer)) in centre.iter().zip(beside_uniform).enumerate() {
                if let (Some(a), Some(b)) = (*inner, outer)
                    && nothing_to_do(a, b)
                {
                    continue;
                }
                let first = cy as u32 * CHUNK_SIZE as u32;
                for y in first..first + CHUNK_SIZE as u32 {
                    for t in low..=high {
                        let inside = match face {
                            Face::East => pack(high, y, t),
                            Face::West => pack(low, y, t),
                            Face::South => pack(t, y, high),
                            _ => pack(t, y, low),
                        };
                        if let Some(outside) = step(inside, face) {
                            f(self, inside, outside);
                        }
                    }
                }
            }
        }
    }

    /// Brings light up to date after the blocks at `cells` (all in the centre column)
    /// changed in the world: takes away the light that came through them, lets each hold
    /// what it holds by itself, and floods the hole again from around it.
    pub fn update(&mut self, cells: &[BlockPos]) {
        let cells: Vec<u32> = cells.iter().map(|&p| self.cell_of(p)).collect();
        for channel in Channel::BOTH {
            for &cell in &cells {
                let at = place(cell);
                let (_, y, _) = unpack(cell);
                let had = self.get(at, channel);
                let holds = self
                    .block(at)
                    .map_or(0, |b| channel.source_level(b, y as i32));
                if had != holds {
                    self.set(at, channel, holds);
                }
                if had > 0 {
                    self.removal.push(cell | u32::from(had) << LEVEL_SHIFT);
                }
                if holds > 0 {
                    self.queue.push(cell);
                }
            }
            self.unspread(channel);
            for &cell in &cells {
                self.queue
                    .extend(Face::ALL.into_iter().filter_map(|face| step(cell, face)));
            }
            self.spread(channel);
        }
    }
}
