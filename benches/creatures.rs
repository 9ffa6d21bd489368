//! What drawing creatures adds to a frame: the new player's view at the spawn of a world of
//! seed 7, at render distance 8, at noon, 1280 × 720, without creatures and with 200 of them
//! on the ground in front of the eye (the base pack's six kinds in turn, walking, 6 to 31
//! blocks away, all in view). The target: the 200 add at most 2 ms on lavapipe.
//!
//! A frame here is a capture, as in `benches/frame.rs`: it waits for the GPU and reads the
//! picture back, the same for both, so the difference between the two is the creatures'
//! (their culling, instances and upload on the CPU, their draws on the GPU).
//!
//! Needs a GPU; on a machine without one, Mesa's lavapipe rasterises on the CPU:
//! `cargo bench --bench creatures -- --warm-up-time 1 --measurement-time 5`. Without an
//! adapter it says so and times nothing.

#![expect(
    missing_docs,
    reason = "criterion_group! defines an undocumented pub fn"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use glam::DVec3;
use hewn_client::tuning::{FOG_END_INSET, FOG_START};
use hewn_core::sim::creature::kind;
use hewn_core::sim::spawn::new_player;
use hewn_core::sim::time::NOON;
use hewn_core::world::{Block, BlockPos, BlockSource, CHUNK_SIZE, Light, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::creature::CreatureFigure;
use hewn_mesh::{Leaves, Shading};
use hewn_render::{Gpu, Renderer, Scene};

#[path = "common/views.rs"]
mod views;

use views::{View, meshes_around};

/// The picture's size: the game's default window.
const SIZE: (u32, u32) = (1280, 720);

/// How many creatures the busy view holds.
const CREATURES: usize = 200;

const RENDER_DISTANCE: i32 = 8;

/// The height of the ground at `x`, `z`: the top of the highest block that is not air.
fn ground(world: &World, x: f64, z: f64) -> f64 {
    let top = (64..200)
        .rev()
        .find(|&y| world.block(BlockPos::containing(DVec3::new(x, f64::from(y), z))) != Block::AIR);
    f64::from(top.unwrap_or(64) + 1)
}

/// [`CREATURES`] creatures on the ground in front of `view`'s eye, in a fan of rows 6 to 31
/// blocks away, the base pack's kinds in turn, each mid-walk.
fn herd(world: &World, view: &View) -> Vec<CreatureFigure> {
    let kinds = kind::installed();
    let yaw = view.yaw.to_radians();
    let (forward, right) = (
        DVec3::new(yaw.sin(), 0.0, -yaw.cos()),
        DVec3::new(yaw.cos(), 0.0, yaw.sin()),
    );
    (0..CREATURES)
        .map(|i| {
            let kind = i % kinds.len();
            let distance = 6.0 + (i % 20) as f64 * 1.3;
            let across = ((i / 20) as f64 - 4.5) * 0.09 * distance;
            let at = view.eye + forward * distance + right * across;
            CreatureFigure {
                position: DVec3::new(at.x, ground(world, at.x, at.z), at.z),
                yaw: view.yaw + (i * 37 % 360) as f64,
                look: view.yaw,
                walked: i as f64 * 0.37,
                swing: 1.0,
                grazing: i % 7 == 0,
                hurt: i % 11 == 0,
                light: Light::SKY,
                ..CreatureFigure::of_kind(kind, i % kinds[kind].variants.len()).expect("a kind")
            }
        })
        .collect()
}

fn creatures(c: &mut Criterion) {
    let instance = Gpu::instance();
    let gpu = match Gpu::new(&instance, None) {
        Ok(gpu) => gpu,
        Err(e) => {
            println!("no frames to time: {e}");
            return;
        }
    };
    let Ok(mut renderer) = Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb) else {
        println!("no frames to time: the renderer did not start");
        return;
    };
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = generator.spawn_point();
    let mut world = World::new(generator);
    let player = new_player(&mut world, spawn);
    let view = View {
        name: "seed 7 spawn, rd 8",
        render_distance: RENDER_DISTANCE,
        eye: player.eye(),
        yaw: player.yaw,
        pitch: player.pitch,
    };
    let meshes = meshes_around(
        &mut world,
        view.eye,
        RENDER_DISTANCE,
        (Leaves::Fancy, Shading::Vertex),
    );
    for (&pos, mesh) in &meshes {
        renderer.upload_chunk(pos, mesh);
    }
    let herd = herd(&world, &view);
    let edge = (RENDER_DISTANCE * CHUNK_SIZE) as f32;
    let scene = |creatures| Scene {
        creatures,
        ..Scene::plain(
            view.camera(),
            NOON,
            (edge * FOG_START, edge - FOG_END_INSET),
        )
    };
    let (bare, busy) = (scene(&[]), scene(&herd));
    // Every one of them in view, so that all are drawn.
    assert!(
        renderer.capture(SIZE, &busy).is_ok(),
        "the frame reads back"
    );
    assert_eq!(renderer.creatures_drawn(), CREATURES);
    let mut group = c.benchmark_group(format!("{}, 1280 × 720", view.name));
    // A frame on lavapipe takes tens of milliseconds: criterion's fewest samples.
    group.sample_size(10);
    for (name, scene) in [("no creatures", &bare), ("200 creatures", &busy)] {
        group.bench_function(name, |b| {
            b.iter(|| renderer.capture(SIZE, scene).is_ok());
        });
    }
    group.finish();
    alternated(&mut renderer, &bare, &busy);
}

/// How many pairs of frames [`alternated`] times.
const PAIRS: usize = 40;

/// The two frames timed in turn, [`PAIRS`] times: criterion times one frame's samples and
/// then the other's, seconds apart, and a shared machine drifts by more than what the
/// creatures add between the two. Prints the medians and the median of the pairs'
/// differences.
fn alternated(renderer: &mut Renderer, bare: &Scene<'_>, busy: &Scene<'_>) {
    let mut time = |scene: &Scene<'_>| {
        let start = std::time::Instant::now();
        assert!(
            renderer.capture(SIZE, scene).is_ok(),
            "the frame reads back"
        );
        start.elapsed().as_secs_f64() * 1000.0
    };
    let mut pairs: Vec<(f64, f64)> = (0..PAIRS).map(|_| (time(bare), time(busy))).collect();
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let added = median(pairs.iter().map(|(a, b)| b - a).collect());
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    println!(
        "alternated, {PAIRS} pairs: no creatures {:.2} ms, 200 creatures {:.2} ms, added {added:.2} ms \
         (the median of the pairs' differences)",
        median(pairs.iter().map(|p| p.0).collect()),
        median(pairs.iter().map(|p| p.1).collect()),
    );
}

criterion_group!(benches, creatures);
criterion_main!(benches);
