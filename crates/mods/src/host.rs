//! The functions a mod may call, under `hewn`, and what they reach: the world, lent for the
//! length of a call; the commands the mod queues, applied after it returns; its storage; a
//! generator seeded by the world, the mod and the tick.
//!
//! Strings and bytes cross as a pointer and a length into the mod's memory; numbers as
//! themselves. A pointer outside the memory traps the call, which undoes it.
//!
//! | function | parameters | result |
//! | --- | --- | --- |
//! | `log` | text | — |
//! | `block_at` | x, y, z | the block's id (air where the world is not loaded) |
//! | `block_named` | name | its id, or −1 |
//! | `set_block` | x, y, z, id | 0 queued; 1 not (the tick's queue is full); 2 no such block |
//! | `chat` | to (a player's name; empty for everyone), text | 0 queued; 1 not |
//! | `random` | — | 64 random bits |
//! | `storage_get` | key, out, its room | the value's length (written if it fits), or −1 |
//! | `storage_set` | key, value (length 0 deletes) | 0 kept; 1 past the storage's limits |
//! | `register_command` | a command's name, without its `/` | 0 registered; 1 not (a bad name, or too many) |
//! | `set_timer` | ticks from now (1 to 72,000), an id | 0 set; 1 not (a bad delay, or too many waiting) |
//! | `teleport` | a player, x, y, z (f64, the feet) | 0 queued; 1 not (not a number, or the queue is full) |
//! | `spawn_point` | out | the world's spawn point written at `out`, three little-endian f64 |
//! | `player_at` | a player, out | 0 and its feet written at `out` (three f64) if it is in the world; 1 if not |
//! | `drop_item` | x, y, z (f64), an item's name, a count | 0 queued; 1 not (no such item, a count not 1 to a stack, or the queue is full) |
//! | `give_item` | a player, an item's name, a count (below 0 takes) | 0 queued; 1 not (no such item, a count of 0 or past an inventory's worth, or the queue is full) |

use std::collections::BTreeMap;

use wasmi::{Caller, Error, Extern, Linker, StoreLimits};

use hewn_core::world::{Block, BlockPos, BlockSource, World};
use hewn_core::worldgen::SplitMix64;

/// The most commands one mod may queue in one tick; past it the rest are dropped and the
/// mod told so once.
pub const COMMANDS_PER_TICK: usize = 4096;

/// The longest text a mod may log or chat, in bytes.
pub const TEXT_CAP: usize = 1024;

/// The longest storage key, in bytes.
pub const KEY_CAP: usize = 256;

/// The most one mod may keep in storage, keys and values together, in bytes.
pub const STORAGE_CAP: usize = 1 << 20;

/// The most chat commands one mod may register.
pub const COMMANDS_CAP: usize = 64;

/// The most timers one mod may have waiting.
pub const TIMERS_CAP: usize = 256;

/// The longest a timer may wait, in ticks: 20 minutes.
pub const TIMER_CAP: u64 = 72_000;

/// What a mod asks the game to do, applied after it returns, in the order asked.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Put `block` at `pos`.
    SetBlock {
        /// Where.
        pos: BlockPos,
        /// What.
        block: Block,
    },
    /// Move the player called `player` to `position` (its feet), standing still, as an
    /// operator's `/tp` does; one not in the world, or a place outside it, is left out.
    Teleport {
        /// Who.
        player: String,
        /// Where.
        position: glam::DVec3,
    },
    /// Drop `count` of the item called `item` at `position` (in survival).
    Drop {
        /// Where.
        position: glam::DVec3,
        /// The item's name.
        item: String,
        /// How many, 1 to a stack.
        count: u8,
    },
    /// Give `count` of the item called `item` to `player`, or take as many where `count`
    /// is below 0 (in survival).
    Give {
        /// Who.
        player: String,
        /// The item's name.
        item: String,
        /// How many: given above 0, taken below.
        count: i16,
    },
    /// Say `text` to the player called `to`, or to everyone.
    Chat {
        /// The player, or `None` for everyone.
        to: Option<String>,
        /// What.
        text: String,
    },
}

/// A mod's side of the host: what its calls reach.
#[derive(Debug)]
pub struct Host {
    /// The mod's name, for its log lines and its generator.
    pub(crate) name: String,
    /// The world, lent for the length of a call.
    pub(crate) world: Option<World>,
    /// What the current call queued.
    pub(crate) queued: Vec<Command>,
    /// How many commands this tick's calls queued, the undone ones too.
    pub(crate) queued_this_tick: usize,
    /// Whether this tick's queue overflowed.
    pub(crate) overflowed: bool,
    /// What the current call logged.
    pub(crate) logged: Vec<String>,
    /// The generator, seeded afresh each tick.
    pub(crate) dice: SplitMix64,
    /// Its storage, by key.
    pub(crate) storage: BTreeMap<Vec<u8>, Vec<u8>>,
    /// The memory cap.
    pub(crate) limits: StoreLimits,
    /// The tick the mods last ran.
    pub(crate) now: u64,
    /// The chat commands it registered, without their `/`.
    pub(crate) commands: std::collections::BTreeSet<String>,
    /// Its timers waiting: the tick each falls due, and its id.
    pub(crate) timers: Vec<(u64, i32)>,
    /// The world's spawn point.
    pub(crate) spawn: glam::DVec3,
    /// Where each player in the world stands (its feet), as the last step left them.
    pub(crate) players: Vec<(String, glam::DVec3)>,
}

impl Host {
    /// A host for the mod `name`, its memory held to `limits`.
    pub(crate) fn new(name: &str, limits: StoreLimits) -> Self {
        Self {
            name: name.to_owned(),
            world: None,
            queued: Vec::new(),
            queued_this_tick: 0,
            overflowed: false,
            logged: Vec::new(),
            dice: SplitMix64::new(0),
            storage: BTreeMap::new(),
            limits,
            now: 0,
            commands: std::collections::BTreeSet::new(),
            timers: Vec::new(),
            spawn: glam::DVec3::ZERO,
            players: Vec::new(),
        }
    }

    /// The ids of its timers due by `tick`, in the order they fall due (and were set),
    /// taken off the list.
    pub(crate) fn take_due_timers(&mut self, tick: u64) -> Vec<i32> {
        let mut due: Vec<(u64, i32)> = Vec::new();
        self.timers.retain(|&(at, id)| {
            let now = at <= tick;
            if now {
                due.push((at, id));
            }
            !now
        });
        due.sort_by_key(|&(at, _)| at);
        due.into_iter().map(|(_, id)| id).collect()
    }

    /// Queues `command`, unless the tick's queue is full: 0 queued, 1 not.
    fn queue(&mut self, command: Command) -> i32 {
        if self.queued_this_tick >= COMMANDS_PER_TICK {
            self.overflowed = true;
            return 1;
        }
        self.queued_this_tick += 1;
        self.queued.push(command);
        0
    }

    /// How many bytes its storage holds, keys and values.
    fn stored(&self) -> usize {
        self.storage.iter().map(|(k, v)| k.len() + v.len()).sum()
    }
}

/// A trap with `message`, which undoes the call.
fn trap(message: &str) -> Error {
    Error::new(message.to_owned())
}

/// `len` bytes at `ptr` in the calling mod's memory.
fn read(caller: &Caller<'_, Host>, ptr: i32, len: i32, cap: usize) -> Result<Vec<u8>, Error> {
    let (Ok(ptr), Ok(len)) = (usize::try_from(ptr), usize::try_from(len)) else {
        return Err(trap("a negative pointer or length"));
    };
    if len > cap {
        return Err(trap("a text or key longer than hewn takes"));
    }
    let Some(Extern::Memory(memory)) = caller.get_export("memory") else {
        return Err(trap("no memory"));
    };
    let mut bytes = vec![0; len];
    memory
        .read(caller, ptr, &mut bytes)
        .map_err(|_| trap("a pointer outside the memory"))?;
    Ok(bytes)
}

/// `len` bytes at `ptr` as UTF-8 text.
fn text(caller: &Caller<'_, Host>, ptr: i32, len: i32) -> Result<String, Error> {
    String::from_utf8(read(caller, ptr, len, TEXT_CAP)?).map_err(|_| trap("text not UTF-8"))
}

/// `bytes` written at `ptr` in the calling mod's memory.
fn write(caller: &mut Caller<'_, Host>, ptr: i32, bytes: &[u8]) -> Result<(), Error> {
    let Ok(ptr) = usize::try_from(ptr) else {
        return Err(trap("a negative pointer"));
    };
    let Some(Extern::Memory(memory)) = caller.get_export("memory") else {
        return Err(trap("no memory"));
    };
    memory
        .write(caller, ptr, bytes)
        .map_err(|_| trap("a pointer outside the memory"))
}

/// A place as the host writes it into a mod's memory: x, y, z, little-endian f64.
fn place_bytes(place: glam::DVec3) -> Vec<u8> {
    place
        .to_array()
        .iter()
        .flat_map(|c| c.to_le_bytes())
        .collect()
}

/// The linker that gives every mod [`crate::check::HOST_FUNCTIONS`].
///
/// # Errors
/// Never, but for a function defined twice, which would be a bug here.
pub(crate) fn linker(engine: &wasmi::Engine) -> Result<Linker<Host>, wasmi::Error> {
    let mut linker = Linker::new(engine);
    linker.func_wrap(
        "hewn",
        "log",
        |mut caller: Caller<'_, Host>, ptr: i32, len: i32| -> Result<(), Error> {
            let line = text(&caller, ptr, len)?;
            caller.data_mut().logged.push(line);
            Ok(())
        },
    )?;
    linker.func_wrap(
        "hewn",
        "block_at",
        |caller: Caller<'_, Host>, x: i32, y: i32, z: i32| -> i32 {
            let world = caller.data().world.as_ref();
            world.map_or(0, |w| i32::from(w.block(BlockPos::new(x, y, z)).id()))
        },
    )?;
    linker.func_wrap(
        "hewn",
        "block_named",
        |caller: Caller<'_, Host>, ptr: i32, len: i32| -> Result<i32, Error> {
            let name = text(&caller, ptr, len)?;
            Ok(Block::from_name(&name).map_or(-1, |b| i32::from(b.id())))
        },
    )?;
    linker.func_wrap(
        "hewn",
        "set_block",
        |mut caller: Caller<'_, Host>, x: i32, y: i32, z: i32, id: i32| -> i32 {
            let block = u16::try_from(id).ok().and_then(Block::from_id);
            let Some(block) = block else {
                return 2;
            };
            let pos = BlockPos::new(x, y, z);
            caller.data_mut().queue(Command::SetBlock { pos, block })
        },
    )?;
    linker.func_wrap(
        "hewn",
        "chat",
        |mut caller: Caller<'_, Host>,
         to: i32,
         to_len: i32,
         ptr: i32,
         len: i32|
         -> Result<i32, Error> {
            let to = text(&caller, to, to_len)?;
            let text = text(&caller, ptr, len)?;
            let to = (!to.is_empty()).then_some(to);
            Ok(caller.data_mut().queue(Command::Chat { to, text }))
        },
    )?;
    linker.func_wrap("hewn", "random", |mut caller: Caller<'_, Host>| -> i64 {
        i64::from_ne_bytes(caller.data_mut().dice.next_u64().to_ne_bytes())
    })?;
    linker.func_wrap(
        "hewn",
        "storage_get",
        |mut caller: Caller<'_, Host>,
         key: i32,
         key_len: i32,
         out: i32,
         room: i32|
         -> Result<i32, Error> {
            let key = read(&caller, key, key_len, KEY_CAP)?;
            let Some(value) = caller.data().storage.get(&key).cloned() else {
                return Ok(-1);
            };
            if usize::try_from(room).is_ok_and(|room| room >= value.len()) {
                write(&mut caller, out, &value)?;
            }
            Ok(i32::try_from(value.len()).unwrap_or(i32::MAX))
        },
    )?;
    linker.func_wrap(
        "hewn",
        "storage_set",
        |mut caller: Caller<'_, Host>,
         key: i32,
         key_len: i32,
         value: i32,
         len: i32|
         -> Result<i32, Error> {
            let key = read(&caller, key, key_len, KEY_CAP)?;
            let value = read(&caller, value, len, STORAGE_CAP)?;
            let host = caller.data_mut();
            let before = host.storage.get(&key).map_or(0, |v| key.len() + v.len());
            if host.stored() - before + key.len() + value.len() > STORAGE_CAP {
                return Ok(1);
            }
            if value.is_empty() {
                host.storage.remove(&key);
            } else {
                host.storage.insert(key, value);
            }
            Ok(0)
        },
    )?;
    linker.func_wrap(
        "hewn",
        "register_command",
        |mut caller: Caller<'_, Host>, ptr: i32, len: i32| -> Result<i32, Error> {
            let name = text(&caller, ptr, len)?;
            let plain = !name.is_empty()
                && name.len() <= 32
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
            let host = caller.data_mut();
            if !plain || host.commands.len() >= COMMANDS_CAP {
                return Ok(1);
            }
            host.commands.insert(name);
            Ok(0)
        },
    )?;
    linker.func_wrap(
        "hewn",
        "teleport",
        |mut caller: Caller<'_, Host>,
         ptr: i32,
         len: i32,
         x: f64,
         y: f64,
         z: f64|
         -> Result<i32, Error> {
            let player = text(&caller, ptr, len)?;
            let position = glam::DVec3::new(x, y, z);
            if !position.is_finite() {
                return Ok(1);
            }
            Ok(caller
                .data_mut()
                .queue(Command::Teleport { player, position }))
        },
    )?;
    linker.func_wrap(
        "hewn",
        "spawn_point",
        |mut caller: Caller<'_, Host>, out: i32| -> Result<(), Error> {
            let spawn = caller.data().spawn;
            write(&mut caller, out, &place_bytes(spawn))
        },
    )?;
    linker.func_wrap(
        "hewn",
        "player_at",
        |mut caller: Caller<'_, Host>, ptr: i32, len: i32, out: i32| -> Result<i32, Error> {
            let name = text(&caller, ptr, len)?;
            let found = (caller.data().players.iter()).find(|(n, _)| *n == name);
            let Some(&(_, feet)) = found else {
                return Ok(1);
            };
            write(&mut caller, out, &place_bytes(feet))?;
            Ok(0)
        },
    )?;
    linker.func_wrap(
        "hewn",
        "drop_item",
        |mut caller: Caller<'_, Host>,
         x: f64,
         y: f64,
         z: f64,
         ptr: i32,
         len: i32,
         count: i32|
         -> Result<i32, Error> {
            let item = text(&caller, ptr, len)?;
            let position = glam::DVec3::new(x, y, z);
            let found = hewn_core::sim::Item::from_name(&item);
            let count = u8::try_from(count).ok();
            let fits = found
                .zip(count)
                .filter(|&(i, c)| (1..=i.max_stack()).contains(&c));
            let Some((_, count)) = fits.filter(|_| position.is_finite()) else {
                return Ok(1);
            };
            Ok(caller.data_mut().queue(Command::Drop {
                position,
                item,
                count,
            }))
        },
    )?;
    linker.func_wrap(
        "hewn",
        "give_item",
        |mut caller: Caller<'_, Host>,
         who: i32,
         who_len: i32,
         ptr: i32,
         len: i32,
         count: i32|
         -> Result<i32, Error> {
            let player = text(&caller, who, who_len)?;
            let item = text(&caller, ptr, len)?;
            let found = hewn_core::sim::Item::from_name(&item);
            let count = i16::try_from(count).ok();
            let fits = found
                .zip(count)
                .filter(|&(i, c)| c != 0 && c.unsigned_abs() <= 36 * u16::from(i.max_stack()));
            let Some((_, count)) = fits else {
                return Ok(1);
            };
            Ok(caller.data_mut().queue(Command::Give {
                player,
                item,
                count,
            }))
        },
    )?;
    linker.func_wrap(
        "hewn",
        "set_timer",
        |mut caller: Caller<'_, Host>, delay: i32, id: i32| -> i32 {
            let host = caller.data_mut();
            let delay = u64::try_from(delay).unwrap_or(0);
            if !(1..=TIMER_CAP).contains(&delay) || host.timers.len() >= TIMERS_CAP {
                return 1;
            }
            host.timers.push((host.now + delay, id));
            0
        },
    )?;
    Ok(linker)
}
