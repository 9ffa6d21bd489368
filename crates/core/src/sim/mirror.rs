//! A simulation as a client holds it: a mirror of a server's world, set by what the server
//! says, in which the client's own player runs ahead by prediction.
//!
//! A server owns the world and runs [`Simulation::step`]. A client cannot: it would have to
//! know everyone's inputs. It keeps a [`Simulation`] of its own whose blocks, bodies and
//! clock the server sets through a [`Mirror`], and plays its own player's inputs through
//! [`Simulation::predict`] — the same look, actions and movement code a step runs for that
//! player, without the world's own changes (water, sand, crates), which the server sends.
//!
//! In survival the server also sets the world's mode, the player's own survival state (its
//! health, inventory and screen), the items lying about and the furnace its screen shows;
//! the prediction takes the player's actions by survival's rules on that state, so a click
//! on the inventory shows at once.

use glam::DVec3;

use super::survival::{Furnace, ItemDrop, Mode, Stack, Survivor, Vitals};
use super::{Action, ActionOutcome, Input, Item, Simulation};
use crate::physics::Body;
use crate::physics::crates::{Crate, Crates};
use crate::physics::falling::{Falling, FallingBlock};
use crate::world::{Block, BlockPos, Edit, Loader};

use super::PlayerName;

/// What one predicted tick did to the world.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prediction {
    /// What each action did, in order.
    pub outcomes: Vec<ActionOutcome>,
    /// Every cell whose block the actions changed, with the block it had before, in the
    /// order they changed (a torch that dropped with the block holding it, too).
    pub changed: Vec<(BlockPos, Block)>,
}

/// The handle through which a server's word sets a client's simulation.
pub struct Mirror<'a> {
    sim: &'a mut Simulation,
}

impl Simulation {
    /// This simulation as a mirror of a server's: its blocks, bodies and clock set from
    /// outside. Only a client's copy of a world is used so.
    pub fn mirror(&mut self) -> Mirror<'_> {
        Mirror { sim: self }
    }

    /// Plays one tick of `name`'s input ahead of the server: sets its look, takes its
    /// actions (when `replaying`, inputs played again after a correction, only those that
    /// change the player: their edits changed the world once already) and moves it, exactly as [`Simulation::step`] would for that player in
    /// a world where nothing else changes. Neither the tick count nor anything else moves.
    pub fn predict(&mut self, name: &PlayerName, input: &Input, replaying: bool) -> Prediction {
        let Some(who) = self.players.index_of(name) else {
            return Prediction::default();
        };
        self.events.clear();
        let body = self.players.body_mut(who);
        if input.yaw.is_some() || input.pitch.is_some() {
            let yaw = input.yaw.unwrap_or(body.yaw);
            let pitch = input.pitch.unwrap_or(body.pitch);
            body.set_look(yaw, pitch);
        }
        let mut prediction = Prediction::default();
        for &action in &input.actions {
            let changes_the_player = matches!(action, Action::ToggleFly | Action::ToggleCollider);
            if !replaying || changes_the_player {
                prediction.outcomes.push(self.act(who, action));
            }
        }
        prediction.changed = self.world.take_changes();
        // Digging over time is not predicted: the server alone runs the dig control, and the
        // block, the crack and the drop come from it. A predicted break would change a block
        // without an action's sequence number, and the edits' acknowledgement could then
        // never put the block back where the server's dig ended differently (a tool worn
        // out, the aim a hair off); the cost is a break seen a round trip late over a network.
        // The dead do not move, as in a step.
        if self.survival.mode == Mode::Survival && self.is_dead(who) {
            return prediction;
        }
        let before = self.players.list()[who].body;
        self.move_player(who, input.controls);
        // Inputs played again after a correction were heard the first time.
        if !replaying {
            self.note_move(who, &before, input.controls);
        }
        prediction
    }

    /// Plays again, on the survival state a server has just sent for `name`, what its
    /// actions of a tick the server had not played then did to the player's own things
    /// (`outcomes`: what they did when first predicted), so what the player did ahead
    /// stays on screen. What they did to the world is not done again: a place only uses up
    /// its block, a respawn only restores health (the body is corrected as bodies are),
    /// and items they threw are the server's to say.
    pub fn replay_own(&mut self, name: &PlayerName, input: &Input, outcomes: &[ActionOutcome]) {
        let Some(who) = self.players.index_of(name) else {
            return;
        };
        if self.survival.mode != Mode::Survival {
            return;
        }
        let drops = self.survival.drops.clone();
        for (&action, &outcome) in input.actions.iter().zip(outcomes) {
            match (action, outcome) {
                (Action::Place(block), ActionOutcome::Placed(_)) => {
                    let item = Item::Block(block.held_as());
                    self.survivor_mut(who).inventory.remove(item, 1);
                }
                (Action::Respawn, ActionOutcome::Respawned) => {
                    let s = self.survivor_mut(who);
                    s.death = None;
                    s.vitals = Vitals::full();
                }
                (
                    Action::Select(_)
                    | Action::Craft { .. }
                    | Action::Drop { .. }
                    | Action::FurnacePut { .. }
                    | Action::FurnaceTake { .. }
                    | Action::Screen(_),
                    _,
                ) => {
                    self.act(who, action);
                }
                _ => {}
            }
        }
        self.survival.drops = drops;
        self.world.take_changes();
        self.events.clear();
    }
}

impl Mirror<'_> {
    /// Sets blocks as the server has them; nothing is set in motion by it (the server moves
    /// water and sand, and says so). Cells of columns not loaded are set when they load:
    /// the client generates its columns as it draws them, not as it hears of them.
    pub fn set_blocks(&mut self, cells: impl IntoIterator<Item = (BlockPos, Block)>) {
        self.sim.world.set_blocks_or_defer(cells);
        self.sim.world.take_changes();
    }

    /// Forgets what was heard of the column at `column` while it was not loaded: the server
    /// is sending all of it anew.
    pub fn drop_deferred(&mut self, column: crate::world::ColumnPos) {
        self.sim.world.drop_deferred(column);
    }

    /// Takes what a server in the same process keeps of the columns this copy has not
    /// loaded: views that reach beyond the columns the server sends (the far view) show
    /// them, and a column the server sends later says anew what is edited in it.
    pub fn restore_edits(&mut self, edits: impl IntoIterator<Item = (BlockPos, Edit)>) {
        self.sim.world.restore_edits(edits);
    }

    /// Puts `name` in the world with `body`, or moves it there if it is in already.
    pub fn set_player(&mut self, name: &PlayerName, body: Body) {
        match self.sim.players.get_mut(name) {
            Some(b) => *b = body,
            None => {
                self.sim.players.join(name.clone(), body);
            }
        }
    }

    /// Sets the crates.
    pub fn set_crates(&mut self, crates: Vec<Crate>) {
        self.sim.crates = Crates::new(crates);
    }

    /// Sets the falling blocks.
    pub fn set_falling(&mut self, falling: Vec<FallingBlock>) {
        self.sim.falling = Falling::new(falling);
    }

    /// Sets how the world is played, and where its dead come back.
    pub const fn set_mode(&mut self, mode: Mode, spawn: DVec3) {
        self.sim.survival.mode = mode;
        self.sim.survival.spawn = spawn;
    }

    /// Sets `name`'s survival state, and the furnace its screen is open on (if that holds
    /// anything or burns) or the chest's slots.
    pub fn set_survivor(
        &mut self,
        name: &PlayerName,
        survivor: Survivor,
        furnace: Option<Furnace>,
        chest: Option<Vec<Option<Stack>>>,
    ) {
        if let Some(super::survival::Station::Chest(cell)) = survivor.screen.open {
            if let Some(slots) = chest {
                self.sim.store_chest_slots(cell, &slots);
            }
        } else if let Some(cell) = survivor
            .screen
            .open
            .and_then(super::survival::Station::cell)
        {
            match furnace {
                Some(f) => {
                    self.sim.survival.furnaces.insert(cell, f);
                }
                None => {
                    self.sim.survival.furnaces.remove(&cell);
                }
            }
        }
        self.sim.survival.survivors.insert(name.clone(), survivor);
    }

    /// Sets the items lying in the world.
    pub fn set_items(&mut self, items: Vec<ItemDrop>) {
        self.sim.survival.drops = super::survival::Drops::new(items);
    }

    /// The items lying in the world age a tick, between the server's word on them: what
    /// the window turns and bobs them by.
    pub fn age_items(&mut self) {
        self.sim.survival.drops.age_all();
    }

    /// Sets the world's clock and the tick count.
    pub const fn set_clock(&mut self, tick: u64, time: u64) {
        self.sim.tick = tick;
        self.sim.time = time;
    }

    /// The world, to load and drop columns.
    pub fn loader(&mut self) -> Loader<'_> {
        self.sim.world.loader()
    }
}
