//! Beds, each rule pinned down by a scenario: sleeping at night skips to the next sunrise
//! once everyone sleeps, a bed used becomes where its player comes back, and one that is
//! gone sends it to the world's spawn. Flat worlds have their grass top at y = 64 and their
//! spawn at (0.5, 64, 0.5).

use hewn_core::sim::PlayerName;
use hewn_core::sim::survival::SLEEP_TICKS;
use hewn_core::sim::time::{DAY_TICKS, MIDNIGHT};
use hewn_core::world::BlockPos;
use hewn_testing::{FirstPlayer, assert_near, run};

/// A survival world at world time `time` with a bed whose foot is at (0, 64, -1) and head
/// at (0, 64, -2), the player at the spawn looking down at the foot, and `rest`.
fn by_a_bed(time: u64, ticks: u64, player: &str, rest: &str) -> hewn_testing::Run {
    run(&format!(
        r#"
        world = "flat"
        mode = "survival"
        time = {time}
        ticks = {ticks}
        {rest}
        [player]
        position = [0.5, 64.0, 0.5]
        pitch = -45.0
        {player}
        [[fill]]
        from = [0, 64, -1]
        to = [0, 64, -1]
        block = "bed"
        [[fill]]
        from = [0, 64, -2]
        to = [0, 64, -2]
        block = "bed_head_north"
        "#
    ))
}

const USE: &str = "[[input]]\nat = 0\naction = \"use\"";

#[test]
fn sleeping_at_night_skips_to_sunrise_and_sets_the_respawn() {
    let r = by_a_bed(MIDNIGHT, 400, "", USE);
    // Lying on the bed's foot, nine sixteenths up.
    let lying = r.trace[1].me().position;
    assert_near(lying[1], 64.0 + 9.0 / 16.0, 1e-6);
    assert_near(lying[2], -0.5, 1e-6);
    let skipped = r.trace.windows(2).position(|w| w[1].time != w[0].time + 1);
    let woke = skipped.expect("the night was skipped") + 1;
    assert_eq!(
        r.trace[woke].tick,
        u64::from(SLEEP_TICKS),
        "after 300 ticks asleep"
    );
    // The night ends at sunrise, and that tick's own tick of the clock follows.
    assert_eq!(r.trace[woke].time % DAY_TICKS, 1, "sunrise");
    assert_eq!(r.trace[woke].time / DAY_TICKS, 1, "the next day");
    let me = r.sim.survivor(&PlayerName::default()).expect("a survivor");
    assert_eq!(me.bed, Some(BlockPos::new(0, 64, -1)));
    assert_eq!(me.sleeping, None, "everyone got up");
}

#[test]
fn by_day_a_bed_only_sets_the_respawn_and_a_sleeper_gets_up_by_walking() {
    let day = by_a_bed(18_000, 60, "", USE);
    assert_near(day.last().me().position[1], 64.0, 1e-6);
    let me = day
        .sim
        .survivor(&PlayerName::default())
        .expect("a survivor");
    assert_eq!(
        (me.bed, me.sleeping),
        (Some(BlockPos::new(0, 64, -1)), None)
    );
    // A sleeper holds still until it walks, and the night goes on.
    let walked = by_a_bed(
        MIDNIGHT,
        120,
        "",
        "[[input]]\nat = 0\naction = \"use\"\n[[input]]\nfrom = 60\nto = 120\nhold = [\"back\"]",
    );
    assert_eq!(
        walked.trace[59].me().position,
        walked.trace[1].me().position
    );
    assert!(
        walked.last().me().position[2] > 0.0,
        "got up and walked off"
    );
    assert_eq!(walked.last().time, MIDNIGHT + 120);
}

#[test]
fn the_dead_come_back_on_their_bed_or_at_the_spawn_when_it_is_gone() {
    let dead = "death = \"fall\"\nhealth = 0\nbed = [0, 64, -1]";
    let respawn = "[[input]]\nat = 0\naction = \"respawn\"";
    let on_bed = by_a_bed(18_000, 5, dead, respawn);
    let at = on_bed.trace[0].me().position;
    assert_eq!(at, [0.5, 64.0 + 9.0 / 16.0, -0.5]);
    // A bed remembered where none stands any more.
    let gone = "death = \"fall\"\nhealth = 0\nbed = [5, 64, 5]";
    let at_spawn = by_a_bed(18_000, 5, gone, respawn);
    assert_eq!(at_spawn.trace[0].me().position, [0.5, 64.0, 0.5]);
    let me = at_spawn
        .sim
        .survivor(&PlayerName::default())
        .expect("a survivor");
    assert_eq!(me.bed, None, "a bed that is gone is forgotten");
}
