//! The terrain's surface: how high each column's ground reaches, and what it is made of.
//!
//! The height is a sum of three layers, after the "continentalness, erosion, peaks and
//! valleys" split of Minecraft 1.18 (Henrik Kniberg, "Reinventing Minecraft world generation",
//! 2022), reduced to what a sandbox needs:
//!
//! - *continents*: low-frequency fBm mapped through a spline to a base height, so the world
//!   has deep seas, shallow coasts and inland plateaus rather than one rolling level;
//! - *hills*: mid-frequency fBm whose amplitude a second noise varies, giving flat plains next
//!   to rolling hills;
//! - *mountains*: ridged multifractal noise (Musgrave, in Ebert et al., "Texturing and
//!   Modeling: A Procedural Approach") added only where a very low-frequency mask and the
//!   continent layer agree the land is far inland, so peaks rise out of hills rather than out
//!   of the sea.
//!
//! Noise is sampled only on a lattice every [`CELL`] blocks and interpolated bilinearly in
//! between, the economy Minecraft's generator made from Beta to 1.17 (it sampled its density
//! noise every 4 blocks across and 8 up): the layers vary over tens of blocks, so the lattice
//! loses nothing visible and saves fifteen noise evaluations in sixteen. The lattice is
//! anchored to world coordinates, not to chunks, so every chunk that asks for a column gets
//! bit-identical interpolation.

use noise::{Fbm, MultiFractal, NoiseFn, OpenSimplex, RidgedMulti};

use super::SEA_LEVEL;
use super::biomes::{Biome, Climate, ClimateNoise};
use super::hash::{hash2, noise_seed};
use crate::world::Block;

/// Spacing in blocks of the lattice the height noise is sampled on.
pub(super) const CELL: i32 = 4;
/// The lowest surface any column may have (sea floors never reach the bedrock).
pub(super) const MIN_SURFACE: i32 = 8;
/// The highest surface any column may have; chunks above it and its trees are empty sky.
pub(super) const MAX_SURFACE: i32 = 200;
/// Blocks of dirt (or sand, or gravel) between the top block and the stone.
const FILLER_DEPTH: i32 = 3;
/// Blocks of sandstone under a desert's sand, before the stone.
const SANDSTONE_DEPTH: i32 = 4;
/// A column this many blocks above a face neighbour is a cliff and shows bare stone.
const CLIFF_STEP: i32 = 3;
/// Above this height (give or take [`ROCK_LINE_JITTER`]) grass gives way to bare stone.
const ROCK_LINE: i32 = 128;
/// The same, lower, in the mountains: the ridges rise bare above their wooded valleys.
const MOUNTAIN_ROCK_LINE: i32 = 100;
/// Above this height (give or take the same jitter) the peaks are capped with snow.
const SNOW_LINE: i32 = 140;
/// How far the rock line wanders column to column, so it is ragged rather than a contour.
const ROCK_LINE_JITTER: u64 = 8;
/// Height the ridges add at the heart of a mountain range, on top of the hills.
const MOUNTAIN_HEIGHT: f64 = 90.0;
/// Roughly the standard deviation of the crate's 2D fBm, which averages its octaves and so
/// rarely leaves ±0.4; dividing by this spreads the layers over about ±1.
const FBM_SPREAD: f64 = 0.35;
/// How far hills rise and sink around the base height on sea floors, plains and in hill
/// country, in blocks per unit of hill noise.
const SEA_FLOOR_RELIEF: f64 = 4.0;
/// See [`SEA_FLOOR_RELIEF`].
const PLAINS_RELIEF: f64 = 5.0;
/// See [`SEA_FLOOR_RELIEF`].
const HILLS_RELIEF: f64 = 26.0;

/// Base height by continentalness: piecewise linear through these `(value, height)` points.
/// About two fifths of the world lies below -0.16 and is sea; a narrow band above is coast
/// and beach; beyond it the land rises slowly inland.
const CONTINENT_SPLINE: [(f64, f64); 9] = [
    (-1.0, 28.0),
    (-0.55, 36.0),
    (-0.3, 50.0),
    (-0.2, 58.0),
    (-0.16, 63.0),
    (-0.1, 66.0),
    (0.1, 69.0),
    (0.5, 76.0),
    (1.0, 84.0),
];

/// Salts naming each noise field, so each gets its own seed.
mod salt {
    pub const CONTINENTS: u64 = 1;
    pub const HILLS: u64 = 2;
    pub const HILLINESS: u64 = 3;
    pub const MOUNTAINS: u64 = 4;
    pub const RIDGES: u64 = 5;
    pub const GRAVEL: u64 = 6;
    pub const ROCK_LINE: u64 = 7;
}

/// What the noise gives at one lattice point: the unrounded height and the climate.
#[derive(Clone, Copy, Debug)]
struct Sample {
    height: f64,
    climate: Climate,
}

/// The seeded noise fields behind the surface.
pub(super) struct HeightNoise {
    seed: u64,
    continents: Fbm<OpenSimplex>,
    hills: Fbm<OpenSimplex>,
    hilliness: OpenSimplex,
    mountains: Fbm<OpenSimplex>,
    ridges: RidgedMulti<OpenSimplex>,
    gravel: OpenSimplex,
    climate: ClimateNoise,
}

impl HeightNoise {
    /// The fields for `seed`.
    pub(super) fn new(seed: u64) -> Self {
        let fbm = |salt, octaves, wavelength: f64| {
            Fbm::<OpenSimplex>::new(noise_seed(seed, salt))
                .set_octaves(octaves)
                .set_frequency(1.0 / wavelength)
                .set_lacunarity(2.0)
                .set_persistence(0.5)
        };
        Self {
            seed,
            continents: fbm(salt::CONTINENTS, 4, 1400.0),
            hills: fbm(salt::HILLS, 4, 220.0),
            hilliness: OpenSimplex::new(noise_seed(seed, salt::HILLINESS)),
            mountains: fbm(salt::MOUNTAINS, 2, 1800.0),
            ridges: RidgedMulti::<OpenSimplex>::new(noise_seed(seed, salt::RIDGES))
                .set_octaves(5)
                .set_frequency(1.0 / 420.0)
                .set_lacunarity(2.0),
            gravel: OpenSimplex::new(noise_seed(seed, salt::GRAVEL)),
            climate: ClimateNoise::new(seed),
        }
    }

    /// The unrounded height and the climate at lattice point `(x, z)`.
    fn sample(&self, x: i32, z: i32) -> Sample {
        let p = [f64::from(x), f64::from(z)];
        let c = self.continents.get(p) / FBM_SPREAD;
        let land = smoothstep(-0.2, 0.0, c);
        let hilliness = smoothstep(-0.3, 0.3, self.hilliness.get(scale(p, 1.0 / 600.0)));
        let amplitude = lerp(
            SEA_FLOOR_RELIEF,
            lerp(PLAINS_RELIEF, HILLS_RELIEF, hilliness),
            land,
        );
        let mut h = spline(&CONTINENT_SPLINE, c) + self.hills.get(p) / FBM_SPREAD * amplitude;
        let inland = smoothstep(0.0, 0.35, c);
        let range = smoothstep(0.1, 0.6, self.mountains.get(p) / FBM_SPREAD) * inland;
        if range > 0.0 {
            // RidgedMulti puts its ridges near 1 and its valleys near -1. Lifted to [0, 1]
            // and raised to the power 1.5, the valleys between ridges stay lower and the
            // crests sharper than the raw noise gives.
            let ridge = (0.5 * (self.ridges.get(p) + 1.0)).max(0.0);
            h += range * ridge * ridge.sqrt() * MOUNTAIN_HEIGHT;
        }
        let (temperature, humidity) = self.climate.sample(x, z);
        Sample {
            height: h,
            climate: Climate {
                temperature,
                humidity,
                range,
            },
        }
    }

    /// The surface height and the climate at lattice point `(x, z)` (both multiples of
    /// [`CELL`]): what [`HeightNoise::surface_height`] gives there, from one sample rather
    /// than four.
    pub(super) fn lattice_point(&self, x: i32, z: i32) -> (i32, Climate) {
        debug_assert!(
            x % CELL == 0 && z % CELL == 0,
            "({x}, {z}) is not on the lattice"
        );
        let sample = self.sample(x, z);
        (interpolate([sample.height; 4], 0, 0), sample.climate)
    }

    /// The four lattice samples around column `(x, z)`, and its offset in their cell.
    fn corners(&self, x: i32, z: i32) -> ([Sample; 4], i32, i32) {
        let (cx, cz) = (x.div_euclid(CELL) * CELL, z.div_euclid(CELL) * CELL);
        let corners = [
            self.sample(cx, cz),
            self.sample(cx + CELL, cz),
            self.sample(cx, cz + CELL),
            self.sample(cx + CELL, cz + CELL),
        ];
        (corners, x - cx, z - cz)
    }

    /// The surface height of column `(x, z)`: the y of the first cell above the ground.
    pub(super) fn surface_height(&self, x: i32, z: i32) -> i32 {
        let (corners, dx, dz) = self.corners(x, z);
        interpolate(corners.map(|c| c.height), dx, dz)
    }

    /// The biome of column `(x, z)`, as a [`HeightMap`] holding it would give.
    pub(super) fn biome(&self, x: i32, z: i32) -> Biome {
        let (corners, dx, dz) = self.corners(x, z);
        let height = interpolate(corners.map(|c| c.height), dx, dz);
        let climate = interpolate_climate(corners.map(|c| c.climate), dx, dz);
        self.climate.classify(x, z, height, climate)
    }

    /// Whether a sea floor at `(x, z)` is gravel rather than sand: patches a few tens of
    /// blocks across.
    fn gravel_at(&self, x: i32, z: i32) -> bool {
        self.gravel.get([f64::from(x) / 24.0, f64::from(z) / 24.0]) > 0.25
    }

    /// What column `(x, z)` with surface height `height` and climate `climate` is made of,
    /// given the largest drop to a face neighbour (`cliff`).
    pub(super) fn column(
        &self,
        x: i32,
        z: i32,
        height: i32,
        cliff: i32,
        climate: Climate,
    ) -> Column {
        let biome = self.climate.classify(x, z, height, climate);
        let top_y = height - 1;
        let jitter = (hash2(self.seed, salt::ROCK_LINE, x, z) % ROCK_LINE_JITTER) as i32;
        let rock_line = if biome == Biome::Mountains {
            MOUNTAIN_ROCK_LINE
        } else {
            ROCK_LINE
        };
        let desert = biome == Biome::Desert;
        let (top, filler) = match biome {
            Biome::Ocean => {
                let floor = if self.gravel_at(x, z) {
                    Block::GRAVEL
                } else {
                    Block::SAND
                };
                (floor, floor)
            }
            Biome::Beach => (Block::SAND, Block::SAND),
            _ if top_y >= SNOW_LINE + jitter => (Block::SNOW, Block::STONE),
            _ if cliff >= CLIFF_STEP || top_y >= rock_line + jitter => {
                let rock = if desert {
                    Block::SANDSTONE
                } else {
                    Block::STONE
                };
                (rock, rock)
            }
            Biome::Desert => (Block::SAND, Block::SAND),
            _ if biome.is_cold() => (Block::SNOW, Block::DIRT),
            _ => (Block::GRASS, Block::DIRT),
        };
        Column {
            height,
            top,
            filler,
            under: if desert {
                Block::SANDSTONE
            } else {
                Block::STONE
            },
            frozen: self.climate.freezes(x, z, climate),
            biome,
        }
    }
}

/// What a column is made of, from its surface down to the bedrock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Column {
    /// The y of the first cell above the ground.
    pub height: i32,
    /// The block at `height - 1`.
    pub top: Block,
    /// The [`FILLER_DEPTH`] blocks under the top.
    pub filler: Block,
    /// The [`SANDSTONE_DEPTH`] blocks under the filler: sandstone in deserts, else stone.
    pub under: Block,
    /// Whether the sea over it freezes: its top cell is ice.
    pub frozen: bool,
    /// Its biome.
    pub biome: Biome,
}

impl Column {
    /// The block at height `y`, before caves and trees.
    pub(super) fn block(self, y: i32) -> Block {
        let top_y = self.height - 1;
        if y == 0 {
            Block::BEDROCK
        } else if y < top_y - FILLER_DEPTH - SANDSTONE_DEPTH {
            Block::STONE
        } else if y < top_y - FILLER_DEPTH {
            self.under
        } else if y < top_y {
            self.filler
        } else if y == top_y {
            self.top
        } else if y == SEA_LEVEL && self.frozen {
            Block::ICE
        } else if y <= SEA_LEVEL {
            Block::WATER
        } else {
            Block::AIR
        }
    }
}

/// Surface heights for a rectangle of columns, computed from one shared lattice.
pub(super) struct HeightMap {
    x0: i32,
    z0: i32,
    width: i32,
    depth: i32,
    heights: Vec<i32>,
    /// The lattice cell of the first sample, and samples per row.
    lattice_origin: (i32, i32),
    lattice_width: i32,
    /// The climate at each lattice point, for each column's biome.
    climates: Vec<Climate>,
}

impl HeightMap {
    /// Heights of columns `x0 .. x0 + width` by `z0 .. z0 + depth`.
    pub(super) fn new(noise: &HeightNoise, x0: i32, z0: i32, width: i32, depth: i32) -> Self {
        let (cx0, cz0) = (x0.div_euclid(CELL), z0.div_euclid(CELL));
        let cw = (x0 + width - 1).div_euclid(CELL) - cx0 + 2;
        let cd = (z0 + depth - 1).div_euclid(CELL) - cz0 + 2;
        let mut lattice = Vec::with_capacity((cw * cd) as usize);
        let mut climates = Vec::with_capacity((cw * cd) as usize);
        for j in 0..cd {
            for i in 0..cw {
                let sample = noise.sample((cx0 + i) * CELL, (cz0 + j) * CELL);
                lattice.push(sample.height);
                climates.push(sample.climate);
            }
        }
        let mut heights = Vec::with_capacity((width * depth) as usize);
        for z in z0..z0 + depth {
            let j = z.div_euclid(CELL) - cz0;
            for x in x0..x0 + width {
                let i = x.div_euclid(CELL) - cx0;
                let at = |di: i32, dj: i32| lattice[((j + dj) * cw + i + di) as usize];
                let corners = [at(0, 0), at(1, 0), at(0, 1), at(1, 1)];
                heights.push(interpolate(corners, x.rem_euclid(CELL), z.rem_euclid(CELL)));
            }
        }
        Self {
            x0,
            z0,
            width,
            depth,
            heights,
            lattice_origin: (cx0, cz0),
            lattice_width: cw,
            climates,
        }
    }

    /// The climate at column `(x, z)`, interpolated from the lattice as
    /// [`HeightNoise::biome`] does.
    pub(super) fn climate(&self, x: i32, z: i32) -> Climate {
        let (i, j) = (
            x.div_euclid(CELL) - self.lattice_origin.0,
            z.div_euclid(CELL) - self.lattice_origin.1,
        );
        let at =
            |di: i32, dj: i32| self.climates[((j + dj) * self.lattice_width + i + di) as usize];
        interpolate_climate(
            [at(0, 0), at(1, 0), at(0, 1), at(1, 1)],
            x.rem_euclid(CELL),
            z.rem_euclid(CELL),
        )
    }

    /// Whether column `(x, z)` is in the map.
    pub(super) fn contains(&self, x: i32, z: i32) -> bool {
        (self.x0..self.x0 + self.width).contains(&x) && (self.z0..self.z0 + self.depth).contains(&z)
    }

    /// The surface height of column `(x, z)`, which must be in the map.
    pub(super) fn get(&self, x: i32, z: i32) -> i32 {
        debug_assert!(
            self.contains(x, z),
            "column ({x}, {z}) outside the height map"
        );
        self.heights[((z - self.z0) * self.width + x - self.x0) as usize]
    }

    /// The lowest surface among column `(x, z)` and its eight neighbours, which must all be
    /// in the map.
    pub(super) fn min_around(&self, x: i32, z: i32) -> i32 {
        let mut min = i32::MAX;
        for dz in -1..=1 {
            for dx in -1..=1 {
                min = min.min(self.get(x + dx, z + dz));
            }
        }
        min
    }

    /// The column at `(x, z)`; it and its four face neighbours must be in the map.
    pub(super) fn column(&self, noise: &HeightNoise, x: i32, z: i32) -> Column {
        let h = self.get(x, z);
        let cliff = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .map(|(dx, dz)| h - self.get(x + dx, z + dz))
            .fold(0, i32::max);
        noise.column(x, z, h, cliff, self.climate(x, z))
    }
}

/// The surface height at offset `(dx, dz)` (each in `0..CELL`) inside a lattice cell with
/// corner heights `[(0,0), (1,0), (0,1), (1,1)]`. The one place heights are interpolated, so
/// [`HeightMap`] and [`HeightNoise::surface_height`] agree to the bit.
fn interpolate(corners: [f64; 4], dx: i32, dz: i32) -> i32 {
    let (tx, tz) = (
        f64::from(dx) / f64::from(CELL),
        f64::from(dz) / f64::from(CELL),
    );
    let near = lerp(corners[0], corners[1], tx);
    let far = lerp(corners[2], corners[3], tx);
    (lerp(near, far, tz).floor() as i32).clamp(MIN_SURFACE, MAX_SURFACE)
}

/// The climate at offset `(dx, dz)` inside a lattice cell with corner climates in the
/// order [`interpolate`] takes; like it, the one place climates are interpolated.
fn interpolate_climate(corners: [Climate; 4], dx: i32, dz: i32) -> Climate {
    let (tx, tz) = (
        f64::from(dx) / f64::from(CELL),
        f64::from(dz) / f64::from(CELL),
    );
    let field = |get: fn(&Climate) -> f64| {
        let near = lerp(get(&corners[0]), get(&corners[1]), tx);
        let far = lerp(get(&corners[2]), get(&corners[3]), tx);
        lerp(near, far, tz)
    };
    Climate {
        temperature: field(|c| c.temperature),
        humidity: field(|c| c.humidity),
        range: field(|c| c.range),
    }
}

fn scale(p: [f64; 2], by: f64) -> [f64; 2] {
    [p[0] * by, p[1] * by]
}

/// Linear interpolation, written one way only so every caller rounds the same.
pub(super) fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

/// 0 below `lo`, 1 above `hi`, and a smooth cubic between.
fn smoothstep(lo: f64, hi: f64, x: f64) -> f64 {
    let t = ((x - lo) / (hi - lo)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Piecewise-linear interpolation through `points`, sorted by x; flat beyond the ends.
fn spline(points: &[(f64, f64)], x: f64) -> f64 {
    let Some(&(first_x, first_y)) = points.first() else {
        return 0.0;
    };
    if x <= first_x {
        return first_y;
    }
    for pair in points.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        if x <= x1 {
            return lerp(y0, y1, (x - x0) / (x1 - x0));
        }
    }
    points.last().map_or(first_y, |&(_, y)| y)
}
