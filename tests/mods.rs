//! `hewn sim` runs a scenario's packs' mods around every step, as a server does: what a mod
//! sets is in the world, the same every run; a runaway mod beside it changes nothing of the
//! world; a mod that names something not hewn's refuses the scenario.

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

/// A pack folder `name` in `dir` whose mod is the module `text`.
fn pack(dir: &Path, name: &str, text: &str) {
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::write(
        folder.join("pack.toml"),
        format!("name = \"{name}\"\nversion = \"1\"\nmodule = \"mod.wasm\"\n"),
    )
    .expect("written");
    std::fs::write(
        folder.join("mod.wasm"),
        wat::parse_str(text).expect("a module"),
    )
    .expect("written");
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
