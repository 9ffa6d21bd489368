//! Every shader parses and validates with naga, the compiler wgpu uses, as the renderer
//! compiles it (with the shared declarations in front), so a shader error fails `cargo test`
//! on any machine, GPU or not; every one also compiles for WebGL2; and the chunk shader
//! unpacks vertices with the layout the mesher packs them in.

use std::path::Path;

use hewn_mesh::layout;
use hewn_render::shaders::{SHADERS, source};

fn parse(name: &str) -> naga::Module {
    let text = source(name).unwrap_or_else(|| panic!("{name} is not in SHADERS"));
    let module = naga::front::wgsl::parse_str(&text)
        .unwrap_or_else(|e| panic!("{}", e.emit_to_string_with_path(&text, name)));
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::empty(),
    )
    .validate(&module)
    .unwrap_or_else(|e| panic!("{name}: {}", e.emit_to_string(&text)));
    module
}

#[test]
fn every_shader_parses_and_validates() {
    for (name, _) in SHADERS {
        parse(name);
    }
    // Every file in shaders/ is one of them, or the declarations they share.
    // The shaders live at the workspace root, beside the assets: the renderer embeds them.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shaders");
    for entry in std::fs::read_dir(&dir).expect("shaders/ is readable") {
        let path = entry.expect("directory entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name.ends_with(".wgsl") && name != "globals.wgsl" {
            assert!(
                SHADERS.iter().any(|(n, _)| *n == name),
                "{name} is not compiled"
            );
        }
    }
}

/// The value of the `u32` constant `name` in `module`.
fn constant(module: &naga::Module, name: &str) -> u32 {
    let (_, c) = module
        .constants
        .iter()
        .find(|(_, c)| c.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("the chunk shader has no constant {name}"));
    match module.global_expressions[c.init] {
        naga::Expression::Literal(naga::Literal::U32(v)) => v,
        ref other => panic!("{name} is {other:?}, not a u32 literal"),
    }
}

#[test]
fn the_chunk_shader_unpacks_vertices_as_the_mesher_packs_them() {
    let module = parse("chunk.wgsl");
    let fields = [
        ("X", layout::X),
        ("Y", layout::Y),
        ("Z", layout::Z),
        ("FACE", layout::FACE),
        ("AO", layout::AO),
        ("U", layout::U),
        ("V", layout::V),
        ("TILE", layout::TILE),
        ("TILE_HIGH", layout::TILE_HIGH),
        ("SKY", layout::SKY),
        ("BLOCK", layout::BLOCK),
    ];
    for (name, (shift, bits)) in fields {
        assert_eq!(
            (
                constant(&module, &format!("{name}_SHIFT")),
                constant(&module, &format!("{name}_BITS"))
            ),
            (shift, bits),
            "{name}"
        );
    }
}

#[test]
fn the_chunk_shader_finds_tiles_in_the_atlas_as_the_atlas_is_laid_out() {
    use hewn_mesh::tiles::{ATLAS_COLUMNS, ATLAS_ROWS};
    let module = parse("chunk.wgsl");
    assert_eq!(constant(&module, "ATLAS_COLUMNS"), ATLAS_COLUMNS);
    assert_eq!(constant(&module, "ATLAS_ROWS"), ATLAS_ROWS);
    let water = hewn_mesh::tiles::tile_index("water").map(u32::from);
    assert_eq!(Some(constant(&module, "WATER_TILE")), water);
    let ice = hewn_mesh::tiles::tile_index("ice").map(u32::from);
    assert_eq!(Some(constant(&module, "ICE_TILE")), ice);
}

#[test]
fn the_far_sea_is_lowered_to_where_the_near_one_lies() {
    use hewn_core::world::Block;
    use hewn_mesh::top_height;
    let module = parse("chunk.wgsl");
    let drop = |name: &str| {
        let (_, c) = module
            .constants
            .iter()
            .find(|(_, c)| c.name.as_deref() == Some(name))
            .unwrap_or_else(|| panic!("the chunk shader has {name}"));
        let naga::Expression::Literal(naga::Literal::F32(drop)) = module.global_expressions[c.init]
        else {
            panic!("{name} is not an f32 literal");
        };
        drop
    };
    // The block of air over the sea in a coarse cell's upper half, and what the sea's top
    // block leaves of its own: two sixteenths for still water, nothing for ice.
    for (name, block) in [
        ("FAR_WATER_DROP", Block::WATER),
        ("FAR_ICE_DROP", Block::ICE),
    ] {
        let short = 16 - top_height(block, Block::AIR);
        assert_eq!(drop(name), 1.0 + f32::from(short) / 16.0, "{name}");
    }
}

/// Every entry point of every shader written as GLSL ES 3.00 for WebGL2, as wgpu's GL
/// backend writes it for a browser without WebGPU: a shader that loads from a depth
/// texture or takes a flat value from a primitive's first vertex, which WebGL2 cannot,
/// fails here on any machine.
#[test]
fn every_shader_compiles_for_webgl2() {
    use naga::back::glsl;
    let options = glsl::Options {
        version: glsl::Version::Embedded {
            version: 300,
            is_webgl: true,
        },
        ..glsl::Options::default()
    };
    let mut written = 0;
    for (name, _) in SHADERS {
        let module = parse(name);
        let info = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            glsl::supported_capabilities(),
        )
        .validate(&module)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        for entry in &module.entry_points {
            let pipeline = glsl::PipelineOptions {
                shader_stage: entry.stage,
                entry_point: entry.name.clone(),
                multiview: None,
            };
            let mut out = String::new();
            glsl::Writer::new(
                &mut out,
                &module,
                &info,
                &options,
                &pipeline,
                naga::proc::BoundsCheckPolicies::default(),
            )
            .and_then(|mut writer| writer.write())
            .unwrap_or_else(|e| panic!("{name}, {}: {e}", entry.name));
            written += 1;
        }
    }
    assert!(written > 20, "{written} entry points written");
}
