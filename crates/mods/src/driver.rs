//! The mods of a world played step by step: what `hewn serve`, the game's own server and
//! `hewn sim` all do with them, in one place, so that a modded game plays the same through
//! any of them.
//!
//! Around each [`Step`]:
//! - [`Driver::before`]: the blocks and moves the mods asked for since the last step join
//!   it, and each player's break, place or held dig in it is put to the mods' `hewn_edit`;
//!   a refused one is taken out of the input;
//! - the step is played;
//! - [`Driver::after`]: the mods hear who joined, came back or left and the creatures
//!   killed, then every mod's `hewn_tick` runs on the world as the step left it.
//!
//! What the mods say comes back as [`Line`]s for whatever runs the world to deliver.

use glam::DVec3;

use super::{Command, Mods, Outcome};
use hewn_core::physics::Control;
use hewn_core::sim::survival::Detail;
use hewn_core::sim::{Action, EventKind, PlayerName, Simulation, Step};
use hewn_core::world::{Block, BlockPos};
use hewn_scenario::body_in_limits;

/// What the mods said, for whatever runs the world to deliver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A chat line from the server, to the player called `to`, or to everyone.
    Chat {
        /// The player, or `None` for everyone.
        to: Option<String>,
        /// What.
        text: String,
    },
    /// A line for the log, `mod NAME: …`.
    Log(String),
}

/// A world's mods and what they asked of the next step.
#[derive(Debug)]
pub struct Driver {
    /// The mods.
    pub mods: Mods,
    /// Blocks to set at the start of the next step.
    sets: Vec<(BlockPos, Block)>,
    /// Players to move at the start of the next step.
    teleports: Vec<(PlayerName, DVec3)>,
    /// Items to drop at the start of the next step.
    drops: Vec<(DVec3, hewn_core::sim::Item, u8)>,
    /// Items to give or take at the start of the next step.
    gives: Vec<(PlayerName, hewn_core::sim::Item, i16)>,
}

impl Driver {
    /// The driver of `mods`, nothing asked yet.
    #[must_use]
    pub const fn new(mods: Mods) -> Self {
        Self {
            mods,
            sets: Vec::new(),
            teleports: Vec::new(),
            drops: Vec::new(),
            gives: Vec::new(),
        }
    }

    /// Takes in `outcome`: its blocks, moves, drops and gives for the next step, its chat
    /// and log as lines. What a scenario could not say is left out (a block outside the
    /// world, a move or drop past the limits a scenario's places keep, a player not in
    /// `sim`), so that every step a recording keeps reads back.
    pub fn absorb(&mut self, sim: &Simulation, outcome: Outcome) -> Vec<Line> {
        let mut lines: Vec<Line> = outcome.log.into_iter().map(Line::Log).collect();
        for (_, command) in outcome.commands {
            match command {
                Command::SetBlock { pos, block } => {
                    if pos.in_world_height() && pos.inside_border() {
                        self.sets.push((pos, block));
                    }
                }
                Command::Teleport { player, position } => {
                    // The rule an operator's /tp and a scenario's teleport keep.
                    let half = DVec3::splat(hewn_core::physics::tuning::PLAYER_WIDTH / 2.0);
                    let name = PlayerName::new(&player).ok();
                    let playing = name.filter(|n| sim.players().get(n).is_some());
                    if let Some(name) =
                        playing.filter(|_| body_in_limits(position, half, DVec3::ZERO))
                    {
                        self.teleports.push((name, position));
                    }
                }
                Command::Drop {
                    position,
                    item,
                    count,
                } => {
                    let item = hewn_core::sim::Item::from_name(&item);
                    let inside = body_in_limits(position, DVec3::splat(DROP_HALF), DVec3::ZERO);
                    if let Some(item) = item.filter(|_| inside) {
                        self.drops.push((position, item, count));
                    }
                }
                Command::Give {
                    player,
                    item,
                    count,
                } => {
                    let name = PlayerName::new(&player).ok();
                    let playing = name.filter(|n| sim.players().get(n).is_some());
                    let item = hewn_core::sim::Item::from_name(&item);
                    if let (Some(name), Some(item)) = (playing, item) {
                        self.gives.push((name, item, count));
                    }
                }
                Command::Chat { to, text } => lines.push(Line::Chat { to, text }),
            }
        }
        lines
    }

    /// Tells the mods where each player of `sim` stands: call before calling them outside
    /// [`Driver::before`] and [`Driver::after`] (a command, say).
    pub fn see_players(&mut self, sim: &Simulation) {
        let players: Vec<(String, DVec3)> = (sim.players().list().iter())
            .map(|m| (m.name.to_string(), m.body.position))
            .collect();
        self.mods.see_players(&players);
    }

    /// Before `step` is played on `sim`: the mods' blocks and moves join it, and each
    /// player's edit in it is put to the mods, a refused one taken out of its input (and a
    /// held dig let go), so that it never reaches the world or a recording.
    pub fn before(&mut self, sim: &mut Simulation, step: &mut Step) -> Vec<Line> {
        self.see_players(sim);
        let mut heard = Vec::new();
        for (name, input) in &mut step.inputs {
            let mut refused = |sim: &mut Simulation, action: Option<Action>| {
                let Some((pos, block)) = sim.aimed_edit(name, input, action) else {
                    return false;
                };
                let (allowed, outcome) =
                    self.mods
                        .allow_edit(&mut sim.loader(), name.as_str(), pos, block);
                heard.push(outcome);
                !allowed
            };
            let mut kept = Vec::with_capacity(input.actions.len());
            for &action in &input.actions {
                let edits = matches!(action, Action::Break | Action::Place(_));
                if !(edits && refused(sim, Some(action))) {
                    kept.push(action);
                }
            }
            let dig_refused = input.controls.held(Control::Dig) && refused(sim, None);
            input.actions = kept;
            if dig_refused {
                input.controls.set(Control::Dig, false);
            }
        }
        let mut lines = Vec::new();
        for outcome in heard {
            lines.extend(self.absorb(sim, outcome));
        }
        step.sets.append(&mut self.sets);
        step.teleports.append(&mut self.teleports);
        step.drops.append(&mut self.drops);
        step.gives.append(&mut self.gives);
        lines
    }

    /// After `step` was played on `sim`: the mods hear who joined, came back or left and
    /// the creatures killed, then every mod's `hewn_tick` runs.
    pub fn after(&mut self, sim: &mut Simulation, step: &Step) -> Vec<Line> {
        self.see_players(sim);
        // A world of one names no one in its events: every player event is that player's.
        let alone = (sim.players().list().first()).filter(|_| sim.players().len() == 1);
        let edits: Vec<(String, BlockPos, Block, bool)> = (sim.events().iter())
            .filter(|e| matches!(e.kind, EventKind::Break | EventKind::Place))
            .filter_map(|e| {
                let who = e.player.as_ref().or(alone.map(|m| &m.name))?;
                Some((
                    who.to_string(),
                    e.pos?,
                    e.block?,
                    e.kind == EventKind::Break,
                ))
            })
            .collect();
        let slain: Vec<(u16, BlockPos)> = (sim.events().iter())
            .filter(|e| e.kind == EventKind::Slain)
            .filter_map(|e| match e.detail {
                Some(Detail::Creature { kind, .. }) => Some((kind, e.pos?)),
                _ => None,
            })
            .collect();
        let mut heard = Vec::new();
        {
            let mut loader = sim.loader();
            let joined = (step.joining.iter().map(|m| &m.name)).chain(&step.returning);
            for name in joined {
                heard.push(self.mods.joined(&mut loader, name.as_str()));
            }
            for name in &step.leaving {
                heard.push(self.mods.left(&mut loader, name.as_str()));
            }
            for (who, pos, block, broke) in edits {
                heard.push(self.mods.edited(&mut loader, &who, pos, block, broke));
            }
            let kinds = hewn_core::sim::creature::kinds();
            for (kind, pos) in slain {
                let name = kinds.get(usize::from(kind)).map_or("", |k| k.name.as_str());
                heard.push(self.mods.slain(&mut loader, name, pos));
            }
        }
        let tick = sim.tick_count();
        heard.push(self.mods.tick(&mut sim.loader(), tick));
        let mut lines = Vec::new();
        for outcome in heard {
            lines.extend(self.absorb(sim, outcome));
        }
        lines
    }
}

/// Half a dropped item's box, as a scenario's `drop_item` checks its place.
const DROP_HALF: f64 = 0.125;
