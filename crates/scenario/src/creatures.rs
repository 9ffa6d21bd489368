//! A scenario's creatures: the `[[creature]]` tables, `spawning` and `difficulty`, and the
//! creatures a report gives.

use glam::DVec3;
use serde::{Deserialize, Serialize};

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
