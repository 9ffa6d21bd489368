//! The limits a scenario must keep, checked while it is parsed, before any work is done, so
//! that no small file costs much time or memory. README.md ("Limits") says how each was
//! chosen.

use std::collections::BTreeSet;

use glam::DVec3;

use super::{Fill, ScenarioError, invalid};
use hewn_core::aabb::Aabb;
use hewn_core::physics::crates::Crate;
use hewn_core::physics::falling::FallingBlock;
use hewn_core::world::light::MAX_LIGHT;
use hewn_core::world::{BlockPos, ColumnPos, WORLD_BORDER, WORLD_HEIGHT};

/// The largest scenario file read, in bytes; a longer one (or an endless one, such as
/// `/dev/zero`) is refused after reading this much.
pub const MAX_SCENARIO_BYTES: u64 = 16 << 20;
/// The largest |y| a scenario position may have: positions stay exact up to here.
pub const MAX_ALTITUDE: f64 = (1u64 << 28) as f64;
/// The largest speed along any axis a scenario may start with, in blocks per second.
pub const MAX_SPEED: f64 = 1_000.0;
/// The most ticks a scenario may run.
pub const MAX_TICKS: u64 = 1_000_000_000;
/// The most cells all `[[fill]]`s together may set.
pub const MAX_FILL_CELLS: u64 = 1 << 21;
/// The most water and sand updates a scenario may have waiting (`[[update]]`), and a saved
/// world: as many as the cells that fills may set, whose changes each schedule one.
pub const MAX_UPDATES: usize = MAX_FILL_CELLS as usize;
/// The most distinct columns the fills and the probes together may make the world load.
pub const MAX_LOADED_COLUMNS: usize = 1024;
/// The most crates a scenario may start with: as many as a world may hold.
pub use hewn_core::physics::crates::MAX_CRATES;
/// The most `[[input]]` entries a scenario may have.
pub const MAX_INPUTS: usize = 1_000_000;
/// The most packs a scenario may enable.
pub const MAX_PACKS: usize = 64;
/// The most probes a scenario may have.
pub const MAX_PROBES: usize = 1024;
/// The most keys, values and tables a scenario may hold outside its `[[input]]`, `[[fill]]`
/// and `[[update]]` tables, which are read in batches; the rest is parsed as one document
/// of a few hundred bytes an item. The most a scenario within the other limits needs is
/// about 35,000 (1000 crates, 1000 falling blocks and 1024 probes).
pub const MAX_DOCUMENT_ITEMS: usize = 1 << 17;

/// The most players a scenario may have, `[player]` and `[players.NAME]` together: ten
/// times a busy server's, and each loads only the few columns around it.
pub const MAX_PLAYERS: usize = 1024;

/// Refuses a list of `what` longer than `max`.
pub(super) fn count(key: &str, len: usize, max: usize) -> Result<(), ScenarioError> {
    if len > max {
        return Err(invalid(key, format!("{len} entries is more than {max}")));
    }
    Ok(())
}

/// Refuses a cell whose x or z lies beyond the world border.
pub(super) fn cell_inside_border(key: &str, cell: [i32; 3]) -> Result<(), ScenarioError> {
    for (axis, name) in [(0, "x"), (2, "z")] {
        let v = cell[axis];
        if !(-WORLD_BORDER..WORLD_BORDER).contains(&v) {
            return Err(invalid(
                key,
                format!(
                    "{name} = {v} is beyond the world border (cells {} to {})",
                    -WORLD_BORDER,
                    WORLD_BORDER - 1
                ),
            ));
        }
    }
    Ok(())
}

/// Refuses a body at `position` (bottom centre) whose box, `half_width` to each side, reaches
/// past the world border, or which lies farther than [`MAX_ALTITUDE`] above or below.
pub(super) fn body_inside_border(
    key: &str,
    position: DVec3,
    half_width: DVec3,
) -> Result<(), ScenarioError> {
    let border = f64::from(WORLD_BORDER);
    for (axis, name) in [(0, "x"), (2, "z")] {
        let v = position[axis];
        if v.abs() + half_width[axis] > border {
            return Err(invalid(
                key,
                format!("{name} = {v:?} puts the box beyond the world border (±{border})"),
            ));
        }
    }
    if position.y.abs() > MAX_ALTITUDE {
        return Err(invalid(
            key,
            format!("y = {:?} is not within ±{MAX_ALTITUDE}", position.y),
        ));
    }
    Ok(())
}

/// Whether a body at `position` (bottom centre), reaching `half_width` to each side and
/// moving at `velocity`, keeps the limits that a scenario's player and crates are held to:
/// its box inside the world border, within [`MAX_ALTITUDE`], no faster than [`MAX_SPEED`].
/// Saved worlds hold their player and crates to it as well.
#[must_use]
pub fn body_in_limits(position: DVec3, half_width: DVec3, velocity: DVec3) -> bool {
    let border = f64::from(WORLD_BORDER);
    position.is_finite()
        && velocity.is_finite()
        && position.x.abs() + half_width.x <= border
        && position.z.abs() + half_width.z <= border
        && position.y.abs() <= MAX_ALTITUDE
        && velocity.abs().max_element() <= MAX_SPEED
}

/// How many cells the box between `from` and `to` holds, saturating rather than wrapping.
pub(super) fn cells_in(from: [i32; 3], to: [i32; 3]) -> u64 {
    (0..3)
        .map(|a| u64::from(from[a].abs_diff(to[a])) + 1)
        .try_fold(1u64, u64::checked_mul)
        .unwrap_or(u64::MAX)
}

/// Refuses fills that together set more than [`MAX_FILL_CELLS`] cells, naming the fill that
/// goes over.
pub(super) fn fill_total(fills: &[Fill]) -> Result<(), ScenarioError> {
    let mut total = 0u64;
    for (i, f) in fills.iter().enumerate() {
        let cells = cells_in(f.from.to_ivec3().to_array(), f.to.to_ivec3().to_array());
        total = total.saturating_add(cells);
        if total > MAX_FILL_CELLS {
            return Err(invalid(
                format!("fill[{i}]"),
                format!("brings the cells set by all fills to {total}, more than {MAX_FILL_CELLS}"),
            ));
        }
    }
    Ok(())
}

/// Refuses fills, probes, crates, falling blocks and players placed by position that
/// together make the world load more than [`MAX_LOADED_COLUMNS`] columns. Runs after
/// [`fill_total`], so the columns to count are few.
pub(super) fn loaded_columns(
    fills: &[Fill],
    probes: &[BlockPos],
    crates: &[Crate],
    falling: &[FallingBlock],
    players: &[(String, DVec3)],
) -> Result<(), ScenarioError> {
    let mut columns = BTreeSet::new();
    let reach = glam::IVec3::new(i32::from(MAX_LIGHT), 0, i32::from(MAX_LIGHT));
    let boxes = fills
        .iter()
        .enumerate()
        .map(|(i, f)| (format!("fill[{i}]"), f.from, f.to))
        .chain(probes.iter().enumerate().map(|(i, &p)| {
            // Light at a probe depends on everything within light's reach.
            (format!("probes[{i}]"), p.offset(-reach), p.offset(reach))
        }))
        .chain(crates.iter().enumerate().map(|(i, c)| {
            // A tick loads a crate's path grown by a block, and the world grows what it
            // loads by one more (`Simulation::tick`, `World::load_region`).
            let (a, b) = loaded_by(c.bounds().inflated(1.0));
            (format!("crate[{i}].position"), a, b)
        }))
        .chain(falling.iter().enumerate().map(|(i, f)| {
            // A falling block moves straight down, so it loads the columns it stands in.
            let (a, b) = loaded_by(f.bounds());
            (format!("falling[{i}].position"), a, b)
        }))
        .chain(players.iter().map(|(table, at)| {
            // A tick loads a player's path grown by two blocks (`Simulation::step`).
            let (a, b) = loaded_by(hewn_core::physics::player_box(*at).inflated(2.0));
            (format!("{table}.position"), a, b)
        }));
    for (key, a, b) in boxes {
        for column in ColumnPos::covering(a, b) {
            columns.insert(column);
            if columns.len() > MAX_LOADED_COLUMNS {
                return Err(invalid(
                    key,
                    format!(
                        "brings the columns that fills, probes, crates, falling blocks and \
                         players load to more than {MAX_LOADED_COLUMNS} (a column is 32 × 32 \
                         blocks and {WORLD_HEIGHT} tall)"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The corners of the cells [`World::load_region`](hewn_core::world::World::load_region) loads
/// the columns of for `region`: those it meets, grown by one.
fn loaded_by(region: Aabb) -> (BlockPos, BlockPos) {
    let one = glam::IVec3::ONE;
    (
        BlockPos::containing(region.min).offset(-one),
        BlockPos::containing(region.max).offset(one),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_counts_saturate_instead_of_wrapping() {
        let n = cells_in([0, 0, i32::MIN], [i32::MAX, 255, i32::MAX]);
        assert_eq!(n, u64::MAX);
        assert_eq!(cells_in([1, 2, 3], [1, 2, 3]), 1);
        assert_eq!(cells_in([-1, 0, 0], [1, 1, 0]), 6);
    }
}
