//! The world border: the player (either collider) and crates collide with it, nothing is
//! placed beyond it, and a saved chunk beyond it is damage rather than a crash.

use hewn_testing::FirstPlayer;

use hewn_core::world::{BlockPos, BlockSource, WORLD_BORDER};
use hewn_core::worldgen::GeneratorKind;
use hewn_save::{NewWorld, WorldFile, check};
use hewn_testing::run;

/// A flat-world scenario with the player near the +x border, walking (or flying) east.
fn walk_east(collider: &str, flying: bool, velocity: f64) -> String {
    let x = f64::from(WORLD_BORDER) - 3.5;
    format!(
        "world = \"flat\"\nticks = 120\n\
         [player]\nposition = [{x:?}, 64.0, 0.5]\nvelocity = [{velocity:?}, 0.0, 0.0]\n\
         yaw = 90.0\nflying = {flying}\ncollider = \"{collider}\"\n\
         [[input]]\nfrom = 0\nto = 120\nhold = [\"forward\", \"sprint\"]\n"
    )
}

#[test]
fn walking_or_flying_into_the_border_stops_at_it() {
    let border = f64::from(WORLD_BORDER);
    for collider in ["box", "cylinder"] {
        for (flying, velocity) in [(false, 0.0), (true, 1000.0)] {
            let r = run(&walk_east(collider, flying, velocity));
            r.assert_never_inside();
            let x = r.last().me().position[0];
            assert!(
                (border - 0.3 - x).abs() < 1e-6,
                "{collider}, flying {flying}: stopped at x = {x}"
            );
        }
    }
}

#[test]
fn a_crate_pushed_against_the_border_stops_there_and_nothing_is_placed_beyond() {
    let border = f64::from(WORLD_BORDER);
    let text = format!(
        "world = \"flat\"\nticks = 120\n\
         [player]\nposition = [{:?}, 64.0, 0.5]\nyaw = 90.0\n\
         [[crate]]\nposition = [{:?}, 64.0, 0.5]\n\
         [[input]]\nfrom = 0\nto = 120\nhold = [\"forward\"]\n\
         [[input]]\nat = 119\nyaw = 90.0\npitch = 0.0\naction = \"place\"\nblock = \"stone\"\n",
        border - 4.5,
        border - 2.5
    );
    let r = run(&text);
    r.assert_bodies_apart();
    let c = r.sim.crates().list()[0];
    assert!(
        (c.bounds().max.x - border).abs() < 1e-6,
        "crate at {:?}",
        c.position
    );
    // Whatever the place hit, no cell beyond the border holds anything but the wall.
    assert!(r.sim.world().edits().all(|(p, _)| p.inside_border()));
    assert_eq!(
        r.sim.world().block(BlockPos::new(WORLD_BORDER, 64, 0)),
        hewn_core::world::Block::BEDROCK
    );
}

#[test]
fn a_saved_chunk_beyond_the_border_is_damage_not_a_crash() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("w.hewn");
    let new = NewWorld {
        seed: Some(1),
        generator: Some(GeneratorKind::Terrain),
        player: None,
        packs: None,
    };
    let (file, _) = WorldFile::open_or_create(&path, new.clone()).expect("create");
    file.close().expect("close");
    let conn = rusqlite::Connection::open(&path).expect("open with sqlite");
    conn.execute(
        "INSERT INTO chunks (x, y, z, format, data) VALUES (?1, 2, 0, 1, x'00')",
        [i32::MAX],
    )
    .expect("tamper");
    conn.close().expect("close");
    let report = check(&path).expect("a readable world");
    assert_eq!(report.damaged.len(), 1);
    assert!(
        report.damaged[0]
            .error
            .to_string()
            .contains("beyond its border")
    );
    let (_, loaded) = WorldFile::open_or_create(&path, new).expect("opens");
    assert_eq!(loaded.damaged.len(), 1);
}
