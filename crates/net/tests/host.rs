//! Single-player through the game's own server ([`Host`]): the client's prediction is the
//! server's state every tick, nothing is ever corrected, the server's recording replays to
//! its hash, and a saved world's edits reach the client without it generating a column to
//! hold them.

use std::sync::Arc;

use hewn_core::aabb::Aabb;
use hewn_core::physics::Controls;
use hewn_core::sim::{Action, Input, PlayerName, Simulation, Start};
use hewn_core::world::{Block, BlockPos, BlockSource, World};
use hewn_core::worldgen::{Generator, GeneratorKind, SplitMix64};
use hewn_net::host::Host;
use hewn_net::server::{Server, ServerConfig};
use hewn_save::Hotbar;
use hewn_scenario::Scenario;

/// A host of a new world of `kind` and `seed`, viewed 3 columns around, recording.
fn host(kind: GeneratorKind, seed: u64) -> Host {
    let generator = Arc::new(Generator::new(kind, seed));
    let mut server = Server::new_world(generator, ServerConfig::in_process(3));
    server.record();
    Host::start(server, PlayerName::default()).expect("the server lets its own player in")
}

/// Ticks with nothing held until the ground under the player has arrived, as a session
/// waits before it lets the player move.
fn until_ground(host: &mut Host) {
    for _ in 0..10 {
        if host.game().ground_ready() {
            return;
        }
        host.tick(&Input::default());
    }
    panic!("the ground never arrived");
}

/// A random input: controls changed now and then, looks, breaking, placing and flying.
fn random_input(rng: &mut SplitMix64, controls: &mut Controls) -> Input {
    let roll = rng.next_u64();
    if roll.is_multiple_of(20) {
        *controls = Controls::from_bits((rng.next_u64() & 0x7f) as u8);
    }
    let mut input = Input {
        controls: *controls,
        ..Input::default()
    };
    if roll % 25 == 1 {
        input.yaw = Some((rng.next_u64() % 3600) as f64 / 10.0);
        input.pitch = Some((rng.next_u64() % 1200) as f64 / 10.0 - 60.0);
    }
    match roll % 40 {
        2 => input.actions.push(Action::Break),
        3 => input.actions.push(Action::Place(Block::Planks)),
        4 => input.actions.push(Action::ToggleFly),
        _ => {}
    }
    input
}

#[test]
fn the_prediction_is_the_servers_state_every_tick_and_the_recording_replays() {
    for (kind, seed) in [(GeneratorKind::Flat, 3), (GeneratorKind::Terrain, 7)] {
        let mut host = host(kind, seed);
        until_ground(&mut host);
        let name = PlayerName::default();
        let mut rng = SplitMix64::new(seed);
        let mut controls = Controls::NONE;
        for tick in 0..900 {
            let input = random_input(&mut rng, &mut controls);
            host.tick(&input);
            let mine = host.game().me().copied();
            let servers = host.server().sim().players().get(&name).copied();
            assert_eq!(mine, servers, "{kind:?}: tick {tick}");
        }
        let game = host.game();
        assert_eq!(game.corrections(), 0, "{kind:?}");
        assert_eq!(game.edits_pending(), 0, "{kind:?}");
        assert!(game.caught_up(), "{kind:?}");
        let server = host.server().sim();
        assert!(
            server.world().edit_count() > 0,
            "{kind:?}: the run edited the world"
        );
        let edits = |sim: &Simulation| -> Vec<(BlockPos, Block)> {
            let world = sim.world();
            world
                .edits()
                .filter(|(pos, _)| world.is_column_loaded(pos.column()))
                .map(|(pos, edit)| (pos, edit.current))
                .collect()
        };
        assert_eq!(edits(game.sim()), edits(server), "{kind:?}");
        let hash = server.hash();
        let recording = (host.server_mut().take_recording())
            .expect("recording")
            .to_toml()
            .expect("TOML");
        let scenario = Scenario::parse(&recording).expect("the recording parses");
        assert_eq!(scenario.run(|_| {}).hash(), hash, "{kind:?}");
    }
}

#[test]
fn a_saved_edit_waits_for_its_column_instead_of_generating_it() {
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 3));
    let mut world = World::with_shared_source(generator.clone());
    let far = BlockPos::new(80, 40, 16);
    assert!(world.set_block(far, Block::Glowstone));
    world.unload_column(far.column());
    let start = Start::with_no_one(world);
    let server = Server::new(
        Simulation::new(start),
        generator,
        ServerConfig::in_process(3),
    );
    let mut host = Host::start(server, PlayerName::default()).expect("in");
    until_ground(&mut host);
    for _ in 0..10 {
        host.tick(&Input::default());
    }
    let game = host.game_mut();
    assert!(game.holds(far.column()), "the column's edits were sent");
    let world = game.sim().world();
    assert!(
        !world.is_column_loaded(far.column()),
        "the client generates a column when it draws it, not when it hears of it"
    );
    let cell = far.min_corner();
    game.sim_mut().loader().load_region(Aabb::new(cell, cell));
    assert_eq!(game.sim().world().block(far), Block::Glowstone);
    assert!(game.sim().world().is_edited(far));
}

#[test]
fn the_players_hotbar_and_chat_never_cost_it_its_place_in_its_own_world() {
    let mut host = host(GeneratorKind::Flat, 3);
    until_ground(&mut host);
    let me = PlayerName::default();
    let mut hotbar = Hotbar::default();
    // Scrolling through the hotbar every tick and talking every third, for five seconds:
    // the client also sends its input every tick, which alone is the network's budget.
    for t in 0..300_u64 {
        hotbar.selected = usize::try_from(t % 9).expect("a slot");
        host.set_hotbar(&hotbar);
        if t % 3 == 0 {
            host.say(&format!("line {t}"));
        }
        host.tick(&Input::default());
        assert_eq!(host.server().hotbar(&me), hotbar, "kept at once, tick {t}");
    }
    assert!(
        host.client().refusal().is_none(),
        "{:?}",
        host.client().refusal()
    );
    assert_eq!(host.server().players_online(), 1);
}
