//! Talking and running a server: chat, the player list, and the operators' commands.

use super::*;

/// The lines of chat client `i` heard since the last call, as the chat shows them.
fn heard(h: &mut Harness, i: usize) -> Vec<String> {
    (h.clients[i].1.take_chat().iter())
        .map(ToString::to_string)
        .collect()
}

#[test]
fn chat_reaches_everyone_cleaned_and_rate_limited_with_notices_and_commands() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    let bob = h.join("bob", Conditions::PERFECT);
    h.until_ready();
    h.run(5);
    heard(&mut h, alice);
    heard(&mut h, bob);
    let (link, client) = &mut h.clients[alice];
    client.say("  hi\u{7} there\n", &mut link.client);
    h.run(5);
    assert_eq!(heard(&mut h, bob), ["<alice> hi there"]);
    assert_eq!(heard(&mut h, alice), ["<alice> hi there"]);
    let (link, client) = &mut h.clients[alice];
    for i in 0..10 {
        client.say(&format!("line {i}"), &mut link.client);
    }
    h.run(5);
    let bob_heard = heard(&mut h, bob);
    assert_eq!(
        bob_heard.len(),
        4,
        "a burst of five, one spent already: {bob_heard:?}"
    );
    let alice_heard = heard(&mut h, alice);
    assert!(
        alice_heard.iter().any(|l| l.contains("too fast")),
        "{alice_heard:?}"
    );
    h.run(6 * 60);
    let (link, client) = &mut h.clients[bob];
    client.say("/list", &mut link.client);
    client.say("/fly", &mut link.client);
    h.run(5);
    assert_eq!(
        heard(&mut h, bob),
        [
            "Online (2): alice, bob",
            "Unknown command /fly: /help lists the commands."
        ]
    );
    assert!(
        heard(&mut h, alice).is_empty(),
        "a command's answer is for its sender"
    );
    let long = "x".repeat(1000);
    let (link, client) = &mut h.clients[bob];
    client.say(&long, &mut link.client);
    h.run(5);
    assert_eq!(heard(&mut h, alice), [format!("<bob> {}", "x".repeat(256))]);
    assert_eq!(heard(&mut h, bob).len(), 1, "the speaker sees its own line");
    let carol = h.join("carol", Conditions::PERFECT);
    h.until_ready();
    h.run(5);
    assert_eq!(heard(&mut h, alice), ["carol joined the game"]);
    assert_eq!(heard(&mut h, bob), ["carol joined the game"]);
    assert!(heard(&mut h, carol).is_empty(), "the one joining knows");
    let (link, _) = &mut h.clients[carol];
    link.close(&mut h.renet);
    h.run(5);
    assert_eq!(heard(&mut h, bob), ["carol left the game"]);
}

#[test]
fn every_player_hears_once_a_second_who_is_online_and_the_servers_tick_time() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", LAGGY);
    let bob = h.join("bob", Conditions::PERFECT);
    h.until_ready();
    for _ in 0..130 {
        h.server.note_tick_time(Duration::from_micros(1500));
        h.tick(&[]);
    }
    for i in [alice, bob] {
        let status = h.client(i).status();
        let names: Vec<&str> = status.players.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["alice", "bob"]);
        assert!((status.tick_ms - 1.5).abs() < 1e-3, "{status:?}");
    }
}

#[test]
fn operators_commands_do_what_they_say_and_others_are_refused() {
    use hewn_net::server::{Admin, Caller};
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    let bob = h.join("bob", Conditions::PERFECT);
    h.until_ready();
    h.server.set_admin(Admin {
        operators: [PlayerName::new("alice").expect("a name")].into(),
        ..Admin::default()
    });
    h.run(5);
    heard(&mut h, alice);
    heard(&mut h, bob);
    let (link, client) = &mut h.clients[bob];
    client.say("/kick alice", &mut link.client);
    client.say("/op bob", &mut link.client);
    h.run(5);
    assert_eq!(
        heard(&mut h, bob),
        [
            "Only operators may use /kick.",
            "Only operators may use /op."
        ]
    );
    assert!(h.client(alice).refusal().is_none());
    let console =
        |h: &mut Harness, line: &str| h.server.run_command(&Caller::Console, line, &mut h.renet);
    assert_eq!(console(&mut h, "say hello all"), "");
    h.run(5);
    assert_eq!(heard(&mut h, bob), ["[the server] hello all"]);
    assert_eq!(console(&mut h, "/op bob"), "bob is an operator.");
    assert!(h.server.take_admin_changed());
    assert_eq!(console(&mut h, "deop bob"), "bob is no longer an operator.");
    assert_eq!(console(&mut h, "deop bob"), "bob is not an operator.");
    let (link, client) = &mut h.clients[alice];
    client.say("/kick bob being rude", &mut link.client);
    h.run(40);
    assert_eq!(
        h.client(bob).refusal(),
        Some("Kicked by alice: being rude"),
        "a kick shows its reason on the client"
    );
    assert_eq!(console(&mut h, "ban bob"), "Banned bob.");
    let again = h.join("bob", Conditions::PERFECT);
    h.run(40);
    assert_eq!(
        h.client(again).refusal(),
        Some("you are banned from this server")
    );
    assert_eq!(console(&mut h, "pardon bob"), "bob may join again.");
    let third = h.join("bob", Conditions::PERFECT);
    h.run(40);
    assert!(
        h.client(third).game().is_some(),
        "{:?}",
        h.client(third).refusal()
    );
    assert_eq!(console(&mut h, "list"), "Online (2): alice, bob");
    assert_eq!(
        console(&mut h, "fly"),
        "Unknown command /fly: /help lists the commands."
    );
    assert!(!h.server.stop_requested());
    console(&mut h, "stop");
    assert!(h.server.stop_requested());
}

#[test]
fn tp_and_time_change_the_world_at_the_next_step_and_replay_from_the_recording() {
    use hewn_core::sim::time::{DAY_TICKS, NOON};
    use hewn_net::server::{Admin, Caller};
    let mut h = Harness::flat(ServerConfig::default());
    h.server.record();
    let alice = h.join("alice", Conditions::PERFECT);
    let bob = h.join("bob", LAGGY);
    h.until_ready();
    h.server.set_admin(Admin {
        operators: [PlayerName::new("alice").expect("a name")].into(),
        ..Admin::default()
    });
    h.run(5);
    heard(&mut h, alice);
    heard(&mut h, bob);
    let (link, client) = &mut h.clients[bob];
    client.say("/tp alice 0 90 0", &mut link.client);
    client.say("/time set noon", &mut link.client);
    h.run(10);
    assert_eq!(
        heard(&mut h, bob),
        [
            "Only operators may use /tp.",
            "Only operators may use /time."
        ]
    );
    let (link, client) = &mut h.clients[bob];
    client.say("/help", &mut link.client);
    // Bob's link is laggy and lossy: long enough for a lost line to be sent again.
    h.run(60);
    assert_eq!(heard(&mut h, bob), ["Commands: /help, /list"]);
    let (link, client) = &mut h.clients[alice];
    client.say("/tp bob 40.5 90 -20.5", &mut link.client);
    client.say("/time set noon", &mut link.client);
    client.say("/tp bob nowhere", &mut link.client);
    client.say("/tp bob 1 2", &mut link.client);
    client.say("/tp bob 1e9 2 3", &mut link.client);
    h.run(10);
    let answers = heard(&mut h, alice);
    assert_eq!(answers[0], "Moved bob to 40.5 90.0 -20.5.");
    assert!(
        answers[1].starts_with("Set the time to day 1, 12:00"),
        "{answers:?}"
    );
    assert_eq!(answers[2], "nowhere is not playing.");
    assert_eq!(
        answers[3],
        "Usage: /tp NAME X Y Z, /tp NAME OTHER or /tp X Y Z"
    );
    assert_eq!(answers[4], "That place is outside the world.");
    h.run(120);
    let (link, client) = &mut h.clients[alice];
    client.say("/help", &mut link.client);
    h.run(5);
    let help = heard(&mut h, alice);
    assert!(
        help.len() == 1 && help[0].contains("/tp NAME X Y Z") && help[0].contains("/stop"),
        "an operator hears its commands too: {help:?}"
    );
    // The flat world's ground is at y = 64: bob falls from 90 towards it, at x and z.
    let name = PlayerName::new("bob").expect("a name");
    let body = *h.server.sim().players().get(&name).expect("bob plays");
    assert!(
        (body.position.x - 40.5).abs() < 1e-9 && (body.position.z + 20.5).abs() < 1e-9,
        "{:?}",
        body.position
    );
    assert!(
        (64.0..90.0).contains(&body.position.y),
        "falling: {:?}",
        body.position
    );
    let time = h.server.sim().time();
    assert!((NOON..NOON + 200).contains(&(time % DAY_TICKS)), "{time}");
    // The client hears where it is, and the clock, from the server's snapshots.
    h.run(60);
    let mine = h
        .client(bob)
        .game()
        .and_then(|g| g.me().copied())
        .expect("bob");
    assert!((mine.position.x - 40.5).abs() < 1e-6, "{:?}", mine.position);
    let game_time = h.client(bob).game().expect("in").sim().time();
    assert!(
        game_time.abs_diff(h.server.sim().time()) < 10,
        "{game_time}"
    );
    // The console may move anyone; a player may move itself with three numbers.
    assert_eq!(
        h.server
            .run_command(&Caller::Console, "tp alice bob", &mut h.renet),
        format!(
            "Moved alice to {:.1} {:.1} {:.1}.",
            h.server.sim().players().get(&name).expect("bob").position.x,
            h.server.sim().players().get(&name).expect("bob").position.y,
            h.server.sim().players().get(&name).expect("bob").position.z
        )
    );
    assert_eq!(
        h.server.run_command(&Caller::Console, "time", &mut h.renet),
        format!(
            "It is {} (tick {}).",
            hewn_core::sim::time::Clock::at(h.server.sim().time()),
            h.server.sim().time()
        )
    );
    h.run(30);
    let recording = (h.server.take_recording().expect("recording").to_toml()).expect("TOML");
    assert!(recording.contains("action = \"teleport\""), "{recording}");
    assert!(recording.contains("action = \"set_time\""), "{recording}");
    let scenario = hewn_scenario::Scenario::parse(&recording).expect("the recording parses");
    assert_eq!(scenario.run(|_| {}).hash(), h.server.sim().hash());
}

#[test]
fn a_wrong_password_is_refused_with_a_message_and_the_right_one_lets_the_player_in() {
    use hewn_net::password::Password;
    use hewn_net::server::Admin;
    let mut h = Harness::flat(ServerConfig::default());
    h.server.set_admin(Admin {
        password: Some(Password::new("open sesame").expect("random")),
        ..Admin::default()
    });
    assert!(h.server.info().password, "a ping says a password is asked");
    let wrong = h.join_as(
        Client::new(PlayerName::new("mallory").expect("a name"))
            .with_password(Some("sesame".into())),
    );
    let right = h.join_as(
        Client::new(PlayerName::new("alice").expect("a name"))
            .with_password(Some("open sesame".into())),
    );
    let asked = h.join("bob", Conditions::PERFECT);
    h.run(40);
    assert_eq!(h.client(wrong).refusal(), Some("wrong password"));
    assert!(h.client(wrong).game().is_none());
    assert!(
        h.client(right).game().is_some(),
        "{:?}",
        h.client(right).refusal()
    );
    assert!(h.client(asked).game().is_none());
    assert!(
        h.client(asked).waiting_for_password(),
        "the game asks the player"
    );
    h.clients[asked].1.give_password("open sesame");
    h.run(10);
    assert!(
        h.client(asked).game().is_some(),
        "{:?}",
        h.client(asked).refusal()
    );
    assert_eq!(
        h.server
            .run_command(&hewn_net::server::Caller::Console, "list", &mut h.renet),
        "Online (2): alice, bob"
    );
}

#[test]
fn gamemode_switches_the_whole_world_at_the_next_step_and_grounds_the_fliers() {
    use hewn_core::sim::survival::Mode;
    use hewn_net::server::{Admin, Caller};
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    let bob = h.join("bob", Conditions::PERFECT);
    h.until_ready();
    h.server.set_admin(Admin {
        operators: [PlayerName::new("alice").expect("a name")].into(),
        ..Admin::default()
    });
    let fly = Input {
        actions: vec![Action::ToggleFly],
        ..Input::default()
    };
    h.tick(&[(bob, fly)]);
    h.run(10);
    let bob_name = PlayerName::new("bob").expect("a name");
    let flying = |h: &Harness| h.server.sim().players().get(&bob_name).expect("bob").flying;
    assert!(flying(&h), "creative: bob flies");
    heard(&mut h, alice);
    heard(&mut h, bob);
    let (link, client) = &mut h.clients[bob];
    client.say("/gamemode survival", &mut link.client);
    let (link, client) = &mut h.clients[alice];
    client.say("/gamemode creative bob", &mut link.client);
    client.say("/gamemode survival", &mut link.client);
    client.say("/gamemode", &mut link.client);
    h.run(10);
    assert_eq!(heard(&mut h, bob), ["Only operators may use /gamemode."]);
    assert_eq!(
        heard(&mut h, alice),
        [
            "Usage: /gamemode survival|creative (the mode is the world's, for everyone)",
            "The world is played in survival from now on, by everyone.",
            "The world is played in survival."
        ]
    );
    assert_eq!(h.server.sim().mode(), Mode::Survival);
    assert!(!flying(&h), "survival: no one flies");
    assert_eq!(
        h.server
            .run_command(&Caller::Console, "gamemode creative", &mut h.renet),
        "The world is played in creative from now on, by everyone."
    );
    h.run(2);
    assert_eq!(h.server.sim().mode(), Mode::Creative);
}
