//! A chunk: [`CHUNK_SIZE`]³ blocks in palette storage.
//!
//! A chunk keeps the list of distinct blocks it holds (the palette) and, per block, an index
//! into that list packed into as few bits as the palette needs (1, 2, 4 or 8). A chunk of one
//! block type, such as open sky or solid rock, keeps no per-block array at all. Terrain chunks
//! hold a handful of block types, so a typical one needs 4 bits a block: 16 KiB instead of 32.

use super::block::Block;
use super::coords::{CHUNK_SIZE, CHUNK_VOLUME, LocalPos};

/// Cells along each edge of a chunk, for arrays.
const CHUNK: usize = CHUNK_SIZE as usize;

/// The blocks of one chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    palette: Vec<Block>,
    /// Packed palette indices, `bits` each, or empty when the palette has one entry.
    indices: Vec<u64>,
    bits: u32,
}

impl Chunk {
    /// A chunk filled with `block`.
    #[must_use]
    pub fn filled(block: Block) -> Self {
        Self {
            palette: vec![block],
            indices: Vec::new(),
            bits: 0,
        }
    }

    /// A chunk from a flat array of blocks in [`LocalPos::index`] order.
    #[must_use]
    pub fn from_blocks(blocks: &[Block; CHUNK_VOLUME]) -> Self {
        // Which ids are here, a bit each (8 KiB for every `u16`), where a search of the
        // palette per cell would cost more; runs of one block, as the ground and the sky
        // are, are looked up once.
        let mut seen = [0u64; 1 << 10];
        let mut palette: Vec<Block> = Vec::new();
        let mut last = None;
        for &b in blocks {
            if last == Some(b) {
                continue;
            }
            last = Some(b);
            let (word, bit) = (usize::from(b.id() >> 6), b.id() & 63);
            if seen[word] & (1 << bit) == 0 {
                seen[word] |= 1 << bit;
                palette.push(b);
            }
        }
        palette.sort_unstable();
        if palette.len() == 1 {
            return Self::filled(palette[0]);
        }
        let top = palette.last().map_or(0, |b| b.index());
        let mut slot = vec![0u16; top + 1];
        for (i, &b) in palette.iter().enumerate() {
            slot[b.index()] = i as u16;
        }
        let bits = bits_for(palette.len());
        // Whole words at a time: this runs for every generated chunk.
        let per_word = 64 / bits as usize;
        let indices = blocks
            .chunks(per_word)
            .map(|run| {
                run.iter().enumerate().fold(0u64, |word, (k, &b)| {
                    word | u64::from(slot[b.index()]) << (k as u32 * bits)
                })
            })
            .collect();
        Self {
            palette,
            indices,
            bits,
        }
    }

    /// The block at `pos`.
    #[must_use]
    pub fn get(&self, pos: LocalPos) -> Block {
        self.get_index(pos.index())
    }

    /// The block at flat index `index` ([`LocalPos::index`] order).
    #[must_use]
    #[inline]
    pub fn get_index(&self, index: usize) -> Block {
        if self.bits == 0 {
            return self.palette[0];
        }
        self.palette[self.read_index(index) as usize]
    }

    /// The palette slot of the block at flat index `index`: the position in
    /// [`Chunk::palette`] of the block there. Hot loops look properties up per slot, in a
    /// table made once per chunk, rather than per block.
    #[must_use]
    #[inline]
    pub fn slot_at(&self, index: usize) -> usize {
        if self.bits == 0 {
            0
        } else {
            self.read_index(index) as usize
        }
    }

    /// Sets the block at `pos`, growing the palette when `block` is new to this chunk.
    pub fn set(&mut self, pos: LocalPos, block: Block) {
        let slot = match self.palette.iter().position(|&b| b == block) {
            Some(slot) => slot,
            None => {
                self.palette.push(block);
                let needed = bits_for(self.palette.len());
                if needed != self.bits {
                    self.repack(needed);
                }
                self.palette.len() - 1
            }
        };
        if self.bits != 0 {
            self.write_index(pos.index(), slot as u64);
        }
    }

    /// The block filling the whole row of cells at height `y` and depth `z` (chunk-local),
    /// x from 0 to 31, if it holds only one kind: found from the packed words, a handful of
    /// comparisons, so light and meshing can pass over rows of sky or rock at once.
    #[must_use]
    pub fn row_uniform(&self, y: u8, z: u8) -> Option<Block> {
        if self.bits == 0 {
            return Some(self.palette[0]);
        }
        let row = (usize::from(y) * CHUNK + usize::from(z)) * CHUNK;
        let first = self.read_index(row);
        let mask = (1u64 << self.bits) - 1;
        // `first` in every field of a word.
        let pattern = first * (u64::MAX / mask);
        let (word, shift) = self.locate(row);
        let same = if self.bits == 1 {
            // Half a word: a row is 32 one-bit fields.
            (self.indices[word] >> shift) as u32 == pattern as u32
        } else {
            let words = CHUNK * self.bits as usize / 64;
            self.indices[word..word + words]
                .iter()
                .all(|&w| w == pattern)
        };
        same.then(|| self.palette[first as usize])
    }

    /// The 32 blocks of the row at height `y` and depth `z` (chunk-local), x from 0 to 31.
    #[must_use]
    pub fn row(&self, y: u8, z: u8) -> [Block; CHUNK] {
        let row = (usize::from(y) * CHUNK + usize::from(z)) * CHUNK;
        std::array::from_fn(|x| self.get_index(row + x))
    }

    /// All blocks in [`LocalPos::index`] order.
    #[must_use]
    pub fn to_blocks(&self) -> Box<[Block; CHUNK_VOLUME]> {
        let mut out = Box::new([Block::AIR; CHUNK_VOLUME]);
        for (i, b) in out.iter_mut().enumerate() {
            *b = self.get_index(i);
        }
        out
    }

    /// The block filling the whole chunk, if it holds only one kind.
    #[must_use]
    pub fn uniform(&self) -> Option<Block> {
        (self.bits == 0).then(|| self.palette[0])
    }

    /// The distinct blocks this chunk may hold (a block once set and since overwritten can
    /// linger here until the chunk is rebuilt with [`Chunk::from_blocks`]).
    #[must_use]
    pub fn palette(&self) -> &[Block] {
        &self.palette
    }

    fn repack(&mut self, bits: u32) {
        let (old_bits, old) = (self.bits, std::mem::take(&mut self.indices));
        self.bits = bits;
        self.indices = vec![0; words_for(bits)];
        // A chunk of one kind has every index 0, as the new words already say; otherwise
        // each new word is built whole from the old ones, rather than a read and a masked
        // write per cell: a flood that brings new kinds of water into a chunk repacks it.
        if old_bits == 0 || bits == 0 {
            return;
        }
        // Indices per word are powers of two: shifts and masks, never a division.
        let old_log2 = 6 - old_bits.trailing_zeros();
        let new_log2 = 6 - bits.trailing_zeros();
        let old_slot_mask = (1usize << old_log2) - 1;
        let old_mask = (1u64 << old_bits) - 1;
        for (w, out) in self.indices.iter_mut().enumerate() {
            let mut word = 0;
            for slot in 0..1usize << new_log2 {
                let i = (w << new_log2) | slot;
                let shift = (i & old_slot_mask) as u32 * old_bits;
                let value = (old[i >> old_log2] >> shift) & old_mask;
                word |= value << (slot as u32 * bits);
            }
            *out = word;
        }
    }

    /// The word holding index `index`, and the bit it starts at. `bits` is a power of two,
    /// so this is shifts and masks (light and meshing read chunks cell by cell).
    #[inline]
    fn locate(&self, index: usize) -> (usize, u32) {
        let per_word_log2 = 6 - self.bits.trailing_zeros();
        let word = index >> per_word_log2;
        let slot = index & ((1 << per_word_log2) - 1);
        (word, slot as u32 * self.bits)
    }

    #[inline]
    fn read_index(&self, index: usize) -> u64 {
        let (word, shift) = self.locate(index);
        (self.indices[word] >> shift) & ((1 << self.bits) - 1)
    }

    fn write_index(&mut self, index: usize, value: u64) {
        let (word, shift) = self.locate(index);
        let mask = ((1u64 << self.bits) - 1) << shift;
        let word = &mut self.indices[word];
        *word = (*word & !mask) | (value << shift);
    }
}

/// Bits per index for a palette of `len` entries: a power of two so indices never straddle
/// words.
fn bits_for(len: usize) -> u32 {
    match len {
        0 | 1 => 0,
        2 => 1,
        3..=4 => 2,
        5..=16 => 4,
        17..=256 => 8,
        _ => 16,
    }
}

fn words_for(bits: u32) -> usize {
    CHUNK_VOLUME * bits as usize / 64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_chunk_keeps_no_array() {
        let c = Chunk::filled(Block::STONE);
        assert_eq!(c.uniform(), Some(Block::STONE));
        assert!(c.indices.is_empty());
        assert_eq!(c.get(LocalPos::new(5, 6, 7)), Block::STONE);
        let from_array = Chunk::from_blocks(&[Block::AIR; CHUNK_VOLUME]);
        assert_eq!(from_array.uniform(), Some(Block::AIR));
    }

    #[test]
    fn set_grows_palette_and_keeps_other_blocks() {
        let mut c = Chunk::filled(Block::AIR);
        for (i, b) in Block::all().enumerate() {
            c.set(LocalPos::new(i as u8, 3, 9), b);
        }
        for (i, b) in Block::all().enumerate() {
            assert_eq!(c.get(LocalPos::new(i as u8, 3, 9)), b);
        }
        assert_eq!(c.get(LocalPos::new(31, 31, 31)), Block::AIR);
        // More than 16 kinds of block need 8-bit indices.
        assert_eq!(c.bits, if Block::count() > 16 { 8 } else { 4 });
    }

    #[test]
    fn rows_read_whole_and_know_when_they_hold_one_block() {
        // Palettes of 2, 3, 5 and 17 kinds: 1, 2, 4 and 8 bits a cell.
        for kinds in [2, 3, 5, 17] {
            let mut c = Chunk::filled(Block::AIR);
            for (i, b) in Block::all().take(kinds).enumerate() {
                c.set(LocalPos::new(i as u8, 7, 3), b);
            }
            assert_eq!(c.row_uniform(7, 3), None, "{kinds} kinds");
            assert_eq!(c.row_uniform(7, 4), Some(Block::AIR), "{kinds} kinds");
            assert_eq!(c.row_uniform(31, 31), Some(Block::AIR), "{kinds} kinds");
            let row = c.row(7, 3);
            for (x, &b) in row.iter().enumerate() {
                assert_eq!(b, c.get(LocalPos::new(x as u8, 7, 3)));
            }
            // A row of one block that is not the first in the palette.
            for x in 0..32 {
                c.set(
                    LocalPos::new(x, 9, 9),
                    Block::new(u16::try_from(kinds - 1).unwrap()),
                );
            }
            assert_eq!(
                c.row_uniform(9, 9),
                Some(Block::new(u16::try_from(kinds - 1).unwrap()))
            );
        }
        assert_eq!(
            Chunk::filled(Block::STONE).row_uniform(0, 0),
            Some(Block::STONE)
        );
    }

    #[test]
    fn growing_the_palette_keeps_every_cell() {
        // Each new kind crosses into the next index width (1, 2, 4, 8 bits) at some point, and
        // every cell set before must read back the same after every repack.
        let mut c = Chunk::filled(Block::AIR);
        let mut expected = Box::new([Block::AIR; CHUNK_VOLUME]);
        for (k, block) in Block::all().enumerate().skip(1) {
            for i in (k..CHUNK_VOLUME).step_by(37 + k) {
                c.set(LocalPos::from_index(i), block);
                expected[i] = block;
            }
            assert_eq!(*c.to_blocks(), *expected, "after {block}");
        }
    }

    #[test]
    fn from_blocks_round_trips() {
        let mut blocks = Box::new([Block::AIR; CHUNK_VOLUME]);
        for (i, b) in blocks.iter_mut().enumerate() {
            *b = Block::new(u16::try_from((i * 7 + i / 5) % Block::count()).unwrap());
        }
        let c = Chunk::from_blocks(&blocks);
        assert_eq!(*c.to_blocks(), *blocks);
    }
}
