//! A block added by a pack, played as a user would with `hewn sim`: crafted, smelted,
//! placed, broken and dropped, with no line of Rust naming it; and what `hewn sim` refuses
//! about packs.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{copy_dir, more_stone};
use serde_json::Value;

/// Runs `hewn` with `args`.
fn hewn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hewn"))
        .args(args)
        .output()
        .expect("the hewn binary runs")
}

/// A scenario file `name` in `dir` enabling the example pack (by its path relative to the
/// scenario, as a player writes it) and holding `body`.
fn scenario(dir: &Path, name: &str, body: &str) -> PathBuf {
    let packs = dir.join("packs");
    std::fs::create_dir_all(&packs).expect("a folder");
    let copy = packs.join("more-stone");
    if !copy.exists() {
        copy_dir(&more_stone(), &copy);
    }
    let path = dir.join(name);
    std::fs::write(&path, format!("packs = [\"packs/more-stone\"]\n{body}")).expect("written");
    path
}

/// Craft marble from stone and sand, smelt one into polished marble, place one against the
/// ground and break it with a wooden pickaxe.
const MARBLE: &str = r#"
world = "flat"
mode = "survival"
ticks = 900

[player]
position = [0.5, 64.0, 0.5]
yaw = 90.0
inventory = [{item = "stone", count = 4}, {item = "sand", count = 4}, {item = "coal", count = 2}, {item = "wooden_pickaxe", count = 1}]

[[fill]]
from = [2, 65, 0]
to = [2, 65, 0]
block = "furnace"

[[fill]]
from = [3, 64, 3]
to = [3, 64, 3]
block = "morestone:marble_bricks"

[[input]]
at = 5
action = "craft"
item = "morestone:marble"
count = 2

[[input]]
at = 10
action = "smelt"
item = "morestone:marble"
count = 1

[[input]]
at = 12
action = "fuel"
item = "coal"
count = 1

[[input]]
at = 700
action = "collect"

[[input]]
at = 720
action = "select"
slot = 4

[[input]]
at = 725
pitch = -45.0
action = "place"
block = "morestone:marble"

[[input]]
at = 730
action = "select"
slot = 3

[[input]]
from = 735
to = 840
hold = ["dig"]
"#;

/// Runs the scenario at `path` and reads its report.
fn report(path: &Path) -> Value {
    let out = hewn(&["sim", &path.to_string_lossy()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.lines().last().unwrap_or("")).expect("a JSON report")
}

/// The count of `item` in the report's inventory.
fn held(report: &Value, item: &str) -> u64 {
    report["inventory"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|s| s["item"] == item)
        .filter_map(|s| s["count"].as_u64())
        .sum()
}

#[test]
fn a_pack_block_is_crafted_smelted_placed_broken_and_dropped() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = scenario(dir.path(), "marble.toml", MARBLE);
    let r = report(&path);
    // Two batches of two from two stone and two sand; one smelted, one placed.
    assert_eq!(held(&r, "stone"), 2);
    assert_eq!(held(&r, "sand"), 2);
    assert_eq!(held(&r, "morestone:marble"), 2);
    assert_eq!(held(&r, "morestone:polished_marble"), 1);
    let events: Vec<(String, String)> = r["events"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| (e["kind"].to_string(), e["block"].to_string()))
        .collect();
    for kind in ["\"place\"", "\"break\""] {
        assert!(
            events.contains(&(kind.to_owned(), "\"morestone:marble\"".to_owned())),
            "{kind} of marble among {events:?}"
        );
    }
    // Broken with the pickaxe it needs, it lies where it stood, as itself.
    let items = r["items"].as_array().expect("items");
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(items[0]["item"], "morestone:marble");
    assert_eq!(items[0]["position"], serde_json::json!([2.5, 64.0, 0.5]));
    // The fill named the pack's block, and the report names it back.
    let bricks = serde_json::json!({"pos": [3, 64, 3], "block": "morestone:marble_bricks"});
    assert!(r["edits"].as_array().expect("edits").contains(&bricks));
    // The same run, the same hash.
    assert_eq!(report(&path)["hash"], r["hash"]);
}

#[test]
fn a_scenario_naming_a_pack_block_without_the_pack_is_refused() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("no-pack.toml");
    let body = "world = \"flat\"\nticks = 1\n[[fill]]\nfrom = [0, 70, 0]\nto = [0, 70, 0]\n\
                block = \"morestone:marble\"\n";
    std::fs::write(&path, body).expect("written");
    let out = hewn(&["sim", &path.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("morestone:marble"), "{message}");
}

#[test]
fn a_broken_pack_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let broken = dir.path().join("broken.toml");
    std::fs::write(
        &broken,
        "packs = [\"nowhere\"]\nworld = \"flat\"\nticks = 1\n",
    )
    .expect("written");
    let world = dir.path().join("w.hewn");
    for with_world in [false, true] {
        let mut args = vec!["sim".to_owned(), broken.to_string_lossy().into_owned()];
        if with_world {
            args.extend(["--world".to_owned(), world.to_string_lossy().into_owned()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = hewn(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("nowhere"));
    }
    assert!(!world.exists(), "no world is made");
}

/// Fills one block of the example pack's, a pack's marble bricks, at eye level in front of
/// the player.
const PLACE_BRICKS: &str = "world = \"flat\"\nticks = 1\n\
    [[fill]]\nfrom = [2, 65, 0]\nto = [2, 65, 0]\nblock = \"morestone:marble_bricks\"\n";

/// Tries to break the block at eye level in front of the player, in creative, where any
/// breakable block goes at one click; names no pack, so the world plays with its own.
const BREAK_AHEAD: &str = "world = \"flat\"\nmode = \"creative\"\nticks = 10\n\
    [player]\nposition = [0.5, 64.0, 0.5]\nyaw = 90.0\n\
    [[input]]\nat = 3\naction = \"break\"\n";

/// Runs the scenario at `path` in the saved world `world`, giving its report and what it
/// said on stderr.
fn report_in(path: &Path, world: &Path) -> (Value, String) {
    let out = hewn(&[
        "sim",
        &path.to_string_lossy(),
        "--world",
        &world.to_string_lossy(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report = serde_json::from_str(stdout.lines().last().unwrap_or("")).expect("a report");
    (report, stderr)
}

/// The blocks broken in a report, as (block, position).
fn broken(report: &Value) -> Vec<(Value, Value)> {
    report["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["kind"] == "break")
        .map(|e| (e["block"].clone(), e["pos"].clone()))
        .collect()
}

#[test]
fn a_world_keeps_a_missing_packs_blocks_as_unknown_blocks_until_the_pack_returns() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let world = dir.path().join("w.hewn");
    let place = scenario(dir.path(), "place.toml", PLACE_BRICKS);
    let attempt = dir.path().join("break.toml");
    std::fs::write(&attempt, BREAK_AHEAD).expect("written");
    let bricks = serde_json::json!({"pos": [2, 65, 0], "block": "morestone:marble_bricks"});
    report_in(&place, &world);

    // The pack gone: the world opens, says so, and its bricks stand, unbroken.
    let pack = dir.path().join("packs/more-stone");
    let away = dir.path().join("away");
    std::fs::rename(&pack, &away).expect("moved away");
    let (without, said) = report_in(&attempt, &world);
    assert!(said.contains("pack morestone is missing"), "{said}");
    assert!(broken(&without).is_empty(), "{:?}", without["events"]);
    assert!(
        without["edits"]
            .as_array()
            .expect("edits")
            .contains(&bricks)
    );
    let check = hewn(&["world", "check", &world.to_string_lossy()]);
    assert!(check.status.success(), "a world missing a pack is healthy");
    assert!(String::from_utf8_lossy(&check.stdout).contains("stand as unknown blocks"));

    // Back where it was: the bricks are whole, and break as themselves.
    std::fs::rename(&away, &pack).expect("moved back");
    let (with, said) = report_in(&attempt, &world);
    assert!(!said.contains("missing"), "{said}");
    let ahead = serde_json::json!([2, 65, 0]);
    assert_eq!(broken(&with), vec![(bricks["block"].clone(), ahead)]);
}

/// [`BREAK_AHEAD`] by a player made an operator first.
const OPERATOR_BREAKS_AHEAD: &str = "world = \"flat\"\nmode = \"creative\"\nticks = 10\n\
    [player]\nposition = [0.5, 64.0, 0.5]\nyaw = 90.0\n\
    [[input]]\nat = 1\naction = \"op\"\n\
    [[input]]\nat = 3\naction = \"break\"\n";

#[test]
fn an_operator_breaks_an_unknown_block_where_no_one_else_can() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let world = dir.path().join("w.hewn");
    report_in(&scenario(dir.path(), "place.toml", PLACE_BRICKS), &world);
    std::fs::rename(dir.path().join("packs/more-stone"), dir.path().join("away"))
        .expect("moved away");
    let attempt = dir.path().join("break.toml");
    std::fs::write(&attempt, OPERATOR_BREAKS_AHEAD).expect("written");
    let (broke, said) = report_in(&attempt, &world);
    assert!(said.contains("pack morestone is missing"), "{said}");
    let bricks = serde_json::json!("morestone:marble_bricks");
    assert_eq!(
        broken(&broke),
        vec![(bricks, serde_json::json!([2, 65, 0]))]
    );
}
