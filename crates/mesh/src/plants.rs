//! Plants, the cactus and blocks of boxes (a door's panel), drawn as models
//! ([`ModelQuad`]s, cut-out) rather than cube faces.
//!
//! A plant is two quads crossing diagonally through its cell, as Minecraft draws flowers and
//! tall grass; the texture's clear texels leave only the plant. The models pass culls no
//! faces, so each quad is seen from both sides (from behind, its tile mirrored). Each quad is
//! cut to the part of the tile the plant is painted in ([`drawn_texels`]): a meadow seen
//! over the grass is many layers of plant quads deep, and every pixel of them is shaded
//! before the clear ones are thrown away. A cactus is a box a sixteenth inside its cell on
//! the four sides (what an 8-byte cube vertex, on the whole-block grid, cannot place), lit by
//! its cell's light.
//!
//! ```text
//!   a plant's cell from above          a cactus's cell from above
//!   ┌─────────┐                        ┌─────────┐
//!   │╲       ╱│                        │ ┌─────┐ │  sides 1/16 in
//!   │  ╲   ╱  │  two quads, corner     │ │     │ │
//!   │  ╱   ╲  │  to corner             │ └─────┘ │
//!   │╱       ╲│                        └─────────┘
//!   └─────────┘
//! ```

use glam::Vec3;

use super::faces::corners;
use super::models::ModelQuad;
use super::tiles::tile_for;
use super::{CornerLight, QuadSink};
use hewn_core::world::{Block, Face, Light};

/// How far a plant's quads stop short of the cell's corners, so that plants in neighbouring
/// cells do not touch.
const CROSS_MARGIN: f32 = 0.1;
/// How far a cactus's sides stand inside its cell.
const INSET: f32 = 1.0 / 16.0;

/// The texels of a plant's tile that the cut-out pass keeps (alpha at least one half), as
/// the rectangle around them: left, top, right and bottom, in texels from the tile's
/// top-left corner, right and bottom exclusive. Measured from the base pack's textures, which
/// `tests/atlas.rs` checks them against; a plant not listed is drawn whole.
#[must_use]
pub const fn drawn_texels(block: Block) -> [u8; 4] {
    match block {
        Block::TALL_GRASS => [1, 3, 14, 16],
        Block::DANDELION => [6, 5, 11, 16],
        Block::POPPY | Block::CORNFLOWER => [6, 4, 11, 16],
        Block::DEAD_BUSH => [3, 5, 16, 16],
        Block::WHEAT_0 => [1, 14, 15, 16],
        Block::WHEAT_1 => [1, 12, 15, 16],
        Block::WHEAT_2 => [1, 10, 15, 16],
        Block::WHEAT_3 => [1, 8, 15, 16],
        Block::WHEAT_4 => [0, 6, 16, 16],
        Block::WHEAT_5 => [1, 4, 15, 16],
        Block::WHEAT_6 => [1, 2, 15, 16],
        Block::WHEAT_7 => [1, 0, 16, 16],
        _ => [0, 0, 16, 16],
    }
}

/// The faces of the plant `block` in the cell `cell` (chunk-relative).
pub fn cross<S: QuadSink>(cell: [u16; 3], block: Block, light: Light, sink: &mut S) {
    let origin = Vec3::from_array(cell.map(f32::from));
    let tile = tile_for(block, Face::North);
    let light = CornerLight::of(light);
    let (lo, hi) = (CROSS_MARGIN, 1.0 - CROSS_MARGIN);
    let [left, top, right, bottom] = drawn_texels(block).map(|t| f32::from(t) / 16.0);
    // Each diagonal from its bottom-left to its bottom-right end, seen from its front.
    let diagonals = [
        (Vec3::new(lo, 0.0, lo), Vec3::new(hi, 0.0, hi)),
        (Vec3::new(lo, 0.0, hi), Vec3::new(hi, 0.0, lo)),
    ];
    for (a, b) in diagonals {
        // The tile's columns run from `a` to `b` and its rows from the top of the cell down.
        let (bl, br) = (origin + a.lerp(b, left), origin + a.lerp(b, right));
        let (low, high) = (Vec3::Y * (1.0 - bottom), Vec3::Y * (1.0 - top));
        sink.model(&ModelQuad {
            corners: [bl + low, br + low, br + high, bl + high],
            uv: [[left, bottom], [right, bottom], [right, top], [left, top]],
            tile,
            // Lit as a top face: a plant has no side turned from the sun.
            face: Face::Up,
            light,
        });
    }
}

/// The faces of a cactus in the cell `cell` (chunk-relative): the four inset sides and its
/// top and bottom.
pub fn cactus<S: QuadSink>(cell: [u16; 3], light: Light, sink: &mut S) {
    let origin = Vec3::from_array(cell.map(f32::from));
    let light = CornerLight::of(light);
    // A cube face's corner or texture coordinate, moved in to the inset.
    let inset = |c: u8| if c == 0 { INSET } else { 1.0 - INSET };
    let faces = Face::SIDES.into_iter().chain([Face::Up, Face::Down]);
    for face in faces {
        let quad = corners(face);
        sink.model(&ModelQuad {
            corners: quad
                .map(|c| origin + Vec3::new(inset(c.pos[0]), f32::from(c.pos[1]), inset(c.pos[2]))),
            // The sides show the whole tile; the caps only the part inside the inset.
            uv: quad.map(|c| {
                if face.is_side() {
                    c.uv.map(f32::from)
                } else {
                    c.uv.map(inset)
                }
            }),
            tile: tile_for(Block::CACTUS, face),
            face,
            light,
        });
    }
}

/// The faces of `block`'s own boxes (its outline: a door's panel) in the cell `cell`
/// (chunk-relative). Each face shows the part of its tile it covers, as if the box were cut
/// from a whole block: a panel's thin edges show a sliver of the tile's edge.
pub fn boxes<S: QuadSink>(cell: [u16; 3], block: Block, light: Light, sink: &mut S) {
    let origin = Vec3::from_array(cell.map(f32::from));
    let light = CornerLight::of(light);
    for b in block.outline() {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "box corners are sixteenths within a cell"
        )]
        let (min, max) = (b.min.map(|c| c as f32), b.max.map(|c| c as f32));
        for face in Face::ALL {
            let quad = corners(face);
            let at = quad.map(|c| {
                Vec3::from_array(std::array::from_fn(|k| {
                    if c.pos[k] == 0 { min[k] } else { max[k] }
                }))
            });
            sink.model(&ModelQuad {
                corners: at.map(|p| origin + p),
                uv: at.map(|p| face_uv(face, p)),
                tile: tile_for(block, face),
                face,
                light,
            });
        }
    }
}

/// The texture coordinates of the point `p` of a cell (each coordinate 0 to 1) on a face
/// looking `face`, as the cube's faces lay their tiles ([`corners`]).
fn face_uv(face: Face, p: Vec3) -> [f32; 2] {
    match face {
        Face::East => [1.0 - p.z, 1.0 - p.y],
        Face::West => [p.z, 1.0 - p.y],
        Face::South => [p.x, 1.0 - p.y],
        Face::North => [1.0 - p.x, 1.0 - p.y],
        Face::Up => [p.x, p.z],
        Face::Down => [p.x, 1.0 - p.z],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Models(Vec<ModelQuad>);

    impl QuadSink for Models {
        fn quad(&mut self, _: &super::super::Quad) {}
        fn model(&mut self, quad: &ModelQuad) {
            self.0.push(*quad);
        }
    }

    fn bounds(quads: &[ModelQuad]) -> (Vec3, Vec3) {
        let points = quads.iter().flat_map(|q| q.corners);
        let min = points.clone().fold(Vec3::splat(f32::MAX), Vec3::min);
        let max = points.fold(Vec3::splat(f32::MIN), Vec3::max);
        (min, max)
    }

    #[test]
    fn a_door_is_its_panel_s_six_faces_each_showing_what_it_covers_of_the_tile() {
        let mut sink = Models::default();
        boxes([0, 0, 0], Block::DOOR_LOWER_NORTH, Light::SKY, &mut sink);
        assert_eq!(sink.0.len(), 6);
        let (min, max) = bounds(&sink.0);
        assert_eq!((min, max), (Vec3::ZERO, Vec3::new(1.0, 1.0, 3.0 / 16.0)));
        // The broad faces show the whole tile; the edges a strip of it.
        for q in &sink.0 {
            let us = q.uv.map(|uv| uv[0]);
            let width = us.iter().copied().fold(f32::MIN, f32::max)
                - us.iter().copied().fold(f32::MAX, f32::min);
            let broad = matches!(q.face, Face::North | Face::South);
            let expected = if broad || !q.face.is_side() {
                1.0
            } else {
                3.0 / 16.0
            };
            assert!((width - expected).abs() < 1e-6, "{:?}: {width}", q.face);
        }
    }

    #[test]
    fn a_plant_is_two_crossed_quads_cut_to_its_drawn_texels() {
        let mut sink = Models::default();
        cross([2, 3, 4], Block::POPPY, Light::SKY, &mut sink);
        assert_eq!(sink.0.len(), 2);
        let (min, max) = bounds(&sink.0);
        assert!(
            min.cmpge(Vec3::new(2.0, 3.0, 4.0)).all() && max.cmple(Vec3::new(3.0, 4.0, 5.0)).all()
        );
        // The poppy's texels are rows 4 to 15: its quads stand on the cell's floor and stop
        // a quarter of a block below its top.
        assert_eq!((min.y, max.y), (3.0, 3.75));
        let [left, top, right, bottom] = drawn_texels(Block::POPPY).map(|t| f32::from(t) / 16.0);
        for q in &sink.0 {
            assert_eq!(
                q.uv,
                [[left, bottom], [right, bottom], [right, top], [left, top]]
            );
            assert_eq!(q.tile, tile_for(Block::POPPY, Face::North));
            // Texture coordinates follow the corners: a texel lands where it did on the
            // uncut quad across the whole diagonal.
            let along = |p: Vec3| (p.x - 2.1).abs() / 0.8;
            assert!((along(q.corners[0]) - left).abs() < 1e-6);
            assert!((along(q.corners[1]) - right).abs() < 1e-6);
        }
        // The two quads cross: they lie on the cell's two diagonals.
        let direction = |q: &ModelQuad| (q.corners[1] - q.corners[0]).normalize();
        assert!(direction(&sink.0[0]).dot(direction(&sink.0[1])).abs() < 1e-6);
    }

    #[test]
    fn a_cactus_is_a_closed_box_inset_on_its_sides() {
        let mut sink = Models::default();
        cactus([0, 0, 0], Light::SKY, &mut sink);
        assert_eq!(sink.0.len(), 6);
        let (min, max) = bounds(&sink.0);
        assert_eq!(
            (min, max),
            (
                Vec3::new(INSET, 0.0, INSET),
                Vec3::new(1.0 - INSET, 1.0, 1.0 - INSET)
            )
        );
        let centre = (min + max) / 2.0;
        for q in &sink.0 {
            let [a, b, c, _] = q.corners;
            let outward = (a + c) / 2.0 - centre;
            assert!(
                (b - a).cross(c - a).dot(outward) > 0.0,
                "{q:?} winds inward"
            );
        }
    }
}
