//! Items thrown by players over the in-memory link, as a server ticks them: 20 players,
//! each from its own spot of a flat survival world walking backwards, throw one item a
//! tick ahead, every tick the next of the nine kinds in their hotbars, until 10,000 are
//! thrown; then everyone stands for ten seconds. Prints the
//! server's tick time (`Server::update`: the players' steps, the items, what it sends) as
//! median, 99th percentile and most, while throwing and after, and the most items that lay
//! at once. Run with `cargo bench --bench thrown`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use hewn_core::physics::{Control, Controls};
use hewn_core::sim::survival::{Mode, Stack, Survival};
use hewn_core::sim::{Action, Input, Item, PlayerName, Simulation, Start};
use hewn_core::world::World;
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_net::client::{Client, Game};
use hewn_net::local::{Conditions, LocalLink};
use hewn_net::server::{Caller, Server, ServerConfig};
use hewn_net::transport::connection_config;
use renet::RenetServer;

const PLAYERS: usize = 20;
const THROWS: usize = 10_000;
const TICK: Duration = Duration::from_nanos(16_666_667);

fn name(p: usize) -> PlayerName {
    PlayerName::new(&format!("bot{p}")).expect("a name")
}

/// The `p`th percentile of `times` (sorted), in milliseconds.
fn percentile(times: &[Duration], p: f64) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    let i = ((times.len() - 1) as f64 * p).round() as usize;
    times[i].as_secs_f64() * 1000.0
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort_unstable();
    println!(
        "{what}: {} ticks, p50 {:.3} ms, p99 {:.3} ms, most {:.3} ms",
        times.len(),
        percentile(times, 0.5),
        percentile(times, 0.99),
        percentile(times, 1.0)
    );
}

fn main() {
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 5));
    let mut start = Start::with_no_one(World::with_shared_source(generator.clone()));
    start.survival = Survival::new(Mode::Survival, generator.spawn_point());
    let kinds: Vec<Item> = Item::carried()
        .into_iter()
        .filter(|i| i.max_stack() > 1)
        .collect();
    for p in 0..PLAYERS {
        let s = start.survival.survivors.entry(name(p)).or_default();
        for slot in 0..9 {
            let item = kinds[(p * 9 + slot) % kinds.len()];
            *s.inventory.slot_mut(slot) = Some(Stack::new(item, item.max_stack()));
        }
    }
    let config = ServerConfig {
        max_players: 64,
        ..ServerConfig::default()
    };
    let mut server = Server::new(Simulation::new(start), generator, config);
    let mut renet = RenetServer::new(connection_config());
    let mut bots: Vec<(LocalLink, Client, usize)> = (0..PLAYERS)
        .map(|p| {
            let link = LocalLink::connect(&mut renet, p as u64 + 1, Conditions::PERFECT);
            (link, Client::new(name(p)), 0)
        })
        .collect();
    let (mut throwing, mut after) = (Vec::new(), Vec::new());
    let (mut thrown, mut most_lying, mut placed) = (0, 0, false);
    let mut quiet_since = None;
    for tick in 0..20_000u64 {
        for (link, client, _) in &mut bots {
            link.client.update(TICK);
            link.exchange(&mut renet, tick);
            client.update(&mut link.client);
        }
        renet.update(TICK);
        let began = Instant::now();
        server.update(&mut renet);
        let spent = began.elapsed();
        let ready = bots
            .iter()
            .all(|(_, c, _)| c.game().is_some_and(Game::ground_ready));
        if ready && !placed {
            // Each on its own spot, 12 blocks apart.
            for p in 0..PLAYERS {
                let (x, z) = ((p % 5) as f64 * 12.0, (p / 5) as f64 * 12.0);
                let command = format!("tp {} {x} 64 {z}", name(p));
                server.run_command(&Caller::Console, &command, &mut renet);
            }
            placed = true;
            continue;
        }
        if placed && thrown > 0 {
            if thrown < THROWS {
                throwing.push(spent);
            } else {
                after.push(spent);
            }
        }
        most_lying = most_lying.max(server.sim().survival().drops.list().len());
        if thrown >= THROWS {
            let since = *quiet_since.get_or_insert(tick);
            if tick - since >= 600 {
                break;
            }
        }
        for (p, (link, client, own)) in bots.iter_mut().enumerate() {
            if !client.game().is_some_and(Game::ground_ready) {
                continue;
            }
            // Each faces its own way and walks backwards from what it throws, so it leaves
            // its items behind (out of reach: a thrower does not pick them up again) in a
            // line of kinds in turn.
            let mut input = Input {
                yaw: Some((p as f64 * 360.0 / PLAYERS as f64).round()),
                pitch: Some(30.0),
                controls: Controls::NONE.with(Control::Back),
                ..Input::default()
            };
            if placed && thrown < THROWS && *own < 9 * 64 {
                input.actions.push(Action::Select((*own % 9) as u8));
                input.actions.push(Action::Drop { count: 1 });
                *own += 1;
                thrown += 1;
            }
            client.play(&input, &mut link.client);
        }
    }
    let carried: u32 = (server.sim().survival().survivors.values())
        .flat_map(|s| s.inventory.slots().iter().flatten())
        .map(|s| u32::from(s.count))
        .sum();
    let lying: u32 = (server.sim().survival().drops.list().iter())
        .map(|d| u32::from(d.stack.count))
        .sum();
    println!("{thrown} items thrown by {PLAYERS} players; at most {most_lying} lay at once");
    println!("at the end {carried} items carried, {lying} lying");
    report("server ticks while throwing", &mut throwing);
    report("server ticks in the 10 s after", &mut after);
}
