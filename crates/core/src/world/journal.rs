//! What changed in a world, written down once and read by each part of the game that needs
//! to know from a cursor of its own.
//!
//! Every change gets the next number of one sequence and goes into the indexes its readers
//! use: the cells whose block changed, in order, with what each held before (the simulation
//! sets water and sand in motion from them; a server sends them to its clients); the chunks
//! whose edits changed (a save writes them); the chunks a block change redrew (the client
//! meshes them again at once, so an edit shows in its frame); and the chunks whose light
//! loading or unloading a column changed (meshed again in turn, by the streamer). A reader
//! reads what was written since its last read, in that order; what every reader of an index
//! has read is let go.
//!
//! The chunk indexes keep each chunk once, under its latest change, so a reader that comes
//! by seldom (a save every few seconds) holds at most one entry per chunk, however often the
//! chunk changed meanwhile. A reader that no one follows costs nothing: changes go only into
//! indexes someone reads. Reading is the same operation for every reader, so no reader's
//! turn decides what another sees.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::{Block, BlockPos, ChunkPos};

/// Who reads the cells whose block changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellReader {
    /// The simulation: what a change may set in motion, and in a client's copy what its
    /// prediction changed, to undo.
    Simulation,
    /// A server: what its clients are sent.
    Network,
}

/// Who reads chunks that changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChunkReader {
    /// Saving: the chunks whose edits changed.
    Save,
    /// Drawing at once: the chunks that see a cell whose block changed, or whose light a
    /// block change moved.
    Remesh,
    /// Drawing in turn: the chunks whose light changed as a column loaded or unloaded.
    Stream,
}

/// Why chunks are to be drawn again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Redraw {
    /// A block changed ([`ChunkReader::Remesh`]).
    Edit,
    /// A column came or went ([`ChunkReader::Stream`]).
    Load,
}

/// The number of a change in a world's [`Journal`].
type Stamp = u64;

/// A cell whose block changed.
#[derive(Clone, Copy, Debug)]
struct CellChange {
    stamp: Stamp,
    cell: BlockPos,
    before: Block,
}

/// Chunks, each under the stamp of its latest change.
#[derive(Clone, Debug, Default)]
struct ChunkIndex {
    chunks: BTreeMap<ChunkPos, Stamp>,
}

impl ChunkIndex {
    /// The chunks changed at `since` or later, in order.
    fn since(&self, since: Stamp) -> BTreeSet<ChunkPos> {
        (self.chunks.iter())
            .filter(|&(_, &stamp)| stamp >= since)
            .map(|(&pos, _)| pos)
            .collect()
    }

    /// Forgets the chunks whose latest change came before `stamp`.
    fn forget_before(&mut self, stamp: Stamp) {
        self.chunks.retain(|_, &mut s| s >= stamp);
    }
}

/// A world's record of what changed, with a cursor for each reader following it.
#[derive(Clone, Debug)]
pub struct Journal {
    /// The stamp the next change gets.
    next: Stamp,
    cells: VecDeque<CellChange>,
    edited: ChunkIndex,
    remesh: ChunkIndex,
    stream: ChunkIndex,
    /// Where each cell reader is, by [`CellReader`]'s order: the stamp of the first change it
    /// has not read, or `None` while it does not follow.
    cell_cursors: [Option<Stamp>; 2],
    /// The same for each [`ChunkReader`].
    chunk_cursors: [Option<Stamp>; 3],
}

impl Default for Journal {
    /// A journal followed by the simulation, saving and both kinds of drawing, as a world
    /// starts: the network follows when a server asks ([`Journal::follow_cells`]), and a
    /// world that is never drawn or never saved says so ([`Journal::unfollow_chunks`]).
    fn default() -> Self {
        Self {
            next: 0,
            cells: VecDeque::new(),
            edited: ChunkIndex::default(),
            remesh: ChunkIndex::default(),
            stream: ChunkIndex::default(),
            cell_cursors: [Some(0), None],
            chunk_cursors: [Some(0); 3],
        }
    }
}

impl Journal {
    /// Has `reader` read the changed cells from now on, if it does not already.
    pub fn follow_cells(&mut self, reader: CellReader) {
        self.cell_cursors[reader as usize].get_or_insert(self.next);
    }

    /// Whether `reader` follows the changed cells.
    #[must_use]
    pub fn follows_cells(&self, reader: CellReader) -> bool {
        self.cell_cursors[reader as usize].is_some()
    }

    /// Has `reader` read the changed chunks from now on, if it does not already.
    pub fn follow_chunks(&mut self, reader: ChunkReader) {
        self.chunk_cursors[reader as usize].get_or_insert(self.next);
    }

    /// Stops keeping changes for `reader`, which will not read them.
    pub fn unfollow_chunks(&mut self, reader: ChunkReader) {
        self.chunk_cursors[reader as usize] = None;
        self.let_go_of_chunks(reader);
    }

    /// Notes that the block at `cell` changed from `before`.
    pub(super) fn block_changed(&mut self, cell: BlockPos, before: Block) {
        let stamp = self.stamp();
        if self.cell_cursors.iter().any(Option::is_some) {
            self.cells.push_back(CellChange {
                stamp,
                cell,
                before,
            });
        }
        self.edited(cell, stamp);
    }

    /// Notes that a cell told while its column was away took its block as the column
    /// loaded: an edit to save, though nothing was set in motion and the column is drawn
    /// whole as it comes.
    pub(super) fn arrived(&mut self, cell: BlockPos) {
        let stamp = self.stamp();
        self.edited(cell, stamp);
    }

    /// Notes that `chunks` are to be drawn again, and why.
    pub(super) fn redraw(&mut self, why: Redraw, chunks: impl IntoIterator<Item = ChunkPos>) {
        let (reader, index) = match why {
            Redraw::Edit => (ChunkReader::Remesh, &mut self.remesh),
            Redraw::Load => (ChunkReader::Stream, &mut self.stream),
        };
        if self.chunk_cursors[reader as usize].is_none() {
            return;
        }
        let stamp = self.next;
        self.next += 1;
        index.chunks.extend(chunks.into_iter().map(|c| (c, stamp)));
    }

    /// The cells whose block changed since `reader` last read, in the order they changed
    /// (a cell may come more than once), each with the block it held before that change.
    /// A reader that did not follow starts following now and reads nothing.
    pub fn read_cells(&mut self, reader: CellReader) -> Vec<(BlockPos, Block)> {
        let next = self.next;
        let Some(cursor) = self.cell_cursors[reader as usize].replace(next) else {
            return Vec::new();
        };
        let first = self.cells.partition_point(|c| c.stamp < cursor);
        let read = (self.cells.range(first..))
            .map(|c| (c.cell, c.before))
            .collect();
        let oldest = self.cell_cursors.iter().flatten().min().copied();
        let kept = oldest.map_or(self.cells.len(), |o| {
            self.cells.partition_point(|c| c.stamp < o)
        });
        self.cells.drain(..kept);
        read
    }

    /// The chunks `reader` is to hear of that changed since it last read, in order. A
    /// reader that did not follow starts following now and reads nothing.
    pub fn read_chunks(&mut self, reader: ChunkReader) -> BTreeSet<ChunkPos> {
        let next = self.next;
        let Some(cursor) = self.chunk_cursors[reader as usize].replace(next) else {
            return BTreeSet::new();
        };
        let read = self.index(reader).since(cursor);
        self.let_go_of_chunks(reader);
        read
    }

    /// Forgets the chunks in `reader`'s index that every reader of it has read.
    fn let_go_of_chunks(&mut self, reader: ChunkReader) {
        match self.chunk_cursors[reader as usize] {
            Some(cursor) => self.index(reader).forget_before(cursor),
            None => self.index(reader).chunks.clear(),
        }
    }

    fn index(&mut self, reader: ChunkReader) -> &mut ChunkIndex {
        match reader {
            ChunkReader::Save => &mut self.edited,
            ChunkReader::Remesh => &mut self.remesh,
            ChunkReader::Stream => &mut self.stream,
        }
    }

    fn edited(&mut self, cell: BlockPos, stamp: Stamp) {
        if self.chunk_cursors[ChunkReader::Save as usize].is_some() {
            self.edited.chunks.insert(cell.chunk(), stamp);
        }
    }

    fn stamp(&mut self) -> Stamp {
        let stamp = self.next;
        self.next += 1;
        stamp
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: i32) -> BlockPos {
        BlockPos::new(x, 70, 0)
    }

    #[test]
    fn each_reader_reads_every_change_once_from_its_own_cursor() {
        let mut journal = Journal::default();
        journal.follow_cells(CellReader::Network);
        journal.block_changed(cell(1), Block::STONE);
        journal.block_changed(cell(2), Block::DIRT);
        assert_eq!(
            journal.read_cells(CellReader::Simulation),
            [(cell(1), Block::STONE), (cell(2), Block::DIRT)]
        );
        journal.block_changed(cell(1), Block::AIR);
        assert_eq!(
            journal.read_cells(CellReader::Simulation),
            [(cell(1), Block::AIR)]
        );
        // The network had not read: it gets all three, the same cell twice, in order.
        assert_eq!(
            journal.read_cells(CellReader::Network),
            [
                (cell(1), Block::STONE),
                (cell(2), Block::DIRT),
                (cell(1), Block::AIR)
            ]
        );
        assert!(journal.read_cells(CellReader::Network).is_empty());
        assert!(journal.cells.is_empty(), "what both read is let go");
    }

    #[test]
    fn a_chunk_reader_hears_of_each_chunk_once_however_often_it_changed() {
        let mut journal = Journal::default();
        for x in 0..100 {
            journal.block_changed(cell(x % 3), Block::STONE);
        }
        journal.block_changed(cell(40), Block::STONE);
        let chunks = journal.read_chunks(ChunkReader::Save);
        assert_eq!(chunks, BTreeSet::from([cell(0).chunk(), cell(40).chunk()]));
        assert!(journal.read_chunks(ChunkReader::Save).is_empty());
        assert!(journal.edited.chunks.is_empty());
    }

    #[test]
    fn redraws_go_to_the_reader_of_their_cause() {
        let mut journal = Journal::default();
        let (a, b) = (cell(0).chunk(), cell(40).chunk());
        journal.redraw(Redraw::Edit, [a]);
        journal.redraw(Redraw::Load, [b]);
        assert_eq!(
            journal.read_chunks(ChunkReader::Remesh),
            BTreeSet::from([a])
        );
        assert_eq!(
            journal.read_chunks(ChunkReader::Stream),
            BTreeSet::from([b])
        );
        // Changing a block is not drawing: the caller says which chunks see it.
        journal.block_changed(cell(0), Block::STONE);
        assert!(journal.read_chunks(ChunkReader::Remesh).is_empty());
    }

    #[test]
    fn nothing_is_kept_for_a_reader_no_one_is() {
        let mut journal = Journal::default();
        journal.unfollow_chunks(ChunkReader::Save);
        journal.unfollow_chunks(ChunkReader::Stream);
        journal.block_changed(cell(0), Block::STONE);
        journal.redraw(Redraw::Load, [cell(0).chunk()]);
        assert!(journal.edited.chunks.is_empty());
        assert!(journal.stream.chunks.is_empty());
        // Following again starts from now.
        journal.follow_chunks(ChunkReader::Save);
        assert!(journal.read_chunks(ChunkReader::Save).is_empty());
        journal.block_changed(cell(0), Block::DIRT);
        assert_eq!(journal.read_chunks(ChunkReader::Save).len(), 1);
    }

    #[test]
    fn a_reader_that_starts_late_reads_only_what_came_after() {
        let mut journal = Journal::default();
        journal.block_changed(cell(1), Block::STONE);
        assert!(journal.read_cells(CellReader::Network).is_empty());
        journal.block_changed(cell(2), Block::STONE);
        assert_eq!(
            journal.read_cells(CellReader::Network),
            [(cell(2), Block::STONE)]
        );
        assert_eq!(journal.read_cells(CellReader::Simulation).len(), 2);
    }
}
