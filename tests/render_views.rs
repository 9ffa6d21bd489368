//! Renders views offscreen: of a generated world with cave culling on and off, the same
//! pixel for pixel while fewer chunks are drawn; with only the faces that look towards the
//! eye drawn and with every face, the same pixel for pixel while fewer quads are drawn; the
//! spawn lit in the shader and by vertices, the same within a stated tolerance; and a tree
//! with fancy and fast leaves, against the pictures in tests/golden/; and the chunks drawn a
//! batch to a call and a run of faces to a call, the same pixel for pixel, before and after
//! half of them leave the shared buffers and come back.
//!
//! Skipped, with the reason printed, where no graphics adapter exists; with
//! `HEWN_REQUIRE_GPU=1` (as in CI, on Mesa's lavapipe) a missing adapter fails instead.

use glam::DVec3;
use hewn_core::physics::Body;
use hewn_core::sim::spawn::{new_player, open_heading};
use hewn_core::sim::time::NOON;
use hewn_core::world::coords::WORLD_HEIGHT_CHUNKS;
use hewn_core::world::{Block, BlockPos, BlockSource, CHUNK_SIZE, ChunkPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::{ChunkMesh, Leaves, Neighbourhood, Shading};
use hewn_render::draws::DrawPath;
use hewn_render::{Camera, HudState, Renderer, Scene};

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
        hud: Some(hud),
        ..Scene::plain(
            Camera {
                eye,
                yaw,
                pitch,
                fov_y: 70.0,
                aspect: 1.0,
                far,
            },
            NOON,
            (far * 0.55, far - 4.0),
        )
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
        let _ = off.save(dir.join(format!("hewn-{name}-off.png")));
        let _ = on.save(dir.join(format!("hewn-{name}-on.png")));
        panic!(
            "{different} pixels of {name} differ between off and on (pictures in {})",
            dir.display()
        );
    }
}

/// A new world of seed 7, a new player standing at its spawn, and the spawn point.
fn seed_7_at_spawn() -> (World, Body, DVec3) {
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = generator.spawn_point();
    let mut world = World::new(generator);
    let player = new_player(&mut world, spawn);
    (world, player, spawn)
}

#[test]
fn cave_culling_changes_no_pixel_and_draws_fewer_chunks() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let (mut world, player, spawn) = seed_7_at_spawn();
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
    world.set_blocks(room.map(|p| (p, Block::AIR)));
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
    let (mut world, player, _) = seed_7_at_spawn();
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
    world.set_blocks(canopy(2, 67, 68).map(|p| (p, Block::LEAVES)));
    world.set_blocks(canopy(1, 69, 70).map(|p| (p, Block::LEAVES)));
    world.set_blocks((64..=68).map(|y| (BlockPos::new(0, y, -8), Block::LOG)));
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

/// The view drawn with every face of the chunks drawn, then with only those that look
/// towards the eye; checks that the pictures are the same and that fewer quads were drawn.
#[track_caller]
fn assert_face_culling_hides_nothing(renderer: &mut Renderer, scene: &Scene<'_>, name: &str) {
    let [(all, all_quads), (facing, facing_quads)] = [false, true].map(|on| {
        renderer.set_face_culling(on);
        let picture = renderer.capture(SIZE, scene).expect("frame reads back");
        (picture, renderer.quads_drawn())
    });
    println!("{name}: {all_quads} quads with every face, {facing_quads} facing the eye");
    assert_same_pixels(&all, &facing, &format!("{name}, faces"));
    assert!(
        facing_quads < all_quads,
        "{name}: {facing_quads} of {all_quads} quads"
    );
}

/// Where someone stands in the largest pocket of dark air (a cave) within 24 blocks of
/// `around` horizontally, from y = 8 to 48: the cell with the most air within 2 cells.
fn in_a_cave(world: &World, around: BlockPos) -> BlockPos {
    let air = |p: BlockPos| world.block(p) == Block::AIR;
    let mut best = (0, around);
    for y in 8..48 {
        for z in (around.z - 24..=around.z + 24).step_by(2) {
            for x in (around.x - 24..=around.x + 24).step_by(2) {
                let feet = BlockPos::new(x, y, z);
                let head = BlockPos::new(x, y + 1, z);
                if !air(feet) || !air(head) || world.light(head).sky() > 0 {
                    continue;
                }
                let room = BlockPos::cells_between(
                    BlockPos::new(x - 2, y - 1, z - 2),
                    BlockPos::new(x + 2, y + 3, z + 2),
                )
                .filter(|&p| air(p))
                .count();
                if room > best.0 {
                    best = (room, feet);
                }
            }
        }
    }
    assert!(best.0 > 20, "a cave near the spawn");
    best.1
}

#[test]
fn face_culling_changes_no_pixel_of_the_terrain_and_draws_fewer_quads() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let (mut world, player, spawn) = seed_7_at_spawn();
    let hud = HudState::default();
    upload_around(&mut renderer, &mut world, player.eye());

    // On the surface: a new player's view, the ground under it, and the sky above.
    for (name, pitch) in [("spawn", player.pitch), ("ground", -60.0), ("sky", 35.0)] {
        let view = scene(player.eye(), player.yaw, pitch, &hud);
        assert_face_culling_hides_nothing(&mut renderer, &view, name);
    }

    // Along the chunk border nearest the spawn, the eye in its plane and level with the tops
    // of the blocks two above the ground there, looking north and south along it.
    let size = f64::from(CHUNK_SIZE);
    let x = (spawn.x / size).round() * size;
    let ground = (0..256)
        .rev()
        .find(|&y| world.block(BlockPos::new(x as i32, y, spawn.z as i32)) != Block::AIR)
        .expect("ground at the spawn");
    let eye = DVec3::new(x, f64::from(ground + 3), spawn.z);
    for (name, yaw) in [("border north", 0.0), ("border south", 180.0)] {
        let view = scene(eye, yaw, -5.0, &hud);
        assert_face_culling_hides_nothing(&mut renderer, &view, name);
    }

    // In a cave under the spawn, lit by a torch at the feet, along its most open heading and
    // down at its floor.
    let feet = in_a_cave(&world, BlockPos::containing(spawn));
    world.set_block(feet, Block::TORCH);
    let eye = DVec3::new(
        f64::from(feet.x) + 0.5,
        f64::from(feet.y) + 1.62,
        f64::from(feet.z) + 0.5,
    );
    renderer.clear_chunks();
    upload_around(&mut renderer, &mut world, eye);
    let yaw = open_heading(&mut world, eye);
    for (name, pitch) in [("cave", 0.0), ("cave floor", -40.0)] {
        let view = scene(eye, yaw, pitch, &hud);
        assert_face_culling_hides_nothing(&mut renderer, &view, name);
    }
}

#[test]
fn face_culling_changes_no_pixel_of_slabs_torches_plants_and_water() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    // On the flat world's grass (its top at y = 63), across the chunk border at x = 0: a row
    // of slabs, torches on the ground and on a wall, a cactus on sand, flowers, a pool with
    // water flowing out of it, glass and leaves.
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    let at = BlockPos::new;
    let cells = |a: BlockPos, b: BlockPos, block: Block| {
        BlockPos::cells_between(a, b).map(move |p| (p, block))
    };
    world.set_blocks(cells(at(-3, 64, -4), at(3, 64, -4), Block::STONE_SLAB));
    world.set_blocks(cells(at(-4, 64, -10), at(4, 66, -10), Block::STONE));
    world.set_blocks(cells(at(2, 63, -8), at(4, 63, -6), Block::WATER));
    world.set_blocks(cells(at(-3, 63, -7), at(-3, 63, -7), Block::SAND));
    world.set_blocks([
        (at(-3, 64, -7), Block::CACTUS),
        (at(-3, 65, -7), Block::CACTUS),
        (at(0, 64, -6), Block::TORCH),
        (at(1, 65, -9), Block::WALL_TORCH_SOUTH),
        (at(-1, 64, -7), Block::DANDELION),
        (at(-2, 64, -5), Block::POPPY),
        (at(1, 64, -7), Block::TALL_GRASS),
        (at(5, 63, -7), Block::WATER_3),
        (at(-5, 64, -7), Block::GLASS),
        (at(-5, 65, -7), Block::LEAVES),
        (at(-5, 64, -8), Block::LEAVES),
        (at(2, 65, -4), Block::STONE_SLAB),
    ]);
    let hud = HudState::default();
    upload_around(&mut renderer, &mut world, DVec3::new(0.5, 64.5, 0.5));
    // The eye level with the slabs' tops, then on the chunk border, level with the stone
    // wall's top, then above the scene looking down into it.
    let views = [
        ("slab tops", DVec3::new(0.5, 64.5, 0.5), 0.0, -5.0),
        ("scene border", DVec3::new(0.0, 67.0, -2.0), 0.0, -25.0),
        ("scene above", DVec3::new(1.5, 70.0, 0.5), 10.0, -50.0),
    ];
    for (name, eye, yaw, pitch) in views {
        let view = scene(eye, yaw, pitch, &hud);
        assert_face_culling_hides_nothing(&mut renderer, &view, name);
        if name == "slab tops" {
            renderer.set_face_culling(true);
            let picture = renderer.capture(SIZE, &view).expect("frame reads back");
            assert_matches_golden("slabs-torches-plants", &picture);
        }
    }
}

/// Draws `scene` by `path`: the picture, and the commands and calls it took.
fn drawn_by(
    renderer: &mut Renderer,
    scene: &Scene<'_>,
    path: DrawPath,
) -> (image::RgbaImage, (usize, usize)) {
    renderer.set_draw_path(path);
    let picture = renderer.capture(SIZE, scene).expect("frame reads back");
    (picture, renderer.draw_counts())
}

#[test]
fn drawing_by_batches_or_one_run_at_a_time_changes_no_pixel() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let best = renderer.draw_path();
    println!("{}: draws {best:?}", gpu.describe());
    let (mut world, player, _) = seed_7_at_spawn();
    let hud = HudState::default();
    // The spawn, over the sea: opaque, cut-out (leaves) and translucent (water) passes.
    let view = scene(player.eye(), player.yaw, player.pitch, &hud);
    for shading in [Shading::Vertex, Shading::Sampled] {
        renderer.clear_chunks();
        upload_with(
            &mut renderer,
            &mut world,
            player.eye(),
            (Leaves::Fancy, shading),
        );
        let name = format!("spawn drawn by batches, {shading:?}");
        let (direct, (commands, calls)) = drawn_by(&mut renderer, &view, DrawPath::Direct);
        assert_eq!(calls, commands, "one call a command");
        let (batched, (batched_commands, batched_calls)) = drawn_by(&mut renderer, &view, best);
        println!(
            "{shading:?}: {commands} commands, in {batched_calls} calls by {best:?}; \
             buffers {:?}",
            renderer.mesh_buffers()
        );
        assert_eq!(batched_commands, commands);
        assert_same_pixels(&direct, &batched, &name);
        // Chunks lit by their vertices share a pipeline and buffers, so a call draws many;
        // one lit in the shader binds its own light volume, so a call draws its runs.
        if best == DrawPath::Indirect && shading == Shading::Vertex {
            assert!(
                batched_calls * 10 < commands,
                "{batched_calls} calls for {commands} commands"
            );
        }
    }

    // Every other chunk out of the shared buffers, then back in the other order: into the
    // room the others left, wherever it fits best, and the picture is the same.
    renderer.clear_chunks();
    upload_with(
        &mut renderer,
        &mut world,
        player.eye(),
        (Leaves::Fancy, Shading::Vertex),
    );
    let (before, _) = drawn_by(&mut renderer, &view, best);
    let centre = BlockPos::containing(player.eye()).chunk().column();
    let leaving: Vec<ChunkPos> = centre
        .around(RADIUS)
        .flat_map(|column| (0..WORLD_HEIGHT_CHUNKS).map(move |y| column.chunk(y)))
        .filter(|pos| (pos.x + pos.y + pos.z) % 2 == 0)
        .collect();
    for &pos in &leaving {
        renderer.remove_chunk(pos);
    }
    let (half, _) = drawn_by(&mut renderer, &view, best);
    assert_ne!(half, before, "half the chunks are gone");
    let mut mesh = ChunkMesh::default();
    for &pos in leaving.iter().rev() {
        mesh.build(&Neighbourhood::from_world(&world, pos));
        renderer.upload_chunk(pos, &mesh);
    }
    let (after, _) = drawn_by(&mut renderer, &view, best);
    assert_same_pixels(&before, &after, "spawn with half its chunks uploaded again");
}
