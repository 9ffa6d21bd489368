//! Meshing coarse sections for the far view ([`hewn_core::world::coarse`], after Voxy's levels
//! of detail).
//!
//! A coarse section is 32³ cells like a chunk, so it meshes into the near view's own
//! [`ChunkMesh`] and [`Vertex`](super::Vertex) format: positions in cells, which fit the
//! vertex's fields as blocks do. The renderer draws it with the far view's pipelines (the
//! chunk shader's `vs_far`), scaling positions by the section's cell size
//! ([`SectionPos::cell_size`], 2^level) before adding the section's offset from the eye
//! ([`SectionPos::min_block`]), and painting each face in its tile's average colour.
//!
//! What is left out, far away: ambient occlusion and smooth light (every corner has full sky
//! light and no block light, so the daylight the shader applies still darkens it at night),
//! models (coarse cells hold none), cut-out leaves (leaves are opaque cubes, as with fast
//! leaves, so a forest is its canopy's outside), cave culling (every face of the section
//! sees every other) and short tops (water and slabs fill their cells, since a coarse cell
//! is the top of whatever is in it; the shader lowers the sea's surface, open or frozen, to
//! the real one's, see `far_sea_drop` in shaders/chunk.wgsl). Faces still merge greedily
//! ([`super::greedy`]), and with the same light everywhere they merge by block and direction
//! alone.
//!
//! Seams: a face at the border is culled only against a neighbour section that is given
//! ([`CoarseNeighbours`]); toward a neighbour that is not, it is drawn. Meshed without
//! neighbours, as the far view meshes every section (so that a section's mesh does not
//! depend on which of its neighbours are drawn at which level), a section stands in walls
//! that act as skirts: where another section's ground is lower or a finer level (or the
//! near chunks) takes over, the walls close any gap between the two surfaces, and where the
//! other ground is higher, it hides them. What is seen through (water, ice, glass) is the
//! exception: its walls would draw the sections' grid across every sea and ice sheet, so at
//! a border without a neighbour only its top is drawn.

use super::greedy::Greedy;
use super::mesher::QuadSink;
use super::per_registry::PerRegistry;
use super::{ChunkMesh, CornerLight, Pass, Quad, Sight};
use hewn_core::world::block::Registry;
use hewn_core::world::coarse::{CoarseSection, SECTION_CELLS};
use hewn_core::world::{Block, Face, LocalPos, RenderKind};

/// The sections beside one across each face, in [`Face`] index order; `None` where there is
/// none drawn, so that faces toward it are kept (see the module's notes on seams).
pub type CoarseNeighbours<'a> = [Option<&'a CoarseSection>; 6];

/// Cells along each edge of a section.
const N: usize = SECTION_CELLS as usize;
/// Cells along each edge of the padded copy: the section and a layer of each neighbour.
const P: usize = N + 2;

/// The light every coarse face carries: full sky light, no block light.
const FAR_LIGHT: CornerLight = CornerLight { sky: 60, block: 0 };

/// Every block's [`look`], by id, built once for each registry: the hot loop's table, with
/// a slot for every id a block can have so that indexing needs no bounds check.
static LOOKS: PerRegistry<Box<[Look; 1 << 16]>> = PerRegistry::new();

/// How a coarse cell's faces are drawn: its pass, or `None` for air, and whether it hides
/// the faces of its neighbours.
type Look = (Option<Pass>, bool);

/// How a coarse cell's faces are drawn: its pass, or `None` for air, and whether it hides
/// the faces of its neighbours.
fn look(registry: &Registry, block: Block) -> Look {
    match registry.properties(block).render {
        RenderKind::Invisible => (None, false),
        RenderKind::Translucent => (Some(Pass::Translucent), false),
        // Leaves, cut-out near by, are opaque cubes far away.
        RenderKind::Opaque | RenderKind::Cutout => (Some(Pass::Opaque), true),
    }
}

/// Meshes `section` into `out` (emptied first), culling its border faces against
/// `neighbours`. The vertices are in the section's cells: draw them scaled by its cell size.
pub fn mesh_coarse(section: &CoarseSection, neighbours: &CoarseNeighbours, out: &mut ChunkMesh) {
    out.clear();
    out.sight = Sight::ALL;
    let cells = padded(section, neighbours);
    let stride = [1isize, (P * P) as isize, P as isize];
    let normals = Face::ALL.map(|f| {
        let o = f.offset();
        o[0] as isize * stride[0] + o[1] as isize * stride[1] + o[2] as isize * stride[2]
    });
    let looks = LOOKS.get(|| {
        let registry = Block::registry();
        let mut table = vec![(None, false); 1 << 16];
        for block in Block::all() {
            table[block.index()] = look(registry, block);
        }
        // Built on the heap: a worker's stack has no room for 128 KiB.
        table
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("1 << 16 slots"))
    });
    GREEDY.with_borrow_mut(|greedy| {
        for y in 0..N {
            for z in 0..N {
                if section.cells().row_uniform(y as u8, z as u8) == Some(Block::AIR) {
                    continue;
                }
                for x in 0..N {
                    let i = ((y + 1) * P + z + 1) * P + x + 1;
                    let block = cells[i];
                    let (Some(pass), _) = looks[usize::from(block.id())] else {
                        continue;
                    };
                    for face in Face::ALL {
                        let neighbour = cells[(i as isize + normals[face as usize]) as usize];
                        let (_, hides) = looks[usize::from(neighbour.id())];
                        if hides || (pass == Pass::Translucent && neighbour == block) {
                            continue;
                        }
                        if pass == Pass::Translucent
                            && face != Face::Up
                            && neighbours[face as usize].is_none()
                            && on_border([x, y, z], face)
                        {
                            continue;
                        }
                        greedy.quad(&Quad {
                            cell: [x as u16, y as u16, z as u16],
                            face,
                            block,
                            pass,
                            ao: [3; 4],
                            light: [FAR_LIGHT; 4],
                            top: 16,
                            bottom: 0,
                            extent: [1; 3],
                        });
                    }
                }
            }
        }
        greedy.finish(out);
    });
    out.group_by_face();
}

/// Whether the cell at `cell` lies on the section's side that `face` looks out of.
fn on_border(cell: [usize; 3], face: Face) -> bool {
    let along = cell[face.axis() as usize];
    if face.is_positive() {
        along == N - 1
    } else {
        along == 0
    }
}

/// The section's cells with a one-cell border, x fastest, then z, then y: the facing layer
/// of each given neighbour, air elsewhere (edges and corners are never read).
fn padded(section: &CoarseSection, neighbours: &CoarseNeighbours) -> Vec<Block> {
    let mut cells = vec![Block::AIR; P * P * P];
    let index = |p: [usize; 3]| (p[1] * P + p[2]) * P + p[0];
    for y in 0..N {
        for z in 0..N {
            for x in 0..N {
                let local = LocalPos::new(x as u8, y as u8, z as u8);
                cells[index([x + 1, y + 1, z + 1])] = section.get(local);
            }
        }
    }
    for face in Face::ALL {
        let Some(other) = neighbours[face as usize] else {
            continue;
        };
        let axis = face.axis() as usize;
        // The neighbour's layer that touches this section, and where it goes in the border.
        let (theirs, ours) = if face.is_positive() {
            (0, N + 1)
        } else {
            (N - 1, 0)
        };
        for a in 0..N {
            for b in 0..N {
                let mut p = [a, b, 0];
                p.rotate_right((axis + 1) % 3);
                let mut local = p;
                local[axis] = theirs;
                let mut at = p.map(|c| c + 1);
                at[axis] = ours;
                let [lx, ly, lz] = local.map(|c| c as u8);
                cells[index(at)] = other.get(LocalPos::new(lx, ly, lz));
            }
        }
    }
    cells
}

thread_local! {
    /// Each meshing thread's merge buffers, kept from section to section.
    static GREEDY: std::cell::RefCell<Greedy> = std::cell::RefCell::default();
}

#[cfg(test)]
mod tests;
