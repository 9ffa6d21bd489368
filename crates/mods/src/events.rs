//! What happens in the world, told to the mods that listen: each event is an export a mod
//! may have, called in load order on [`EVENT_FUEL`], its text passed as UTF-8 bytes in the
//! mod's memory at a place the mod's own `hewn_alloc(len) -> ptr` gives (a mod with
//! events that carry text exports it).
//!
//! | export | parameters | when |
//! | --- | --- | --- |
//! | `hewn_join` | player | a player came into the world |
//! | `hewn_leave` | player | a player left it |
//! | `hewn_command` | player, the line without its `/` | a player typed a command the mod registered |
//! | `hewn_edit` | player, x, y, z, block id (0: a break) → i32 | before a player's edit: 0 refuses it |
//! | `hewn_slain` | kind, x, y, z | a creature was killed |
//! | `hewn_broken` | player, x, y, z, block id (what was there) | a player broke a block |
//! | `hewn_placed` | player, x, y, z, block id | a player placed a block |
//! | `hewn_timer` | id | a timer the mod set fell due (before its `hewn_tick`) |
//!
//! A call that fails counts as a strike as a tick's does; a `hewn_edit` that fails or is
//! not made refuses nothing, so a broken protection mod costs its protection, never the
//! players' building.

use wasmi::{Error, Extern, Instance, Store};

use super::host::Host;
use super::runtime::{EVENT_FUEL, Mods, Outcome};
use hewn_core::world::{Block, BlockPos, Loader};

/// `bytes` written into the mod's memory where its `hewn_alloc` says: their pointer and
/// length.
fn pass(store: &mut Store<Host>, instance: &Instance, bytes: &[u8]) -> Result<(i32, i32), Error> {
    let len = i32::try_from(bytes.len()).map_err(|_| Error::new("text too long"))?;
    let alloc = instance.get_typed_func::<i32, i32>(&*store, "hewn_alloc")?;
    let ptr = alloc.call(&mut *store, len)?;
    let Some(Extern::Memory(memory)) = instance.get_export(&*store, "memory") else {
        return Err(Error::new("no memory"));
    };
    let at = usize::try_from(ptr).map_err(|_| Error::new("hewn_alloc gave a negative pointer"))?;
    memory
        .write(&mut *store, at, bytes)
        .map_err(|_| Error::new("hewn_alloc gave a pointer outside the memory"))?;
    Ok((ptr, len))
}

/// Whether the mod exports `name`.
fn exports(store: &Store<Host>, instance: &Instance, name: &str) -> bool {
    instance.get_export(store, name).is_some()
}

impl Mods {
    /// Tells every mod that listens that `player` came into the world.
    pub fn joined(&mut self, world: &mut Loader<'_>, player: &str) -> Outcome {
        self.tell_player("hewn_join", world, player)
    }

    /// Tells every mod that listens that `player` left the world.
    pub fn left(&mut self, world: &mut Loader<'_>, player: &str) -> Outcome {
        self.tell_player("hewn_leave", world, player)
    }

    /// Calls `export(player)` on every mod that has it.
    fn tell_player(&mut self, export: &str, world: &mut Loader<'_>, player: &str) -> Outcome {
        self.tell(export, world, |store, i| {
            let (ptr, len) = pass(store, i, player.as_bytes())?;
            let f = i.get_typed_func::<(i32, i32), ()>(&*store, export)?;
            f.call(store, (ptr, len))
        })
    }

    /// Calls every mod that exports `export` through `run`, in load order.
    fn tell(
        &mut self,
        export: &str,
        world: &mut Loader<'_>,
        mut run: impl FnMut(&mut Store<Host>, &Instance) -> Result<(), Error>,
    ) -> Outcome {
        let mut outcome = Outcome::default();
        for (index, m) in self.loaded.iter_mut().enumerate() {
            if exports(&m.store, &m.instance, export) {
                m.call(index, world, &mut outcome, EVENT_FUEL, export, &mut run);
            }
        }
        outcome
    }

    /// Runs `line` (a command without its `/`) typed by `player`, if a mod registered its
    /// first word: the first such mod's `hewn_command` runs it. `None` where none did.
    pub fn command(&mut self, world: &mut Loader<'_>, player: &str, line: &str) -> Option<Outcome> {
        let word = line.split_whitespace().next()?;
        let (index, m) = (self.loaded.iter_mut().enumerate())
            .find(|(_, m)| m.store.data().commands.contains(word))?;
        let mut outcome = Outcome::default();
        m.call(
            index,
            world,
            &mut outcome,
            EVENT_FUEL,
            "hewn_command",
            |store, i| {
                let (who, who_len) = pass(store, i, player.as_bytes())?;
                let (text, text_len) = pass(store, i, line.as_bytes())?;
                let f = i.get_typed_func::<(i32, i32, i32, i32), ()>(&*store, "hewn_command")?;
                f.call(store, (who, who_len, text, text_len))
            },
        );
        Some(outcome)
    }

    /// Whether the mods let `player` set `pos` to `block` (air for a break): asked in load
    /// order, the first that answers 0 refuses it and the rest are not asked.
    pub fn allow_edit(
        &mut self,
        world: &mut Loader<'_>,
        player: &str,
        pos: BlockPos,
        block: Block,
    ) -> (bool, Outcome) {
        let mut outcome = Outcome::default();
        for (index, m) in self.loaded.iter_mut().enumerate() {
            if !exports(&m.store, &m.instance, "hewn_edit") {
                continue;
            }
            let answer = m.call(
                index,
                world,
                &mut outcome,
                EVENT_FUEL,
                "hewn_edit",
                |store, i| {
                    let (who, who_len) = pass(store, i, player.as_bytes())?;
                    let f = i.get_typed_func::<(i32, i32, i32, i32, i32, i32), i32>(
                        &*store,
                        "hewn_edit",
                    )?;
                    f.call(
                        store,
                        (who, who_len, pos.x, pos.y, pos.z, i32::from(block.id())),
                    )
                },
            );
            if answer == Some(0) {
                return (false, outcome);
            }
        }
        (true, outcome)
    }

    /// Tells every mod that listens that `player` broke `block` at `pos` (`broke`), or
    /// placed it there.
    pub fn edited(
        &mut self,
        world: &mut Loader<'_>,
        player: &str,
        pos: BlockPos,
        block: Block,
        broke: bool,
    ) -> Outcome {
        let export = if broke { "hewn_broken" } else { "hewn_placed" };
        self.tell(export, world, |store, i| {
            let (ptr, len) = pass(store, i, player.as_bytes())?;
            let f = i.get_typed_func::<(i32, i32, i32, i32, i32, i32), ()>(&*store, export)?;
            f.call(
                store,
                (ptr, len, pos.x, pos.y, pos.z, i32::from(block.id())),
            )
        })
    }

    /// Tells every mod that listens that a creature of `kind` was killed at `pos`.
    pub fn slain(&mut self, world: &mut Loader<'_>, kind: &str, pos: BlockPos) -> Outcome {
        self.tell("hewn_slain", world, |store, i| {
            let (ptr, len) = pass(store, i, kind.as_bytes())?;
            let f = i.get_typed_func::<(i32, i32, i32, i32, i32), ()>(&*store, "hewn_slain")?;
            f.call(store, (ptr, len, pos.x, pos.y, pos.z))
        })
    }
}
