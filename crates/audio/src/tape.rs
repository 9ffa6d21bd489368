//! Sound rendered in step with a simulation rather than a clock: each tick's events heard
//! from the first player's eyes, and a tick's worth of sound written to a WAV file. This is
//! `hewn sim --audio-out`: the same run always gives the same file, with no window, no GPU
//! and no sound device.

use std::path::Path;
use std::sync::Arc;

use super::bank::Bank;
use super::hearing::{own_sound, sound_of, surroundings};
use super::mixer::{Listener, Mixer, Render, Volumes};
use super::synth::RATE;
use super::wav::WavWriter;
use hewn_core::physics::tuning::TICKS_PER_SECOND;
use hewn_core::sim::{Event, Simulation};
use hewn_core::world::BlockPos;

/// How many ticks pass between listens to the surroundings (a quarter of a second, as the
/// game listens).
const LISTEN_EVERY_TICKS: u64 = TICKS_PER_SECOND as u64 / 4;

/// A run's sound going into a file.
pub struct Tape {
    mixer: Mixer,
    render: Render,
    wav: WavWriter,
    buffer: Vec<[f32; 2]>,
}

impl Tape {
    /// Starts writing `path`, with a fixed seed for the variants and pitches.
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create(path: &Path) -> std::io::Result<Self> {
        let wav = WavWriter::create(path)?;
        let (mixer, render) = Mixer::new(Arc::new(Bank::synthesize()), Volumes::default(), 0);
        Ok(Self {
            mixer,
            render,
            wav,
            buffer: vec![[0.0; 2]; (RATE / TICKS_PER_SECOND) as usize],
        })
    }

    /// Hears the tick `sim` just ran and writes its sound. Loads the columns the light at
    /// the player's eyes depends on, which changes what is in memory, never the world.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn tick(&mut self, sim: &mut Simulation) -> std::io::Result<()> {
        if let Some(me) = sim.player().copied() {
            self.mixer.set_listener(Listener {
                eye: me.eye(),
                yaw: me.yaw,
            });
            // Events name their player only when several share the world; the first hears.
            let listener = sim.players().first().map(|m| &m.name);
            let own = |e: &&Event| e.player.is_none() || e.player.as_ref() == listener;
            let meals = sim.events().iter().filter(own);
            let sounds = (sim.events().iter().filter_map(sound_of))
                .chain(meals.filter_map(|e| own_sound(e, me.eye())));
            for sound in sounds {
                self.mixer.play(&sound);
            }
            if sim.tick_count() % LISTEN_EVERY_TICKS == 1 {
                sim.loader()
                    .load_light_around(BlockPos::containing(me.eye()));
                let levels = surroundings(sim.world(), me.eye(), sim.time());
                self.mixer.set_ambience(&levels);
            }
        }
        self.render.render(&mut self.buffer);
        self.wav.write(&self.buffer)
    }

    /// Closes the file.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn finish(self) -> std::io::Result<()> {
        self.wav.finish()
    }
}
