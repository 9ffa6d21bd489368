//! The survival rules at work in a tick: actions as survival takes them, digging, what
//! hurts, death and respawning, items picked up, and furnaces burning.

use glam::DVec3;

use super::Detail;
use super::burn_ticks;
use super::furnace::FurnaceSlot;
use super::hunger::{self, Effort, Hunger};
use super::inventory::Stack;
use super::vitals::{Cause, Senses, Vitals};
use super::{Dig, ItemDrop, Mode, Survival, Survivor, dig_ticks, drop_of, hardness_tenths};
use crate::aabb::Aabb;
use crate::physics::tuning::REACH;
use crate::physics::{Body, Control, Controls, quantize};
use crate::sim::{Action, ActionOutcome, EventKind, Item, Simulation, Target};
use crate::world::{Block, BlockPos, BlockSource};

/// How fast a thrown stack leaves the hand, in blocks per second, and how much it rises.
const THROW_SPEED: f64 = 4.0;
const THROW_LIFT: f64 = 1.5;
/// How fast a dead player's things scatter.
const SCATTER_SPEED: f64 = 1.5;

impl Simulation {
    /// The world's survival state: its mode, each player's health and inventory, the items
    /// lying about and the furnaces.
    #[must_use]
    pub const fn survival(&self) -> &Survival {
        &self.survival
    }

    /// How the world is played.
    #[must_use]
    pub const fn mode(&self) -> Mode {
        self.survival.mode
    }

    /// The survival state of the player called `name`, in survival.
    #[must_use]
    pub fn survivor(&self, name: &crate::sim::PlayerName) -> Option<&Survivor> {
        self.survival.survivors.get(name)
    }

    /// Player `who`'s survival state, made full and empty-handed if it had none.
    pub(in crate::sim) fn survivor_mut(&mut self, who: usize) -> &mut Survivor {
        let name = &self.players.list()[who].name;
        self.survival.survivors.entry(name.clone()).or_default()
    }

    /// Gives every player in the world a survival state, so that what a tick does never
    /// depends on which players were looked up before.
    pub(in crate::sim) fn muster(&mut self) {
        for m in self.players.list() {
            if !self.survival.survivors.contains_key(&m.name) {
                self.survival
                    .survivors
                    .insert(m.name.clone(), Survivor::default());
            }
        }
    }

    /// The controls player `who` moves by: none while it sleeps (a movement control gets
    /// it up), and those held without sprint when it is too hungry to sprint.
    pub(in crate::sim) fn survival_controls(&mut self, who: usize, held: Controls) -> Controls {
        let held = self.sleeper_controls(who, held);
        let hungry = self
            .survival
            .survivors
            .get(&self.players.list()[who].name)
            .is_some_and(|s| !s.hunger.can_sprint());
        let mut controls = held;
        if hungry {
            controls.set(Control::Sprint, false);
        }
        controls
    }

    /// Whether player `who` is dead and waiting to respawn.
    pub(in crate::sim) fn is_dead(&self, who: usize) -> bool {
        self.survival
            .survivors
            .get(&self.players.list()[who].name)
            .is_some_and(|s| s.death.is_some())
    }

    /// An action as survival takes it: the dead can only respawn; breaking by a click
    /// takes only blocks of hardness 0 (the dig control takes the rest); placing uses up a
    /// block carried; there is no flying and no crates to place.
    pub(in crate::sim) fn act_in_survival(&mut self, who: usize, action: Action) -> ActionOutcome {
        if self.is_dead(who) {
            return match action {
                Action::Respawn => self.respawn(who),
                _ => ActionOutcome::Nothing,
            };
        }
        let viewer = self.players.list()[who].body;
        match action {
            Action::Break => match self.looked_at(&viewer) {
                Some(Target::Block(hit))
                    if hardness_tenths(self.world.block(hit.block)) == Some(0) =>
                {
                    self.break_in_survival(who, hit.block);
                    ActionOutcome::Broke(hit.block)
                }
                _ => ActionOutcome::Nothing,
            },
            Action::Place(block) => {
                let item = Item::Block(block.held_as());
                if self.survivor_mut(who).inventory.count(item) == 0 {
                    return ActionOutcome::Nothing;
                }
                let outcome = self.act_in_creative(who, action);
                if matches!(outcome, ActionOutcome::Placed(_)) {
                    self.survivor_mut(who).inventory.remove(item, 1);
                }
                outcome
            }
            Action::ToggleFly | Action::PlaceCrate | Action::Respawn => ActionOutcome::Nothing,
            Action::ToggleCollider => self.act_in_creative(who, action),
            Action::Select(slot) => {
                let s = self.survivor_mut(who);
                if usize::from(slot) < crate::sim::HOTBAR_SLOTS {
                    s.selected = slot;
                    s.digging = None;
                    ActionOutcome::Selected(slot)
                } else {
                    ActionOutcome::Nothing
                }
            }
            Action::Craft { item, count } => self.craft(who, item, count),
            Action::Drop { count } => self.throw(who, count),
            Action::FurnacePut { slot, item, count } => self.fill_furnace(who, slot, item, count),
            Action::FurnaceTake { slot } => self.empty_furnace(who, slot),
            Action::Screen(screen) => self.act_on_screen(who, screen),
            Action::Use => self.use_in_survival(who),
            Action::Eat => self.start_meal(who),
            Action::Attack => self.attack(who),
        }
    }

    /// One tick of the dig control for player `who`, held or not: the block it looks at
    /// breaks once the control has been held on it for its dig time; looking elsewhere or
    /// letting go starts again.
    pub(in crate::sim) fn dig(&mut self, who: usize, held: bool) {
        if !held || self.is_dead(who) {
            self.survivor_mut(who).digging = None;
            return;
        }
        let viewer = self.players.list()[who].body;
        let hit = match self.looked_at(&viewer) {
            Some(Target::Block(hit)) => Some(hit.block),
            _ => None,
        };
        let tool = self.survivor_mut(who).held_tool();
        let dig = hit.and_then(|cell| {
            let needed = dig_ticks(self.world.block(cell), tool)?;
            Some(Dig {
                cell,
                ticks: 0,
                needed,
            })
        });
        let s = self.survivor_mut(who);
        let Some(mut dig) = dig else {
            s.digging = None;
            return;
        };
        dig.ticks = match s.digging {
            Some(d) if d.cell == dig.cell => d.ticks + 1,
            _ => 1,
        };
        if dig.ticks >= dig.needed {
            s.digging = None;
            self.break_in_survival(who, dig.cell);
        } else {
            s.digging = Some(dig);
        }
    }

    /// Player `who` breaks the block at `cell`: it drops what the tool in hand gets out of
    /// it, a furnace or chest lets fall what it held, and the tool wears.
    fn break_in_survival(&mut self, who: usize, cell: BlockPos) {
        let cell = self.door_base(cell);
        // A bed drops from its foot, whichever half was dug.
        let cell = match self.world.block(cell).bed() {
            Some(bed) if bed.head => bed.other_half(cell),
            _ => cell,
        };
        let block = self.world.block(cell);
        let tool = self.survivor_mut(who).held_tool();
        self.world.set_block(cell, Block::AIR);
        self.break_other_half(cell, block);
        self.note_block_event(Some(who), EventKind::Break, block, cell);
        let centre = cell.min_corner() + DVec3::new(0.5, 0.5 - super::ITEM_SIZE / 2.0, 0.5);
        if let Some(item) = drop_of(block, tool) {
            self.add_drop(Stack::new(item, 1), centre, DVec3::ZERO);
        }
        if let Some(furnace) = self.survival.furnaces.remove(&cell) {
            for stack in furnace.contents() {
                self.add_drop(stack, centre, DVec3::ZERO);
            }
        }
        if let Some(chest) = self.survival.chests.remove(&cell) {
            for stack in chest.contents() {
                self.add_drop(stack, centre, DVec3::ZERO);
            }
        }
        self.drop_harvest(block, cell, centre);
        if tool.is_some() && hardness_tenths(block).is_some_and(|h| h > 0) {
            self.wear_tool(who);
        }
        self.survivor_mut(who).hunger.exhaust(hunger::BROKE);
    }

    /// The tool in player `who`'s hand is used once, and breaks when used up.
    pub(in crate::sim) fn wear_tool(&mut self, who: usize) {
        let s = self.survivor_mut(who);
        let slot = s.inventory.slot_mut(usize::from(s.selected));
        if let Some(stack) = slot
            && let Some(tool) = stack.item.tool()
        {
            stack.wear += 1;
            if stack.wear >= tool.tier.uses() {
                *slot = None;
            }
        }
    }

    /// Lays `stack` in the world at `position` moving at `velocity`.
    pub(in crate::sim) fn add_drop(&mut self, stack: Stack, position: DVec3, velocity: DVec3) {
        if stack.count > 0 {
            self.survival
                .drops
                .add(ItemDrop::new(stack, quantize(position), velocity));
        }
    }

    /// Player `who` makes up to `count` batches of the recipe for `item`; what does not fit
    /// in its inventory falls at its feet.
    fn craft(&mut self, who: usize, item: Item, count: u8) -> ActionOutcome {
        let eye = self.players.list()[who].body.eye();
        let near_table = self.crafting_table_near(eye);
        let s = self.survivor_mut(who);
        let Some(recipe) = super::rules::recipe_for(item, &s.inventory) else {
            return ActionOutcome::Nothing;
        };
        if recipe.needs_table() && !near_table {
            return ActionOutcome::Nothing;
        }
        let mut batches = 0;
        let mut spilled = Vec::new();
        while batches < count && recipe.take_from(&mut s.inventory) {
            batches += 1;
            spilled.extend(s.inventory.add(recipe.made()));
        }
        let feet = self.players.list()[who].body.position;
        for stack in spilled {
            self.add_drop(stack, feet, DVec3::ZERO);
        }
        if batches == 0 {
            return ActionOutcome::Nothing;
        }
        let made = u32::from(batches) * u32::from(recipe.count);
        self.note_detail(
            who,
            EventKind::Craft,
            Detail::Items {
                item: recipe.output,
                count: made,
            },
        );
        ActionOutcome::Crafted(batches)
    }

    /// Whether a crafting table is within reach of `eye`.
    fn crafting_table_near(&mut self, eye: DVec3) -> bool {
        let reach = Aabb::new(eye, eye).inflated(REACH);
        self.world.load_region(reach);
        let (min, max) = (
            BlockPos::containing(reach.min),
            BlockPos::containing(reach.max),
        );
        let mut found = false;
        self.world.visit_blocks(min, max, &mut |pos, block| {
            if block == Block::CRAFTING_TABLE {
                let cell = Aabb::new(pos.min_corner(), pos.min_corner() + DVec3::ONE);
                let nearest = eye.clamp(cell.min, cell.max);
                found |= nearest.distance(eye) <= REACH;
            }
        });
        found
    }

    /// Player `who` throws `count` of the stack in hand ahead of it.
    fn throw(&mut self, who: usize, count: u8) -> ActionOutcome {
        let s = self.survivor_mut(who);
        let Some(thrown) = s.inventory.take_from(usize::from(s.selected), count) else {
            return ActionOutcome::Nothing;
        };
        self.throw_stack(who, thrown);
        ActionOutcome::Dropped(thrown.count)
    }

    /// Player `who` throws `stack` ahead of it.
    pub(super) fn throw_stack(&mut self, who: usize, stack: Stack) {
        let body = self.players.list()[who].body;
        let velocity = body.look_direction() * THROW_SPEED + DVec3::Y * THROW_LIFT;
        let from = body.eye() - DVec3::Y * (0.3 + super::ITEM_SIZE / 2.0);
        self.add_drop(stack, from, velocity);
    }

    /// The furnace player `who` looks at, if it looks at one.
    fn furnace_looked_at(&mut self, who: usize) -> Option<BlockPos> {
        let viewer = self.players.list()[who].body;
        match self.looked_at(&viewer)? {
            Target::Block(hit)
                if matches!(
                    self.world.block(hit.block),
                    Block::FURNACE | Block::LIT_FURNACE
                ) =>
            {
                Some(hit.block)
            }
            _ => None,
        }
    }

    /// Player `who` puts `count` of `item` into `slot` of the furnace it looks at: any item
    /// as the input, only what burns as fuel, nothing into the output; all or nothing, and
    /// never none (a stack of 0 would take nothing from the inventory and still light a
    /// burn, and its later taking would underflow).
    fn fill_furnace(
        &mut self,
        who: usize,
        slot: FurnaceSlot,
        item: Item,
        count: u8,
    ) -> ActionOutcome {
        if count == 0 {
            return ActionOutcome::Nothing;
        }
        let Some(cell) = self.furnace_looked_at(who) else {
            return ActionOutcome::Nothing;
        };
        let allowed = match slot {
            FurnaceSlot::Input => true,
            FurnaceSlot::Fuel => burn_ticks(item).is_some(),
            FurnaceSlot::Output => false,
        };
        let furnace = self
            .survival
            .furnaces
            .get(&cell)
            .copied()
            .unwrap_or_default();
        let put = Stack::new(item, count);
        let fits = match furnace.slot(slot) {
            None => count <= item.max_stack(),
            Some(there) => there.stacks_with(&put) && there.room() >= count,
        };
        if !allowed || !fits || !self.survivor_mut(who).inventory.remove(item, count.into()) {
            return ActionOutcome::Nothing;
        }
        let furnace = self.survival.furnaces.entry(cell).or_default();
        let there = furnace.slot_mut(slot);
        match there {
            Some(s) => s.count += count,
            None => *there = Some(put),
        }
        ActionOutcome::Stored
    }

    /// Player `who` takes what `slot` of the furnace it looks at holds, as much as fits.
    fn empty_furnace(&mut self, who: usize, slot: FurnaceSlot) -> ActionOutcome {
        let Some(cell) = self.furnace_looked_at(who) else {
            return ActionOutcome::Nothing;
        };
        let Some(stack) = self.survival.furnaces.get(&cell).and_then(|f| f.slot(slot)) else {
            return ActionOutcome::Nothing;
        };
        let left = self.survivor_mut(who).inventory.add(stack);
        if left == Some(stack) {
            return ActionOutcome::Nothing;
        }
        if let Some(f) = self.survival.furnaces.get_mut(&cell) {
            *f.slot_mut(slot) = left;
        }
        ActionOutcome::Stored
    }

    /// A dead player `who` comes back on its bed, or at the world's spawn without one,
    /// with full health, air and hunger.
    fn respawn(&mut self, who: usize) -> ActionOutcome {
        let spawn = self.respawn_point(who);
        let s = self.survivor_mut(who);
        s.death = None;
        s.vitals = Vitals::full();
        s.hunger = Hunger::full();
        let body = self.players.body_mut(who);
        let collider = body.collider;
        *body = Body::new(quantize(spawn));
        body.collider = collider;
        ActionOutcome::Respawned
    }

    /// The rules of health, air and hunger for player `who`, which was `before` when it
    /// moved this tick holding `controls`; the dead drop what they carried.
    pub(in crate::sim) fn live(&mut self, who: usize, before: &Body, controls: Controls) {
        if self.is_dead(who) {
            return;
        }
        let after = self.players.list()[who].body;
        let wet = |p: DVec3| self.world.block(BlockPos::containing(p)).is_water();
        let feet_wet = wet(after.position);
        let mut senses = Senses {
            before: *before,
            after,
            feet_wet_before: wet(before.position),
            feet_wet,
            eyes_under: wet(after.eye()),
            touching_cactus: self.touches_cactus(after.bounds()),
            fed: false,
        };
        let s = self.survivor_mut(who);
        senses.fed = s.hunger.is_fed();
        let effort = effort(before, &after, controls, feet_wet);
        let health = s.vitals.health;
        let mut hurts = s.vitals.tick(&senses);
        if s.vitals.health > health {
            s.hunger.exhaust(hunger::HEALED);
        }
        if s.hunger.starves() && s.vitals.health > 1 {
            let lost = s.vitals.hurt(1);
            if lost > 0 {
                hurts.push((Cause::Starvation, lost));
            }
        }
        // At most one hurt of each cause a tick.
        let hurt_count = f64::from(u8::try_from(hurts.len()).unwrap_or(u8::MAX));
        s.hunger
            .exhaust(effort.exhaustion() + hunger::HURT * hurt_count);
        let dead = s.vitals.is_dead();
        for &(cause, amount) in &hurts {
            self.note_detail(who, EventKind::Hurt, Detail::Hurt { cause, amount });
        }
        if dead && let Some(&(cause, _)) = hurts.last() {
            self.die(who, cause);
        }
    }

    /// Whether a body with box `b` touches a cactus: overlaps a cactus's cell, or stands on
    /// one.
    fn touches_cactus(&self, b: Aabb) -> bool {
        let reach = Aabb::new(b.min - DVec3::Y * 1e-3, b.max);
        let (min, max) = (
            BlockPos::containing(reach.min),
            BlockPos::containing(reach.max),
        );
        let mut touched = false;
        self.world.visit_blocks(min, max, &mut |pos, block| {
            if block == Block::CACTUS {
                let cell = Aabb::new(pos.min_corner(), pos.min_corner() + DVec3::ONE);
                touched |= cell.intersects_by(reach, 0.0);
            }
        });
        touched
    }

    /// Player `who` dies of `cause`: everything it carried falls where it died, scattered.
    /// Hurts player `who` by `amount` for `cause`, as the rules of survival hurt it: not in
    /// creative, nor while dead or just hurt; it dies if that was the last of its health.
    /// Whether it was hurt.
    pub(in crate::sim) fn hurt_player(&mut self, who: usize, amount: u8, cause: Cause) -> bool {
        if self.survival.mode != super::Mode::Survival || self.is_dead(who) {
            return false;
        }
        let s = self.survivor_mut(who);
        let lost = s.vitals.hurt(amount);
        if lost == 0 {
            return false;
        }
        s.hunger.exhaust(hunger::HURT);
        let dead = s.vitals.is_dead();
        self.note_detail(
            who,
            EventKind::Hurt,
            Detail::Hurt {
                cause,
                amount: lost,
            },
        );
        if dead {
            self.die(who, cause);
        }
        true
    }

    fn die(&mut self, who: usize, cause: Cause) {
        // What was in the grid and on the cursor falls with the rest.
        self.close_screen(who);
        let at = self.players.list()[who].body.position + DVec3::Y * 0.5;
        let s = self.survivor_mut(who);
        s.death = Some(cause);
        s.digging = None;
        s.meal = None;
        s.sleeping = None;
        let carried = s.inventory.take_all();
        // At most the 36 slots of an inventory: exact in f64.
        let n = f64::from(u32::try_from(carried.len().max(1)).unwrap_or(u32::MAX));
        for (i, stack) in (0u32..).zip(carried) {
            let angle = std::f64::consts::TAU * f64::from(i) / n;
            let velocity = DVec3::new(angle.cos(), 1.0, angle.sin()) * SCATTER_SPEED;
            self.add_drop(stack, at, velocity);
        }
        self.note_detail(who, EventKind::Death, Detail::Death(cause));
        let body = self.players.body_mut(who);
        body.velocity = DVec3::ZERO;
    }

    /// The survival world's own tick, after everyone moved: items move, merge and age,
    /// players pick up what lies within reach, and furnaces burn.
    pub(in crate::sim) fn run_survival(&mut self) {
        for d in self.survival.drops.list() {
            let path = d.bounds().swept(d.velocity / 60.0).inflated(1.0);
            self.world.load_region(path);
        }
        self.survival.drops.tick(&self.world);
        for who in 0..self.players.len() {
            if !self.is_dead(who) {
                self.pick_up(who);
            }
        }
        self.burn_furnaces();
        self.sleep_on();
        // Those away carry nothing new: noting them too is simpler than picking them out.
        for s in self.survival.survivors.values_mut() {
            s.note_seen();
        }
    }

    /// Player `who` picks up every item within reach, as much of each as fits.
    fn pick_up(&mut self, who: usize) {
        let body = self.players.list()[who].body.bounds();
        let mut i = 0;
        while i < self.survival.drops.list().len() {
            let d = self.survival.drops.list()[i];
            if !d.within_reach_of(body) {
                i += 1;
                continue;
            }
            let left = self.survivor_mut(who).inventory.add(d.stack);
            let taken = d.stack.count - left.map_or(0, |s| s.count);
            if taken > 0 {
                self.note_detail(
                    who,
                    EventKind::Pickup,
                    Detail::Items {
                        item: d.stack.item,
                        count: u32::from(taken),
                    },
                );
            }
            match left {
                None => {
                    self.survival.drops.remove(i);
                }
                Some(rest) => {
                    if let Some(d) = self.survival.drops.get_mut(i) {
                        d.stack = rest;
                    }
                    i += 1;
                }
            }
        }
    }

    /// Every furnace burns a tick, in cell order; one whose block is gone lets its contents
    /// fall, one that is empty and cold is forgotten, and the block shows whether it burns.
    fn burn_furnaces(&mut self) {
        let cells: Vec<BlockPos> = self.survival.furnaces.keys().copied().collect();
        for cell in cells {
            let block = self.world.block(cell);
            if !matches!(block, Block::FURNACE | Block::LIT_FURNACE) {
                if let Some(f) = self.survival.furnaces.remove(&cell) {
                    let centre = cell.min_corner() + DVec3::splat(0.5);
                    for stack in f.contents() {
                        self.add_drop(stack, centre, DVec3::ZERO);
                    }
                }
                continue;
            }
            let Some(f) = self.survival.furnaces.get_mut(&cell) else {
                continue;
            };
            let lit = f.tick();
            if f.is_idle() {
                self.survival.furnaces.remove(&cell);
            }
            let shown = if lit {
                Block::LIT_FURNACE
            } else {
                Block::FURNACE
            };
            if block != shown {
                self.world.set_block(cell, shown);
            }
        }
    }
}

/// How hunger counts a player's move from `before` to `after` holding `controls`: the
/// distance across on the ground or in water, sprinted or not, and a jump when it left the
/// ground going up with jump held.
fn effort(before: &Body, after: &Body, controls: Controls, in_water: bool) -> Effort {
    let across = (after.position - before.position).with_y(0.0).length();
    let sprinting = controls.held(Control::Sprint) && controls.held(Control::Forward);
    let counted = if before.on_ground || after.on_ground || in_water {
        across
    } else {
        0.0
    };
    let sprinted = sprinting && !in_water;
    Effort {
        walked: if sprinted { 0.0 } else { counted },
        sprinted: if sprinted { counted } else { 0.0 },
        jumped: before.on_ground
            && !after.on_ground
            && after.velocity.y > 0.0
            && controls.held(Control::Jump),
        sprinting,
    }
}
