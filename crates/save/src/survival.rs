//! The `survival` table: a world's mode and, in survival, every player's health, air,
//! hunger and inventory, the items lying in the world, the furnaces and the chests, as one
//! JSON document in one row.
//!
//! The survival state is small (a few kilobytes: 36 slots a player, the items lying about,
//! a few furnaces) and changes every tick while anything falls, burns or heals, so each
//! save replaces it whole, as it does the crates. One document rather than four tables of
//! rows keeps the schema to one migration and the reader to one place where a file from
//! anywhere is checked: every item known, every count and number within its rules. What
//! breaks a rule is left out and reported as damage; the rest is kept.

use std::collections::BTreeMap;

use glam::DVec3;
use rusqlite::{Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::rows::DamagedRow;
use hewn_core::sim::survival::{
    Cause, Furnace, FurnaceSlot, ItemDrop, LIFETIME, MAX_AIR, MAX_HEALTH, Mode, SLOTS, Stack,
    Survival, Survivor, Vitals,
};
use hewn_core::sim::survival::{
    Chest, EXHAUSTION_PER_POINT, Hunger, MAX_HUNGER, STARVING_INTERVAL,
};
use hewn_core::sim::{HOTBAR_SLOTS, Item, PlayerName};
use hewn_core::world::{BlockPos, WORLD_HEIGHT};

/// The most items lying in the world, and furnaces, a stored world may hold.
const MAX_STORED: usize = 100_000;

/// A stack as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SavedStack {
    item: String,
    count: u8,
    #[serde(default)]
    wear: u16,
}

/// One player's survival state as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SavedSurvivor {
    name: String,
    health: u8,
    air: u16,
    cooldown: u8,
    unhurt: u32,
    drowning_in: u16,
    fall_top: Option<f64>,
    selected: u8,
    death: Option<String>,
    /// `(slot, stack)` for every non-empty slot.
    inventory: Vec<(usize, SavedStack)>,
    /// Hunger and its counters; a world saved before hunger reads as full.
    #[serde(default)]
    hunger: Option<SavedHunger>,
    /// The foot of the bed it comes back to, once it used one.
    #[serde(default)]
    bed: Option<[i32; 3]>,
    /// Every item it has carried, by name, for the recipe book.
    #[serde(default)]
    seen: Vec<String>,
}

/// A player's hunger as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SavedHunger {
    level: u8,
    saturation: f64,
    exhaustion: f64,
    starving_in: u16,
}

/// An item lying in the world as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SavedDrop {
    stack: SavedStack,
    position: [f64; 3],
    velocity: [f64; 3],
    on_ground: bool,
    age: u32,
}

/// A furnace as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SavedFurnace {
    pos: [i32; 3],
    input: Option<SavedStack>,
    fuel: Option<SavedStack>,
    output: Option<SavedStack>,
    burn_left: u32,
    burn_total: u32,
    progress: u32,
}

/// A chest as stored: `(slot, stack)` for every non-empty slot.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SavedChest {
    pos: [i32; 3],
    slots: Vec<(usize, SavedStack)>,
}

/// The whole document.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct SavedSurvival {
    mode: String,
    spawn: [f64; 3],
    survivors: Vec<SavedSurvivor>,
    drops: Vec<SavedDrop>,
    furnaces: Vec<SavedFurnace>,
    /// A world saved before chests has none.
    #[serde(default)]
    chests: Vec<SavedChest>,
}

fn saved_stack(s: Stack) -> SavedStack {
    SavedStack {
        item: s.item.name().to_owned(),
        count: s.count,
        wear: s.wear,
    }
}

/// Replaces the stored survival state with `survival`, inside the caller's transaction.
pub(super) fn write(conn: &Connection, survival: &Survival) -> rusqlite::Result<()> {
    let survivors = survival.survivors.iter().map(|(name, s)| SavedSurvivor {
        name: name.to_string(),
        health: s.vitals.health,
        air: s.vitals.air,
        cooldown: s.vitals.cooldown,
        unhurt: s.vitals.unhurt,
        drowning_in: s.vitals.drowning_in,
        fall_top: s.vitals.fall_top,
        selected: s.selected,
        death: s.death.map(|c| c.name().to_owned()),
        inventory: (s.inventory.slots().iter().enumerate())
            .filter_map(|(i, st)| st.as_ref().map(|&st| (i, saved_stack(st))))
            .collect(),
        hunger: Some(SavedHunger {
            level: s.hunger.level,
            saturation: s.hunger.saturation,
            exhaustion: s.hunger.exhaustion,
            starving_in: s.hunger.starving_in,
        }),
        bed: s.bed.map(|b| [b.x, b.y, b.z]),
        seen: s.seen.iter().map(|i| i.name().to_owned()).collect(),
    });
    let drops = survival.drops.list().iter().map(|d| SavedDrop {
        stack: saved_stack(d.stack),
        position: d.position.to_array(),
        velocity: d.velocity.to_array(),
        on_ground: d.on_ground,
        age: d.age,
    });
    let furnaces = survival.furnaces.iter().map(|(pos, f)| SavedFurnace {
        pos: [pos.x, pos.y, pos.z],
        input: f.input.map(saved_stack),
        fuel: f.fuel.map(saved_stack),
        output: f.output.map(saved_stack),
        burn_left: f.burn_left,
        burn_total: f.burn_total,
        progress: f.progress,
    });
    let chests = survival.chests.iter().map(|(pos, c)| SavedChest {
        pos: [pos.x, pos.y, pos.z],
        slots: (c.slots.iter().enumerate())
            .filter_map(|(i, st)| st.map(|st| (i, saved_stack(st))))
            .collect(),
    });
    let mut survivors: Vec<SavedSurvivor> = survivors.collect();
    survivors.extend(shadowed(conn, survival)?);
    let doc = SavedSurvival {
        mode: survival.mode.name().to_owned(),
        spawn: survival.spawn.to_array(),
        survivors,
        drops: drops.collect(),
        furnaces: furnaces.collect(),
        chests: chests.collect(),
    };
    // Plain numbers, strings and lists always serialise; NaN has no JSON and becomes null,
    // which the reader refuses as damage rather than the save failing whole.
    let text = serde_json::to_string(&doc).unwrap_or_default();
    conn.execute(
        "INSERT OR REPLACE INTO survival (id, state) VALUES (0, ?1)",
        [text],
    )?;
    Ok(())
}

/// The stored survivors that [`read`] did not use because an earlier one's name differs
/// from theirs only in case (older hewns kept such names apart), of the players being
/// written: written back as they are, so a save loses neither.
fn shadowed(conn: &Connection, survival: &Survival) -> rusqlite::Result<Vec<SavedSurvivor>> {
    /// Only the survivors of a stored document; the rest is skipped unread.
    #[derive(Deserialize)]
    struct Survivors {
        survivors: Vec<SavedSurvivor>,
    }
    let text: Option<String> = conn
        .query_row("SELECT state FROM survival WHERE id = 0", [], |r| r.get(0))
        .optional()?;
    let stored = text.and_then(|t| serde_json::from_str::<Survivors>(&t).ok());
    let Some(stored) = stored else {
        return Ok(Vec::new());
    };
    // Of the stored survivors one name stands for, the first is the one `read` used, which
    // the state being written replaces; the later ones it left aside are kept.
    let mut seen = std::collections::BTreeSet::new();
    Ok((stored.survivors.into_iter())
        .filter(|s| {
            PlayerName::new(&s.name)
                .is_ok_and(|name| survival.survivors.contains_key(&name) && !seen.insert(name))
        })
        .collect())
}

/// The stored survival state, every part held to its rules: a world saved before survival
/// existed, or with no row, is creative, its dead coming back at `spawn`. Parts that break
/// a rule are left out and returned as damage.
pub(super) fn read(
    conn: &Connection,
    spawn: DVec3,
) -> rusqlite::Result<(Survival, Vec<DamagedRow>)> {
    let text: Option<String> = conn
        .query_row("SELECT state FROM survival WHERE id = 0", [], |r| r.get(0))
        .optional()?;
    let Some(text) = text else {
        return Ok((Survival::new(Mode::Creative, spawn), Vec::new()));
    };
    let mut damage = Vec::new();
    let doc: SavedSurvival = match serde_json::from_str(&text) {
        Ok(doc) => doc,
        Err(e) => {
            damage.push(DamagedRow::table(
                "survival",
                format!("not a survival state: {e}"),
            ));
            // The mode is what decides how the world plays: keep it if it can be read.
            let mode = text.contains("\"mode\":\"survival\"");
            let mode = if mode { Mode::Survival } else { Mode::Creative };
            return Ok((Survival::new(mode, spawn), damage));
        }
    };
    let mut problem = |what: String| damage.push(DamagedRow::table("survival", what));
    let mode = Mode::from_name(&doc.mode).unwrap_or_else(|| {
        problem(format!("unknown mode {:?}; playing survival", doc.mode));
        Mode::Survival
    });
    let stored = DVec3::from_array(doc.spawn);
    let spawn = if stored.is_finite() {
        stored
    } else {
        problem("the spawn point is not a place".to_owned());
        spawn
    };
    let mut survival = Survival::new(mode, spawn);
    for s in doc.survivors {
        match survivor(&s) {
            Ok((name, _)) if survival.survivors.contains_key(&name) => {
                // The first in the stored order is used; `write` keeps the other as stored.
                let used = survival.survivors.keys().find(|n| **n == name);
                let used = used.map_or_else(String::new, ToString::to_string);
                log::warn!(
                    "survivors {used} and {name} differ only in case, which makes them one \
                     player: {used} is used, and {name} is kept as it is"
                );
            }
            Ok((name, survivor)) => {
                survival.survivors.insert(name, survivor);
            }
            Err(e) => problem(format!("player {:?}: {e}", s.name)),
        }
    }
    for (i, d) in doc.drops.iter().enumerate().take(MAX_STORED) {
        match item_drop(d) {
            Ok(drop) => survival.drops.add(drop),
            Err(e) => problem(format!("item {i}: {e}")),
        }
    }
    let mut furnaces = BTreeMap::new();
    for f in doc.furnaces.iter().take(MAX_STORED) {
        match furnace(f) {
            Ok((pos, furnace)) => {
                furnaces.insert(pos, furnace);
            }
            Err(e) => problem(format!("furnace at {:?}: {e}", f.pos)),
        }
    }
    survival.furnaces = furnaces;
    for saved in doc.chests.iter().take(MAX_STORED) {
        let [x, y, z] = saved.pos;
        if !(0..WORLD_HEIGHT).contains(&y) {
            problem(format!("chest at {:?}: outside the world", saved.pos));
            continue;
        }
        // A damaged slot loses that slot, not the chest.
        let mut chest = Chest::default();
        for (slot, st) in &saved.slots {
            match (chest.slots.get_mut(*slot), stack(st)) {
                (Some(cell), Ok(stack)) => *cell = Some(stack),
                (None, _) => problem(format!("chest at {:?}: slot {slot}", saved.pos)),
                (_, Err(e)) => problem(format!("chest at {:?}, slot {slot}: {e}", saved.pos)),
            }
        }
        if !chest.is_empty() {
            survival.chests.insert(BlockPos::new(x, y, z), chest);
        }
    }
    Ok((survival, damage))
}

/// A stored stack, if its item is one a player can carry and its count and wear fit it.
fn stack(s: &SavedStack) -> Result<Stack, String> {
    let item = Item::from_name(&s.item)
        .filter(|i| Item::carried().contains(i))
        .ok_or_else(|| format!("unknown item {:?}", s.item))?;
    if s.count == 0 || s.count > item.max_stack() {
        return Err(format!("{} {} in one stack", s.count, s.item));
    }
    let uses = item.tool().map_or(1, |t| t.tier.uses());
    if s.wear >= uses {
        return Err(format!("{} worn {} times", s.item, s.wear));
    }
    Ok(Stack {
        item,
        count: s.count,
        wear: s.wear,
    })
}

/// `h` checked against hunger's ranges: hunger to 20, saturation to the hunger, exhaustion
/// below a point's worth, starvation's clock to its interval.
fn saved_hunger(h: &SavedHunger) -> Result<Hunger, String> {
    let in_range = h.level <= MAX_HUNGER
        && (0.0..=f64::from(h.level)).contains(&h.saturation)
        && (0.0..EXHAUSTION_PER_POINT).contains(&h.exhaustion)
        && h.starving_in <= STARVING_INTERVAL;
    if !in_range {
        return Err("hunger, saturation or exhaustion out of range".to_owned());
    }
    Ok(Hunger {
        level: h.level,
        saturation: h.saturation,
        exhaustion: h.exhaustion,
        starving_in: h.starving_in,
    })
}

fn survivor(s: &SavedSurvivor) -> Result<(PlayerName, Survivor), String> {
    let name = PlayerName::new(&s.name).map_err(|e| e.to_string())?;
    if s.health > MAX_HEALTH || s.air > MAX_AIR || usize::from(s.selected) >= HOTBAR_SLOTS {
        return Err("health, air or the slot in hand out of range".to_owned());
    }
    if s.fall_top.is_some_and(|y| !y.is_finite()) {
        return Err("the top of its fall is not a height".to_owned());
    }
    let death = match &s.death {
        None => None,
        Some(name) => {
            Some(Cause::from_name(name).ok_or_else(|| format!("unknown cause of death {name:?}"))?)
        }
    };
    let mut survivor = Survivor {
        vitals: Vitals {
            health: s.health,
            air: s.air,
            cooldown: s.cooldown,
            unhurt: s.unhurt,
            drowning_in: s.drowning_in,
            fall_top: s.fall_top,
        },
        selected: s.selected,
        death,
        hunger: match &s.hunger {
            None => Hunger::full(),
            Some(h) => saved_hunger(h)?,
        },
        // A bed outside the world is no bed: its player comes back at the spawn.
        bed: s
            .bed
            .filter(|[_, y, _]| (0..WORLD_HEIGHT).contains(y))
            .map(|[x, y, z]| BlockPos::new(x, y, z)),
        // An item this build does not know is no ingredient it can show.
        seen: (s.seen.iter())
            .filter_map(|name| Item::from_name(name))
            .collect(),
        ..Survivor::default()
    };
    for (slot, st) in &s.inventory {
        if *slot >= SLOTS {
            return Err(format!("slot {slot} of {SLOTS}"));
        }
        *survivor.inventory.slot_mut(*slot) = Some(stack(st)?);
    }
    Ok((name, survivor))
}

fn item_drop(d: &SavedDrop) -> Result<ItemDrop, String> {
    let position = DVec3::from_array(d.position);
    let velocity = DVec3::from_array(d.velocity);
    if !(position.is_finite() && velocity.is_finite()) || d.age >= LIFETIME {
        return Err("a position, velocity or age out of range".to_owned());
    }
    let mut drop = ItemDrop::new(stack(&d.stack)?, position, velocity);
    drop.on_ground = d.on_ground;
    drop.age = d.age;
    Ok(drop)
}

fn furnace(f: &SavedFurnace) -> Result<(BlockPos, Furnace), String> {
    let [x, y, z] = f.pos;
    if !(0..WORLD_HEIGHT).contains(&y) {
        return Err("outside the world".to_owned());
    }
    let mut furnace = Furnace {
        burn_left: f.burn_left,
        burn_total: f.burn_total.max(f.burn_left),
        progress: f.progress.min(hewn_core::sim::survival::SMELT_TICKS),
        ..Furnace::default()
    };
    for (slot, saved) in FurnaceSlot::ALL
        .into_iter()
        .zip([&f.input, &f.fuel, &f.output])
    {
        *furnace.slot_mut(slot) = saved.as_ref().map(stack).transpose()?;
    }
    Ok((BlockPos::new(x, y, z), furnace))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::sim::survival::{Material, Tier, Tool, ToolKind};
    use hewn_core::world::Block;

    fn table() -> Connection {
        let conn = Connection::open_in_memory().expect("a database");
        conn.execute_batch(
            "CREATE TABLE survival (id INTEGER PRIMARY KEY NOT NULL, state TEXT NOT NULL)",
        )
        .expect("the table");
        conn
    }

    #[test]
    fn a_survival_world_round_trips_whole() {
        let mut survival = Survival::new(Mode::Survival, DVec3::new(0.5, 70.0, -3.5));
        let mut s = Survivor::default();
        s.vitals.health = 7;
        s.vitals.fall_top = Some(80.25);
        s.hunger.level = 13;
        s.hunger.saturation = 2.5;
        s.hunger.exhaustion = 1.75;
        s.bed = Some(BlockPos::new(-4, 64, 9));
        s.seen = [Item::Block(Block::LOG), Item::Material(Material::Stick)].into();
        s.selected = 4;
        let pick = Item::Tool(Tool::new(ToolKind::Pickaxe, Tier::Iron));
        *s.inventory.slot_mut(4) = Some(Stack {
            item: pick,
            count: 1,
            wear: 17,
        });
        *s.inventory.slot_mut(35) = Some(Stack::new(Item::Block(Block::DIRT), 64));
        survival.survivors.insert(PlayerName::default(), s);
        let coal = Stack::new(Item::Material(Material::Coal), 3);
        survival
            .drops
            .add(ItemDrop::new(coal, DVec3::new(1.0, 64.0, 2.0), DVec3::X));
        survival.furnaces.insert(
            BlockPos::new(3, 64, -2),
            Furnace {
                fuel: Some(coal),
                burn_left: 100,
                burn_total: 4800,
                progress: 250,
                ..Furnace::default()
            },
        );
        let mut chest = Chest::default();
        chest.slots[0] = Some(coal);
        chest.slots[26] = Some(Stack::new(Item::Material(Material::Bread), 12));
        survival.chests.insert(BlockPos::new(5, 64, -2), chest);
        let conn = table();
        write(&conn, &survival).expect("written");
        let (read, damage) = read(&conn, DVec3::ZERO).expect("read");
        assert!(damage.is_empty(), "{damage:?}");
        assert_eq!(read, survival);
    }

    #[test]
    fn a_world_without_the_row_is_creative_and_bad_parts_are_left_out() {
        let conn = table();
        assert_eq!(
            read(&conn, DVec3::ZERO).expect("read").0,
            Survival::default()
        );
        let doc = r#"{"mode":"survival","spawn":[0,64,0],"survivors":[
            {"name":"ok","health":20,"air":900,"cooldown":0,"unhurt":0,"drowning_in":0,
             "fall_top":null,"selected":0,"death":null,"inventory":[[0,{"item":"netherite_sword","count":1}]]},
            {"name":"fine","health":5,"air":900,"cooldown":0,"unhurt":0,"drowning_in":0,
             "fall_top":null,"selected":0,"death":"fall","inventory":[]}],
            "drops":[{"stack":{"item":"dirt","count":65},"position":[0,64,0],"velocity":[0,0,0],"on_ground":true,"age":0}],
            "furnaces":[]}"#;
        conn.execute("INSERT INTO survival (id, state) VALUES (0, ?1)", [doc])
            .expect("stored");
        let (read, damage) = read(&conn, DVec3::ZERO).expect("read");
        assert_eq!(read.mode, Mode::Survival);
        assert_eq!(damage.len(), 2, "{damage:?}");
        let names: Vec<_> = read.survivors.keys().map(PlayerName::as_str).collect();
        assert_eq!(names, ["fine"]);
        assert!(read.drops.list().is_empty());
        conn.execute("UPDATE survival SET state = 'not json'", [])
            .expect("stored");
        assert_eq!(read_mode(&conn), Mode::Creative);
    }

    #[test]
    fn of_survivors_differing_only_in_case_the_first_is_used_and_both_are_kept() {
        let conn = table();
        let survivor = |name: &str, health: u32| {
            format!(
                r#"{{"name":"{name}","health":{health},"air":900,"cooldown":0,"unhurt":0,
                "drowning_in":0,"fall_top":null,"selected":0,"death":null,"inventory":[]}}"#
            )
        };
        let doc = format!(
            r#"{{"mode":"survival","spawn":[0,64,0],"survivors":[{},{}],"drops":[],"furnaces":[]}}"#,
            survivor("Alice", 7),
            survivor("alice", 3)
        );
        conn.execute("INSERT INTO survival (id, state) VALUES (0, ?1)", [doc])
            .expect("stored");
        let (mut read_back, damage) = read(&conn, DVec3::ZERO).expect("read");
        assert!(damage.is_empty(), "{damage:?}");
        let (name, used) = read_back.survivors.iter().next().expect("one survivor");
        assert_eq!((name.as_str(), used.vitals.health), ("Alice", 7));
        // Played on as "ALICE" (the same player), saved, read again: the state played
        // is the first, and "alice" is still stored as it was.
        let mut played = read_back.survivors.pop_first().expect("one").1;
        played.vitals.health = 12;
        let name = PlayerName::new("ALICE").expect("a name");
        read_back.survivors.insert(name, played);
        write(&conn, &read_back).expect("written");
        let text: String = conn
            .query_row("SELECT state FROM survival WHERE id = 0", [], |r| r.get(0))
            .expect("stored");
        let stored: serde_json::Value = serde_json::from_str(&text).expect("json");
        let kept: Vec<_> = (stored["survivors"].as_array().expect("a list").iter())
            .map(|s| (s["name"].as_str().expect("a name"), s["health"].as_u64()))
            .collect();
        assert_eq!(kept, [("ALICE", Some(12)), ("alice", Some(3))]);
    }

    fn read_mode(conn: &Connection) -> Mode {
        read(conn, DVec3::ZERO).expect("read").0.mode
    }
}
