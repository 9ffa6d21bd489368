//! Plants and the cactus, drawn as models ([`ModelQuad`]s, cut-out) rather than cube faces.
//!
//! A plant is two quads crossing diagonally through its cell, each drawn from both sides,
//! as Minecraft draws flowers and tall grass; the texture's clear texels leave only the
//! plant. A cactus is a box a sixteenth inside its cell on the four sides (what an 8-byte
//! cube vertex, on the whole-block grid, cannot place), lit by its cell's light.
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
use crate::world::{Block, Face, Light};

/// How far a plant's quads stop short of the cell's corners, so that plants in neighbouring
/// cells do not touch.
const CROSS_MARGIN: f32 = 0.1;
/// How far a cactus's sides stand inside its cell.
const INSET: f32 = 1.0 / 16.0;

/// The faces of the plant `block` in the cell `cell` (chunk-relative).
pub fn cross<S: QuadSink>(cell: [u16; 3], block: Block, light: Light, sink: &mut S) {
    let origin = Vec3::from_array(cell.map(f32::from));
    let tile = tile_for(block, Face::North);
    let light = CornerLight::of(light);
    let (lo, hi) = (CROSS_MARGIN, 1.0 - CROSS_MARGIN);
    // Each diagonal from its bottom-left to its bottom-right end, seen from one side.
    let diagonals = [
        (Vec3::new(lo, 0.0, lo), Vec3::new(hi, 0.0, hi)),
        (Vec3::new(lo, 0.0, hi), Vec3::new(hi, 0.0, lo)),
    ];
    for (a, b) in diagonals {
        for (left, right) in [(a, b), (b, a)] {
            let (bl, br) = (origin + left, origin + right);
            sink.model(&ModelQuad {
                corners: [bl, br, br + Vec3::Y, bl + Vec3::Y],
                uv: [[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]],
                tile,
                // Lit as a top face: a plant has no side turned from the sun.
                face: Face::Up,
                light,
            });
        }
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
            tile: tile_for(Block::Cactus, face),
            face,
            light,
        });
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
    fn a_plant_is_two_crossed_quads_seen_from_both_sides() {
        let mut sink = Models::default();
        cross([2, 3, 4], Block::Poppy, Light::SKY, &mut sink);
        assert_eq!(sink.0.len(), 4);
        let (min, max) = bounds(&sink.0);
        assert!(
            min.cmpge(Vec3::new(2.0, 3.0, 4.0)).all() && max.cmple(Vec3::new(3.0, 4.0, 5.0)).all()
        );
        // Each quad has a twin facing the other way.
        let normal = |q: &ModelQuad| {
            (q.corners[1] - q.corners[0])
                .cross(q.corners[3] - q.corners[0])
                .normalize()
        };
        for pair in sink.0.chunks(2) {
            assert!((normal(&pair[0]) + normal(&pair[1])).length() < 1e-5);
        }
        assert!(
            sink.0
                .iter()
                .all(|q| q.tile == tile_for(Block::Poppy, Face::North))
        );
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
