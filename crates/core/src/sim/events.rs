//! What happened in a tick that a player would hear: footsteps, landings, splashes, blocks
//! broken and placed, sand and gravel coming to rest.
//!
//! Events are part of a tick's result, never of the state: [`Simulation::hash`] does not see
//! them, and the bookkeeping they need (how far each player walked, the top of each fall) is
//! kept beside the state and starts afresh with every [`Simulation`]. They are computed here,
//! in the simulation, so that a sound, a server's message or a test all hear the same thing.
//!
//! The footstep rule is Minecraft's (`Entity.move`: `moveDist` and `nextStep`): 0.6 of each
//! tick's displacement is added to a walked distance, and a step sounds each time that
//! distance passes the next whole mark.
//!
//! [`Simulation::hash`]: super::Simulation::hash

use glam::DVec3;

use super::survival::Detail;
use super::{PlayerName, Simulation};
use crate::physics::{Body, Control, Controls};
use crate::world::{Block, BlockPos, BlockSource};

/// How much of a tick's displacement counts as walked distance.
const STRIDE: f64 = 0.6;

/// How far below the middle of the feet the block stepped on is looked for.
const UNDERFOOT: f64 = 0.2;

/// What kind of thing happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EventKind {
    /// A footstep on a block.
    Step,
    /// A stroke through water: the footstep rule with the feet in water.
    Swim,
    /// A player came to rest on a block after being in the air.
    Land,
    /// A player's feet went from out of water into water.
    Splash,
    /// A player broke a block.
    Break,
    /// A player placed a block.
    Place,
    /// Falling sand or gravel came to rest and became a block again.
    Settle,
    /// A survival player lost health ([`Detail::Hurt`] says why and how much).
    Hurt,
    /// A survival player's health ran out ([`Detail::Death`] says why).
    Death,
    /// A player picked up items lying in the world ([`Detail::Items`]).
    Pickup,
    /// A player crafted ([`Detail::Items`]: what, and how many in all).
    Craft,
    /// A player ate ([`Detail::Items`]: what).
    Eat,
    /// A creature was struck ([`Detail::Creature`]).
    Strike,
    /// A creature died ([`Detail::Creature`]).
    Slain,
    /// A creature called out ([`Detail::Creature`]).
    Call,
}

impl EventKind {
    /// Every kind, in the order above: what a kind's number on the wire indexes.
    pub const ALL: [Self; 15] = [
        Self::Step,
        Self::Swim,
        Self::Land,
        Self::Splash,
        Self::Break,
        Self::Place,
        Self::Settle,
        Self::Hurt,
        Self::Death,
        Self::Pickup,
        Self::Craft,
        Self::Eat,
        Self::Strike,
        Self::Slain,
        Self::Call,
    ];

    /// The kind's name in `hewn sim`'s output.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Step => "step",
            Self::Swim => "swim",
            Self::Land => "land",
            Self::Splash => "splash",
            Self::Break => "break",
            Self::Place => "place",
            Self::Settle => "settle",
            Self::Hurt => "hurt",
            Self::Death => "death",
            Self::Pickup => "pickup",
            Self::Craft => "craft",
            Self::Eat => "eat",
            Self::Strike => "strike",
            Self::Slain => "slain",
            Self::Call => "call",
        }
    }
}

/// One thing that happened in a tick.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// The tick it happened in, counted as [`Simulation::tick_count`] counts it after that
    /// tick: the first tick is 1.
    pub tick: u64,
    /// What happened.
    pub kind: EventKind,
    /// The block involved: stepped on, landed on, swum or splashed in, broken (the block that
    /// was there), placed, or come to rest.
    pub block: Option<Block>,
    /// The cell of [`Event::block`].
    pub pos: Option<BlockPos>,
    /// For [`EventKind::Land`], the height in blocks from the top of the fall to where the
    /// player landed.
    pub fall: Option<f64>,
    /// The player it concerns, named only while the world holds more than one: in a world
    /// of one, every player event is that player's.
    pub player: Option<PlayerName>,
    /// What a survival event adds: the cause and amount of a hurt, the items picked up.
    pub detail: Option<Detail>,
}

/// What each player's footsteps and falls need remembered between ticks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Gait {
    /// 0.6 × the distance moved on foot so far.
    walked: f64,
    /// The walked distance the next footstep waits for.
    next_mark: f64,
    /// The highest the player's feet were since they last stood, swam or flew.
    top: Option<f64>,
}

impl Default for Gait {
    fn default() -> Self {
        Self {
            walked: 0.0,
            next_mark: 1.0,
            top: None,
        }
    }
}

/// The cell holding `p`'s feet, and whether water fills it.
fn feet_cell(world: &impl BlockSource, p: &Body) -> (BlockPos, Block) {
    let cell = BlockPos::containing(p.position);
    (cell, world.block(cell))
}

impl Simulation {
    /// What happened in the last tick, in the order it happened: the players' actions in
    /// their order, then each player's movement in their order, then blocks coming to rest.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Notes that player `who` did `kind` to `block` at `pos` in the tick under way.
    pub(super) fn note_block_event(
        &mut self,
        who: Option<usize>,
        kind: EventKind,
        block: Block,
        pos: BlockPos,
    ) {
        let player = who.and_then(|i| self.named(i));
        self.events.push(Event {
            tick: self.tick + 1,
            kind,
            block: Some(block),
            pos: Some(pos),
            fall: None,
            player,
            detail: None,
        });
    }

    /// Notes that player `who` had a survival event `kind` with `detail` in the tick under
    /// way.
    pub(super) fn note_detail(&mut self, who: usize, kind: EventKind, detail: Detail) {
        let player = self.named(who);
        self.events.push(Event {
            tick: self.tick + 1,
            kind,
            block: None,
            pos: None,
            fall: None,
            player,
            detail: Some(detail),
        });
    }

    /// Player `who`'s name for an event, if the world holds more than one player.
    fn named(&self, who: usize) -> Option<PlayerName> {
        let list = self.players.list();
        (list.len() > 1).then(|| list[who].name.clone())
    }

    /// The footsteps, landing and splash of player `who`, which was `before` when it moved
    /// this tick with `controls` held.
    pub(super) fn note_move(&mut self, who: usize, before: &Body, controls: Controls) {
        let member = &self.players.list()[who];
        let after = member.body;
        let gait = match self.gaits.get_mut(&member.name) {
            Some(g) => g,
            None => self.gaits.entry(member.name.clone()).or_default(),
        };
        let (_, was) = feet_cell(&self.world, before);
        let (wet_cell, now) = feet_cell(&self.world, &after);
        let (was_wet, wet) = (was.is_water(), now.is_water());

        // The fall starts where the player last stood, swam or flew.
        let top = if before.on_ground || before.flying || was_wet {
            before.position.y
        } else {
            gait.top.unwrap_or(before.position.y).max(before.position.y)
        };
        gait.top = Some(top.max(after.position.y));
        // A player put down on the ground (a new world, a scenario's start) has no ground
        // under it until its first tick finds it: that is no landing.
        let landed = (!before.on_ground && after.on_ground)
            .then_some(top - after.position.y)
            .filter(|&fall| fall > 0.0);

        let sneaking = controls.held(Control::Sneak) && before.on_ground;
        let mut stride = None;
        if !before.flying && !sneaking {
            gait.walked += (after.position - before.position).length() * STRIDE;
            if gait.walked > gait.next_mark {
                stride = Some(gait.walked);
            }
        }
        let under = BlockPos::containing(after.position - DVec3::Y * UNDERFOOT);
        let ground = self.world.block(under);
        let mut heard = Vec::new();
        if !was_wet && wet {
            heard.push((EventKind::Splash, Some((now, wet_cell)), None));
        }
        if let Some(walked) = stride {
            let sounded = if wet {
                Some((EventKind::Swim, now, wet_cell))
            } else if ground != Block::AIR && !ground.is_water() {
                Some((EventKind::Step, ground, under))
            } else {
                None
            };
            if let Some((kind, block, pos)) = sounded {
                heard.push((kind, Some((block, pos)), None));
                if let Some(g) = self.gaits.get_mut(&self.players.list()[who].name) {
                    g.next_mark = walked.floor() + 1.0;
                }
            }
        }
        if let Some(fall) = landed {
            let on = (ground != Block::AIR).then_some((ground, under));
            heard.push((EventKind::Land, on, Some(fall.max(0.0))));
        }
        let player = self.named(who);
        for (kind, block, fall) in heard {
            self.events.push(Event {
                tick: self.tick + 1,
                kind,
                block: block.map(|(b, _)| b),
                pos: block.map(|(_, p)| p),
                fall,
                player: player.clone(),
                detail: None,
            });
        }
    }
}
