//! The window light works in: the 3 × 3 columns around one, their blocks borrowed from the
//! world and their light taken out of it for the length of one update.
//!
//! Nothing light does reaches farther: it spreads at most 15 cells sideways (less than a
//! column's width) and a column spans the whole height of the world. How cells are addressed
//! is in [`cells`]; lighting a column alone in [`scratch`]; light across its sides in
//! [`borders`]. This file holds the window and the two floods every update is made of.

mod borders;
mod cells;
mod scratch;

use super::{Channel, ChunkLight, MAX_LIGHT};
use crate::world::block::OPAQUE;
use crate::world::coords::{CHUNK_SIZE, COLUMN_CHUNKS};
use crate::world::{Block, BlockPos, Chunk, ChunkPos, ColumnPos, Face};
pub use cells::SLOTS;
use cells::{
    CELL_BITS, CENTRE, CHUNKS, LEVEL_SHIFT, SIDE, cell, neighbours, opacity_of, seen_from, split,
    step, world_y,
};

/// The light and blocks of the columns around one, for one update.
pub struct Window<'w> {
    centre: ColumnPos,
    /// The chunks of the loaded columns, `None` where a column is not loaded.
    blocks: [Option<&'w Chunk>; CHUNKS],
    /// The light opacity of each block in each chunk's palette, by palette slot from the
    /// chunk's start in [`Window::palettes`]; one opaque entry where the column is not
    /// loaded.
    opacities: Vec<u8>,
    /// Where each chunk's palette starts in `opacities`.
    palettes: [usize; CHUNKS],
    /// Their light; dark where a column is not loaded, and never written there.
    light: [ChunkLight; CHUNKS],
    /// Which columns are loaded.
    loaded: [bool; SLOTS],
    /// Per chunk, the chunks around it that see a cell of it whose light changed
    /// ([`seen_from`]'s masks); not kept for a column lit alone.
    seen: Option<[u32; CHUNKS]>,
    /// Cells whose light rose, to pass it on.
    queue: Vec<u32>,
    /// Cells whose light was taken away, with the level they had.
    removal: Vec<u32>,
}

impl<'w> Window<'w> {
    /// A window on `centre`: per slot (x fastest, then z) the column's chunks and light, or
    /// `None` for a column that is not loaded.
    pub fn new(
        centre: ColumnPos,
        columns: [Option<(&'w [Chunk; COLUMN_CHUNKS], [ChunkLight; COLUMN_CHUNKS])>; SLOTS],
    ) -> Self {
        let mut blocks = [None; CHUNKS];
        let mut light: [ChunkLight; CHUNKS] = std::array::from_fn(|_| ChunkLight::default());
        let mut loaded = [false; SLOTS];
        for (slot, column) in columns.into_iter().enumerate() {
            if let Some((chunks, lights)) = column {
                loaded[slot] = true;
                let first = slot * COLUMN_CHUNKS;
                for (y, (chunk, l)) in chunks.iter().zip(lights).enumerate() {
                    blocks[first + y] = Some(chunk);
                    light[first + y] = l;
                }
            }
        }
        let mut opacities = Vec::new();
        let palettes = blocks.map(|chunk| {
            let start = opacities.len();
            match chunk {
                Some(chunk) => opacities.extend(chunk.palette().iter().map(|&b| opacity_of(b))),
                None => opacities.push(OPAQUE),
            }
            start
        });
        Self {
            centre,
            blocks,
            opacities,
            palettes,
            light,
            loaded,
            seen: Some([0; CHUNKS]),
            queue: Vec::new(),
            removal: Vec::new(),
        }
    }

    /// A window on one column alone, dark, with nothing loaded around it and no note kept
    /// of what changes.
    pub fn alone(chunks: &'w [Chunk; COLUMN_CHUNKS]) -> Self {
        let mut columns: [Option<_>; SLOTS] = Default::default();
        columns[CENTRE] = Some((chunks, Default::default()));
        Self {
            seen: None,
            ..Self::new(ColumnPos::default(), columns)
        }
    }

    /// The light of the centre column, giving up the rest.
    pub fn into_centre_light(self) -> [ChunkLight; COLUMN_CHUNKS] {
        let first = CENTRE * COLUMN_CHUNKS;
        let mut light = self.light.into_iter().skip(first);
        std::array::from_fn(|_| light.next().unwrap_or_default())
    }

    /// The light of every loaded column, by slot, to go back into the world, and the
    /// chunks that see a cell whose light changed.
    pub fn into_parts(self) -> ([Option<[ChunkLight; COLUMN_CHUNKS]>; SLOTS], Vec<ChunkPos>) {
        let mut seen = Vec::new();
        for (chunk, &mask) in self.seen.iter().flatten().enumerate() {
            let (column, y) = (self.column_of(chunk / COLUMN_CHUNKS), chunk % COLUMN_CHUNKS);
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
        let mut light = self.light.into_iter();
        let columns = std::array::from_fn(|slot| {
            let column: [ChunkLight; COLUMN_CHUNKS] =
                std::array::from_fn(|_| light.next().unwrap_or_default());
            self.loaded[slot].then_some(column)
        });
        (columns, seen)
    }

    /// The column in `slot`.
    fn column_of(&self, slot: usize) -> ColumnPos {
        let s = SIDE as i32;
        self.centre
            .offset(slot as i32 % s - s / 2, slot as i32 / s - s / 2)
    }

    /// The window cell of world block `pos`, which must lie in the centre column.
    fn cell_of(pos: BlockPos) -> u32 {
        let local = pos.local();
        let height = pos.y as usize / CHUNK_SIZE as usize;
        cell(
            CENTRE * COLUMN_CHUNKS + height,
            u32::from(local.x),
            u32::from(local.y),
            u32::from(local.z),
        )
    }

    fn block(&self, cell: u32) -> Option<Block> {
        let (chunk, index) = split(cell);
        self.blocks[chunk].map(|c| c.get_index(index))
    }

    /// The light opacity of a cell; outside the loaded columns, opaque.
    #[inline]
    fn opacity(&self, cell: u32) -> u8 {
        let (chunk, index) = split(cell);
        let slot = self.blocks[chunk].map_or(0, |c| c.slot_at(index));
        self.opacities[self.palettes[chunk] + slot]
    }

    #[inline]
    fn get(&self, cell: u32, channel: Channel) -> u8 {
        let (chunk, index) = split(cell);
        self.light[chunk].get(index).get(channel)
    }

    fn set(&mut self, cell: u32, channel: Channel, level: u8) {
        let (chunk, index) = split(cell);
        let light = &mut self.light[chunk];
        light.set(index, light.get(index).with(channel, level));
        if let Some(seen) = self.seen.as_mut() {
            seen[chunk] |= seen_from(index);
        }
    }

    /// Whether a cell keeps its level of `channel` whatever its neighbours do.
    fn is_source(&self, cell: u32, channel: Channel) -> bool {
        self.block(cell)
            .is_some_and(|b| channel.source_level(b, world_y(cell)) > 0)
    }

    /// Passes light on from every cell in the queue until nothing brightens.
    fn spread(&mut self, channel: Channel) {
        let mut head = 0;
        while let Some(&from) = self.queue.get(head) {
            head += 1;
            let level = self.get(from, channel);
            if level <= 1 {
                continue;
            }
            let straight_down =
                channel == Channel::Sky && level == MAX_LIGHT && self.opacity(from) == 0;
            for (face, to) in Face::ALL.into_iter().zip(neighbours(from)) {
                if let Some(to) = to {
                    self.offer(level, straight_down && face == Face::Down, to, channel);
                }
            }
        }
        self.queue.clear();
    }

    /// Offers a cell's neighbour `to` the light the cell passes on from `level`: one less
    /// than it and the neighbour's opacity, or, `straight_down` from full sky light through
    /// clear cells, undimmed. A neighbour that brightens goes to the queue, to pass it on.
    #[inline]
    fn offer(&mut self, level: u8, straight_down: bool, to: u32, channel: Channel) {
        let opacity = self.opacity(to);
        if opacity >= OPAQUE {
            return;
        }
        let offered = if straight_down {
            MAX_LIGHT
        } else {
            level.saturating_sub(1 + opacity)
        };
        if offered > self.get(to, channel) {
            self.set(to, channel, offered);
            self.queue.push(to);
        }
    }

    /// Takes away the light that came through the cells in the removal queue (each with
    /// the level it had): a neighbour no brighter than what such a cell gave it is darkened
    /// and passes the removal on; a brighter one, or a source, is lit by something else and
    /// goes to the queue, to flood the darkened cells again.
    fn unspread(&mut self, channel: Channel) {
        let mut head = 0;
        while let Some(&entry) = self.removal.get(head) {
            head += 1;
            let (from, had) = (entry & CELL_BITS, (entry >> LEVEL_SHIFT) as u8);
            for (face, to) in Face::ALL.into_iter().zip(neighbours(from)) {
                let Some(to) = to else {
                    continue;
                };
                let level = self.get(to, channel);
                if level == 0 {
                    continue;
                }
                let gave = if channel == Channel::Sky && had == MAX_LIGHT && face == Face::Down {
                    MAX_LIGHT
                } else {
                    had.saturating_sub(1 + self.opacity(to))
                };
                if level <= gave && !self.is_source(to, channel) {
                    self.set(to, channel, 0);
                    self.removal.push(to | u32::from(level) << LEVEL_SHIFT);
                } else {
                    self.queue.push(to);
                }
            }
        }
        self.removal.clear();
    }

    /// Brings light up to date after the blocks at `cells` (all in the centre column)
    /// changed in the world: takes away the light that came through them, lets each hold
    /// what it holds by itself, and floods the hole again from around it.
    pub fn update(&mut self, cells: &[BlockPos]) {
        let cells: Vec<u32> = cells.iter().map(|&p| Self::cell_of(p)).collect();
        for channel in Channel::BOTH {
            for &at in &cells {
                let had = self.get(at, channel);
                let holds = self
                    .block(at)
                    .map_or(0, |b| channel.source_level(b, world_y(at)));
                if had != holds {
                    self.set(at, channel, holds);
                }
                if had > 0 {
                    self.removal.push(at | u32::from(had) << LEVEL_SHIFT);
                }
                if holds > 0 {
                    self.queue.push(at);
                }
            }
            self.unspread(channel);
            for &at in &cells {
                self.queue
                    .extend(Face::ALL.into_iter().filter_map(|face| step(at, face)));
            }
            self.spread(channel);
        }
    }
}
