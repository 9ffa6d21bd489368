//! One tick's inputs for a world of many players: who leaves, who joins, and what each does.

use std::collections::BTreeMap;

use glam::DVec3;

use super::creature::Difficulty;
use super::survival::Mode;
use super::{Input, Item, Member, PlayerName};
use crate::world::{Block, BlockPos};

/// Everything that comes from outside the world in one tick of
/// [`Simulation::step`](super::Simulation::step).
///
/// Inputs are looked up by name, so the order they were gathered in (a server's sockets, a
/// scenario's file) cannot reach the state: players act in the order they joined.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Step {
    /// Players leaving at the start of the tick, before anyone acts.
    pub leaving: Vec<PlayerName>,
    /// Players joining at the start of the tick, after those leaving, in the order of their
    /// names; one whose name is already in the world is left out.
    pub joining: Vec<Member>,
    /// Players coming back at the start of the tick, after those joining, in the order of
    /// their names: each where it left (one that never left this world is left out).
    pub returning: Vec<PlayerName>,
    /// Players an operator moves at the start of the tick, after those coming back, in
    /// order (`/tp`): each to the place given, standing still. A name not in the world is
    /// left out.
    pub teleports: Vec<(PlayerName, DVec3)>,
    /// The world's clock as an operator sets it at the start of the tick (`/time set`).
    pub set_time: Option<u64>,
    /// The world's mode as an operator sets it at the start of the tick (`/gamemode`),
    /// after the clock: switching to survival stops everyone flying, and switching to
    /// creative closes every screen (its grid and cursor go back into the inventory).
    pub set_mode: Option<Mode>,
    /// The world's difficulty as an operator sets it at the start of the tick
    /// (`/difficulty`), after the mode: at peaceful, the monsters there go at once.
    pub set_difficulty: Option<Difficulty>,
    /// Players made operators (`true`) or no longer (`false`) at the start of the tick,
    /// in order (`/op`, `/deop`): an operator in creative may break an unknown block.
    pub operators: Vec<(PlayerName, bool)>,
    /// Each player's input; a player with none holds nothing and does nothing.
    pub inputs: BTreeMap<PlayerName, Input>,
    /// Blocks set from outside the players (the server's mods), in order, at the start of
    /// the tick before anyone acts. One whose block would stand in a player, a crate, a
    /// falling block or a creature, or outside the world's height, is left out.
    pub sets: Vec<(BlockPos, Block)>,
    /// Items dropped from outside the players (the server's mods), in order, at the start
    /// of the tick after the blocks are set: in survival only, inside the world, at most a
    /// stack each.
    pub drops: Vec<(DVec3, Item, u8)>,
    /// Items given to players (a positive count) or taken from them (a negative one) from
    /// outside the players (the server's mods), in order, after the drops: in survival
    /// only. What a player has no room for falls at its feet; a take of more than it
    /// carries takes nothing. A player not in the world is left out.
    pub gives: Vec<(PlayerName, Item, i16)>,
}
