//! hewn's mods: WebAssembly modules carried by packs (`pack.toml`'s `module`), run on the
//! server only by a pure-Rust interpreter (wasmi) that meters fuel.
//!
//! A mod is sandboxed by construction: it can name nothing but the functions under `hewn`
//! ([`check::HOST_FUNCTIONS`]), so no file, clock, network, environment or thread; its
//! memory is capped at [`check::MEMORY_CAP`]; each call runs on a budget of fuel
//! ([`runtime::FUEL_PER_TICK`]), so a runaway mod costs one bounded slice of one tick; and
//! what it asks the world to do is queued ([`host::Command`]) and applied by the caller
//! after it returns, at most [`host::COMMANDS_PER_TICK`] a tick. The interpreter is
//! deterministic (NaNs canonicalised, no clock), and the mod's generator is seeded by the
//! world's seed, the mod's name and the tick, so a modded game replays.
//!
//! - [`check`]: what a module may import and export, checked before it runs;
//! - [`host`]: the functions it may call and the commands they queue;
//! - [`events`]: what happens in the world, told to the mods that listen;
//! - [`runtime`]: loading, initialising and ticking the mods of a world;
//! - [`driver`]: the mods around each step of a world, as every way of playing one runs them.

pub mod check;
pub mod driver;
pub mod events;
pub mod host;
pub mod runtime;

pub use check::{Refusal, check};
pub use driver::{Driver, Line};
pub use host::Command;
pub use runtime::{Mods, Outcome};
