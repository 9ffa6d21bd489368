//! The example mods, built from their source as a server owner would build them.

use std::path::Path;
use std::process::Command;

/// The example mods `welcome`, `protect` and `timber` (`mods/`), built from their source for
/// wasm32-unknown-unknown; `None`, with the reason printed, where that target is not
/// installed, unless `HEWN_REQUIRE_WASM=1` (as in CI) makes that a failure.
///
/// # Panics
/// Where the target is missing under `HEWN_REQUIRE_WASM=1`, or the mods do not build.
pub fn example_mods() -> Option<[Vec<u8>; 3]> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let sysroot = Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
    let installed = sysroot.is_some_and(|s| {
        Path::new(&s)
            .join("lib/rustlib/wasm32-unknown-unknown")
            .is_dir()
    });
    if !installed {
        let why = "the wasm32-unknown-unknown target is not installed \
                   (rustup target add wasm32-unknown-unknown)";
        assert!(
            std::env::var("HEWN_REQUIRE_WASM").as_deref() != Ok("1"),
            "{why}"
        );
        println!("skipped: {why}");
        return None;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let target = root.join("target/mods");
    let status = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
            "--quiet",
        ])
        .arg("--manifest-path")
        .arg(root.join("mods/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the example mods build");
    let read = |name: &str| {
        std::fs::read(target.join(format!("wasm32-unknown-unknown/release/{name}.wasm")))
            .expect("built")
    };
    Some([read("welcome"), read("protect"), read("timber")])
}
