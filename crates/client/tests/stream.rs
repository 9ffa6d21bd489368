//! Streaming, headless, as the game drives it: the meshes it hands over for upload are the
//! meshes of the loaded world, every chunk in view gets one, and walking away drops what is
//! left behind and loads what lies ahead.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use glam::DVec3;
use hewn_client::Streamer;
use hewn_core::world::cache::view_capacity;
use hewn_core::world::{BlockPos, ChunkPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind, SharedTerrain};
use hewn_mesh::{ChunkMesh, Neighbourhood};

const RENDER_DISTANCE: u32 = 3;
/// Far more than loading a few dozen columns takes; only a hang reaches it.
const HANG: Duration = Duration::from_secs(120);

/// Streams around `feet` until the view is complete, applying uploads and drops to `shown`
/// as the renderer would.
fn load(
    streamer: &mut Streamer,
    world: &mut World,
    feet: DVec3,
    shown: &mut BTreeMap<ChunkPos, ChunkMesh>,
) {
    let started = Instant::now();
    loop {
        streamer.update_waiting(
            &mut world.loader(),
            feet,
            DVec3::X,
            Duration::from_millis(20),
        );
        for pos in streamer.take_dropped() {
            shown.remove(&pos);
        }
        while let Some((pos, mesh)) = streamer.next_ready() {
            if mesh.is_empty() {
                shown.remove(&pos);
            } else {
                shown.insert(pos, mesh);
            }
        }
        if streamer.view_complete() {
            return;
        }
        assert!(started.elapsed() < HANG, "the view never completed");
    }
}

/// Every chunk within the render distance of `feet` that has faces, meshed from `world`.
fn expected(world: &World, feet: DVec3) -> BTreeMap<ChunkPos, ChunkMesh> {
    let centre = BlockPos::containing(feet).chunk();
    let r = RENDER_DISTANCE as i32;
    let mut meshes = BTreeMap::new();
    for pos in world.loaded_chunks() {
        let (dx, dz) = (pos.x - centre.x, pos.z - centre.z);
        if dx * dx + dz * dz > r * r {
            continue;
        }
        let mut mesh = ChunkMesh::default();
        mesh.build(&Neighbourhood::from_world(world, pos));
        if !mesh.is_empty() {
            meshes.insert(pos, mesh);
        }
    }
    meshes
}

#[test]
fn the_streamed_view_is_the_world_meshed_and_follows_the_player() {
    let generator = Arc::new(Generator::new(GeneratorKind::Terrain, 7));
    // The world and the workers draw from one cache, as in the game.
    let terrain = SharedTerrain::new(generator.clone(), view_capacity(RENDER_DISTANCE));
    let mut world = World::with_shared_source(terrain.columns.clone());
    let mut streamer = Streamer::with_workers(&terrain, RENDER_DISTANCE, 2);
    let mut shown = BTreeMap::new();

    let spawn = generator.spawn_point();
    load(&mut streamer, &mut world, spawn, &mut shown);
    let centre = BlockPos::containing(spawn).chunk();
    let r = RENDER_DISTANCE as i32;
    for dz in -r..=r {
        for dx in -r..=r {
            if dx * dx + dz * dz <= r * r {
                let column = ChunkPos::new(centre.x + dx, 0, centre.z + dz).column();
                assert!(world.is_column_loaded(column), "{column:?} is in view");
            }
        }
    }
    let want = expected(&world, spawn);
    assert!(want.len() > 20, "the spawn's view has faces to draw");
    assert_eq!(
        shown.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>()
    );
    for (pos, mesh) in &want {
        assert!(shown[pos] == *mesh, "{pos:?} shows a stale mesh");
    }

    // Ten chunks east: the start is out of range and the new view is complete.
    let away = spawn + DVec3::new(320.0, 0.0, 0.0);
    load(&mut streamer, &mut world, away, &mut shown);
    assert!(!world.is_column_loaded(centre.column()));
    let want = expected(&world, away);
    assert_eq!(
        shown.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>()
    );
    for (pos, mesh) in &want {
        assert!(
            shown[pos] == *mesh,
            "{pos:?} shows a stale mesh after the walk"
        );
    }
}
