//! The command line of saved worlds: `hewn world list|info|check` and `hewn sim --world`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::worlds::{date_time, human_size, list_worlds};
use super::{
    CheckReport, Checkpoint, Hotbar, NewWorld, SaveError, SavedPlayer, SavedPlayers, WorldFile,
    WorldSummary, check, escaped, resolve_world, summarize, worlds_dir,
};
use hewn_core::sim::{PlayerName, Simulation, Start, Step};
use hewn_scenario::{Arrivals, Scenario};

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
    /// Show a world's seed, generator, chunks stored, size, and its players with where each
    /// stands.
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
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // The players may run to thousands of lines: a closed pipe (`hewn world info w | head`)
    // ends the listing, without a panic or a message.
    let written = write_info(&mut out, &s).and_then(|()| out.flush());
    Ok(if written.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What `hewn world info` prints about `s`: the world, then its players, each name (escaped,
/// as every name printed is) with where that player stands.
fn write_info(out: &mut impl Write, s: &WorldSummary) -> std::io::Result<()> {
    writeln!(out, "world:          {}", shown(&s.path))?;
    writeln!(out, "seed:           {}", s.meta.seed)?;
    writeln!(out, "generator:      {}", s.meta.generator)?;
    writeln!(out, "chunks stored:  {}", s.chunks)?;
    writeln!(
        out,
        "time:           {} (tick {})",
        hewn_core::sim::time::Clock::at(s.meta.time),
        s.meta.time
    )?;
    writeln!(
        out,
        "size on disk:   {} ({} bytes)",
        human_size(s.size),
        s.size
    )?;
    writeln!(
        out,
        "created:        {} UTC by hewn {}",
        date_time(s.meta.created),
        s.meta.game_version
    )?;
    if s.meta.last_saved > 0 {
        writeln!(out, "last saved:     {} UTC", date_time(s.meta.last_saved))?;
    }
    if s.packs.is_empty() {
        writeln!(out, "packs:          none (the base pack's blocks alone)")?;
    } else {
        writeln!(out, "packs:          {}, in order", s.packs.len())?;
        for pack in &s.packs {
            let name = escaped(&pack.name);
            writeln!(out, "  {name:<16} {}", shown(&pack.path))?;
        }
    }
    if s.block_ids > 0 {
        writeln!(out, "block ids:      {} named", s.block_ids)?;
    }
    if s.players.is_empty() {
        return writeln!(
            out,
            "players:        none saved yet (each starts at the spawn point)"
        );
    }
    writeln!(out, "players:        {}", s.players.len())?;
    for (name, p) in &s.players {
        let name = escaped(name.as_str());
        writeln!(out, "  {name:<16} {:.3} {:.3} {:.3}", p.x, p.y, p.z)?;
    }
    if !s.named {
        writeln!(
            out,
            "  (from before players had names: the player takes the name of whoever plays the \
             world next)"
        )?;
    }
    Ok(())
}

fn check_world(world: &str) -> Result<ExitCode, SaveError> {
    let path = resolve_world(world)?;
    let report = check(&path)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // A damaged world may name thousands of rows: a closed pipe ends the listing quietly.
    let written = write_check(&mut out, &shown(&path), &report).and_then(|()| out.flush());
    Ok(if report.is_playable() && written.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What `hewn world check` prints about the world at `path`: each damaged thing, then a line
/// saying whether the world is healthy and playable.
fn write_check(out: &mut impl Write, path: &str, report: &CheckReport) -> std::io::Result<()> {
    for message in &report.integrity {
        writeln!(out, "database: {message}")?;
    }
    for d in &report.damaged {
        writeln!(
            out,
            "damaged chunk ({}, {}, {}): {}",
            d.pos.x, d.pos.y, d.pos.z, d.error
        )?;
    }
    for row in &report.damaged_rows {
        writeln!(out, "damaged row: {row} (left out when the world opens)")?;
    }
    for pack in &report.missing_packs {
        writeln!(out, "{}", pack.missing())?;
    }
    if !report.is_healthy() {
        writeln!(
            out,
            "{path}: damaged ({} of {} chunks, {} rows)",
            report.damaged.len(),
            report.chunks,
            report.damaged_rows.len()
        )
    } else if report.read_only {
        // Opening refuses a world it could never save; check says so, so the two agree.
        writeln!(
            out,
            "{path}: healthy ({} chunks stored) but read-only: hewn will not play it until it \
             can be written",
            report.chunks
        )
    } else {
        writeln!(out, "{path}: healthy ({} chunks stored)", report.chunks)
    }
}

/// A path as printed: control characters escaped.
fn shown(path: &std::path::Path) -> String {
    escaped(&path.display().to_string()).into_owned()
}

/// A saved world opened for `hewn sim --world`, kept open (and locked) while it runs.
#[derive(Debug)]
pub struct SimWorld {
    file: WorldFile,
    /// Each saved player's hotbar; a player new to the world has the default one.
    hotbars: BTreeMap<PlayerName, Hotbar>,
    /// Where the scenario's players come into the world: the saved players by name.
    arrivals: Arrivals,
    /// The players who left during the run, as they left, to be saved with the rest.
    left: SavedPlayers,
}

impl SimWorld {
    /// Opens or creates the world `name_or_path` for `scenario` and builds the starting
    /// simulation: the saved world with the scenario's fills on top; each of the scenario's
    /// players as the world kept the player of its name, unless the scenario gives it a
    /// position (then the scenario's player) or the world has not kept one (then the
    /// scenario's player at the spawn point); the saved crates, unless the scenario has
    /// `[[crate]]`s (then those, replacing the saved ones). A world from before players had
    /// names gives its one player to the scenario's first player's name.
    ///
    /// # Errors
    /// The exit code after printing why: 2 if the scenario's seed or generator differ from
    /// the world's, 1 if the world cannot be opened.
    pub fn open(
        name_or_path: &str,
        scenario: &Scenario,
        packs: Option<Vec<PathBuf>>,
    ) -> Result<(Self, Simulation), ExitCode> {
        let request = NewWorld {
            seed: Some(scenario.seed),
            generator: Some(scenario.world),
            player: Some(scenario.player.name.clone()),
            packs,
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
        for pack in &loaded.missing_packs {
            eprintln!("hewn sim: warning: {}", pack.missing());
        }
        let mut world = loaded.world;
        scenario.apply_fills(&mut world);
        if scenario.settled {
            world.take_changes();
        }
        scenario.load_probes(&mut world);
        let arrivals = Arrivals {
            spawn: loaded.generator.spawn_point(),
            saved: (loaded.players.iter())
                .map(|(name, saved)| (name.clone(), saved.body))
                .collect(),
        };
        let hotbars = (loaded.players.into_iter())
            .map(|(name, saved)| (name, saved.hotbar))
            .collect();
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
            players: scenario.players_at_start(&arrivals),
            crates,
            motion,
            time: scenario.time.unwrap_or(loaded.meta.time),
            // A scenario that names no mode plays the world as it was saved, its players'
            // health and inventories too; one that asks for survival starts its own.
            survival: if scenario.mode == hewn_core::sim::survival::Mode::Survival {
                scenario.survival_at_start(arrivals.spawn)
            } else {
                loaded.survival
            },
            // A scenario with no creatures of its own plays the world's, as saved.
            creatures: if scenario.creatures.is_idle() {
                loaded.creatures.unwrap_or_default()
            } else {
                scenario.creatures.clone()
            },
        });
        let opened = Self {
            file,
            hotbars,
            arrivals,
            left: SavedPlayers::new(),
        };
        Ok((opened, sim))
    }

    /// Where the scenario's players come into the world ([`Scenario::steps`]): the saved
    /// players by name, the others at their positions or the world's spawn point.
    #[must_use]
    pub const fn arrivals(&self) -> &Arrivals {
        &self.arrivals
    }

    /// Keeps, before `step` runs on `sim`, the players it takes out of the world as they
    /// are, so the save keeps where each left.
    pub fn note_leaving(&mut self, sim: &Simulation, step: &Step) {
        for name in &step.leaving {
            if let Some(&body) = sim.players().get(name) {
                let hotbar = self.hotbar(name);
                self.left.insert(name.clone(), SavedPlayer { body, hotbar });
            }
        }
    }

    /// The hotbar of `name`: as saved, or the default one.
    fn hotbar(&self, name: &PlayerName) -> Hotbar {
        self.hotbars.get(name).copied().unwrap_or_default()
    }

    /// Saves the simulation's changes, its players (and those who left during the run) and
    /// its crates into the world, and closes it.
    ///
    /// # Errors
    /// Exit code 1 after printing why.
    pub fn save(mut self, sim: &mut Simulation) -> Result<(), ExitCode> {
        let mut checkpoint = Checkpoint::of(sim, |name| self.hotbar(name));
        for (name, saved) in std::mem::take(&mut self.left) {
            checkpoint = checkpoint.with_player(name, saved);
        }
        self.file
            .save(&checkpoint)
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
