//! The world as a client has it once the server let it in: prediction, correction, the
//! columns heard and the others seen. [`super::Client`] feeds it the server's messages.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;

use renet::RenetClient;

use crate::protocol::{
    self, ClientMessage, Look, ServerMessage, Snapshot, TickInput, Welcome, WireBody, WireError,
    channel,
};
use crate::trail::{Shown, Trail, ViewClock};
use hewn_core::physics::Body;
use hewn_core::physics::crates::Crate;
use hewn_core::physics::falling::FallingBlock;
use hewn_core::sim::{ActionOutcome, Input, PlayerName, Players, Simulation, Start};
use hewn_core::world::cache::{ColumnCache, view_capacity};
use hewn_core::world::{Block, BlockPos, ChunkReader, ColumnPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind, SharedTerrain};
use hewn_save::Hotbar;

mod herd;
mod survival;
use herd::Herd;
pub use herd::ShownCreature;
use survival::OwnActions;

/// The most ticks played ahead of the server's confirmation that are kept for replaying:
/// ten seconds. A server that confirms nothing for that long has stopped playing this
/// client.
const MAX_UNCONFIRMED: usize = 600;

/// The fewest ticks between two hotbars told to the server: a player scrolling through the
/// hotbar sends at most six a second, the last of them within a sixth of a second, and a
/// server's message budget ([`crate::server::MESSAGES_PER_SECOND`]) is never at risk.
pub const HOTBAR_EVERY_TICKS: u64 = 10;

/// One tick played ahead of the server.
#[derive(Clone, Debug)]
struct Played {
    tick: u64,
    wire: TickInput,
    input: Input,
    /// The player after the tick, as predicted.
    after: WireBody,
}

/// A cell changed ahead of the server.
#[derive(Clone, Copy, Debug)]
struct Pending {
    /// The last edit that changed it.
    seq: u32,
    pos: BlockPos,
    /// The block the server has there, as far as the client has heard.
    server: Block,
}

/// The world as the client has it, once the server let it in.
#[derive(Debug)]
pub struct Game {
    sim: Simulation,
    generator: Arc<Generator>,
    /// The generated columns its world draws from, which its views may share.
    generated: Arc<ColumnCache>,
    /// The client's tick to play next.
    next_tick: u64,
    unconfirmed: VecDeque<Played>,
    /// The last tick the server confirmed.
    confirmed: Option<u64>,
    pending: Vec<Pending>,
    next_seq: u32,
    /// Columns whose edits have all arrived.
    columns: BTreeSet<ColumnPos>,
    /// Columns whose edits come in several messages, the first of which has arrived.
    arriving: BTreeSet<ColumnPos>,
    others: BTreeMap<String, Trail>,
    /// The creatures and arrows in view.
    herd: Herd,
    online: BTreeSet<String>,
    server_tick: u64,
    /// The server tick the others are drawn at.
    view_clock: ViewClock,
    corrections: u64,
    /// The player after each of the last ticks played, as corrected: for a client that must
    /// report its state as of one tick once the server has confirmed it.
    recent: VecDeque<(u64, WireBody)>,
    /// In survival, the ticks with actions the server's word on the player's survival state
    /// has not covered yet, to play again on it.
    own_actions: OwnActions,
    /// What the player holds at hand as the server has it: the welcome's, then the last
    /// sent.
    hotbar: Hotbar,
    /// The client tick the last hotbar was sent at.
    hotbar_sent_at: Option<u64>,
}

impl Game {
    /// The world the server's welcome describes, with `name` in it; `None` for a generator
    /// this build does not know.
    pub(super) fn new(
        name: &PlayerName,
        welcome: &Welcome,
        shared: Option<&SharedTerrain>,
    ) -> Option<Self> {
        let kind: GeneratorKind = welcome.generator.parse().ok()?;
        // Until whatever draws the world says how far it sees.
        let capacity = view_capacity(8);
        let (generator, world, generated) = match shared {
            Some(terrain)
                if terrain.generator.kind() == kind && terrain.generator.seed() == welcome.seed =>
            {
                let world = World::with_shared_source(terrain.columns.clone());
                (terrain.generator.clone(), world, terrain.columns.clone())
            }
            _ => {
                let generator = Arc::new(Generator::new(kind, welcome.seed));
                let mut world = World::with_shared_source(generator.clone());
                let generated = world.cache_columns(capacity);
                (generator, world, generated)
            }
        };
        let mut start = Start::in_world(world, welcome.body.player());
        start.players = Players::one(name.clone(), welcome.body.player());
        start.time = welcome.time;
        start.survival = hewn_core::sim::survival::Survival::new(
            welcome.mode.mode(),
            glam::DVec3::from_array(welcome.spawn),
        );
        // The server saves; a client's copy of the world keeps no chunks to save.
        let mut sim = Simulation::new(start);
        sim.loader().unfollow_chunks(ChunkReader::Save);
        Some(Self {
            sim,
            generator,
            generated,
            next_tick: 0,
            unconfirmed: VecDeque::new(),
            confirmed: None,
            pending: Vec::new(),
            next_seq: 0,
            columns: BTreeSet::new(),
            arriving: BTreeSet::new(),
            others: BTreeMap::new(),
            herd: Herd::default(),
            online: BTreeSet::new(),
            server_tick: 0,
            view_clock: ViewClock::default(),
            corrections: 0,
            recent: VecDeque::new(),
            own_actions: OwnActions::default(),
            hotbar: welcome.hotbar.hotbar().unwrap_or_else(|| {
                log::warn!("the server sent a hotbar no player can hold; starting with the usual");
                Hotbar::default()
            }),
            hotbar_sent_at: None,
        })
    }

    /// The generated columns this world draws from: the server's own in single-player, for
    /// whatever else draws the world (the client's workers) to draw from too.
    #[must_use]
    pub const fn generated(&self) -> &Arc<ColumnCache> {
        &self.generated
    }

    /// What the player holds at hand as the server has it: as the world kept it when the
    /// player joined, then as this client last said.
    #[must_use]
    pub const fn hotbar(&self) -> Hotbar {
        self.hotbar
    }

    /// Notes that the server was told the player holds `hotbar`.
    pub(crate) const fn note_hotbar_sent(&mut self, hotbar: Hotbar) {
        self.hotbar = hotbar;
        self.hotbar_sent_at = Some(self.next_tick);
    }

    /// Whether a hotbar told now would come soon enough after the last one
    /// ([`HOTBAR_EVERY_TICKS`]).
    fn hotbar_due(&self) -> bool {
        self.hotbar_sent_at
            .is_none_or(|at| self.next_tick >= at.saturating_add(HOTBAR_EVERY_TICKS))
    }

    /// The hotbar to tell the server now, if `hotbar` is news to it and one may be sent
    /// (`now`, or [`HOTBAR_EVERY_TICKS`] after the last).
    pub(super) fn hotbar_to_send(&mut self, hotbar: &Hotbar, now: bool) -> Option<Hotbar> {
        (self.hotbar != *hotbar && (now || self.hotbar_due())).then(|| {
            self.note_hotbar_sent(*hotbar);
            *hotbar
        })
    }

    /// The client's simulation: the server's world as heard, its own player predicted.
    #[must_use]
    pub const fn sim(&self) -> &Simulation {
        &self.sim
    }

    /// The simulation, to load and drop columns for drawing.
    pub const fn sim_mut(&mut self) -> &mut Simulation {
        &mut self.sim
    }

    /// The world's generator.
    #[must_use]
    pub const fn generator(&self) -> &Arc<Generator> {
        &self.generator
    }

    /// The client's own player, as predicted.
    #[must_use]
    pub fn me(&self) -> Option<&Body> {
        self.sim.player()
    }

    /// Ticks played so far.
    #[must_use]
    pub const fn ticks_played(&self) -> u64 {
        self.next_tick
    }

    /// The last tick the server confirmed.
    #[must_use]
    pub const fn confirmed(&self) -> Option<u64> {
        self.confirmed
    }

    /// Whether every tick played is confirmed and every edit made ahead is dealt with.
    #[must_use]
    pub fn caught_up(&self) -> bool {
        self.unconfirmed.is_empty() && self.pending.is_empty()
    }

    /// How many cells changed ahead of the server wait for its word.
    #[must_use]
    pub fn edits_pending(&self) -> usize {
        self.pending.len()
    }

    /// The player after tick `tick` (one of the last [`MAX_UNCONFIRMED`] played), as the
    /// prediction has it after every correction so far: once the server has confirmed a
    /// tick at or after it, the server's state then.
    #[must_use]
    pub fn state_after(&self, tick: u64) -> Option<Body> {
        self.recent
            .iter()
            .find(|(t, _)| *t == tick)
            .map(|(_, body)| body.player())
    }

    /// How many times the server's state of the player differed from the prediction.
    #[must_use]
    pub const fn corrections(&self) -> u64 {
        self.corrections
    }

    /// Whether all the edits of `column` have arrived.
    #[must_use]
    pub fn holds(&self, column: ColumnPos) -> bool {
        self.columns.contains(&column)
    }

    /// The columns whose edits have all arrived.
    pub fn columns(&self) -> impl Iterator<Item = ColumnPos> + '_ {
        self.columns.iter().copied()
    }

    /// Whether the column under the player has arrived, so it may start to move.
    #[must_use]
    pub fn ground_ready(&self) -> bool {
        self.me()
            .is_some_and(|p| self.holds(BlockPos::containing(p.position).column()))
    }

    /// The other players online, by name.
    pub fn online(&self) -> impl Iterator<Item = &str> {
        self.online.iter().map(String::as_str)
    }

    /// The other players in view, as the snapshots had them at server tick `tick`.
    pub fn others_at(&self, tick: f64) -> impl Iterator<Item = (&str, Shown)> + '_ {
        self.others
            .iter()
            .filter_map(move |(name, trail)| trail.at(tick).map(|s| (name.as_str(), s)))
    }

    /// The creatures in view, as the snapshots had them at server tick `tick`, by id.
    #[must_use]
    pub fn creatures_at(&self, tick: f64) -> Vec<ShownCreature> {
        self.herd.at(tick)
    }

    /// How far along `viewer`'s look ray, within reach, it meets a creature as drawn at
    /// server tick `tick`, if it meets one nearer than any block or crate: what its attack
    /// would strike.
    #[must_use]
    pub fn creature_looked_at(&self, viewer: &Body, tick: f64) -> Option<f64> {
        let reach = hewn_core::physics::tuning::REACH;
        let nearest = self
            .herd
            .on_ray(tick, viewer.eye(), viewer.look_direction(), reach)?;
        let blocked = (self.sim.peek_looked_at(viewer)).is_some_and(|t| t.distance() <= nearest);
        (!blocked).then_some(nearest)
    }

    /// The arrows in view: each one's tip and the unit vector it points along.
    #[must_use]
    pub fn arrows(&self) -> &[(glam::DVec3, glam::DVec3)] {
        self.herd.arrows()
    }

    /// The server tick at which to draw the others, `alpha` of the way from the last tick
    /// played to the next ([`ViewClock`]).
    #[must_use]
    pub fn view_tick(&self, alpha: f64) -> f64 {
        self.view_clock.at(alpha)
    }

    /// The trail of the other player `name`, if in view.
    #[must_use]
    pub fn trail(&self, name: &str) -> Option<&Trail> {
        self.others.get(name)
    }

    /// The last server tick heard of.
    #[must_use]
    pub const fn server_tick(&self) -> u64 {
        self.server_tick
    }

    /// Plays `input` ahead of the server; returns whether to send now (every `send_every`
    /// ticks, and at once for a tick with an action) and what its actions did.
    pub(super) fn play(
        &mut self,
        name: &PlayerName,
        input: &Input,
        send_every: u64,
    ) -> (bool, Vec<ActionOutcome>) {
        let tick = self.next_tick;
        self.next_tick += 1;
        self.view_clock.advance(self.next_tick);
        let mut actions = Vec::with_capacity(input.actions.len());
        for &action in &input.actions {
            actions.push((self.next_seq, action));
            self.next_seq = self.next_seq.wrapping_add(1);
        }
        // A look change of one angle travels as both, the pitch within ±90° as the player
        // would have it; the prediction uses the very numbers the server will.
        let look = (input.yaw.is_some() || input.pitch.is_some())
            .then(|| {
                let me = self.sim.player()?;
                let pitch = input.pitch.unwrap_or(me.pitch).clamp(-90.0, 90.0);
                Some(Look::new(input.yaw.unwrap_or(me.yaw), pitch))
            })
            .flatten();
        let input = &Input {
            yaw: look.map(|l| l.angles().0),
            pitch: look.map(|l| l.angles().1),
            ..input.clone()
        };
        let send = !actions.is_empty() || (tick + 1).is_multiple_of(send_every.max(1));
        let wire = TickInput {
            controls: input.controls.bits(),
            look,
            actions,
        };
        let prediction = self.sim.predict(name, input, false);
        self.sim.mirror().age_items();
        self.own_actions
            .note(&self.sim, tick, input, &prediction.outcomes);
        if let Some(&(seq, _)) = wire.actions.last() {
            for &(pos, before) in &prediction.changed {
                match self.pending.iter_mut().find(|p| p.pos == pos) {
                    Some(p) => p.seq = seq,
                    None => self.pending.push(Pending {
                        seq,
                        pos,
                        server: before,
                    }),
                }
            }
        }
        let after = self
            .sim
            .player()
            .map_or_else(|| WireBody::of(&Body::new(glam::DVec3::ZERO)), WireBody::of);
        self.unconfirmed.push_back(Played {
            tick,
            wire,
            input: input.clone(),
            after,
        });
        while self.unconfirmed.len() > MAX_UNCONFIRMED {
            self.unconfirmed.pop_front();
        }
        self.recent.push_back((tick, after));
        while self.recent.len() > MAX_UNCONFIRMED {
            self.recent.pop_front();
        }
        (send, prediction.outcomes)
    }

    /// Sends the last `count` ticks the server has not confirmed.
    pub(super) fn send_unconfirmed(&self, renet: &mut RenetClient, count: usize) {
        let skip = self.unconfirmed.len().saturating_sub(count);
        let Some(first) = self.unconfirmed.get(skip).map(|p| p.tick) else {
            return;
        };
        let inputs: Vec<TickInput> = self
            .unconfirmed
            .iter()
            .skip(skip)
            .map(|p| p.wire.clone())
            .collect();
        renet.send_message(
            channel::INPUTS,
            protocol::encode(&ClientMessage::Inputs { first, inputs }),
        );
    }

    /// Acts on one message from the server to the world.
    ///
    /// # Errors
    /// [`WireError`] for a message that says what cannot be.
    pub(super) fn take(
        &mut self,
        name: &PlayerName,
        message: ServerMessage,
    ) -> Result<(), WireError> {
        match message {
            // The client takes these itself.
            ServerMessage::Welcome(_)
            | ServerMessage::Refused(_)
            | ServerMessage::Challenge(_)
            | ServerMessage::Chat(_)
            | ServerMessage::Status(_)
            | ServerMessage::Heard(_)
            | ServerMessage::Content(_)
            | ServerMessage::PackPart(_) => {}
            ServerMessage::Column {
                column,
                edits,
                complete,
            } => self.take_column(column, &edits, complete),
            ServerMessage::ForgetColumn(column) => {
                self.columns.remove(&column);
            }
            ServerMessage::Changes(changes) => self.set_blocks(&changes),
            ServerMessage::ActionsDone(seq) => self.actions_done(seq),
            ServerMessage::Joined(other) => {
                if other != name.as_str() {
                    self.online.insert(other);
                }
            }
            ServerMessage::Left(other) => {
                self.online.remove(&other);
                self.others.remove(&other);
            }
            ServerMessage::Snapshot(snapshot) => self.take_snapshot(name, &snapshot),
            ServerMessage::Mode(mode) => {
                let spawn = self.sim.survival().spawn;
                self.sim.mirror().set_mode(mode.mode(), spawn);
            }
            ServerMessage::Survivor(tick, state) => self.take_survivor(name, tick, &state)?,
        }
        Ok(())
    }

    /// Sets blocks as the server has them; under a cell changed ahead of the server, only
    /// notes the server's block.
    fn set_blocks(&mut self, changes: &[(BlockPos, u16)]) {
        let mut cells = Vec::with_capacity(changes.len());
        for &(pos, id) in changes {
            let Some(block) = Block::from_id(id) else {
                continue;
            };
            match self.pending.iter_mut().find(|p| p.pos == pos) {
                Some(p) => p.server = block,
                None => cells.push((pos, block)),
            }
        }
        self.sim.mirror().set_blocks(cells);
    }

    /// The edits of `column` (part of them, unless `complete`): cells the client thought
    /// edited that the server does not list go back to what the generator made.
    fn take_column(&mut self, column: ColumnPos, edits: &[(BlockPos, u16)], complete: bool) {
        // The first message of a column says what is no longer edited (a cell a later one
        // lists is set again then); the later ones only add to it.
        if !self.columns.contains(&column) && self.arriving.insert(column) {
            self.sim.mirror().drop_deferred(column);
            let listed: BTreeSet<BlockPos> = edits.iter().map(|&(pos, _)| pos).collect();
            let stale: Vec<(BlockPos, u16)> = (self.sim.world().edits_in_column(column))
                .filter(|(pos, _)| !listed.contains(pos))
                .map(|(pos, edit)| (pos, edit.generated.id()))
                .collect();
            self.set_blocks(&stale);
        }
        let inside: Vec<(BlockPos, u16)> = edits
            .iter()
            .copied()
            .filter(|(pos, _)| pos.column() == column)
            .collect();
        self.set_blocks(&inside);
        if complete {
            self.arriving.remove(&column);
            self.columns.insert(column);
        }
    }

    /// The server dealt with every action up to `seq`: its blocks show where the client changed
    /// them ahead.
    fn actions_done(&mut self, seq: u32) {
        let mut settled = Vec::new();
        self.pending.retain(|p| {
            // Sequence numbers wrap; "up to" is within half the range behind.
            let done = seq.wrapping_sub(p.seq) < u32::MAX / 2;
            if done {
                settled.push((p.pos, p.server));
            }
            !done
        });
        self.sim.mirror().set_blocks(settled);
    }

    fn take_snapshot(&mut self, name: &PlayerName, snapshot: &Snapshot) {
        if snapshot.tick < self.server_tick {
            // Unreliable messages may come out of order; an older one says nothing new.
            return;
        }
        self.server_tick = snapshot.tick;
        self.view_clock.heard(snapshot.tick, self.next_tick);
        let crates = snapshot
            .crates
            .iter()
            .map(|&(p, s)| Crate::new(glam::DVec3::from_array(p), glam::DVec3::from_array(s)))
            .collect();
        let mut mirror = self.sim.mirror();
        mirror.set_clock(snapshot.tick, snapshot.time);
        mirror.set_crates(crates);
        mirror.set_falling(
            snapshot
                .falling
                .iter()
                .filter_map(|&(id, p)| {
                    let block = Block::from_id(id)?;
                    let mut f = FallingBlock::from_cell(
                        block,
                        BlockPos::containing(glam::DVec3::from_array(p)),
                    );
                    f.position = glam::DVec3::from_array(p);
                    Some(f)
                })
                .collect(),
        );
        let seen: BTreeSet<&String> = snapshot.others.iter().map(|o| &o.name).collect();
        self.others.retain(|n, _| seen.contains(n));
        let origin = glam::DVec3::from_array(snapshot.origin);
        self.sim
            .mirror()
            .set_items(survival::items(&snapshot.items, origin));
        for other in &snapshot.others {
            (self.others.entry(other.name.clone()).or_default())
                .push(snapshot.tick, other.player(origin));
        }
        self.herd.take(snapshot);
        if let Some((tick, body)) = snapshot.you {
            self.reconcile(name, tick, body);
        }
    }

    /// Notes the player after `tick` as corrected.
    fn remember(&mut self, tick: u64, body: WireBody) {
        if let Some(entry) = self.recent.iter_mut().find(|(t, _)| *t == tick) {
            entry.1 = body;
        }
    }

    /// The server's state of the player after its tick `tick`: confirms the prediction, or
    /// replaces it and plays the later ticks again.
    fn reconcile(&mut self, name: &PlayerName, tick: u64, body: WireBody) {
        if self.confirmed.is_some_and(|c| c >= tick) {
            return;
        }
        self.confirmed = Some(tick);
        while self.unconfirmed.front().is_some_and(|p| p.tick < tick) {
            self.unconfirmed.pop_front();
        }
        let predicted = match self.unconfirmed.front() {
            Some(p) if p.tick == tick => self.unconfirmed.pop_front().map(|p| p.after),
            _ => None,
        };
        if predicted == Some(body) {
            return;
        }
        self.corrections += 1;
        log::debug!("correction at tick {tick}: predicted {predicted:?}, server {body:?}");
        self.sim.mirror().set_player(name, body.player());
        self.remember(tick, body);
        for i in 0..self.unconfirmed.len() {
            self.sim.predict(name, &self.unconfirmed[i].input, true);
            if let Some(p) = self.sim.player() {
                let after = WireBody::of(p);
                self.unconfirmed[i].after = after;
                let t = self.unconfirmed[i].tick;
                self.remember(t, after);
            }
        }
    }
}
