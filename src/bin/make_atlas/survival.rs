//! The survival blocks' tiles: the crafting table, the furnace, cold and lit, the chest
//! and the door.

use hewn_core::worldgen::SplitMix64;

use super::{Rng, S, Tile, cobblestone, noisy, rgb, shade, wood};

/// The dark wood of the crafting table's frame and legs.
const FRAME_WOOD: [i32; 3] = [96, 68, 38];
/// The crafting table's light trim.
const TRIM_WOOD: [i32; 3] = [188, 154, 98];

/// Paints the pixel at column `x`, row `y` an opaque `colour`.
fn put(t: &mut Tile, x: usize, y: usize, colour: [i32; 3]) {
    t[y][x] = rgb(colour, 255);
}

/// Paints a one-pixel rim of `colour` around the tile.
fn rim(t: &mut Tile, colour: [i32; 3]) {
    for i in 0..S as usize {
        for (x, y) in [(i, 0), (i, 15), (0, i), (15, i)] {
            t[y][x] = rgb(colour, 255);
        }
    }
}

/// The table's top: a frame of dark wood around a three-by-three grid of planks, each cell
/// lit on its upper and left edges so the grid reads as inset.
pub(super) fn crafting_table_top(rng: &mut Rng) -> Tile {
    let mut t = wood::planks(rng);
    for (y, row) in t.iter_mut().enumerate() {
        for (x, px) in row.iter_mut().enumerate() {
            let (cx, cy) = (x % 5, y % 5);
            let c = if cx == 0 || cy == 0 {
                shade(FRAME_WOOD, rng.range(-4, 4))
            } else if cx == 1 || cy == 1 {
                shade(TRIM_WOOD, rng.range(-6, 2))
            } else if cx == 4 || cy == 4 {
                shade([140, 108, 64], rng.range(-4, 4))
            } else {
                continue;
            };
            *px = rgb(c, 255);
        }
    }
    t
}

/// The table's side: planks between two dark legs under the top's edge, with a hammer and
/// a saw hung on it.
pub(super) fn crafting_table_side(rng: &mut Rng) -> Tile {
    let mut t = wood::planks(rng);
    for (y, row) in t.iter_mut().enumerate() {
        for (x, px) in row.iter_mut().enumerate() {
            let c = match (x, y) {
                (_, 0 | 1) => shade(FRAME_WOOD, rng.range(-4, 4)),
                (_, 2) => shade(TRIM_WOOD, rng.range(-4, 4)),
                (0 | 15, _) => shade(FRAME_WOOD, rng.range(-6, 2)),
                (1 | 14, _) => shade(FRAME_WOOD, 18 + rng.range(-4, 4)),
                _ => continue,
            };
            *px = rgb(c, 255);
        }
    }
    let handle = [[124, 88, 46], [86, 58, 30]];
    let (steel, steel_dark) = ([196, 196, 200], [112, 112, 118]);
    // The hammer: a head of steel across the top of a handle.
    for y in 6..=12 {
        put(&mut t, 5, y, handle[0]);
        put(&mut t, 6, y, handle[1]);
    }
    for x in 3..=8 {
        put(&mut t, x, 4, steel);
        put(&mut t, x, 5, steel_dark);
    }
    // The saw: a blade narrowing downwards, teeth on its left, a handle on top.
    for y in 6..=12usize {
        let width = 3 - (y - 6) / 3;
        for x in 10..10 + width {
            put(&mut t, x, y, if x == 10 { steel_dark } else { steel });
        }
        if y % 2 == 0 {
            put(&mut t, 9, y, steel_dark);
        }
    }
    for (x, y) in [(10, 4), (11, 4), (12, 4), (10, 5), (12, 5)] {
        put(&mut t, x, y, handle[(x + y) % 2]);
    }
    t
}

/// Smooth grey stone inside a darker rim: the top and bottom of a furnace.
pub(super) fn furnace_top(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [142, 142, 142], 4);
    rim(&mut t, [104, 104, 104]);
    t
}

/// The mouth of the furnace, in tile pixels: its first and last columns and rows.
const MOUTH_X: (usize, usize) = (3, 12);
const MOUTH_Y: (usize, usize) = (8, 13);

/// The front of a furnace with nothing burning: rough stone with a flue near the top and a
/// dark, sooty mouth below.
pub(super) fn furnace_front(_rng: &mut Rng) -> Tile {
    let mut t = furnace_face();
    let mut soot = front_stream();
    for y in MOUTH_Y.0..=MOUTH_Y.1 {
        for x in MOUTH_X.0..=MOUTH_X.1 {
            let ash = y == MOUTH_Y.1 && soot.chance(0.5);
            let c = if ash { [70, 66, 62] } else { [24, 22, 22] };
            put(&mut t, x, y, shade(c, soot.range(-4, 4)));
        }
    }
    t
}

/// The front of a burning furnace: the same stones, its mouth full of fire, white-yellow
/// at the embers and red at the flames' tips.
pub(super) fn furnace_front_lit(_rng: &mut Rng) -> Tile {
    let mut t = furnace_face();
    let mut fire = front_stream();
    let rows = MOUTH_Y.1 - MOUTH_Y.0 + 1;
    for x in MOUTH_X.0..=MOUTH_X.1 {
        // Tongues of flame of uneven height, always covering the embers' two rows.
        let height = fire.range(2, rows as i32) as usize;
        for (depth, y) in (MOUTH_Y.0..=MOUTH_Y.1).rev().enumerate() {
            let c = match depth {
                _ if depth >= height => [52, 20, 12],
                0 => [255, 244, 176],
                1 => [255, 214, 84],
                _ if depth + 1 == height => [204, 64, 20],
                _ => [246, 142, 36],
            };
            put(&mut t, x, y, shade(c, fire.range(-6, 6)));
        }
    }
    // Firelight on the sill below the mouth.
    for x in MOUTH_X.0 - 1..=MOUTH_X.1 + 1 {
        put(
            &mut t,
            x,
            MOUTH_Y.1 + 1,
            shade([176, 144, 120], fire.range(-6, 6)),
        );
    }
    t
}

/// What the cold and the lit furnace's fronts share: stones, the rim, the flue and the
/// frame around the mouth. Painted from a stream of its own, so the two fronts match stone
/// for stone and differ only in the mouth.
fn furnace_face() -> Tile {
    let mut rng = front_stream();
    let mut t = cobblestone(&mut rng);
    // Lighten the stones towards the smooth top, so the block reads as one furnace.
    for row in &mut t {
        for px in row.iter_mut() {
            *px = rgb(shade([px[0], px[1], px[2]].map(i32::from), 10), 255);
        }
    }
    rim(&mut t, [104, 104, 104]);
    let frame = [150, 150, 150];
    for x in MOUTH_X.0 - 1..=MOUTH_X.1 + 1 {
        put(&mut t, x, MOUTH_Y.0 - 1, frame);
        put(&mut t, x, MOUTH_Y.1 + 1, shade(frame, -24));
    }
    for y in MOUTH_Y.0..=MOUTH_Y.1 {
        put(&mut t, MOUTH_X.0 - 1, y, shade(frame, -10));
        put(&mut t, MOUTH_X.1 + 1, y, shade(frame, -10));
    }
    // The flue: a dark slot across the upper half.
    for x in 5..=10 {
        put(&mut t, x, 3, [150, 150, 150]);
        put(&mut t, x, 4, [30, 28, 28]);
        put(&mut t, x, 5, [110, 110, 110]);
    }
    t
}

/// The random stream the furnace's fronts are painted from.
fn front_stream() -> Rng {
    Rng(SplitMix64::new(0x00F0_4ACE))
}

/// The chest's lid: planks in a dark frame, seen from above.
pub(super) fn chest_top(rng: &mut Rng) -> Tile {
    let mut t = wood::planks(rng);
    rim(&mut t, FRAME_WOOD);
    for i in 1..15 {
        for (x, y) in [(i, 1), (1, i)] {
            put(&mut t, x, y, shade(TRIM_WOOD, rng.range(-6, 2)));
        }
    }
    t
}

/// The chest's side: planks in a dark frame, the lid's seam across a third of the way down,
/// and an iron latch over the seam in the middle.
pub(super) fn chest_side(rng: &mut Rng) -> Tile {
    let mut t = chest_top(rng);
    for x in 1..15 {
        put(&mut t, x, 5, FRAME_WOOD);
        put(&mut t, x, 6, shade(FRAME_WOOD, 24));
    }
    let (iron, iron_dark) = ([206, 206, 210], [96, 96, 104]);
    for y in 4..=8 {
        for x in 7..=8 {
            let edge = y == 4 || y == 8;
            put(&mut t, x, y, if edge { iron_dark } else { iron });
        }
        put(&mut t, 6, y, iron_dark);
        put(&mut t, 9, y, iron_dark);
    }
    t
}

/// A door's half: boards in a frame of dark wood, the lower half with a handle on its
/// right, the upper with two panes of glass above a cross rail.
pub(super) fn door(rng: &mut Rng, upper: bool) -> Tile {
    let mut t = wood::planks(rng);
    rim(&mut t, FRAME_WOOD);
    for i in 1..15 {
        put(&mut t, 1, i, shade(FRAME_WOOD, 20));
        put(&mut t, 14, i, shade(FRAME_WOOD, 20));
    }
    if upper {
        for y in 3..=9 {
            for x in 3..=12 {
                let pane = x != 7 && x != 8 && y != 6;
                let c = if pane {
                    shade([168, 206, 224], rng.range(-8, 8))
                } else {
                    FRAME_WOOD
                };
                put(&mut t, x, y, c);
            }
        }
        for x in 2..14 {
            put(&mut t, x, 12, FRAME_WOOD);
        }
    } else {
        for x in 2..14 {
            put(&mut t, x, 3, FRAME_WOOD);
        }
        let (iron, iron_dark) = ([206, 206, 210], [96, 96, 104]);
        for y in 5..=7 {
            put(&mut t, 12, y, iron);
            put(&mut t, 11, y, iron_dark);
        }
    }
    t
}

/// The red of a bed's blanket.
const BLANKET: [i32; 3] = [168, 36, 40];

/// A bed's top: the foot a red blanket with a lighter hem round it; the head a white pillow
/// in the middle of the blanket's turned-down edge, the same from whichever way it is seen.
pub(super) fn bed_top(rng: &mut Rng, head: bool) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    for y in 0..16 {
        for x in 0..16 {
            let hem = x == 0 || y == 0 || x == 15 || y == 15;
            let pillow = head && (3..13).contains(&x) && (3..13).contains(&y);
            let colour = if pillow {
                let edge = x == 3 || y == 3 || x == 12 || y == 12;
                shade([236, 236, 232], if edge { -30 } else { rng.range(-6, 4) })
            } else if hem {
                shade(BLANKET, 30)
            } else {
                shade(BLANKET, rng.range(-10, 8))
            };
            put(&mut t, x, y, colour);
        }
    }
    t
}

/// A bed's side: the blanket over its upper rows, the wooden frame under it, and the legs'
/// dark ends at the corners; only the part nine sixteenths high is shown.
pub(super) fn bed_side(rng: &mut Rng) -> Tile {
    let mut t = wood::planks(rng);
    for y in 7..10 {
        for x in 0..16 {
            put(
                &mut t,
                x,
                y,
                shade(BLANKET, rng.range(-10, 8) - (y as i32 - 7) * 8),
            );
        }
    }
    for y in 10..16 {
        for x in [0, 1, 14, 15] {
            put(&mut t, x, y, FRAME_WOOD);
        }
    }
    t
}
