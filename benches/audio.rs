//! What sound costs. On the game's thread, once a frame: the messages a busy frame sends
//! with 32 sounds playing (the listener, two new sounds, the frame's time), and the listen
//! to the surroundings done every quarter second (the 17³ cells around the eyes). On the
//! audio thread: mixing a frame's 800 frames of sound with 36 sounds playing, and
//! synthesizing every sound at start-up. Run with `cargo bench --bench audio`.

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]

use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::DVec3;
use hewn_audio::bank::Bank;
use hewn_audio::hearing::surroundings;
use hewn_audio::{Audio, Clip, Family, Listener, Mixer, Sound, SoundKind, Volumes};
use hewn_core::sim::Start;
use hewn_core::world::{BlockPos, ColumnPos};
use hewn_core::worldgen::GeneratorKind;

/// A loud sound of each family in turn, around the listener.
fn sound(i: usize) -> Sound {
    Sound {
        clip: Clip::Block(Family::ALL[i % Family::ALL.len()], SoundKind::Break),
        at: DVec3::new((i % 7) as f64 - 3.0, 0.0, (i % 5) as f64 - 2.0),
        volume: 1.0,
    }
}

fn game_thread(c: &mut Criterion) {
    let mut start = Start::new_world(GeneratorKind::Terrain, 7);
    let eye = start.player_mut().map_or(DVec3::ZERO, |p| p.eye());
    for column in ColumnPos::new(0, 0).around(3) {
        start.world.load_column(column);
    }
    start.world.load_light_around(BlockPos::containing(eye));
    c.bench_function("listening to the surroundings (every 15 frames)", |b| {
        b.iter(|| surroundings(&start.world, eye, 6000));
    });

    let mut audio =
        Audio::start(None, None, Volumes::default(), 1).expect("the audio thread starts");
    for i in 0..32 {
        audio.play(sound(i));
    }
    // The frame's time is one more message like the others; here it is a nanosecond, so
    // that the audio thread is not left millions of frames of sound to render behind the
    // bench (the rendering is measured apart).
    let frame = Duration::from_nanos(1);
    let mut i = 0;
    c.bench_function(
        "a frame's sound work on the game thread (32 playing)",
        |b| {
            b.iter(|| {
                audio.set_listener(Listener {
                    eye: DVec3::new(0.5, 65.6, 0.5),
                    yaw: 30.0,
                });
                audio.play(sound(i));
                audio.play(sound(i + 1));
                audio.advance(frame);
                i += 2;
            });
        },
    );
    // Not finished: the audio thread would first play the millions of sounds the bench
    // sent. The process ends after this, the last bench, and the thread with it.
    std::mem::forget(audio);
}

fn audio_thread(c: &mut Criterion) {
    let bank = Arc::new(Bank::synthesize());
    let (mut mixer, mut render) = Mixer::new(bank, Volumes::default(), 1);
    let mut out = vec![[0.0_f32; 2]; 800];
    let mut i = 0;
    let step = |i| Sound {
        clip: Clip::Block(Family::ALL[i % Family::ALL.len()], SoundKind::Step),
        ..sound(i)
    };
    c.bench_function("mixing a frame's 800 frames with 36 sounds playing", |b| {
        b.iter(|| {
            // Steps last 0.3 s, 18 frames: two new ones a frame keep 36 playing.
            mixer.play(&step(i));
            mixer.play(&step(i + 1));
            i += 2;
            render.render(&mut out);
        });
    });
    let mut group = c.benchmark_group("start-up");
    group.sample_size(10);
    group.bench_function("synthesizing every sound (on the audio thread)", |b| {
        b.iter(Bank::synthesize);
    });
    group.finish();
}

criterion_group!(benches, audio_thread, game_thread);
criterion_main!(benches);
