//! Trees: where oaks, birches and spruces stand and what shape they are.
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
//! How likely a cell is to hold a tree, and which kind, is its trunk column's biome's: none in
//! deserts, a few oaks on plains, oaks and birches close together in forests, spruces in
//! taiga and scattered over tundra and mountain valleys. A forest-density noise thins and
//! thickens the woods within a biome.
//!
//! The oak is Minecraft's small oak (`WorldGenTrees`, Beta 1.7): a trunk of 4–6 logs and
//! four layers of leaves around its top, two of radius 2 and two of radius 1 above them, with
//! each layer's corners bare or leafy by a hash of the position. A birch is the same, a log
//! taller, in white bark. A spruce (after `WorldGenTaiga2`) is a taller trunk under a cone of
//! layers that widen downward, with one leaf on top.

use noise::{NoiseFn, OpenSimplex};

use super::biomes::Biome;
use super::hash::{hash2, hash3, mix, noise_seed, unit};
use crate::world::Block;

/// Side of the grid cells that each hold at most one tree.
const CELL: i32 = 5;
/// Trunks stand at offsets `1 ..= 3` inside their cell, so two are at least 3 blocks apart.
const JITTER: u64 = 3;
/// How far leaves reach sideways from the trunk.
pub(super) const REACH: i32 = 2;
/// How far above the surface a tree may reach: the tallest trunk (a spruce's) plus its top
/// leaf.
pub(super) const MAX_HEIGHT: i32 = MIN_TRUNK + SPRUCE_EXTRA + TRUNK_CHOICES as i32;
/// The shortest trunk, in logs: an oak's.
const MIN_TRUNK: i32 = 4;
/// How many logs taller a birch's trunk is than an oak's.
const BIRCH_EXTRA: i32 = 1;
/// How many logs taller a spruce's trunk is than an oak's.
const SPRUCE_EXTRA: i32 = 2;
/// Leaf layers of a spruce below its top leaf.
const SPRUCE_LAYERS: i32 = 5;
/// The radius of each of a spruce's leaf layers, from its top leaf down.
const SPRUCE_RADII: [i32; SPRUCE_LAYERS as usize + 1] = [0, 1, 1, 2, 1, 2];
/// The share of a forest's trees that are birches.
const BIRCH_SHARE: f64 = 0.3;
/// How many trunk heights there are, from [`MIN_TRUNK`] up.
const TRUNK_CHOICES: u64 = 3;
/// Wavelength of the forest-density noise: forests and clearings some hundreds of blocks
/// across.
const FOREST_WAVELENGTH: f64 = 260.0;
/// How much of its biome's chance of a tree a cell keeps in the thinnest and the thickest
/// parts of the woods.
const DENSITY_RANGE: (f64, f64) = (0.35, 1.0);

/// Salts naming each hash and noise.
mod salt {
    pub const PLACE: u64 = 201;
    pub const CORNER: u64 = 202;
    pub const FORESTS: u64 = 203;
    pub const KIND: u64 = 204;
    pub const COARSE: u64 = 205;
}

/// The kinds of tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TreeKind {
    /// Round, on plains and in forests.
    Oak,
    /// Round and white-barked, in forests.
    Birch,
    /// A dark cone, in the cold and the mountains.
    Spruce,
}

impl TreeKind {
    /// Its trunk's block.
    pub(super) const fn log(self) -> Block {
        match self {
            Self::Oak => Block::LOG,
            Self::Birch => Block::BIRCH_LOG,
            Self::Spruce => Block::SPRUCE_LOG,
        }
    }

    /// Its leaves' block.
    pub(super) const fn leaves(self) -> Block {
        match self {
            Self::Oak => Block::LEAVES,
            Self::Birch => Block::BIRCH_LEAVES,
            Self::Spruce => Block::SPRUCE_LEAVES,
        }
    }

    /// Logs its shortest trunk has.
    const fn min_trunk(self) -> i32 {
        match self {
            Self::Oak => MIN_TRUNK,
            Self::Birch => MIN_TRUNK + BIRCH_EXTRA,
            Self::Spruce => MIN_TRUNK + SPRUCE_EXTRA,
        }
    }
}

/// The chance a tree cell in `biome` holds a tree (before the woods' density), and the tree
/// it holds by the unit value `pick`.
fn woods(biome: Biome, pick: f64) -> (f64, TreeKind) {
    match biome {
        Biome::Plains => (0.03, TreeKind::Oak),
        Biome::Forest if pick < BIRCH_SHARE => (0.8, TreeKind::Birch),
        Biome::Forest => (0.8, TreeKind::Oak),
        Biome::Taiga => (0.6, TreeKind::Spruce),
        Biome::SnowyTundra => (0.02, TreeKind::Spruce),
        Biome::Mountains => (0.08, TreeKind::Spruce),
        Biome::Ocean | Biome::Beach | Biome::Desert => (0.0, TreeKind::Oak),
    }
}

/// Whether `roll` (in `[0, 1)`) falls under the chance `1 - e^-(trees · density)` that a
/// coarse column shows a canopy, when that is clear whatever the woods' density: the noise
/// sample and the exponential [`Forests::coarse_crown`] would spend on it then change nothing.
/// `None` where the density decides.
///
/// The chance lies between `1 - 1 / (1 + t + t²/2)` at the thinnest density `t` (as
/// `e^t ≥ 1 + t + t²/2`) and `d`, the expected trees at the densest (as `1 - e^-d ≤ d`); the
/// margins are far wider than the rounding of either side. Most rolls fall outside: on the
/// plains at level 1 the densest woods cover a column one time in twenty, and at the top
/// levels even the thinnest cover nearly every one.
fn crown_odds(trees: f64, roll: f64) -> Option<bool> {
    const MARGIN: f64 = 1e-9;
    let densest = trees * DENSITY_RANGE.1;
    let thinnest = trees * DENSITY_RANGE.0;
    if roll > densest * (1.0 + MARGIN) + MARGIN {
        return Some(false);
    }
    let at_least = 1.0 - 1.0 / (1.0 + thinnest + thinnest * thinnest / 2.0);
    (roll < at_least - MARGIN).then_some(true)
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
    /// What kind of tree it is.
    pub kind: TreeKind,
}

impl Tree {
    /// The y of the top leaf layer, one above the last log.
    fn crown(self) -> i32 {
        self.base + self.trunk
    }

    /// The lowest leaf layer's height below the crown.
    const fn lowest_layer(self) -> i32 {
        match self.kind {
            TreeKind::Spruce => -SPRUCE_LAYERS,
            TreeKind::Oak | TreeKind::Birch => -3,
        }
    }

    /// Whether the tree puts a leaf at `(x, y, z)` (ignoring what is there already).
    fn has_leaf(self, seed: u64, x: i32, y: i32, z: i32) -> bool {
        let dy = y - self.crown();
        if !(self.lowest_layer()..=0).contains(&dy) {
            return false;
        }
        let (dx, dz) = ((x - self.x).abs(), (z - self.z).abs());
        if self.kind == TreeKind::Spruce {
            // One leaf on top, two narrow layers, then wide and narrow in turn, without
            // corners: a cone that widens downward.
            let radius = SPRUCE_RADII[(-dy) as usize];
            return dx <= radius && dz <= radius && (radius == 0 || dx < radius || dz < radius);
        }
        // Radius 2 for the lower two layers, 1 for the upper two.
        let radius = if dy <= -2 { 2 } else { 1 };
        if dx > radius || dz > radius {
            return false;
        }
        let corner = dx == radius && dz == radius;
        // The top layer is a plus; lower layers lose each corner with even odds.
        !corner || (dy != 0 && hash3(seed, salt::CORNER, x, y, z) & 1 == 0)
    }

    /// Calls `f` with every cell the canopy fills, whatever is there now.
    pub(super) fn for_each_leaf(self, seed: u64, mut f: impl FnMut(i32, i32, i32)) {
        for y in self.crown() + self.lowest_layer()..=self.crown() {
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

    /// The trunk column of the tree grid cell `(i, j)` may hold, and the hash that decides
    /// the rest.
    fn candidate(&self, i: i32, j: i32) -> (i32, i32, u64) {
        let h = hash2(self.seed, salt::PLACE, i, j);
        let x = i * CELL + 1 + (h % JITTER) as i32;
        let z = j * CELL + 1 + ((h >> 8) % JITTER) as i32;
        (x, z, h)
    }

    /// The tree standing at `(x, z)` with hash `h`, on a column with surface `base` and
    /// `biome`, if one does.
    fn tree_at(&self, x: i32, z: i32, h: u64, base: i32, biome: Biome) -> Option<Tree> {
        let pick = unit(hash2(self.seed, salt::KIND, x, z));
        let (chance, kind) = woods(biome, pick);
        if chance == 0.0 {
            return None;
        }
        let density = self.density_at(x, z);
        let trunk = kind.min_trunk() + ((h >> 16) % TRUNK_CHOICES) as i32;
        (unit(mix(h)) < chance * density).then_some(Tree {
            x,
            z,
            base,
            trunk,
            kind,
        })
    }

    /// The share of its biome's chance of a tree that a cell with its trunk at `(x, z)`
    /// keeps: thin and thick woods, from the forest-density noise.
    fn density_at(&self, x: i32, z: i32) -> f64 {
        let p = [
            f64::from(x) / FOREST_WAVELENGTH,
            f64::from(z) / FOREST_WAVELENGTH,
        ];
        let forest = ((self.density.get(p) + 0.3) / 0.7).clamp(0.0, 1.0);
        DENSITY_RANGE.0 + (DENSITY_RANGE.1 - DENSITY_RANGE.0) * forest
    }

    /// Whether a coarse column, the `side` × `side` columns from `(x, z)` with the top block
    /// `top` in `biome`, shows a canopy from afar, and if so its leaves and how many blocks
    /// above the ground it reaches.
    ///
    /// Cheap whatever the side: a few hashes and at most one noise sample rather than every
    /// tree cell under it. A canopy reaches into the square from trunks up to [`REACH`]
    /// outside it, so the trunks that could cover it stand in a square `side + 2 * REACH`
    /// wide, where a tree cell of `CELL²` columns holds one with its biome's chance times the
    /// woods' density; the square shows leaves with the chance that at least one does
    /// (Poisson), decided by a hash of the column. The tree is one of middle height.
    pub(super) fn coarse_crown(
        &self,
        (x, z, side): (i32, i32, i32),
        top: Block,
        biome: Biome,
    ) -> Option<(Block, i32)> {
        let ground = top == Block::GRASS || (top == Block::SNOW && biome.is_cold());
        if !ground {
            return None;
        }
        let pick = unit(hash2(self.seed, salt::KIND, x, z));
        let (chance, kind) = woods(biome, pick);
        if chance == 0.0 {
            return None;
        }
        let cells = f64::from(side + 2 * REACH) / f64::from(CELL);
        let trees = cells * cells * chance;
        let roll = unit(hash2(self.seed, salt::COARSE, x, z));
        let covered = match crown_odds(trees, roll) {
            Some(shows) => shows,
            None => roll < 1.0 - libm::exp(-trees * self.density_at(x, z)),
        };
        let trunk = kind.min_trunk() + (TRUNK_CHOICES / 2) as i32;
        // The logs, and the top leaf one above them.
        covered.then_some((kind.leaves(), trunk + 1))
    }

    /// Every tree whose trunk stands in columns `x0 .. x1` by `z0 .. z1`, in a fixed order.
    /// `surface` gives a column's height, top block and biome; trees grow only on grass, and
    /// on snow in the cold biomes.
    pub(super) fn trees_in(
        &self,
        (x0, x1): (i32, i32),
        (z0, z1): (i32, i32),
        surface: impl Fn(i32, i32) -> (i32, Block, Biome),
    ) -> Vec<Tree> {
        let mut trees = Vec::new();
        for j in z0.div_euclid(CELL)..=(z1 - 1).div_euclid(CELL) {
            for i in x0.div_euclid(CELL)..=(x1 - 1).div_euclid(CELL) {
                let (x, z, h) = self.candidate(i, j);
                if !(x0..x1).contains(&x) || !(z0..z1).contains(&z) {
                    continue;
                }
                let (base, top, biome) = surface(x, z);
                // Snowy ground holds trees in the cold biomes, not on the mountains' caps.
                let ground = top == Block::GRASS || (top == Block::SNOW && biome.is_cold());
                if !ground {
                    continue;
                }
                trees.extend(self.tree_at(x, z, h, base, biome));
            }
        }
        trees
    }
}

#[cfg(test)]
mod tests;
