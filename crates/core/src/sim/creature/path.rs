//! Paths: A* over the block grid, from the cell a creature's feet are in to the cell it
//! wants to reach (Hart, Nilsson and Raphael, 1968).
//!
//! A node is a cell a creature can stand in: it and the cells above it, as many as the
//! creature is tall, hold no collider, and below it is a collider to stand on (or the cell
//! is water, which it swims in). From a node it walks to a level neighbour, steps up one
//! block where there is room over its head, or drops at most [`MAX_DROP`] blocks.
//!
//! Every search opens at most [`SEARCH_LIMIT`] nodes, and all searches of one tick together
//! at most [`TICK_BUDGET`]: a creature that finds the budget spent waits for the next tick,
//! so a crowd never slows the tick (Luanti's pathfinder, with no budget, stalled servers
//! for minutes: luanti #8584). A search that runs out of nodes, or finds no way, gives the
//! path to the node nearest the goal, which is where a creature would head anyway.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use glam::IVec3;

use crate::world::{Block, BlockPos, BlockSource};

/// The most nodes one search opens.
pub const SEARCH_LIMIT: usize = 600;
/// The most nodes all searches of one tick open together.
pub const TICK_BUDGET: usize = 2400;
/// The highest a path drops in one move, in blocks.
pub const MAX_DROP: i32 = 3;

/// The four level directions, in the order they are tried.
const LEVEL: [IVec3; 4] = [IVec3::NEG_Z, IVec3::X, IVec3::Z, IVec3::NEG_X];

/// Whether a body passes through `block`: nothing to collide with.
fn open(block: Block) -> bool {
    block.properties().colliders.is_empty()
}

/// Whether a creature `cells` tall fits with its feet in `pos`.
fn fits(world: &impl BlockSource, pos: BlockPos, cells: i32) -> bool {
    (0..cells).all(|dy| open(world.block(pos.offset(IVec3::new(0, dy, 0)))))
}

/// Whether a creature `cells` tall can stand with its feet in `pos`: it fits, and there is
/// ground under it or water around its feet.
#[must_use]
pub fn can_stand(world: &impl BlockSource, pos: BlockPos, cells: i32) -> bool {
    if !pos.in_world_height() || !fits(world, pos, cells) {
        return false;
    }
    let below = world.block(pos.offset(IVec3::NEG_Y));
    !open(below) || world.block(pos).is_water()
}

/// The cells a move from `from` can reach, with what each costs.
fn moves(world: &impl BlockSource, from: BlockPos, cells: i32, out: &mut Vec<(BlockPos, u32)>) {
    out.clear();
    for dir in LEVEL {
        let level = from.offset(dir);
        if can_stand(world, level, cells) {
            out.push((level, 10));
            continue;
        }
        let up = level.offset(IVec3::Y);
        if can_stand(world, up, cells) && open(world.block(from.offset(IVec3::new(0, cells, 0)))) {
            out.push((up, 20));
            continue;
        }
        if !fits(world, level, cells) {
            continue;
        }
        for drop in 1..=MAX_DROP {
            let down = level.offset(IVec3::new(0, -drop, 0));
            if !open(world.block(down)) {
                break;
            }
            if can_stand(world, down, cells) {
                out.push((down, 10 + 5 * drop.unsigned_abs()));
                break;
            }
        }
    }
}

/// The distance estimate A* orders by: taxicab, in the moves' cost units.
fn estimate(a: BlockPos, b: BlockPos) -> u32 {
    let d = (a.to_ivec3() - b.to_ivec3()).abs();
    (d.x + d.y + d.z).unsigned_abs() * 10
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The cells to walk through, the first after the start first; ends at the goal if
    /// [`Found::whole`].
    pub cells: Vec<BlockPos>,
    /// Whether it reaches the goal.
    pub whole: bool,
    /// The nodes the search opened.
    pub opened: usize,
}

/// A path for a creature `cells` tall from `start` to `goal`, opening at most `limit` nodes.
#[must_use]
pub fn find(
    world: &impl BlockSource,
    start: BlockPos,
    goal: BlockPos,
    cells: i32,
    limit: usize,
) -> Found {
    let mut came_from: HashMap<BlockPos, BlockPos> = HashMap::new();
    let mut cost: HashMap<BlockPos, u32> = HashMap::new();
    let mut frontier = BinaryHeap::new();
    let mut order = 0_u64;
    cost.insert(start, 0);
    frontier.push(Reverse((estimate(start, goal), order, start)));
    let mut best = (estimate(start, goal), start);
    let mut opened = 0;
    let mut next = Vec::with_capacity(4);
    let mut whole = false;
    while let Some(Reverse((_, _, here))) = frontier.pop() {
        if here == goal {
            whole = true;
            best = (0, here);
            break;
        }
        if opened >= limit {
            break;
        }
        opened += 1;
        let so_far = cost[&here];
        moves(world, here, cells, &mut next);
        for &(there, step) in &next {
            let through = so_far + step;
            if cost.get(&there).is_some_and(|&c| c <= through) {
                continue;
            }
            cost.insert(there, through);
            came_from.insert(there, here);
            let left = estimate(there, goal);
            if left < best.0 {
                best = (left, there);
            }
            order += 1;
            frontier.push(Reverse((through + left, order, there)));
        }
    }
    let mut cells_back = Vec::new();
    let mut at = best.1;
    while at != start {
        cells_back.push(at);
        match came_from.get(&at) {
            Some(&before) => at = before,
            None => break,
        }
    }
    cells_back.reverse();
    Found {
        cells: cells_back,
        whole,
        opened,
    }
}
