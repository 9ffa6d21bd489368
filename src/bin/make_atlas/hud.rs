//! The HUD's icons: hearts of health (full, half and empty), drumsticks of hunger (full,
//! half and empty) and bubbles of air (whole and bursting), each nine pixels square in the middle of a clear tile, at
//! [`HUD_ICON_INSET`] from its top left, as Minecraft draws them.

use hewn_mesh::tiles::{HUD_ICON_INSET, HUD_ICON_SIZE};

use super::Tile;

/// A nine-pixel icon: `#` outline, `.` clear, other letters the icon's colours.
type Icon = [&'static str; HUD_ICON_SIZE as usize];

/// A heart: a white glint in the left lobe, shaded darker to the bottom right.
const HEART: Icon = [
    ".##...##.",
    "#rr#.#rr#",
    "#rwr#rrr#",
    "#rrrrrrd#",
    "#rrrrrdd#",
    ".#rrrdd#.",
    "..#rdd#..",
    "...#d#...",
    "....#....",
];

/// A bubble: a blue rim round pale water, lit at the top left.
const BUBBLE: Icon = [
    "..#####..",
    ".#wwlll#.",
    "#wwllll.#",
    "#wllllll#",
    "#llllll.#",
    "#lllll..#",
    "#llll..d#",
    ".#l...d#.",
    "..#####..",
];

/// A bubble bursting: its rim broken into pieces, flying apart.
const BURST: Icon = [
    "..##.##..",
    ".#.....#.",
    "#..w....#",
    "#.......#",
    ".........",
    "#.......#",
    "#......d#",
    ".#.....#.",
    "..##.##..",
];

/// A drumstick of hunger: meat at the top right, the bone's knuckle at the bottom left.
const DRUMSTICK: Icon = [
    "....###..",
    "...#bbb#.",
    "..#bwbbb#",
    "..#bbbbd#",
    ".##bbbdd#",
    "#w##ddd#.",
    "#ww####..",
    ".##......",
    ".........",
];

/// The tile of the HUD icon called `name`, for the names this module paints.
pub(super) fn paint(name: &str) -> Option<Tile> {
    const RED: [u8; 4] = [214, 28, 28, 255];
    // What shows of a heart that is gone: a dark, half see-through red inside the outline.
    const LOST: [u8; 4] = [60, 20, 20, 140];
    let heart = |full_columns: usize| {
        place(&HEART, |part, x| match part {
            '#' => Some([18, 18, 18, 255]),
            _ if x >= full_columns => Some(LOST),
            'w' => Some([255, 200, 200, 255]),
            'd' => Some([150, 12, 12, 255]),
            _ => Some(RED),
        })
    };
    let bubble = |icon| {
        place(icon, |part, _| match part {
            '#' => Some([40, 92, 200, 255]),
            'w' => Some([255, 255, 255, 255]),
            'l' => Some([150, 206, 255, 255]),
            'd' => Some([90, 150, 230, 255]),
            _ => None,
        })
    };
    // Hunger's bar fills from the right, as Minecraft's does: a half drumstick keeps its
    // right half.
    let drumstick = |lost_columns: usize| {
        place(&DRUMSTICK, |part, x| match part {
            '#' => Some([34, 20, 10, 255]),
            _ if x < lost_columns => Some([50, 30, 20, 140]),
            'w' => Some([240, 232, 214, 255]),
            'd' => Some([140, 72, 30, 255]),
            _ => Some([198, 118, 58, 255]),
        })
    };
    Some(match name {
        "food_full" => drumstick(0),
        "food_half" => drumstick(5),
        "food_empty" => drumstick(9),
        "heart_full" => heart(9),
        // The left half of the heart and its middle column, as Minecraft's half heart.
        "heart_half" => heart(5),
        "heart_empty" => heart(0),
        "bubble" => bubble(&BUBBLE),
        "bubble_burst" => bubble(&BURST),
        _ => return None,
    })
}

/// `icon` in the middle of a clear tile, each pixel coloured by `colour` from its letter
/// and column (none leaves it clear); `.` is always clear.
fn place(icon: &Icon, colour: impl Fn(char, usize) -> Option<[u8; 4]>) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    let inset = HUD_ICON_INSET as usize;
    for (y, line) in icon.iter().enumerate() {
        for (x, part) in line.chars().enumerate() {
            if part == '.' {
                continue;
            }
            if let Some(c) = colour(part, x) {
                t[inset + y][inset + x] = c;
            }
        }
    }
    t
}
