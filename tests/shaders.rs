//! Every shader in shaders/ parses and validates with naga, the compiler wgpu uses, so a
//! shader error fails `cargo test` on any machine, GPU or not.

use std::path::Path;

#[test]
fn every_shader_parses_and_validates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("shaders/ is readable") {
        let path = entry.expect("directory entry").path();
        if path.extension().is_none_or(|e| e != "wgsl") {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("shader is UTF-8");
        let module = naga::front::wgsl::parse_str(&source).unwrap_or_else(|e| {
            panic!(
                "{}",
                e.emit_to_string_with_path(&source, &path.display().to_string())
            )
        });
        naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::empty(),
        )
        .validate(&module)
        .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.emit_to_string(&source)));
        checked += 1;
    }
    assert!(checked >= 4, "expected the four shaders, found {checked}");
}
