//! `hewn sim --audio-out`: what a run sounds like, written to a WAV file and read back.

mod common;

use std::process::Command;

/// Runs `hewn sim` on `scenario` with `--audio-out`; returns the file's samples (left,
/// right, left, …) and the final JSON's hash.
fn record(scenario: &str) -> (Vec<i16>, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let (toml, wav) = (dir.path().join("s.toml"), dir.path().join("s.wav"));
    std::fs::write(&toml, scenario).expect("write the scenario");
    let out = Command::new(common::private_hewn(dir.path()))
        .arg("sim")
        .arg(&toml)
        .arg("--audio-out")
        .arg(&wav)
        .output()
        .expect("hewn runs");
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("the final state as JSON");
    let bytes = std::fs::read(&wav).expect("the file was written");
    assert_eq!(&bytes[..4], b"RIFF");
    assert_eq!(&bytes[8..16], b"WAVEfmt ");
    let channels = u16::from_le_bytes([bytes[22], bytes[23]]);
    let rate = u32::from_le_bytes([bytes[24], bytes[25], bytes[26], bytes[27]]);
    let bits = u16::from_le_bytes([bytes[34], bytes[35]]);
    assert_eq!((channels, rate, bits), (2, 48_000, 16));
    let samples = bytes[44..]
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect();
    (
        samples,
        json["hash"].as_str().unwrap_or_default().to_owned(),
    )
}

/// A night on the flat plain: no wind, no water, no cave, nobody moving.
const QUIET: &str = r#"
    world = "flat"
    ticks = 120
    time = 54000
    [player]
    position = [0.5, 64.0, 0.5]
"#;

/// The same night, walking east over stone.
const WALK_ON_STONE: &str = r#"
    world = "flat"
    ticks = 180
    time = 54000
    [player]
    position = [0.5, 64.0, 0.5]
    yaw = 90.0
    [[fill]]
    from = [-2, 63, -2]
    to = [20, 63, 2]
    block = "stone"
    [[input]]
    from = 0
    to = 180
    hold = ["forward"]
"#;

#[test]
fn a_quiet_place_records_silence_a_tick_of_sound_for_each_tick() {
    let (samples, _) = record(QUIET);
    assert_eq!(
        samples.len(),
        120 * 800 * 2,
        "800 frames of 2 samples a tick"
    );
    assert!(samples.iter().all(|&s| s == 0), "silent");
}

#[test]
fn walking_on_stone_is_heard_the_same_on_every_run_and_hashes_as_before() {
    let (samples, hash) = record(WALK_ON_STONE);
    let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    assert!(peak > 1000, "the steps are heard: peak {peak}");
    // About 7 steps in 3 seconds' walk, each a heel and a toe: count the 20 ms windows
    // that start a burst.
    let loud: Vec<bool> = samples
        .chunks(1920)
        .map(|w| w.iter().any(|s| s.unsigned_abs() > peak / 4))
        .collect();
    let bursts = loud.windows(2).filter(|w| !w[0] && w[1]).count();
    assert!(
        (5..=16).contains(&bursts),
        "{bursts} footfalls in 3 seconds"
    );
    assert_eq!(record(WALK_ON_STONE).0, samples);
    // Listening loads columns for the light, which must not change the world's hash.
    assert_eq!(hash, common::run(WALK_ON_STONE).last().hash);
}
