//! Properties over random play: whatever a client sends costs only itself, and every
//! client's confirmed state is the server's.

use super::*;

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    #[test]
    fn decoding_arbitrary_bytes_never_panics(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..512)) {
        use hewn_net::protocol::{ClientMessage, ServerMessage, decode, MAX_CLIENT_MESSAGE, MAX_SERVER_MESSAGE};
        let _ = decode::<ClientMessage>(&bytes, MAX_CLIENT_MESSAGE);
        if let Ok(ServerMessage::Survivor(_, state)) = decode::<ServerMessage>(&bytes, MAX_SERVER_MESSAGE) {
            let _ = state.survivor();
        }
        if let Ok(ClientMessage::Inputs { inputs, .. }) = decode::<ClientMessage>(&bytes, MAX_CLIENT_MESSAGE) {
            for input in inputs {
                let _ = input.input();
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    #[test]
    fn a_client_sending_garbage_costs_the_others_nothing(
        messages in proptest::collection::vec(
            (0u8..2, proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300)),
            1..20,
        )
    ) {
        let mut h = Harness::flat(ServerConfig::default());
        let alice = h.join("alice", Conditions::PERFECT);
        let mallory = h.join("mallory", Conditions::PERFECT);
        h.until_ready();
        for (ch, bytes) in messages {
            h.clients[mallory].0.client.send_message(ch, bytes);
            h.tick(&[(alice, held(&[Control::Forward]))]);
        }
        h.run(40);
        proptest::prop_assert!(h.client(alice).refusal().is_none());
        proptest::prop_assert_eq!(h.client(alice).game().map(hewn_net::client::Game::corrections), Some(0));
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]

    /// Three clients with random inputs over links of random latency, jitter and loss: each
    /// client's own player, as of the last tick the server confirmed, is the server's.
    #[test]
    fn every_clients_confirmed_state_is_the_servers(
        seed in 0u64..1_000_000,
        latency in 0u64..6,
        jitter in 0u64..3,
        loss in 0.0f64..0.1,
    ) {
        let mut h = Harness::flat(ServerConfig::default());
        h.server.record();
        let who: Vec<usize> = ["a", "b", "c"]
            .iter()
            .enumerate()
            .map(|(i, name)| {
                h.join(name, Conditions { latency_ticks: latency, jitter_ticks: jitter, loss, seed: seed + i as u64 })
            })
            .collect();
        h.until_ready();
        let mut rng = hewn_core::worldgen::SplitMix64::new(seed);
        let mut controls = [Controls::NONE; 3];
        for _ in 0..240 {
            let mut inputs = Vec::new();
            for (k, &i) in who.iter().enumerate() {
                let roll = rng.next_u64();
                if roll.is_multiple_of(20) {
                    controls[k] = Controls::from_bits((rng.next_u64() & 0x7f) as u8);
                }
                let mut input = Input { controls: controls[k], ..Input::default() };
                if roll % 25 == 1 {
                    input.yaw = Some((rng.next_u64() % 360) as f64);
                    input.pitch = Some((rng.next_u64() % 120) as f64 - 60.0);
                }
                match roll % 60 {
                    2 => input.actions.push(Action::Break),
                    3 => input.actions.push(Action::Place(Block::PLANKS)),
                    4 => input.actions.push(Action::ToggleFly),
                    _ => {}
                }
                inputs.push((i, input));
            }
            h.tick(&inputs);
        }
        // Standing still until the server has confirmed everything played.
        h.run(90);
        for &i in &who {
            let client = h.client(i);
            let game = client.game().expect("in");
            let confirmed = game.confirmed().expect("confirmed");
            let mine = game.state_after(confirmed).expect("remembered");
            let server = h.server.played_state(client.name(), confirmed).expect("on the server");
            proptest::prop_assert_eq!(mine, server, "{}", client.name());
            proptest::prop_assert_eq!(game.edits_pending(), 0);
        }
        // The server's recording replays, as `hewn sim` would, to the server's hash.
        let recording = h.server.take_recording().expect("recording").to_toml().expect("TOML");
        let scenario = hewn_scenario::Scenario::parse(&recording).expect("the recording parses");
        let replay = scenario.run(|_| {});
        proptest::prop_assert_eq!(replay.hash(), h.server.sim().hash());
    }
}
