//! The command line of saved worlds: `hewn world list|info|check` and `hewn sim --world`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::worlds::{date_time, human_size, list_worlds};
use super::{
    Autosaver, Hotbar, NewWorld, SaveError, Snapshot, WorldFile, check, resolve_world, summarize,
    worlds_dir,
};
use crate::physics::Player;
use crate::physics::crates::{Crate, Crates};
use crate::sim::Simulation;
use crate::sim::scenario::Scenario;
use crate::world::{Block, BlockPos, ChunkPos, World};
use crate::worldgen::GeneratorKind;

/// Arguments of `hewn world`.
#[derive(Debug, Args)]
pub struct WorldArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: WorldCommand,
}

/// Subcommands of `hewn world`.
#[derive(Debug, Subcommand)]
pub enum WorldCommand {
    /// List the worlds in the data folder.
    List,
    /// Show a world's seed, generator, chunks stored, size and player position.
    Info {
        /// A world name (in the data folder) or a path to a .hewn file.
        world: String,
    },
    /// Check a world for damage: exit 0 when healthy, 1 naming what is damaged.
    Check {
        /// A world name (in the data folder) or a path to a .hewn file.
        world: String,
    },
    /// Edit and save in a loop until killed (the crash test's victim).
    #[command(hide = true)]
    CrashWriter {
        /// The world file.
        path: PathBuf,
        /// Stop after this many saves.
        #[arg(long, default_value_t = u64::MAX)]
        max_saves: u64,
    },
}

/// Runs `hewn world`: exit 0 on success, 1 on failure or damage.
#[must_use]
pub fn run_world(args: &WorldArgs) -> ExitCode {
    let result = match &args.command {
        WorldCommand::List => list(),
        WorldCommand::Info { world } => info(world),
        WorldCommand::Check { world } => check_world(world),
        WorldCommand::CrashWriter { path, max_saves } => crash_writer(path, *max_saves),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hewn world: {e}");
            ExitCode::FAILURE
        }
    }
}

fn list() -> Result<ExitCode, SaveError> {
    let dir = worlds_dir()?;
    let worlds = list_worlds(&dir)?;
    if worlds.is_empty() {
        println!("no worlds in {}", dir.display());
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{:<20} {:>20} {:<9} {:>10}  last played (UTC)",
        "name", "seed", "generator", "size"
    );
    for world in &worlds {
        let name = &world.name;
        match &world.summary {
            Ok(s) => println!(
                "{name:<20} {:>20} {:<9} {:>10}  {}",
                s.meta.seed,
                s.meta.generator.name(),
                human_size(s.size),
                date_time(s.meta.last_saved.max(s.meta.created))
            ),
            Err(e) => println!("{name:<20} unreadable: {e}"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn info(world: &str) -> Result<ExitCode, SaveError> {
    let s = summarize(&resolve_world(world)?)?;
    println!("world:          {}", s.path.display());
    println!("seed:           {}", s.meta.seed);
    println!("generator:      {}", s.meta.generator);
    println!("chunks stored:  {}", s.chunks);
    println!(
        "time:           {} (tick {})",
        crate::sim::time::Clock::at(s.meta.time),
        s.meta.time
    );
    println!("size on disk:   {} ({} bytes)", human_size(s.size), s.size);
    match s.player {
        Some(p) => println!("player:         {:.3} {:.3} {:.3}", p.x, p.y, p.z),
        None => println!("player:         not saved yet (spawns at the spawn point)"),
    }
    println!(
        "created:        {} UTC by hewn {}",
        date_time(s.meta.created),
        s.meta.game_version
    );
    if s.meta.last_saved > 0 {
        println!("last saved:     {} UTC", date_time(s.meta.last_saved));
    }
    Ok(ExitCode::SUCCESS)
}

fn check_world(world: &str) -> Result<ExitCode, SaveError> {
    let path = resolve_world(world)?;
    let report = check(&path)?;
    for message in &report.integrity {
        println!("database: {message}");
    }
    for d in &report.damaged {
        println!(
            "damaged chunk ({}, {}, {}): {}",
            d.pos.x, d.pos.y, d.pos.z, d.error
        );
    }
    if report.player_damaged {
        println!("damaged player record: unreadable or out of range (the player will respawn)");
    }
    if report.is_healthy() {
        println!(
            "{}: healthy ({} chunks stored)",
            path.display(),
            report.chunks
        );
        Ok(ExitCode::SUCCESS)
    } else {
        println!(
            "{}: damaged ({} of {} chunks)",
            path.display(),
            report.damaged.len(),
            report.chunks
        );
        Ok(ExitCode::FAILURE)
    }
}

/// A saved world opened for `hewn sim --world`, kept open (and locked) while it runs.
#[derive(Debug)]
pub struct SimWorld {
    file: WorldFile,
    hotbar: Hotbar,
}

impl SimWorld {
    /// Opens or creates the world `name_or_path` for `scenario` and builds the starting
    /// simulation: the saved world with the scenario's fills on top; the saved player, unless
    /// the scenario sets `[player] position` (then the scenario's player) or the world has no
    /// player yet (then the scenario's player at the spawn point); the saved crates, unless
    /// the scenario has `[[crate]]`s (then those, replacing the saved ones).
    ///
    /// # Errors
    /// The exit code after printing why: 2 if the scenario's seed or generator differ from
    /// the world's, 1 if the world cannot be opened.
    pub fn open(name_or_path: &str, scenario: &Scenario) -> Result<(Self, Simulation), ExitCode> {
        let request = NewWorld {
            seed: Some(scenario.seed),
            generator: Some(scenario.world),
        };
        let opened =
            resolve_world(name_or_path).and_then(|p| WorldFile::open_or_create(&p, request));
        let (file, loaded) = match opened {
            Ok(opened) => opened,
            Err(e @ (SaveError::SeedMismatch { .. } | SaveError::GeneratorMismatch { .. })) => {
                eprintln!("hewn sim: the scenario does not match the world: {e}");
                return Err(ExitCode::from(2));
            }
            Err(e) => {
                eprintln!("hewn sim: {e}");
                return Err(ExitCode::FAILURE);
            }
        };
        for d in &loaded.damaged {
            eprintln!(
                "hewn sim: warning: chunk ({}, {}, {}) is damaged ({}); using it as generated",
                d.pos.x, d.pos.y, d.pos.z, d.error
            );
        }
        if loaded.player_damaged {
            eprintln!(
                "hewn sim: warning: the saved player is damaged or out of range; starting at the spawn point"
            );
        }
        let mut world = loaded.world;
        scenario.apply_fills(&mut world);
        if scenario.settled {
            world.take_touched();
        }
        scenario.load_probes(&mut world);
        let start = &scenario.player;
        let player = match (start.position, loaded.player) {
            (None, Some(saved)) => saved,
            (position, _) => start.at(position.unwrap_or_else(|| world.generator().spawn_point())),
        };
        let mut sim = Simulation::from_parts(world, player);
        sim.set_time(scenario.time.unwrap_or(loaded.meta.time));
        sim.crates = Crates::new(if scenario.crates.is_empty() {
            loaded.crates
        } else {
            scenario.crates.clone()
        });
        sim.restore_motion(loaded.motion);
        sim.restore_motion(scenario.motion.clone());
        Ok((
            Self {
                file,
                hotbar: loaded.hotbar,
            },
            sim,
        ))
    }

    /// Saves the simulation's changes, player and crates into the world and closes it.
    ///
    /// # Errors
    /// Exit code 1 after printing why.
    pub fn save(mut self, sim: &mut Simulation) -> Result<(), ExitCode> {
        let snapshot = Snapshot::of(sim, &self.hotbar);
        self.file
            .save(&snapshot)
            .and_then(|_| self.file.close())
            .map_err(|e| {
                eprintln!("hewn sim: saving the world failed: {e}");
                ExitCode::FAILURE
            })
    }
}

/// The generator and seed of the crash test's world.
#[doc(hidden)]
pub const CRASH_WORLD: NewWorld = NewWorld {
    seed: Some(7),
    generator: Some(GeneratorKind::Flat),
};

/// Step `seq` of the crash test's edits: a few scattered blocks in a 3×3-chunk area, a slab
/// every seventh step, and every tenth step one chunk put back as generated (so saves also
/// delete). A pure function of `seq` and the world, which the test replays to know what
/// save `seq` held.
#[doc(hidden)]
pub fn crash_step(world: &mut World, seq: u64) {
    const BLOCKS: [Block; 6] = [
        Block::Air,
        Block::Stone,
        Block::Glass,
        Block::Planks,
        Block::Grass,
        Block::Cobblestone,
    ];
    let mut h = seq;
    let mut next = move || {
        // splitmix64
        h = h.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = h;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut coord = |range: u64| (next() % range) as i32;
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
#[doc(hidden)]
#[must_use]
pub fn crash_crates(seq: u64) -> Vec<Crate> {
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

/// Opens `path` and saves [`crash_step`]s (and [`crash_crates`]) through an [`Autosaver`]
/// until killed, printing each sequence number once its save is on disk. The sequence number
/// rides in the player's x so the test can tell which save a reopened world holds.
fn crash_writer(path: &Path, max_saves: u64) -> Result<ExitCode, SaveError> {
    let (file, loaded) = WorldFile::open_or_create(path, CRASH_WORLD)?;
    let mut world = loaded.world;
    let mut player = loaded
        .player
        .unwrap_or_else(|| Player::new(glam::DVec3::new(0.0, 80.0, 0.0)));
    let mut seq = player.position.x as u64;
    let hotbar = loaded.hotbar;
    let mut saver = Autosaver::start(file, std::time::Instant::now());
    let stdout = std::io::stdout();
    for _ in 0..max_saves {
        seq += 1;
        crash_step(&mut world, seq);
        player.position.x = seq as f64;
        saver.queue(Snapshot::take(
            &mut world,
            &player,
            &crash_crates(seq),
            &hotbar,
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
        .finish(Snapshot::take(
            &mut world,
            &player,
            &crash_crates(seq),
            &hotbar,
        ))?
        .close()?;
    Ok(ExitCode::SUCCESS)
}
