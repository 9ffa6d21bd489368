//! The committed block atlas matches the tile layout the mesher and shaders assume, and the
//! tiles that need holes have them.

use hewn::mesh::tiles::{ATLAS_COLUMNS, ATLAS_ROWS, TILE_SIZE, tile_index};
use hewn::render::ATLAS_PNG;

fn alpha_of_tile(atlas: &image::RgbaImage, name: &str) -> Vec<u8> {
    let index = u32::from(tile_index(name).unwrap_or_else(|| panic!("no tile {name}")));
    let (x0, y0) = (
        (index % ATLAS_COLUMNS) * TILE_SIZE,
        (index / ATLAS_COLUMNS) * TILE_SIZE,
    );
    (0..TILE_SIZE * TILE_SIZE)
        .map(|i| atlas.get_pixel(x0 + i % TILE_SIZE, y0 + i / TILE_SIZE)[3])
        .collect()
}

#[test]
fn atlas_has_the_expected_layout_and_transparency() {
    let atlas = image::load_from_memory(ATLAS_PNG)
        .expect("assets/blocks.png decodes")
        .to_rgba8();
    assert_eq!(
        atlas.dimensions(),
        (ATLAS_COLUMNS * TILE_SIZE, ATLAS_ROWS * TILE_SIZE),
        "regenerate with `cargo run --bin make_atlas`"
    );
    assert!(alpha_of_tile(&atlas, "stone").iter().all(|&a| a == 255));
    assert!(
        alpha_of_tile(&atlas, "leaves").contains(&0),
        "leaves have holes"
    );
    let glass = alpha_of_tile(&atlas, "glass");
    assert!(
        glass[0] == 255 && glass[8 * 16 + 8] < 128,
        "glass: opaque frame, clear pane"
    );
    assert!(
        alpha_of_tile(&atlas, "water")
            .iter()
            .all(|&a| a > 0 && a < 255)
    );
}
