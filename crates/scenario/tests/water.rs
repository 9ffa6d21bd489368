//! Flowing water, pinned down by scenarios run as `hewn sim` runs them. "flat" worlds have
//! their grass top at y = 63, so water poured at y = 64 lies on the ground. A water cell
//! updates 15 ticks after it or a neighbour changed; a scenario's fills change cells in tick
//! 0, so a source filled there first spreads in tick 15 (the report after tick 15 is
//! `trace[15]`).

use hewn_testing::FirstPlayer;

use std::collections::BTreeMap;

use hewn_scenario::report::TickReport;
use hewn_testing::run;

/// The water cells of a report, by position.
fn water(report: &TickReport) -> BTreeMap<[i32; 3], &'static str> {
    report
        .edits
        .iter()
        .filter(|e| e.block.starts_with("water"))
        .map(|e| (e.pos, e.block))
        .collect()
}

/// The cells within `radius` steps of `centre` along the ground (y fixed) for which `keep`
/// holds, with water of level = distance: a source at the centre, `water_d` around it.
fn diamond(
    centre: [i32; 3],
    radius: i32,
    keep: impl Fn([i32; 3]) -> bool,
) -> BTreeMap<[i32; 3], &'static str> {
    const NAMES: [&str; 8] = [
        "water", "water_1", "water_2", "water_3", "water_4", "water_5", "water_6", "water_7",
    ];
    let mut cells = BTreeMap::new();
    for dx in -radius..=radius {
        for dz in -radius..=radius {
            let d = dx.abs() + dz.abs();
            let pos = [centre[0] + dx, centre[1], centre[2] + dz];
            if d <= radius && keep(pos) {
                cells.insert(pos, NAMES[d as usize]);
            }
        }
    }
    cells
}

fn source_at(pos: [i32; 3], ticks: u64) -> String {
    format!(
        r#"
        world = "flat"
        ticks = {ticks}
        [player]
        position = [0.5, 64.0, 20.5]
        [[fill]]
        from = {pos:?}
        to = {pos:?}
        block = "water"
    "#
    )
}

#[test]
fn a_source_on_flat_ground_spreads_into_a_diamond_of_radius_seven_a_level_a_step() {
    let r = run(&source_at([0, 64, 0], 200));
    assert_eq!(water(r.last()), diamond([0, 64, 0], 7, |_| true));
    // Level d arrives in tick 15 d, all of it at once.
    for d in 1..=7 {
        let before = water(&r.trace[15 * d - 1]);
        let after = water(&r.trace[15 * d]);
        assert_eq!(
            before,
            diamond([0, 64, 0], d as i32 - 1, |_| true),
            "tick {}",
            15 * d - 1
        );
        assert_eq!(
            after,
            diamond([0, 64, 0], d as i32, |_| true),
            "tick {}",
            15 * d
        );
    }
    assert!(r.sim.updates().is_empty(), "the flood settles");
}

#[test]
fn water_spreads_across_chunk_borders_as_inside_a_chunk() {
    // Chunks are 32 blocks wide: (31, 64, 31) is a chunk's corner, so the diamond covers
    // four chunks.
    let r = run(&source_at([31, 64, 31], 200));
    assert_eq!(water(r.last()), diamond([31, 64, 31], 7, |_| true));
}

#[test]
fn the_wall_of_the_world_stops_water() {
    let edge = 29_999_999; // the last cell inside the border
    let r = run(&source_at([edge, 64, 0], 200));
    assert_eq!(water(r.last()), diamond([edge, 64, 0], 7, |p| p[0] <= edge),);
}

#[test]
fn a_source_in_the_air_falls_to_the_ground_and_spreads_there_as_a_source() {
    let r = run(&source_at([0, 70, 0], 300));
    let mut expected = diamond([0, 64, 0], 7, |_| true);
    for y in 64..70 {
        expected.insert([0, y, 0], "water_falling");
    }
    expected.insert([0, 70, 0], "water");
    assert_eq!(water(r.last()), expected);
    // One cell further down every 15 ticks, and nothing sideways on the way.
    let after_45 = water(&r.trace[45]);
    let falling: Vec<_> = after_45.keys().copied().collect();
    assert_eq!(
        falling,
        vec![[0, 67, 0], [0, 68, 0], [0, 69, 0], [0, 70, 0]]
    );
}

#[test]
fn water_runs_toward_the_nearest_way_down() {
    // A hole three blocks east of the source: only the eastward arm flows, and it falls.
    let r = run(r#"
        world = "flat"
        ticks = 150
        [player]
        position = [0.5, 64.0, 20.5]
        [[fill]]
        from = [0, 64, 0]
        to = [0, 64, 0]
        block = "water"
        [[fill]]
        from = [3, 63, 0]
        to = [3, 63, 0]
        block = "air"
    "#);
    let expected: BTreeMap<[i32; 3], &str> = [
        ([0, 64, 0], "water"),
        ([1, 64, 0], "water_1"),
        ([2, 64, 0], "water_2"),
        ([3, 64, 0], "water_3"),
        ([3, 63, 0], "water_falling"),
    ]
    .into();
    // The hole is an edit too (air where grass was); the water is all that is listed.
    assert_eq!(water(&r.trace[60]), expected);
}

#[test]
fn flowing_water_drains_away_step_by_step_once_its_source_is_covered() {
    // The diamond is complete by tick 105; in tick 120 the player places stone into the
    // source (pitch -39° from 2 blocks south hits the grass top under it).
    let r = run(r#"
        world = "flat"
        ticks = 700
        [player]
        position = [0.5, 64.0, 2.5]
        pitch = -39.0
        [[fill]]
        from = [0, 64, 0]
        to = [0, 64, 0]
        block = "water"
        [[input]]
        at = 120
        action = "place"
        block = "stone"
    "#);
    assert_eq!(water(&r.trace[119]), diamond([0, 64, 0], 7, |_| true));
    assert_eq!(
        r.trace[120]
            .edits
            .iter()
            .find(|e| e.pos == [0, 64, 0])
            .map(|e| e.block),
        Some("stone")
    );
    // The first step: the cells beside the old source are fed only by their level-2
    // neighbours, and become level 3.
    let step = water(&r.trace[135]);
    for pos in [[1, 64, 0], [-1, 64, 0], [0, 64, 1], [0, 64, -1]] {
        assert_eq!(step.get(&pos), Some(&"water_3"), "{pos:?}");
    }
    assert_eq!(
        step.get(&[2, 64, 0]),
        Some(&"water_2"),
        "the next ring drains later"
    );
    assert!(water(r.last()).is_empty(), "{:?}", water(r.last()));
    assert_eq!(r.last().edits.len(), 1, "only the stone is left");
    assert!(r.sim.updates().is_empty());
}

#[test]
fn flowing_water_between_two_sources_on_solid_ground_becomes_a_source() {
    let r = run(r#"
        world = "flat"
        ticks = 40
        [player]
        position = [0.5, 64.0, 20.5]
        [[fill]]
        from = [0, 64, 0]
        to = [0, 64, 0]
        block = "water"
        [[fill]]
        from = [2, 64, 0]
        to = [2, 64, 0]
        block = "water"
    "#);
    assert_eq!(water(&r.trace[15]).get(&[1, 64, 0]), Some(&"water_1"));
    assert_eq!(water(&r.trace[29]).get(&[1, 64, 0]), Some(&"water_1"));
    assert_eq!(water(&r.trace[30]).get(&[1, 64, 0]), Some(&"water"));
}

#[test]
fn the_player_swims_in_flowing_water() {
    // Falling into a pool of level-3 water, the player sinks at the swimming speed rather
    // than falling freely.
    let r = run(r#"
        world = "flat"
        ticks = 20
        [player]
        position = [0.5, 66.0, 0.5]
        [[fill]]
        from = [-2, 64, -2]
        to = [2, 66, 2]
        block = "water_3"
    "#);
    let vy = r.trace[10].me().velocity[1];
    assert!(vy > -2.0 && vy < 0.0, "{vy}");
}

#[test]
fn the_same_flood_hashes_the_same_every_run() {
    let a = run(&source_at([0, 70, 0], 150));
    let b = run(&source_at([0, 70, 0], 150));
    assert_eq!(a.last().hash, b.last().hash);
    assert!(
        !a.sim.updates().is_empty(),
        "the flood is still running at tick 150"
    );
    let c = run(&source_at([0, 70, 1], 150));
    assert_ne!(a.last().hash, c.last().hash);
}

#[test]
fn a_flood_larger_than_the_budget_waits_its_turn_in_order() {
    // 1600 sources fall due in tick 15; 1024 run then, in (x, y, z) order, the rest in
    // tick 16.
    let pool = |ticks: u64| {
        run(&format!(
            r#"
            world = "flat"
            ticks = {ticks}
            [player]
            position = [0.5, 64.0, -20.5]
            [[fill]]
            from = [0, 64, 0]
            to = [39, 64, 39]
            block = "water"
        "#
        ))
    };
    let after_15 = pool(16);
    let waiting: Vec<_> = after_15
        .sim
        .updates()
        .iter()
        .filter(|&(due, _)| due == 15)
        .map(|(_, pos)| pos)
        .collect();
    assert_eq!(
        waiting.len(),
        1600 - hewn_core::sim::updates::MAX_UPDATES_PER_TICK
    );
    assert_eq!(waiting[0], hewn_core::world::BlockPos::new(25, 64, 24));
    let after_16 = pool(17);
    assert!(after_16.sim.updates().iter().all(|(due, _)| due > 16));
}

#[test]
fn water_poured_from_the_hotbar_is_a_source_that_spreads() {
    // Looking straight down, the player pours water onto the grass under their feet in
    // tick 1; it first spreads 15 ticks later.
    let r = run(r#"
        world = "flat"
        ticks = 20
        [player]
        position = [0.5, 64.0, 0.5]
        pitch = -90.0
        [[input]]
        at = 1
        action = "place"
        block = "water"
    "#);
    assert_eq!(water(&r.trace[1]), BTreeMap::from([([0, 64, 0], "water")]));
    let spread = water(r.last());
    assert_eq!(spread.get(&[1, 64, 0]), Some(&"water_1"), "{spread:?}");
    assert_eq!(
        spread.len(),
        5,
        "the source and its four neighbours: {spread:?}"
    );
}
