//! A small pool of worker threads that generate and mesh chunks off the main thread.
//!
//! Jobs go in through a shared queue; results come back through a channel the main thread
//! drains without ever blocking.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;

use crate::mesh::{ChunkMesh, Neighbourhood};
use crate::world::light::{ChunkLight, light_column};
use crate::world::{COLUMN_CHUNKS, Chunk, ChunkPos, ColumnLight, ColumnPos};
use crate::worldgen::Generator;

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
}

/// A generated column and the light it has by itself.
pub type GeneratedColumn = Box<([Chunk; COLUMN_CHUNKS], ColumnLight)>;

/// Finished work.
#[derive(Debug)]
pub enum Done {
    /// A generated column.
    Generated(ColumnPos, GeneratedColumn),
    /// A chunk mesh.
    Meshed {
        /// Which chunk.
        pos: ChunkPos,
        /// The version it was meshed from.
        version: u64,
        /// The mesh.
        mesh: ChunkMesh,
    },
}

#[derive(Debug, Default)]
struct Queue {
    jobs: VecDeque<Job>,
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
    /// Starts `count` workers (at least one) generating with `generator`.
    #[must_use]
    pub fn new(count: usize, generator: &Arc<Generator>) -> Self {
        let shared: Shared = Arc::default();
        let (sender, done) = channel();
        let threads = (0..count.max(1))
            .filter_map(|i| {
                let (shared, sender, generator) =
                    (shared.clone(), sender.clone(), generator.clone());
                std::thread::Builder::new()
                    .name(format!("chunk worker {i}"))
                    .spawn(move || work(&shared, &sender, &generator))
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

    /// The number of threads in the pool sized for this machine: all cores but one, which is
    /// left to the main thread.
    #[must_use]
    pub fn default_count() -> usize {
        std::thread::available_parallelism()
            .map_or(2, std::num::NonZero::get)
            .saturating_sub(1)
            .max(1)
    }

    /// Queues a job.
    pub fn submit(&self, job: Job) {
        let (queue, ready) = &*self.shared;
        queue
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .jobs
            .push_back(job);
        ready.notify_one();
    }

    /// A finished result, if one is waiting; never blocks.
    #[must_use]
    pub fn try_done(&self) -> Option<Done> {
        // Empty or disconnected (all workers gone) both mean: nothing more for now.
        self.done.try_recv().ok()
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

fn work(shared: &Shared, sender: &Sender<Done>, generator: &Generator) {
    let (queue, ready) = &**shared;
    loop {
        let job = {
            let mut q = queue.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                if q.closed {
                    return;
                }
                if let Some(job) = q.jobs.pop_front() {
                    break job;
                }
                q = ready.wait(q).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let done = match job {
            Job::Generate(pos) => {
                let chunks = generator.generate_column(pos);
                let light = light_column(&chunks);
                Done::Generated(pos, Box::new((chunks, light)))
            }
            Job::Mesh {
                pos,
                version,
                chunk,
                light,
                mut border,
            } => {
                border.fill_centre(&chunk, &light);
                let mut mesh = ChunkMesh::default();
                mesh.build(&border);
                Done::Meshed { pos, version, mesh }
            }
        };
        if sender.send(done).is_err() {
            return;
        }
    }
}
