//! The `players` table: everyone who has played a world, by name, each as they left it (body,
//! look, flying, collider and hotbar), so a name that comes back resumes where it was.
//!
//! Unlike the crates, players are not rewritten whole: a save writes the players in the world
//! and leaves the others' rows as they are, since a player who is offline must find their
//! place again. A file is input like any other, so a stored player is held to the rules a
//! scenario's player keeps (a valid name, a body inside the limits, a hotbar hewn could have
//! written), and only the first [`MAX_SAVED_PLAYERS`] rows by name are read at all: a file of
//! a million players costs no more to open than one of ten thousand.
//!
//! A world from before players had names (schema 6 and older) holds one row in the table
//! `player`; it is read as the player named [`PlayerName::DEFAULT`] by `hewn world check` and
//! `info`, which never upgrade, and renamed for the player who opens it when it is upgraded
//! ([`super::schema`]).

use std::collections::BTreeMap;

use glam::DVec3;
use rusqlite::{Connection, params};

use super::hotbar::Hotbar;
use super::rows::{DamagedRow, integer, real, text};
use super::schema::NAMED_PLAYERS;
use hewn_core::physics::{Body, PlayerCollider};
use hewn_core::sim::PlayerName;
use hewn_scenario::quoted;

/// The most players a world keeps: a busy server's regulars many times over, and about 2 MB
/// when read. Rows past it (by name) are damage, left out; a save never adds a new player
/// past it (that player plays on but is not kept).
pub const MAX_SAVED_PLAYERS: usize = 10_000;

/// The table of named players.
const TABLE: &str = "players";

/// A player as a world keeps it between visits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SavedPlayer {
    /// Where it was and how it moved, looked, flew and collided.
    pub body: Body,
    /// The items it had at hand.
    pub hotbar: Hotbar,
}

/// Players as a world keeps them, by name.
pub type SavedPlayers = BTreeMap<PlayerName, SavedPlayer>;

/// The stored players of a world at schema `version`, and the rows left out: a name that is
/// not a player's name, a value of the wrong type, a body outside the limits, an unknown
/// collider or hotbar, rows past [`MAX_SAVED_PLAYERS`].
pub(super) fn read(
    conn: &Connection,
    version: i64,
) -> rusqlite::Result<(SavedPlayers, Vec<DamagedRow>)> {
    if version < NAMED_PLAYERS {
        return read_unnamed(conn);
    }
    let mut players = SavedPlayers::new();
    let mut damage = Vec::new();
    let total: i64 = conn.query_row("SELECT count(*) FROM players", [], |r| r.get(0))?;
    let limit = i64::try_from(MAX_SAVED_PLAYERS).unwrap_or(i64::MAX);
    if total > limit {
        damage.push(DamagedRow::table(
            TABLE,
            format!(
                "{total} players, more than the {MAX_SAVED_PLAYERS} a world may hold; those \
                 after the first {MAX_SAVED_PLAYERS} by name are left out"
            ),
        ));
    }
    let mut stmt = conn.prepare(
        "SELECT rowid, name, x, y, z, vx, vy, vz, yaw, pitch, on_ground, flying, collider, \
         hotbar, selected FROM players ORDER BY name LIMIT ?1",
    )?;
    let mut rows = stmt.query([limit])?;
    while let Some(row) = rows.next()? {
        let rowid: i64 = row.get(0)?;
        let named = text(row, 1, "name").and_then(|name| {
            PlayerName::new(&name).map_err(|e| format!("name {}: {e}", quoted(&name)))
        });
        let name = match named {
            Ok(name) => name,
            Err(problem) => {
                damage.push(DamagedRow::row(TABLE, rowid, problem));
                continue;
            }
        };
        if let Some((used, _)) = players.get_key_value(&name) {
            // Rows read in byte order, so the one used is the same at every load, and the
            // one `write` updates; the other stays in the file as it was.
            log::warn!(
                "players {used} and {name} differ only in case, which makes them one player: \
                 {used} is used, and the row of {name} is kept as it is"
            );
            continue;
        }
        match saved_of(row, 2) {
            Ok(saved) => {
                players.insert(name, saved);
            }
            Err(problem) => {
                let problem = format!("player {}: {problem}", quoted(name.as_str()));
                damage.push(DamagedRow::row(TABLE, rowid, problem));
            }
        }
    }
    Ok((players, damage))
}

/// The one player of a world from before names, as [`PlayerName::DEFAULT`].
fn read_unnamed(conn: &Connection) -> rusqlite::Result<(SavedPlayers, Vec<DamagedRow>)> {
    let mut stmt = conn.prepare(
        "SELECT id, x, y, z, vx, vy, vz, yaw, pitch, on_ground, flying, collider, hotbar, \
         selected FROM player WHERE id = 1",
    )?;
    let mut rows = stmt.query([])?;
    let mut players = SavedPlayers::new();
    let mut damage = Vec::new();
    if let Some(row) = rows.next()? {
        match saved_of(row, 1) {
            Ok(saved) => {
                players.insert(PlayerName::default(), saved);
            }
            Err(problem) => damage.push(DamagedRow::row("player", 1, problem)),
        }
    }
    Ok((players, damage))
}

/// The player in `row` from column `first` on (`x` to `selected`), or what is wrong with it.
fn saved_of(row: &rusqlite::Row<'_>, first: usize) -> Result<SavedPlayer, String> {
    const NAMES: [&str; 8] = ["x", "y", "z", "vx", "vy", "vz", "yaw", "pitch"];
    let mut f = [0.0_f64; 8];
    for (i, (v, name)) in f.iter_mut().zip(NAMES).enumerate() {
        *v = real(row, first + i, name)?;
    }
    let on_ground = integer(row, first + 8, "on_ground")? != 0;
    let flying = integer(row, first + 9, "flying")? != 0;
    let collider = text(row, first + 10, "collider")?;
    let hotbar = text(row, first + 11, "hotbar")?;
    let selected = integer(row, first + 12, "selected")?;
    let collider = PlayerCollider::from_name(&collider)
        .ok_or_else(|| format!("collider {} is not one hewn has", quoted(&collider)))?;
    let (position, velocity) = (DVec3::new(f[0], f[1], f[2]), DVec3::new(f[3], f[4], f[5]));
    if !(f.iter().all(|v| v.is_finite()) && in_range(position, velocity)) {
        return Err("position, look or speed outside the limits a player keeps".to_owned());
    }
    let hotbar = Hotbar::from_text(&hotbar, selected).ok_or_else(|| {
        format!(
            "hotbar {} with slot {selected} selected is not one hewn could have written",
            quoted(&hotbar)
        )
    })?;
    let mut body = Body::new(position);
    body.velocity = velocity;
    body.set_look(f[6], f[7]);
    body.on_ground = on_ground;
    body.flying = flying;
    body.collider = collider;
    Ok(SavedPlayer { body, hotbar })
}

/// Whether a stored position and velocity are ones a scenario could start with: inside the
/// world border and the altitude limit, no faster than the speed limit. Anything else is
/// damage (a player at x = 1e300 would break physics), and the player respawns.
fn in_range(position: DVec3, velocity: DVec3) -> bool {
    let half = hewn_core::physics::tuning::PLAYER_WIDTH / 2.0;
    hewn_scenario::body_in_limits(position, DVec3::splat(half), velocity)
}

/// Writes `players` by name, inside the caller's transaction, leaving everyone else's row as
/// it is. A name is written to the row [`read`] uses for it: of rows whose names differ only
/// in case (which older hewns kept apart), the first in byte order. A new name past [`MAX_SAVED_PLAYERS`] is not added, and a player with non-finite
/// numbers not written (`SQLite` stores NaN as NULL, which the table refuses: that would fail
/// the whole save and lose the chunks with it); either keeps its last good row, if any.
pub(super) fn write(conn: &Connection, players: &SavedPlayers) -> rusqlite::Result<()> {
    let mut update = conn.prepare_cached(
        "UPDATE players SET x = ?2, y = ?3, z = ?4, vx = ?5, vy = ?6, vz = ?7, yaw = ?8,
         pitch = ?9, on_ground = ?10, flying = ?11, collider = ?12, hotbar = ?13,
         selected = ?14 WHERE rowid = (SELECT rowid FROM players WHERE name = ?1 \
         COLLATE NOCASE ORDER BY name LIMIT 1)",
    )?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO players
         (name, x, y, z, vx, vy, vz, yaw, pitch, on_ground, flying, collider, hotbar, selected)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
    )?;
    // Counted once, when the first new name needs it.
    let mut stored: Option<usize> = None;
    for (name, SavedPlayer { body: p, hotbar }) in players {
        let finite = [p.yaw, p.pitch].iter().all(|v| v.is_finite());
        if !(finite && p.position.is_finite() && p.velocity.is_finite()) {
            log::warn!("not saving player {name} with non-finite state: {p:?}");
            continue;
        }
        let values = params![
            name.as_str(),
            p.position.x,
            p.position.y,
            p.position.z,
            p.velocity.x,
            p.velocity.y,
            p.velocity.z,
            p.yaw,
            p.pitch,
            p.on_ground,
            p.flying,
            p.collider.name(),
            hotbar.to_text(),
            i64::try_from(hotbar.selected).unwrap_or(0),
        ];
        if update.execute(values)? > 0 {
            continue;
        }
        let count = if let Some(n) = stored {
            n
        } else {
            let n: i64 = conn.query_row("SELECT count(*) FROM players", [], |r| r.get(0))?;
            usize::try_from(n).unwrap_or(usize::MAX)
        };
        if count >= MAX_SAVED_PLAYERS {
            log::warn!(
                "not saving new player {name}: the world keeps at most {MAX_SAVED_PLAYERS} players"
            );
            stored = Some(count);
            continue;
        }
        insert.execute(values)?;
        stored = Some(count + 1);
    }
    Ok(())
}

/// Deletes the rows of the players table among `left_out` (the damage a load found), inside
/// the caller's transaction: rows past the limit first (those after the first
/// [`MAX_SAVED_PLAYERS`] by name, as [`read`] leaves them), then each damaged row. So the
/// first save after a damaged load drops what the load left out, as it does for crates.
pub(super) fn drop_left_out(conn: &Connection, left_out: &[DamagedRow]) -> rusqlite::Result<()> {
    let ours = || left_out.iter().filter(|row| row.table == TABLE);
    if ours().any(|row| row.ordinal.is_none()) {
        let limit = i64::try_from(MAX_SAVED_PLAYERS).unwrap_or(i64::MAX);
        conn.execute(
            "DELETE FROM players WHERE rowid NOT IN \
             (SELECT rowid FROM players ORDER BY name LIMIT ?1)",
            [limit],
        )?;
    }
    let mut delete = conn.prepare_cached("DELETE FROM players WHERE rowid = ?1")?;
    for rowid in ours().filter_map(|row| row.ordinal) {
        delete.execute([rowid])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_players_out_of_range_are_out_of_range() {
        let v = DVec3::ZERO;
        assert!(in_range(DVec3::new(29_999_999.5, 64.0, 0.5), v));
        assert!(!in_range(DVec3::new(29_999_999.9, 64.0, 0.5), v));
        assert!(!in_range(DVec3::new(0.5, 1e300, 0.5), v));
        assert!(!in_range(
            DVec3::new(0.5, 64.0, 0.5),
            DVec3::new(1e6, 0.0, 0.0)
        ));
    }
}
