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
