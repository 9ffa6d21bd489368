//! Sound: what the simulation's events and the player's surroundings sound like, mixed and
//! heard from the player's eyes.
//!
//! Nothing here is recorded: every sound is synthesized at start-up on the audio thread
//! ([`recipes`], [`loops`], pure and seeded), so the game has no sound files to ship. The
//! simulation says what happened ([`hewn_core::sim::events`]); [`hearing`] turns that into
//! sounds at places in the world; the [`mixer`] (oddio's graph) pans and attenuates them
//! for a listener at the eyes; [`output`] renders on a thread of its own into a WAV file
//! ([`wav`], `--audio-out`) and the sound device ([`device`]).

pub mod bank;
pub mod device;
pub mod family;
pub mod footfalls;
pub mod hearing;
pub mod loops;
pub mod mixer;
pub mod output;
pub mod recipes;
pub mod synth;
pub mod tape;
pub mod voice;
pub mod wav;

pub use family::{Family, SoundKind};
pub use mixer::{AmbientLevels, Clip, Listener, Mixer, Render, Sound, Volumes};
pub use output::{Audio, AudioError, Device};
pub use voice::{Utterance, Voice};

#[cfg(test)]
mod tests;
