//! The audio thread: it synthesizes the sounds, hands the game its [`Mixer`], then renders
//! as much sound as the game's frames say time has passed, into the `--audio-out` file
//! and the sound device.
//!
//! The game thread does no more per frame than play sounds through the mixer's handles and
//! send one number: how many frames of sound are now owed.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::Duration;

use super::bank::Bank;
use super::mixer::{Mixer, Render, Volumes};
use super::synth::RATE;
use super::wav::WavWriter;

/// A place sound goes to as it is rendered: a sound card, a sound server.
pub trait Device: Send {
    /// Plays `frames`, blocking while the device's buffer is full.
    ///
    /// # Errors
    /// The device stopped taking sound, saying why.
    fn write(&mut self, frames: &[[f32; 2]]) -> Result<(), String>;
}

/// Why sound could not be started or finished.
#[derive(Debug, thiserror::Error)]
pub enum AudioError {
    /// The `--audio-out` file could not be written.
    #[error("cannot write the sound file {path}: {source}")]
    File {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The audio thread could not be started.
    #[error("cannot start the audio thread: {0}")]
    Thread(std::io::Error),
    /// The audio thread ended by panicking.
    #[error("the audio thread failed")]
    Panicked,
}

/// What the game thread asks of the audio thread.
enum Request {
    /// Render this many more frames.
    Render(usize),
}

/// Sound being played: the game thread's end.
pub struct Audio {
    mixer: Option<Mixer>,
    ready: Receiver<Mixer>,
    requests: Option<Sender<Request>>,
    thread: Option<JoinHandle<Result<(), AudioError>>>,
    /// Frames of time passed but not yet asked for (a fraction of a frame).
    owed: f64,
}

impl std::fmt::Debug for Audio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Audio")
            .field("ready", &self.mixer.is_some())
            .finish_non_exhaustive()
    }
}

impl Audio {
    /// Starts the audio thread, writing to `file` (if any) and `device` (if any), at
    /// `volumes`; `seed` chooses variants and pitches.
    ///
    /// # Errors
    /// [`AudioError`] if the file cannot be created or the thread started.
    pub fn start(
        file: Option<PathBuf>,
        device: Option<Box<dyn Device>>,
        volumes: Volumes,
        seed: u64,
    ) -> Result<Self, AudioError> {
        let wav = match &file {
            Some(path) => Some(WavWriter::create(path).map_err(|source| AudioError::File {
                path: path.clone(),
                source,
            })?),
            None => None,
        };
        let (ready_tx, ready) = channel();
        let (requests, rx) = channel();
        let thread = std::thread::Builder::new()
            .name("hewn-audio".into())
            .spawn(move || {
                let bank = Arc::new(Bank::synthesize());
                let (mixer, render) = Mixer::new(bank, volumes, seed);
                // The game may have gone already; then there is nothing to play.
                let _ = ready_tx.send(mixer);
                serve(&rx, render, wav, device).map_err(|source| AudioError::File {
                    path: file.unwrap_or_default(),
                    source,
                })
            })
            .map_err(AudioError::Thread)?;
        Ok(Self {
            mixer: None,
            ready,
            requests: Some(requests),
            thread: Some(thread),
            owed: 0.0,
        })
    }

    /// The mixer, once the audio thread has the sounds ready.
    pub fn mixer(&mut self) -> Option<&mut Mixer> {
        if self.mixer.is_none() {
            match self.ready.try_recv() {
                Ok(m) => self.mixer = Some(m),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => {}
            }
        }
        self.mixer.as_mut()
    }

    /// Asks for `elapsed` more of sound.
    pub fn advance(&mut self, elapsed: Duration) {
        self.owed += elapsed.as_secs_f64() * f64::from(RATE);
        let whole = self.owed.floor();
        self.owed -= whole;
        if whole >= 1.0
            && let Some(requests) = &self.requests
        {
            // A thread that ended has said why in `finish`.
            let _ = requests.send(Request::Render(whole as usize));
        }
    }

    /// Renders what is owed, closes the file and stops the thread.
    ///
    /// # Errors
    /// [`AudioError`] if the file could not be written.
    pub fn finish(mut self) -> Result<(), AudioError> {
        self.requests = None;
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(AudioError::Panicked),
            None => Ok(()),
        }
    }
}

/// The audio thread's loop: renders each request into the file and the device until the
/// game hangs up.
fn serve(
    requests: &Receiver<Request>,
    mut render: Render,
    mut wav: Option<WavWriter>,
    mut device: Option<Box<dyn Device>>,
) -> std::io::Result<()> {
    let mut buffer = vec![[0.0_f32; 2]; 1024];
    for Request::Render(frames) in requests {
        let mut left = frames;
        while left > 0 {
            let n = left.min(buffer.len());
            render.render(&mut buffer[..n]);
            if let Some(w) = &mut wav {
                w.write(&buffer[..n])?;
            }
            if let Some(d) = &mut device
                && let Err(e) = d.write(&buffer[..n])
            {
                log::warn!("the sound device stopped ({e}); playing on silently");
                device = None;
            }
            left -= n;
        }
    }
    wav.map_or(Ok(()), WavWriter::finish)
}
