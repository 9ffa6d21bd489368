//! Atlas benchmarks: painting the atlas on the CPU, as the game does when it starts and when a
//! world with other packs opens, before the texels go to the GPU.
//!
//! - **atlas base**: the base pack's 159 textures, each a PNG decoded into its tile.
//! - **atlas base and 256 pack textures**: the same, and 256 more of a pack's, 32 × 32 each
//!   (averaged down to 16 × 16), the most the packs of one world may hold.

#![expect(
    missing_docs,
    reason = "criterion_group! defines an undocumented pub fn"
)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hewn_content::{MAX_PACK_TEXTURES, Textures};
use hewn_mesh::tiles::TILES;

/// A 32 × 32 PNG of scattered colours, the `seed`th.
fn texture(seed: u32) -> Vec<u8> {
    let image = image::RgbaImage::from_fn(32, 32, |x, y| {
        let v = (x * 7 + y * 13 + seed * 31) % 256;
        image::Rgba([v as u8, (v / 2) as u8, 255 - v as u8, 255])
    });
    let mut bytes = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut bytes, image::ImageFormat::Png)
        .expect("encodes");
    bytes.into_inner()
}

fn atlas(c: &mut Criterion) {
    let base: Vec<String> = TILES.iter().map(|&t| t.to_owned()).collect();
    c.bench_function("atlas base", |b| {
        b.iter(|| {
            hewn_render::paint_atlas(black_box(&base), &Textures::default(), &Textures::default())
        });
    });
    let mut packs = Textures::default();
    let mut tiles = base.clone();
    for i in 0..MAX_PACK_TEXTURES {
        let name = format!("bench:t{i}");
        packs.insert_for_test(&name, texture(u32::try_from(i).expect("a few")));
        tiles.push(name);
    }
    c.bench_function("atlas base and 256 pack textures", |b| {
        b.iter(|| hewn_render::paint_atlas(black_box(&tiles), &packs, &Textures::default()));
    });
}

criterion_group!(benches, atlas);
criterion_main!(benches);
