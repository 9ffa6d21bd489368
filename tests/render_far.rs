//! Renders the far view offscreen: a landscape of seed 7 with the far view off and reaching
//! 2,048 blocks, against the pictures in tests/golden/, and the same view without fog,
//! checked for holes where the levels meet (the sky showing below the horizon).
//!
//! The near chunks are meshed as the game meshes them within a render distance of 4, and
//! the far view's sections as its workers do, straight from the generator; which are drawn
//! is the far view's own plan ([`Rings::plan`]).
//!
//! Skipped, with the reason printed, where no graphics adapter exists; with
//! `HEWN_REQUIRE_GPU=1` (as in CI, on Mesa's lavapipe) a missing adapter fails instead.

use std::collections::HashSet;

use glam::DVec3;
use hewn_client::far::rings::{Plan, Rings, SectionColumn};
use hewn_client::tuning::FAR_DETAIL;
use hewn_core::sim::time::NOON;
use hewn_core::world::coarse::{CoarseSource, SectionPos};
use hewn_core::world::coords::WORLD_HEIGHT_CHUNKS;
use hewn_core::world::{BlockPos, CHUNK_SIZE, ChunkPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::{ChunkMesh, Neighbourhood, mesh_coarse};
use hewn_render::{Camera, FarScene, HudState, Renderer, Scene};

#[path = "common/golden.rs"]
mod golden;

use golden::{assert_matches_golden, gpu_or_skip};

const SIZE: (u32, u32) = (480, 270);
/// The near view's render distance, in chunks.
const RENDER_DISTANCE: i32 = 4;
/// How far the far view reaches, in blocks.
const FAR: u32 = 2048;
/// The vertical field of view, in degrees.
const FOV: f64 = 70.0;

/// Where the eye is: high over seed 7's spawn, looking north-east and a little down, over
/// the sea and the snowy hills beyond it.
fn eye(generator: &Generator) -> (DVec3, f64, f64) {
    let spawn = generator.spawn_point();
    (DVec3::new(spawn.x, 110.0, spawn.z), 40.0, -8.0)
}

/// Meshes and uploads every chunk within the render distance of `eye`; returns them.
fn upload_near(renderer: &mut Renderer, world: &mut World, eye: DVec3) -> HashSet<ChunkPos> {
    let centre = BlockPos::containing(eye).chunk();
    for column in centre.column().around(RENDER_DISTANCE + 1) {
        world.load_column(column);
    }
    let mut mesh = ChunkMesh::default();
    let mut uploaded = HashSet::new();
    let r = RENDER_DISTANCE;
    for column in centre.column().around(r) {
        let (dx, dz) = (column.x - centre.x, column.z - centre.z);
        if dx * dx + dz * dz > r * r {
            continue;
        }
        for y in 0..WORLD_HEIGHT_CHUNKS {
            let pos = column.chunk(y);
            mesh.build(&Neighbourhood::from_world(world, pos));
            renderer.upload_chunk(pos, &mesh);
            uploaded.insert(pos);
        }
    }
    uploaded
}

/// Meshes and uploads every section the far view holds around `feet`, made by
/// `generator`; returns what it draws, given the near chunks `uploaded`.
fn upload_far(
    renderer: &mut Renderer,
    generator: &Generator,
    feet: DVec3,
    uploaded: &HashSet<ChunkPos>,
) -> Plan {
    let rings = Rings::new(
        RENDER_DISTANCE as u32,
        FAR,
        FAR_DETAIL,
        RENDER_DISTANCE as u32,
    )
    .expect("a far view");
    let mut mesh = ChunkMesh::default();
    for column in rings.held(feet) {
        for pos in column.sections() {
            mesh_coarse(&generator.coarse_section(pos), &[None; 6], &mut mesh);
            renderer.upload_section(pos, &mesh);
        }
    }
    rings.plan(
        feet,
        |_| true,
        |column| column.chunks().all(|p| uploaded.contains(&p)),
    )
}

fn scene<'a>(
    (eye, yaw, pitch): (DVec3, f64, f64),
    fog: (f32, f32),
    far: FarScene<'a>,
    hud: Option<&'a HudState>,
) -> Scene<'a> {
    Scene {
        hud,
        far,
        ..Scene::plain(
            Camera {
                eye,
                yaw,
                pitch,
                fov_y: FOV as f32,
                aspect: 1.0,
                far: ((RENDER_DISTANCE + 2) * CHUNK_SIZE) as f32,
            },
            NOON,
            fog,
        )
    }
}

/// The near view's fog: as the game's, just short of the render distance.
fn near_fog() -> (f32, f32) {
    let edge = (RENDER_DISTANCE * CHUNK_SIZE) as f32;
    (edge * 0.55, edge - 4.0)
}

#[test]
fn a_landscape_with_the_far_view_off_and_out_to_2048_blocks() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let view = eye(&generator);
    let mut world = World::new(Generator::new(GeneratorKind::Terrain, 7));
    let hud = HudState::default();
    let uploaded = upload_near(&mut renderer, &mut world, view.0);
    let off = renderer
        .capture(
            SIZE,
            &scene(view, near_fog(), FarScene::default(), Some(&hud)),
        )
        .expect("frame reads back");
    assert_matches_golden("far_off", &off);

    let Plan { drawn, hidden } = upload_far(&mut renderer, &generator, view.0, &uploaded);
    let sections: Vec<SectionPos> = drawn
        .into_iter()
        .flat_map(SectionColumn::sections)
        .collect();
    let far = FarScene {
        sections: &sections,
        hidden: Some(&hidden),
        reach: FAR as f32,
    };
    let fog = (FAR as f32 * 0.5, FAR as f32);
    let on = renderer
        .capture(SIZE, &scene(view, fog, far, Some(&hud)))
        .expect("frame reads back");
    println!(
        "far view: {} sections drawn, {} quads",
        sections.len(),
        renderer.far_quads_drawn()
    );
    assert_matches_golden("far_2048", &on);
    // The far view fills the horizon the near view leaves to the fog: more than a tenth of
    // the picture changes.
    let changed = off
        .pixels()
        .zip(on.pixels())
        .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 24))
        .count();
    assert!(changed * 10 > on.pixels().len(), "{changed} pixels changed");
}

#[test]
fn where_the_levels_meet_no_sky_shows_below_the_horizon() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    // No HUD, which would be the same in both pictures, and no fog, so that ground anywhere differs from the sky; the sky alone, to compare with.
    let no_fog = (1e6, 2e6);
    let mut world = World::new(Generator::new(GeneratorKind::Terrain, 7));
    for (yaw, pitch) in [(40.0, -8.0), (220.0, -12.0)] {
        let view = (eye(&generator).0, yaw, pitch);
        renderer.clear_chunks();
        let sky = renderer
            .capture(SIZE, &scene(view, no_fog, FarScene::default(), None))
            .expect("frame reads back");
        let uploaded = upload_near(&mut renderer, &mut world, view.0);
        let Plan { drawn, hidden } = upload_far(&mut renderer, &generator, view.0, &uploaded);
        let levels: HashSet<u8> = drawn.iter().map(|c| c.level).collect();
        assert!(levels.len() >= 3, "the view spans levels {levels:?}");
        let sections: Vec<SectionPos> = drawn
            .into_iter()
            .flat_map(SectionColumn::sections)
            .collect();
        let far = FarScene {
            sections: &sections,
            hidden: Some(&hidden),
            reach: FAR as f32,
        };
        let world_view = renderer
            .capture(SIZE, &scene(view, no_fog, far, None))
            .expect("frame reads back");
        // Rows whose line of sight runs more than 3° below the horizon: from 110 blocks up,
        // the ground there is within 2,100 blocks, inside the far view.
        let half = f64::from(SIZE.1) / 2.0;
        let holes: Vec<(u32, u32)> = (0..SIZE.1)
            .filter(|&row| {
                let up = ((half - f64::from(row) - 0.5) / half * (FOV / 2.0).to_radians().tan())
                    .atan()
                    .to_degrees();
                up + pitch < -3.0
            })
            .flat_map(|row| (0..SIZE.0).map(move |x| (x, row)))
            .filter(|&(x, y)| {
                let (a, b) = (sky.get_pixel(x, y), world_view.get_pixel(x, y));
                (0..3).all(|c| a[c].abs_diff(b[c]) <= 2)
            })
            .collect();
        if !holes.is_empty() {
            let path = std::env::temp_dir().join(format!("hewn-far-holes-{yaw}.png"));
            let _ = world_view.save(&path);
            panic!(
                "{} sky pixels below the horizon looking {yaw}°, first at {:?} ({})",
                holes.len(),
                holes[0],
                path.display()
            );
        }
    }
}
