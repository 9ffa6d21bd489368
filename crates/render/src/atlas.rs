//! The block atlas on the GPU: its tiles at full size for everything drawn near, and under
//! them a chain of halvings that ends in one texel per tile, the tile's average colour.
//!
//! The far view paints its faces with that last texel. Past the render distance a block is
//! a few pixels wide, so its texture cannot be seen anyway (sampled texel by texel it only
//! shimmers as the eye moves), and a software rasteriser pays for a texture read at every
//! pixel. Distant Horizons draws its far terrain in block colours for the same reasons.

use hewn_mesh::tiles::{ATLAS_COLUMNS, ATLAS_ROWS, TILE_SIZE};
use image::RgbaImage;
use wgpu::util::DeviceExt;

mod paint;

pub use paint::{atlas_image, paint};

/// Mip levels of the atlas: full size, then halvings until a tile is one texel (16 → 1).
pub const ATLAS_MIPS: u32 = TILE_SIZE.trailing_zeros() + 1;

/// The atlas as sampled by the world, the HUD and the menus.
pub struct AtlasTexture {
    /// The texture, written again when the content in use changes.
    texture: wgpu::Texture,
    /// Every mip level, in the sRGB format the shaders read as linear colour.
    pub view: wgpu::TextureView,
    /// Level 0 only, in a plain format: egui decodes sRGB itself.
    pub menu_view: wgpu::TextureView,
}

impl AtlasTexture {
    /// Uploads `atlas`, whose size must be the atlas's (`ATLAS_COLUMNS` × `ATLAS_ROWS` tiles),
    /// with its mip chain.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue, atlas: &RgbaImage) -> Self {
        debug_assert_eq!(
            atlas.dimensions(),
            (ATLAS_COLUMNS * TILE_SIZE, ATLAS_ROWS * TILE_SIZE)
        );
        let texture = device.create_texture_with_data(
            queue,
            &wgpu::TextureDescriptor {
                label: Some("block atlas"),
                size: wgpu::Extent3d {
                    width: atlas.width(),
                    height: atlas.height(),
                    depth_or_array_layers: 1,
                },
                mip_level_count: ATLAS_MIPS,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: wgpu::TextureFormat::Rgba8UnormSrgb,
                usage: wgpu::TextureUsages::TEXTURE_BINDING,
                view_formats: &[wgpu::TextureFormat::Rgba8Unorm],
            },
            wgpu::util::TextureDataOrder::LayerMajor,
            &mip_chain(atlas),
        );
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let menu_view = texture.create_view(&wgpu::TextureViewDescriptor {
            format: Some(wgpu::TextureFormat::Rgba8Unorm),
            mip_level_count: Some(1),
            ..Default::default()
        });
        Self {
            texture,
            view,
            menu_view,
        }
    }

    /// Replaces every texel, at every level, with `atlas`'s (of the same size): a world
    /// with other packs' textures opened. The views and everything bound to them stay.
    pub fn write(&self, queue: &wgpu::Queue, atlas: &RgbaImage) {
        let chain = mip_chain(atlas);
        let mut start = 0;
        for level in 0..ATLAS_MIPS {
            let (width, height) = (atlas.width() >> level, atlas.height() >> level);
            let bytes = (width * height * 4) as usize;
            queue.write_texture(
                wgpu::TexelCopyTextureInfo {
                    texture: &self.texture,
                    mip_level: level,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: wgpu::TextureAspect::All,
                },
                &chain[start..start + bytes],
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(width * 4),
                    rows_per_image: Some(height),
                },
                wgpu::Extent3d {
                    width,
                    height,
                    depth_or_array_layers: 1,
                },
            );
            start += bytes;
        }
    }
}

/// The bytes of every mip level of `atlas`, level 0 first, as the GPU takes them.
///
/// Each texel of level n averages the 2ⁿ × 2ⁿ texels of level 0 under it, in linear light
/// and weighted by alpha: a leaf tile's holes neither darken nor lighten its green, and
/// they show in the average's alpha. Averaging from level 0 (not from the level above)
/// rounds once, so the last level is each tile's exact average to the nearest byte.
pub fn mip_chain(atlas: &RgbaImage) -> Vec<u8> {
    let mut bytes = atlas.as_raw().clone();
    for level in 1..ATLAS_MIPS {
        let side = 1 << level;
        let (width, height) = (atlas.width() >> level, atlas.height() >> level);
        for y in 0..height {
            for x in 0..width {
                bytes.extend(block_average(atlas, x * side, y * side, side));
            }
        }
    }
    bytes
}

/// The average of the `side` × `side` texels from (`left`, `top`), as an sRGB texel.
pub(super) fn block_average(atlas: &RgbaImage, left: u32, top: u32, side: u32) -> [u8; 4] {
    let mut premultiplied = [0.0f64; 3];
    let mut alpha = 0.0f64;
    for y in top..top + side {
        for x in left..left + side {
            let texel = atlas.get_pixel(x, y).0;
            let a = f64::from(texel[3]) / 255.0;
            for (sum, &channel) in premultiplied.iter_mut().zip(&texel[..3]) {
                *sum += srgb_to_linear(f64::from(channel) / 255.0) * a;
            }
            alpha += a;
        }
    }
    let colour = if alpha > 0.0 {
        premultiplied.map(|sum| linear_to_srgb(sum / alpha))
    } else {
        [0.0; 3]
    };
    let texels = f64::from(side * side);
    let byte = |value: f64| (value * 255.0).round().clamp(0.0, 255.0) as u8;
    [
        byte(colour[0]),
        byte(colour[1]),
        byte(colour[2]),
        byte(alpha / texels),
    ]
}

/// An sRGB-encoded channel's linear value.
pub(super) fn srgb_to_linear(c: f64) -> f64 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f64) -> f64 {
    if c <= 0.0031308 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The last level's texel of the tile at (`column`, `row`).
    fn tile_texel(chain: &[u8], column: u32, row: u32) -> [u8; 4] {
        let mut start = 0;
        let (mut width, mut height) = (ATLAS_COLUMNS * TILE_SIZE, ATLAS_ROWS * TILE_SIZE);
        for _ in 1..ATLAS_MIPS {
            start += (width * height * 4) as usize;
            width /= 2;
            height /= 2;
        }
        assert_eq!((width, height), (ATLAS_COLUMNS, ATLAS_ROWS));
        let at = start + ((row * width + column) * 4) as usize;
        chain[at..at + 4].try_into().unwrap()
    }

    fn blank_atlas() -> RgbaImage {
        RgbaImage::new(ATLAS_COLUMNS * TILE_SIZE, ATLAS_ROWS * TILE_SIZE)
    }

    #[test]
    fn the_chain_holds_every_level_and_ends_in_a_texel_per_tile() {
        let atlas = blank_atlas();
        let texels: u32 = (0..ATLAS_MIPS)
            .map(|level| (atlas.width() >> level) * (atlas.height() >> level))
            .sum();
        assert_eq!(mip_chain(&atlas).len(), texels as usize * 4);
        assert_eq!(TILE_SIZE >> (ATLAS_MIPS - 1), 1);
    }

    #[test]
    fn a_tile_of_black_and_white_halves_averages_in_linear_light() {
        let mut atlas = blank_atlas();
        let (column, row) = (3, 5);
        for y in 0..TILE_SIZE {
            for x in 0..TILE_SIZE {
                let value = if x < TILE_SIZE / 2 { 0 } else { 255 };
                let at = (column * TILE_SIZE + x, row * TILE_SIZE + y);
                atlas.put_pixel(at.0, at.1, image::Rgba([value, value, value, 255]));
            }
        }
        // Half the light of white is sRGB 188, not the 128 of averaging the bytes.
        assert_eq!(
            tile_texel(&mip_chain(&atlas), column, row),
            [188, 188, 188, 255]
        );
        // Its neighbour, untouched, stays transparent black.
        assert_eq!(tile_texel(&mip_chain(&atlas), column + 1, row), [0; 4]);
    }

    #[test]
    fn holes_in_a_tile_leave_its_colour_and_thin_its_alpha() {
        let mut atlas = blank_atlas();
        for y in 0..TILE_SIZE {
            for x in 0..TILE_SIZE {
                // A leaf: green where opaque, and transparent (whatever its colour) in a
                // quarter of the texels.
                let texel = if x % 2 == 0 && y % 2 == 0 {
                    [255, 0, 255, 0]
                } else {
                    [40, 160, 30, 255]
                };
                atlas.put_pixel(x, y, image::Rgba(texel));
            }
        }
        assert_eq!(tile_texel(&mip_chain(&atlas), 0, 0), [40, 160, 30, 191]);
    }

    #[test]
    fn the_base_atlas_averages_grass_green_and_water_blue() {
        let atlas = atlas_image(&hewn_content::Textures::default());
        let chain = mip_chain(&atlas);
        let texel = |name: &str| {
            let index = u32::from(hewn_mesh::tiles::tile_index(name).unwrap());
            tile_texel(&chain, index % ATLAS_COLUMNS, index / ATLAS_COLUMNS)
        };
        let [r, g, b, _] = texel("grass_top");
        assert!(g > r && g > b, "grass averages {r} {g} {b}");
        let [r, g, b, _] = texel("water");
        assert!(b > r && b > g, "water averages {r} {g} {b}");
    }
}
