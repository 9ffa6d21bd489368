//! The render scale: the world drawn at half the picture's width and height and stretched
//! over it, the HUD and its text drawn at the picture's own size, exactly as at full scale.

use super::*;

/// The HUD with the hotbar, the F3 overlay's text and a line of chat.
fn busy_hud() -> HudState {
    HudState {
        hotbar: hewn_core::sim::DEFAULT_HOTBAR,
        selected: 4,
        overlay: Some(vec![
            "xyz 0.50 65.62 2.50".to_owned(),
            "render scale 50%".to_owned(),
        ]),
        banner: None,
        chat: vec![("<alex> the text stays sharp".to_owned(), 1.0)],
        player_list: None,
        scale: None,
        survival: None,
    }
}

/// Nothing but the water's even colour all round (an eye under water, no chunks), with the
/// HUD `hud` over it, at render `scale`.
fn hud_over_water(renderer: &mut Renderer, hud: &HudState, scale: f32) -> image::RgbaImage {
    renderer.set_render_scale(scale);
    let scene = Scene {
        underwater: true,
        hud: Some(hud),
        ..Scene::plain(
            camera(DVec3::new(0.5, 62.0, 1.5), 0.0, 0.0),
            NOON,
            (2.0, 40.0),
        )
    };
    renderer.capture(SIZE, &scene).expect("frame reads back")
}

#[test]
fn the_hud_and_its_text_are_the_same_pixels_at_render_scale_half_and_whole() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let hud = busy_hud();
    let whole = hud_over_water(&mut renderer, &hud, 1.0);
    let half = hud_over_water(&mut renderer, &hud, 0.5);
    let bare = hud_over_water(&mut renderer, &HudState::default(), 1.0);
    // The HUD covers a good part of the picture: the comparison is of something.
    let drawn = (whole.pixels().zip(bare.pixels())).filter(|(a, b)| a != b);
    assert!(drawn.count() > 2_000, "the HUD is drawn");
    // Behind it the water is one colour at either scale, so every pixel must be the same:
    // the HUD is drawn at the picture's own size, not stretched with the world.
    let differing: Vec<(u32, u32)> = (whole.enumerate_pixels().zip(half.pixels()))
        .filter(|((_, _, a), b)| a != b)
        .map(|((x, y, _), _)| (x, y))
        .take(5)
        .collect();
    assert!(differing.is_empty(), "pixels differ at {differing:?}");
}

#[test]
fn the_scene_at_half_render_scale_is_the_whole_scene_in_coarser_pixels() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let mut world = scene_world();
    renderer.set_render_scale(0.5);
    let half = the_scene(&mut renderer, &mut world, NOON, true);
    assert_matches_golden("render-scale-half", &half);
    renderer.set_render_scale(1.0);
    let whole = the_scene(&mut renderer, &mut world, NOON, true);
    // The same view in pixels twice the size: on average within a few levels of each
    // channel.
    let mut sum = 0.0;
    for (a, b) in whole.pixels().zip(half.pixels()) {
        for c in 0..3 {
            sum += f64::from(a[c].abs_diff(b[c]));
        }
    }
    let mean = sum / f64::from(SIZE.0 * SIZE.1 * 3);
    assert!(mean < 8.0, "the mean channel difference is {mean:.2}");
}
