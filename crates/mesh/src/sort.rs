//! Back-to-front order for a chunk's translucent quads (water, glass).
//!
//! Translucent faces are blended without writing depth, so where two of them overlap on the
//! screen the one drawn last lands on top. Drawing the farthest first makes that the nearer
//! one. Quads are ordered by the distance from the eye to their centres, the usual
//! approximation. Every translucent face lies on a grid plane, and which of two such faces
//! hides the other depends only on which side of their planes the eye is, so the renderer
//! re-sorts a chunk only when the eye moves into another cell.

use glam::{IVec3, Vec3};

use super::ChunkMesh;

/// Indices per quad: two triangles.
const QUAD_INDICES: usize = 6;

/// The translucent quads of one chunk, kept so they can be put in order for any eye.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TranslucentQuads {
    /// Each quad's centre, chunk-relative, in blocks.
    centres: Vec<Vec3>,
    /// Each quad's six indices, as the mesher emitted them.
    triangles: Vec<[u32; QUAD_INDICES]>,
}

impl TranslucentQuads {
    /// The translucent quads of `mesh`.
    #[must_use]
    pub fn new(mesh: &ChunkMesh) -> Self {
        let triangles: Vec<[u32; QUAD_INDICES]> = mesh
            .translucent
            .chunks_exact(QUAD_INDICES)
            .map(|t| [t[0], t[1], t[2], t[3], t[4], t[5]])
            .collect();
        let centres = triangles
            .iter()
            .map(|t| {
                // Every quad's two triangles together use its four vertices.
                let first = t.iter().copied().min().unwrap_or(0) as usize;
                let sum = mesh.vertices[first..first + 4]
                    .iter()
                    .fold(Vec3::ZERO, |acc, v| {
                        acc + Vec3::from_array(v.position16().map(|c| c as f32))
                    });
                // Sixteenths of a block, four corners.
                sum / 64.0
            })
            .collect();
        Self { centres, triangles }
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.triangles.is_empty()
    }

    /// The eye's cell, chunk-relative: the order from anywhere in one cell is the same.
    #[must_use]
    pub fn cell_of(eye: Vec3) -> IVec3 {
        eye.floor().as_ivec3()
    }

    /// Writes the quads' indices into `out`, farthest from `eye` (chunk-relative) first;
    /// quads at the same distance keep the mesher's order.
    pub fn sorted_indices(&self, eye: Vec3, out: &mut Vec<u32>) {
        let mut order: Vec<(f32, usize)> = self
            .centres
            .iter()
            .enumerate()
            .map(|(i, c)| (c.distance_squared(eye), i))
            .collect();
        order.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        out.clear();
        out.extend(
            order
                .into_iter()
                .flat_map(|(_, i)| self.triangles[i].iter().copied()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Neighbourhood;
    use hewn_core::world::{Block, BlockPos, ChunkPos, World};
    use hewn_core::worldgen::{Generator, GeneratorKind};

    /// A chunk with glass blocks in a row along x, one apart, inside an empty world.
    fn glass_row() -> ChunkMesh {
        let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
        for x in [2, 6, 10] {
            world.set_block(BlockPos::new(x, 4, 4), Block::GLASS);
        }
        let mut mesh = ChunkMesh::default();
        mesh.build(&Neighbourhood::from_world(&world, ChunkPos::new(0, 0, 0)));
        mesh
    }

    #[test]
    fn quads_come_farthest_first_and_none_is_lost() {
        let mesh = glass_row();
        let quads = TranslucentQuads::new(&mesh);
        assert_eq!(quads.triangles.len(), 18, "six faces of three glass blocks");
        let eye = Vec3::new(-5.0, 4.5, 4.5);
        let mut sorted = Vec::new();
        quads.sorted_indices(eye, &mut sorted);

        let mut expected = mesh.translucent.clone();
        let mut got = sorted.clone();
        expected.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, expected, "the same triangles, reordered");

        let distance = |quad: &[u32]| {
            let v = mesh.vertices[*quad.iter().min().unwrap() as usize];
            let p = Vec3::from_array(v.position16().map(|c| c as f32)) / 16.0;
            p.distance(eye)
        };
        let first_x = |quad: &[u32]| {
            let v = mesh.vertices[*quad.iter().min().unwrap() as usize];
            v.position16()[0] / 16
        };
        let quads: Vec<&[u32]> = sorted.chunks(QUAD_INDICES).collect();
        // Seen from the west, the far glass block (x = 10) comes before the near one.
        assert!(
            first_x(quads[0]) >= 10,
            "first quad at x = {}",
            first_x(quads[0])
        );
        assert!(
            first_x(quads[17]) <= 3,
            "last quad at x = {}",
            first_x(quads[17])
        );
        assert!(distance(quads[0]) > distance(quads[17]));
    }

    #[test]
    fn the_order_turns_around_with_the_eye() {
        let quads = TranslucentQuads::new(&glass_row());
        let (mut west, mut east) = (Vec::new(), Vec::new());
        quads.sorted_indices(Vec3::new(-5.0, 4.5, 4.5), &mut west);
        quads.sorted_indices(Vec3::new(20.0, 4.5, 4.5), &mut east);
        let first = |v: &[u32]| v[..QUAD_INDICES].to_vec();
        let last = |v: &[u32]| v[v.len() - QUAD_INDICES..].to_vec();
        assert_eq!(first(&west), last(&east));
        assert_eq!(
            TranslucentQuads::cell_of(Vec3::new(-0.5, 3.99, 31.0)),
            IVec3::new(-1, 3, 31)
        );
    }
}
