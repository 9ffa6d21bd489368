//! Light under random edits: what the world keeps up to date edit by edit is what it computes
//! from scratch, whatever order its columns load in, and it follows the model's rules.
//!
//! The edits fall in a box that straddles chunk borders in x, y and z and reaches negative
//! coordinates, in a flat world of four loaded columns; they place and break every kind of
//! block light treats differently.

use hewn_core::world::light::ChunkLight;
use hewn_core::world::{Block, BlockPos, BlockSource, ColumnPos, Edit, Face, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use proptest::prelude::*;

/// The loaded columns: x and z from -1 to 0, so the edits' box crosses x = 0 and z = 0.
const COLUMNS: [ColumnPos; 4] = [
    ColumnPos::new(-1, -1),
    ColumnPos::new(0, -1),
    ColumnPos::new(-1, 0),
    ColumnPos::new(0, 0),
];

/// What the edits place: opaque, partly clear, clear, glowing, and air for breaking.
const PALETTE: [Block; 9] = [
    Block::STONE,
    Block::PLANKS,
    Block::LEAVES,
    Block::WATER,
    Block::GLASS,
    Block::STONE_SLAB,
    Block::TORCH,
    Block::GLOWSTONE,
    Block::AIR,
];

fn flat_world() -> World {
    World::new(Generator::new(GeneratorKind::Flat, 3))
}

/// One edit: a cell of the box (x and z from -6 to 5, y from 58 to 69 across the chunk
/// border at y = 64 and the grass at 63) and a block.
fn edit() -> impl Strategy<Value = (BlockPos, Block)> {
    (-6..6i32, 58..70i32, -6..6i32, 0..PALETTE.len())
        .prop_map(|(x, y, z, b)| (BlockPos::new(x, y, z), PALETTE[b]))
}

/// A world with `columns` loaded in that order, then `edits` made one by one.
fn edited(columns: &[ColumnPos], edits: &[(BlockPos, Block)]) -> World {
    let mut world = flat_world();
    for &c in columns {
        world.load_column(c);
    }
    for &(pos, block) in edits {
        world.set_block(pos, block);
    }
    world
}

/// A fresh world holding `edits` (as a save would restore them), loaded in `order`.
fn from_scratch(edits: &[(BlockPos, Edit)], order: &[ColumnPos]) -> World {
    let mut world = flat_world();
    world.restore_edits(edits.iter().copied());
    for &c in order {
        world.load_column(c);
    }
    world
}

fn same_light(a: &ChunkLight, b: &ChunkLight) -> bool {
    match (a.uniform(), b.uniform()) {
        (Some(x), Some(y)) => x == y,
        _ => (0..hewn_core::world::coords::CHUNK_VOLUME).all(|i| a.get(i) == b.get(i)),
    }
}

/// The first cell where the two worlds' light differs, if any.
fn first_difference(a: &World, b: &World) -> Option<(BlockPos, String)> {
    for column in COLUMNS {
        for pos in column.chunks() {
            let (la, lb) = (a.chunk_light(pos)?, b.chunk_light(pos)?);
            if same_light(la, lb) {
                continue;
            }
            for i in 0..hewn_core::world::coords::CHUNK_VOLUME {
                if la.get(i) != lb.get(i) {
                    let cell = pos.block(hewn_core::world::LocalPos::from_index(i));
                    return Some((cell, format!("{:?} vs {:?}", la.get(i), lb.get(i))));
                }
            }
        }
    }
    None
}

/// Where `world`'s light breaks one of the model's rules, in the loaded columns (the
/// world's edge is dark rock, as unloaded columns are to light).
fn first_broken_rule(world: &World) -> Option<String> {
    let light = |p: BlockPos| {
        if p.y < 0 {
            hewn_core::world::Light::DARK
        } else {
            world.light(p)
        }
    };
    for column in COLUMNS {
        let min = column.chunk(0).min_block();
        for z in min.z..min.z + 32 {
            for x in min.x..min.x + 32 {
                let mut sees_sky = true;
                for y in (0..hewn_core::world::WORLD_HEIGHT).rev() {
                    let pos = BlockPos::new(x, y, z);
                    let block = world.block(pos);
                    let opacity = block.opacity();
                    let opaque = opacity >= hewn_core::world::block::OPAQUE;
                    let best = |level: fn(hewn_core::world::Light) -> u8| {
                        Face::ALL
                            .iter()
                            .map(|f| level(light(pos.offset(f.normal()))))
                            .max()
                            .unwrap_or(0)
                            .saturating_sub(1 + opacity)
                    };
                    let sky = match (opaque, sees_sky) {
                        (true, _) => 0,
                        (false, true) => 15,
                        (false, false) => best(hewn_core::world::Light::sky),
                    };
                    let glow = match (block.emission(), opaque) {
                        (e, _) if e > 0 => e,
                        (_, true) => 0,
                        _ => best(hewn_core::world::Light::block),
                    };
                    let want = hewn_core::world::Light::new(sky, glow);
                    if world.light(pos) != want {
                        return Some(format!(
                            "{pos:?} ({block}) has {:?}, the rules give {want:?}",
                            world.light(pos)
                        ));
                    }
                    sees_sky &= opacity == 0;
                }
            }
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// After every random sequence of edits, light kept up to date edit by edit equals the
    /// light of a world that loads the same blocks afresh, in two other orders, cell for cell.
    #[test]
    fn incremental_light_equals_light_from_scratch_in_any_load_order(
        edits in prop::collection::vec(edit(), 1..24),
        first in Just(COLUMNS).prop_shuffle(),
        second in Just(COLUMNS).prop_shuffle(),
        third in Just(COLUMNS).prop_shuffle(),
    ) {
        let incremental = edited(&first, &edits);
        let saved: Vec<_> = incremental.edits().collect();
        for order in [second, third] {
            let fresh = from_scratch(&saved, &order);
            prop_assert_eq!(first_difference(&incremental, &fresh), None, "load order {:?}", order);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The light kept through random edits obeys every rule of the model at every cell of
    /// the four columns; since the rules have a single solution, that makes it right.
    #[test]
    fn light_through_random_edits_follows_the_model(
        edits in prop::collection::vec(edit(), 1..40),
        order in Just(COLUMNS).prop_shuffle(),
    ) {
        let world = edited(&order, &edits);
        prop_assert_eq!(first_broken_rule(&world), None);
    }
}

/// One batch of edits: a few cells anywhere in the box, or a whole layer of one loaded
/// column, enough that setting it in one call lights the column again from scratch.
fn batch() -> impl Strategy<Value = Vec<(BlockPos, Block)>> {
    prop_oneof![
        prop::collection::vec(edit(), 1..8),
        (0..COLUMNS.len(), 58..70i32, 0..PALETTE.len()).prop_map(|(c, y, b)| {
            let min = COLUMNS[c].chunk(0).min_block();
            let layer = BlockPos::cells_between(
                BlockPos::new(min.x, y, min.z),
                BlockPos::new(min.x + 31, y, min.z + 31),
            );
            layer.map(|p| (p, PALETTE[b])).collect()
        }),
    ]
}

/// A flat world with `columns` loaded in that order.
fn loaded(columns: &[ColumnPos]) -> World {
    edited(columns, &[])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Light after batches of edits, whether each batch is set in one call (its crowded
    /// columns lit again from scratch, the rest updated in place beside them) or all of
    /// them in turn (every column touched lit again once, at the end), is the light of a
    /// world that loads the same blocks afresh; and where setting the cells one by one
    /// gives the same blocks (a torch placed before its support goes drops at once, and
    /// in a batch only if it was there when the support went), the same as that too.
    #[test]
    fn light_after_batches_equals_light_edit_by_edit_and_from_scratch(
        batches in prop::collection::vec(batch(), 1..5),
        order in Just(COLUMNS).prop_shuffle(),
        other in Just(COLUMNS).prop_shuffle(),
    ) {
        let mut each = loaded(&order);
        for cells in &batches {
            each.set_blocks(cells.iter().copied());
        }
        let mut in_turn = loaded(&order);
        in_turn.set_blocks_in_turn(batches.iter().map(|cells| cells.iter().copied()));
        let saved: Vec<_> = each.edits().collect();
        prop_assert_eq!(&in_turn.edits().collect::<Vec<_>>(), &saved);
        let fresh = from_scratch(&saved, &other);
        prop_assert_eq!(first_difference(&each, &fresh), None);
        prop_assert_eq!(first_difference(&in_turn, &fresh), None);
        let one_by_one = edited(&order, &batches.concat());
        if one_by_one.edits().eq(saved.iter().copied()) {
            prop_assert_eq!(first_difference(&each, &one_by_one), None);
        }
    }
}
