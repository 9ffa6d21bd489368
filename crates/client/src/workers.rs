//! A small pool of worker threads that generate and mesh chunks off the main thread, and
//! make the far view's coarse sections once the near view's work is done.
//!
//! Jobs go into a shared [`JobQueue`] that the workers pull from as soon as they are free,
//! cheapest first for where the player is, so loading runs at the workers' pace and never
//! waits for a frame. Results come back through a channel the main thread drains without
//! ever blocking.

use std::collections::BTreeSet;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::jobs::{Focus, Job, JobQueue};
use crate::real_blocks::RealBlocks;
use hewn_core::world::cache::GeneratedColumn;
use hewn_core::world::coarse::SectionPos;
use hewn_core::world::{Block, BlockPos, COLUMN_CHUNKS, ChunkPos, ColumnPos, ColumnSource};
use hewn_core::worldgen::{Generator, SharedTerrain};
use hewn_mesh::{ChunkMesh, mesh_coarse};

/// Finished work.
#[derive(Debug)]
pub enum Done {
    /// A generated column.
    Generated(ColumnPos, Arc<GeneratedColumn>),
    /// A chunk mesh.
    Meshed {
        /// Which chunk.
        pos: ChunkPos,
        /// The version it was meshed from.
        version: u64,
        /// The mesh (boxed: with its light volume's buffer it is the biggest message).
        mesh: Box<ChunkMesh>,
    },
    /// The far view's sections that a chunk taken in changed.
    TakenIn(Vec<SectionPos>),
    /// A coarse section's mesh.
    Coarse {
        /// Which section.
        pos: SectionPos,
        /// The version it was meshed for.
        version: u64,
        /// The mesh.
        mesh: Box<ChunkMesh>,
    },
}

#[derive(Debug, Default)]
struct Queue {
    jobs: JobQueue,
    closed: bool,
}

type Shared = Arc<(Mutex<Queue>, Condvar)>;

/// The pool.
#[derive(Debug)]
pub struct Workers {
    shared: Shared,
    done: Receiver<Done>,
    threads: Vec<JoinHandle<()>>,
}

impl Workers {
    /// Starts `count` workers (at least one) drawing columns from `terrain`.
    #[must_use]
    pub fn new(count: usize, terrain: &SharedTerrain) -> Self {
        let shared: Shared = Arc::default();
        let (sender, done) = channel();
        let threads = (0..count.max(1))
            .filter_map(|i| {
                let (shared, sender, terrain) = (shared.clone(), sender.clone(), terrain.clone());
                std::thread::Builder::new()
                    .name(format!("chunk worker {i}"))
                    .spawn(move || work(&shared, &sender, &terrain))
                    .map_err(|e| log::warn!("cannot start chunk worker {i}: {e}"))
                    .ok()
            })
            .collect();
        Self {
            shared,
            done,
            threads,
        }
    }

    /// The number of threads in the pool sized for this machine: one per core. The main
    /// thread spends most of a frame waiting for the GPU, and while the view loads the
    /// workers' jobs are what the player is waiting for; once it has loaded they sleep.
    #[must_use]
    pub fn default_count() -> usize {
        std::thread::available_parallelism().map_or(2, std::num::NonZero::get)
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.shared.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues a job.
    pub fn submit(&self, job: Job) {
        self.queue().jobs.push(job);
        self.shared.1.notify_one();
    }

    /// Queues jobs, all under one lock.
    pub fn submit_all(&self, jobs: impl IntoIterator<Item = Job>) {
        let mut queue = self.queue();
        for job in jobs {
            queue.jobs.push(job);
        }
        drop(queue);
        self.shared.1.notify_all();
    }

    /// Prices the waiting jobs for `focus` and takes out those `keep` refuses, which are
    /// returned (see [`JobQueue::refocus`]).
    pub fn refocus(&self, focus: Focus, keep: impl Fn(&Job) -> bool) -> Vec<Job> {
        self.queue().jobs.refocus(focus, keep)
    }

    /// Holds the far view's work back while `held` (see [`JobQueue::hold_far`]), waking
    /// the workers when it is let go.
    pub fn hold_far(&self, held: bool) {
        let changed = self.queue().jobs.hold_far(held);
        if changed && !held {
            self.shared.1.notify_all();
        }
    }

    /// A finished result, if one is waiting; never blocks.
    #[must_use]
    pub fn try_done(&self) -> Option<Done> {
        // Empty or disconnected (all workers gone) both mean: nothing more for now.
        self.done.try_recv().ok()
    }

    /// A finished result, waiting up to `timeout` for one; `None` if none came or no worker
    /// is left to make one.
    #[must_use]
    pub fn wait_done(&self, timeout: Duration) -> Option<Done> {
        // Timed out or disconnected (all workers gone) both mean: nothing for now.
        self.done.recv_timeout(timeout).ok()
    }

    /// Whether any thread is running (none could start, say, on a locked-down system).
    #[must_use]
    pub fn is_running(&self) -> bool {
        !self.threads.is_empty()
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        let (queue, ready) = &*self.shared;
        {
            let mut q = queue.lock().unwrap_or_else(PoisonError::into_inner);
            q.closed = true;
            q.jobs.clear();
        }
        ready.notify_all();
        for t in self.threads.drain(..) {
            // A worker that panicked has already reported it; nothing more to do at exit.
            let _ = t.join();
        }
    }
}

fn work(shared: &Shared, sender: &Sender<Done>, terrain: &SharedTerrain) {
    let generator = &*terrain.generator;
    let (queue, ready) = &**shared;
    loop {
        let job = {
            let mut q = queue.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                if q.closed {
                    return;
                }
                if let Some(job) = q.jobs.pop() {
                    break job;
                }
                q = ready.wait(q).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let done = match job {
            Job::Generate(pos) => {
                // The server in the same process may have made it already, or be making it.
                let column = terrain.columns.column(pos);
                Done::Generated(pos, column)
            }
            Job::Mesh {
                pos,
                version,
                chunk,
                light,
                mut border,
            } => {
                border.fill_centre(&chunk, &light);
                let mut mesh = Box::<ChunkMesh>::default();
                mesh.build(&border);
                Done::Meshed { pos, version, mesh }
            }
            Job::TakeIn {
                pos,
                copy,
                chunk,
                blocks,
            } => Done::TakenIn(blocks.take_in(pos, copy, &chunk, generator)),
            Job::TakeInEdited {
                pos,
                edits,
                copy,
                blocks,
            } => Done::TakenIn(take_in_edited(generator, pos, &edits, copy, &blocks)),
            Job::Coarse {
                pos,
                version,
                blocks,
            } => {
                let section = blocks.section(pos, generator);
                let mut mesh = Box::<ChunkMesh>::default();
                mesh_coarse(&section, &[None; 6], &mut mesh);
                Done::Coarse { pos, version, mesh }
            }
        };
        if sender.send(done).is_err() {
            return;
        }
    }
}

/// Generates the column at `pos`, puts `edits` (where, and the block there now) in it and
/// takes the chunks they touch into `blocks` as copy `copy`; returns the sections whose
/// cells changed, finest first, each once.
fn take_in_edited(
    generator: &Generator,
    pos: ColumnPos,
    edits: &[(BlockPos, Block)],
    copy: u64,
    blocks: &RealBlocks,
) -> Vec<SectionPos> {
    let mut chunks = generator.generate_column(pos);
    let mut touched = [false; COLUMN_CHUNKS];
    for &(at, block) in edits {
        let Ok(y) = usize::try_from(at.chunk().y) else {
            continue;
        };
        if let Some(chunk) = chunks.get_mut(y) {
            chunk.set(at.local(), block);
            touched[y] = true;
        }
    }
    let mut changed = BTreeSet::new();
    for (y, chunk) in chunks.iter().enumerate().filter(|&(y, _)| touched[y]) {
        changed.extend(blocks.take_in(pos.chunk(y as i32), copy, chunk, generator));
    }
    changed.into_iter().collect()
}
