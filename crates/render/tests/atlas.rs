//! The atlas painted from the base pack's textures matches the tile layout the mesher and
//! shaders assume, the tiles that need holes have them, and the tiles that are not blocks'
//! (items, the crack stages, HUD icons) are painted where they should be and clear
//! elsewhere.

use hewn_core::sim::survival::{Material, Tool};
use hewn_core::world::{Block, Face};
use hewn_mesh::plants::drawn_texels;
use hewn_mesh::tiles::{
    ATLAS_COLUMNS, ATLAS_ROWS, HUD_ICON_INSET, HUD_ICON_SIZE, TILE_SIZE, TILES, tile_for,
    tile_index,
};
/// The atlas of the base pack's blocks, as the game paints it.
fn atlas() -> image::RgbaImage {
    hewn_render::atlas_image(&hewn_content::Textures::default())
}

/// The pixels of the tile called `name`, row by row.
fn tile(atlas: &image::RgbaImage, name: &str) -> Vec<image::Rgba<u8>> {
    let index = u32::from(tile_index(name).unwrap_or_else(|| panic!("no tile {name}")));
    let (x0, y0) = (
        (index % ATLAS_COLUMNS) * TILE_SIZE,
        (index / ATLAS_COLUMNS) * TILE_SIZE,
    );
    (0..TILE_SIZE * TILE_SIZE)
        .map(|i| *atlas.get_pixel(x0 + i % TILE_SIZE, y0 + i / TILE_SIZE))
        .collect()
}

fn alpha_of_tile(atlas: &image::RgbaImage, name: &str) -> Vec<u8> {
    tile(atlas, name).iter().map(|p| p[3]).collect()
}

/// The indices of the pixels at the tile's four corners.
const CORNERS: [usize; 4] = [0, 15, 15 * 16, 16 * 16 - 1];

#[test]
fn atlas_has_the_expected_layout_and_transparency() {
    let atlas = atlas();
    assert_eq!(
        atlas.dimensions(),
        (ATLAS_COLUMNS * TILE_SIZE, ATLAS_ROWS * TILE_SIZE),
        "the atlas's size"
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

#[test]
fn the_survival_blocks_are_opaque_and_the_lit_furnace_glows() {
    let atlas = atlas();
    for name in [
        "crafting_table_top",
        "crafting_table_side",
        "furnace_top",
        "furnace_front",
        "furnace_front_lit",
    ] {
        assert!(
            alpha_of_tile(&atlas, name).iter().all(|&a| a == 255),
            "{name}"
        );
    }
    // The two fronts share their stones and differ in the mouth, which burns orange.
    let (cold, lit) = (
        tile(&atlas, "furnace_front"),
        tile(&atlas, "furnace_front_lit"),
    );
    assert_eq!(
        cold[..16 * 6],
        lit[..16 * 6],
        "the fronts' upper rows match"
    );
    let fiery = |t: &[image::Rgba<u8>]| t.iter().filter(|p| p[0] > 200 && p[2] < 120).count();
    assert!(
        fiery(&cold) == 0 && fiery(&lit) > 20,
        "{} {}",
        fiery(&cold),
        fiery(&lit)
    );
}

#[test]
fn items_and_hud_icons_are_pictures_on_a_clear_ground() {
    let atlas = atlas();
    // Every item that is not a block: the materials, and each tool of each tier.
    let materials = Material::ALL.map(Material::name);
    let tools = Tool::ALL.map(Tool::name);
    let items = materials.into_iter().chain(tools);
    let icons = [
        "heart_full",
        "heart_half",
        "heart_empty",
        "bubble",
        "bubble_burst",
    ];
    for name in items.chain(icons) {
        let alpha = alpha_of_tile(&atlas, name);
        let opaque = alpha.iter().filter(|&&a| a == 255).count();
        assert!(opaque >= 20, "{name}: {opaque} opaque pixels");
        assert!(
            CORNERS.iter().all(|&i| alpha[i] == 0),
            "{name}: clear corners"
        );
    }
    // Tiers of a tool are one drawing in different colours.
    let shape = |name| alpha_of_tile(&atlas, name);
    assert_eq!(shape("wooden_pickaxe"), shape("diamond_pickaxe"));
    assert_ne!(
        tile(&atlas, "wooden_pickaxe"),
        tile(&atlas, "diamond_pickaxe")
    );
    assert_ne!(shape("iron_pickaxe"), shape("iron_axe"));
    // A HUD icon keeps to its square, which it fills to the edges.
    let icon = HUD_ICON_INSET..HUD_ICON_INSET + HUD_ICON_SIZE;
    for name in icons {
        let alpha = alpha_of_tile(&atlas, name);
        let (mut rows, mut columns) = (Vec::new(), Vec::new());
        for (i, &a) in alpha.iter().enumerate() {
            let (x, y) = (i as u32 % TILE_SIZE, i as u32 / TILE_SIZE);
            if a > 0 {
                assert!(icon.contains(&x) && icon.contains(&y), "{name}: ({x}, {y})");
                rows.push(y);
                columns.push(x);
            }
        }
        for along in [rows, columns] {
            let (lo, hi) = (along.iter().min(), along.iter().max());
            assert_eq!(
                (lo, hi),
                (Some(&icon.start), Some(&(icon.end - 1))),
                "{name}"
            );
        }
    }
}

#[test]
fn each_crack_stage_is_the_one_before_with_more_dark_cracks() {
    let atlas = atlas();
    let stages: Vec<Vec<image::Rgba<u8>>> = (0..10)
        .map(|stage| tile(&atlas, &format!("destroy_stage_{stage}")))
        .collect();
    let cracked = |t: &[image::Rgba<u8>]| -> Vec<bool> { t.iter().map(|p| p[3] > 0).collect() };
    for (stage, t) in stages.iter().enumerate() {
        for p in t {
            // Opaque and dark where cracked, clear elsewhere.
            assert!(
                p[3] == 0 || (p[3] == 255 && p[0].max(p[1]).max(p[2]) < 96),
                "{stage}: {p:?}"
            );
        }
    }
    let count = |t: &[image::Rgba<u8>]| cracked(t).iter().filter(|&&c| c).count();
    let first = count(&stages[0]);
    assert!(
        (4..=24).contains(&first),
        "stage 0: a few short lines, not {first} pixels"
    );
    let last = count(&stages[9]);
    assert!(
        last >= 256 / 3,
        "stage 9 covers much of the tile, not {last} pixels"
    );
    for pair in stages.windows(2) {
        let (before, after) = (cracked(&pair[0]), cracked(&pair[1]));
        assert!(count(&pair[1]) > count(&pair[0]), "each stage cracks more");
        for (b, a) in before.iter().zip(&after) {
            assert!(!b || *a, "a crack never heals");
        }
        // Where a crack was, it stays as it was.
        for (b, a) in pair[0].iter().zip(&pair[1]) {
            assert!(b[3] == 0 || b == a);
        }
    }
}

/// A plant's quads are cut to [`drawn_texels`]: every texel the cut-out pass keeps (alpha of
/// at least half, 128 of 255) must lie inside, or the cut would lose it, and each edge of the
/// rectangle must touch one, or the quads are bigger than they need be.
#[test]
fn plants_are_cut_to_exactly_the_texels_drawn() {
    let atlas = atlas();
    let plants = Block::all().filter(|b| b.is_plant());
    let mut checked = 0;
    for plant in plants {
        let name = TILES[usize::from(tile_for(plant, Face::North))];
        let alpha = alpha_of_tile(&atlas, name);
        let kept: Vec<(u8, u8)> = (0..16u8)
            .flat_map(|y| (0..16u8).map(move |x| (x, y)))
            .filter(|&(x, y)| alpha[usize::from(y) * 16 + usize::from(x)] >= 128)
            .collect();
        let tight = [
            kept.iter().map(|p| p.0).min(),
            kept.iter().map(|p| p.1).min(),
            kept.iter().map(|p| p.0 + 1).max(),
            kept.iter().map(|p| p.1 + 1).max(),
        ]
        .map(|edge| edge.unwrap_or_else(|| panic!("{name} has no texel drawn")));
        assert_eq!(drawn_texels(plant), tight, "{plant:?} ({name})");
        checked += 1;
    }
    assert!(checked >= 5, "tall grass, three flowers and the dead bush");
}
