//! What creatures cost the simulation: a tick with 200 creatures around one survival
//! player at night, half of them zombies hunting it through a field of stone pillars and
//! the rest animals grazing. Run with `cargo bench --bench hunt`.
//!
//! Besides criterion's estimate of the mean tick, the bench plays 3,000 ticks first and
//! prints their median and 99th percentile, the measure ("tick p99 ≤ 3 ms").

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]

use std::fmt::Write as _;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use hewn_core::sim::creature::kinds;
use hewn_core::sim::{Action, Input, Simulation};
use hewn_scenario::Scenario;

/// The scenario: pillars of stone every four blocks, 100 zombies in a ring 9 to 15 blocks
/// out (near enough to notice the player), and 100 animals of every kind scattered among
/// them.
fn crowd() -> Simulation {
    let mut text = String::from(
        "world = \"flat\"\nseed = 3\nmode = \"survival\"\ntime = 18000\nticks = 0\n\
         [player]\nposition = [0.5, 64.0, 0.5]\nhealth = 20\n",
    );
    for x in (-28..=28).step_by(4) {
        for z in (-28..=28).step_by(4) {
            if x != 0 || z != 0 {
                let _ = write!(
                    text,
                    "[[fill]]\nfrom = [{x}, 64, {z}]\nto = [{x}, 66, {z}]\nblock = \"stone\"\n"
                );
            }
        }
    }
    let animals: Vec<&str> = kinds()
        .iter()
        .filter(|k| !k.is_hostile())
        .map(|k| k.name.as_str())
        .collect();
    for i in 0..200 {
        let angle = f64::from(i) * 0.618_033_988_7 * std::f64::consts::TAU;
        let (kind, reach) = if i % 2 == 0 {
            ("zombie", 9.0 + f64::from(i % 7))
        } else {
            (animals[i as usize % animals.len()], 6.0 + f64::from(i % 20))
        };
        let (x, z) = (angle.cos() * reach, angle.sin() * reach);
        // Between the pillars, which stand on multiples of 4.
        let (x, z) = ((x / 4.0).round() * 4.0 + 2.5, (z / 4.0).round() * 4.0 + 2.5);
        let _ = write!(
            text,
            "[[creature]]\nkind = \"{kind}\"\nposition = [{x}, 64.0, {z}]\n"
        );
    }
    Scenario::parse(&text)
        .expect("the bench's scenario")
        .start()
}

fn ticks(c: &mut Criterion) {
    let mut sim = crowd();
    // The zombies soon kill the player: it comes back at once, to be hunted again.
    let idle = Input {
        actions: vec![Action::Respawn],
        ..Input::default()
    };
    // The columns around load in the first ticks: what is measured is the hunt.
    for _ in 0..60 {
        sim.tick(&idle);
    }
    let mut chasing = 0;
    let mut times: Vec<f64> = (0..3000)
        .map(|_| {
            let started = Instant::now();
            sim.tick(&idle);
            let took = started.elapsed().as_secs_f64() * 1000.0;
            let hunting = sim.creatures().list().iter();
            chasing = hunting
                .filter(|c| c.mind.target.is_some())
                .count()
                .max(chasing);
            took
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    eprintln!(
        "200 creatures (at most {chasing} chasing the player at once), 3000 ticks: median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    );
    c.bench_function("tick with 200 creatures", |b| b.iter(|| sim.tick(&idle)));
}

criterion_group!(benches, ticks);
criterion_main!(benches);
