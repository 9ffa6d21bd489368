//! The creatures' skins: a tile for each part of each base kind (`creatures.toml`'s
//! `textures`), in the kind's colours. A creature's box shows its part's whole tile on each
//! face, stretched to the face, the top row at the top of a side face: so the rows at the
//! bottom of a leg's tile are its hoof, and the middle columns of a body's are its spine.
//!
//! A sheep's wool is painted nearly white: its coat's colour (the variant's) tints it, as
//! Minecraft dyes its one wool texture.

use super::{Rng, Tile, noisy, rgb, shade, speckle};

/// The tile of the skin called `name`, if it is one.
pub(super) fn paint(name: &str, rng: &mut Rng) -> Option<Tile> {
    Some(match name {
        "sheep_wool" => fleece(rng),
        "sheep_face" => noisy(rng, [207, 193, 174], 6),
        "sheep_legs" => legs(rng, [207, 193, 174], [70, 58, 50]),
        "sheep_nose" => nostrils(rng, [58, 48, 42], [222, 160, 160]),
        "cow_hide" => hide(rng),
        "cow_face" => blaze(rng),
        "cow_legs" => legs(rng, [232, 226, 216], [48, 36, 28]),
        "cow_muzzle" => nostrils(rng, [201, 165, 140], [70, 48, 40]),
        "pig_skin" => bristles(rng),
        "pig_legs" => legs(rng, [224, 148, 140], [150, 90, 86]),
        "pig_snout" => nostrils(rng, [214, 126, 126], [120, 52, 56]),
        "chicken_feathers" => feathers(rng),
        "zombie_shirt" => shirt(rng),
        "zombie_skin" => rotten(rng),
        "zombie_trousers" => trousers(rng),
        "skeleton_ribs" => ribs(rng),
        "skeleton_skull" => skull(rng),
        "skeleton_bone" => bone(rng),
        _ => return None,
    })
}

/// Thick wool in curls: near white, so that a coat's colour tints it.
fn fleece(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [240, 240, 238], 4);
    for _ in 0..22 {
        let (cx, cy) = (rng.range(0, 15), rng.range(0, 15));
        // A curl: a pixel in shadow under a lit one.
        t[cy as usize][cx as usize] = rgb(shade([212, 212, 210], rng.range(-6, 6)), 255);
        let above = (cy + 15) % 16;
        t[above as usize][cx as usize] = rgb([252, 252, 250], 255);
    }
    t
}

/// A leg in `colour` with a hoof in `hoof` over its bottom three rows.
fn legs(rng: &mut Rng, colour: [i32; 3], hoof: [i32; 3]) -> Tile {
    let mut t = noisy(rng, colour, 6);
    for row in &mut t[13..] {
        for px in row.iter_mut() {
            *px = rgb(shade(hoof, rng.range(-5, 5)), 255);
        }
    }
    t
}

/// A muzzle in `colour` with two nostrils in `dark` and a mouth below them.
fn nostrils(rng: &mut Rng, colour: [i32; 3], dark: [i32; 3]) -> Tile {
    let mut t = noisy(rng, colour, 5);
    for (x, y) in [
        (3, 5),
        (4, 5),
        (3, 6),
        (4, 6),
        (11, 5),
        (12, 5),
        (11, 6),
        (12, 6),
    ] {
        t[y][x] = rgb(shade(dark, rng.range(-4, 4)), 255);
    }
    for px in &mut t[11][5..11] {
        *px = rgb(shade(colour, -40), 255);
    }
    t
}

/// A cow's brown hide with white patches: blobs about scattered centres.
fn hide(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [74, 50, 34], 6);
    for _ in 0..3 {
        let (cx, cy, r) = (rng.range(0, 15), rng.range(0, 15), rng.range(2, 4));
        for y in 0..16 {
            for x in 0..16 {
                // Wrapped, so a patch over an edge carries on at the other.
                let dx = (x - cx).rem_euclid(16).min((cx - x).rem_euclid(16));
                let dy = (y - cy).rem_euclid(16).min((cy - y).rem_euclid(16));
                if dx * dx + dy * dy <= r * r + rng.range(-2, 2) {
                    t[y as usize][x as usize] = rgb(shade([232, 226, 216], rng.range(-6, 4)), 255);
                }
            }
        }
    }
    t
}

/// A cow's dark face with a white blaze down its middle.
fn blaze(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [60, 42, 28], 5);
    for (y, row) in t.iter_mut().enumerate().take(12) {
        let half = if y < 4 { 2 } else { 1 };
        for px in &mut row[8 - half..8 + half] {
            *px = rgb(shade([232, 226, 216], rng.range(-6, 4)), 255);
        }
    }
    t
}

/// A pig's pink skin with a few pale bristles.
fn bristles(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [240, 168, 160], 5);
    speckle(&mut t, rng, [250, 196, 190], 0.06);
    speckle(&mut t, rng, [218, 140, 134], 0.08);
    t
}

/// White feathers in rows, each a pale arc with a grey edge under it, the rows offset.
fn feathers(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [244, 244, 240], 3);
    for (y, row) in t.iter_mut().enumerate() {
        let offset = if y / 4 % 2 == 0 { 0 } else { 2 };
        for (x, px) in row.iter_mut().enumerate() {
            if y % 4 == 3 && (x + offset) % 4 != 0 {
                *px = rgb(shade([214, 214, 208], rng.range(-4, 4)), 255);
            }
        }
    }
    t
}

/// A zombie's torn shirt: teal with darker folds, its hem ragged over green skin.
fn shirt(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [46, 138, 140], 7);
    speckle(&mut t, rng, [34, 112, 114], 0.1);
    let hem: [i32; 16] = std::array::from_fn(|_| 13 + rng.range(-1, 2));
    for (y, row) in t.iter_mut().enumerate() {
        for (px, &torn) in row.iter_mut().zip(&hem) {
            if y as i32 >= torn {
                *px = rgb(shade([93, 140, 74], rng.range(-8, 8)), 255);
            }
        }
    }
    // A rip through the middle.
    for (dx, y) in [(0, 6), (1, 7), (1, 8), (2, 9)] {
        t[y][5 + dx] = rgb([93, 140, 74], 255);
    }
    t
}

/// A zombie's skin: green, mottled with darker rot.
fn rotten(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [93, 140, 74], 8);
    for _ in 0..5 {
        let (cx, cy) = (rng.range(0, 14), rng.range(0, 14));
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            if rng.chance(0.75) {
                t[(cy + dy) as usize][(cx + dx) as usize] =
                    rgb(shade([64, 104, 50], rng.range(-6, 6)), 255);
            }
        }
    }
    t
}

/// Blue trousers with a seam down the middle and a darker hem.
fn trousers(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [59, 58, 140], 6);
    for (y, row) in t.iter_mut().enumerate() {
        row[7] = rgb(shade([44, 43, 110], rng.range(-4, 4)), 255);
        if y >= 14 {
            for px in row.iter_mut() {
                *px = rgb(shade([40, 40, 96], rng.range(-4, 4)), 255);
            }
        }
    }
    t
}

/// A skeleton's ribcage: bones across a dark hollow, a spine down the middle.
fn ribs(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [40, 40, 40], 4);
    for (y, row) in t.iter_mut().enumerate() {
        // Ribs over the chest; the spine alone over the belly and hips.
        let rib = y < 10 && y % 3 != 2;
        for (x, px) in row.iter_mut().enumerate() {
            if rib || (7..9).contains(&x) || y >= 13 {
                *px = rgb(shade([200, 200, 192], rng.range(-8, 6)), 255);
            }
        }
    }
    t
}

/// A skull: pale bone with hairline cracks.
fn skull(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [216, 216, 208], 5);
    for _ in 0..2 {
        let (mut x, mut y) = (rng.range(2, 13), rng.range(0, 4));
        for _ in 0..5 {
            t[y as usize][x as usize] = rgb([160, 160, 152], 255);
            x = (x + rng.range(-1, 1)).clamp(0, 15);
            y = (y + 1).min(15);
        }
    }
    t
}

/// A long bone, grey-white, with a darker knob at each end.
fn bone(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [184, 184, 176], 6);
    for y in [0, 1, 14, 15] {
        for px in &mut t[y] {
            *px = rgb(shade([150, 150, 142], rng.range(-5, 5)), 255);
        }
    }
    t
}
