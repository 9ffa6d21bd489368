use glam::{DVec3, Vec2, Vec3};

use super::*;
use hewn_core::sim::creature::{Kind, kind};
use hewn_core::world::Light;

/// The base pack's kind called `name`.
#[track_caller]
fn kind(name: &str) -> &'static Kind {
    kind::installed()
        .iter()
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("the base pack has no {name}"))
}

/// A creature of `name` standing still at a place far from the origin, facing +X.
fn figure(name: &str) -> CreatureFigure {
    let at = kind::installed().iter().position(|k| k.name == name);
    CreatureFigure {
        position: DVec3::new(1e6 + 0.5, 64.0, -1e6 + 0.5),
        yaw: 90.0,
        look: 90.0,
        ..at.and_then(|at| CreatureFigure::of_kind(at, 0))
            .unwrap_or_else(|| panic!("the base pack has no {name}"))
    }
}

const KINDS: [&str; 6] = ["sheep", "cow", "pig", "chicken", "zombie", "skeleton"];

/// Every vertex of `figure` posed, relative to its feet, with the vertex it came from.
fn posed(figure: &CreatureFigure) -> Vec<(Vec3, Vec3, CreatureVertex)> {
    let instance = CreatureInstance::of(figure, figure.position);
    let mesh = Shape::of(figure).mesh();
    mesh.vertices
        .iter()
        .map(|v| {
            let (at, normal) = v.posed(&instance);
            (at, normal, *v)
        })
        .collect()
}

/// The smallest box holding `points`.
fn bounds(points: impl Iterator<Item = Vec3>) -> (Vec3, Vec3) {
    points.fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), p| {
        (lo.min(p), hi.max(p))
    })
}

#[test]
fn each_kind_stands_on_its_feet_as_tall_as_its_box_and_within_its_reach() {
    for name in KINDS {
        let f = figure(name);
        let (lo, hi) = bounds(posed(&f).iter().map(|p| p.0));
        assert!(lo.y.abs() < 1e-4, "{name}: feet at {}", lo.y);
        let top = f64::from(hi.y);
        assert!((top - f.height).abs() < 0.02 * f.height, "{name}: {top}");
        let (min, max) = f.reach();
        assert!(
            lo.as_dvec3().cmpge(min).all() && hi.as_dvec3().cmple(max).all(),
            "{name}: {lo} to {hi} is outside its reach {min} to {max}"
        );
    }
}

#[test]
fn every_face_winds_outward_and_starts_at_the_corner_that_carries_it() {
    for name in KINDS {
        let f = CreatureFigure {
            look: 150.0,
            swing: 0.7,
            walked: 0.3,
            ..figure(name)
        };
        let mesh = Shape::of(&f).mesh();
        assert_eq!(mesh.vertices.len() % 8, 0, "{name}: eight corners a box");
        let points = posed(&f);
        let mut faces = 0;
        // Each triangle's winding normal points away from the middle of its box, and along
        // the normal of the face its first corner carries, which colours it.
        for triangle in mesh.indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|i| points[usize::from(triangle[i])].0);
            let first = usize::from(triangle[0]);
            let corners = &points[first / 8 * 8..first / 8 * 8 + 8];
            let centre = corners.iter().map(|p| p.0).sum::<Vec3>() / 8.0;
            let winding = (b - a).cross(c - a);
            assert!(winding.dot((a + b + c) / 3.0 - centre) > 0.0, "{name}");
            let normal = points[first].1;
            assert!(winding.normalize().dot(normal) > 0.99, "{name}");
            assert!(
                triangle.iter().all(|&i| usize::from(i) / 8 == first / 8),
                "{name}: a triangle within one box"
            );
            faces += 1;
        }
        // The faces inside another box of their part are left out.
        assert!(faces / 2 < mesh.vertices.len() / 8 * 6, "{name}");
    }
}

#[test]
fn the_head_looks_the_way_the_body_faces_and_turns_no_further_than_a_neck() {
    for name in KINDS {
        let f = figure(name);
        let points = posed(&f);
        let middle = |role: Role| {
            let of: Vec<Vec3> = points
                .iter()
                .filter(|p| p.2.role() == role)
                .map(|p| p.0)
                .collect();
            of.iter().sum::<Vec3>() / of.len() as f32
        };
        // Facing +X (yaw 90), a head is to the +X side of the body, or above it.
        let (head, body) = (middle(Role::Head), middle(Role::Body));
        assert!(head.x > body.x - 1e-3, "{name}: {head} vs {body}");
    }
    let turn = |yaw: f64, look: f64| {
        let f = CreatureFigure {
            yaw,
            look,
            ..figure("cow")
        };
        f64::from(-CreatureInstance::of(&f, f.position).head[0]).to_degrees()
    };
    assert!((turn(90.0, 120.0) - 30.0).abs() < 1e-3);
    // The short way round, across north.
    assert!((turn(10.0, 350.0) - -20.0).abs() < 1e-3);
    assert!((turn(0.0, 170.0) - HEAD_TURN).abs() < 1e-3);
    assert!((turn(0.0, -120.0) - -HEAD_TURN).abs() < 1e-3);
}

#[test]
fn legs_swing_apart_as_it_walks() {
    for name in KINDS {
        // The middle of each leg, along x (facing +X, the way a leg swings).
        let legs = |swing: f64, walked: f64| {
            let f = CreatureFigure {
                walked,
                swing,
                ..figure(name)
            };
            let points = posed(&f);
            // Each leg's joint, told apart by its bits.
            let mut joints: Vec<[u32; 3]> = Vec::new();
            for p in points.iter().filter(|p| is_leg(&p.2)) {
                let joint = p.2.joint.map(f32::to_bits);
                if !joints.contains(&joint) {
                    joints.push(joint);
                }
            }
            joints
                .iter()
                .map(|joint| {
                    let leg: Vec<f32> = points
                        .iter()
                        .filter(|p| is_leg(&p.2) && p.2.joint.map(f32::to_bits) == *joint)
                        .map(|p| p.0.x)
                        .collect();
                    leg.iter().sum::<f32>() / leg.len() as f32
                })
                .collect::<Vec<f32>>()
        };
        let still = legs(0.0, 0.0);
        // How far the legs lean: the most any leg's middle moves from where it stands.
        let lean = |moved: Vec<f32>| {
            moved
                .iter()
                .zip(&still)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f32::max)
        };
        let height = kind(name).height as f32;
        let striding = lean(legs(1.0, 0.0));
        assert!(striding > 0.05 * height, "{name}: {striding}");
        // A quarter of a stride on, the legs pass each other.
        let passing = lean(legs(1.0, std::f64::consts::FRAC_PI_2 / PHASE_PER_BLOCK));
        assert!(passing < 1e-4, "{name}: {passing}");
    }
}

/// Whether `v` is of a leg: a limb that hangs at rest.
fn is_leg(v: &CreatureVertex) -> bool {
    v.role() == Role::Limb && v.swing[0] == 0.0
}

#[test]
fn a_grazing_head_comes_down_to_the_grass() {
    for name in KINDS {
        let lowest_head = |grazing: bool| {
            let f = CreatureFigure {
                grazing,
                ..figure(name)
            };
            posed(&f)
                .into_iter()
                .filter(|p| p.2.role() == Role::Head)
                .map(|p| p.0.y)
                .fold(f32::INFINITY, f32::min)
        };
        let (up, down) = (lowest_head(false), lowest_head(true));
        let height = kind(name).height as f32;
        if kind(name).model == Model::Biped {
            assert!((up - down).abs() < 1e-6, "{name} does not graze");
        } else {
            assert!(
                (down - height / 20.0).abs() < 1e-3 && up > height / 3.0,
                "{name}: {up} then {down}"
            );
        }
    }
}

#[test]
fn colours_come_from_the_kind_and_the_coat() {
    // Black, white and sRGB's middle grey, a fifth of the way in linear light.
    assert_eq!(linear10(0x0000_0000), 0);
    assert_eq!(linear10(0x00ff_ffff), 0x3fff_ffff);
    assert_eq!(linear10(0x0080_8080) & 0x3ff, 221);
    let pink = CreatureFigure {
        coat: 0x00f0_a6bd,
        ..figure("sheep")
    };
    let instance = CreatureInstance::of(&pink, pink.position);
    let colour = |rgb: u32| {
        let [b, g, r, _] = rgb.to_le_bytes();
        let linear = |c: u8| (f32::from(c) / 255.0 + 0.055).powf(2.4) / 1.055_f32.powf(2.4);
        Vec3::new(linear(r), linear(g), linear(b))
    };
    let near = |a: Vec3, b: Vec3| (a - b).abs().max_element() < 1.0 / 1023.0;
    // The coat's colour tints the wool's texture; the textured head shows its texture as
    // painted; the eyes are a colour.
    assert!(near(instance.colour(Paint::Coat), colour(0x00f0_a6bd)));
    assert!(near(instance.colour(Paint::Head), Vec3::ONE));
    assert!(near(instance.colour(Paint::Eyes), colour(EYES)));
    let tile = |name| tiles::tile_index(name).expect("a base tile");
    assert_eq!(instance.tile(Paint::Coat), tile("sheep_wool"));
    assert_eq!(instance.tile(Paint::Head), tile("sheep_face"));
    assert_eq!(instance.tile(Paint::Mark), tile("sheep_nose"));
    assert_eq!(instance.tile(Paint::Eyes), NO_TILE);
    let zombie = figure("zombie");
    let eyes = CreatureInstance::of(&zombie, zombie.position).colour(Paint::Eyes);
    assert!(near(eyes, colour(kind("zombie").skin[3])));
    // A chicken's legs and beak have no texture: they are its limbs' colour.
    let chicken = figure("chicken");
    let instance = CreatureInstance::of(&chicken, chicken.position);
    assert_eq!(instance.tile(Paint::Limbs), NO_TILE);
    assert!(near(
        instance.colour(Paint::Limbs),
        colour(kind("chicken").skin[2])
    ));
    assert_eq!(instance.tile(Paint::Body), tile("chicken_feathers"));
    // Every paint of every shape's vertices is one of the six, and so is every role; each
    // vertex names its own corner of its box.
    for name in KINDS {
        let mesh = Shape::of(&figure(name)).mesh();
        for (i, v) in mesh.vertices.iter().enumerate() {
            assert!(usize::try_from(v.packed >> 3 & 7).is_ok_and(|p| p < Paint::COUNT));
            assert_eq!(v.packed >> 8, (i % 8) as u32);
        }
    }
}

#[test]
fn a_skeleton_is_thin_and_a_zombie_is_not() {
    assert!(Shape::of(&figure("skeleton")).thin);
    assert!(!Shape::of(&figure("zombie")).thin);
    let across = |name| {
        let (lo, hi) = bounds(
            posed(&figure(name))
                .into_iter()
                .filter(|p| p.2.role() == Role::Limb && p.2.swing[0] == 0.0)
                .map(|p| p.0),
        );
        hi.z - lo.z
    };
    assert!(across("skeleton") < across("zombie") * 0.8);
}

#[test]
fn vertices_and_instances_are_the_sizes_the_renderer_declares() {
    assert_eq!(size_of::<CreatureVertex>(), 36);
    assert_eq!(size_of::<CreatureInstance>(), 80);
}

#[test]
fn hurt_and_light_pass_to_the_instance_and_the_eye_is_taken_off_in_f64() {
    let f = CreatureFigure {
        hurt: true,
        light: Light::new(3, 14),
        ..figure("pig")
    };
    let instance = CreatureInstance::of(&f, f.position - DVec3::new(0.25, 1.5, -2.0));
    assert!((instance.hurt - 1.0).abs() < f32::EPSILON);
    assert!(Vec2::from(instance.light).abs_diff_eq(Vec2::new(3.0, 14.0), 0.0));
    assert!(Vec3::from(instance.relative).abs_diff_eq(Vec3::new(0.25, 1.5, -2.0), 0.0));
}
