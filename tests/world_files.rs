//! Damaged, read-only and out-of-range world files: `hewn world check` and `hewn sim --world`
//! agree on each, a refused world is left as it was with nothing new beside it, and a world
//! that cannot be saved is refused before anything runs.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::worlds::{SCENARIO, files, saved_world, sim_with_world, tamper};
use common::{hewn, private_hewn, text};

#[test]
fn check_and_sim_both_refuse_a_world_whose_tables_are_not_its_versions() {
    let cases = [
        ("DROP TABLE crates;", "table \"crates\" is missing"),
        (
            "ALTER TABLE players RENAME COLUMN yaw TO yew;",
            "table \"players\" has columns",
        ),
        ("PRAGMA user_version = 1;", "not those of a version 1 world"),
    ];
    for (sql, needle) in cases {
        let dir = tempfile::tempdir().expect("temp dir");
        let scratch = tempfile::tempdir().expect("temp dir");
        let path = saved_world(dir.path());
        tamper(&path, sql);
        let before = files(dir.path());

        let out = hewn(
            &["world", "check", path.to_str().expect("utf-8")],
            Path::new("/nonexistent"),
        );
        assert_eq!(out.status.code(), Some(1), "{sql}");
        let err = text(&out.stderr);
        assert!(
            err.contains("is damaged") && err.contains(needle),
            "{sql}: {err}"
        );

        let out = sim_with_world(&path, scratch.path());
        assert_eq!(out.status.code(), Some(1), "{sql}");
        let err = text(&out.stderr);
        assert!(
            err.contains("is damaged") && err.contains(needle),
            "{sql}: {err}"
        );
        assert!(out.stdout.is_empty(), "{sql}: nothing ran");

        assert_eq!(files(dir.path()), before, "{sql}: the folder is as it was");
    }
}

#[test]
fn a_refused_world_leaves_no_side_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scratch = tempfile::tempdir().expect("temp dir");
    let path = saved_world(dir.path());
    // A world from another seed is refused after its file has been looked at.
    let before = files(dir.path());
    let scenario = scratch.path().join("other-seed.toml");
    std::fs::write(&scenario, "seed = 10\nworld = \"flat\"\nticks = 1\n").expect("write");
    let out = hewn(
        &[
            "sim",
            scenario.to_str().expect("utf-8"),
            "--world",
            path.to_str().expect("utf-8"),
        ],
        Path::new("/nonexistent"),
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(files(dir.path()), before, "no -wal, -shm or lock left");
}

#[test]
fn a_stored_player_out_of_range_is_damage_and_starts_at_the_spawn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scratch = tempfile::tempdir().expect("temp dir");
    let path = saved_world(dir.path());
    tamper(&path, "UPDATE players SET x = 1e300;");

    let out = hewn(
        &["world", "check", path.to_str().expect("utf-8")],
        Path::new("/nonexistent"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains(
            "damaged row: table players row 1: player \"player\": position, look or speed \
             outside the limits a player keeps"
        ),
        "{}",
        text(&out.stdout)
    );

    let out = sim_with_world(&path, scratch.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("warning: damaged row: table players row 1"),
        "{}",
        text(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let x = report["position"][0].as_f64().expect("x");
    assert!(x.abs() < 1.0, "starts at the spawn, not at x = {x}");
}

#[test]
fn a_read_only_world_is_refused_before_the_scenario_runs() {
    use std::os::unix::fs::PermissionsExt as _;
    use std::os::unix::process::CommandExt as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let scratch = tempfile::tempdir().expect("temp dir");
    let bin = tempfile::tempdir().expect("temp dir");
    let path = saved_world(dir.path());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let scenario = scratch.path().join("s.toml");
    std::fs::write(&scenario, SCENARIO).expect("write the scenario");
    let mut sim = Command::new(private_hewn(bin.path()));
    sim.args(["sim", scenario.to_str().expect("utf-8"), "--world"])
        .arg(&path)
        .env("HEWN_DATA_DIR", "/nonexistent");
    // Root may write any file, so a root test run (as in CI) runs hewn as the unprivileged
    // user nobody, to whom the folders are opened for reading only.
    if std::fs::OpenOptions::new().write(true).open(&path).is_ok() {
        for folder in [dir.path(), scratch.path(), bin.path()] {
            std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755))
                .expect("chmod");
        }
        sim.uid(NOBODY).gid(NOBODY);
    }
    let before = files(dir.path());
    let out = sim.output().expect("run hewn");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("read-only"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty(), "nothing ran");
    assert_eq!(files(dir.path()), before);
}

/// The user and group ids of nobody.
const NOBODY: u32 = 65534;

#[test]
fn hewn_without_a_display_creates_no_world() {
    let data = tempfile::tempdir().expect("temp dir");
    let bin = tempfile::tempdir().expect("temp dir");
    let out = Command::new(private_hewn(bin.path()))
        .env("HEWN_DATA_DIR", data.path())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run hewn");
    assert_ne!(out.status.code(), Some(0));
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
    let left: Vec<_> = walk(data.path());
    assert!(left.is_empty(), "files made: {left:?}");
}

/// Every file under `dir`, folders included.
fn walk(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .flat_map(|e| {
                    let p = e.path();
                    let mut inner = if p.is_dir() { walk(&p) } else { Vec::new() };
                    inner.push(p);
                    inner
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_refused_scenario_changes_no_world_and_creates_none() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scratch = tempfile::tempdir().expect("temp dir");
    let path = saved_world(dir.path());
    let missing = dir.path().join("new.hewn");
    let before = files(dir.path());
    let cases = [
        (
            "seed = 9\nworld = \"flat\"\nticks = 1\n[[fill]]\nfrom = [2147483647, 0, 0]\n\
             to = [2147483647, 0, 0]\nblock = \"stone\"\n",
            "fill[0].from",
        ),
        (
            "seed = 9\nworld = \"flat\"\nticks = 1\n[[crate]]\nposition = [0.5, 64.0, 0.5]\n\
             [[crate]]\nposition = [0.7, 64.0, 0.5]\n",
            "crate[1]: starts overlapping crate[0]",
        ),
        (
            "seed = 9\nworld = \"flat\"\nticks = 1\n[player]\nvelocity = [0.0, 1e4, 0.0]\n",
            "player.velocity",
        ),
    ];
    for (scenario_text, needle) in cases {
        let scenario = scratch.path().join("s.toml");
        std::fs::write(&scenario, scenario_text).expect("write");
        for world in [&path, &missing] {
            let out = hewn(
                &[
                    "sim",
                    scenario.to_str().expect("utf-8"),
                    "--world",
                    world.to_str().expect("utf-8"),
                ],
                Path::new("/nonexistent"),
            );
            assert_eq!(out.status.code(), Some(2), "{needle}");
            assert!(text(&out.stderr).contains(needle), "{}", text(&out.stderr));
            assert!(out.stdout.is_empty());
        }
        assert_eq!(
            files(dir.path()),
            before,
            "{needle}: the folder is as it was"
        );
    }
}
