//! `hewn serve`: a dedicated server with no window, its world on disk.
//!
//! It opens (or creates) the world, holding its lock as the game does, listens on UDP, and
//! runs the server 60 ticks a second until Ctrl-C or SIGTERM, saving every
//! [`AUTOSAVE_INTERVAL`](hewn_save::AUTOSAVE_INTERVAL) and once more at the end. Once a
//! minute it logs the players online, the tick time (median and 99th percentile) and the
//! traffic.

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use super::server_file;
use crate::cli::ModeArg;
use hewn_core::sim::creature::{Difficulty, Population};
use hewn_core::sim::survival::Mode;
use hewn_core::sim::{Simulation, Start};
use hewn_core::worldgen::GeneratorKind;
use hewn_net::lan::{Announcement, Announcer};
use hewn_net::server::{Caller, ServedContent, Server, ServerConfig};
use hewn_net::transport::{MAX_CLIENTS, connection_config};
use hewn_net::udp_server::UdpServer;
use hewn_save::{Autosaver, NewWorld, SaveError, WorldFile, escaped, resolve_world};
use renet::RenetServer;

/// The world a server plays unless told otherwise.
pub const DEFAULT_SERVER_WORLD: &str = "server";

/// One tick of 60 a second.
pub const TICK: Duration = Duration::from_nanos(16_666_667);

/// How far behind the clock a server may fall before it stops catching up and skips ticks.
const MAX_BEHIND: u32 = 10;

/// Arguments of `hewn serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The world: a name in the data folder or a path (created if missing).
    #[arg(long, value_name = "NAME_OR_PATH", default_value = DEFAULT_SERVER_WORLD)]
    pub world: String,
    /// The seed of a new world.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The generator of a new world: terrain, flat or empty.
    #[arg(long, value_parser = parse_generator)]
    pub world_gen: Option<GeneratorKind>,
    /// How a new world is played (default creative); an existing world keeps its own, which
    /// `/gamemode` changes.
    #[arg(long, value_enum, value_name = "survival|creative")]
    pub mode: Option<ModeArg>,
    /// Whether monsters appear (default `difficulty` in server.toml, normal); `/difficulty`
    /// changes it while the server runs.
    #[arg(long, value_enum, value_name = "peaceful|normal")]
    pub difficulty: Option<crate::cli::DifficultyArg>,
    /// The UDP port to listen on (0: one the system picks, logged); default `port` in
    /// server.toml, 30565.
    #[arg(long)]
    pub port: Option<u16>,
    /// The address to listen on.
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// The most players at once; default `max_players` in server.toml, 20.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub max_players: Option<u16>,
    /// How far around each player its client hears of the world, in chunks; default
    /// `view_distance` in server.toml, 8.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=32))]
    pub view_distance: Option<u32>,
    /// Write every input the server played, for every player, at the tick it played it, as
    /// a scenario that `hewn sim` replays to the hash logged at exit.
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
}

/// A generator's name on the command line.
fn parse_generator(name: &str) -> Result<GeneratorKind, String> {
    name.parse()
        .map_err(|_| format!("{name:?} is not a generator (terrain, flat or empty)"))
}

/// Tick times and traffic over the last minute, for the log.
#[derive(Debug, Default)]
struct Minute {
    tick_micros: Vec<u64>,
    skipped: u64,
}

impl Minute {
    /// The `p`th percentile of the tick times, in milliseconds.
    fn percentile(&mut self, p: f64) -> f64 {
        if self.tick_micros.is_empty() {
            return 0.0;
        }
        self.tick_micros.sort_unstable();
        let i = ((self.tick_micros.len() - 1) as f64 * p).round() as usize;
        self.tick_micros[i] as f64 / 1000.0
    }
}

/// Runs `hewn serve`: 0 after a clean stop, 2 if the world is open elsewhere or an option
/// cannot be used, 1 if the world cannot be opened or saved or the port cannot be bound.
#[must_use]
pub fn run_serve(args: &ServeArgs) -> ExitCode {
    let request = NewWorld {
        seed: args.seed,
        generator: args.world_gen,
        player: None,
        packs: None,
    };
    let opened =
        resolve_world(&args.world).and_then(|path| WorldFile::open_or_create(&path, request));
    let (file, mut loaded) = match opened {
        Ok(opened) => opened,
        Err(
            e @ (SaveError::Locked { .. }
            | SaveError::SeedMismatch { .. }
            | SaveError::GeneratorMismatch { .. }),
        ) => {
            eprintln!("hewn serve: {}", escaped(&e.to_string()));
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("hewn serve: {}", escaped(&e.to_string()));
            return ExitCode::FAILURE;
        }
    };
    log::info!(
        "{} world {} ({} generator, seed {})",
        if loaded.created { "created" } else { "opened" },
        escaped(&file.path().display().to_string()),
        loaded.meta.generator,
        loaded.meta.seed
    );
    for pack in &loaded.missing_packs {
        log::warn!("{}", pack.missing());
    }
    let settings_path = server_file::path_for(file.path());
    let mut settings = match server_file::read(&settings_path) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("hewn serve: {message}");
            return ExitCode::FAILURE;
        }
    };
    if (settings.rewrite || !settings_path.exists())
        && let Err(e) = server_file::write(&settings_path, &settings)
    {
        log::warn!("cannot write {}: {e}", settings_path.display());
    }
    settings.rewrite = false;
    let max_players = args.max_players.unwrap_or(settings.max_players);
    let survival = loaded.take_survival(args.mode.map(Mode::from), Mode::Creative);
    let mut start = Start::with_no_one(loaded.world);
    start.crates = loaded.crates;
    start.motion = loaded.motion;
    start.time = loaded.meta.time;
    start.survival = survival;
    let difficulty = args
        .difficulty
        .map_or(settings.difficulty, Difficulty::from);
    start.creatures = loaded
        .creatures
        .take()
        .unwrap_or_else(|| Population::new(true, difficulty));
    start.creatures.difficulty = difficulty;
    let config = ServerConfig {
        max_players: usize::from(max_players),
        view_distance: args.view_distance.unwrap_or(settings.view_distance),
        ..ServerConfig::default()
    };
    let mut server = Server::new(
        Simulation::new(start),
        Arc::clone(&loaded.generator),
        config,
    );
    server.resume_players(loaded.players);
    if args.record.is_some() {
        server.record();
    }
    server.set_admin(settings.admin.clone());
    server.set_motd(&settings.motd);
    server.set_world_packs(loaded.packs.clone());
    // What a client lacking the world's packs fetches before it joins.
    match hewn_save::found_packs(&loaded.packs) {
        Ok(packs) => {
            server.serve_content(ServedContent::installed(&packs));
            // A mod refused is logged; the world opens without it. Each takes back what it
            // kept.
            server.keep_mod_storage(std::mem::take(&mut loaded.mod_storage));
            server.load_pack_mods(&packs);
        }
        Err(e) => {
            eprintln!("hewn serve: {}", escaped(&e.to_string()));
            return ExitCode::FAILURE;
        }
    }
    let addr = SocketAddr::new(args.bind, args.port.unwrap_or(settings.port));
    let mut udp = match UdpServer::bind(addr, usize::from(max_players).min(MAX_CLIENTS)) {
        Ok(udp) => udp,
        Err(e) => {
            eprintln!("hewn serve: cannot listen on {addr}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut renet = RenetServer::new(connection_config());
    if settings.lan {
        let port = udp.local_addr().map_or(addr.port(), |a| a.port());
        let announcement = Announcement {
            motd: settings.motd.clone(),
            port,
        };
        match Announcer::new(settings.lan_address, announcement) {
            Ok(announcer) => {
                log::info!(
                    "announcing on the local network to {}",
                    settings.lan_address
                );
                udp.announce(announcer);
            }
            Err(e) => log::warn!("cannot announce to {}: {e}", settings.lan_address),
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
        log::warn!(
            "cannot catch Ctrl-C and SIGTERM ({e}): stop the server with SIGKILL loses the last minute"
        );
    }
    match udp.local_addr() {
        Some(local) => log::info!("listening on {local}"),
        None => log::info!("listening on {addr}"),
    }
    let mut saver = Autosaver::start(file, Instant::now());
    let mut console = Console {
        lines: console_lines(),
        settings_path,
        settings,
    };
    let mut network = Network {
        udp: &mut udp,
        renet: &mut renet,
    };
    serve_until(&stop, &mut server, &mut network, &mut saver, &mut console);
    udp.close(&mut renet);
    let hash = format!("{:016x}", server.sim().hash());
    let ticks = server.sim().tick_count();
    let last = server.checkpoint();
    let finished = saver.finish(last).and_then(WorldFile::close);
    if let (Some(path), Some(recording)) = (&args.record, server.take_recording()) {
        let written = recording
            .to_toml()
            .map_err(|e| e.to_string())
            .and_then(|text| std::fs::write(path, text).map_err(|e| e.to_string()));
        match written {
            Ok(()) => log::info!("recording written to {}", path.display()),
            Err(e) => {
                eprintln!("hewn serve: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    log::info!("final hash {hash} after {ticks} ticks");
    eprintln!("hewn serve: final hash {hash} after {ticks} ticks");
    match finished {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "hewn serve: saving the world failed: {}",
                escaped(&e.to_string())
            );
            ExitCode::FAILURE
        }
    }
}

/// The server's console: commands typed on standard input, and the file that keeps what
/// they change.
struct Console {
    lines: std::sync::mpsc::Receiver<String>,
    settings_path: std::path::PathBuf,
    settings: server_file::ServerFile,
}

/// The server's end of the network: the socket and the connections on it.
struct Network<'a> {
    udp: &'a mut UdpServer,
    renet: &'a mut RenetServer,
}

/// The lines typed on standard input, read on a thread of their own; none once it closes.
fn console_lines() -> std::sync::mpsc::Receiver<String> {
    let (send, receive) = std::sync::mpsc::channel();
    let reader = std::thread::Builder::new()
        .name("console".into())
        .spawn(move || {
            for line in std::io::stdin().lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
    if let Err(e) = reader {
        log::warn!("no console: {e}");
    }
    receive
}

impl Console {
    /// Runs the commands typed since the last tick, printing their answers, and writes the
    /// server file when they changed the operators or the banned names.
    fn serve(&mut self, server: &mut Server, renet: &mut RenetServer) {
        while let Ok(line) = self.lines.try_recv() {
            if line.trim().is_empty() {
                continue;
            }
            let answer = server.run_command(&Caller::Console, &line, renet);
            if !answer.is_empty() {
                println!("{answer}");
            }
        }
        // Between two ticks: every player's next step plays by what is read.
        if let Some((caller, answer)) = hewn_net::reload::reload_if_asked(server, renet)
            && caller == Caller::Console
            && !answer.is_empty()
        {
            println!("{answer}");
        }
        if server.take_admin_changed() {
            self.settings.admin = server.admin().clone();
            if let Err(e) = server_file::write(&self.settings_path, &self.settings) {
                log::warn!("cannot write {}: {e}", self.settings_path.display());
            }
        }
    }
}

/// Runs the server on `udp`, saving with `saver`, until `stop` is set or an operator asks
/// it to stop.
fn serve_until(
    stop: &AtomicBool,
    server: &mut Server,
    network: &mut Network,
    saver: &mut Autosaver,
    console: &mut Console,
) {
    let mut next = Instant::now();
    let mut last = Instant::now();
    let mut minute = Minute::default();
    let mut minute_started = Instant::now();
    while !stop.load(Ordering::SeqCst) && !server.stop_requested() {
        let now = Instant::now();
        if now < next {
            std::thread::sleep(next - now);
            continue;
        }
        let began = Instant::now();
        // renet's own clock: round trips, traffic figures and the resending of reliable
        // messages all run on it, and stood still at zero without this.
        network.renet.update(began - last);
        network.udp.receive_for(began - last, network.renet, server);
        last = began;
        console.serve(server, network.renet);
        let summary = server.update(network.renet);
        network.udp.send_for(network.renet, server, began);
        for name in &summary.joined {
            log::info!("{name} joined");
        }
        for name in &summary.left {
            log::info!("{name} left");
        }
        for (id, reason) in &summary.refused {
            log::info!(
                "client {id} sent away: {}",
                hewn_net::protocol::for_log(reason)
            );
        }
        saver.autosave(began, || server.checkpoint());
        if let Some(e) = saver.take_error() {
            log::warn!("autosave failed: {}", escaped(&e.to_string()));
        }
        server.note_tick_time(began.elapsed());
        minute
            .tick_micros
            .push(u64::try_from(began.elapsed().as_micros()).unwrap_or(u64::MAX));
        next += TICK;
        let behind = Instant::now().saturating_duration_since(next);
        if behind > TICK * MAX_BEHIND {
            let skipped = (behind.as_nanos() / TICK.as_nanos()) as u64;
            minute.skipped += skipped;
            next = Instant::now();
        }
        if minute_started.elapsed() >= Duration::from_secs(60) {
            log_minute(server, network.renet, &mut minute);
            minute = Minute::default();
            minute_started = Instant::now();
        }
    }
}

/// Logs the minute's figures.
fn log_minute(server: &Server, renet: &RenetServer, minute: &mut Minute) {
    let (sent, received) = renet
        .clients_id_iter()
        .map(|id| {
            (
                renet.bytes_sent_per_sec(id),
                renet.bytes_received_per_sec(id),
            )
        })
        .fold((0.0, 0.0), |(s, r), (a, b)| (s + a, r + b));
    log::info!(
        "{} players online; tick p50 {:.2} ms, p99 {:.2} ms, {} ticks skipped; {:.0} B/s sent, {:.0} B/s received",
        server.players_online(),
        minute.percentile(0.5),
        minute.percentile(0.99),
        minute.skipped,
        sent,
        received
    );
}
