//! The JSON that `hewn sim` prints: the state after a tick, and with `--trace`, one such line
//! per tick whose edits are only what changed since the line before.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde::Serialize;

use hewn_core::physics::Body;
use hewn_core::sim::survival::Detail;
use hewn_core::sim::survival::{MAX_AIR, MAX_HEALTH, MAX_HUNGER, START_SATURATION, Stack};
use hewn_core::sim::{Event, Simulation};
use hewn_core::world::{Block, BlockPos, Edit, World};

/// One edited cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditReport {
    /// The cell.
    pub pos: [i32; 3],
    /// The block there now.
    pub block: &'static str,
}

impl EditReport {
    /// The cell at `pos`, now holding `block`.
    #[must_use]
    pub fn new(pos: BlockPos, block: Block) -> Self {
        Self {
            pos: [pos.x, pos.y, pos.z],
            block: block.name(),
        }
    }
}

/// The lines `hewn sim --trace` prints. Repeating every edit on every line made a 95-byte
/// scenario (a large fill, 20 ticks) print 1.56 GB; so the first line lists every edit and
/// each later line only the cells whose block changed since the line before, with the block
/// there now (the generated one, for an edit undone). Applying the lines' edits in order gives
/// the edits after any tick; the final object lists them all.
#[derive(Debug, Default)]
pub struct Trace {
    /// The edits as of the last line, sorted by cell.
    previous: Vec<(BlockPos, Edit)>,
}

impl Trace {
    /// A trace with no line printed yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The next line: `sim`'s state, with the edits changed since the last line.
    pub fn line(&mut self, sim: &Simulation, probes: &[BlockPos]) -> TickReport {
        let current: Vec<(BlockPos, Edit)> = sim.world().edits().collect();
        let changed = changes(&self.previous, &current);
        self.previous = current;
        TickReport::with_edits(sim, probes, changed)
    }
}

/// The cells whose block differs between the edit lists `before` and `after` (both sorted by
/// cell, as [`World::edits`](hewn_core::world::World::edits) gives them), with their block in
/// `after`, sorted by cell: one merge of the two lists.
fn changes(before: &[(BlockPos, Edit)], after: &[(BlockPos, Edit)]) -> Vec<EditReport> {
    let mut changed = Vec::new();
    let (mut old, mut new) = (before.iter().peekable(), after.iter().peekable());
    loop {
        let order = match (old.peek(), new.peek()) {
            (None, None) => break,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (Some((a, _)), Some((b, _))) => a.cmp(b),
        };
        match order {
            // Edited before and not now: back to what the generator made.
            Ordering::Less => {
                if let Some(&(pos, edit)) = old.next() {
                    changed.push(EditReport::new(pos, edit.generated));
                }
            }
            Ordering::Greater => {
                if let Some(&(pos, edit)) = new.next() {
                    changed.push(EditReport::new(pos, edit.current));
                }
            }
            Ordering::Equal => {
                if let (Some((_, was)), Some(&(pos, now))) = (old.next(), new.next())
                    && was.current != now.current
                {
                    changed.push(EditReport::new(pos, now.current));
                }
            }
        }
    }
    changed
}

/// One event of a tick ([`hewn_core::sim::events`]), as `hewn sim` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventReport {
    /// The tick it happened in.
    pub tick: u64,
    /// What happened: `step`, `swim`, `land`, `splash`, `break`, `place` or `settle`.
    pub kind: &'static str,
    /// The block involved, where there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block: Option<&'static str>,
    /// Its cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pos: Option<[i32; 3]>,
    /// For `land`, the height fallen in blocks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fall: Option<f64>,
    /// The player it concerns, where the world held more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// For `hurt` and `death`, what hurt: `fall`, `drowning` or `cactus`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<&'static str>,
    /// For `hurt`, the health lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<u8>,
    /// For `strike`, `slain` and `call`, the creature's kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creature: Option<&'static str>,
    /// For `strike`, `slain` and `call`, the creature's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<u32>,
    /// For `pickup` and `craft`, the item.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item: Option<&'static str>,
    /// For `pickup` and `craft`, how many.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
}

impl From<&Event> for EventReport {
    fn from(e: &Event) -> Self {
        Self {
            tick: e.tick,
            kind: e.kind.name(),
            block: e.block.map(Block::name),
            pos: e.pos.map(|p| [p.x, p.y, p.z]),
            fall: e.fall,
            player: e.player.as_ref().map(ToString::to_string),
            cause: match e.detail {
                Some(Detail::Hurt { cause, .. } | Detail::Death(cause)) => Some(cause.name()),
                _ => None,
            },
            creature: match e.detail {
                Some(Detail::Creature { kind, .. }) => hewn_core::sim::creature::kinds()
                    .get(usize::from(kind))
                    .map(|k| k.name.as_str()),
                _ => None,
            },
            id: match e.detail {
                Some(Detail::Creature { id, .. }) => Some(id),
                _ => None,
            },
            amount: match e.detail {
                Some(Detail::Hurt { amount, .. }) => Some(amount),
                _ => None,
            },
            item: match e.detail {
                Some(Detail::Items { item, .. }) => Some(item.name()),
                _ => None,
            },
            count: match e.detail {
                Some(Detail::Items { count, .. }) => Some(count),
                _ => None,
            },
        }
    }
}

/// One non-empty inventory slot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlotReport {
    /// The slot, 0 to 35 (0 to 8 the hotbar).
    pub slot: usize,
    /// The item's name.
    pub item: &'static str,
    /// How many.
    pub count: u8,
}

/// One item lying in the world.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ItemReport {
    /// The item's name.
    pub item: &'static str,
    /// How many.
    pub count: u8,
    /// Bottom centre of its box.
    pub position: [f64; 3],
}

/// One furnace with anything in it or burning.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FurnaceReport {
    /// Its cell.
    pub pos: [i32; 3],
    /// The input, fuel and output slots, each `{item, count}` or null.
    pub input: Option<StackReport>,
    /// The fuel waiting.
    pub fuel: Option<StackReport>,
    /// What it made.
    pub output: Option<StackReport>,
    /// Ticks the burning fuel has left.
    pub burn: u32,
    /// Ticks the item in the input has cooked.
    pub progress: u32,
}

/// One chest with anything in it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChestReport {
    /// Its cell.
    pub pos: [i32; 3],
    /// Its non-empty slots, in slot order.
    pub slots: Vec<SlotReport>,
}

/// A stack in a furnace's slot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StackReport {
    /// The item's name.
    pub item: &'static str,
    /// How many.
    pub count: u8,
}

impl StackReport {
    fn of(s: Option<Stack>) -> Option<Self> {
        s.map(|s| Self {
            item: s.item.name(),
            count: s.count,
        })
    }
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

impl LightReport {
    /// The light of each of `probes` in `world`, in their order.
    #[must_use]
    pub fn probed(world: &World, probes: &[BlockPos]) -> Vec<Self> {
        probes
            .iter()
            .map(|&pos| {
                let light = world.light(pos);
                Self {
                    pos: [pos.x, pos.y, pos.z],
                    sky: light.sky(),
                    block: light.block(),
                }
            })
            .collect()
    }
}

/// One player's state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerReport {
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
}

impl PlayerReport {
    /// The state of `player` in `sim`.
    #[must_use]
    pub fn of(sim: &Simulation, player: &Body) -> Self {
        Self {
            position: player.position.to_array(),
            velocity: player.velocity.to_array(),
            yaw: player.yaw,
            pitch: player.pitch,
            on_ground: player.on_ground,
            flying: player.flying,
            inside_solid: sim.inside_solid(player),
        }
    }
}

/// The state after a tick, in the order the fields are printed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TickReport {
    /// Ticks run so far.
    pub tick: u64,
    /// Ticks per second.
    pub tps: u32,
    /// The first player in the world (its fields are printed here, at the top level, as
    /// they were when a world had one player); left out while no one is in the world.
    #[serde(flatten)]
    pub player: Option<PlayerReport>,
    /// Every cell that differs from what the generator made, sorted by (x, y, z); on a
    /// [`Trace`] line after the first, only the cells changed since the line before.
    pub edits: Vec<EditReport>,
    /// The crates, in the order the scenario (or the saved world) gave them.
    pub crates: Vec<CrateReport>,
    /// The world's clock, in ticks.
    pub time: u64,
    /// The light at each probed cell, in the scenario's order.
    pub light: Vec<LightReport>,
    /// Everyone in the world, the first player too, by name.
    pub players: BTreeMap<String, PlayerReport>,
    /// How the world is played: `creative` or `survival`.
    pub mode: &'static str,
    /// The first player's health, 0 to 20 (20 in creative, where nothing hurts).
    pub health: u8,
    /// The first player's air, 0 to 900.
    pub air: u16,
    /// The first player's hunger, 0 to 20 (20 in creative).
    pub hunger: u8,
    /// The first player's saturation, 0 to its hunger (5 in creative).
    pub saturation: f64,
    /// The first player's non-empty slots, in slot order (empty in creative).
    pub inventory: Vec<SlotReport>,
    /// The items lying in the world, in the order they appeared.
    pub items: Vec<ItemReport>,
    /// The furnaces with anything in them or burning, by cell.
    pub furnaces: Vec<FurnaceReport>,
    /// The chests with anything in them, by cell.
    pub chests: Vec<ChestReport>,
    /// The creatures, by id; left out while there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub creatures: Vec<crate::creatures::CreatureReport>,
    /// What happened in the last tick, in order; in the final object `hewn sim` prints,
    /// what happened in every tick.
    pub events: Vec<EventReport>,
    /// 16 hex digits of [`Simulation::hash`].
    pub hash: String,
}

/// The non-empty slots of `slots`, in order.
fn slot_reports(slots: &[Option<Stack>]) -> Vec<SlotReport> {
    (slots.iter().enumerate())
        .filter_map(|(slot, st)| {
            st.map(|st| SlotReport {
                slot,
                item: st.item.name(),
                count: st.count,
            })
        })
        .collect()
}

impl TickReport {
    /// The report of `sim`'s current state, with the light at `probes` (whose columns and
    /// their neighbours should be loaded: [`World::load_light_around`]).
    ///
    /// [`World::load_light_around`]: hewn_core::world::World::load_light_around
    #[must_use]
    pub fn of(sim: &Simulation, probes: &[BlockPos]) -> Self {
        let edits = sim
            .world()
            .edits()
            .map(|(pos, edit)| EditReport::new(pos, edit.current))
            .collect();
        Self::with_edits(sim, probes, edits)
    }

    /// The report of `sim`'s current state with `edits` for its edits.
    fn with_edits(sim: &Simulation, probes: &[BlockPos], edits: Vec<EditReport>) -> Self {
        let survivor = sim.players().first().and_then(|m| sim.survivor(&m.name));
        Self {
            tick: sim.tick_count(),
            tps: Simulation::ticks_per_second(),
            player: sim.player().map(|p| PlayerReport::of(sim, p)),
            edits,
            crates: sim
                .crates()
                .list()
                .iter()
                .map(|c| CrateReport {
                    position: c.position.to_array(),
                    velocity: c.velocity.to_array(),
                })
                .collect(),
            time: sim.time(),
            light: LightReport::probed(sim.world(), probes),
            players: sim
                .players()
                .list()
                .iter()
                .map(|m| (m.name.to_string(), PlayerReport::of(sim, &m.body)))
                .collect(),
            mode: sim.mode().name(),
            health: survivor.map_or(MAX_HEALTH, |s| s.vitals.health),
            air: survivor.map_or(MAX_AIR, |s| s.vitals.air),
            hunger: survivor.map_or(MAX_HUNGER, |s| s.hunger.level),
            saturation: survivor.map_or(START_SATURATION, |s| s.hunger.saturation),
            inventory: survivor
                .map(|s| slot_reports(s.inventory.slots()))
                .unwrap_or_default(),
            items: (sim.survival().drops.list().iter())
                .map(|d| ItemReport {
                    item: d.stack.item.name(),
                    count: d.stack.count,
                    position: d.position.to_array(),
                })
                .collect(),
            furnaces: (sim.survival().furnaces.iter())
                .map(|(pos, f)| FurnaceReport {
                    pos: [pos.x, pos.y, pos.z],
                    input: StackReport::of(f.input),
                    fuel: StackReport::of(f.fuel),
                    output: StackReport::of(f.output),
                    burn: f.burn_left,
                    progress: f.progress,
                })
                .collect(),
            chests: (sim.survival().chests.iter())
                .map(|(pos, c)| ChestReport {
                    pos: [pos.x, pos.y, pos.z],
                    slots: slot_reports(&c.slots),
                })
                .collect(),
            creatures: crate::creatures::CreatureReport::all(sim),
            events: sim.events().iter().map(EventReport::from).collect(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(x: i32, generated: Block, current: Block) -> (BlockPos, Edit) {
        (BlockPos::new(x, 0, 0), Edit { generated, current })
    }

    #[test]
    fn changes_are_new_edits_changed_edits_and_undone_edits_in_cell_order() {
        let (air, dirt, sand, stone) = (Block::AIR, Block::DIRT, Block::SAND, Block::STONE);
        let before = [edit(1, air, stone), edit(2, air, dirt), edit(4, stone, air)];
        let after = [edit(0, air, sand), edit(2, air, sand), edit(4, stone, air)];
        let names: Vec<_> = changes(&before, &after)
            .iter()
            .map(|e| (e.pos[0], e.block))
            .collect();
        assert_eq!(names, [(0, "sand"), (1, "air"), (2, "sand")]);
        assert!(changes(&after, &after).is_empty());
    }
}
