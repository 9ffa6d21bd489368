//! Creatures as a client sees them: carried by the snapshots, drawn where the server had
//! them a moment ago, within the budget of 8 KB a second for 50 in view.

use super::*;
use hewn_core::sim::creature::{Creature, Difficulty, Population, kind_named};
use hewn_core::sim::{Simulation, Start};
use hewn_core::world::World;

/// A server of a new flat world with `count` sheep in a ring about its spawn point, and
/// creatures appearing by themselves switched off.
fn with_sheep(count: u32) -> Harness {
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 5));
    let mut start = Start::with_no_one(World::with_shared_source(generator.clone()));
    let mut creatures = Population::new(false, Difficulty::Normal);
    let sheep = kind_named("sheep").expect("the base pack's sheep");
    let spawn = generator.spawn_point();
    for i in 0..count {
        let angle = f64::from(i) * std::f64::consts::TAU / f64::from(count.max(1));
        let at = spawn + glam::DVec3::new(angle.cos(), 0.0, angle.sin()) * 12.0;
        creatures.add(Creature::new(0, sheep, 8, at, 0.0));
    }
    start.creatures = creatures;
    Harness::serving(Server::new(
        Simulation::new(start),
        generator,
        ServerConfig::default(),
    ))
}

/// What one client receives a second over ten seconds of standing, once in the world.
fn bytes_a_second(h: &mut Harness, client: usize) -> f64 {
    h.until_ready();
    h.run(120);
    let before = h.clients[client].0.bytes_sent().1;
    const TICKS: u64 = 600;
    h.run(TICKS);
    let down = h.clients[client].0.bytes_sent().1 - before;
    down as f64 / (TICKS as f64 / 60.0)
}

#[test]
fn a_client_sees_the_creatures_where_the_server_had_them_a_moment_ago() {
    let mut h = with_sheep(50);
    let alice = h.join("alice", LAGGY);
    h.until_ready();
    h.run(240);
    let game = h.client(alice).game().expect("in");
    let seen = game.creatures_at(game.view_tick(0.0));
    assert_eq!(seen.len(), 50, "every sheep in view");
    for c in &seen {
        let on_server = h
            .server
            .sim()
            .creatures()
            .get(c.id)
            .expect("a sheep the server has");
        let apart = c.shown.body.position.distance(on_server.body.position);
        // Drawn 100 ms behind, at a sheep's walk of 1.4 blocks a second, in 32nds of a block.
        assert!(
            apart < 0.5,
            "sheep {} drawn {apart} blocks from where it is",
            c.id
        );
    }
}

#[test]
fn fifty_creatures_in_view_cost_under_8_kb_a_second() {
    let mut none = with_sheep(0);
    let alone = none.join("alice", Conditions::PERFECT);
    let without = bytes_a_second(&mut none, alone);
    let mut flock = with_sheep(50);
    let alice = flock.join("alice", Conditions::PERFECT);
    let with = bytes_a_second(&mut flock, alice);
    let cost = with - without;
    eprintln!("50 sheep in view: {cost:.0} B/s ({with:.0} with them, {without:.0} without)");
    assert!(cost <= 8.0 * 1024.0, "{cost:.0} B/s for 50 creatures");
}
