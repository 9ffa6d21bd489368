//! The world's mods on the server: loaded from the packs that carry one, run after every
//! tick on the world as the tick left it, what they set played in the next step (so a
//! recording keeps it as any step), what they say sent as the server's chat.

use renet::{ClientId, RenetServer};

use super::Server;
use super::admin::Caller;
use crate::protocol::{ChatLine, clean_chat};
use hewn_core::physics::Control;
use hewn_core::sim::survival::Detail;
use hewn_core::sim::{Action, EventKind, Step};
use hewn_mods::{Command, Mods, Outcome, Refusal};

impl Server {
    /// Loads the module `wasm` as the mod `name`, after those loaded before, and runs its
    /// `hewn_init`; what it set lands in the next step.
    ///
    /// # Errors
    /// The [`Refusal`] of a module that breaks a rule or fails in `hewn_init`: the server
    /// runs on without it, the mods before it loaded.
    pub fn load_mod(&mut self, name: &str, wasm: &[u8]) -> Result<(), Refusal> {
        let mods = self.mods.get_or_insert_with(|| new_mods(&self.generator));
        let outcome = mods.load(name, wasm, &mut self.sim.loader())?;
        log::info!("mod {name}: loaded");
        self.take_outcome(outcome, None);
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
            let mods = self.mods.get_or_insert_with(|| new_mods(&self.generator));
            match mods.reload(name, wasm, &mut self.sim.loader()) {
                Ok(outcome) => {
                    log::info!("mod {name}: loaded");
                    self.take_outcome(outcome, None);
                }
                Err(refusal) => refused.push(format!("mod {name} was not loaded: {refusal}")),
            }
        }
        for line in &refused {
            log::warn!("{}", crate::protocol::for_log(line));
        }
        refused
    }

    /// Keeps `saved`, what the world's file held for its mods, for each to take when it
    /// loads: call before [`Server::load_pack_mods`].
    pub fn keep_mod_storage(&mut self, saved: hewn_save::ModStorage) {
        self.mods
            .get_or_insert_with(|| new_mods(&self.generator))
            .keep(saved);
    }

    /// How many mods the server runs.
    #[must_use]
    pub fn mods_loaded(&self) -> usize {
        self.mods.as_ref().map_or(0, Mods::len)
    }

    /// The server's mods, if it runs any.
    #[must_use]
    pub const fn mods(&self) -> Option<&Mods> {
        self.mods.as_ref()
    }

    /// Runs every mod's tick on the world as this tick left it.
    pub(super) fn run_mods(&mut self, renet: &mut RenetServer) {
        let Some(mods) = &mut self.mods else {
            return;
        };
        let tick = self.sim.tick_count();
        let outcome = mods.tick(&mut self.sim.loader(), tick);
        self.take_outcome(outcome, Some(renet));
    }

    /// Asks the mods, before `step` is played, whether each player's edit in it may
    /// happen: a break or place refused is taken out of the input, and digging held where
    /// a mod refuses the break is let go. Returns what the mods did meanwhile.
    pub(super) fn mods_check_edits(&mut self, step: &mut Step) -> Vec<Outcome> {
        let Some(mods) = &mut self.mods else {
            return Vec::new();
        };
        let mut heard = Vec::new();
        for (name, input) in &mut step.inputs {
            let mut refused = |sim: &mut hewn_core::sim::Simulation, action: Option<Action>| {
                let Some((pos, block)) = sim.aimed_edit(name, input, action) else {
                    return false;
                };
                let (allowed, outcome) =
                    mods.allow_edit(&mut sim.loader(), name.as_str(), pos, block);
                heard.push(outcome);
                !allowed
            };
            let mut kept = Vec::with_capacity(input.actions.len());
            for &action in &input.actions {
                let edits = matches!(action, Action::Break | Action::Place(_));
                if !(edits && refused(&mut self.sim, Some(action))) {
                    kept.push(action);
                }
            }
            let digging = input.controls.held(Control::Dig);
            let dig_refused = digging && refused(&mut self.sim, None);
            input.actions = kept;
            if dig_refused {
                input.controls.set(Control::Dig, false);
            }
        }
        heard
    }

    /// Tells the mods what `step` did: who joined, came back or left, and the creatures
    /// killed.
    pub(super) fn mods_hear_step(&mut self, step: &Step) -> Vec<Outcome> {
        let Some(mods) = &mut self.mods else {
            return Vec::new();
        };
        let slain: Vec<(u16, hewn_core::world::BlockPos)> = (self.sim.events().iter())
            .filter(|e| e.kind == EventKind::Slain)
            .filter_map(|e| match e.detail {
                Some(Detail::Creature { kind, .. }) => Some((kind, e.pos?)),
                _ => None,
            })
            .collect();
        let mut heard = Vec::new();
        let mut loader = self.sim.loader();
        for m in &step.joining {
            heard.push(mods.joined(&mut loader, m.name.as_str()));
        }
        for name in &step.returning {
            heard.push(mods.joined(&mut loader, name.as_str()));
        }
        for name in &step.leaving {
            heard.push(mods.left(&mut loader, name.as_str()));
        }
        for (kind, pos) in slain {
            let kinds = hewn_core::sim::creature::kinds();
            let name = kinds.get(usize::from(kind)).map_or("", |k| k.name.as_str());
            heard.push(mods.slain(&mut loader, name, pos));
        }
        heard
    }

    /// Runs `line`, typed by `caller`, in the mod that registered its command, if one did.
    pub(super) fn mod_command(
        &mut self,
        caller: &Caller,
        line: &str,
        renet: &mut RenetServer,
    ) -> bool {
        let Some(mods) = &mut self.mods else {
            return false;
        };
        // The console types as no player.
        let player = match caller {
            Caller::Body(_, name) => name.as_str(),
            Caller::Console => "",
        };
        let Some(outcome) = mods.command(&mut self.sim.loader(), player, line) else {
            return false;
        };
        self.take_outcome(outcome, Some(renet));
        true
    }

    /// [`Self::take_outcome`] of each of `outcomes`, in order.
    pub(super) fn take_outcomes(&mut self, outcomes: Vec<Outcome>, renet: &mut RenetServer) {
        for outcome in outcomes {
            self.take_outcome(outcome, Some(renet));
        }
    }

    /// Logs what the mods said of themselves, keeps the blocks they set for the next step
    /// and says their chat (to no one before anyone can hear, as at load).
    fn take_outcome(&mut self, outcome: Outcome, mut renet: Option<&mut RenetServer>) {
        for line in &outcome.log {
            log::info!("{}", crate::protocol::for_log(line));
        }
        for (_, command) in outcome.commands {
            match command {
                Command::SetBlock { pos, block } => self.mod_sets.push((pos, block)),
                Command::Teleport { player, position } => {
                    let half = glam::DVec3::splat(hewn_core::physics::tuning::PLAYER_WIDTH / 2.0);
                    let inside = hewn_scenario::body_in_limits(position, half, glam::DVec3::ZERO);
                    let name = hewn_core::sim::PlayerName::new(&player).ok();
                    if let Some(name) =
                        name.filter(|n| inside && self.sim.players().get(n).is_some())
                    {
                        self.pending.teleports.push((name, position));
                    }
                }
                Command::Chat { to, text } => {
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

/// The mods of a world made by `generator`: seeded by its seed, told its spawn point.
fn new_mods(generator: &hewn_core::worldgen::Generator) -> Mods {
    Mods::new(generator.seed(), generator.spawn_point())
}
