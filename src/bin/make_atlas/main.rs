//! Paints the base pack's textures, `assets/content/base/textures/NAME.png`: 16 × 16 pixel
//! art for every tile in [`hewn_mesh::tiles::TILES`] (blocks, and the items, crack stages and
//! HUD icons that share the atlas), procedurally, from hand-tuned palettes and a fixed seed so
//! that running it again gives the same pictures. The game builds its atlas from them, and
//! from the textures of the packs a world enables, when it starts.
//!
//! Run `cargo run --bin make_atlas` (writes into `assets/content/base/textures/`) or
//! `cargo run --bin make_atlas -- FOLDER`.

mod cracks;
mod farming;
mod hud;
mod items;
mod plants;
mod skins;
mod spoils;
mod survival;
mod wood;

use std::path::PathBuf;

use std::process::ExitCode;

use hewn_core::worldgen::SplitMix64;
use hewn_mesh::tiles::{TILE_SIZE, TILES, TORCH_TOP_ROW};
use image::{Rgba, RgbaImage};

const S: i32 = TILE_SIZE as i32;

/// SplitMix64 (tiny, seedable, and good enough to scatter pixels) with the draws the
/// painters make.
struct Rng(SplitMix64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A whole number in `lo..=hi`.
    fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next() % (hi - lo + 1) as u64) as i32
    }

    /// True with probability `p`.
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

type Tile = [[[u8; 4]; 16]; 16];

fn rgb(c: [i32; 3], alpha: u8) -> [u8; 4] {
    [
        c[0].clamp(0, 255) as u8,
        c[1].clamp(0, 255) as u8,
        c[2].clamp(0, 255) as u8,
        alpha,
    ]
}

fn shade(c: [i32; 3], d: i32) -> [i32; 3] {
    [c[0] + d, c[1] + d, c[2] + d]
}

/// A base colour with per-pixel brightness noise of ±`amp`.
fn noisy(rng: &mut Rng, base: [i32; 3], amp: i32) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    for row in &mut t {
        for px in row.iter_mut() {
            *px = rgb(shade(base, rng.range(-amp, amp)), 255);
        }
    }
    t
}

fn speckle(t: &mut Tile, rng: &mut Rng, colour: [i32; 3], p: f64) {
    for row in t.iter_mut() {
        for px in row.iter_mut() {
            if rng.chance(p) {
                *px = rgb(shade(colour, rng.range(-8, 8)), px[3]);
            }
        }
    }
}

fn stone(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [124, 124, 124], 10);
    // Short dark streaks, as in bedded rock.
    for _ in 0..7 {
        let (y, x0, len) = (rng.range(0, 15), rng.range(0, 15), rng.range(2, 5));
        for x in x0..(x0 + len).min(S) {
            t[y as usize][x as usize] = rgb([100, 100, 102], 255);
        }
    }
    t
}

fn dirt(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [134, 96, 67], 12);
    speckle(&mut t, rng, [101, 70, 48], 0.12);
    speckle(&mut t, rng, [160, 122, 88], 0.05);
    t
}

fn grass_top(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [96, 156, 58], 14);
    speckle(&mut t, rng, [76, 128, 44], 0.15);
    speckle(&mut t, rng, [122, 182, 74], 0.06);
    t
}

fn grass_side(rng: &mut Rng) -> Tile {
    let mut t = dirt(rng);
    let top = grass_top(rng);
    // The green overhang: three rows everywhere, with drips of one to three more.
    for x in 0..16 {
        let depth = 3 + if rng.chance(0.45) {
            rng.range(1, 3) as usize
        } else {
            0
        };
        for y in 0..depth {
            t[y][x] = top[y][x];
        }
    }
    t
}

fn sand(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [219, 207, 160], 7);
    speckle(&mut t, rng, [196, 182, 136], 0.1);
    t
}

fn gravel(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [126, 120, 116], 8);
    for _ in 0..14 {
        let (cx, cy) = (rng.range(0, 15), rng.range(0, 15));
        let c = [
            [150, 146, 142],
            [98, 92, 88],
            [132, 116, 104],
            [170, 166, 160],
        ][rng.range(0, 3) as usize];
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            if rng.chance(0.85) {
                t[((cy + dy) % S) as usize][((cx + dx) % S) as usize] =
                    rgb(shade(c, rng.range(-6, 6)), 255);
            }
        }
    }
    t
}

fn bedrock(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [84, 84, 84], 20);
    speckle(&mut t, rng, [40, 40, 40], 0.25);
    speckle(&mut t, rng, [140, 140, 140], 0.08);
    t
}

/// Stones around scattered centres (nearest centre wins), outlined in dark mortar.
fn cobblestone(rng: &mut Rng) -> Tile {
    let centres: Vec<(i32, i32, i32)> = (0..9)
        .map(|_| (rng.range(0, 15), rng.range(0, 15), rng.range(-20, 20)))
        .collect();
    let nearest = |x: i32, y: i32| {
        let d = |(cx, cy, _): &(i32, i32, i32)| {
            // Wrap around so the tile repeats without seams.
            let dx = (x - cx).rem_euclid(S).min((cx - x).rem_euclid(S));
            let dy = (y - cy).rem_euclid(S).min((cy - y).rem_euclid(S));
            dx * dx + dy * dy
        };
        (0..centres.len())
            .min_by_key(|&i| d(&centres[i]))
            .unwrap_or(0)
    };
    let mut t = [[[0; 4]; 16]; 16];
    for y in 0..S {
        for x in 0..S {
            let here = nearest(x, y);
            let border = nearest((x + 1) % S, y) != here || nearest(x, (y + 1) % S) != here;
            let c = if border {
                [70, 70, 70]
            } else {
                shade([128, 128, 128], centres[here].2 + rng.range(-6, 6))
            };
            t[y as usize][x as usize] = rgb(c, 255);
        }
    }
    t
}

fn glass(_rng: &mut Rng) -> Tile {
    let mut t = [[[200, 230, 240, 36]; 16]; 16];
    for i in 0..16 {
        for (x, y) in [(i, 0), (i, 15), (0, i), (15, i)] {
            t[y][x] = [214, 236, 240, 255];
        }
    }
    // Two glints.
    for (x, y) in [(3, 4), (4, 3), (5, 2), (10, 12), (11, 11)] {
        t[y][x] = [255, 255, 255, 160];
    }
    t
}

fn water(rng: &mut Rng) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    for (y, row) in t.iter_mut().enumerate() {
        for (x, px) in row.iter_mut().enumerate() {
            let wave = ((x as f64 * 0.8 + y as f64 * 0.4).sin() * 10.0) as i32;
            *px = rgb(shade([44, 92, 200], wave + rng.range(-4, 4)), 170);
        }
    }
    t
}

fn slab_top(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [160, 160, 160], 4);
    for i in 0..16 {
        for (x, y) in [(i, 0), (i, 15), (0, i), (15, i)] {
            t[y][x] = rgb([118, 118, 118], 255);
        }
    }
    t
}

fn slab_side(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [152, 152, 152], 4);
    // Dark edges at the top, bottom and middle, with a highlight under the middle seam.
    for y in [0, 7, 8, 15] {
        let colour = if y == 8 {
            [176, 176, 176]
        } else {
            [112, 112, 112]
        };
        for px in &mut t[y] {
            *px = rgb(colour, 255);
        }
    }
    t
}

fn crate_tile(rng: &mut Rng) -> Tile {
    let mut t = wood::planks(rng);
    for i in 0..16 {
        for (x, y) in [
            (i, 0),
            (i, 1),
            (i, 14),
            (i, 15),
            (0, i),
            (1, i),
            (14, i),
            (15, i),
        ] {
            t[y][x] = rgb(shade([120, 92, 54], rng.range(-4, 4)), 255);
        }
        for (x, y) in [(i, i), ((i + 1).min(15), i)] {
            t[y][x] = rgb([126, 96, 58], 255);
        }
    }
    t
}

/// A torch as Minecraft draws one: a stick two pixels wide in the middle of an otherwise
/// clear tile, its top two rows the flame. The torch model cuts its faces out of this
/// column, so only these pixels are ever seen.
fn torch(rng: &mut Rng) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    let flame = [
        [[255, 252, 214], [255, 236, 150]],
        [[255, 204, 84], [236, 150, 44]],
    ];
    for (y, row) in flame.iter().enumerate() {
        for (dx, &c) in row.iter().enumerate() {
            t[TORCH_TOP + y][7 + dx] = rgb(c, 255);
        }
    }
    for row in &mut t[TORCH_TOP + 2..] {
        // The lit side of the stick is lighter than the other.
        row[7] = rgb(shade([140, 106, 62], rng.range(-6, 6)), 255);
        row[8] = rgb(shade([104, 78, 44], rng.range(-6, 6)), 255);
    }
    t
}

/// The first row of the torch's stick in its tile: the stick is ten pixels tall.
const TORCH_TOP: usize = TORCH_TOP_ROW as usize;

/// Glowstone: warm blotches of light between darker seams, bright enough to read as a lamp.
fn glowstone(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [226, 176, 96], 10);
    // Blotches of bright yellow, each a small diamond.
    for _ in 0..9 {
        let (cx, cy, r) = (rng.range(0, 15), rng.range(0, 15), rng.range(1, 2));
        for y in cy - r..=cy + r {
            for x in cx - r..=cx + r {
                if (x - cx).abs() + (y - cy).abs() <= r {
                    let c = shade([255, 232, 160], rng.range(-8, 4));
                    t[y.rem_euclid(S) as usize][x.rem_euclid(S) as usize] = rgb(c, 255);
                }
            }
        }
    }
    speckle(&mut t, rng, [168, 118, 58], 0.08);
    t
}

/// Bricks four pixels high and eight long, every other course shifted by half, in pale mortar.
fn bricks(rng: &mut Rng) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    let tints: Vec<i32> = (0..8).map(|_| rng.range(-14, 10)).collect();
    for (y, row) in t.iter_mut().enumerate() {
        let course = y / 4;
        let shift = if course % 2 == 0 { 0 } else { 4 };
        for (x, px) in row.iter_mut().enumerate() {
            let along = (x + shift) % 16;
            *px = if y % 4 == 3 || along % 8 == 7 {
                rgb(shade([176, 168, 156], rng.range(-6, 6)), 255)
            } else {
                let brick = course * 2 + along / 8;
                rgb(shade([150, 74, 58], tints[brick] + rng.range(-6, 6)), 255)
            };
        }
    }
    t
}

/// Two courses of dressed stone, eight pixels high, joints offset, in dark mortar.
fn stone_bricks(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [128, 128, 128], 6);
    for (y, row) in t.iter_mut().enumerate() {
        let joint = if y < 8 { 3 } else { 11 };
        for (x, px) in row.iter_mut().enumerate() {
            if y % 8 == 7 || x == joint {
                *px = rgb([80, 80, 82], 255);
            } else if y % 8 == 0 || x == (joint + 1) % 16 {
                *px = rgb(shade([150, 150, 150], rng.range(-4, 4)), 255);
            }
        }
    }
    t
}

const SAND_STONE: [i32; 3] = [216, 200, 150];

fn sandstone_top(rng: &mut Rng) -> Tile {
    noisy(rng, SAND_STONE, 4)
}

/// Layers: a smooth band at the top, then rougher strata under a thin dark line.
fn sandstone_side(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, shade(SAND_STONE, -6), 6);
    for (y, row) in t.iter_mut().enumerate() {
        for px in row.iter_mut() {
            let c = match y {
                0..=2 => shade(SAND_STONE, rng.range(-3, 3)),
                3 => shade(SAND_STONE, -34),
                11 => shade(SAND_STONE, -20),
                _ => continue,
            };
            *px = rgb(c, 255);
        }
    }
    t
}

fn sandstone_bottom(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, shade(SAND_STONE, -10), 7);
    speckle(&mut t, rng, shade(SAND_STONE, -36), 0.08);
    t
}

/// Dyed wool: the colour, with a soft woven texture.
fn wool(rng: &mut Rng, colour: [i32; 3]) -> Tile {
    let mut t = noisy(rng, colour, 5);
    for (y, row) in t.iter_mut().enumerate() {
        for (x, px) in row.iter_mut().enumerate() {
            if (x + 2 * y) % 5 == 0 {
                *px = rgb(shade(colour, -14 + rng.range(-3, 3)), 255);
            }
        }
    }
    t
}

fn snow(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [240, 244, 250], 3);
    speckle(&mut t, rng, [214, 224, 240], 0.1);
    t
}

/// Ice: pale blue and half clear, with white cracks.
fn ice(rng: &mut Rng) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    for row in &mut t {
        for px in row.iter_mut() {
            *px = rgb(shade([150, 194, 246], rng.range(-6, 6)), 176);
        }
    }
    for _ in 0..3 {
        let (mut x, mut y) = (rng.range(0, 15), rng.range(0, 15));
        for _ in 0..6 {
            t[y as usize][x as usize] = [236, 246, 255, 220];
            x = (x + rng.range(0, 1)).rem_euclid(S);
            y = (y + rng.range(-1, 1)).rem_euclid(S);
        }
    }
    t
}

fn clay(rng: &mut Rng) -> Tile {
    let mut t = noisy(rng, [160, 166, 180], 4);
    speckle(&mut t, rng, [138, 144, 158], 0.12);
    t
}

/// Stone with a few clusters of `colour`.
fn ore(rng: &mut Rng, colour: [i32; 3]) -> Tile {
    let mut t = stone(rng);
    for _ in 0..5 {
        let (cx, cy) = (rng.range(1, 14), rng.range(1, 14));
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1), (-1, 0), (0, -1)] {
            if rng.chance(0.7) {
                let (x, y) = ((cx + dx).rem_euclid(S), (cy + dy).rem_euclid(S));
                t[y as usize][x as usize] = rgb(shade(colour, rng.range(-16, 10)), 255);
            }
        }
    }
    t
}

fn paint(name: &str, rng: &mut Rng) -> Option<Tile> {
    Some(match name {
        "stone" => stone(rng),
        "dirt" => dirt(rng),
        "grass_top" => grass_top(rng),
        "grass_side" => grass_side(rng),
        "sand" => sand(rng),
        "gravel" => gravel(rng),
        "bedrock" => bedrock(rng),
        "log_top" => wood::log_top(rng),
        "log_side" => wood::log_side(rng),
        "leaves" => wood::leaves(rng),
        "planks" => wood::planks(rng),
        "cobblestone" => cobblestone(rng),
        "glass" => glass(rng),
        "water" => water(rng),
        "stone_slab_top" => slab_top(rng),
        "stone_slab_side" => slab_side(rng),
        "crate" => crate_tile(rng),
        "glowstone" => glowstone(rng),
        "torch" => torch(rng),
        "bricks" => bricks(rng),
        "stone_bricks" => stone_bricks(rng),
        "sandstone_top" => sandstone_top(rng),
        "sandstone_side" => sandstone_side(rng),
        "sandstone_bottom" => sandstone_bottom(rng),
        "white_wool" => wool(rng, [234, 236, 236]),
        "orange_wool" => wool(rng, [240, 118, 19]),
        "magenta_wool" => wool(rng, [189, 68, 179]),
        "light_blue_wool" => wool(rng, [58, 175, 217]),
        "yellow_wool" => wool(rng, [248, 197, 39]),
        "lime_wool" => wool(rng, [112, 185, 25]),
        "pink_wool" => wool(rng, [237, 141, 172]),
        "gray_wool" => wool(rng, [62, 68, 71]),
        "light_gray_wool" => wool(rng, [142, 142, 134]),
        "cyan_wool" => wool(rng, [21, 137, 145]),
        "purple_wool" => wool(rng, [121, 42, 172]),
        "blue_wool" => wool(rng, [53, 57, 157]),
        "brown_wool" => wool(rng, [114, 71, 40]),
        "green_wool" => wool(rng, [84, 109, 27]),
        "red_wool" => wool(rng, [160, 39, 34]),
        "black_wool" => wool(rng, [20, 21, 25]),
        "snow" => snow(rng),
        "ice" => ice(rng),
        "clay" => clay(rng),
        "spruce_log_top" => wood::log_top_of(rng, &wood::SPRUCE),
        "spruce_log_side" => wood::log_side_of(rng, &wood::SPRUCE),
        "spruce_planks" => wood::planks_of(rng, wood::SPRUCE),
        "birch_log_top" => wood::log_top_of(rng, &wood::BIRCH),
        "birch_log_side" => wood::birch_log_side(rng),
        "birch_planks" => wood::planks_of(rng, wood::BIRCH),
        "coal_ore" => ore(rng, [38, 38, 40]),
        "iron_ore" => ore(rng, [214, 172, 140]),
        "gold_ore" => ore(rng, [248, 216, 64]),
        "diamond_ore" => ore(rng, [96, 226, 222]),
        "tall_grass" => plants::tall_grass(rng),
        "dandelion" => plants::dandelion(rng),
        "poppy" => plants::poppy(rng),
        "cornflower" => plants::cornflower(rng),
        "dead_bush" => plants::dead_bush(rng),
        "cactus_top" => plants::cactus_top(rng),
        "cactus_side" => plants::cactus_side(rng),
        "spruce_leaves" => plants::spruce_leaves(rng),
        "birch_leaves" => plants::birch_leaves(rng),
        "crafting_table_top" => survival::crafting_table_top(rng),
        "crafting_table_side" => survival::crafting_table_side(rng),
        "furnace_top" => survival::furnace_top(rng),
        "furnace_front" => survival::furnace_front(rng),
        "furnace_front_lit" => survival::furnace_front_lit(rng),
        "farmland" => farming::farmland(rng),
        "chest_top" => survival::chest_top(rng),
        "chest_side" => survival::chest_side(rng),
        "door_lower" => survival::door(rng, false),
        "door_upper" => survival::door(rng, true),
        "bed_foot" => survival::bed_top(rng, false),
        "bed_head" => survival::bed_top(rng, true),
        "bed_side" => survival::bed_side(rng),
        "unknown" => unknown(),
        _ if name.starts_with("wheat_") && name != "wheat_seeds" => {
            let stage = name["wheat_".len()..].parse().ok()?;
            farming::wheat(rng, stage)
        }
        _ => {
            return items::paint(name, rng)
                .or_else(|| cracks::paint(name))
                .or_else(|| hud::paint(name))
                .or_else(|| skins::paint(name, rng));
        }
    })
}

/// The tile of an unknown block: a magenta and black checker, the colours no block of the
/// base pack wears, so a lost pack's blocks stand out wherever they are.
fn unknown() -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    for (y, line) in t.iter_mut().enumerate() {
        for (x, px) in line.iter_mut().enumerate() {
            let magenta = (x / 8 + y / 8) % 2 == 0;
            *px = if magenta {
                [248, 0, 248, 255]
            } else {
                [16, 16, 16, 255]
            };
        }
    }
    t
}

fn main() -> ExitCode {
    let out = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from("assets/content/base/textures"),
        PathBuf::from,
    );
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("make_atlas: cannot make {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    for (i, name) in TILES.iter().enumerate() {
        // Each tile has its own stream, so adding a tile never repaints the others.
        let mut rng = Rng(SplitMix64::new(0x6865_776E ^ (i as u64) << 32));
        let Some(tile) = paint(name, &mut rng) else {
            eprintln!("make_atlas: no painter for tile {name:?}");
            return ExitCode::FAILURE;
        };
        let mut image = RgbaImage::new(TILE_SIZE, TILE_SIZE);
        for (y, line) in tile.iter().enumerate() {
            for (x, &px) in line.iter().enumerate() {
                image.put_pixel(x as u32, y as u32, Rgba(px));
            }
        }
        let path = out.join(format!("{name}.png"));
        if let Err(e) = image.save(&path) {
            eprintln!("make_atlas: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    println!("wrote {} textures into {}", TILES.len(), out.display());
    ExitCode::SUCCESS
}
