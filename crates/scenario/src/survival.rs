//! A scenario's survival keys: the world's `mode`, a player's `health`, `air` and
//! `inventory`, and the survival actions (`craft`, `drop`, `select`, `respawn`, `smelt`,
//! `fuel`, `collect`) with their `item`, `count` and `slot`.

use super::raw::{RawInput, RawItem, RawPlayer, RawStack};
use super::{ScenarioError, invalid, quoted};
use super::{limits, vector};
use hewn_core::sim::survival::recipes::RECIPES;
use hewn_core::sim::survival::{FurnaceSlot, MAX_AIR, MAX_HEALTH, Mode, SLOTS, Stack, Survivor};
use hewn_core::sim::survival::{ItemDrop, LIFETIME};
use hewn_core::sim::{Action, HOTBAR_SLOTS, Item};

/// The most batches one `craft`, or items one `drop`, `smelt` or `fuel`, may name.
pub const MAX_ACTION_COUNT: i64 = 64;

/// The survival actions' names, for the list of actions an unknown one is told.
pub const ACTIONS: [&str; 7] = [
    "craft", "drop", "select", "respawn", "smelt", "fuel", "collect",
];

/// The world's mode from the top-level `mode` key.
pub(super) fn mode(raw: Option<&str>) -> Result<Mode, ScenarioError> {
    match raw {
        None => Ok(Mode::Creative),
        Some(name) => Mode::from_name(name).ok_or_else(|| {
            invalid(
                "mode",
                format!(
                    "unknown mode {} (expected survival or creative)",
                    quoted(name)
                ),
            )
        }),
    }
}

/// The item called `name`, for the key `key`.
pub(super) fn item_value(key: &str, name: &str) -> Result<Item, ScenarioError> {
    Item::from_name(name)
        .filter(|i| Item::carried().contains(i))
        .ok_or_else(|| {
            invalid(
                key,
                format!(
                    "unknown item {} (items are the blocks a player can hold, stick, coal, charcoal, iron_ingot, gold_ingot, diamond, brick and the wooden_, stone_, iron_ and diamond_ pickaxe, axe and shovel)",
                    quoted(name)
                ),
            )
        })
}

/// A number `v` for `key` within `lo..=hi`.
fn within(key: &str, v: i64, lo: i64, hi: i64) -> Result<i64, ScenarioError> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(invalid(key, format!("{v} is not from {lo} to {hi}")))
    }
}

/// A player's `health`, `air` and `inventory` in the table at `table`.
pub(super) fn start(
    table: &str,
    health: Option<i64>,
    air: Option<i64>,
    inventory: Option<&[RawStack]>,
) -> Result<(u8, u16, Vec<Stack>), ScenarioError> {
    let key = |k: &str| format!("{table}.{k}");
    let health = health.map_or(Ok(i64::from(MAX_HEALTH)), |h| {
        within(&key("health"), h, 0, i64::from(MAX_HEALTH))
    })?;
    let air = air.map_or(Ok(i64::from(MAX_AIR)), |a| {
        within(&key("air"), a, 0, i64::from(MAX_AIR))
    })?;
    let raw = inventory.unwrap_or_default();
    if raw.len() > SLOTS {
        return Err(invalid(
            key("inventory"),
            format!("{} stacks is more than the {SLOTS} slots", raw.len()),
        ));
    }
    let stacks = raw
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let at = |k: &str| format!("{table}.inventory[{i}].{k}");
            let item = item_value(&at("item"), &s.item)?;
            let count = within(&at("count"), s.count, 1, i64::from(item.max_stack()))?;
            let wear = match (s.wear, item.tool()) {
                (None, _) => 0,
                (Some(w), Some(tool)) => {
                    within(&at("wear"), w, 0, i64::from(tool.tier.uses()) - 1)?
                }
                (Some(_), None) => return Err(invalid(at("wear"), "only a tool wears")),
            };
            Ok(Stack {
                item,
                count: count as u8,
                wear: wear as u16,
            })
        })
        .collect::<Result<_, _>>()?;
    Ok((health as u8, air as u16, stacks))
}

/// The survival action an input names, if it names one, with its `item`, `count` and
/// `slot` checked; those keys with any other action are refused.
pub(super) fn action(
    key: &impl Fn(&str) -> String,
    raw: &RawInput,
) -> Result<Option<Action>, ScenarioError> {
    let name = raw.action.as_deref().filter(|a| ACTIONS.contains(a));
    let only = |k: &str, with: &str| invalid(key(k), format!("only goes with action = {with}"));
    let Some(name) = name else {
        return match (&raw.item, raw.count, raw.slot) {
            (Some(_), _, _) => Err(only("item", "\"craft\", \"smelt\" or \"fuel\"")),
            (_, Some(_), _) => Err(only("count", "\"craft\", \"drop\", \"smelt\" or \"fuel\"")),
            (_, _, Some(_)) => Err(only("slot", "\"select\"")),
            _ => Ok(None),
        };
    };
    if raw.block.is_some() {
        return Err(only("block", "\"place\""));
    }
    let takes_item = matches!(name, "craft" | "smelt" | "fuel");
    let takes_count = takes_item || name == "drop";
    if !takes_item && raw.item.is_some() {
        return Err(only("item", "\"craft\", \"smelt\" or \"fuel\""));
    }
    if !takes_count && raw.count.is_some() {
        return Err(only("count", "\"craft\", \"drop\", \"smelt\" or \"fuel\""));
    }
    if name != "select" && raw.slot.is_some() {
        return Err(only("slot", "\"select\""));
    }
    let count = raw
        .count
        .map_or(Ok(1), |c| within(&key("count"), c, 1, MAX_ACTION_COUNT))? as u8;
    let item = match &raw.item {
        Some(name) => Some(item_value(&key("item"), name)?),
        None if takes_item => {
            return Err(invalid(
                key("item"),
                format!("missing ({name} needs an item)"),
            ));
        }
        None => None,
    };
    Ok(Some(match (name, item) {
        ("craft", Some(item)) => {
            if !RECIPES.iter().any(|r| r.output == item) {
                return Err(invalid(
                    key("item"),
                    format!("no recipe makes {}", quoted(item.name())),
                ));
            }
            Action::Craft { item, count }
        }
        ("smelt", Some(item)) => Action::FurnacePut {
            slot: FurnaceSlot::Input,
            item,
            count,
        },
        ("fuel", Some(item)) => Action::FurnacePut {
            slot: FurnaceSlot::Fuel,
            item,
            count,
        },
        ("collect", _) => Action::FurnaceTake {
            slot: FurnaceSlot::Output,
        },
        ("drop", _) => Action::Drop { count },
        ("select", _) => {
            let slot = raw
                .slot
                .ok_or_else(|| invalid(key("slot"), "missing (select needs a slot)"))?;
            Action::Select(within(&key("slot"), slot, 0, HOTBAR_SLOTS as i64 - 1)? as u8)
        }
        _ => Action::Respawn,
    }))
}

/// The keys and values that write `action` back into an input: its name and its `item`,
/// `count` and `slot`, as [`action`] reads them.
pub(crate) fn write(action: &Action, raw: &mut RawInput) {
    let (name, item, count, slot) = match *action {
        Action::Craft { item, count } => ("craft", Some(item), Some(count), None),
        Action::Drop { count } => ("drop", None, Some(count), None),
        Action::Select(slot) => ("select", None, None, Some(slot)),
        Action::Respawn => ("respawn", None, None, None),
        Action::FurnacePut { slot, item, count } => {
            let name = if slot == FurnaceSlot::Fuel {
                "fuel"
            } else {
                "smelt"
            };
            (name, Some(item), Some(count), None)
        }
        Action::FurnaceTake { .. } => ("collect", None, None, None),
        _ => return,
    };
    raw.action = Some(name.to_owned());
    raw.item = item.map(|i| i.name().to_owned());
    raw.count = count.map(i64::from);
    raw.slot = slot.map(i64::from);
}

/// A player table's survival keys for `survivor` (none in creative): its health, air and
/// the stacks it carries, in slot order.
///
/// A scenario fills slots from 0, so a recording starts with the stacks packed to the
/// front; where they sat, and which slot was in hand, is not kept.
pub(crate) fn player_keys(survivor: Option<&Survivor>) -> RawPlayer {
    let Some(s) = survivor else {
        return RawPlayer::default();
    };
    let inventory = s
        .inventory
        .slots()
        .iter()
        .flatten()
        .map(|stack| RawStack {
            item: stack.item.name().to_owned(),
            count: i64::from(stack.count),
            wear: (stack.wear > 0).then_some(i64::from(stack.wear)),
        })
        .collect();
    RawPlayer {
        health: Some(i64::from(s.vitals.health)),
        air: Some(i64::from(s.vitals.air)),
        inventory: Some(inventory),
        ..RawPlayer::default()
    }
}

/// The `[[item]]`s: stacks lying in the world at tick 0, which only a survival world has.
pub(super) fn items(mode: Mode, raw: &[RawItem]) -> Result<Vec<ItemDrop>, ScenarioError> {
    if mode != Mode::Survival && !raw.is_empty() {
        return Err(invalid(
            "item[0]",
            "items lie only in a world with mode = \"survival\"",
        ));
    }
    limits::count("item", raw.len(), super::MAX_CRATES)?;
    raw.iter()
        .enumerate()
        .map(|(i, r)| {
            let key = |k: &str| format!("item[{i}].{k}");
            let item = item_value(&key("item"), &r.item)?;
            let count = within(&key("count"), r.count, 1, i64::from(item.max_stack()))? as u8;
            let position = vector(&key("position"), r.position)?;
            let half = glam::DVec3::splat(hewn_core::sim::survival::ITEM_SIZE / 2.0);
            limits::body_inside_border(&key("position"), position, half)?;
            let velocity = r
                .velocity
                .map_or(Ok(glam::DVec3::ZERO), |v| vector(&key("velocity"), v))?;
            if velocity.abs().max_element() > super::MAX_SPEED {
                return Err(invalid(
                    key("velocity"),
                    format!(
                        "each component must be within ±{} blocks/s",
                        super::MAX_SPEED
                    ),
                ));
            }
            let age = r.age.map_or(Ok(0), |a| {
                within(&key("age"), a, 0, i64::from(LIFETIME) - 1)
            })?;
            let mut drop = ItemDrop::new(Stack::new(item, count), position, velocity);
            drop.age = age as u32;
            Ok(drop)
        })
        .collect()
}

/// The `[[item]]`s that start a recording of `sim`: the items lying in its world.
pub(crate) fn item_keys(sim: &hewn_core::sim::Simulation) -> Vec<RawItem> {
    let drops = sim.survival().drops.list().iter();
    drops
        .map(|d| RawItem {
            item: d.stack.item.name().to_owned(),
            count: i64::from(d.stack.count),
            position: d.position.to_array(),
            velocity: Some(d.velocity.to_array()),
            age: Some(i64::from(d.age)),
        })
        .collect()
}
