//! The mixer: oddio's signal graph, with its controls ([`Mixer`]) and the end it is
//! rendered from ([`Render`]). In the game both live on the audio thread
//! ([`super::output`]), which takes the game's requests in order between renders; tests and
//! `hewn sim --audio-out` drive them directly.
//!
//! ```text
//!  blocks:  SpatialScene (one-shot sounds at their cells) ── Gain(blocks) ─┐
//!  ambient: SpatialScene (flowing water) ─┐                                ├─ Mixer ─ Gain(master) ─ Tanh ─ −0.3 dB
//!           wind, cave loops ─────────────┴─ Mixer ── Gain(ambient) ──────┤
//!  menus:   Mixer (clicks) ─────────────────────────── Gain(menus) ───────┘
//! ```
//!
//! Spatial scenes pan each source between the ears and attenuate it with distance (gain
//! `radius / distance`), relative to a listener at the player's eyes turned by its yaw.
//! `Tanh` keeps the sum of many loud sounds inside [-1, 1]: nothing clips.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use glam::DVec3;
use oddio::{
    Cycle, FixedGain, FramesSignal, Gain, GainControl, MixerControl, MonoToStereo, Seek, Signal,
    Spatial, SpatialOptions, SpatialScene, SpatialSceneControl, Tanh,
};

use super::bank::Bank;
use super::family::{Family, SoundKind};
use super::loops::Ambience;
use super::synth::{Dice, RATE};
use super::voice::{Utterance, Voice};

/// How loud each group of sounds plays, 0 to 1 (the settings' volumes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Volumes {
    /// Everything.
    pub master: f32,
    /// Blocks: steps, digging, breaking, placing, landing, splashing.
    pub blocks: f32,
    /// The world around: water, wind, cave.
    pub ambient: f32,
    /// Menu clicks.
    pub menus: f32,
}

impl Default for Volumes {
    fn default() -> Self {
        Self {
            master: 1.0,
            blocks: 1.0,
            ambient: 1.0,
            menus: 1.0,
        }
    }
}

/// What a sound is: a block's material making a kind of sound, or a creature's voice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clip {
    /// A material (a block's family) making a kind of sound.
    Block(Family, SoundKind),
    /// A creature's voice saying something.
    Voice(Voice, Utterance),
}

/// One sound to play at a place in the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sound {
    /// What sounds.
    pub clip: Clip,
    /// Where it sounds.
    pub at: DVec3,
    /// How loud, 0 to 1.
    pub volume: f32,
}

/// Where the sounds are heard from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Listener {
    /// The player's eyes.
    pub eye: DVec3,
    /// The player's heading in degrees: 0 faces -Z, 90 faces +X.
    pub yaw: f64,
}

/// How loud the backgrounds are, 0 to 1 each, and where the water is.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AmbientLevels {
    /// Flowing water: its loudness and where it is (the middle of the flowing cells heard).
    pub water: Option<(f32, DVec3)>,
    /// Wind.
    pub wind: f32,
    /// The cave.
    pub cave: f32,
}

/// A gain a signal reads once per block, set from another thread.
#[derive(Clone, Debug, Default)]
struct Level(Arc<AtomicU32>);

impl Level {
    fn set(&self, level: f32) {
        self.0.store(level.to_bits(), Ordering::Relaxed);
    }

    fn get(&self) -> f32 {
        f32::from_bits(self.0.load(Ordering::Relaxed))
    }
}

/// A seekable signal at a [`Level`] that glides to each new value over one block, so a
/// change of loudness never clicks. (oddio's `Gain` cannot be seeked, which a spatial
/// source must be.)
struct Leveled<T> {
    inner: T,
    level: Level,
    current: f32,
}

impl<T: Signal<Frame = f32>> Signal for Leveled<T> {
    type Frame = f32;

    fn sample(&mut self, interval: f32, out: &mut [f32]) {
        self.inner.sample(interval, out);
        let target = self.level.get();
        let step = (target - self.current) / out.len().max(1) as f32;
        for s in out {
            self.current += step;
            *s *= self.current;
        }
        self.current = target;
    }

    fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }
}

impl<T: Seek<Frame = f32>> Seek for Leveled<T> {
    fn seek(&mut self, seconds: f32) {
        self.inner.seek(seconds);
    }
}

/// A seekable signal played `speed` times as fast, which raises its pitch as much: the
/// interpolation between samples is oddio's own.
struct Pitched<T> {
    inner: T,
    speed: f32,
}

impl<T: Signal> Signal for Pitched<T> {
    type Frame = T::Frame;

    fn sample(&mut self, interval: f32, out: &mut [T::Frame]) {
        self.inner.sample(interval * self.speed, out);
    }

    fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }
}

impl<T: Seek> Seek for Pitched<T> {
    fn seek(&mut self, seconds: f32) {
        self.inner.seek(seconds * self.speed);
    }
}

/// How far under full scale the limiter's ceiling is put, in dB.
const HEADROOM_DB: f32 = -0.3;

/// The distance at which a sound plays at its own volume; at twice that, half as loud.
const FULL_VOLUME_WITHIN: f32 = 2.0;

/// The mixer's controls: plays sounds and sets levels, without waiting for the renders
/// (oddio's handles are lock-free).
pub struct Mixer {
    bank: Arc<Bank>,
    blocks: SpatialSceneControl,
    ambient: SpatialSceneControl,
    menus: MixerControl<[f32; 2]>,
    gains: [GainControl; 4],
    water: Spatial,
    levels: [Level; 3],
    listener: Listener,
    dice: Dice,
}

impl std::fmt::Debug for Mixer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mixer")
            .field("listener", &self.listener)
            .finish_non_exhaustive()
    }
}

/// The mixer's output: renders what the [`Mixer`] plays.
pub struct Render {
    signal: FixedGain<Tanh<Gain<oddio::Mixer<[f32; 2]>>>>,
}

impl Render {
    /// Fills `out` with the next frames at [`RATE`].
    pub fn render(&mut self, out: &mut [[f32; 2]]) {
        oddio::run(&mut self.signal, RATE, out);
    }
}

/// `signal` (mono) in a stereo mixer's terms, at `level`.
fn looped(clip: &Arc<oddio::Frames<f32>>, level: &Level) -> MonoToStereo<Leveled<Cycle<f32>>> {
    MonoToStereo::new(Leveled {
        inner: Cycle::new(Arc::clone(clip)),
        level: level.clone(),
        current: 0.0,
    })
}

impl Mixer {
    /// A mixer playing `bank`'s sounds at `volumes`, heard from the origin; `seed` chooses
    /// the variants and pitches.
    #[must_use]
    pub fn new(bank: Arc<Bank>, volumes: Volumes, seed: u64) -> (Self, Render) {
        let (mut top, top_signal) = oddio::Mixer::<[f32; 2]>::new();
        let (blocks, blocks_scene) = SpatialScene::new();
        let (ambient, ambient_scene) = SpatialScene::new();
        let (mut ambient_mix, ambient_signal) = oddio::Mixer::<[f32; 2]>::new();
        let (menus, menus_signal) = oddio::Mixer::<[f32; 2]>::new();

        let (blocks_gain, g) = Gain::new(blocks_scene);
        top.play(g);
        let (ambient_gain, g) = Gain::new(ambient_signal);
        top.play(g);
        let (menus_gain, g) = Gain::new(menus_signal);
        top.play(g);
        let (master_gain, master) = Gain::new(top_signal);

        let levels = [Level::default(), Level::default(), Level::default()];
        ambient_mix.play(ambient_scene);
        ambient_mix.play(looped(bank.ambience(Ambience::Wind), &levels[1]));
        ambient_mix.play(looped(bank.ambience(Ambience::Cave), &levels[2]));
        let mut ambient = ambient;
        let water = ambient.play(
            Leveled {
                inner: Cycle::new(Arc::clone(bank.ambience(Ambience::Water))),
                level: levels[0].clone(),
                current: 0.0,
            },
            SpatialOptions {
                position: [0.0, 0.0, -1.0].into(),
                radius: 4.0,
                ..SpatialOptions::default()
            },
        );
        let mut mixer = Self {
            bank,
            blocks,
            ambient,
            menus,
            gains: [master_gain, blocks_gain, ambient_gain, menus_gain],
            water,
            levels,
            listener: Listener {
                eye: DVec3::ZERO,
                yaw: 0.0,
            },
            dice: Dice::new(seed),
        };
        mixer.set_volumes(volumes);
        // tanh reaches 1.0 in f32 for a large enough sum: a little under keeps every
        // sample inside what 16 bits hold.
        let render = Render {
            signal: FixedGain::new(Tanh::new(master), HEADROOM_DB),
        };
        (mixer, render)
    }

    /// Sets the volumes of the groups.
    pub fn set_volumes(&mut self, v: Volumes) {
        for (gain, level) in self
            .gains
            .iter_mut()
            .zip([v.master, v.blocks, v.ambient, v.menus])
        {
            gain.set_amplitude_ratio(level.clamp(0.0, 1.0));
        }
    }

    /// Moves the listener; sounds already playing stay where they were played.
    pub fn set_listener(&mut self, listener: Listener) {
        self.listener = listener;
        // oddio's unturned listener faces -Z as hewn's does at yaw 0; turning to +X (yaw 90)
        // is a turn of -90° about +Y.
        let half = (-listener.yaw.to_radians() / 2.0) as f32;
        let rotation = mint::Quaternion {
            s: libm::cosf(half),
            v: [0.0, libm::sinf(half), 0.0].into(),
        };
        self.blocks.set_listener_rotation(rotation);
        self.ambient.set_listener_rotation(rotation);
    }

    /// `p` relative to the listener, as oddio takes positions.
    fn relative(&self, p: DVec3) -> mint::Point3<f32> {
        (p - self.listener.eye).as_vec3().to_array().into()
    }

    /// Plays `sound`: a variant chosen at random, a few percent higher or lower.
    pub fn play(&mut self, sound: &Sound) {
        let variant = (self.dice.unit() * 4.0) as u32;
        let speed = self.dice.range(0.94, 1.06);
        let clip = match sound.clip {
            Clip::Block(family, kind) => self.bank.clip(family, kind, variant),
            Clip::Voice(voice, what) => self.bank.voice(voice, what, variant),
        };
        let db = 20.0 * sound.volume.clamp(1e-4, 1.0).log10();
        let signal = FixedGain::new(
            Pitched {
                inner: FramesSignal::from(Arc::clone(clip)),
                speed,
            },
            db,
        );
        let position = self.relative(sound.at);
        self.blocks.play(
            signal,
            SpatialOptions {
                position,
                radius: FULL_VOLUME_WITHIN,
                ..SpatialOptions::default()
            },
        );
    }

    /// Plays the menus' click.
    pub fn click(&mut self) {
        let clip = FramesSignal::from(Arc::clone(self.bank.click()));
        self.menus.play(MonoToStereo::new(clip));
    }

    /// Sets the backgrounds' loudness and moves the water's sound.
    pub fn set_ambience(&mut self, levels: &AmbientLevels) {
        let (water, at) = levels.water.unwrap_or((0.0, self.listener.eye));
        self.levels[0].set(water);
        self.levels[1].set(levels.wind);
        self.levels[2].set(levels.cave);
        let position = self.relative(at);
        self.water
            .set_motion(position, [0.0; 3].into(), levels.water.is_none());
    }
}
