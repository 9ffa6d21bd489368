//! The command line: flags for playing and the `sim` and `world` subcommands.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub mod bot;
pub mod content;
pub mod serve;
pub mod server_file;

use hewn_audio::tape::Tape;
use hewn_core::sim::water::MAX_EDITS_FOR_WATER;
use hewn_core::worldgen::GeneratorKind;
use hewn_scenario::Scenario;
use hewn_scenario::report::{EventReport, TickReport, Trace};

/// hewn: a voxel sandbox game. With no subcommand, opens a window and plays.
#[derive(Debug, Parser)]
#[command(name = "hewn", version, about, long_about = None)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options for playing.
    #[command(flatten)]
    pub play: PlayOptions,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a scenario headlessly and print the final state as JSON.
    Sim(SimArgs),
    /// Look after saved worlds: list them, show one, check one for damage.
    World(hewn_save::cli::WorldArgs),
    /// Run a dedicated server: no window, the world on disk, players over UDP.
    Serve(serve::ServeArgs),
    /// Join a server with headless players: play a scenario, or wander for a load test.
    Bot(bot::BotArgs),
    /// Look after packs: check one for problems.
    Content(content::ContentArgs),
}

/// Arguments of `hewn sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// The scenario file (TOML; the format is in README.md).
    pub file: PathBuf,
    /// Print the state after every tick, one JSON object per line, before the final one; a
    /// line's edits are the cells changed since the line before (the first line's, all).
    #[arg(long)]
    pub trace: bool,
    /// Start from this saved world (a name in the data folder or a path; created if missing)
    /// and save the result into it. The scenario's seed and world must be the world's; the
    /// saved player is used unless the scenario sets `[player] position`.
    #[arg(long, value_name = "NAME_OR_PATH")]
    pub world: Option<String>,
    /// Write what the first player hears during the run to this WAV file (stereo, 48 kHz,
    /// 16-bit): each tick's sound, heard from its eyes. The same run gives the same file.
    #[arg(long, value_name = "FILE")]
    pub audio_out: Option<PathBuf>,
}

/// World generators selectable on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum WorldGenArg {
    /// Hills, mountains, sea, caves and trees.
    Terrain,
    /// A flat grass plain.
    Flat,
}

impl From<WorldGenArg> for GeneratorKind {
    fn from(arg: WorldGenArg) -> Self {
        match arg {
            WorldGenArg::Terrain => Self::Terrain,
            WorldGenArg::Flat => Self::Flat,
        }
    }
}

/// Player collision shapes selectable on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColliderArg {
    /// A 0.6 × 1.8 × 0.6 box.
    Box,
    /// An upright cylinder of radius 0.3: stands on the very corner of a block.
    Cylinder,
}

impl From<ColliderArg> for hewn_core::physics::PlayerCollider {
    fn from(arg: ColliderArg) -> Self {
        match arg {
            ColliderArg::Box => Self::Box,
            ColliderArg::Cylinder => Self::Cylinder,
        }
    }
}

/// How a new world is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// Health, air, digging with tools, items gathered and crafted.
    Survival,
    /// Endless blocks, instant breaking, flight, no harm.
    Creative,
}

impl From<ModeArg> for hewn_core::sim::survival::Mode {
    fn from(arg: ModeArg) -> Self {
        match arg {
            ModeArg::Survival => Self::Survival,
            ModeArg::Creative => Self::Creative,
        }
    }
}

/// Whether monsters appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    /// No monsters.
    Peaceful,
    /// Monsters at night and in the dark.
    Normal,
}

impl From<DifficultyArg> for hewn_core::sim::creature::Difficulty {
    fn from(arg: DifficultyArg) -> Self {
        match arg {
            DifficultyArg::Peaceful => Self::Peaceful,
            DifficultyArg::Normal => Self::Normal,
        }
    }
}

/// Where chunks' smooth light and ambient occlusion are worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LightArg {
    /// At each vertex, by the mesher: faces merge only where their light agrees.
    Vertex,
    /// At each pixel, by the shader, from a small 3D texture of each chunk's light: faces
    /// merge by block and direction alone.
    Shader,
}

impl From<LightArg> for hewn_mesh::Shading {
    fn from(arg: LightArg) -> Self {
        match arg {
            LightArg::Vertex => Self::Vertex,
            LightArg::Shader => Self::Sampled,
        }
    }
}

/// On or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    /// On.
    On,
    /// Off.
    Off,
}

/// A window size such as `1280x720`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowSize {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl std::str::FromStr for WindowSize {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parse = |v: &str| {
            v.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| (1..=16384).contains(&n))
        };
        match s.split_once(['x', 'X']) {
            Some((w, h)) => match (parse(w), parse(h)) {
                (Some(width), Some(height)) => Ok(Self { width, height }),
                _ => Err(format!(
                    "{s:?}: width and height must be whole numbers from 1 to 16384"
                )),
            },
            None => Err(format!(
                "{s:?} is not of the form WIDTHxHEIGHT, e.g. 1280x720"
            )),
        }
    }
}

/// Options for playing in a window.
#[derive(Clone, Debug, Args)]
pub struct PlayOptions {
    /// The world seed (a new world's; default 0).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// The world to play: a name in the data folder (e.g. ~/.local/share/hewn/worlds/NAME.hewn)
    /// or a path; created if missing. Default: "default", or an unsaved world with --frames.
    #[arg(long, value_name = "NAME_OR_PATH")]
    pub world: Option<String>,
    /// The world generator of a new world (default terrain); an existing world keeps its own.
    #[arg(long, value_enum, value_name = "KIND")]
    pub world_gen: Option<WorldGenArg>,
    /// A pack the world enables (a folder or a .zip); give one --pack per pack, in order.
    /// These become the world's packs; without any, a world keeps its own.
    #[arg(long = "pack", value_name = "PATH")]
    pub packs: Vec<std::path::PathBuf>,
    /// How a new world is played (default survival, as in Minecraft; an unsaved world of
    /// --frames without --world, creative); an existing world keeps its own.
    #[arg(long, value_enum, value_name = "survival|creative")]
    pub mode: Option<ModeArg>,
    /// Whether monsters appear: peaceful or normal (a new world's default); sets an existing
    /// world's too. An unsaved world of --frames without --world has no creatures.
    #[arg(long, value_enum, value_name = "peaceful|normal")]
    pub difficulty: Option<DifficultyArg>,
    /// The player's collision shape (switch while playing with C).
    #[arg(long, value_enum, value_name = "SHAPE", default_value = "box")]
    pub collider: ColliderArg,
    /// How many chunks to load around the player, horizontally (default: the settings').
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=32))]
    pub render_distance: Option<u32>,
    /// The fraction of the window's width and height the world is drawn at, 0.25 to 1, the
    /// HUD and menus staying sharp (default: the settings').
    #[arg(long, value_name = "0.25..1", value_parser = render_scale)]
    pub render_scale: Option<f64>,
    /// How far the far view reaches beyond the render distance: 0 (off), 512, 1024, 2048
    /// or 4096 blocks (default: the settings').
    #[arg(long, value_name = "BLOCKS", value_parser = far_view_blocks)]
    pub far_view: Option<u32>,
    /// Whether the render distance beyond 3/8 of it is drawn from coarse meshes, 2 × 2 × 2
    /// blocks a cell, for far fewer triangles (on), or every block all the way (off)
    /// (default: the settings').
    #[arg(long, value_enum, value_name = "on|off")]
    pub coarse_ring: Option<Switch>,
    /// The window size.
    #[arg(long, value_name = "WxH", default_value = "1280x720")]
    pub size: WindowSize,
    /// Start in borderless fullscreen (default: the settings').
    #[arg(long)]
    pub fullscreen: bool,
    /// Wait for the display's refresh (on) or draw as fast as possible (off) (default: the
    /// settings').
    #[arg(long, value_enum, value_name = "on|off")]
    pub vsync: Option<Switch>,
    /// Where smooth light and ambient occlusion are worked out: per vertex, with faces
    /// merged only where their light agrees, or per pixel in the shader, with fewer, bigger
    /// faces, but more work for every pixel (default: vertex below render distance 12 and
    /// shader from 12 on, the faster of the two at each on lavapipe).
    #[arg(long, value_enum, value_name = "vertex|shader")]
    pub light: Option<LightArg>,
    /// Render this many frames, then exit (for automation; see --screenshot).
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// With --frames: save the last frame to this PNG file.
    #[arg(long, value_name = "FILE", requires = "frames")]
    pub screenshot: Option<PathBuf>,
    /// Play sound on the system's sound device (on), or open none (off); an --audio-out file
    /// is written either way.
    #[arg(long, value_enum, value_name = "on|off", default_value = "on")]
    pub audio: Switch,
    /// Write what the player hears during the run to this WAV file (stereo, 48 kHz, 16-bit),
    /// with or without a sound device.
    #[arg(long, value_name = "FILE")]
    pub audio_out: Option<PathBuf>,
    /// Write how long every frame took and how long the session's advance took in it, in
    /// milliseconds, a line a frame, to this file at exit: for measuring a run's frame pacing
    /// whole (the overlay and the log keep the last few seconds).
    #[arg(long, value_name = "FILE")]
    pub frame_times: Option<PathBuf>,
    /// Record the session as a scenario file that `hewn sim` replays.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Set the world's time of day at launch: dawn, noon, dusk, midnight, or a tick count
    /// (a day is 72000 ticks from sunrise).
    #[arg(long, value_name = "WHEN", value_parser = hewn_core::sim::time::parse_time)]
    pub time: Option<u64>,
    /// Join the server at this address (HOST:PORT) instead of playing a world of your own.
    #[arg(long, value_name = "ADDR", conflicts_with_all = ["world", "seed", "world_gen", "record", "time"])]
    pub connect: Option<String>,
    /// The name to play as on a server: 1 to 16 letters, digits and _ (default: the
    /// settings').
    #[arg(long, value_name = "NAME", value_parser = parse_name, requires = "connect")]
    pub name: Option<hewn_core::sim::PlayerName>,
}

impl PlayOptions {
    /// How the game's own server is to run the world these options open.
    #[must_use]
    pub fn hosting(&self) -> hewn_client::session::Hosting {
        hewn_client::session::Hosting {
            time: self.time,
            record_to: self.record.clone(),
        }
    }
}

/// A player's name on the command line, held to the one rule for names.
fn parse_name(name: &str) -> Result<hewn_core::sim::PlayerName, String> {
    hewn_core::sim::PlayerName::new(name).map_err(|e| e.to_string())
}

/// Reads the packs the scenario at `path`, whose text is `text`, enables (folders relative
/// to it) and installs their content over the base pack's, before the scenario, which names
/// their blocks and items, is parsed. In a saved `world` the content is the world's: its
/// block table's ids, with the scenario's packs, if it names any, as the world's from now
/// on, and its own packs otherwise. Gives the packs a saved world is to open with.
fn install_packs(
    path: &std::path::Path,
    text: &str,
    world: Option<&str>,
) -> Result<Option<Vec<std::path::PathBuf>>, Refusal> {
    let shown = |problems: &dyn std::fmt::Display| {
        Refusal::Scenario(format!(
            "packs: {}",
            hewn_save::escaped(&problems.to_string())
        ))
    };
    let names = Scenario::packs(text).map_err(|e| Refusal::Scenario(e.to_string()))?;
    let folder = path.parent().unwrap_or_else(|| std::path::Path::new("."));
    let paths: Vec<std::path::PathBuf> = names.iter().map(|name| folder.join(name)).collect();
    let asked = (!paths.is_empty()).then_some(paths);
    if let Some(world) = world {
        let refused = |e: hewn_save::SaveError| match e {
            hewn_save::SaveError::Content { .. } => shown(&e),
            e => Refusal::World(hewn_save::escaped(&e.to_string()).into_owned()),
        };
        let world = hewn_save::resolve_world(world).map_err(refused)?;
        hewn_save::content(&world, asked.as_deref())
            .and_then(|content| content.install_now(&world))
            .map_err(refused)?;
        return Ok(asked);
    }
    let Some(paths) = &asked else {
        return Ok(None);
    };
    let mut packs = Vec::with_capacity(paths.len());
    for at in paths {
        packs.push(hewn_content::Pack::read(at).map_err(|p| shown(&p))?);
    }
    let content = hewn_content::load(&packs).map_err(|p| shown(&p))?;
    content
        .install()
        .map_err(|e| Refusal::Scenario(e.to_string()))?;
    Ok(asked)
}

/// Why a scenario's packs could not be installed.
enum Refusal {
    /// The scenario or its packs: exit 2, as for any scenario that cannot be read.
    Scenario(String),
    /// The saved world it is to play in: exit 1, as for a world that cannot be opened.
    World(String),
}

/// Reads a scenario file as text, reading no more than
/// [`MAX_SCENARIO_BYTES`](hewn_scenario::MAX_SCENARIO_BYTES) and one byte, so an
/// endless file (`/dev/zero`, a pipe) is refused rather than read until memory runs out.
fn read_scenario(path: &std::path::Path) -> std::io::Result<String> {
    use std::io::Read as _;
    let limit = hewn_scenario::MAX_SCENARIO_BYTES;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("it is larger than the {limit} bytes a scenario may have"),
        ));
    }
    String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "it is not UTF-8 text (a scenario is a TOML file)",
        )
    })
}

/// The mods of the packs at `paths` that carry one, loaded into a driver for `sim`; `None`
/// where none does.
///
/// # Errors
/// The pack that cannot be read or whose mod is refused, and why.
fn scenario_mods(
    paths: &[std::path::PathBuf],
    spawn: glam::DVec3,
    sim: &mut hewn_core::sim::Simulation,
) -> Result<Option<hewn_mods::Driver>, String> {
    let mut driver: Option<hewn_mods::Driver> = None;
    for path in paths {
        let pack = hewn_content::Pack::read(path).map_err(|p| p.to_string())?;
        let Some(module) = &pack.manifest.module else {
            continue;
        };
        let name = &pack.manifest.name;
        let wasm = pack
            .files
            .get(module)
            .ok_or_else(|| format!("packs: {name} has no {module}"))?;
        let seed = sim.world().source().seed();
        let d =
            driver.get_or_insert_with(|| hewn_mods::Driver::new(hewn_mods::Mods::new(seed, spawn)));
        let outcome = d
            .mods
            .load(name, wasm, &mut sim.loader())
            .map_err(|refusal| format!("packs: mod {name} was not loaded: {refusal}"))?;
        log_mod_lines(d.absorb(sim, outcome));
    }
    Ok(driver)
}

/// The mods' log lines on standard error; their chat has no one to hear it in a scenario.
fn log_mod_lines(lines: Vec<hewn_mods::Line>) {
    for line in lines {
        if let hewn_mods::Line::Log(text) = line {
            eprintln!("hewn sim: {}", hewn_save::escaped(&text));
        }
    }
}

/// Runs `hewn sim`: exit 0 on success, 2 if the scenario cannot be read.
#[must_use]
pub fn run_sim(args: &SimArgs) -> ExitCode {
    let text = match read_scenario(&args.file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("hewn sim: cannot read {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let packs = match install_packs(&args.file, &text, args.world.as_deref()) {
        Ok(packs) => packs,
        Err(Refusal::Scenario(message)) => {
            eprintln!("hewn sim: {}: {message}", args.file.display());
            return ExitCode::from(2);
        }
        Err(Refusal::World(message)) => {
            eprintln!("hewn sim: {message}");
            return ExitCode::FAILURE;
        }
    };
    let scenario = match Scenario::parse(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hewn sim: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    // Checked in the scenario's own world, before a saved one is opened, so a refused
    // scenario changes nothing on disk.
    let (mut sim, arrivals) = scenario.begin();
    if let Err(e) = scenario.check_crates(&mut sim.loader()) {
        eprintln!("hewn sim: {}: {e}", args.file.display());
        return ExitCode::from(2);
    }
    let (mut saved, mut sim, arrivals) = match &args.world {
        None => (None, sim, arrivals),
        Some(world) => match hewn_save::cli::SimWorld::open(world, &scenario, packs.clone()) {
            Ok((saved, sim)) => {
                let arrivals = saved.arrivals().clone();
                (Some(saved), sim, arrivals)
            }
            Err(code) => return code,
        },
    };
    // The packs' mods run around every step, as a server runs them.
    let spawn = hewn_core::worldgen::Generator::new(scenario.world, scenario.seed).spawn_point();
    let mut mods = match scenario_mods(packs.as_deref().unwrap_or_default(), spawn, &mut sim) {
        Ok(mods) => mods,
        Err(message) => {
            eprintln!("hewn sim: {}: {message}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut write_failed = false;
    let mut trace = Trace::new();
    let mut water_stopped = false;
    let mut events = Vec::new();
    let mut tape = match args.audio_out.as_deref().map(Tape::create).transpose() {
        Ok(tape) => tape,
        Err(e) => return cannot_write_sound(args, &e),
    };
    for mut step in scenario.steps(arrivals) {
        if let Some(saved) = &mut saved {
            saved.note_leaving(&sim, &step);
        }
        let played = mods.as_mut().map(|driver| {
            log_mod_lines(driver.before(&mut sim, &mut step));
            step.clone()
        });
        scenario.play(&mut sim, step);
        if let (Some(driver), Some(step)) = (&mut mods, played) {
            log_mod_lines(driver.after(&mut sim, &step));
        }
        if !water_stopped && sim.world().edit_count() >= MAX_EDITS_FOR_WATER {
            water_stopped = true;
            eprintln!(
                "hewn sim: {}: at tick {} the world holds {} edits, the most water may make \
                 (MAX_EDITS_FOR_WATER); water spreads no further",
                args.file.display(),
                sim.tick_count(),
                sim.world().edit_count()
            );
        }
        events.extend(sim.events().iter().map(EventReport::from));
        if let Some(t) = &mut tape
            && let Err(e) = t.tick(&mut sim)
        {
            return cannot_write_sound(args, &e);
        }
        if args.trace && !write_failed {
            let line = trace.line(&sim, &scenario.probes);
            write_failed = writeln!(out, "{}", line.to_json()).is_err();
        }
    }
    if let Some(Err(e)) = tape.map(Tape::finish) {
        return cannot_write_sound(args, &e);
    }
    if let Some(Err(code)) = saved.map(|saved| saved.save(&mut sim)) {
        return code;
    }
    let mut last = TickReport::of(&sim, &scenario.probes);
    last.events = events;
    if writeln!(out, "{}", last.to_json()).is_err() || out.flush().is_err() || write_failed {
        // A closed pipe (`hewn sim x.toml | head -1`) is not worth a panic or a message.
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// Says that `hewn sim --audio-out` cannot write its file, and exits 2.
fn cannot_write_sound(args: &SimArgs, e: &std::io::Error) -> ExitCode {
    let path = args
        .audio_out
        .as_deref()
        .unwrap_or(std::path::Path::new(""));
    eprintln!("hewn sim: cannot write {}: {e}", path.display());
    ExitCode::from(2)
}

/// The distances the far view may reach, in blocks: 0 is off.
pub const FAR_VIEW_CHOICES: [u32; 5] = [0, 512, 1024, 2048, 4096];

/// Reads `--render-scale`: a number from 0.25 to 1.
fn render_scale(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| crate::app::settings::RENDER_SCALE_RANGE.contains(v))
        .ok_or_else(|| format!("{text:?} is not a number from 0.25 to 1"))
}

/// Parses `--far-view`: one of the far view's distances.
fn far_view_blocks(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|v| FAR_VIEW_CHOICES.contains(v))
        .ok_or_else(|| {
            let list: Vec<String> = FAR_VIEW_CHOICES.iter().map(ToString::to_string).collect();
            format!("{text:?} is not one of {}", list.join(", "))
        })
}
