//! The crack overlay drawn over a block being broken: `destroy_stage_0` to
//! `destroy_stage_9`, clear but for dark cracks, each stage the one before with more.
//!
//! One web of cracks is grown once, pixel by pixel, and stage `k` shows its first pixels:
//! a few short lines at stage 0, most of the tile by stage 9. Growing one web and cutting it
//! short, rather than painting each stage afresh, is what makes every stage contain the one
//! before, so the cracks spread under the player's eyes instead of jumping about.

use std::f64::consts::TAU;

use hewn_core::worldgen::SplitMix64;

use super::{Rng, S, Tile, rgb, shade};

/// How many stages there are.
const STAGES: usize = 10;
/// Pixels cracked at the first stage: three lines of four.
const FIRST: usize = 12;
/// Pixels cracked at the last stage: two fifths of the tile, nearly as much as cracks a
/// pixel wide with gaps between them have room for, and no patch of the block left whole.
const LAST: usize = 100;

/// The tile of stage `name`, for the names this module paints.
pub(super) fn paint(name: &str) -> Option<Tile> {
    let stage: usize = name.strip_prefix("destroy_stage_")?.parse().ok()?;
    (stage < STAGES).then(|| stage_tile(stage))
}

/// How many of the web's pixels stage `stage` shows: from [`FIRST`] to [`LAST`], faster
/// towards the end, as a block gives way.
fn shown(stage: usize) -> usize {
    let f = (stage as f64 / (STAGES - 1) as f64).powf(1.3);
    FIRST + ((LAST - FIRST) as f64 * f).round() as usize
}

fn stage_tile(stage: usize) -> Tile {
    let mut t = [[[0; 4]; 16]; 16];
    for &(x, y, c) in web().iter().take(shown(stage)) {
        t[y][x] = rgb(c, 255);
    }
    t
}

/// One tip of a growing crack: where it is, the way it heads (radians, y down) and how
/// many more pixels it runs.
struct Tip {
    x: f64,
    y: f64,
    angle: f64,
    left: i32,
}

/// A web of cracks as it grows: which pixels are cracked, and in what order.
struct Web {
    cracked: [[bool; 16]; 16],
    order: Vec<(usize, usize, [i32; 3])>,
}

impl Web {
    /// Whether a crack coming from pixel `from` may run on into pixel `to`: it is in the
    /// tile and clear, touches no crack but the one it comes along (`from` and the pixels
    /// beside `from`), and makes no square of four cracked pixels.
    fn open(&self, to: (i32, i32), from: (i32, i32)) -> bool {
        let cracked = |(x, y): (i32, i32)| {
            (0..S).contains(&x) && (0..S).contains(&y) && self.cracked[y as usize][x as usize]
        };
        let inside = (0..S).contains(&to.0) && (0..S).contains(&to.1);
        let near = |a: (i32, i32), b: (i32, i32)| (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1;
        // Nor may it fill in a square of four, the start of a blotch.
        let squares = [(-1, -1), (0, -1), (-1, 0), (0, 0)].map(|(dx, dy)| {
            [(0, 0), (1, 0), (0, 1), (1, 1)]
                .map(|(i, j)| (to.0 + dx + i, to.1 + dy + j))
                .iter()
                .filter(|&&p| p != to)
                .all(|&p| cracked(p))
        });
        inside
            && !cracked(to)
            && !squares.contains(&true)
            && (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| (to.0 + dx, to.1 + dy)))
                .all(|p| !cracked(p) || near(p, from))
    }

    /// Cracks the pixel at column `x`, row `y`, in a dark grey of its own.
    fn crack(&mut self, x: usize, y: usize, rng: &mut Rng) {
        self.cracked[y][x] = true;
        self.order
            .push((x, y, shade([40, 38, 38], rng.range(-16, 12))));
    }
}

/// The web of cracks as its pixels crack, first first: each pixel's column, row and colour.
///
/// Three cracks start around the middle, heading outwards. Tips advance one step a round,
/// all together, so the web grows evenly; now and then one forks. A tip stops at the tile's
/// edge, at the end of its length, or short of touching another crack, which keeps the
/// cracks a pixel wide with a gap between them rather than running into dark blotches.
/// When every tip has stopped, a new crack starts from a cracked pixel.
fn web() -> Vec<(usize, usize, [i32; 3])> {
    let mut rng = Rng(SplitMix64::new(0x000C_4AC7));
    let mut web = Web {
        cracked: [[false; 16]; 16],
        order: Vec::with_capacity(LAST),
    };
    let mut tips: Vec<Tip> = Vec::new();
    let turn = f64::from(rng.range(0, 99)) / 100.0 * TAU;
    for i in 0..3 {
        let angle = turn + TAU * f64::from(i) / 3.0 + f64::from(rng.range(-30, 30)) / 100.0;
        let (x, y) = (7.5 + 3.0 * angle.cos(), 7.5 + 3.0 * angle.sin());
        web.crack(x as usize, y as usize, &mut rng);
        tips.push(Tip {
            x,
            y,
            angle,
            left: rng.range(5, 8),
        });
    }
    // A bound on the rounds, though the web always fills long before it.
    for _ in 0..10_000 {
        if web.order.len() >= LAST {
            break;
        }
        if tips.is_empty() {
            let (x, y, _) = web.order[rng.range(0, web.order.len() as i32 - 1) as usize];
            tips.push(Tip {
                x: x as f64 + 0.5,
                y: y as f64 + 0.5,
                angle: TAU * f64::from(rng.range(0, 99)) / 100.0,
                left: rng.range(3, 7),
            });
        }
        let mut next = Vec::new();
        for mut tip in tips {
            let from = (tip.x.floor() as i32, tip.y.floor() as i32);
            tip.angle += f64::from(rng.range(-35, 35)) / 100.0;
            tip.x += tip.angle.cos();
            tip.y += tip.angle.sin();
            tip.left -= 1;
            let to = (tip.x.floor() as i32, tip.y.floor() as i32);
            if to != from {
                if tip.left < 0 || web.order.len() >= LAST || !web.open(to, from) {
                    continue;
                }
                web.crack(to.0 as usize, to.1 as usize, &mut rng);
            }
            if rng.chance(0.18) {
                let side = if rng.chance(0.5) { 1.0 } else { -1.0 };
                next.push(Tip {
                    angle: tip.angle + side * f64::from(rng.range(80, 130)) / 100.0,
                    left: rng.range(2, 5),
                    ..tip
                });
            }
            next.push(tip);
        }
        tips = next;
    }
    web.order
}
