use glam::{IVec3, Vec3};
use proptest::prelude::*;

use super::super::{ChunkMesh, Leaves, Neighbourhood, Shading};
use super::{FaceGroups, MARGIN};
use hewn_core::world::{Block, Face};

/// The mesh of a chunk of air holding `blocks` (padded coordinates, −1 to 32).
fn mesh_of(blocks: &[([i32; 3], Block)]) -> ChunkMesh {
    let mut input = Neighbourhood::new();
    for &([x, y, z], block) in blocks {
        input.set(x, y, z, block);
    }
    let mut mesh = ChunkMesh::default();
    mesh.build(&input);
    mesh
}

/// Per quad of a pass's `list`, the face it looks towards and its plane along that face's
/// axis, in blocks, read from its vertices (which must all lie in it).
#[track_caller]
fn planes(mesh: &ChunkMesh, list: &[u32]) -> Vec<(Face, f32)> {
    list.chunks_exact(6)
        .map(|quad| {
            let face = mesh.vertices[quad[0] as usize].face();
            let along = |i: &u32| mesh.vertices[*i as usize].position16()[face.axis()];
            let plane = along(&quad[0]);
            assert!(quad.iter().all(|i| along(i) == plane), "a quad is flat");
            (face, plane as f32 / 16.0)
        })
        .collect()
}

/// Whether an eye at `eye` (blocks from the chunk's low corner) is in front of a face
/// looking `face`'s way in the plane `plane`.
fn in_front(face: Face, plane: f32, eye: Vec3) -> bool {
    let e = eye[face.axis()];
    if face.is_positive() {
        e > plane
    } else {
        e < plane
    }
}

/// The quads of `groups`' pass that its runs for `eye` draw.
fn drawn(groups: &FaceGroups, eye: Vec3) -> Vec<bool> {
    let mut drawn = vec![false; groups.len()];
    for run in groups.runs(eye) {
        assert!(
            run.start % 6 == 0 && run.end % 6 == 0,
            "runs hold whole quads"
        );
        for quad in run.start / 6..run.end / 6 {
            drawn[quad as usize] = true;
        }
    }
    drawn
}

#[test]
fn faces_are_grouped_by_direction_and_ordered_by_plane() {
    // Stone blocks, slabs and leaves on different planes: every face, in both passes that
    // are grouped.
    let mut blocks = Vec::new();
    for (i, block) in [Block::STONE, Block::STONE_SLAB, Block::LEAVES]
        .into_iter()
        .enumerate()
    {
        let i = i as i32;
        blocks.extend([([3 * i, 3 * i, 2], block), ([20 - i, 7 * i, 9 + i], block)]);
    }
    let mesh = mesh_of(&blocks);
    for (groups, list) in mesh.facing.iter().zip([&mesh.opaque, &mesh.cutout]) {
        assert_eq!(groups.len() * 6, list.len());
        let planes = planes(&mesh, list);
        for face in Face::ALL {
            let range = groups.of(face);
            let in_group = &planes[range.start as usize / 6..range.end as usize / 6];
            assert!(!in_group.is_empty(), "a {face:?} face");
            assert!(in_group.iter().all(|&(f, _)| f == face));
            assert!(
                in_group.windows(2).all(|w| w[0].1 >= w[1].1),
                "{face:?} faces highest plane first: {in_group:?}"
            );
        }
        assert_eq!(groups.of(Face::North).end as usize, list.len());
    }
    assert_eq!(
        mesh.opaque.len() + mesh.cutout.len(),
        6 * 6 * 6,
        "every face of the six blocks, once"
    );
}

#[test]
fn a_slab_top_is_seen_only_from_above_its_middle() {
    let mesh = mesh_of(&[([5, 3, 5], Block::STONE_SLAB)]);
    // A slab is drawn in one of the two grouped passes.
    let groups = mesh
        .facing
        .iter()
        .find(|g| !g.is_empty())
        .expect("a slab has faces");
    assert_eq!(groups.len(), 6);
    let up = |eye_y: f32| {
        let eye = Vec3::new(5.5, eye_y, 5.5);
        let runs: Vec<_> = groups.runs(eye).collect();
        let top = groups.of(Face::Up);
        runs.iter()
            .any(|r| r.start <= top.start && top.end <= r.end)
    };
    assert!(up(3.6) && up(3.5 + 2.0 * MARGIN) && up(40.0));
    assert!(!up(3.4) && !up(3.0) && !up(-10.0));
    // Its bottom is seen from below y = 3, its sides from beyond x or z = 5 and 6.
    assert_eq!(mesh.quads_facing(Vec3::new(5.5, 3.4, 5.5)), 0);
    assert_eq!(mesh.quads_facing(Vec3::new(5.5, 2.0, 5.5)), 1);
    assert_eq!(mesh.quads_facing(Vec3::new(7.0, 3.2, 4.0)), 2);
    assert_eq!(mesh.quads_facing(Vec3::new(7.0, 40.0, 4.0)), 3);
}

#[test]
fn runs_that_meet_are_drawn_as_one() {
    // A block at each end of the chunk along every axis: faces in every group on
    // either side of any eye inside it.
    let mesh = mesh_of(&[([1, 1, 1], Block::STONE), ([30, 30, 30], Block::STONE)]);
    let groups = &mesh.facing[0];
    // Inside: per axis, the east faces below the eye and the west faces above it.
    assert_eq!(groups.runs(Vec3::splat(16.0)).count(), 3);
    assert_eq!(groups.quads_facing(Vec3::splat(16.0)), 6);
    // West of and above the chunk: its west faces and its tops follow one another.
    let runs: Vec<_> = groups.runs(Vec3::new(-5.0, 40.0, 16.0)).collect();
    assert_eq!(runs.len(), 2);
    assert_eq!(
        runs[0],
        groups.of(Face::West).start..groups.of(Face::Up).end,
        "{runs:?}"
    );
    // Both west faces and both tops; along z, one face each way.
    assert_eq!(groups.quads_facing(Vec3::new(-5.0, 40.0, 16.0)), 2 + 2 + 2);
}

/// An eye coordinate (blocks from the chunk's low corner): anywhere around the chunk, on a
/// block's plane, on a slab's, or on a sixteenth.
fn coordinate() -> impl Strategy<Value = f32> {
    prop_oneof![
        -40.0f32..72.0,
        (-2i32..=34).prop_map(|n| n as f32),
        (-4i32..=68).prop_map(|n| n as f32 / 2.0),
        (0i32..=512).prop_map(|n| n as f32 / 16.0),
    ]
}

/// A box of one block, from one padded cell to another.
fn fill() -> impl Strategy<Value = ([i32; 3], [i32; 3], usize)> {
    let corner = || [-1i32..33, -1i32..33, -1i32..33];
    (corner(), corner(), 0..Block::count())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random blocks of every kind, alone and in boxes, meshed every way; from random eyes,
    /// every face whose plane the eye is in front of is in a run drawn, and every face drawn
    /// is one the eye is in front of or within the margin of. Its triangles wind
    /// counter-clockwise seen from in front, so that the GPU's back-face culling agrees.
    #[test]
    fn every_face_that_looks_towards_the_eye_is_drawn(
        cells in prop::collection::vec(([-1i32..33, -1i32..33, -1i32..33], 0..Block::count()), 0..300),
        boxes in prop::collection::vec(fill(), 0..4),
        eyes in prop::collection::vec([coordinate(), coordinate(), coordinate()], 12),
        (merged, sampled, fast) in (any::<bool>(), any::<bool>(), any::<bool>()),
    ) {
        let mut input = Neighbourhood::new();
        for (a, b, block) in boxes {
            let (lo, hi) = (IVec3::from(a).min(IVec3::from(b)), IVec3::from(a).max(IVec3::from(b)));
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    for x in lo.x..=hi.x {
                        input.set(x, y, z, Block::new(u16::try_from(block).unwrap()));
                    }
                }
            }
        }
        for ([x, y, z], block) in cells {
            input.set(x, y, z, Block::new(u16::try_from(block).unwrap()));
        }
        input.set_leaves(if fast { Leaves::Fast } else { Leaves::Fancy });
        input.set_shading(if sampled { Shading::Sampled } else { Shading::Vertex });
        let mut mesh = ChunkMesh::default();
        if merged {
            mesh.build(&input);
        } else {
            mesh.build_unmerged(&input);
        }
        for (groups, list) in mesh.facing.iter().zip([&mesh.opaque, &mesh.cutout]) {
            let planes = planes(&mesh, list);
            for (quad, triangles) in list.chunks_exact(6).enumerate() {
                let normal = planes[quad].0.normal();
                for t in triangles.chunks_exact(3) {
                    let [a, b, c] = [t[0], t[1], t[2]].map(|i| {
                        IVec3::from_array(mesh.vertices[i as usize].position16().map(|v| v as i32))
                    });
                    prop_assert!((b - a).cross(c - a).dot(normal) > 0, "quad {} winds backwards", quad);
                }
            }
            for eye in eyes.iter().map(|&e| Vec3::from_array(e)) {
                let drawn = drawn(groups, eye);
                for (quad, &(face, plane)) in planes.iter().enumerate() {
                    if in_front(face, plane, eye) {
                        prop_assert!(drawn[quad], "{:?} face at {} hidden from {}", face, plane, eye);
                    } else if drawn[quad] {
                        prop_assert!(
                            (eye[face.axis()] - plane).abs() <= MARGIN,
                            "{:?} face at {} drawn for {}", face, plane, eye
                        );
                    }
                }
                prop_assert_eq!(groups.quads_facing(eye), drawn.iter().filter(|&&d| d).count());
            }
        }
    }
}
