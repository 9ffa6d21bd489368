//! Scenario files: a world, a player and a schedule of inputs, written in TOML.
//!
//! `hewn sim FILE.toml` runs one headlessly; tests use them to pin down behaviour; the game
//! records a played session as one. Parsing is strict: an unknown key, block or action, or an
//! impossible value is an error naming the key, never a panic or a silent default.
//!
//! This crate is the test language around [`hewn_core`]: scenarios ([`Scenario`]), the
//! recordings a played session writes in the same format ([`record`]), and the reports
//! `hewn sim` prints of each tick ([`report`]). The core knows nothing of it.

use glam::DVec3;

use hewn_core::physics::auto_jump::wants_jump;
use hewn_core::physics::crates::{Crate, MAX_CRATE_SIZE, MIN_CRATE_SIZE};
use hewn_core::physics::{Body, Control, Controls, PlayerCollider};
use hewn_core::sim::creature::Population;
use hewn_core::sim::schedule::InputSchedule;
pub use hewn_core::sim::schedule::{Cue, Operation, Presence};
use hewn_core::sim::survival::{ItemDrop, Mode, Survival, Survivor};
use hewn_core::sim::updates::Motion;
use hewn_core::sim::{Action, Member, PlayerName, Players, Simulation, Start, Step};
use hewn_core::world::{Block, BlockPos, Loader, WORLD_HEIGHT, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use raw::{RawCrate, RawFill, RawPlayer, RawScenario};
use tables::Kind;

mod arrivals;
pub mod creatures;
mod document;
mod excerpt;
mod inputs;
mod limits;
mod motion;
mod overlap;
pub(crate) mod raw;
mod seed;
pub(crate) mod survival;
mod syntax;
mod tables;
pub(crate) mod writer;

pub mod record;
pub mod report;
pub use arrivals::Arrivals;
pub use excerpt::{quoted, shortened};
pub use limits::{
    MAX_ALTITUDE, MAX_CRATES, MAX_DOCUMENT_ITEMS, MAX_FILL_CELLS, MAX_INPUTS, MAX_LOADED_COLUMNS,
    MAX_PACKS, MAX_PLAYERS, MAX_PROBES, MAX_SCENARIO_BYTES, MAX_SPEED, MAX_TICKS, MAX_UPDATES,
    body_in_limits,
};
pub use overlap::overlapping_pairs;
pub use syntax::SyntaxError;
pub use writer::WriteError;

/// Why a scenario could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    /// Not valid TOML, or a key or type that the format does not have.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// A value the format has a key for but cannot take.
    #[error("{key}: {message}")]
    Invalid {
        /// The key, as a path such as `input[2].action`.
        key: String,
        /// What is wrong with it.
        message: String,
    },
}

fn invalid(key: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError::Invalid {
        key: key.into(),
        message: message.into(),
    }
}

/// How a player starts, and when it is in the world.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStart {
    /// Its name: `[player]`'s `name` ([`PlayerName::DEFAULT`] when left out), or the key of
    /// its `[players.NAME]` table.
    pub name: PlayerName,
    /// The tick it joins at: 0 for the start.
    pub joins: u64,
    /// The tick it leaves at, if it does.
    pub leaves: Option<u64>,
    /// Bottom centre of the box; `None` for the generator's spawn point.
    pub position: Option<DVec3>,
    /// Velocity in blocks per second.
    pub velocity: DVec3,
    /// Heading in degrees.
    pub yaw: f64,
    /// Elevation in degrees.
    pub pitch: f64,
    /// Whether the player starts flying.
    pub flying: bool,
    /// Whether the player starts standing on something.
    pub on_ground: bool,
    /// The shape the player collides as.
    pub collider: PlayerCollider,
    /// Survival: its state at the start (health, air, what it carries and where).
    pub survivor: Survivor,
    /// Whether its inputs go through the auto-jump rule
    /// ([`hewn_core::physics::auto_jump::wants_jump`]), as the game's setting puts them.
    pub auto_jump: bool,
}

impl Default for PlayerStart {
    /// An empty `[player]` table: the player named [`PlayerName::DEFAULT`], at the spawn
    /// point from the start, standing still, facing north.
    fn default() -> Self {
        Self {
            name: PlayerName::default(),
            joins: 0,
            leaves: None,
            position: None,
            velocity: DVec3::ZERO,
            yaw: 0.0,
            pitch: 0.0,
            flying: false,
            on_ground: false,
            collider: PlayerCollider::Box,
            survivor: Survivor::default(),
            auto_jump: false,
        }
    }
}

impl PlayerStart {
    /// The player this start describes, standing at `position` (its own, or the spawn
    /// point when it has none).
    #[must_use]
    pub fn at(&self, position: DVec3) -> Body {
        let mut player = Body::new(position);
        player.velocity = self.velocity;
        player.set_look(self.yaw, self.pitch);
        player.flying = self.flying;
        player.on_ground = self.on_ground;
        player.collider = self.collider;
        player
    }

    /// Its survival state at the start, as its table gives it.
    #[must_use]
    pub fn survivor(&self) -> Survivor {
        self.survivor.clone()
    }
}

/// A box of cells set to one block before tick 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fill {
    /// One corner (inclusive).
    pub from: BlockPos,
    /// The opposite corner (inclusive).
    pub to: BlockPos,
    /// The block to set.
    pub block: Block,
}

/// Controls held by one player on ticks `from..to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hold {
    /// Whose: 0 for the first player, `i` for [`Scenario::others`]`[i - 1]`.
    pub player: u32,
    /// The first tick they are held on.
    pub from: u64,
    /// The first tick they are no longer held on.
    pub to: u64,
    /// The controls.
    pub controls: Controls,
}

/// A validated scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The packs the world enables after the base pack, in order, as the file names them
    /// (folders relative to it).
    pub packs: Vec<String>,
    /// The world seed.
    pub seed: u64,
    /// The world generator.
    pub world: GeneratorKind,
    /// Ticks to run.
    pub ticks: u64,
    /// How the world is played.
    pub mode: Mode,
    /// The world's clock at the start, in ticks; `None` for a new world's
    /// ([`MORNING`](hewn_core::sim::time::MORNING)), or with a saved world, its own.
    pub time: Option<u64>,
    /// Cells whose light every report gives, in order.
    pub probes: Vec<BlockPos>,
    /// How the first player (`[player]`) starts.
    pub player: PlayerStart,
    /// How the others (`[players.NAME]`) start, in the order of their names.
    pub others: Vec<PlayerStart>,
    /// Cells set before tick 0, in order.
    pub fills: Vec<Fill>,
    /// Held controls.
    pub holds: Vec<Hold>,
    /// One-shot look changes and actions, in file order.
    pub cues: Vec<Cue>,
    /// Crates at rest before tick 0, in order.
    pub crates: Vec<Crate>,
    /// Whether the fills are the world as it stands rather than changes: then they schedule
    /// no water or sand updates, and [`Scenario::motion`] is all that is in motion (as in a
    /// recording, which starts from a world that may be mid-flood).
    pub settled: bool,
    /// Updates waiting (with the tick they are due) and blocks falling at tick 0.
    pub motion: Motion,
    /// Survival: items lying in the world at tick 0.
    pub items: Vec<ItemDrop>,
    /// The creatures at tick 0 (`[[creature]]`), and whether (`spawning`) and which
    /// (`difficulty`) creatures appear by themselves.
    pub creatures: Population,
}

impl Scenario {
    /// The packs a scenario's text enables (its `packs` key), read before the rest: their
    /// blocks and items must be installed before the scenario, which names them, is parsed.
    ///
    /// # Errors
    /// [`ScenarioError`] if the text is too large or its `packs` key is not a list of
    /// strings.
    pub fn packs(text: &str) -> Result<Vec<String>, ScenarioError> {
        /// Only the packs, whatever else the file holds.
        #[derive(serde::Deserialize)]
        struct Packs {
            #[serde(default)]
            packs: Vec<String>,
        }
        if text.len() as u64 > MAX_SCENARIO_BYTES {
            return Err(invalid("(file)", "the file is too large".to_owned()));
        }
        let lists = tables::split(text);
        let packs: Packs = toml::from_str(&lists.rest).map_err(|e| SyntaxError::new(text, &e))?;
        limits::count("packs", packs.packs.len(), MAX_PACKS)?;
        Ok(packs.packs)
    }

    /// Reads a scenario from TOML text.
    ///
    /// # Errors
    /// [`ScenarioError`] naming the first key that is unknown, missing or impossible.
    pub fn parse(text: &str) -> Result<Self, ScenarioError> {
        if text.len() as u64 > MAX_SCENARIO_BYTES {
            return Err(invalid(
                "(file)",
                format!(
                    "{} bytes is more than the {MAX_SCENARIO_BYTES} a scenario may have",
                    text.len()
                ),
            ));
        }
        // Inputs, fills and updates are counted before anything is parsed, and read a batch
        // at a time, so that neither a file of too many nor one of the most costs more than
        // its entries; the rest, parsed whole, is held to a number of items first.
        let lists = tables::split(text);
        limits::count("input", lists.of(Kind::Input).len(), MAX_INPUTS)?;
        limits::count("fill", lists.of(Kind::Fill).len(), MAX_FILL_CELLS as usize)?;
        limits::count("update", lists.of(Kind::Update).len(), MAX_UPDATES)?;
        document::check(text, &lists)?;
        let mut raw: RawScenario =
            toml::from_str(&lists.rest).map_err(|e| SyntaxError::new(text, &e))?;
        limits::count("players", raw.players.len(), MAX_PLAYERS - 1)?;
        let names = player_names(&raw)?;
        let inline = std::mem::take(&mut raw.input);
        let inputs = inputs::read(text, &lists, inline, &names)?;
        let (fills, updates) = (lists.of(Kind::Fill), lists.of(Kind::Update));
        tables::read(text, fills, "fill", |batch| raw.fill.extend(batch))?;
        tables::read(text, updates, "update", |batch| raw.updates.extend(batch))?;
        drop(lists);
        limits::count("probes", raw.probes.len(), MAX_PROBES)?;
        // Every fill sets at least one cell, so no more fills than cells.
        limits::count("fill", raw.fill.len(), MAX_FILL_CELLS as usize)?;
        limits::count("input", inputs.count, MAX_INPUTS)?;
        limits::count("crate", raw.crates.len(), MAX_CRATES)?;
        let world = match raw.world.as_deref() {
            None => GeneratorKind::Terrain,
            Some(name) => name
                .parse()
                .map_err(|_: hewn_core::worldgen::UnknownGenerator| {
                    invalid(
                        "world",
                        format!(
                            "unknown world generator {} (expected terrain, flat or empty)",
                            quoted(name)
                        ),
                    )
                })?,
        };
        let ticks = tick_value("ticks", raw.ticks)?;
        let mode = survival::mode(raw.mode.as_deref())?;
        let items = survival::items(mode, &raw.items)?;
        let time = raw
            .time
            .map(|t| {
                u64::try_from(t)
                    .map_err(|_| invalid("time", format!("{t} is not a number of ticks from 0 up")))
            })
            .transpose()?;
        let probes: Vec<BlockPos> = raw
            .probes
            .iter()
            .enumerate()
            .map(|(i, &[x, y, z])| {
                limits::cell_inside_border(&format!("probes[{i}]"), [x, y, z])?;
                if (0..WORLD_HEIGHT).contains(&y) {
                    Ok(BlockPos::new(x, y, z))
                } else {
                    Err(invalid(
                        format!("probes[{i}]"),
                        format!("y = {y} is outside the world (0 to {})", WORLD_HEIGHT - 1),
                    ))
                }
            })
            .collect::<Result<_, _>>()?;
        let fills: Vec<Fill> = raw
            .fill
            .iter()
            .enumerate()
            .map(|(i, f)| parse_fill(i, f))
            .collect::<Result<_, _>>()?;
        limits::fill_total(&fills)?;
        // Value errors in the inputs come after those of the keys before them, as they
        // did when the whole file was read at once.
        if let Some(e) = inputs.first_invalid {
            return Err(e);
        }
        let crates: Vec<Crate> = raw
            .crates
            .iter()
            .enumerate()
            .map(|(i, c)| parse_crate(i, c))
            .collect::<Result<_, _>>()?;
        let motion = motion::parse(&raw.updates, &raw.falling)?;
        let creatures = match &raw.population {
            Some(text) => creatures::recorded(text, &raw)?,
            None => creatures::population(&raw.creatures, raw.spawning, raw.difficulty.as_deref())?,
        };
        let player = parse_player("player", names[0].clone(), &raw.player)?;
        let others = raw
            .players
            .iter()
            .zip(&names[1..])
            .map(|((key, p), name)| parse_player(&format!("players.{key}"), name.clone(), p))
            .collect::<Result<Vec<_>, _>>()?;
        let positions: Vec<_> = std::iter::once(("player".to_owned(), &player))
            .chain(others.iter().map(|p| (format!("players.{}", p.name), p)))
            .filter_map(|(table, p)| p.position.map(|at| (table, at)))
            .collect();
        limits::loaded_columns(&fills, &probes, &crates, &motion.falling, &positions)?;
        Ok(Self {
            packs: raw.packs.clone(),
            crates,
            creatures,
            settled: raw.settled,
            motion,
            seed: raw.seed.unwrap_or(0),
            world,
            ticks,
            mode,
            items,
            time,
            probes,
            player,
            others,
            fills,
            holds: inputs.holds,
            cues: inputs.cues,
        })
    }

    /// The top-level keys `text` gives (tables and arrays of tables by their name), but for
    /// `input`: what a scenario sets beyond a player's inputs. Empty for text that does not
    /// parse ([`Scenario::parse`] says why).
    #[must_use]
    pub fn keys_given(text: &str) -> Vec<String> {
        let lists = tables::split(text);
        let mut keys: Vec<String> = toml::from_str::<toml::Table>(&lists.rest)
            .map(|table| table.keys().cloned().collect())
            .unwrap_or_default();
        // The tables read in batches are not in the rest.
        for kind in Kind::ALL {
            if !lists.of(kind).is_empty() {
                keys.push(kind.key().to_owned());
            }
        }
        keys.retain(|k| k != "input");
        keys
    }

    /// The simulation at tick 0: the world with the fills applied and the players who are
    /// there from the start placed.
    #[must_use]
    pub fn start(&self) -> Simulation {
        self.begin().0
    }

    /// [`Scenario::start`], and where its players come into the world: at their positions
    /// or the spawn point (for [`Scenario::steps`]).
    #[must_use]
    pub fn begin(&self) -> (Simulation, Arrivals) {
        let generator = Generator::new(self.world, self.seed);
        let spawn = generator.spawn_point();
        let arrivals = Arrivals::at(spawn);
        let mut world = World::new(generator);
        self.apply_fills(&mut world);
        if self.settled {
            world.take_changes();
        }
        self.load_probes(&mut world);
        let sim = Simulation::new(Start {
            world,
            players: self.players_at_start(&arrivals),
            crates: self.crates.clone(),
            motion: self.motion.clone(),
            time: self.time.unwrap_or(hewn_core::sim::time::MORNING),
            survival: self.survival_at_start(spawn),
            creatures: self.creatures.clone(),
        });
        (sim, arrivals)
    }

    /// Refuses a scenario whose crates start overlapping each other or a block of `world`
    /// (the world the scenario starts in, with its fills), naming the first such crate.
    ///
    /// # Errors
    /// [`ScenarioError::Invalid`] naming `crate[i]`.
    pub fn check_crates(&self, world: &mut Loader<'_>) -> Result<(), ScenarioError> {
        overlap::check(&self.crates, world)
    }

    /// Applies the fills to `world`, in order, with light brought up to date once after the
    /// last: a fill per cell, each opening and closing a hole in a roof over a dark cave,
    /// cost a flood of light each (2,000 of them took 9 s).
    pub fn apply_fills(&self, world: &mut World) {
        world.set_blocks_in_turn(
            self.fills
                .iter()
                .map(|fill| BlockPos::cells_between(fill.from, fill.to).map(|p| (p, fill.block))),
        );
    }

    /// Loads everything the light at the probes depends on, so reports give the light an
    /// endless world has there.
    pub fn load_probes(&self, world: &mut World) {
        for &probe in &self.probes {
            world.load_light_around(probe);
        }
    }

    /// The survival state at tick 0, in the scenario's mode, the dead coming back at
    /// `spawn`: the health, air and inventory of every player that is ever in the world, as
    /// its table gives them. A player leaving the tick it joins never is (a recording's first
    /// player, when the server had none), so it has no survival state, as on the server.
    #[must_use]
    pub fn survival_at_start(&self, spawn: DVec3) -> Survival {
        let mut survival = Survival::new(self.mode, spawn);
        for &drop in &self.items {
            survival.drops.add(drop);
        }
        if self.mode == Mode::Survival {
            let ever_present = |p: &&PlayerStart| p.leaves != Some(p.joins);
            for p in self.player_starts().filter(ever_present) {
                survival.survivors.insert(p.name.clone(), p.survivor());
            }
        }
        survival
    }

    /// Every player's start: the first player, then the others in the order of their names.
    pub fn player_starts(&self) -> impl Iterator<Item = &PlayerStart> {
        std::iter::once(&self.player).chain(&self.others)
    }

    /// The players in the world at tick 0, each where `arrivals` puts it.
    #[must_use]
    pub fn players_at_start(&self, arrivals: &Arrivals) -> Players {
        let mut players = Players::none();
        for p in self.player_starts() {
            if p.joins == 0 && p.leaves != Some(0) {
                players.join(p.name.clone(), arrivals.body(p));
            }
        }
        players
    }

    /// Every player's inputs for ticks `0..ticks`, in order: one [`Input`] per player in
    /// the order of [`Scenario::player_starts`].
    #[must_use]
    pub fn inputs(&self) -> InputSchedule {
        let mut schedule = InputSchedule::new(self.ticks, 1 + self.others.len());
        for hold in self.holds.iter().filter(|h| h.from < h.to) {
            for c in hold.controls.iter() {
                schedule.hold(hold.player, c, hold.from, hold.to);
            }
        }
        for e in &self.cues {
            schedule.add_cue(*e);
        }
        schedule
    }

    /// The ticks `0..ticks` as [`Step`]s: who joins (where `arrivals` puts it) and leaves,
    /// and what everyone in the world does. A player's input while it is not in the world
    /// is dropped.
    pub fn steps(&self, arrivals: Arrivals) -> impl Iterator<Item = Step> + '_ {
        let starts: Vec<&PlayerStart> = self.player_starts().collect();
        let mut presence: std::collections::BTreeMap<u64, Vec<(usize, Presence)>> =
            std::collections::BTreeMap::new();
        let mut operations: std::collections::BTreeMap<u64, Vec<(usize, Operation)>> =
            std::collections::BTreeMap::new();
        for e in &self.cues {
            if let Some(p) = e.presence {
                presence
                    .entry(e.at)
                    .or_default()
                    .push((e.player as usize, p));
            }
            if let Some(o) = e.operation {
                (operations.entry(e.at).or_default()).push((e.player as usize, o));
            }
        }
        self.inputs().enumerate().map(move |(tick, inputs)| {
            let tick = tick as u64;
            let mut step = Step::default();
            for (who, p) in presence.remove(&tick).unwrap_or_default() {
                let name = starts[who].name.clone();
                match p {
                    Presence::Leave => step.leaving.push(name),
                    Presence::Return => step.returning.push(name),
                }
            }
            for (who, operation) in operations.remove(&tick).unwrap_or_default() {
                match operation {
                    Operation::Teleport(place) => {
                        step.teleports.push((starts[who].name.clone(), place));
                    }
                    Operation::SetTime(time) => step.set_time = Some(time),
                    Operation::SetDifficulty(d) => step.set_difficulty = Some(d),
                    Operation::Operator(made) => {
                        step.operators.push((starts[who].name.clone(), made));
                    }
                    Operation::SetBlock(pos, block) => step.sets.push((pos, block)),
                    Operation::DropItem(at, item, count) => step.drops.push((at, item, count)),
                    Operation::GiveItem(item, count) => {
                        step.gives.push((starts[who].name.clone(), item, count));
                    }
                }
            }
            for (p, input) in starts.iter().zip(inputs) {
                if tick > 0 && p.joins == tick {
                    step.joining.push(Member {
                        name: p.name.clone(),
                        body: arrivals.body(p),
                    });
                }
                if p.leaves == Some(tick) {
                    step.leaving.push(p.name.clone());
                } else if p.joins <= tick && p.leaves.is_none_or(|t| t > tick) {
                    step.inputs.insert(p.name.clone(), input);
                }
            }
            step
        })
    }

    /// Runs the whole scenario, calling `after_tick` with the state after every tick.
    pub fn run(&self, mut after_tick: impl FnMut(&Simulation)) -> Simulation {
        let (mut sim, arrivals) = self.begin();
        for step in self.steps(arrivals) {
            self.play(&mut sim, step);
            after_tick(&sim);
        }
        sim
    }

    /// Plays `step` on `sim`, the inputs of players with `auto_jump` first put through the
    /// auto-jump rule against the world as it stands, as the game puts its player's.
    pub fn play(&self, sim: &mut Simulation, mut step: Step) {
        for p in self.player_starts().filter(|p| p.auto_jump) {
            let (Some(input), Some(body)) =
                (step.inputs.get_mut(&p.name), sim.players().get(&p.name))
            else {
                continue;
            };
            let yaw = input.yaw.unwrap_or(body.yaw);
            if wants_jump(sim.world(), body, input.controls, yaw) {
                input.controls.set(Control::Jump, true);
            }
        }
        sim.step(&step);
    }
}

/// The players' names, in the order of [`Scenario::player_starts`]: `[player]`'s `name`
/// (or the default) and the keys of the `[players.NAME]` tables, each held to the one rule
/// for names and none twice.
fn player_names(raw: &RawScenario) -> Result<Vec<PlayerName>, ScenarioError> {
    let first = match raw.player.name.as_deref() {
        None => PlayerName::default(),
        Some(name) => PlayerName::new(name)
            .map_err(|e| invalid("player.name", format!("{}: {e}", quoted(name))))?,
    };
    let mut names = vec![first];
    for (key, p) in &raw.players {
        let at = format!("players.{}", shortened(key));
        let name = PlayerName::new(key).map_err(|e| invalid(&at, e.to_string()))?;
        if p.name.is_some() {
            return Err(invalid(
                format!("{at}.name"),
                "a [players.NAME] table is named by its key",
            ));
        }
        if name == names[0] {
            return Err(invalid(
                at,
                format!("is the first player's name ({})", names[0]),
            ));
        }
        // Names are one name whatever their case: the file's keys need not be.
        if let Some(other) = names[1..].iter().find(|n| **n == name) {
            return Err(invalid(
                at,
                format!("is players.{other}'s name: names differ by more than case"),
            ));
        }
        names.push(name);
    }
    Ok(names)
}

/// The player of the table at `table` (`player` or `players.NAME`), called `name`.
fn parse_player(
    table: &str,
    name: PlayerName,
    raw: &RawPlayer,
) -> Result<PlayerStart, ScenarioError> {
    let key = |k: &str| format!("{table}.{k}");
    let position = raw
        .position
        .map(|p| {
            let v = vector(&key("position"), p)?;
            let half = DVec3::splat(hewn_core::physics::tuning::PLAYER_WIDTH / 2.0);
            limits::body_inside_border(&key("position"), v, half)?;
            Ok::<_, ScenarioError>(v)
        })
        .transpose()?;
    let velocity = raw
        .velocity
        .map(|v| vector(&key("velocity"), v))
        .transpose()?
        .unwrap_or(DVec3::ZERO);
    if velocity.abs().max_element() > MAX_SPEED {
        return Err(invalid(
            key("velocity"),
            format!("each component must be within ±{MAX_SPEED} blocks/s"),
        ));
    }
    let yaw = raw.yaw.unwrap_or(0.0);
    finite(&key("yaw"), yaw)?;
    let pitch = raw.pitch.unwrap_or(0.0);
    pitch_value(&key("pitch"), pitch)?;
    let joins = raw.joins.map_or(Ok(0), |t| tick_value(&key("joins"), t))?;
    let leaves = raw
        .leaves
        .map(|t| tick_value(&key("leaves"), t))
        .transpose()?;
    if let Some(leaves) = leaves.filter(|&t| t < joins) {
        return Err(invalid(
            key("leaves"),
            format!("{leaves} is before joins = {joins}"),
        ));
    }
    let collider = match raw.collider.as_deref() {
        None => PlayerCollider::Box,
        Some(name) => PlayerCollider::from_name(name).ok_or_else(|| {
            invalid(
                key("collider"),
                format!(
                    "unknown collider {} (expected box or cylinder)",
                    quoted(name)
                ),
            )
        })?,
    };
    let survivor = survival::survivor(table, raw)?;
    Ok(PlayerStart {
        name,
        joins,
        leaves,
        position,
        velocity,
        yaw,
        pitch,
        flying: raw.flying.unwrap_or(false),
        on_ground: raw.on_ground.unwrap_or(false),
        collider,
        survivor,
        auto_jump: raw.auto_jump.unwrap_or(false),
    })
}

fn parse_crate(i: usize, raw: &RawCrate) -> Result<Crate, ScenarioError> {
    let key = |k: &str| format!("crate[{i}].{k}");
    let position = vector(&key("position"), raw.position)?;
    let size = raw
        .size
        .map_or(Ok(DVec3::ONE), |s| vector(&key("size"), s))?;
    if size.min_element() < MIN_CRATE_SIZE || size.max_element() > MAX_CRATE_SIZE {
        return Err(invalid(
            key("size"),
            format!("each edge must be from {MIN_CRATE_SIZE} to {MAX_CRATE_SIZE} blocks"),
        ));
    }
    limits::body_inside_border(&key("position"), position, size / 2.0)?;
    Ok(Crate::new(position, size))
}

fn parse_fill(i: usize, raw: &RawFill) -> Result<Fill, ScenarioError> {
    let block = block_value(&format!("fill[{i}].block"), &raw.block)?;
    for (name, corner) in [("from", raw.from), ("to", raw.to)] {
        limits::cell_inside_border(&format!("fill[{i}].{name}"), corner)?;
        if !(0..WORLD_HEIGHT).contains(&corner[1]) {
            return Err(invalid(
                format!("fill[{i}].{name}"),
                format!(
                    "y = {} is outside the world (0 to {})",
                    corner[1],
                    WORLD_HEIGHT - 1
                ),
            ));
        }
    }
    Ok(Fill {
        from: BlockPos::new(raw.from[0], raw.from[1], raw.from[2]),
        to: BlockPos::new(raw.to[0], raw.to[1], raw.to[2]),
        block,
    })
}

fn block_value(key: &str, name: &str) -> Result<Block, ScenarioError> {
    Block::from_name(name).ok_or_else(|| {
        let known: Vec<_> = Block::all().map(|b| b.name()).collect();
        invalid(
            key,
            format!(
                "unknown block {} (known: {})",
                quoted(name),
                known.join(", ")
            ),
        )
    })
}

fn tick_value(key: &str, v: i64) -> Result<u64, ScenarioError> {
    u64::try_from(v)
        .ok()
        .filter(|&t| t <= MAX_TICKS)
        .ok_or_else(|| {
            invalid(
                key,
                format!("{v} is not a tick count from 0 to {MAX_TICKS}"),
            )
        })
}

fn finite(key: &str, v: f64) -> Result<f64, ScenarioError> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(invalid(key, format!("{v} is not a finite number")))
    }
}

fn pitch_value(key: &str, v: f64) -> Result<f64, ScenarioError> {
    if (-90.0..=90.0).contains(&v) {
        Ok(v)
    } else {
        Err(invalid(
            key,
            format!("{v} is not between -90 and 90 degrees"),
        ))
    }
}

fn vector(key: &str, v: [f64; 3]) -> Result<DVec3, ScenarioError> {
    for c in v {
        finite(key, c)?;
    }
    Ok(DVec3::from_array(v))
}

#[cfg(test)]
mod tests;
