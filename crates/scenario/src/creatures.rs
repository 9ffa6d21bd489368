//! A scenario's creatures: the `[[creature]]` tables, `spawning` and `difficulty`, and the
//! creatures a report gives.

use glam::DVec3;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{ScenarioError, invalid, limits, quoted, vector};
use hewn_core::sim::Simulation;
use hewn_core::sim::creature::{
    Creature, Difficulty, MAX_CREATURES, Population, kind_named, kinds,
};

/// One `[[creature]]`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCreature {
    /// The kind's name.
    pub(crate) kind: String,
    /// Bottom centre.
    pub(crate) position: [f64; 3],
    /// Blocks per second.
    pub(crate) velocity: Option<[f64; 3]>,
    /// Health; the kind's whole health when left out.
    pub(crate) health: Option<i64>,
    /// Heading in degrees.
    pub(crate) yaw: Option<f64>,
}

/// The creatures a scenario starts with, in file order, and the rules they appear by.
pub(crate) fn population(
    raw: &[RawCreature],
    spawning: bool,
    difficulty: Option<&str>,
) -> Result<Population, ScenarioError> {
    limits::count("creature", raw.len(), MAX_CREATURES)?;
    let difficulty = match difficulty {
        None => Difficulty::Normal,
        Some(name) => Difficulty::from_name(name).ok_or_else(|| {
            invalid(
                "difficulty",
                format!(
                    "unknown difficulty {} (expected peaceful or normal)",
                    quoted(name)
                ),
            )
        })?,
    };
    let mut population = Population::new(spawning, difficulty);
    for (i, c) in raw.iter().enumerate() {
        let key = |k: &str| format!("creature[{i}].{k}");
        let kind = kind_named(&c.kind).ok_or_else(|| {
            let known: Vec<&str> = kinds().iter().map(|k| k.name.as_str()).collect();
            invalid(
                key("kind"),
                format!(
                    "unknown creature {} (expected one of {})",
                    quoted(&c.kind),
                    known.join(", ")
                ),
            )
        })?;
        let whole = kinds()[usize::from(kind)].health;
        let position = vector(&key("position"), c.position)?;
        limits::body_inside_border(&key("position"), position, DVec3::splat(2.0))?;
        let velocity = c
            .velocity
            .map_or(Ok(DVec3::ZERO), |v| vector(&key("velocity"), v))?;
        if velocity.abs().max_element() > 100.0 {
            return Err(invalid(
                key("velocity"),
                "at most 100 blocks a second".to_owned(),
            ));
        }
        let health = match c.health {
            None => whole,
            Some(h) => u8::try_from(h)
                .ok()
                .filter(|&h| (1..=whole).contains(&h))
                .ok_or_else(|| invalid(key("health"), format!("{h} is not from 1 to {whole}")))?,
        };
        let yaw = c.yaw.unwrap_or(0.0);
        if !yaw.is_finite() {
            return Err(invalid(key("yaw"), "not a number of degrees".to_owned()));
        }
        let mut creature = Creature::new(0, kind, health, position, yaw.rem_euclid(360.0));
        creature.body.velocity = velocity;
        population.add(creature);
    }
    Ok(population)
}

/// The creatures of a recording's `population` key, which stands alone: with it, a
/// scenario gives no `[[creature]]`, `spawning` or `difficulty`.
pub(crate) fn recorded(
    text: &str,
    raw: &super::raw::RawScenario,
) -> Result<Population, ScenarioError> {
    if !raw.creatures.is_empty() || raw.spawning || raw.difficulty.is_some() {
        return Err(invalid(
            "population",
            "a recording's creatures stand alone: no [[creature]], spawning or difficulty with them",
        ));
    }
    let (population, left_out) =
        population_from_json(text).map_err(|e| invalid("population", e))?;
    match left_out.first() {
        Some((_, problem)) => Err(invalid("population", problem.clone())),
        None => Ok(population),
    }
}

/// One creature in a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CreatureReport {
    /// Its id.
    pub id: u32,
    /// Its kind's name.
    pub kind: &'static str,
    /// Bottom centre of its box.
    pub position: [f64; 3],
    /// Blocks per second.
    pub velocity: [f64; 3],
    /// Health left.
    pub health: u8,
}

impl CreatureReport {
    /// The creatures of `sim`, by id.
    #[must_use]
    pub fn all(sim: &Simulation) -> Vec<Self> {
        sim.creatures()
            .list()
            .iter()
            .map(|c| Self {
                id: c.id,
                kind: c.kind().name.as_str(),
                position: c.body.position.to_array(),
                velocity: c.body.velocity.to_array(),
                health: c.health,
            })
            .collect()
    }
}

/// `population` as JSON, each creature naming its kind by name (`"kind": "sheep"`), not by
/// its place among the kinds in use: what a save and a recording keep, so that creatures
/// outlive a change to the packs that declare kinds.
#[must_use]
pub fn population_json(population: &Population) -> String {
    let Ok(mut doc) = serde_json::to_value(population) else {
        // Plain numbers, strings and lists always serialise.
        return String::new();
    };
    if let Some(list) = doc.get_mut("list").and_then(Value::as_array_mut) {
        for c in list {
            let name = c
                .get("kind")
                .and_then(Value::as_u64)
                .and_then(|i| kinds().get(usize::try_from(i).ok()?))
                .map(|k| k.name.clone());
            if let Some(name) = name {
                c["kind"] = Value::String(name);
            }
        }
    }
    doc.to_string()
}

/// What [`population_from_json`] left out: the creature's id where one creature was at
/// fault, and what was wrong.
pub type LeftOut = Vec<(Option<u32>, String)>;

/// The population `text` ([`population_json`]) holds, made whole
/// ([`Population::sanitized`]): a creature of a kind no pack declares now is left out, as is
/// whatever no hewn could have written.
///
/// # Errors
/// What is wrong, where the text is not a population at all.
pub fn population_from_json(text: &str) -> Result<(Population, LeftOut), String> {
    let mut doc: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let mut left_out = Vec::new();
    if let Some(list) = doc.get_mut("list").and_then(Value::as_array_mut) {
        list.retain_mut(|c| {
            let id = c
                .get("id")
                .and_then(Value::as_u64)
                .and_then(|i| u32::try_from(i).ok());
            let name = c.get("kind").and_then(Value::as_str).map(str::to_owned);
            match name.as_deref().map(|n| (n, kind_named(n))) {
                Some((_, Some(index))) => {
                    c["kind"] = Value::from(index);
                    true
                }
                Some((n, None)) => {
                    left_out.push((id, format!("no pack declares the creature {n}")));
                    false
                }
                None => {
                    left_out.push((id, "a creature without a kind".to_owned()));
                    false
                }
            }
        });
    }
    let population: Population =
        serde_json::from_value(doc).map_err(|e| format!("not a world's creatures: {e}"))?;
    let (population, problems) = population.sanitized();
    left_out.extend(problems);
    Ok((population, left_out))
}
