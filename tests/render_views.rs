//! Renders views offscreen: of a generated world with cave culling on and off, the same
//! pixel for pixel while fewer chunks are drawn; the spawn lit in the shader and by vertices,
//! the same within a stated tolerance; and a tree with fancy and fast leaves,
//! against the pictures in tests/golden/.
//!
//! Skipped, with the reason printed, where no graphics adapter exists; with
//! `HEWN_REQUIRE_GPU=1` (as in CI, on Mesa's lavapipe) a missing adapter fails instead.

use glam::DVec3;
use hewn::mesh::{ChunkMesh, Leaves, Neighbourhood, Shading};
use hewn::render::{Camera, DEFAULT_BRIGHTNESS, HudState, Renderer, Scene};
use hewn::sim::spawn::new_player;
use hewn::sim::time::NOON;
use hewn::world::coords::WORLD_HEIGHT_CHUNKS;
use hewn::world::{Block, BlockPos, ChunkPos, World};
use hewn::worldgen::{Generator, GeneratorKind};

#[path = "common/golden.rs"]
mod golden;

use golden::{assert_matches_golden, gpu_or_skip};

const SIZE: (u32, u32) = (320, 200);

/// Chunks meshed around the view, each way horizontally.
const RADIUS: i32 = 3;

/// Loads and meshes every chunk within [`RADIUS`] columns of `eye` and uploads them.
fn upload_around(renderer: &mut Renderer, world: &mut World, eye: DVec3) {
    upload_with(renderer, world, eye, (Leaves::Fancy, Shading::Vertex));
}

/// As [`upload_around`], meshing leaves and light as `style` says; returns the quads
/// uploaded.
fn upload_with(
    renderer: &mut Renderer,
    world: &mut World,
    eye: DVec3,
    (leaves, shading): (Leaves, Shading),
) -> usize {
    let centre = BlockPos::containing(eye).chunk();
    for column in centre.column().around(RADIUS + 1) {
        world.load_column(column);
    }
    let mut mesh = ChunkMesh::default();
    let mut quads = 0;
    for column in centre.column().around(RADIUS) {
        for y in 0..WORLD_HEIGHT_CHUNKS {
            let pos: ChunkPos = column.chunk(y);
            let mut input = Neighbourhood::from_world(world, pos);
            input.set_leaves(leaves);
            input.set_shading(shading);
            mesh.build(&input);
            renderer.upload_chunk(pos, &mesh);
            quads += mesh.quad_count();
        }
    }
    quads
}

fn scene(eye: DVec3, yaw: f64, pitch: f64, hud: &HudState) -> Scene<'_> {
    let far = (RADIUS * 32) as f32;
    Scene {
        camera: Camera {
            eye,
            yaw,
            pitch,
            fov_y: 70.0,
            aspect: 1.0,
            far,
        },
        time: NOON,
        brightness: DEFAULT_BRIGHTNESS,
        fog: (far * 0.55, far - 4.0),
        outline: &[],
        boxes: &[],
        figures: &[],
        items: &[],
        crack: None,
        hud: Some(hud),
        menus: None,
    }
}

/// The view drawn with cave culling off and on, and the chunks each drew.
fn off_and_on(renderer: &mut Renderer, scene: &Scene<'_>) -> [(image::RgbaImage, usize); 2] {
    [false, true].map(|on| {
        renderer.set_cave_culling(on);
        let picture = renderer.capture(SIZE, scene).expect("frame reads back");
        (picture, renderer.chunks_drawn())
    })
}

#[track_caller]
fn assert_same_pixels(off: &image::RgbaImage, on: &image::RgbaImage, name: &str) {
    let different = off
        .pixels()
        .zip(on.pixels())
        .filter(|(a, b)| a != b)
        .count();
    if different > 0 {
        let dir = std::env::temp_dir();
        let _ = off.save(dir.join(format!("hewn-{name}-culling-off.png")));
        let _ = on.save(dir.join(format!("hewn-{name}-culling-on.png")));
        panic!(
            "{different} pixels of {name} differ with culling on (pictures in {})",
            dir.display()
        );
    }
}

#[test]
fn cave_culling_changes_no_pixel_and_draws_fewer_chunks() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = generator.spawn_point();
    let mut world = World::new(generator);
    let player = new_player(&mut world, spawn);
    let hud = HudState::default();

    // A new player's view at the spawn, and the same looking down at the ground.
    upload_around(&mut renderer, &mut world, player.eye());
    for (name, pitch) in [("spawn", player.pitch), ("ground", -60.0)] {
        let view = scene(player.eye(), player.yaw, pitch, &hud);
        let [(off, off_chunks), (on, on_chunks)] = off_and_on(&mut renderer, &view);
        println!("{name}: {off_chunks} chunks drawn without culling, {on_chunks} with");
        assert_same_pixels(&off, &on, name);
        assert!(on_chunks <= off_chunks);
    }

    // A room dug out at y = 20 under the spawn: the rock around it hides nearly everything.
    let block = BlockPos::containing(spawn);
    let room = BlockPos::cells_between(
        BlockPos::new(block.x - 2, 20, block.z - 2),
        BlockPos::new(block.x + 2, 23, block.z + 2),
    );
    world.set_blocks(room.map(|p| (p, Block::Air)));
    let eye = DVec3::new(f64::from(block.x) + 0.5, 21.62, f64::from(block.z) + 0.5);
    renderer.clear_chunks();
    upload_around(&mut renderer, &mut world, eye);
    let view = scene(eye, player.yaw, -10.0, &hud);
    let [(off, off_chunks), (on, on_chunks)] = off_and_on(&mut renderer, &view);
    println!("underground: {off_chunks} chunks drawn without culling, {on_chunks} with");
    assert_same_pixels(&off, &on, "underground");
    assert!(
        on_chunks * 4 < off_chunks,
        "{on_chunks} of {off_chunks} chunks drawn underground"
    );
}

#[test]
fn the_spawn_lit_in_the_shader_looks_as_it_does_lit_by_vertices() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = generator.spawn_point();
    let mut world = World::new(generator);
    let player = new_player(&mut world, spawn);
    let hud = HudState::default();
    let view = scene(player.eye(), player.yaw, player.pitch, &hud);
    let [vertex, sampled] = [Shading::Vertex, Shading::Sampled].map(|shading| {
        renderer.clear_chunks();
        let quads = upload_with(
            &mut renderer,
            &mut world,
            player.eye(),
            (Leaves::Fancy, shading),
        );
        let [(off, _), (on, _)] = off_and_on(&mut renderer, &view);
        assert_same_pixels(&off, &on, &format!("spawn, {shading:?}"));
        println!("{shading:?}: {quads} quads");
        on
    });
    let over = sampled
        .pixels()
        .zip(vertex.pixels())
        .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > SAMPLED_TOLERANCE))
        .count();
    let share = over as f64 / f64::from(SIZE.0 * SIZE.1);
    println!("{over} pixels differ by more than {SAMPLED_TOLERANCE}");
    assert!(share <= SAMPLED_SHARE, "{over} pixels differ");
}

/// As in tests/render_golden.rs: within a face the sampled light is the bilinear mix of the
/// corners that the vertex path splits into two triangles, at most 8 steps apart.
const SAMPLED_TOLERANCE: u8 = 8;
/// The share of pixels that may differ by more: silhouette pixels, where a merged quad's
/// triangle edges rasterise differently (1 of 64,000 at the spawn on lavapipe; terrain has
/// more silhouettes than the golden scene, so a little more room).
const SAMPLED_SHARE: f64 = 0.002;

#[test]
fn a_tree_with_fancy_and_fast_leaves() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    // An oak on the flat world's grass (its top at y = 63): a trunk five logs high in a
    // canopy five wide and two deep, three wide and two deep above that.
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    let canopy = |half: i32, y0: i32, y1: i32| {
        BlockPos::cells_between(
            BlockPos::new(-half, y0, -8 - half),
            BlockPos::new(half, y1, -8 + half),
        )
    };
    world.set_blocks(canopy(2, 67, 68).map(|p| (p, Block::Leaves)));
    world.set_blocks(canopy(1, 69, 70).map(|p| (p, Block::Leaves)));
    world.set_blocks((64..=68).map(|y| (BlockPos::new(0, y, -8), Block::Log)));
    let hud = HudState::default();
    // From the south-east, a little below the canopy, looking up into it.
    let view = scene(DVec3::new(3.5, 65.62, -2.5), 330.0, 15.0, &hud);
    let mut quads = Vec::new();
    for (leaves, name) in [
        (Leaves::Fancy, "leaves-fancy"),
        (Leaves::Fast, "leaves-fast"),
    ] {
        renderer.clear_chunks();
        quads.push(upload_with(
            &mut renderer,
            &mut world,
            view.camera.eye,
            (leaves, Shading::Vertex),
        ));
        let picture = renderer.capture(SIZE, &view).expect("frame reads back");
        assert_matches_golden(name, &picture);
    }
    println!(
        "quads: {} with fancy leaves, {} with fast",
        quads[0], quads[1]
    );
    // Fast leaves keep a canopy's outside only, and no face between two leaves.
    assert!(quads[1] < quads[0], "{quads:?}");
}
