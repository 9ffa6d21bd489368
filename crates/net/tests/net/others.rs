//! Others as a client draws them: steady between uneven snapshots, and seen sneaking.

use super::*;

#[test]
fn others_are_drawn_moving_steadily_between_uneven_snapshots_and_seen_sneaking() {
    // Late and unevenly late, but nothing lost: two snapshots lost in a row leave the
    // moment drawn past the newest, where a figure waits for the next.
    let jittery = Conditions {
        loss: 0.0,
        jitter_ticks: 2,
        ..LAGGY
    };
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", jittery);
    let bob = h.join("bob", Conditions { seed: 5, ..jittery });
    h.until_ready();
    let mut drawn = Vec::new();
    for _ in 0..240 {
        h.tick(&[(alice, held(&[Control::Forward, Control::Sneak]))]);
        let game = h.client(bob).game().expect("in");
        let tick = game.view_tick(0.0);
        drawn.extend(
            game.others_at(tick)
                .filter(|(n, _)| *n == "alice")
                .map(|(_, s)| s),
        );
    }
    // Past the first second (alice's start, and the clock settling), bob draws alice a
    // little further on every tick, at about her speed, though snapshots come every third
    // tick, each up to two ticks later than the one before.
    let per_tick = 1.295 / 60.0;
    for (i, w) in drawn[60..].windows(2).enumerate() {
        let step = w[1].body.position.distance(w[0].body.position);
        assert!(
            (0.7 * per_tick..1.3 * per_tick).contains(&step),
            "tick {i}: {step} blocks, sneaking is {per_tick} a tick"
        );
    }
    let last = drawn.last().expect("alice drawn");
    assert!(last.body.sneaking);
    assert!(last.swing > 0.1 && last.walked > 2.0, "{last:?}");
}
