//! The mixer heard through its samples: panning, distance and the limiter.

use std::sync::{Arc, OnceLock};

use glam::DVec3;

use super::bank::Bank;
use super::*;

/// The bank, synthesized once for all the tests.
fn bank() -> Arc<Bank> {
    static BANK: OnceLock<Arc<Bank>> = OnceLock::new();
    Arc::clone(BANK.get_or_init(|| Arc::new(Bank::synthesize())))
}

/// A stone block breaking at `at`, heard from the origin facing `yaw`: half a second of it.
fn hear_break(at: DVec3, yaw: f64) -> Vec<[f32; 2]> {
    let (mut mixer, mut render) = Mixer::new(bank(), Volumes::default(), 7);
    mixer.set_listener(Listener {
        eye: DVec3::ZERO,
        yaw,
    });
    mixer.play(&Sound {
        clip: Clip::Block(Family::Stone, SoundKind::Break),
        at,
        volume: 1.0,
    });
    let mut out = vec![[0.0; 2]; 24_000];
    render.render(&mut out);
    out
}

/// The energy of each channel.
fn energy(frames: &[[f32; 2]]) -> [f64; 2] {
    let mut e = [0.0; 2];
    for f in frames {
        for c in 0..2 {
            e[c] += f64::from(f[c]).powi(2);
        }
    }
    e
}

#[test]
fn a_break_to_the_left_is_louder_in_the_left_ear() {
    // Facing -Z, -X is to the left.
    let [left, right] = energy(&hear_break(DVec3::new(-3.0, 0.0, 0.0), 0.0));
    assert!(left > 4.0 * right, "left {left}, right {right}");
    // Facing +X (yaw 90), -Z is to the left.
    let [left, right] = energy(&hear_break(DVec3::new(0.0, 0.0, -3.0), 90.0));
    assert!(left > 4.0 * right, "left {left}, right {right}");
    let [left, right] = energy(&hear_break(DVec3::new(0.0, 0.0, 3.0), 90.0));
    assert!(right > 4.0 * left, "left {left}, right {right}");
}

#[test]
fn a_far_sound_is_quieter_than_a_near_one() {
    let near: f64 = energy(&hear_break(DVec3::new(0.0, 0.0, -2.0), 0.0))
        .iter()
        .sum();
    let far: f64 = energy(&hear_break(DVec3::new(0.0, 0.0, -32.0), 0.0))
        .iter()
        .sum();
    assert!(far > 0.0, "still heard");
    // Gain falls as 1/distance: 16 times the distance is 256 times less energy.
    assert!(far * 50.0 < near, "near {near}, far {far}");
}

#[test]
fn nothing_clips_however_many_sounds_play_at_once() {
    let (mut mixer, mut render) = Mixer::new(bank(), Volumes::default(), 3);
    for i in 0..64 {
        mixer.play(&Sound {
            clip: Clip::Block(Family::ALL[i % Family::ALL.len()], SoundKind::Land),
            at: DVec3::new(0.1, 0.0, -0.1),
            volume: 1.0,
        });
    }
    let mut out = vec![[0.0; 2]; 24_000];
    render.render(&mut out);
    let peak = out.iter().flatten().fold(0.0_f32, |m, s| m.max(s.abs()));
    assert!(peak > 0.5, "loud: {peak}");
    assert!(peak < 1.0, "but inside [-1, 1]: {peak}");
}

/// The energy, both ears together, of a wood block placed a block away with `volumes` set
/// (and glided to) before it plays.
fn placed_with(volumes: Volumes) -> f64 {
    let (mut mixer, mut render) = Mixer::new(bank(), Volumes::default(), 3);
    mixer.set_volumes(volumes);
    // Let the gain glide to the new volumes before the sound starts.
    let mut out = vec![[0.0; 2]; 4_800];
    render.render(&mut out);
    mixer.play(&Sound {
        clip: Clip::Block(Family::Wood, SoundKind::Place),
        at: DVec3::new(1.0, 0.0, 0.0),
        volume: 1.0,
    });
    let mut out = vec![[0.0; 2]; 24_000];
    render.render(&mut out);
    energy(&out).iter().sum()
}

#[test]
fn volumes_scale_their_group_and_silence_it_at_zero() {
    let full = placed_with(Volumes::default());
    assert!(full > 0.0, "the sound is heard at the usual volumes");
    let half = placed_with(Volumes {
        blocks: 0.5,
        ..Volumes::default()
    });
    // Energy goes with the square of the gain, half the volume a quarter of the energy,
    // but for the tanh at the end of the chain, which softens loud peaks more than quiet
    // ones: a little more than a quarter is left (0.27 here).
    let share = half / full;
    assert!((0.25..0.3).contains(&share), "{half} against {full}");
    let other_group = placed_with(Volumes {
        ambient: 0.0,
        menus: 0.0,
        ..Volumes::default()
    });
    assert!(
        (other_group - full).abs() <= full * 1e-6,
        "{other_group} against {full}"
    );
    let silent = placed_with(Volumes {
        blocks: 0.0,
        ..Volumes::default()
    });
    assert_eq!(silent, 0.0);
}

#[test]
fn flowing_water_is_heard_from_where_it_flows() {
    let (mut mixer, mut render) = Mixer::new(bank(), Volumes::default(), 3);
    mixer.set_ambience(&AmbientLevels {
        water: Some((0.4, DVec3::new(5.0, 0.0, 0.0))),
        wind: 0.0,
        cave: 0.0,
    });
    let mut out = vec![[0.0; 2]; 48_000];
    render.render(&mut out);
    let [left, right] = energy(&out[24_000..]);
    assert!(right > 2.0 * left, "left {left}, right {right}");
}

#[test]
fn a_meal_is_heard_in_both_ears_at_once() {
    let ears = DVec3::new(0.5, 65.62, 0.5);
    let (mut mixer, mut render) = Mixer::new(bank(), Volumes::default(), 7);
    mixer.set_listener(Listener {
        eye: ears,
        yaw: 0.0,
    });
    let meal = hewn_core::sim::Event {
        tick: 96,
        kind: hewn_core::sim::EventKind::Eat,
        block: None,
        pos: None,
        fall: None,
        player: None,
        detail: None,
    };
    mixer.play(&hearing::own_sound(&meal, ears).expect("a meal is heard"));
    let mut out = vec![[0.0; 2]; 24_000];
    render.render(&mut out);
    let [left, right] = energy(&out);
    assert!(left > 1.0 && right > 1.0, "left {left}, right {right}");
    assert!(
        left < 1.5 * right && right < 1.5 * left,
        "left {left}, right {right}"
    );
}
