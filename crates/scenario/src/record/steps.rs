//! Recording a server's run: every step it played, for every player, as a scenario that
//! `hewn sim` replays to the server's hash.
//!
//! The world as the server started is written as [`Recorder`](super::Recorder) writes a
//! game's; each player as a `[players.NAME]` table (`[player]` for one named `player`)
//! with where it first joined and the tick it did; each player's inputs as holds and
//! events with its name; each time it leaves or comes back as `action = "leave"` and
//! `action = "join"` events, an operator's moves and clock as `action = "teleport"` and
//! `action = "set_time"`, and who is made an operator or no longer as `action = "op"` and
//! `action = "deop"`. A server's world starts with no one in it, so the first player
//! of the file, unless someone is named `player`, leaves at tick 0 before anyone acts.
//!
//! Those who played the world before are there from the start as their survival state
//! alone, waiting to join: each gets its table at once, with every survival key, and the
//! tick it joins when it does (or, when it does not, the first tick after the recording),
//! so the replay holds what the server held.

use std::collections::{BTreeMap, BTreeSet};

use super::{HeldSince, Recorder, hold, record_input, ticks};
use crate::raw::{RawInput, RawPlayer, RawScenario};
use crate::{WriteError, writer};
use hewn_core::physics::Control;
use hewn_core::sim::{PlayerName, Simulation, Step};
use hewn_core::worldgen::GeneratorKind;

/// A server's run being recorded.
#[derive(Clone, Debug)]
pub struct StepRecorder {
    scenario: RawScenario,
    /// Each player's controls held, by name.
    held: BTreeMap<PlayerName, HeldSince>,
    /// Those whose survival state the world held at the start, not yet joined.
    waiting: BTreeSet<PlayerName>,
    tick: u64,
}

impl StepRecorder {
    /// Starts recording `sim`, a server's world with no one in it yet, made by `kind` from
    /// `seed`.
    #[must_use]
    pub fn new(sim: &Simulation, kind: GeneratorKind, seed: u64) -> Self {
        let mut scenario = Recorder::new(sim, kind, seed).scenario;
        scenario.player = RawPlayer {
            leaves: Some(0),
            ..RawPlayer::default()
        };
        let mut waiting = BTreeSet::new();
        for (name, survivor) in &sim.survival().survivors {
            let table = crate::survival::player_keys(Some(survivor));
            if name.as_str() == PlayerName::DEFAULT {
                scenario.player = table;
            } else {
                scenario.players.insert(name.to_string(), table);
            }
            waiting.insert(name.clone());
        }
        Self {
            scenario,
            held: BTreeMap::new(),
            waiting,
            tick: 0,
        }
    }

    /// The table of the player called `name`, if it has one.
    fn table_mut(&mut self, name: &PlayerName) -> Option<&mut RawPlayer> {
        if name.as_str() == PlayerName::DEFAULT {
            Some(&mut self.scenario.player)
        } else {
            self.scenario.players.get_mut(name.as_str())
        }
    }

    /// Records the step of the next tick.
    pub fn record(&mut self, step: &Step) {
        let t = self.tick;
        let at = Some(ticks(t));
        let event = |name: &PlayerName, action: &str| RawInput {
            player: Some(name.to_string()),
            at,
            action: Some(action.to_owned()),
            ..RawInput::default()
        };
        for name in &step.leaving {
            self.scenario.input.push(event(name, "leave"));
        }
        for m in &step.joining {
            let p = &m.body;
            // One who waited keeps the survival state its table was given at the start.
            let waited = self.waiting.remove(&m.name);
            let survival = (self.table_mut(&m.name).filter(|_| waited))
                .map(std::mem::take)
                .unwrap_or_default();
            let table = RawPlayer {
                joins: Some(ticks(t)),
                leaves: None,
                position: Some(p.position.to_array()),
                velocity: Some(p.velocity.to_array()),
                yaw: Some(p.yaw),
                pitch: Some(p.pitch),
                flying: Some(p.flying),
                on_ground: p.on_ground.then_some(true),
                collider: Some(p.collider.name().to_owned()),
                ..survival
            };
            if m.name.as_str() == PlayerName::DEFAULT {
                self.scenario.player = table;
            } else {
                self.scenario.players.insert(m.name.to_string(), table);
            }
        }
        for name in &step.returning {
            self.scenario.input.push(event(name, "join"));
        }
        for (name, place) in &step.teleports {
            self.scenario.input.push(RawInput {
                position: Some(place.to_array()),
                ..event(name, "teleport")
            });
        }
        for (name, made) in &step.operators {
            self.scenario
                .input
                .push(event(name, if *made { "op" } else { "deop" }));
        }
        if let Some(time) = step.set_time {
            self.scenario.input.push(RawInput {
                at,
                action: Some("set_time".to_owned()),
                time: Some(i64::try_from(time).unwrap_or(i64::MAX)),
                ..RawInput::default()
            });
        }
        for &(pos, block) in &step.sets {
            self.scenario.input.push(RawInput {
                at,
                action: Some("set_block".to_owned()),
                position: Some(pos.to_ivec3().as_dvec3().to_array()),
                block: Some(block.name().to_owned()),
                ..RawInput::default()
            });
        }
        for (name, item, count) in &step.gives {
            self.scenario.input.push(RawInput {
                item: Some(item.name().to_owned()),
                count: Some(i64::from(*count)),
                ..event(name, "give_item")
            });
        }
        for &(position, item, count) in &step.drops {
            self.scenario.input.push(RawInput {
                at,
                action: Some("drop_item".to_owned()),
                position: Some(position.to_array()),
                item: Some(item.name().to_owned()),
                count: Some(i64::from(count)),
                ..RawInput::default()
            });
        }
        if let Some(difficulty) = step.set_difficulty {
            self.scenario.input.push(RawInput {
                at,
                action: Some("set_difficulty".to_owned()),
                difficulty: Some(difficulty.name().to_owned()),
                ..RawInput::default()
            });
        }
        // Every player ever seen plays this tick's input, or holds nothing.
        for name in step.inputs.keys() {
            self.held
                .entry(name.clone())
                .or_insert([None; Control::ALL.len()]);
        }
        let idle = hewn_core::sim::Input::default();
        for (name, held) in &mut self.held {
            let input = step.inputs.get(name).unwrap_or(&idle);
            record_input(
                &mut self.scenario.input,
                held,
                t,
                input,
                Some(name.as_str()),
            );
        }
        self.tick += 1;
    }

    /// The scenario file for everything recorded so far.
    ///
    /// # Errors
    /// [`WriteError`] if the recording holds something TOML cannot (which is a bug).
    pub fn to_toml(&self) -> Result<String, WriteError> {
        let mut scenario = self.scenario.clone();
        scenario.ticks = ticks(self.tick);
        // Those still waiting join after the last tick: held, never played.
        for name in &self.waiting {
            let table = if name.as_str() == PlayerName::DEFAULT {
                Some(&mut scenario.player)
            } else {
                scenario.players.get_mut(name.as_str())
            };
            if let Some(table) = table {
                table.joins = Some(ticks(self.tick.max(1)));
            }
        }
        for (name, held) in &self.held {
            for control in Control::ALL {
                if let Some(from) = held[control as usize] {
                    scenario.input.push(RawInput {
                        player: Some(name.to_string()),
                        ..hold(from, self.tick, control)
                    });
                }
            }
        }
        Ok(format!(
            "{}{}",
            super::HEADER,
            writer::to_string(&scenario)?
        ))
    }
}
