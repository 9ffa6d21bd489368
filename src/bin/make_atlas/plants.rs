//! The plants' tiles: tall grass, three flowers and a dead bush on clear backgrounds (drawn
//! on two crossed quads, so what is not plant must be see-through), the cactus, and the
//! spruce's and birch's leaves.

use super::{Rng, S, Tile, noisy, rgb, shade, speckle};

const CLEAR: [u8; 4] = [0, 0, 0, 0];

/// Blades of grass rising from the bottom row, each leaning a little, of uneven height.
pub(super) fn tall_grass(rng: &mut Rng) -> Tile {
    let mut t = [[CLEAR; 16]; 16];
    for x in (1..S - 1).step_by(2) {
        let height = rng.range(6, 13);
        let lean = rng.range(-1, 1);
        for h in 0..height {
            let col = (x + lean * h / 5).clamp(0, S - 1);
            let colour = shade([86, 150, 52], rng.range(-18, 10) + h * 2);
            t[(S - 1 - h) as usize][col as usize] = rgb(colour, 255);
        }
    }
    t
}

/// A stem with two leaves and a head of `petal` with a `centre`.
fn flower(rng: &mut Rng, petal: [i32; 3], centre: [i32; 3], stem_height: i32) -> Tile {
    let mut t = [[CLEAR; 16]; 16];
    let stem = [62, 128, 40];
    for h in 0..stem_height {
        t[(S - 1 - h) as usize][8] = rgb(shade(stem, rng.range(-8, 8)), 255);
    }
    for (x, y) in [(7, 13), (6, 12), (9, 12), (10, 11)] {
        t[y][x] = rgb(shade(stem, rng.range(-8, 12)), 255);
    }
    let top = (S - stem_height) as usize;
    for dy in 0..3usize {
        for dx in 0..3usize {
            let (x, y) = (7 + dx, top - 3 + dy);
            let colour = if dx == 1 && dy == 1 { centre } else { petal };
            if (dx, dy) == (1, 1) || rng.chance(0.9) {
                t[y][x] = rgb(shade(colour, rng.range(-14, 10)), 255);
            }
        }
    }
    for (x, y) in [(8, top - 4), (6, top - 2), (10, top - 2)] {
        t[y][x] = rgb(shade(petal, rng.range(-20, 0)), 255);
    }
    t
}

pub(super) fn dandelion(rng: &mut Rng) -> Tile {
    flower(rng, [250, 214, 40], [230, 160, 20], 7)
}

pub(super) fn poppy(rng: &mut Rng) -> Tile {
    flower(rng, [214, 36, 30], [40, 30, 24], 8)
}

pub(super) fn cornflower(rng: &mut Rng) -> Tile {
    flower(rng, [70, 104, 222], [40, 50, 120], 8)
}

/// Brown twigs forking up from one root.
pub(super) fn dead_bush(rng: &mut Rng) -> Tile {
    let mut t = [[CLEAR; 16]; 16];
    let twig = [124, 88, 46];
    for start in [-1i32, 0, 1, 2, -2] {
        let (mut x, mut y) = (8, S - 1);
        let reach = rng.range(7, 12);
        for step in 0..reach {
            t[y as usize][x as usize] = rgb(shade(twig, rng.range(-16, 12)), 255);
            y -= 1;
            if step % 2 == 1 {
                x = (x + start.signum() * rng.range(0, 1) + start / 2).clamp(0, S - 1);
            }
        }
    }
    t
}

const CACTUS_GREEN: [i32; 3] = [70, 138, 54];

/// The cut top of a cactus: green rings inside the dark rim.
pub(super) fn cactus_top(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, CACTUS_GREEN, 8);
    for i in 0..S as usize {
        for (x, y) in [(i, 1), (i, 14), (1, i), (14, i)] {
            t[y][x] = rgb(shade(CACTUS_GREEN, -34), 255);
        }
        t[0][i] = CLEAR;
        t[15][i] = CLEAR;
        t[i][0] = CLEAR;
        t[i][15] = CLEAR;
    }
    t
}

/// Ribbed green sides with pale spines.
pub(super) fn cactus_side(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, CACTUS_GREEN, 8);
    for row in &mut t {
        for (x, px) in row.iter_mut().enumerate() {
            if x % 4 == 1 {
                *px = rgb(shade(CACTUS_GREEN, -26), 255);
            }
        }
    }
    for _ in 0..10 {
        let (x, y) = (rng.range(0, S - 1), rng.range(0, S - 1));
        t[y as usize][x as usize] = rgb([226, 222, 170], 255);
    }
    t
}

/// Leaves of `colour`, with holes to see through.
fn leaves_of(rng: &mut Rng, colour: [i32; 3], holes: f64) -> Tile {
    let mut t = noisy(rng, colour, 14);
    speckle(&mut t, rng, shade(colour, -22), 0.25);
    for row in &mut t {
        for px in row.iter_mut() {
            if rng.chance(holes) {
                *px = CLEAR;
            }
        }
    }
    t
}

pub(super) fn spruce_leaves(rng: &mut Rng) -> Tile {
    leaves_of(rng, [44, 86, 60], 0.16)
}

pub(super) fn birch_leaves(rng: &mut Rng) -> Tile {
    leaves_of(rng, [108, 160, 64], 0.22)
}
