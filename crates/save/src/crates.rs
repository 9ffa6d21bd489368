//! The `crates` table: every crate of the world, one row each, in the simulation's order.
//!
//! Crates are whole state, not edits: they fall and slide on their own, so each save replaces
//! every row rather than tracking which crates moved (a few dozen rows cost nothing next to
//! the chunks and the sync). Stored crates keep the rules scenario crates keep
//! ([`hewn_scenario::MAX_CRATES`], sizes, no overlaps): a file is input like any other.

use glam::DVec3;
use rusqlite::{Connection, params};

use super::rows::{DamagedRow, integer, real};
use hewn_core::physics::crates::{Crate, MAX_CRATE_SIZE, MIN_CRATE_SIZE};
use hewn_scenario::{MAX_CRATES, overlapping_pairs};

/// Replaces the stored crates with `crates`, inside the caller's transaction.
pub(super) fn write(conn: &Connection, crates: &[Crate]) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM crates", [])?;
    let mut put = conn.prepare_cached(
        "INSERT INTO crates (ordinal, x, y, z, sx, sy, sz, vx, vy, vz, on_ground)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?;
    for (ordinal, c) in (0_i64..).zip(crates) {
        if ![c.position, c.size, c.velocity]
            .iter()
            .all(|v| v.is_finite())
        {
            // SQLite stores NaN as NULL, which the table refuses: that would fail the whole
            // save and lose the chunks with it. A crate that broken is lost anyway.
            log::warn!("not saving a crate with non-finite state: {c:?}");
            continue;
        }
        put.execute(params![
            ordinal,
            c.position.x,
            c.position.y,
            c.position.z,
            c.size.x,
            c.size.y,
            c.size.z,
            c.velocity.x,
            c.velocity.y,
            c.velocity.z,
            c.on_ground,
        ])?;
    }
    Ok(())
}

/// The stored crates in their order, held to the rules a scenario's crates keep: at most
/// [`MAX_CRATES`], each with finite numbers and a size within the crate limits, inside the
/// border and the speed limit, and none overlapping an earlier one (physics would push such
/// crates apart with great force, every tick, for ever). Each row that breaks a rule is left
/// out and returned as damage; only the first [`MAX_CRATES`] rows are read at all, so a world
/// of a million crates costs no more than one of a thousand.
pub(super) fn read(conn: &Connection) -> rusqlite::Result<(Vec<Crate>, Vec<DamagedRow>)> {
    let mut damage = Vec::new();
    let total: i64 = conn.query_row("SELECT count(*) FROM crates", [], |r| r.get(0))?;
    let limit = i64::try_from(MAX_CRATES).unwrap_or(i64::MAX);
    if total > limit {
        damage.push(DamagedRow::table(
            "crates",
            format!(
                "{total} crates, more than the {MAX_CRATES} a world may hold; \
                 those after the first {MAX_CRATES} are left out"
            ),
        ));
    }
    let mut stmt = conn.prepare(
        "SELECT ordinal, x, y, z, sx, sy, sz, vx, vy, vz, on_ground FROM crates \
         ORDER BY ordinal LIMIT ?1",
    )?;
    let mut rows = stmt.query([limit])?;
    let mut read: Vec<(i64, Crate)> = Vec::new();
    while let Some(row) = rows.next()? {
        let ordinal: i64 = row.get(0)?;
        match crate_of(row) {
            Ok(c) if is_sane(&c) => read.push((ordinal, c)),
            Ok(_) => damage.push(DamagedRow::row(
                "crates",
                ordinal,
                "size, place or speed outside the limits a crate keeps",
            )),
            Err(problem) => damage.push(DamagedRow::row("crates", ordinal, problem)),
        }
    }
    let boxes: Vec<_> = read.iter().map(|(_, c)| c.bounds()).collect();
    let mut pairs = overlapping_pairs(&boxes);
    // By the later crate, so each earlier one's fate is settled before it is compared with.
    pairs.sort_unstable();
    let mut kept = vec![true; read.len()];
    for (later, earlier) in pairs {
        if kept[earlier] && kept[later] {
            kept[later] = false;
            damage.push(DamagedRow::row(
                "crates",
                read[later].0,
                format!("overlaps the crate in row {}", read[earlier].0),
            ));
        }
    }
    let crates = read
        .into_iter()
        .zip(kept)
        .filter_map(|((_, c), keep)| keep.then_some(c))
        .collect();
    Ok((crates, damage))
}

/// The crate in `row` (`ordinal` first), or what is wrong with its values.
fn crate_of(row: &rusqlite::Row<'_>) -> Result<Crate, String> {
    const NAMES: [&str; 9] = ["x", "y", "z", "sx", "sy", "sz", "vx", "vy", "vz"];
    let mut f = [0.0_f64; 9];
    for (i, (v, name)) in f.iter_mut().zip(NAMES).enumerate() {
        *v = real(row, i + 1, name)?;
    }
    Ok(Crate {
        position: DVec3::new(f[0], f[1], f[2]),
        size: DVec3::new(f[3], f[4], f[5]),
        velocity: DVec3::new(f[6], f[7], f[8]),
        on_ground: integer(row, 10, "on_ground")? != 0,
    })
}

fn is_sane(c: &Crate) -> bool {
    let size_ok = c
        .size
        .to_array()
        .iter()
        .all(|s| (MIN_CRATE_SIZE..=MAX_CRATE_SIZE).contains(s));
    // Out of range is as insane as non-finite: a crate at x = 1e300 would overflow the
    // block coordinates that physics computes around it.
    size_ok && hewn_scenario::body_in_limits(c.position, c.size / 2.0, c.velocity)
}

#[cfg(test)]
mod tests {
    use glam::DVec3;

    use super::*;

    #[test]
    fn stored_crates_out_of_range_are_not_sane() {
        let at = |x: f64, v: f64| Crate {
            position: DVec3::new(x, 64.0, 0.5),
            size: DVec3::ONE,
            velocity: DVec3::new(v, 0.0, 0.0),
            on_ground: false,
        };
        assert!(is_sane(&at(29_999_999.5, 0.0)));
        assert!(!is_sane(&at(29_999_999.6, 0.0)), "beyond the border");
        assert!(!is_sane(&at(1e300, 0.0)));
        assert!(!is_sane(&at(f64::NAN, 0.0)));
        assert!(!is_sane(&at(0.5, 1e6)), "faster than a scenario may start");
    }
}
