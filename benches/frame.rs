//! How long the GPU takes to draw fixed views with only the faces that may look towards the
//! eye, and with every face of the chunks drawn (left to the GPU's back-face culling): a
//! new world of seed 7 from the new player's eye at its spawn, at render distances 8 and 16,
//! with light in the vertices and in the shader, at 1280 × 720, as the game draws it (its
//! camera, fog and culling), without the HUD.
//!
//! The two ways take turns frame by frame, so that they share the machine's state (on a
//! machine shared with a build, the build slows both alike), and the table gives the median
//! of each. `cargo bench --bench frame -- far` times only the far view. A frame here is a capture: it waits for the GPU and reads the picture back.
//!
//! A second table times the far view: the spawn at render distance 8 with the far view off
//! and reaching 512, 2,048 and 4,096 blocks, each frame of one after a frame of the others,
//! as the game draws it (its fog and its plan of which sections to draw and which near
//! columns they stand in for), and the ratio of each to the frame without it.
//!
//! A third table times the render scale and the coarse outer ring: the spawn at render
//! distances 2, 8 and 16 (light where the game puts it at each, clouds drawn), without the
//! far view and with it reaching 2,048 blocks, with every chunk drawn exact and with the
//! render distance beyond 3/8 of it drawn coarse, at render scales 1 and 0.5, each frame of
//! one way after a frame of the others. `cargo bench --bench frame -- scale` times only
//! that. The far view's table above leaves the ring out, to time the far view alone.
//!
//! A fourth table times the two ways chunks and far sections reach the GPU
//! ([`hewn_render::draws`]): a call for every run of a mesh's faces, and the best the GPU
//! allows (on lavapipe, one indirect call per batch of meshes), at the game's defaults and
//! at render distance 16, with the commands and the calls each way made.
//! `cargo bench --bench frame -- draws` times only that.
//!
//! Needs a GPU; on a machine without one, Mesa's lavapipe rasterises on the CPU:
//! `xvfb-run -a cargo bench --bench frame`. Without an adapter it says so and stops.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

use hewn_client::far::rings::{Rings, SectionColumn, exact_distance};
use hewn_client::tuning::{FAR_DETAIL, FAR_FOG_START, FOG_END_INSET, FOG_START, SHADER_LIGHT_FROM};
use hewn_core::physics::Body;
use hewn_core::sim::spawn::new_player;
use hewn_core::sim::time::NOON;
use hewn_core::world::coarse::{CoarseSource, SectionPos};
use hewn_core::world::{CHUNK_SIZE, ChunkPos, ColumnPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::{ChunkMesh, Leaves, Shading, mesh_coarse};
use hewn_render::draws::DrawPath;
use hewn_render::{FarScene, Gpu, Renderer, Scene};

#[path = "common/views.rs"]
mod views;

use views::{View, meshes_around};

/// The picture's size: the game's default window.
const SIZE: (u32, u32) = (1280, 720);

/// Frames timed each way per view, after [`WARM_UP`] each way.
const FRAMES: usize = 15;
/// Frames timed each way for the far view's table, whose differences are smaller.
const FAR_FRAMES: usize = 40;
const WARM_UP: usize = 2;

/// Draws the ways' `scenes` a frame of each in turn, `frames` frames of each after
/// [`WARM_UP`], `set(renderer, way)` setting each way up before its frame: each way's median
/// time in milliseconds, and what `note` read of the renderer after its last frame.
fn in_turn<T: Clone + Default>(
    renderer: &mut Renderer,
    frames: usize,
    scenes: &[&Scene<'_>],
    set: impl Fn(&mut Renderer, usize),
    note: impl Fn(&Renderer) -> T,
) -> (Vec<f64>, Vec<T>) {
    let mut times = vec![Vec::new(); scenes.len()];
    let mut notes = vec![T::default(); scenes.len()];
    for frame in 0..WARM_UP + frames {
        for (way, scene) in scenes.iter().enumerate() {
            set(renderer, way);
            let start = Instant::now();
            let picture = renderer.capture(SIZE, scene);
            let elapsed = start.elapsed();
            assert!(picture.is_ok(), "the frame reads back");
            notes[way] = note(renderer);
            if frame >= WARM_UP {
                times[way].push(elapsed);
            }
        }
    }
    (times.into_iter().map(median).collect(), notes)
}

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
    // `cargo bench --bench frame -- far` times the far view alone, `-- scale` the render
    // scale alone.
    let only_far = std::env::args().any(|a| a == "far");
    let only_scale = std::env::args().any(|a| a == "scale");
    if only_scale {
        render_scales(&mut renderer, &mut world, &player);
        return;
    }
    if std::env::args().any(|a| a == "draws") {
        draw_paths(&mut renderer, &mut world, &player);
        return;
    }
    for (name, render_distance, shading) in [
        ("seed 7 spawn, rd 8", 8, Shading::Vertex),
        ("seed 7 spawn, rd 8, light in shader", 8, Shading::Sampled),
        ("seed 7 spawn, rd 16", 16, Shading::Vertex),
        ("seed 7 spawn, rd 16, light in shader", 16, Shading::Sampled),
    ] {
        if only_far {
            break;
        }
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
        let scene = Scene::plain(
            view.camera(),
            NOON,
            (edge * FOG_START, edge - FOG_END_INSET),
        );
        let (ms, quads) = in_turn(
            &mut renderer,
            FRAMES,
            &[&scene, &scene],
            |renderer, way| renderer.set_face_culling(way == 0),
            Renderer::quads_drawn,
        );
        // The tables after this one draw as the game does, only the faces that may look
        // towards the eye.
        renderer.set_face_culling(true);
        let (facing, every) = (ms[0], ms[1]);
        println!(
            "{:<38} {facing:>16.1} {:>12} {every:>17.1} {:>12}",
            view.name, quads[0], quads[1]
        );
    }
    far_view(&mut renderer, &mut world, &player);
    if !only_far {
        render_scales(&mut renderer, &mut world, &player);
        draw_paths(&mut renderer, &mut world, &player);
    }
}

/// The render scale's table: see the module's notes.
fn render_scales(renderer: &mut Renderer, world: &mut World, player: &Body) {
    /// The far view's reach in each row: off, then the settings' default.
    const REACHES: [u32; 2] = [0, 2048];
    const SCALES: [f32; 2] = [1.0, 0.5];
    println!();
    println!(
        "{:<30} {:>10} {:>10} {:>14} {:>10} {:>10} {:>14}",
        "seed 7 spawn (ms, p50)",
        "exact, 1",
        "exact, 0.5",
        "quads",
        "ring, 1",
        "ring, 0.5",
        "quads"
    );
    for render_distance in [2, 8, 16] {
        let mut game = GameView::new(renderer, world, player, render_distance);
        for reach in REACHES {
            // The far view as the game plans it, without the coarse ring and with it.
            let plans = [false, true].map(|ring| game.plan(renderer, reach, ring));
            let scenes = plans.each_ref().map(|plan| game.scene(plan, reach));
            // Four ways, in turn: exact and with the ring, each at both scales.
            let ways: Vec<&Scene<'_>> = scenes
                .iter()
                .flat_map(|scene| SCALES.map(|_| scene))
                .collect();
            let (ms, quads) = in_turn(
                renderer,
                FRAMES,
                &ways,
                |renderer, way| renderer.set_render_scale(SCALES[way % SCALES.len()]),
                |renderer| (renderer.quads_drawn(), renderer.far_quads_drawn()),
            );
            renderer.set_render_scale(1.0);
            let far = if reach == 0 {
                String::new()
            } else {
                format!(", far {reach}")
            };
            let sum = |(near, far): (usize, usize)| format!("{near}+{far}");
            println!(
                "{:<30} {:>10.1} {:>10.1} {:>14} {:>10.1} {:>10.1} {:>14}",
                format!("rd {render_distance}{far}"),
                ms[0],
                ms[1],
                sum(quads[0]),
                ms[2],
                ms[3],
                sum(quads[2])
            );
        }
    }
}

/// The spawn as the game draws it at one render distance: the near chunks uploaded, with
/// light where the game puts it, and the far view's sections made as plans need them.
struct GameView {
    view: View,
    meshes: HashMap<ChunkPos, ChunkMesh>,
    generator: Generator,
    made: HashSet<SectionPos>,
    at: glam::DVec3,
}

/// A far view's plan: the sections drawn, and the near columns they stand in for.
type Plan = Option<(Vec<SectionPos>, BTreeSet<ColumnPos>)>;

impl GameView {
    /// The chunks within `render_distance` of `player` meshed and uploaded, in place of
    /// any chunks and sections before.
    fn new(
        renderer: &mut Renderer,
        world: &mut World,
        player: &Body,
        render_distance: i32,
    ) -> Self {
        let view = View {
            name: "game view",
            render_distance,
            eye: player.eye(),
            yaw: player.yaw,
            pitch: player.pitch,
        };
        let shading = if render_distance >= SHADER_LIGHT_FROM as i32 {
            Shading::Sampled
        } else {
            Shading::Vertex
        };
        // The far view's sections leave the GPU with the chunks, to be made again.
        renderer.clear_chunks();
        let meshes = meshes_around(world, view.eye, render_distance, (Leaves::Fancy, shading));
        for (&pos, mesh) in &meshes {
            renderer.upload_chunk(pos, mesh);
        }
        Self {
            view,
            meshes,
            generator: Generator::new(GeneratorKind::Terrain, 7),
            made: HashSet::new(),
            at: player.position,
        }
    }

    /// The far view reaching `reach` blocks, with the coarse outer ring or without, as the
    /// game plans it.
    fn plan(&mut self, renderer: &mut Renderer, reach: u32, ring: bool) -> Plan {
        let distance = self.view.render_distance.unsigned_abs();
        let exact = exact_distance(distance, ring);
        let rings = Rings::new(distance, reach, FAR_DETAIL, exact);
        far_plan(
            renderer,
            &self.generator,
            &mut self.made,
            rings,
            self.at,
            &self.meshes,
        )
    }

    /// The scene of `plan`, the far view reaching `reach`, with the game's fog and clouds.
    fn scene<'a>(&self, plan: &'a Plan, reach: u32) -> Scene<'a> {
        let edge = (self.view.render_distance * CHUNK_SIZE) as f32;
        let fog = if reach == 0 {
            (edge * FOG_START, edge - FOG_END_INSET)
        } else {
            (reach as f32 * FAR_FOG_START, reach as f32)
        };
        Scene {
            clouds: true,
            far: plan
                .as_ref()
                .map_or_else(FarScene::default, |(sections, hidden)| FarScene {
                    sections,
                    hidden: Some(hidden),
                    reach: reach as f32,
                }),
            ..Scene::plain(self.view.camera(), NOON, fog)
        }
    }
}

/// The draw paths' table: see the module's notes.
fn draw_paths(renderer: &mut Renderer, world: &mut World, player: &Body) {
    let best = renderer.draw_path();
    println!();
    println!(
        "{:<30} {:>12} {:>12} {:>10} {:>10}",
        "seed 7 spawn (ms, p50)",
        "one by one",
        format!("{best:?}"),
        "commands",
        "calls"
    );
    for (render_distance, reach, ring) in [
        (8, 2048, true),
        (16, 0, false),
        (16, 0, true),
        (16, 2048, true),
    ] {
        let mut game = GameView::new(renderer, world, player, render_distance);
        let plan = game.plan(renderer, reach, ring);
        let scene = game.scene(&plan, reach);
        let ways = [DrawPath::Direct, best];
        let (ms, counts) = in_turn(
            renderer,
            FRAMES,
            &[&scene, &scene],
            |renderer, way| renderer.set_draw_path(ways[way]),
            Renderer::draw_counts,
        );
        renderer.set_draw_path(best);
        println!(
            "{:<30} {:>12.1} {:>12.1} {:>10} {:>10}",
            format!(
                "rd {render_distance}, far {reach}{}",
                if ring { ", ring" } else { "" }
            ),
            ms[0],
            ms[1],
            counts[0].0,
            format!("{}/{}", counts[0].1, counts[1].1)
        );
    }
}

/// The far view's table: see the module's notes.
fn far_view(renderer: &mut Renderer, world: &mut World, player: &Body) {
    const RENDER_DISTANCE: i32 = 8;
    const REACHES: [u32; 4] = [0, 512, 2048, 4096];
    let view = View {
        name: "far view",
        render_distance: RENDER_DISTANCE,
        eye: player.eye(),
        yaw: player.yaw,
        pitch: player.pitch,
    };
    renderer.clear_chunks();
    let meshes = meshes_around(
        world,
        view.eye,
        RENDER_DISTANCE,
        (Leaves::Fancy, Shading::Vertex),
    );
    for (&pos, mesh) in &meshes {
        renderer.upload_chunk(pos, mesh);
    }
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let mut made = HashSet::new();
    let plans: Vec<Option<(Vec<SectionPos>, BTreeSet<ColumnPos>)>> = REACHES
        .iter()
        .map(|&reach| {
            // Every chunk exact: this table times the far view alone.
            let distance = RENDER_DISTANCE as u32;
            let rings = Rings::new(distance, reach, FAR_DETAIL, distance);
            far_plan(
                renderer,
                &generator,
                &mut made,
                rings,
                player.position,
                &meshes,
            )
        })
        .collect();
    let scenes: Vec<Scene<'_>> = REACHES
        .iter()
        .zip(&plans)
        .map(|(&reach, plan)| {
            let edge = (RENDER_DISTANCE * CHUNK_SIZE) as f32;
            let (fog, far) = match plan {
                None => (
                    (edge * FOG_START, edge - FOG_END_INSET),
                    FarScene::default(),
                ),
                Some((sections, hidden)) => {
                    let reach = reach as f32;
                    let far = FarScene {
                        sections,
                        hidden: Some(hidden),
                        reach,
                    };
                    ((reach * FAR_FOG_START, reach), far)
                }
            };
            Scene {
                far,
                ..Scene::plain(view.camera(), NOON, fog)
            }
        })
        .collect();
    let ways: Vec<&Scene<'_>> = scenes.iter().collect();
    let (medians, quads) = in_turn(
        renderer,
        FAR_FRAMES,
        &ways,
        |_, _| {},
        |renderer| (renderer.quads_drawn(), renderer.far_quads_drawn()),
    );
    println!();
    println!(
        "{:<38} {:>12} {:>12} {:>12} {:>10}",
        "seed 7 spawn, rd 8, far view", "ms (p50)", "near quads", "far quads", "ratio"
    );
    for (i, reach) in REACHES.iter().enumerate() {
        println!(
            "{:<38} {:>12.1} {:>12} {:>12} {:>10.2}",
            format!("far view {reach}"),
            medians[i],
            quads[i].0,
            quads[i].1,
            medians[i] / medians[0]
        );
    }
}

/// The far view of `rings` (if any) about the feet at `at`, as the game plans it beside the
/// near `meshes`: the sections drawn, and the near columns they stand in for. Each section it
/// holds that is not yet in `made` is made from `generator` as the far view's workers make it,
/// and uploaded.
fn far_plan(
    renderer: &mut Renderer,
    generator: &Generator,
    made: &mut HashSet<SectionPos>,
    rings: Option<Rings>,
    at: glam::DVec3,
    meshes: &HashMap<ChunkPos, ChunkMesh>,
) -> Option<(Vec<SectionPos>, BTreeSet<ColumnPos>)> {
    let rings = rings?;
    let mut mesh = ChunkMesh::default();
    for pos in (rings.held(at).into_iter()).flat_map(SectionColumn::sections) {
        if made.insert(pos) {
            mesh_coarse(&generator.coarse_section(pos), &[None; 6], &mut mesh);
            renderer.upload_section(pos, &mesh);
        }
    }
    let plan = rings.plan(
        at,
        |_| true,
        |c| c.chunks().all(|p| meshes.contains_key(&p)),
    );
    let sections = plan.drawn.into_iter().flat_map(SectionColumn::sections);
    Some((sections.collect(), plan.hidden))
}
