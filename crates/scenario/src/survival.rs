//! A scenario's survival keys: the world's `mode`, a player's `health`, `air`, `hunger`,
//! `saturation` and `inventory`, and the survival actions (`use`, `craft`, `drop`,
//! `select`, `respawn`, `smelt`,
//! `fuel`, `collect`, and the screen's `open_inventory`, `open`, `close` and `click`) with
//! their `item`, `count`, `slot` and `button`.
//!
//! Every action read is held to [`Action::is_possible`], the rule a server holds a client's
//! actions to, and every possible action can be written: so whatever a server played, its
//! recording replays.

use super::raw::{RawInput, RawItem, RawPlayer, RawStack};
use super::{ScenarioError, invalid, quoted};
use super::{limits, vector};
use hewn_core::sim::survival::rules::recipes;
use hewn_core::sim::survival::{Cause, HURT_COOLDOWN, ItemDrop, LIFETIME};
use hewn_core::sim::survival::{ClickKind, ScreenAction, SlotRef};
use hewn_core::sim::survival::{EXHAUSTION_PER_POINT, MAX_HUNGER, STARVING_INTERVAL};
use hewn_core::sim::survival::{FurnaceSlot, MAX_AIR, MAX_HEALTH, Mode, SLOTS, Stack, Survivor};
use hewn_core::sim::{Action, HOTBAR_SLOTS, Item};
use hewn_core::world::{BlockPos, WORLD_HEIGHT};

/// The most batches one `craft`, or items one `drop`, `smelt` or `fuel`, may name.
pub const MAX_ACTION_COUNT: i64 = hewn_core::sim::MAX_ACTION_COUNT as i64;

/// The survival actions' names, for the list of actions an unknown one is told.
pub const ACTIONS: [&str; 15] = [
    "use",
    "attack",
    "eat",
    "fill",
    "craft",
    "drop",
    "select",
    "respawn",
    "smelt",
    "fuel",
    "collect",
    "open_inventory",
    "open",
    "close",
    "click",
];

/// A click's `button` names, in [`ClickKind::ALL`]'s order.
const BUTTONS: [&str; 3] = ["left", "right", "shift"];

/// The highest number a `click`'s `slot` may have: a double chest's last.
const LAST_SCREEN_SLOT: i64 = SlotRef::LAST as i64;

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
                    "unknown item {} (items are the blocks a player can hold, stick, coal, charcoal, iron_ingot, gold_ingot, diamond, brick, apple, bread, wheat, wheat_seeds and the wooden_, stone_, iron_ and diamond_ pickaxe, axe, shovel and hoe)",
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

/// A player's survival state at the start, from the table at `table`: `health`, `air`,
/// `hunger`, `saturation`, `exhaustion`, `starving_in`, `bed`, `inventory`, `selected`,
/// `cooldown`, `unhurt`, `drowning_in`, `fall_top` and `death`, each as a fresh player has
/// it where left out.
pub(super) fn survivor(table: &str, raw: &RawPlayer) -> Result<Survivor, ScenarioError> {
    let key = |k: &str| format!("{table}.{k}");
    let number = |k: &str, v: Option<i64>, default: i64, hi: i64| {
        v.map_or(Ok(default), |v| within(&key(k), v, 0, hi))
    };
    let mut s = Survivor::default();
    let v = &mut s.vitals;
    v.health = number(
        "health",
        raw.health,
        i64::from(v.health),
        i64::from(MAX_HEALTH),
    )? as u8;
    v.air = number("air", raw.air, i64::from(v.air), i64::from(MAX_AIR))? as u16;
    v.cooldown = number(
        "cooldown",
        raw.cooldown,
        i64::from(v.cooldown),
        i64::from(HURT_COOLDOWN),
    )? as u8;
    v.unhurt = number(
        "unhurt",
        raw.unhurt,
        i64::from(v.unhurt),
        i64::from(u32::MAX),
    )? as u32;
    v.drowning_in = number(
        "drowning_in",
        raw.drowning_in,
        i64::from(v.drowning_in),
        i64::from(u16::MAX),
    )? as u16;
    if let Some(top) = raw.fall_top {
        if !top.is_finite() || top.abs() > super::MAX_ALTITUDE {
            return Err(invalid(
                key("fall_top"),
                format!("must be a height within ±{}", super::MAX_ALTITUDE),
            ));
        }
        v.fall_top = Some(top);
    }
    let h = &mut s.hunger;
    h.level = number(
        "hunger",
        raw.hunger,
        i64::from(h.level),
        i64::from(MAX_HUNGER),
    )? as u8;
    h.starving_in = number(
        "starving_in",
        raw.starving_in,
        i64::from(h.starving_in),
        i64::from(STARVING_INTERVAL),
    )? as u16;
    if let Some(saturation) = raw.saturation {
        if !(0.0..=f64::from(h.level)).contains(&saturation) {
            return Err(invalid(
                key("saturation"),
                format!("{saturation} is not from 0 to the hunger, {}", h.level),
            ));
        }
        h.saturation = saturation;
    }
    h.saturation = h.saturation.min(f64::from(h.level));
    if let Some(exhaustion) = raw.exhaustion {
        if !(0.0..EXHAUSTION_PER_POINT).contains(&exhaustion) {
            return Err(invalid(
                key("exhaustion"),
                format!("{exhaustion} is not from 0 to below {EXHAUSTION_PER_POINT}"),
            ));
        }
        h.exhaustion = exhaustion;
    }
    if let Some([x, y, z]) = raw.bed {
        if !(0..WORLD_HEIGHT).contains(&y) {
            return Err(invalid(key("bed"), format!("y {y} is outside the world")));
        }
        s.bed = Some(BlockPos::new(x, y, z));
    }
    s.selected = number("selected", raw.selected, 0, HOTBAR_SLOTS as i64 - 1)? as u8;
    s.death = match raw.death.as_deref() {
        None => None,
        Some(name) => Some(
            Cause::from_name(name).ok_or_else(|| {
                    invalid(
                        key("death"),
                        format!(
                            "unknown cause {} (expected fall, drowning, cactus, starvation, arrow or a creature's kind)",
                            quoted(name)
                        ),
                    )
                })?,
        ),
    };
    let raw_stacks = raw.inventory.as_deref().unwrap_or_default();
    if raw_stacks.len() > SLOTS {
        return Err(invalid(
            key("inventory"),
            format!("{} stacks is more than the {SLOTS} slots", raw_stacks.len()),
        ));
    }
    let placed = raw_stacks.iter().any(|r| r.slot.is_some());
    for (i, r) in raw_stacks.iter().enumerate() {
        let at = |k: &str| format!("{table}.inventory[{i}].{k}");
        let slot = match (placed, r.slot) {
            (false, _) => i,
            (true, Some(slot)) => within(&at("slot"), slot, 0, SLOTS as i64 - 1)? as usize,
            (true, None) => {
                return Err(invalid(
                    at("slot"),
                    "missing (another stack gives its slot)",
                ));
            }
        };
        let cell = s.inventory.slot_mut(slot);
        if cell.is_some() {
            return Err(invalid(at("slot"), format!("{slot} holds another stack")));
        }
        *cell = Some(stack(&at, r)?);
    }
    Ok(s)
}

/// The stack `r`, its keys named by `at`.
fn stack(at: &impl Fn(&str) -> String, r: &RawStack) -> Result<Stack, ScenarioError> {
    let item = item_value(&at("item"), &r.item)?;
    let count = within(&at("count"), r.count, 1, i64::from(item.max_stack()))?;
    let wear = match (r.wear, item.tool()) {
        (None, _) => 0,
        (Some(w), Some(tool)) => within(&at("wear"), w, 0, i64::from(tool.tier.uses()) - 1)?,
        (Some(_), None) => return Err(invalid(at("wear"), "only a tool wears")),
    };
    Ok(Stack {
        item,
        count: count as u8,
        wear: wear as u16,
    })
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
        return match (&raw.item, raw.count, raw.slot, &raw.button) {
            (Some(_), _, _, _) => Err(only("item", "\"craft\", \"fill\", \"smelt\" or \"fuel\"")),
            (_, Some(_), _, _) => Err(only("count", "\"craft\", \"drop\", \"smelt\" or \"fuel\"")),
            (_, _, Some(_), _) => Err(only("slot", "\"select\" or \"click\"")),
            (_, _, _, Some(_)) => Err(only("button", "\"click\" or \"fill\"")),
            _ => Ok(None),
        };
    };
    let action = survival_action(key, raw, name)?;
    if !action.is_possible() {
        return Err(invalid(
            key("action"),
            format!(
                "{} with these values is not an action a player can take",
                quoted(name)
            ),
        ));
    }
    Ok(Some(action))
}

/// The survival action `name` with `raw`'s `item`, `count`, `slot` and `button`.
fn survival_action(
    key: &impl Fn(&str) -> String,
    raw: &RawInput,
    name: &str,
) -> Result<Action, ScenarioError> {
    let only = |k: &str, with: &str| invalid(key(k), format!("only goes with action = {with}"));
    if raw.block.is_some() {
        return Err(only("block", "\"place\""));
    }
    let takes_item = matches!(name, "craft" | "fill" | "smelt" | "fuel");
    let takes_count = matches!(name, "craft" | "smelt" | "fuel" | "drop");
    if !takes_item && raw.item.is_some() {
        return Err(only("item", "\"craft\", \"fill\", \"smelt\" or \"fuel\""));
    }
    if !takes_count && raw.count.is_some() {
        return Err(only("count", "\"craft\", \"drop\", \"smelt\" or \"fuel\""));
    }
    if !matches!(name, "select" | "click") && raw.slot.is_some() {
        return Err(only("slot", "\"select\" or \"click\""));
    }
    if !matches!(name, "click" | "fill") && raw.button.is_some() {
        return Err(only("button", "\"click\" or \"fill\""));
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
    Ok(match (name, item) {
        ("craft", Some(item)) => {
            if !recipes().iter().any(|r| r.output == item) {
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
        ("open_inventory", _) => Action::Screen(ScreenAction::OpenInventory),
        ("open", _) => Action::Screen(ScreenAction::OpenLookedAt),
        ("close", _) => Action::Screen(ScreenAction::Close),
        ("click", _) => Action::Screen(click(key, raw)?),
        ("use", _) => Action::Use,
        ("attack", _) => Action::Attack,
        ("eat", _) => Action::Eat,
        ("fill", Some(item)) => Action::Screen(ScreenAction::Fill {
            item,
            all: match raw.button.as_deref() {
                None | Some("left") => false,
                Some("shift") => true,
                Some(other) => {
                    return Err(invalid(
                        key("button"),
                        format!("unknown button {} (expected left or shift)", quoted(other)),
                    ));
                }
            },
        }),
        _ => Action::Respawn,
    })
}

/// A `click`'s slot (a screen slot's number, as the wire carries it: the inventory's 0 to
/// 35, the grid's 36 to 44, the result 45, the furnace's input, fuel and output 46 to 48,
/// the outside 49, a chest's 50 to 103) and `button` (`left` when left out).
fn click(key: &impl Fn(&str) -> String, raw: &RawInput) -> Result<ScreenAction, ScenarioError> {
    let number = raw
        .slot
        .ok_or_else(|| invalid(key("slot"), "missing (click needs a slot)"))?;
    let number = within(&key("slot"), number, 0, LAST_SCREEN_SLOT)? as u8;
    let slot = SlotRef::from_number(number)
        .ok_or_else(|| invalid(key("slot"), format!("{number} is no slot of a screen")))?;
    let kind = match raw.button.as_deref() {
        None => ClickKind::Left,
        Some(button) => (BUTTONS.iter().position(|b| *b == button))
            .map(|i| ClickKind::ALL[i])
            .ok_or_else(|| {
                invalid(
                    key("button"),
                    format!(
                        "unknown button {} (expected left, right or shift)",
                        quoted(button)
                    ),
                )
            })?,
    };
    Ok(ScreenAction::Click { slot, kind })
}

/// The keys and values that write `action` back into an input: its name and its `item`,
/// `count` and `slot`, as [`action`] reads them.
pub(crate) fn write(action: &Action, raw: &mut RawInput) {
    if let Action::Screen(ScreenAction::Click { slot, kind }) = *action {
        raw.action = Some("click".to_owned());
        raw.slot = Some(i64::from(slot.number()));
        let button = ClickKind::ALL
            .iter()
            .position(|k| *k == kind)
            .map(|i| BUTTONS[i]);
        raw.button = button.filter(|b| *b != "left").map(str::to_owned);
        return;
    }
    if let Action::Screen(ScreenAction::Fill { item, all }) = *action {
        raw.action = Some("fill".to_owned());
        raw.item = Some(item.name().to_owned());
        raw.button = all.then(|| "shift".to_owned());
        return;
    }
    let (name, item, count, slot) = match *action {
        Action::Craft { item, count } => ("craft", Some(item), Some(count), None),
        Action::Drop { count } => ("drop", None, Some(count), None),
        Action::Select(slot) => ("select", None, None, Some(slot)),
        Action::Respawn => ("respawn", None, None, None),
        Action::Use => ("use", None, None, None),
        Action::Attack => ("attack", None, None, None),
        Action::Eat => ("eat", None, None, None),
        Action::Screen(screen) => (screen.name(), None, None, None),
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

/// A player table's survival keys for `survivor` (none in creative): every part of its
/// state that [`survivor`] reads, each stack with its slot, the parts a fresh player has
/// left out. (A recording starts from a world as it was opened: no screen open, nothing
/// being dug, which are not kept.)
pub(crate) fn player_keys(survivor: Option<&Survivor>) -> RawPlayer {
    let Some(s) = survivor else {
        return RawPlayer::default();
    };
    let fresh = Survivor::default();
    let differs = |a: i64, b: i64| (a != b).then_some(a);
    let inventory = (s.inventory.slots().iter().enumerate())
        .filter_map(|(slot, stack)| stack.map(|stack| (slot, stack)))
        .map(|(slot, stack)| RawStack {
            item: stack.item.name().to_owned(),
            count: i64::from(stack.count),
            wear: (stack.wear > 0).then_some(i64::from(stack.wear)),
            slot: Some(slot as i64),
        })
        .collect();
    let (v, f) = (&s.vitals, &fresh.vitals);
    RawPlayer {
        health: Some(i64::from(v.health)),
        air: Some(i64::from(v.air)),
        inventory: Some(inventory),
        selected: differs(i64::from(s.selected), 0),
        cooldown: differs(i64::from(v.cooldown), i64::from(f.cooldown)),
        unhurt: differs(i64::from(v.unhurt), i64::from(f.unhurt)),
        drowning_in: differs(i64::from(v.drowning_in), i64::from(f.drowning_in)),
        fall_top: v.fall_top,
        death: s.death.map(|c| c.name().to_owned()),
        bed: s.bed.map(|b| [b.x, b.y, b.z]),
        hunger: Some(i64::from(s.hunger.level)),
        saturation: Some(s.hunger.saturation),
        exhaustion: (s.hunger.exhaustion != fresh.hunger.exhaustion).then_some(s.hunger.exhaustion),
        starving_in: differs(
            i64::from(s.hunger.starving_in),
            i64::from(fresh.hunger.starving_in),
        ),
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

#[cfg(test)]
mod tests;
