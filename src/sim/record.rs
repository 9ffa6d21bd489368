//! Recording a played session as a scenario file that `hewn sim` replays exactly.
//!
//! The recording holds the starting state (seed, generator, the player, the world's edits as
//! one-cell fills, marked `settled` so that they set nothing in motion, and the water and sand
//! updates waiting and blocks falling), then per tick what changed: controls as held ranges, look
//! changes and actions as one-shot events. Floats are written with Rust's shortest
//! round-trip formatting, so the replay starts from bit-identical numbers.

use std::fmt::Write as _;

use super::{Action, Input, Simulation};
use crate::physics::Control;
use crate::worldgen::GeneratorKind;

/// A session being recorded.
#[derive(Clone, Debug)]
pub struct Recorder {
    /// Top-level keys other than `ticks`, which is only known at the end.
    top: String,
    /// The `[player]` table and the fills.
    tables: String,
    held_since: [Option<u64>; Control::ALL.len()],
    body: String,
    tick: u64,
}

/// A float as TOML with exact round trip (`{:?}` always has a `.` or an exponent).
fn float(v: f64) -> String {
    format!("{v:?}")
}

fn vector(v: glam::DVec3) -> String {
    format!("[{}, {}, {}]", float(v.x), float(v.y), float(v.z))
}

impl Recorder {
    /// Starts recording `sim`, which must be at the tick the recording starts from, of a world
    /// made by `kind` from `seed`.
    #[must_use]
    pub fn new(sim: &Simulation, kind: GeneratorKind, seed: u64) -> Self {
        let mut header = String::from("# Recorded by hewn; replay with `hewn sim FILE`.\n");
        // TOML integers stop at i64::MAX; larger seeds go in a string, which the format allows.
        if i64::try_from(seed).is_ok() {
            let _ = writeln!(header, "seed = {seed}");
        } else {
            let _ = writeln!(header, "seed = \"{seed}\"");
        }
        let _ = writeln!(header, "world = \"{}\"", kind.name());
        let _ = writeln!(header, "time = {}", sim.time());
        // The edits below are the world as it stands, and what is in motion is listed.
        let _ = writeln!(header, "settled = true");
        let p = &sim.player;
        let mut player = String::from("\n[player]\n");
        let _ = writeln!(player, "position = {}", vector(p.position));
        let _ = writeln!(player, "velocity = {}", vector(p.velocity));
        let _ = writeln!(player, "yaw = {}", float(p.yaw));
        let _ = writeln!(player, "pitch = {}", float(p.pitch));
        let _ = writeln!(player, "flying = {}", p.flying);
        let _ = writeln!(player, "collider = \"{}\"", p.collider.name());
        for c in sim.crates.list() {
            let _ = writeln!(
                player,
                "\n[[crate]]\nposition = {}\nsize = {}",
                vector(c.position),
                vector(c.size)
            );
        }
        let mut fills = String::new();
        for (pos, edit) in sim.world.edits() {
            let _ = writeln!(
                fills,
                "\n[[fill]]\nfrom = [{x}, {y}, {z}]\nto = [{x}, {y}, {z}]\nblock = \"{}\"",
                edit.current.name(),
                x = pos.x,
                y = pos.y,
                z = pos.z
            );
        }
        let motion = sim.motion();
        for (due, pos) in motion.updates {
            let _ = writeln!(
                fills,
                "\n[[update]]\npos = [{}, {}, {}]\ndue = {due}",
                pos.x, pos.y, pos.z
            );
        }
        for f in motion.falling {
            let _ = writeln!(
                fills,
                "\n[[falling]]\nblock = \"{}\"\nposition = {}\nvelocity = {}",
                f.block.name(),
                vector(f.position),
                float(f.velocity)
            );
        }
        Self {
            top: header,
            tables: player + &fills,
            held_since: [None; Control::ALL.len()],
            body: String::new(),
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
        let t = self.tick;
        for control in Control::ALL {
            let held = input.controls.held(control);
            let since = &mut self.held_since[control as usize];
            match (held, *since) {
                (true, None) => *since = Some(t),
                (false, Some(from)) => {
                    *since = None;
                    Self::write_hold(&mut self.body, from, t, control);
                }
                _ => {}
            }
        }
        let mut look = String::new();
        if let Some(yaw) = input.yaw {
            let _ = writeln!(look, "yaw = {}", float(yaw));
        }
        if let Some(pitch) = input.pitch {
            let _ = writeln!(look, "pitch = {}", float(pitch));
        }
        if input.actions.is_empty() && !look.is_empty() {
            let _ = write!(self.body, "\n[[input]]\nat = {t}\n{look}");
        }
        for (i, action) in input.actions.iter().enumerate() {
            let _ = write!(self.body, "\n[[input]]\nat = {t}\n");
            if i == 0 {
                self.body.push_str(&look);
            }
            let _ = writeln!(self.body, "action = \"{}\"", action.name());
            if let Action::Place(block) = action {
                let _ = writeln!(self.body, "block = \"{}\"", block.name());
            }
        }
        self.tick += 1;
    }

    fn write_hold(body: &mut String, from: u64, to: u64, control: Control) {
        let _ = write!(
            body,
            "\n[[input]]\nfrom = {from}\nto = {to}\nhold = [\"{}\"]\n",
            control.name()
        );
    }

    /// The scenario file for everything recorded so far.
    #[must_use]
    pub fn to_toml(&self) -> String {
        let mut out = self.top.clone();
        let _ = writeln!(out, "ticks = {}", self.tick);
        out.push_str(&self.tables);
        out.push_str(&self.body);
        for control in Control::ALL {
            if let Some(from) = self.held_since[control as usize] {
                Self::write_hold(&mut out, from, self.tick, control);
            }
        }
        out
    }
}

#[cfg(test)]
mod layout_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::Control;
    use crate::sim::scenario::Scenario;
    use crate::world::{Block, BlockPos, BlockSource};

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
                    .extend([Action::Break, Action::Place(Block::Planks)]),
                150 => input.actions.push(Action::ToggleFly),
                _ => {}
            }
            recorder.record(&input);
            sim.tick(&input);
        }
    }

    #[test]
    fn a_recording_started_mid_flood_and_mid_fall_replays_to_the_same_hash() {
        let mut sim = Simulation::new(GeneratorKind::Flat, 3);
        sim.world.set_block(BlockPos::new(2, 64, -3), Block::Water);
        sim.world.set_block(BlockPos::new(-2, 90, 1), Block::Gravel);
        for _ in 0..37 {
            sim.tick(&Input::default());
        }
        assert!(!sim.updates().is_empty() && !sim.falling.list().is_empty());
        let mut recorder = Recorder::new(&sim, GeneratorKind::Flat, 3);
        session(&mut sim, &mut recorder);
        let text = recorder.to_toml();
        let scenario = match Scenario::parse(&text) {
            Ok(s) => s,
            Err(e) => panic!("{e}\n{text}"),
        };
        let replay = scenario.run(|_| {});
        let edits = |s: &Simulation| s.world.edits().collect::<Vec<_>>();
        assert_eq!(edits(&replay), edits(&sim), "{text}");
        assert_eq!(replay.motion(), sim.motion());
        assert_eq!(
            sim.world.block(BlockPos::new(-2, 64, 1)),
            Block::Gravel,
            "the gravel landed during the session"
        );
    }

    #[test]
    fn a_recording_replays_to_the_same_hash() {
        let mut sim = Simulation::new(GeneratorKind::Flat, u64::MAX - 5);
        sim.world.set_block(BlockPos::new(40, 64, 40), Block::Glass);
        let mut recorder = Recorder::new(&sim, GeneratorKind::Flat, u64::MAX - 5);
        session(&mut sim, &mut recorder);
        let text = recorder.to_toml();
        let scenario = match Scenario::parse(&text) {
            Ok(s) => s,
            Err(e) => panic!("{e}\n{text}"),
        };
        assert_eq!(scenario.ticks, 240);
        let replay = scenario.run(|_| {});
        assert_eq!(replay.hash(), sim.hash(), "{text}");
        assert!(sim.world.edit_count() > 1, "the session edited the world");
    }
}
