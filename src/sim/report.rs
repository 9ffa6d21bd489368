//! The JSON that `hewn sim` prints: the state after a tick.

use serde::Serialize;

use super::Simulation;
use crate::world::BlockPos;

/// One edited cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditReport {
    /// The cell.
    pub pos: [i32; 3],
    /// The block there now.
    pub block: &'static str,
}

/// One crate's state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CrateReport {
    /// Bottom centre.
    pub position: [f64; 3],
    /// Velocity in blocks per second.
    pub velocity: [f64; 3],
}

/// The light at one probed cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LightReport {
    /// The cell.
    pub pos: [i32; 3],
    /// Its sky light, 0 to 15.
    pub sky: u8,
    /// Its block light, 0 to 15.
    pub block: u8,
}

/// The state after a tick, in the order the fields are printed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TickReport {
    /// Ticks run so far.
    pub tick: u64,
    /// Ticks per second.
    pub tps: u32,
    /// Bottom centre of the player's box.
    pub position: [f64; 3],
    /// Velocity in blocks per second.
    pub velocity: [f64; 3],
    /// Heading in degrees.
    pub yaw: f64,
    /// Elevation in degrees.
    pub pitch: f64,
    /// Whether the player stands on something.
    pub on_ground: bool,
    /// Whether the player flies.
    pub flying: bool,
    /// Whether the player's box overlaps a solid collider by more than 1e-6 on every axis.
    pub inside_solid: bool,
    /// Every cell that differs from what the generator made, sorted by (x, y, z).
    pub edits: Vec<EditReport>,
    /// The crates, in the order the scenario (or the saved world) gave them.
    pub crates: Vec<CrateReport>,
    /// The world's clock, in ticks.
    pub time: u64,
    /// The light at each probed cell, in the scenario's order.
    pub light: Vec<LightReport>,
    /// 16 hex digits of [`Simulation::hash`].
    pub hash: String,
}

impl TickReport {
    /// The report of `sim`'s current state, with the light at `probes` (whose columns and
    /// their neighbours should be loaded: [`World::load_light_around`]).
    ///
    /// [`World::load_light_around`]: crate::world::World::load_light_around
    #[must_use]
    pub fn of(sim: &Simulation, probes: &[BlockPos]) -> Self {
        let p = sim.player();
        Self {
            tick: sim.tick_count(),
            tps: Simulation::ticks_per_second(),
            position: p.position.to_array(),
            velocity: p.velocity.to_array(),
            yaw: p.yaw,
            pitch: p.pitch,
            on_ground: p.on_ground,
            flying: p.flying,
            inside_solid: sim.player_inside_solid(),
            edits: sim
                .world
                .edits()
                .map(|(pos, edit)| EditReport {
                    pos: [pos.x, pos.y, pos.z],
                    block: edit.current.name(),
                })
                .collect(),
            crates: sim
                .crates
                .list()
                .iter()
                .map(|c| CrateReport {
                    position: c.position.to_array(),
                    velocity: c.velocity.to_array(),
                })
                .collect(),
            time: sim.time(),
            light: probes
                .iter()
                .map(|&pos| {
                    let light = sim.world().light(pos);
                    LightReport {
                        pos: [pos.x, pos.y, pos.z],
                        sky: light.sky(),
                        block: light.block(),
                    }
                })
                .collect(),
            hash: format!("{:016x}", sim.hash()),
        }
    }

    /// The report as one line of JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        // Serialising plain numbers, strings and bools into a String cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}
