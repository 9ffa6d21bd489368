//! Renders the coarse outer ring offscreen: seed 7 at render distance 16, every chunk drawn
//! exact and the outer part drawn by the far view's first level, against the pictures in
//! tests/golden/; the two must agree wherever a line of sight meets a block the near chunks
//! still draw. A second view looks along a seam between the two, without fog, for the sky
//! showing through the ground; a third looks straight down on shallow water in the ring,
//! which must keep the near water's colours rather than the open sea's deep blue.
//!
//! The chunks are meshed as the game meshes them at this distance (light in the shader),
//! and the ring's sections made from their blocks, as the far view makes them once the near
//! view has taken the chunks in ([`CoarseSection::downsample`]); which are drawn and which
//! chunks they stand in for is the far view's own plan ([`Rings::plan`]).
//!
//! Skipped, with the reason printed, where no graphics adapter exists; with
//! `HEWN_REQUIRE_GPU=1` (as in CI, on Mesa's lavapipe) a missing adapter fails instead.

use std::collections::{BTreeSet, HashSet};

use glam::{DVec3, Vec2};
use hewn_client::far::rings::{Plan, Rings, SectionColumn, exact_distance};
use hewn_client::tuning::{FAR_DETAIL, FOG_END_INSET, FOG_START};
use hewn_core::raycast::{self, GridWalk};
use hewn_core::sim::time::NOON;
use hewn_core::world::coarse::{CoarseSection, SectionPos, octant_offset};
use hewn_core::world::coords::WORLD_HEIGHT_CHUNKS;
use hewn_core::world::{
    Block, BlockPos, BlockSource, CHUNK_SIZE, Chunk, ChunkPos, ColumnPos, World,
};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::{ChunkMesh, Neighbourhood, Shading, mesh_coarse};
use hewn_render::{Camera, FarScene, Renderer, Scene};

#[path = "common/golden.rs"]
mod golden;

use golden::{CHANNEL_TOLERANCE, assert_matches_golden, gpu_or_skip};

const SIZE: (u32, u32) = (480, 270);
/// The render distance, in chunks.
const RENDER_DISTANCE: u32 = 16;
/// The vertical field of view, in degrees.
const FOV: f32 = 70.0;

/// A world of seed 7 with every chunk within the render distance of its spawn meshed and
/// uploaded, and the coarse ring's sections beside them.
struct Ring {
    world: World,
    renderer: Renderer,
    /// The player's feet, which the ring is laid out around.
    feet: DVec3,
    /// The sections drawn, and the chunk columns they stand in for.
    sections: Vec<SectionPos>,
    hidden: BTreeSet<ColumnPos>,
}

impl Ring {
    fn new(mut renderer: Renderer) -> Self {
        let generator = Generator::new(GeneratorKind::Terrain, 7);
        let spawn = generator.spawn_point();
        let feet = DVec3::new(spawn.x, spawn.y, spawn.z);
        let mut world = World::new(generator);
        let centre = BlockPos::containing(feet).chunk().column();
        let r = RENDER_DISTANCE as i32;
        // The ring's level-1 columns reach a column past the render distance.
        for column in centre.around(r + 3) {
            world.load_column(column);
        }
        let mut mesh = ChunkMesh::default();
        let mut uploaded = HashSet::new();
        for column in centre.around(r) {
            let (dx, dz) = (column.x - centre.x, column.z - centre.z);
            if dx * dx + dz * dz > r * r {
                continue;
            }
            for y in 0..WORLD_HEIGHT_CHUNKS {
                let pos = column.chunk(y);
                let mut input = Neighbourhood::from_world(&world, pos);
                input.set_shading(Shading::Sampled);
                mesh.build(&input);
                renderer.upload_chunk(pos, &mesh);
                uploaded.insert(pos);
            }
        }
        let exact = exact_distance(RENDER_DISTANCE, true);
        let rings = Rings::new(RENDER_DISTANCE, 0, FAR_DETAIL, exact).expect("a coarse ring");
        for column in rings.held(feet) {
            for pos in column.sections() {
                mesh_coarse(&downsampled(&world, pos), &[None; 6], &mut mesh);
                renderer.upload_section(pos, &mesh);
            }
        }
        let Plan { drawn, hidden } = rings.plan(
            feet,
            |_| true,
            |column| column.chunks().all(|p| uploaded.contains(&p)),
        );
        assert!(drawn.iter().all(|c| c.level == 1), "only level 1 is drawn");
        Self {
            world,
            renderer,
            feet,
            sections: drawn
                .into_iter()
                .flat_map(SectionColumn::sections)
                .collect(),
            hidden,
        }
    }

    /// The picture seen by `camera` with `fog`, with the ring or every chunk exact.
    fn capture(&mut self, camera: Camera, fog: (f32, f32), ring: bool) -> image::RgbaImage {
        let far = if ring {
            FarScene {
                sections: &self.sections,
                hidden: Some(&self.hidden),
                reach: 0.0,
            }
        } else {
            FarScene::default()
        };
        let scene = Scene {
            far,
            ..Scene::plain(camera, NOON, fog)
        };
        self.renderer
            .capture(SIZE, &scene)
            .expect("frame reads back")
    }

    /// Whether the near chunks draw the block at `pos` with the ring on.
    fn exact(&self, pos: BlockPos) -> bool {
        !self.hidden.contains(&pos.chunk().column())
    }
}

/// The level-1 section at `pos` made from the world's chunks.
fn downsampled(world: &World, pos: SectionPos) -> CoarseSection {
    let chunks: Vec<_> = (0..8)
        .map(|i| {
            let [dx, dy, dz] = octant_offset(i);
            let at = ChunkPos::new(2 * pos.x + dx, 2 * pos.y + dy, 2 * pos.z + dz);
            world
                .chunk(at)
                .cloned()
                .unwrap_or_else(|| Chunk::filled(Block::AIR))
        })
        .collect();
    CoarseSection::downsample(pos, std::array::from_fn(|i| &chunks[i]))
}

/// The camera at `eye` looking `yaw` and `pitch`, as the game's at this render distance.
fn camera(eye: DVec3, yaw: f64, pitch: f64) -> Camera {
    Camera {
        eye,
        yaw,
        pitch,
        fov_y: FOV,
        aspect: SIZE.0 as f32 / SIZE.1 as f32,
        far: ((RENDER_DISTANCE + 2) as i32 * CHUNK_SIZE) as f32,
    }
}

/// The line of sight through the middle of the pixel `(x, y)`.
fn ray(camera: &Camera, x: u32, y: u32) -> DVec3 {
    let ndc = Vec2::new(
        (x as f32 + 0.5) / SIZE.0 as f32 * 2.0 - 1.0,
        1.0 - (y as f32 + 0.5) / SIZE.1 as f32 * 2.0,
    );
    camera.direction_through(ndc)
}

/// Whether two pixels differ by more than drivers' rounding.
fn differ(a: &image::Rgba<u8>, b: &image::Rgba<u8>) -> bool {
    (0..3).any(|c| a[c].abs_diff(b[c]) > CHANNEL_TOLERANCE)
}

#[test]
fn the_ring_changes_the_view_only_beyond_where_it_begins() {
    let Some(gpu) = gpu_or_skip() else { return };
    let renderer = Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("starts");
    let mut ring = Ring::new(renderer);
    // From a hill's height over the spawn, looking north-east over the sea to the hills.
    let eye = ring.feet + DVec3::new(0.0, 24.0, 0.0);
    let view = camera(eye, 40.0, -10.0);
    let edge = (RENDER_DISTANCE as i32 * CHUNK_SIZE) as f32;
    let fog = (edge * FOG_START, edge - FOG_END_INSET);
    let exact = ring.capture(view, fog, false);
    let coarse = ring.capture(view, fog, true);
    assert_matches_golden("ring_off", &exact);
    assert_matches_golden("ring_on", &coarse);
    // Every pixel whose line of sight meets a block the near chunks still draw.
    let mut near = 0;
    let mut near_differing = 0;
    let mut beyond_differing = 0;
    for y in 0..SIZE.1 {
        for x in 0..SIZE.0 {
            let hit = raycast::cast(&ring.world, eye, ray(&view, x, y), f64::from(edge));
            let differs = differ(exact.get_pixel(x, y), coarse.get_pixel(x, y));
            if hit.is_some_and(|h| ring.exact(h.block)) {
                near += 1;
                near_differing += usize::from(differs);
            } else {
                beyond_differing += usize::from(differs);
            }
        }
    }
    let all = (SIZE.0 * SIZE.1) as usize;
    println!(
        "{near} of {all} pixels exact, {near_differing} of them differ; {beyond_differing} beyond"
    );
    assert!(
        near * 4 > all,
        "the exact part is a quarter of the view or more"
    );
    // A line of sight through the middle of a pixel stands for the whole pixel, which at a
    // block's silhouette may show what lies past it: at most the silhouettes' share.
    assert!(
        near_differing * 200 <= near,
        "{near_differing} of {near} pixels within the exact distance differ"
    );
    assert!(
        beyond_differing * 50 > all,
        "the ring draws the distance coarse: only {beyond_differing} pixels differ beyond it"
    );
}

#[test]
fn where_the_ring_meets_the_exact_chunks_no_sky_shows_through_the_ground() {
    let Some(gpu) = gpu_or_skip() else { return };
    let renderer = Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("starts");
    let mut ring = Ring::new(renderer);
    // Nothing uploaded: the sky alone, to compare with.
    let mut empty = Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("starts");
    let no_fog = (1e6, 2e6);
    // The seams east and west of the player's level-1 column, where the first column of the
    // ring meets the last one drawn exact; looking down along each, north and south, at the
    // exact ground on one side and the ring's on the other.
    let own = SectionColumn::containing(1, ring.feet.x.floor() as i32, ring.feet.z.floor() as i32);
    let drawn: HashSet<SectionPos> = ring.sections.iter().copied().collect();
    let is_ring =
        |x: i32| drawn.contains(&SectionColumn::new(1, x, own.z).sections().next().unwrap());
    let east = (own.x..=own.x + RENDER_DISTANCE as i32)
        .find(|&x| is_ring(x))
        .expect("the ring lies east");
    let west = (own.x - RENDER_DISTANCE as i32..=own.x)
        .rev()
        .find(|&x| is_ring(x))
        .expect("the ring lies west");
    let span = f64::from(SectionColumn::new(1, 0, 0).span());
    for (seam, yaw) in [
        (f64::from(east) * span, 0.0),
        (f64::from(east) * span, 180.0),
        (f64::from(west + 1) * span, 0.0),
        (f64::from(west + 1) * span, 180.0),
    ] {
        let start = DVec3::new(seam, 250.0, ring.feet.z);
        let ground = raycast::cast(&ring.world, start, DVec3::NEG_Y, 250.0).expect("ground");
        let eye = DVec3::new(seam, ground.point.y + 20.0, ring.feet.z);
        let view = camera(eye, yaw, -25.0);
        let sky = empty
            .capture(SIZE, &Scene::plain(view, NOON, no_fog))
            .expect("frame reads back");
        let picture = ring.capture(view, no_fog, true);
        let exact = ring.capture(view, no_fog, false);
        // Rows whose line of sight runs more than 10° below the horizon: from 20 blocks up,
        // the ground there is within 115 blocks, inside the render distance.
        let half = f64::from(SIZE.1) / 2.0;
        let tan = f64::from(FOV / 2.0).to_radians().tan();
        let holes: Vec<(u32, u32)> = (0..SIZE.1)
            .filter(|&row| {
                let up = ((half - f64::from(row) - 0.5) / half * tan)
                    .atan()
                    .to_degrees();
                up - 25.0 < -10.0
            })
            .flat_map(|row| (0..SIZE.0).map(move |x| (x, row)))
            .filter(|&(x, y)| {
                // A pixel the exact chunks leave clear already is the near meshes' own (a
                // corner of one face meeting the middle of another's edge, which the
                // rasteriser may round apart): not the ring's.
                let sky = sky.get_pixel(x, y);
                !differ(sky, picture.get_pixel(x, y)) && differ(sky, exact.get_pixel(x, y))
            })
            .collect();
        if !holes.is_empty() {
            let path = std::env::temp_dir().join(format!("hewn-ring-holes-{seam}-{yaw}.png"));
            let _ = picture.save(&path);
            panic!(
                "{} sky pixels below the horizon along the seam at x = {seam} looking {yaw}°, \
                 first at {:?} ({})",
                holes.len(),
                holes[0],
                path.display()
            );
        }
    }
}

#[test]
fn the_rings_shallows_keep_the_near_waters_colour() {
    let Some(gpu) = gpu_or_skip() else { return };
    let renderer = Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("starts");
    let mut ring = Ring::new(renderer);
    // A stretch of water a block or two deep in the ring, five blocks each way.
    let (x0, z0) = (ring.feet.x.floor() as i32, ring.feet.z.floor() as i32);
    let depth_at = |x: i32, z: i32| {
        let top = (0..=120)
            .rev()
            .map(|y| BlockPos::new(x, y, z))
            .find(|&p| ring.world.block(p) != Block::AIR)?;
        let water = (0..4)
            .take_while(|&d| ring.world.block(BlockPos::new(x, top.y - d, z)).is_water())
            .count();
        Some(water).filter(|&w| w > 0)
    };
    let shallow = |x: i32, z: i32| matches!(depth_at(x, z), Some(1 | 2));
    let (x, z) = (-400..=400)
        .step_by(3)
        .flat_map(|dz| (-400..=400).step_by(3).map(move |dx| (x0 + dx, z0 + dz)))
        .filter(|&(x, z)| !ring.exact(BlockPos::new(x, 0, z)))
        .find(|&(x, z)| (-5..=5).all(|d| shallow(x + d, z) && shallow(x, z + d)))
        .expect("shallows in the ring");
    let eye = DVec3::new(f64::from(x) + 0.5, 80.0, f64::from(z) + 0.5);
    let view = camera(eye, 0.0, -89.0);
    let no_fog = (1e6, 2e6);
    let exact = ring.capture(view, no_fog, false);
    let coarse = ring.capture(view, no_fog, true);
    // Where both pictures show water (the coarse shore may lie a block out from the real
    // one), how far apart each pixel's colours are: the largest of its channels' differences.
    let mut differences = Vec::new();
    for y in 0..SIZE.1 {
        for x in 0..SIZE.0 {
            let first = GridWalk::new(eye, ray(&view, x, y))
                .take(200)
                .map(|(pos, _)| ring.world.block(pos))
                .find(|&block| block != Block::AIR);
            let (a, b) = (exact.get_pixel(x, y), coarse.get_pixel(x, y));
            let blue = |p: &image::Rgba<u8>| u16::from(p[2]) > u16::from(p[0]) + 20;
            if first.is_some_and(Block::is_water) && blue(a) && blue(b) {
                differences.push((0..3).map(|c| a[c].abs_diff(b[c])).max().unwrap_or(0));
            }
        }
    }
    differences.sort_unstable();
    let median = differences
        .get(differences.len() / 2)
        .copied()
        .unwrap_or(u8::MAX);
    println!(
        "{} water pixels, median difference {median}",
        differences.len()
    );
    assert!(differences.len() > 1000, "the view is of water");
    // The water looks through to the coarse sea floor, up to a block higher than the real
    // one, so it is a shade lighter: a median of 15 on lavapipe. Drawn as the open sea's
    // deep blue, as the far view draws it beyond the render distance, these shallows
    // differ by 23.
    assert!(
        median <= 18,
        "the ring's shallows differ from the near ones by {median}"
    );
}
