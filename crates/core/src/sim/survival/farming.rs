//! Food and farming in a tick: eating, tilling, planting, wheat growing, and what leaves,
//! grass and wheat give when broken.
//!
//! Wheat grows by a fixed rule, with no chance in it: each stage takes
//! [`GROW_TICKS_DRY`] on dry farmland and [`GROW_TICKS_WET`] on farmland with water within
//! [`HYDRATION_REACH`] blocks across, at its level or one above (Minecraft's hydration). A
//! planted crop schedules its own update in the world's queue ([`crate::sim::updates`]),
//! which saves, hashes and replays with everything else, so seven stages take exactly
//! 7 × 1,800 ticks (3.5 minutes) beside water and twice that away from it.
//!
//! What is left to chance (seeds from grass, an apple from leaves, how many seeds ripe
//! wheat gives) is rolled from the cell and the world's clock: the same world and inputs
//! give the same drops in every run.

use glam::{DVec3, IVec3};

use super::hunger::{MEAL_TICKS, Meal};
use super::inventory::Stack;
use super::tools::{Material, ToolKind};
use super::vitals::MAX_HEALTH;
use crate::sim::hash::StateHasher;
use crate::sim::{ActionOutcome, EventKind, Item, Simulation, Target};
use crate::world::{Block, BlockPos, BlockSource, ColumnPos, Face};

/// Ticks a stage of wheat takes on farmland with water near.
pub const GROW_TICKS_WET: u64 = 1800;
/// Ticks a stage of wheat takes on dry farmland.
pub const GROW_TICKS_DRY: u64 = 3600;
/// How far across water may be from farmland and still water it.
pub const HYDRATION_REACH: i32 = 4;
/// One in this many tall grasses broken gives wheat seeds (Minecraft's 1 in 8).
const SEEDS_FROM_GRASS: u64 = 8;
/// One in this many oak leaves broken gives an apple (Minecraft's 1 in 200).
const APPLES_FROM_LEAVES: u64 = 200;

/// A roll of the dice for what breaking `block` at `cell` gives at world time `time`: the
/// same cell broken at the same time rolls the same.
fn roll(block: Block, cell: BlockPos, time: u64, draw: u8) -> u64 {
    let mut hasher = StateHasher::new();
    for coordinate in [cell.x, cell.y, cell.z] {
        hasher.i32(coordinate);
    }
    hasher.u64(time);
    hasher.block(block.id());
    hasher.bytes(&[draw]);
    // FNV's low bits follow its last byte too closely for a remainder to be fair: the
    // SplitMix64 finaliser spreads every input bit over all of them.
    let mut z = hasher.finish();
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What breaking `block` at `cell` at world time `time` gives besides its own drop
/// ([`super::drop_of`]): seeds from tall grass now and then, an apple from oak leaves
/// rarely, and from wheat one seed, or when ripe, wheat and one to four seeds.
#[must_use]
pub fn harvest(block: Block, cell: BlockPos, time: u64) -> Vec<Stack> {
    let seeds = Item::Material(Material::WheatSeeds);
    let chance = |one_in: u64| roll(block, cell, time, 0).is_multiple_of(one_in);
    match block {
        Block::TALL_GRASS if chance(SEEDS_FROM_GRASS) => vec![Stack::new(seeds, 1)],
        Block::LEAVES if chance(APPLES_FROM_LEAVES) => {
            vec![Stack::new(Item::Material(Material::Apple), 1)]
        }
        Block::WHEAT_7 => {
            // Minecraft's: one, and three more tries at 4 in 7.
            let extra = (1..=3)
                .filter(|&draw| roll(block, cell, time, draw) % 7 < 4)
                .count();
            let count = 1 + u8::try_from(extra).unwrap_or(0);
            vec![
                Stack::new(Item::Material(Material::Wheat), 1),
                Stack::new(seeds, count),
            ]
        }
        _ if block.is_crop() => vec![Stack::new(seeds, 1)],
        _ => Vec::new(),
    }
}

impl Simulation {
    /// Player `who` uses what it looks at or holds: opens or shuts the door it looks at,
    /// sleeps in the bed it looks at ([`super::sleep`]); else starts eating the food in hand (refused at full hunger), tills the dirt or grass looked at into farmland with
    /// a hoe (the hoe wears), or plants seeds on the top of the farmland looked at.
    pub(in crate::sim) fn use_in_survival(&mut self, who: usize) -> ActionOutcome {
        if let Some(outcome) = self.use_door(who).or_else(|| self.use_bed(who)) {
            return outcome;
        }
        let s = self.survivor_mut(who);
        let Some(held) = s.held() else {
            return ActionOutcome::Nothing;
        };
        if super::rules::food(held.item).is_some() {
            return self.start_meal(who);
        }
        let viewer = self.players.list()[who].body;
        let Some(Target::Block(hit)) = self.looked_at(&viewer) else {
            return ActionOutcome::Nothing;
        };
        let above = hit.block.offset(IVec3::Y);
        let clear_above = self.world.block(above) == Block::AIR;
        let target = self.world.block(hit.block);
        match held.item {
            Item::Tool(tool)
                if tool.kind == ToolKind::Hoe
                    && matches!(target, Block::DIRT | Block::GRASS)
                    && hit.face != Face::Down
                    && clear_above =>
            {
                self.world.set_block(hit.block, Block::FARMLAND);
                self.note_block_event(Some(who), EventKind::Place, Block::FARMLAND, hit.block);
                self.wear_tool(who);
                ActionOutcome::Placed(hit.block)
            }
            Item::Material(Material::WheatSeeds)
                if target == Block::FARMLAND && hit.face == Face::Up && clear_above =>
            {
                self.world.set_block(above, Block::WHEAT_0);
                self.note_block_event(Some(who), EventKind::Place, Block::WHEAT_0, above);
                let s = self.survivor_mut(who);
                let slot = usize::from(s.selected);
                s.inventory.take_from(slot, 1);
                let due = self.tick + self.grow_ticks(above);
                self.updates.schedule(above, due);
                ActionOutcome::Placed(above)
            }
            _ => ActionOutcome::Nothing,
        }
    }

    /// One tick of player `who`'s meal, if it is eating: the meal ends when its time is
    /// up, eating one of the food if it is still in the slot it was started from, and is
    /// given up if the player took another slot in hand.
    /// Player `who` starts eating the food in hand, if it holds food and may eat it; a meal
    /// of that food from that slot already under way goes on as it was.
    pub(in crate::sim) fn start_meal(&mut self, who: usize) -> ActionOutcome {
        let s = self.survivor_mut(who);
        let Some(held) = s.held() else {
            return ActionOutcome::Nothing;
        };
        let Some(food) = super::rules::food(held.item) else {
            return ActionOutcome::Nothing;
        };
        if !s.can_eat(food) {
            return ActionOutcome::Nothing;
        }
        if s.meal
            .is_some_and(|m| m.slot == s.selected && m.item == held.item)
        {
            return ActionOutcome::Eating;
        }
        s.meal = Some(Meal {
            slot: s.selected,
            item: held.item,
            left: MEAL_TICKS,
        });
        ActionOutcome::Eating
    }

    pub(in crate::sim) fn eat(&mut self, who: usize) {
        let s = self.survivor_mut(who);
        let Some(mut meal) = s.meal else {
            return;
        };
        let slot = usize::from(meal.slot);
        let still_held = s.selected == meal.slot
            && s.inventory.slots()[slot].is_some_and(|stack| stack.item == meal.item);
        if !still_held {
            s.meal = None;
            return;
        }
        meal.left = meal.left.saturating_sub(1);
        if meal.left > 0 {
            s.meal = Some(meal);
            return;
        }
        s.meal = None;
        if let Some(food) = super::rules::food(meal.item)
            && s.can_eat(food)
            && s.inventory.take_from(slot, 1).is_some()
        {
            s.hunger.eat(food);
            s.vitals.health = s.vitals.health.saturating_add(food.health).min(MAX_HEALTH);
            self.note_detail(
                who,
                EventKind::Eat,
                super::Detail::Items {
                    item: meal.item,
                    count: 1,
                },
            );
        }
    }

    /// The crop at `cell`, due for its update: it grows a stage if it is not ripe, and
    /// schedules the next.
    pub(in crate::sim) fn grow(&mut self, cell: BlockPos) {
        let Some(crop) = self.world.block(cell).properties().crop else {
            return;
        };
        let Some(next) = crop.next else {
            return;
        };
        self.world.set_block(cell, next);
        if next.properties().crop.is_some_and(|c| c.next.is_some()) {
            let due = self.tick + self.grow_ticks(cell);
            self.updates.schedule(cell, due);
        }
    }

    /// The ticks the crop at `cell` takes to grow a stage: less with water near the
    /// farmland under it.
    fn grow_ticks(&mut self, cell: BlockPos) -> u64 {
        let land = cell.offset(IVec3::NEG_Y);
        let reach = IVec3::new(HYDRATION_REACH, 0, HYDRATION_REACH);
        for column in ColumnPos::covering(land.offset(-reach), land.offset(reach)) {
            self.world.load_column(column);
        }
        let mut wet = false;
        for dy in 0..=1 {
            for dz in -HYDRATION_REACH..=HYDRATION_REACH {
                for dx in -HYDRATION_REACH..=HYDRATION_REACH {
                    wet |= self
                        .world
                        .block(land.offset(IVec3::new(dx, dy, dz)))
                        .is_water();
                }
            }
        }
        if wet { GROW_TICKS_WET } else { GROW_TICKS_DRY }
    }

    /// Lays what breaking `block` at `cell` gives by chance ([`harvest`]) at `centre`.
    pub(super) fn drop_harvest(&mut self, block: Block, cell: BlockPos, centre: DVec3) {
        for stack in harvest(block, cell, self.time) {
            self.add_drop(stack, centre, DVec3::ZERO);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ripe_wheat_gives_wheat_and_one_to_four_seeds_and_grass_seeds_one_in_eight() {
        let cell = BlockPos::new(3, 65, -2);
        let mut seeds = [0u32; 5];
        let mut from_grass = 0;
        let mut apples = 0;
        for time in 0..8000 {
            let got = harvest(Block::WHEAT_7, cell, time);
            assert_eq!(got[0], Stack::new(Item::Material(Material::Wheat), 1));
            seeds[usize::from(got[1].count)] += 1;
            from_grass += harvest(Block::TALL_GRASS, cell, time).len();
            apples += harvest(Block::LEAVES, cell, time).len();
            assert_eq!(harvest(Block::WHEAT_3, cell, time).len(), 1);
            assert!(harvest(Block::STONE, cell, time).is_empty());
        }
        assert_eq!(seeds[0], 0);
        assert!(seeds[1..].iter().all(|&n| n > 0), "{seeds:?}");
        assert!((800..1200).contains(&from_grass), "{from_grass}");
        assert!((20..60).contains(&apples), "{apples}");
        assert_eq!(
            harvest(Block::TALL_GRASS, cell, 17),
            harvest(Block::TALL_GRASS, cell, 17)
        );
    }
}
