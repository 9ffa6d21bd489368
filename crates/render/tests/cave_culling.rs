//! Cave culling over generated terrain: from the spawn of seed 7 looking all round, and from a
//! cave under it, every chunk whose blocks a line of sight from the eye meets is one the walk
//! reaches, and so drawn, and every line of sight that gets past the chunks known lies inside
//! the outline where the far view is drawn. The lines of sight go through the picture on a grid
//! a little finer than one per eight pixels of a 1280 × 720 window, cell by cell through the
//! world's blocks, until an opaque cube stops them, the far plane ends them or they leave the
//! chunks known.

use std::collections::{BTreeMap, BTreeSet};

use glam::{DVec3, Vec2, Vec3};
use hewn_core::raycast::GridWalk;
use hewn_core::world::coords::WORLD_HEIGHT_CHUNKS;
use hewn_core::world::{Block, BlockPos, BlockSource, CHUNK_SIZE, ChunkPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::occlusion::{Outline, Walk};
use hewn_mesh::{Neighbourhood, Sight};
use hewn_render::{Camera, Frustum};

/// Columns of chunks known around the spawn's, each way.
const RADIUS: i32 = 4;

/// Lines of sight across and down the picture.
const PICTURE: (u32, u32) = (176, 99);

/// What sight does through every chunk within [`RADIUS`] columns of `centre`.
fn sights_around(world: &mut World, centre: ChunkPos) -> BTreeMap<ChunkPos, Sight> {
    for column in centre.column().around(RADIUS + 1) {
        world.load_column(column);
    }
    let mut sights = BTreeMap::new();
    for dz in -RADIUS..=RADIUS {
        for dx in -RADIUS..=RADIUS {
            for y in 0..WORLD_HEIGHT_CHUNKS {
                let pos = ChunkPos::new(centre.x + dx, y, centre.z + dz);
                sights.insert(pos, Sight::of(&Neighbourhood::from_world(world, pos)));
            }
        }
    }
    sights
}

/// The chunks the walk reaches from `camera`, as the renderer walks, and where on the screen
/// it may see past the chunks known (to what the far view draws there).
fn walked(sights: &BTreeMap<ChunkPos, Sight>, camera: &Camera) -> (BTreeSet<ChunkPos>, Outline) {
    let size = CHUNK_SIZE as f32;
    let frustum = Frustum::new(camera.view_proj());
    let mut reached = Vec::new();
    let mut walk = Walk::default();
    walk.reachable(
        camera.walk_eye(),
        RADIUS + 2,
        |pos| sights.get(&pos).copied().unwrap_or_default(),
        |pos| {
            let min = camera.relative(pos.min_block().min_corner());
            frustum.intersects_box(min, min + Vec3::splat(size))
        },
        &mut reached,
    );
    let beyond = walk.outline_beyond(|pos| !sights.contains_key(&pos));
    (reached.into_iter().collect(), beyond)
}

/// Checks that every chunk of `sights` whose blocks a line of sight through the picture of
/// `camera` meets is walked, and that every line that gets past them is inside the outline
/// where the far view is drawn; returns how many chunks the lines met, how many the walk
/// reached, and whether the far view is drawn at all.
fn check_view(
    world: &World,
    sights: &BTreeMap<ChunkPos, Sight>,
    camera: &Camera,
) -> (usize, usize, bool) {
    let (walked, beyond) = walked(sights, camera);
    let forward = camera.direction().as_dvec3();
    let mut met = BTreeSet::new();
    for row in 0..PICTURE.1 {
        for column in 0..PICTURE.0 {
            let ndc = Vec2::new(
                (column as f32 + 0.5) / PICTURE.0 as f32 * 2.0 - 1.0,
                1.0 - (row as f32 + 0.5) / PICTURE.1 as f32 * 2.0,
            );
            let direction = camera.direction_through(ndc);
            // Beyond the far plane nothing is drawn.
            let reach = f64::from(camera.far) / direction.dot(forward);
            for (pos, entered) in GridWalk::new(camera.eye, direction) {
                if entered >= reach {
                    break;
                }
                if !sights.contains_key(&pos.chunk()) {
                    assert!(
                        beyond.contains(ndc),
                        "from {} (yaw {}, pitch {}), looking {direction} past the chunks \
                         known at {pos:?}, outside the far view's outline {beyond:?}",
                        camera.eye,
                        camera.yaw,
                        camera.pitch
                    );
                    break;
                }
                let block = world.block(pos);
                if block == Block::AIR {
                    continue;
                }
                met.insert(pos.chunk());
                assert!(
                    walked.contains(&pos.chunk()),
                    "{:?} is seen at {pos:?} looking {direction} from {} (yaw {}, pitch {}) \
                     but not drawn",
                    pos.chunk(),
                    camera.eye,
                    camera.yaw,
                    camera.pitch
                );
                if block.is_opaque_cube() {
                    break;
                }
            }
        }
    }
    (met.len(), walked.len(), !beyond.is_empty())
}

fn camera(eye: DVec3, yaw: f64, pitch: f64) -> Camera {
    Camera {
        eye,
        yaw,
        pitch,
        fov_y: 70.0,
        aspect: 1280.0 / 720.0,
        far: ((RADIUS + 1) * CHUNK_SIZE) as f32,
    }
}

#[test]
fn every_chunk_seen_from_the_spawn_and_from_a_cave_is_drawn() {
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = generator.spawn_point();
    let mut world = World::new(generator);
    let centre = BlockPos::containing(spawn).chunk();
    let sights = sights_around(&mut world, centre);
    // On the surface at the spawn, and in the cave 70 blocks east and 54 north of it at
    // y = 16, whose passages open onto the beach to the south.
    let spawn_eye = spawn + DVec3::new(0.0, 1.62, 0.0);
    let cave_eye = DVec3::new(71.5, 17.6, -54.5);
    assert!(!world.block(BlockPos::containing(cave_eye)).is_opaque_cube());
    let mut drawn = [0, 0];
    let mut far_view_drawn = [0, 0];
    for (place, eye) in [spawn_eye, cave_eye].into_iter().enumerate() {
        for yaw in (0..360).step_by(45) {
            for pitch in [-50.0, -15.0, 0.0, 30.0] {
                let camera = camera(eye, f64::from(yaw), pitch);
                let (met, walked, far) = check_view(&world, &sights, &camera);
                far_view_drawn[place] += usize::from(far);
                assert!(
                    met > 0,
                    "yaw {yaw}, pitch {pitch}: the lines of sight met nothing"
                );
                drawn[place] += walked;
            }
        }
    }
    // Every chunk met is drawn (checked above). Underground, the walk reaches far fewer
    // chunks than on the surface.
    assert!(
        drawn[1] * 2 < drawn[0],
        "chunks walked at the spawn and in the cave: {drawn:?}"
    );
    // Nor does the cave see the far view (past the chunks known) but where it opens.
    assert!(
        far_view_drawn[1] * 4 < far_view_drawn[0],
        "views showing the far view at the spawn and in the cave: {far_view_drawn:?}"
    );
}
