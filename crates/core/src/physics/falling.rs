//! Falling blocks: sand and gravel with nothing solid under them, on their way down.
//!
//! A falling block is a one-block box moved straight down by the same swept collision as the
//! crates ([`super::sweep::move_among`]), with their gravity and drag. It passes through
//! what has no collider (water, torches, plants) and stops on the first collider under it:
//! a block, a crate, the player or another falling block. Whether and where it turns back
//! into a block is the simulation's to decide ([`FallingBlock::resting_on_blocks`]).

use std::collections::BTreeMap;

use glam::DVec3;

use super::sweep::{colliders_in, move_among};
use super::tuning::{FALL_DRAG, GRAVITY, TICK_SECONDS};
use crate::aabb::Aabb;
use crate::world::{Block, BlockPos, BlockSource};

/// At most this many blocks fall at once; sand or gravel found unsupported beyond it waits in
/// the update queue until one lands. As many as the crates a scenario may hold, and cheaper.
pub const MAX_FALLING: usize = 1000;

/// Below this height a falling block has left the world through a hole in its floor, and is
/// dropped.
pub const LOST_BELOW: f64 = -64.0;

/// How far below a resting block [`FallingBlock::resting_on_blocks`] probes for support.
const SUPPORT_PROBE: f64 = 1e-3;

/// A block on its way down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FallingBlock {
    /// The block it is (sand or gravel).
    pub block: Block,
    /// The centre of its bottom face: x and z are the centre of the column it started in.
    pub position: DVec3,
    /// Its vertical velocity in blocks per second (negative is down).
    pub velocity: f64,
}

impl FallingBlock {
    /// `block`, starting to fall from the cell `pos`.
    #[must_use]
    pub fn from_cell(block: Block, pos: BlockPos) -> Self {
        Self {
            block,
            position: pos.min_corner() + DVec3::new(0.5, 0.0, 0.5),
            velocity: 0.0,
        }
    }

    /// Its box.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        Aabb::from_bottom_centre(self.position, DVec3::ONE)
    }

    /// The cell it becomes when it lands: the one holding its centre.
    #[must_use]
    pub fn cell(&self) -> BlockPos {
        BlockPos::containing(self.bounds().centre())
    }

    /// Whether a block collider holds it up (not a crate, the player or another falling
    /// block, which may move away).
    #[must_use]
    pub fn resting_on_blocks(&self, world: &impl BlockSource) -> bool {
        let motion = DVec3::new(0.0, -SUPPORT_PROBE, 0.0);
        let mut colliders = Vec::new();
        colliders_in(world, self.bounds().swept(motion), &mut colliders);
        move_among(&colliders, self.bounds(), motion).blocked[1]
    }
}

/// The blocks falling now, in the order they started.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Falling {
    list: Vec<FallingBlock>,
}

impl Falling {
    /// These falling blocks, in order.
    #[must_use]
    pub fn new(list: Vec<FallingBlock>) -> Self {
        Self { list }
    }

    /// The falling blocks, in the order they started.
    #[must_use]
    pub fn list(&self) -> &[FallingBlock] {
        &self.list
    }

    /// Whether there is room for one more ([`MAX_FALLING`]).
    #[must_use]
    pub fn has_room(&self) -> bool {
        self.list.len() < MAX_FALLING
    }

    /// Adds one at the end of the list.
    pub fn add(&mut self, b: FallingBlock) {
        self.list.push(b);
    }

    /// Keeps only the falling blocks for which `keep` is true, in order.
    pub fn retain(&mut self, keep: impl FnMut(&FallingBlock) -> bool) {
        self.list.retain(keep);
    }

    /// Whether any falling block overlaps `b`.
    #[must_use]
    pub fn any_intersect(&self, b: Aabb) -> bool {
        self.list.iter().any(|f| f.bounds().intersects(b))
    }

    /// One tick: each falling block in turn gains speed and moves down until a collider —
    /// a block, one of the `fixed` boxes (the player, the crates) or another falling block —
    /// stops it. Falling blocks only move down, so only those of the same column can meet.
    pub fn tick(&mut self, world: &impl BlockSource, fixed: &[Aabb]) {
        let mut by_column: BTreeMap<(i64, i64), Vec<usize>> = BTreeMap::new();
        for (i, f) in self.list.iter().enumerate() {
            by_column.entry(column_of(f)).or_default().push(i);
        }
        let mut colliders = Vec::new();
        for i in 0..self.list.len() {
            let f = self.list[i];
            let velocity = (f.velocity - GRAVITY * TICK_SECONDS) * FALL_DRAG;
            let motion = DVec3::new(0.0, velocity * TICK_SECONDS, 0.0);
            let body = f.bounds();
            let path = body.swept(motion);
            colliders.clear();
            colliders_in(world, path, &mut colliders);
            let others = by_column[&column_of(&f)]
                .iter()
                .filter(|&&j| j != i)
                .map(|&j| self.list[j].bounds());
            colliders.extend(
                fixed
                    .iter()
                    .copied()
                    .chain(others)
                    .filter(|b| b.intersects(path) && !b.intersects(body)),
            );
            let moved = move_among(&colliders, body, motion);
            let f = &mut self.list[i];
            f.position.y += moved.offset.y;
            f.velocity = if moved.blocked[1] { 0.0 } else { velocity };
        }
    }
}

/// The column a falling block is in, as a key.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a falling block is inside the world's bounds, far within i64"
)]
fn column_of(f: &FallingBlock) -> (i64, i64) {
    (f.position.x.floor() as i64, f.position.z.floor() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::SparseWorld;

    #[test]
    fn a_falling_block_lands_exactly_on_the_block_below() {
        let mut world = SparseWorld::default();
        world.set(BlockPos::new(2, 60, -3), Block::STONE);
        let mut falling = Falling::default();
        falling.add(FallingBlock::from_cell(
            Block::SAND,
            BlockPos::new(2, 70, -3),
        ));
        for _ in 0..120 {
            falling.tick(&world, &[]);
        }
        let f = falling.list()[0];
        assert_eq!(f.position, DVec3::new(2.5, 61.0, -2.5));
        assert_eq!(f.velocity, 0.0);
        assert_eq!(f.cell(), BlockPos::new(2, 61, -3));
        assert!(f.resting_on_blocks(&world));
    }

    #[test]
    fn a_falling_block_stops_on_the_one_below_and_on_fixed_boxes() {
        let mut world = SparseWorld::default();
        world.set(BlockPos::new(0, 10, 0), Block::STONE);
        let mut falling = Falling::new(vec![
            FallingBlock::from_cell(Block::SAND, BlockPos::new(0, 12, 0)),
            FallingBlock::from_cell(Block::GRAVEL, BlockPos::new(0, 14, 0)),
            FallingBlock::from_cell(Block::SAND, BlockPos::new(5, 14, 0)),
        ]);
        let table = Aabb::new(DVec3::new(5.0, 0.0, 0.0), DVec3::new(6.0, 11.5, 1.0));
        for _ in 0..120 {
            falling.tick(&world, &[table]);
        }
        let ys: Vec<f64> = falling.list().iter().map(|f| f.position.y).collect();
        assert_eq!(ys, vec![11.0, 12.0, 11.5]);
        assert!(falling.list()[0].resting_on_blocks(&world));
        assert!(!falling.list()[1].resting_on_blocks(&world));
        assert!(!falling.list()[2].resting_on_blocks(&world));
    }
}
