//! What a player does in a tick, and what the look ray meets: breaking, placing, flying and
//! switching shape, each checked against the world, the crates and the player's body.

use glam::{DVec3, IVec3};

use super::survival::rules::recipes;
use super::survival::{FurnaceSlot, Mode, ScreenAction, chest_fits};
use super::{EventKind, HOTBAR_SLOTS, Item, PlayerName, Simulation};
use crate::aabb::{Aabb, CONTACT_EPSILON};
use crate::physics::crates::Crate;
use crate::physics::crates::MAX_CRATES;
use crate::physics::tuning::REACH;
use crate::physics::{Body, Controls, PlayerCollider, intersects_world};
use crate::raycast::{RayHit, cast, ray_box_entry};
use crate::world::block::Shape;
use crate::world::{Anchored, Block, BlockPos, BlockSource, Face, WORLD_HEIGHT};

/// A one-shot action taken at the start of a tick. It travels as it is: blocks, items and
/// slots by their numbers, each checked to name one this build has as it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Action {
    /// Break the block the player looks at.
    Break,
    /// Place a block against the face the player looks at.
    Place(Block),
    /// Start or stop flying.
    ToggleFly,
    /// Place a 1×1×1 crate against the face the player looks at.
    PlaceCrate,
    /// Switch the player between the box and the cylinder collider (refused where the other
    /// shape would overlap a block).
    ToggleCollider,
    /// Survival: make `count` batches of the recipe for `item` from what the player
    /// carries (a recipe wider or taller than 2 needs a crafting table within reach).
    Craft {
        /// What to make.
        item: Item,
        /// How many batches.
        count: u8,
    },
    /// Survival: throw `count` of the stack in hand ahead.
    Drop {
        /// How many.
        count: u8,
    },
    /// Take hotbar slot 0 to 8 in hand.
    Select(u8),
    /// Survival: a dead player comes back at the world's spawn.
    Respawn,
    /// Survival: put `count` of `item` from the inventory into `slot` of the furnace looked
    /// at (a scenario's `smelt` puts into the input, `fuel` into the fuel).
    FurnacePut {
        /// The input or the fuel.
        slot: FurnaceSlot,
        /// What to put in.
        item: Item,
        /// How many.
        count: u8,
    },
    /// Survival: take what `slot` of the furnace looked at holds into the inventory (a
    /// scenario's `collect` takes the output).
    FurnaceTake {
        /// Which slot.
        slot: FurnaceSlot,
    },
    /// Use what the player looks at or holds: open or shut the door looked at; in survival,
    /// else eat the food in hand (over [`MEAL_TICKS`](crate::sim::survival::MEAL_TICKS)),
    /// till dirt or grass with a hoe, or plant seeds on farmland.
    Use,
    /// Survival: open, close or click the player's screen (its inventory, a crafting
    /// table or a furnace: [`crate::sim::survival::screen`]).
    Screen(ScreenAction),
    /// Strike the creature the player looks at.
    Attack,
    /// Survival: eat the food in hand (over
    /// [`MEAL_TICKS`](crate::sim::survival::MEAL_TICKS)), whatever the player looks at.
    Eat,
}

/// The most batches one craft, or items one drop or furnace put, may name: a stack.
pub const MAX_ACTION_COUNT: u8 = 64;

impl Action {
    /// Whether a player can ask for this: the one rule for actions wherever they come from,
    /// a scenario or a client, so that everything a server plays a scenario can replay.
    ///
    /// A place only of a block a player can hold ([`Item::can_hold`]: not air, bedrock,
    /// flowing water or a wall torch); counts from 1 to [`MAX_ACTION_COUNT`]; a craft only
    /// of what a recipe makes; a hotbar slot below [`HOTBAR_SLOTS`]; a furnace fed only at
    /// its input or fuel, with an item a player can carry, and emptied only at its output.
    /// Whether the player has what the action needs is the simulation's to decide, each
    /// tick; this is what no state of the world can make sense of.
    #[must_use]
    pub fn is_possible(self) -> bool {
        let counted = |count: u8| (1..=MAX_ACTION_COUNT).contains(&count);
        match self {
            Self::Place(block) => Item::can_hold(block),
            Self::Craft { item, count } => {
                counted(count) && recipes().iter().any(|r| r.output == item)
            }
            Self::Drop { count } => counted(count),
            Self::Select(slot) => usize::from(slot) < HOTBAR_SLOTS,
            Self::FurnacePut { slot, item, count } => {
                slot != FurnaceSlot::Output && counted(count) && Item::carried().contains(&item)
            }
            Self::FurnaceTake { slot } => slot == FurnaceSlot::Output,
            Self::Screen(ScreenAction::Fill { item, .. }) => {
                recipes().iter().any(|r| r.output == item)
            }
            // Listed, so that a new action is a choice made here.
            Self::Break
            | Self::ToggleFly
            | Self::PlaceCrate
            | Self::ToggleCollider
            | Self::Respawn
            | Self::Use
            | Self::Attack
            | Self::Eat
            | Self::Screen(_) => true,
        }
    }

    /// The action's name in scenario files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Break => "break",
            Self::Place(_) => "place",
            Self::ToggleFly => "toggle_fly",
            Self::PlaceCrate => "place_crate",
            Self::ToggleCollider => "toggle_collider",
            Self::Craft { .. } => "craft",
            Self::Drop { .. } => "drop",
            Self::Select(_) => "select",
            Self::Respawn => "respawn",
            Self::Use => "use",
            Self::FurnacePut {
                slot: FurnaceSlot::Fuel,
                ..
            } => "fuel",
            Self::FurnacePut { .. } => "smelt",
            Self::FurnaceTake { .. } => "collect",
            Self::Screen(screen) => screen.name(),
            Self::Attack => "attack",
            Self::Eat => "eat",
        }
    }
}

/// Everything the player does in one tick.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Input {
    /// The controls held during the tick.
    pub controls: Controls,
    /// A new yaw in degrees, set before anything else this tick.
    pub yaw: Option<f64>,
    /// A new pitch in degrees, set before anything else this tick.
    pub pitch: Option<f64>,
    /// Actions taken after the look is set and before the player moves, in order.
    pub actions: Vec<Action>,
}

/// What an action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionOutcome {
    /// A block was broken at this position.
    Broke(BlockPos),
    /// A block was placed at this position.
    Placed(BlockPos),
    /// Flight was switched on (`true`) or off.
    Flying(bool),
    /// A crate was placed; it is the last in the list.
    PlacedCrate,
    /// The crate at this index was broken (removed).
    BrokeCrate(usize),
    /// The player now collides as this shape.
    Collider(PlayerCollider),
    /// This many batches were crafted.
    Crafted(u8),
    /// This many items were thrown.
    Dropped(u8),
    /// This hotbar slot is now in hand.
    Selected(u8),
    /// The player came back to life.
    Respawned,
    /// Items went into or out of a furnace, or moved between a screen's slots.
    Stored,
    /// A screen opened.
    Opened,
    /// A meal began.
    Eating,
    /// The door whose lower half is at this cell opened or shut.
    Toggled(BlockPos),
    /// A bed became where the player comes back after death.
    SpawnSet,
    /// The player lay down in a bed (and it became where the player comes back).
    Slept,
    /// A screen closed: its grid and cursor went back into the inventory.
    Closed,
    /// The creature with this id was struck.
    Struck(u32),
    /// Nothing happened: nothing in reach, an unbreakable block, or no room to place.
    Nothing,
}

/// A crate on the player's look ray.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CrateHit {
    /// Its index in the crate list.
    pub index: usize,
    /// How far along the ray the ray enters it, in blocks.
    pub distance: f64,
    /// The face the ray enters through.
    pub face: Face,
}

/// What the player's look ray meets first within reach: what a click acts on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// A crate nearer than any block on the ray.
    Crate(CrateHit),
    /// A block no farther than any crate on the ray.
    Block(RayHit),
}

impl Target {
    /// How far along the ray it is.
    #[must_use]
    pub const fn distance(&self) -> f64 {
        match self {
            Self::Crate(c) => c.distance,
            Self::Block(b) => b.distance,
        }
    }

    /// The nearer of a block and a crate on the ray; a tie goes to the block.
    fn nearest(block: Option<RayHit>, crate_hit: Option<CrateHit>) -> Option<Self> {
        match crate_hit {
            Some(c) if block.is_none_or(|b| c.distance < b.distance) => Some(Self::Crate(c)),
            _ => block.map(Self::Block),
        }
    }
}

impl Simulation {
    /// The block `viewer` looks at within reach, loading the chunks in reach.
    fn target(&mut self, viewer: &Body) -> Option<RayHit> {
        let eye = viewer.eye();
        self.world.load_region(Aabb::new(eye, eye).inflated(REACH));
        self.peek_target(viewer)
    }

    /// The block `viewer` looks at within reach, without loading chunks: unloaded ones read
    /// as air.
    #[must_use]
    pub fn peek_target(&self, viewer: &Body) -> Option<RayHit> {
        // Cast in the frame of the eye's block so the result is the same far from the origin.
        let eye = viewer.eye();
        let anchor = BlockPos::containing(eye);
        let local = Anchored {
            world: &self.world,
            anchor,
        };
        let shift = anchor.to_ivec3();
        cast(
            &local,
            eye - anchor.min_corner(),
            viewer.look_direction(),
            REACH,
        )
        .map(|hit| RayHit {
            block: hit.block.offset(shift),
            adjacent: hit.adjacent.offset(shift),
            point: hit.point + anchor.min_corner(),
            ..hit
        })
    }

    /// Player `who` takes one action now; only a tick calls this, so every change goes
    /// through [`Simulation::step`].
    pub(super) fn act(&mut self, who: usize, action: Action) -> ActionOutcome {
        if action == Action::Attack {
            return self.attack(who);
        }
        if self.survival.mode == Mode::Survival {
            return self.act_in_survival(who, action);
        }
        self.act_in_creative(who, action)
    }

    /// Whether player `who` may break `block` in creative: a breakable block, or an unknown
    /// one (whose pack the world has lost) for an operator.
    fn may_break(&self, who: usize, block: Block) -> bool {
        block.is_breakable()
            || (block.properties().unknown
                && self.operators.contains(&self.players.list()[who].name))
    }

    /// An action as creative mode takes it: the survival-only ones do nothing, but for
    /// choosing a hotbar slot, which the game keeps itself in creative.
    pub(super) fn act_in_creative(&mut self, who: usize, action: Action) -> ActionOutcome {
        let viewer = self.players.list()[who].body;
        match action {
            Action::Select(slot) => ActionOutcome::Selected(slot),
            Action::Craft { .. }
            | Action::Drop { .. }
            | Action::Respawn
            | Action::FurnacePut { .. }
            | Action::FurnaceTake { .. }
            | Action::Eat
            | Action::Attack
            | Action::Screen(_) => ActionOutcome::Nothing,
            Action::Use => self.use_door(who).unwrap_or(ActionOutcome::Nothing),
            Action::ToggleFly => {
                let body = self.players.body_mut(who);
                body.flying = !body.flying;
                if body.flying {
                    body.on_ground = false;
                }
                ActionOutcome::Flying(body.flying)
            }
            Action::ToggleCollider => {
                let mut switched = viewer;
                switched.collider = match viewer.collider {
                    PlayerCollider::Box => PlayerCollider::Cylinder,
                    PlayerCollider::Cylinder => PlayerCollider::Box,
                };
                let room = !switched.intersects_world(&self.world, CONTACT_EPSILON);
                if room {
                    *self.players.body_mut(who) = switched;
                    ActionOutcome::Collider(switched.collider)
                } else {
                    ActionOutcome::Nothing
                }
            }
            Action::Break => match self.looked_at(&viewer) {
                Some(Target::Crate(c)) => {
                    self.crates.remove(c.index);
                    ActionOutcome::BrokeCrate(c.index)
                }
                Some(Target::Block(hit)) if self.may_break(who, self.world.block(hit.block)) => {
                    // A door breaks from its lower half, which takes the upper with it.
                    let cell = self.door_base(hit.block);
                    let broken = self.world.block(cell);
                    self.world.set_block(cell, Block::AIR);
                    self.break_other_half(cell, broken);
                    // Creative breaks without drops: a chest's contents go with it.
                    self.survival.chests.remove(&cell);
                    self.note_block_event(Some(who), EventKind::Break, broken, cell);
                    ActionOutcome::Broke(cell)
                }
                _ => ActionOutcome::Nothing,
            },
            Action::Place(block) => match self.looked_at(&viewer) {
                Some(Target::Block(hit)) => {
                    // A plant clicked on is built over, as a plant beside the face would be.
                    let cell = if self.world.block(hit.block).is_plant() {
                        hit.block
                    } else {
                        hit.adjacent
                    };
                    if block.is_door() {
                        return self.place_door(who, &viewer, cell);
                    }
                    if block.is_bed() {
                        return self.place_bed(who, viewer.yaw, cell);
                    }
                    match self.placed_against(block, &hit, cell) {
                        Some(placed) if self.can_place(cell, placed) => {
                            self.world.set_block(cell, placed);
                            self.note_block_event(Some(who), EventKind::Place, placed, cell);
                            ActionOutcome::Placed(cell)
                        }
                        _ => ActionOutcome::Nothing,
                    }
                }
                _ => ActionOutcome::Nothing,
            },
            Action::PlaceCrate => match self.new_crate_spot(&viewer) {
                Some(c) if self.crate_fits(&c) => {
                    self.crates.add(c);
                    ActionOutcome::PlacedCrate
                }
                _ => ActionOutcome::Nothing,
            },
        }
    }

    /// Where a crate placed now by `viewer` would go: against the face of the nearest crate
    /// it looks at, centred across that face (on a side face, with the bottoms level), so
    /// crates stack into towers and rows; otherwise in the cell in front of the targeted
    /// block face, like a block.
    fn new_crate_spot(&mut self, viewer: &Body) -> Option<Crate> {
        match self.looked_at(viewer)? {
            Target::Crate(hit) => {
                let target = &self.crates.list()[hit.index];
                let normal = hit.face.normal().as_dvec3();
                // Bottom centres: the new crate's sits half its size beyond the face along
                // the normal, and a crate below hangs down by its full height.
                let half = (target.size + DVec3::ONE) * 0.5;
                let mut position = target.position + normal * half;
                position.y = match hit.face {
                    Face::Up => target.position.y + target.size.y,
                    Face::Down => target.position.y - 1.0,
                    _ => target.position.y,
                };
                Some(Crate::new(position, DVec3::ONE))
            }
            Target::Block(hit) => {
                let cell = hit.adjacent.min_corner();
                Some(Crate::new(cell + DVec3::new(0.5, 0.0, 0.5), DVec3::ONE))
            }
        }
    }

    /// Whether `c` may be placed: inside the world's height and clear of blocks, crates and
    /// every player, and the world not yet holding the most crates a scenario or a saved world
    /// may ([`MAX_CRATES`]), so that what the game saves always opens whole.
    fn crate_fits(&self, c: &Crate) -> bool {
        let bounds = c.bounds();
        self.crates.list().len() < MAX_CRATES
            && bounds.min.y >= 0.0
            && bounds.max.y <= f64::from(WORLD_HEIGHT)
            && !intersects_world(&self.world, bounds, CONTACT_EPSILON)
            && !self.crates.any_intersect(bounds)
            && !self.falling.any_intersect(bounds)
            && !self.players.any_intersect(bounds)
    }

    /// The nearest crate on `viewer`'s look ray within reach.
    #[must_use]
    pub fn crate_target(&self, viewer: &Body) -> Option<CrateHit> {
        let eye = viewer.eye();
        let dir = viewer.look_direction();
        let reach = Aabb::new(eye, eye).inflated(REACH);
        self.crates
            .near(reach)
            .into_iter()
            .filter_map(|index| {
                ray_box_entry(eye, dir, self.crates.list()[index].bounds()).map(
                    |(distance, face)| CrateHit {
                        index,
                        distance,
                        face,
                    },
                )
            })
            .filter(|hit| hit.distance <= REACH)
            .min_by(|a, b| {
                a.distance
                    .total_cmp(&b.distance)
                    .then(a.index.cmp(&b.index))
            })
    }

    /// What `viewer`'s look ray meets first within reach, loading the chunks in reach.
    pub(super) fn looked_at(&mut self, viewer: &Body) -> Option<Target> {
        let block = self.target(viewer);
        Target::nearest(block, self.crate_target(viewer))
    }

    /// What `viewer`'s look ray meets first within reach, without loading chunks: unloaded
    /// ones read as air.
    #[must_use]
    pub fn peek_looked_at(&self, viewer: &Body) -> Option<Target> {
        Target::nearest(self.peek_target(viewer), self.crate_target(viewer))
    }

    /// The cell the player `name` would change this tick playing `input`, and the block it
    /// would put there: for `Some(Place)`, where and what it places; for `Some(Break)` and
    /// for `None` (digging held, in survival), the block it breaks, as air. For asking
    /// before the tick whether the edit may happen (a server's mods); `None` for another
    /// action, a player not in the world or nothing in reach.
    #[must_use]
    pub fn aimed_edit(
        &self,
        name: &PlayerName,
        input: &Input,
        action: Option<Action>,
    ) -> Option<(BlockPos, Block)> {
        let mut viewer = *self.players.get(name)?;
        if input.yaw.is_some() || input.pitch.is_some() {
            let yaw = input.yaw.unwrap_or(viewer.yaw);
            let pitch = input.pitch.unwrap_or(viewer.pitch);
            viewer.set_look(yaw, pitch);
        }
        let Some(Target::Block(hit)) = self.peek_looked_at(&viewer) else {
            return None;
        };
        match action {
            None | Some(Action::Break) => Some((self.door_base(hit.block), Block::AIR)),
            Some(Action::Place(block)) => {
                let plant = self.world.block(hit.block).is_plant();
                Some((if plant { hit.block } else { hit.adjacent }, block))
            }
            Some(_) => None,
        }
    }

    /// What placing `block` into `cell` through the face `hit` names puts there: the block
    /// itself, or for a torch, one standing on a top face or leaning against a side face, as
    /// long as the block clicked on holds torches; a plant only over a whole block, a cactus
    /// also over a cactus. `None` where it cannot go.
    fn placed_against(&self, block: Block, hit: &RayHit, cell: BlockPos) -> Option<Block> {
        match block.shape() {
            Shape::Torch { .. } if self.world.block(hit.block).holds_torches() => {
                block.held_as().torch_against(hit.face)
            }
            Shape::Torch { .. } => None,
            Shape::Cross => self
                .world
                .block(cell.offset(IVec3::NEG_Y))
                .holds_torches()
                .then_some(block),
            Shape::Inset => self
                .world
                .block(cell.offset(IVec3::NEG_Y))
                .holds_plants()
                .then_some(block),
            Shape::Cube | Shape::LowerHalf | Shape::Boxes => Some(block),
        }
    }

    /// Sets `pos` to `block` from outside the players (a server's mod), unless it lies
    /// outside the world's height or `block` would stand in a player, a crate, a falling
    /// block or a creature: any block may be replaced, a door or a bed half by half, and a
    /// chest taken away takes what it held. It makes no event: what a mod does is no
    /// player's break or place, which mods hear of.
    pub(super) fn set_from_outside(&mut self, pos: BlockPos, block: Block) {
        let there = self.world.block(pos);
        if !pos.in_world_height() || there == block {
            return;
        }
        let occupied = block.colliders().iter().any(|c| {
            let placed = c.at(pos.min_corner());
            self.players.any_intersect(placed)
                || self.crates.any_intersect(placed)
                || self.falling.any_intersect(placed)
                || self.creature_in(placed)
        });
        if occupied {
            return;
        }
        self.world.set_block(pos, block);
        if there == Block::CHEST {
            self.survival.chests.remove(&pos);
        }
    }

    /// Gives `count` of `item` to the player `name` (a negative count takes as many, or
    /// nothing if it carries fewer) from outside the players (a server's mod), in survival
    /// only; what it has no room for falls at its feet.
    pub(super) fn give_from_outside(&mut self, name: &PlayerName, item: Item, count: i16) {
        let Some(who) = self.players.index_of(name) else {
            return;
        };
        if self.survival.mode != Mode::Survival {
            return;
        }
        if count < 0 {
            let inventory = &mut self.survivor_mut(who).inventory;
            inventory.remove(item, u32::from(count.unsigned_abs()));
            return;
        }
        let feet = self.players.list()[who].body.position;
        let mut left = u16::try_from(count).unwrap_or(0);
        while left > 0 {
            let batch = u8::try_from(left.min(u16::from(item.max_stack()))).unwrap_or(1);
            left -= u16::from(batch);
            let stack = super::survival::Stack::new(item, batch);
            if let Some(over) = self.survivor_mut(who).inventory.add(stack) {
                self.add_drop(over, feet, DVec3::ZERO);
            }
        }
    }

    /// Drops `count` of `item` at `position` from outside the players (a server's mod), in
    /// survival only (creative drops nothing) and inside the world; at most a stack.
    pub(super) fn drop_from_outside(&mut self, position: DVec3, item: Item, count: u8) {
        let inside = position.is_finite()
            && BlockPos::containing(position).inside_border()
            && BlockPos::containing(position).in_world_height();
        if self.survival.mode == Mode::Survival && inside {
            let count = count.min(item.max_stack());
            self.add_drop(
                super::survival::Stack::new(item, count),
                position,
                DVec3::ZERO,
            );
        }
    }

    /// Whether `block` may go at `pos`: inside the world's height, into air or water (a torch
    /// only into air, a chest only where it pairs with at most one chest), and not
    /// overlapping a player, a crate or a falling block.
    #[must_use]
    pub fn can_place(&self, pos: BlockPos, block: Block) -> bool {
        let there = self.world.block(pos);
        if block == Block::AIR || !pos.in_world_height() || !there.is_replaceable() {
            return false;
        }
        if matches!(block.shape(), Shape::Torch { .. }) && there != Block::AIR {
            return false;
        }
        if block == Block::CHEST && !chest_fits(&self.world, pos) {
            return false;
        }
        !block.colliders().iter().any(|c| {
            let placed = c.at(pos.min_corner());
            self.players.any_intersect(placed)
                || self.crates.any_intersect(placed)
                || self.falling.any_intersect(placed)
                || self.creature_in(placed)
        })
    }
}
