//! The unposed figure of each [`Model`], scaled to a kind's box: boxes about joints, built
//! once per shape into the vertices the GPU poses per instance.
//!
//! Proportions follow Minecraft's models (`CowModel`, `PigModel`, `SheepModel`,
//! `HumanoidModel`, `SkeletonModel`, `ChickenModel`), worked out from the box so that any
//! pack's kind gets a figure of its size:
//!
//! - a quadruped's body is 0.8 of the box's width across, 0.68 of that deep and 1.5 long;
//!   the head is a cube of 0.6 of the body's width whose top is the box's top; the legs
//!   take the height left, at least 0.3 of it (a pig's short legs; a smaller body when the
//!   box is too low for both);
//! - a biped is 32 model pixels tall, as a player: head 8, body 12, legs 12, arms 12 held
//!   forward; one whose body is its skin's colour wears nothing, and is drawn with thin
//!   limbs (a skeleton's bones);
//! - a bird is 15 pixels tall, as a chicken: legs 5, body 6 × 6 × 8, a head 4 × 6 × 3 with a
//!   beak and a wattle in front, a wing on each side.

use bytemuck::{Pod, Zeroable};
use glam::{Quat, Vec3};

use super::{CreatureFigure, CreatureInstance};
use crate::{corners, cube_corner};
use hewn_core::sim::creature::Model;
use hewn_core::world::Face;

/// Which of a creature's colours a box takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// The kind's body colour: a biped's shirt.
    Body,
    /// The head's colour: a biped's skin.
    Head,
    /// The limbs' colour: legs, a biped's trousers, a bird's legs and beak.
    Limbs,
    /// The mark: a quadruped's muzzle, a bird's wattle.
    Mark,
    /// The variant's coat: a quadruped's body, the cap of its head and the tops of its legs.
    Coat,
    /// The eyes.
    Eyes,
}

impl Paint {
    /// How many paints there are.
    pub const COUNT: usize = 6;
}

/// How a box turns as the creature moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Only with the body's heading.
    Body,
    /// With the head: turned towards the look, pitched and lowered to graze.
    Head,
    /// A leg or an arm: pitched about its joint by its rest angle plus its factor times
    /// the instance's stride.
    Limb,
    /// A wing: rolled out from the body by its rest angle plus its factor times the size of
    /// the stride.
    Wing,
}

impl Role {
    const ALL: [Self; 4] = [Self::Body, Self::Head, Self::Limb, Self::Wing];
}

/// One corner of an unposed creature's face, 36 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct CreatureVertex {
    /// Position from its joint, in blocks.
    pub offset: [f32; 3],
    /// The joint it turns about, in the creature's frame, in blocks.
    pub joint: [f32; 3],
    /// A limb's or wing's rest angle and its factor of the stride, radians.
    pub swing: [f32; 2],
    /// Bits 0–2 the [`Face`] it belongs to, 3–5 its [`Paint`], 6–7 its [`Role`], 8–10
    /// which corner of its box it is (x, y and z, each 1 at the box's larger side), which
    /// places its part's texture on each face: the shader unpacks the same.
    pub packed: u32,
}

impl CreatureVertex {
    /// The face whose corner it is.
    #[must_use]
    pub fn face(&self) -> Face {
        Face::ALL[(self.packed & 7) as usize % 6]
    }

    /// The colour it takes.
    #[must_use]
    pub fn paint(&self) -> Paint {
        let all = [
            Paint::Body,
            Paint::Head,
            Paint::Limbs,
            Paint::Mark,
            Paint::Coat,
            Paint::Eyes,
        ];
        all[(self.packed >> 3 & 7) as usize % Paint::COUNT]
    }

    /// How it turns.
    #[must_use]
    pub fn role(&self) -> Role {
        Role::ALL[(self.packed >> 6 & 3) as usize]
    }

    /// Where `instance` puts it, relative to the eye, and the way its face then looks: what
    /// the vertex shader (`shaders/creatures.wgsl`) works out.
    #[must_use]
    pub fn posed(&self, instance: &CreatureInstance) -> (Vec3, Vec3) {
        let mut joint = Vec3::from(self.joint);
        let [rest, factor] = self.swing;
        let turn = match self.role() {
            Role::Body => Quat::IDENTITY,
            Role::Head => {
                joint.y -= instance.head[2];
                Quat::from_rotation_y(instance.head[0]) * Quat::from_rotation_x(instance.head[1])
            }
            Role::Limb => Quat::from_rotation_x(rest + factor * instance.stride),
            Role::Wing => Quat::from_rotation_z(rest + factor * instance.stride.abs()),
        };
        let body = Quat::from_rotation_y(instance.yaw);
        let local = joint + turn * Vec3::from(self.offset);
        let normal = body * turn * self.face().normal().as_vec3();
        (Vec3::from(instance.relative) + body * local, normal)
    }
}

/// What a creature's figure is built from: creatures of one shape share one mesh.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    /// The model.
    pub model: Model,
    /// The kind's box width, in blocks.
    pub width: f64,
    /// The kind's box height, in blocks.
    pub height: f64,
    /// Whether its limbs are thin: a biped that wears nothing, its bones.
    pub thin: bool,
}

/// The largest difference of any channel between two colours for a biped's body to count as
/// its skin: the skeleton's bone (`#c8c8c0` and `#d8d8d0`) is 16 apart; the zombie's shirt
/// and skin are 66.
const BARE: u8 = 0x20;

/// Whether colours `a` and `b` (`0xRRGGBB`) are within [`BARE`] in every channel.
fn alike(a: u32, b: u32) -> bool {
    let (a, b) = (a.to_le_bytes(), b.to_le_bytes());
    (0..3).all(|i| a[i].abs_diff(b[i]) <= BARE)
}

/// One box of a figure: its corners relative to its joint, in blocks.
#[derive(Clone, Copy, Debug)]
struct Piece {
    role: Role,
    joint: Vec3,
    swing: [f32; 2],
    min: Vec3,
    max: Vec3,
    paint: Paint,
    /// Faces left out, a bit per [`Face`]: those that lie inside another box of the same
    /// part, which no pose shows.
    hidden: u8,
}

/// The pieces of one figure as they are added, in model pixels of `pixel` blocks.
struct Pieces {
    pixel: f32,
    list: Vec<Piece>,
}

impl Pieces {
    /// Adds a box from `min` to `max` about `joint` (all in pixels).
    fn add(&mut self, role: Role, joint: Vec3, (min, max): (Vec3, Vec3), paint: Paint) {
        self.add_swinging(role, joint, [0.0, 0.0], (min, max), paint);
    }

    /// As [`Self::add`], for a limb or wing that swings by `swing`.
    fn add_swinging(
        &mut self,
        role: Role,
        joint: Vec3,
        swing: [f32; 2],
        (min, max): (Vec3, Vec3),
        paint: Paint,
    ) {
        let p = self.pixel;
        self.list.push(Piece {
            role,
            joint: joint * p,
            swing,
            min: min.min(max) * p,
            max: min.max(max) * p,
            paint,
            hidden: 0,
        });
    }

    /// Leaves `faces` of the box added last out: they lie inside another box of its part.
    fn hide(&mut self, faces: &[Face]) {
        if let Some(last) = self.list.last_mut() {
            for &face in faces {
                last.hidden |= 1 << face as u8;
            }
        }
    }
}

/// How far a quadruped's head pitches to graze, radians.
const GRAZE_PITCH: f32 = -1.1;

/// How far a bird's head pitches to peck, radians.
const PECK_PITCH: f32 = -1.2;

/// How far a biped's arms are held forward, radians: all but level.
const ARMS_FORWARD: f32 = 1.45;

/// How much a biped's arms sway with its stride.
const ARM_SWAY: f32 = 0.12;

/// How far a bird's wings open with its stride.
const WING_FLAP: f32 = 0.4;

impl Shape {
    /// The shape `figure` is drawn as.
    #[must_use]
    pub fn of(figure: &CreatureFigure) -> Self {
        Self {
            model: figure.model,
            width: figure.width,
            height: figure.height,
            thin: figure.model == Model::Biped && alike(figure.skin[0], figure.skin[1]),
        }
    }

    /// The unposed figure.
    #[must_use]
    pub fn mesh(&self) -> ShapeMesh {
        let pieces = self.pieces();
        let mut mesh = ShapeMesh {
            vertices: Vec::with_capacity(pieces.len() * 24),
            indices: Vec::with_capacity(pieces.len() * 36),
        };
        for piece in &pieces {
            mesh.push(piece);
        }
        mesh
    }

    /// How the head dips to the grass: its pitch (radians) and how far its joint is lowered
    /// (blocks) so that its lowest corner comes down to a twentieth of the height above the
    /// feet. A biped does not graze.
    #[must_use]
    pub fn grazing(&self) -> (f32, f32) {
        let pitch = match self.model {
            Model::Quadruped => GRAZE_PITCH,
            Model::Bird => PECK_PITCH,
            Model::Biped => return (0.0, 0.0),
        };
        let turn = Quat::from_rotation_x(pitch);
        let lowest = self
            .pieces()
            .iter()
            .filter(|p| p.role == Role::Head)
            .flat_map(|p| {
                (0..8).map(move |i| {
                    let corner = Vec3::select(
                        glam::BVec3::new(i & 1 != 0, i & 2 != 0, i & 4 != 0),
                        p.max,
                        p.min,
                    );
                    p.joint.y + (turn * corner).y
                })
            })
            .fold(f32::INFINITY, f32::min);
        let floor = self.height as f32 / 20.0;
        (pitch, (lowest - floor).max(0.0))
    }

    /// Every box of the figure.
    fn pieces(&self) -> Vec<Piece> {
        match self.model {
            Model::Quadruped => self.quadruped(),
            Model::Biped => self.biped(),
            Model::Bird => self.bird(),
        }
    }

    /// Body, head with a cap, muzzle and eyes, four legs with the coat over their tops; in
    /// blocks (pixels of 1).
    fn quadruped(&self) -> Vec<Piece> {
        let (width, height) = (self.width as f32, self.height as f32);
        let mut across = 0.8 * width;
        let mut legs = height - across * (0.68 + 0.3);
        if legs < 0.3 * height {
            // Too low for a body of that width on legs: a smaller body on short legs.
            across = 0.7 * height / (0.68 + 0.3);
            legs = 0.3 * height;
        }
        let (deep, long) = (0.68 * across, 1.5 * across);
        let head = 0.6 * across;
        let snout = 0.75 * head;
        let leg = 0.3 * across;
        // What stands proud of the surface it lies on, so the two never fight for depth.
        let proud = 0.03 * head;
        let v = Vec3::new;
        let mut p = Pieces {
            pixel: 1.0,
            list: Vec::with_capacity(13),
        };
        let (half, half_long) = (across / 2.0, long / 2.0);
        p.add(
            Role::Body,
            Vec3::ZERO,
            (v(-half, legs, -half_long), v(half, legs + deep, half_long)),
            Paint::Coat,
        );
        let neck = v(0.0, height - head / 2.0, -half_long + 0.1 * head);
        // Half the head's side.
        let radius = head / 2.0;
        p.add(
            Role::Head,
            neck,
            (v(-radius, -radius, -snout), v(radius, radius, 0.0)),
            Paint::Head,
        );
        // The coat over the top and back of the head: a sheep's woolly cap.
        p.add(
            Role::Head,
            neck,
            (
                v(-radius - proud, 0.1 * head, -0.55 * snout),
                v(radius + proud, radius + proud, proud),
            ),
            Paint::Coat,
        );
        p.add(
            Role::Head,
            neck,
            (
                v(-0.25 * head, -0.45 * head, -snout - 0.14 * head),
                v(0.25 * head, -0.1 * head, -snout + proud),
            ),
            Paint::Mark,
        );
        p.hide(&[Face::South]);
        // Eyes at the front corners, seen from the front and from the side.
        for s in [-1.0, 1.0] {
            p.add(
                Role::Head,
                neck,
                (
                    v(s * 0.22 * head, 0.0, -snout - proud),
                    v(s * (radius + proud), 0.15 * head, -snout + 0.15 * head),
                ),
                Paint::Eyes,
            );
            p.hide(&[Face::South, if s > 0.0 { Face::West } else { Face::East }]);
        }
        // Diagonal pairs swing together, as a walking animal's legs do.
        let top = 0.35 * legs;
        let (leg_half, sleeve_half) = (leg / 2.0, leg / 2.0 + proud);
        for (sx, sz, sign) in [
            (1.0, -1.0, 1.0),
            (-1.0, -1.0, -1.0),
            (1.0, 1.0, -1.0),
            (-1.0, 1.0, 1.0),
        ] {
            let hip = v(sx * (half - leg_half), legs, sz * (half_long - leg_half));
            let swing = [0.0, sign];
            p.add_swinging(
                Role::Limb,
                hip,
                swing,
                (
                    v(-sleeve_half, -top, -sleeve_half),
                    v(sleeve_half, 0.0, sleeve_half),
                ),
                Paint::Coat,
            );
            // Its top faces up into the body, which covers it from above as it swings.
            p.hide(&[Face::Up]);
            p.add_swinging(
                Role::Limb,
                hip,
                swing,
                (v(-leg_half, -legs, -leg_half), v(leg_half, -top, leg_half)),
                Paint::Limbs,
            );
            p.hide(&[Face::Up]);
        }
        p.list
    }

    /// Head with eyes, body, arms held forward in short sleeves, legs; in pixels of a 32nd
    /// of the height.
    fn biped(&self) -> Vec<Piece> {
        let v = Vec3::new;
        let mut p = Pieces {
            pixel: self.height as f32 / 32.0,
            list: Vec::with_capacity(10),
        };
        let neck = v(0.0, 24.0, 0.0);
        p.add(
            Role::Head,
            neck,
            (v(-4.0, 0.0, -4.0), v(4.0, 8.0, 4.0)),
            Paint::Head,
        );
        for x in [-3.0, 1.0] {
            p.add(
                Role::Head,
                neck,
                (v(x, 3.0, -4.25), v(x + 2.0, 4.5, -4.0)),
                Paint::Eyes,
            );
            p.hide(&[Face::South]);
        }
        p.add(
            Role::Body,
            Vec3::ZERO,
            (v(-4.0, 12.0, -2.0), v(4.0, 24.0, 2.0)),
            Paint::Body,
        );
        let limb = if self.thin { 1.0 } else { 2.0 };
        for s in [1.0, -1.0] {
            let shoulder = v(s * (4.0 + limb), 22.0, 0.0);
            // Each arm sways against the leg on its own side.
            let swing = [ARMS_FORWARD, -s * ARM_SWAY];
            let sleeve = (v(-limb, -2.0, -limb), v(limb, 2.0, limb));
            // A bare biped's upper arm is bone, as its legs, where a clothed one's is a
            // sleeve of its shirt.
            let upper = if self.thin { Paint::Limbs } else { Paint::Body };
            p.add_swinging(Role::Limb, shoulder, swing, sleeve, upper);
            let hand = (v(-limb, -10.0, -limb), v(limb, -2.0, limb));
            p.add_swinging(Role::Limb, shoulder, swing, hand, Paint::Head);
            p.hide(&[Face::Up]);
            let hip = v(s * 2.0, 12.0, 0.0);
            let leg = (v(-limb, -12.0, -limb), v(limb, 0.0, limb));
            p.add_swinging(Role::Limb, hip, [0.0, s], leg, Paint::Limbs);
            p.hide(&[Face::Up]);
        }
        p.list
    }

    /// Body, head with beak, wattle and eyes, wings, thin legs with toes; in pixels of a
    /// 15th of the height.
    fn bird(&self) -> Vec<Piece> {
        let v = Vec3::new;
        let mut p = Pieces {
            pixel: self.height as f32 / 15.0,
            list: Vec::with_capacity(10),
        };
        p.add(
            Role::Body,
            Vec3::ZERO,
            (v(-3.0, 5.0, -4.0), v(3.0, 11.0, 4.0)),
            Paint::Body,
        );
        let neck = v(0.0, 9.0, -4.0);
        // The head, the beak and the wattle in front of it (their backs inside it), and the
        // eyes as one bar through it that shows only its ends.
        let head: [((Vec3, Vec3), Paint, &[Face]); 4] = [
            ((v(-2.0, 0.0, -2.0), v(2.0, 6.0, 1.0)), Paint::Head, &[]),
            (
                (v(-2.0, 2.0, -4.0), v(2.0, 4.0, -2.0)),
                Paint::Limbs,
                &[Face::South],
            ),
            (
                (v(-1.0, 0.0, -3.0), v(1.0, 2.0, -1.0)),
                Paint::Mark,
                &[Face::South],
            ),
            (
                (v(-2.1, 4.0, -1.8), v(2.1, 5.0, -0.8)),
                Paint::Eyes,
                &[Face::Up, Face::Down, Face::South, Face::North],
            ),
        ];
        for (extent, paint, hidden) in head {
            p.add(Role::Head, neck, extent, paint);
            p.hide(hidden);
        }
        for s in [1.0, -1.0] {
            let shoulder = v(s * 3.0, 11.0, 0.0);
            let wing = (v(0.0, -4.0, -3.0), v(s, 0.0, 3.0));
            p.add_swinging(
                Role::Wing,
                shoulder,
                [0.0, s * WING_FLAP],
                wing,
                Paint::Body,
            );
            let hip = v(s * 1.5, 5.0, 0.5);
            let swing = [0.0, s];
            let leg = (v(-0.5, -5.0, -0.5), v(0.5, 0.0, 0.5));
            p.add_swinging(Role::Limb, hip, swing, leg, Paint::Limbs);
            p.hide(&[Face::Up]);
            let toes = (v(-1.0, -5.0, -2.0), v(1.0, -4.6, 0.5));
            p.add_swinging(Role::Limb, hip, swing, toes, Paint::Limbs);
        }
        p.list
    }
}

/// The corner of a box (numbered as [`crate::cube_corner`]) that starts both triangles of
/// each face, in [`Face`] order: a different one for each, so that the face's own normal and
/// colour ride on it, which the flat-shaded colour is taken from. Eight corners serve a box's
/// six faces, where four per face would be twenty-four to pose.
const PROVOKING: [usize; 6] = [1, 6, 3, 4, 5, 2];

/// A shape's unposed figure: each box's eight corners, and two triangles (counter-clockwise
/// seen from outside, as chunk faces) for each of its faces shown, each started by the
/// corner that carries its face ([`PROVOKING`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShapeMesh {
    /// Eight corners per box.
    pub vertices: Vec<CreatureVertex>,
    /// Six per face, into `vertices`.
    pub indices: Vec<u16>,
}

impl ShapeMesh {
    /// Appends the corners of `piece` and the faces of it that show.
    fn push(&mut self, piece: &Piece) {
        let size = piece.max - piece.min;
        // A figure is a few dozen boxes of eight corners: far fewer than u16 counts.
        let base = u16::try_from(self.vertices.len()).unwrap_or(u16::MAX);
        for corner in 0..8 {
            // The two corners that start no face carry the first, unread.
            let face = PROVOKING
                .iter()
                .position(|&c| c == corner)
                .map_or(0, |f| f as u32);
            let unit = Vec3::from_array(cube_corner(corner).map(f32::from));
            let packed =
                face | (piece.paint as u32) << 3 | (piece.role as u32) << 6 | (corner as u32) << 8;
            self.vertices.push(CreatureVertex {
                offset: (piece.min + unit * size).to_array(),
                joint: piece.joint.to_array(),
                swing: piece.swing,
                packed,
            });
        }
        for face in Face::ALL {
            if piece.hidden & 1 << face as u8 != 0 {
                continue;
            }
            let quad = corners(face).map(|c| c.pos[0] + 2 * c.pos[1] + 4 * c.pos[2]);
            let first = quad
                .iter()
                .position(|&c| usize::from(c) == PROVOKING[face as usize])
                .unwrap_or(0);
            // The same fan, begun at the provoking corner: still counter-clockwise.
            let turned = [0, 1, 2, 3].map(|i| base + u16::from(quad[(first + i) % 4]));
            self.indices.extend([0, 1, 2, 0, 2, 3].map(|i| turned[i]));
        }
    }
}
