//! Survival's numbers, each pinned down by a scenario: falls, drowning, regeneration,
//! cactus, death and respawn, and dig times by hand and with every tier. Flat worlds have
//! their grass top at y = 64, and their spawn point at (0.5, 64, 0.5).

use hewn_scenario::report::EventReport;
use hewn_testing::{FirstPlayer, run};

/// The events of `kind` over the whole run.
fn of_kind<'a>(r: &'a hewn_testing::Run, kind: &str) -> Vec<&'a EventReport> {
    let all = r.trace.iter().flat_map(|t| &t.events);
    all.filter(|e| e.kind == kind).collect()
}

/// The ticks the events of `kind` happened in.
fn ticks_of(r: &hewn_testing::Run, kind: &str) -> Vec<u64> {
    of_kind(r, kind).iter().map(|e| e.tick).collect()
}

/// A survival player dropped from `height` blocks above the flat ground, with `extra`
/// appended to the scenario.
fn fall(height: f64, extra: &str) -> hewn_testing::Run {
    run(&format!(
        r#"
        world = "flat"
        mode = "survival"
        ticks = 120
        [player]
        position = [20.5, {}, 0.5]
        {extra}
        "#,
        64.0 + height
    ))
}

#[test]
fn falls_of_3_4_and_10_blocks_leave_20_19_and_13_health() {
    for (height, health) in [(3.0, 20), (4.0, 19), (10.0, 13)] {
        let r = fall(height, "");
        assert_eq!(r.last().health, health, "a fall of {height}");
        assert!(r.last().me().on_ground);
    }
    let ten = fall(10.0, "");
    let hurt = &of_kind(&ten, "hurt")[0];
    assert_eq!((hurt.cause, hurt.amount), (Some("fall"), Some(7)));
}

#[test]
fn a_fall_into_water_costs_nothing() {
    let pool = r#"
        [[fill]]
        from = [18, 62, -2]
        to = [22, 63, 2]
        block = "water"
    "#;
    let r = fall(10.0, pool);
    assert_eq!(r.last().health, 20);
    assert!(of_kind(&r, "hurt").is_empty());
}

#[test]
fn creative_never_hurts() {
    let r = run(r#"
        world = "flat"
        ticks = 120
        [player]
        position = [0.5, 80.0, 0.5]
        "#);
    // A drop of 16 blocks, which in survival costs 13 health.
    assert_eq!(
        r.last().me().position[1],
        64.0,
        "the player fell to the ground"
    );
    assert!(
        r.sim.survival().survivors.is_empty(),
        "creative keeps no health"
    );
    assert_eq!((r.last().mode, r.last().health), ("creative", 20));
    assert!(of_kind(&r, "hurt").is_empty());
    assert!(r.last().inventory.is_empty() && r.last().items.is_empty());
}

/// A survival player standing on the floor of a pool 6 deep, its eyes under from the first
/// tick.
fn under_water(ticks: u64, extra: &str) -> hewn_testing::Run {
    run(&format!(
        r#"
        world = "flat"
        mode = "survival"
        ticks = {ticks}
        [player]
        position = [0.5, 58.0, 0.5]
        {extra}
        [[fill]]
        from = [-3, 58, -3]
        to = [3, 63, 3]
        block = "water"
        "#
    ))
}

#[test]
fn drowning_takes_2_when_air_runs_out_at_tick_900_and_2_every_60_ticks_after() {
    let r = under_water(1030, "");
    assert_eq!(r.trace[0].air, 899);
    assert_eq!(r.trace[899].air, 0);
    assert_eq!(ticks_of(&r, "hurt"), [900, 960, 1020]);
    assert_eq!(r.last().health, 14);
    let causes: Vec<_> = of_kind(&r, "hurt").iter().map(|e| e.cause).collect();
    assert_eq!(causes, [Some("drowning"); 3]);
    // Starting with no air, drowning hurts at once.
    assert_eq!(ticks_of(&under_water(70, "air = 0"), "hurt"), [1, 61]);
}

#[test]
fn health_comes_back_one_point_every_240_ticks_unhurt() {
    let r = run(r#"
        world = "flat"
        mode = "survival"
        ticks = 500
        [player]
        position = [0.5, 64.0, 0.5]
        health = 15
        "#);
    assert_eq!(r.trace[238].health, 15);
    assert_eq!(r.trace[239].health, 16);
    assert_eq!(r.trace[479].health, 17);
}

#[test]
fn touching_a_cactus_costs_one_health_every_30_ticks() {
    let r = run(r#"
        world = "flat"
        mode = "survival"
        ticks = 100
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        [[fill]]
        from = [2, 64, 0]
        to = [2, 66, 0]
        block = "cactus"
        [[input]]
        from = 0
        to = 100
        hold = ["forward"]
        "#);
    let hurts = ticks_of(&r, "hurt");
    assert!(hurts.len() >= 2, "{hurts:?}");
    for pair in hurts.windows(2) {
        assert_eq!(pair[1] - pair[0], 30, "{hurts:?}");
    }
    assert_eq!(
        r.last().health,
        20 - hurts.len() as u8,
        "one point each time"
    );
}

#[test]
fn death_drops_everything_carried_and_respawn_comes_back_whole_at_spawn() {
    let r = fall(
        12.0,
        r#"health = 1
        inventory = [{item = "dirt", count = 10}, {item = "stone_pickaxe", count = 1}]
        [[input]]
        at = 100
        action = "respawn"
        "#,
    );
    let death = of_kind(&r, "death");
    assert_eq!(death.len(), 1);
    assert_eq!(death[0].cause, Some("fall"));
    let dead = &r.trace[98];
    assert_eq!((dead.health, dead.inventory.len()), (0, 0));
    let lying: Vec<_> = dead.items.iter().map(|i| (i.item, i.count)).collect();
    assert_eq!(lying, [("dirt", 10), ("stone_pickaxe", 1)]);
    for item in &dead.items {
        assert!((item.position[0] - 20.5).abs() < 3.0 && (item.position[2] - 0.5).abs() < 3.0);
    }
    let back = r.last();
    assert_eq!((back.health, back.air), (20, 900));
    assert_eq!(back.me().position, [0.5, 64.0, 0.5]);
}

/// The tick a survival player facing a `block` at eye height, 1.5 blocks east, breaks it
/// holding dig from tick 0 with `tool` (none: the hand), if it does within 600 ticks.
fn dig_tick(block: &str, tool: Option<&str>) -> Option<u64> {
    let r = hewn_testing::digging(block, tool, 600);
    ticks_of(&r, "break").first().copied()
}

#[test]
fn dig_times_by_hand_and_with_each_tier_are_exact_to_the_tick() {
    let tiers = ["wooden", "stone", "iron", "diamond"];
    let cases: [(&str, &str, u64, [u64; 4]); 4] = [
        // seconds = hardness × 1.5 / speed with the right tool, × 5 by hand where a
        // pickaxe is needed; ticks = ⌈60 × seconds⌉.
        ("stone", "pickaxe", 450, [68, 34, 23, 17]),
        ("dirt", "shovel", 45, [23, 12, 8, 6]),
        ("log", "axe", 180, [90, 45, 30, 23]),
        ("leaves", "axe", 18, [18, 18, 18, 18]),
    ];
    for (block, kind, by_hand, with_tier) in cases {
        assert_eq!(dig_tick(block, None), Some(by_hand), "{block} by hand");
        for (tier, ticks) in tiers.iter().zip(with_tier) {
            let tool = format!("{tier}_{kind}");
            assert_eq!(dig_tick(block, Some(&tool)), Some(ticks), "{block}, {tool}");
        }
    }
    // The wrong tool digs as the hand does.
    assert_eq!(dig_tick("log", Some("diamond_shovel")), Some(180));
    assert_eq!(dig_tick("bedrock", Some("diamond_pickaxe")), None);
}

/// A survival player with a wooden pickaxe facing two stones, 1.5 blocks east at eye
/// height (z = 0 straight ahead, z = 1 at yaw 120), with `inputs` appended.
fn two_stones(inputs: &str) -> hewn_testing::Run {
    run(&format!(
        r#"
        world = "flat"
        mode = "survival"
        ticks = 250
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        inventory = [{{item = "wooden_pickaxe", count = 1}}]
        [[fill]]
        from = [2, 65, 0]
        to = [2, 65, 1]
        block = "stone"
        {inputs}
        "#
    ))
}

#[test]
fn looking_away_or_letting_go_starts_the_dig_again() {
    // Dug 30 ticks, then 10 on the other stone, then back: 68 ticks from tick 40.
    let r = two_stones(
        r#"
        [[input]]
        from = 0
        to = 250
        hold = ["dig"]
        [[input]]
        at = 30
        yaw = 120.0
        [[input]]
        at = 40
        yaw = 90.0
        [[input]]
        at = 150
        yaw = 120.0
        "#,
    );
    assert_eq!(ticks_of(&r, "break"), [108, 218]);
    // Held 40 ticks, let go, held again from tick 50: 68 ticks later.
    let r = two_stones(
        r#"
        [[input]]
        from = 0
        to = 40
        hold = ["dig"]
        [[input]]
        from = 50
        to = 250
        hold = ["dig"]
        "#,
    );
    assert_eq!(ticks_of(&r, "break"), [118]);
}

#[test]
fn a_click_breaks_only_what_breaks_at_once() {
    let r = two_stones(
        r#"
        [[input]]
        at = 0
        action = "break"
        [[fill]]
        from = [1, 64, 0]
        to = [1, 64, 0]
        block = "torch"
        [[input]]
        at = 5
        pitch = -50.0
        action = "break"
        "#,
    );
    let broken: Vec<_> = of_kind(&r, "break").iter().map(|e| e.block).collect();
    assert_eq!(broken, [Some("torch")]);
}
