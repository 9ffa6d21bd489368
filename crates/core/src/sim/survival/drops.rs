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
use crate::world::BlockSource;

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

    /// One tick: every item ages and moves, those past their lifetime are gone, and each
    /// item takes in the later items of its kind close to it, as long as its stack has
    /// room. Returns the stacks that were gone for age.
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
        expired
    }

    /// Merges items of one kind that lie within [`MERGE_REACH`] of each other: the earlier
    /// takes what fits from the later, which is gone once empty.
    fn merge(&mut self) {
        let mut i = 0;
        while i < self.list.len() {
            let mut j = i + 1;
            while j < self.list.len() {
                let (a, b) = (self.list[i], self.list[j]);
                let near = a.bounds().inflated(MERGE_REACH).intersects(b.bounds());
                if near && a.stack.stacks_with(&b.stack) && a.stack.room() > 0 {
                    let moved = a.stack.room().min(b.stack.count);
                    self.list[i].stack.count += moved;
                    self.list[i].age = a.age.min(b.age);
                    self.list[j].stack.count -= moved;
                    if self.list[j].stack.count == 0 {
                        self.list.remove(j);
                        continue;
                    }
                }
                j += 1;
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Item;
    use crate::world::{Block, BlockPos, World};
    use crate::worldgen::{Generator, GeneratorKind};

    fn floor() -> World {
        let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
        let cells = BlockPos::cells_between(BlockPos::new(-4, 9, -4), BlockPos::new(4, 9, 4));
        world.set_blocks(cells.map(|p| (p, Block::Stone)));
        world
    }

    const DIRT: Item = Item::Block(Block::Dirt);

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
}
