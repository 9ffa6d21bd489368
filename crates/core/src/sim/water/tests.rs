use super::*;
use crate::world::ColumnPos;
use crate::worldgen::{Generator, GeneratorKind};

/// A flat world (grass top at y = 63) with `cells` set, and the columns around the origin
/// loaded (an unloaded column reads as air, which would be a way down everywhere).
fn flat_with(cells: &[(BlockPos, Block)]) -> World {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 1));
    for column in ColumnPos::new(0, 0).around(1) {
        world.load_column(column);
    }
    world.set_blocks(cells.iter().copied());
    world
}

fn at(x: i32, y: i32, z: i32) -> BlockPos {
    BlockPos::new(x, y, z)
}

/// What one update of `pos` writes, sorted by cell.
fn writes_of(world: &World, pos: BlockPos) -> Vec<(BlockPos, Block)> {
    let mut writes = Writes::default();
    update(world, &[pos], &mut writes);
    writes.0.into_iter().collect()
}

#[test]
fn a_source_on_flat_ground_spreads_level_one_to_all_four_sides() {
    let world = flat_with(&[(at(0, 64, 0), Block::WATER)]);
    assert_eq!(
        writes_of(&world, at(0, 64, 0)),
        vec![
            (at(-1, 64, 0), Block::WATER_1),
            (at(0, 64, -1), Block::WATER_1),
            (at(0, 64, 0), Block::WATER),
            (at(0, 64, 1), Block::WATER_1),
            (at(1, 64, 0), Block::WATER_1),
        ]
    );
}

#[test]
fn water_over_air_falls_and_does_not_spread_sideways() {
    let world = flat_with(&[
        (at(0, 64, 0), Block::WATER_3),
        (at(1, 64, 0), Block::WATER_2),
    ]);
    let world = {
        let mut w = world;
        w.set_block(at(0, 63, 0), Block::AIR);
        w
    };
    assert_eq!(
        writes_of(&world, at(0, 64, 0)),
        vec![
            (at(0, 63, 0), Block::WATER_FALLING),
            (at(0, 64, 0), Block::WATER_3)
        ]
    );
}

#[test]
fn flowing_water_heads_only_for_the_nearest_way_down() {
    // A hole three blocks east: only east is taken, though west and the sides are open too.
    let mut world = flat_with(&[(at(0, 64, 0), Block::WATER)]);
    world.set_block(at(3, 63, 0), Block::AIR);
    assert_eq!(ways_down(&world, at(0, 64, 0)), 0b0001);
    // One as near to the north as to the east: both.
    world.set_block(at(0, 63, -3), Block::AIR);
    assert_eq!(ways_down(&world, at(0, 64, 0)), 0b1001);
    // Diagonal, at two steps either way: both first steps lead there.
    let mut world = flat_with(&[]);
    world.set_block(at(1, 63, 1), Block::AIR);
    assert_eq!(ways_down(&world, at(0, 64, 0)), 0b0101);
    // Five blocks away is beyond the search: every side.
    let mut world = flat_with(&[]);
    world.set_block(at(5, 63, 0), Block::AIR);
    assert_eq!(ways_down(&world, at(0, 64, 0)), ALL_SIDES);
}

#[test]
fn weaker_water_never_overwrites_stronger() {
    let world = flat_with(&[
        (at(0, 64, 0), Block::WATER_3),
        (at(1, 64, 0), Block::WATER_2),
        (at(-1, 64, 0), Block::WATER_6),
        (at(0, 64, 1), Block::WATER),
    ]);
    let writes = writes_of(&world, at(0, 64, 0));
    // Fed by the source beside it, the cell becomes level 1 and spreads level 2: into the
    // level-6 cell and the air, not into the level-2 cell or the source.
    assert_eq!(
        writes,
        vec![
            (at(-1, 64, 0), Block::WATER_2),
            (at(0, 64, -1), Block::WATER_2),
            (at(0, 64, 0), Block::WATER_1),
        ]
    );
}

#[test]
fn two_sources_over_solid_ground_make_a_third_and_unfed_water_drains() {
    let world = flat_with(&[
        (at(-1, 64, 0), Block::WATER),
        (at(0, 64, 0), Block::WATER_1),
        (at(1, 64, 0), Block::WATER),
        (at(5, 64, 5), Block::WATER_4),
    ]);
    assert_eq!(settle(&world, at(0, 64, 0), Block::WATER_1), Block::WATER);
    assert_eq!(settle(&world, at(5, 64, 5), Block::WATER_4), Block::AIR);
}

#[test]
fn the_bottom_of_the_world_holds_water() {
    let world = World::new(Generator::new(GeneratorKind::Empty, 1));
    let mut world = world;
    world.set_block(at(0, 0, 0), Block::WATER);
    let writes = writes_of(&world, at(0, 0, 0));
    assert_eq!(writes.len(), 5, "{writes:?}");
    assert!(writes.iter().all(|(p, _)| p.y == 0));
}

#[test]
fn water_makes_no_edit_past_the_budget_but_still_changes_edited_cells() {
    let source = at(0, 64, 0);
    let pool = at(5, 64, 0);
    let world = flat_with(&[(source, Block::WATER), (pool, Block::WATER)]);
    let mut writes = Writes::default();
    update(&world, &[source], &mut writes);
    writes.offer(pool, Block::AIR);
    let changed = |max_edits| -> Vec<BlockPos> {
        writes.changes(&world, max_edits).map(|(p, _)| p).collect()
    };
    let sides = [at(-1, 64, 0), at(0, 64, -1), at(0, 64, 1), at(1, 64, 0)];
    assert_eq!(changed(usize::MAX), [&sides[..], &[pool]].concat());
    // Room for two more edits: the first two new cells in position order.
    assert_eq!(
        changed(world.edit_count() + 2),
        vec![sides[0], sides[1], pool]
    );
    assert_eq!(changed(world.edit_count()), vec![pool]);
    assert_eq!(changed(0), vec![pool]);
}
