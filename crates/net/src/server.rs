//! The authoritative server: one [`Simulation`] that every client's player lives in, run a
//! tick at a time from the inputs the clients send.
//!
//! The server never trusts what a client says happened, only what it wants to do: held
//! controls, a look and one-shot actions, tagged with the client's tick. Each tick it hands
//! each player the next of its inputs ([`inputs`], a small jitter buffer), steps the world,
//! and tells each client what changed in the columns it holds, which of its edits are dealt
//! with, and (20 times a second) where everyone is. A client's own player comes back as of
//! the client's own tick, which is what its prediction compares against.
//!
//! What it sends is in [`outgoing`]. [`Server`] knows nothing of sockets: [`Server::update`] reads and writes messages on a
//! [`RenetServer`], which a transport feeds from UDP (`hewn serve`) or from clients in the
//! same process (single-player).

mod admin;
mod chat;
mod content;
mod guesses;
pub mod inputs;
mod modding;
mod operations;
mod outgoing;
mod saving;
mod survival;
pub mod view;

use std::collections::BTreeMap;
use std::net::IpAddr;

use glam::DVec3;
use renet::{ClientId, RenetServer, ServerEvent};

use super::password::{Answer, Asking};
use super::protocol::{
    self, ClientMessage, Hello, MAX_CLIENT_MESSAGE, MAX_INPUTS_PER_MESSAGE, PROTOCOL_VERSION,
    ServerMessage, Welcome, WireBody, channel,
};
use super::query::ServerInfo;
pub use admin::{Admin, Caller};
pub use content::{ServedContent, ServedPack};
use hewn_core::physics::Body;
use hewn_core::sim::{Member, PlayerName, Simulation, Step, spawn};
use hewn_core::world::{ChunkReader, World};
use hewn_core::worldgen::{GENERATOR_VERSION, Generator};
use hewn_save::{Hotbar, SavedPlayer};
use hewn_scenario::record::StepRecorder;
use inputs::InputQueue;
use view::HeldColumns;

/// Ticks between [`ServerMessage::Status`] messages: one a second.
const STATUS_TICKS: u64 = 60;

/// Ticks between snapshots: 20 a second.
pub const SNAPSHOT_TICKS: u64 = 3;

/// Ticks a client may stay silent before it is dropped: 15 seconds.
pub const SILENCE_TICKS: u64 = 15 * 60;

/// Ticks between a refusal and the end of the connection, so the reason arrives first.
const FAREWELL_TICKS: u64 = 30;

/// How many messages a client may send a second, on average: twice what it needs (20 input
/// messages, more with clicks). A bucket of this many tokens, refilled at this rate, lets
/// packets bunched by the network or a stalled tick through; a flood empties it and ends the
/// connection.
pub const MESSAGES_PER_SECOND: u32 = 60;

/// Ticks a client may stay connected without saying who it is: 5 seconds, so connections
/// that never say hello cannot hold every slot.
const HELLO_TICKS: u64 = 5 * 60;

/// Ticks a client asked for the password may take to prove it: a minute, for a player to
/// type it.
const PASSWORD_TICKS: u64 = 60 * 60;

/// Columns sent to a client per tick over a network: a joining player's view of 17 × 17
/// columns arrives in under a second.
pub const COLUMNS_PER_TICK: usize = 8;

/// Room a client's world channel must have left for more columns to be sent: a few of the
/// largest messages.
const STREAM_HEADROOM: usize = 2 << 20;

/// The most cells in one column or changes message: 16,384 cells of about 8 bytes stay far
/// below [`protocol::MAX_SERVER_MESSAGE`].
const EDITS_PER_MESSAGE: usize = 16_384;

/// Ticks between looks for columns no player is near, to drop: once a second.
const UNLOAD_TICKS: u64 = 60;

/// Columns kept loaded around each player on the server: what its physics and the water and
/// sand near it read.
const KEEP_AROUND: u32 = 2;

/// How a server runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    /// The most players at once.
    pub max_players: usize,
    /// How far around each player, in chunks (columns), its client is sent edits, changes
    /// and bodies.
    pub view_distance: u32,
    /// How many ticks of a client's inputs wait before the first is played
    /// ([`inputs::JITTER_TICKS`] over a network; 1 in the same process, where nothing comes
    /// late).
    pub jitter_ticks: u64,
    /// Ticks between snapshots of where everyone is ([`SNAPSHOT_TICKS`] over a network; 1 in
    /// the same process, where bytes cost nothing and crates then move as smoothly as they
    /// are simulated).
    pub snapshot_ticks: u64,
    /// Columns of edits sent to a client per tick ([`COLUMNS_PER_TICK`] over a network).
    pub columns_per_tick: usize,
    /// How many messages a client may send a second, on average ([`MESSAGES_PER_SECOND`]
    /// over a network; twice that in the same process, whose client sends its input every
    /// tick).
    pub messages_per_second: u32,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            max_players: 20,
            view_distance: 8,
            jitter_ticks: inputs::JITTER_TICKS,
            snapshot_ticks: SNAPSHOT_TICKS,
            columns_per_tick: COLUMNS_PER_TICK,
            messages_per_second: MESSAGES_PER_SECOND,
        }
    }
}

impl ServerConfig {
    /// A server for one game in the same process (single-player): a view of
    /// `view_distance`, inputs played the tick they come, where everyone is sent every tick
    /// and a view's edits sent as fast as they are read.
    #[must_use]
    pub fn in_process(view_distance: u32) -> Self {
        Self {
            max_players: 1,
            view_distance,
            jitter_ticks: 1,
            snapshot_ticks: 1,
            columns_per_tick: 64,
            // Its inputs alone are 60 a second: at the network's rate, every line of chat
            // would take a token that never came back.
            messages_per_second: 2 * MESSAGES_PER_SECOND,
        }
    }
}

/// One connected client.
#[derive(Debug)]
struct Connection {
    /// Its player's name, once its hello was accepted.
    name: Option<PlayerName>,
    /// The body its player joins with (saved, or new at the spawn point).
    body: Body,
    inputs: InputQueue,
    /// Whether its player is in the simulation (it is from its first input played on).
    in_world: bool,
    /// The last of its ticks played.
    last_played: Option<u64>,
    /// The last action sequence number dealt with and not yet reported.
    actions_done: Option<u32>,
    view: HeldColumns,
    /// The tick it last sent anything.
    heard_at: u64,
    /// The tick it connected at.
    connected_at: u64,
    /// Messages it may still send now ([`MESSAGES_PER_SECOND`]).
    tokens: f64,
    /// Lines of chat it may still send now ([`chat::CHAT_BURST`]).
    chat_tokens: f64,
    /// The tick its connection ends at, after a refusal.
    leaving_at: Option<u64>,
    /// Its player after each of its last ticks played: what its confirmations said.
    played: std::collections::VecDeque<(u64, Body)>,
    /// The name it asked for and the challenge it was sent, while the server waits for
    /// the password's proof.
    challenged: Option<(PlayerName, Asking)>,
    /// The id of the content it has installed, as its hello said.
    content: String,
    /// Its content exchange, while it fetches the server's.
    exchange: content::Exchange,
    /// Its player's survival state as last sent, but for the tick it was as of: a new one
    /// goes only when this changes.
    survivor_sent: Option<protocol::SurvivorState>,
    /// Whether actions of its were played (or dropped) since its survival state was last
    /// sent: it goes again then even unchanged, since the client predicted a change.
    acted: bool,
    /// Lines it said before its player was in the world, said once it is: a command then
    /// finds its player where the world has it.
    held_chat: Vec<String>,
}

/// The clients whose players were let in and are not being sent away, with their names:
/// those the server tells what happens.
fn playing(
    clients: &BTreeMap<ClientId, Connection>,
) -> impl Iterator<Item = (ClientId, &Connection, &PlayerName)> {
    clients.iter().filter_map(|(&id, remote)| {
        let name = remote.name.as_ref()?;
        remote.leaving_at.is_none().then_some((id, remote, name))
    })
}

/// How many of a client's ticks the server remembers its player after: two seconds.
const REMEMBERED_TICKS: usize = 120;

/// What one server tick did, for logs and tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TickSummary {
    /// Players who joined the world this tick.
    pub joined: Vec<PlayerName>,
    /// Players who left it.
    pub left: Vec<PlayerName>,
    /// Clients refused or sent away, with the reason.
    pub refused: Vec<(ClientId, String)>,
}

/// The authoritative simulation and the clients playing in it.
#[derive(Debug)]
pub struct Server {
    sim: Simulation,
    generator: std::sync::Arc<Generator>,
    config: ServerConfig,
    clients: BTreeMap<ClientId, Connection>,
    /// Bodies of players who left, by name, to resume them when they come back.
    away: BTreeMap<PlayerName, Body>,
    /// What each player the server knows holds at hand, online or away, as its client last
    /// said or the world saved it: given back when it joins, and saved.
    hotbars: BTreeMap<PlayerName, Hotbar>,
    /// Players whose clients went, to take out of the world at the next step.
    departed: Vec<PlayerName>,
    /// Where a new player starts, worked out when the first new name joins: at the spawn
    /// point, facing the most open way.
    new_body: Option<Body>,
    /// Every step played, written down, when asked for ([`Server::record`]).
    recorder: Option<StepRecorder>,
    /// How long the last second of ticks took, in milliseconds, as the loop running the
    /// server said ([`Server::note_tick_time`]).
    tick_times: std::collections::VecDeque<f32>,
    /// Who may run the operators' commands and who may not join.
    admin: Admin,
    /// Whether [`Server::admin`] changed since [`Server::take_admin_changed`].
    admin_changed: bool,
    /// Whether an operator asked the server to stop.
    stop_requested: bool,
    /// Who asked for `/reload`, until what runs the server reads the packs.
    reload_requested: Option<admin::Caller>,
    /// The content it offers clients whose own differs ([`Server::serve_content`]).
    content: Option<ServedContent>,
    /// The world's packs, for `/reload` ([`Server::set_world_packs`]).
    world_packs: Vec<hewn_save::WorldPack>,
    /// What operators asked of the world, for the next step.
    pending: operations::Pending,
    /// Where each client connected from, as its transport said ([`Server::note_address`]).
    addresses: BTreeMap<ClientId, IpAddr>,
    /// The wrong passwords each address gave, which slow its next tries.
    guesses: guesses::Guesses,
    /// The message of the day.
    motd: String,
    /// The world's mode as the clients were last told it.
    mode_sent: hewn_core::sim::survival::Mode,
    /// The threads its ticks ran on, each once, in the order they first did.
    tick_threads: Vec<std::thread::ThreadId>,
    /// The world's mods ([`Server::load_mod`]), run around every step.
    mods: Option<hewn_mods::Driver>,
}

impl Server {
    /// A server running `sim`, a world made by `generator`.
    #[must_use]
    pub fn new(
        mut sim: Simulation,
        generator: std::sync::Arc<Generator>,
        config: ServerConfig,
    ) -> Self {
        sim.log_changed_cells();
        // A server draws nothing: its world keeps no chunks to draw again.
        let mut loader = sim.loader();
        loader.unfollow_chunks(ChunkReader::Remesh);
        loader.unfollow_chunks(ChunkReader::Stream);
        let mode_sent = sim.mode();
        Self {
            sim,
            generator,
            config,
            clients: BTreeMap::new(),
            away: BTreeMap::new(),
            hotbars: BTreeMap::new(),
            departed: Vec::new(),
            new_body: None,
            recorder: None,
            tick_times: std::collections::VecDeque::new(),
            admin: Admin::default(),
            admin_changed: false,
            stop_requested: false,
            reload_requested: None,
            content: None,
            world_packs: Vec::new(),
            pending: operations::Pending::default(),
            addresses: BTreeMap::new(),
            guesses: guesses::Guesses::default(),
            motd: ServerInfo::default().motd,
            mode_sent,
            tick_threads: Vec::new(),
            mods: None,
        }
    }

    /// From now on writes down every step played, as a scenario that replays the run
    /// ([`Server::take_recording`]).
    pub fn record(&mut self) {
        let recorder = StepRecorder::new(&self.sim, self.generator.kind(), self.generator.seed());
        self.recorder = Some(recorder);
    }

    /// The recording of the steps played since [`Server::record`].
    pub const fn take_recording(&mut self) -> Option<StepRecorder> {
        self.recorder.take()
    }

    /// A server of a new world made by `generator`, with no one in it yet.
    #[must_use]
    pub fn new_world(generator: std::sync::Arc<Generator>, config: ServerConfig) -> Self {
        let mut start =
            hewn_core::sim::Start::with_no_one(World::with_shared_source(generator.clone()));
        start.survival = hewn_core::sim::survival::Survival::new(
            hewn_core::sim::survival::Mode::Creative,
            generator.spawn_point(),
        );
        Self::new(Simulation::new(start), generator, config)
    }

    /// The simulation.
    #[must_use]
    pub const fn sim(&self) -> &Simulation {
        &self.sim
    }

    /// The simulation, for saving (which takes the changed chunks).
    pub const fn sim_mut(&mut self) -> &mut Simulation {
        &mut self.sim
    }

    /// The world's generator.
    #[must_use]
    pub const fn generator(&self) -> &std::sync::Arc<Generator> {
        &self.generator
    }

    /// The threads its ticks ran on, each once, in the order they first did: single-player's
    /// server keeps to a thread of its own.
    #[must_use]
    pub fn tick_threads(&self) -> &[std::thread::ThreadId] {
        &self.tick_threads
    }

    /// How far around each player its client is sent the world, in columns.
    #[must_use]
    pub const fn view_distance(&self) -> u32 {
        self.config.view_distance
    }

    /// Makes the world keep the `capacity` columns it generated last for a client in the
    /// same process to draw from ([`World::cache_columns`]); returns the cache.
    pub fn cache_columns(
        &mut self,
        capacity: usize,
    ) -> std::sync::Arc<hewn_core::world::cache::ColumnCache> {
        self.sim.loader().cache_columns(capacity)
    }

    /// The edits of the columns the world has not loaded: what a client in the same
    /// process can show beyond the columns it is sent.
    #[must_use]
    pub fn edits_unloaded(&self) -> Vec<(hewn_core::world::BlockPos, hewn_core::world::Edit)> {
        let world = self.sim.world();
        (world.edits())
            .filter(|(pos, _)| !world.is_column_loaded(pos.column()))
            .collect()
    }

    /// How far around each player its client is sent the world, in columns, from now on.
    pub const fn set_view_distance(&mut self, view_distance: u32) {
        self.config.view_distance = view_distance;
    }

    /// Where a new player starts: at the spawn point, facing the most open way. Worked out
    /// once, in a world of its own, so finding it changes nothing in the game's.
    fn new_body(&mut self) -> Body {
        let (generator, world) = (&self.generator, self.sim.world());
        *self.new_body.get_or_insert_with(|| {
            // Drawn from the world's own source: its cache, when it shares one.
            let mut probe = World::with_shared_source(world.source().clone());
            spawn::new_player(&mut probe, generator.spawn_point())
        })
    }

    /// Notes where client `id` connected from: a client from a banned address is refused
    /// when it says hello.
    pub fn note_address(&mut self, id: ClientId, ip: IpAddr) {
        self.addresses.insert(id, ip);
    }

    /// The message of the day pings are answered with, from now on.
    pub fn set_motd(&mut self, motd: &str) {
        self.motd = super::query::clean_motd(motd);
    }

    /// How many players may be online at once, from now on (a world opened to the network
    /// takes more than its one).
    pub const fn set_max_players(&mut self, max_players: usize) {
        self.config.max_players = max_players;
    }

    /// The inputs of clients that connect from now on wait this many ticks before they are
    /// played ([`ServerConfig::jitter_ticks`]).
    pub const fn set_jitter_ticks(&mut self, ticks: u64) {
        self.config.jitter_ticks = ticks;
    }

    /// What a ping is answered with: the message of the day, the players online and the
    /// limit, and whether a password is asked.
    #[must_use]
    pub fn info(&self) -> ServerInfo {
        ServerInfo {
            motd: self.motd.clone(),
            online: u16::try_from(self.players_online()).unwrap_or(u16::MAX),
            max_players: u16::try_from(self.config.max_players).unwrap_or(u16::MAX),
            password: self.admin.password.is_some(),
            ..ServerInfo::default()
        }
    }

    /// Notes how long the last tick took, for the status clients are sent: the server reads
    /// no clock itself.
    pub fn note_tick_time(&mut self, took: std::time::Duration) {
        self.tick_times.push_back(took.as_secs_f32() * 1000.0);
        while self.tick_times.len() as u64 > STATUS_TICKS {
            self.tick_times.pop_front();
        }
    }

    /// Sends every player who is online, with round trips, and the median tick time.
    fn send_status(&self, renet: &mut RenetServer) {
        let mut times: Vec<f32> = self.tick_times.iter().copied().collect();
        times.sort_by(f32::total_cmp);
        let tick_ms = times.get(times.len() / 2).copied().unwrap_or(0.0);
        let mut players: Vec<(String, u16)> = (self.clients.iter())
            .filter_map(|(&id, r)| {
                let rtt_ms = (renet.rtt(id) * 1000.0)
                    .round()
                    .clamp(0.0, f64::from(u16::MAX));
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "rounded and clamped to u16's range just above"
                )]
                let rtt_ms = rtt_ms as u16;
                r.name.as_ref().map(|n| (n.to_string(), rtt_ms))
            })
            .collect();
        players.sort();
        let status = protocol::encode(&ServerMessage::Status(protocol::Status {
            players,
            tick_ms,
        }));
        for (id, _, _) in playing(&self.clients) {
            renet.send_message(id, channel::WORLD, status.clone());
        }
    }

    /// How many players are in the world or joining it.
    #[must_use]
    pub fn players_online(&self) -> usize {
        self.clients.values().filter(|r| r.name.is_some()).count()
    }

    /// Where a player not online left the world: since the server started, or as the
    /// world saved it ([`Server::resume_players`]).
    #[must_use]
    pub fn away(&self, name: &PlayerName) -> Option<&Body> {
        self.away.get(name)
    }

    /// The players not online, where they left.
    pub fn players_away(&self) -> impl Iterator<Item = (&PlayerName, &Body)> {
        self.away.iter()
    }

    /// Players the world saved: each resumes where it was, with what it held, when it
    /// joins.
    pub fn resume_players(&mut self, saved: impl IntoIterator<Item = (PlayerName, SavedPlayer)>) {
        for (name, player) in saved {
            self.away.insert(name.clone(), player.body);
            self.hotbars.insert(name, player.hotbar);
        }
    }

    /// Keeps `hotbar` as what `name` holds at hand: for the game's own player, whose client
    /// shares the process and needs no message to say it.
    pub fn set_hotbar(&mut self, name: &PlayerName, hotbar: Hotbar) {
        self.hotbars.insert(name.clone(), hotbar);
    }

    /// What `name` holds at hand, as its client last said or the world saved it.
    #[must_use]
    pub fn hotbar(&self, name: &PlayerName) -> Hotbar {
        self.hotbars.get(name).copied().unwrap_or_default()
    }

    /// One tick: takes the clients' news from `renet`, steps the world, and queues what each
    /// client must hear on `renet`.
    pub fn update(&mut self, renet: &mut RenetServer) -> TickSummary {
        let here = std::thread::current().id();
        if !self.tick_threads.contains(&here) {
            self.tick_threads.push(here);
        }
        let mut summary = TickSummary::default();
        let tick = self.sim.tick_count();
        while let Some(event) = renet.get_event() {
            match event {
                ServerEvent::ClientConnected { client_id } => {
                    let connection = self.connection(tick);
                    self.clients.insert(client_id, connection);
                }
                ServerEvent::ClientDisconnected { client_id, .. } => {
                    self.forget(client_id, renet, &mut summary);
                }
            }
        }
        self.end_departures(renet, &mut summary);
        self.receive(renet, &mut summary);
        let mut step = self.next_step(&mut summary);
        // Edits the mods refuse never reach the world (nor the recording): the client that
        // predicted one gets the server's block back with the acknowledgement.
        let mut said = self.mods_before(&mut step);
        if let Some(recorder) = &mut self.recorder {
            recorder.record(&step);
        }
        self.sim.step(&step);
        said.extend(self.mods_after(&step));
        self.say(said, Some(renet));
        self.say_held_chat(renet);
        self.remember_played();
        self.send_changes(renet);
        self.send_heard(renet);
        self.send_mode(renet);
        if (self.sim.tick_count()).is_multiple_of(self.config.snapshot_ticks.max(1)) {
            self.send_survivors(renet);
        }
        self.stream_columns(renet);
        self.send_packs(renet);
        if self
            .sim
            .tick_count()
            .is_multiple_of(self.config.snapshot_ticks.max(1))
        {
            self.send_snapshots(renet);
        }
        if self.sim.tick_count().is_multiple_of(STATUS_TICKS) {
            self.send_status(renet);
        }
        if self.sim.tick_count().is_multiple_of(UNLOAD_TICKS) {
            self.unload_far_columns();
        }
        summary
    }

    /// A client just connected: nothing known of it yet.
    fn connection(&self, tick: u64) -> Connection {
        Connection {
            name: None,
            body: Body::new(DVec3::ZERO),
            inputs: InputQueue::new(self.config.jitter_ticks),
            in_world: false,
            last_played: None,
            actions_done: None,
            view: HeldColumns::default(),
            heard_at: tick,
            connected_at: tick,
            tokens: f64::from(self.config.messages_per_second),
            chat_tokens: chat::CHAT_BURST,
            leaving_at: None,
            played: std::collections::VecDeque::new(),
            challenged: None,
            content: String::new(),
            exchange: content::Exchange::default(),
            survivor_sent: None,
            acted: false,
            held_chat: Vec::new(),
        }
    }

    /// A client's connection ended: its player leaves the world, and is remembered.
    fn forget(&mut self, client: ClientId, renet: &mut RenetServer, summary: &mut TickSummary) {
        self.addresses.remove(&client);
        let Some(remote) = self.clients.remove(&client) else {
            return;
        };
        let Some(name) = remote.name else {
            return;
        };
        // Only a player who was in the world is remembered (and saved): names that were let
        // in and never played cost nothing, however many a client tries.
        if let Some(&body) = self.sim.players().get(&name) {
            self.away.insert(name.clone(), body);
            self.departed.push(name.clone());
        } else if !self.away.contains_key(&name) {
            self.hotbars.remove(&name);
        }
        let left = protocol::encode(&ServerMessage::Left(name.to_string()));
        for (&other, r) in &self.clients {
            if r.name.is_some() {
                renet.send_message(other, channel::WORLD, left.clone());
            }
        }
        self.announce(format!("{name} left the game"), None, renet);
        summary.left.push(name);
    }

    /// Reads every client's messages.
    fn receive(&mut self, renet: &mut RenetServer, summary: &mut TickSummary) {
        let tick = self.sim.tick_count();
        let ids: Vec<ClientId> = self.clients.keys().copied().collect();
        for id in ids {
            if self.clients[&id].leaving_at.is_some() {
                // Whatever it still sends is not read.
                for ch in [channel::CONTROL, channel::INPUTS] {
                    while renet.receive_message(id, ch).is_some() {}
                }
                continue;
            }
            let mut count = 0;
            let mut problem = None;
            let rate = f64::from(self.config.messages_per_second);
            let mut tokens = (self.clients[&id].tokens + rate / 60.0).min(rate);
            for ch in [channel::CONTROL, channel::INPUTS] {
                while let Some(bytes) = renet.receive_message(id, ch) {
                    count += 1;
                    tokens -= 1.0;
                    if tokens < 0.0 {
                        problem = Some("sending messages too fast".to_owned());
                        break;
                    }
                    match protocol::decode::<ClientMessage>(&bytes, MAX_CLIENT_MESSAGE) {
                        Ok(message) => {
                            if let Err(reason) = self.handle(id, message, renet) {
                                problem = Some(reason);
                                break;
                            }
                        }
                        Err(e) => {
                            problem = Some(format!("sent {e}"));
                            break;
                        }
                    }
                }
                if problem.is_some() {
                    break;
                }
            }
            if let Some(remote) = self.clients.get_mut(&id) {
                remote.tokens = tokens;
                remote.chat_tokens =
                    (remote.chat_tokens + chat::CHAT_PER_SECOND / 60.0).min(chat::CHAT_BURST);
                if count > 0 {
                    remote.heard_at = tick;
                }
                if problem.is_none() {
                    if tick.saturating_sub(remote.heard_at) > SILENCE_TICKS {
                        problem = Some("silent for 15 seconds".to_owned());
                    } else if remote.name.is_none() {
                        let waited = tick.saturating_sub(remote.connected_at);
                        if remote.challenged.is_some() && waited > PASSWORD_TICKS {
                            problem = Some("gave no password for a minute".to_owned());
                        } else if remote.exchange.waiting.is_some() {
                            if waited > content::CONTENT_TICKS {
                                problem = Some("took two minutes to fetch the packs".to_owned());
                            }
                        } else if remote.challenged.is_none() && waited > HELLO_TICKS {
                            problem = Some("said nothing of who it is for 5 seconds".to_owned());
                        }
                    }
                }
            }
            if let Some(reason) = problem {
                self.refuse(id, reason, renet, summary);
            }
        }
    }

    /// Acts on one message from `id`; an error is why the client must go.
    fn handle(
        &mut self,
        id: ClientId,
        message: ClientMessage,
        renet: &mut RenetServer,
    ) -> Result<(), String> {
        match message {
            ClientMessage::Hello(hello) => self.welcome(id, &hello, renet),
            ClientMessage::Answer(proof) => self.check_answer(id, &proof, renet),
            ClientMessage::Fetch(identities) => self.fetch(id, &identities),
            ClientMessage::Ready(installed) => self.content_ready(id, &installed, renet),
            ClientMessage::Chat(text) => {
                let name = (self.clients.get(&id))
                    .and_then(|r| r.name.clone())
                    .ok_or("chatted before its hello")?;
                self.chat(id, &name, &text, renet);
                Ok(())
            }
            ClientMessage::Hotbar(wire) => {
                let name = (self.clients.get(&id))
                    .and_then(|r| r.name.clone())
                    .ok_or("told what it holds before its hello")?;
                let hotbar = wire.hotbar().ok_or("sent a hotbar no player can hold")?;
                self.hotbars.insert(name, hotbar);
                Ok(())
            }
            ClientMessage::Inputs { first, inputs } => {
                let remote = self.clients.get_mut(&id).ok_or("not connected")?;
                if remote.name.is_none() {
                    return Err("sent inputs before its hello".to_owned());
                }
                if inputs.len() > MAX_INPUTS_PER_MESSAGE {
                    return Err(format!("sent {} inputs in one message", inputs.len()));
                }
                for (i, tick_input) in (0u64..).zip(inputs) {
                    let tick = first
                        .checked_add(i)
                        .ok_or("sent ticks past the last there is")?;
                    let input = tick_input
                        .input()
                        .ok_or_else(|| format!("sent an impossible input at tick {tick}"))?;
                    let last = tick_input.actions.last().map(|&(seq, _)| seq);
                    remote.inputs.add(tick, input, last);
                }
                Ok(())
            }
        }
    }

    /// Lets `id` in as `hello` asks, or says why not.
    fn welcome(
        &mut self,
        id: ClientId,
        hello: &Hello,
        renet: &mut RenetServer,
    ) -> Result<(), String> {
        if self.clients.get(&id).is_some_and(|r| r.name.is_some()) {
            return Err("said hello twice".to_owned());
        }
        if hello.protocol != PROTOCOL_VERSION || hello.generator != GENERATOR_VERSION {
            return Err(format!(
                "this server speaks protocol {PROTOCOL_VERSION} with terrain generator \
                 {GENERATOR_VERSION}; the client speaks protocol {} with terrain generator {}",
                hello.protocol, hello.generator
            ));
        }
        let name = PlayerName::new(&hello.name)
            .map_err(|e| format!("cannot join as {}: {e}", hewn_scenario::quoted(&hello.name)))?;
        if let Some(remote) = self.clients.get_mut(&id) {
            remote.content.clone_from(&hello.content);
        }
        let banned_address =
            (self.addresses.get(&id)).is_some_and(|ip| self.admin.banned_addresses.contains(ip));
        if self.admin.banned.contains(&name) || banned_address {
            return Err("you are banned from this server".to_owned());
        }
        if self
            .clients
            .get(&id)
            .is_some_and(|r| r.challenged.is_some() || r.exchange.waiting.is_some())
        {
            return Err("said hello twice".to_owned());
        }
        if let Some(password) = &self.admin.password {
            let ip = self.addresses.get(&id).copied();
            let tick = self.sim.tick_count();
            if let Some(wait) = ip.and_then(|ip| self.guesses.wait(ip, tick)) {
                return Err(format!(
                    "too many wrong passwords from your address: try again in {} s",
                    wait.div_ceil(60)
                ));
            }
            let asking = Asking::new(password)
                .map_err(|e| format!("cannot be asked for the password ({e})"))?;
            let message = protocol::encode(&ServerMessage::Challenge(asking.challenge().clone()));
            if let Some(remote) = self.clients.get_mut(&id) {
                remote.challenged = Some((name, asking));
            }
            renet.send_message(id, channel::WORLD, message);
            return Ok(());
        }
        self.admit(id, name, renet)
    }

    /// Lets `id` in if `answer` proves the password it was asked for. A wrong answer is
    /// counted against the client's address, which then waits longer for its next try.
    fn check_answer(
        &mut self,
        id: ClientId,
        answer: &Answer,
        renet: &mut RenetServer,
    ) -> Result<(), String> {
        let (name, asking) = (self.clients.get_mut(&id))
            .and_then(|r| r.challenged.take())
            .ok_or("answered a question it was not asked")?;
        let right = (self.admin.password.as_ref()).is_none_or(|p| asking.accepts(p, answer));
        let ip = self.addresses.get(&id).copied();
        if !right {
            let Some(ip) = ip else {
                return Err("wrong password".to_owned());
            };
            let (wrong, wait) = self.guesses.wrong(ip, self.sim.tick_count());
            let seconds = wait.div_ceil(60);
            log::warn!(
                "wrong password for {name} from {ip}: {wrong} in a row, the next try in {seconds} s"
            );
            return Err(if wait == 0 {
                "wrong password".to_owned()
            } else {
                format!("wrong password: try again in {seconds} s")
            });
        }
        if let Some(ip) = ip {
            self.guesses.right(ip);
        }
        self.admit(id, name, renet)
    }

    /// Lets `name` in on `id`, unless it is already playing or the server is full.
    fn admit(
        &mut self,
        id: ClientId,
        name: PlayerName,
        renet: &mut RenetServer,
    ) -> Result<(), String> {
        if self
            .clients
            .values()
            .any(|r| r.name.as_ref() == Some(&name))
        {
            return Err(format!("a player named {name} is already online"));
        }
        if self.players_online() >= self.config.max_players {
            return Err(format!(
                "the server is full ({} players)",
                self.config.max_players
            ));
        }
        if self.offer_content(id, &name, renet) {
            return Ok(());
        }
        let body = match self.away.get(&name) {
            Some(&body) => body,
            None => self.new_body(),
        };
        let welcome = ServerMessage::Welcome(Welcome {
            seed: self.generator.seed(),
            generator: self.generator.kind().name().to_owned(),
            body: WireBody::of(&body),
            time: self.sim.time(),
            mode: protocol::WireMode::of(self.sim.mode()),
            spawn: self.sim.survival().spawn.to_array(),
            hotbar: protocol::WireHotbar::of(&self.hotbar(&name)),
        });
        renet.send_message(id, channel::WORLD, protocol::encode(&welcome));
        for other in self.clients.values().filter_map(|r| r.name.as_ref()) {
            renet.send_message(
                id,
                channel::WORLD,
                protocol::encode(&ServerMessage::Joined(other.to_string())),
            );
        }
        let joined = protocol::encode(&ServerMessage::Joined(name.to_string()));
        for (&other, r) in &self.clients {
            if r.name.is_some() {
                renet.send_message(other, channel::WORLD, joined.clone());
            }
        }
        // Everyone else hears of it; the player knows.
        self.announce(format!("{name} joined the game"), Some(id), renet);
        if let Some(remote) = self.clients.get_mut(&id) {
            remote.name = Some(name);
            remote.body = body;
        }
        Ok(())
    }

    /// Sends `id` away with `reason`; its connection ends a little later, so the reason gets
    /// there first.
    fn refuse(
        &mut self,
        id: ClientId,
        reason: String,
        renet: &mut RenetServer,
        summary: &mut TickSummary,
    ) {
        let tick = self.sim.tick_count();
        if let Some(remote) = self.clients.get_mut(&id)
            && remote.leaving_at.is_none()
        {
            remote.leaving_at = Some(tick + FAREWELL_TICKS);
            renet.send_message(
                id,
                channel::WORLD,
                protocol::encode(&ServerMessage::Refused(reason.clone())),
            );
            summary.refused.push((id, reason));
        }
    }

    /// Ends the connections whose farewell is over, and takes their players out.
    fn end_departures(&mut self, renet: &mut RenetServer, summary: &mut TickSummary) {
        let tick = self.sim.tick_count();
        let done: Vec<ClientId> = self
            .clients
            .iter()
            .filter(|(_, r)| r.leaving_at.is_some_and(|t| t <= tick))
            .map(|(&id, _)| id)
            .collect();
        for id in done {
            renet.disconnect(id);
            self.forget(id, renet, summary);
        }
    }

    /// The step of this tick: who joins (a player whose first inputs have waited out the
    /// jitter), who left, and each player's next input.
    fn next_step(&mut self, summary: &mut TickSummary) -> Step {
        let pending = std::mem::take(&mut self.pending);
        // Who the simulation lets break unknown blocks follows who is an operator, through
        // the step, so a recording replays it.
        let in_sim = self.sim.operators();
        let made = (self.admin.operators.difference(in_sim)).map(|n| (n.clone(), true));
        let unmade = (in_sim.difference(&self.admin.operators)).map(|n| (n.clone(), false));
        let operators = made.chain(unmade).collect();
        let mut step = Step {
            leaving: std::mem::take(&mut self.departed),
            teleports: pending.teleports,
            set_time: pending.time,
            set_mode: pending.mode,
            set_difficulty: pending.difficulty,
            operators,
            ..Step::default()
        };
        for remote in self.clients.values_mut() {
            let Some(name) = remote.name.clone() else {
                continue;
            };
            if remote.leaving_at.is_some() {
                continue;
            }
            let Some(turn) = remote.inputs.next_turn() else {
                continue;
            };
            if !remote.in_world {
                remote.in_world = true;
                // One who left this world since it started comes back where it left, as
                // the simulation keeps it; anyone else joins with the body it was let in with.
                if self.sim.away().contains_key(&name) {
                    step.returning.push(name.clone());
                } else {
                    step.joining.push(Member {
                        name: name.clone(),
                        body: remote.body,
                    });
                }
                summary.joined.push(name.clone());
            }
            remote.last_played = Some(turn.tick);
            // Actions played, or dropped unplayed (which the client must hear of too).
            if let Some(seq) = turn.last_action.or(remote.inputs.take_dropped_action()) {
                remote.actions_done = Some(seq);
                remote.acted = true;
            }
            step.inputs.insert(name, turn.input);
        }
        // A name that left and came back within one tick leaves first, then joins.
        step.joining.sort_by(|a, b| a.name.cmp(&b.name));
        step
    }

    /// Notes each client's player after the tick of its own just played.
    fn remember_played(&mut self) {
        let sim = &self.sim;
        for remote in self.clients.values_mut() {
            let (Some(name), Some(tick)) = (&remote.name, remote.last_played) else {
                continue;
            };
            if remote.played.back().is_some_and(|&(t, _)| t == tick) {
                continue;
            }
            if let Some(&body) = sim.players().get(name) {
                remote.played.push_back((tick, body));
                while remote.played.len() > REMEMBERED_TICKS {
                    remote.played.pop_front();
                }
            }
        }
    }

    /// `name`'s player after its client's tick `tick`, if that was among the last
    /// two seconds played: what the server told (or will tell) that client.
    #[must_use]
    pub fn played_state(&self, name: &PlayerName, tick: u64) -> Option<Body> {
        let remote = self
            .clients
            .values()
            .find(|r| r.name.as_ref() == Some(name))?;
        remote
            .played
            .iter()
            .find(|&&(t, _)| t == tick)
            .map(|&(_, body)| body)
    }
}
