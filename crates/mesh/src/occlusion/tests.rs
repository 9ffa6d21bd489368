//! The walk over small worlds of made-up chunks, each a 32³ grid of clear and opaque cells:
//! a sealed room, and random worlds checked against lines of sight followed cell by cell.

use std::collections::BTreeSet;

use glam::{DVec3, IVec3, Vec2, Vec3};
use proptest::prelude::*;

use super::*;
use crate::camera::{Camera, Frustum};
use hewn_core::raycast::GridWalk;
use hewn_core::world::CHUNK_SIZE;

const N: i32 = CHUNK_SIZE;
const ROWS: usize = (N * N) as usize;

/// A world of `size` chunks from the origin, each given as its clear cells, one `u32` per
/// row of x, rows in the order `y * 32 + z` (as [`Visibility::of_open_rows`] takes them).
struct Grid {
    size: IVec3,
    chunks: Vec<Box<[u32; ROWS]>>,
    graphs: Vec<Sight>,
}

impl Grid {
    fn new(size: IVec3, chunks: Vec<Box<[u32; ROWS]>>) -> Self {
        let graphs = chunks.iter().map(|c| Sight::of_open_rows(c)).collect();
        Self {
            size,
            chunks,
            graphs,
        }
    }

    fn index(&self, pos: ChunkPos) -> Option<usize> {
        let p = IVec3::new(pos.x, pos.y, pos.z);
        (p.cmpge(IVec3::ZERO).all() && p.cmplt(self.size).all())
            .then(|| ((p.y * self.size.z + p.z) * self.size.x + p.x) as usize)
    }

    fn sight(&self, pos: ChunkPos) -> Sight {
        self.index(pos).map_or(Sight::ALL, |i| self.graphs[i])
    }

    /// Whether the cell is inside the world and clear, or `None` outside it.
    fn clear(&self, cell: IVec3) -> Option<bool> {
        let chunk = cell.div_euclid(IVec3::splat(N));
        let i = self.index(ChunkPos::new(chunk.x, chunk.y, chunk.z))?;
        let local = cell.rem_euclid(IVec3::splat(N));
        Some(self.chunks[i][(local.y * N + local.z) as usize] & (1 << local.x) != 0)
    }

    /// The chunks the walk from `eye` reaches, looking as `camera` does (whose own eye is
    /// ignored).
    fn walked(&self, eye: DVec3, camera: &Camera) -> BTreeSet<ChunkPos> {
        let camera = Camera { eye, ..*camera };
        let frustum = Frustum::new(camera.view_proj());
        let mut out = Vec::new();
        let mut walk = Walk::default();
        walk.reachable(
            camera.walk_eye(),
            16,
            |pos| self.sight(pos),
            |pos| {
                let min = (IVec3::new(pos.x, pos.y, pos.z) * N).as_dvec3() - eye;
                frustum.intersects_box(min.as_vec3(), min.as_vec3() + Vec3::splat(N as f32))
            },
            &mut out,
        );
        let walked: BTreeSet<ChunkPos> = out.iter().copied().collect();
        assert_eq!(walked.len(), out.len(), "each chunk is reached once");
        // Asked chunk by chunk, in the walk's box and around it, the walk says the same.
        let at = camera.walk_eye().chunk;
        for y in -2..WORLD_HEIGHT_CHUNKS + 2 {
            for z in at.z - 18..=at.z + 18 {
                for x in at.x - 18..=at.x + 18 {
                    let pos = ChunkPos::new(x, y, z);
                    assert_eq!(walk.has_reached(pos), walked.contains(&pos), "{pos:?}");
                }
            }
        }
        walked
    }

    /// The chunks a line of sight from `eye` along `direction` passes through, up to and
    /// including the one holding the first opaque cell.
    fn sight_line(&self, eye: DVec3, direction: DVec3) -> Vec<ChunkPos> {
        let mut chunks = Vec::new();
        for (cell, _) in GridWalk::new(eye, direction) {
            let Some(clear) = self.clear(cell.to_ivec3()) else {
                break;
            };
            chunks.push(cell.chunk());
            if !clear {
                break;
            }
        }
        chunks
    }
}

/// SplitMix64: the cells of a made-up chunk from its seed.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A chunk of one of seven kinds by `kind` (0 to 9): air (three chances in ten), rock, rock
/// with a wide straight tunnel (two chances) through two opposite faces, rock with a wide
/// tunnel that bends from one face to another, rock with winding tunnels, rock with a
/// sealed room, or cells clear by chance at about the share where clear pockets start to
/// join up across a chunk (site percolation on a cubic grid, 0.31).
fn made_up_chunk(kind: u8, mut seed: u64) -> Box<[u32; ROWS]> {
    let mut rows = Box::new([0u32; ROWS]);
    let dig = |rows: &mut [u32; ROWS], p: IVec3| {
        let p = p.clamp(IVec3::ZERO, IVec3::splat(N - 1));
        rows[(p.y * N + p.z) as usize] |= 1 << p.x;
    };
    let to_face = |rows: &mut [u32; ROWS], face: Face| dig_to_face(rows, face);
    match kind {
        0 | 7 | 8 => rows.fill(u32::MAX),
        1 => {}
        2 | 9 => {
            let face = Face::ALL[(next(&mut seed) % 6) as usize];
            to_face(&mut rows, face);
            to_face(&mut rows, face.opposite());
        }
        5 => {
            to_face(&mut rows, Face::ALL[(next(&mut seed) % 6) as usize]);
            to_face(&mut rows, Face::ALL[(next(&mut seed) % 6) as usize]);
        }
        6 => {
            for _ in 0..1 + next(&mut seed) % 3 {
                let mut p = IVec3::new(
                    (next(&mut seed) % 32) as i32,
                    (next(&mut seed) % 32) as i32,
                    (next(&mut seed) % 32) as i32,
                );
                let mut heading = Face::ALL[(next(&mut seed) % 6) as usize];
                for _ in 0..150 {
                    dig(&mut rows, p);
                    if next(&mut seed).is_multiple_of(4) {
                        heading = Face::ALL[(next(&mut seed) % 6) as usize];
                    }
                    p = (p + heading.normal()).clamp(IVec3::ZERO, IVec3::splat(N - 1));
                }
            }
        }
        3 => {
            let (min, max) = (
                4 + (next(&mut seed) % 8) as i32,
                20 + (next(&mut seed) % 8) as i32,
            );
            for y in min..max {
                for z in min..max {
                    for x in min..max {
                        dig(&mut rows, IVec3::new(x, y, z));
                    }
                }
            }
        }
        _ => {
            for row in rows.iter_mut() {
                for x in 0..N {
                    if next(&mut seed) % 100 < 31 {
                        *row |= 1 << x;
                    }
                }
            }
        }
    }
    rows
}

/// Digs a wide tunnel from the middle of the chunk out through `face`.
fn dig_to_face(rows: &mut [u32; ROWS], face: Face) {
    let mut min = IVec3::splat(13);
    let mut max = IVec3::splat(19);
    if face.is_positive() {
        max[face.axis().index()] = N;
    } else {
        min[face.axis().index()] = 0;
    }
    for y in min.y..max.y {
        for z in min.z..max.z {
            for x in min.x..max.x {
                rows[(y * N + z) as usize] |= 1 << x;
            }
        }
    }
}

/// Rock with a cavern of air from `min` to `max` (cells, `max` excluded).
fn cavern(min: IVec3, max: IVec3) -> Box<[u32; ROWS]> {
    let mut rows = Box::new([0u32; ROWS]);
    for y in min.y..max.y {
        for z in min.z..max.z {
            for x in min.x..max.x {
                rows[(y * N + z) as usize] |= 1 << x;
            }
        }
    }
    rows
}

/// Rock with a wide tunnel from each of `faces` to the middle.
fn tunnels(faces: &[Face]) -> Box<[u32; ROWS]> {
    let mut rows = Box::new([0u32; ROWS]);
    for &face in faces {
        dig_to_face(&mut rows, face);
    }
    rows
}

/// A camera at the origin looking along `yaw` and `pitch` (degrees).
fn looking(yaw: f64, pitch: f64) -> Camera {
    Camera {
        eye: DVec3::ZERO,
        yaw,
        pitch,
        fov_y: 70.0,
        aspect: 16.0 / 9.0,
        far: 1000.0,
    }
}

/// Five chunks in a row along x: the eye in air at x = 0, rock at 1, a sealed room in rock
/// at 2 (rock on every side of it: above, below, north and south too), more rock beyond.
fn sealed_room_world() -> Grid {
    let size = IVec3::new(5, 3, 3);
    let mut chunks = Vec::new();
    for y in 0..size.y {
        for z in 0..size.z {
            for x in 0..size.x {
                let kind = if x == 0 {
                    0
                } else if (x, y, z) == (2, 1, 1) {
                    3
                } else {
                    1
                };
                chunks.push(made_up_chunk(kind, 1));
            }
        }
    }
    Grid::new(size, chunks)
}

#[test]
fn a_sealed_room_is_not_drawn_from_outside_and_is_from_inside() {
    let world = sealed_room_world();
    let room = ChunkPos::new(2, 1, 1);
    // Looking east at the rock face from the air chunk.
    let view = looking(90.0, 0.0);
    let outside = world.walked(DVec3::new(16.0, 48.0, 48.0), &view);
    assert!(
        outside.contains(&ChunkPos::new(1, 1, 1)),
        "the rock face is drawn"
    );
    assert!(!outside.contains(&room), "{outside:?}");
    let inside = world.walked(DVec3::new(80.0, 48.0, 48.0), &view);
    assert!(inside.contains(&room));
    // From inside, the room's rock walls are drawn and nothing beyond them.
    assert!(inside.contains(&ChunkPos::new(3, 1, 1)));
    assert!(!inside.contains(&ChunkPos::new(4, 1, 1)), "{inside:?}");
}

#[test]
fn the_walk_never_turns_back_towards_the_eye() {
    // All air: from the middle, each chunk in view is reached exactly once (checked in
    // `walked`), and chunks behind a wide view are still left out.
    let size = IVec3::splat(5);
    let chunks = (0..size.element_product())
        .map(|_| made_up_chunk(0, 0))
        .collect();
    let world = Grid::new(size, chunks);
    let view = looking(0.0, 0.0);
    let walked = world.walked(DVec3::splat(80.0), &view);
    // Looking north (−z): nothing two chunks south of the eye.
    assert!(walked.iter().all(|p| p.z <= 3), "{walked:?}");
    assert!(walked.contains(&ChunkPos::new(2, 2, 0)));
}

#[test]
fn a_chunk_entered_through_two_faces_is_left_through_what_either_joins() {
    // The eye's chunk and the ones east of it and above it are air; the chunk north-east
    // and above is entered from the west (its rock face shows) and from below, and its
    // cavern joins only its bottom to its east side, where a last chunk lies.
    let size = IVec3::new(3, 2, 1);
    let mut chunks = Vec::new();
    for y in 0..size.y {
        for x in 0..size.x {
            chunks.push(match (x, y) {
                (0 | 1, 0) | (0, 1) => made_up_chunk(0, 0),
                (1, 1) => cavern(IVec3::new(8, 0, 8), IVec3::new(N, 24, 24)),
                _ => made_up_chunk(1, 0),
            });
        }
    }
    let world = Grid::new(size, chunks);
    let view = looking(90.0, 30.0);
    let walked = world.walked(DVec3::new(16.0, 16.0, 16.0), &view);
    assert!(walked.contains(&ChunkPos::new(1, 1, 0)), "{walked:?}");
    assert!(walked.contains(&ChunkPos::new(2, 1, 0)), "{walked:?}");
}

#[test]
fn a_cave_under_a_narrow_shaft_is_drawn_only_from_where_sight_goes_down_it() {
    // Air over a chunk of rock with a shaft six blocks wide from its top to its bottom,
    // over a chunk of rock with a cavern open at its top. The graphs join the eye to the
    // cavern either way; only a line of sight steep enough to go down the shaft reaches it.
    let size = IVec3::new(3, 3, 3);
    let mut chunks = Vec::new();
    for y in 0..size.y {
        for _z in 0..size.z {
            for x in 0..size.x {
                chunks.push(match (x, y) {
                    (_, 2) => made_up_chunk(0, 0),
                    (1, 1) => tunnels(&[Face::Up, Face::Down]),
                    (1, 0) => cavern(IVec3::new(4, 4, 4), IVec3::new(28, N, 28)),
                    _ => made_up_chunk(1, 0),
                });
            }
        }
    }
    let world = Grid::new(size, chunks);
    let cave = ChunkPos::new(1, 0, 1);
    let shaft = ChunkPos::new(1, 1, 1);
    // Straight down the shaft from above it.
    let down = looking(0.0, -89.0);
    let above = world.walked(DVec3::new(48.0, 80.0, 48.0), &down);
    assert!(above.contains(&cave), "{above:?}");
    // From a chunk to the side, looking down at 45 degrees across the shaft's mouth: no
    // line of sight through the mouth gets down past its walls.
    let across = looking(90.0, -45.0);
    let beside = world.walked(DVec3::new(16.0, 90.0, 48.0), &across);
    assert!(
        beside.contains(&shaft),
        "the shaft's mouth shows: {beside:?}"
    );
    assert!(!beside.contains(&cave), "{beside:?}");
}

/// Walks `world` from `eye` looking as `camera` does, at most `radius` chunks across, and
/// returns where the eye sees past the chunks reached and out of the walk's box.
fn seen_beyond(world: &Grid, eye: DVec3, camera: &Camera, radius: i32) -> (Eye, Outline) {
    let camera = Camera { eye, ..*camera };
    let mut walk = Walk::default();
    walk.reachable(
        camera.walk_eye(),
        radius,
        |pos| world.sight(pos),
        |_| true,
        &mut Vec::new(),
    );
    (camera.walk_eye(), walk.outline_beyond(|_| false))
}

#[test]
fn the_far_view_shows_only_where_sight_leaves_the_walks_box() {
    // In air the eye sees out of the box ahead, and not far off to the side.
    let size = IVec3::splat(5);
    let chunks = (0..size.element_product())
        .map(|_| made_up_chunk(0, 0))
        .collect();
    let air = Grid::new(size, chunks);
    let north = looking(0.0, 0.0);
    let (eye, beyond) = seen_beyond(&air, DVec3::splat(80.0), &north, 1);
    assert!(beyond.contains(Vec2::ZERO), "{beyond:?}");
    // Boxes in blocks from the eye's chunk (which spans 64 to 96 on each axis).
    let ahead = Vec3::new(8.0, 8.0, -300.0);
    assert!(beyond.meets_box(&eye, ahead, ahead + Vec3::splat(16.0)));
    let aside = Vec3::new(-900.0, 8.0, -100.0);
    assert!(!beyond.meets_box(&eye, aside, aside + Vec3::splat(16.0)));
    // Sealed in a room of rock nothing beyond shows, anywhere.
    let room = sealed_room_world();
    let east = looking(90.0, 0.0);
    let (eye, beyond) = seen_beyond(&room, DVec3::new(80.0, 48.0, 48.0), &east, 1);
    assert!(beyond.is_empty(), "{beyond:?}");
    assert!(!beyond.meets_box(&eye, ahead, ahead + Vec3::splat(16.0)));
    // From high above the world the walk does not look: everything may show.
    let high = f64::from((WORLD_HEIGHT_CHUNKS + FARTHEST_OUTSIDE + 1) * N);
    let (_, beyond) = seen_beyond(&air, DVec3::new(80.0, high, 80.0), &north, 1);
    assert!(beyond.contains(Vec2::ZERO) && beyond.contains(Vec2::ONE));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every chunk a line of sight from the eye reaches through clear cells (and the chunk
    /// holding the opaque cell that stops it) is one the walk reaches.
    #[test]
    fn every_chunk_a_line_of_sight_reaches_is_drawn(
        kinds in prop::collection::vec((0u8..10, any::<u64>()), 147),
        eye in (96.0..128.0f64, 32.0..64.0f64, 96.0..128.0f64),
        look in (0.0..360.0f64, -80.0..80.0f64),
        pixels in prop::collection::vec((-1.0..1.0f32, -1.0..1.0f32), 1000),
    ) {
        let size = IVec3::new(7, 3, 7);
        // Air in the eye's chunk, so that lines of sight spread out before they meet
        // anything.
        let eye = DVec3::new(eye.0, eye.1, eye.2);
        let eye_chunk = eye.floor().as_ivec3().div_euclid(IVec3::splat(N));
        let chunks = kinds
            .iter()
            .enumerate()
            .map(|(i, &(kind, seed))| {
                let i = i as i32;
                let p = IVec3::new(i % size.x, i / (size.x * size.z), i / size.x % size.z);
                let near = (p - eye_chunk).abs().max_element() == 0;
                made_up_chunk(if near { 0 } else { kind }, seed)
            })
            .collect();
        let world = Grid::new(size, chunks);
        let view = looking(look.0, look.1);
        let walked = world.walked(eye, &view);
        for ndc in pixels {
            let direction = view.direction_through(Vec2::new(ndc.0, ndc.1));
            for chunk in world.sight_line(eye, direction) {
                prop_assert!(
                    walked.contains(&chunk),
                    "{chunk:?} is seen along {direction} from {eye} but not drawn"
                );
            }
        }
    }
}
