//! Where sight may cross each face of a chunk: per face, the smallest rectangle that holds
//! the face's cells that are not opaque cubes.
//!
//! A line of sight that leaves a chunk through a face crosses it inside (or on the edge of)
//! one of those cells, so it crosses inside the face's rectangle. Seen from the eye, it is
//! inside the rectangle's outline on the screen. The walk of [`super::occlusion`] narrows
//! the part of the screen it carries from chunk to chunk to those outlines, as portal culling
//! does with each face's clear cells for its portal: a valley behind a ridge, or a cave under
//! a narrow mouth, falls outside every outline that leads to it and is not drawn.

use glam::Vec3;

use hewn_core::world::{CHUNK_SIZE, Face};

const N: usize = CHUNK_SIZE as usize;

/// Per face of a chunk (in [`Face::ALL`] order), the rectangle of its clear cells: the low
/// and high corner, in blocks from the chunk's low corner, both on the face's plane. A face
/// with no clear cell has none.
///
/// The default opens every face whole: a chunk whose contents are not known hides nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Openings([Option<([u8; 3], [u8; 3])>; 6]);

impl Default for Openings {
    fn default() -> Self {
        Self::ALL
    }
}

impl Openings {
    /// Every face open from edge to edge: a chunk of air.
    pub const ALL: Self = Self::whole([true; 6]);
    /// No face open anywhere: a chunk of rock.
    pub const NONE: Self = Self([None; 6]);

    /// Each face in `open` open whole, the others closed.
    const fn whole(open: [bool; 6]) -> Self {
        let mut faces = [None; 6];
        let mut f = 0;
        while f < 6 {
            if open[f] {
                let face = Face::ALL[f];
                let axis = face.axis().index();
                let mut low = [0; 3];
                let mut high = [N as u8; 3];
                let plane = if face.is_positive() { N as u8 } else { 0 };
                low[axis] = plane;
                high[axis] = plane;
                faces[f] = Some((low, high));
            }
            f += 1;
        }
        Self(faces)
    }

    /// The rectangle of `face`'s clear cells, as its low and high corner in blocks from the
    /// chunk's low corner, or `None` when sight cannot cross the face anywhere.
    #[must_use]
    pub fn on(self, face: Face) -> Option<(Vec3, Vec3)> {
        self.0[face as usize].map(|(low, high)| {
            let corner = |c: [u8; 3]| Vec3::new(f32::from(c[0]), f32::from(c[1]), f32::from(c[2]));
            (corner(low), corner(high))
        })
    }

    /// The openings of a chunk whose cells sight passes through are the set bits of `open`:
    /// one `u32` per row of x (bit `x`), rows in the order `y * 32 + z`.
    #[must_use]
    pub fn of_open_rows(open: &[u32; N * N]) -> Self {
        let mut layers = [Bounds::default(); 6];
        let last = N - 1;
        for (row, &cells) in open.iter().enumerate() {
            let (y, z) = (row / N, row % N);
            layers[Face::West as usize].add(cells & 1, y, z);
            layers[Face::East as usize].add(cells & 1 << last, y, z);
            if y == 0 {
                layers[Face::Down as usize].add(cells, y, z);
            } else if y == last {
                layers[Face::Up as usize].add(cells, y, z);
            }
            if z == 0 {
                layers[Face::North as usize].add(cells, y, z);
            } else if z == last {
                layers[Face::South as usize].add(cells, y, z);
            }
        }
        Self(Face::ALL.map(|face| layers[face as usize].on(face)))
    }
}

/// The box around some cells, as the cells it spans along each axis (bit `x`, `y`, `z`).
#[derive(Clone, Copy, Default)]
struct Bounds([u32; 3]);

impl Bounds {
    /// Adds the cells `xs` (bit `x`) of the row at `y`, `z`.
    fn add(&mut self, xs: u32, y: usize, z: usize) {
        let any = u32::from(xs != 0);
        self.0[0] |= xs;
        self.0[1] |= any << y;
        self.0[2] |= any << z;
    }

    /// The rectangle the cells cover on `face`'s plane, if there were any.
    fn on(self, face: Face) -> Option<([u8; 3], [u8; 3])> {
        if self.0[0] == 0 {
            return None;
        }
        let mut low = self.0.map(|cells| cells.trailing_zeros() as u8);
        let mut high = self.0.map(|cells| (N as u32 - cells.leading_zeros()) as u8);
        let axis = face.axis().index();
        let plane = if face.is_positive() { N as u8 } else { 0 };
        low[axis] = plane;
        high[axis] = plane;
        Some((low, high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rock with the cells `open` clear.
    fn rock_with(open: impl IntoIterator<Item = [usize; 3]>) -> [u32; N * N] {
        let mut rows = [0u32; N * N];
        for [x, y, z] in open {
            rows[y * N + z] |= 1 << x;
        }
        rows
    }

    #[test]
    fn air_opens_every_face_whole_and_rock_none() {
        assert_eq!(Openings::of_open_rows(&[u32::MAX; N * N]), Openings::ALL);
        assert_eq!(Openings::of_open_rows(&[0; N * N]), Openings::NONE);
        let n = N as f32;
        assert_eq!(
            Openings::ALL.on(Face::East),
            Some((Vec3::new(n, 0.0, 0.0), Vec3::splat(n)))
        );
        assert_eq!(
            Openings::ALL.on(Face::Down),
            Some((Vec3::ZERO, Vec3::new(n, 0.0, n)))
        );
    }

    #[test]
    fn a_tunnel_opens_the_faces_it_ends_on_around_its_cells() {
        // Along x at y = 10, z = 20, and a shaft from it up to the top at x = 5.
        let tunnel = (0..N).map(|x| [x, 10, 20]);
        let shaft = (10..N).map(|y| [5, y, 20]);
        let openings = Openings::of_open_rows(&rock_with(tunnel.chain(shaft)));
        assert_eq!(
            openings.on(Face::West),
            Some((Vec3::new(0.0, 10.0, 20.0), Vec3::new(0.0, 11.0, 21.0)))
        );
        assert_eq!(
            openings.on(Face::East),
            Some((Vec3::new(32.0, 10.0, 20.0), Vec3::new(32.0, 11.0, 21.0)))
        );
        assert_eq!(
            openings.on(Face::Up),
            Some((Vec3::new(5.0, 32.0, 20.0), Vec3::new(6.0, 32.0, 21.0)))
        );
        for face in [Face::Down, Face::North, Face::South] {
            assert_eq!(openings.on(face), None, "{face:?}");
        }
    }

    #[test]
    fn two_holes_in_a_face_open_the_rectangle_around_both() {
        let openings = Openings::of_open_rows(&rock_with([[3, 0, 4], [29, 0, 17]]));
        assert_eq!(
            openings.on(Face::Down),
            Some((Vec3::new(3.0, 0.0, 4.0), Vec3::new(30.0, 0.0, 18.0)))
        );
        let openings = Openings::of_open_rows(&rock_with([[7, 2, 0], [1, 30, 0]]));
        assert_eq!(
            openings.on(Face::North),
            Some((Vec3::new(1.0, 2.0, 0.0), Vec3::new(8.0, 31.0, 0.0)))
        );
    }
}
