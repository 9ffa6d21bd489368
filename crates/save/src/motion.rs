//! The `updates` and `falling` tables: what the world is doing by itself when it is saved —
//! the water and sand cells waiting for an update, and the blocks on their way down.
//!
//! Like the crates, they are whole state, rewritten by every save. An update is stored with
//! the ticks left until it is due, not its due tick, because the simulation's tick count
//! starts from 0 each time a world is opened.

use glam::DVec3;
use rusqlite::{Connection, params};

use super::rows::{DamagedRow, integer, real};
use hewn_core::physics::falling::{FallingBlock, MAX_FALLING};
pub use hewn_core::sim::updates::Motion;
use hewn_core::world::{Block, BlockPos};
use hewn_scenario::{MAX_UPDATES, body_in_limits};

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
/// numbers) are left out and returned as damage. Only the first [`MAX_UPDATES`] updates and
/// [`MAX_FALLING`] falling blocks are read, what a scenario may start with: more is damage
/// too, so a world of ten million rows costs no more than one a game could save.
pub(super) fn read(conn: &Connection) -> rusqlite::Result<(Motion, Vec<DamagedRow>)> {
    read_at_most(conn, MAX_UPDATES, MAX_FALLING)
}

/// [`read`], with the limits given (tests use small ones).
fn read_at_most(
    conn: &Connection,
    max_updates: usize,
    max_falling: usize,
) -> rusqlite::Result<(Motion, Vec<DamagedRow>)> {
    let mut motion = Motion::default();
    let mut damage = Vec::new();
    let limit = rows_read(conn, "updates", max_updates, &mut damage)?;
    let mut stmt =
        conn.prepare("SELECT ordinal, delay, x, y, z FROM updates ORDER BY ordinal LIMIT ?1")?;
    let mut rows = stmt.query([limit])?;
    while let Some(row) = rows.next()? {
        let ordinal: i64 = row.get(0)?;
        match update_of(row) {
            Ok(update) => motion.updates.push(update),
            Err(problem) => damage.push(DamagedRow::row("updates", ordinal, problem)),
        }
    }
    let limit = rows_read(conn, "falling", max_falling, &mut damage)?;
    let mut stmt =
        conn.prepare("SELECT ordinal, block, x, y, z, vy FROM falling ORDER BY ordinal LIMIT ?1")?;
    let mut rows = stmt.query([limit])?;
    while let Some(row) = rows.next()? {
        let ordinal: i64 = row.get(0)?;
        match falling_of(row) {
            Ok(f) => motion.falling.push(f),
            Err(problem) => damage.push(DamagedRow::row("falling", ordinal, problem)),
        }
    }
    Ok((motion, damage))
}

/// How many rows of `table` to read: `max`, noting in `damage` a table that has more.
fn rows_read(
    conn: &Connection,
    table: &'static str,
    max: usize,
    damage: &mut Vec<DamagedRow>,
) -> rusqlite::Result<i64> {
    let total: i64 = conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?;
    let limit = i64::try_from(max).unwrap_or(i64::MAX);
    if total > limit {
        damage.push(DamagedRow::table(
            table,
            format!(
                "{total} rows, more than the {max} a world may hold; those after the first \
                 {max} are left out"
            ),
        ));
    }
    Ok(limit)
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
    let block = u16::try_from(id)
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
    use crate::schema::{self, Meta};
    use hewn_core::worldgen::GeneratorKind;

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
            block: Block::SAND,
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

    #[test]
    fn only_as_many_updates_and_falling_blocks_as_a_scenario_may_have_are_read() {
        let conn = a_world();
        let motion = Motion {
            updates: (0..5)
                .map(|i| (i, BlockPos::new(i32::try_from(i).unwrap(), 64, 0)))
                .collect(),
            falling: (0..4)
                .map(|i| FallingBlock {
                    block: Block::GRAVEL,
                    position: DVec3::new(f64::from(i) + 0.5, 80.0, 0.5),
                    velocity: 0.0,
                })
                .collect(),
        };
        write(&conn, &motion).expect("write");
        let (read_back, damage) = read_at_most(&conn, 3, 4).expect("read");
        assert_eq!(read_back.updates, motion.updates[..3]);
        assert_eq!(read_back.falling, motion.falling);
        assert_eq!(
            damage,
            [DamagedRow::table(
                "updates",
                "5 rows, more than the 3 a world may hold; those after the first 3 are left out"
            )]
        );
        let (read_back, damage) = read_at_most(&conn, 5, 2).expect("read");
        assert_eq!(read_back.falling, motion.falling[..2]);
        assert_eq!(damage.len(), 1);
        assert_eq!((damage[0].table, damage[0].ordinal), ("falling", None));

        // The real limit on falling blocks, a thousand.
        conn.execute_batch(
            "WITH RECURSIVE n(i) AS (SELECT 4 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
             INSERT INTO falling SELECT i, 5, i + 0.5, 80.0, 0.5, 0.0 FROM n;",
        )
        .expect("insert");
        let (read_back, damage) = read(&conn).expect("read");
        assert_eq!(read_back.falling.len(), MAX_FALLING);
        assert_eq!(
            damage[0].to_string(),
            "table falling: 1001 rows, more than the 1000 a world may hold; those after the \
             first 1000 are left out"
        );
    }
}
