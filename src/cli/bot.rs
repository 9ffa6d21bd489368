//! `hewn bot`: headless clients, for tests and load.
//!
//! With a scenario, one bot joins, waits until its player is in the world with the ground
//! under it, plays the scenario's inputs one tick at a time as a player at the keyboard
//! would (then stands still), waits until the server has confirmed its last tick and every
//! edit, and prints its player as `hewn sim` prints the first player, with the chat it heard;
//! `--say TICK:LINE` has it say a line or a command on a tick. With `--wander`, many
//! bots in one process walk, sprint, jump, turn, break and place at random.

use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;

use super::serve::TICK;
use hewn_core::physics::{Control, Controls};
use hewn_core::sim::{Action, Input, PlayerName};
use hewn_core::world::Block;
use hewn_core::worldgen::SplitMix64;
use hewn_net::client::Client;
use hewn_net::transport::{UdpClient, random_client_id};
use hewn_scenario::Scenario;
use hewn_scenario::report::{EditReport, LightReport, PlayerReport};

/// How long a bot waits to be let in and to have its ground.
const JOIN_LIMIT: Duration = Duration::from_secs(30);

/// How long a bot waits, after its last tick, for the server to confirm it.
const CONFIRM_LIMIT: Duration = Duration::from_secs(30);

/// Keys that only a local world can honour: the server's world is what it is.
const LOCAL_ONLY: [&str; 10] = [
    "seed", "world", "time", "settled", "player", "players", "fill", "crate", "update", "falling",
];

/// Arguments of `hewn bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The server, as HOST:PORT.
    pub addr: String,
    /// The scenario to play: only `ticks`, `[[input]]` and `probes`.
    pub scenario: Option<PathBuf>,
    /// The player's name (with --wander, the first bot's; the others add a number).
    #[arg(long, default_value = "bot")]
    pub name: String,
    /// How many bots, with --wander.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub count: u32,
    /// Walk, jump, turn, break and place at random instead of playing a scenario.
    #[arg(long)]
    pub wander: bool,
    /// How long to wander, in seconds.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub seconds: u64,
    /// The seed of the wandering.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Says LINE (chat, or a command such as /spawn) on the scenario's tick TICK, before
    /// playing that tick's input; give one --say per line.
    #[arg(long = "say", value_name = "TICK:LINE", value_parser = parse_said)]
    pub said: Vec<Said>,
}

/// A line of chat a scenario's bot says, and when.
#[derive(Clone, Debug)]
pub struct Said {
    /// The scenario's tick it is said on.
    pub tick: u64,
    /// What is said: chat, or a command starting with `/`.
    pub line: String,
}

/// Reads `TICK:LINE` for `--say`.
fn parse_said(text: &str) -> Result<Said, String> {
    let (tick, line) = text
        .split_once(':')
        .ok_or_else(|| format!("{text:?} is not TICK:LINE"))?;
    let tick = tick
        .trim()
        .parse()
        .map_err(|_| format!("{tick:?} is not a tick (a whole number from 0)"))?;
    if line.trim().is_empty() {
        return Err(format!("{text:?} says nothing"));
    }
    Ok(Said {
        tick,
        line: line.to_owned(),
    })
}

/// The most lines of chat a bot keeps to print: the first heard, the rest dropped.
const CHAT_KEPT: usize = 1000;

/// Ticks a bot goes on listening once the server has confirmed its last tick and every
/// edit: chat comes on another channel than the confirmations, and an answer to a line said
/// near the end may still be on its way.
const CHAT_GRACE_TICKS: u32 = 15;

/// Why `--say` cannot be played in `scenario`, if it cannot: a tick past its last.
fn late_say(said: &[Said], scenario: &Scenario) -> Option<String> {
    let late = said.iter().find(|s| s.tick >= scenario.ticks)?;
    Some(format!(
        "--say {}: the scenario has {} ticks (0 to {})",
        late.tick,
        scenario.ticks,
        scenario.ticks.saturating_sub(1)
    ))
}

/// What a bot prints: the fields of `hewn sim`'s output for its own player.
#[derive(Debug, Serialize)]
struct BotReport {
    tick: u64,
    #[serde(flatten)]
    player: PlayerReport,
    edits: Vec<EditReport>,
    time: u64,
    light: Vec<LightReport>,
    /// Bytes of the server's packs fetched to join: none when the cache held them.
    content_fetched: u64,
    /// The chat the bot heard, oldest first, as a player's screen shows it.
    chat: Vec<String>,
}

/// Runs `hewn bot`: 0 when done, 2 for a bad argument or scenario, 1 when the server
/// refuses, cannot be reached or stops answering.
#[must_use]
pub fn run_bot(args: &BotArgs) -> ExitCode {
    let addr = match resolve(&args.addr) {
        Ok(addr) => addr,
        Err(message) => {
            eprintln!("hewn bot: {message}");
            return ExitCode::from(2);
        }
    };
    match (&args.scenario, args.wander) {
        (Some(path), false) => play_scenario(addr, path, &args.name, &args.said),
        (None, true) if args.said.is_empty() => wander(addr, args),
        (None, true) => {
            eprintln!("hewn bot: --say goes with a scenario, not --wander");
            ExitCode::from(2)
        }
        _ => {
            eprintln!("hewn bot: give a scenario, or --wander");
            ExitCode::from(2)
        }
    }
}

/// The socket address `text` names.
fn resolve(text: &str) -> Result<SocketAddr, String> {
    text.to_socket_addrs()
        .map_err(|e| format!("{text:?} is not an address: {e}"))?
        .next()
        .ok_or_else(|| format!("{text:?} names no address"))
}

/// One bot's connection and client.
struct Bot {
    udp: UdpClient,
    client: Client,
}

impl Bot {
    fn connect(addr: SocketAddr, name: PlayerName, index: u64) -> std::io::Result<Self> {
        Ok(Self {
            udp: UdpClient::connect(addr, random_client_id(index))?,
            client: Client::new(name).with_password(Client::password_from_environment()),
        })
    }

    /// Takes in what arrived over `elapsed`.
    fn receive(&mut self, elapsed: Duration) {
        self.udp.receive(elapsed);
        self.client.update(&mut self.udp.renet);
    }

    /// Why the bot cannot go on, if it cannot.
    fn problem(&self) -> Option<String> {
        if let Some(reason) = self.client.refusal() {
            return Some(format!("the server refused: {reason}"));
        }
        if self.client.waiting_for_password() {
            return Some("the server asks for a password: set HEWN_PASSWORD".to_owned());
        }
        self.udp.is_disconnected().then(|| {
            format!(
                "the connection ended ({})",
                self.udp
                    .disconnect_reason()
                    .unwrap_or_else(|| "no reason given".into())
            )
        })
    }

    fn ready(&self) -> bool {
        self.client
            .game()
            .is_some_and(hewn_net::client::Game::ground_ready)
    }
}

/// Runs `tick` 60 times a second until it returns something.
fn every_tick<T>(mut tick: impl FnMut(Duration) -> Option<T>) -> T {
    let mut next = Instant::now();
    let mut last = Instant::now();
    loop {
        let now = Instant::now();
        if now < next {
            std::thread::sleep(next - now);
            continue;
        }
        next += TICK;
        if let Some(done) = tick(now - last) {
            return done;
        }
        last = now;
    }
}

fn play_scenario(addr: SocketAddr, path: &std::path::Path, name: &str, said: &[Said]) -> ExitCode {
    let text = match super::read_scenario(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("hewn bot: cannot read {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    // The bot's own copies of the packs, so the scenario may name their blocks and items:
    // the server's world must enable the same.
    if let Err(super::Refusal::Scenario(message) | super::Refusal::World(message)) =
        super::install_packs(path, &text, None)
    {
        eprintln!("hewn bot: {}: {message}", path.display());
        return ExitCode::from(2);
    }
    // A scenario naming the blocks of the server's packs reads only once they are
    // installed: it is read again after joining.
    let early = Scenario::parse(&text);
    if let Some(key) = Scenario::keys_given(&text)
        .into_iter()
        .find(|k| LOCAL_ONLY.contains(&k.as_str()))
    {
        eprintln!(
            "hewn bot: {}: {key}: only a local world can have it (a bot plays in the server's world)",
            path.display()
        );
        return ExitCode::from(2);
    }
    let name = match PlayerName::new(name) {
        Ok(name) => name,
        Err(e) => {
            eprintln!("hewn bot: --name {name:?}: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(problem) = early.as_ref().ok().and_then(|s| late_say(said, s)) {
        eprintln!("hewn bot: {problem}");
        return ExitCode::from(2);
    }
    let mut bot = match Bot::connect(addr, name, 0) {
        Ok(bot) => bot,
        Err(e) => {
            eprintln!("hewn bot: cannot reach {addr}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    let joined = every_tick(|elapsed| {
        bot.receive(elapsed);
        if let Some(problem) = bot.problem() {
            return Some(Err(problem));
        }
        bot.udp.send();
        if bot.ready() {
            return Some(Ok(()));
        }
        (started.elapsed() > JOIN_LIMIT)
            .then(|| Err("not in the world after 30 seconds".to_owned()))
    });
    if let Err(problem) = joined {
        bot.udp.close();
        eprintln!("hewn bot: {problem}");
        return ExitCode::FAILURE;
    }
    let scenario = match early.or_else(|_| Scenario::parse(&text)) {
        Ok(s) => s,
        Err(e) => {
            bot.udp.close();
            eprintln!("hewn bot: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    // A scenario naming the server's blocks is read only now, so checked only now.
    if let Some(problem) = late_say(said, &scenario) {
        bot.udp.close();
        eprintln!("hewn bot: {problem}");
        return ExitCode::from(2);
    }
    let mut inputs = scenario.inputs().map(|mut each| each.swap_remove(0));
    let last = scenario.ticks.checked_sub(1);
    let mut finished_at = None;
    let mut tick = 0;
    let mut chat = Vec::new();
    let mut settled_for = 0;
    let outcome = every_tick(|elapsed| {
        bot.receive(elapsed);
        let heard = bot.client.take_chat();
        let room = CHAT_KEPT.saturating_sub(chat.len());
        chat.extend(heard.iter().take(room).map(ToString::to_string));
        if let Some(problem) = bot.problem() {
            return Some(Err(problem));
        }
        if !bot.ready() {
            bot.udp.send();
            return (started.elapsed() > JOIN_LIMIT)
                .then(|| Err("not in the world after 30 seconds".to_owned()));
        }
        match inputs.next() {
            Some(input) => {
                for s in said.iter().filter(|s| s.tick == tick) {
                    bot.client.say(&s.line, &mut bot.udp.renet);
                }
                bot.client.play(&input, &mut bot.udp.renet);
                tick += 1;
            }
            None => {
                // Stands still, as a player at the keyboard, until the server catches up.
                bot.client.play(&Input::default(), &mut bot.udp.renet);
                let done_at = *finished_at.get_or_insert_with(Instant::now);
                let game = bot.client.game()?;
                let confirmed = match last {
                    Some(last) => game.confirmed().is_some_and(|c| c >= last),
                    None => true,
                };
                if confirmed && game.edits_pending() == 0 {
                    settled_for += 1;
                    if settled_for > CHAT_GRACE_TICKS {
                        return Some(Ok(()));
                    }
                } else {
                    settled_for = 0;
                }
                if done_at.elapsed() > CONFIRM_LIMIT {
                    return Some(Err(
                        "the server did not confirm the last tick in 30 seconds".to_owned(),
                    ));
                }
            }
        }
        bot.udp.send();
        None
    });
    let report = outcome.and_then(|()| report(&mut bot.client, &scenario, last, chat));
    bot.udp.close();
    match report {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("hewn bot: {problem}");
            ExitCode::FAILURE
        }
    }
}

/// The bot's player after its tick `last` (or as it joined, for a scenario of no ticks), as
/// one line of JSON.
fn report(
    client: &mut Client,
    scenario: &Scenario,
    last: Option<u64>,
    chat: Vec<String>,
) -> Result<String, String> {
    let Some(game) = client.game_mut() else {
        return Err("not in the world".to_owned());
    };
    let me = match last {
        Some(last) => game.state_after(last),
        None => game.me().copied(),
    }
    .ok_or("the player's state is gone")?;
    let columns: Vec<_> = game.columns().collect();
    let sim = game.sim_mut();
    // Cells heard of in columns never drawn wait for their columns: load them to list them.
    sim.mirror().loader().load_deferred_columns();
    for &probe in &scenario.probes {
        sim.mirror().loader().load_light_around(probe);
    }
    let sim = game.sim();
    let mut edits: Vec<EditReport> = columns
        .iter()
        .flat_map(|&c| sim.world().edits_in_column(c))
        .map(|(pos, edit)| EditReport::new(pos, edit.current))
        .collect();
    edits.sort_by_key(|e| e.pos);
    let report = BotReport {
        tick: scenario.ticks,
        player: PlayerReport::of(sim, &me),
        edits,
        time: sim.time(),
        light: LightReport::probed(sim.world(), &scenario.probes),
        content_fetched: client.content_fetched(),
        chat,
    };
    serde_json::to_string(&report).map_err(|e| e.to_string())
}

/// What a wandering bot does next: holds a few controls for a while, turns now and then,
/// and sometimes breaks or places.
fn wander_input(rng: &mut SplitMix64, held: &mut Controls) -> Input {
    let roll = rng.next_u64();
    if roll.is_multiple_of(40) {
        *held = Controls::NONE;
        for control in [
            Control::Forward,
            Control::Sprint,
            Control::Jump,
            Control::Left,
            Control::Right,
        ] {
            if rng.next_u64().is_multiple_of(3) {
                held.set(control, true);
            }
        }
    }
    let mut input = Input {
        controls: *held,
        ..Input::default()
    };
    if roll % 30 == 1 {
        input.yaw = Some((rng.next_u64() % 360) as f64);
        input.pitch = Some((rng.next_u64() % 90) as f64 - 60.0);
    }
    match roll % 120 {
        2 => input.actions.push(Action::Break),
        3 => input.actions.push(Action::Place(Block::PLANKS)),
        _ => {}
    }
    input
}

fn wander(addr: SocketAddr, args: &BotArgs) -> ExitCode {
    let mut bots = Vec::new();
    for i in 0..u64::from(args.count) {
        let name = if i == 0 {
            args.name.clone()
        } else {
            format!("{}{i}", args.name)
        };
        let name = match PlayerName::new(&name) {
            Ok(name) => name,
            Err(e) => {
                eprintln!("hewn bot: --name {name:?}: {e}");
                return ExitCode::from(2);
            }
        };
        match Bot::connect(addr, name, i) {
            Ok(bot) => bots.push((bot, SplitMix64::new(args.seed ^ i), Controls::NONE)),
            Err(e) => {
                eprintln!("hewn bot: cannot reach {addr}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let end = Instant::now() + Duration::from_secs(args.seconds);
    every_tick(|elapsed| {
        for (bot, rng, held) in &mut bots {
            bot.receive(elapsed);
            if bot.ready() && bot.problem().is_none() {
                let input = wander_input(rng, held);
                bot.client.play(&input, &mut bot.udp.renet);
            }
            bot.udp.send();
        }
        (Instant::now() >= end).then_some(())
    });
    let mut failed = 0;
    let mut corrections = 0;
    for (bot, _, _) in &mut bots {
        if let Some(problem) = bot.problem() {
            eprintln!("hewn bot: {}: {problem}", bot.client.name());
            failed += 1;
        }
        corrections += bot
            .client
            .game()
            .map_or(0, hewn_net::client::Game::corrections);
        bot.udp.close();
        bot.udp.send();
    }
    eprintln!(
        "hewn bot: {} bots wandered for {} s; {failed} failed; {corrections} corrections",
        bots.len(),
        args.seconds
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
