//! The `crates` table: every crate of the world, one row each, in the simulation's order.
//!
//! Crates are whole state, not edits: they fall and slide on their own, so each save replaces
//! every row rather than tracking which crates moved (a few dozen rows cost nothing next to
//! the chunks and the sync).

use glam::DVec3;
use rusqlite::{Connection, params};

use crate::physics::crates::{Crate, MAX_CRATE_SIZE, MIN_CRATE_SIZE};

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

/// The stored crates in their order. Rows no build could have written (non-finite numbers, a
/// size outside the crate limits) are dropped with a warning rather than handed to physics.
pub(super) fn read(conn: &Connection) -> rusqlite::Result<Vec<Crate>> {
    let mut stmt = conn.prepare(
        "SELECT x, y, z, sx, sy, sz, vx, vy, vz, on_ground FROM crates ORDER BY ordinal",
    )?;
    let rows = stmt.query_map([], |r| {
        let mut f = [0.0_f64; 9];
        for (i, v) in f.iter_mut().enumerate() {
            *v = r.get(i)?;
        }
        Ok(Crate {
            position: DVec3::new(f[0], f[1], f[2]),
            size: DVec3::new(f[3], f[4], f[5]),
            velocity: DVec3::new(f[6], f[7], f[8]),
            on_ground: r.get(9)?,
        })
    })?;
    let mut crates = Vec::new();
    for c in rows {
        let c = c?;
        if is_sane(&c) {
            crates.push(c);
        } else {
            log::warn!("dropping a stored crate no hewn could have saved: {c:?}");
        }
    }
    Ok(crates)
}

fn is_sane(c: &Crate) -> bool {
    let size_ok = c
        .size
        .to_array()
        .iter()
        .all(|s| (MIN_CRATE_SIZE..=MAX_CRATE_SIZE).contains(s));
    // Out of range is as insane as non-finite: a crate at x = 1e300 would overflow the
    // block coordinates that physics computes around it.
    size_ok && crate::sim::scenario::body_in_limits(c.position, c.size / 2.0, c.velocity)
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
