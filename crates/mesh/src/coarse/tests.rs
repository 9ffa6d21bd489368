use std::collections::BTreeSet;

use super::*;
use crate::Vertex;
use hewn_core::world::Chunk;
use hewn_core::world::coarse::SectionPos;
use hewn_core::world::coords::CHUNK_VOLUME;

/// A level-3 section holding `cells` and air elsewhere.
fn section(cells: &[([u8; 3], Block)]) -> CoarseSection {
    let mut blocks = Box::new([Block::AIR; CHUNK_VOLUME]);
    for &([x, y, z], b) in cells {
        blocks[LocalPos::new(x, y, z).index()] = b;
    }
    CoarseSection::new(SectionPos::new(3, 0, 0, 0), Chunk::from_blocks(&blocks))
}

fn mesh(s: &CoarseSection, neighbours: &CoarseNeighbours) -> ChunkMesh {
    let mut out = ChunkMesh::default();
    mesh_coarse(s, neighbours, &mut out);
    out
}

/// Each quad of `pass` as its face and its corners' positions in cells (sixteenths / 16).
#[track_caller]
fn quads(mesh: &ChunkMesh, pass: Pass) -> BTreeSet<(Face, [[u32; 3]; 4])> {
    let indices = mesh.indices(pass);
    assert_eq!(indices.len() % 6, 0, "two triangles a quad");
    let mut out = BTreeSet::new();
    for tri in indices.chunks(6) {
        let first = (tri.iter().min().copied().unwrap_or(0)) as usize;
        let v: &[Vertex] = &mesh.vertices[first..first + 4];
        for vertex in v {
            assert_eq!((vertex.ao(), vertex.light()), (3, FAR_LIGHT), "unshaded");
        }
        let corners = std::array::from_fn(|i| v[i].position16().map(|c| c / 16));
        out.insert((v[0].face(), corners));
    }
    out
}

#[test]
fn a_bar_of_two_cells_is_six_merged_quads() {
    let bar = section(&[([1, 1, 1], Block::STONE), ([2, 1, 1], Block::STONE)]);
    let m = mesh(&bar, &[None; 6]);
    let got = quads(&m, Pass::Opaque);
    // Corners BL, BR, TR, TL of each face ([`super::super::corners`]), over cells x 1 to 3,
    // y 1 to 2, z 1 to 2.
    let expected: BTreeSet<_> = [
        (Face::East, [[3, 1, 2], [3, 1, 1], [3, 2, 1], [3, 2, 2]]),
        (Face::West, [[1, 1, 1], [1, 1, 2], [1, 2, 2], [1, 2, 1]]),
        (Face::Up, [[1, 2, 2], [3, 2, 2], [3, 2, 1], [1, 2, 1]]),
        (Face::Down, [[1, 1, 1], [3, 1, 1], [3, 1, 2], [1, 1, 2]]),
        (Face::South, [[1, 1, 2], [3, 1, 2], [3, 2, 2], [1, 2, 2]]),
        (Face::North, [[3, 1, 1], [1, 1, 1], [1, 2, 1], [3, 2, 1]]),
    ]
    .into_iter()
    .collect();
    assert_eq!(got, expected);
    assert_eq!(m.quad_count(), 6);
    assert!(m.translucent.is_empty() && m.cutout.is_empty() && m.models.is_empty());
}

#[test]
fn border_faces_are_kept_toward_missing_neighbours_and_culled_against_given_ones() {
    let floor: Vec<_> = (0..32u8)
        .flat_map(|x| (0..32u8).map(move |z| ([x, 0, z], Block::STONE)))
        .collect();
    let floor = section(&floor);
    // Alone, the layer is a box: one quad a side, the sides acting as skirts.
    let alone = quads(&mesh(&floor, &[None; 6]), Pass::Opaque);
    assert_eq!(alone.len(), 6, "{alone:?}");
    // Beside sections of the same layer and over rock, only its top is left.
    let rock = CoarseSection::filled(SectionPos::new(3, 0, -1, 0), Block::STONE);
    let mut neighbours: CoarseNeighbours = [Some(&floor); 6];
    neighbours[Face::Down as usize] = Some(&rock);
    neighbours[Face::Up as usize] = None;
    let inside = quads(&mesh(&floor, &neighbours), Pass::Opaque);
    let faces: Vec<Face> = inside.iter().map(|q| q.0).collect();
    assert_eq!(faces, [Face::Up]);
    assert_eq!(inside.first().map(|q| q.1[0]), Some([0, 1, 32]));
}

#[test]
fn water_shows_its_surface_and_the_ground_under_it() {
    // Sand under two cells of water, leaves beside them, all in a row along x.
    let s = section(&[
        ([0, 0, 0], Block::SAND),
        ([1, 0, 0], Block::SAND),
        ([0, 1, 0], Block::WATER),
        ([1, 1, 0], Block::WATER),
        ([2, 1, 0], Block::LEAVES),
    ]);
    let m = mesh(&s, &[None; 6]);
    let water = quads(&m, Pass::Translucent);
    // Water against water and toward the leaves hides; toward the sand it hides too, since
    // the sand is opaque; its west and north sides lie on the section's border, where water
    // shows only its top: top and south, each merged over both cells.
    let faces: BTreeSet<Face> = water.iter().map(|q| q.0).collect();
    assert_eq!(faces, [Face::Up, Face::South].into());
    assert_eq!(water.len(), 2);
    // The sand's top under the water is drawn (water hides nothing), and so is the leaves'
    // face toward the water; the leaves, an opaque cube far away, hide the water's.
    let opaque = quads(&m, Pass::Opaque);
    let sand_top = (Face::Up, [[0, 1, 1], [2, 1, 1], [2, 1, 0], [0, 1, 0]]);
    assert!(opaque.contains(&sand_top), "{opaque:?}");
    let leaves_west = (Face::West, [[2, 1, 0], [2, 1, 1], [2, 2, 1], [2, 2, 0]]);
    assert!(opaque.contains(&leaves_west), "{opaque:?}");
}

#[test]
fn water_and_ice_at_a_border_without_a_neighbour_show_only_their_tops() {
    // A cell in the section's top corner: its west and north sides and its top face out of
    // the section, the others into the air inside it. Of the first three only the top is
    // drawn, for water and for ice alike: both are seen through.
    for block in [Block::WATER, Block::ICE] {
        let corner = section(&[([0, 31, 0], block)]);
        let faces: BTreeSet<Face> = quads(&mesh(&corner, &[None; 6]), Pass::Translucent)
            .into_iter()
            .map(|(f, _)| f)
            .collect();
        assert_eq!(
            faces,
            [Face::East, Face::Up, Face::Down, Face::South].into(),
            "{block:?}"
        );
    }
    // Inside the section, against air, water has all six.
    let inside = section(&[([5, 5, 5], Block::WATER)]);
    assert_eq!(
        quads(&mesh(&inside, &[None; 6]), Pass::Translucent).len(),
        6
    );
    // Stone keeps its walls at the border: they are the skirts.
    let stone = section(&[([0, 31, 0], Block::STONE)]);
    assert_eq!(quads(&mesh(&stone, &[None; 6]), Pass::Opaque).len(), 6);
}
