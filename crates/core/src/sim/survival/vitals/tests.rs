use glam::DVec3;

use super::*;

/// A body at height `y`, standing or not.
fn body(y: f64, on_ground: bool) -> Body {
    let mut p = Body::new(DVec3::new(0.5, y, 0.5));
    p.on_ground = on_ground;
    p
}

/// Senses for a move from `before` to `after`, dry and clear of cacti.
fn moved(before: Body, after: Body) -> Senses {
    Senses {
        before,
        after,
        feet_wet_before: false,
        feet_wet: false,
        eyes_under: false,
        touching_cactus: false,
        fed: true,
    }
}

/// The health left after stepping off a ledge and falling `height` blocks in `steps`.
fn after_fall(height: f64, into_water: bool) -> u8 {
    let mut v = Vitals::full();
    let top = 100.0;
    v.tick(&moved(body(top, true), body(top, false)));
    let steps = 20;
    for i in 0..steps {
        let y = |k: i32| top - height * f64::from(k) / f64::from(steps);
        let last = i == steps - 1;
        let mut s = moved(body(y(i), false), body(y(i + 1), last));
        s.feet_wet = last && into_water;
        v.tick(&s);
    }
    v.health
}

#[test]
fn falls_of_three_four_and_ten_blocks_leave_twenty_nineteen_and_thirteen() {
    assert_eq!(after_fall(3.0, false), 20);
    assert_eq!(after_fall(4.0 + 1e-9, false), 19);
    assert_eq!(after_fall(4.0, false), 19);
    assert_eq!(after_fall(10.0, false), 13);
    assert_eq!(after_fall(10.0, true), 20, "water breaks the fall");
}

#[test]
fn flying_down_costs_nothing_but_a_fall_after_flight_does() {
    // Flown down 10 blocks, landing as flight ends: the fall is measured from the last
    // flying tick, half a block up.
    let mut v = Vitals::full();
    let steps = 20;
    let y = |k: i32| 100.0 - 10.0 * f64::from(k) / f64::from(steps);
    for i in 0..steps {
        let last = i == steps - 1;
        let mut before = body(y(i), false);
        before.flying = true;
        let mut after = body(y(i + 1), last);
        after.flying = !last;
        v.tick(&moved(before, after));
    }
    assert_eq!(v.health, 20, "flying down never falls");
    // Flight stopped 10 blocks up: the same drop as stepping off a ledge.
    let mut v = Vitals::full();
    let mut hovering = body(100.0, false);
    hovering.flying = true;
    v.tick(&moved(hovering, body(100.0, false)));
    for i in 0..steps {
        v.tick(&moved(body(y(i), false), body(y(i + 1), i == steps - 1)));
    }
    assert_eq!(v.health, 13);
}

#[test]
fn drowning_hurts_two_when_air_runs_out_and_every_sixty_ticks_after() {
    let mut v = Vitals::full();
    let still = body(50.0, false);
    let mut under = moved(still, still);
    under.eyes_under = true;
    let mut hurt_at = Vec::new();
    for tick in 1..=1030 {
        if !v.tick(&under).is_empty() {
            hurt_at.push(tick);
        }
    }
    assert_eq!(hurt_at, [900, 960, 1020]);
    assert_eq!((v.health, v.air), (14, 0));
    // Out of the water air comes back four a tick.
    v.tick(&moved(still, still));
    assert_eq!(v.air, 4);
}

#[test]
fn a_hurt_keeps_others_off_for_thirty_ticks_and_health_comes_back_every_240() {
    let mut v = Vitals::full();
    let still = body(50.0, true);
    let mut spiked = moved(still, still);
    spiked.touching_cactus = true;
    let mut hurt_at = Vec::new();
    for tick in 1..=61 {
        if !v.tick(&spiked).is_empty() {
            hurt_at.push(tick);
        }
    }
    assert_eq!(hurt_at, [1, 31, 61]);
    assert_eq!(v.health, 17);
    let mut healed_at = Vec::new();
    for tick in 1..=720 {
        let before = v.health;
        v.tick(&moved(still, still));
        if v.health > before {
            healed_at.push(tick);
        }
    }
    assert_eq!(healed_at, [240, 480, 720]);
    assert_eq!(v.health, 20);
}
