//! The first-person view's own arm and what it holds, at the lower right of the view as in
//! Minecraft: the arm in the player's colours (as others see its figure), a block held as a
//! small cube of its faces, anything else (a tool, a torch, food) as its icon, a card with
//! a second face a sixteenth behind so it has some thickness. Lit by the light where the
//! player stands, and swung forward and down while digging or placing.
//!
//! Everything is laid out at the size it looks, then drawn [`NEARER`] times as far from the
//! eye and as large, which looks the same: within 0.3 blocks of the eye, where no wall beside
//! or ahead of a player can stand (its box keeps walls 0.3 off), so none cuts into the arm. A
//! ceiling right over the head can, looking straight up.

use glam::{Affine3A, Mat3, Quat, Vec3};

use super::hud::icon_faces;
use hewn_core::sim::Item;
use hewn_core::world::{Face, Light};
use hewn_mesh::camera::Camera;
use hewn_mesh::figure::{FigureVertex, PIXEL, push_arm};
use hewn_mesh::tiles::{CRATE_TILE, tile_for};
use hewn_mesh::{BoxVertex, corners};

/// How much nearer the eye the arm and what it holds are drawn than they are laid out.
const NEARER: f32 = 0.4;
/// The arm's shoulder from the eye, in the view's frame (right, up, back), in blocks.
const SHOULDER: Vec3 = Vec3::new(0.3, -0.27, -0.22);
/// The arm's size against a figure's: the view's arm is near, so small.
const ARM_SCALE: f32 = 0.5;
/// How far the arm points up from straight ahead, and in towards the middle of the view,
/// in radians.
const ARM_RAISE: f32 = 1.6;
const ARM_IN: f32 = 0.3;
/// The side of a held block's cube, and of a held icon, in blocks.
const HELD_BLOCK: f32 = 0.1;
const HELD_ICON: f32 = 0.14;
/// How far a held icon's two faces stand apart: a sixteenth of its side.
const ICON_DEPTH: f32 = HELD_ICON / 16.0;
/// How far a swing turns the arm down at its height, in radians.
const SWING_DOWN: f32 = 0.7;

/// What the first-person view draws of the player itself.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstPerson {
    /// The player's name: its figure's colours, which the arm wears.
    pub name: String,
    /// What it holds, if anything.
    pub held: Option<Item>,
    /// How far through a swing the arm is, 0 (at rest) to 1 (back at rest).
    pub swing: f32,
    /// The light where the player stands.
    pub light: Light,
}

/// The view's frame: right, up and back (the way the camera looks is minus the third), as
/// the columns of a rotation from the view's frame to the world's axes.
fn view_frame(camera: &Camera) -> Mat3 {
    let forward = camera.direction();
    let right = forward.cross(Vec3::Y).normalize_or(Vec3::X);
    let up = right.cross(forward);
    Mat3::from_cols(right, up, -forward)
}

/// Where the arm's pixels go: about its shoulder, turned to point forward and a little up
/// and in, swung by `swing`.
fn arm_transform(camera: &Camera, swing: f32) -> Affine3A {
    let frame = Quat::from_mat3(&view_frame(camera));
    let arc = (swing.clamp(0.0, 1.0) * std::f32::consts::PI).sin();
    // The arm hangs along −y in its own frame: raised towards −z it points ahead.
    let pose = Quat::from_rotation_y(ARM_IN) * Quat::from_rotation_x(ARM_RAISE - arc * SWING_DOWN);
    let shoulder = SHOULDER + Vec3::new(-0.05, 0.0, -0.1) * arc;
    Affine3A::from_rotation_translation(frame, frame * shoulder)
        * Affine3A::from_scale_rotation_translation(
            Vec3::splat(PIXEL as f32 * ARM_SCALE),
            pose,
            Vec3::ZERO,
        )
}

/// The arm, camera-relative, for the figures' pipeline.
#[must_use]
pub fn arm(player: &FirstPerson, camera: &Camera) -> Vec<FigureVertex> {
    let mut out = Vec::new();
    let light = [
        f32::from(player.light.sky()),
        f32::from(player.light.block()),
    ];
    push_arm(
        &mut out,
        &player.name,
        arm_transform(camera, player.swing),
        light,
    );
    for v in &mut out {
        v.relative = (Vec3::from(v.relative) * NEARER).to_array();
    }
    out
}

/// What the hand holds, camera-relative, for the items' pipeline.
#[must_use]
pub fn held(player: &FirstPerson, camera: &Camera) -> Vec<BoxVertex> {
    let Some(item) = player.held else {
        return Vec::new();
    };
    let arm = arm_transform(camera, player.swing);
    // The hand: the arm's end, ten pixels from the shoulder, a little beyond it.
    let hand = arm.transform_point3(Vec3::new(0.0, -11.0, -1.0));
    let frame = view_frame(camera);
    let light = [
        f32::from(player.light.sky()),
        f32::from(player.light.block()),
    ];
    let mut out = Vec::new();
    match icon_faces(item).as_slice() {
        [flat] => {
            // The icon upright in the view, turned a little across it, as held.
            let turn = Mat3::from_rotation_y(-0.6);
            let place = |x: f32, y: f32, z: f32| {
                (hand + frame * (turn * Vec3::new(x, y + HELD_ICON / 2.0, z))) * NEARER
            };
            let h = HELD_ICON / 2.0;
            for (z, face) in [(0.0, Face::South), (-ICON_DEPTH, Face::North)] {
                let quad = [[-h, -h], [h, -h], [h, h], [-h, h]];
                let uv = [[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]];
                // The back face is wound the other way, so that it faces away.
                let order: [usize; 6] = if face == Face::South {
                    [0, 1, 2, 0, 2, 3]
                } else {
                    [0, 2, 1, 0, 3, 2]
                };
                for i in order {
                    out.push(BoxVertex {
                        relative: place(quad[i][0], quad[i][1], z).to_array(),
                        uv: uv[i],
                        face: face as u32,
                        tile: u32::from(flat.tile),
                        shade: 1.0,
                        light,
                    });
                }
            }
        }
        _ => {
            let turn = Mat3::from_rotation_y(0.7);
            let hand = hand * NEARER;
            let frame = frame * NEARER;
            for face in Face::ALL {
                let tile = match item {
                    Item::Block(block) => tile_for(block, face),
                    _ => CRATE_TILE,
                };
                for i in [0, 1, 2, 0, 2, 3] {
                    let corner = corners(face)[i];
                    let local = Vec3::from_array(corner.pos.map(f32::from)) - Vec3::splat(0.5);
                    let at =
                        hand + frame * (turn * (local * HELD_BLOCK + Vec3::Y * HELD_BLOCK / 2.0));
                    out.push(BoxVertex {
                        relative: at.to_array(),
                        uv: corner.uv.map(f32::from),
                        face: face as u32,
                        tile: u32::from(tile),
                        shade: 1.0,
                        light,
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DVec3;

    fn camera(yaw: f64, pitch: f64) -> Camera {
        Camera {
            eye: DVec3::new(1e6, 70.0, -1e6),
            yaw,
            pitch,
            fov_y: 70.0,
            aspect: 16.0 / 9.0,
            far: 256.0,
        }
    }

    fn player(held: Option<Item>) -> FirstPerson {
        FirstPerson {
            name: "me".to_owned(),
            held,
            swing: 0.0,
            light: Light::SKY,
        }
    }

    #[test]
    fn the_arm_and_what_it_holds_stay_inside_the_players_box_ahead_and_to_the_right() {
        for (yaw, pitch) in [(0.0, 0.0), (90.0, 40.0), (200.0, -80.0)] {
            let cam = camera(yaw, pitch);
            let frame = view_frame(&cam);
            for item in [
                None,
                Some(Item::Block(hewn_core::world::Block::STONE)),
                Item::from_name("stone_pickaxe"),
            ] {
                let p = player(item);
                let points: Vec<Vec3> = (arm(&p, &cam).iter().map(|v| Vec3::from(v.relative)))
                    .chain(held(&p, &cam).iter().map(|v| Vec3::from(v.relative)))
                    .collect();
                for q in &points {
                    // Nearer the eye than any wall beside or ahead of the player.
                    assert!(q.length() < 0.3, "{q} at {yaw}, {pitch}");
                    let view = frame.transpose() * *q;
                    assert!(view.z < 0.05, "ahead of the eye: {view}");
                }
                let mean = points.iter().copied().sum::<Vec3>() / points.len() as f32;
                let view = frame.transpose() * mean;
                assert!(view.x > 0.1 && view.y < 0.0, "lower right: {view}");
            }
        }
    }

    #[test]
    fn a_swing_moves_the_hand_down_and_back() {
        let cam = camera(0.0, 0.0);
        let at = |swing| {
            let p = FirstPerson {
                swing,
                ..player(Some(Item::Block(hewn_core::world::Block::DIRT)))
            };
            let v = held(&p, &cam);
            v.iter().map(|v| Vec3::from(v.relative)).sum::<Vec3>() / v.len() as f32
        };
        let (rest, mid, done) = (at(0.0), at(0.5), at(1.0));
        assert!(mid.y < rest.y - 0.01, "{mid} vs {rest}");
        assert!((done - rest).length() < 1e-5);
    }
}
