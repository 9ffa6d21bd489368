//! The trees' tiles: the logs' ends and bark, planks, and oak leaves, for each wood from
//! its own palette.

use super::{Rng, S, Tile, noisy, rgb, shade, speckle};

pub(super) fn log_top(rng: &mut Rng) -> Tile {
    log_top_of(rng, &OAK)
}

pub(super) fn log_top_of(rng: &mut Rng, wood: &Wood) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    for (y, row) in t.iter_mut().enumerate() {
        for (x, px) in row.iter_mut().enumerate() {
            let (dx, dy) = (x as f64 - 7.5, y as f64 - 7.5);
            let r = (dx * dx + dy * dy).sqrt();
            let edge = x == 0 || y == 0 || x == 15 || y == 15;
            let c = if edge {
                shade(wood.bark, -2)
            } else if (r as i32) % 3 == 0 {
                wood.ring_dark
            } else {
                wood.ring_light
            };
            *px = rgb(shade(c, rng.range(-5, 5)), 255);
        }
    }
    t
}

pub(super) fn log_side(rng: &mut Rng) -> Tile {
    log_side_of(rng, &OAK)
}

pub(super) fn log_side_of(rng: &mut Rng, wood: &Wood) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    let columns: Vec<i32> = (0..16).map(|_| rng.range(-14, 10)).collect();
    for row in &mut t {
        for (x, px) in row.iter_mut().enumerate() {
            let groove = if x % 4 == 1 { -22 } else { 0 };
            *px = rgb(
                shade(wood.bark, columns[x] + groove + rng.range(-5, 5)),
                255,
            );
        }
    }
    t
}

/// Birch bark: white, with short black marks across it.
pub(super) fn birch_log_side(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, BIRCH.bark, 5);
    for _ in 0..7 {
        let (x0, y) = (rng.range(0, 15), rng.range(0, 15));
        for dx in 0..rng.range(2, 5) {
            t[y as usize][((x0 + dx) % S) as usize] =
                rgb(shade([44, 40, 36], rng.range(-6, 6)), 255);
        }
    }
    t
}

pub(super) fn leaves(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [58, 118, 38], 18);
    speckle(&mut t, rng, [40, 92, 28], 0.2);
    for row in &mut t {
        for px in row.iter_mut() {
            if rng.chance(0.22) {
                *px = [0, 0, 0, 0];
            }
        }
    }
    t
}

pub(super) fn planks(rng: &mut Rng) -> Tile {
    planks_of(rng, OAK)
}

/// A wood's colours: boards, the joints between them, grain, bark and the rings of its ends.
pub(super) struct Wood {
    board: [i32; 3],
    joint: [i32; 3],
    grain: [i32; 3],
    bark: [i32; 3],
    ring_dark: [i32; 3],
    ring_light: [i32; 3],
}

pub(super) const OAK: Wood = Wood {
    board: [166, 134, 82],
    joint: [112, 86, 50],
    grain: [146, 114, 68],
    bark: [106, 84, 52],
    ring_dark: [150, 118, 70],
    ring_light: [184, 150, 96],
};

pub(super) const SPRUCE: Wood = Wood {
    board: [112, 82, 50],
    joint: [72, 52, 30],
    grain: [98, 72, 42],
    bark: [70, 50, 32],
    ring_dark: [104, 78, 46],
    ring_light: [132, 100, 62],
};

pub(super) const BIRCH: Wood = Wood {
    board: [200, 182, 126],
    joint: [150, 134, 88],
    grain: [184, 166, 112],
    bark: [214, 212, 202],
    ring_dark: [176, 156, 104],
    ring_light: [206, 190, 136],
};

pub(super) fn planks_of(rng: &mut Rng, wood: Wood) -> Tile {
    let mut t = noisy(rng, wood.board, 6);
    for (y, row) in t.iter_mut().enumerate() {
        let board = y / 4;
        let joint = [3, 11, 7, 14][board];
        for (x, px) in row.iter_mut().enumerate() {
            if y % 4 == 3 || x == joint {
                *px = rgb(wood.joint, 255);
            } else if rng.chance(0.08) {
                *px = rgb(wood.grain, 255);
            }
        }
    }
    t
}
