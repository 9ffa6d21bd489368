//! Servers on a real UDP socket bound to 127.0.0.1 (a port the system picks): a ping
//! answers with the right counts, LAN discovery finds a server, and a banned address is
//! refused. Every loop here is bounded and ends by itself.

use std::net::SocketAddr;
use std::time::Instant;

use super::*;
use hewn_net::lan::{Announcement, AnnouncementListener, Announcer};
use hewn_net::query;
use hewn_net::transport::UdpClient;
use hewn_net::udp_server::UdpServer;

/// A server listening on 127.0.0.1 with its clients over UDP, run in one thread.
struct Rig {
    server: Server,
    renet: RenetServer,
    udp: UdpServer,
    clients: Vec<(UdpClient, Client)>,
    last: Instant,
}

impl Rig {
    fn new(config: ServerConfig) -> Self {
        let generator = Arc::new(Generator::new(GeneratorKind::Flat, 5));
        Self::serving(Server::new_world(generator, config))
    }

    /// `server` listening on 127.0.0.1.
    fn serving(server: Server) -> Self {
        let config = ServerConfig::default();
        let addr: SocketAddr = "127.0.0.1:0".parse().expect("an address");
        Self {
            server,
            renet: RenetServer::new(connection_config()),
            udp: UdpServer::bind(addr, config.max_players).expect("bound"),
            clients: Vec::new(),
            last: Instant::now(),
        }
    }

    fn addr(&self) -> SocketAddr {
        self.udp.local_addr().expect("bound")
    }

    fn join(&mut self, name: &str) -> usize {
        self.join_with(name, None)
    }

    /// Connects a client called `name` giving `password`, if any; returns its index.
    fn join_with(&mut self, name: &str, password: Option<&str>) -> usize {
        let id = hewn_net::transport::random_client_id(self.clients.len() as u64 + 1);
        let udp = UdpClient::connect(self.addr(), id).expect("a socket");
        let client = Client::new(PlayerName::new(name).expect("a name"))
            .with_password(password.map(str::to_owned));
        self.clients.push((udp, client));
        self.clients.len() - 1
    }

    /// One tick of the server and every client, as fast as the machine goes.
    fn tick(&mut self) {
        let now = Instant::now();
        let elapsed = now - self.last;
        self.last = now;
        for (udp, client) in &mut self.clients {
            udp.receive(elapsed);
            client.update(&mut udp.renet);
            udp.send();
        }
        self.renet.update(elapsed);
        self.udp
            .receive_for(elapsed, &mut self.renet, &mut self.server);
        self.server.update(&mut self.renet);
        self.udp.send_for(&mut self.renet, &self.server, now);
        std::thread::sleep(Duration::from_millis(2));
    }

    /// One tick in which client `i`, once its ground is in, plays `input`.
    fn play(&mut self, i: usize, input: &Input) {
        let (udp, client) = &mut self.clients[i];
        if client
            .game()
            .is_some_and(hewn_net::client::Game::ground_ready)
        {
            client.play(input, &mut udp.renet);
        }
        self.tick();
    }

    /// Ticks until `done` holds, for at most 10 seconds.
    fn until(&mut self, what: &str, done: impl Fn(&Self) -> bool) {
        let start = Instant::now();
        while !done(self) {
            assert!(start.elapsed() < Duration::from_secs(10), "never: {what}");
            self.tick();
        }
    }
}

#[test]
fn a_ping_answers_with_the_motd_the_players_online_and_the_limit() {
    let mut rig = Rig::new(ServerConfig {
        max_players: 7,
        ..ServerConfig::default()
    });
    rig.server.set_motd("Hello from hewn\nsecond line");
    let alice = rig.join("alice");
    rig.until("alice is in", |r| r.clients[alice].1.game().is_some());
    let addr = rig.addr();
    let pinger = std::thread::spawn(move || query::ping(addr, Duration::from_secs(5)));
    let start = Instant::now();
    while !pinger.is_finished() && start.elapsed() < Duration::from_secs(6) {
        rig.tick();
    }
    let pong = pinger.join().expect("the thread").expect("an answer");
    assert_eq!(pong.info.motd, "Hello from hewnsecond line");
    assert_eq!((pong.info.online, pong.info.max_players), (1, 7));
    assert!(pong.info.compatible());
    assert!(!pong.info.password);
    assert!(pong.round_trip < Duration::from_secs(5));
    // Nothing listens here: the ping gives up.
    let nowhere = std::net::UdpSocket::bind("127.0.0.1:0").expect("a socket");
    let closed = nowhere.local_addr().expect("bound");
    drop(nowhere);
    assert!(query::ping(closed, Duration::from_millis(300)).is_err());
}

#[test]
fn lan_discovery_finds_a_server_announcing_on_127_0_0_1() {
    let rig = Rig::new(ServerConfig::default());
    let mut listener =
        AnnouncementListener::new("127.0.0.1:0".parse().expect("an address")).expect("a socket");
    let to = listener.local_addr().expect("bound");
    let port = rig.addr().port();
    let mut announcer = Announcer::new(
        to,
        Announcement {
            motd: "Alice's world".to_owned(),
            port,
        },
    )
    .expect("a socket");
    let start = Instant::now();
    let found = loop {
        announcer.tick(Instant::now());
        let heard = listener.poll(Instant::now());
        if !heard.is_empty() {
            break heard;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "never heard");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].addr, SocketAddr::from(([127, 0, 0, 1], port)));
    assert_eq!(found[0].motd, "Alice's world");
    // A server that stops announcing is forgotten.
    let later = Instant::now() + hewn_net::lan::FORGET_AFTER;
    assert!(listener.poll(later).is_empty());
}

#[test]
fn a_banned_address_is_refused_and_a_kick_shows_its_reason() {
    use hewn_net::server::Caller;
    let mut rig = Rig::new(ServerConfig::default());
    let alice = rig.join("alice");
    rig.until("alice is in", |r| r.clients[alice].1.game().is_some());
    let answer = rig
        .server
        .run_command(&Caller::Console, "kick alice go home", &mut rig.renet);
    assert_eq!(answer, "Kicked alice.");
    rig.until("alice hears why", |r| {
        r.clients[alice].1.refusal().is_some()
    });
    assert_eq!(
        rig.clients[alice].1.refusal(),
        Some("Kicked by the server: go home")
    );
    let answer = rig
        .server
        .run_command(&Caller::Console, "ban 127.0.0.1", &mut rig.renet);
    assert_eq!(answer, "Banned 127.0.0.1 (0 sent away).");
    assert!(rig.server.take_admin_changed());
    let bob = rig.join("bob");
    rig.until("bob is refused", |r| r.clients[bob].1.refusal().is_some());
    assert_eq!(
        rig.clients[bob].1.refusal(),
        Some("you are banned from this server")
    );
    rig.server
        .run_command(&Caller::Console, "pardon 127.0.0.1", &mut rig.renet);
    let carol = rig.join("carol");
    rig.until("carol is in", |r| r.clients[carol].1.game().is_some());
}

#[test]
fn over_udp_names_in_another_case_are_kept_apart_and_guesses_are_slowed() {
    use hewn_net::password::Password;
    use hewn_net::server::Admin;
    let mut rig = Rig::new(ServerConfig::default());
    rig.server.set_admin(Admin {
        banned: [PlayerName::new("Mallory").expect("a name")].into(),
        password: Some(Password::new("open sesame").expect("random")),
        ..Admin::default()
    });
    let mallory = rig.join_with("mallory", Some("open sesame"));
    rig.until("mallory is refused", |r| {
        r.clients[mallory].1.refusal().is_some()
    });
    assert_eq!(
        rig.clients[mallory].1.refusal(),
        Some("you are banned from this server")
    );
    let alice = rig.join_with("Alice", Some("open sesame"));
    rig.until("Alice is in", |r| r.clients[alice].1.game().is_some());
    let again = rig.join_with("aLICE", Some("open sesame"));
    rig.until("aLICE is refused", |r| {
        r.clients[again].1.refusal().is_some()
    });
    assert_eq!(
        rig.clients[again].1.refusal(),
        Some("a player named aLICE is already online")
    );
    // Three wrong guesses are free; the fourth makes the address wait, and a guess made
    // in the wait is refused before it is asked.
    let mut refusals = Vec::new();
    for _ in 0..5 {
        let guess = rig.join_with("bob", Some("sesame"));
        rig.until("the guess is refused", |r| {
            r.clients[guess].1.refusal().is_some()
        });
        refusals.push(rig.clients[guess].1.refusal().expect("refused").to_owned());
    }
    assert_eq!(refusals[..3], ["wrong password"; 3]);
    assert_eq!(refusals[3], "wrong password: try again in 1 s");
    assert!(
        refusals[4].starts_with("too many wrong passwords from your address: try again in"),
        "{}",
        refusals[4]
    );
}

#[test]
fn over_udp_a_furnace_fed_nothing_is_refused_and_a_liars_recording_replays() {
    use hewn_core::sim::survival::FurnaceSlot;
    let (sim, generator, coal) = coal_before_a_furnace();
    let mut server = Server::new(sim, generator, ServerConfig::default());
    server.record();
    let mut rig = Rig::serving(server);
    let mallory = rig.join("mallory");
    let name = PlayerName::new("mallory").expect("a name");
    let holds = |r: &Rig| {
        (r.server.sim().survivor(&name)).is_some_and(|s| s.inventory.count(coal.item) == 5)
    };
    let begun = Instant::now();
    while !holds(&rig) {
        assert!(
            begun.elapsed() < Duration::from_secs(10),
            "never: mallory holds the coal"
        );
        rig.play(mallory, &Input::default());
    }
    let look = Input {
        yaw: Some(0.0),
        pitch: Some(0.0),
        ..Input::default()
    };
    for _ in 0..5 {
        rig.play(mallory, &look);
    }
    let lie = Input {
        actions: vec![Action::FurnacePut {
            slot: FurnaceSlot::Fuel,
            item: coal.item,
            count: 0,
        }],
        ..Input::default()
    };
    rig.play(mallory, &lie);
    rig.until("mallory is sent away", |r| {
        r.clients[mallory].1.refusal().is_some()
    });
    let refusal = rig.clients[mallory].1.refusal().expect("refused");
    assert!(refusal.starts_with("sent an impossible input"), "{refusal}");
    let s = rig.server.sim().survivor(&name).expect("kept");
    assert_eq!(s.inventory.count(coal.item), 5, "nothing taken");
    assert!(
        rig.server.sim().survival().furnaces.is_empty(),
        "nothing put in"
    );
    for _ in 0..10 {
        rig.tick();
    }
    let recording = (rig.server.take_recording())
        .expect("recording")
        .to_toml()
        .expect("TOML");
    let replay = hewn_scenario::Scenario::parse(&recording)
        .expect("the recording parses")
        .run(|_| {});
    assert_eq!(replay.hash(), rig.server.sim().hash());
}

#[test]
fn a_server_over_udp_counts_the_traffic_it_really_sends_and_receives() {
    let mut rig = Rig::new(ServerConfig::default());
    let alice = rig.join("alice");
    rig.until("alice is in", |r| r.clients[alice].1.game().is_some());
    let begun = Instant::now();
    while begun.elapsed() < Duration::from_millis(1500) {
        rig.play(alice, &Input::default());
    }
    let ids = rig.renet.clients_id();
    let [id] = ids.as_slice() else {
        panic!("one client: {ids:?}");
    };
    let (sent, received) = (
        rig.renet.bytes_sent_per_sec(*id),
        rig.renet.bytes_received_per_sec(*id),
    );
    assert!(
        sent > 100.0 && received > 100.0,
        "{sent} B/s sent, {received} B/s received"
    );
}
