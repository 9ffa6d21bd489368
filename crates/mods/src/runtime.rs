//! The mods a world runs, in pack order: loaded and initialised, then called every tick,
//! each on a budget of fuel.
//!
//! A call that runs out of fuel or traps is undone: what it queued is dropped. The mod is
//! told once, in the log, and after [`STRIKES`] such ticks in a row it is quarantined: not
//! called again until it is loaded anew. The world goes on either way, and the other mods'
//! calls are the same as they would be without it, since each mod has its own store, its
//! own budget and its own queue.

use std::collections::BTreeMap;

use wasmi::{Engine, Instance, Linker, Store, StoreLimitsBuilder, TypedFunc};

use super::check::{self, INIT, MEMORY_CAP, Refusal, TICK};
use super::host::{self, COMMANDS_PER_TICK, Command, Host};
use hewn_core::world::{Loader, World};
use hewn_core::worldgen::SplitMix64;

/// The fuel one mod may burn in one tick (and in its `hewn_init`): about a third of a
/// millisecond of this machine's interpreter on a loop that does nothing else (0.34 ms, the
/// worst tick of `an_endless_loop_is_stopped_by_fuel_…` in `tests/mods.rs`), so that several
/// mods and a runaway together stay within 2 ms of the tick.
pub const FUEL_PER_TICK: u64 = 300_000;

/// How many ticks in a row a mod may fail before it is quarantined.
pub const STRIKES: u8 = 3;

/// What the mods did in one call round: the commands to apply, in order, each with the
/// index of the mod that queued it, and what they logged or did wrong.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    /// The commands, in the order to apply them.
    pub commands: Vec<(usize, Command)>,
    /// Lines for the server's log: `mod NAME: …`.
    pub log: Vec<String>,
}

/// One loaded mod.
pub(crate) struct Loaded {
    pub(crate) store: Store<Host>,
    pub(crate) instance: Instance,
    tick: Option<TypedFunc<i64, ()>>,
    /// Failed ticks in a row.
    strikes: u8,
    quarantined: bool,
}

/// The mods a world runs.
pub struct Mods {
    engine: Engine,
    linker: Linker<Host>,
    pub(crate) seed: u64,
    /// The world's spawn point, which `spawn_point` tells.
    spawn: glam::DVec3,
    pub(crate) loaded: Vec<Loaded>,
    /// The tick the mods last ran, which events and timers count from.
    pub(crate) now: u64,
    /// What the world saved for mods not loaded yet, by name: each takes its own when it
    /// loads ([`Mods::keep`]).
    saved: BTreeMap<String, BTreeMap<Vec<u8>, Vec<u8>>>,
}

impl std::fmt::Debug for Mods {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self
            .loaded
            .iter()
            .map(|m| m.store.data().name.as_str())
            .collect();
        f.debug_struct("Mods")
            .field("loaded", &names)
            .finish_non_exhaustive()
    }
}

/// A number for `text`, the same on every run (FNV-1a): a mod's share of the seed.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Mods {
    /// No mods yet, for a world of `seed` whose spawn point is `spawn`.
    ///
    /// # Panics
    /// Never: the host functions are defined once each.
    #[must_use]
    pub fn new(seed: u64, spawn: glam::DVec3) -> Self {
        let engine = check::engine();
        #[expect(clippy::expect_used, reason = "each host function is defined once")]
        let linker = host::linker(&engine).expect("the host functions link");
        Self {
            engine,
            linker,
            seed,
            spawn,
            loaded: Vec::new(),
            now: 0,
            saved: BTreeMap::new(),
        }
    }

    /// Keeps `saved`, what a world's file held for its mods by name, for each mod to take
    /// as its storage when it loads.
    pub fn keep(&mut self, saved: BTreeMap<String, BTreeMap<Vec<u8>, Vec<u8>>>) {
        self.saved = saved;
    }

    /// Tells every mod where each player stands now (their feet), for `player_at`.
    pub fn see_players(&mut self, players: &[(String, glam::DVec3)]) {
        for m in &mut self.loaded {
            m.store.data_mut().players = players.to_vec();
        }
    }

    /// What every loaded mod keeps, by name: what a save writes.
    #[must_use]
    pub fn storage(&self) -> BTreeMap<String, BTreeMap<Vec<u8>, Vec<u8>>> {
        let loaded = self.loaded.iter().map(|m| m.store.data());
        loaded
            .map(|h| (h.name.clone(), h.storage.clone()))
            .collect()
    }

    /// How many mods are loaded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.loaded.len()
    }

    /// Whether none is.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.loaded.is_empty()
    }

    /// The name of the mod at `index`.
    #[must_use]
    pub fn name(&self, index: usize) -> Option<&str> {
        self.loaded.get(index).map(|m| m.store.data().name.as_str())
    }

    /// Whether the mod at `index` is quarantined.
    #[must_use]
    pub fn is_quarantined(&self, index: usize) -> bool {
        self.loaded.get(index).is_some_and(|m| m.quarantined)
    }

    /// Loads the module `wasm` as the mod `name`, after those loaded before it, and calls
    /// its `hewn_init` with `world` lent to it: the outcome holds what it queued.
    ///
    /// # Errors
    /// The [`Refusal`] of a module that breaks a rule, or whose `hewn_init` traps or runs
    /// out of fuel; the world is as it was, and the mods loaded before run on.
    pub fn load(
        &mut self,
        name: &str,
        wasm: &[u8],
        world: &mut Loader<'_>,
    ) -> Result<Outcome, Refusal> {
        let index = self.loaded.len();
        let storage = self.saved.get(name).cloned().unwrap_or_default();
        let (loaded, outcome) = self.start(name, wasm, index, storage, world)?;
        self.saved.remove(name);
        self.loaded.push(loaded);
        Ok(outcome)
    }

    /// Swaps the mod `name` for the module `wasm`, between two ticks, its storage kept and
    /// its quarantine lifted; one not loaded yet is loaded after the others. Its `hewn_init`
    /// runs again.
    ///
    /// # Errors
    /// The [`Refusal`] of the new module, which leaves the old one running as it was.
    pub fn reload(
        &mut self,
        name: &str,
        wasm: &[u8],
        world: &mut Loader<'_>,
    ) -> Result<Outcome, Refusal> {
        let Some(index) = self.loaded.iter().position(|m| m.store.data().name == name) else {
            return self.load(name, wasm, world);
        };
        let storage = self.loaded[index].store.data().storage.clone();
        let (loaded, outcome) = self.start(name, wasm, index, storage, world)?;
        self.loaded[index] = loaded;
        Ok(outcome)
    }

    /// The mod `name` from `wasm`, at `index` among the mods, holding `storage`, its
    /// `hewn_init` run.
    fn start(
        &self,
        name: &str,
        wasm: &[u8],
        index: usize,
        storage: BTreeMap<Vec<u8>, Vec<u8>>,
        world: &mut Loader<'_>,
    ) -> Result<(Loaded, Outcome), Refusal> {
        let module = check::check(&self.engine, wasm)?;
        let limits = StoreLimitsBuilder::new()
            .memory_size(MEMORY_CAP)
            .memories(1)
            .tables(4)
            .table_elements(1 << 16)
            .instances(1)
            .build();
        let mut host = Host::new(name, limits);
        host.storage = storage;
        host.spawn = self.spawn;
        let mut store = Store::new(&self.engine, host);
        store.limiter(|host| &mut host.limits);
        let failed = |e: wasmi::Error| Refusal::Init(e.to_string());
        store.set_fuel(FUEL_PER_TICK).map_err(failed)?;
        // A start function runs here, on the same fuel as `hewn_init`.
        let instance = self
            .linker
            .instantiate_and_start(&mut store, &module)
            .map_err(failed)?;
        let init = instance.get_typed_func::<(), ()>(&store, INIT).ok();
        let tick = instance.get_typed_func::<i64, ()>(&store, TICK).ok();
        let mut loaded = Loaded {
            store,
            instance,
            tick,
            strikes: 0,
            quarantined: false,
        };
        let mut outcome = Outcome::default();
        if let Some(init) = init {
            let host = loaded.store.data_mut();
            host.dice = SplitMix64::new(self.seed ^ fnv(name));
            host.queued_this_tick = 0;
            let result = lend(&mut loaded.store, world, |store| init.call(store, ()));
            let queued = take(&mut loaded.store, index, &mut outcome);
            result.map_err(failed)?;
            outcome.commands.extend(queued);
        }
        Ok((loaded, outcome))
    }

    /// Calls every mod's `hewn_tick(tick)` in load order, each on [`FUEL_PER_TICK`], with
    /// `world` lent to it (it reads the world as the tick left it; what it sets is applied
    /// by the caller, after all have run, in the order queued). A timer a mod set that falls
    /// due at `tick` fires first, through its `hewn_timer(id)`.
    pub fn tick(&mut self, world: &mut Loader<'_>, tick: u64) -> Outcome {
        self.now = tick;
        let mut outcome = Outcome::default();
        let seed = self.seed;
        for (index, m) in self.loaded.iter_mut().enumerate() {
            let host = m.store.data_mut();
            host.dice =
                SplitMix64::new(seed ^ fnv(&host.name) ^ tick.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            host.queued_this_tick = 0;
            host.overflowed = false;
            host.now = tick;
            let due: Vec<i32> = host.take_due_timers(tick);
            for id in due {
                m.call(
                    index,
                    world,
                    &mut outcome,
                    EVENT_FUEL,
                    "hewn_timer",
                    |store, i| match i.get_typed_func::<i32, ()>(&*store, "hewn_timer") {
                        Ok(f) => f.call(store, id),
                        Err(_) => Ok(()),
                    },
                );
            }
            if let Some(run) = m.tick {
                m.call(
                    index,
                    world,
                    &mut outcome,
                    FUEL_PER_TICK,
                    "hewn_tick",
                    |store, _| run.call(store, tick.cast_signed()),
                );
            }
            if m.store.data().overflowed {
                let name = &m.store.data().name;
                outcome.log.push(format!(
                    "mod {name}: queued past {COMMANDS_PER_TICK} commands this tick; the rest were dropped"
                ));
            }
        }
        outcome
    }
}

/// The fuel one event's call may burn ([`crate::events`]): a third of a tick's.
pub const EVENT_FUEL: u64 = FUEL_PER_TICK / 3;

impl Loaded {
    /// Calls into the mod (the mod at `index`) through `run`, on `fuel`, with the world
    /// lent: what it queued joins `outcome` if the call returns, and is dropped if it runs
    /// out of fuel or traps, which counts a strike (the third in a row quarantines it). A
    /// quarantined mod is not called. `None` where the call was not made or failed.
    pub(crate) fn call<R>(
        &mut self,
        index: usize,
        world: &mut Loader<'_>,
        outcome: &mut Outcome,
        fuel: u64,
        what: &str,
        run: impl FnOnce(&mut Store<Host>, &Instance) -> Result<R, wasmi::Error>,
    ) -> Option<R> {
        if self.quarantined {
            return None;
        }
        let instance = self.instance;
        let result = self
            .store
            .set_fuel(fuel)
            .and_then(|()| lend(&mut self.store, world, |store| run(store, &instance)));
        let queued = take(&mut self.store, index, outcome);
        let name = self.store.data().name.clone();
        match result {
            Ok(answer) => {
                self.strikes = 0;
                outcome.commands.extend(queued);
                Some(answer)
            }
            Err(e) => {
                self.strikes += 1;
                let why = match e.as_trap_code() {
                    Some(wasmi::TrapCode::OutOfFuel) => format!("ran out of its {fuel} fuel"),
                    _ => format!("failed: {e}"),
                };
                outcome.log.push(format!(
                    "mod {name}: {what} {why}; what it queued is undone"
                ));
                if self.strikes >= STRIKES {
                    self.quarantined = true;
                    outcome.log.push(format!(
                        "mod {name}: quarantined after {STRIKES} failed calls in a row, until it is reloaded"
                    ));
                }
                None
            }
        }
    }
}

/// Runs `call` with the world `loader` holds lent to the mod's host for the call.
fn lend<R>(
    store: &mut Store<Host>,
    loader: &mut Loader<'_>,
    call: impl FnOnce(&mut Store<Host>) -> R,
) -> R {
    loader.lend(|world| {
        store.data_mut().world = Some(world);
        let result = call(store);
        // The host only reads the world; it is always there to give back.
        let back = store.data_mut().world.take().unwrap_or_else(|| {
            World::new(hewn_core::worldgen::Generator::new(
                hewn_core::worldgen::GeneratorKind::Empty,
                0,
            ))
        });
        (back, result)
    })
}

/// The commands the last call queued, each with the mod's `index`, and its log lines moved
/// into `outcome`.
fn take(store: &mut Store<Host>, index: usize, outcome: &mut Outcome) -> Vec<(usize, Command)> {
    let host = store.data_mut();
    let name = host.name.clone();
    outcome.log.extend(
        host.logged
            .drain(..)
            .map(|line| format!("mod {name}: {line}")),
    );
    host.queued.drain(..).map(|c| (index, c)).collect()
}
