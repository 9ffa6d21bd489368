//! Other players for one frame: their figures (built by [`hewn_mesh::figure`]) and their name
//! tags, as camera-relative vertices.
//!
//! A name tag is a flat card above the head that always faces the camera, in world units, so
//! it shrinks with distance and the depth test hides it behind blocks: a dark translucent
//! backing, then the name in the HUD's 5 × 7 font, one quad per run of lit pixels in a row,
//! drawn in the same order. Tags are drawn farthest first, so a near one covers a far one.

use glam::{DVec3, Vec3};

use super::camera::{Camera, Frustum};
use super::font::{GLYPH_HEIGHT, GLYPH_WIDTH, glyph};
use hewn_mesh::figure::{Figure, FigureVertex, push_figure};

/// Blocks per font pixel of a name tag: Minecraft's 0.025, so a name of six letters is
/// about a block wide.
pub const TAG_PIXEL: f64 = 0.025;

/// Font pixels of backing around the name.
const TAG_PADDING: f64 = 1.0;

/// Blocks between the top of the head and the bottom of the tag.
const TAG_GAP: f64 = 0.25;

/// The tag's backing: black, a quarter opaque, as Minecraft's.
const BACKING: [f32; 4] = [0.0, 0.0, 0.0, 0.25];

/// The name's colour.
const INK: [f32; 4] = [1.0, 1.0, 1.0, 1.0];

/// How far a figure reaches from its position sideways, for culling: an arm swung out, or
/// a sneaking figure's legs.
const REACH: f64 = 1.0;

/// The figures in view, as one triangle list relative to the camera.
#[must_use]
pub fn bodies(camera: &Camera, frustum: &Frustum, figures: &[Figure]) -> Vec<FigureVertex> {
    let mut out = Vec::new();
    for f in figures {
        let min = f.position - DVec3::new(REACH, 0.0, REACH);
        let max = f.position + DVec3::new(REACH, f.top() + REACH, REACH);
        if frustum.intersects_box(camera.relative(min), camera.relative(max)) {
            push_figure(&mut out, f, camera.eye);
        }
    }
    out
}

/// The name tags of `figures`, farthest first, as one triangle list relative to the camera.
#[must_use]
pub fn tags(camera: &Camera, figures: &[Figure]) -> Vec<FigureVertex> {
    let forward = camera.direction();
    // The card's axes: level across the view, and up the screen.
    let right = forward.cross(Vec3::Y).normalize_or(Vec3::X);
    let up = right.cross(forward);
    let mut anchors: Vec<(&str, DVec3)> = figures
        .iter()
        .map(|f| (f.name.as_str(), f.position + DVec3::Y * (f.top() + TAG_GAP)))
        .collect();
    anchors.sort_by(|a, b| {
        let far = |p: DVec3| p.distance_squared(camera.eye);
        far(b.1).total_cmp(&far(a.1))
    });
    let mut out = Vec::new();
    for (name, anchor) in anchors {
        let card = Card {
            centre: camera.relative(anchor),
            right: right * TAG_PIXEL as f32,
            up: up * TAG_PIXEL as f32,
        };
        push_tag(&mut out, &card, name);
    }
    out
}

/// Where a tag lies: the middle of its bottom edge, camera-relative, and one font pixel
/// along each of its axes.
struct Card {
    centre: Vec3,
    right: Vec3,
    up: Vec3,
}

impl Card {
    /// Two triangles from font pixel (x0, y0) to (x1, y1), x from the middle, y up from the
    /// bottom edge.
    fn quad(
        &self,
        out: &mut Vec<FigureVertex>,
        (x0, y0): (f64, f64),
        (x1, y1): (f64, f64),
        colour: [f32; 4],
    ) {
        let at =
            |x: f64, y: f64| (self.centre + self.right * x as f32 + self.up * y as f32).to_array();
        let corners = [at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1)];
        for i in [0, 1, 2, 0, 2, 3] {
            out.push(FigureVertex {
                relative: corners[i],
                colour,
                shade: 1.0,
                light: [15.0, 0.0],
            });
        }
    }
}

/// The backing and the letters of `name` on `card`.
fn push_tag(out: &mut Vec<FigureVertex>, card: &Card, name: &str) {
    let advance = f64::from(GLYPH_WIDTH + 1);
    let glyphs = name.chars().count() as f64;
    let width = (glyphs * advance - 1.0).max(0.0);
    let height = f64::from(GLYPH_HEIGHT);
    let left = -width / 2.0;
    card.quad(
        out,
        (left - TAG_PADDING, 0.0),
        (left + width + TAG_PADDING, height + 2.0 * TAG_PADDING),
        BACKING,
    );
    for (i, c) in name.chars().enumerate() {
        let x = left + i as f64 * advance;
        for (r, bits) in glyph(c).into_iter().enumerate() {
            // Row 0 is the glyph's top; bit 4 its leftmost pixel.
            let y = TAG_PADDING + height - 1.0 - r as f64;
            let mut column = 0;
            while column < GLYPH_WIDTH {
                let lit = |col: u32| bits & (0x10 >> col) != 0;
                if !lit(column) {
                    column += 1;
                    continue;
                }
                let start = column;
                while column < GLYPH_WIDTH && lit(column) {
                    column += 1;
                }
                let (x0, x1) = (x + f64::from(start), x + f64::from(column));
                card.quad(out, (x0, y), (x1, y + 1.0), INK);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::Light;

    fn figure(name: &str, x: f64) -> Figure {
        Figure {
            name: name.to_owned(),
            position: DVec3::new(x, 64.0, -5.0),
            look_yaw: 0.0,
            look_pitch: 0.0,
            facing: 0.0,
            sneaking: false,
            walked: 0.0,
            swing: 0.0,
            light: Light::SKY,
        }
    }

    fn camera() -> Camera {
        Camera {
            eye: DVec3::new(0.0, 65.62, 0.0),
            yaw: 0.0,
            pitch: 0.0,
            fov_y: 70.0,
            aspect: 1.6,
            far: 96.0,
        }
    }

    #[test]
    fn a_tag_is_centred_above_the_head_and_faces_the_camera() {
        let out = tags(&camera(), &[figure("ab", 0.0)]);
        // The backing, then "A" (13 lit runs) and "B" (12): 6 vertices each.
        let runs = |c| {
            glyph(c)
                .iter()
                .map(|&row| {
                    (0..5)
                        // A run starts at a lit pixel whose left neighbour is not lit.
                        .filter(|&i| row & (0x10 >> i) != 0 && row & (0x20 >> i) == 0)
                        .count()
                })
                .sum::<usize>()
        };
        assert_eq!(out.len(), 6 * (1 + runs('a') + runs('b')));
        let lo = out
            .iter()
            .fold(Vec3::INFINITY, |m, v| m.min(v.relative.into()));
        let hi = out
            .iter()
            .fold(Vec3::NEG_INFINITY, |m, v| m.max(v.relative.into()));
        // Looking north, the card lies across x at the figure's z, centred on it.
        assert!((lo.z - -5.0).abs() < 1e-5 && (hi.z - -5.0).abs() < 1e-5);
        assert!((lo.x + hi.x).abs() < 1e-5);
        let width = f64::from(hi.x - lo.x) / TAG_PIXEL;
        assert!((width - (2.0 * 6.0 - 1.0 + 2.0)).abs() < 1e-3, "{width}");
        let bottom = f64::from(lo.y) + 65.62 - 64.0;
        assert!((bottom - (1.8 + TAG_GAP)).abs() < 1e-4, "{bottom}");
    }

    #[test]
    fn tags_are_drawn_farthest_first() {
        let out = tags(&camera(), &[figure("i", 0.0), figure("i", 30.0)]);
        assert!(out[0].relative[0] > 20.0, "{:?}", out[0].relative);
    }

    #[test]
    fn figures_out_of_view_are_left_out() {
        let camera = camera();
        let frustum = Frustum::new(
            Camera {
                aspect: 1.6,
                ..camera
            }
            .view_proj(),
        );
        let behind = Figure {
            position: DVec3::new(0.0, 64.0, 10.0),
            ..figure("x", 0.0)
        };
        let drawn = bodies(&camera, &frustum, &[figure("x", 0.0), behind]);
        assert_eq!(drawn.len(), hewn_mesh::figure::mesh::FIGURE_VERTICES);
        assert!(
            drawn.iter().all(|v| v.relative[2] < 0.0),
            "the figure drawn is the one in front (at z = -5), not the one behind"
        );
    }
}
