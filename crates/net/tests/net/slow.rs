//! A client whose frames are slow: it hears the server and plays once a frame, the frame's
//! ticks in a burst, as a game at 4 frames a second does.

use super::*;

/// What the slow player does at client tick `t`: walks and jumps, stands, turns.
fn plan(t: u64) -> Input {
    let phase = (t / 120) % 4;
    let mut controls = Controls::NONE;
    if phase == 0 || phase == 2 {
        controls = controls.with(Control::Forward);
    }
    if phase == 2 && t % 40 < 5 {
        controls = controls.with(Control::Jump);
    }
    Input {
        controls,
        yaw: (phase == 3).then_some((t % 360) as f64),
        ..Input::default()
    }
}

/// Plays `seconds` with one client whose frames take `frame_ticks` ticks, over `conditions`,
/// then stands until all is confirmed, checking the client's confirmed state is the
/// server's; returns its corrections.
fn slow_client(frame_ticks: u64, conditions: Conditions, seconds: u64) -> u64 {
    let mut h = Harness::flat(ServerConfig::default());
    let me = h.join("slow", conditions);
    h.until_ready();
    let mut played = 0;
    for tick in 0..seconds * 60 {
        let (link, client) = &mut h.clients[me];
        link.exchange(&mut h.renet, h.tick);
        if tick % frame_ticks == 0 {
            link.client.update(TICK * frame_ticks as u32);
            client.update(&mut link.client);
            for _ in 0..frame_ticks {
                client.play(&plan(played), &mut link.client);
                played += 1;
            }
        }
        h.renet.update(TICK);
        h.server.update(&mut h.renet);
        h.tick += 1;
    }
    // Standing still until the server has confirmed everything played: the client's
    // state as of the last tick confirmed is the server's.
    h.run(120);
    let client = h.client(me);
    let game = client.game().expect("in the world");
    let confirmed = game.confirmed().expect("confirmed");
    assert_eq!(
        game.state_after(confirmed),
        h.server.played_state(client.name(), confirmed),
        "tick {confirmed}"
    );
    game.corrections()
}

#[test]
fn a_client_at_four_frames_a_second_is_not_corrected_on_a_clean_link() {
    assert_eq!(slow_client(15, Conditions::PERFECT, 60), 0);
}

/// Eight minutes of a client at 4 frames a second over a link of 100 ms round trip and 5%
/// loss, a minute each under eight seeds, walking, jumping, standing and turning: not one
/// correction. The server's buffer learns the client's bursts and holds three of them, and
/// every message carries the last three frames' ticks, so the inputs of two frames lost in
/// a row come with the next. Holding two cost 6 corrections in these minutes; before the
/// buffer learned bursts, 196.
#[test]
fn a_client_at_four_frames_a_second_over_a_lossy_link_is_never_corrected() {
    let lossy = |seed| Conditions {
        latency_ticks: 3,
        jitter_ticks: 1,
        loss: 0.05,
        seed,
    };
    let each: Vec<u64> = (1..=8)
        .map(|seed| slow_client(15, lossy(seed), 60))
        .collect();
    assert!(
        each.iter().all(|&n| n == 0),
        "corrections in each minute: {each:?}"
    );
}
