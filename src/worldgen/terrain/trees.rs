//! Trees: where oaks stand and what shape they are.
//!
//! Placement is a jittered grid (the "one random point per cell" of Cook's stochastic
//! sampling, "Stochastic Sampling in Computer Graphics", 1986): the world is cut into
//! [`CELL`]-block squares and each may hold one trunk, at a column and with a height chosen
//! by hashing the seed with the cell, accepted with a probability a forest-density noise sets.
//! Compared with an independent coin per column this keeps trunks at least three blocks
//! apart, so canopies overlap without trunks growing into each other, and it needs no
//! neighbour lookups: whether a tree stands somewhere is a function of that cell alone, which
//! is what lets a chunk draw the canopies of trees rooted in its neighbours.
//!
//! The shape is Minecraft's small oak (`WorldGenTrees`, Beta 1.7): a trunk of 4–6 logs and
//! four layers of leaves around its top, two of radius 2 and two of radius 1 above them, with
//! each layer's corners bare or leafy by a hash of the position.

use noise::{NoiseFn, OpenSimplex};

use super::hash::{hash2, hash3, mix, noise_seed, unit};
use crate::world::Block;

/// Side of the grid cells that each hold at most one tree.
const CELL: i32 = 5;
/// Trunks stand at offsets `1 ..= 3` inside their cell, so two are at least 3 blocks apart.
const JITTER: u64 = 3;
/// How far leaves reach sideways from the trunk.
pub(super) const REACH: i32 = 2;
/// How far above the surface a tree may reach: the tallest trunk plus its top leaf layer.
pub(super) const MAX_HEIGHT: i32 = MIN_TRUNK + TRUNK_CHOICES as i32;
/// The shortest trunk, in logs.
const MIN_TRUNK: i32 = 4;
/// How many trunk heights there are, from [`MIN_TRUNK`] up.
const TRUNK_CHOICES: u64 = 3;
/// Wavelength of the forest-density noise: forests and clearings some hundreds of blocks
/// across.
const FOREST_WAVELENGTH: f64 = 260.0;
/// Chance a cell holds a tree in the sparsest plains and in the densest forest.
const DENSITY_RANGE: (f64, f64) = (0.02, 0.85);

/// Salts naming each hash and noise.
mod salt {
    pub const PLACE: u64 = 201;
    pub const CORNER: u64 = 202;
    pub const FORESTS: u64 = 203;
}

/// One tree, rooted at the surface of its trunk column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Tree {
    /// The trunk's column.
    pub x: i32,
    /// The trunk's column.
    pub z: i32,
    /// The y of the lowest log: the column's surface height.
    pub base: i32,
    /// How many logs tall the trunk is.
    pub trunk: i32,
}

impl Tree {
    /// The y of the top leaf layer, one above the last log.
    fn crown(self) -> i32 {
        self.base + self.trunk
    }

    /// Whether the tree puts a leaf at `(x, y, z)` (ignoring what is there already).
    fn has_leaf(self, seed: u64, x: i32, y: i32, z: i32) -> bool {
        let dy = y - self.crown();
        if !(-3..=0).contains(&dy) {
            return false;
        }
        // Radius 2 for the lower two layers, 1 for the upper two.
        let radius = if dy <= -2 { 2 } else { 1 };
        let (dx, dz) = ((x - self.x).abs(), (z - self.z).abs());
        if dx > radius || dz > radius {
            return false;
        }
        let corner = dx == radius && dz == radius;
        // The top layer is a plus; lower layers lose each corner with even odds.
        !corner || (dy != 0 && hash3(seed, salt::CORNER, x, y, z) & 1 == 0)
    }

    /// Calls `f` with every cell the canopy fills, whatever is there now.
    pub(super) fn for_each_leaf(self, seed: u64, mut f: impl FnMut(i32, i32, i32)) {
        for y in self.crown() - 3..=self.crown() {
            for z in self.z - REACH..=self.z + REACH {
                for x in self.x - REACH..=self.x + REACH {
                    if self.has_leaf(seed, x, y, z) {
                        f(x, y, z);
                    }
                }
            }
        }
    }

    /// The heights of the trunk's logs.
    pub(super) fn logs(self) -> std::ops::Range<i32> {
        self.base..self.base + self.trunk
    }
}

/// Where trees grow for one seed.
pub(super) struct Forests {
    seed: u64,
    density: OpenSimplex,
}

impl Forests {
    /// The forests of `seed`.
    pub(super) fn new(seed: u64) -> Self {
        Self {
            seed,
            density: OpenSimplex::new(noise_seed(seed, salt::FORESTS)),
        }
    }

    /// The seed, for the canopy's corner hashes.
    pub(super) fn seed(&self) -> u64 {
        self.seed
    }

    /// The trunk column and height of the tree grid cell `(i, j)` holds, if it holds one.
    fn candidate(&self, i: i32, j: i32) -> Option<(i32, i32, i32)> {
        let h = hash2(self.seed, salt::PLACE, i, j);
        let x = i * CELL + 1 + (h % JITTER) as i32;
        let z = j * CELL + 1 + ((h >> 8) % JITTER) as i32;
        let trunk = MIN_TRUNK + ((h >> 16) % TRUNK_CHOICES) as i32;
        let p = [
            f64::from(x) / FOREST_WAVELENGTH,
            f64::from(z) / FOREST_WAVELENGTH,
        ];
        let forest = ((self.density.get(p) + 0.3) / 0.7).clamp(0.0, 1.0);
        let chance = DENSITY_RANGE.0 + (DENSITY_RANGE.1 - DENSITY_RANGE.0) * forest;
        (unit(mix(h)) < chance).then_some((x, z, trunk))
    }

    /// Every tree whose trunk stands in columns `x0 .. x1` by `z0 .. z1`, in a fixed order.
    /// `surface` gives a column's height and top block; trees grow only on grass.
    pub(super) fn trees_in(
        &self,
        (x0, x1): (i32, i32),
        (z0, z1): (i32, i32),
        surface: impl Fn(i32, i32) -> (i32, Block),
    ) -> Vec<Tree> {
        let mut trees = Vec::new();
        for j in z0.div_euclid(CELL)..=(z1 - 1).div_euclid(CELL) {
            for i in x0.div_euclid(CELL)..=(x1 - 1).div_euclid(CELL) {
                let Some((x, z, trunk)) = self.candidate(i, j) else {
                    continue;
                };
                if !(x0..x1).contains(&x) || !(z0..z1).contains(&z) {
                    continue;
                }
                let (base, top) = surface(x, z);
                if top == Block::Grass {
                    trees.push(Tree { x, z, base, trunk });
                }
            }
        }
        trees
    }
}
