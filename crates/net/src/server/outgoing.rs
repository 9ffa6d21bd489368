//! What the server tells its clients each tick: the blocks that changed in the columns
//! each holds and which of its edits are dealt with, the edits of the columns coming into
//! its view (nearest first), and 20 times a second where everyone is; and the columns it
//! lets go of when no player is near.

use glam::DVec3;
use renet::RenetServer;

use super::{EDITS_PER_MESSAGE, KEEP_AROUND, STREAM_HEADROOM, Server};
use crate::protocol::{
    self, CREATURE_SNAPSHOTS, Heard, MAX_ARROWS_SEEN, MAX_CREATURES_SEEN, MAX_ITEMS_SEEN, Seen,
    SeenArrow, SeenCreature, SeenItem, ServerMessage, Snapshot, WireBody, channel,
};
use hewn_core::sim::EventKind;
use hewn_core::sim::survival::Detail;

/// How far from a player's eyes, in blocks, what happens is sent for it to hear: beyond
/// it a sound is too faint to matter.
const HEARING_RANGE: f64 = 32.0;
use hewn_core::world::{BlockPos, BlockSource, ColumnPos, World};

impl Server {
    /// Drops the columns no player is near (their edits stay): the server's memory follows
    /// where the players are, not everywhere they have been.
    pub(super) fn unload_far_columns(&mut self) {
        let near: Vec<ColumnPos> = self
            .sim
            .players()
            .list()
            .iter()
            .map(|m| BlockPos::containing(m.body.position).column())
            .collect();
        let far: Vec<ColumnPos> = self
            .sim
            .world()
            .loaded_columns()
            .filter(|c| {
                !near
                    .iter()
                    .any(|n| n.x.abs_diff(c.x) <= KEEP_AROUND && n.z.abs_diff(c.z) <= KEEP_AROUND)
            })
            .collect();
        let mut loader = self.sim.loader();
        for column in far {
            loader.unload_column(column);
        }
    }

    /// Sends each client the changed blocks in the columns it holds, then which of its edits
    /// are dealt with.
    pub(super) fn send_changes(&mut self, renet: &mut RenetServer) {
        let mut cells = self.sim.take_changed_cells();
        cells.sort_unstable();
        cells.dedup();
        let world = self.sim.world();
        let changes: Vec<(BlockPos, u16)> = cells
            .into_iter()
            .map(|pos| (pos, world.block(pos).id()))
            .collect();
        for (&id, remote) in &mut self.clients {
            if remote.name.is_none() || remote.leaving_at.is_some() {
                continue;
            }
            let mine: Vec<(BlockPos, u16)> = changes
                .iter()
                .filter(|(pos, _)| remote.view.holds(*pos))
                .copied()
                .collect();
            for part in mine.chunks(EDITS_PER_MESSAGE) {
                let message = ServerMessage::Changes(part.to_vec());
                renet.send_message(id, channel::WORLD, protocol::encode(&message));
            }
            if let Some(seq) = remote.actions_done.take() {
                renet.send_message(
                    id,
                    channel::WORLD,
                    protocol::encode(&ServerMessage::ActionsDone(seq)),
                );
            }
        }
    }

    /// Sends each client the edits of the columns coming into its view, nearest first, and
    /// tells it which it may forget.
    pub(super) fn stream_columns(&mut self, renet: &mut RenetServer) {
        let radius = i32::try_from(self.config.view_distance).unwrap_or(i32::MAX);
        let per_tick = self.config.columns_per_tick;
        let (sim, clients) = (&self.sim, &mut self.clients);
        for (&id, remote) in clients.iter_mut() {
            let Some(name) = &remote.name else {
                continue;
            };
            if remote.leaving_at.is_some() {
                continue;
            }
            let feet = sim.players().get(name).unwrap_or(&remote.body).position;
            let center = BlockPos::containing(feet).column();
            // A client slow to take what it was sent gets no more until it catches up, so
            // its channel never fills (which would end its connection).
            let budget = if renet.channel_available_memory(id, channel::WORLD) < STREAM_HEADROOM {
                0
            } else {
                per_tick
            };
            let (far, near) = remote.view.update(center, radius, budget);
            for column in far {
                renet.send_message(
                    id,
                    channel::WORLD,
                    protocol::encode(&ServerMessage::ForgetColumn(column)),
                );
            }
            for column in near {
                for message in column_messages(sim.world(), column) {
                    renet.send_message(id, channel::WORLD, protocol::encode(&message));
                }
            }
        }
    }

    /// Sends each playing client what happened this tick within earshot that it did not do
    /// itself: its own steps and edits it predicted and heard already.
    pub(super) fn send_heard(&mut self, renet: &mut RenetServer) {
        let events = self.sim.events();
        if events.is_empty() {
            return;
        }
        let alone = self.sim.players().len() <= 1;
        for (id, _, name) in super::playing(&self.clients) {
            let Some(me) = self.sim.players().get(name) else {
                continue;
            };
            let ear = me.eye();
            let heard: Vec<Heard> = events
                .iter()
                .filter(|e| {
                    // Events name their player only when several share the world.
                    // A client predicts its own player's events, never a creature's.
                    let creature = matches!(e.detail, Some(Detail::Creature { .. }));
                    let own = match &e.player {
                        Some(player) => player == name,
                        None => alone && e.kind != EventKind::Settle && !creature,
                    };
                    let near = e.pos.is_some_and(|p| {
                        p.min_corner().distance_squared(ear) <= HEARING_RANGE * HEARING_RANGE
                    });
                    !own && near
                })
                .filter_map(Heard::of)
                .collect();
            if !heard.is_empty() {
                renet.send_message(
                    id,
                    channel::SNAPSHOTS,
                    protocol::encode(&ServerMessage::Heard(heard)),
                );
            }
        }
    }

    /// How many snapshots have gone out before this tick's: which of them carry the
    /// creatures ([`CREATURE_SNAPSHOTS`]).
    fn snapshot_count(&self) -> u64 {
        self.sim.tick_count() / self.config.snapshot_ticks.max(1)
    }

    /// Sends each playing client where it and the others are.
    pub(super) fn send_snapshots(&mut self, renet: &mut RenetServer) {
        let reach = f64::from(self.config.view_distance) * f64::from(hewn_core::world::CHUNK_SIZE);
        let sim = &self.sim;
        for (id, remote, name) in super::playing(&self.clients) {
            let me = sim.players().get(name);
            let center = me.unwrap_or(&remote.body).position;
            let near = |p: DVec3| (p.x - center.x).abs().max((p.z - center.z).abs()) <= reach;
            let snapshot = Snapshot {
                tick: sim.tick_count(),
                time: sim.time(),
                // The player as it was right after its client's last tick played: while the
                // buffer refills, the world moves it on ticks that are none of the client's,
                // and those moves belong to no tick the client can check its own against.
                you: (remote.played.back())
                    .filter(|&&(t, _)| Some(t) == remote.last_played)
                    .map(|&(t, body)| (t, WireBody::of(&body))),
                origin: center.to_array(),
                others: sim
                    .players()
                    .list()
                    .iter()
                    .filter(|m| &m.name != name && near(m.body.position))
                    .map(|m| Seen::of(m.name.as_str(), &m.body, center))
                    .collect(),
                crates: sim
                    .crates()
                    .list()
                    .iter()
                    .filter(|c| near(c.position))
                    .map(|c| (c.position.to_array(), c.size.to_array()))
                    .collect(),
                falling: sim
                    .falling()
                    .list()
                    .iter()
                    .filter(|f| near(f.position))
                    .map(|f| (f.block.id(), f.position.to_array()))
                    .collect(),
                items: items_seen(sim, center, near),
                creatures: (self.snapshot_count().is_multiple_of(CREATURE_SNAPSHOTS))
                    .then(|| creatures_seen(sim, center, near)),
                arrows: arrows_seen(sim, center, near),
            };
            renet.send_message(
                id,
                channel::SNAPSHOTS,
                protocol::encode(&ServerMessage::Snapshot(snapshot)),
            );
        }
    }
}

/// The `most` nearest of `all` to `center` (each at the position `at` gives), of those
/// `near` holds, in their order in `all`.
fn nearest<T>(
    all: &[T],
    center: DVec3,
    at: impl Fn(&T) -> DVec3,
    near: impl Fn(DVec3) -> bool,
    most: usize,
) -> Vec<&T> {
    let mut seen: Vec<(usize, &T)> = all
        .iter()
        .enumerate()
        .filter(|(_, t)| near(at(t)))
        .collect();
    if seen.len() > most {
        seen.sort_by(|a, b| {
            let (da, db) = (
                at(a.1).distance_squared(center),
                at(b.1).distance_squared(center),
            );
            da.total_cmp(&db).then(a.0.cmp(&b.0))
        });
        seen.truncate(most);
        seen.sort_by_key(|&(i, _)| i);
    }
    seen.into_iter().map(|(_, t)| t).collect()
}

/// The creatures within `near` of `center`, as a snapshot from there carries them: the
/// nearest [`MAX_CREATURES_SEEN`], by id.
fn creatures_seen(
    sim: &hewn_core::sim::Simulation,
    center: DVec3,
    near: impl Fn(DVec3) -> bool,
) -> Vec<SeenCreature> {
    let list = sim.creatures().list();
    nearest(list, center, |c| c.body.position, near, MAX_CREATURES_SEEN)
        .into_iter()
        .map(|c| SeenCreature::of(c, center))
        .collect()
}

/// The arrows within `near` of `center`, the nearest [`MAX_ARROWS_SEEN`].
fn arrows_seen(
    sim: &hewn_core::sim::Simulation,
    center: DVec3,
    near: impl Fn(DVec3) -> bool,
) -> Vec<SeenArrow> {
    let list = sim.creatures().arrows();
    nearest(list, center, |a| a.position, near, MAX_ARROWS_SEEN)
        .into_iter()
        .map(|a| SeenArrow::of(a, center, a.velocity))
        .collect()
}

/// The items lying within `near` of `center`, as a snapshot from there carries them: the
/// nearest [`MAX_ITEMS_SEEN`].
fn items_seen(
    sim: &hewn_core::sim::Simulation,
    center: DVec3,
    near: impl Fn(DVec3) -> bool,
) -> Vec<SeenItem> {
    let mut seen: Vec<(usize, &hewn_core::sim::survival::ItemDrop)> =
        (sim.survival().drops.list().iter().enumerate())
            .filter(|(_, d)| near(d.position))
            .collect();
    if seen.len() > MAX_ITEMS_SEEN {
        // Nearest first, and of two as near the one that appeared first: the nearest are
        // picked out in linear time and only they are sorted.
        let order = |(i, d): &(usize, &hewn_core::sim::survival::ItemDrop)| {
            (d.position.distance_squared(center), *i)
        };
        let by = |a: &(usize, &_), b: &(usize, &_)| {
            let ((da, ia), (db, ib)) = (order(a), order(b));
            da.total_cmp(&db).then(ia.cmp(&ib))
        };
        seen.select_nth_unstable_by(MAX_ITEMS_SEEN - 1, by);
        seen.truncate(MAX_ITEMS_SEEN);
        seen.sort_unstable_by(by);
    }
    seen.into_iter()
        .map(|(_, d)| SeenItem {
            item: d.stack.item.id(),
            count: d.stack.count,
            offset: (d.position - center).as_vec3().to_array(),
            age: d.age,
        })
        .collect()
}

/// The messages that carry the edits of `column`: as many as its edits need, the last
/// marked complete.
fn column_messages(world: &World, column: ColumnPos) -> Vec<ServerMessage> {
    let edits: Vec<(BlockPos, u16)> = world
        .edits_in_column(column)
        .map(|(pos, edit)| (pos, edit.current.id()))
        .collect();
    let mut messages: Vec<ServerMessage> = edits
        .chunks(EDITS_PER_MESSAGE)
        .map(|part| ServerMessage::Column {
            column,
            edits: part.to_vec(),
            complete: false,
        })
        .collect();
    match messages.last_mut() {
        Some(ServerMessage::Column { complete, .. }) => *complete = true,
        _ => messages.push(ServerMessage::Column {
            column,
            edits: Vec::new(),
            complete: true,
        }),
    }
    messages
}
