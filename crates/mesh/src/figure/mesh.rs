//! A posed figure as triangles: each part a few coloured boxes (a sleeve over the arm, a
//! shoe under the leg, eyes on the face), turned about its joint, with full camera-relative
//! positions as crates have (the subtraction from the eye in f64, only the small result
//! rounded to f32).
//!
//! Faces are not textured: each vertex carries its colour (sRGB), a shade for the way its
//! face looks (the chunk shader's fixed light per face direction, blended for a face turned
//! between them) and the light where the figure stands, which the shader turns into
//! brightness as it does for blocks.

use bytemuck::{Pod, Zeroable};
use glam::{Affine3A, DVec3, Quat, Vec3};

use super::pose::{Part, Pose};
use super::{Figure, PIXEL, Palette};
use crate::corners;
use hewn_core::world::Face;

/// One corner of a figure's face, or of a name tag's quad, 40 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct FigureVertex {
    /// Position relative to the eye, in blocks.
    pub relative: [f32; 3],
    /// sRGB colour and opacity, 0 to 1.
    pub colour: [f32; 4],
    /// How much of the light the face's direction takes, 0 to 1.
    pub shade: f32,
    /// The sky light and block light where the figure stands, 0 to 15.
    pub light: [f32; 2],
}

/// One box of a part: its corners relative to the part's pivot in pixels, and the colour
/// of each face in [`Face`] order.
struct Piece {
    min: Vec3,
    max: Vec3,
    colours: [[f32; 3]; 6],
}

impl Piece {
    /// A box of one colour all over.
    const fn plain(min: Vec3, max: Vec3, colour: [f32; 3]) -> Self {
        Self {
            min,
            max,
            colours: [colour; 6],
        }
    }
}

/// The boxes `part` is made of, coloured from `palette`.
fn pieces(part: Part, palette: &Palette) -> Vec<Piece> {
    let (min, max) = part.extent();
    let v = Vec3::new;
    match part {
        Part::Head => {
            // Hair over the top two pixels all round and down the back; the face below.
            let mut face = Piece::plain(min, v(max.x, 6.0, max.z), palette.skin);
            face.colours[Face::South as usize] = palette.hair;
            let hair = Piece::plain(v(min.x, 6.0, min.z), max, palette.hair);
            // Eyes stand a quarter pixel proud of the face, so they never fight it for
            // depth; the face looks −Z (north in the figure's frame).
            let eye = |x: f32| Piece::plain(v(x, 3.0, -4.25), v(x + 2.0, 4.0, -4.0), palette.eyes);
            vec![face, hair, eye(-3.0), eye(1.0)]
        }
        Part::Body => vec![Piece::plain(min, max, palette.shirt)],
        Part::RightArm | Part::LeftArm => vec![
            Piece::plain(v(min.x, -2.0, min.z), max, palette.shirt),
            Piece::plain(min, v(max.x, -2.0, max.z), palette.skin),
        ],
        Part::RightLeg | Part::LeftLeg => vec![
            Piece::plain(v(min.x, -10.0, min.z), max, palette.trousers),
            Piece::plain(min, v(max.x, -10.0, max.z), palette.shoes),
        ],
    }
}

/// How much light a face looking along the unit vector `normal` takes: the chunk shader's
/// `FACE_LIGHT` (east and west 0.8, up 1, down 0.55, south and north 0.68), blended by the
/// squares of the normal's components, so an axis-aligned face shades exactly as a block's
/// and a turned one in between.
#[must_use]
pub fn face_shade(normal: Vec3) -> f32 {
    let vertical = if normal.y > 0.0 { 1.0 } else { 0.55 };
    normal.x * normal.x * 0.8 + normal.y * normal.y * vertical + normal.z * normal.z * 0.68
}

/// Vertices one figure adds: thirteen boxes (the face, the hair and two eyes, the body, and
/// each limb in two colours).
pub const FIGURE_VERTICES: usize = 13 * 36;

/// Appends `figure`'s faces as a triangle list (counter-clockwise seen from outside, as
/// chunk faces), relative to `eye`.
pub fn push_figure(out: &mut Vec<FigureVertex>, figure: &Figure, eye: DVec3) {
    let palette = Palette::of(&figure.name);
    let pose = Pose::of(figure);
    let root = Affine3A::from_scale_rotation_translation(
        Vec3::splat(PIXEL as f32),
        Quat::from_rotation_y(-(figure.facing.to_radians() as f32)),
        (figure.position - eye).as_vec3(),
    );
    let light = [
        f32::from(figure.light.sky()),
        f32::from(figure.light.block()),
    ];
    for placed in pose.parts {
        let turn = Quat::from_rotation_y(placed.turn) * Quat::from_rotation_x(placed.pitch);
        let transform = root * Affine3A::from_rotation_translation(turn, placed.pivot);
        push_part(out, placed.part, &palette, transform, light);
    }
}

/// Appends the right arm of the player called `name` (its palette's sleeve and skin) placed
/// by `transform`, from the arm's pixels about its shoulder to camera-relative blocks: the
/// first-person view's own arm.
pub fn push_arm(out: &mut Vec<FigureVertex>, name: &str, transform: Affine3A, light: [f32; 2]) {
    push_part(out, Part::RightArm, &Palette::of(name), transform, light);
}

/// Appends `part`'s boxes in `palette`'s colours, placed by `transform` (pixels about the
/// part's pivot to camera-relative blocks).
fn push_part(
    out: &mut Vec<FigureVertex>,
    part: Part,
    palette: &Palette,
    transform: Affine3A,
    light: [f32; 2],
) {
    for piece in pieces(part, palette) {
        let size = piece.max - piece.min;
        for face in Face::ALL {
            let normal = transform
                .transform_vector3(face.normal().as_vec3())
                .normalize_or_zero();
            let [r, g, b] = piece.colours[face as usize];
            let quad = corners(face);
            for i in [0, 1, 2, 0, 2, 3] {
                let unit = Vec3::from_array(quad[i].pos.map(f32::from));
                let local = piece.min + unit * size;
                out.push(FigureVertex {
                    relative: transform.transform_point3(local).to_array(),
                    colour: [r, g, b, 1.0],
                    shade: face_shade(normal),
                    light,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::Light;

    fn figure(sneaking: bool) -> Figure {
        Figure {
            name: "other".to_owned(),
            position: DVec3::new(1e6 + 0.5, 64.0, -1e6),
            look_yaw: 90.0,
            look_pitch: 0.0,
            facing: 90.0,
            sneaking,
            walked: 0.0,
            swing: 0.0,
            light: Light::SKY,
        }
    }

    #[test]
    fn a_standing_figure_fills_the_players_box_upright() {
        let eye = DVec3::new(1e6, 65.62, -1e6 + 3.0);
        let mut out = Vec::new();
        push_figure(&mut out, &figure(false), eye);
        assert_eq!(out.len(), FIGURE_VERTICES);
        let points: Vec<Vec3> = out.iter().map(|v| Vec3::from(v.relative)).collect();
        let lo = points.iter().copied().fold(Vec3::INFINITY, Vec3::min);
        let hi = points.iter().copied().fold(Vec3::NEG_INFINITY, Vec3::max);
        let feet = (figure(false).position - eye).as_vec3();
        assert!((lo.y - feet.y).abs() < 1e-4 && (hi.y - feet.y - 1.8).abs() < 1e-4);
        // Facing +X (yaw 90), the figure is 16 pixels wide along z (arm to arm) and 8 deep
        // along x, the eyes' quarter pixel in front included.
        let across = f64::from(hi.z - lo.z) / PIXEL;
        let deep = f64::from(hi.x - lo.x) / PIXEL;
        assert!((across - 16.0).abs() < 1e-2, "{across}");
        assert!((deep - 8.25).abs() < 1e-2, "{deep}");
        assert!(hi.x - feet.x > 4.0 * PIXEL as f32, "the face looks +X");
    }

    #[test]
    fn faces_wind_outward_and_shade_as_blocks_do() {
        let mut out = Vec::new();
        let f = figure(true);
        push_figure(&mut out, &f, f.position + DVec3::new(0.3, 1.0, 2.0));
        // Each box is 36 vertices; each triangle's winding normal points away from the
        // middle of its box.
        for piece in out.chunks(36) {
            let centre = piece.iter().map(|v| Vec3::from(v.relative)).sum::<Vec3>() / 36.0;
            for triangle in piece.chunks(3) {
                let [a, b, c] = [0, 1, 2].map(|i| Vec3::from(triangle[i].relative));
                let normal = (b - a).cross(c - a);
                assert!(normal.dot((a + b + c) / 3.0 - centre) > 0.0);
            }
        }
        assert!((face_shade(Vec3::Y) - 1.0).abs() < 1e-6);
        assert!((face_shade(Vec3::NEG_Y) - 0.55).abs() < 1e-6);
        assert!((face_shade(Vec3::X) - 0.8).abs() < 1e-6);
        assert!((face_shade(Vec3::Z) - 0.68).abs() < 1e-6);
    }

    #[test]
    fn a_sneaking_figure_is_lower() {
        let top = |sneaking| {
            let mut out = Vec::new();
            let f = figure(sneaking);
            push_figure(&mut out, &f, f.position);
            out.iter().map(|v| v.relative[1]).fold(f32::MIN, f32::max)
        };
        assert!(top(true) < top(false) - 0.1);
    }
}
