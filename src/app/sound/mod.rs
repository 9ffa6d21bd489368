//! The game's ears: starts the audio thread, and each frame plays what the session's ticks
//! made happen, moves the listener to the player's eyes, listens to the surroundings and
//! hears the menus' clicks.

use hewn_client::SessionError;
use std::time::Duration;

use super::AppError;
use super::session::Session;
use crate::cli::{PlayOptions, Switch};
use hewn_audio::footfalls::{Footfalls, Walker};
use hewn_audio::hearing::{own_sound, sound_of, surroundings};
use hewn_audio::{AmbientLevels, Audio, Listener, Volumes};
use hewn_core::sim::creature::kinds;

/// How often the surroundings are listened to again: the scan of the cells around the
/// player is the dearest part of the frame's sound work.
const LISTEN_EVERY: Duration = Duration::from_millis(250);

/// Sound for the app: nothing at all when there is neither a device nor a file to play to.
#[derive(Debug)]
pub struct Ears {
    audio: Option<Audio>,
    /// Time since the surroundings were last listened to.
    since_listened: Duration,
    /// How far each creature in view had walked: their footsteps.
    footfalls: Footfalls,
}

impl Ears {
    /// Opens the sound device unless `--audio off`, and the `--audio-out` file if asked
    /// for. No device is no error: the game plays silently, and says so once in the log.
    ///
    /// # Errors
    /// [`SessionError::Write`] if the file cannot be created.
    pub fn start(options: &PlayOptions, volumes: Volumes) -> Result<Self, AppError> {
        let device = if options.audio == Switch::Off {
            log::info!("sound is off (--audio off)");
            None
        } else {
            match hewn_audio::device::open() {
                Ok(device) => Some(device),
                Err(why) => {
                    log::info!("no sound device ({why}): playing silently");
                    None
                }
            }
        };
        if device.is_none() && options.audio_out.is_none() {
            return Ok(Self {
                audio: None,
                since_listened: Duration::ZERO,
                footfalls: Footfalls::default(),
            });
        }
        let seed = options.seed.unwrap_or(0);
        let audio =
            Audio::start(options.audio_out.clone(), device, volumes, seed).map_err(|e| {
                SessionError::Write {
                    path: options.audio_out.clone().unwrap_or_default(),
                    message: e.to_string(),
                }
            })?;
        Ok(Self {
            audio: Some(audio),
            since_listened: LISTEN_EVERY,
            footfalls: Footfalls::default(),
        })
    }

    /// One frame `elapsed` after the last: the session's events of this frame are played,
    /// the listener follows the player, the surroundings are heard, and `clicks` menu clicks.
    pub fn frame(&mut self, elapsed: Duration, session: Option<&Session>, clicks: u32) {
        let Some(audio) = &mut self.audio else {
            return;
        };
        self.since_listened += elapsed;
        for _ in 0..clicks.min(4) {
            audio.click();
        }
        match session {
            Some(session) => {
                let me = session.me();
                audio.set_listener(Listener {
                    eye: me.eye(),
                    yaw: me.yaw,
                });
                // A server sends no one else's meals: every meal heard is the player's own.
                let meals = session
                    .events()
                    .iter()
                    .filter_map(|e| own_sound(e, me.eye()));
                for sound in session.events().iter().filter_map(sound_of).chain(meals) {
                    audio.play(sound);
                }
                let world = session.play.sim().world();
                for sound in self.footfalls.hear(world, me.eye(), &walkers(session)) {
                    audio.play(sound);
                }
                if self.since_listened >= LISTEN_EVERY {
                    self.since_listened = Duration::ZERO;
                    let sim = session.play.sim();
                    audio.set_ambience(surroundings(sim.world(), me.eye(), sim.time()));
                }
            }
            None => audio.set_ambience(AmbientLevels::default()),
        }
        audio.advance(elapsed);
    }

    /// Sets the volumes.
    pub fn set_volumes(&mut self, volumes: Volumes) {
        if let Some(audio) = &self.audio {
            audio.set_volumes(volumes);
        }
    }

    /// Stops the sound and closes the `--audio-out` file.
    ///
    /// # Errors
    /// [`SessionError::Write`] if the file could not be written.
    pub fn finish(self, options: &PlayOptions) -> Result<(), AppError> {
        if let Some(audio) = self.audio {
            audio.finish().map_err(|e| SessionError::Write {
                path: options.audio_out.clone().unwrap_or_default(),
                message: e.to_string(),
            })?;
        }
        Ok(())
    }
}

/// The creatures the player sees, as their footsteps are heard: where they are drawn now.
fn walkers(session: &Session) -> Vec<Walker> {
    let game = session.play.game();
    let all = kinds();
    game.creatures_at(game.view_tick(1.0))
        .iter()
        .filter_map(|c| {
            Some(Walker {
                id: c.id,
                height: all.get(usize::from(c.kind))?.height,
                feet: c.shown.body.position,
                walked: c.shown.walked,
                on_ground: c.shown.body.on_ground,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
