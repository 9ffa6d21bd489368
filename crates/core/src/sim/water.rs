//! Flowing water: Minecraft's rules for water, at hewn's 60 ticks a second.
//!
//! A water cell is updated 15 ticks after it or a neighbour changed ([`WATER_DELAY`]; the
//! queue is [`super::updates`]). An update first *settles* the cell — what its neighbours
//! now make of it — and then *spreads* it:
//!
//! - **Settle.** A source stays a source. Any other water cell with two or more sources
//!   beside it, over a solid block or a source, becomes a source. Otherwise, with water
//!   above it, it is falling water; otherwise it is flowing water one level weaker than its
//!   strongest side neighbour (sources and falling water count as level 0), or drains to
//!   air when that would be weaker than level 7.
//! - **Spread.** If the cell below takes water (air, flowing or falling water), it becomes
//!   (or stays) falling water and the cell does not spread sideways. Over a source, flowing
//!   and falling water stay put and a source spreads sideways. Over anything else it spreads
//!   sideways at its level + 1 (a source or falling water spreads level 1), not beyond
//!   level 7, into each side cell that is air or weaker flowing water — toward the nearest
//!   way down within [`SLOPE_DISTANCE`] blocks when there is one (every side that starts a
//!   shortest path to it), to all four sides when there is none.
//!
//! Every update of a tick reads the world as it was before any of them, and their writes are
//! applied together (the strongest water wins a cell two of them write), so the result does
//! not depend on the order of the queue and light is updated once per column.

use std::collections::BTreeMap;

use glam::IVec3;

use crate::world::fluid::MAX_FLOW_LEVEL;
use crate::world::{Block, BlockPos, BlockSource, World};

/// Ticks between a change and the update of the water cells at and beside it: Minecraft's
/// five game ticks at 20 a second, which are fifteen of hewn's 60.
pub const WATER_DELAY: u64 = 15;

/// The most edits a world may hold for water to make another: the world's own limit
/// ([`crate::world::MAX_EDITS`]). Past it, water changes only cells that are edited already,
/// chosen in position order, so a flood stops spreading the same way every run (README.md,
/// "Limits"). Each source of a sheet at the top of an empty world becomes a waterfall 255
/// blocks tall, so without it a flood grows the world, and its memory, without bound.
pub const MAX_EDITS_FOR_WATER: usize = crate::world::MAX_EDITS;

/// How far sideways flowing water looks for a way down, in blocks (Minecraft's slope
/// distance for water).
pub const SLOPE_DISTANCE: usize = 4;

/// The four horizontal directions, in the order their bits appear in a direction mask.
const SIDES: [IVec3; 4] = [IVec3::X, IVec3::NEG_X, IVec3::Z, IVec3::NEG_Z];

/// Every direction is open: what water spreads to when no way down is near.
const ALL_SIDES: u8 = 0b1111;

/// The block at `pos`, with the bottom of the world closed: below y = 0 reads as bedrock, so
/// water never falls out of the world.
fn cell(world: &World, pos: BlockPos) -> Block {
    if pos.y < 0 {
        Block::BEDROCK
    } else {
        world.block(pos)
    }
}

/// Whether water can flow into a cell holding `block` (air, or flowing water that the
/// arriving water may overwrite): the cells falling water goes into and paths run through.
fn open(block: Block) -> bool {
    block == Block::AIR || block.flow_level().is_some()
}

/// Whether water arriving as `incoming` replaces `block`: air, and flowing water weaker
/// than it.
fn takes(block: Block, incoming: Block) -> bool {
    match (block.water_rank(), incoming.water_rank()) {
        _ if block == Block::AIR => true,
        (Some(there), Some(new)) => block.flow_level().is_some() && there > new,
        _ => false,
    }
}

/// Water's writes of one tick, merged: the strongest water offered for a cell, or air when
/// only air is.
#[derive(Debug, Default)]
pub struct Writes(BTreeMap<BlockPos, Block>);

impl Writes {
    /// Offers `block` for `pos`; a stronger offer already there wins.
    fn offer(&mut self, pos: BlockPos, block: Block) {
        let rank = |b: Block| b.water_rank().unwrap_or(u8::MAX);
        self.0
            .entry(pos)
            .and_modify(|b| {
                if rank(block) < rank(*b) {
                    *b = block;
                }
            })
            .or_insert(block);
    }

    /// The cells whose block changes, with their new block, in position order: those that
    /// are edited already, and of the others only as many as keep the world's edits within
    /// `max_edits`.
    pub fn changes<'a>(
        &'a self,
        world: &'a World,
        max_edits: usize,
    ) -> impl Iterator<Item = (BlockPos, Block)> + 'a {
        let mut room = max_edits.saturating_sub(world.edit_count());
        self.0
            .iter()
            .map(|(&p, &b)| (p, b))
            .filter(|&(p, b)| world.block(p) != b)
            .filter(move |&(p, _)| {
                if world.is_edited(p) {
                    return true;
                }
                let fits = room > 0;
                room = room.saturating_sub(1);
                fits
            })
    }
}

/// Updates the water at each of `cells` (cells that hold no water any more are skipped)
/// against the world as it is, adding what they write to `writes`.
pub fn update(world: &World, cells: &[BlockPos], writes: &mut Writes) {
    for &pos in cells {
        let current = world.block(pos);
        if !current.is_water() {
            continue;
        }
        let settled = settle(world, pos, current);
        writes.offer(pos, settled);
        if settled.is_water() {
            spread(world, pos, settled, writes);
        }
    }
}

/// What the water at `pos` (now `current`) becomes, from its neighbours.
fn settle(world: &World, pos: BlockPos, current: Block) -> Block {
    if current == Block::WATER {
        return current;
    }
    let sides = SIDES.map(|d| cell(world, pos.offset(d)));
    let sources = sides.iter().filter(|&&b| b == Block::WATER).count();
    let below = cell(world, pos.offset(IVec3::NEG_Y));
    if sources >= 2 && (below.is_solid() || below == Block::WATER) {
        return Block::WATER;
    }
    if cell(world, pos.offset(IVec3::Y)).is_water() {
        return Block::WATER_FALLING;
    }
    sides
        .iter()
        .filter_map(|b| b.spread_level())
        .min()
        .and_then(|level| Block::flowing(level + 1))
        .unwrap_or(Block::AIR)
}

/// Spreads the water `state` at `pos`: down if it can, else sideways.
fn spread(world: &World, pos: BlockPos, state: Block, writes: &mut Writes) {
    let down = pos.offset(IVec3::NEG_Y);
    let below = cell(world, down);
    if open(below) {
        writes.offer(down, Block::WATER_FALLING);
        return;
    }
    // Falling water below is water on its way down already; over a lake (a source) only a
    // source spreads, so that a lake floods a hole dug beside it but a waterfall landing in
    // it does not spread over its surface.
    if below == Block::WATER_FALLING || (below == Block::WATER && state != Block::WATER) {
        return;
    }
    let Some(level) = state.spread_level() else {
        return;
    };
    if level >= MAX_FLOW_LEVEL {
        return;
    }
    let Some(flowing) = Block::flowing(level + 1) else {
        return;
    };
    let mut open_sides = 0;
    for (i, side) in SIDES.iter().enumerate() {
        if takes(cell(world, pos.offset(*side)), flowing) {
            open_sides |= 1 << i;
        }
    }
    // Most updates (a lake's sources, flowing water that has spread already) have nowhere
    // to go; the search for a way down is only worth it for those that do.
    if open_sides == 0 {
        return;
    }
    let directions = open_sides & ways_down(world, pos);
    for (i, side) in SIDES.iter().enumerate() {
        if directions & (1 << i) != 0 {
            writes.offer(pos.offset(*side), flowing);
        }
    }
}

/// Whether water at `pos` (an open cell) would have a way down: the cell below takes water
/// or is water already.
fn is_hole(world: &World, pos: BlockPos) -> bool {
    let below = cell(world, pos.offset(IVec3::NEG_Y));
    open(below) || below.is_water()
}

/// The side of the square of cells [`ways_down`] can reach: [`SLOPE_DISTANCE`] each way.
const REACH: usize = 2 * SLOPE_DISTANCE + 1;

/// The sides (bits in [`SIDES`] order) that start a shortest path from `from` through open
/// cells to the nearest way down within [`SLOPE_DISTANCE`] blocks; all four when there is no
/// way down that near. A breadth-first search, so "nearest" is exact where Minecraft's
/// depth-first search can take a longer path first. Each cell the search reaches carries the
/// first steps of every shortest path to it, in a fixed square around `from`; the two
/// frontiers hold at most 16 cells each.
fn ways_down(world: &World, from: BlockPos) -> u8 {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_possible_wrap,
        reason = "SLOPE_DISTANCE is 4"
    )]
    const CENTRE: i32 = SLOPE_DISTANCE as i32;
    // First steps of the shortest paths to each cell of the square; 0 = not reached.
    let mut steps = [[0u8; REACH]; REACH];
    #[expect(
        clippy::cast_sign_loss,
        reason = "the search stays within SLOPE_DISTANCE of `from`: both offsets are in 0..REACH"
    )]
    let index = |p: BlockPos| {
        (
            (p.x - from.x + CENTRE) as usize,
            (p.z - from.z + CENTRE) as usize,
        )
    };
    let mut frontier: Vec<BlockPos> = Vec::with_capacity(4 * SLOPE_DISTANCE);
    let mut next_frontier: Vec<BlockPos> = Vec::with_capacity(4 * SLOPE_DISTANCE);
    let mut found = 0;
    for (i, side) in SIDES.iter().enumerate() {
        let next = from.offset(*side);
        if open(cell(world, next)) {
            let (x, z) = index(next);
            steps[x][z] = 1 << i;
            frontier.push(next);
            if is_hole(world, next) {
                found |= 1 << i;
            }
        }
    }
    // The start is no way through: mark it reached so no path comes back over it.
    steps[CENTRE as usize][CENTRE as usize] = ALL_SIDES;
    for _ in 1..SLOPE_DISTANCE {
        if found != 0 {
            return found;
        }
        next_frontier.clear();
        for &pos in &frontier {
            let (x, z) = index(pos);
            let mask = steps[x][z];
            for side in SIDES {
                let next = pos.offset(side);
                let (nx, nz) = index(next);
                let seen = steps[nx][nz];
                if seen == 0 {
                    if open(cell(world, next)) {
                        steps[nx][nz] = mask;
                        next_frontier.push(next);
                    }
                } else if next_frontier.contains(&next) {
                    // Reached at this same distance by another path: it starts there too.
                    steps[nx][nz] |= mask;
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next_frontier);
        for &pos in &frontier {
            if is_hole(world, pos) {
                let (x, z) = index(pos);
                found |= steps[x][z];
            }
        }
    }
    if found == 0 { ALL_SIDES } else { found }
}

#[cfg(test)]
mod tests;
