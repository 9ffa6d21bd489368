//! The items' tiles: flat icons on a clear ground, as a hand holds them and the inventory
//! shows them. A stick, fuels, ingots, a diamond and a brick, food and farming's apple,
//! bread, wheat and seeds, and a pickaxe, an axe, a shovel and a hoe of each tier.
//!
//! Each icon is drawn from a template, a picture in letters that name the parts of the
//! item (outline, light, middle and dark), coloured from the material's palette: an iron
//! pickaxe and a diamond one are one drawing in two palettes, as in Minecraft, where the
//! tiers of a tool differ only in colour. Tools hold their handle from the bottom left and
//! their head at the top right, the way they lean in the hand.

use super::{Rng, Tile, rgb, shade};

/// A template: one letter a pixel. `.` is clear; `o`, `h` and `H` are the handle's outline,
/// light side and shaded side; `O`, `a`, `b` and `c` the material's outline, light, middle
/// and dark.
pub(super) type Template = [&'static str; 16];

const STICK: Template = [
    "................",
    "................",
    "................",
    "............oo..",
    "...........ohHo.",
    "..........ohHo..",
    ".........ohHo...",
    "........ohHo....",
    ".......ohHo.....",
    "......ohHo......",
    ".....ohHo.......",
    "....ohHo........",
    "...ohHo.........",
    "..ohHo..........",
    "..oHo...........",
    "...o............",
];

/// A pick: a head curving over the top right, both points turned down towards the hand.
const PICKAXE: Template = [
    "................",
    "....OOOOOO......",
    "...OaaaaaaOO....",
    "..ObbbbbbbbaO...",
    "..OcOOOOOcbbaO..",
    "...O.....OOcbO..",
    ".........ohOcbO.",
    "........ohHOcbO.",
    ".......ohHo.OcbO",
    "......ohHo..OcbO",
    ".....ohHo...OcbO",
    "....ohHo....OcO.",
    "...ohHo......O..",
    "..ohHo..........",
    "..oHo...........",
    "...o............",
];

/// An axe: a blade to the left of the top of the handle, its straight edge lit.
const AXE: Template = [
    "....OOOO........",
    "...OabbcOO......",
    "..OabbbbbcO.oo..",
    "..OabbbbbbcOhHo.",
    "..OabbbbbccOHo..",
    "..OabbbccOOHo...",
    "..OaccOOOhHo....",
    "...OOO.ohHo.....",
    "......ohHo......",
    ".....ohHo.......",
    "....ohHo........",
    "...ohHo.........",
    "..ohHo..........",
    ".ohHo...........",
    ".oHo............",
    "..o.............",
];

/// A shovel: a rounded blade at the end of a long handle.
const SHOVEL: Template = [
    "...........OOO..",
    "..........OaaaO.",
    ".........OabbbcO",
    "........OabbbbcO",
    "........OabbbcO.",
    "........OabbcO..",
    ".......ohOacO...",
    "......ohHoOO....",
    ".....ohHo.......",
    "....ohHo........",
    "...ohHo.........",
    "..ohHo..........",
    ".ohHo...........",
    "ohHo............",
    "oHo.............",
    ".o..............",
];

/// A lump of coal or charcoal.
const LUMP: Template = [
    "................",
    "................",
    "................",
    "......OOOO......",
    "....OOabbbOO....",
    "...OabbcbbbbO...",
    "...ObbbbbcbbcO..",
    "..ObabbbbbbbcO..",
    "..ObbbbcbbbccO..",
    "..OcbbbbbbbccO..",
    "...OcbbbbbccO...",
    "...OccbbcccO....",
    "....OOccccO.....",
    "......OOOO......",
    "................",
    "................",
];

/// A bar seen from above and in front, its top lit: ingots, and a brick.
const INGOT: Template = [
    "................",
    "................",
    "................",
    "................",
    "................",
    ".......OOOOOO...",
    ".....OOaaaaaaO..",
    "...OOaaaaaaabbO.",
    "..ObbbbbbbbbbcO.",
    "..ObbbbbbbbbccO.",
    "..OcccbbbbbccO..",
    "..OOccccccccO...",
    "....OOOOOOOO....",
    "................",
    "................",
    "................",
];

/// A cut gem, its table lit at the top left and its point at the bottom.
const GEM: Template = [
    "................",
    "................",
    "................",
    ".....OOOOOO.....",
    "....OaaabbbO....",
    "...OaaabbbbcO...",
    "..OaabbbbbbccO..",
    "..ObbbbbbbbccO..",
    "...ObbbbbbccO...",
    "....ObbbbccO....",
    ".....ObbccO.....",
    "......OccO......",
    ".......OO.......",
    "................",
    "................",
    "................",
];

/// A hoe: a flat blade across the top of the handle, turned towards the hand.
const HOE: Template = [
    "................",
    "................",
    ".....OOOOOOOO...",
    "....OaaaaabbbO..",
    ".....OOOOOOcbO..",
    "..........ohHo..",
    ".........ohHo...",
    "........ohHo....",
    ".......ohHo.....",
    "......ohHo......",
    ".....ohHo.......",
    "....ohHo........",
    "...ohHo.........",
    "..ohHo..........",
    "..oHo...........",
    "...o............",
];

/// An apple on its stalk, lit at the top left.
const APPLE: Template = [
    "................",
    "................",
    "........o.......",
    "........h.......",
    "....OOO.hOOO....",
    "...OaabOObbbO...",
    "..OaabbbbbbbcO..",
    "..OabbbbbbbbcO..",
    "..ObbbbbbbbbcO..",
    "..ObbbbbbbbccO..",
    "..ObbbbbbbbccO..",
    "...ObbbbbbccO...",
    "...OcbbbbcccO...",
    "....OccOOccO....",
    ".....OO..OO.....",
    "................",
];

/// A loaf seen from the side, its crust scored.
const LOAF: Template = [
    "................",
    "................",
    "................",
    "................",
    "................",
    ".....OOOOOO.....",
    "...OOaaaaaaOO...",
    "..OaaabaaabaaO..",
    ".OabaaabaaabaaO.",
    ".ObbbbbbbbbbbbO.",
    ".ObbbbbbbbbbbcO.",
    ".OcbbbbbbbbbccO.",
    "..OcccccccccccO.",
    "...OOOOOOOOOOO..",
    "................",
    "................",
];

/// A sheaf: three ears on stalks tied in the middle with twine.
const SHEAF: Template = [
    "................",
    "...O...O...O....",
    "..OaO.OaO.OaO...",
    "..ObO.ObO.ObO...",
    "..OaO.OaO.OaO...",
    "..ObO.ObO.ObO...",
    "...Oc.OcO.cO....",
    "....c..c..c.....",
    ".....c.c.c......",
    "......ccc.......",
    ".....hHHHh......",
    "......ccc.......",
    ".....c.c.c......",
    "....c..c..c.....",
    "...c...c...c....",
    "................",
];

/// Seeds: a few small grains scattered.
const SEEDS: Template = [
    "................",
    "................",
    "................",
    "................",
    "................",
    "....OO.....OO...",
    "...OabO...OabO..",
    "...ObcO...ObcO..",
    "....OO.....OO...",
    "........OO......",
    ".......OabO.....",
    ".......ObcO.....",
    "....OO..OO......",
    "...OabO.........",
    "...ObcO.........",
    "....OO..........",
];

/// A material's colours: outline, light, middle, dark.
pub(super) type Palette = [[i32; 3]; 4];

/// The handle's colours: outline, light side, shaded side.
const HANDLE: [[i32; 3]; 3] = [[40, 28, 12], [150, 112, 56], [104, 76, 36]];

pub(super) const WOOD: Palette = [[60, 42, 20], [196, 160, 104], [160, 126, 74], [118, 90, 50]];
pub(super) const STONE: Palette = [[40, 40, 40], [168, 168, 168], [128, 128, 128], [92, 92, 92]];
pub(super) const IRON: Palette = [
    [56, 56, 56],
    [250, 250, 250],
    [216, 216, 216],
    [160, 160, 164],
];
pub(super) const DIAMOND: Palette = [
    [14, 60, 56],
    [180, 255, 244],
    [64, 220, 200],
    [28, 160, 148],
];
const GOLD: Palette = [[96, 64, 8], [255, 255, 170], [250, 216, 62], [214, 160, 24]];
const BRICK: Palette = [[64, 26, 16], [206, 118, 86], [166, 82, 56], [122, 56, 38]];
const COAL: Palette = [[14, 14, 14], [90, 90, 90], [44, 44, 46], [26, 26, 28]];
/// Charcoal: coal's lump, browner, as burnt wood is.
const CHARCOAL: Palette = [[22, 16, 10], [110, 90, 70], [60, 48, 36], [38, 30, 22]];
const APPLE_RED: Palette = [[70, 10, 10], [250, 120, 110], [212, 30, 34], [150, 16, 20]];
const CRUST: Palette = [[70, 40, 12], [236, 190, 110], [196, 136, 60], [150, 96, 36]];
const STRAW: Palette = [
    [96, 74, 20],
    [244, 222, 120],
    [214, 178, 70],
    [170, 136, 44],
];
const GRAIN: Palette = [[40, 52, 16], [190, 200, 110], [120, 150, 60], [80, 100, 36]];

/// The tile of the item called `name`, for the names this module paints.
pub(super) fn paint(name: &str, rng: &mut Rng) -> Option<Tile> {
    let tools = [
        ("pickaxe", &PICKAXE),
        ("axe", &AXE),
        ("shovel", &SHOVEL),
        ("hoe", &HOE),
    ];
    let tiers = [
        ("wooden", &WOOD),
        ("stone", &STONE),
        ("iron", &IRON),
        ("diamond", &DIAMOND),
    ];
    for (tool, template) in tools {
        for (tier, palette) in tiers {
            if name.strip_prefix(tier).and_then(|n| n.strip_prefix('_')) == Some(tool) {
                return Some(icon(template, palette, 0, rng));
            }
        }
    }
    Some(match name {
        "stick" => icon(&STICK, &WOOD, 0, rng),
        // Coal is rough: its faces flecked a little.
        "coal" => icon(&LUMP, &COAL, 6, rng),
        "charcoal" => icon(&LUMP, &CHARCOAL, 6, rng),
        "iron_ingot" => icon(&INGOT, &IRON, 0, rng),
        "gold_ingot" => icon(&INGOT, &GOLD, 0, rng),
        "brick" => icon(&INGOT, &BRICK, 0, rng),
        "diamond" => icon(&GEM, &DIAMOND, 0, rng),
        "apple" => icon(&APPLE, &APPLE_RED, 0, rng),
        "bread" => icon(&LOAF, &CRUST, 4, rng),
        "wheat" => icon(&SHEAF, &STRAW, 0, rng),
        "wheat_seeds" => icon(&SEEDS, &GRAIN, 0, rng),
        _ => return super::spoils::paint(name, rng),
    })
}

/// `template` coloured from `palette` and the handle's colours, each pixel's brightness
/// varied by up to `grain`.
pub(super) fn icon(template: &Template, palette: &Palette, grain: i32, rng: &mut Rng) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    for (row, line) in t.iter_mut().zip(template) {
        for (px, part) in row.iter_mut().zip(line.chars()) {
            let colour = match part {
                'o' => HANDLE[0],
                'h' => HANDLE[1],
                'H' => HANDLE[2],
                'O' => palette[0],
                'a' => palette[1],
                'b' => palette[2],
                'c' => palette[3],
                _ => continue,
            };
            let d = if grain > 0 && part != 'O' {
                rng.range(-grain, grain)
            } else {
                0
            };
            *px = rgb(shade(colour, d), 255);
        }
    }
    t
}
