//! Creatures, each rule pinned down by a scenario: how animals walk (up a ledge, never
//! over a cliff), how a zombie hunts and strikes, how a skeleton's arrow flies, how many
//! strikes a sheep takes and what it drops, eating, spawning by light, distance, caps and
//! difficulty, and that the same seed gives the same creatures. Flat worlds have their
//! grass top at y = 64.

use hewn_scenario::report::TickReport;
use hewn_testing::{Run, assert_near, run};

/// The creature numbered `id` in a report.
#[track_caller]
fn creature(t: &TickReport, id: u32) -> &hewn_scenario::creatures::CreatureReport {
    t.creatures
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no creature {id} after tick {}", t.tick))
}

/// A flat world with an onlooker flying far above (so creatures near it live and
/// monsters have no one to hunt), `rest` after it.
fn watched(ticks: u64, rest: &str) -> Run {
    run(&format!(
        r#"
        world = "flat"
        seed = 3
        ticks = {ticks}
        [player]
        position = [0.5, 80.0, 0.5]
        flying = true
        {rest}
        "#
    ))
}

#[test]
fn an_animal_climbs_a_one_block_ledge_it_walks_into() {
    // A pig in a corridor one block wide, struck from the west: it flees east, over a step
    // of one block.
    let r = run(r#"
        world = "flat"
        seed = 3
        ticks = 400
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        pitch = -30.0
        [[input]]
        at = 5
        action = "attack"
        [[fill]]
        from = [-1, 64, -1]
        to = [12, 66, -1]
        block = "stone"
        [[fill]]
        from = [-1, 64, 1]
        to = [12, 66, 1]
        block = "stone"
        [[fill]]
        from = [-1, 64, 0]
        to = [-1, 66, 0]
        block = "stone"
        [[fill]]
        from = [4, 64, 0]
        to = [12, 64, 0]
        block = "stone"
        [[creature]]
        kind = "pig"
        position = [2.5, 64.0, 0.5]
        "#);
    r.assert_never_inside();
    let on_top = r.trace.iter().any(|t| {
        let [x, y, _] = creature(t, 0).position;
        x > 3.5 && (y - 65.0).abs() < 1e-6
    });
    assert!(on_top, "it stood on the step");
}

#[test]
fn an_animal_turns_back_at_a_drop_of_four_blocks() {
    // A sheep in a corridor of glass on a block of stone four blocks high, open at its
    // east end, where the ground is four blocks down.
    let r = watched(
        3600,
        r#"
        [[fill]]
        from = [-6, 64, -2]
        to = [6, 67, 2]
        block = "stone"
        [[fill]]
        from = [-6, 68, -1]
        to = [6, 69, 1]
        block = "glass"
        [[fill]]
        from = [-5, 68, 0]
        to = [6, 69, 0]
        block = "air"
        [[creature]]
        kind = "sheep"
        position = [0.5, 68.0, 0.5]
        "#,
    );
    r.assert_never_inside();
    let ys = r.trace.iter().map(|t| creature(t, 0).position[1]);
    assert_near(ys.fold(f64::MAX, f64::min), 68.0, 1e-6);
    let east = r
        .trace
        .iter()
        .map(|t| creature(t, 0).position[0])
        .fold(f64::MIN, f64::max);
    assert!(east > 5.5, "it came to the edge: {east}");
}

/// The ticks of the first player's hurts by `cause`, with the health each took.
fn hurts(r: &Run, cause: &str) -> Vec<(u64, u8)> {
    r.trace
        .iter()
        .flat_map(|t| &t.events)
        .filter(|e| e.kind == "hurt" && e.cause == Some(cause))
        .map(|e| (e.tick, e.amount.unwrap_or(0)))
        .collect()
}

#[test]
fn a_zombie_walks_around_a_wall_to_the_player_and_strikes_for_three_once_a_second() {
    // It sees the player through a glass wall three blocks high, which it cannot climb.
    let r = run(r#"
        world = "flat"
        mode = "survival"
        ticks = 500
        [player]
        position = [0.5, 64.0, 0.5]
        [[fill]]
        from = [3, 64, -3]
        to = [3, 66, 3]
        block = "glass"
        [[creature]]
        kind = "zombie"
        position = [6.5, 64.0, 0.5]
    "#);
    r.assert_never_inside();
    let around = r
        .trace
        .iter()
        .map(|t| creature(t, 0).position[2].abs())
        .fold(0.0, f64::max);
    assert!(around > 3.3, "it went round the end of the wall: {around}");
    let struck = hurts(&r, "zombie");
    assert!(struck.len() >= 3, "struck {struck:?}");
    assert!(struck.iter().all(|&(_, amount)| amount == 3), "{struck:?}");
    let gaps: Vec<u64> = struck.windows(2).map(|w| w[1].0 - w[0].0).collect();
    assert!(
        gaps.iter().all(|&g| g >= 60),
        "at most once a second: {gaps:?}"
    );
    assert!(gaps.contains(&60), "once a second while in reach: {gaps:?}");
}

/// A survival player at the edge of a pit two blocks deep holding `held`, striking the
/// sheep in the pit every tick.
fn striking_a_sheep(held: &str) -> Run {
    let inventory = if held.is_empty() {
        String::new()
    } else {
        format!("inventory = [{{item = \"{held}\", count = 1}}]")
    };
    let mut inputs = String::new();
    for tick in 0..600 {
        inputs.push_str(&format!("[[input]]\nat = {tick}\naction = \"attack\"\n"));
    }
    run(&format!(
        r#"
        world = "flat"
        mode = "survival"
        ticks = 600
        [player]
        position = [1.2, 64.0, 0.5]
        yaw = 90.0
        pitch = -60.7
        {inventory}
        [[fill]]
        from = [2, 62, 0]
        to = [2, 63, 0]
        block = "air"
        [[creature]]
        kind = "sheep"
        position = [2.5, 62.0, 0.5]
        {inputs}
        "#
    ))
}

/// The ticks the sheep was struck, and the tick it died.
fn strikes(r: &Run) -> (Vec<u64>, Option<u64>) {
    let events = || r.trace.iter().flat_map(|t| &t.events);
    let struck = events()
        .filter(|e| e.kind == "strike")
        .map(|e| e.tick)
        .collect();
    let slain = events().find(|e| e.kind == "slain").map(|e| e.tick);
    (struck, slain)
}

#[test]
fn a_sheep_takes_eight_strikes_of_a_hand_or_two_of_any_sword_never_faster_than_thirty_ticks() {
    let (hand, died) = strikes(&striking_a_sheep(""));
    assert_eq!(hand.len(), 8, "{hand:?}");
    assert_eq!(died, hand.last().copied());
    assert!(hand.windows(2).all(|w| w[1] - w[0] >= 30), "{hand:?}");
    for sword in ["wooden_sword", "stone_sword", "iron_sword", "diamond_sword"] {
        let r = striking_a_sheep(sword);
        let (struck, died) = strikes(&r);
        assert_eq!(struck.len(), 2, "{sword}: {struck:?}");
        assert_eq!(struck[1] - struck[0], 30, "{sword}");
        assert_eq!(died, Some(struck[1]), "{sword}");
        // Each strike wore the sword.
        let me = &r.sim.players().list()[0].name;
        let survivor = r.sim.survivor(me).expect("a survivor");
        let worn = survivor.inventory.slots()[0].map(|s| s.wear);
        assert_eq!(worn, Some(2), "{sword}");
    }
}

#[test]
fn a_slain_sheep_drops_the_wool_it_wore() {
    let r = striking_a_sheep("diamond_sword");
    let (_, died) = strikes(&r);
    let died = usize::try_from(died.expect("the sheep died")).expect("a tick");
    let lying: Vec<&str> = r.trace[died].items.iter().map(|i| i.item).collect();
    let wool = lying.iter().filter(|i| i.ends_with("_wool")).count();
    assert_eq!(wool, 1, "one wool, of the colour it wore: {lying:?}");
}

#[test]
fn eating_gives_back_the_health_its_food_states() {
    for (food, health) in [
        ("beef", 3),
        ("cooked_beef", 8),
        ("chicken", 2),
        ("apple", 4),
    ] {
        let r = run(&format!(
            r#"
            world = "flat"
            mode = "survival"
            ticks = 120
            [player]
            position = [0.5, 64.0, 0.5]
            health = 10
            hunger = 20
            inventory = [{{item = "{food}", count = 1}}]
            [[input]]
            at = 0
            action = "eat"
            "#
        ));
        let ate = r
            .trace
            .iter()
            .position(|t| t.events.iter().any(|e| e.kind == "eat"))
            .unwrap_or_else(|| panic!("never ate {food}"));
        assert_eq!(r.trace[ate].health, 10 + health, "{food}");
        assert_eq!(r.trace[ate - 1].health, 10, "{food}");
    }
}

#[test]
fn the_same_seed_gives_the_same_creatures() {
    let world = r#"
        seed = 11
        mode = "survival"
        spawning = true
        time = 54000
        ticks = 900
        [player]
        position = [0.5, 120.0, 0.5]
        flying = true
    "#;
    let (a, b) = (run(world), run(world));
    assert!(!a.last().creatures.is_empty(), "creatures appeared");
    assert_eq!(a.last().creatures, b.last().creatures);
    assert_eq!(a.last().hash, b.last().hash);
}

/// A survival player standing on open flat ground at `time`, spawning on at `difficulty`.
fn night_or_day(time: u64, difficulty: &str, ticks: u64) -> Run {
    run(&format!(
        r#"
        world = "flat"
        seed = 5
        mode = "survival"
        spawning = true
        difficulty = "{difficulty}"
        time = {time}
        ticks = {ticks}
        [player]
        position = [0.5, 64.0, 0.5]
        "#
    ))
}

/// The monsters of a report, with each one's distance from the first player.
fn monsters(t: &TickReport) -> Vec<f64> {
    let me = t.player.as_ref().expect("a player").position;
    t.creatures
        .iter()
        .filter(|c| matches!(c.kind, "zombie" | "skeleton"))
        .map(|c| {
            let d = [0, 1, 2].map(|i| c.position[i] - me[i]);
            (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
        })
        .collect()
}

#[test]
fn monsters_appear_in_the_dark_away_from_the_player_and_never_by_day_or_at_peaceful() {
    let night = night_or_day(54_000, "normal", 600);
    // Each appeared at least 24 blocks away; the first report that holds it says so.
    let mut seen = std::collections::BTreeSet::new();
    for t in &night.trace {
        let me = t.player.as_ref().expect("a player").position;
        for c in t
            .creatures
            .iter()
            .filter(|c| matches!(c.kind, "zombie" | "skeleton"))
        {
            if seen.insert(c.id) {
                let d = [0, 2].map(|i| c.position[i] - me[i]);
                assert!((d[0] * d[0] + d[1] * d[1]).sqrt() >= 24.0 - 1e-9, "{c:?}");
            }
        }
    }
    assert!(
        seen.len() >= 5,
        "monsters came out at midnight: {}",
        seen.len()
    );
    assert!(monsters(night.last()).len() <= 70, "within the cap");
    let noon = night_or_day(18_000, "normal", 600);
    assert_eq!(monsters(noon.last()), Vec::<f64>::new(), "none by day");
    let peaceful = night_or_day(54_000, "peaceful", 600);
    assert_eq!(
        monsters(peaceful.last()),
        Vec::<f64>::new(),
        "none at peaceful"
    );
    // Animals come with the terrain around the player, at most ten of them.
    let animals = night.last().creatures.len() - monsters(night.last()).len();
    assert!((1..=10 + 4).contains(&animals), "{animals} animals");
}

#[test]
fn a_torch_lit_shelter_keeps_monsters_out() {
    // A stone box around the player, lit inside, at midnight: monsters appear outside it.
    let night = run(r#"
        world = "flat"
        seed = 5
        mode = "survival"
        spawning = true
        time = 54000
        ticks = 600
        [player]
        position = [0.5, 64.0, 0.5]
        [[fill]]
        from = [-3, 64, -3]
        to = [3, 68, 3]
        block = "stone"
        [[fill]]
        from = [-2, 64, -2]
        to = [2, 67, 2]
        block = "air"
        [[fill]]
        from = [2, 64, 2]
        to = [2, 64, 2]
        block = "torch"
    "#);
    let inside = |c: &&hewn_scenario::creatures::CreatureReport| {
        c.position[0].abs() < 3.0 && c.position[2].abs() < 3.0 && c.position[1] < 69.0
    };
    for t in &night.trace {
        assert_eq!(
            t.creatures.iter().filter(inside).count(),
            0,
            "after tick {}",
            t.tick
        );
    }
    assert!(!monsters(night.last()).is_empty(), "monsters outside");
}

#[test]
fn a_skeletons_arrows_strike_the_player_for_two_to_four() {
    let r = run(r#"
        world = "flat"
        mode = "survival"
        ticks = 600
        [player]
        position = [0.5, 64.0, 0.5]
        [[creature]]
        kind = "skeleton"
        position = [10.5, 64.0, 0.5]
    "#);
    let shot = hurts(&r, "arrow");
    assert!(shot.len() >= 2, "{shot:?}");
    assert!(shot.iter().all(|&(_, a)| (2..=4).contains(&a)), "{shot:?}");
    let gaps: Vec<u64> = shot.windows(2).map(|w| w[1].0 - w[0].0).collect();
    assert!(
        gaps.iter().all(|&g| g >= 120),
        "one shot each two seconds: {gaps:?}"
    );
}

#[test]
fn an_arrow_sticks_in_a_wall_where_it_hit() {
    // The skeleton shoots at a player behind glass; the arrows stick in the glass.
    let r = run(r#"
        world = "flat"
        mode = "survival"
        ticks = 300
        [player]
        position = [0.5, 64.0, 0.5]
        [[fill]]
        from = [4, 64, -3]
        to = [4, 67, 3]
        block = "glass"
        [[creature]]
        kind = "skeleton"
        position = [10.5, 64.0, 0.5]
    "#);
    assert!(hurts(&r, "arrow").is_empty(), "the glass stopped them");
    let arrows = r.sim.creatures().arrows();
    assert!(!arrows.is_empty(), "it shot");
    for a in arrows {
        assert!(a.stuck, "{a:?}");
        assert_near(a.position.x, 5.0, 1e-9);
    }
}

#[test]
fn creatures_that_stand_in_one_another_walk_apart() {
    // Four sheep put down on one spot and a cow half inside them, in a pen of stone: they
    // shoulder each other apart within two seconds, and stay in the pen.
    let mut herd = String::new();
    for _ in 0..4 {
        herd.push_str("[[creature]]\nkind = \"sheep\"\nposition = [0.5, 64.0, 0.5]\n");
    }
    herd.push_str("[[creature]]\nkind = \"cow\"\nposition = [0.9, 64.0, 0.7]\n");
    let pen = r#"
        [[fill]]
        from = [-4, 64, -4]
        to = [5, 65, 5]
        block = "stone"
        [[fill]]
        from = [-3, 64, -3]
        to = [4, 65, 4]
        block = "air"
        "#;
    let r = watched(600, &format!("{pen}\n{herd}"));
    r.assert_never_inside();
    let last = r.trace.last().expect("ticks");
    let crowded = |t: &TickReport| {
        let mut worst: f64 = 0.0;
        for (i, a) in t.creatures.iter().enumerate() {
            for b in &t.creatures[i + 1..] {
                let (dx, dz) = (a.position[0] - b.position[0], a.position[2] - b.position[2]);
                // How deep the two 0.9-wide boxes overlap along the shallower axis.
                worst = worst.max(0.9 - dx.abs().max(dz.abs()));
            }
        }
        worst
    };
    let at_two_seconds = &r.trace[120];
    assert!(
        crowded(at_two_seconds) < 0.1,
        "still {:.2} deep in one another after two seconds",
        crowded(at_two_seconds)
    );
    assert!(crowded(last) < 0.1);
    for c in &last.creatures {
        let [x, _, z] = c.position;
        assert!(
            (-3.0..5.0).contains(&x) && (-3.0..5.0).contains(&z),
            "{c:?}"
        );
    }
}
