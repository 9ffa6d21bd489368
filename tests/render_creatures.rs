//! Creatures as the renderer draws them, compared with the pictures in tests/golden/: the
//! base pack's six kinds in a row on flat grass at noon, seen side-on, standing and
//! mid-stride; the same row hurt, grazing and looking at the camera; and at midnight beside
//! a torch, lit by the light where each stands.
//!
//! Skipped, with the reason printed, where no graphics adapter exists; with
//! `HEWN_REQUIRE_GPU=1` (as in CI, on Mesa's lavapipe) a missing adapter fails instead.
//! `HEWN_UPDATE_GOLDEN=1` rewrites the golden pictures after an intended change.

use glam::{DVec3, IVec3};
use hewn_core::sim::creature::kind;
use hewn_core::sim::time::{MIDNIGHT, NOON};
use hewn_core::world::{Block, BlockPos, ChunkPos, Light, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::creature::CreatureFigure;
use hewn_mesh::{ChunkMesh, Neighbourhood};
use hewn_render::{Camera, Renderer, Scene};

#[path = "common/golden.rs"]
mod golden;

use golden::{assert_matches_golden, gpu_or_skip};

const SIZE: (u32, u32) = (576, 240);

/// The kinds in the row, west to east, and where each stands along x.
const ROW: [(&str, f64); 6] = [
    ("sheep", -3.5),
    ("cow", -1.7),
    ("pig", 0.0),
    ("chicken", 1.2),
    ("zombie", 2.3),
    ("skeleton", 3.5),
];

/// The 3 × 3 × 3 chunks around the ground at the origin, meshed and uploaded.
fn upload(renderer: &mut Renderer, world: &mut World) {
    let centre = ChunkPos::new(0, 2, 0);
    for column in centre.column().around(2) {
        world.load_column(column);
    }
    let mut mesh = ChunkMesh::default();
    for dy in -1..=1 {
        for dz in -1..=1 {
            for dx in -1..=1 {
                let pos = centre.offset(IVec3::new(dx, dy, dz));
                ChunkMesh::build(&mut mesh, &Neighbourhood::from_world(world, pos));
                renderer.upload_chunk(pos, &mesh);
            }
        }
    }
}

/// A creature of the base pack's kind `name` at `x` on the grass, still, facing east (side-on
/// to the camera, its head to the right), in the sky's light.
fn creature(name: &str, x: f64) -> CreatureFigure {
    let at = kind::installed()
        .iter()
        .position(|k| k.name == name)
        .unwrap_or_else(|| panic!("the base pack has no {name}"));
    CreatureFigure {
        position: DVec3::new(x, 64.0, -1.0),
        yaw: 90.0,
        look: 90.0,
        ..CreatureFigure::of_kind(at, 0).expect("a kind")
    }
}

/// The row of six, each changed by `change`.
fn row(change: impl Fn(&str, CreatureFigure) -> CreatureFigure) -> Vec<CreatureFigure> {
    ROW.iter()
        .map(|&(name, x)| change(name, creature(name, x)))
        .collect()
}

/// The scene at `time` with `creatures`, seen from 4.2 blocks south of the row, a little
/// above the tallest; no HUD.
fn scene(time: u64, creatures: &[CreatureFigure]) -> Scene<'_> {
    Scene {
        creatures,
        ..Scene::plain(
            Camera {
                eye: DVec3::new(0.1, 65.6, 3.2),
                yaw: 0.0,
                pitch: -8.0,
                fov_y: 50.0,
                aspect: 1.0,
                far: 96.0,
            },
            time,
            (30.0, 60.0),
        )
    }
}

/// Where `point` shows in a picture of `scene`, in pixels from the top left.
fn pixel(scene: &Scene<'_>, point: DVec3) -> (u32, u32) {
    let clip = Renderer::view_proj(scene, SIZE) * scene.camera.relative(point).extend(1.0);
    let ndc = clip.truncate() / clip.w;
    let x = (ndc.x + 1.0) / 2.0 * SIZE.0 as f32;
    let y = (1.0 - ndc.y) / 2.0 * SIZE.1 as f32;
    (x as u32, y as u32)
}

/// The mean of the brightest channel over the pixels from `a` to `b`.
fn brightness(picture: &image::RgbaImage, a: (u32, u32), b: (u32, u32)) -> f64 {
    let (mut sum, mut n) = (0.0, 0.0);
    for y in a.1.min(b.1)..a.1.max(b.1) {
        for x in a.0.min(b.0)..a.0.max(b.0) {
            let p = picture.get_pixel(x, y);
            sum += f64::from(p[0].max(p[1]).max(p[2]));
            n += 1.0;
        }
    }
    sum / n
}

/// How many pixels are strongly red: a hurt creature's flash.
fn red_pixels(picture: &image::RgbaImage) -> usize {
    picture
        .pixels()
        .filter(|p| p[0] > 120 && u16::from(p[1]) * 2 < u16::from(p[0]) && p[2] < p[1] + 20)
        .count()
}

fn renderer(world: &mut World) -> Option<Renderer> {
    let gpu = gpu_or_skip()?;
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    upload(&mut renderer, world);
    Some(renderer)
}

#[test]
fn the_six_kinds_standing_walking_hurt_and_grazing() {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    let Some(mut renderer) = renderer(&mut world) else {
        return;
    };
    let standing = row(|_, c| c);
    // Mid-stride at full swing: legs as far apart as they go.
    let walking = row(|_, c| CreatureFigure { swing: 1.0, ..c });
    // The animals graze (the chicken pecks), the pig and the zombie are hurt, the cow and
    // the skeleton look towards the camera as far as their necks let them.
    let hurt = row(|name, c| CreatureFigure {
        grazing: matches!(name, "sheep" | "chicken"),
        hurt: matches!(name, "pig" | "zombie"),
        look: if matches!(name, "cow" | "skeleton") {
            170.0
        } else {
            c.look
        },
        ..c
    });
    let mut pictures = Vec::new();
    for (name, creatures) in [
        ("creatures-standing", &standing),
        ("creatures-walking", &walking),
        ("creatures-hurt-grazing", &hurt),
    ] {
        let scene = scene(NOON, creatures);
        let picture = renderer.capture(SIZE, &scene).expect("frame reads back");
        assert_eq!(renderer.creatures_drawn(), 6, "{name}");
        // Within common/golden.rs's tolerance: the creatures' faces are atlas texels (or
        // colours) lit and fogged by the same arithmetic drivers round as for blocks, and
        // their edges are triangle edges like the blocks' silhouettes.
        assert_matches_golden(name, &picture);
        pictures.push(picture);
    }
    // Two hurt creatures flash red, where the standing row has only a wattle and a snout.
    let (calm, flashing) = (red_pixels(&pictures[0]), red_pixels(&pictures[2]));
    assert!(flashing > calm + 2000, "{calm} vs {flashing}");
    // The cow wears its painted hide: white patches on brown over the side of its body,
    // where the same cow in its colours alone (its body's colour for its coat) is brown
    // all over.
    let s = scene(NOON, &standing);
    let x = ROW[1].1;
    let side = (
        pixel(&s, DVec3::new(x - 0.4, 65.1, -0.64)),
        pixel(&s, DVec3::new(x + 0.4, 64.75, -0.64)),
    );
    let patches = |picture: &image::RgbaImage| {
        let (a, b) = side;
        (a.0..b.0)
            .flat_map(|x| (a.1..b.1).map(move |y| (x, y)))
            .filter(|&(x, y)| picture.get_pixel(x, y).0[..3].iter().all(|&c| c > 150))
            .count()
    };
    let plain: Vec<CreatureFigure> = standing
        .iter()
        .map(|c| CreatureFigure {
            tiles: [hewn_mesh::tiles::NO_TILE; 4],
            coat: c.skin[0],
            ..*c
        })
        .collect();
    let coloured = renderer
        .capture(SIZE, &scene(NOON, &plain))
        .expect("frame reads back");
    let area = (side.1.0 - side.0.0) * (side.1.1 - side.0.1);
    let (painted, bare) = (patches(&pictures[0]), patches(&coloured));
    assert!(
        painted * 10 > area as usize && bare == 0,
        "{painted} and {bare} white pixels of {area}"
    );
    // Mid-stride, every creature's legs are elsewhere: the two pictures differ around the
    // feet of each.
    for &(name, x) in &ROW {
        let s = scene(NOON, &standing);
        let (a, b) = (
            pixel(&s, DVec3::new(x - 0.6, 64.05, -1.0)),
            pixel(&s, DVec3::new(x + 0.6, 64.3, -1.0)),
        );
        let changed = (a.0..b.0)
            .flat_map(|x| (b.1..a.1).map(move |y| (x, y)))
            .filter(|&(x, y)| pictures[0].get_pixel(x, y) != pictures[1].get_pixel(x, y))
            .count();
        assert!(changed > 20, "{name}'s legs did not move: {changed} pixels");
    }
}

#[test]
fn creatures_are_lit_by_the_light_where_they_stand_at_night() {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    world.set_block(BlockPos::new(4, 64, -2), Block::TORCH);
    let Some(mut renderer) = renderer(&mut world) else {
        return;
    };
    // Each creature in the light of the cell at its feet: the monsters beside the torch,
    // the animals away from it, in the moonlight.
    let creatures = row(|_, c| CreatureFigure {
        light: world.light(BlockPos::containing(c.position)),
        ..c
    });
    let lit = |name: &str| {
        creatures
            .iter()
            .zip(ROW)
            .find(|(_, (n, _))| *n == name)
            .map(|(c, _)| c.light.block())
    };
    assert!(lit("zombie") > Some(10) && lit("sheep") < Some(8));
    let scene = scene(MIDNIGHT, &creatures);
    let picture = renderer.capture(SIZE, &scene).expect("frame reads back");
    assert_matches_golden("creatures-night", &picture);
    // The same row with the torch's light taken away: the zombie's shirt, beside the torch,
    // is much darker without it.
    let unlit: Vec<CreatureFigure> = creatures
        .iter()
        .map(|c| CreatureFigure {
            light: Light::new(c.light.sky(), 0),
            ..*c
        })
        .collect();
    let dark = renderer
        .capture(SIZE, &self::scene(MIDNIGHT, &unlit))
        .expect("frame reads back");
    let (a, b) = (
        pixel(&scene, DVec3::new(2.2, 65.0, -1.0)),
        pixel(&scene, DVec3::new(2.4, 65.2, -1.0)),
    );
    let (torchlit, moonlit) = (brightness(&picture, a, b), brightness(&dark, a, b));
    assert!(torchlit > moonlit * 1.5, "{torchlit} vs {moonlit}");
}

#[test]
fn creatures_out_of_view_draw_nothing() {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    let Some(mut renderer) = renderer(&mut world) else {
        return;
    };
    let none = renderer
        .capture(SIZE, &scene(NOON, &[]))
        .expect("frame reads back");
    // Behind the camera, looking north.
    let behind = row(|_, c| CreatureFigure {
        position: c.position + DVec3::new(0.0, 0.0, 8.0),
        ..c
    });
    let culled = renderer
        .capture(SIZE, &scene(NOON, &behind))
        .expect("frame reads back");
    assert_eq!(renderer.creatures_drawn(), 0);
    assert!(none == culled, "creatures out of view changed the picture");
}
