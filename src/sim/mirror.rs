//! A simulation as a client holds it: a mirror of a server's world, set by what the server
//! says, in which the client's own player runs ahead by prediction.
//!
//! A server owns the world and runs [`Simulation::step`]. A client cannot: it would have to
//! know everyone's inputs. It keeps a [`Simulation`] of its own whose blocks, bodies and
//! clock the server sets through a [`Mirror`], and plays its own player's inputs through
//! [`Simulation::predict`] — the same look, actions and movement code a step runs for that
//! player, without the world's own changes (water, sand, crates), which the server sends.

use super::{Action, ActionOutcome, Input, Simulation};
use crate::physics::Player;
use crate::physics::crates::{Crate, Crates};
use crate::physics::falling::{Falling, FallingBlock};
use crate::world::{Block, BlockPos, Loader};

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
        let before = self.players.list()[who].body;
        self.move_player(who, input.controls);
        // Inputs played again after a correction were heard the first time.
        if !replaying {
            self.note_move(who, &before, input.controls);
        }
        prediction
    }
}

impl Mirror<'_> {
    /// Sets blocks as the server has them; nothing is set in motion by it (the server moves
    /// water and sand, and says so). Cells of columns not loaded are set when they load:
    /// the client generates its columns as it draws them, not as it hears of them.
    pub fn set_blocks(&mut self, cells: impl IntoIterator<Item = (BlockPos, Block)>) {
        self.sim.world.set_blocks_or_defer(cells);
        self.sim.world.take_touched();
    }

    /// Forgets what was heard of the column at `column` while it was not loaded: the server
    /// is sending all of it anew.
    pub fn drop_deferred(&mut self, column: crate::world::ColumnPos) {
        self.sim.world.drop_deferred(column);
    }

    /// Puts `name` in the world with `body`, or moves it there if it is in already.
    pub fn set_player(&mut self, name: &PlayerName, body: Player) {
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
