use glam::DVec3;
use proptest::prelude::*;

use super::*;
use crate::world::{Block, SparseWorld};

fn world_with(blocks: &[(BlockPos, Block)]) -> SparseWorld {
    let mut w = SparseWorld::new();
    for &(p, b) in blocks {
        w.set(p, b);
    }
    w
}

#[test]
fn hits_the_near_face_and_names_the_cell_in_front() {
    let w = world_with(&[(BlockPos::new(3, 0, 0), Block::STONE)]);
    let hit = cast(&w, DVec3::new(0.5, 0.5, 0.5), DVec3::X, 5.0).expect("hit");
    assert_eq!(hit.block, BlockPos::new(3, 0, 0));
    assert_eq!(hit.face, Face::West);
    assert_eq!(hit.adjacent, BlockPos::new(2, 0, 0));
    assert!((hit.distance - 2.5).abs() < 1e-12);
}

#[test]
fn passes_over_the_empty_half_of_a_slab() {
    let w = world_with(&[
        (BlockPos::new(2, 0, 0), Block::STONE_SLAB),
        (BlockPos::new(4, 0, 0), Block::STONE),
    ]);
    let over = cast(&w, DVec3::new(0.5, 0.75, 0.5), DVec3::X, 5.0).expect("hit");
    assert_eq!(over.block, BlockPos::new(4, 0, 0));
    let into = cast(&w, DVec3::new(0.5, 0.25, 0.5), DVec3::X, 5.0).expect("hit");
    assert_eq!(into.block, BlockPos::new(2, 0, 0));
    let down = cast(&w, DVec3::new(2.5, 3.0, 0.5), DVec3::NEG_Y, 5.0).expect("hit");
    assert_eq!((down.block, down.face), (BlockPos::new(2, 0, 0), Face::Up));
    assert!((down.distance - 2.5).abs() < 1e-12);
    assert_eq!(down.adjacent, BlockPos::new(2, 1, 0));
}

#[test]
fn reach_is_measured_to_the_face() {
    let w = world_with(&[(BlockPos::new(5, 0, 0), Block::STONE)]);
    let origin = DVec3::new(0.0, 0.5, 0.5);
    assert!(
        cast(&w, origin, DVec3::X, 5.0).is_some(),
        "face at exactly 5.0"
    );
    assert!(cast(&w, origin + DVec3::new(-0.01, 0.0, 0.0), DVec3::X, 5.0).is_none());
}

#[test]
fn water_and_air_do_not_stop_the_ray() {
    let w = world_with(&[
        (BlockPos::new(0, -1, 0), Block::WATER),
        (BlockPos::new(0, -3, 0), Block::SAND),
    ]);
    let hit = cast(&w, DVec3::new(0.5, 0.5, 0.5), DVec3::NEG_Y, 5.0).expect("hit");
    assert_eq!(hit.block, BlockPos::new(0, -3, 0));
}

#[test]
fn degenerate_rays_hit_nothing() {
    let w = world_with(&[(BlockPos::new(0, 0, 0), Block::STONE)]);
    assert!(cast(&w, DVec3::new(0.5, 2.0, 0.5), DVec3::ZERO, 5.0).is_none());
    assert!(cast(&w, DVec3::new(f64::NAN, 2.0, 0.5), DVec3::NEG_Y, 5.0).is_none());
}

proptest! {
    /// Whatever the ray hits, the hit point lies on the named face, within reach, and the
    /// cell in front shares that face.
    #[test]
    fn hits_are_on_the_named_face_and_adjacent(
        seed in any::<u64>(),
        ox in -3.0f64..3.0, oy in -3.0f64..3.0, oz in -3.0f64..3.0,
        dx in -1.0f64..1.0, dy in -1.0f64..1.0, dz in -1.0f64..1.0,
    ) {
        let mut w = SparseWorld::new();
        let mut s = seed;
        for x in -4..4 {
            for y in -4..4 {
                for z in -4..4 {
                    s = s.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    let block = match s >> 61 { 0 => Block::STONE, 1 => Block::STONE_SLAB, _ => Block::AIR };
                    w.set(BlockPos::new(x, y, z), block);
                }
            }
        }
        let origin = DVec3::new(ox, oy, oz);
        let dir = DVec3::new(dx, dy, dz);
        prop_assume!(dir.length() > 1e-3);
        prop_assume!(w.block(BlockPos::containing(origin)) == Block::AIR);
        if let Some(hit) = cast(&w, origin, dir, 5.0) {
            prop_assert!(hit.distance <= 5.0 + 1e-9);
            prop_assert_eq!(hit.adjacent.to_ivec3() - hit.block.to_ivec3(), hit.face.normal());
            let boxes: Vec<_> = w.block(hit.block).outline().iter().map(|c| c.at(hit.block.min_corner())).collect();
            let on_surface = boxes.iter().any(|b| {
                let axis = hit.face.axis();
                let plane = if hit.face.is_positive() { b.max[axis] } else { b.min[axis] };
                (hit.point[axis] - plane).abs() < 1e-9
                    && (0..3).all(|a| hit.point[a] >= b.min[a] - 1e-9 && hit.point[a] <= b.max[a] + 1e-9)
            });
            prop_assert!(on_surface, "hit point {:?} not on {:?} of {:?}", hit.point, hit.face, hit.block);
        }
    }
}
