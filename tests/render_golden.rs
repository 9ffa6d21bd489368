//! Renders fixed scenes offscreen and compares them with the pictures in tests/golden/: the
//! scene by day, the same at night with torches, a closed room lit by a torch, a workshop lit
//! by a furnace's fire, survival's HUD, items, cracks, inventory and death screen, the title
//! screen with two worlds and the pause menu over the scene; checks that a crate shows its
//! own texture; the view from under water; the render scale; and that light sampled in the shader draws the scene as the vertices' light
//! does, within a stated tolerance.
//!
//! Skipped, with the reason printed, where no graphics adapter exists; with
//! `HEWN_REQUIRE_GPU=1` (as in CI, on Mesa's lavapipe) a missing adapter fails instead.
//! `HEWN_UPDATE_GOLDEN=1` rewrites the golden picture after an intended change.

use glam::{DVec3, IVec3};
use hewn::app::ui::pause;
use hewn::app::ui::title::{self, TitleState, WorldRow};
use hewn_core::sim::time::{MIDNIGHT, NOON};
use hewn_core::world::{Block, BlockPos, ChunkPos, Light, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::tiles::CRATE_TILE;
use hewn_mesh::{ChunkMesh, FreeBox, Neighbourhood, Shading};
use hewn_render::{Camera, FarScene, HudState, MenuFrame, Renderer, Scene};

#[path = "common/golden.rs"]
mod golden;

/// Playing with others: the multiplayer screen, the chat and the player list.
#[path = "render_golden/together.rs"]
mod together;

/// The crafting table and the furnaces.
#[path = "render_golden/workshop.rs"]
mod workshop;

/// Survival: hearts and air, items lying about, cracks, the inventory and the death screen.
#[path = "render_golden/survival.rs"]
mod survival;

/// The view from under water.
#[path = "render_golden/underwater.rs"]
mod underwater;

/// The render scale: the world at a fraction of the picture, the HUD sharp.
#[path = "render_golden/scale.rs"]
mod scale;

use golden::{CHANNEL_TOLERANCE, assert_matches_golden, compare_with_golden, gpu_or_skip};

const SIZE: (u32, u32) = (320, 200);

fn scene_world() -> World {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    let blocks = [
        (BlockPos::new(2, 64, -4), Block::STONE),
        (BlockPos::new(3, 64, -4), Block::COBBLESTONE),
        (BlockPos::new(3, 65, -4), Block::PLANKS),
        (BlockPos::new(-2, 64, -5), Block::LOG),
        (BlockPos::new(-2, 65, -5), Block::LOG),
        (BlockPos::new(-2, 66, -5), Block::LEAVES),
        (BlockPos::new(-3, 66, -5), Block::LEAVES),
        (BlockPos::new(0, 64, -3), Block::STONE_SLAB),
        (BlockPos::new(1, 64, -6), Block::GLASS),
        (BlockPos::new(-1, 63, -3), Block::WATER),
        (BlockPos::new(-1, 63, -2), Block::WATER),
        (BlockPos::new(5, 64, -8), Block::SAND),
        (BlockPos::new(6, 64, -8), Block::GRAVEL),
    ];
    for (pos, block) in blocks {
        world.set_block(pos, block);
    }
    world
}

/// The fixed scene with a torch on the stone block's west face and one standing on the
/// grass.
fn scene_with_torches() -> World {
    let mut world = scene_world();
    world.set_block(BlockPos::new(1, 64, -4), Block::WALL_TORCH_WEST);
    world.set_block(BlockPos::new(-3, 64, -3), Block::TORCH);
    world
}

/// A crate resting on what is below it.
fn crate_box(min: DVec3, max: DVec3) -> FreeBox {
    FreeBox {
        min,
        max,
        tile: CRATE_TILE,
        resting: true,
        light: Light::SKY,
    }
}

/// Loads the columns around the chunk `centre`, meshes the 3 × 3 × 3 chunks around it and
/// uploads them.
fn upload_around(renderer: &mut Renderer, world: &mut World, centre: ChunkPos) {
    upload_meshed(renderer, world, centre, ChunkMesh::build);
}

/// As [`upload_around`], meshing each chunk with `mesher`. Returns how many quads the
/// chunks hold.
fn upload_meshed(
    renderer: &mut Renderer,
    world: &mut World,
    centre: ChunkPos,
    mesher: fn(&mut ChunkMesh, &Neighbourhood),
) -> usize {
    for column in centre.column().around(2) {
        world.load_column(column);
    }
    let mut mesh = ChunkMesh::default();
    let mut quads = 0;
    for dy in -1..=1 {
        for dz in -1..=1 {
            for dx in -1..=1 {
                let pos = centre.offset(IVec3::new(dx, dy, dz));
                mesher(&mut mesh, &Neighbourhood::from_world(world, pos));
                renderer.upload_chunk(pos, &mesh);
                quads += mesh.quad_count();
            }
        }
    }
    quads
}

fn camera(eye: DVec3, yaw: f64, pitch: f64) -> Camera {
    Camera {
        eye,
        yaw,
        pitch,
        fov_y: 70.0,
        aspect: 1.0,
        far: 96.0,
    }
}

/// The mean of the pixels' brightest channels in the rectangle `x0..x1` × `y0..y1`.
fn mean_brightness(picture: &image::RgbaImage, (x0, x1): (u32, u32), (y0, y1): (u32, u32)) -> f64 {
    let mut sum = 0.0;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = picture.get_pixel(x, y);
            sum += f64::from(p[0].max(p[1]).max(p[2]));
        }
    }
    sum / f64::from((x1 - x0) * (y1 - y0))
}

/// The fixed scene, at `time`, with the HUD when `hud` is set, meshed by `mesher`, and how
/// many quads its chunks hold.
fn the_scene_meshed(
    renderer: &mut Renderer,
    world: &mut World,
    time: u64,
    hud: bool,
    mesher: fn(&mut ChunkMesh, &Neighbourhood),
) -> (image::RgbaImage, usize) {
    let quads = upload_meshed(renderer, world, ChunkPos::new(0, 2, 0), mesher);
    let hud = if hud {
        HudState {
            hotbar: hewn_core::sim::DEFAULT_HOTBAR,
            selected: 2,
            overlay: Some(vec!["xyz 0.50 65.62 2.50".to_owned()]),
            banner: None,
            chat: Vec::new(),
            player_list: None,
            scale: None,
            survival: None,
        }
    } else {
        HudState::default()
    };
    let target = BlockPos::new(2, 64, -4).min_corner();
    let scene = Scene {
        outline: &[(target, target + DVec3::ONE)],
        // A crate on the grass, and a small one stacked on the stone.
        boxes: &[
            crate_box(DVec3::new(-1.0, 64.0, -7.0), DVec3::new(0.0, 65.0, -6.0)),
            crate_box(DVec3::new(2.25, 65.0, -3.75), DVec3::new(2.75, 65.5, -3.25)),
        ],
        hud: Some(&hud),
        ..Scene::plain(
            camera(DVec3::new(0.5, 66.62, 2.5), 0.0, -20.0),
            time,
            (30.0, 60.0),
        )
    };
    let picture = renderer.capture(SIZE, &scene).expect("frame reads back");
    (picture, quads)
}

/// The fixed scene, at `time`, with the HUD when `hud` is set.
fn the_scene(renderer: &mut Renderer, world: &mut World, time: u64, hud: bool) -> image::RgbaImage {
    the_scene_meshed(renderer, world, time, hud, ChunkMesh::build).0
}

#[test]
fn fixed_scene_matches_the_golden_image() {
    let Some(gpu) = gpu_or_skip() else { return };
    println!("rendering with {}", gpu.describe());
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let picture = the_scene(&mut renderer, &mut scene_world(), NOON, true);
    assert_matches_golden("scene", &picture);
}

/// The fixed scene drawn by a device held to WebGL2's limits, without indirect draws that
/// start at an instance of their own, as a browser without WebGPU lends: the same golden
/// picture as on the desktop. (WebGL2's missing abilities, as against its limits, are the
/// shaders' test's: crates/render/tests/shaders.rs.)
#[test]
fn the_fixed_scene_within_webgl2s_limits_matches_the_golden_image() {
    if gpu_or_skip().is_none() {
        return;
    }
    let limits = wgpu::Limits::downlevel_webgl2_defaults();
    let gpu = hewn_render::Gpu::within(
        &hewn_render::Gpu::instance(),
        None,
        limits,
        wgpu::Features::empty(),
    )
    .expect("the adapter lends a device within WebGL2's limits");
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    assert_eq!(renderer.draw_path(), hewn_render::draws::DrawPath::Direct);
    let picture = the_scene(&mut renderer, &mut scene_world(), NOON, true);
    assert_matches_golden("scene", &picture);
}

/// The sky over the fixed scene looking up at `time`, with the clouds or without.
fn looking_up(
    renderer: &mut Renderer,
    world: &mut World,
    time: u64,
    clouds: bool,
) -> image::RgbaImage {
    upload_meshed(renderer, world, ChunkPos::new(0, 2, 0), ChunkMesh::build);
    let scene = Scene {
        clouds,
        ..Scene::plain(
            camera(DVec3::new(0.5, 66.62, 2.5), 30.0, 35.0),
            time,
            (30.0, 60.0),
        )
    };
    renderer.capture(SIZE, &scene).expect("frame reads back")
}

#[test]
fn clouds_drift_over_the_sky_and_the_setting_turns_them_off() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let mut world = scene_world();
    let on = looking_up(&mut renderer, &mut world, NOON, true);
    assert_matches_golden("clouds", &on);
    let off = looking_up(&mut renderer, &mut world, NOON, false);
    let white = |p: &image::RgbaImage| {
        p.pixels()
            .filter(|px| px[0] > 225 && px[1] > 225 && px[2] > 225)
            .count()
    };
    let (w, h) = SIZE;
    let sky = (w * h) as usize;
    assert!(
        white(&on) > sky / 10,
        "clouds cover the sky: {}",
        white(&on)
    );
    assert_eq!(white(&off), 0, "no clouds with the setting off");
    // A minute later the clouds have moved 36 blocks east: another picture.
    let later = looking_up(&mut renderer, &mut world, NOON + 3600, true);
    let moved = on
        .pixels()
        .zip(later.pixels())
        .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 40))
        .count();
    assert!(moved > sky / 50, "the clouds drift: {moved} pixels changed");
}

#[test]
fn the_scene_at_midnight_is_moonlit_with_a_torch_burning() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let mut world = scene_with_torches();
    let night = the_scene(&mut renderer, &mut world, MIDNIGHT, false);
    assert_matches_golden("night", &night);
    let noon = the_scene(&mut renderer, &mut world, NOON, false);
    // The sky (the top rows) and the grass far from the torches (at the left, beyond the
    // standing one) are much darker at night; beside the torches the ground keeps much of
    // its light.
    let brightness = |picture, x, y| mean_brightness(picture, x, y);
    let sky = ((0, 320), (0, 12));
    assert!(brightness(&night, sky.0, sky.1) < brightness(&noon, sky.0, sky.1) / 4.0);
    let far = ((0, 20), (70, 100));
    assert!(brightness(&night, far.0, far.1) < brightness(&noon, far.0, far.1) / 2.0);
    let near_torch = ((70, 90), (105, 125));
    assert!(
        brightness(&night, near_torch.0, near_torch.1) > brightness(&night, far.0, far.1) * 1.5
    );
}

#[test]
fn a_torch_lights_a_closed_room() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    // A room of planks under the flat world's grass, from x = 0 to 12, with a torch on its
    // west wall; daylight does not reach it.
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    let shell = BlockPos::cells_between(BlockPos::new(-1, 44, -8), BlockPos::new(13, 50, 8));
    world.set_blocks(shell.map(|p| (p, Block::PLANKS)));
    let inside = BlockPos::cells_between(BlockPos::new(0, 45, -7), BlockPos::new(12, 49, 7));
    world.set_blocks(inside.map(|p| (p, Block::AIR)));
    world.set_block(BlockPos::new(0, 47, 0), Block::WALL_TORCH_EAST);
    world.set_block(BlockPos::new(11, 45, 6), Block::GLOWSTONE);
    upload_around(&mut renderer, &mut world, ChunkPos::new(0, 1, 0));
    let hud = HudState::default();
    let scene = Scene {
        hud: Some(&hud),
        // At the east end, looking west at the torch.
        ..Scene::plain(
            camera(DVec3::new(11.5, 46.62, 0.5), 270.0, -5.0),
            NOON,
            (60.0, 90.0),
        )
    };
    let picture = renderer.capture(SIZE, &scene).expect("frame reads back");
    assert_matches_golden("torch-room", &picture);
    // The wall around the torch is bright; the room's corners, far from both lights, are
    // dim but not black.
    let around_torch = mean_brightness(&picture, (140, 180), (60, 100));
    let dim_corner = mean_brightness(&picture, (0, 20), (0, 20));
    assert!(
        around_torch > 2.0 * dim_corner,
        "{around_torch} vs {dim_corner}"
    );
    assert!(dim_corner > 4.0, "the dark is readable: {dim_corner}");
}

#[test]
fn the_greedy_mesh_draws_the_same_picture_as_one_quad_per_face() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let mut world = scene_with_torches();
    // By day the sunlit grass merges into big quads; at midnight the torches' light and the
    // AO beside the blocks keep many faces single, and the rest merge.
    for time in [NOON, MIDNIGHT] {
        let (merged, merged_quads) =
            the_scene_meshed(&mut renderer, &mut world, time, false, ChunkMesh::build);
        let (single, single_quads) = the_scene_meshed(
            &mut renderer,
            &mut world,
            time,
            false,
            ChunkMesh::build_unmerged,
        );
        println!("time {time}: {merged_quads} quads merged, {single_quads} single");
        assert!(
            merged_quads * 4 < single_quads,
            "{merged_quads} vs {single_quads}"
        );
        let different: Vec<(u32, u32)> = merged
            .enumerate_pixels()
            .zip(single.pixels())
            .filter(|((_, _, a), b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 1))
            .map(|((x, y, _), _)| (x, y))
            .collect();
        // The same triangles' shading is interpolated from the same corner values; what a
        // merge changes is where triangle edges fall, and rasterising along another edge may
        // round a colour by one step, or light a pixel on a silhouette differently.
        println!("{} pixels differ", different.len());
        assert!(
            different.len() <= 4,
            "{} pixels differ at time {time}: {:?}",
            different.len(),
            &different[..different.len().min(20)]
        );
    }
}

/// Meshes as the game does with light and AO left to the shader.
fn build_sampled(mesh: &mut ChunkMesh, input: &Neighbourhood) {
    let mut input = input.clone();
    input.set_shading(Shading::Sampled);
    mesh.build(&input);
}

#[test]
fn light_sampled_in_the_shader_matches_the_light_of_the_vertices() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    // The golden scene, drawn from the light volumes, within the goldens' own tolerance.
    let (picture, _) =
        the_scene_meshed(&mut renderer, &mut scene_world(), NOON, true, build_sampled);
    assert_matches_golden("scene", &picture);
    let mut world = scene_with_torches();
    for time in [NOON, MIDNIGHT] {
        let (vertex, vertex_quads) = the_scene_meshed(
            &mut renderer,
            &mut world,
            time,
            false,
            ChunkMesh::build_unmerged,
        );
        let (sampled, sampled_quads) =
            the_scene_meshed(&mut renderer, &mut world, time, false, build_sampled);
        println!("time {time}: {sampled_quads} quads sampled, {vertex_quads} single");
        assert!(
            sampled_quads * 8 < vertex_quads,
            "{sampled_quads} vs {vertex_quads}"
        );
        let differences: Vec<u8> = sampled
            .pixels()
            .zip(vertex.pixels())
            .map(|(a, b)| (0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0))
            .collect();
        let over = differences
            .iter()
            .filter(|&&d| d > SAMPLED_TOLERANCE)
            .count();
        let worst = differences.iter().copied().max().unwrap_or(0);
        println!(
            "time {time}: {over} pixels differ by more than {SAMPLED_TOLERANCE}, worst {worst}"
        );
        assert!(
            over as f64 <= SAMPLED_SHARE * differences.len() as f64,
            "{over} pixels differ by more than {SAMPLED_TOLERANCE} at time {time}"
        );
    }
}

/// How far a channel may move where the shader samples the light. The vertex path splits
/// each face into two triangles and interpolates along them; the shader mixes the same four
/// corner values bilinearly, which differs most in the middle of a face whose corners
/// disagree, by a quarter of the difference between its diagonals; and the shader does not
/// round light to quarter levels. On lavapipe no pixel inside a face moved by more than 8.
const SAMPLED_TOLERANCE: u8 = 8;
/// The share of pixels that may differ by more: silhouette pixels, which a merged quad's
/// other triangle edges rasterise differently (1 pixel of 64,000 on lavapipe, by day and
/// by night).
const SAMPLED_SHARE: f64 = 0.001;

/// sRGB to linear and back, as the GPU converts around the shader's arithmetic.
fn srgb_to_linear(c: u8) -> f32 {
    let c = f32::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f32) -> u8 {
    let c = if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (c * 255.0).round().clamp(0.0, 255.0) as u8
}

#[test]
fn a_crate_is_drawn_with_the_crate_texture() {
    use hewn_mesh::tiles::{ATLAS_COLUMNS, TILE_SIZE};

    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    // Nothing but a crate two blocks ahead, its south face square to the camera, against
    // the sky; no fog reaches it.
    let eye = DVec3::new(1e6 + 0.5, 80.5, -1e6 + 0.5);
    let hud = HudState::default();
    let scene = Scene {
        // In the air, so no occlusion shades it.
        boxes: &[FreeBox {
            min: eye + DVec3::new(-0.5, -0.5, -3.0),
            max: eye + DVec3::new(0.5, 0.5, -2.0),
            tile: CRATE_TILE,
            resting: false,
            light: Light::SKY,
        }],
        hud: Some(&hud),
        ..Scene::plain(camera(eye, 0.0, 0.0), NOON, (60.0, 90.0))
    };
    let picture = renderer.capture(SIZE, &scene).expect("frame reads back");

    // The south face is shaded by 0.68 (FACE_LIGHT in shaders/chunk.wgsl) in linear light.
    let atlas = hewn_render::atlas_image(&hewn_content::Textures::default());
    let (tx, ty) = (
        u32::from(CRATE_TILE) % ATLAS_COLUMNS * TILE_SIZE,
        u32::from(CRATE_TILE) / ATLAS_COLUMNS * TILE_SIZE,
    );
    let shaded = |i: u32, j: u32| {
        let texel = atlas.get_pixel(tx + i, ty + j);
        [0, 1, 2].map(|c| linear_to_srgb(srgb_to_linear(texel[c]) * 0.68))
    };
    // Within what drivers' rounding of the lighting may move a channel.
    let close =
        |p: &image::Rgba<u8>, s: [u8; 3]| (0..3).all(|c| s[c].abs_diff(p[c]) <= CHANNEL_TOLERANCE);
    let view_proj = Renderer::view_proj(&scene, SIZE);
    let pixel_of = |relative: glam::Vec3| {
        let ndc = view_proj.project_point3(relative);
        let (w, h) = (SIZE.0 as f32, SIZE.1 as f32);
        ((ndc.x + 1.0) * 0.5 * w, (1.0 - ndc.y) * 0.5 * h)
    };
    let (cx, cy) = (SIZE.0 as f32 / 2.0, SIZE.1 as f32 / 2.0);
    let mut checked = 0;
    // Every texel of the tile, where it lands on the face (u from the face's west edge, v
    // from its top), except under the crosshair.
    for j in 0..TILE_SIZE {
        for i in 0..TILE_SIZE {
            let (u, v) = ((i as f32 + 0.5) / 16.0, (j as f32 + 0.5) / 16.0);
            let (x, y) = pixel_of(glam::Vec3::new(u - 0.5, 0.5 - v, -2.0));
            if (x - cx).abs() < 9.0 && (y - cy).abs() < 9.0 {
                continue;
            }
            let p = picture.get_pixel(x as u32, y as u32);
            assert!(
                close(p, shaded(i, j)),
                "texel ({i}, {j}) at pixel ({x:.0}, {y:.0}) is {p:?}, expected {:?}",
                shaded(i, j)
            );
            checked += 1;
        }
    }
    assert!(checked > 200, "only {checked} texels checked");
    // Around the face, only sky.
    for relative in [(-0.8, 0.0), (0.8, 0.0), (0.0, 0.8), (0.0, -0.8)] {
        let (x, y) = pixel_of(glam::Vec3::new(relative.0, relative.1, -2.0));
        let p = picture.get_pixel(x as u32, y as u32);
        assert!(
            p[2] > p[0] && p[2] > 200,
            "pixel ({x:.0}, {y:.0}) beside the crate is {p:?}"
        );
    }
}

/// Menus are drawn at this size, large enough for the title screen's list and buttons.
const MENU_SIZE: (u32, u32) = (640, 360);

/// Lays out a menu with `show` at GUI scale 1 and hands egui's textures to `renderer`.
fn menus(renderer: &mut Renderer, show: impl FnMut(&mut egui::Ui)) -> MenuFrame {
    let (frame, textures) = hewn::app::ui::lay_out(MENU_SIZE, 1.0, show);
    renderer.apply_menu_textures(textures);
    frame
}

/// `scene` drawn at [`MENU_SIZE`] as it is, and without its menus.
fn with_and_without_menus(
    renderer: &mut Renderer,
    scene: &Scene<'_>,
) -> (image::RgbaImage, image::RgbaImage) {
    let bare = Scene {
        menus: None,
        far: FarScene::default(),
        ..scene.clone()
    };
    (
        renderer.capture(MENU_SIZE, scene).expect("capture"),
        renderer.capture(MENU_SIZE, &bare).expect("capture"),
    )
}

#[test]
fn the_title_screen_lists_two_worlds() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let worlds = [
        WorldRow {
            name: "Castle".to_owned(),
            details: "seed 7 · terrain · 1.2 MiB · played 2026-11-20 18:05".to_owned(),
            playable: true,
        },
        WorldRow {
            name: "Flatland".to_owned(),
            details: "seed 0 · flat · 36.0 KiB · played 2026-11-02 09:41".to_owned(),
            playable: true,
        },
    ];
    let mut state = TitleState {
        selected: Some("Castle".to_owned()),
        ..TitleState::default()
    };
    let frame = menus(&mut renderer, |ui| {
        assert_eq!(
            title::show(ui, &mut state, &worlds),
            None,
            "nothing clicked"
        );
    });
    let scene = Scene {
        menus: Some(&frame),
        ..Scene::plain(
            camera(DVec3::new(0.0, 80.0, 0.0), 0.0, 10.0),
            NOON,
            (200.0, 250.0),
        )
    };
    let (picture, sky_only) = with_and_without_menus(&mut renderer, &scene);
    // The list's panel darkens the sky behind it, and its text is drawn.
    let list = ((120, 520), (100, 220));
    assert!(
        mean_brightness(&picture, list.0, list.1)
            < mean_brightness(&sky_only, list.0, list.1) - 20.0,
        "the worlds list is drawn over the sky"
    );
    assert_matches_golden("title", &picture);
}

#[test]
fn the_pause_menu_dims_the_scene_and_offers_four_choices() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let mut world = scene_world();
    upload_around(&mut renderer, &mut world, ChunkPos::new(0, 2, 0));
    let frame = menus(&mut renderer, |ui| {
        assert_eq!(
            pause::show(ui, pause::LanState::NotOurs),
            None,
            "nothing clicked"
        );
    });
    let hud = HudState::default();
    let scene = Scene {
        hud: Some(&hud),
        menus: Some(&frame),
        ..Scene::plain(
            camera(DVec3::new(0.5, 66.62, 2.5), 0.0, -20.0),
            NOON,
            (40.0, 60.0),
        )
    };
    let (picture, plain) = with_and_without_menus(&mut renderer, &scene);
    let corner = ((0, 100), (0, 60));
    assert!(
        mean_brightness(&picture, corner.0, corner.1)
            < mean_brightness(&plain, corner.0, corner.1) * 0.8,
        "the game behind the menu is dimmed"
    );
    assert_matches_golden("pause", &picture);
}

#[test]
#[should_panic(expected = "no golden image")]
fn a_missing_golden_image_fails_rather_than_being_written() {
    compare_with_golden(
        "there-is-no-such-golden",
        &image::RgbaImage::new(4, 4),
        false,
    );
}
