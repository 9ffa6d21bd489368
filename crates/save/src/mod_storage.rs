//! The `mod_storage` table: what each of a world's mods keeps (`storage_set`), a row per
//! key, so that it outlives the server: it is written with every save and given back to
//! the mod when the world opens again.
//!
//! A save rewrites the rows of the mods running; a mod not running now (its pack left out
//! for a while) keeps its rows until it runs again.

use std::collections::BTreeMap;

use rusqlite::{Connection, params};

use super::rows::DamagedRow;

/// What every mod keeps, by the mod's name (its pack's): each key's value.
pub type ModStorage = BTreeMap<String, BTreeMap<Vec<u8>, Vec<u8>>>;

/// The most one mod may keep, keys and values together, as the mods' host holds it to
/// (`hewn_mods::host::STORAGE_CAP`): rows past it were written by no hewn.
const STORAGE_CAP: usize = 1 << 20;

/// The table's name in reports of damage.
const TABLE: &str = "mod_storage";

/// Replaces the stored rows of each mod in `storage` with its keys now, inside the caller's
/// transaction.
pub(super) fn write(conn: &Connection, storage: &ModStorage) -> rusqlite::Result<()> {
    for (module, keys) in storage {
        conn.execute("DELETE FROM mod_storage WHERE module = ?1", [module])?;
        for (key, value) in keys {
            conn.execute(
                "INSERT INTO mod_storage (module, key, value) VALUES (?1, ?2, ?3)",
                params![module, key, value],
            )?;
        }
    }
    Ok(())
}

/// The stored rows, by mod, with the rows left out: those past a mod's cap.
pub(super) fn read(conn: &Connection) -> rusqlite::Result<(ModStorage, Vec<DamagedRow>)> {
    let mut statement =
        conn.prepare("SELECT rowid, module, key, value FROM mod_storage ORDER BY module, key")?;
    let rows = statement.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, Vec<u8>>(2)?,
            r.get::<_, Vec<u8>>(3)?,
        ))
    })?;
    let mut storage = ModStorage::new();
    let mut held: BTreeMap<String, usize> = BTreeMap::new();
    let mut damage = Vec::new();
    for row in rows {
        let (id, module, key, value) = row?;
        let size = held.entry(module.clone()).or_default();
        if *size + key.len() + value.len() > STORAGE_CAP {
            damage.push(DamagedRow::row(
                TABLE,
                id,
                format!("past the {STORAGE_CAP} bytes mod {module} may keep"),
            ));
            continue;
        }
        *size += key.len() + value.len();
        storage.entry(module).or_default().insert(key, value);
    }
    Ok((storage, damage))
}
