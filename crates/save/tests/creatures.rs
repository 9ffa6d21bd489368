//! A world saved in the middle of a fight opens to go on exactly as it would have: the
//! creatures (their bodies, health and minds), the arrows in flight and stuck, the player and
//! the world's clock, which seeds the creatures' chances, are all kept.

use hewn_core::sim::survival::Mode;
use hewn_core::sim::{Input, Players, Simulation, Start};
use hewn_save::{Checkpoint, Hotbar, NewWorld, WorldFile};
use hewn_scenario::Scenario;
use hewn_testing::state_without_ticks;

/// A survival player by a glass wall, a zombie coming round it, a skeleton shooting, and
/// a flock of sheep, on flat ground.
const FIGHT: &str = r#"
    world = "flat"
    seed = 5
    mode = "survival"
    ticks = 0
    [player]
    position = [0.5, 64.0, 0.5]
    [[fill]]
    from = [3, 64, -3]
    to = [3, 66, 3]
    block = "glass"
    [[creature]]
    kind = "zombie"
    position = [6.5, 64.0, 0.5]
    [[creature]]
    kind = "skeleton"
    position = [-9.5, 64.0, 4.5]
    [[creature]]
    kind = "sheep"
    position = [-3.5, 64.0, -6.5]
    [[creature]]
    kind = "sheep"
    position = [-4.5, 64.0, -7.5]
"#;

/// `sim` after `ticks` more ticks in which the player holds nothing.
fn run(sim: &mut Simulation, ticks: u64) {
    for _ in 0..ticks {
        sim.tick(&Input::default());
    }
}

#[test]
fn a_fight_saved_and_opened_again_goes_on_as_it_would_have() {
    let scenario = Scenario::parse(FIGHT).expect("a good scenario");
    let mut through = scenario.start();
    run(&mut through, 500);

    let mut first = scenario.start();
    run(&mut first, 250);
    assert!(
        !first.creatures().arrows().is_empty(),
        "arrows are flying or stuck"
    );
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("fight.hewn");
    let request = NewWorld {
        seed: Some(5),
        generator: Some(hewn_core::worldgen::GeneratorKind::Flat),
        player: None,
        packs: None,
    };
    let (mut file, _) = WorldFile::open_or_create(&path, request.clone()).expect("a new world");
    file.save(&Checkpoint::of(&mut first, |_| Hotbar::default()))
        .expect("saved");
    file.close().expect("closed");

    let (_file, mut loaded) = WorldFile::open_or_create(&path, request).expect("opened");
    let name = first.players().list()[0].name.clone();
    let me = loaded.take_player(&name).expect("the player was saved");
    let mut again = Simulation::new(Start {
        players: Players::one(name, me.body),
        crates: std::mem::take(&mut loaded.crates),
        motion: std::mem::take(&mut loaded.motion),
        time: loaded.meta.time,
        survival: loaded.take_survival(None, Mode::Survival),
        creatures: loaded.take_creatures(hewn_core::sim::creature::Difficulty::Normal),
        ..Start::in_world(loaded.world, me.body)
    });
    assert_eq!(
        again.creatures(),
        first.creatures(),
        "the creatures as saved"
    );
    run(&mut again, 250);
    assert_eq!(again.creatures(), through.creatures());
    assert_eq!(state_without_ticks(&again), state_without_ticks(&through));
    assert!(
        through
            .creatures()
            .list()
            .iter()
            .any(|c| c.kind().name == "zombie"),
        "the zombie is still there"
    );
}
