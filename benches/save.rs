//! One autosave of a typical change: ten chunks edited (a small build in each), the player and
//! a few dozen crates (every save rewrites them all).
//!
//! `snapshot` is what the game's frame pays (copying the changed chunks out); `write` is what
//! the autosave thread pays (encoding, one transaction, the fsync), which no frame waits for.
#![expect(
    missing_docs,
    reason = "criterion_group! makes an undocumented function"
)]

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use glam::DVec3;
use hewn_core::physics::Body;
use hewn_core::physics::crates::Crate;
use hewn_core::sim::PlayerName;
use hewn_core::world::{Block, BlockPos, World};
use hewn_core::worldgen::GeneratorKind;
use hewn_save::{Checkpoint, Hotbar, NewWorld, SavedPlayer, SavedPlayers, WorldFile};

const CHUNKS: i32 = 10;
const CRATES: u32 = 32;

/// Builds a 4×4×3 hut of planks in each of ten surface chunks, changing one block per chunk
/// each call so every call leaves ten chunks to save.
fn edit(world: &mut World, round: u32) {
    for c in 0..CHUNKS {
        let base = BlockPos::new(c * 32 + 8, 80, 8);
        for dx in 0..4 {
            for dy in 0..3 {
                for dz in 0..4 {
                    world.set_block(base.offset(glam::IVec3::new(dx, dy, dz)), Block::PLANKS);
                }
            }
        }
        let block = if round.is_multiple_of(2) {
            Block::GLASS
        } else {
            Block::STONE
        };
        world.set_block(base.offset(glam::IVec3::new(1, 3, 1)), block);
    }
}

/// `body` with `hotbar` as a world's one player, named `player`.
fn as_player(body: &Body, hotbar: &Hotbar) -> SavedPlayers {
    let saved = SavedPlayer {
        body: *body,
        hotbar: *hotbar,
    };
    SavedPlayers::from([(PlayerName::default(), saved)])
}

fn autosave(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let request = NewWorld {
        seed: Some(1),
        generator: Some(GeneratorKind::Terrain),
        player: None,
        packs: None,
    };
    let (mut file, loaded) =
        WorldFile::open_or_create(&dir.path().join("bench.hewn"), request).expect("world");
    let mut world = loaded.world;
    edit(&mut world, 0);
    world.take_changed_chunks();
    let player = Body::new(DVec3::new(8.5, 80.0, 8.5));
    let hotbar = Hotbar::default();
    let crates: Vec<Crate> = (0..CRATES)
        .map(|i| Crate::new(DVec3::new(f64::from(i) * 1.5, 81.0, 20.5), DVec3::ONE))
        .collect();
    let mut round = 0;
    let mut changed = || {
        round += 1;
        let mut w = world.clone();
        edit(&mut w, round);
        w
    };

    c.bench_function("snapshot 10 chunks", |b| {
        b.iter_batched(
            &mut changed,
            |mut w| {
                let snapshot =
                    Checkpoint::take(&mut w.loader(), as_player(&player, &hotbar), &crates);
                (w, black_box(snapshot))
            },
            BatchSize::SmallInput,
        );
    });

    c.bench_function("write 10 chunks + player + 32 crates", |b| {
        b.iter_batched(
            || {
                Checkpoint::take(
                    &mut changed().loader(),
                    as_player(&player, &hotbar),
                    &crates,
                )
            },
            |snapshot| file.save(&snapshot).expect("save"),
            BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, autosave);
criterion_main!(benches);
