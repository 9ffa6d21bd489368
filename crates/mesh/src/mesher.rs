//! The face-culling mesher with per-vertex ambient occlusion and smooth light.
//!
//! Ambient occlusion follows Mikola Lysenko, "Ambient occlusion for Minecraft-like worlds"
//! (0fps.net, 2013): each corner of a face looks at the two edge neighbours and the diagonal
//! neighbour in the layer in front of the face and counts how many are opaque. Smooth light
//! samples the same four cells, as Minecraft's does: a corner's sky and block light are the
//! averages over those of them light can enter (the diagonal only when the two edge cells
//! leave a way to it), so light fades across a floor and into a corner instead of stepping
//! from block to block.

use super::faces::corners;
use super::models::{ModelQuad, torch};
use super::per_registry::PerRegistry;
use super::plants::{boxes, cactus, cross};
use super::{CornerLight, Leaves, Pass, Quad, Shading};
use hewn_core::axis::Axis;
use hewn_core::world::block::{OPAQUE, Shape};
use hewn_core::world::{Block, Face, Light, RenderKind};

/// Receives the quads the mesher finds.
pub trait QuadSink {
    /// Called once per visible face of a block drawn as cubes (a slab is a short one).
    fn quad(&mut self, quad: &Quad);

    /// Called once per face of a block drawn as a model of its own (a torch). Sinks that
    /// only want cube faces can leave these out.
    fn model(&mut self, quad: &ModelQuad) {
        let _ = quad;
    }
}

impl QuadSink for Vec<Quad> {
    fn quad(&mut self, quad: &Quad) {
        self.push(*quad);
    }
}

/// What the mesher needs to know about a block, looked up by id in the hot loop.
#[derive(Clone, Copy)]
struct Traits {
    pass: Option<Pass>,
    opaque: bool,
    half: bool,
    shape: Shape,
    /// For water, the index of its surface in [`WATER_TOPS`]: 0 for a source and falling
    /// water, its level for flowing water.
    water: Option<u8>,
}

fn traits(block: Block, leaves: Leaves) -> Traits {
    let properties = block.properties();
    let mut render = properties.render;
    // Fast leaves draw every cut-out cube (leaves) as an opaque one: no inner faces, nothing
    // seen through them.
    if matches!(leaves, Leaves::Fast)
        && render == RenderKind::Cutout
        && properties.shape == Shape::Cube
    {
        render = RenderKind::Opaque;
    }
    Traits {
        pass: match render {
            RenderKind::Invisible => None,
            RenderKind::Opaque => Some(Pass::Opaque),
            RenderKind::Cutout => Some(Pass::Cutout),
            RenderKind::Translucent => Some(Pass::Translucent),
        },
        opaque: matches!(render, RenderKind::Opaque),
        half: matches!(properties.shape, Shape::LowerHalf),
        shape: properties.shape,
        water: block.is_water().then(|| block.flow_level().unwrap_or(0)),
    }
}

/// Slots in a table by block id: one for every id a block can have, so that indexing by a
/// block's id needs no bounds check in the hot loop.
const IDS: usize = 1 << 16;

/// The per-block lookups of one leaves style, by block id.
struct Tables {
    traits: Box<[Traits; IDS]>,
    /// Per block id: bit 0 set for opaque cubes, bit 1 for blocks that are drawn at all,
    /// bit 2 for blocks light can enter.
    flags: Box<[u8; IDS]>,
}

/// `items`, then `fill` in every slot after them, as a table by id built on the heap.
fn by_id<T: Clone>(items: impl Iterator<Item = T>, fill: T) -> Box<[T; IDS]> {
    let mut table: Vec<T> = items.collect();
    table.resize(IDS, fill);
    table
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("a registry holds fewer than {IDS} blocks"))
}

fn tables(leaves: Leaves) -> Tables {
    let air = traits(Block::AIR, leaves);
    let traits = by_id(Block::all().map(|b| traits(b, leaves)), air);
    let flags = by_id(
        Block::all().map(|block| {
            let t = traits[block.index()];
            u8::from(t.opaque)
                | (u8::from(t.pass.is_some()) << 1)
                | (u8::from(block.opacity() < OPAQUE) << 2)
        }),
        0,
    );
    Tables { traits, flags }
}

/// The lookups for fancy leaves, then for fast ones, built from each registry once.
static TABLES: PerRegistry<[Tables; 2]> = PerRegistry::new();

/// The lookups for the registry in use.
fn tables_in_use() -> &'static [Tables; 2] {
    TABLES.get(|| [tables(Leaves::Fancy), tables(Leaves::Fast)])
}

/// Flag of an opaque cube, which occludes the corners beside it.
pub(super) const OPAQUE_CUBE: u8 = 1;
const DRAWN: u8 = 2;
/// Flag of a cell light enters.
pub(super) const CLEAR: u8 = 4;

/// Where flowing water's surface lies by its level (index 0 for a source and for falling
/// water), in sixteenths of a block: Minecraft's (8 − level) / 9 of a block, to the nearest
/// sixteenth, so water thins out as it spreads.
const WATER_TOPS: [u8; 8] = [14, 12, 11, 9, 7, 5, 4, 2];

/// The height of the top of `block`, with `above` over it, in sixteenths of a block: 8 for a
/// slab, the surface for water (a whole block under more water, which fills it to the top),
/// 16 for everything else.
#[must_use]
pub fn top_height(block: Block, above: Block) -> u8 {
    let traits = &tables_in_use()[0].traits;
    top_of(
        traits[usize::from(block.id())],
        traits[usize::from(above.id())],
    )
}

/// [`top_height`] from the two blocks' traits, as the hot loop has them.
fn top_of(block: Traits, above: Traits) -> u8 {
    match (block.water, above.water) {
        (Some(_), Some(_)) => 16,
        (Some(level), None) => WATER_TOPS[usize::from(level)],
        (None, _) if block.half => 8,
        (None, _) => 16,
    }
}

/// Whether the face of `block`, whose top is at `top` sixteenths, towards `neighbour` is
/// hidden.
#[inline]
fn hidden(
    traits: &[Traits; IDS],
    (block, me, top): (Block, Traits, u8),
    face: Face,
    neighbour: Block,
) -> bool {
    let other = traits[usize::from(neighbour.id())];
    if other.opaque {
        // A slab's or water's top face sits below the cell's top, in the open, whatever is
        // above it.
        return !(top < 16 && face == Face::Up);
    }
    // Water against water (of any level) and glass against glass would draw a wall inside
    // one volume; two slabs side by side share a wall that nobody sees.
    let merges = neighbour == block || (me.water.is_some() && other.water.is_some());
    merges && (me.pass == Some(Pass::Translucent) || (me.half && face.is_side()))
}

/// The light at a face's corner from the cells around it in front of the face: `front`
/// (the cell the face looks into), the two edge cells and the diagonal one. Cells light
/// cannot enter are left out, and so is the diagonal when both edge cells block the way to
/// it; `own` stands in when none is left (a slab's top under a solid block).
#[inline]
fn corner_light(samples: [(Light, bool); 4], own: Light) -> CornerLight {
    let [front, a, b, diagonal] = samples;
    let diagonal = (diagonal.0, diagonal.1 && (a.1 || b.1));
    let (mut sky, mut block, mut count) = (0u32, 0u32, 0u32);
    for (light, clear) in [front, a, b, diagonal] {
        if clear {
            sky += u32::from(light.sky());
            block += u32::from(light.block());
            count += 1;
        }
    }
    if count == 0 {
        return CornerLight::of(own);
    }
    // Quarter levels, rounded to nearest. Dividing by a constant in each arm lets the
    // compiler multiply instead: a division per corner was most of the mesher's time.
    let quarter = |sum: u32| {
        (match count {
            1 => sum * 4,
            2 => sum * 2,
            3 => (sum * 4 + 1) / 3,
            _ => sum,
        }) as u8
    };
    CornerLight {
        sky: quarter(sky),
        block: quarter(block),
    }
}

/// Meshes the interior of a padded box of blocks and their light.
///
/// `blocks` and `lights` hold `(dims + 2)` cells along each axis, indexed x fastest, then
/// z, then y; the outer layer is the border that is read for culling, AO and light but not
/// meshed. Quads are reported with cell coordinates counted from the first interior cell.
pub fn mesh_region<S: QuadSink>(
    blocks: &[Block],
    lights: &[Light],
    dims: [usize; 3],
    sink: &mut S,
) {
    mesh_region_with(blocks, lights, dims, Leaves::Fancy, sink);
}

/// Meshes as [`mesh_region`] does, drawing leaves in the style `leaves`.
pub fn mesh_region_with<S: QuadSink>(
    blocks: &[Block],
    lights: &[Light],
    dims: [usize; 3],
    leaves: Leaves,
    sink: &mut S,
) {
    let style = (leaves, Shading::Vertex);
    mesh_cells(blocks, lights, dims, style, &mut Cells::default(), sink);
}

/// Per cell of a padded box, the flags the mesher looks up (opaque cube, drawn, clear to
/// light), so AO and light need no trip through the block table; and per row of x, bit
/// masks of the opaque and the drawn cells, so whole runs of air and of buried rock are
/// skipped a row at a time instead of cell by cell. Kept between chunks by the caller to
/// save the allocations; the cave-culling fill reads the opaque masks too
/// ([`Cells::open_rows`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Cells {
    flags: Vec<u8>,
    opaque_rows: Vec<u64>,
    drawn_rows: Vec<u64>,
}

impl Cells {
    /// Looks up every cell of `blocks`, rows of `sx` cells.
    fn scan(&mut self, blocks: &[Block], sx: usize, tables: &Tables) {
        assert!(sx <= 64, "rows are u64 masks: at most 62 cells along x");
        let rows = blocks.len() / sx;
        self.flags.resize(blocks.len(), 0);
        self.opaque_rows.resize(rows, 0);
        self.drawn_rows.resize(rows, 0);
        let masks = self.opaque_rows.iter_mut().zip(self.drawn_rows.iter_mut());
        for ((cells, row_flags), (opaque, drawn)) in blocks
            .chunks_exact(sx)
            .zip(self.flags.chunks_exact_mut(sx))
            .zip(masks)
        {
            let (mut o, mut d) = (0u64, 0u64);
            for (x, (&b, flag)) in cells.iter().zip(row_flags.iter_mut()).enumerate() {
                let f = tables.flags[usize::from(b.id())];
                o |= u64::from(f & OPAQUE_CUBE) << x;
                d |= u64::from((f & DRAWN) >> 1) << x;
                *flag = f;
            }
            *opaque = o;
            *drawn = d;
        }
    }

    /// Every cell's flags, as the last [`mesh_cells`] found them.
    pub(crate) fn flags(&self) -> &[u8] {
        &self.flags
    }

    /// The cells of the chunk inside a [`Neighbourhood`](super::Neighbourhood) that are not
    /// opaque cubes, as [`Visibility::of_open_rows`](super::Visibility::of_open_rows) takes
    /// them: the masks the last meshing of a whole neighbourhood built, reused so that cave
    /// culling looks at no block again.
    #[must_use]
    pub(crate) fn open_rows(&self) -> [u32; 32 * 32] {
        const N: usize = 32;
        let padded = N + 2;
        std::array::from_fn(|row| {
            let (y, z) = (row / N, row % N);
            // The interior is bits 1 to 32 of the padded row.
            !((self.opaque_rows[(y + 1) * padded + z + 1] >> 1) as u32)
        })
    }
}

/// Meshes as [`mesh_region_with`] does, with leaves and shading in the style `style`,
/// leaving the cells' flags and masks in `cells`. With [`Shading::Sampled`] faces carry no
/// AO and light of their own (the shader works them out), so that they all merge alike.
pub(crate) fn mesh_cells<S: QuadSink>(
    blocks: &[Block],
    lights: &[Light],
    dims: [usize; 3],
    (leaves, shading): (Leaves, Shading),
    cells: &mut Cells,
    sink: &mut S,
) {
    let tables = &tables_in_use()[leaves as usize];
    let (sx, sz) = (dims[0] + 2, dims[2] + 2);
    assert_eq!(
        blocks.len(),
        sx * sz * (dims[1] + 2),
        "padded size mismatch"
    );
    assert_eq!(lights.len(), blocks.len(), "a light for every block");
    let stride = [1isize, (sx * sz) as isize, sx as isize];
    let offset = |v: [i32; 3]| -> isize {
        v[0] as isize * stride[0] + v[1] as isize * stride[1] + v[2] as isize * stride[2]
    };
    let normals = Face::ALL.map(|f| offset(f.offset()));
    // The 3 × 3 cells in the layer in front of a face, centred on the cell the face looks
    // into: per face, their offsets from that cell, and per corner, which of them are its two
    // edge neighbours and its diagonal one. Each face reads the nine once for all corners.
    let plane = Face::ALL.map(|f| {
        let axes: Vec<Axis> = Axis::ALL.into_iter().filter(|&a| a != f.axis()).collect();
        let at = |i: i32, j: i32| {
            let mut v = [0; 3];
            v[axes[0]] = i;
            v[axes[1]] = j;
            v
        };
        let offsets: [isize; 9] =
            std::array::from_fn(|k| offset(at(k as i32 % 3 - 1, k as i32 / 3 - 1)));
        let index = |i: i32, j: i32| ((j + 1) * 3 + i + 1) as usize;
        let around = corners(f).map(|corner| {
            let sign = |axis: Axis| if corner.pos[axis] == 1 { 1 } else { -1 };
            let (i, j) = (sign(axes[0]), sign(axes[1]));
            [index(i, 0), index(0, j), index(i, j)]
        });
        (offsets, around)
    });
    cells.scan(blocks, sx, tables);
    let (flags, opaque_rows, drawn_rows) = (&cells.flags, &cells.opaque_rows, &cells.drawn_rows);
    let interior = ((1u64 << dims[0]) - 1) << 1;
    for y in 0..dims[1] {
        for z in 0..dims[2] {
            let r = (y + 1) * sz + z + 1;
            let o = opaque_rows[r];
            let buried = o
                & (o << 1)
                & (o >> 1)
                & opaque_rows[r - sz]
                & opaque_rows[r + sz]
                & opaque_rows[r - 1]
                & opaque_rows[r + 1];
            let mut visit = drawn_rows[r] & !buried & interior;
            let row = offset([0, y as i32 + 1, z as i32 + 1]);
            while visit != 0 {
                let bit = visit.trailing_zeros() as usize;
                visit &= visit - 1;
                let x = bit - 1;
                let i = row + bit as isize;
                let block = blocks[i as usize];
                let me = tables.traits[usize::from(block.id())];
                let Some(pass) = me.pass else { continue };
                let cell = [x as u16, y as u16, z as u16];
                match me.shape {
                    Shape::Torch { wall } => {
                        torch(cell, wall, lights[i as usize], sink);
                        continue;
                    }
                    Shape::Cross => {
                        cross(cell, block, lights[i as usize], sink);
                        continue;
                    }
                    Shape::Inset => {
                        cactus(cell, lights[i as usize], sink);
                        continue;
                    }
                    Shape::Boxes => {
                        boxes(cell, block, lights[i as usize], sink);
                        continue;
                    }
                    Shape::Cube | Shape::LowerHalf => {}
                }
                let up = normals[Face::Up as usize];
                let top = top_of(
                    me,
                    tables.traits[usize::from(blocks[(i + up) as usize].id())],
                );
                for face in Face::ALL {
                    let front = i + normals[face as usize];
                    let neighbour = blocks[front as usize];
                    let mut bottom = 0;
                    if hidden(&tables.traits, (block, me, top), face, neighbour) {
                        // Beside lower water, water shows the wall above the other surface.
                        let other = tables.traits[usize::from(neighbour.id())];
                        if !(face.is_side() && me.water.is_some() && other.water.is_some()) {
                            continue;
                        }
                        let over = tables.traits[usize::from(blocks[(front + up) as usize].id())];
                        bottom = top_of(other, over);
                        if bottom >= top {
                            continue;
                        }
                    }
                    let (ao, light) = if shading == Shading::Sampled {
                        // The shader works light and AO out; what it needs from the vertex
                        // is how high a short side reaches, which the light fields carry
                        // (`layout::TOP`).
                        let extent = CornerLight {
                            sky: top,
                            block: bottom,
                        };
                        ([3; 4], [extent; 4])
                    } else {
                        // Plain loops: array `map` with closures is not inlined here, and
                        // this is the mesher's innermost loop.
                        let (offsets, around) = &plane[face as usize];
                        let mut near = [(0u8, Light::DARK); 9];
                        for (cell, &o) in near.iter_mut().zip(offsets) {
                            let c = (front + o) as usize;
                            *cell = (flags[c], lights[c]);
                        }
                        let opaque = |k: usize| near[k].0 & OPAQUE_CUBE != 0;
                        let sample = |k: usize| (near[k].1, near[k].0 & CLEAR != 0);
                        let own = lights[i as usize];
                        let mut ao = [3; 4];
                        let mut light = [CornerLight::default(); 4];
                        for (corner, &[a, b, d]) in around.iter().enumerate() {
                            if pass != Pass::Translucent {
                                let (s1, s2) = (opaque(a), opaque(b));
                                ao[corner] = if s1 && s2 {
                                    0
                                } else {
                                    3 - u8::from(s1) - u8::from(s2) - u8::from(opaque(d))
                                };
                            }
                            light[corner] =
                                corner_light([sample(4), sample(a), sample(b), sample(d)], own);
                        }
                        (ao, light)
                    };
                    sink.quad(&Quad {
                        cell,
                        face,
                        block,
                        pass,
                        ao,
                        light,
                        top,
                        bottom,
                        extent: [1; 3],
                    });
                }
            }
        }
    }
}
