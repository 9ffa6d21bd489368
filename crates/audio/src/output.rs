//! The audio thread: it synthesizes the sounds, then owns the [`Mixer`] and renders as much
//! sound as the game's frames say time has passed, into the `--audio-out` file and the
//! sound device.
//!
//! The game thread does no more per frame than send a few small messages: the sounds to
//! play, where the listener is, and how many frames of sound are now owed.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

use super::bank::Bank;
use super::mixer::{AmbientLevels, Listener, Mixer, Render, Sound, Volumes};
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

/// What the game thread asks of the audio thread, in the order it happens: sounds are
/// played between the renders of the frames they belong to, so the file's timeline is the
/// game's, however far behind the audio thread runs.
enum Request {
    /// Render this many more frames.
    Render(usize),
    /// Play a sound.
    Play(Sound),
    /// Click.
    Click,
    /// Move the listener.
    Listener(Listener),
    /// Set the backgrounds.
    Ambience(AmbientLevels),
    /// Set the volumes.
    Volumes(Volumes),
}

/// Sound being played: the game thread's end. Each call sends one message; the mixing,
/// and the synthesis before it, happen on the audio thread.
pub struct Audio {
    requests: Option<Sender<Request>>,
    thread: Option<JoinHandle<Result<(), AudioError>>>,
    /// Frames of time passed but not yet asked for (a fraction of a frame).
    owed: f64,
}

impl std::fmt::Debug for Audio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Audio").finish_non_exhaustive()
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
        let (requests, rx) = channel();
        let thread = std::thread::Builder::new()
            .name("hewn-audio".into())
            .spawn(move || {
                let bank = Arc::new(Bank::synthesize());
                let (mixer, render) = Mixer::new(bank, volumes, seed);
                serve(&rx, mixer, render, wav, device).map_err(|source| AudioError::File {
                    path: file.unwrap_or_default(),
                    source,
                })
            })
            .map_err(AudioError::Thread)?;
        Ok(Self {
            requests: Some(requests),
            thread: Some(thread),
            owed: 0.0,
        })
    }

    /// Sends `request`; a thread that ended has said why in [`Audio::finish`].
    fn send(&self, request: Request) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(request);
        }
    }

    /// Plays `sound`.
    pub fn play(&self, sound: Sound) {
        self.send(Request::Play(sound));
    }

    /// Plays the menus' click.
    pub fn click(&self) {
        self.send(Request::Click);
    }

    /// Moves the listener.
    pub fn set_listener(&self, listener: Listener) {
        self.send(Request::Listener(listener));
    }

    /// Sets the backgrounds.
    pub fn set_ambience(&self, levels: AmbientLevels) {
        self.send(Request::Ambience(levels));
    }

    /// Sets the volumes.
    pub fn set_volumes(&self, volumes: Volumes) {
        self.send(Request::Volumes(volumes));
    }

    /// Asks for `elapsed` more of sound.
    pub fn advance(&mut self, elapsed: Duration) {
        self.owed += elapsed.as_secs_f64() * f64::from(RATE);
        let whole = self.owed.floor();
        self.owed -= whole;
        if whole >= 1.0 {
            self.send(Request::Render(whole as usize));
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
    mut mixer: Mixer,
    mut render: Render,
    mut wav: Option<WavWriter>,
    mut device: Option<Box<dyn Device>>,
) -> std::io::Result<()> {
    let mut buffer = vec![[0.0_f32; 2]; 1024];
    for request in requests {
        let frames = match request {
            Request::Render(frames) => frames,
            Request::Play(sound) => {
                mixer.play(&sound);
                continue;
            }
            Request::Click => {
                mixer.click();
                continue;
            }
            Request::Listener(listener) => {
                mixer.set_listener(listener);
                continue;
            }
            Request::Ambience(levels) => {
                mixer.set_ambience(&levels);
                continue;
            }
            Request::Volumes(volumes) => {
                mixer.set_volumes(volumes);
                continue;
            }
        };
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
