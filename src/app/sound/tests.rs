//! The game's ears without a window: a session heard through them into `--audio-out`.

use std::time::{Duration, Instant};

use clap::Parser;

use super::*;
use crate::app::open::open_world;
use crate::app::settings::Settings;
use crate::cli::Cli;
use hewn_core::physics::Control;
use hewn_core::physics::tuning::TICK_SECONDS;

/// How long the test waits for the world and the sounds before it calls the game stuck.
const PATIENCE: Duration = Duration::from_secs(120);

#[test]
fn a_quiet_night_records_silence_and_a_walk_records_footsteps() {
    let dir = tempfile::tempdir().expect("temp dir");
    let wav = dir.path().join("heard.wav");
    let wav_arg = wav.to_str().expect("utf-8 path");
    let cli = Cli::try_parse_from([
        "hewn",
        "--frames",
        "1",
        "--world-gen",
        "flat",
        "--time",
        "midnight",
        "--audio",
        "off",
        "--audio-out",
        wav_arg,
    ])
    .expect("the options parse");
    let settings = Settings {
        render_distance: 2,
        ..Settings::default()
    };
    let mut ears = Ears::start(&cli.play, settings.volumes()).expect("the file opens");
    let opened = open_world(&cli.play, None, &settings.name).expect("an unsaved world opens");
    let mut session = Session::new(
        opened,
        &cli.play.hosting(),
        &settings.session(),
        Instant::now(),
    )
    .expect("the game's server lets its player in");

    let frame = Duration::from_secs_f64(TICK_SECONDS);
    let deadline = Instant::now() + PATIENCE;
    let frames = std::cell::Cell::new(0);
    let step = |session: &mut Session, ears: &mut Ears| {
        assert!(Instant::now() < deadline, "the game got stuck");
        session.advance(Instant::now(), frame, true);
        ears.frame(frame, Some(session), 0);
        frames.set(frames.get() + 1);
    };
    // Standing still at night on the open plain until the world is in and a second has
    // passed: nothing to hear.
    while !session.started() {
        step(&mut session, &mut ears);
        std::thread::sleep(Duration::from_millis(2));
    }
    for _ in 0..60 {
        step(&mut session, &mut ears);
    }
    let quiet_frames = frames.get();
    session.input.key(Control::Forward, true);
    for _ in 0..120 {
        step(&mut session, &mut ears);
    }
    ears.finish(&cli.play).expect("the file is written");

    let bytes = std::fs::read(&wav).expect("the file");
    let samples: Vec<i16> = bytes[44..]
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect();
    // A frame of 1/60 s is 800 stereo frames at 48 kHz.
    assert_eq!(samples.len(), frames.get() * 800 * 2);
    let (quiet, walk) = samples.split_at(quiet_frames * 800 * 2);
    let loud = quiet.iter().position(|&s| s != 0);
    assert!(
        loud.is_none(),
        "silent while standing, but at frame {:?} of {quiet_frames}: {:?}",
        loud.map(|i| i / 1600),
        loud.map(|i| quiet[i..].iter().map(|s| s.unsigned_abs()).max())
    );
    let peak = walk.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    assert!(peak > 1000, "footsteps on the grass: peak {peak}");
}
