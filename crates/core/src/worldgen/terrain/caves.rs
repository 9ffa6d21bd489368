//! Caves: winding tunnels and the odd large cavern, carved out of the ground by 3D noise.
//!
//! Tunnels follow the "spaghetti" idea of Minecraft 1.18's noise caves (Kniberg, "Reinventing
//! Minecraft world generation", 2022): the zero set of one 3D noise is a surface, the zero set
//! of two is a curve where those surfaces cross, and cells where both noises are near zero
//! (`a² + b² < r²`) form a tube of roughly constant width around that curve. Caverns are
//! where a third, flatter noise rises above a threshold ("cheese" caves). The two combine as
//! one signed field, the *density*, that is negative where rock is carved.
//!
//! Three noise evaluations per cell would cost a few milliseconds a chunk, so the density is
//! sampled on a lattice every [`CELL`] blocks and interpolated trilinearly, again as Minecraft
//! did from Beta to 1.17; the lattice is anchored to world coordinates so chunks agree.
//!
//! Caves never reach the bedrock (they taper shut above [`CAVE_FLOOR`]) and never open under
//! or beside water, which the game keeps still and would otherwise hang as a wall into the
//! cave (see [`cave_roof`]).

use noise::{NoiseFn, Perlin};

use super::SEA_LEVEL;
use super::hash::noise_seed;
use super::heightmap::lerp;
use crate::world::CHUNK_SIZE;

/// Spacing in blocks of the lattice the cave noise is sampled on.
const CELL: i32 = 4;
/// Lattice points along one edge of a chunk, both ends included.
const POINTS: usize = (CHUNK_SIZE / CELL) as usize + 1;
/// Blocks along one edge of a chunk, as an index bound.
const SIZE: usize = CHUNK_SIZE as usize;
/// The lowest y a cave may carve: the bedrock and the few layers over it stay whole.
pub(super) const CAVE_FLOOR: i32 = 5;
/// Caves close up gradually below this height instead of being sliced off at the floor.
const TAPER_TOP: i32 = 16;
/// How much each block below [`TAPER_TOP`] adds to the density.
const TAPER: f64 = 0.004;
/// Blocks of rock kept between a cave and any water cell.
const WATER_CLEARANCE: i32 = 4;
/// Wavelengths of the first tunnel noise across and along y. Stretched in y, its zero set is
/// mostly upright walls, and the tunnel's width comes from how fast it varies across.
const TUNNEL_A_WAVELENGTH: [f64; 2] = [56.0, 160.0];
/// Wavelengths of the second tunnel noise. Squashed in y, its zero set is mostly level sheets,
/// so where it crosses the first the tunnel runs level more than steep, as a walkable cave
/// should, and is about four blocks tall.
const TUNNEL_B_WAVELENGTH: [f64; 2] = [160.0, 40.0];
/// Tunnel radius in noise units (`a² + b² < r²`): about six blocks wide.
const TUNNEL_RADIUS: f64 = 0.09;
/// Wavelengths of the cavern noise; flat, since caverns are wider than tall.
const CAVERN_WAVELENGTH: [f64; 2] = [90.0, 45.0];
/// The cavern noise carves where it exceeds this.
const CAVERN_THRESHOLD: f64 = 0.6;
/// Scales the cavern term to the tunnel term's range so neither swamps the other near zero.
const CAVERN_WEIGHT: f64 = 0.1;

/// Salts naming each noise field.
mod salt {
    pub const TUNNEL_A: u64 = 101;
    pub const TUNNEL_B: u64 = 102;
    pub const CAVERNS: u64 = 103;
}

/// The seeded noise fields behind the caves.
pub(super) struct Caves {
    tunnel_a: Perlin,
    tunnel_b: Perlin,
    caverns: Perlin,
}

impl Caves {
    /// The caves for `seed`.
    pub(super) fn new(seed: u64) -> Self {
        Self {
            tunnel_a: Perlin::new(noise_seed(seed, salt::TUNNEL_A)),
            tunnel_b: Perlin::new(noise_seed(seed, salt::TUNNEL_B)),
            caverns: Perlin::new(noise_seed(seed, salt::CAVERNS)),
        }
    }

    /// The density at lattice point `(x, y, z)`: negative inside a cave.
    fn lattice_density(&self, x: i32, y: i32, z: i32) -> f64 {
        let (x, fy, z) = (f64::from(x), f64::from(y), f64::from(z));
        let at = |[across, up]: [f64; 2]| [x / across, fy / up, z / across];
        let a = self.tunnel_a.get(at(TUNNEL_A_WAVELENGTH));
        let b = self.tunnel_b.get(at(TUNNEL_B_WAVELENGTH));
        let tunnel = a * a + b * b - TUNNEL_RADIUS * TUNNEL_RADIUS;
        let cavern = (CAVERN_THRESHOLD - self.caverns.get(at(CAVERN_WAVELENGTH))) * CAVERN_WEIGHT;
        let taper = f64::from((TAPER_TOP - y).max(0)) * TAPER;
        tunnel.min(cavern) + taper
    }

    /// The density at block `(x, y, z)`, interpolated from the eight lattice points around
    /// it exactly as [`CaveField`] does.
    pub(super) fn density(&self, x: i32, y: i32, z: i32) -> f64 {
        let [cx, cy, cz] = [x, y, z].map(|v| v.div_euclid(CELL) * CELL);
        let corner = |dx: i32, dy: i32, dz: i32| {
            self.lattice_density(cx + dx * CELL, cy + dy * CELL, cz + dz * CELL)
        };
        let [tx, ty, tz] = [x - cx, y - cy, z - cz].map(fraction);
        let plane = |dy: i32| {
            let near = lerp(corner(0, dy, 0), corner(1, dy, 0), tx);
            let far = lerp(corner(0, dy, 1), corner(1, dy, 1), tx);
            lerp(near, far, tz)
        };
        lerp(plane(0), plane(1), ty)
    }
}

/// The top (exclusive) of where caves may carve in a column with surface `height`, given the
/// lowest surface `lowest_around` among it and its eight neighbours.
///
/// Where that neighbourhood is all dry land, caves may break through the surface. Where any
/// of it holds water, they stay [`WATER_CLEARANCE`] blocks below the lowest ground, so no
/// carved cell ever touches a water cell above or beside it.
pub(super) fn cave_roof(height: i32, lowest_around: i32) -> i32 {
    if lowest_around <= SEA_LEVEL {
        lowest_around - WATER_CLEARANCE
    } else {
        height
    }
}

/// The cave density over a horizontal slab of one chunk, at every block.
pub(super) struct CaveField {
    /// The lattice layer index (y / [`CELL`]) of the first plane.
    first_layer: i32,
    /// Per lattice layer, the density interpolated over the chunk's 32 × 32 columns.
    planes: Vec<[f64; SIZE * SIZE]>,
}

impl CaveField {
    /// The field for heights `y_lo .. y_hi` of the chunk whose minimum corner is column
    /// `(x0, z0)`, which must be a chunk corner (a multiple of the chunk size).
    pub(super) fn new(caves: &Caves, x0: i32, z0: i32, y_lo: i32, y_hi: i32) -> Self {
        let first_layer = y_lo.div_euclid(CELL);
        let last_layer = (y_hi - 1).div_euclid(CELL) + 1;
        let planes = (first_layer..=last_layer)
            .map(|layer| Self::plane(caves, x0, layer * CELL, z0))
            .collect();
        Self {
            first_layer,
            planes,
        }
    }

    /// One lattice layer interpolated over the chunk: along x first, then z, the same order
    /// as [`Caves::density`].
    fn plane(caves: &Caves, x0: i32, y: i32, z0: i32) -> [f64; SIZE * SIZE] {
        let mut rows = [[0.0; SIZE]; POINTS];
        for (j, row) in rows.iter_mut().enumerate() {
            let z = z0 + j as i32 * CELL;
            let samples: [f64; POINTS] =
                std::array::from_fn(|i| caves.lattice_density(x0 + i as i32 * CELL, y, z));
            for (x, out) in row.iter_mut().enumerate() {
                let i = x / CELL as usize;
                *out = lerp(samples[i], samples[i + 1], fraction(x as i32 % CELL));
            }
        }
        let mut plane = [0.0; SIZE * SIZE];
        for (z, line) in plane.chunks_exact_mut(SIZE).enumerate() {
            let j = z / CELL as usize;
            let tz = fraction(z as i32 % CELL);
            for (x, out) in line.iter_mut().enumerate() {
                *out = lerp(rows[j][x], rows[j + 1][x], tz);
            }
        }
        plane
    }

    /// The density at local column `(x, z)` and world height `y`, which must lie in the
    /// range the field was made for.
    pub(super) fn density(&self, x: usize, y: i32, z: usize) -> f64 {
        let layer = (y.div_euclid(CELL) - self.first_layer) as usize;
        let i = z * SIZE + x;
        lerp(
            self.planes[layer][i],
            self.planes[layer + 1][i],
            fraction(y.rem_euclid(CELL)),
        )
    }
}

/// An offset inside a lattice cell as a fraction of the cell.
fn fraction(offset: i32) -> f64 {
    f64::from(offset) / f64::from(CELL)
}
