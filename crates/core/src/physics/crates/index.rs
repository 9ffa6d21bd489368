//! Which crates lie near which places, so that finding the crates in a path does not look at
//! every crate, whatever sizes they come in.
//!
//! A hierarchical grid (Ericson, *Real-Time Collision Detection*, 7.2.2): each crate is filed
//! in the grid whose cells are at least twice its longest edge, so it is in at most two cells
//! along each axis; a query looks in every grid that holds crates. A query much larger than a
//! grid's cells (a large crate's path among small crates) would look in hundreds of cells of
//! that grid, so the coarsest grid's cells also list the smaller crates, and such a query
//! finds them there instead. One grid sized by a typical crate made either the large crates
//! fill hundreds of cells each or the small ones crowd each cell by the hundred.

use std::collections::BTreeMap;

use glam::IVec3;

use crate::aabb::{Aabb, CONTACT_EPSILON};

/// The sides of the grids' cells, finest first: twice the smallest crate's edge up to more
/// than the largest crate's edge (`MIN_CRATE_SIZE` and `MAX_CRATE_SIZE`).
const CELLS: [f64; 4] = [0.5, 1.0, 2.0, 4.0];
/// The coarsest grid, which also lists the crates of the finer ones.
const COARSEST: usize = CELLS.len() - 1;
/// The most cells of a grid a query looks in before it turns to the coarsest grid's lists.
const MAX_QUERY_CELLS: u64 = 27;
/// How far inside its box a crate is filed: a unit crate lying on whole coordinates is then
/// in one cell rather than in the eight its faces touch.
const FILE_INSET: f64 = 1e-6;
/// How far around a region [`CrateIndex::near`] looks: a crate within [`CONTACT_EPSILON`] of
/// the region has a point of its inset box this close to the region.
const QUERY_MARGIN: f64 = CONTACT_EPSILON + 2.0 * FILE_INSET;

/// Crates filed by the cubic cells of one side that their boxes meet.
#[derive(Clone, Debug)]
struct Grid {
    /// The side of a cell, in blocks.
    cell: f64,
    cells: BTreeMap<[i32; 3], Vec<usize>>,
    /// How many crates are filed.
    count: usize,
}

impl Grid {
    const fn new(cell: f64) -> Self {
        Self {
            cell,
            cells: BTreeMap::new(),
            count: 0,
        }
    }

    /// The first and last cell `b` meets, per axis.
    fn span(&self, b: Aabb) -> (IVec3, IVec3) {
        (
            (b.min / self.cell).floor().as_ivec3(),
            (b.max / self.cell).floor().as_ivec3(),
        )
    }

    /// How many cells `b` meets.
    fn cells_met(&self, b: Aabb) -> u64 {
        let (lo, hi) = self.span(b);
        (0..3)
            .map(|a| u64::from(lo[a].abs_diff(hi[a])) + 1)
            .fold(1, u64::saturating_mul)
    }

    fn cells_of(&self, b: Aabb) -> impl Iterator<Item = [i32; 3]> + use<> {
        let (lo, hi) = self.span(b);
        (lo.x..=hi.x).flat_map(move |x| {
            (lo.y..=hi.y).flat_map(move |y| (lo.z..=hi.z).map(move |z| [x, y, z]))
        })
    }

    /// Whether a crate filed under box `a` must be filed again under box `b`.
    fn moved_cells(&self, a: Aabb, b: Aabb) -> bool {
        self.span(a.inflated(-FILE_INSET)) != self.span(b.inflated(-FILE_INSET))
    }

    fn insert(&mut self, i: usize, b: Aabb) {
        for cell in self.cells_of(b.inflated(-FILE_INSET)) {
            self.cells.entry(cell).or_default().push(i);
        }
        self.count += 1;
    }

    fn remove(&mut self, i: usize, b: Aabb) {
        for cell in self.cells_of(b.inflated(-FILE_INSET)) {
            if let Some(list) = self.cells.get_mut(&cell) {
                list.retain(|&j| j != i);
                if list.is_empty() {
                    self.cells.remove(&cell);
                }
            }
        }
        self.count -= 1;
    }

    /// Calls `found` with every crate filed in a cell that `region` meets (a crate once per
    /// such cell).
    fn visit(&self, region: Aabb, mut found: impl FnMut(usize)) {
        for cell in self.cells_of(region) {
            if let Some(list) = self.cells.get(&cell) {
                for &i in list {
                    found(i);
                }
            }
        }
    }

    /// Refiles crate `i`, which moved from box `a` to box `b`, if its cells changed.
    fn refile(&mut self, i: usize, a: Aabb, b: Aabb) {
        if self.moved_cells(a, b) {
            self.remove(i, a);
            self.insert(i, b);
        }
    }
}

/// The crates of a list, filed by where they are.
#[derive(Clone, Debug)]
pub(super) struct CrateIndex {
    /// One grid per entry of [`CELLS`], each holding the crates that fit its cells.
    grids: [Grid; CELLS.len()],
    /// Cells of the coarsest grid's side, listing the crates of the finer grids.
    coarse: Grid,
    /// Per crate, the grid it is filed in.
    grid_of: Vec<usize>,
}

impl Default for CrateIndex {
    fn default() -> Self {
        Self {
            grids: CELLS.map(Grid::new),
            coarse: Grid::new(CELLS[COARSEST]),
            grid_of: Vec::new(),
        }
    }
}

impl CrateIndex {
    /// The index of crates with boxes `boxes`, numbered in order.
    pub(super) fn new(boxes: impl IntoIterator<Item = Aabb>) -> Self {
        let mut index = Self::default();
        for (i, b) in boxes.into_iter().enumerate() {
            index.insert(i, b);
        }
        index
    }

    /// Files crate `i` (a new one) with box `b`.
    pub(super) fn insert(&mut self, i: usize, b: Aabb) {
        let longest = (b.max - b.min).max_element();
        let grid = CELLS
            .iter()
            .position(|&cell| 2.0 * longest <= cell + 1e-9)
            .unwrap_or(COARSEST);
        if self.grid_of.len() <= i {
            self.grid_of.resize(i + 1, COARSEST);
        }
        self.grid_of[i] = grid;
        self.grids[grid].insert(i, b);
        if grid != COARSEST {
            self.coarse.insert(i, b);
        }
    }

    /// Files crate `i` again after it moved from box `a` to box `b`.
    pub(super) fn moved(&mut self, i: usize, a: Aabb, b: Aabb) {
        let grid = self.grid_of[i];
        self.grids[grid].refile(i, a, b);
        if grid != COARSEST {
            self.coarse.refile(i, a, b);
        }
    }

    /// Crates whose cells meet `region` and that pass `keep`, in index order. Filtering
    /// before sorting matters: in a pile, a cell holds dozens of crates and few are kept.
    pub(super) fn near(&self, region: Aabb, mut keep: impl FnMut(usize) -> bool) -> Vec<usize> {
        let region = region.inflated(QUERY_MARGIN);
        let mut found = Vec::new();
        // Bit g set: the crates of grid g are looked for in the coarse lists.
        let mut in_coarse = 0u8;
        for (g, grid) in self.grids.iter().enumerate() {
            if grid.count == 0 {
                continue;
            }
            if g == COARSEST || grid.cells_met(region) <= MAX_QUERY_CELLS {
                grid.visit(region, |i| {
                    if keep(i) {
                        found.push(i);
                    }
                });
            } else {
                in_coarse |= 1 << g;
            }
        }
        if in_coarse != 0 {
            self.coarse.visit(region, |i| {
                if in_coarse & (1 << self.grid_of[i]) != 0 && keep(i) {
                    found.push(i);
                }
            });
        }
        found.sort_unstable();
        found.dedup();
        found
    }
}
