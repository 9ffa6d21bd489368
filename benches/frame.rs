//! How long the GPU takes to draw fixed views with only the faces that may look towards the
//! eye, and with every face of the chunks drawn (left to the GPU's back-face culling): a
//! new world of seed 7 from the new player's eye at its spawn, at render distances 8 and 16,
//! with light in the vertices and in the shader, at 1280 × 720, as the game draws it (its
//! camera, fog and culling), without the HUD.
//!
//! The two ways take turns frame by frame, so that they share the machine's state (on a
//! machine shared with a build, the build slows both alike), and the table gives the median
//! of each. A frame here is a capture: it waits for the GPU and reads the picture back.
//!
//! Needs a GPU; on a machine without one, Mesa's lavapipe rasterises on the CPU:
//! `xvfb-run -a cargo bench --bench frame`. Without an adapter it says so and stops.

use std::time::{Duration, Instant};

use hewn::app::tuning::{FOG_END_INSET, FOG_START};
use hewn::mesh::{Leaves, Shading};
use hewn::render::{DEFAULT_BRIGHTNESS, FarScene, Gpu, Renderer, Scene};
use hewn::sim::spawn::new_player;
use hewn::sim::time::NOON;
use hewn::world::{CHUNK_SIZE, World};
use hewn::worldgen::{Generator, GeneratorKind};

#[path = "common/views.rs"]
mod views;

use views::{View, meshes_around};

/// The picture's size: the game's default window.
const SIZE: (u32, u32) = (1280, 720);

/// Frames timed each way per view, after [`WARM_UP`] each way.
const FRAMES: usize = 15;
const WARM_UP: usize = 2;

fn median(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1000.0
}

fn main() {
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
    println!(
        "{:<38} {:>16} {:>12} {:>17} {:>12}",
        "view", "facing (ms, p50)", "quads", "every face (ms)", "quads"
    );
    for (name, render_distance, shading) in [
        ("seed 7 spawn, rd 8", 8, Shading::Vertex),
        ("seed 7 spawn, rd 8, light in shader", 8, Shading::Sampled),
        ("seed 7 spawn, rd 16", 16, Shading::Vertex),
        ("seed 7 spawn, rd 16, light in shader", 16, Shading::Sampled),
    ] {
        let view = View {
            name,
            render_distance,
            eye: player.eye(),
            yaw: player.yaw,
            pitch: player.pitch,
        };
        renderer.clear_chunks();
        let meshes = meshes_around(
            &mut world,
            view.eye,
            render_distance,
            (Leaves::Fancy, shading),
        );
        for (&pos, mesh) in &meshes {
            renderer.upload_chunk(pos, mesh);
        }
        let edge = (render_distance * CHUNK_SIZE) as f32;
        let scene = Scene {
            camera: view.camera(),
            time: NOON,
            brightness: DEFAULT_BRIGHTNESS,
            fog: (edge * FOG_START, edge - FOG_END_INSET),
            underwater: false,
            outline: &[],
            boxes: &[],
            figures: &[],
            items: &[],
            crack: None,
            hud: None,
            menus: None,
            far: FarScene::default(),
        };
        let mut times = [Vec::new(), Vec::new()];
        let mut quads = [0, 0];
        for frame in 0..WARM_UP + FRAMES {
            for (way, facing) in [true, false].into_iter().enumerate() {
                renderer.set_face_culling(facing);
                let start = Instant::now();
                let picture = renderer.capture(SIZE, &scene);
                let elapsed = start.elapsed();
                assert!(picture.is_ok(), "the frame reads back");
                quads[way] = renderer.quads_drawn();
                if frame >= WARM_UP {
                    times[way].push(elapsed);
                }
            }
        }
        let [facing, every] = times.map(median);
        println!(
            "{:<38} {facing:>16.1} {:>12} {every:>17.1} {:>12}",
            view.name, quads[0], quads[1]
        );
    }
}
