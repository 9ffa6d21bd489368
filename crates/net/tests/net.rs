//! A server and clients in one process, over the in-memory connection with the latency,
//! jitter and loss of a real one: edits reach everyone, refused edits roll back, names and
//! limits hold, bad clients go alone, and prediction needs no correction where nothing
//! unforeseen happens.

use std::sync::Arc;
use std::time::Duration;

use hewn_core::physics::{Control, Controls};
use hewn_core::sim::{Action, Input, PlayerName};
use hewn_core::world::{Block, BlockPos, BlockSource};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_net::client::Client;
use hewn_net::local::{Conditions, LocalLink};
use hewn_net::protocol::channel;
use hewn_net::server::{Server, ServerConfig};
use hewn_net::transport::connection_config;
use renet::RenetServer;

const TICK: Duration = Duration::from_nanos(16_666_667);

/// A server and its clients, ticked together.
struct Harness {
    server: Server,
    renet: RenetServer,
    clients: Vec<(LocalLink, Client)>,
    tick: u64,
    next_id: u64,
}

impl Harness {
    fn flat(config: ServerConfig) -> Self {
        let generator = Arc::new(Generator::new(GeneratorKind::Flat, 5));
        Self::serving(Server::new_world(generator, config))
    }

    /// `server`, with no one connected yet.
    fn serving(server: Server) -> Self {
        Self {
            server,
            renet: RenetServer::new(connection_config()),
            clients: Vec::new(),
            tick: 0,
            next_id: 1,
        }
    }

    /// Connects a client as `name`; returns its index.
    fn join(&mut self, name: &str, conditions: Conditions) -> usize {
        let link = LocalLink::connect(&mut self.renet, self.next_id, conditions);
        self.next_id += 1;
        let client = Client::new(PlayerName::new(name).expect("a name"));
        self.clients.push((link, client));
        self.clients.len() - 1
    }

    /// Connects `client`; returns its index.
    fn join_as(&mut self, client: Client) -> usize {
        let link = LocalLink::connect(&mut self.renet, self.next_id, Conditions::PERFECT);
        self.next_id += 1;
        self.clients.push((link, client));
        self.clients.len() - 1
    }

    /// One tick: each client with an input plays it once its ground is in; the others play
    /// nothing held.
    fn tick(&mut self, inputs: &[(usize, Input)]) {
        self.step(inputs, true);
    }

    /// One tick in which clients play only the inputs given, and the others send again what
    /// the server has not confirmed.
    fn wait(&mut self, ticks: u64) {
        for _ in 0..ticks {
            self.step(&[], false);
        }
    }

    fn step(&mut self, inputs: &[(usize, Input)], idle_play: bool) {
        for (link, client) in &mut self.clients {
            link.client.update(TICK);
            link.exchange(&mut self.renet, self.tick);
            client.update(&mut link.client);
        }
        self.renet.update(TICK);
        self.server.update(&mut self.renet);
        for (i, (link, client)) in self.clients.iter_mut().enumerate() {
            let ready = client
                .game()
                .is_some_and(hewn_net::client::Game::ground_ready);
            if !ready {
                continue;
            }
            match inputs.iter().find(|(who, _)| *who == i) {
                Some((_, input)) => {
                    client.play(input, &mut link.client);
                }
                None if idle_play => {
                    client.play(&Input::default(), &mut link.client);
                }
                None => client.resend(&mut link.client),
            }
        }
        self.tick += 1;
    }

    fn run(&mut self, ticks: u64) {
        for _ in 0..ticks {
            self.tick(&[]);
        }
    }

    /// Runs until every client is in the world with its ground, at most 10 seconds.
    fn until_ready(&mut self) {
        for _ in 0..600 {
            if self
                .clients
                .iter()
                .all(|(_, c)| c.game().is_some_and(hewn_net::client::Game::ground_ready))
            {
                return;
            }
            self.wait(1);
        }
        panic!("the clients never got their ground");
    }

    /// Asserts that client `i` was sent away for a reason that says `why`.
    #[track_caller]
    fn assert_sent_away(&self, i: usize, why: &str) {
        let refusal = self.client(i).refusal();
        assert!(refusal.is_some_and(|r| r.contains(why)), "{refusal:?}");
    }

    fn client(&self, i: usize) -> &Client {
        &self.clients[i].1
    }

    /// The block at `pos` in client `i`'s world, generating its column if need be.
    fn block_seen_by(&mut self, i: usize, pos: BlockPos) -> Block {
        let game = self.clients[i].1.game_mut().expect("in the world");
        let cell = pos.min_corner();
        game.sim_mut()
            .loader()
            .load_region(hewn_core::aabb::Aabb::new(cell, cell));
        game.sim().world().block(pos)
    }
}

fn look_down_and(action: Action) -> Input {
    Input {
        yaw: Some(0.0),
        pitch: Some(-90.0),
        actions: vec![action],
        ..Input::default()
    }
}

fn held(controls: &[Control]) -> Input {
    Input {
        controls: controls.iter().copied().collect::<Controls>(),
        ..Input::default()
    }
}

const LAGGY: Conditions = Conditions {
    latency_ticks: 3,
    jitter_ticks: 1,
    loss: 0.05,
    seed: 11,
};

/// Chat, the player list and the operators' commands.
#[path = "net/admin.rs"]
mod admin;

/// Servers over UDP on 127.0.0.1: pings, LAN announcements, bans by address.
#[path = "net/udp.rs"]
mod udp;

/// Properties over random play: garbage costs only its sender, and confirmed states agree.
#[path = "net/props.rs"]
mod props;

/// Others as a client draws them.
#[path = "net/others.rs"]
mod others;

/// Survival played by a client: the mode, its own state and the items it sees.
#[path = "net/survival.rs"]
mod survival;

/// What players hold at hand, kept and given back by the server.
#[path = "net/hotbar.rs"]
mod hotbar;

/// Clients whose frames are slow.
#[path = "net/slow.rs"]
mod slow;

/// No items from nothing, whatever a client sends.
#[path = "net/conservation.rs"]
mod conservation;

/// Lying and guessing clients: names in another case, passwords guessed from one address.
#[path = "net/lies.rs"]
mod lies;

/// Creatures as a client sees them.
#[path = "net/creatures.rs"]
mod creatures;

/// Mods on a server: what they set reaches clients, what they say is heard, and a runaway
/// costs the server nothing but its own budget.
#[path = "net/mods.rs"]
mod mods;

#[test]
fn clients_see_each_others_edits_and_a_late_joiner_sees_the_earlier_ones() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", LAGGY);
    let bob = h.join("bob", Conditions { seed: 12, ..LAGGY });
    h.until_ready();
    let feet = h
        .client(alice)
        .game()
        .and_then(|g| g.me().copied())
        .expect("alice")
        .position;
    let below = BlockPos::containing(feet).offset(glam::IVec3::NEG_Y);
    assert_eq!(h.block_seen_by(bob, below), Block::GRASS);
    h.tick(&[(alice, look_down_and(Action::Break))]);
    h.run(60);
    assert_eq!(h.server.sim().world().block(below), Block::AIR);
    assert_eq!(h.block_seen_by(alice, below), Block::AIR);
    assert_eq!(
        h.block_seen_by(bob, below),
        Block::AIR,
        "bob sees alice's edit"
    );

    let carol = h.join("carol", Conditions::PERFECT);
    h.until_ready();
    h.run(10);
    assert_eq!(
        h.block_seen_by(carol, below),
        Block::AIR,
        "a late joiner sees it"
    );
}

#[test]
fn an_edit_the_server_refuses_rolls_back_to_the_servers_block() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", LAGGY);
    // Bob is far away: alice's block takes half a second to reach him.
    let bob = h.join(
        "bob",
        Conditions {
            latency_ticks: 15,
            seed: 3,
            ..LAGGY
        },
    );
    h.until_ready();
    h.run(20);
    // Both stand at the spawn point; looking north 45° down, both aim at the ground 1.6
    // blocks ahead and place into the cell above it: alice a tick before bob, so the server
    // takes alice's and refuses bob's, which bob's client showed at once.
    let place = |block| Input {
        yaw: Some(0.0),
        pitch: Some(-45.0),
        actions: vec![Action::Place(block)],
        ..Input::default()
    };
    let target = h
        .client(bob)
        .game()
        .and_then(|g| {
            let mut me = *g.me()?;
            me.set_look(0.0, -45.0);
            g.sim().peek_target(&me)
        })
        .expect("bob aims at the ground")
        .adjacent;
    h.tick(&[(alice, place(Block::STONE))]);
    h.run(5);
    h.tick(&[(bob, place(Block::PLANKS))]);
    assert_eq!(h.block_seen_by(bob, target), Block::PLANKS, "shown at once");
    h.wait(60);
    assert_eq!(
        h.server.sim().world().block(target),
        Block::STONE,
        "alice's came first"
    );
    assert_eq!(h.block_seen_by(alice, target), Block::STONE);
    assert_eq!(
        h.block_seen_by(bob, target),
        Block::STONE,
        "bob's planks rolled back"
    );
    for i in [alice, bob] {
        assert_eq!(h.client(i).game().expect("in").edits_pending(), 0);
    }
}

#[test]
fn walking_and_jumping_over_a_laggy_lossy_link_needs_no_correction() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions { seed: 99, ..LAGGY });
    h.until_ready();
    for t in 0..600u64 {
        let mut input = held(&[Control::Forward, Control::Jump, Control::Sprint]);
        if t % 40 == 0 {
            input.yaw = Some(t as f64 * 7.0);
        }
        h.tick(&[(alice, input)]);
    }
    // Standing still from here on, as a player at the keyboard would.
    h.run(60);
    let game = h.client(alice).game().expect("in");
    assert_eq!(game.corrections(), 0);
    assert!(game.confirmed() > Some(600));
    let last = game.confirmed().expect("confirmed");
    h.run(1);
    let game = h.client(alice).game().expect("in");
    let name = PlayerName::new("alice").expect("a name");
    let server = h
        .server
        .played_state(&name, last)
        .expect("played on the server");
    assert_eq!(
        game.state_after(last),
        Some(server),
        "the client's state after its last confirmed tick is the server's"
    );
    assert_eq!(game.ticks_played(), 600 + 61);
}

#[test]
fn names_and_the_player_limit_hold() {
    let mut h = Harness::flat(ServerConfig {
        max_players: 2,
        ..ServerConfig::default()
    });
    h.join("alice", Conditions::PERFECT);
    let twin = h.join("alice", Conditions::PERFECT);
    let bob = h.join("bob", Conditions::PERFECT);
    let carol = h.join("carol", Conditions::PERFECT);
    h.run(20);
    assert_eq!(
        h.client(twin).refusal(),
        Some("a player named alice is already online")
    );
    assert!(h.client(bob).game().is_some());
    assert_eq!(
        h.client(carol).refusal(),
        Some("the server is full (2 players)")
    );
    h.run(60);
    assert_eq!(h.server.players_online(), 2);
}

#[test]
fn a_reconnect_resumes_where_the_player_left() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    h.until_ready();
    for _ in 0..60 {
        h.tick(&[(alice, held(&[Control::Forward]))]);
    }
    h.wait(60);
    let left_at = h
        .server
        .sim()
        .players()
        .get(h.client(alice).name())
        .copied()
        .expect("in");
    let (link, _) = &mut h.clients[alice];
    link.close(&mut h.renet);
    h.run(5);
    assert!(h.server.sim().players().is_empty());
    let again = h.join("alice", Conditions::PERFECT);
    h.until_ready();
    let back = h
        .client(again)
        .game()
        .and_then(|g| g.me().copied())
        .expect("back");
    assert_eq!(back.position, left_at.position);
}

#[test]
fn a_malformed_message_or_a_silent_client_costs_only_its_sender() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    let mallory = h.join("mallory", Conditions::PERFECT);
    h.until_ready();
    h.clients[mallory]
        .0
        .client
        .send_message(channel::INPUTS, vec![0xff_u8; 40]);
    h.run(40);
    h.assert_sent_away(mallory, "sent a message that does not decode");
    assert_eq!(h.server.players_online(), 1);
    let mallory_name = PlayerName::new("mallory").expect("a name");
    assert!(
        h.server.sim().players().get(&mallory_name).is_none(),
        "mallory's player left the world"
    );
    let online: Vec<&str> = h.client(alice).game().expect("in").online().collect();
    assert!(online.is_empty(), "alice was told mallory left: {online:?}");

    // Bob connects and says nothing at all: after 15 seconds he is dropped.
    let bob = h.next_id;
    h.next_id += 1;
    let mut silent = LocalLink::connect(&mut h.renet, bob, Conditions::PERFECT);
    let mut dropped = false;
    for _ in 0..(16 * 60) {
        silent.exchange(&mut h.renet, h.tick);
        h.tick(&[]);
        if !h.renet.is_connected(bob) {
            dropped = true;
            break;
        }
    }
    assert!(dropped, "a silent client is dropped");
    assert!(h.client(alice).game().is_some());
}

#[test]
fn joining_an_unedited_world_at_view_distance_8_costs_under_64_kb() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    // Two seconds: the 17 × 17 columns of the view arrive in well under one.
    h.run(120);
    let game = h.client(alice).game().expect("in");
    assert_eq!(game.columns().count(), 17 * 17);
    let (up, down) = h.clients[alice].0.bytes_sent();
    eprintln!("joining cost {down} bytes down and {up} up in two seconds");
    assert!(down < 64 * 1024, "{down} bytes down");
}

#[test]
fn ten_players_in_view_of_each_other_cost_under_16_kb_down_and_4_kb_up_a_second() {
    let mut h = Harness::flat(ServerConfig::default());
    let who: Vec<usize> = (0..10)
        .map(|i| h.join(&format!("p{i}"), Conditions { seed: i, ..LAGGY }))
        .collect();
    h.until_ready();
    h.run(120);
    let before: Vec<(u64, u64)> = who.iter().map(|&i| h.clients[i].0.bytes_sent()).collect();
    let mut rng = hewn_core::worldgen::SplitMix64::new(5);
    const TICKS: u64 = 600;
    for t in 0..TICKS {
        let inputs: Vec<(usize, Input)> = who
            .iter()
            .map(|&i| {
                // Walking in circles and looking around every tick, as players do.
                let mut input = held(&[Control::Forward]);
                input.yaw = Some((t as f64 * 3.0 + i as f64 * 36.0) % 360.0);
                input.pitch = Some((rng.next_u64() % 60) as f64 - 30.0);
                if t % 97 == i as u64 {
                    input.actions.push(Action::Place(Block::PLANKS));
                }
                (i, input)
            })
            .collect();
        h.tick(&inputs);
    }
    let seconds = TICKS as f64 / 60.0;
    for (k, &i) in who.iter().enumerate() {
        let (up, down) = h.clients[i].0.bytes_sent();
        let up = (up - before[k].0) as f64 / seconds;
        let down = (down - before[k].1) as f64 / seconds;
        eprintln!("player {i}: {down:.0} B/s down, {up:.0} B/s up");
        assert!(down <= 16.0 * 1024.0, "player {i}: {down:.0} B/s down");
        assert!(up <= 4.0 * 1024.0, "player {i}: {up:.0} B/s up");
    }
}

#[test]
fn placing_a_block_no_player_can_hold_sends_the_client_away() {
    let mut h = Harness::flat(ServerConfig::default());
    let mallory = h.join("mallory", Conditions::PERFECT);
    h.until_ready();
    h.tick(&[(mallory, look_down_and(Action::Place(Block::BEDROCK)))]);
    h.run(10);
    let refusal = h.client(mallory).refusal().unwrap_or_default().to_owned();
    assert!(refusal.starts_with("sent an impossible input"), "{refusal}");
    h.run(40);
    assert!(
        h.server
            .sim()
            .world()
            .edits()
            .all(|(_, e)| e.current != Block::BEDROCK)
    );
}

#[test]
fn players_hear_what_others_do_nearby_and_not_their_own_twice() {
    use hewn_core::sim::EventKind;
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    let bob = h.join("bob", Conditions::PERFECT);
    h.until_ready();
    h.run(10);
    h.clients[alice].1.take_heard();
    h.clients[bob].1.take_heard();
    for _ in 0..90 {
        h.tick(&[(alice, held(&[Control::Forward]))]);
    }
    h.tick(&[(alice, look_down_and(Action::Break))]);
    h.run(10);
    let kinds = |events: &[hewn_core::sim::Event]| -> Vec<EventKind> {
        events.iter().map(|e| e.kind).collect()
    };
    let bob_heard = h.clients[bob].1.take_heard();
    let steps = bob_heard
        .iter()
        .filter(|e| e.kind == EventKind::Step)
        .count();
    assert!((3..=6).contains(&steps), "{:?}", kinds(&bob_heard));
    assert!(bob_heard.iter().all(|e| e.pos.is_some()));
    let broken = bob_heard.iter().find(|e| e.kind == EventKind::Break);
    assert_eq!(
        broken.and_then(|e| e.block),
        Some(Block::GRASS),
        "{:?}",
        kinds(&bob_heard)
    );
    let alice_heard = h.clients[alice].1.take_heard();
    assert!(
        alice_heard.is_empty(),
        "a player hears its own steps from its prediction: {:?}",
        kinds(&alice_heard)
    );
}

/// A flat survival world (seed 5) with five coal lying at the spawn, ready to be picked up,
/// and a furnace right in front of the spawn at eye height, where a player there looks
/// with yaw and pitch 0; with its generator and the coal.
fn coal_before_a_furnace() -> (
    hewn_core::sim::Simulation,
    Arc<Generator>,
    hewn_core::sim::survival::Stack,
) {
    use hewn_core::sim::survival::{ItemDrop, Material, Mode, PICKUP_DELAY, Stack, Survival};
    use hewn_core::sim::{Item, Simulation, Start};
    use hewn_core::world::World;
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 5));
    let mut start = Start::with_no_one(World::with_shared_source(generator.clone()));
    let spawn = generator.spawn_point();
    start.survival = Survival::new(Mode::Survival, spawn);
    let coal = Stack::new(Item::Material(Material::Coal), 5);
    let mut lying = ItemDrop::new(coal, spawn, glam::DVec3::ZERO);
    lying.age = PICKUP_DELAY;
    start.survival.drops.add(lying);
    let ahead = BlockPos::containing(spawn + glam::DVec3::new(0.0, 1.0, -1.5));
    start.world.set_block(ahead, Block::FURNACE);
    (Simulation::new(start), generator, coal)
}
