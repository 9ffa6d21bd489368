//! Other players as the renderer draws them, compared with the pictures in tests/golden/:
//! one standing, one walking with its legs apart and one sneaking, each with its name tag;
//! a name tag hidden by the blocks in front of it; and a figure lit by the light where it
//! stands, sky or torch.
//!
//! Skipped, with the reason printed, where no graphics adapter exists; with
//! `HEWN_REQUIRE_GPU=1` (as in CI, on Mesa's lavapipe) a missing adapter fails instead.
//! `HEWN_UPDATE_GOLDEN=1` rewrites the golden pictures after an intended change.

use glam::{DVec3, IVec3};
use hewn_core::sim::time::NOON;
use hewn_core::world::{Block, BlockPos, ChunkPos, Light, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::figure::Figure;
use hewn_mesh::{ChunkMesh, Neighbourhood};
use hewn_render::{Camera, Renderer, Scene};

#[path = "common/golden.rs"]
mod golden;

use golden::{assert_matches_golden, gpu_or_skip};

const SIZE: (u32, u32) = (320, 200);

/// A flat world with a few blocks behind where the figure stands, for depth and scale; and,
/// `walled`, a stone wall between it and the camera, taller than its name tag.
fn world(walled: bool) -> World {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    world.set_block(BlockPos::new(-1, 64, -3), Block::COBBLESTONE);
    world.set_block(BlockPos::new(2, 64, -3), Block::PLANKS);
    world.set_block(BlockPos::new(2, 65, -3), Block::PLANKS);
    if walled {
        let wall = BlockPos::cells_between(BlockPos::new(-4, 64, 1), BlockPos::new(5, 68, 1));
        world.set_blocks(wall.map(|p| (p, Block::STONE)));
    }
    world
}

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

/// A player called "other" on the grass, turned mostly side-on to the camera (its body
/// faces east-south-east), so a stride and a lean show in profile.
fn other() -> Figure {
    Figure {
        name: "other".to_owned(),
        position: DVec3::new(0.5, 64.0, -0.5),
        look_yaw: 120.0,
        look_pitch: 0.0,
        facing: 120.0,
        sneaking: false,
        walked: 0.0,
        swing: 0.0,
        light: Light::SKY,
    }
}

/// `figure` seen from 2.7 blocks south, from a little above its head, at noon; no HUD, whose
/// white crosshair would pass for letters.
fn picture(renderer: &mut Renderer, figure: Figure) -> image::RgbaImage {
    let scene = Scene {
        figures: &[figure],
        ..Scene::plain(
            Camera {
                eye: DVec3::new(0.5, 66.0, 2.2),
                yaw: 0.0,
                pitch: -12.0,
                fov_y: 70.0,
                aspect: 1.0,
                far: 96.0,
            },
            NOON,
            (30.0, 60.0),
        )
    };
    renderer.capture(SIZE, &scene).expect("frame reads back")
}

/// How many pixels are the name tag's white letters.
fn letter_pixels(picture: &image::RgbaImage) -> usize {
    picture
        .pixels()
        .filter(|p| p[0] >= 250 && p[1] >= 250 && p[2] >= 250)
        .count()
}

#[test]
fn another_player_standing_walking_and_sneaking_with_its_name_tag() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    upload(&mut renderer, &mut world(false));
    let poses = [
        // Still, the head turned towards the camera and looking up at it a little.
        (
            "figure-standing",
            Figure {
                look_yaw: 150.0,
                look_pitch: 15.0,
                ..other()
            },
        ),
        // Mid-stride at walking speed: the swing at its widest, the right leg forward.
        (
            "figure-walking",
            Figure {
                swing: 0.86,
                ..other()
            },
        ),
        (
            "figure-sneaking",
            Figure {
                sneaking: true,
                ..other()
            },
        ),
    ];
    for (name, figure) in poses {
        let picture = picture(&mut renderer, figure);
        // "OTHER" in the 5 × 7 font is 80 lit font pixels, each a few screen pixels here.
        assert!(letter_pixels(&picture) > 80, "{name}: no name tag");
        // Within common/golden.rs's tolerance: the figures' faces are flat colours lit and
        // fogged by the same arithmetic drivers round as for blocks, and their edges are
        // triangle edges like the blocks' silhouettes.
        assert_matches_golden(name, &picture);
    }
}

#[test]
fn a_name_tag_is_hidden_behind_blocks() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    upload(&mut renderer, &mut world(true));
    let hidden = picture(&mut renderer, other());
    assert_eq!(letter_pixels(&hidden), 0);
}

#[test]
fn a_figure_is_lit_by_the_light_where_it_stands() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    upload(&mut renderer, &mut world(false));
    // The figure's shirt and trousers, below the tag and clear of the blocks behind.
    let mut middle = |light| {
        let picture = picture(&mut renderer, Figure { light, ..other() });
        let (mut sum, mut n) = (0.0, 0.0);
        for y in 100..145 {
            for x in 150..170 {
                let p = picture.get_pixel(x, y);
                sum += f64::from(p[0].max(p[1]).max(p[2]));
                n += 1.0;
            }
        }
        sum / n
    };
    let (sunlit, dark, torchlit) = (
        middle(Light::SKY),
        middle(Light::DARK),
        middle(Light::new(0, 14)),
    );
    assert!(dark < sunlit / 3.0, "{dark} vs {sunlit}");
    assert!(torchlit > dark * 2.0, "{torchlit} vs {dark}");
}
