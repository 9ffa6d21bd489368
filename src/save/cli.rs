//! The command line of saved worlds: `hewn world list|info|check` and `hewn sim --world`.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use glam::DVec3;

use super::worlds::{date_time, human_size, list_worlds};
use super::{
    Hotbar, NewWorld, SaveError, Snapshot, WorldFile, check, escaped, resolve_world, summarize,
    worlds_dir,
};
use crate::sim::scenario::Scenario;
use crate::sim::{Simulation, Start};

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
    /// Check a world: exit 0 when healthy and playable, 1 naming what is damaged, or saying
    /// it is read-only (which hewn refuses to play).
    Check {
        /// A world name (in the data folder) or a path to a .hewn file.
        world: String,
    },
}

/// Runs `hewn world`: exit 0 on success, 1 on failure or damage. Names, paths and messages
/// are printed [`escaped`]: a world's name may hold anything its file name can.
#[must_use]
pub fn run_world(args: &WorldArgs) -> ExitCode {
    let result = match &args.command {
        WorldCommand::List => list(),
        WorldCommand::Info { world } => info(world),
        WorldCommand::Check { world } => check_world(world),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hewn world: {}", escaped(&e.to_string()));
            ExitCode::FAILURE
        }
    }
}

fn list() -> Result<ExitCode, SaveError> {
    let dir = worlds_dir()?;
    let worlds = list_worlds(&dir)?;
    if worlds.is_empty() {
        println!("no worlds in {}", shown(&dir));
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{:<20} {:>20} {:<9} {:>10}  last played (UTC)",
        "name", "seed", "generator", "size"
    );
    for world in &worlds {
        let name = escaped(&world.name);
        match &world.summary {
            Ok(s) => println!(
                "{name:<20} {:>20} {:<9} {:>10}  {}",
                s.meta.seed,
                s.meta.generator.name(),
                human_size(s.size),
                date_time(s.meta.last_saved.max(s.meta.created))
            ),
            Err(e) => println!("{name:<20} unreadable: {}", escaped(&e.to_string())),
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn info(world: &str) -> Result<ExitCode, SaveError> {
    let s = summarize(&resolve_world(world)?)?;
    println!("world:          {}", shown(&s.path));
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
    for row in &report.damaged_rows {
        println!("damaged row: {row} (left out when the world opens)");
    }
    if report.player_damaged {
        println!("damaged player record: unreadable or out of range (the player will respawn)");
    }
    let path = shown(&path);
    if !report.is_healthy() {
        println!(
            "{path}: damaged ({} of {} chunks, {} rows)",
            report.damaged.len(),
            report.chunks,
            report.damaged_rows.len()
        );
    } else if report.read_only {
        // Opening refuses a world it could never save; check says so, so the two agree.
        println!(
            "{path}: healthy ({} chunks stored) but read-only: hewn will not play it until it \
             can be written",
            report.chunks
        );
    } else {
        println!("{path}: healthy ({} chunks stored)", report.chunks);
    }
    Ok(if report.is_playable() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A path as printed: control characters escaped.
fn shown(path: &std::path::Path) -> String {
    escaped(&path.display().to_string()).into_owned()
}

/// A saved world opened for `hewn sim --world`, kept open (and locked) while it runs.
#[derive(Debug)]
pub struct SimWorld {
    file: WorldFile,
    hotbar: Hotbar,
    /// Where players without a position start.
    spawn: DVec3,
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
                eprintln!(
                    "hewn sim: the scenario does not match the world: {}",
                    escaped(&e.to_string())
                );
                return Err(ExitCode::from(2));
            }
            Err(e) => {
                eprintln!("hewn sim: {}", escaped(&e.to_string()));
                return Err(ExitCode::FAILURE);
            }
        };
        for d in &loaded.damaged {
            eprintln!(
                "hewn sim: warning: chunk ({}, {}, {}) is damaged ({}); using it as generated",
                d.pos.x, d.pos.y, d.pos.z, d.error
            );
        }
        for row in &loaded.damaged_rows {
            eprintln!("hewn sim: warning: damaged row: {row}; left out");
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
        let spawn = loaded.generator.spawn_point();
        let saved = loaded.player.filter(|_| scenario.player.position.is_none());
        let crates = if scenario.crates.is_empty() {
            loaded.crates
        } else {
            scenario.crates.clone()
        };
        let mut motion = loaded.motion;
        motion
            .updates
            .extend(scenario.motion.updates.iter().copied());
        motion
            .falling
            .extend(scenario.motion.falling.iter().copied());
        let sim = Simulation::new(Start {
            world,
            players: scenario.players_at_start(spawn, saved),
            crates,
            motion,
            time: scenario.time.unwrap_or(loaded.meta.time),
        });
        Ok((
            Self {
                file,
                hotbar: loaded.hotbar,
                spawn,
            },
            sim,
        ))
    }

    /// Where the scenario's players without a position start: the world's spawn point.
    #[must_use]
    pub const fn spawn(&self) -> DVec3 {
        self.spawn
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
                eprintln!(
                    "hewn sim: saving the world failed: {}",
                    escaped(&e.to_string())
                );
                ExitCode::FAILURE
            })
    }
}
