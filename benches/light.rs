//! Light benchmarks, on one thread.
//!
//! - **surface column**: lighting the column of chunks at seed 7's spawn from its own blocks
//!   (sky light down from the top and out sideways, block light from emitters), as a worker
//!   does for every column it generates; the surface chunk holds nearly all of the work,
//!   the sky chunks above are one value each and the rock below is dark.
//! - **surface column, merged**: the same column added to a world whose four neighbouring
//!   columns are lit, light flowing across all four borders both ways: what the main thread
//!   pays per column on top of the worker's part.
//! - **torch in a lit cave**: placing and then breaking a torch in the roomiest cave cell
//!   under seed 7's spawn, lit by another torch a few steps away: the light update of each
//!   edit (both edits per iteration; the block change itself is a few nanoseconds).

#![expect(
    missing_docs,
    reason = "criterion_group! defines an undocumented pub fn"
)]

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use glam::IVec3;
use hewn_core::world::light::light_column;
use hewn_core::world::{Block, BlockPos, BlockSource, ColumnSource, World};
use hewn_core::worldgen::{Generator, GeneratorKind};

fn surface_column(c: &mut Criterion) {
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = BlockPos::containing(generator.spawn_point()).column();
    let chunks = generator.generate_column(spawn);
    let lit = light_column(&chunks);
    let varied = lit.iter().filter(|l| l.uniform().is_none()).count();
    println!(
        "the spawn column: {varied} of {} chunks have light that varies",
        lit.len()
    );
    c.bench_function("light surface column", |b| {
        b.iter(|| light_column(black_box(&chunks)));
    });
    let mut around = World::new(Generator::new(GeneratorKind::Terrain, 7));
    for (dx, dz) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        around.load_column(spawn.offset(dx, dz));
    }
    let light = lit;
    c.bench_function("light surface column, merged with four neighbours", |b| {
        b.iter_batched(
            || (around.clone(), chunks.clone(), light.clone()),
            |(mut world, chunks, light)| {
                world.insert_column(spawn, chunks, Some(light));
                world
            },
            BatchSize::LargeInput,
        );
    });
}

/// A cave under `around`: the underground air cell (no sky light) with the most air within
/// two blocks, in the column of `around`, so the result is the same on every run.
fn cave(world: &mut World, around: BlockPos) -> BlockPos {
    for column in around.column().around(1) {
        world.load_column(column);
    }
    let open = |world: &World, p: BlockPos| {
        BlockPos::cells_between(p.offset(IVec3::splat(-2)), p.offset(IVec3::splat(2)))
            .filter(|&q| world.block(q) == Block::AIR)
            .count()
    };
    let min = around.column().chunk(0).min_block();
    BlockPos::cells_between(
        BlockPos::new(min.x, 12, min.z),
        BlockPos::new(min.x + 31, 48, min.z + 31),
    )
    .filter(|&p| world.block(p) == Block::AIR && world.light(p).sky() == 0)
    .max_by_key(|&p| (open(world, p), std::cmp::Reverse(p)))
    .expect("the spawn column has a cave")
}

fn torch_in_a_cave(c: &mut Criterion) {
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = BlockPos::containing(generator.spawn_point());
    let mut world = World::new(generator);
    let spot = cave(&mut world, spawn);
    // Light the cave with a torch a few steps away, where there is room for one.
    let lamp = BlockPos::cells_between(spot.offset(IVec3::splat(-4)), spot.offset(IVec3::splat(4)))
        .filter(|&p| p != spot && world.block(p) == Block::AIR)
        .max_by_key(|&p| {
            let d = (p.to_ivec3() - spot.to_ivec3()).abs().element_sum();
            (d.min(5), std::cmp::Reverse(p))
        })
        .expect("the cave has room for a torch");
    world.set_block(lamp, Block::TORCH);
    println!("cave at {spot:?}, lit by a torch at {lamp:?}");
    c.bench_function("place and break a torch in a lit cave", |b| {
        b.iter(|| {
            world.set_block(black_box(spot), Block::TORCH);
            world.set_block(black_box(spot), Block::AIR);
        });
    });
}

criterion_group!(benches, surface_column, torch_in_a_cave);
criterion_main!(benches);
