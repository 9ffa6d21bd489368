//! Which faces of a chunk can see one another through it: the visibility graph of advanced
//! cave culling (Tommaso Checchi's algorithm, in Minecraft since 1.8 and the base of
//! Sodium's occlusion culler).
//!
//! A flood fill over the chunk's cells that are not opaque finds the connected pockets of
//! air, water, glass, leaves and the like; a pocket that touches two faces of the chunk joins
//! them. A line of sight that enters a chunk through one face and leaves through another
//! runs through such a pocket, so two faces no pocket joins cannot see each other through
//! the chunk, and [`super::occlusion`] walks from chunk to chunk only through joined faces.
//!
//! The fill works a row of 32 cells along x at a time, as a `u32` mask: a row's open runs
//! that hold a seed are filled in a few shifts (a Kogge-Stone fill, as chess engines fill
//! sliding moves), and each newly reached run seeds the rows beside it, above and below. A
//! layer of the chunk that is open throughout (the sky over the ground) is one pocket, filled
//! at once the first time the fill reaches it.

use super::neighbourhood::{Neighbourhood, padded_index};
use super::openings::Openings;
use super::per_registry::PerRegistry;
use hewn_core::world::{Block, CHUNK_SIZE, Face};

const N: usize = CHUNK_SIZE as usize;

/// The pairs of a chunk's six faces that see each other through the chunk: one bit per
/// unordered pair, fifteen in all.
///
/// The default joins every pair: a chunk whose contents are not known hides nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Visibility(u16);

impl Default for Visibility {
    fn default() -> Self {
        Self::ALL
    }
}

/// Bit of the pair `(a, b)`, `a < b`, in the order (0,1) (0,2) … (0,5) (1,2) … (4,5).
const fn pair_bit(a: usize, b: usize) -> u16 {
    let (a, b) = if a < b { (a, b) } else { (b, a) };
    // Pairs starting below `a`: 5 + 4 + … , then those of `a` below `b`.
    let before = a * (11 - a) / 2;
    1 << (before + b - a - 1)
}

/// Per set of faces (bit `f` for [`Face::ALL`]`[f]`), every pair among them.
const PAIRS: [u16; 64] = {
    let mut table = [0; 64];
    let mut set = 0;
    while set < 64 {
        let mut a = 0;
        while a < 6 {
            let mut b = a + 1;
            while b < 6 {
                if set & (1 << a) != 0 && set & (1 << b) != 0 {
                    table[set] |= pair_bit(a, b);
                }
                b += 1;
            }
            a += 1;
        }
        set += 1;
    }
    table
};

/// Per block id: whether sight passes through the cell (it is not an opaque cube).
///
/// A slot for every id a block can have, so that indexing by a block's id needs no bounds
/// check in the loop over a chunk's cells.
static CLEAR: PerRegistry<Box<[bool; 1 << 16]>> = PerRegistry::new();

/// Whether sight passes through each block, by id: looked up once a chunk.
fn clear_table() -> &'static [bool; 1 << 16] {
    CLEAR.get(|| {
        let mut table = vec![true; 1 << 16];
        for block in Block::all() {
            table[block.index()] = !block.is_opaque_cube();
        }
        // Built on the heap: 64 KiB would crowd a worker's stack.
        table
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("1 << 16 slots"))
    })
}

impl Visibility {
    /// No face sees another: a chunk of solid rock.
    pub const NONE: Self = Self(0);
    /// Every face sees every other: a chunk of air.
    pub const ALL: Self = Self((1 << 15) - 1);

    /// The fifteen bits, one per pair of faces.
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether a line of sight entering through face `a` may leave through face `b`.
    #[must_use]
    pub const fn connects(self, a: Face, b: Face) -> bool {
        a as usize == b as usize || self.0 & pair_bit(a as usize, b as usize) != 0
    }

    /// This graph with `a` and `b` joined as well.
    #[must_use]
    pub const fn with(self, a: Face, b: Face) -> Self {
        if a as usize == b as usize {
            return self;
        }
        Self(self.0 | pair_bit(a as usize, b as usize))
    }

    /// The graph of the chunk at the centre of `input`: which faces pockets of cells that
    /// are not opaque cubes join.
    #[must_use]
    pub fn of(input: &Neighbourhood) -> Self {
        match uniform_clear(input) {
            Some(true) => Self::ALL,
            Some(false) => Self::NONE,
            None => Self::of_open_rows(&open_rows(input)),
        }
    }

    /// The graph of a chunk whose cells sight passes through are the set bits of `open`:
    /// one `u32` per row of x (bit `x`), rows in the order `y * 32 + z`.
    #[must_use]
    pub fn of_open_rows(open: &[u32; N * N]) -> Self {
        let mut seen = [0u32; N * N];
        let mut stack = Vec::new();
        let mut pairs = 0;
        let full_layers = open
            .chunks_exact(N)
            .enumerate()
            .filter(|(_, layer)| layer.iter().all(|&row| row == u32::MAX))
            .fold(0u32, |layers, (y, _)| layers | 1 << y);
        let mut fill = Fill {
            open,
            seen: &mut seen,
            stack: &mut stack,
            full_layers,
        };
        // Only pockets that reach the chunk's surface matter: seeds are the open cells on
        // it, the whole of the rows on the top, bottom, north and south sides, and the two
        // ends of every other row.
        for (row, &cells) in open.iter().enumerate() {
            let (y, z) = (row / N, row % N);
            let surface = if y == 0 || y == N - 1 || z == 0 || z == N - 1 {
                u32::MAX
            } else {
                1 | 1 << (N - 1)
            };
            loop {
                let seeds = cells & !fill.seen[row] & surface;
                if seeds == 0 {
                    break;
                }
                let faces = fill.pocket(row, seeds & seeds.wrapping_neg());
                pairs |= PAIRS[usize::from(faces)];
            }
        }
        Self(pairs)
    }
}

/// What a line of sight may do through a chunk: which faces see one another through it, and
/// where on each face it may cross. [`super::occlusion`]'s walk goes by both.
///
/// The default hides nothing: a chunk whose contents are not known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sight {
    /// Which faces see one another.
    pub joins: Visibility,
    /// Where sight may cross each face.
    pub openings: Openings,
}

impl Sight {
    /// A chunk of air: sight crosses it anywhere.
    pub const ALL: Self = Self {
        joins: Visibility::ALL,
        openings: Openings::ALL,
    };
    /// A chunk of rock: sight crosses it nowhere.
    pub const NONE: Self = Self {
        joins: Visibility::NONE,
        openings: Openings::NONE,
    };

    /// What sight does through the chunk at the centre of `input`.
    #[must_use]
    pub fn of(input: &Neighbourhood) -> Self {
        match uniform_clear(input) {
            Some(true) => Self::ALL,
            Some(false) => Self::NONE,
            None => Self::of_open_rows(&open_rows(input)),
        }
    }

    /// What sight does through a chunk whose clear cells are the set bits of `open` (as
    /// [`Visibility::of_open_rows`] takes them).
    #[must_use]
    pub fn of_open_rows(open: &[u32; N * N]) -> Self {
        Self {
            joins: Visibility::of_open_rows(open),
            openings: Openings::of_open_rows(open),
        }
    }
}

/// For a chunk of one block throughout, at the centre of `input`, whether sight passes
/// through it.
fn uniform_clear(input: &Neighbourhood) -> Option<bool> {
    let clear = clear_table();
    input
        .uniform_centre()
        .map(|block| clear[usize::from(block.id())])
}

/// The cells of the chunk at the centre of `input` that sight passes through, one `u32` per
/// row of x (bit `x`), rows in the order `y * 32 + z`.
fn open_rows(input: &Neighbourhood) -> [u32; N * N] {
    let blocks = input.blocks();
    let clear = clear_table();
    let mut open = [0u32; N * N];
    for (row, mask) in open.iter_mut().enumerate() {
        let (y, z) = ((row / N) as i32, (row % N) as i32);
        let first = padded_index(0, y, z);
        for (x, &b) in blocks[first..first + N].iter().enumerate() {
            *mask |= u32::from(clear[usize::from(b.id())]) << x;
        }
    }
    open
}

/// The runs of set bits of `open` that hold a bit of `seeds` (a subset of `open`).
fn fill_runs(seeds: u32, open: u32) -> u32 {
    let (mut up, mut down) = (seeds, seeds);
    let (mut o_up, mut o_down) = (open, open);
    for shift in [1, 2, 4, 8, 16] {
        up |= o_up & (up << shift);
        o_up &= o_up << shift;
        down |= o_down & (down >> shift);
        o_down &= o_down >> shift;
    }
    up | down
}

/// The fill's state: the open cells, those reached so far, and the rows waiting with the
/// cells they were reached by.
struct Fill<'a> {
    open: &'a [u32; N * N],
    /// Whole runs of open cells: a run is marked all at once.
    seen: &'a mut [u32; N * N],
    stack: &'a mut Vec<(usize, u32)>,
    /// Bit `y` for each layer whose rows are all open.
    full_layers: u32,
}

/// The bit of `face` in a set of faces.
const fn bit(face: Face) -> u8 {
    1 << face as u8
}

impl Fill<'_> {
    /// Fills the pocket that holds the cells `seed` of `row`, marking it in `seen`; returns
    /// the faces of the chunk it touches (bit `f` for [`Face::ALL`]`[f]`).
    fn pocket(&mut self, row: usize, seed: u32) -> u8 {
        let mut faces = 0;
        self.stack.push((row, seed));
        while let Some((row, seeds)) = self.stack.pop() {
            // `seen` holds whole runs, so seeds already seen add nothing.
            if seeds & !self.seen[row] == 0 {
                continue;
            }
            let y = row / N;
            faces |= if self.full_layers & 1 << y != 0 {
                self.layer(y)
            } else {
                self.row(row, seeds)
            };
        }
        faces
    }

    /// Marks the whole open layer `y`, and seeds the layers above and below; returns the
    /// faces it touches.
    fn layer(&mut self, y: usize) -> u8 {
        self.seen[y * N..(y + 1) * N].fill(u32::MAX);
        let neighbours = [(y > 0).then(|| y - 1), (y < N - 1).then(|| y + 1)];
        for next in neighbours.into_iter().flatten() {
            if self.full_layers & 1 << next != 0 {
                // One cell of an open layer stands for all of it.
                self.stack.push((next * N, 1));
                continue;
            }
            for row in next * N..(next + 1) * N {
                let seeds = self.open[row] & !self.seen[row];
                if seeds != 0 {
                    self.stack.push((row, seeds));
                }
            }
        }
        let mut faces = bit(Face::East) | bit(Face::West) | bit(Face::South) | bit(Face::North);
        if y == N - 1 {
            faces |= bit(Face::Up);
        }
        if y == 0 {
            faces |= bit(Face::Down);
        }
        faces
    }

    /// Marks the runs of `row` that hold `seeds`, and seeds the rows beside, above and
    /// below; returns the faces they touch.
    fn row(&mut self, row: usize, seeds: u32) -> u8 {
        let new = fill_runs(seeds, self.open[row]) & !self.seen[row];
        self.seen[row] |= new;
        let (y, z) = (row / N, row % N);
        let touches = [
            (new >> (N - 1) != 0, Face::East),
            (new & 1 != 0, Face::West),
            (y == N - 1, Face::Up),
            (y == 0, Face::Down),
            (z == N - 1, Face::South),
            (z == 0, Face::North),
        ];
        let faces = touches
            .into_iter()
            .filter(|&(touched, _)| touched)
            .fold(0, |faces, (_, face)| faces | bit(face));
        let beside = [
            (y > 0).then(|| row - N),
            (y < N - 1).then(|| row + N),
            (z > 0).then(|| row - 1),
            (z < N - 1).then(|| row + 1),
        ];
        for next in beside.into_iter().flatten() {
            let seeds = new & self.open[next] & !self.seen[next];
            if seeds != 0 {
                self.stack.push((next, seeds));
            }
        }
        faces
    }
}

#[cfg(test)]
#[path = "visibility/tests.rs"]
mod tests;
