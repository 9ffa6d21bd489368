//! The `creatures` table: a world's creatures and arrows, and the rules they appear by, in
//! one row of JSON (`id` 0), as [`hewn_scenario::creatures::population_json`] writes it.
//!
//! Creatures move every tick, so each save replaces the row whole, as crates do. A creature
//! names its kind by name in the file, so a world keeps its creatures when the packs that
//! declare kinds change; one whose kind no pack declares now is left out (and reported), as
//! are creatures and arrows no hewn could have written.

use rusqlite::{Connection, OptionalExtension};

use super::rows::DamagedRow;
use hewn_core::sim::creature::Population;
use hewn_scenario::creatures::{population_from_json, population_json};

/// The table's name in reports of damage.
const TABLE: &str = "creatures";

/// Replaces the stored creatures with `population`, inside the caller's transaction.
pub(super) fn write(conn: &Connection, population: &Population) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO creatures (id, state) VALUES (0, ?1)",
        [population_json(population)],
    )?;
    Ok(())
}

/// The stored creatures; `None` where the world has none stored (a world from before
/// creatures, or never saved with them), with what was left out.
pub(super) fn read(conn: &Connection) -> rusqlite::Result<(Option<Population>, Vec<DamagedRow>)> {
    let text: Option<String> = conn
        .query_row("SELECT state FROM creatures WHERE id = 0", [], |r| r.get(0))
        .optional()?;
    let Some(text) = text else {
        return Ok((None, Vec::new()));
    };
    Ok(match population_from_json(&text) {
        Ok((population, left_out)) => {
            let damage = left_out
                .into_iter()
                .map(|(id, problem)| match id {
                    Some(id) => DamagedRow::row(TABLE, i64::from(id), problem),
                    None => DamagedRow::table(TABLE, problem),
                })
                .collect();
            (Some(population), damage)
        }
        Err(problem) => (None, vec![DamagedRow::table(TABLE, problem)]),
    })
}
