//! A property of creatures: whatever happens around them, none is ever inside a solid, and a
//! recording of it replays to its hash.
//!
//! Random creatures of every kind stand about a survival player on flat ground at night,
//! with sand held up over them and walls and pits around; the player turns, walks, strikes,
//! places blocks where it looks (into creatures too, which is refused) and breaks the
//! blocks holding the sand up, so it falls on them. After every tick no creature's box may
//! overlap a block's; the run, recorded tick by tick as the game records, must replay to
//! the same state.

use hewn_core::physics::intersects_world;
use hewn_core::sim::Input;
use hewn_core::sim::creature::kinds;
use hewn_core::worldgen::GeneratorKind;
use hewn_scenario::Scenario;
use hewn_scenario::record::Recorder;
use hewn_testing::state_without_ticks;
use proptest::prelude::*;

/// One creature: its kind's index and where it stands, in blocks from the player.
fn creature() -> impl Strategy<Value = (usize, i32, i32)> {
    (0..kinds().len(), -10..=10_i32, -10..=10_i32)
}

/// One input: a tick, a look, what is held, and an action.
fn input() -> impl Strategy<Value = (u32, f64, f64, usize, usize)> {
    (
        0..1500_u32,
        0.0..360.0_f64,
        -80.0..30.0_f64,
        0..5_usize,
        0..6_usize,
    )
}

/// The scenario's text: the creatures, the sand over them (held up by a block of dirt
/// under each column of it), a few walls, and the inputs.
fn scenario(creatures: &[(usize, i32, i32)], inputs: &[(u32, f64, f64, usize, usize)]) -> String {
    let mut text = String::from(
        "world = \"flat\"\nseed = 9\nmode = \"survival\"\ntime = 54000\nspawning = true\nticks = 1500\n\
         [player]\nposition = [0.5, 64.0, 0.5]\n\
         inventory = [{item = \"stone\", count = 64}, {item = \"sand\", count = 64}, {item = \"iron_sword\", count = 1}]\n",
    );
    for (i, &(kind, x, z)) in creatures.iter().enumerate() {
        let name = &kinds()[kind].name;
        text.push_str(&format!(
            "[[creature]]\nkind = \"{name}\"\nposition = [{}.5, 64.0, {}.5]\n",
            x, z
        ));
        if i % 2 == 0 {
            // Sand three blocks over it, on dirt the player may break.
            text.push_str(&format!(
                "[[fill]]\nfrom = [{x}, 67, {z}]\nto = [{x}, 67, {z}]\nblock = \"dirt\"\n\
                 [[fill]]\nfrom = [{x}, 68, {z}]\nto = [{x}, 70, {z}]\nblock = \"sand\"\n"
            ));
        }
    }
    text.push_str("[[fill]]\nfrom = [4, 64, -6]\nto = [4, 65, 6]\nblock = \"stone\"\n");
    text.push_str("[[fill]]\nfrom = [-6, 63, 4]\nto = [6, 62, 5]\nblock = \"air\"\n");
    let mut sorted = inputs.to_vec();
    sorted.sort_by_key(|i| i.0);
    for (at, yaw, pitch, hold, action) in sorted {
        let hold = ["forward", "back", "left", "jump", "sneak"][hold];
        let action = match action {
            0 => "action = \"attack\"\n".to_owned(),
            1 => "action = \"select\"\nslot = 0\n".to_owned(),
            2 => "action = \"select\"\nslot = 1\n".to_owned(),
            3 => "action = \"place\"\nblock = \"stone\"\n".to_owned(),
            4 => "action = \"place\"\nblock = \"sand\"\n".to_owned(),
            _ => "action = \"break\"\n".to_owned(),
        };
        text.push_str(&format!(
            "[[input]]\nat = {at}\nyaw = {yaw:.3}\npitch = {pitch:.3}\n{action}\
             [[input]]\nfrom = {at}\nto = {}\nhold = [\"{hold}\"]\n",
            at + 20
        ));
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn no_creature_is_ever_inside_a_solid_and_the_recording_replays(
        creatures in prop::collection::vec(creature(), 1..12),
        inputs in prop::collection::vec(input(), 0..60),
    ) {
        let text = scenario(&creatures, &inputs);
        let scenario = Scenario::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let (mut sim, arrivals) = scenario.begin();
        // Recorded from the end of the first tick, once the fills have set the sand in
        // motion, as a server's recording starts from a world already going.
        let mut recorder: Option<Recorder> = None;
        let me = sim.players().list()[0].name.clone();
        for step in scenario.steps(arrivals) {
            if let Some(recorder) = &mut recorder {
                recorder.record(step.inputs.get(&me).unwrap_or(&Input::default()));
            }
            scenario.play(&mut sim, step);
            if recorder.is_none() {
                recorder = Some(Recorder::new(&sim, GeneratorKind::Flat, 9));
            }
            for c in sim.creatures().list() {
                prop_assert!(
                    !intersects_world(sim.world(), c.bounds(), 1e-6),
                    "after tick {}: creature {} ({}) at {:?} is inside a block",
                    sim.tick_count(), c.id, c.kind().name, c.body.position
                );
            }
        }
        let recorder = recorder.ok_or_else(|| TestCaseError::fail("no tick ran"))?;
        let recorded = recorder.to_toml().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let replay = Scenario::parse(&recorded)
            .map_err(|e| TestCaseError::fail(format!("{e}")))?
            .run(|_| {});
        // The recording counts its ticks from its own 0, one behind: all the rest agrees.
        prop_assert_eq!(replay.creatures(), sim.creatures());
        prop_assert_eq!(state_without_ticks(&replay), state_without_ticks(&sim));
    }
}
