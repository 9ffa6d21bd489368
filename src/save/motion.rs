//! The `updates` and `falling` tables: what the world is doing by itself when it is saved —
//! the water and sand cells waiting for an update, and the blocks on their way down.
//!
//! Like the crates, they are whole state, rewritten by every save. An update is stored with
//! the ticks left until it is due, not its due tick, because the simulation's tick count
//! starts from 0 each time a world is opened.

use glam::DVec3;
use rusqlite::{Connection, params};

use super::rows::{DamagedRow, integer, real};
use crate::physics::falling::FallingBlock;
use crate::sim::scenario::body_in_limits;
pub use crate::sim::updates::Motion;
use crate::world::{Block, BlockPos};

/// Replaces the stored motion with `motion`, inside the caller's transaction.
pub(super) fn write(conn: &Connection, motion: &Motion) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM updates", [])?;
    conn.execute("DELETE FROM falling", [])?;
    let mut put = conn.prepare_cached(
        "INSERT INTO updates (ordinal, delay, x, y, z) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (ordinal, (delay, pos)) in (0_i64..).zip(&motion.updates) {
        let delay = i64::try_from(*delay).unwrap_or(i64::MAX);
        put.execute(params![ordinal, delay, pos.x, pos.y, pos.z])?;
    }
    let mut put = conn.prepare_cached(
        "INSERT INTO falling (ordinal, block, x, y, z, vy) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (ordinal, f) in (0_i64..).zip(&motion.falling) {
        if !(f.position.is_finite() && f.velocity.is_finite()) {
            // SQLite would store NaN as NULL, which the table refuses, failing the whole save.
            log::warn!("not saving a falling block with non-finite state: {f:?}");
            continue;
        }
        put.execute(params![
            ordinal,
            f.block.id(),
            f.position.x,
            f.position.y,
            f.position.z,
            f.velocity
        ])?;
    }
    Ok(())
}

/// The stored motion. Rows no build could have written (a value of the wrong type, a cell
/// outside the world, a falling block that is not sand or gravel, non-finite or out-of-range
/// numbers) are left out and returned as damage.
pub(super) fn read(conn: &Connection) -> rusqlite::Result<(Motion, Vec<DamagedRow>)> {
    let mut motion = Motion::default();
    let mut damage = Vec::new();
    let mut stmt = conn.prepare("SELECT ordinal, delay, x, y, z FROM updates ORDER BY ordinal")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let ordinal: i64 = row.get(0)?;
        match update_of(row) {
            Ok(update) => motion.updates.push(update),
            Err(problem) => damage.push(DamagedRow::row("updates", ordinal, problem)),
        }
    }
    let mut stmt =
        conn.prepare("SELECT ordinal, block, x, y, z, vy FROM falling ORDER BY ordinal")?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let ordinal: i64 = row.get(0)?;
        match falling_of(row) {
            Ok(f) => motion.falling.push(f),
            Err(problem) => damage.push(DamagedRow::row("falling", ordinal, problem)),
        }
    }
    Ok((motion, damage))
}

/// The update in `row` (`ordinal` first), or what is wrong with it.
fn update_of(row: &rusqlite::Row<'_>) -> Result<(u64, BlockPos), String> {
    let delay = integer(row, 1, "delay")?;
    let [x, y, z] = [(2, "x"), (3, "y"), (4, "z")].map(|(i, name)| {
        integer(row, i, name).and_then(|v| i32::try_from(v).map_err(|_| format!("{name} = {v}")))
    });
    let pos = BlockPos::new(x?, y?, z?);
    if !(pos.in_world_height() && pos.inside_border()) {
        return Err(format!("cell {pos:?} is outside the world"));
    }
    let delay = u64::try_from(delay).map_err(|_| format!("delay {delay} is negative"))?;
    Ok((delay, pos))
}

/// The falling block in `row` (`ordinal` first), or what is wrong with it.
fn falling_of(row: &rusqlite::Row<'_>) -> Result<FallingBlock, String> {
    let id = integer(row, 1, "block")?;
    let [x, y, z, velocity] =
        [(2, "x"), (3, "y"), (4, "z"), (5, "vy")].map(|(i, name)| real(row, i, name));
    let (position, velocity) = (DVec3::new(x?, y?, z?), velocity?);
    let block = u8::try_from(id)
        .ok()
        .and_then(Block::from_id)
        .filter(|b| b.falls())
        .ok_or_else(|| format!("block {id} is not one that falls"))?;
    if !body_in_limits(position, DVec3::splat(0.5), DVec3::new(0.0, velocity, 0.0)) {
        return Err("place or speed outside the limits a falling block keeps".to_owned());
    }
    Ok(FallingBlock {
        block,
        position,
        velocity,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::schema::{self, Meta};
    use crate::worldgen::GeneratorKind;

    fn a_world() -> Connection {
        let mut conn = Connection::open_in_memory().expect("db");
        let meta = Meta {
            generator: GeneratorKind::Flat,
            seed: 1,
            created: 1,
            game_version: "x".into(),
            last_saved: 0,
            time: 0,
        };
        schema::create(&mut conn, &meta).expect("create");
        conn
    }

    #[test]
    fn motion_round_trips_in_order_and_what_no_hewn_writes_is_left_out_as_damage() {
        let conn = a_world();
        let sand = FallingBlock {
            block: Block::Sand,
            position: DVec3::new(2.5, 70.25, -3.5),
            velocity: -4.5,
        };
        let motion = Motion {
            updates: vec![(15, BlockPos::new(0, 64, 0)), (0, BlockPos::new(-9, 3, 7))],
            falling: vec![sand],
        };
        write(&conn, &motion).expect("write");
        assert_eq!(read(&conn).expect("read"), (motion.clone(), vec![]));
        // Rows only a hand could write: a cell above the world, a negative delay, a falling
        // stone.
        conn.execute_batch(
            "INSERT INTO updates VALUES (7, 3, 0, 300, 0);
             INSERT INTO updates VALUES (8, -1, 0, 64, 0);
             INSERT INTO falling VALUES (5, 1, 0.5, 70.0, 0.5, 0.0);
             INSERT INTO updates VALUES (9, 0, 'x', 64, 0);",
        )
        .expect("insert");
        let (read_back, damage) = read(&conn).expect("read");
        assert_eq!(read_back, motion);
        let named: Vec<_> = damage.iter().map(|d| (d.table, d.ordinal)).collect();
        assert_eq!(
            named,
            [
                ("updates", Some(7)),
                ("updates", Some(8)),
                ("updates", Some(9)),
                ("falling", Some(5))
            ]
        );
        assert!(damage[2].problem.contains("x holds text"), "{}", damage[2]);
        write(&conn, &Motion::default()).expect("write");
        assert_eq!(read(&conn).expect("read"), (Motion::default(), vec![]));
    }
}
