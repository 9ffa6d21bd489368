use super::*;

/// Players at places that put them at every corner and middle of their columns, far from
/// the origin and near it, on both sides of zero.
fn players() -> Vec<DVec3> {
    [
        (0.5, 0.5),
        (31.9, 63.2),
        (-0.1, -1000.3),
        (12_345.6, -987.6),
        (-4100.0, 2047.9),
    ]
    .into_iter()
    .map(|(x, z)| DVec3::new(x, 70.0, z))
    .collect()
}

/// How many times the block column `(x, z)` is drawn: by the near chunks (within the
/// render distance and not hidden) and by the coarse columns drawn.
fn times_drawn(rings: &Rings, plan: &Plan, feet: DVec3, x: i32, z: i32) -> usize {
    let chunk = ColumnPos::new(x.div_euclid(CHUNK_SIZE), z.div_euclid(CHUNK_SIZE));
    let near = usize::from(rings.near(chunk, feet) && !plan.hidden.contains(&chunk));
    let coarse = plan
        .drawn
        .iter()
        .filter(|c| SectionColumn::containing(c.level, x, z) == **c)
        .count();
    near + coarse
}

#[track_caller]
fn assert_drawn_once_within(rings: &Rings, plan: &Plan, feet: DVec3, reach: f64) {
    let step = 23;
    let r = reach as i32;
    for dz in (-r..=r).step_by(step) {
        for dx in (-r..=r).step_by(step) {
            if f64::from(dx * dx + dz * dz) > reach * reach {
                continue;
            }
            let (x, z) = (feet.x.floor() as i32 + dx, feet.z.floor() as i32 + dz);
            assert_eq!(
                times_drawn(rings, plan, feet, x, z),
                1,
                "block column ({x}, {z}) for a player at {feet}"
            );
        }
    }
}

#[test]
fn with_everything_ready_each_place_within_reach_is_drawn_once() {
    for (render_distance, far) in [(8, 4096), (8, 2048), (4, 512), (16, 4096), (2, 1024)] {
        let rings = Rings::new(render_distance, far, 2, render_distance).unwrap();
        for feet in players() {
            let plan = rings.plan(feet, |_| true, |_| true);
            assert_drawn_once_within(&rings, &plan, feet, f64::from(far) - 1.0);
        }
    }
}

#[test]
fn a_level_reaches_twice_as_far_as_the_one_inside_it() {
    let rings = Rings::new(8, 4096, 2, 8).unwrap();
    assert_eq!(rings.top(), 5);
    let feet = DVec3::new(100.0, 70.0, 100.0);
    let plan = rings.plan(feet, |_| true, |_| true);
    for level in 2..rings.top() {
        let nearest = plan
            .drawn
            .iter()
            .filter(|c| c.level == level)
            .map(|c| c.distance_sq(feet).sqrt())
            .fold(f64::INFINITY, f64::min);
        let span = f64::from(SECTION_CELLS << level);
        assert!(nearest >= span, "level {level} starts {nearest} blocks out");
        assert!(
            nearest <= 3.0 * span,
            "level {level} starts {nearest} blocks out"
        );
    }
}

#[test]
fn what_is_drawn_is_held() {
    let rings = Rings::new(8, 4096, 3, 8).unwrap();
    for feet in players() {
        let held: BTreeSet<SectionColumn> = rings.held(feet).into_iter().collect();
        let plan = rings.plan(feet, |_| true, |_| true);
        assert!(plan.drawn.iter().all(|c| held.contains(c)));
        // Nor can a level fall back to a parent it does not hold.
        for c in &held {
            if c.level < rings.top() {
                let parent = SectionColumn::new(c.level + 1, c.x >> 1, c.z >> 1);
                assert!(held.contains(&parent), "{c:?} without {parent:?}");
            }
        }
    }
}

#[test]
fn a_column_waits_for_all_its_children_and_hides_the_near_chunks_under_it() {
    let rings = Rings::new(8, 2048, 2, 8).unwrap();
    let feet = DVec3::new(16.0, 70.0, 16.0);
    // One near chunk column not yet on the GPU: the level-1 column over it is drawn in its
    // place, and its other three chunk columns are hidden.
    let missing = ColumnPos::new(1, 0);
    let plan = rings.plan(feet, |_| true, |c| c != missing);
    let over = SectionColumn::new(1, 0, 0);
    assert!(plan.drawn.contains(&over));
    assert_eq!(
        plan.hidden
            .iter()
            .filter(|c| c.x >> 1 == 0 && c.z >> 1 == 0)
            .count(),
        4
    );
    assert_drawn_once_within(&rings, &plan, feet, 2047.0);
    // A level-2 column of the ring not yet made: its parent stands in for it and its three
    // siblings, and nothing is drawn twice.
    let all = rings.plan(feet, |_| true, |_| true);
    let absent = *all.drawn.iter().find(|c| c.level == 2).unwrap();
    let plan = rings.plan(feet, |c| c != absent, |_| true);
    assert!(!plan.drawn.contains(&absent));
    assert!(
        plan.drawn
            .contains(&SectionColumn::new(3, absent.x >> 1, absent.z >> 1))
    );
    assert_drawn_once_within(&rings, &plan, feet, 2047.0);
}

#[test]
fn nothing_ready_draws_nothing_and_hides_nothing() {
    let rings = Rings::new(8, 2048, 2, 8).unwrap();
    let plan = rings.plan(DVec3::ZERO, |_| false, |_| true);
    assert_eq!(plan, Plan::default());
}

#[test]
fn a_far_view_within_the_near_one_is_none() {
    assert_eq!(Rings::new(8, 256, 2, 8), None);
    assert_eq!(Rings::new(8, 0, 2, 8), None);
    assert!(Rings::new(8, 512, 2, 8).is_some());
    // The coarse ring alone is drawn with the far view off.
    assert!(Rings::new(8, 0, 2, 4).is_some_and(|r| !r.beyond()));
}

#[test]
fn a_column_of_sections_spans_the_worlds_height() {
    let count = |level| SectionColumn::new(level, 0, 0).sections().count();
    assert_eq!([count(1), count(2), count(3), count(5)], [4, 2, 1, 1]);
}

#[test]
fn the_exact_distance_is_three_eighths_of_the_render_distance_but_never_under_two_chunks() {
    let exact = |rd| exact_distance(rd, true);
    assert_eq!(
        [2, 3, 4, 5, 8, 9, 12, 16, 32].map(exact),
        [2, 2, 2, 2, 3, 3, 4, 6, 12]
    );
    assert_eq!(exact_distance(16, false), 16);
}

#[test]
fn with_the_coarse_ring_each_place_is_drawn_once_and_exactly_near_the_player() {
    for (render_distance, far) in [
        (8, 0),
        (16, 0),
        (32, 0),
        (5, 0),
        (9, 0),
        (17, 0),
        (16, 2048),
        (8, 4096),
        (4, 512),
        (9, 2048),
        (13, 1024),
    ] {
        let exact = exact_distance(render_distance, true);
        let rings = Rings::new(render_distance, far, 1, exact).unwrap();
        let reach = far.max(render_distance * CHUNK_SIZE as u32);
        for feet in players() {
            let plan = rings.plan(feet, |_| true, |_| true);
            assert_drawn_once_within(&rings, &plan, feet, f64::from(reach) - 1.0);
            let centre = BlockPos::containing(feet).chunk();
            let r = render_distance as i32;
            for z in centre.z - r..=centre.z + r {
                for x in centre.x - r..=centre.x + r {
                    let column = ColumnPos::new(x, z);
                    if !rings.near(column, feet) {
                        continue;
                    }
                    let over = SectionColumn::new(1, x >> 1, z >> 1);
                    let whole = over.chunk_columns().all(|c| rings.exact(c, feet));
                    assert_eq!(
                        plan.hidden.contains(&column),
                        !whole,
                        "chunk column {column:?}, rd {render_distance}, feet {feet}"
                    );
                    if !whole {
                        // Level 1, out to the render distance.
                        assert!(plan.drawn.contains(&over), "{over:?} stands in");
                    }
                }
            }
        }
    }
}

#[test]
fn the_coarse_ring_alone_is_level_one_out_to_the_render_distance() {
    let rings = Rings::new(16, 0, 1, 8).unwrap();
    assert_eq!((rings.top(), rings.far(), rings.beyond()), (1, 512, false));
    let feet = DVec3::new(-300.2, 70.0, 4000.7);
    let plan = rings.plan(feet, |_| true, |_| true);
    assert!(plan.drawn.iter().all(|c| c.level == 1));
    assert!(
        plan.drawn
            .iter()
            .all(|c| c.distance_sq(feet) <= 512.0 * 512.0)
    );
    assert!(Rings::new(16, 2048, 1, 8).unwrap().beyond());
}

#[test]
fn a_column_of_the_ring_not_yet_made_leaves_its_chunks_drawn_exact() {
    let feet = DVec3::new(16.0, 70.0, 16.0);
    let absent = SectionColumn::new(1, 5, 0);
    for far in [0, 2048] {
        let rings = Rings::new(16, far, 1, 8).unwrap();
        let plan = rings.plan(feet, |c| c != absent, |_| true);
        assert!(!plan.drawn.contains(&absent));
        // Nor does its parent stand in for it and its siblings.
        assert!(
            !plan.drawn.contains(&SectionColumn::new(2, 2, 0)),
            "far {far}"
        );
        assert!(absent.chunk_columns().all(|c| !plan.hidden.contains(&c)));
        let own = SectionColumn::new(1, 0, 0);
        assert!(own.chunk_columns().all(|c| !plan.hidden.contains(&c)));
        assert_drawn_once_within(&rings, &plan, feet, f64::from(far.max(512)) - 1.0);
    }
}

#[test]
fn only_the_exact_distance_changing_keeps_the_sections_held() {
    let ring = Rings::new(16, 2048, 1, 8).unwrap();
    let exact = Rings::new(16, 2048, 1, 16).unwrap();
    assert!(ring.holds_as(&exact) && exact.holds_as(&ring));
    assert!(!ring.holds_as(&Rings::new(12, 2048, 1, 6).unwrap()));
    assert!(!ring.holds_as(&Rings::new(16, 4096, 1, 8).unwrap()));
}
