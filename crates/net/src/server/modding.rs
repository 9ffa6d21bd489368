//! The world's mods on the server: loaded from the packs that carry one, and run around
//! every step by their [`Driver`] (as `hewn sim` runs them): what they set is played in the
//! next step, so clients get it as any edit and a recording keeps it; what they say is the
//! server's chat.

use renet::{ClientId, RenetServer};

use super::Server;
use super::admin::Caller;
use crate::protocol::{ChatLine, clean_chat, for_log};
use hewn_core::sim::Step;
use hewn_mods::{Driver, Line, Mods, Outcome, Refusal};

impl Server {
    /// The driver of the world's mods, made the first time.
    fn driver(&mut self) -> &mut Driver {
        let generator = &self.generator;
        self.mods.get_or_insert_with(|| {
            Driver::new(Mods::new(generator.seed(), generator.spawn_point()))
        })
    }

    /// Loads the module `wasm` as the mod `name`, after those loaded before, and runs its
    /// `hewn_init`; what it set lands in the next step.
    ///
    /// # Errors
    /// The [`Refusal`] of a module that breaks a rule or fails in `hewn_init`: the server
    /// runs on without it, the mods before it loaded.
    pub fn load_mod(&mut self, name: &str, wasm: &[u8]) -> Result<(), Refusal> {
        self.driver();
        let Some(driver) = &mut self.mods else {
            return Ok(());
        };
        let outcome = driver.mods.load(name, wasm, &mut self.sim.loader())?;
        log::info!("mod {name}: loaded");
        let lines = driver.absorb(&self.sim, outcome);
        self.say(lines, None);
        Ok(())
    }

    /// Loads the mod of each of `packs` that carries one, in order, or swaps it for the
    /// pack's module as it is now when the mod is loaded already (its storage kept, its
    /// `hewn_init` run again). Returns a line for each mod refused; one already running goes
    /// on as it was.
    pub fn load_pack_mods(&mut self, packs: &[hewn_content::Pack]) -> Vec<String> {
        let mut refused = Vec::new();
        for pack in packs {
            let Some(module) = &pack.manifest.module else {
                continue;
            };
            let name = &pack.manifest.name;
            let Some(wasm) = pack.files.get(module) else {
                refused.push(format!("mod {name}: the pack has no {module}"));
                continue;
            };
            self.driver();
            let Some(driver) = &mut self.mods else {
                continue;
            };
            match driver.mods.reload(name, wasm, &mut self.sim.loader()) {
                Ok(outcome) => {
                    log::info!("mod {name}: loaded");
                    let lines = driver.absorb(&self.sim, outcome);
                    self.say(lines, None);
                }
                Err(refusal) => refused.push(format!("mod {name} was not loaded: {refusal}")),
            }
        }
        for line in &refused {
            log::warn!("{}", for_log(line));
        }
        refused
    }

    /// Keeps `saved`, what the world's file held for its mods, for each to take when it
    /// loads: call before [`Server::load_pack_mods`].
    pub fn keep_mod_storage(&mut self, saved: hewn_save::ModStorage) {
        self.driver().mods.keep(saved);
    }

    /// How many mods the server runs.
    #[must_use]
    pub fn mods_loaded(&self) -> usize {
        self.mods.as_ref().map_or(0, |d| d.mods.len())
    }

    /// The server's mods, if it runs any.
    #[must_use]
    pub fn mods(&self) -> Option<&Mods> {
        self.mods.as_ref().map(|d| &d.mods)
    }

    /// Before `step` is played: the mods' blocks and moves join it and its edits are put to
    /// them ([`Driver::before`]).
    pub(super) fn mods_before(&mut self, step: &mut Step) -> Vec<Line> {
        match &mut self.mods {
            Some(driver) => driver.before(&mut self.sim, step),
            None => Vec::new(),
        }
    }

    /// After `step` was played: the mods hear what it did and tick ([`Driver::after`]).
    pub(super) fn mods_after(&mut self, step: &Step) -> Vec<Line> {
        match &mut self.mods {
            Some(driver) => driver.after(&mut self.sim, step),
            None => Vec::new(),
        }
    }

    /// Runs `line`, typed by `caller`, in the mod that registered its command, if one did.
    pub(super) fn mod_command(
        &mut self,
        caller: &Caller,
        line: &str,
        renet: &mut RenetServer,
    ) -> bool {
        let Some(driver) = &mut self.mods else {
            return false;
        };
        driver.see_players(&self.sim);
        // The console types as no player.
        let player = match caller {
            Caller::Body(_, name) => name.as_str(),
            Caller::Console => "",
        };
        let Some(outcome): Option<Outcome> =
            driver.mods.command(&mut self.sim.loader(), player, line)
        else {
            return false;
        };
        let lines = driver.absorb(&self.sim, outcome);
        self.say(lines, Some(renet));
        true
    }

    /// Logs the mods' log lines and says their chat (to no one before anyone can hear, as
    /// at load).
    pub(super) fn say(&mut self, lines: Vec<Line>, mut renet: Option<&mut RenetServer>) {
        for line in lines {
            match line {
                Line::Log(text) => log::info!("{}", for_log(&text)),
                Line::Chat { to, text } => {
                    let Some(renet) = renet.as_deref_mut() else {
                        continue;
                    };
                    let text = clean_chat(&text);
                    if text.is_empty() {
                        continue;
                    }
                    match to {
                        None => self.send_chat(&ChatLine { from: None, text }, None, renet),
                        Some(name) => {
                            if let Some(id) = self.client_named(&name) {
                                Self::tell(id, &text, renet);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The client playing as `name`, if one is.
    fn client_named(&self, name: &str) -> Option<ClientId> {
        self.clients
            .iter()
            .find(|(_, remote)| remote.name.as_ref().is_some_and(|n| n.as_str() == name))
            .map(|(&id, _)| id)
    }
}
