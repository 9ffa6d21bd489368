//! `hewn sim` as a user runs it: JSON on stdout, exit 2 with a message on bad input.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

use common::worlds::files;

fn hewn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hewn"))
        .args(args)
        .output()
        .expect("the hewn binary runs")
}

fn scenario_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hewn-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write scenario");
    path
}

const WALK: &str = r#"
seed = 5
world = "flat"
ticks = 30
[player]
position = [0.5, 64.0, 0.5]
[[input]]
from = 0
to = 30
hold = ["forward"]
[[input]]
at = 3
pitch = -90.0
action = "break"
"#;

#[test]
fn sim_prints_one_json_object_with_the_documented_keys() {
    let path = scenario_file("walk.toml", WALK);
    let out = hewn(&["sim", path.to_str().expect("utf-8 path")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 1);
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let keys: Vec<&str> = json
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected = vec![
        "tick",
        "tps",
        "position",
        "velocity",
        "yaw",
        "pitch",
        "on_ground",
        "flying",
        "inside_solid",
        "crates",
        "edits",
        "time",
        "light",
        "players",
        "mode",
        "health",
        "air",
        "hunger",
        "saturation",
        "inventory",
        "items",
        "furnaces",
        "chests",
        "events",
        "hash",
    ];
    expected.sort_unstable();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, expected);
    assert_eq!(json["tick"], 30);
    assert_eq!(json["tps"], 60);
    assert_eq!(json["edits"][0]["pos"], serde_json::json!([0, 63, 0]));
    assert_eq!(json["edits"][0]["block"], "air");
    let hash = json["hash"].as_str().expect("hash string");
    assert_eq!(hash.len(), 16);
    assert!(hash.chars().all(|c| c.is_ascii_hexdigit()));
}

#[test]
fn trace_prints_every_tick_then_the_final_state() {
    let path = scenario_file("trace.toml", WALK);
    let out = hewn(&["sim", path.to_str().expect("utf-8 path"), "--trace"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 31);
    for (i, line) in lines.iter().take(30).enumerate() {
        assert_eq!(line["tick"], i + 1);
    }
    // The last tick's line is the final state but for its edits, which are the changes since
    // the line before, and its events, which are its tick's; applying every line's changes in
    // order gives the final edits, and every line's events in order are the final events.
    let without_edits = |line: &serde_json::Value| {
        let mut line = line.clone();
        line["edits"] = serde_json::Value::Null;
        line["events"] = serde_json::Value::Null;
        line
    };
    let traced: Vec<serde_json::Value> = lines[..30]
        .iter()
        .flat_map(|l| l["events"].as_array().cloned().unwrap_or_default())
        .collect();
    assert_eq!(serde_json::Value::Array(traced), lines[30]["events"]);
    for (i, line) in lines.iter().take(30).enumerate() {
        for e in line["events"].as_array().expect("an events array") {
            assert_eq!(e["tick"], i + 1, "each line holds its own tick's events");
        }
    }
    // The break at tick 3 (run as the 4th tick, the player's look down at the grass) names
    // the grass, in the issue's exact shape.
    assert!(
        lines[30]["events"]
            .as_array()
            .expect("an events array")
            .contains(&serde_json::json!({"tick": 4, "kind": "break", "block": "grass", "pos": [0, 63, 0]})),
        "{}",
        lines[30]["events"]
    );
    assert_eq!(without_edits(&lines[29]), without_edits(&lines[30]));
    assert_eq!(applied(&lines[..30]), applied(&lines[30..]));
    let broken = lines
        .iter()
        .position(|l| l["edits"] != serde_json::json!([]));
    assert_eq!(
        broken,
        Some(3),
        "the break at tick 3 shows on its line only"
    );
}

/// The blocks that applying the `edits` of `lines` in order leaves, as a map from cell to
/// block (a cell whose edit was undone would stay, with its generated block: none is here).
fn applied(lines: &[serde_json::Value]) -> std::collections::BTreeMap<String, String> {
    let mut edits = std::collections::BTreeMap::new();
    for line in lines {
        for edit in line["edits"].as_array().expect("edits") {
            edits.insert(edit["pos"].to_string(), edit["block"].to_string());
        }
    }
    edits
}

#[test]
fn trace_lines_carry_only_the_edits_changed_since_the_line_before() {
    // 90 bytes: two 1024 x 1024 sheets of stone, 20 ticks. Repeating every edit on every line
    // printed 1.56 GB; the sheet is on the first line only.
    let text = "world = \"empty\"\nticks = 20\n[[fill]]\nfrom = [0, 0, 0]\nto = [1023, 1, 1023]\nblock = \"stone\"\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("sheet.toml");
    std::fs::write(&path, text).expect("write");
    let out = hewn(&["sim", path.to_str().expect("utf-8 path"), "--trace"]);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 21);
    let counts: Vec<usize> = lines
        .iter()
        .map(|l| l["edits"].as_array().expect("edits").len())
        .collect();
    assert_eq!(counts[0], 2 * 1024 * 1024);
    assert!(counts[1..20].iter().all(|&n| n == 0), "{counts:?}");
    assert_eq!(
        counts[20],
        2 * 1024 * 1024,
        "the final object keeps every edit"
    );
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 1);
}

#[test]
fn probes_report_light_on_every_trace_line_in_order() {
    let text =
        "world = \"flat\"\nticks = 2\ntime = 100\nprobes = [[0, 64, 0], [0, 10, 0], [0, 255, 0]]\n";
    let path = scenario_file("probes.toml", text);
    let out = hewn(&["sim", path.to_str().expect("utf-8 path"), "--trace"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    let light = serde_json::json!([
        {"pos": [0, 64, 0], "sky": 15, "block": 0},
        {"pos": [0, 10, 0], "sky": 0, "block": 0},
        {"pos": [0, 255, 0], "sky": 15, "block": 0},
    ]);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["light"], light);
        assert_eq!(line["time"], 101 + i.min(1));
    }
}

#[test]
fn bad_scenarios_exit_2_naming_the_problem() {
    let cases = [
        ("unknown-key.toml", "ticks = 3\nspeed = 2\n", "speed"),
        (
            "bad-block.toml",
            "ticks = 3\n[[input]]\nat = 0\naction = \"place\"\nblock = \"lava\"\n",
            "lava",
        ),
        ("not-toml.toml", "this is not toml", "TOML"),
        (
            "probe-above.toml",
            "ticks = 1\nprobes = [[0, 64, 0], [0, 256, 0]]\n",
            "probes",
        ),
        (
            "probe-below.toml",
            "ticks = 1\nprobes = [[0, -1, 0]]\n",
            "probes",
        ),
        (
            "probe-shape.toml",
            "ticks = 1\nprobes = [[0, 1]]\n",
            "probes",
        ),
        ("negative-time.toml", "ticks = 1\ntime = -5\n", "time"),
        ("binary.toml", "\u{0}\u{1}\u{2}", "TOML"),
    ];
    for (name, text, needle) in cases {
        let path = scenario_file(name, text);
        let out = hewn(&["sim", path.to_str().expect("utf-8 path")]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_missing_file_or_flag_exits_2() {
    let out = hewn(&["sim", "/nonexistent/scenario.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/scenario.toml"));
    let out = hewn(&["--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2));
    let out = hewn(&["--render-distance", "many"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("render-distance"));
}

/// Runs `hewn sim` on `text` and asserts exit 2, a message holding `needle`, no panic and no
/// output.
#[track_caller]
fn assert_refused(name: &str, text: &str, needle: &str) {
    let path = scenario_file(name, text);
    let out = hewn(&["sim", path.to_str().expect("utf-8 path")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{name}: {err}");
    assert!(err.contains(needle), "{name}: {err}");
    assert!(!err.contains("panicked"), "{name}: {err}");
    assert!(out.stdout.is_empty(), "{name}");
}

#[test]
fn hostile_scenarios_exit_2_naming_the_key() {
    let fill = |from: &str, to: &str, world: &str| {
        format!(
            "world = \"{world}\"\nticks = 1\n[[fill]]\nfrom = {from}\nto = {to}\nblock = \"stone\"\n"
        )
    };
    assert_refused(
        "i32-limit-fill.toml",
        &fill("[2147483647, 0, 0]", "[2147483647, 0, 0]", "terrain"),
        "fill[0].from: x = 2147483647 is beyond the world border",
    );
    assert_refused(
        "wrapping-fill.toml",
        &fill(
            "[0, 0, -2147483648]",
            "[2147483647, 255, 2147483647]",
            "empty",
        ),
        "fill[0].from: z = -2147483648 is beyond the world border",
    );
    assert_refused(
        "huge-fill.toml",
        &fill("[0, 0, 0]", "[4095, 0, 4095]", "empty"),
        "fill[0]: brings the cells",
    );
    let many: String = (0..8)
        .map(|i| format!("[[fill]]\nfrom = [0, {i}, 0]\nto = [511, {i}, 512]\nblock = \"stone\"\n"))
        .collect();
    assert_refused(
        "many-fills.toml",
        &format!("world = \"empty\"\nticks = 1\n{many}"),
        "fill[7]: brings the cells set by all fills to 2101248",
    );
    assert_refused(
        "fast.toml",
        "ticks = 1\n[player]\ncollider = \"cylinder\"\nvelocity = [10000.0, 0.0, 0.0]\n",
        "player.velocity: each component must be within ±1000 blocks/s",
    );
    assert_refused(
        "far-player.toml",
        "ticks = 1\n[player]\nposition = [1e300, 64.0, 0.0]\n",
        "player.position: x = 1e300",
    );
}

#[test]
fn crates_and_falling_blocks_count_toward_the_loaded_columns() {
    // Each crate straddles the corner of four columns: the 257th brings them past 1024.
    let crates: String = (0..300)
        .map(|i| format!("[[crate]]\nposition = [{}.0, 200.0, 32.0]\n", i * 64 + 32))
        .collect();
    assert_refused(
        "spread-crates.toml",
        &format!("ticks = 1\n{crates}"),
        "crate[256].position: brings the columns that fills, probes, crates, falling \
         blocks and players load to more than 1024",
    );
    // A fill loading 1000 columns leaves room for 24 falling blocks, each in a column of
    // its own.
    let falling: String = (0..30)
        .map(|i| {
            format!(
                "[[falling]]\nblock = \"sand\"\nposition = [{}.5, 200.0, -1000.5]\n",
                i * 64 + 16
            )
        })
        .collect();
    assert_refused(
        "spread-falling.toml",
        &format!(
            "world = \"empty\"\nticks = 1\n[[fill]]\nfrom = [0, 0, 0]\nto = [1279, 0, 799]\n\
             block = \"stone\"\n{falling}"
        ),
        "falling[24].position: brings the columns",
    );
}

#[test]
fn endless_and_oversized_files_are_refused_after_16_mib() {
    let out = hewn(&["sim", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("/dev/zero") && err.contains("larger than the 16777216 bytes"),
        "{err}"
    );
    let comment = format!("ticks = 1\n#{}\n", "x".repeat(16 << 20));
    assert_refused("big.toml", &comment, "larger than the 16777216 bytes");
    let path = scenario_file("not-utf8.toml", "");
    std::fs::write(&path, b"ticks = 1\n# caf\xe9\n").expect("write");
    let out = hewn(&["sim", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not UTF-8"));
}

#[test]
fn crates_that_start_overlapping_are_refused_by_name() {
    let crates = |positions: &[[f64; 3]]| -> String {
        positions
            .iter()
            .map(|p| {
                format!(
                    "[[crate]]\nposition = [{:?}, {:?}, {:?}]\n",
                    p[0], p[1], p[2]
                )
            })
            .collect()
    };
    let flat = "world = \"flat\"\nticks = 1\n[player]\nposition = [-5.5, 64.0, 0.5]\n";
    let apart = crates(&[[0.5, 64.0, 0.5], [1.5, 64.0, 0.5], [0.5, 65.0, 0.5]]);
    let path = scenario_file("touching-crates.toml", &format!("{flat}{apart}"));
    let out = hewn(&["sim", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0), "touching is not overlapping");
    assert_refused(
        "overlapping-crates.toml",
        &format!(
            "{flat}{}",
            crates(&[[0.5, 64.0, 0.5], [5.5, 64.0, 0.5], [1.0, 64.0, 0.5]])
        ),
        "crate[2]: starts overlapping crate[0]",
    );
    assert_refused(
        "crate-in-ground.toml",
        &format!("{flat}{}", crates(&[[0.5, 64.0, 0.5], [3.5, 63.5, 0.5]])),
        "crate[1]: starts overlapping a block",
    );
    let pile: Vec<[f64; 3]> = (0..1000)
        .map(|i| [f64::from(i % 10) * 0.1, 64.0 + f64::from(i / 100), 0.5])
        .collect();
    assert_refused(
        "overlapping-pile.toml",
        &format!("{flat}{}", crates(&pile)),
        "crate[1]: starts overlapping crate[0]",
    );
}

/// The names in `dir`, sorted.
fn listing(dir: &std::path::Path) -> Vec<std::ffi::OsString> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name())
        .collect();
    names.sort();
    names
}

/// Runs `hewn sim` on `text` in a folder of its own and asserts exit 2, no output, a short
/// message holding each of `needles`, and nothing new or changed in the folder.
#[track_caller]
fn assert_refused_briefly(text: &str, needles: &[&str]) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("s.toml");
    std::fs::write(&path, text).expect("write scenario");
    let before = listing(dir.path());
    let out = hewn(&["sim", path.to_str().expect("utf-8 path")]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert!(err.len() < 600, "{} bytes of message", err.len());
    for needle in needles {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    assert_eq!(listing(dir.path()), before);
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
}

#[test]
fn a_long_value_is_refused_with_a_short_message_naming_its_key_and_line() {
    let long = "a".repeat(15_000_000);
    assert_refused_briefly(
        &format!("ticks = 1\nworld = \"{long}\"\n"),
        &["world: unknown world generator \"aaaa", "(15000000 bytes)"],
    );
    assert_refused_briefly(
        &format!("ticks = 1\nx = {long}\n"),
        &["line 2, column 5", "the line begins \"x = aaa"],
    );
    assert_refused_briefly(
        &format!("ticks = \"{long}\"\n"),
        &["line 1, column 9", "the line begins \"ticks = \\\"aaa"],
    );
    assert_refused_briefly(
        &format!("ticks = 1\n[[input]]\nat = 0\naction = \"{long}\"\n"),
        &["input[0].action: unknown action \"aaa"],
    );
}

#[test]
fn a_header_nested_too_deep_is_refused_naming_its_line() {
    let header = vec!["deep"; 200].join(".");
    assert_refused_briefly(
        &format!("ticks = 1\n\n[{header}]\n"),
        &["line 3", "[deep.deep", "200 tables deep"],
    );
    assert_refused_briefly(
        &format!("ticks = 1\nx = {}{}\n", "[".repeat(200), "]".repeat(200)),
        &["line 2, column"],
    );
}

#[test]
fn a_window_size_out_of_range_exits_2_naming_the_flag_and_writes_nothing() {
    // Sizes within range but beyond the device (8192x8193 with --screenshot on a 256 MiB
    // readback limit) are refused once the GPU is known: `render::check_size`, tested
    // without a GPU in `render::gpu`. This is the part no display is needed for.
    let dir = tempfile::tempdir().expect("temp dir");
    let shot = dir.path().join("s.png");
    for size in ["16385x16385", "0x720", "8192"] {
        let out = hewn(&[
            "--size",
            size,
            "--frames",
            "2",
            "--screenshot",
            shot.to_str().expect("utf-8 path"),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{size}: {err}");
        assert!(err.contains("--size"), "{size}: {err}");
        assert!(!err.contains("panicked"), "{size}: {err}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
}

/// Runs `hewn sim s.toml` (and with `--world fresh`) on `text` from the scenario's own
/// folder, with a data folder that does not exist yet, and asserts exit 2, a message holding
/// `needle`, and that nothing on disk changed or appeared: not beside the scenario, not in
/// the data folder, which is not even made.
#[track_caller]
fn assert_refused_leaving_nothing(text: &str, needle: &str) {
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("s.toml");
    std::fs::write(&path, text).expect("write scenario");
    let data = dir.path().join("data");
    let before = files(dir.path());
    for world in [&[][..], &["--world", "fresh"]] {
        let out = Command::new(common::private_hewn(bin.path()))
            .args(["sim", "s.toml"])
            .args(world)
            .current_dir(dir.path())
            .env("HEWN_DATA_DIR", &data)
            .output()
            .expect("run hewn");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{world:?}: {err}");
        assert!(err.contains(needle), "{world:?}: {err}");
        assert!(out.stdout.is_empty());
        assert_eq!(files(dir.path()), before, "{world:?}");
        assert!(!data.exists(), "{world:?}");
    }
}

#[test]
fn too_many_inputs_are_refused_before_parsing_and_leave_nothing_on_disk() {
    let limit = hewn_scenario::MAX_INPUTS;
    // 10 MB: one more [[input]] than the limit, counted from the headers.
    assert_refused_leaving_nothing(
        &format!("ticks = 1\n{}", "[[input]]\n".repeat(limit + 1)),
        &format!("input: {} entries is more than {limit}", limit + 1),
    );
    // An inline array is parsed whole, so it is held to the items a document may have.
    let items = hewn_scenario::MAX_DOCUMENT_ITEMS;
    assert_refused_leaving_nothing(
        &format!(
            "ticks = 1\ninput = [{}]\n",
            "{ at = 0 }, ".repeat(items / 2)
        ),
        &format!("input: at line 2 the file passes {items} keys and values"),
    );
    assert_refused_leaving_nothing(
        "ticks = 1\ninput = []\n[[input]]\nat = 0\n",
        "input: is given both as a key at line 2 and as [[input]] tables from line 3",
    );
}
