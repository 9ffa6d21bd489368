//! Writes every sound the game synthesizes as WAV files, to listen to and to look at:
//! `FAMILY-KIND-VARIANT.wav` for each family, kind and variant, `ambience-NAME.wav` for the
//! background loops and `click.wav`. The game itself makes the same sounds at start-up and
//! reads no files.
//!
//! Run `cargo run --release --bin make_sounds -- DIR` (default `target/sounds`).

use std::path::PathBuf;
use std::process::ExitCode;

use hewn_audio::bank::VARIANTS;
use hewn_audio::loops::{Ambience, click, make_loop};
use hewn_audio::recipes::make;
use hewn_audio::wav::WavWriter;
use hewn_audio::{Family, SoundKind};

/// Writes `mono` as a stereo WAV file at `path`.
fn write(path: &std::path::Path, mono: &[f32]) -> std::io::Result<()> {
    let frames: Vec<[f32; 2]> = mono.iter().map(|&s| [s, s]).collect();
    let mut w = WavWriter::create(path)?;
    w.write(&frames)?;
    w.finish()
}

fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("target/sounds"), PathBuf::from);
    let mut sounds = Vec::new();
    for family in Family::ALL {
        for kind in SoundKind::ALL {
            for variant in 0..VARIANTS {
                let name = format!("{}-{}-{variant}.wav", family.name(), kind.name());
                sounds.push((name, make(family, kind, variant)));
            }
        }
    }
    for ambience in Ambience::ALL {
        sounds.push((
            format!("ambience-{}.wav", ambience.name()),
            make_loop(ambience),
        ));
    }
    sounds.push(("click.wav".to_owned(), click()));
    let written = std::fs::create_dir_all(&dir)
        .and_then(|()| sounds.iter().try_for_each(|(n, s)| write(&dir.join(n), s)));
    match written {
        Ok(()) => {
            println!("wrote {} sounds to {}", sounds.len(), dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("make_sounds: cannot write to {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}
