//! What hunting needs and gives: a sword of each tier, raw and cooked beef, porkchop and
//! chicken, a feather and an arrow, drawn as [`super::items`] draws its icons.

use super::Rng;
use super::Tile;
use super::items::{DIAMOND, IRON, Palette, STONE, Template, WOOD, icon};

/// A sword: a long blade from the top right, a cross guard, the grip at the bottom left.
const SWORD: Template = [
    "................",
    ".............OOO",
    "............OaaO",
    "...........OabO.",
    "..........OabO..",
    ".........OabO...",
    "........OabO....",
    ".......OabO.....",
    "..OO..OabO......",
    "..OcOOabO.......",
    "...OccbO........",
    "....OhcO........",
    "...ohHOcO.......",
    "..ohHo.OOO......",
    ".oHHo...........",
    ".oo.............",
];

/// A cut of meat: marbled flesh with a rind along its lower edge.
const STEAK: Template = [
    "................",
    "................",
    "................",
    "......OOOO......",
    "....OOaabbOO....",
    "...OaabbabbbO...",
    "..OabbabbbbbbO..",
    "..ObbbbbabbbbO..",
    "..ObabbbbbbabO..",
    "..ObbbbbbbbbbcO.",
    "...OcbbbbbbbccO.",
    "...OhcccbbcccO..",
    "....OhhhcccchO..",
    ".....OOhhhhhO...",
    ".......OOOOO....",
    "................",
];

/// A porkchop: a rounded cut with the bone's stub at its top left.
const CHOP: Template = [
    "................",
    "................",
    "................",
    "...oo...........",
    "..ohho.OOOO.....",
    "..ohhHOaabbOO...",
    "...oHOaabbbbbO..",
    "....ObabbbbbbcO.",
    "...ObbbbbabbbcO.",
    "...ObbbbbbbbbcO.",
    "...ObbabbbbbccO.",
    "....OcbbbbbccO..",
    ".....OcccccOO...",
    "......OOOOO.....",
    "................",
    "................",
];

/// A drumstick: the meat at the top right, the bone's knob at the bottom left.
const DRUMSTICK: Template = [
    "................",
    "................",
    "........OOOO....",
    ".......OaabbO...",
    "......OaabbbbO..",
    "......ObabbbbcO.",
    "......ObbbbbbcO.",
    ".....OObbbbbccO.",
    "....ohOcbbbccO..",
    "...ohHOOcccOO...",
    "..ohHo..OOO.....",
    ".ohHo...........",
    "ohhHo...........",
    "oHHo............",
    ".oo.............",
    "................",
];

/// A feather: a quill from the bottom left, the vane spreading either side of it.
const FEATHER: Template = [
    "................",
    "...........OOO..",
    "..........OaaaO.",
    ".........OaabaO.",
    "........OaabacO.",
    ".......OaabacO..",
    "......OaabacO...",
    ".....OaabacO....",
    "....OaabacO.....",
    "....OabacO......",
    "...OabccO.......",
    "...ObcOO........",
    "..ohOO..........",
    ".oHo............",
    ".o..............",
    "................",
];

/// An arrow: a stone head at the top right, a shaft, and feathers at the bottom left.
const ARROW: Template = [
    "................",
    "..........OOOO..",
    "...........OabO.",
    "..........OabcO.",
    ".........ohOcO..",
    "........ohHoO...",
    ".......ohHo.....",
    "......ohHo......",
    ".....ohHo.......",
    "..O.ohHo........",
    ".OaOhHo.........",
    ".OaahO..........",
    "..OabaO.........",
    "...OabO.........",
    "....OO..........",
    "................",
];

const RAW_BEEF: Palette = [[80, 14, 14], [236, 110, 104], [196, 46, 46], [150, 28, 30]];
const COOKED_BEEF: Palette = [[48, 24, 12], [170, 110, 70], [122, 70, 40], [88, 48, 26]];
const RAW_PORK: Palette = [
    [110, 50, 56],
    [255, 190, 186],
    [240, 140, 140],
    [200, 100, 104],
];
const COOKED_PORK: Palette = [
    [70, 40, 20],
    [230, 190, 130],
    [196, 140, 80],
    [150, 100, 52],
];
const RAW_CHICKEN: Palette = [
    [110, 80, 70],
    [255, 226, 210],
    [240, 196, 176],
    [206, 156, 140],
];
const COOKED_CHICKEN: Palette = [
    [72, 40, 14],
    [240, 190, 110],
    [206, 140, 64],
    [160, 100, 40],
];
const PLUME: Palette = [
    [90, 90, 96],
    [255, 255, 255],
    [230, 230, 236],
    [190, 190, 200],
];

/// The tile of the item called `name`, for the names this module paints.
pub(super) fn paint(name: &str, rng: &mut Rng) -> Option<Tile> {
    let tiers: [(&str, &Palette); 4] = [
        ("wooden", &WOOD),
        ("stone", &STONE),
        ("iron", &IRON),
        ("diamond", &DIAMOND),
    ];
    for (tier, palette) in tiers {
        if name.strip_suffix("_sword") == Some(tier) {
            return Some(icon(&SWORD, palette, 0, rng));
        }
    }
    Some(match name {
        "beef" => icon(&STEAK, &RAW_BEEF, 6, rng),
        "cooked_beef" => icon(&STEAK, &COOKED_BEEF, 6, rng),
        "porkchop" => icon(&CHOP, &RAW_PORK, 4, rng),
        "cooked_porkchop" => icon(&CHOP, &COOKED_PORK, 4, rng),
        "chicken" => icon(&DRUMSTICK, &RAW_CHICKEN, 4, rng),
        "cooked_chicken" => icon(&DRUMSTICK, &COOKED_CHICKEN, 4, rng),
        "feather" => icon(&FEATHER, &PLUME, 0, rng),
        "arrow" => icon(&ARROW, &STONE, 0, rng),
        _ => return None,
    })
}
