//! Killing a saving hewn: a writer process edits and saves in a loop and is killed with
//! SIGKILL at random moments, hundreds of times. After every kill the world must open, pass
//! `hewn world check`, and equal exactly one of the saves the writer committed (its edits,
//! player and crates alike): the last one it reported, or the one it was writing when killed.
//!
//! `HEWN_CRASH_KILLS=5000 cargo test --test crash` runs a longer campaign.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hewn::save::cli::{CRASH_WORLD, crash_crates, crash_step};
use hewn::save::{WorldFile, check};
use hewn::world::{Block, BlockPos, World};
use hewn::worldgen::Generator;

/// Kills in a plain `cargo test`: enough to hit every phase of a save many times, within
/// about 30 s on two cores.
const DEFAULT_KILLS: u32 = 200;

/// A writer takes up to ~100 ms to start in a debug build (creating or reopening the world)
/// and ~10 ms per save (most of it the fsync). One kill in six lands at random in the first
/// `STARTUP_MICROS`; the rest within `SAVING_MICROS` of the first save, so they hit every
/// phase of a save: encoding, inside the transaction, during the fsync, between saves.
const STARTUP_MICROS: u64 = 100_000;
const SAVING_MICROS: u64 = 30_000;

/// The `hewn` binary, linked into `dir` so that a rebuild of the shared target folder while
/// the test runs (another checkout building) cannot swap it for a different program.
fn private_hewn(dir: &Path) -> PathBuf {
    let private = dir.join("hewn-under-test");
    if !private.exists() && std::fs::hard_link(env!("CARGO_BIN_EXE_hewn"), &private).is_err() {
        std::fs::copy(env!("CARGO_BIN_EXE_hewn"), &private).expect("copy the hewn binary");
    }
    private
}

/// The edits of the world after saves `1..=seq`.
struct Replay {
    world: World,
    seq: u64,
}

impl Replay {
    fn new() -> Self {
        let g = CRASH_WORLD;
        Self {
            world: World::new(Generator::new(
                g.generator.unwrap_or_default(),
                g.seed.unwrap_or(0),
            )),
            seq: 0,
        }
    }

    fn edits_at(&mut self, seq: u64) -> Vec<(BlockPos, Block)> {
        assert!(
            seq >= self.seq,
            "the world went back from save {} to {seq}",
            self.seq
        );
        while self.seq < seq {
            self.seq += 1;
            crash_step(&mut self.world, self.seq);
        }
        self.world.edits().map(|(p, e)| (p, e.current)).collect()
    }
}

/// A small xorshift generator: kill times differ from run to run only through timing.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Reopens the world and checks it holds save `seq` for some `seq` in `acked..=acked + 1`;
/// returns that `seq`.
fn verify(path: &Path, acked: u64, replay: &mut Replay) -> u64 {
    if !path.exists() {
        // Killed before the new world was renamed into place: no world, and no save lost.
        assert_eq!(acked, 0, "save {acked} was reported but the world is gone");
        return 0;
    }
    let report = check(path).unwrap_or_else(|e| panic!("check after kill: {e}"));
    assert!(report.is_healthy(), "damaged after a kill: {report:?}");
    let (file, loaded) =
        WorldFile::open_or_create(path, CRASH_WORLD).unwrap_or_else(|e| panic!("reopen: {e}"));
    assert!(loaded.damaged.is_empty());
    let seq = loaded.player.map_or(0, |p| p.position.x as u64);
    assert!(
        seq == acked || seq == acked + 1,
        "reported save {acked} done, the file holds save {seq}"
    );
    let edits: Vec<_> = loaded.world.edits().map(|(p, e)| (p, e.current)).collect();
    assert!(
        edits == replay.edits_at(seq),
        "the world differs from save {seq}"
    );
    let crates = if seq == 0 {
        Vec::new()
    } else {
        crash_crates(seq)
    };
    assert_eq!(loaded.crates, crates, "the crates differ from save {seq}");
    file.close().expect("close");
    seq
}

#[test]
fn killed_writers_never_lose_or_corrupt_a_world() {
    let kills: u32 = std::env::var("HEWN_CRASH_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_KILLS);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.hewn");
    let hewn = private_hewn(dir.path());
    let mut replay = Replay::new();
    let mut rng = 0x2545_F491_4F6C_DD1D_u64;
    let mut acked = 0;
    let mut killed_mid_save = 0;
    let started = Instant::now();
    for round in 0..kills {
        let mut child = Command::new(&hewn)
            .args(["world", "crash-writer"])
            .arg(&path)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the writer");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut out = String::new();
        if next_random(&mut rng).is_multiple_of(6) {
            // While the world is created or reopened.
            std::thread::sleep(Duration::from_micros(
                next_random(&mut rng) % STARTUP_MICROS,
            ));
        } else {
            // Once it saves: anywhere in the next few saves, inside one or between two.
            stdout.read_line(&mut out).unwrap();
            std::thread::sleep(Duration::from_micros(next_random(&mut rng) % SAVING_MICROS));
        }
        child.kill().expect("SIGKILL");
        let status = child.wait().unwrap();
        stdout.read_to_string(&mut out).unwrap();
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert!(
            status.code().is_none(),
            "round {round}: the writer exited by itself: {status} {err}"
        );
        if let Some(last) = out
            .lines()
            .filter_map(|l| l.parse::<u64>().ok())
            .next_back()
        {
            acked = last;
        }
        let seq = verify(&path, acked, &mut replay);
        if seq > acked {
            killed_mid_save += 1;
        }
        acked = seq;
    }
    eprintln!(
        "{kills} kills in {:.1} s: every reopen healthy and equal to a committed save \
         ({acked} saves; {killed_mid_save} kills landed after a commit but before its report)",
        started.elapsed().as_secs_f64()
    );
    assert!(
        acked > u64::from(kills) / 4,
        "the writer hardly ever got to save: {acked}"
    );
}
