//! Painting the atlas on the CPU from the textures of the content in use: the base pack's,
//! built into the game, and the packs' a world enables, each in its tile
//! ([`hewn_mesh::tiles::atlas_tiles`]).

use hewn_content::{Textures, base_texture};
use hewn_mesh::tiles::{ATLAS_COLUMNS, ATLAS_ROWS, TILE_SIZE, atlas_tiles};
use image::{ImageFormat, RgbaImage};

/// The atlas for the blocks in use, with the textures of the packs in play and, over them,
/// those of the texture pack chosen (none for [`Textures::default`]).
#[must_use]
pub fn atlas_image(texture_pack: &Textures) -> RgbaImage {
    paint(
        atlas_tiles(),
        hewn_content::installed_textures(),
        texture_pack,
    )
}

/// The atlas of `tiles`, by index, each painted from the texture of its name: the texture
/// pack's, or one of `packs`, or else the base pack's. A texture that does not decode, or a
/// name nothing holds, shows the unknown block's tile: a pack's textures were checked when
/// it was read, so only a file damaged since would.
#[must_use]
pub fn paint(tiles: &[String], packs: &Textures, texture_pack: &Textures) -> RgbaImage {
    let mut atlas = RgbaImage::new(ATLAS_COLUMNS * TILE_SIZE, ATLAS_ROWS * TILE_SIZE);
    let unknown = base_texture("unknown").and_then(decode);
    for (index, name) in (0..ATLAS_COLUMNS * ATLAS_ROWS).zip(tiles) {
        let png = (texture_pack.get(name))
            .or_else(|| packs.get(name))
            .or_else(|| base_texture(name));
        let Some(tile) = png.and_then(decode).or_else(|| unknown.clone()) else {
            continue;
        };
        let (column, row) = (index % ATLAS_COLUMNS, index / ATLAS_COLUMNS);
        image::imageops::replace(
            &mut atlas,
            &tile,
            i64::from(column * TILE_SIZE),
            i64::from(row * TILE_SIZE),
        );
    }
    atlas
}

/// A texture as a tile: decoded, and brought down to [`TILE_SIZE`] square by averaging
/// each block of texels as the mip chain does, if it is larger (a side that is a power of
/// two from 16 to 512, as packs are held to).
fn decode(png: &[u8]) -> Option<RgbaImage> {
    let image = image::load_from_memory_with_format(png, ImageFormat::Png).ok()?;
    let image = image.to_rgba8();
    let side = image.width();
    if side != image.height() || side < TILE_SIZE || side % TILE_SIZE != 0 {
        return None;
    }
    let step = side / TILE_SIZE;
    if step == 1 {
        return Some(image);
    }
    Some(RgbaImage::from_fn(TILE_SIZE, TILE_SIZE, |x, y| {
        image::Rgba(super::block_average(&image, x * step, y * step, step))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_mesh::tiles::UNKNOWN_TILE;

    /// The texel at (`x`, `y`) of the tile at `index`.
    fn texel(atlas: &RgbaImage, index: u32, x: u32, y: u32) -> [u8; 4] {
        let (column, row) = (index % ATLAS_COLUMNS, index / ATLAS_COLUMNS);
        atlas
            .get_pixel(column * TILE_SIZE + x, row * TILE_SIZE + y)
            .0
    }

    /// A PNG of `side` × `side` texels of one colour.
    fn png(side: u32, colour: [u8; 4]) -> Vec<u8> {
        let image = RgbaImage::from_pixel(side, side, image::Rgba(colour));
        let mut bytes = std::io::Cursor::new(Vec::new());
        image
            .write_to(&mut bytes, ImageFormat::Png)
            .expect("encodes");
        bytes.into_inner()
    }

    #[test]
    fn base_tiles_come_from_the_base_textures_and_pack_tiles_follow() {
        let mut packs = Textures::default();
        packs.insert_for_test("test:red", png(16, [200, 10, 10, 255]));
        packs.insert_for_test("test:big", png(64, [10, 10, 200, 255]));
        let mut tiles: Vec<String> = hewn_mesh::tiles::TILES.iter().map(|&t| t.into()).collect();
        let base = u32::try_from(tiles.len()).expect("a few tiles");
        tiles.extend(["test:red", "test:big", "test:lost"].map(String::from));
        let atlas = paint(&tiles, &packs, &Textures::default());
        let stone = decode(base_texture("stone").expect("stone")).expect("decodes");
        let at = u32::from(hewn_mesh::tiles::tile_index("stone").expect("a tile"));
        assert_eq!(texel(&atlas, at, 3, 5), stone.get_pixel(3, 5).0);
        assert_eq!(texel(&atlas, base, 7, 7), [200, 10, 10, 255]);
        // Four times the side, averaged down to the same colour.
        assert_eq!(texel(&atlas, base + 1, 0, 15), [10, 10, 200, 255]);
        // A name nothing holds shows the unknown block's magenta.
        let unknown = u32::from(UNKNOWN_TILE);
        assert_eq!(texel(&atlas, base + 2, 0, 0), texel(&atlas, unknown, 0, 0));
        assert_eq!(texel(&atlas, unknown, 0, 0), [248, 0, 248, 255]);
    }

    #[test]
    fn a_texture_that_does_not_decode_shows_the_unknown_tile() {
        let mut packs = Textures::default();
        let mut broken = png(16, [1, 2, 3, 255]);
        broken.truncate(40);
        packs.insert_for_test("test:broken", broken);
        let atlas = paint(&["test:broken".to_owned()], &packs, &Textures::default());
        assert_eq!(texel(&atlas, 0, 0, 0), [248, 0, 248, 255]);
    }

    #[test]
    fn a_texture_pack_paints_over_the_base_and_the_packs() {
        let mut packs = Textures::default();
        packs.insert_for_test("test:red", png(16, [200, 10, 10, 255]));
        let mut over = Textures::default();
        over.insert_for_test("stone", png(16, [1, 2, 3, 255]));
        let tiles: Vec<String> = ["stone", "dirt", "test:red"].map(String::from).to_vec();
        let atlas = paint(&tiles, &packs, &over);
        assert_eq!(texel(&atlas, 0, 4, 4), [1, 2, 3, 255]);
        let dirt = decode(base_texture("dirt").expect("dirt")).expect("decodes");
        assert_eq!(texel(&atlas, 1, 4, 4), dirt.get_pixel(4, 4).0);
        assert_eq!(texel(&atlas, 2, 4, 4), [200, 10, 10, 255]);
    }
}
