use glam::DVec3;

use super::*;
use hewn_core::world::Light;

fn standing() -> Figure {
    Figure {
        name: "other".to_owned(),
        position: DVec3::new(0.5, 64.0, 0.5),
        look_yaw: 30.0,
        look_pitch: 0.0,
        facing: 30.0,
        sneaking: false,
        walked: 0.0,
        swing: 0.0,
        light: Light::SKY,
    }
}

/// The pixel a point `offset` from `part`'s pivot lands on in the figure's frame.
fn placed(pose: &Pose, part: Part, offset: Vec3) -> Vec3 {
    let p = pose.part(part);
    let turned = glam::Quat::from_rotation_y(p.turn) * glam::Quat::from_rotation_x(p.pitch);
    p.pivot + turned * offset
}

#[track_caller]
fn assert_near(a: f32, b: f32) {
    assert!((a - b).abs() < 1e-4, "{a} is not {b}");
}

#[test]
fn standing_still_every_limb_hangs_straight_and_the_head_tops_the_figure() {
    let pose = Pose::of(&standing());
    for p in pose.parts {
        assert_eq!((p.pitch, p.turn), (0.0, 0.0), "{:?}", p.part);
    }
    let top = placed(&pose, Part::Head, Vec3::new(0.0, 8.0, 0.0));
    assert_near(top.y, 32.0);
    for leg in [Part::RightLeg, Part::LeftLeg] {
        assert_near(placed(&pose, leg, Vec3::new(0.0, -12.0, 0.0)).y, 0.0);
    }
}

#[test]
fn walking_puts_the_legs_apart_and_each_arm_against_its_leg() {
    let walking = Figure {
        walked: 0.0, // phase 0: the stride at its widest
        swing: 0.86,
        ..standing()
    };
    let pose = Pose::of(&walking);
    let foot = |leg| placed(&pose, leg, Vec3::new(0.0, -12.0, 0.0));
    let hand = |arm| placed(&pose, arm, Vec3::new(0.0, -10.0, 0.0));
    let (right, left) = (foot(Part::RightLeg), foot(Part::LeftLeg));
    // The right foot forward (−Z), the left back, by several pixels each.
    assert!(right.z < -8.0 && left.z > 8.0, "{right} {left}");
    assert!(hand(Part::RightArm).z > 3.0 && hand(Part::LeftArm).z < -3.0);
    // Half a stride on, they have changed places.
    let later = Pose::of(&Figure {
        walked: std::f64::consts::PI / PHASE_PER_BLOCK,
        ..walking
    });
    let right_later = placed(&later, Part::RightLeg, Vec3::new(0.0, -12.0, 0.0));
    assert_near(right_later.z, left.z);
}

#[test]
fn sneaking_lowers_the_figure_and_leans_it_forward() {
    let pose = Pose::of(&Figure {
        sneaking: true,
        ..standing()
    });
    let top = placed(&pose, Part::Head, Vec3::new(0.0, 8.0, 0.0));
    assert_near(top.y, 32.0 - SNEAK_DROP);
    // The body's top is forward of its bottom.
    let body = pose.part(Part::Body);
    let hips = placed(&pose, Part::Body, Vec3::new(0.0, -12.0, 0.0));
    assert!(hips.z > body.pivot.z + 4.0, "{hips}");
    // The feet stay on the ground.
    for leg in [Part::RightLeg, Part::LeftLeg] {
        assert_near(placed(&pose, leg, Vec3::new(0.0, -12.0, 0.0)).y, 0.0);
    }
}

#[test]
fn the_head_follows_the_look() {
    let pose = Pose::of(&Figure {
        look_yaw: 350.0,
        facing: 20.0,
        look_pitch: 40.0,
        ..standing()
    });
    let head = pose.part(Part::Head);
    // 30° to the left of the body (towards −yaw), the short way round; nodding up.
    assert_near(head.turn, 30f32.to_radians());
    assert_near(head.pitch, 40f32.to_radians());
    let nose = placed(&pose, Part::Head, Vec3::new(0.0, 4.0, -4.0));
    assert!(nose.y > 24.0 + 4.0, "{nose}");
}
