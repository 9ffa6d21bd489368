//! Killing a saving hewn: a writer process edits and saves in a loop and is killed with
//! SIGKILL at random moments, hundreds of times. After every kill the world must open, pass
//! `hewn world check`, and equal exactly one of the saves the writer committed (its edits,
//! player and crates alike): the last one it reported, or the one it was writing when killed.
//!
//! `HEWN_CRASH_KILLS=5000 cargo test --test crash` runs a longer campaign.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hewn_core::physics::Body;
use hewn_core::physics::crates::Crate;
use hewn_core::sim::PlayerName;
use hewn_core::world::{Block, BlockPos, ChunkPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind, SplitMix64};
use hewn_save::{
    Autosaver, Checkpoint, Hotbar, NewWorld, SaveError, SavedPlayer, SavedPlayers, WorldFile, check,
};

/// Set, to the world's path, in the writer process: this test binary run again with only
/// [`crash_writer_process`] selected.
const WRITER_VAR: &str = "HEWN_CRASH_WRITER";

/// Kills in a plain `cargo test`: enough to hit every phase of a save many times, within
/// about 30 s on two cores.
const DEFAULT_KILLS: u32 = 200;

/// A writer takes up to ~100 ms to start in a debug build (creating or reopening the world)
/// and ~10 ms per save (most of it the fsync). One kill in six lands at random in the first
/// `STARTUP_MICROS`; the rest within `SAVING_MICROS` of the first save, so they hit every
/// phase of a save: encoding, inside the transaction, during the fsync, between saves.
const STARTUP_MICROS: u64 = 100_000;
const SAVING_MICROS: u64 = 30_000;

/// This test binary, linked into `dir` so that a rebuild of the shared target folder while
/// the test runs (another checkout building) cannot swap it for a different program.
fn private_copy_of_this_test(dir: &Path) -> PathBuf {
    let this = std::env::current_exe().expect("the test binary's path");
    let private = dir.join("crash-test-writer");
    if !private.exists() && std::fs::hard_link(&this, &private).is_err() {
        std::fs::copy(&this, &private).expect("copy the test binary");
    }
    private
}

/// The generator and seed of the crash test's world.
const CRASH_WORLD: NewWorld = NewWorld {
    seed: Some(7),
    generator: Some(GeneratorKind::Flat),
    player: None,
    packs: None,
};

/// Step `seq` of the crash test's edits: a few scattered blocks in a 3×3-chunk area, a slab
/// every seventh step, and every tenth step one chunk put back as generated (so saves also
/// delete). A pure function of `seq` and the world, which the test replays to know what
/// save `seq` held.
fn crash_step(world: &mut World, seq: u64) {
    const BLOCKS: [Block; 6] = [
        Block::AIR,
        Block::STONE,
        Block::GLASS,
        Block::PLANKS,
        Block::GRASS,
        Block::COBBLESTONE,
    ];
    let mut rng = SplitMix64::new(seq);
    let mut coord = |range: u64| (rng.next_u64() % range) as i32;
    for _ in 0..12 {
        let pos = BlockPos::new(coord(96), 48 + coord(32), coord(96));
        world.set_block(pos, BLOCKS[coord(BLOCKS.len() as u64) as usize]);
    }
    if seq.is_multiple_of(7) {
        let corner = BlockPos::new(coord(88), 60 + coord(8), coord(88));
        let block = BLOCKS[1 + coord(BLOCKS.len() as u64 - 1) as usize];
        for p in BlockPos::cells_between(corner, corner.offset(glam::IVec3::new(7, 0, 7))) {
            world.set_block(p, block);
        }
    }
    if seq.is_multiple_of(10) {
        let chunk = ChunkPos::new(coord(3), 1 + coord(2), coord(3));
        let edits: Vec<_> = world.edits_in_chunk(chunk).collect();
        for (p, edit) in edits {
            world.set_block(p, edit.generated);
        }
    }
}

/// The crates of the crash test's save `seq`: one to five of them, every number a function of
/// `seq`, so a reopened world's crates show which save they came from.
fn crash_crates(seq: u64) -> Vec<Crate> {
    let s = seq as f64;
    (0..=seq % 5)
        .map(|i| {
            let i = i as f64;
            Crate {
                position: glam::DVec3::new(2.0 * i + 0.5, 70.0 + s / 3.0, -i - 0.25),
                size: glam::DVec3::new(0.5 + 0.25 * i, 1.0, 0.75),
                velocity: glam::DVec3::new(0.0, -s / 7.0, 0.1 * i),
                on_ground: seq.is_multiple_of(2),
            }
        })
        .collect()
}

/// `body` with `hotbar` as a world's one player, named `player`.
fn as_player(body: &Body, hotbar: &Hotbar) -> SavedPlayers {
    let saved = SavedPlayer {
        body: *body,
        hotbar: *hotbar,
    };
    SavedPlayers::from([(PlayerName::default(), saved)])
}

/// Opens `path` and saves [`crash_step`]s (and [`crash_crates`]) through an [`Autosaver`]
/// until killed, printing each sequence number once its save is on disk. The sequence number
/// rides in the player's x so the test can tell which save a reopened world holds.
fn crash_writer(path: &Path) -> Result<(), SaveError> {
    let (file, mut loaded) = WorldFile::open_or_create(path, CRASH_WORLD)?;
    let saved = loaded.take_player(&PlayerName::default());
    let mut world = loaded.world;
    let mut player = saved.map_or_else(|| Body::new(glam::DVec3::new(0.0, 80.0, 0.0)), |s| s.body);
    let mut seq = player.position.x as u64;
    let hotbar = saved.map_or_else(Hotbar::default, |s| s.hotbar);
    let mut saver = Autosaver::start(file, std::time::Instant::now());
    let stdout = std::io::stdout();
    loop {
        seq += 1;
        crash_step(&mut world, seq);
        player.position.x = seq as f64;
        saver.queue(Checkpoint::take(
            &mut world.loader(),
            as_player(&player, &hotbar),
            &crash_crates(seq),
        ));
        saver.wait_idle();
        if let Some(e) = saver.take_error() {
            return Err(e);
        }
        let mut out = stdout.lock();
        if writeln!(out, "{seq}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    saver
        .finish(Checkpoint::take(
            &mut world.loader(),
            as_player(&player, &hotbar),
            &crash_crates(seq),
        ))?
        .close()?;
    Ok(())
}

/// The writer: run only in the child process the campaign starts (ignored otherwise).
#[test]
#[ignore = "the crash campaign's victim, started by killed_writers_never_lose_or_corrupt_a_world"]
fn crash_writer_process() {
    if let Some(path) = std::env::var_os(WRITER_VAR)
        && let Err(e) = crash_writer(Path::new(&path))
    {
        eprintln!("crash writer: {e}");
        std::process::exit(2);
    }
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
    let seq = loaded
        .players
        .get(&PlayerName::default())
        .map_or(0, |p| p.body.position.x as u64);
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
    let writer = private_copy_of_this_test(dir.path());
    let mut replay = Replay::new();
    let mut rng = 0x2545_F491_4F6C_DD1D_u64;
    let mut acked = 0;
    let mut killed_mid_save = 0;
    let started = Instant::now();
    for round in 0..kills {
        let mut child = Command::new(&writer)
            .args([
                "crash_writer_process",
                "--exact",
                "--ignored",
                "--nocapture",
            ])
            .env(WRITER_VAR, &path)
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
            // Once it saves: anywhere in the next few saves, inside one or between two. The
            // test harness's own lines come first; a save's line is its number.
            while out.lines().all(|l| l.trim().parse::<u64>().is_err()) {
                assert_ne!(stdout.read_line(&mut out).unwrap(), 0, "the writer stopped");
            }
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
            .filter_map(|l| l.trim().parse::<u64>().ok())
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
