//! A scenario file's shape, key by key, as serde reads and writes it: [`Scenario::parse`]
//! reads these and checks them; the [recorder](crate::record) fills them in and writes
//! them with [`writer`](super::writer), so a key the reader knows is the key the recorder
//! writes.
//!
//! Fields are in the order a recording lists them: the writer keeps it, and replays start
//! from a file laid out as it always was.
//!
//! [`Scenario::parse`]: super::Scenario::parse

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use hewn_core::physics::Control;

/// The whole file.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawScenario {
    /// The packs the world enables after the base pack, in order: folders, relative to the
    /// scenario file. Whoever runs the scenario reads and installs them before parsing it
    /// ([`super::Scenario::packs`]), so that their blocks and items have names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) packs: Vec<String>,
    /// The world seed; TOML integers stop at i64::MAX, so larger ones are strings.
    #[serde(default, with = "super::seed")]
    pub(crate) seed: Option<u64>,
    /// The generator's name.
    pub(crate) world: Option<String>,
    /// The world's clock at tick 0.
    pub(crate) time: Option<i64>,
    /// How the world is played: `creative` (when left out) or `survival`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) mode: Option<String>,
    /// Whether the fills are the world as it stands rather than changes.
    #[serde(default)]
    pub(crate) settled: bool,
    /// Ticks to run.
    pub(crate) ticks: i64,
    /// Cells whose light the reports give.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) probes: Vec<[i32; 3]>,
    /// How the first player starts.
    #[serde(default)]
    pub(crate) player: RawPlayer,
    /// How the other players start, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) players: BTreeMap<String, RawPlayer>,
    /// Crates at rest before tick 0.
    #[serde(default, rename = "crate", skip_serializing_if = "Vec::is_empty")]
    pub(crate) crates: Vec<RawCrate>,
    /// Boxes of cells set before tick 0.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) fill: Vec<RawFill>,
    /// Water and sand updates waiting at tick 0.
    #[serde(default, rename = "update", skip_serializing_if = "Vec::is_empty")]
    pub(crate) updates: Vec<RawUpdate>,
    /// Blocks falling at tick 0.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) falling: Vec<RawFalling>,
    /// Survival: items lying in the world at tick 0.
    #[serde(default, rename = "item", skip_serializing_if = "Vec::is_empty")]
    pub(crate) items: Vec<RawItem>,
    /// Creatures at tick 0.
    #[serde(default, rename = "creature", skip_serializing_if = "Vec::is_empty")]
    pub(crate) creatures: Vec<super::creatures::RawCreature>,
    /// The creatures exactly as a recording found them ([`super::creatures::population_json`]),
    /// in place of `[[creature]]`, `spawning` and `difficulty`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) population: Option<String>,
    /// Whether creatures appear by themselves.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) spawning: bool,
    /// `peaceful` or `normal` (when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) difficulty: Option<String>,
    /// Held controls and one-shot events, in file order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) input: Vec<RawInput>,
}

/// One `[[crate]]`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawCrate {
    /// Bottom centre.
    pub(crate) position: [f64; 3],
    /// Edge lengths; a unit cube when left out.
    pub(crate) size: Option<[f64; 3]>,
}

/// The `[player]` table, or a `[players.NAME]` one; every key may be left out.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPlayer {
    /// The first player's name (a `[players.NAME]` table is named by its key).
    pub(crate) name: Option<String>,
    /// The tick the player joins at; from the start when left out.
    pub(crate) joins: Option<i64>,
    /// The tick the player leaves at; never when left out.
    pub(crate) leaves: Option<i64>,
    /// Bottom centre of the box.
    pub(crate) position: Option<[f64; 3]>,
    /// Blocks per second.
    pub(crate) velocity: Option<[f64; 3]>,
    /// Heading in degrees.
    pub(crate) yaw: Option<f64>,
    /// Elevation in degrees.
    pub(crate) pitch: Option<f64>,
    /// Whether the player starts flying.
    pub(crate) flying: Option<bool>,
    /// Whether the player starts standing on something (a recording made mid-walk says so:
    /// friction on the ground is not friction in the air).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) on_ground: Option<bool>,
    /// The collider's name.
    pub(crate) collider: Option<String>,
    /// Whether the player's inputs go through the auto-jump rule, as the game's setting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) auto_jump: Option<bool>,
    /// Survival: health at the start, 0 to 20.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) health: Option<i64>,
    /// Survival: air at the start, 0 to 900.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) air: Option<i64>,
    /// Survival: hunger at the start, 0 to 20.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) hunger: Option<i64>,
    /// Survival: saturation at the start, 0 to the hunger.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) saturation: Option<f64>,
    /// Survival: exhaustion at the start, 0 to below 4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) exhaustion: Option<f64>,
    /// Survival: ticks until starving hurts again, while hunger is 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) starving_in: Option<i64>,
    /// Survival: the foot of the bed the player comes back to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) bed: Option<[i32; 3]>,
    /// Survival: what the player carries, each stack in its `slot`, or filling slots from
    /// 0 in order where none gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) inventory: Option<Vec<RawStack>>,
    /// Survival: the hotbar slot in hand, 0 to 8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) selected: Option<i64>,
    /// Survival: ticks before anything can hurt the player again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) cooldown: Option<i64>,
    /// Survival: ticks since the player was last hurt, for regeneration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) unhurt: Option<i64>,
    /// Survival: ticks until drowning hurts again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) drowning_in: Option<i64>,
    /// Survival: the highest the feet have been since the player last stood.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) fall_top: Option<f64>,
    /// Survival: what killed the player, if it starts dead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) death: Option<String>,
}

/// One stack of a `[player]`'s `inventory`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawStack {
    /// The item's name.
    pub(crate) item: String,
    /// How many.
    pub(crate) count: i64,
    /// For a tool, the uses spent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) wear: Option<i64>,
    /// The inventory slot it lies in, 0 to 35.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) slot: Option<i64>,
}

/// One `[[item]]`: a stack lying in the world.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawItem {
    /// The item's name.
    pub(crate) item: String,
    /// How many.
    pub(crate) count: i64,
    /// Bottom centre of its box.
    pub(crate) position: [f64; 3],
    /// Blocks per second; still when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) velocity: Option<[f64; 3]>,
    /// Ticks since it appeared; 0 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) age: Option<i64>,
}

/// One `[[fill]]`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFill {
    /// One corner (inclusive).
    pub(crate) from: [i32; 3],
    /// The opposite corner (inclusive).
    pub(crate) to: [i32; 3],
    /// The block's name.
    pub(crate) block: String,
}

/// One `[[input]]`: either a hold (`from`, `to`, `hold`) or a one-shot event (`at` and the
/// rest).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawInput {
    /// The player whose input it is; the first player when left out.
    pub(crate) player: Option<String>,
    /// The first tick the controls are held on.
    pub(crate) from: Option<i64>,
    /// The first tick they are no longer held on.
    pub(crate) to: Option<i64>,
    /// The controls held.
    pub(crate) hold: Option<Vec<Control>>,
    /// The tick the event happens at.
    pub(crate) at: Option<i64>,
    /// A new yaw.
    pub(crate) yaw: Option<f64>,
    /// A new pitch.
    pub(crate) pitch: Option<f64>,
    /// The action's name.
    pub(crate) action: Option<String>,
    /// The block placed, with `action = "place"`.
    pub(crate) block: Option<String>,
    /// Where `action = "teleport"` puts the player (its feet, at the middle of its box).
    pub(crate) position: Option<[f64; 3]>,
    /// The world's clock `action = "set_time"` sets, in ticks.
    pub(crate) time: Option<i64>,
    /// The difficulty `action = "set_difficulty"` sets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) difficulty: Option<String>,
    /// The item crafted, smelted or burnt (`craft`, `smelt`, `fuel`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) item: Option<String>,
    /// How many: batches for `craft`, items for `drop`, `smelt` and `fuel`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) count: Option<i64>,
    /// The hotbar slot `select` takes in hand, 0 to 8, or the screen slot `click` clicks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) slot: Option<i64>,
    /// The button `click` clicks with: `left` (when left out), `right` or `shift`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) button: Option<String>,
}

/// One `[[update]]`: a cell due for an update at tick `due`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawUpdate {
    /// The cell.
    pub(crate) pos: [i32; 3],
    /// Ticks from tick 0 until it is due.
    pub(crate) due: i64,
}

/// One `[[falling]]`: a block on its way down.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawFalling {
    /// The block's name.
    pub(crate) block: String,
    /// Bottom centre.
    pub(crate) position: [f64; 3],
    /// Vertical velocity in blocks per second.
    #[serde(default)]
    pub(crate) velocity: f64,
}
