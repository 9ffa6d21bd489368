//! Items lying in the world: what broken blocks, dropped stacks and the dead leave behind.
//!
//! Each is a small box that falls and slides through the blocks as a crate does (the same
//! gravity, drag and friction), merges with items of its kind close by, can be picked up
//! 30 ticks after it appears by a player whose box, grown by 1 block sideways and 0.5 up
//! and down, overlaps it, and is gone after 5 minutes.

use glam::DVec3;

use super::inventory::Stack;
use crate::aabb::Aabb;
use crate::physics::sweep::move_through;
use crate::physics::tuning::{AIR_FRICTION, FALL_DRAG, GRAVITY, GROUND_FRICTION, TICK_SECONDS};
use crate::world::{BlockPos, BlockSource, ColumnPos};

/// The edge of an item's box, in blocks.
pub const ITEM_SIZE: f64 = 0.25;
/// Ticks after it appears before an item can be picked up.
pub const PICKUP_DELAY: u32 = 30;
/// Ticks an item lies before it is gone: 5 minutes.
pub const LIFETIME: u32 = 5 * 60 * 60;
/// How far a player reaches for items sideways, beyond its box.
pub const PICKUP_REACH_SIDEWAYS: f64 = 1.0;
/// How far it reaches up and down.
pub const PICKUP_REACH_UP_DOWN: f64 = 0.5;
/// How close (box to box, on every axis) two items of one kind must be to merge.
const MERGE_REACH: f64 = 0.5;
/// The most items that lie in one chunk column; past it the oldest there are gone. A
/// chest's worth of stacks (a dead player's inventory is 36) several times over, and few
/// enough that a column packed with items of kinds that never merge stays cheap to tick.
pub const MAX_ITEMS_PER_COLUMN: usize = 256;
/// The most items that lie in the world; past it the oldest anywhere are gone. Bounds the
/// cost of the items' tick whatever players throw (see the `hostile` bench's items).
pub const MAX_ITEMS: usize = 2048;

/// A stack lying in the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ItemDrop {
    /// What and how many.
    pub stack: Stack,
    /// The bottom centre of its box.
    pub position: DVec3,
    /// Blocks per second.
    pub velocity: DVec3,
    /// Whether it rested on something after its last tick.
    pub on_ground: bool,
    /// Ticks since it appeared.
    pub age: u32,
}

impl ItemDrop {
    /// `stack` appearing at `position` (bottom centre) moving at `velocity`.
    #[must_use]
    pub const fn new(stack: Stack, position: DVec3, velocity: DVec3) -> Self {
        Self {
            stack,
            position,
            velocity,
            on_ground: false,
            age: 0,
        }
    }

    /// Its box.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        let half = ITEM_SIZE / 2.0;
        Aabb::new(
            self.position - DVec3::new(half, 0.0, half),
            self.position + DVec3::new(half, ITEM_SIZE, half),
        )
    }

    /// Whether a player with box `body` can pick it up now.
    #[must_use]
    pub fn within_reach_of(&self, body: Aabb) -> bool {
        let reach = DVec3::new(
            PICKUP_REACH_SIDEWAYS,
            PICKUP_REACH_UP_DOWN,
            PICKUP_REACH_SIDEWAYS,
        );
        self.age >= PICKUP_DELAY
            && Aabb::new(body.min - reach, body.max + reach).intersects(self.bounds())
    }

    /// One tick of motion through `world`: friction, gravity, and a swept move that slides
    /// along what it hits.
    fn fall(&mut self, world: &impl BlockSource) {
        let friction = if self.on_ground {
            GROUND_FRICTION
        } else {
            AIR_FRICTION
        };
        self.velocity.x *= friction;
        self.velocity.z *= friction;
        self.velocity.y = (self.velocity.y - GRAVITY * TICK_SECONDS) * FALL_DRAG;
        let motion = self.velocity * TICK_SECONDS;
        let moved = move_through(world, self.bounds(), motion);
        self.position += moved.offset;
        for (axis, blocked) in moved.blocked.iter().enumerate() {
            if *blocked {
                self.velocity[axis] = 0.0;
            }
        }
        self.on_ground = moved.landed(motion);
    }
}

/// Every item in the world, in the order they appeared.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drops {
    list: Vec<ItemDrop>,
}

impl Drops {
    /// The items of `list`, in its order.
    #[must_use]
    pub const fn new(list: Vec<ItemDrop>) -> Self {
        Self { list }
    }

    /// Every item one tick older, and nothing else changed: a client's copy between the
    /// server's snapshots.
    pub fn age_all(&mut self) {
        for d in &mut self.list {
            d.age = d.age.saturating_add(1);
        }
    }

    /// The items, in the order they appeared.
    #[must_use]
    pub fn list(&self) -> &[ItemDrop] {
        &self.list
    }

    /// Adds `drop` last.
    pub fn add(&mut self, drop: ItemDrop) {
        self.list.push(drop);
    }

    /// Takes the item at `index` out.
    pub fn remove(&mut self, index: usize) -> ItemDrop {
        self.list.remove(index)
    }

    /// The item at `index`, to change.
    pub fn get_mut(&mut self, index: usize) -> Option<&mut ItemDrop> {
        self.list.get_mut(index)
    }

    /// One tick: every item ages and moves, those past their lifetime are gone, each item
    /// takes in the later items of its kind close to it, as long as its stack has room, and
    /// the oldest go where more lie than the caps allow. Returns the stacks that were gone
    /// for age or for the caps.
    pub fn tick(&mut self, world: &impl BlockSource) -> Vec<Stack> {
        for d in &mut self.list {
            d.age += 1;
            d.fall(world);
        }
        let mut expired = Vec::new();
        self.list.retain(|d| {
            let alive = d.age < LIFETIME;
            if !alive {
                expired.push(d.stack);
            }
            alive
        });
        self.merge();
        expired.extend(self.despawn_over_caps());
        expired
    }

    /// Merges items of one kind that lie within [`MERGE_REACH`] of each other: the earlier
    /// takes what fits from the later, which is gone once empty.
    ///
    /// Each item with room looks only at the later items of its kind in the cells of a grid
    /// around it ([`CellIndex`]), in the order they appeared, so the result is that of
    /// comparing every pair in order at the cost of comparing neighbours.
    fn merge(&mut self) {
        let cells = CellIndex::new(&self.list);
        let mut gone = vec![false; self.list.len()];
        let mut later = Vec::new();
        for i in 0..self.list.len() {
            let a = self.list[i];
            if gone[i] || a.stack.room() == 0 {
                continue;
            }
            // Kinds and places do not change while merging: only counts do.
            let reach = a.bounds().inflated(MERGE_REACH);
            later.clear();
            cells.near(a.position, |j| {
                let b = &self.list[j];
                if j > i
                    && !gone[j]
                    && b.stack.stacks_with(&a.stack)
                    && reach.intersects(b.bounds())
                {
                    later.push(j);
                }
            });
            later.sort_unstable();
            for &j in &later {
                let (a, b) = (self.list[i], self.list[j]);
                if a.stack.room() == 0 {
                    break;
                }
                let moved = a.stack.room().min(b.stack.count);
                self.list[i].stack.count += moved;
                self.list[i].age = a.age.min(b.age);
                self.list[j].stack.count -= moved;
                gone[j] = self.list[j].stack.count == 0;
            }
        }
        remove_marked(&mut self.list, &gone);
    }

    /// Takes out the oldest items wherever more lie than the caps allow: first in each
    /// chunk column over [`MAX_ITEMS_PER_COLUMN`], then in the world over [`MAX_ITEMS`].
    /// Among items of one age the one that appeared first goes first. Returns what went.
    fn despawn_over_caps(&mut self) -> Vec<Stack> {
        let mut gone = vec![false; self.list.len()];
        if self.list.len() > MAX_ITEMS_PER_COLUMN {
            let mut by_column: Vec<(ColumnPos, usize)> = (self.list.iter().enumerate())
                .map(|(i, d)| (BlockPos::containing(d.position).column(), i))
                .collect();
            by_column.sort_unstable();
            for column in by_column.chunk_by(|a, b| a.0 == b.0) {
                if column.len() > MAX_ITEMS_PER_COLUMN {
                    let indices: Vec<usize> = column.iter().map(|&(_, i)| i).collect();
                    self.mark_oldest(&indices, column.len() - MAX_ITEMS_PER_COLUMN, &mut gone);
                }
            }
        }
        let left = gone.iter().filter(|g| !**g).count();
        if left > MAX_ITEMS {
            let indices: Vec<usize> = (0..self.list.len()).filter(|&i| !gone[i]).collect();
            self.mark_oldest(&indices, left - MAX_ITEMS, &mut gone);
        }
        remove_marked(&mut self.list, &gone)
    }

    /// Marks the `count` oldest of the items at `indices` as gone.
    fn mark_oldest(&self, indices: &[usize], count: usize, gone: &mut [bool]) {
        let mut oldest_first = indices.to_vec();
        oldest_first.sort_unstable_by_key(|&i| (std::cmp::Reverse(self.list[i].age), i));
        for &i in &oldest_first[..count] {
            gone[i] = true;
        }
    }
}

/// Takes the items of `list` marked in `gone` out, keeping the others' order; returns the
/// stacks taken.
fn remove_marked(list: &mut Vec<ItemDrop>, gone: &[bool]) -> Vec<Stack> {
    let mut taken = Vec::new();
    let mut marks = gone.iter();
    list.retain(|d| {
        let go = marks.next().copied().unwrap_or(false);
        if go {
            taken.push(d.stack);
        }
        !go
    });
    taken
}

/// The edge of a cell of the merge's grid, in blocks: twice the farthest two merging items'
/// centres lie apart on an axis (half an item on either side plus [`MERGE_REACH`]), so the
/// items that can merge with one lie in at most 2 cells along each axis, 8 in all.
const CELL: f64 = 2.0 * (ITEM_SIZE + MERGE_REACH);

/// A cell of the merge's grid.
type Cell = [i64; 3];

/// Every item's cell, sorted, so the items in a cell are found by binary search: the merge's
/// grid.
struct CellIndex {
    sorted: Vec<(Cell, usize)>,
}

impl CellIndex {
    fn new(list: &[ItemDrop]) -> Self {
        let mut sorted: Vec<(Cell, usize)> = (list.iter().enumerate())
            .map(|(i, d)| (cell_of(d.position), i))
            .collect();
        sorted.sort_unstable();
        Self { sorted }
    }

    /// Calls `visit` with the index of every item in the cells that overlap the cube of
    /// edge [`CELL`] around `position`, grown a hair so that rounding cannot leave out an
    /// item that can merge.
    fn near(&self, position: DVec3, mut visit: impl FnMut(usize)) {
        let half = DVec3::splat(CELL / 2.0 + 1e-6);
        let (low, high) = (cell_of(position - half), cell_of(position + half));
        // Sorted by x, then y, then z: the cells of one x and y lie together in z's order,
        // so each such row is one search and a scan.
        for x in low[0]..=high[0] {
            for y in low[1]..=high[1] {
                let first = [x, y, low[2]];
                let start = self.sorted.partition_point(|&(c, _)| c < first);
                for &(c, i) in &self.sorted[start..] {
                    if c[0] != x || c[1] != y || c[2] > high[2] {
                        break;
                    }
                    visit(i);
                }
            }
        }
    }
}

/// The cell `position` lies in.
fn cell_of(position: DVec3) -> Cell {
    let cell = (position / CELL).floor();
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a place inside the world is far inside i64 (a NaN, which none is, gives 0)"
    )]
    [cell.x as i64, cell.y as i64, cell.z as i64]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Item;
    use crate::sim::survival::{Tier, Tool, ToolKind};
    use crate::world::{Block, World};
    use crate::worldgen::{Generator, GeneratorKind};

    fn floor() -> World {
        let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
        let cells = BlockPos::cells_between(BlockPos::new(-4, 9, -4), BlockPos::new(4, 9, 4));
        world.set_blocks(cells.map(|p| (p, Block::STONE)));
        world
    }

    const DIRT: Item = Item::Block(Block::DIRT);

    #[test]
    fn an_item_falls_to_the_floor_and_rests_on_it() {
        let world = floor();
        let mut drops = Drops::default();
        drops.add(ItemDrop::new(
            Stack::new(DIRT, 1),
            DVec3::new(0.5, 12.0, 0.5),
            DVec3::ZERO,
        ));
        for _ in 0..120 {
            drops.tick(&world);
        }
        let d = drops.list()[0];
        assert!((d.position.y - 10.0).abs() < 1e-9, "{}", d.position.y);
        assert!(d.on_ground);
    }

    #[test]
    fn items_of_a_kind_close_together_merge_into_one_stack_up_to_64() {
        let world = floor();
        let mut drops = Drops::default();
        for (x, n) in [(0.5, 40), (0.9, 30), (3.5, 5)] {
            drops.add(ItemDrop::new(
                Stack::new(DIRT, n),
                DVec3::new(x, 10.0, 0.5),
                DVec3::ZERO,
            ));
        }
        drops.tick(&world);
        let counts: Vec<_> = drops.list().iter().map(|d| d.stack.count).collect();
        assert_eq!(counts, [64, 6, 5]);
    }

    #[test]
    fn items_are_gone_after_five_minutes() {
        let world = floor();
        let mut drops = Drops::default();
        drops.add(ItemDrop::new(
            Stack::new(DIRT, 3),
            DVec3::new(0.5, 10.0, 0.5),
            DVec3::ZERO,
        ));
        for _ in 1..LIFETIME {
            assert!(drops.tick(&world).is_empty());
        }
        assert_eq!(drops.tick(&world), [Stack::new(DIRT, 3)]);
        assert!(drops.list().is_empty());
    }

    /// The merge as first written, comparing every pair in order: what the grid must equal.
    fn merge_every_pair(list: &mut Vec<ItemDrop>) {
        let mut i = 0;
        while i < list.len() {
            let mut j = i + 1;
            while j < list.len() {
                let (a, b) = (list[i], list[j]);
                let near = a.bounds().inflated(MERGE_REACH).intersects(b.bounds());
                if near && a.stack.stacks_with(&b.stack) && a.stack.room() > 0 {
                    let moved = a.stack.room().min(b.stack.count);
                    list[i].stack.count += moved;
                    list[i].age = a.age.min(b.age);
                    list[j].stack.count -= moved;
                    if list[j].stack.count == 0 {
                        list.remove(j);
                        continue;
                    }
                }
                j += 1;
            }
            i += 1;
        }
    }

    proptest::proptest! {
        #[test]
        fn the_grid_merges_as_comparing_every_pair_does(
            items in proptest::collection::vec(
                (0u8..3, 1u8..=64, -300i32..300, -40i32..40, -300i32..300, 0u32..100),
                0..120,
            )
        ) {
            let kinds = [DIRT, Item::Block(Block::STONE), Item::Block(Block::SAND)];
            // Positions on a 0.01 grid within 3 blocks, so neighbours, cell borders and
            // negative coordinates all come up.
            let list: Vec<ItemDrop> = items
                .iter()
                .map(|&(kind, count, x, y, z, age)| {
                    let at = DVec3::new(f64::from(x), f64::from(y), f64::from(z)) / 100.0;
                    let mut d = ItemDrop::new(Stack::new(kinds[usize::from(kind)], count), at, DVec3::ZERO);
                    d.age = age;
                    d
                })
                .collect();
            let mut expected = list.clone();
            merge_every_pair(&mut expected);
            let mut drops = Drops::new(list);
            drops.merge();
            proptest::prop_assert_eq!(drops.list(), &expected[..]);
        }
    }

    /// `n` single items of one kind that never merge with each other (each a stack of
    /// one tool), lying a block apart in a row along x from `x`, `age` ticks old.
    fn row(n: usize, x: i32, age: u32) -> Vec<ItemDrop> {
        (0..n)
            .map(|i| {
                let i = i32::try_from(i).expect("a small row");
                let at = DVec3::new(f64::from(x + i % 16) + 0.5, 10.0, f64::from(i / 16) + 0.5);
                let mut d = ItemDrop::new(
                    Stack::new(Item::Tool(Tool::new(ToolKind::Pickaxe, Tier::Wood)), 1),
                    at,
                    DVec3::ZERO,
                );
                d.age = age;
                d
            })
            .collect()
    }

    #[test]
    fn a_column_holds_at_most_its_cap_and_the_oldest_go_first() {
        let world = floor();
        let mut list = row(MAX_ITEMS_PER_COLUMN, 0, 100);
        list.extend(row(10, 0, 5_000));
        let mut drops = Drops::new(list);
        let gone = drops.tick(&world);
        assert_eq!(gone.len(), 10);
        assert_eq!(drops.list().len(), MAX_ITEMS_PER_COLUMN);
        assert!(drops.list().iter().all(|d| d.age == 101), "the oldest went");
    }

    #[test]
    fn the_world_holds_at_most_its_cap_and_the_oldest_go_first() {
        let world = floor();
        let columns = MAX_ITEMS / 128 + 1;
        let mut list = Vec::new();
        for c in 0..columns {
            let x = 16 * i32::try_from(c).expect("a few columns");
            list.extend(row(128, x, u32::try_from(c).expect("a few columns")));
        }
        let mut drops = Drops::new(list);
        let gone = drops.tick(&world);
        assert_eq!(gone.len(), columns * 128 - MAX_ITEMS);
        assert_eq!(drops.list().len(), MAX_ITEMS);
        // Column c's items were c ticks old, c + 1 after the tick: the last column went.
        let last = u32::try_from(columns).expect("a few columns");
        assert!(drops.list().iter().all(|d| d.age < last));
    }
}
