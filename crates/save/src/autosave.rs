//! Saving in the background: the game hands over a [`Checkpoint`] and goes on with its frame;
//! a thread writes it.
//!
//! At most one checkpoint waits: a new one arriving while the writer is busy is merged into
//! the waiting one (newer chunks win), so a slow disk delays saves but never queues
//! unboundedly. A save that fails is kept and merged under the next checkpoint, so nothing
//! it held is lost; the game learns of the failure from [`Autosaver::take_error`].

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::SaveError;
use super::checkpoint::Checkpoint;
use super::file::WorldFile;

/// How often the game saves while played: a crash loses at most this much.
pub const AUTOSAVE_INTERVAL: Duration = Duration::from_secs(5);

#[derive(Default)]
struct State {
    /// The checkpoint waiting to be written.
    pending: Option<Checkpoint>,
    /// Whether `pending` holds anything not yet tried (a failed save waits for news).
    fresh: bool,
    /// Whether the writer is writing now.
    busy: bool,
    /// Finish the pending work, then stop.
    stop: bool,
    /// The latest failure the game has not taken yet.
    error: Option<SaveError>,
    /// Saves written successfully.
    saves: u64,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    /// Signalled when there is work for the writer, or when the writer went idle.
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere while holding the lock leaves plain data behind; carry on.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Writes checkpoints of a world on a background thread.
///
/// The game loop calls [`Autosaver::autosave`] once per frame (it saves when
/// [`AUTOSAVE_INTERVAL`] has passed) and [`Autosaver::finish`] on quit.
pub struct Autosaver {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<(WorldFile, Option<SaveError>)>>,
    last_queued: Option<Instant>,
}

impl std::fmt::Debug for Autosaver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Autosaver")
            .field("saves_written", &self.saves_written())
            .finish_non_exhaustive()
    }
}

impl Autosaver {
    /// Starts the writer thread for `file`. The interval counts from now.
    #[must_use]
    pub fn start(file: WorldFile, now: Instant) -> Self {
        let shared = Arc::new(Shared::default());
        let worker = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("hewn-autosave".into())
            .spawn(move || write_loop(&worker, file));
        match thread {
            Ok(thread) => Self {
                shared,
                thread: Some(thread),
                last_queued: Some(now),
            },
            Err(e) => {
                // No thread to be had: report it and let `finish` fail, keeping the game up.
                shared.lock().error =
                    Some(SaveError::io(std::path::Path::new("autosave thread"), e));
                Self {
                    shared,
                    thread: None,
                    last_queued: Some(now),
                }
            }
        }
    }

    /// Whether an autosave is due at `now`.
    #[must_use]
    pub fn is_due(&self, now: Instant) -> bool {
        self.last_queued
            .is_none_or(|t| now.saturating_duration_since(t) >= AUTOSAVE_INTERVAL)
    }

    /// If an autosave is due, takes a checkpoint with `take` (on this thread, cheap) and hands
    /// it to the writer. Returns whether it did. Call once per frame.
    pub fn autosave(&mut self, now: Instant, take: impl FnOnce() -> Checkpoint) -> bool {
        if !self.is_due(now) {
            return false;
        }
        self.queue(take());
        self.last_queued = Some(now);
        true
    }

    /// Hands `checkpoint` to the writer now, without waiting for it to be written.
    pub fn queue(&mut self, checkpoint: Checkpoint) {
        let mut state = self.shared.lock();
        let merged = match state.pending.take() {
            Some(older) => {
                let mut newer = checkpoint;
                newer.absorb_older(older);
                newer
            }
            None => checkpoint,
        };
        state.pending = Some(merged);
        state.fresh = true;
        drop(state);
        self.shared.changed.notify_all();
    }

    /// The latest save failure not taken yet. What failed is retried with the next save.
    #[must_use]
    pub fn take_error(&self) -> Option<SaveError> {
        self.shared.lock().error.take()
    }

    /// Saves written successfully so far.
    #[must_use]
    pub fn saves_written(&self) -> u64 {
        self.shared.lock().saves
    }

    /// Blocks until everything queued has been tried (for tests and tools).
    pub fn wait_idle(&self) {
        let mut state = self.shared.lock();
        while self.thread.is_some() && (state.busy || (state.fresh && state.pending.is_some())) {
            state = self
                .shared
                .changed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Writes `last` (the state at quit) and anything still waiting, stops the writer and
    /// gives the file back.
    ///
    /// # Errors
    /// The failure of the final write (the file holds the last save that succeeded), or
    /// [`SaveError::WriterGone`] if the writer thread died.
    pub fn finish(mut self, last: Checkpoint) -> Result<WorldFile, SaveError> {
        self.queue(last);
        let (file, failure) = self.stop()?;
        match failure {
            Some(e) => Err(e),
            None => Ok(file),
        }
    }

    fn stop(&mut self) -> Result<(WorldFile, Option<SaveError>), SaveError> {
        self.shared.lock().stop = true;
        self.shared.changed.notify_all();
        let thread = self.thread.take().ok_or(SaveError::WriterGone)?;
        thread.join().map_err(|_| SaveError::WriterGone)
    }
}

impl Drop for Autosaver {
    /// Writes whatever is queued before the file closes, so dropping never loses a save.
    fn drop(&mut self) {
        if self.thread.is_none() {
            return;
        }
        if let Ok((_, Some(e))) = self.stop() {
            log::error!("final save failed: {e}");
        }
    }
}

/// The writer: waits for a checkpoint, writes it, repeats; on stop writes what is left once
/// more and returns the file with the final failure, if any.
fn write_loop(shared: &Shared, mut file: WorldFile) -> (WorldFile, Option<SaveError>) {
    loop {
        let mut state = shared.lock();
        while !(state.stop || state.fresh && state.pending.is_some()) {
            state = shared
                .changed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        let stopping = state.stop;
        let Some(checkpoint) = state.pending.take() else {
            return (file, None);
        };
        state.fresh = false;
        state.busy = true;
        drop(state);

        let result = file.save(&checkpoint);

        let mut state = shared.lock();
        state.busy = false;
        let failure = match result {
            Ok(_) => {
                state.saves += 1;
                None
            }
            Err(e) => {
                log::warn!("autosave failed, will retry with the next: {e}");
                match state.pending.as_mut() {
                    Some(newer) => newer.absorb_older(checkpoint),
                    None => state.pending = Some(checkpoint),
                }
                Some(e)
            }
        };
        shared.changed.notify_all();
        if stopping && !(state.fresh && state.pending.is_some()) {
            return (file, failure);
        }
        if let Some(e) = failure {
            state.error = Some(e);
        }
    }
}
