use super::*;
use crate::world::{BlockPos, BlockSource, ChunkReader, ColumnPos, World};
use crate::worldgen::{Generator, GeneratorKind};

fn empty() -> World {
    World::new(Generator::new(GeneratorKind::Empty, 0))
}

#[test]
fn an_empty_column_is_open_sky_top_to_bottom() {
    let mut world = empty();
    world.load_column(ColumnPos::new(0, 0));
    for y in [0, 100, 255] {
        assert_eq!(world.light(BlockPos::new(3, y, 4)), Light::SKY);
    }
    assert_eq!(
        world.light(BlockPos::new(0, 300, 0)),
        Light::SKY,
        "above the world"
    );
    assert_eq!(
        world.light(BlockPos::new(40, 10, 0)),
        Light::DARK,
        "unloaded"
    );
}

#[test]
fn a_flat_world_is_lit_above_the_grass_and_dark_below() {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    world.load_column(ColumnPos::new(0, 0));
    assert_eq!(world.block(BlockPos::new(5, 63, 5)), Block::GRASS);
    assert_eq!(world.light(BlockPos::new(5, 64, 5)), Light::SKY);
    assert_eq!(world.light(BlockPos::new(5, 63, 5)), Light::DARK);
}

/// Checks the model's rules at every cell of the columns `from..=to` (which must be
/// loaded, with every column beside them loaded too or treated as dark): a cell seeing
/// the sky holds 15 sky light, an emitter its emission, an opaque cell 0, and any other
/// the best its neighbours offer. The rules have one solution, so passing this is being
/// right.
#[track_caller]
fn assert_follows_the_model(world: &World, from: ColumnPos, to: ColumnPos) {
    let light_at = |p: BlockPos| {
        if p.y < 0 { Light::DARK } else { world.light(p) }
    };
    for column in ColumnPos::covering(from.chunk(0).min_block(), to.chunk(0).min_block()) {
        let min = column.chunk(0).min_block();
        for z in min.z..min.z + 32 {
            for x in min.x..min.x + 32 {
                let mut open_above = true;
                for y in (0..crate::world::WORLD_HEIGHT).rev() {
                    let pos = BlockPos::new(x, y, z);
                    let block = world.block(pos);
                    let opacity = block.opacity();
                    let offered = |channel: Channel| {
                        Face::ALL
                            .iter()
                            .map(|f| light_at(pos.offset(f.normal())).get(channel))
                            .max()
                            .unwrap_or(0)
                            .saturating_sub(1 + opacity)
                    };
                    let sky = if opacity >= OPAQUE {
                        0
                    } else if open_above {
                        MAX_LIGHT
                    } else {
                        offered(Channel::Sky)
                    };
                    let from_block = if block.emission() > 0 {
                        block.emission()
                    } else if opacity >= OPAQUE {
                        0
                    } else {
                        offered(Channel::Block)
                    };
                    assert_eq!(
                        world.light(pos),
                        Light::new(sky, from_block),
                        "at {pos:?} ({block})"
                    );
                    open_above &= opacity == 0;
                }
            }
        }
    }
}

use crate::world::Face;

/// A small stone room with a one-block hole in its roof, in an empty world, straddling the
/// chunk borders at x = 0, z = 0 and y = 32.
fn room() -> World {
    let mut world = empty();
    let (a, b) = (BlockPos::new(-4, 28, -4), BlockPos::new(4, 36, 4));
    world.set_blocks(BlockPos::cells_between(a, b).map(|p| (p, Block::STONE)));
    let inside = BlockPos::cells_between(BlockPos::new(-3, 29, -3), BlockPos::new(3, 35, 3));
    world.set_blocks(inside.map(|p| (p, Block::AIR)));
    world
}

#[test]
fn light_comes_through_a_hole_in_the_roof_and_spreads_one_less_a_step() {
    let mut world = room();
    world.set_block(BlockPos::new(0, 36, 0), Block::AIR);
    for y in 29..=36 {
        assert_eq!(world.light(BlockPos::new(0, y, 0)).sky(), 15, "y {y}");
    }
    assert_eq!(world.light(BlockPos::new(1, 33, 0)).sky(), 14);
    assert_eq!(world.light(BlockPos::new(-1, 33, -1)).sky(), 13);
    assert_follows_the_model(&world, ColumnPos::new(-1, -1), ColumnPos::new(0, 0));
}

#[test]
fn torches_glowstone_leaves_and_water_follow_the_model() {
    let mut world = room();
    world.set_block(BlockPos::new(-2, 29, -2), Block::TORCH);
    world.set_block(BlockPos::new(2, 31, 2), Block::GLOWSTONE);
    world.set_block(BlockPos::new(0, 36, 0), Block::LEAVES);
    world.set_block(BlockPos::new(1, 36, 0), Block::WATER);
    world.set_block(BlockPos::new(0, 40, 0), Block::WATER);
    let torch = world.light(BlockPos::new(-2, 29, -2));
    assert_eq!(torch.block(), 14);
    assert_eq!(
        world.light(BlockPos::new(1, 29, -2)).block(),
        11,
        "three steps away"
    );
    assert_follows_the_model(&world, ColumnPos::new(-1, -1), ColumnPos::new(0, 0));
    // Breaking the lights leaves darkness, not a ghost glow.
    world.set_block(BlockPos::new(-2, 29, -2), Block::AIR);
    world.set_block(BlockPos::new(2, 31, 2), Block::AIR);
    assert_eq!(world.light(BlockPos::new(1, 29, -2)).block(), 0);
    assert_follows_the_model(&world, ColumnPos::new(-1, -1), ColumnPos::new(0, 0));
}

/// The chunks that see a cell of `region` whose light differs between `before` and the
/// world now, or the cell `edited`: exactly those an edit there must mesh again.
fn chunks_seeing_changes(
    world: &World,
    before: &[(BlockPos, Light)],
    edited: BlockPos,
) -> std::collections::BTreeSet<crate::world::ChunkPos> {
    before
        .iter()
        .filter(|&&(p, light)| world.light(p) != light)
        .map(|&(p, _)| p)
        .chain([edited])
        .flat_map(BlockPos::chunks_seeing)
        .collect()
}

#[test]
fn an_edit_redraws_exactly_the_chunks_that_see_a_changed_block_or_light() {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    // A dark room under the grass, across the chunk borders at x = 0, z = 0 and y = 32.
    let room = BlockPos::cells_between(BlockPos::new(-20, 26, -20), BlockPos::new(20, 40, 20));
    world.set_blocks(room.map(|p| (p, Block::AIR)));
    let region: Vec<BlockPos> =
        BlockPos::cells_between(BlockPos::new(-40, 16, -40), BlockPos::new(40, 50, 40)).collect();
    let snapshot = |world: &World| -> Vec<(BlockPos, Light)> {
        region.iter().map(|&p| (p, world.light(p))).collect()
    };
    // A torch lights cells in eight chunks; a stone in solid rock changes no light, and is
    // in the middle of its chunk, so only that chunk is redrawn.
    for (at, block, chunks) in [
        (BlockPos::new(3, 30, 3), Block::TORCH, 8),
        (BlockPos::new(3, 30, 3), Block::AIR, 8),
        (BlockPos::new(16, 10, 16), Block::COBBLESTONE, 1),
    ] {
        world.journal_mut().read_chunks(ChunkReader::Remesh);
        let before = snapshot(&world);
        assert!(world.set_block(at, block));
        let expected = chunks_seeing_changes(&world, &before, at);
        assert_eq!(expected.len(), chunks, "{block:?} at {at:?}: {expected:?}");
        assert_eq!(
            world.journal_mut().read_chunks(ChunkReader::Remesh),
            expected,
            "{block:?} at {at:?}"
        );
    }
}

/// A sheet of water across the top of an empty world, set in one batch: the column it
/// covers whole is lit again from scratch, the eight it covers in part are updated in place
/// beside it, and the light that comes out follows the model and is what a world loading
/// the same blocks afresh has.
#[test]
fn a_sheet_over_the_top_of_the_world_is_lit_as_loading_it_afresh_lights_it() {
    let mut world = empty();
    let columns: Vec<ColumnPos> = ColumnPos::new(0, 0).around(1).collect();
    for &c in &columns {
        world.load_column(c);
    }
    let sheet = BlockPos::cells_between(BlockPos::new(-8, 254, -8), BlockPos::new(40, 255, 40));
    world.set_blocks(sheet.map(|p| (p, Block::WATER)));
    assert_eq!(world.light(BlockPos::new(16, 255, 16)).sky(), 15);
    assert_eq!(world.light(BlockPos::new(16, 254, 16)).sky(), 12);
    assert_eq!(world.light(BlockPos::new(16, 200, 16)).sky(), 0);
    assert_follows_the_model(&world, ColumnPos::new(-1, -1), ColumnPos::new(1, 1));

    let mut afresh = empty();
    afresh.restore_edits(world.edits());
    for &c in columns.iter().rev() {
        afresh.load_column(c);
    }
    for chunk in columns.iter().flat_map(|c| c.chunks()) {
        for i in 0..CHUNK_VOLUME {
            let (a, b) = (world.chunk_light(chunk), afresh.chunk_light(chunk));
            let (a, b) = (a.map(|l| l.get(i)), b.map(|l| l.get(i)));
            assert_eq!(a, b, "{chunk:?} cell {i}");
        }
    }
}

#[test]
fn a_column_lit_again_redraws_every_chunk_that_sees_a_change() {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    let region: Vec<BlockPos> =
        BlockPos::cells_between(BlockPos::new(-40, 50, -40), BlockPos::new(70, 90, 70)).collect();
    for column in ColumnPos::covering(region[0], region[region.len() - 1]) {
        world.load_column(column);
    }
    let before: Vec<(BlockPos, Light)> = region.iter().map(|&p| (p, world.light(p))).collect();
    world.journal_mut().read_chunks(ChunkReader::Remesh);
    // A roof over the whole column at the origin, a few blocks over the grass.
    let roof = BlockPos::cells_between(BlockPos::new(0, 70, 0), BlockPos::new(31, 70, 31));
    world.set_blocks(roof.map(|p| (p, Block::STONE)));
    let redrawn = world.journal_mut().read_chunks(ChunkReader::Remesh);
    let expected = chunks_seeing_changes(&world, &before, BlockPos::new(0, 70, 0));
    assert!(expected.len() > 1);
    assert!(
        expected.is_subset(&redrawn),
        "{expected:?} not in {redrawn:?}"
    );
}
