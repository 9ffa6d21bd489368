//! Clients that lie and guess: names that differ only in case, passwords guessed from one
//! address, chat that hides its direction. Over the in-memory link, the server's own ticks
//! as its clock.

use std::net::{IpAddr, Ipv4Addr};

use super::*;
use hewn_net::password::Password;
use hewn_net::server::Admin;

fn name(s: &str) -> PlayerName {
    PlayerName::new(s).expect("a name")
}

/// Connects a client called `who` from `ip`, with `password` if any; returns its index.
fn join_from(h: &mut Harness, who: &str, ip: IpAddr, password: Option<&str>) -> usize {
    let i = h.join_as(Client::new(name(who)).with_password(password.map(str::to_owned)));
    let id = h.clients[i].0.id();
    h.server.note_address(id, ip);
    i
}

#[test]
fn a_ban_on_mallory_keeps_out_every_case_of_the_name_and_alice_cannot_join_twice() {
    let mut h = Harness::flat(ServerConfig::default());
    h.server.set_admin(Admin {
        banned: [name("Mallory")].into(),
        operators: [name("ALICE")].into(),
        ..Admin::default()
    });
    let mallory = h.join("mallory", Conditions::PERFECT);
    let alice = h.join("Alice", Conditions::PERFECT);
    h.run(40);
    assert_eq!(
        h.client(mallory).refusal(),
        Some("you are banned from this server")
    );
    assert!(h.client(alice).game().is_some());
    let second = h.join("alice", Conditions::PERFECT);
    h.run(20);
    assert_eq!(
        h.client(second).refusal(),
        Some("a player named alice is already online")
    );
    assert!(h.client(alice).game().is_some(), "the first stays");
    // Operators are matched the same way: "Alice" is the operator "ALICE".
    let (link, client) = &mut h.clients[alice];
    client.say("/ban eve", &mut link.client);
    h.run(5);
    assert!(h.server.admin().banned.contains(&name("EVE")));
}

#[test]
fn sixty_wrong_passwords_from_one_address_take_more_than_thirty_seconds() {
    let mut h = Harness::flat(ServerConfig::default());
    h.server.set_admin(Admin {
        password: Some(Password::new("open sesame").expect("random")),
        ..Admin::default()
    });
    let here = IpAddr::V4(Ipv4Addr::LOCALHOST);
    let (mut wrong, mut slowed) = (0, 0);
    let mut current = join_from(&mut h, "mallory", here, Some("guess"));
    // Thirty seconds of the server's time, a new guess the moment the last is refused.
    for _ in 0..30 * 60 {
        if let Some(reason) = h.client(current).refusal() {
            if reason.starts_with("wrong password") {
                wrong += 1;
            } else {
                assert!(
                    reason.starts_with("too many wrong passwords from your address"),
                    "{reason}"
                );
                slowed += 1;
            }
            current = join_from(&mut h, "mallory", here, Some("guess"));
        }
        h.run(1);
    }
    assert!(
        (3..60).contains(&wrong),
        "{wrong} wrong answers checked in 30 s"
    );
    assert!(
        slowed > 0,
        "tries while slowed are refused before any answer"
    );
    // Another address is not slowed, and the right password lets it in.
    let other = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
    let alice = join_from(&mut h, "alice", other, Some("open sesame"));
    h.run(20);
    assert!(
        h.client(alice).game().is_some(),
        "{:?}",
        h.client(alice).refusal()
    );
}

#[test]
fn chat_that_hides_its_direction_reaches_others_without_the_marks() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    let bob = h.join("bob", Conditions::PERFECT);
    h.until_ready();
    h.run(5);
    h.clients[bob].1.take_chat();
    let (link, client) = &mut h.clients[alice];
    client.say(
        "\u{202E}gnp\u{2066}.\u{200B}exe\u{200F} \u{061C}ok\u{FEFF}\u{2028}",
        &mut link.client,
    );
    h.run(5);
    let heard: Vec<String> = (h.clients[bob].1.take_chat().iter())
        .map(ToString::to_string)
        .collect();
    assert_eq!(heard, ["<alice> gnp.exe ok"]);
}

#[test]
fn a_hello_with_a_long_bad_name_is_refused_quoting_at_most_40_characters() {
    use hewn_net::protocol::{ClientMessage, Hello, PROTOCOL_VERSION, encode};
    let mut h = Harness::flat(ServerConfig::default());
    let i = h.join("x", Conditions::PERFECT);
    let hello = ClientMessage::Hello(Hello {
        protocol: PROTOCOL_VERSION,
        generator: hewn_core::worldgen::GENERATOR_VERSION,
        name: format!("{}\u{202E}", "é".repeat(1000)),
        content: String::new(),
    });
    h.clients[i]
        .0
        .client
        .send_message(channel::CONTROL, encode(&hello));
    h.run(10);
    let refusal = h.client(i).refusal().expect("refused");
    assert!(refusal.starts_with("cannot join as \""), "{refusal}");
    assert!(refusal.chars().count() < 160, "{refusal}");
    assert!(!refusal.contains('\u{202E}'), "{refusal}");
}

#[test]
fn a_furnace_fed_a_stack_of_nothing_is_refused_and_nothing_changes() {
    use hewn_core::sim::survival::FurnaceSlot;
    let (sim, generator, coal) = coal_before_a_furnace();
    let mut h = Harness::serving(Server::new(sim, generator, ServerConfig::default()));
    let mallory = h.join("mallory", Conditions::PERFECT);
    h.until_ready();
    let looking = Input {
        yaw: Some(0.0),
        pitch: Some(0.0),
        ..Input::default()
    };
    for _ in 0..10 {
        h.tick(&[(mallory, looking.clone())]);
    }
    let held = |h: &Harness| {
        (h.server.sim().survivor(&name("mallory"))).map(|s| s.inventory.count(coal.item))
    };
    assert_eq!(held(&h), Some(5));
    for (slot, count) in [(FurnaceSlot::Fuel, 0), (FurnaceSlot::Input, 0)] {
        let lie = Input {
            actions: vec![Action::FurnacePut {
                slot,
                item: coal.item,
                count,
            }],
            ..Input::default()
        };
        h.tick(&[(mallory, lie)]);
    }
    h.run(10);
    let refusal = h.client(mallory).refusal().expect("sent away");
    assert!(refusal.starts_with("sent an impossible input"), "{refusal}");
    assert_eq!(held(&h), Some(5), "nothing taken");
    assert!(
        h.server.sim().survival().furnaces.is_empty(),
        "nothing put in"
    );
}
