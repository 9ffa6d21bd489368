//! The sound device: ALSA on Linux, through `libasound.so.2` loaded when the game runs
//! (`crates/alsa-out`), so that building needs no system headers. Elsewhere, and where the
//! library or a device is missing, there is none and the game plays silently.

use super::output::Device;
use super::synth::RATE;

/// How much sound the device holds ahead, in microseconds: enough that a slow frame does
/// not starve it, little enough that a step is heard with the foot.
#[cfg(target_os = "linux")]
const LATENCY_US: u32 = 80_000;

/// ALSA's playback device, fed 16-bit samples.
#[cfg(target_os = "linux")]
struct Alsa {
    pcm: hewn_alsa_out::Pcm,
    samples: Vec<i16>,
}

#[cfg(target_os = "linux")]
impl Device for Alsa {
    fn write(&mut self, frames: &[[f32; 2]]) -> Result<(), String> {
        self.samples.clear();
        self.samples.extend(
            frames
                .iter()
                .flatten()
                .map(|s| (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16),
        );
        self.pcm.write(&self.samples)
    }
}

/// The system's sound device, or why there is none.
///
/// # Errors
/// A sentence saying why no device is open.
pub fn open() -> Result<Box<dyn Device>, String> {
    #[cfg(target_os = "linux")]
    {
        let pcm = hewn_alsa_out::Pcm::open(RATE, LATENCY_US)?;
        Ok(Box::new(Alsa {
            pcm,
            samples: Vec::new(),
        }))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = RATE;
        Err("hewn has a sound back end for Linux (ALSA) only".to_owned())
    }
}
