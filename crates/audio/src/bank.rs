//! Every sound the game plays, synthesized once: each family's kinds and each creature
//! voice's utterances in [`VARIANTS`] variants, the background loops and the click.

use std::sync::Arc;

use oddio::Frames;

use super::family::{Family, SoundKind};
use super::loops::{Ambience, click, make_loop};
use super::recipes::make;
use super::synth::RATE;
use super::voice::{self, Utterance, Voice};

/// How many variants each family has of each kind of sound.
pub const VARIANTS: u32 = 4;

/// The synthesized sounds, as frames the mixer plays without copying.
pub struct Bank {
    /// By family, then kind, then variant.
    clips: Vec<Arc<Frames<f32>>>,
    /// By voice, then utterance, then variant.
    voices: Vec<Arc<Frames<f32>>>,
    /// By [`Ambience::ALL`]'s order.
    loops: Vec<Arc<Frames<f32>>>,
    click: Arc<Frames<f32>>,
}

impl std::fmt::Debug for Bank {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bank")
            .field("clips", &self.clips.len())
            .finish_non_exhaustive()
    }
}

impl Bank {
    /// Synthesizes every sound (tens of milliseconds: done off the game's thread).
    #[must_use]
    pub fn synthesize() -> Self {
        let mut clips = Vec::new();
        for family in Family::ALL {
            for kind in SoundKind::ALL {
                for variant in 0..VARIANTS {
                    clips.push(Frames::from_slice(RATE, &make(family, kind, variant)));
                }
            }
        }
        let mut voices = Vec::new();
        for voice in Voice::ALL {
            for what in Utterance::ALL {
                for variant in 0..VARIANTS {
                    voices.push(Frames::from_slice(RATE, &voice::make(voice, what, variant)));
                }
            }
        }
        Self {
            clips,
            voices,
            loops: Ambience::ALL
                .iter()
                .map(|&a| Frames::from_slice(RATE, &make_loop(a)))
                .collect(),
            click: Frames::from_slice(RATE, &click()),
        }
    }

    /// Variant `variant` (taken modulo [`VARIANTS`]) of `family`'s `kind`.
    #[must_use]
    pub fn clip(&self, family: Family, kind: SoundKind, variant: u32) -> &Arc<Frames<f32>> {
        let i = (family as usize * SoundKind::ALL.len() + kind as usize) * VARIANTS as usize
            + (variant % VARIANTS) as usize;
        &self.clips[i]
    }

    /// Variant `variant` (taken modulo [`VARIANTS`]) of `voice` saying `what`.
    #[must_use]
    pub fn voice(&self, voice: Voice, what: Utterance, variant: u32) -> &Arc<Frames<f32>> {
        let i = (voice as usize * Utterance::ALL.len() + what as usize) * VARIANTS as usize
            + (variant % VARIANTS) as usize;
        &self.voices[i]
    }

    /// The loop of `ambience`.
    #[must_use]
    pub fn ambience(&self, ambience: Ambience) -> &Arc<Frames<f32>> {
        &self.loops[ambience as usize]
    }

    /// The menus' click.
    #[must_use]
    pub const fn click(&self) -> &Arc<Frames<f32>> {
        &self.click
    }
}
