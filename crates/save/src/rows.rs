//! Rows of the tables of bodies and motion (`players`, `crates`, `updates`, `falling`) that
//! no hewn could have written, and reading their values without trusting the column types:
//! `SQLite` keeps text in a `REAL` column as text, so a value is checked rather than converted.

use std::fmt;

use rusqlite::Row;
use rusqlite::types::ValueRef;

/// A stored row, or a whole table, that no hewn could have written: a value of the wrong
/// type, a body outside the limits, a crate overlapping another, more rows than a world may
/// hold. Opening leaves it out of the world and says so; `hewn world check` reports the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedRow {
    /// The table.
    pub table: &'static str,
    /// The row's `ordinal` (in `players` and `chunks`, which have none, its `rowid`; in the
    /// old `player`, its `id`), or `None` when the table as a whole is at fault.
    pub ordinal: Option<i64>,
    /// What is wrong.
    pub problem: String,
}

impl DamagedRow {
    /// Row `ordinal` of `table` is damaged.
    pub(super) fn row(table: &'static str, ordinal: i64, problem: impl Into<String>) -> Self {
        Self {
            table,
            ordinal: Some(ordinal),
            problem: problem.into(),
        }
    }

    /// `table` as a whole is damaged.
    pub(super) fn table(table: &'static str, problem: impl Into<String>) -> Self {
        Self {
            table,
            ordinal: None,
            problem: problem.into(),
        }
    }
}

impl fmt::Display for DamagedRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ordinal {
            Some(ordinal) => write!(f, "table {} row {ordinal}: {}", self.table, self.problem),
            None => write!(f, "table {}: {}", self.table, self.problem),
        }
    }
}

/// Column `i` (called `name`) of `row` as a number: an integer or a real, nothing else.
#[expect(
    clippy::cast_precision_loss,
    reason = "an integer past 2^53 rounds to the nearest real, which every limit checked after it still refuses"
)]
pub(super) fn real(row: &Row<'_>, i: usize, name: &str) -> Result<f64, String> {
    match row.get_ref(i) {
        Ok(ValueRef::Real(v)) => Ok(v),
        Ok(ValueRef::Integer(v)) => Ok(v as f64),
        Ok(other) => Err(format!("{name} holds {}, not a number", type_name(other))),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

/// Column `i` (called `name`) of `row` as an integer, nothing else.
pub(super) fn integer(row: &Row<'_>, i: usize, name: &str) -> Result<i64, String> {
    match row.get_ref(i) {
        Ok(ValueRef::Integer(v)) => Ok(v),
        Ok(other) => Err(format!("{name} holds {}, not an integer", type_name(other))),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

/// Column `i` (called `name`) of `row` as text, nothing else.
pub(super) fn text(row: &Row<'_>, i: usize, name: &str) -> Result<String, String> {
    match row.get_ref(i) {
        Ok(ValueRef::Text(bytes)) => String::from_utf8(bytes.to_vec())
            .map_err(|_| format!("{name} holds text that is not UTF-8")),
        Ok(other) => Err(format!("{name} holds {}, not text", type_name(other))),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

/// The name of a value's type, as the messages say it: "text", "blob", "null".
fn type_name(value: ValueRef<'_>) -> String {
    value.data_type().to_string().to_lowercase()
}
