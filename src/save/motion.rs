//! The `updates` and `falling` tables: what the world is doing by itself when it is saved —
//! the water and sand cells waiting for an update, and the blocks on their way down.
//!
//! Like the crates, they are whole state, rewritten by every save. An update is stored with
//! the ticks left until it is due, not its due tick, because the simulation's tick count
//! starts from 0 each time a world is opened.

use glam::DVec3;
use rusqlite::{Connection, params};

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

/// The stored motion. Rows no build could have written (a cell outside the world, a falling
/// block that is not sand or gravel, non-finite or out-of-range numbers) are dropped with a
/// warning.
pub(super) fn read(conn: &Connection) -> rusqlite::Result<Motion> {
    let mut stmt = conn.prepare("SELECT delay, x, y, z FROM updates ORDER BY ordinal")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            BlockPos::new(r.get(1)?, r.get(2)?, r.get(3)?),
        ))
    })?;
    let mut motion = Motion::default();
    for row in rows {
        let (delay, pos) = row?;
        match u64::try_from(delay) {
            Ok(delay) if pos.in_world_height() && pos.inside_border() => {
                motion.updates.push((delay, pos));
            }
            _ => log::warn!("dropping a stored update no hewn could have saved: {pos:?}"),
        }
    }
    let mut stmt = conn.prepare("SELECT block, x, y, z, vy FROM falling ORDER BY ordinal")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            DVec3::new(r.get(1)?, r.get(2)?, r.get(3)?),
            r.get::<_, f64>(4)?,
        ))
    })?;
    for row in rows {
        let (id, position, velocity) = row?;
        let block = u8::try_from(id).ok().and_then(Block::from_id);
        let sane = body_in_limits(position, DVec3::splat(0.5), DVec3::new(0.0, velocity, 0.0));
        match block {
            Some(block) if block.falls() && sane => motion.falling.push(FallingBlock {
                block,
                position,
                velocity,
            }),
            _ => log::warn!("dropping a stored falling block no hewn could have saved: {id}"),
        }
    }
    Ok(motion)
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
    fn motion_round_trips_in_order_and_what_no_hewn_writes_is_dropped() {
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
        assert_eq!(read(&conn).expect("read"), motion);
        // Rows only a hand could write: a cell above the world, a negative delay, a falling
        // stone.
        conn.execute_batch(
            "INSERT INTO updates VALUES (7, 3, 0, 300, 0);
             INSERT INTO updates VALUES (8, -1, 0, 64, 0);
             INSERT INTO falling VALUES (5, 1, 0.5, 70.0, 0.5, 0.0);",
        )
        .expect("insert");
        assert_eq!(read(&conn).expect("read"), motion);
        write(&conn, &Motion::default()).expect("write");
        assert_eq!(read(&conn).expect("read"), Motion::default());
    }
}
