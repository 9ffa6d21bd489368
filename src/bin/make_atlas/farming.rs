//! Farming's tiles: farmland's furrowed top, and wheat in its eight stages, from green
//! shoots to ripe golden ears, on a clear ground (drawn on two crossed quads, as plants
//! are).

use super::{Rng, S, Tile, noisy, rgb, shade};

const CLEAR: [u8; 4] = [0, 0, 0, 0];

/// Tilled earth, darker than dirt, in furrows running across the tile.
pub(super) fn farmland(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [92, 60, 38], 12);
    for (y, row) in t.iter_mut().enumerate() {
        // Every fourth row is a furrow's bottom, the row above it its lit ridge.
        let lift = match y % 4 {
            0 => -26,
            3 => 14,
            _ => 0,
        };
        for px in row.iter_mut() {
            let c = [i32::from(px[0]), i32::from(px[1]), i32::from(px[2])];
            *px = rgb(shade(c, lift), 255);
        }
    }
    t
}

/// Wheat at `stage` (0 to 7): stalks as tall as the stage, green turning to gold, with
/// ears on top from stage 4.
pub(super) fn wheat(rng: &mut Rng, stage: i32) -> Tile {
    let mut t = [[CLEAR; 16]; 16];
    let height = 2 + stage * 2;
    let ripe = f64::from(stage) / 7.0;
    let mix = |a: i32, b: i32| a + ((f64::from(b - a)) * ripe).round() as i32;
    let stalk = [mix(70, 196), mix(150, 170), mix(40, 60)];
    let ear = [mix(120, 220), mix(170, 180), mix(50, 80)];
    for x in [1, 3, 5, 7, 9, 11, 13, 14] {
        let tall = (height - rng.range(0, 2)).clamp(1, S);
        let lean = rng.range(-1, 1);
        for h in 0..tall {
            let col = (x + lean * h / 6).clamp(0, S - 1);
            let y = (S - 1 - h) as usize;
            let top = h >= tall - 3 && stage >= 4;
            let colour = if top { ear } else { stalk };
            t[y][col as usize] = rgb(shade(colour, rng.range(-14, 10)), 255);
            if top && col + 1 < S {
                t[y][(col + 1) as usize] = rgb(shade(colour, rng.range(-24, 0)), 255);
            }
        }
    }
    t
}
