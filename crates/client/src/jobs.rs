//! The queue the chunk workers pull from: best job first, for where the player is now.
//!
//! Every job is for a place (a column to generate, a chunk to mesh), and a place's cost is
//! its distance from the player, less a bonus for lying ahead. Workers always take the
//! cheapest job, and when the player moves or turns, [`JobQueue::refocus`] prices the
//! waiting jobs again and drops those that have fallen out of range, so nothing waits behind
//! work the player has left behind.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use glam::DVec3;

use crate::real_blocks::RealBlocks;
use hewn_core::world::coarse::SectionPos;
use hewn_core::world::light::ChunkLight;
use hewn_core::world::{Block, BlockPos, CHUNK_SIZE, Chunk, ChunkPos, ColumnPos, LocalPos};
use hewn_mesh::Neighbourhood;

/// Work for a worker.
#[derive(Debug)]
pub enum Job {
    /// Generate the column at this position and light it by itself.
    Generate(ColumnPos),
    /// Mesh a chunk: `border` holds its neighbours' border cells, `chunk` its blocks and
    /// `light` their light.
    Mesh {
        /// Which chunk.
        pos: ChunkPos,
        /// The version of the chunk's contents this mesh is of.
        version: u64,
        /// Its blocks.
        chunk: Chunk,
        /// Its light.
        light: ChunkLight,
        /// Its border (the centre is filled in by the worker).
        border: Box<Neighbourhood>,
    },
    /// Take a chunk's blocks into the far view's coarse levels.
    TakeIn {
        /// Which chunk.
        pos: ChunkPos,
        /// The copy's number, growing with every copy (see [`RealBlocks::take_in`]).
        copy: u64,
        /// Its blocks.
        chunk: Chunk,
        /// The levels to take it into.
        blocks: RealBlocks,
    },
    /// Generate the column at `pos`, put the world's edits in it and take the chunks they
    /// touch into the far view's coarse levels: what the player built where the near view
    /// has not loaded this session (in a world just opened, or one walked away from far
    /// enough to be forgotten) stands in the far view too.
    TakeInEdited {
        /// Which column.
        pos: ColumnPos,
        /// The edits inside it: where, and the block there now.
        edits: Vec<(BlockPos, Block)>,
        /// The copies' number (see [`RealBlocks::take_in`]): a copy the near view makes
        /// later is newer.
        copy: u64,
        /// The levels to take them into.
        blocks: RealBlocks,
    },
    /// Make and mesh the far view's coarse section at `pos`.
    Coarse {
        /// Which section.
        pos: SectionPos,
        /// The version of the section this mesh is of.
        version: u64,
        /// The real blocks' levels, where it comes from when they hold it.
        blocks: RealBlocks,
    },
}

/// What far-view work costs on top of its distance: more than any near work, so the far
/// view is made after the near one, nearest first.
const FAR_WORK: f64 = 1e6;

impl Job {
    /// How soon it should be done for `focus`: the cost of its place, a column standing for
    /// its chunk at the player's height and a section for the chunk at its middle; far-view
    /// work after all the rest.
    fn cost(&self, focus: &Focus) -> f64 {
        match self {
            Self::Generate(column) => focus.cost(column.chunk(focus.centre().y)),
            Self::Mesh { pos, .. } => focus.cost(*pos),
            Self::TakeIn { pos, .. } => FAR_WORK + focus.cost(*pos),
            Self::TakeInEdited { pos, .. } => FAR_WORK + focus.cost(pos.chunk(focus.centre().y)),
            Self::Coarse { pos, .. } => {
                let middle = pos.cell_min_block(LocalPos::new(16, 16, 16));
                FAR_WORK + focus.cost(middle.chunk())
            }
        }
    }
}

/// Where the player is and where they are heading: what decides which work comes first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Focus {
    feet: DVec3,
    /// Horizontal and of unit length, or zero when the player looks straight up or down.
    ahead: DVec3,
}

impl Focus {
    /// How much nearer a chunk straight ahead counts than one straight behind, in chunks
    /// (each way): the view fills where the player looks before behind their back.
    const AHEAD_BONUS: f64 = 1.5;

    /// The focus of a player at `feet` looking or moving along `heading` (any length).
    #[must_use]
    pub fn new(feet: DVec3, heading: DVec3) -> Self {
        Self {
            feet,
            ahead: DVec3::new(heading.x, 0.0, heading.z).normalize_or_zero(),
        }
    }

    /// The chunk the player's feet are in.
    #[must_use]
    pub fn centre(&self) -> ChunkPos {
        BlockPos::containing(self.feet).chunk()
    }

    /// How soon `pos` should be loaded and meshed: its distance in chunks from the player,
    /// vertical distance counting double (the layers at eye height matter most), less a
    /// bonus for lying ahead. Lower comes first.
    #[must_use]
    pub fn cost(&self, pos: ChunkPos) -> f64 {
        let size = f64::from(CHUNK_SIZE);
        let middle = pos.min_block().min_corner() + DVec3::splat(size / 2.0);
        let to = (middle - self.feet) / size;
        let flat = DVec3::new(to.x, 0.0, to.z);
        let distance = (flat.length_squared() + 4.0 * to.y * to.y).sqrt();
        distance - Self::AHEAD_BONUS * flat.normalize_or_zero().dot(self.ahead)
    }

    /// Whether the player has moved or turned far enough from `other` that waiting work
    /// should be priced again: another chunk, or a heading more than about 20° away.
    #[must_use]
    pub fn differs_from(&self, other: &Self) -> bool {
        self.centre() != other.centre() || self.ahead.dot(other.ahead) < 0.94
    }
}

/// A job and its cost; the heap keeps the cheapest on top, oldest first among equals.
#[derive(Debug)]
struct Entry {
    cost: f64,
    order: u64,
    job: Job,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Entry {}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: `BinaryHeap` pops its greatest, and the cheapest should come first.
        other
            .cost
            .total_cmp(&self.cost)
            .then(other.order.cmp(&self.order))
    }
}

/// Jobs waiting for a worker, cheapest first for the current [`Focus`].
#[derive(Debug)]
pub struct JobQueue {
    heap: BinaryHeap<Entry>,
    focus: Focus,
    next_order: u64,
    /// Whether far-view work waits (while the near view loads).
    far_held: bool,
}

impl JobQueue {
    /// An empty queue for a player at the world's origin.
    #[must_use]
    pub fn new() -> Self {
        Self {
            heap: BinaryHeap::new(),
            focus: Focus::new(DVec3::ZERO, DVec3::ZERO),
            next_order: 0,
            far_held: false,
        }
    }

    /// Adds a job, priced for the current focus.
    pub fn push(&mut self, job: Job) {
        let cost = job.cost(&self.focus);
        self.heap.push(Entry {
            cost,
            order: self.next_order,
            job,
        });
        self.next_order += 1;
    }

    /// The cheapest job, if any; none of the far view's while it is held.
    pub fn pop(&mut self) -> Option<Job> {
        if self.far_held && self.heap.peek().is_some_and(|e| e.cost >= FAR_WORK) {
            return None;
        }
        self.heap.pop().map(|e| e.job)
    }

    /// Holds the far view's work back (`true`) or lets it go (`false`): a worker busy with
    /// a far section for a few milliseconds is one the near view's next job waits for.
    /// Returns whether that changed.
    pub fn hold_far(&mut self, held: bool) -> bool {
        std::mem::replace(&mut self.far_held, held) != held
    }

    /// Prices every waiting job for `focus`, and takes out and returns those `keep` refuses
    /// (work the player has moved away from).
    pub fn refocus(&mut self, focus: Focus, keep: impl Fn(&Job) -> bool) -> Vec<Job> {
        self.focus = focus;
        let (mut kept, dropped): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut self.heap)
            .into_vec()
            .into_iter()
            .partition(|e| keep(&e.job));
        for entry in &mut kept {
            entry.cost = entry.job.cost(&focus);
        }
        self.heap = BinaryHeap::from(kept);
        dropped.into_iter().map(|e| e.job).collect()
    }

    /// Drops every job.
    pub fn clear(&mut self) {
        self.heap.clear();
    }
}

impl Default for JobQueue {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generate(x: i32, z: i32) -> Job {
        Job::Generate(ColumnPos::new(x, z))
    }

    fn column_of(job: &Job) -> ColumnPos {
        match job {
            Job::Generate(c) => *c,
            Job::Mesh { pos, .. } | Job::TakeIn { pos, .. } => pos.column(),
            Job::TakeInEdited { pos, .. } => *pos,
            Job::Coarse { pos, .. } => ColumnPos::new(pos.x, pos.z),
        }
    }

    fn drain(queue: &mut JobQueue) -> Vec<ColumnPos> {
        std::iter::from_fn(|| queue.pop())
            .map(|j| column_of(&j))
            .collect()
    }

    #[test]
    fn the_nearest_job_comes_first_whatever_the_order_of_arrival() {
        let mut queue = JobQueue::new();
        for (x, z) in [(5, 0), (0, 0), (-3, 0), (1, 1)] {
            queue.push(generate(x, z));
        }
        assert_eq!(
            drain(&mut queue),
            [(0, 0), (1, 1), (-3, 0), (5, 0)].map(|(x, z)| ColumnPos::new(x, z))
        );
    }

    #[test]
    fn work_ahead_of_the_player_comes_before_work_as_far_behind() {
        let mut queue = JobQueue::new();
        queue.refocus(Focus::new(DVec3::new(16.0, 70.0, 16.0), DVec3::X), |_| true);
        queue.push(generate(-2, 0));
        queue.push(generate(2, 0));
        assert_eq!(drain(&mut queue)[0], ColumnPos::new(2, 0));
    }

    #[test]
    fn refocusing_reorders_the_waiting_jobs_and_drops_the_refused() {
        let mut queue = JobQueue::new();
        for x in 0..10 {
            queue.push(generate(x, 0));
        }
        // The player walks to column 9: the far end is now the near end, and what lies
        // more than five columns away is no longer wanted.
        let focus = Focus::new(DVec3::new(9.0 * 32.0 + 16.0, 70.0, 16.0), DVec3::ZERO);
        let dropped = queue.refocus(focus, |job| (column_of(job).x - 9).abs() <= 5);
        assert_eq!(
            dropped.iter().map(column_of).collect::<Vec<_>>(),
            (0..4).map(|x| ColumnPos::new(x, 0)).collect::<Vec<_>>()
        );
        assert_eq!(
            drain(&mut queue),
            (4..10)
                .rev()
                .map(|x| ColumnPos::new(x, 0))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn far_work_waits_while_held_and_near_work_does_not() {
        let mut queue = JobQueue::new();
        let blocks = RealBlocks::new(2);
        queue.push(Job::Coarse {
            pos: SectionPos::new(1, 0, 0, 0),
            version: 0,
            blocks,
        });
        queue.push(generate(9, 9));
        assert!(queue.hold_far(true));
        assert!(
            matches!(queue.pop(), Some(Job::Generate(_))),
            "near work goes"
        );
        assert!(queue.pop().is_none(), "far work waits");
        assert!(queue.hold_far(false));
        assert!(matches!(queue.pop(), Some(Job::Coarse { .. })));
    }

    #[test]
    fn a_small_turn_keeps_the_order_and_a_step_into_another_chunk_does_not() {
        let here = Focus::new(DVec3::new(1.0, 70.0, 1.0), DVec3::X);
        assert!(!here.differs_from(&Focus::new(
            DVec3::new(2.0, 70.0, 1.0),
            DVec3::new(1.0, 0.0, 0.2)
        )));
        assert!(here.differs_from(&Focus::new(DVec3::new(1.0, 70.0, 1.0), DVec3::Z)));
        assert!(here.differs_from(&Focus::new(DVec3::new(33.0, 70.0, 1.0), DVec3::X)));
    }
}
