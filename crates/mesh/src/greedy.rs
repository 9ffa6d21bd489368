//! Greedy meshing: neighbouring faces that would look the same merge into one bigger quad.
//!
//! The culling mesher ([`mesh_region`](super::mesh_region)) finds every visible face with its
//! ambient occlusion and light. Faces of one direction and one layer of cells are laid on a
//! grid, and each face grows into a rectangle, first along its row, then across rows, over
//! faces of the same block with the same shading (Mikola Lysenko, "Meshing in a Minecraft
//! game", 0fps.net, 2012).
//!
//! A merged quad must shade exactly like the faces it replaces. The GPU interpolates AO and
//! light across a quad's two triangles, so faces merge along a direction only where their
//! shading does not change along it (the corners at either end of each edge in that direction
//! carry the same AO and light) and all faces in the rectangle carry the same values: then
//! the shading varies, if at all, only across the merge, linearly, exactly as it does over
//! each face. Faces in open daylight or uniform darkness merge both ways; a row of faces
//! along a wall, darker at the wall's foot, merges along the wall; faces whose shading varies
//! both ways stay single. The texture repeats across a merged
//! quad (the shader takes the tile at the fractional part of the quad's texture coordinate).
//! A slab's side is half a block high (and water's may be shorter), so short sides merge
//! along their row only.

use super::Quad;
use super::faces::corners;
use super::mesher::QuadSink;
use super::models::ModelQuad;
use hewn_core::axis::Axis;
use hewn_core::world::Face;

/// Cells along each axis of the grid a layer of faces is laid on.
const GRID: usize = 32;

/// Collects the faces the mesher finds, then hands them on merged.
///
/// Reusable: [`Greedy::finish`] empties it and keeps its allocations.
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    /// Faces that can merge, with their layer, per face direction.
    mergeable: [Vec<(u16, Quad)>; 6],
    /// Faces whose shading varies across them, and model faces: passed on as they are.
    single: Vec<Quad>,
    models: Vec<ModelQuad>,
    /// One layer's grid: per cell, an index into the layer's faces, meaningful where the
    /// cell's bit in `occupied` is set, so that nothing needs clearing between layers.
    grid: Vec<u32>,
    /// Per row of the grid, a bit per cell that holds a face not yet merged.
    occupied: [u32; GRID],
}

/// Whether a face's shading stays the same along `axis`: the corners that differ only in
/// that coordinate carry the same AO and light.
fn constant_along(quad: &Quad, axis: Axis) -> bool {
    let corners = corners(quad.face);
    let apart_along = |i: usize, j: usize| {
        Axis::ALL
            .into_iter()
            .all(|k| (k == axis) != (corners[i].pos[k] == corners[j].pos[k]))
    };
    (0..4).all(|i| {
        (0..4)
            .filter(|&j| apart_along(i, j))
            .all(|j| quad.ao[i] == quad.ao[j] && quad.light[i] == quad.light[j])
    })
}

/// The axes a face's grid runs along, (across rows, along rows): for a face looking along
/// y, x and z; along x, z and y; along z, x and y. Rows run along the first axis that is
/// not the face's normal and not y, so slab sides (which may not grow in y) grow along rows.
const fn grid_axes(face: Face) -> (Axis, Axis) {
    match face.axis() {
        Axis::X => (Axis::Y, Axis::Z),
        Axis::Y => (Axis::Z, Axis::X),
        Axis::Z => (Axis::Y, Axis::X),
    }
}

/// Whether two faces may share a quad.
fn same_look(a: &Quad, b: &Quad) -> bool {
    a.block == b.block
        && a.pass == b.pass
        && (a.top, a.bottom) == (b.top, b.bottom)
        && a.ao == b.ao
        && a.light == b.light
}

impl Greedy {
    /// Passes every face collected since the last call on to `sink`, merged where they may
    /// be, and empties the collection.
    pub fn finish<S: QuadSink>(&mut self, sink: &mut S) {
        for quad in self.single.drain(..) {
            sink.quad(&quad);
        }
        for model in self.models.drain(..) {
            sink.model(&model);
        }
        for face in Face::ALL {
            let mut faces = std::mem::take(&mut self.mergeable[face as usize]);
            // The mesher visits cells y, z, x: sort so that each layer's faces are together.
            faces.sort_unstable_by_key(|&(layer, _)| layer);
            let mut start = 0;
            while start < faces.len() {
                let layer = faces[start].0;
                let end = start + faces[start..].partition_point(|&(l, _)| l == layer);
                self.merge_layer(face, &faces[start..end], sink);
                start = end;
            }
            faces.clear();
            self.mergeable[face as usize] = faces;
        }
    }

    /// Merges the faces of one direction in one layer of cells.
    fn merge_layer<S: QuadSink>(&mut self, face: Face, faces: &[(u16, Quad)], sink: &mut S) {
        let (across, along) = grid_axes(face);
        self.grid.resize(GRID * GRID, 0);
        self.occupied = [0; GRID];
        let at = |row: usize, col: usize| row * GRID + col;
        for (i, (_, quad)) in faces.iter().enumerate() {
            let (row, col) = (
                usize::from(quad.cell[across]),
                usize::from(quad.cell[along]),
            );
            self.grid[at(row, col)] = i as u32;
            self.occupied[row] |= 1 << col;
        }
        for row in 0..GRID {
            while self.occupied[row] != 0 {
                let col = self.occupied[row].trailing_zeros() as usize;
                let quad = faces[self.grid[at(row, col)] as usize].1;
                let grows_along = constant_along(&quad, along);
                let whole = quad.top == 16 && quad.bottom == 0;
                let grows_across = (whole || !face.is_side()) && constant_along(&quad, across);
                let matches = |this: &Self, r: usize, c: usize| {
                    this.occupied[r] & (1 << c) != 0
                        && same_look(&faces[this.grid[at(r, c)] as usize].1, &quad)
                };
                let mut width = 1;
                while grows_along && col + width < GRID && matches(self, row, col + width) {
                    width += 1;
                }
                let mut height = 1;
                while grows_across
                    && row + height < GRID
                    && (col..col + width).all(|c| matches(self, row + height, c))
                {
                    height += 1;
                }
                // `width` bits from `col` (width is 1 to 32).
                let taken = (u32::MAX >> (GRID - width)) << col;
                for r in row..row + height {
                    self.occupied[r] &= !taken;
                }
                let mut merged = quad;
                merged.extent[across] = height as u8;
                merged.extent[along] = width as u8;
                sink.quad(&merged);
            }
        }
    }
}

impl QuadSink for Greedy {
    fn quad(&mut self, quad: &Quad) {
        let (across, along) = grid_axes(quad.face);
        if constant_along(quad, along) || constant_along(quad, across) {
            let layer = quad.cell[quad.face.axis()];
            self.mergeable[quad.face as usize].push((layer, *quad));
        } else {
            self.single.push(*quad);
        }
    }

    fn model(&mut self, quad: &ModelQuad) {
        self.models.push(*quad);
    }
}

#[cfg(test)]
mod tests;
