//! What a frame draws from fixed views, counted without a GPU so that the counts can be
//! followed from commit to commit: quads and chunks drawn with cave culling on and off, and
//! with culling on, the quads the chunks drawn hold, faces that look away included.
//!
//! The views: a new world of seed 7 from the new player's eye at its spawn, at render
//! distances 8 and 16 with fancy leaves and with fast ones, and at render distance 8 from a
//! room dug out at y = 20 under the spawn (a player underground: the case cave culling is
//! for). Chunks are meshed as the game
//! meshes them (every chunk within the render distance, horizontally, of the player's
//! chunk), and a frame's chunks and faces are chosen as the renderer chooses them: the
//! chunks in the view (and, with culling, reached by the walk from the eye), each without
//! the faces that look away from the eye. The camera is the game's at its default field of
//! view in a 1280 × 720 window.
//!
//! The last column bounds what any culling by chunk could do: the quads of the chunks drawn
//! that a ray from the eye through some pixel of a 640 × 360 picture reaches, through cells
//! that are not opaque cubes, before the render distance (an occlusion culling that knew
//! exactly which chunks show).
//!
//! `cargo bench --bench drawn` prints the table, then times the walk itself from the spawn
//! at render distance 16 (what cave culling adds to each frame on the CPU).

use std::collections::{HashMap, HashSet};
use std::hint::black_box;

use criterion::Criterion;

use glam::{DVec3, Vec2, Vec3};
use hewn_core::raycast::GridWalk;
use hewn_core::sim::spawn::new_player;
use hewn_core::world::coords::WORLD_HEIGHT;
use hewn_core::world::{Block, BlockPos, BlockSource, CHUNK_SIZE, ChunkPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::occlusion::Walk;
use hewn_mesh::{ChunkMesh, Leaves, Shading, Sight};
use hewn_render::Frustum;

#[path = "common/views.rs"]
mod views;

use views::{View, meshes_around};

/// Chunks and quads drawn from `view`, with cave culling when `cull` (and then, when `seen`
/// is given, only of the chunks in it), and every quad of the chunks drawn.
fn drawn(
    meshes: &HashMap<ChunkPos, ChunkMesh>,
    view: &View,
    cull: bool,
    seen: Option<&HashSet<ChunkPos>>,
) -> (usize, usize, usize) {
    let size = CHUNK_SIZE as f32;
    let camera = view.camera();
    let frustum = Frustum::new(camera.view_proj());
    let in_view = |pos: ChunkPos| {
        let min = camera.relative(pos.min_block().min_corner());
        frustum.intersects_box(min, min + Vec3::splat(size))
    };
    let candidates: Vec<ChunkPos> = if cull {
        let mut reached = Vec::new();
        Walk::default().reachable(
            camera.walk_eye(),
            (camera.far / size).ceil() as i32 + 1,
            |pos| meshes.get(&pos).map(|m| m.sight).unwrap_or_default(),
            in_view,
            &mut reached,
        );
        reached
    } else {
        meshes.keys().copied().collect()
    };
    let (mut chunks, mut quads, mut every) = (0, 0, 0);
    let shows = |p: &ChunkPos| seen.is_none_or(|seen| seen.contains(p));
    for pos in candidates.into_iter().filter(|&p| in_view(p) && shows(&p)) {
        let Some(mesh) = meshes.get(&pos).filter(|m| !m.is_empty()) else {
            continue;
        };
        chunks += 1;
        quads += mesh.quads_facing(-camera.relative(pos.min_block().min_corner()));
        every += mesh.quad_count();
    }
    (chunks, quads, every)
}

/// The chunks whose blocks a ray from the eye through the centre of some pixel of a
/// 640 × 360 picture of `view` meets before an opaque cube stops it or the render distance
/// ends it.
fn seen_by_rays(world: &World, view: &View) -> HashSet<ChunkPos> {
    const PICTURE: (u32, u32) = (640, 360);
    let camera = view.camera();
    let reach = f64::from(view.render_distance * CHUNK_SIZE);
    let mut seen = HashSet::new();
    for row in 0..PICTURE.1 {
        for column in 0..PICTURE.0 {
            let ndc = Vec2::new(
                (column as f32 + 0.5) / PICTURE.0 as f32 * 2.0 - 1.0,
                1.0 - (row as f32 + 0.5) / PICTURE.1 as f32 * 2.0,
            );
            let direction = camera.direction_through(ndc);
            for (pos, entered) in GridWalk::new(camera.eye, direction) {
                if entered >= reach || !(0..WORLD_HEIGHT).contains(&pos.y) {
                    break;
                }
                let block = world.block(pos);
                if block != Block::AIR {
                    seen.insert(pos.chunk());
                    if block.is_opaque_cube() {
                        break;
                    }
                }
            }
        }
    }
    seen
}

/// Times the walk from `view` over the chunks of `meshes`.
fn time_walk(meshes: &HashMap<ChunkPos, ChunkMesh>, view: &View) {
    let size = CHUNK_SIZE as f32;
    let camera = view.camera();
    let frustum = Frustum::new(camera.view_proj());
    let graphs: HashMap<ChunkPos, Sight> = meshes.iter().map(|(&p, m)| (p, m.sight)).collect();
    let mut walk = Walk::default();
    let mut reached = Vec::new();
    let mut criterion = Criterion::default().configure_from_args();
    criterion.bench_function("cave culling walk, seed 7 spawn, rd 16", |b| {
        b.iter(|| {
            walk.reachable(
                camera.walk_eye(),
                (camera.far / size).ceil() as i32 + 1,
                |pos| graphs.get(&pos).copied().unwrap_or_default(),
                |pos| {
                    let min = camera.relative(pos.min_block().min_corner());
                    frustum.intersects_box(min, min + Vec3::splat(size))
                },
                &mut reached,
            );
            black_box(reached.len())
        });
    });
}

/// An eye in a room of air three blocks wide and high dug out around `(x, y, z)`.
fn dig_room(world: &mut World, x: i32, y: i32, z: i32) -> DVec3 {
    let room = BlockPos::cells_between(
        BlockPos::new(x - 1, y, z - 1),
        BlockPos::new(x + 1, y + 2, z + 1),
    );
    world.set_blocks(room.map(|p| (p, Block::AIR)));
    DVec3::new(f64::from(x) + 0.5, f64::from(y) + 1.62, f64::from(z) + 0.5)
}

fn main() {
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = generator.spawn_point();
    let mut world = World::new(generator);
    let player = new_player(&mut world, spawn);
    let at_spawn = |name, render_distance| View {
        name,
        render_distance,
        eye: player.eye(),
        yaw: player.yaw,
        pitch: player.pitch,
    };
    println!(
        "{:<38} {:>12} {:>11} {:>11} {:>10} {:>16} {:>13}",
        "view",
        "chunks (off)",
        "chunks (on)",
        "quads (off)",
        "quads (on)",
        "every face (on)",
        "seen (on)"
    );
    let report = |world: &mut World, view: View, style: (Leaves, Shading)| {
        let meshes = meshes_around(world, view.eye, view.render_distance, style);
        if view.render_distance == 16 && style == (Leaves::Fancy, Shading::Vertex) {
            time_walk(&meshes, &view);
        }
        let (chunks_off, quads_off, _) = drawn(&meshes, &view, false, None);
        let (chunks_on, quads_on, every) = drawn(&meshes, &view, true, None);
        let seen = seen_by_rays(world, &view);
        let (_, quads_seen, _) = drawn(&meshes, &view, true, Some(&seen));
        let in_range = meshes.values().filter(|m| !m.is_empty()).count();
        println!(
            "{:<38} {chunks_off:>12} {chunks_on:>11} {quads_off:>11} {quads_on:>10} \
             {every:>16} {quads_seen:>13}   ({in_range} chunks with faces in range)",
            view.name
        );
    };
    let fancy = (Leaves::Fancy, Shading::Vertex);
    let fast = (Leaves::Fast, Shading::Vertex);
    let sampled = (Leaves::Fancy, Shading::Sampled);
    report(&mut world, at_spawn("seed 7 spawn, rd 8", 8), fancy);
    report(&mut world, at_spawn("seed 7 spawn, rd 16", 16), fancy);
    report(
        &mut world,
        at_spawn("seed 7 spawn, rd 8, light in shader", 8),
        sampled,
    );
    report(
        &mut world,
        at_spawn("seed 7 spawn, rd 16, light in shader", 16),
        sampled,
    );
    report(
        &mut world,
        at_spawn("seed 7 spawn, rd 8, fast leaves", 8),
        fast,
    );
    report(
        &mut world,
        at_spawn("seed 7 spawn, rd 16, fast leaves", 16),
        fast,
    );
    let block = BlockPos::containing(spawn);
    let eye = dig_room(&mut world, block.x, 20, block.z);
    let underground = View {
        name: "room at y = 20 under the spawn, rd 8",
        render_distance: 8,
        eye,
        yaw: player.yaw,
        pitch: 0.0,
    };
    debug_assert!(world.block(BlockPos::containing(eye)) == Block::AIR);
    report(&mut world, underground, fancy);
}
