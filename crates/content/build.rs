//! Builds the base pack's textures into the game: one `include_bytes!` for every PNG in
//! `assets/content/base/textures`, listed by name, so the game runs from any folder and a
//! texture added there needs no line of Rust.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("../../assets/content/base/textures");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".png").map(str::to_owned))
        .collect();
    names.sort();
    let mut out = String::from(
        "/// The base pack's textures, by name, in name order: the PNG files of \
         `assets/content/base/textures`.\n\
         pub static BASE_TEXTURES: &[(&str, &[u8])] = &[\n",
    );
    for name in &names {
        let path = dir.join(format!("{name}.png"));
        let path = path.canonicalize().unwrap_or(path);
        writeln!(
            out,
            "    ({name:?}, include_bytes!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a String");
    }
    out.push_str("];\n");
    let target =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("base_textures.rs");
    std::fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}
