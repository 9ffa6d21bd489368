//! What a module may name, checked before it runs: nothing ambient. Its imports come from
//! the module `hewn` alone, each one of [`HOST_FUNCTIONS`] with the type it is written
//! with there; it exports its `memory`, no larger at the start than [`MEMORY_CAP`]; the
//! exports hewn calls ([`EXPORTS`]: `hewn_init`, `hewn_tick`, the events), where it has
//! them, have the types hewn calls them with. A module that breaks any of these is refused
//! with a message naming what it broke, at load and by `hewn content check` alike.

use wasmi::{Engine, ExternType, FuncType, Module, ValType};

/// The most memory a mod may have, in bytes: 64 MiB. A module declaring more at the start
/// is refused; `memory.grow` past it fails (returns −1), as the module asked for too much.
pub const MEMORY_CAP: usize = 64 << 20;

/// The largest module a pack may carry, in bytes.
pub const MODULE_CAP: usize = 16 << 20;

/// The export called once when the mod loads, `() -> ()`.
pub const INIT: &str = "hewn_init";

/// The export called every tick with the tick's number, `(i64) -> ()`.
pub const TICK: &str = "hewn_tick";

/// Every export hewn calls, with its parameters and results: the lifecycle's and the
/// events' ([`crate::events`]), and `hewn_alloc`, which gives the host room for an event's
/// text. A module exporting one of these names with another type is refused.
pub const EXPORTS: &[(&str, &[ValType], &[ValType])] = {
    use ValType::{I32, I64};
    &[
        (INIT, &[], &[]),
        (TICK, &[I64], &[]),
        ("hewn_alloc", &[I32], &[I32]),
        ("hewn_join", &[I32, I32], &[]),
        ("hewn_leave", &[I32, I32], &[]),
        ("hewn_command", &[I32, I32, I32, I32], &[]),
        ("hewn_edit", &[I32, I32, I32, I32, I32, I32], &[I32]),
        ("hewn_slain", &[I32, I32, I32, I32, I32], &[]),
        ("hewn_broken", &[I32, I32, I32, I32, I32, I32], &[]),
        ("hewn_placed", &[I32, I32, I32, I32, I32, I32], &[]),
        ("hewn_timer", &[I32], &[]),
    ]
};

/// The module every import must come from.
pub const HOST: &str = "hewn";

/// Every function a mod may import from [`HOST`], with its parameters and results.
pub const HOST_FUNCTIONS: &[(&str, &[ValType], &[ValType])] = {
    use ValType::{F64, I32, I64};
    &[
        ("log", &[I32, I32], &[]),
        ("block_at", &[I32, I32, I32], &[I32]),
        ("block_named", &[I32, I32], &[I32]),
        ("set_block", &[I32, I32, I32, I32], &[I32]),
        ("chat", &[I32, I32, I32, I32], &[I32]),
        ("random", &[], &[I64]),
        ("storage_get", &[I32, I32, I32, I32], &[I32]),
        ("storage_set", &[I32, I32, I32, I32], &[I32]),
        ("register_command", &[I32, I32], &[I32]),
        ("set_timer", &[I32, I32], &[I32]),
        ("teleport", &[I32, I32, F64, F64, F64], &[I32]),
        ("spawn_point", &[I32], &[]),
        ("player_at", &[I32, I32, I32], &[I32]),
        ("drop_item", &[F64, F64, F64, I32, I32, I32], &[I32]),
        ("give_item", &[I32, I32, I32, I32, I32], &[I32]),
    ]
};

/// Why a module was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Its bytes are not a valid WebAssembly module (or use a feature hewn leaves off).
    #[error("not a WebAssembly module hewn can run: {0}")]
    Invalid(String),
    /// It is larger than [`MODULE_CAP`].
    #[error("{0} bytes, past the {MODULE_CAP} a module may have")]
    TooLarge(usize),
    /// It imports something other than one of [`HOST_FUNCTIONS`].
    #[error("it imports {0}, which is not one of hewn's functions")]
    Import(String),
    /// It imports one of [`HOST_FUNCTIONS`] with another type.
    #[error("it imports {0} as {1}, where hewn's is {2}")]
    ImportType(String, String, String),
    /// It exports no memory called `memory`.
    #[error("it exports no memory called \"memory\"")]
    NoMemory,
    /// Its memory starts larger than [`MEMORY_CAP`].
    #[error("its memory starts at {0} bytes, past the {MEMORY_CAP} a mod may have")]
    MemoryTooLarge(u64),
    /// An export hewn calls ([`EXPORTS`]) has the wrong type.
    #[error("it exports {0} as {1}, where hewn calls it as {2}")]
    ExportType(&'static str, String, String),
    /// It exports an event that passes text, but no `hewn_alloc` to pass it into.
    #[error("it exports {0}, whose text needs hewn_alloc, which it does not export")]
    NoAlloc(String),
    /// Its `hewn_init` trapped or ran out of fuel.
    #[error("its hewn_init failed: {0}")]
    Init(String),
}

/// `ty` as WebAssembly text writes a signature: `(i32, i32) -> i32`.
fn signature(ty: &FuncType) -> String {
    let list = |types: &[ValType]| {
        let names: Vec<String> = types
            .iter()
            .map(|t| format!("{t:?}").to_lowercase())
            .collect();
        names.join(", ")
    };
    format!("({}) -> ({})", list(ty.params()), list(ty.results()))
}

/// The engine every mod runs in: fuel on, one memory. SIMD, whose relaxed forms may differ
/// between machines, and 64-bit memories are not built into the interpreter at all.
#[must_use]
pub fn engine() -> Engine {
    let mut config = wasmi::Config::default();
    config.consume_fuel(true).wasm_multi_memory(false);
    Engine::new(&config)
}

/// `wasm` compiled for `engine` and checked: its imports, its memory and its lifecycle
/// exports.
///
/// # Errors
/// The [`Refusal`] of the first thing it breaks.
pub fn check(engine: &Engine, wasm: &[u8]) -> Result<Module, Refusal> {
    if wasm.len() > MODULE_CAP {
        return Err(Refusal::TooLarge(wasm.len()));
    }
    let module = Module::new(engine, wasm).map_err(|e| Refusal::Invalid(e.to_string()))?;
    for import in module.imports() {
        let named = format!("{}.{}", import.module(), import.name());
        let host = (import.module() == HOST)
            .then(|| HOST_FUNCTIONS.iter().find(|(n, _, _)| *n == import.name()))
            .flatten();
        let Some((_, params, results)) = host else {
            return Err(Refusal::Import(named));
        };
        let ExternType::Func(ty) = import.ty() else {
            return Err(Refusal::Import(named));
        };
        let wanted = FuncType::new(params.iter().copied(), results.iter().copied());
        if *ty != wanted {
            return Err(Refusal::ImportType(
                named,
                signature(ty),
                signature(&wanted),
            ));
        }
    }
    let mut memory = false;
    for export in module.exports() {
        match (export.name(), export.ty()) {
            ("memory", ExternType::Memory(ty)) => {
                memory = true;
                let bytes = ty.minimum().saturating_mul(1 << 16);
                if bytes > MEMORY_CAP as u64 {
                    return Err(Refusal::MemoryTooLarge(bytes));
                }
            }
            (name, ty) => {
                let Some(&(name, params, results)) = EXPORTS.iter().find(|(n, _, _)| *n == name)
                else {
                    continue;
                };
                let wanted = FuncType::new(params.iter().copied(), results.iter().copied());
                match ty {
                    ExternType::Func(f) if *f == wanted => {}
                    ExternType::Func(f) => {
                        return Err(Refusal::ExportType(name, signature(f), signature(&wanted)));
                    }
                    _ => {
                        let what = "something other than a function".to_owned();
                        return Err(Refusal::ExportType(name, what, signature(&wanted)));
                    }
                }
            }
        }
    }
    if !memory {
        return Err(Refusal::NoMemory);
    }
    let exported = |name: &str| module.exports().any(|e| e.name() == name);
    let texted = [
        "hewn_join",
        "hewn_leave",
        "hewn_command",
        "hewn_edit",
        "hewn_slain",
        "hewn_broken",
        "hewn_placed",
    ];
    if let Some(event) = texted.iter().find(|e| exported(e))
        && !exported("hewn_alloc")
    {
        return Err(Refusal::NoAlloc((*event).to_owned()));
    }
    Ok(module)
}
