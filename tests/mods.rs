//! `hewn sim` runs a scenario's packs' mods around every step, as a server does: what a mod
//! sets is in the world, the same every run; a runaway mod beside it changes nothing of the
//! world; a mod that names something not hewn's refuses the scenario. And the example mods
//! play on `hewn serve` over 127.0.0.1 with two `hewn bot`s as their guide says.

mod common;

use std::path::Path;
use std::process::Command;

/// A mod that sets glowstone at x = tick / 20, five blocks above the flat world's ground,
/// every 20th tick.
const BUILDER: &str = r#"(module
    (import "hewn" "set_block" (func $set_block (param i32 i32 i32 i32) (result i32)))
    (import "hewn" "block_named" (func $block_named (param i32 i32) (result i32)))
    (memory (export "memory") 1)
    (data (i32.const 0) "glowstone")
    (func (export "hewn_tick") (param $tick i64)
      (if (i64.eqz (i64.rem_u (local.get $tick) (i64.const 20)))
        (then (drop (call $set_block
          (i32.wrap_i64 (i64.div_u (local.get $tick) (i64.const 20))) (i32.const 69) (i32.const 0)
          (call $block_named (i32.const 0) (i32.const 9))))))))"#;

/// A mod that loops for ever every tick.
const RUNAWAY: &str = r#"(module (memory (export "memory") 1)
    (func (export "hewn_tick") (param i64) (loop $again (br $again))))"#;

/// A mod that asks for the environment's abort.
const SNEAKY: &str = r#"(module (import "env" "abort" (func (param i32 i32 i32 i32)))
    (memory (export "memory") 1))"#;

/// A pack folder `name` in `dir` whose mod is the module in the text format `text`.
fn pack(dir: &Path, name: &str, text: &str) {
    built_pack(dir, name, &wat::parse_str(text).expect("a module"));
}

/// A pack folder `name` in `dir` whose mod is `module`.
fn built_pack(dir: &Path, name: &str, module: &[u8]) {
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::write(
        folder.join("pack.toml"),
        format!("name = \"{name}\"\nversion = \"1\"\nmodule = \"mod.wasm\"\n"),
    )
    .expect("written");
    std::fs::write(folder.join("mod.wasm"), module).expect("written");
}

/// `hewn sim` of a flat world for 105 ticks with the packs `packs` (in `dir`): its status,
/// its last report and what it said on standard error.
fn sim(dir: &Path, packs: &[&str]) -> (bool, serde_json::Value, String) {
    let list: Vec<String> = packs.iter().map(|p| format!("\"{p}\"")).collect();
    let file = dir.join(format!("{}.toml", packs.join("-")));
    std::fs::write(
        &file,
        format!(
            "packs = [{}]\nworld = \"flat\"\nseed = 5\nticks = 105\n\
             [player]\nposition = [0.5, 64.0, 0.5]\n[[input]]\nfrom = 0\nto = 60\nhold = [\"forward\"]\n",
            list.join(", ")
        ),
    )
    .expect("written");
    let bin = tempfile::tempdir().expect("a folder");
    let out = Command::new(common::private_hewn(bin.path()))
        .arg("sim")
        .arg(&file)
        .env("HEWN_DATA_DIR", dir)
        .output()
        .expect("hewn runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let report = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (out.status.success(), report, stderr)
}

/// The cells a report's edits set to `block`.
fn cells(report: &serde_json::Value, block: &str) -> Vec<i64> {
    let edits = report["edits"].as_array().cloned().unwrap_or_default();
    let mut xs: Vec<i64> = edits
        .iter()
        .filter(|e| e["block"] == block)
        .filter_map(|e| e["pos"][0].as_i64())
        .collect();
    xs.sort_unstable();
    xs
}

#[test]
fn hewn_sim_runs_a_scenarios_mods_as_a_server_does() {
    let dir = tempfile::tempdir().expect("a folder");
    pack(dir.path(), "builder", BUILDER);
    pack(dir.path(), "runaway", RUNAWAY);
    pack(dir.path(), "sneaky", SNEAKY);
    let (ok, built, said) = sim(dir.path(), &["builder"]);
    assert!(ok, "{said}");
    // Ticks 20 to 100 set x = 1 to 5, each played in the step after.
    assert_eq!(cells(&built, "glowstone"), [1, 2, 3, 4, 5], "{built}");
    let (_, again, _) = sim(dir.path(), &["builder"]);
    assert_eq!(again["hash"], built["hash"], "the same every run");
    // A runaway beside it: stopped by its fuel each tick, quarantined after three; the
    // world is exactly as without it.
    let (ok, both, said) = sim(dir.path(), &["runaway", "builder"]);
    assert!(ok, "{said}");
    assert!(said.contains("quarantined"), "{said}");
    assert_eq!(both["hash"], built["hash"]);
    // A mod that names what is not hewn's refuses the scenario, naming it.
    let (ok, _, said) = sim(dir.path(), &["sneaky"]);
    assert!(!ok);
    assert!(said.contains("env.abort"), "{said}");
}

/// The example mods as packs in `dir`: a folder each, its module built from `mods/`.
fn example_packs(dir: &Path) -> bool {
    let Some(modules) = common::example_mods() else {
        return false;
    };
    for (name, module) in ["welcome", "protect", "timber"].into_iter().zip(modules) {
        built_pack(dir, name, &module);
    }
    true
}

/// `hewn bot` as `name` playing `scenario` (written to `dir`) on `addr`, saying `said`
/// (each `TICK:LINE`): its report.
fn bot(dir: &Path, addr: &str, name: &str, scenario: &str, said: &[&str]) -> serde_json::Value {
    let file = dir.join(format!("{name}.toml"));
    std::fs::write(&file, scenario).expect("written");
    let mut bot = Command::new(common::private_hewn(dir));
    bot.args(["bot", addr]).arg(&file).args(["--name", name]);
    for line in said {
        bot.args(["--say", line]);
    }
    let out = bot
        .env("HEWN_DATA_DIR", dir)
        .output()
        .expect("hewn bot runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}: {stderr}");
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Whether a bot's report heard a line holding `text`.
fn heard(report: &serde_json::Value, text: &str) -> bool {
    (report["chat"].as_array().into_iter().flatten())
        .any(|line| line.as_str().is_some_and(|l| l.contains(text)))
}

/// The block a bot's report shows at `pos` among the edits its client knows of; `None` where
/// the cell is as generated.
fn edit_seen(report: &serde_json::Value, pos: [i64; 3]) -> Option<String> {
    (report["edits"].as_array().into_iter().flatten())
        .find(|e| (0..3).all(|i| e["pos"][i].as_i64() == Some(pos[i])))
        .map(|e| e["block"].as_str().unwrap_or_default().to_owned())
}

#[test]
fn the_example_mods_work_on_hewn_serve_with_two_bots() {
    let dir = tempfile::tempdir().expect("a folder");
    if !example_packs(dir.path()) {
        return;
    }
    let bin = common::private_hewn(dir.path());
    // A creative flat world (seed 5, spawn at 0.5, 64, 0.5) with the three mods and a trunk
    // of five logs three blocks south of the spawn.
    let world = dir.path().join("modded.hewn");
    common::make_world(
        &bin,
        &world,
        "packs = [\"welcome\", \"protect\", \"timber\"]\nworld = \"flat\"\nseed = 5\n\
         ticks = 1\n[[fill]]\nfrom = [0, 64, 3]\nto = [0, 68, 3]\nblock = \"log\"\n",
    );
    let served = common::served::Served::start(&bin, &world, dir.path());
    let trunk = |report: &serde_json::Value| -> Vec<Option<String>> {
        (64..=68).map(|y| edit_seen(report, [0, y, 3])).collect()
    };
    let glance = bot(dir.path(), &served.addr, "carol", "ticks = 1\n", &[]);
    assert_eq!(trunk(&glance), vec![Some("log".to_owned()); 5], "{glance}");

    // Alice claims the area she comes in at as soon as she is in, then breaks the trunk's
    // lowest log.
    let alice = bot(
        dir.path(),
        &served.addr,
        "alice",
        "ticks = 60\n[[input]]\nat = 0\nyaw = 180.0\npitch = -20.5\n\
         [[input]]\nat = 20\naction = \"break\"\n",
        &["1:/protect"],
    );
    assert!(heard(&alice, "Welcome, alice!"), "{alice}");
    assert!(heard(&alice, "is yours now"), "{alice}");
    // Timber felled the whole trunk: its cells are as generated again.
    assert_eq!(trunk(&alice), vec![None; 5], "{alice}");

    // Bob, in her area, breaks the grass under his feet: refused, and his client, which
    // showed the hole at once, has the grass back. He walks off and asks for the spawn.
    let bob = bot(
        dir.path(),
        &served.addr,
        "bob",
        "ticks = 150\n[[input]]\nat = 0\nyaw = 0.0\npitch = -90.0\n\
         [[input]]\nat = 2\naction = \"break\"\n\
         [[input]]\nfrom = 30\nto = 90\nhold = [\"forward\"]\n",
        &["110:/spawn"],
    );
    assert!(heard(&bob, "Welcome, bob!"), "{bob}");
    assert!(heard(&bob, "This area is protected."), "{bob}");
    assert_eq!(edit_seen(&bob, [0, 63, 0]), None, "rolled back: {bob}");
    assert!(heard(&bob, "Back at the spawn."), "{bob}");
    let at: Vec<f64> = (0..3)
        .map(|i| bob["position"][i].as_f64().expect("a position"))
        .collect();
    let off = (at[0] - 0.5).hypot(at[2] - 0.5);
    assert!(off < 0.5 && (at[1] - 64.0).abs() < 0.01, "bob at {at:?}");
    // Bob saw alice's felled trunk too: the server's world, not only her client's.
    assert_eq!(trunk(&bob), vec![None; 5], "{bob}");
    served.stop();
}
