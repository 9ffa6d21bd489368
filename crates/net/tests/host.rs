//! Single-player through the game's own server ([`Host`]): the server ticks on a thread of
//! its own, the client's prediction is never corrected and ends as the server's state, the
//! server's recording replays to its hash, terrain is generated once for both worlds, and a
//! saved world's edits reach the client without it generating a column to hold them, and a
//! death and respawn cost no correction.

use std::sync::Arc;

use hewn_core::aabb::Aabb;
use hewn_core::physics::{Control, Controls};
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
    Host::start(server, PlayerName::default(), None).expect("the server lets its own player in")
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
        3 => input.actions.push(Action::Place(Block::PLANKS)),
        4 => input.actions.push(Action::ToggleFly),
        _ => {}
    }
    input
}

#[test]
fn the_prediction_is_never_corrected_and_the_recording_replays() {
    for (kind, seed) in [(GeneratorKind::Flat, 3), (GeneratorKind::Terrain, 7)] {
        let mut host = host(kind, seed);
        until_ground(&mut host);
        let name = PlayerName::default();
        let mut rng = SplitMix64::new(seed);
        let mut controls = Controls::NONE;
        for tick in 0..900 {
            let input = random_input(&mut rng, &mut controls);
            host.tick(&input);
            // Now and then the client waits for the server to catch up, as a fast frame
            // would; otherwise it runs ahead, as a slow one does.
            if tick % 7 == 0 {
                host.settle();
            }
        }
        host.settle();
        let game = host.game();
        assert_eq!(game.corrections(), 0, "{kind:?}");
        assert_eq!(game.edits_pending(), 0, "{kind:?}");
        assert!(game.caught_up(), "{kind:?}");
        let mine = game.me().copied();
        let edits = |sim: &Simulation| -> Vec<(BlockPos, Block)> {
            let world = sim.world();
            world
                .edits()
                .filter(|(pos, _)| world.is_column_loaded(pos.column()))
                .map(|(pos, edit)| (pos, edit.current))
                .collect()
        };
        let client_edits = edits(game.sim());
        let mut server = host.stop().expect("the server stops").server;
        assert_eq!(server.tick_threads().len(), 1, "{kind:?}");
        assert_ne!(
            server.tick_threads()[0],
            std::thread::current().id(),
            "{kind:?}: the server ticks on a thread of its own"
        );
        let sim = server.sim();
        assert_eq!(mine, sim.players().get(&name).copied(), "{kind:?}");
        assert!(
            sim.world().edit_count() > 0,
            "{kind:?}: the run edited the world"
        );
        assert_eq!(client_edits, edits(sim), "{kind:?}");
        let hash = sim.hash();
        let recording = (server.take_recording())
            .expect("recording")
            .to_toml()
            .expect("TOML");
        let scenario = Scenario::parse(&recording).expect("the recording parses");
        assert_eq!(scenario.run(|_| {}).hash(), hash, "{kind:?}");
    }
}

#[test]
fn the_server_and_its_client_generate_each_column_once() {
    let generator = Arc::new(Generator::new(GeneratorKind::Terrain, 7));
    let server = Server::new_world(generator.clone(), ServerConfig::in_process(3));
    let made_before = generator.columns_made();
    assert_eq!(
        made_before, 0,
        "a new server generates nothing before it runs"
    );
    let mut host = Host::start(server, PlayerName::default(), None).expect("in");
    until_ground(&mut host);
    // The client draws every column the server holds around the player, and then some.
    let feet = host.game().me().expect("in the world").position;
    let around = Aabb::new(feet, feet).inflated(40.0);
    host.game_mut().sim_mut().loader().load_region(around);
    for _ in 0..60 {
        host.tick(&Input {
            controls: Controls::NONE.with(Control::Forward),
            ..Input::default()
        });
    }
    host.settle();
    let client: Vec<_> = host.game().sim().world().loaded_columns().collect();
    let server = host.stop().expect("the server stops").server;
    let mut entered: std::collections::BTreeSet<_> = client.into_iter().collect();
    entered.extend(server.sim().world().loaded_columns());
    assert!(entered.len() > 9, "{} columns", entered.len());
    assert_eq!(
        generator.columns_made() - made_before,
        entered.len() as u64,
        "each column in either world generated once"
    );
}

#[test]
fn a_saved_edit_waits_for_its_column_instead_of_generating_it() {
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 3));
    let mut world = World::with_shared_source(generator.clone());
    let far = BlockPos::new(80, 40, 16);
    assert!(world.set_block(far, Block::GLOWSTONE));
    world.unload_column(far.column());
    let start = Start::with_no_one(world);
    let server = Server::new(
        Simulation::new(start),
        generator,
        ServerConfig::in_process(3),
    );
    let mut host = Host::start(server, PlayerName::default(), None).expect("in");
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
    assert_eq!(game.sim().world().block(far), Block::GLOWSTONE);
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
    }
    host.settle();
    assert!(
        host.client().refusal().is_none(),
        "{:?}",
        host.client().refusal()
    );
    let server = host.stop().expect("the server stops").server;
    assert_eq!(server.hotbar(&me), hotbar, "kept as last said");
    assert_eq!(server.players_online(), 1);
}

#[test]
fn a_death_and_a_respawn_in_single_player_need_no_correction() {
    use hewn_core::sim::survival::{Cause, Mode, Survival};
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 5));
    let mut start = Start::with_no_one(World::with_shared_source(generator.clone()));
    start.survival = Survival::new(Mode::Survival, generator.spawn_point());
    // A cactus on every side of the spawn: pressing against one hurts until death.
    for (x, z) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        start
            .world
            .set_block(BlockPos::new(x, 64, z), Block::CACTUS);
    }
    let server = Server::new(
        Simulation::new(start),
        generator,
        ServerConfig::in_process(3),
    );
    let mut host = Host::start(server, PlayerName::default(), None)
        .expect("the server lets its own player in");
    until_ground(&mut host);
    let name = PlayerName::default();
    let dead = |host: &Host| (host.game().sim().survivor(&name)).and_then(|s| s.death);
    let press = Input {
        controls: Controls::NONE.with(Control::Right),
        ..Input::default()
    };
    for tick in 0..2400 {
        if dead(&host).is_some() {
            break;
        }
        host.tick(&press);
        if tick % 5 == 0 {
            host.settle();
        }
    }
    host.settle();
    assert_eq!(dead(&host), Some(Cause::Cactus), "pricked to death");
    host.tick(&Input {
        actions: vec![Action::Respawn],
        ..Input::default()
    });
    for _ in 0..60 {
        host.tick(&Input::default());
    }
    host.settle();
    assert_eq!(dead(&host), None, "back");
    assert_eq!(host.game().corrections(), 0);
}
