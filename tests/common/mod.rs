//! Helpers shared by the game's integration tests: those of `hewn-testing` (scenarios run
//! inline, assertions on the state after every tick), and running the `hewn` binary itself.

#![allow(
    dead_code,
    unused_imports,
    reason = "each test binary uses a different subset"
)]

pub use hewn_testing::*;

pub mod served;
pub mod worlds;

/// Runs the `hewn` binary with `args` and its data folder at `data_dir`.
pub fn hewn(args: &[&str], data_dir: &std::path::Path) -> std::process::Output {
    let bin = tempfile::tempdir().expect("temp dir");
    std::process::Command::new(private_hewn(bin.path()))
        .args(args)
        .env("HEWN_DATA_DIR", data_dir)
        .output()
        .expect("run hewn")
}

/// The `hewn` binary, linked into `dir` so that a rebuild of the shared target folder while
/// the test runs (another checkout building) cannot swap it for a different program.
pub fn private_hewn(dir: &std::path::Path) -> std::path::PathBuf {
    let private = dir.join("hewn-under-test");
    if !private.exists() && std::fs::hard_link(env!("CARGO_BIN_EXE_hewn"), &private).is_err() {
        std::fs::copy(env!("CARGO_BIN_EXE_hewn"), &private).expect("copy the hewn binary");
    }
    private
}

/// The example pack of blocks in `assets/packs/more-stone`.
pub fn more_stone() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/packs/more-stone")
}

/// Makes the world at `world` by playing the scenario `text` (written beside it as
/// `make.toml`, so its packs are found relative to that folder) with `bin`'s `hewn sim
/// --world`.
pub fn make_world(bin: &std::path::Path, world: &std::path::Path, text: &str) {
    let scenario = world.with_file_name("make.toml");
    std::fs::write(&scenario, text).expect("written");
    let made = std::process::Command::new(bin)
        .arg("sim")
        .arg(&scenario)
        .arg("--world")
        .arg(world)
        .output()
        .expect("run hewn sim");
    assert!(made.status.success(), "{}", text_of(&made.stderr));
}

/// Bytes a program printed, as text.
fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
