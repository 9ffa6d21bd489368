//! The view from under water: the surface overhead seen from below, and the pool's floor and
//! walls fading into the water's blue.

use super::*;

/// The flat world's fixed scene with a pool dug out beside it: 13 blocks across, 15 long
/// and 5 deep, full of water up to the grass.
fn pool() -> World {
    let mut world = scene_world();
    let water = BlockPos::cells_between(BlockPos::new(-6, 59, -12), BlockPos::new(6, 63, 2));
    world.set_blocks(water.map(|p| (p, Block::WATER)));
    world.set_block(BlockPos::new(1, 59, -6), Block::STONE);
    world.set_block(BlockPos::new(1, 60, -6), Block::STONE);
    world
}

/// The pool from an eye two blocks under its surface, looking a little up, as an eye under
/// water (`underwater`) or, for comparison, as if it were not.
fn from_the_pool(renderer: &mut Renderer, underwater: bool) -> image::RgbaImage {
    let mut world = pool();
    upload_around(renderer, &mut world, ChunkPos::new(0, 1, 0));
    let scene = Scene {
        underwater,
        ..Scene::plain(
            camera(DVec3::new(0.5, 62.0, 1.5), 0.0, 20.0),
            NOON,
            if underwater {
                (2.0, 40.0)
            } else {
                (30.0, 60.0)
            },
        )
    };
    renderer.capture(SIZE, &scene).expect("frame reads back")
}

/// The spread of the brightest channel over the rectangle, as its standard deviation.
fn spread(picture: &image::RgbaImage, (x0, x1): (u32, u32), (y0, y1): (u32, u32)) -> f64 {
    let mean = mean_brightness(picture, (x0, x1), (y0, y1));
    let mut sum = 0.0;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = picture.get_pixel(x, y);
            sum += (f64::from(p[0].max(p[1]).max(p[2])) - mean).powi(2);
        }
    }
    (sum / f64::from((x1 - x0) * (y1 - y0))).sqrt()
}

#[test]
fn under_water_the_surface_shows_from_below_in_the_waters_own_fog() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let under = from_the_pool(&mut renderer, true);
    assert_matches_golden("underwater", &under);
    // Above the eye is the surface, seen from below: the water's rippled texture, where an
    // eye taken for one in the air sees through the culled surface to the even sky.
    let overhead = ((0, 320), (0, 40));
    let above = from_the_pool(&mut renderer, false);
    assert!(
        spread(&under, overhead.0, overhead.1) > 2.0 * spread(&above, overhead.0, overhead.1),
        "the surface's texture shows from below"
    );
    // The top rows are the water's, bluer than they are red by far.
    let p = under.get_pixel(160, 5);
    assert!(u16::from(p[2]) > 2 * u16::from(p[0]), "{p:?} is water blue");
}
