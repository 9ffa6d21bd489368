//! Recording a played session as a scenario file that `hewn sim` replays exactly.
//!
//! The recording holds the starting state (seed, generator, the first player, the world's
//! edits as one-cell fills, marked `settled` so that they set nothing in motion, and the water
//! and sand updates waiting and blocks falling), then per tick what changed: controls as held
//! ranges, look changes and actions as one-shot events. It is kept as the very types the scenario reader
//! reads ([`raw`](crate::raw)) and written by [`writer`](crate::writer),
//! whose floats read back bit-identical, so the replay starts from the same numbers.

use crate::raw::{RawCrate, RawFalling, RawFill, RawInput, RawPlayer, RawScenario, RawUpdate};
use crate::{WriteError, writer};
use hewn_core::physics::Control;
use hewn_core::sim::{Action, Input, Member, PlayerName, Simulation};
use hewn_core::worldgen::GeneratorKind;

/// The line a recording starts with.
const HEADER: &str = "# Recorded by hewn; replay with `hewn sim FILE`.\n";

/// A session being recorded.
#[derive(Clone, Debug)]
pub struct Recorder {
    /// The recording so far, but for `ticks` and the controls still held.
    scenario: RawScenario,
    /// The tick each control has been held since, if it is held.
    held_since: HeldSince,
    tick: u64,
}

/// A count of ticks as the format has it; no session runs for i64::MAX ticks.
fn ticks(t: u64) -> i64 {
    i64::try_from(t).unwrap_or(i64::MAX)
}

impl Recorder {
    /// Starts recording `sim`, which must be at the tick the recording starts from, of a world
    /// made by `kind` from `seed`.
    #[must_use]
    pub fn new(sim: &Simulation, kind: GeneratorKind, seed: u64) -> Self {
        let player = sim
            .players()
            .first()
            .map(|Member { name, body: p }| RawPlayer {
                // The default name is left out, so recordings read as they always did.
                name: (name.as_str() != PlayerName::DEFAULT).then(|| name.to_string()),
                position: Some(p.position.to_array()),
                velocity: Some(p.velocity.to_array()),
                yaw: Some(p.yaw),
                pitch: Some(p.pitch),
                flying: Some(p.flying),
                // Left out when false, so recordings of a player in the air read as before.
                on_ground: p.on_ground.then_some(true),
                collider: Some(p.collider.name().to_owned()),
                ..crate::survival::player_keys(sim.survivor(name))
            })
            .unwrap_or_default();
        let crates = sim.crates().list().iter().map(|c| RawCrate {
            position: c.position.to_array(),
            size: Some(c.size.to_array()),
        });
        let fill = sim.world().edits().map(|(pos, edit)| RawFill {
            from: [pos.x, pos.y, pos.z],
            to: [pos.x, pos.y, pos.z],
            block: edit.current.name().to_owned(),
        });
        let motion = sim.motion();
        let updates = motion.updates.iter().map(|&(due, pos)| RawUpdate {
            pos: [pos.x, pos.y, pos.z],
            due: ticks(due),
        });
        let falling = motion.falling.iter().map(|f| RawFalling {
            block: f.block.name().to_owned(),
            position: f.position.to_array(),
            velocity: f.velocity,
        });
        let scenario = RawScenario {
            // No packs: what a server's mods did is in the steps, which a replay running
            // them again would do twice. A recording of a world whose packs add blocks
            // names them only once packs can be enabled without their code.
            packs: Vec::new(),
            seed: Some(seed),
            world: Some(kind.name().to_owned()),
            time: Some(ticks(sim.time())),
            mode: (sim.mode() == hewn_core::sim::survival::Mode::Survival)
                .then(|| sim.mode().name().to_owned()),
            // The edits are the world as it stands, and what is in motion is listed.
            settled: true,
            ticks: 0,
            probes: Vec::new(),
            player,
            players: std::collections::BTreeMap::new(),
            crates: crates.collect(),
            fill: fill.collect(),
            updates: updates.collect(),
            falling: falling.collect(),
            items: crate::survival::item_keys(sim),
            population: (!sim.creatures().is_idle())
                .then(|| crate::creatures::population_json(sim.creatures())),
            creatures: Vec::new(),
            spawning: false,
            difficulty: None,
            input: Vec::new(),
        };
        Self {
            scenario,
            held_since: [None; Control::ALL.len()],
            tick: 0,
        }
    }

    /// Ticks recorded so far.
    #[must_use]
    pub const fn ticks(&self) -> u64 {
        self.tick
    }

    /// Records the input of the next tick.
    pub fn record(&mut self, input: &Input) {
        record_input(
            &mut self.scenario.input,
            &mut self.held_since,
            self.tick,
            input,
            None,
        );
        self.tick += 1;
    }

    /// The scenario file for everything recorded so far.
    ///
    /// # Errors
    /// [`WriteError`] if the recording holds something TOML cannot (which is a bug).
    pub fn to_toml(&self) -> Result<String, WriteError> {
        let mut scenario = self.scenario.clone();
        scenario.ticks = ticks(self.tick);
        for control in Control::ALL {
            if let Some(from) = self.held_since[control as usize] {
                scenario.input.push(hold(from, self.tick, control));
            }
        }
        Ok(format!("{HEADER}{}", writer::to_string(&scenario)?))
    }
}

/// How long each control has been held, by the tick it was first held on.
type HeldSince = [Option<u64>; Control::ALL.len()];

/// Adds to `list` what `input`, played on tick `t` by `player` (the first player for
/// `None`), changes: holds that end, and one-shot events for its look and actions.
fn record_input(
    list: &mut Vec<RawInput>,
    held_since: &mut HeldSince,
    t: u64,
    input: &Input,
    player: Option<&str>,
) {
    let player = player.map(str::to_owned);
    for control in Control::ALL {
        let since = &mut held_since[control as usize];
        match (input.controls.held(control), *since) {
            (true, None) => *since = Some(t),
            (false, Some(from)) => {
                *since = None;
                list.push(RawInput {
                    player: player.clone(),
                    ..hold(from, t, control)
                });
            }
            _ => {}
        }
    }
    let event = RawInput {
        player,
        at: Some(ticks(t)),
        yaw: input.yaw,
        pitch: input.pitch,
        ..RawInput::default()
    };
    if input.actions.is_empty() && (input.yaw.is_some() || input.pitch.is_some()) {
        list.push(event.clone());
    }
    for (i, action) in input.actions.iter().enumerate() {
        // The look is set once, before the tick's first action.
        let look = if i == 0 {
            event.clone()
        } else {
            RawInput {
                player: event.player.clone(),
                at: event.at,
                ..RawInput::default()
            }
        };
        let mut raw = RawInput {
            action: Some(action.name().to_owned()),
            block: match action {
                Action::Place(block) => Some(block.name().to_owned()),
                _ => None,
            },
            ..look
        };
        crate::survival::write(action, &mut raw);
        list.push(raw);
    }
}

/// An `[[input]]` holding `control` on ticks `from..to`.
fn hold(from: u64, to: u64, control: Control) -> RawInput {
    RawInput {
        from: Some(ticks(from)),
        to: Some(ticks(to)),
        hold: Some(vec![control]),
        ..RawInput::default()
    }
}

mod steps;
pub use steps::StepRecorder;

#[cfg(test)]
mod layout_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Scenario;
    use hewn_core::physics::Control;
    use hewn_core::sim::Start;
    use hewn_core::world::{Block, BlockPos, BlockSource};

    #[test]
    fn who_is_an_operator_is_recorded_and_replayed() {
        use hewn_core::sim::{Member, PlayerName, Step};
        use hewn_core::worldgen::{Generator, GeneratorKind};
        let generator = Generator::new(GeneratorKind::Flat, 5);
        let world = hewn_core::world::World::new(generator);
        let mut sim = Simulation::new(Start::with_no_one(world));
        let mut recorder = StepRecorder::new(&sim, GeneratorKind::Flat, 5);
        let alice = PlayerName::new("alice").expect("a name");
        let body = hewn_core::physics::Body::new(glam::DVec3::new(0.5, 64.0, 0.5));
        let steps = [
            Step {
                joining: vec![Member {
                    name: alice.clone(),
                    body,
                }],
                ..Step::default()
            },
            Step {
                operators: vec![(alice.clone(), true)],
                ..Step::default()
            },
            Step::default(),
            Step {
                operators: vec![(alice.clone(), false)],
                ..Step::default()
            },
        ];
        let mut played = Vec::new();
        for step in &steps {
            recorder.record(step);
            sim.step(step);
            played.push(sim.operators().contains(&alice));
        }
        assert_eq!(played, [false, true, true, false]);
        let text = recorder.to_toml().expect("written");
        assert!(text.contains("action = \"op\"") && text.contains("action = \"deop\""));
        let scenario = Scenario::parse(&text).expect("reads back");
        let (mut replay, arrivals) = scenario.begin();
        let mut replayed = Vec::new();
        for step in scenario.steps(arrivals).take(steps.len()) {
            replay.step(&step);
            replayed.push(replay.operators().contains(&alice));
        }
        assert_eq!(replayed, played);
    }

    /// Plays a made-up session: walking, jumping, turning, flying, breaking and placing.
    fn session(sim: &mut Simulation, recorder: &mut Recorder) {
        for t in 0..240u32 {
            let mut input = Input {
                controls: [
                    (Control::Forward, t % 100 < 70),
                    (
                        Control::Jump,
                        (30..34).contains(&t) || (200..230).contains(&t),
                    ),
                    (Control::Sprint, t > 120),
                    (Control::Left, t % 50 > 40),
                ]
                .into_iter()
                .filter_map(|(control, held)| held.then_some(control))
                .collect(),
                ..Input::default()
            };
            if t % 7 == 0 {
                input.yaw = Some(f64::from(t) * 1.37 + 0.1);
                input.pitch = Some(-35.0 + f64::from(t % 13) * 0.731);
            }
            if matches!(t, 50 | 60) {
                // Look at the ground just ahead, where there is something to break.
                input.pitch = Some(-70.0);
            }
            match t {
                50 => input.actions.push(Action::Break),
                60 => input
                    .actions
                    .extend([Action::Break, Action::Place(Block::PLANKS)]),
                150 => input.actions.push(Action::ToggleFly),
                _ => {}
            }
            recorder.record(&input);
            sim.tick(&input);
        }
    }

    #[test]
    fn a_recording_started_mid_flood_and_mid_fall_replays_to_the_same_hash() {
        let mut start = Start::new_world(GeneratorKind::Flat, 3);
        start
            .world
            .set_block(BlockPos::new(2, 64, -3), Block::WATER);
        start
            .world
            .set_block(BlockPos::new(-2, 90, 1), Block::GRAVEL);
        let mut sim = Simulation::new(start);
        for _ in 0..37 {
            sim.tick(&Input::default());
        }
        assert!(!sim.updates().is_empty() && !sim.falling().list().is_empty());
        let mut recorder = Recorder::new(&sim, GeneratorKind::Flat, 3);
        session(&mut sim, &mut recorder);
        let text = recorder.to_toml().unwrap();
        let scenario = match Scenario::parse(&text) {
            Ok(s) => s,
            Err(e) => panic!("{e}\n{text}"),
        };
        let replay = scenario.run(|_| {});
        let edits = |s: &Simulation| s.world().edits().collect::<Vec<_>>();
        assert_eq!(edits(&replay), edits(&sim), "{text}");
        assert_eq!(replay.motion(), sim.motion());
        // The tick counts differ (the recording starts at its own tick 0), so the hashes
        // cannot be compared whole: everything else the recording restored must agree.
        assert_eq!(replay.player(), sim.player(), "the player");
        assert_eq!(replay.time(), sim.time(), "the clock");
        assert_eq!(replay.crates().list(), sim.crates().list(), "the crates");
        assert_eq!(
            sim.world().block(BlockPos::new(-2, 64, 1)),
            Block::GRAVEL,
            "the gravel landed during the session"
        );
    }

    #[test]
    fn a_recording_replays_to_the_same_hash() {
        let mut start = Start::new_world(GeneratorKind::Flat, u64::MAX - 5);
        start
            .world
            .set_block(BlockPos::new(40, 64, 40), Block::GLASS);
        let mut sim = Simulation::new(start);
        let mut recorder = Recorder::new(&sim, GeneratorKind::Flat, u64::MAX - 5);
        session(&mut sim, &mut recorder);
        let text = recorder.to_toml().unwrap();
        let scenario = match Scenario::parse(&text) {
            Ok(s) => s,
            Err(e) => panic!("{e}\n{text}"),
        };
        assert_eq!(scenario.ticks, 240);
        let replay = scenario.run(|_| {});
        assert_eq!(replay.hash(), sim.hash(), "{text}");
        assert!(sim.world().edit_count() > 1, "the session edited the world");
    }
}
