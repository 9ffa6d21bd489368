//! Biomes: which kind of land a column is, from its height and two climate fields.
//!
//! As in Minecraft 1.18 (Kniberg, "Reinventing Minecraft world generation", 2022) the biome
//! is read off smooth noise rather than painted in regions: a *temperature* and a *humidity*
//! field, each one octave of simplex noise a thousand or so blocks across, choose among the
//! land biomes, and the height chooses ocean, beach and mountains before them:
//!
//! ```text
//!   ground under the sea (2+ deep)  ocean         humidity →   dry       wet
//!   ground near sea level           beach         cold         tundra    taiga
//!   in a mountain range             mountains     temperate    plains    forest
//!   otherwise, by climate ──────────────────────▶ hot          desert    forest
//! ```
//!
//! Biomes never change the height, so a border between two is as smooth as any other
//! ground. Both fields are sampled on the height lattice and interpolated, which keeps them
//! cheap, and a column's climate is shifted by a small hash before it is classified, so a
//! border is a ragged band a few blocks wide rather than a clean contour line.

use noise::{NoiseFn, OpenSimplex};

use super::SEA_LEVEL;
use super::hash::{hash2, noise_seed, unit};

/// The kinds of land, each with its own ground, trees and plants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Biome {
    /// Open water over sand and gravel, frozen over where it is cold.
    Ocean,
    /// Sand at the water's edge.
    Beach,
    /// Grass with tall grass and patches of flowers, and a lone oak here and there.
    Plains,
    /// Oaks and birches close together over grass.
    Forest,
    /// Sand over sandstone, with cacti and dead bushes and no trees.
    Desert,
    /// Snow over the ground, a rare spruce, and ice on the water.
    SnowyTundra,
    /// Spruce woods on snowy ground, and ice on the water.
    Taiga,
    /// Ridges of bare stone above the tree line, snow on the peaks.
    Mountains,
}

impl Biome {
    /// Every biome.
    pub const ALL: [Self; 8] = [
        Self::Ocean,
        Self::Beach,
        Self::Plains,
        Self::Forest,
        Self::Desert,
        Self::SnowyTundra,
        Self::Taiga,
        Self::Mountains,
    ];

    /// The biome's name, lowercase, as the debug overlay shows it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Ocean => "ocean",
            Self::Beach => "beach",
            Self::Plains => "plains",
            Self::Forest => "forest",
            Self::Desert => "desert",
            Self::SnowyTundra => "snowy tundra",
            Self::Taiga => "taiga",
            Self::Mountains => "mountains",
        }
    }

    /// Whether snow lies on its ground and ice on its still water.
    #[must_use]
    pub const fn is_cold(self) -> bool {
        matches!(self, Self::SnowyTundra | Self::Taiga)
    }
}

impl std::fmt::Display for Biome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Wavelength of the temperature field, in blocks.
const TEMPERATURE_WAVELENGTH: f64 = 1100.0;
/// Wavelength of the humidity field, in blocks.
const HUMIDITY_WAVELENGTH: f64 = 800.0;
/// Below this temperature the land is tundra or taiga, and the sea freezes.
const COLD: f64 = -0.2;
/// Above this temperature dry land is desert.
const HOT: f64 = 0.2;
/// Above this humidity the land is wooded.
const WET: f64 = 0.05;
/// Mountains where the range weight of the height noise exceeds this.
const MOUNTAIN_RANGE: f64 = 0.45;
/// How far a column's hash shifts its climate, in field units: the width of the ragged
/// band along a border.
const BORDER_JITTER: f64 = 0.03;

/// Wavelength of the meander of a frozen sea's edge, in blocks.
const ICE_EDGE_WAVELENGTH: f64 = 40.0;
/// How far the meander shifts the temperature a sea freezes at, in field units: bays and
/// tongues of ice tens of blocks deep where the field's contour alone is nearly straight.
const ICE_EDGE_MEANDER: f64 = 0.05;

/// Salts naming the climate fields and the border jitter.
mod salt {
    pub const TEMPERATURE: u64 = 301;
    pub const HUMIDITY: u64 = 302;
    pub const JITTER: u64 = 303;
    pub const ICE_EDGE: u64 = 304;
}

/// A point's climate: the two fields, and how deep in a mountain range it lies (0 to 1,
/// from the height noise).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Climate {
    /// Roughly -0.6 (arctic) to 0.6 (desert).
    pub temperature: f64,
    /// Roughly -0.6 (dry) to 0.6 (wet).
    pub humidity: f64,
    /// The mountain range weight the height noise gives.
    pub range: f64,
}

/// The seeded climate fields.
pub(super) struct ClimateNoise {
    seed: u64,
    temperature: OpenSimplex,
    humidity: OpenSimplex,
    ice_edge: OpenSimplex,
}

impl ClimateNoise {
    /// The fields for `seed`.
    pub(super) fn new(seed: u64) -> Self {
        Self {
            seed,
            temperature: OpenSimplex::new(noise_seed(seed, salt::TEMPERATURE)),
            humidity: OpenSimplex::new(noise_seed(seed, salt::HUMIDITY)),
            ice_edge: OpenSimplex::new(noise_seed(seed, salt::ICE_EDGE)),
        }
    }

    /// Temperature and humidity at `(x, z)`.
    pub(super) fn sample(&self, x: i32, z: i32) -> (f64, f64) {
        let at = |wavelength: f64| [f64::from(x) / wavelength, f64::from(z) / wavelength];
        (
            self.temperature.get(at(TEMPERATURE_WAVELENGTH)),
            self.humidity.get(at(HUMIDITY_WAVELENGTH)),
        )
    }

    /// The biome of column `(x, z)` with surface `height` and climate `climate`.
    pub(super) fn classify(&self, x: i32, z: i32, height: i32, climate: Climate) -> Biome {
        let top_y = height - 1;
        if top_y < SEA_LEVEL - 2 {
            return Biome::Ocean;
        }
        if top_y <= SEA_LEVEL + 1 {
            return Biome::Beach;
        }
        if climate.range > MOUNTAIN_RANGE {
            return Biome::Mountains;
        }
        let h = hash2(self.seed, salt::JITTER, x, z);
        let jitter = |bits: u64| (unit(bits) * 2.0 - 1.0) * BORDER_JITTER;
        let t = climate.temperature + jitter(h);
        let wet = climate.humidity + jitter(h.rotate_left(32)) > WET;
        match (t < COLD, t > HOT, wet) {
            (true, _, true) => Biome::Taiga,
            (true, _, false) => Biome::SnowyTundra,
            (_, _, true) => Biome::Forest,
            (_, true, false) => Biome::Desert,
            _ => Biome::Plains,
        }
    }

    /// Whether the sea over column `(x, z)` of climate `climate` freezes: where the land
    /// would be cold, the edge meandering (a noise of [`ICE_EDGE_WAVELENGTH`]) and ragged
    /// (the borders' jitter, as floes), since the temperature's contour alone runs nearly
    /// straight for hundreds of blocks.
    pub(super) fn freezes(&self, x: i32, z: i32, climate: Climate) -> bool {
        let at = [
            f64::from(x) / ICE_EDGE_WAVELENGTH,
            f64::from(z) / ICE_EDGE_WAVELENGTH,
        ];
        let meander = self.ice_edge.get(at) * ICE_EDGE_MEANDER;
        let h = hash2(self.seed, salt::ICE_EDGE, x, z);
        let jitter = (unit(h) * 2.0 - 1.0) * BORDER_JITTER;
        climate.temperature + meander + jitter < COLD
    }
}
