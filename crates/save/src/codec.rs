//! Chunk blobs: a chunk's blocks, compressed, with what it takes to notice damage.
//!
//! A blob of format [`FORMAT_WIDE`] (or of the older [`FORMAT_LZ4`]) is
//!
//! ```text
//! offset  size  field
//!      0     4  decoded length in bytes, u32 little-endian (always CHUNK_VOLUME)
//!      4     4  CRC-32 (IEEE) of the decoded bytes, u32 little-endian
//!      8     …  LZ4 block (no frame) of the decoded bytes
//! ```
//!
//! The decoded bytes are the chunk's block ids in [`LocalPos::index`] order: two bytes each,
//! little-endian, in [`FORMAT_WIDE`], which every save writes; one byte each in
//! [`FORMAT_LZ4`], which worlds saved before ids grew to 16 bits hold and still open. Plain
//! ids rather than the palette's packed bits keeps the format independent of
//! how [`Chunk`] stores itself today; LZ4 removes the redundancy anyway (terrain is long runs
//! of a few ids). The length and checksum cover the decoded bytes, so damage is caught whether
//! it breaks the LZ4 stream or only changes what it decodes to.
//!
//! [`LocalPos::index`]: hewn_core::world::LocalPos::index

use hewn_core::world::coords::CHUNK_VOLUME;
use hewn_core::world::{Block, Chunk};

/// The format byte of blobs saved when block ids were bytes: LZ4 over one byte per block.
/// Read, never written.
pub const FORMAT_LZ4: u8 = 1;

/// The format byte of the blobs saves write: LZ4 over two bytes per block.
pub const FORMAT_WIDE: u8 = 2;

const HEADER_LEN: usize = 8;

/// The block count every blob's header states: a chunk's volume, 32,768, which fits the
/// header's 32 bits.
#[expect(
    clippy::cast_possible_truncation,
    reason = "CHUNK_VOLUME is 32,768, far below u32::MAX"
)]
const VOLUME_HEADER: u32 = CHUNK_VOLUME as u32;

/// Why a chunk blob could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The format byte names no format this build knows.
    #[error("unknown chunk format {0}")]
    UnknownFormat(i64),
    /// The blob is shorter than its header.
    #[error("blob of {0} bytes is shorter than its header")]
    Truncated(usize),
    /// The header gives a decoded length other than a chunk's.
    #[error("header says {found} bytes, a chunk has {CHUNK_VOLUME}")]
    WrongLength {
        /// The length in the header.
        found: u32,
    },
    /// The LZ4 stream is broken or decodes to a different length.
    #[error("compressed data is damaged: {0}")]
    Compression(String),
    /// The decoded bytes do not match the checksum in the header.
    #[error("checksum mismatch (stored {stored:08x}, computed {computed:08x})")]
    Checksum {
        /// The checksum in the header.
        stored: u32,
        /// The checksum of what the blob decodes to.
        computed: u32,
    },
    /// The chunk's coordinates lie above or below the world, or beyond its border.
    #[error("the chunk lies outside the world's height or beyond its border")]
    OutsideWorld,
    /// The chunk would take the world's edits past [`super::MAX_SAVED_EDITS`].
    #[error("its edits would take the world past the {limit} edited cells a world may hold")]
    TooManyEdits {
        /// The limit.
        limit: usize,
    },
    /// A decoded id names no block.
    #[error("{value} at index {index} is not a block id")]
    UnknownBlock {
        /// Where in the chunk.
        index: usize,
        /// The id found.
        value: u16,
    },
}

/// Encodes `chunk` as a blob of format [`FORMAT_WIDE`].
#[must_use]
pub fn encode(chunk: &Chunk) -> Vec<u8> {
    let bytes = block_bytes(chunk);
    let crc = crc32fast::hash(&bytes);
    let compressed = lz4_flex::block::compress(&bytes);
    let mut blob = Vec::with_capacity(HEADER_LEN + compressed.len());
    blob.extend_from_slice(&VOLUME_HEADER.to_le_bytes());
    blob.extend_from_slice(&crc.to_le_bytes());
    blob.extend_from_slice(&compressed);
    blob
}

/// Decodes a blob stored with format byte `format`, checking everything the header promises.
///
/// # Errors
/// [`DecodeError`] saying what is wrong; damaged input never panics.
pub fn decode(format: i64, blob: &[u8]) -> Result<Chunk, DecodeError> {
    let width = match u8::try_from(format) {
        Ok(FORMAT_LZ4) => 1,
        Ok(FORMAT_WIDE) => 2,
        _ => return Err(DecodeError::UnknownFormat(format)),
    };
    let (Some(len), Some(crc), Some(payload)) =
        (blob.get(0..4), blob.get(4..8), blob.get(HEADER_LEN..))
    else {
        return Err(DecodeError::Truncated(blob.len()));
    };
    let len = u32::from_le_bytes(len.try_into().unwrap_or_default());
    let stored = u32::from_le_bytes(crc.try_into().unwrap_or_default());
    if len != VOLUME_HEADER {
        return Err(DecodeError::WrongLength { found: len });
    }
    let size = CHUNK_VOLUME * width;
    let mut bytes = vec![0u8; size];
    match lz4_flex::block::decompress_into(payload, &mut bytes) {
        Ok(n) if n == size => {}
        Ok(n) => {
            return Err(DecodeError::Compression(format!(
                "decodes to {n} bytes, not {size}"
            )));
        }
        Err(e) => return Err(DecodeError::Compression(e.to_string())),
    }
    let computed = crc32fast::hash(&bytes);
    if computed != stored {
        return Err(DecodeError::Checksum { stored, computed });
    }
    #[expect(
        clippy::large_stack_arrays,
        reason = "the 32 KiB array is built in the box: release builds never put it on the stack"
    )]
    let mut blocks = Box::new([Block::AIR; CHUNK_VOLUME]);
    let ids = bytes.chunks_exact(width).map(|id| match *id {
        [byte] => u16::from(byte),
        [low, high] => u16::from_le_bytes([low, high]),
        _ => u16::MAX,
    });
    for (index, (slot, value)) in blocks.iter_mut().zip(ids).enumerate() {
        *slot = Block::from_id(value).ok_or(DecodeError::UnknownBlock { index, value })?;
    }
    Ok(Chunk::from_blocks(&blocks))
}

/// The chunk's block ids in [`LocalPos::index`](hewn_core::world::LocalPos::index) order,
/// two little-endian bytes each.
fn block_bytes(chunk: &Chunk) -> Vec<u8> {
    if let Some(block) = chunk.uniform() {
        return block.id().to_le_bytes().repeat(CHUNK_VOLUME);
    }
    (0..CHUNK_VOLUME)
        .flat_map(|i| chunk.get_index(i).id().to_le_bytes())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::{ChunkPos, ColumnSource, LocalPos};
    use hewn_core::worldgen::{Generator, GeneratorKind};

    fn varied_chunk() -> Chunk {
        let mut c = Generator::new(GeneratorKind::Flat, 3).generate(ChunkPos::new(0, 1, 0));
        // Every block, a row of 32 at a time, down from the top.
        for (i, b) in Block::all().enumerate() {
            let (x, y) = (u8::try_from(i % 32), u8::try_from(31 - i / 32));
            c.set(LocalPos::new(x.unwrap(), y.unwrap(), 7), b);
        }
        c
    }

    #[test]
    fn round_trips_and_compresses() {
        for chunk in [Chunk::filled(Block::AIR), varied_chunk()] {
            let blob = encode(&chunk);
            assert!(blob.len() < 1024, "{} bytes", blob.len());
            let back = decode(i64::from(FORMAT_WIDE), &blob).unwrap();
            assert_eq!(*back.to_blocks(), *chunk.to_blocks());
        }
    }

    #[test]
    fn every_single_bit_flip_is_caught_or_harmless() {
        let chunk = varied_chunk();
        let blob = encode(&chunk);
        let mut harmless = 0;
        for i in 0..blob.len() {
            for bit in [0x01, 0x80] {
                let mut bad = blob.clone();
                bad[i] ^= bit;
                // A flip can be harmless: a match offset changed to another place in the
                // same run of one block copies the same bytes. It must never load wrong.
                if let Ok(back) = decode(i64::from(FORMAT_WIDE), &bad) {
                    assert_eq!(*back.to_blocks(), *chunk.to_blocks(), "flip at byte {i}");
                    harmless += 1;
                }
            }
        }
        assert!(
            harmless < blob.len() / 4,
            "{harmless} of {} flips",
            2 * blob.len()
        );
    }

    #[test]
    fn truncation_and_unknown_formats_are_errors() {
        let blob = encode(&varied_chunk());
        for len in [0, 3, 8, blob.len() / 2, blob.len() - 1] {
            assert!(
                decode(i64::from(FORMAT_WIDE), &blob[..len]).is_err(),
                "{len}"
            );
        }
        assert_eq!(decode(7, &blob), Err(DecodeError::UnknownFormat(7)));
    }

    /// A blob of `bytes` as the decoded bytes, with a right header.
    fn blob_of(bytes: &[u8]) -> Vec<u8> {
        let mut blob = VOLUME_HEADER.to_le_bytes().to_vec();
        blob.extend_from_slice(&crc32fast::hash(bytes).to_le_bytes());
        blob.extend_from_slice(&lz4_flex::block::compress(bytes));
        blob
    }

    #[test]
    fn ids_that_are_not_blocks_are_named() {
        let unknown = DecodeError::UnknownBlock {
            index: 0,
            value: 200,
        };
        let narrow = blob_of(&vec![200u8; CHUNK_VOLUME]);
        assert_eq!(decode(i64::from(FORMAT_LZ4), &narrow), Err(unknown.clone()));
        let wide = blob_of(&200u16.to_le_bytes().repeat(CHUNK_VOLUME));
        assert_eq!(decode(i64::from(FORMAT_WIDE), &wide), Err(unknown));
    }

    #[test]
    fn a_chunk_saved_with_a_byte_per_block_reads_as_it_was() {
        let chunk = varied_chunk();
        let ids: Vec<u8> = (0..CHUNK_VOLUME)
            .map(|i| u8::try_from(chunk.get_index(i).id()).unwrap())
            .collect();
        let back = decode(i64::from(FORMAT_LZ4), &blob_of(&ids)).unwrap();
        assert_eq!(*back.to_blocks(), *chunk.to_blocks());
    }
}
