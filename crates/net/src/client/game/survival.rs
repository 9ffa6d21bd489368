//! Survival on a client: the server's word on the player's own survival state, set on the
//! client's copy with what the player did since played again on it, and the items seen.
//!
//! The player's survival actions (a click on a slot, a craft, the hotbar) are predicted like
//! its moves, so the screen answers at once. The server's state comes as of one of the
//! client's ticks, a round trip late; set alone it would undo the clicks made since, so
//! the client keeps its ticks with actions until the server's word covers them, and plays
//! their effect on the player's things again ([`hewn_core::sim::Simulation::replay_own`]).

use std::collections::VecDeque;

use glam::DVec3;

use super::Game;
use crate::protocol::{MAX_ITEMS_SEEN, SeenItem, SurvivorState, WireError};
use hewn_core::sim::survival::{ItemDrop, Mode, Stack};
use hewn_core::sim::{ActionOutcome, Input, Item, PlayerName, Simulation};

/// The most ticks with actions kept to play again: ten seconds of a click every tick. A
/// server silent on the player's state for that long has stopped playing this client.
const MOST_KEPT: usize = 600;

/// A client's ticks with survival actions, played ahead of the server's word on them.
#[derive(Clone, Debug, Default)]
pub(super) struct OwnActions {
    /// Each tick, its input and what its actions did as predicted, oldest first.
    ticks: VecDeque<(u64, Input, Vec<ActionOutcome>)>,
}

impl OwnActions {
    /// Keeps tick `tick`'s `input`, which did `outcomes`, if `sim` is played in survival
    /// and it has actions.
    pub(super) fn note(
        &mut self,
        sim: &Simulation,
        tick: u64,
        input: &Input,
        outcomes: &[ActionOutcome],
    ) {
        if sim.mode() != Mode::Survival || input.actions.is_empty() {
            return;
        }
        self.ticks
            .push_back((tick, input.clone(), outcomes.to_vec()));
        while self.ticks.len() > MOST_KEPT {
            self.ticks.pop_front();
        }
    }
}

impl Game {
    /// The server's survival state of the player, as of its tick `tick` (`None`: before its
    /// first): set, then what the player did after that tick is played again on it.
    ///
    /// # Errors
    /// [`WireError::Invalid`] for a state out of the game's range.
    pub(super) fn take_survivor(
        &mut self,
        name: &PlayerName,
        tick: Option<u64>,
        state: &SurvivorState,
    ) -> Result<(), WireError> {
        let (survivor, opened) = state.survivor()?;
        self.sim
            .mirror()
            .set_survivor(name, survivor, opened.furnace, opened.chest);
        let kept = &mut self.own_actions.ticks;
        if let Some(tick) = tick {
            while kept.front().is_some_and(|(t, _, _)| *t <= tick) {
                kept.pop_front();
            }
        }
        for (_, input, outcomes) in kept.iter() {
            self.sim.replay_own(name, input, outcomes);
        }
        Ok(())
    }
}

/// The items a snapshot from `origin` says lie in view; any of an item this build does not
/// know, or of no count, is left out.
pub(super) fn items(seen: &[SeenItem], origin: DVec3) -> Vec<ItemDrop> {
    seen.iter()
        .take(MAX_ITEMS_SEEN)
        .filter_map(|i| {
            let item = Item::from_id(i.item)?;
            let count = i.count.min(item.max_stack());
            if count == 0 {
                return None;
            }
            let position = origin + glam::Vec3::from_array(i.offset).as_dvec3();
            let mut drop = ItemDrop::new(Stack::new(item, count), position, DVec3::ZERO);
            drop.age = i.age;
            Some(drop)
        })
        .collect()
}
