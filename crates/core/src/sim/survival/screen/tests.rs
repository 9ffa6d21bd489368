use std::collections::BTreeMap;

use glam::DVec3;

use super::*;
use crate::sim::survival::rules::recipes;
use crate::sim::survival::{Material, Mode, Survival, Survivor};
use crate::sim::{Action, ActionOutcome, EventKind, Input, PlayerName, Simulation, Start};
use crate::world::{Block, BlockSource};
use crate::worldgen::GeneratorKind;

const LOG: Item = Item::Block(Block::LOG);
const PLANKS: Item = Item::Block(Block::PLANKS);
const DIRT: Item = Item::Block(Block::DIRT);
const COAL: Item = Item::Material(Material::Coal);
const STICK: Item = Item::Material(Material::Stick);

/// An inventory, a screen open on `station` and, on a furnace's, an empty furnace; on a
/// chest's, an empty double chest.
struct Bench {
    inventory: Inventory,
    screen: StationScreen,
    furnace: Furnace,
    chest: Vec<Option<Stack>>,
}

impl Bench {
    fn new(station: Station, stacks: &[(usize, Item, u8)]) -> Self {
        let mut inventory = Inventory::new();
        for &(slot, item, count) in stacks {
            *inventory.slot_mut(slot) = Some(Stack::new(item, count));
        }
        Self {
            inventory,
            screen: StationScreen {
                open: Some(station),
                ..StationScreen::default()
            },
            furnace: Furnace::default(),
            chest: vec![None; 2 * crate::sim::survival::CHEST_SLOTS],
        }
    }

    fn slots(&mut self) -> Slots<'_> {
        let furnace = matches!(self.screen.open, Some(Station::Furnace(_)));
        let chest = matches!(self.screen.open, Some(Station::Chest(_)));
        Slots {
            inventory: &mut self.inventory,
            screen: &mut self.screen,
            furnace: furnace.then_some(&mut self.furnace),
            chest: chest.then_some(self.chest.as_mut_slice()),
        }
    }

    #[track_caller]
    fn click(&mut self, slot: SlotRef, kind: ClickKind) -> Clicked {
        let clicked = self.slots().click(slot, kind);
        self.assert_stacks_whole();
        clicked
    }

    fn slot(&self, i: usize) -> Option<(Item, u8)> {
        self.inventory.slots()[i].map(|s| (s.item, s.count))
    }

    fn cursor(&self) -> Option<(Item, u8)> {
        self.screen.cursor.map(|s| (s.item, s.count))
    }

    fn grid(&self, i: usize) -> Option<(Item, u8)> {
        self.screen.grid[i].map(|s| (s.item, s.count))
    }

    /// Every stack anywhere: inventory, grid, cursor and furnace.
    fn everything(&self) -> impl Iterator<Item = Stack> + '_ {
        let f = &self.furnace;
        self.inventory
            .slots()
            .iter()
            .chain(&self.screen.grid)
            .chain([&self.screen.cursor, &f.input, &f.fuel, &f.output])
            .chain(&self.chest)
            .flatten()
            .copied()
    }

    /// How many of each item there are anywhere.
    fn totals(&self) -> BTreeMap<&'static str, u32> {
        let mut totals = BTreeMap::new();
        for s in self.everything() {
            *totals.entry(s.item.name()).or_default() += u32::from(s.count);
        }
        totals
    }

    #[track_caller]
    fn assert_stacks_whole(&self) {
        for s in self.everything() {
            assert!(
                (1..=s.item.max_stack()).contains(&s.count),
                "a stack of {} {}",
                s.count,
                s.item
            );
        }
    }
}

fn inventory_of(i: u8) -> SlotRef {
    SlotRef::Inventory(i)
}

#[test]
fn a_left_click_takes_puts_down_merges_and_swaps() {
    let mut b = Bench::new(
        Station::Inventory,
        &[(0, DIRT, 40), (1, DIRT, 30), (2, LOG, 5)],
    );
    b.click(inventory_of(0), ClickKind::Left);
    assert_eq!((b.cursor(), b.slot(0)), (Some((DIRT, 40)), None));
    // Onto 30 of its kind: 34 fit, 6 stay on the cursor.
    b.click(inventory_of(1), ClickKind::Left);
    assert_eq!((b.cursor(), b.slot(1)), (Some((DIRT, 6)), Some((DIRT, 64))));
    // Onto a full stack of its kind: nothing.
    assert!(!b.click(inventory_of(1), ClickKind::Left).changed);
    // Onto another item: they trade places.
    b.click(inventory_of(2), ClickKind::Left);
    assert_eq!((b.cursor(), b.slot(2)), (Some((LOG, 5)), Some((DIRT, 6))));
    b.click(inventory_of(9), ClickKind::Left);
    assert_eq!((b.cursor(), b.slot(9)), (None, Some((LOG, 5))));
}

#[test]
fn a_right_click_takes_half_and_puts_down_one() {
    let mut b = Bench::new(Station::Inventory, &[(0, DIRT, 7), (1, LOG, 1)]);
    b.click(inventory_of(0), ClickKind::Right);
    assert_eq!((b.cursor(), b.slot(0)), (Some((DIRT, 4)), Some((DIRT, 3))));
    b.click(inventory_of(5), ClickKind::Right);
    b.click(inventory_of(5), ClickKind::Right);
    b.click(inventory_of(0), ClickKind::Right);
    assert_eq!(
        (b.cursor(), b.slot(5), b.slot(0)),
        (Some((DIRT, 1)), Some((DIRT, 2)), Some((DIRT, 4)))
    );
    // On another item, right swaps as left does.
    b.click(inventory_of(1), ClickKind::Right);
    assert_eq!((b.cursor(), b.slot(1)), (Some((LOG, 1)), Some((DIRT, 1))));
    // Half of one is one.
    b.click(inventory_of(1), ClickKind::Left);
    b.click(inventory_of(1), ClickKind::Right);
    assert_eq!((b.cursor(), b.slot(1)), (Some((LOG, 1)), Some((DIRT, 1))));
}

#[test]
fn shift_moves_between_the_hotbar_and_the_rows_above() {
    let mut b = Bench::new(
        Station::Inventory,
        &[(0, DIRT, 10), (9, DIRT, 60), (20, LOG, 3), (1, PLANKS, 64)],
    );
    // Hotbar to the rows: onto the 60 first, the rest into the first empty slot there.
    b.click(inventory_of(0), ClickKind::Shift);
    assert_eq!(
        (b.slot(0), b.slot(9), b.slot(10)),
        (None, Some((DIRT, 64)), Some((DIRT, 6)))
    );
    // The rows to the hotbar: the first empty hotbar slot.
    b.click(inventory_of(20), ClickKind::Shift);
    assert_eq!((b.slot(20), b.slot(0)), (None, Some((LOG, 3))));
    // The grid empties into the rows above the hotbar first.
    b.screen.grid[3] = Some(Stack::new(PLANKS, 5));
    b.click(SlotRef::Grid(3), ClickKind::Shift);
    assert_eq!((b.grid(3), b.slot(11)), (None, Some((PLANKS, 5))));
}

#[test]
fn shift_on_a_furnace_screen_feeds_what_smelts_and_what_burns() {
    let cell = BlockPos::new(0, 64, 0);
    let mut b = Bench::new(
        Station::Furnace(cell),
        &[
            (0, Item::Block(Block::IRON_ORE), 3),
            (1, COAL, 64),
            (2, DIRT, 1),
        ],
    );
    b.furnace.fuel = Some(Stack::new(COAL, 58));
    b.click(inventory_of(0), ClickKind::Shift);
    b.click(inventory_of(1), ClickKind::Shift);
    b.click(inventory_of(2), ClickKind::Shift);
    assert_eq!(b.furnace.input.map(|s| s.count), Some(3));
    assert_eq!(b.furnace.fuel.map(|s| (s.item, s.count)), Some((COAL, 64)));
    // What the fuel slot had no room for goes on to the rows above.
    assert_eq!((b.slot(1), b.slot(9)), (None, Some((COAL, 58))));
    assert_eq!(
        b.slot(10),
        Some((DIRT, 1)),
        "what neither smelts nor burns moves up"
    );
    // Back into the inventory: onto the coal there first, then the first empty slot above
    // the hotbar.
    b.click(SlotRef::Furnace(FurnaceSlot::Fuel), ClickKind::Shift);
    assert_eq!(b.furnace.fuel, None);
    assert_eq!(
        (b.slot(9), b.slot(11)),
        (Some((COAL, 64)), Some((COAL, 58)))
    );
}

#[test]
fn a_furnace_takes_only_fuel_below_and_its_output_only_gives() {
    let cell = BlockPos::new(0, 64, 0);
    let mut b = Bench::new(Station::Furnace(cell), &[(0, DIRT, 5), (1, STICK, 2)]);
    b.click(inventory_of(0), ClickKind::Left);
    assert!(
        !b.click(SlotRef::Furnace(FurnaceSlot::Fuel), ClickKind::Left)
            .changed
    );
    assert!(
        !b.click(SlotRef::Furnace(FurnaceSlot::Output), ClickKind::Right)
            .changed
    );
    b.click(SlotRef::Furnace(FurnaceSlot::Input), ClickKind::Left);
    assert_eq!(b.furnace.input.map(|s| s.count), Some(5));
    b.click(inventory_of(1), ClickKind::Left);
    b.click(SlotRef::Furnace(FurnaceSlot::Fuel), ClickKind::Left);
    assert_eq!(b.furnace.fuel.map(|s| s.item), Some(STICK));
    // Taking from the output onto a cursor of its kind.
    b.furnace.output = Some(Stack::new(COAL, 3));
    b.screen.cursor = Some(Stack::new(COAL, 62));
    b.click(SlotRef::Furnace(FurnaceSlot::Output), ClickKind::Left);
    assert_eq!(b.cursor(), Some((COAL, 64)));
    assert_eq!(b.furnace.output.map(|s| s.count), Some(1));
}

#[test]
fn the_result_takes_a_batch_onto_the_cursor_while_it_has_room() {
    let mut b = Bench::new(Station::Inventory, &[]);
    b.screen.grid[1] = Some(Stack::new(LOG, 2));
    assert_eq!(b.slots().recipe().map(|r| r.output), Some(PLANKS));
    let made = b.click(SlotRef::Result, ClickKind::Left);
    assert_eq!(made.crafted, Some((PLANKS, 4)));
    assert_eq!((b.cursor(), b.grid(1)), (Some((PLANKS, 4)), Some((LOG, 1))));
    b.click(SlotRef::Result, ClickKind::Right);
    assert_eq!((b.cursor(), b.grid(1)), (Some((PLANKS, 8)), None));
    assert!(
        !b.click(SlotRef::Result, ClickKind::Left).changed,
        "no recipe"
    );
    // A cursor of something else takes no batch.
    b.screen.grid[0] = Some(Stack::new(LOG, 1));
    b.screen.cursor = Some(Stack::new(DIRT, 1));
    assert!(!b.click(SlotRef::Result, ClickKind::Left).changed);
    assert_eq!(b.grid(0), Some((LOG, 1)));
}

#[test]
fn shift_on_the_result_crafts_all_the_grid_and_the_inventory_allow() {
    let mut b = Bench::new(Station::Table(BlockPos::new(0, 64, 0)), &[]);
    // Sticks from two columns of planks: 5 batches, limited by the shorter column.
    b.screen.grid[4] = Some(Stack::new(PLANKS, 5));
    b.screen.grid[7] = Some(Stack::new(PLANKS, 9));
    let made = b.click(SlotRef::Result, ClickKind::Shift);
    assert_eq!(made.crafted, Some((STICK, 20)));
    assert_eq!(b.inventory.count(STICK), 20);
    assert_eq!((b.grid(4), b.grid(7)), (None, Some((PLANKS, 4))));
    // With room for less than a batch, none is made.
    let mut full = Bench::new(Station::Inventory, &[]);
    for i in 0..SLOTS {
        *full.inventory.slot_mut(i) = Some(Stack::new(DIRT, 64));
    }
    *full.inventory.slot_mut(0) = Some(Stack::new(PLANKS, 62));
    full.screen.grid[0] = Some(Stack::new(LOG, 3));
    assert!(!full.click(SlotRef::Result, ClickKind::Shift).changed);
    assert_eq!(full.grid(0), Some((LOG, 3)));
}

#[test]
fn a_table_recipe_is_made_only_on_a_table() {
    let pick = Item::Tool(crate::sim::survival::Tool::new(
        crate::sim::survival::ToolKind::Pickaxe,
        crate::sim::survival::Tier::Wood,
    ));
    let mut b = Bench::new(Station::Table(BlockPos::new(0, 64, 0)), &[]);
    for (i, item) in [
        (0, PLANKS),
        (1, PLANKS),
        (2, PLANKS),
        (4, STICK),
        (7, STICK),
    ] {
        b.screen.grid[i] = Some(Stack::new(item, 1));
    }
    assert_eq!(b.slots().recipe().map(|r| r.output), Some(pick));
    b.click(SlotRef::Result, ClickKind::Left);
    assert_eq!(b.cursor(), Some((pick, 1)));
    assert!(b.screen.grid.iter().all(Option::is_none));
    // The hand's grid is 2×2: cells past the fourth are not on its screen.
    let mut hand = Bench::new(Station::Inventory, &[(0, PLANKS, 1)]);
    hand.click(inventory_of(0), ClickKind::Left);
    assert!(!hand.click(SlotRef::Grid(4), ClickKind::Left).changed);
    assert!(
        !hand
            .click(SlotRef::Furnace(FurnaceSlot::Input), ClickKind::Left)
            .changed
    );
}

#[test]
fn a_click_outside_throws_the_cursor_or_one_of_it() {
    let mut b = Bench::new(Station::Inventory, &[(0, DIRT, 5)]);
    b.click(inventory_of(0), ClickKind::Left);
    let one = b.click(SlotRef::Outside, ClickKind::Right);
    assert_eq!(one.thrown, Some(Stack::new(DIRT, 1)));
    let rest = b.click(SlotRef::Outside, ClickKind::Left);
    assert_eq!(rest.thrown, Some(Stack::new(DIRT, 4)));
    assert_eq!(b.cursor(), None);
    assert_eq!(
        b.click(SlotRef::Outside, ClickKind::Left),
        Clicked::default()
    );
}

#[test]
fn closing_puts_the_grid_and_the_cursor_back_and_hands_back_what_does_not_fit() {
    let mut b = Bench::new(Station::Inventory, &[]);
    for i in 1..SLOTS {
        *b.inventory.slot_mut(i) = Some(Stack::new(DIRT, 64));
    }
    b.screen.grid[0] = Some(Stack::new(LOG, 3));
    b.screen.grid[3] = Some(Stack::new(PLANKS, 2));
    b.screen.cursor = Some(Stack::new(DIRT, 7));
    let left = b.slots().close();
    assert_eq!(b.screen, StationScreen::default());
    assert_eq!(b.slot(0), Some((DIRT, 7)), "the cursor goes back first");
    assert_eq!(left, vec![Stack::new(LOG, 3), Stack::new(PLANKS, 2)]);
}

#[test]
fn clicks_other_than_on_the_result_neither_make_nor_lose_an_item() {
    let cell = BlockPos::new(0, 64, 0);
    for station in [
        Station::Inventory,
        Station::Table(cell),
        Station::Furnace(cell),
        Station::Chest(cell),
    ] {
        let mut b = Bench::new(
            station,
            &[
                (0, DIRT, 64),
                (1, DIRT, 13),
                (2, LOG, 7),
                (9, COAL, 40),
                (12, STICK, 3),
                (30, Item::Block(Block::SAND), 64),
            ],
        );
        let before = b.totals();
        let slots: Vec<SlotRef> = (0..u8::try_from(SLOTS).unwrap())
            .map(SlotRef::Inventory)
            .chain((0..9).map(SlotRef::Grid))
            .chain(FurnaceSlot::ALL.map(SlotRef::Furnace))
            .chain((0..54).map(SlotRef::Chest))
            .collect();
        // A fixed pseudo-random walk of clicks (a linear congruential generator).
        let mut state: u64 = 7;
        for _ in 0..5000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let slot = slots[(state >> 33) as usize % slots.len()];
            let kind = ClickKind::ALL[(state >> 20) as usize % 3];
            b.click(slot, kind);
        }
        assert_eq!(b.totals(), before, "{station:?}");
        b.slots().close();
        assert_eq!(b.totals(), before, "{station:?}: closed");
    }
}

#[test]
fn a_slot_travels_as_one_number() {
    let all = (0..u8::try_from(SLOTS).unwrap())
        .map(SlotRef::Inventory)
        .chain((0..9).map(SlotRef::Grid))
        .chain([SlotRef::Result, SlotRef::Outside])
        .chain(FurnaceSlot::ALL.map(SlotRef::Furnace))
        .chain((0..54).map(SlotRef::Chest));
    for slot in all {
        assert_eq!(SlotRef::from_number(slot.number()), Some(slot), "{slot:?}");
    }
    assert_eq!(SlotRef::Chest(0).number(), 50);
    assert_eq!(SlotRef::LAST, 103);
    assert_eq!(SlotRef::from_number(104), None);
}

/// A survival world of flat ground with the one player at its origin looking north, a
/// crafting table two blocks ahead at eye height, carrying `stacks`.
fn survival_sim(stacks: &[(Item, u8)]) -> Simulation {
    let mut start = Start::new_world(GeneratorKind::Flat, 3);
    let body = start.player_mut().expect("one player");
    body.position = DVec3::new(0.5, 64.0, 0.5);
    body.set_look(0.0, 0.0);
    start
        .world
        .set_block(BlockPos::new(0, 65, -2), Block::CRAFTING_TABLE);
    let mut survival = Survival::new(Mode::Survival, DVec3::new(0.5, 64.0, 0.5));
    let mut survivor = Survivor::default();
    for &(item, count) in stacks {
        survivor.inventory.add(Stack::new(item, count));
    }
    survival.survivors.insert(PlayerName::default(), survivor);
    start.survival = survival;
    Simulation::new(start)
}

fn act(sim: &mut Simulation, action: ScreenAction) -> ActionOutcome {
    let input = Input {
        actions: vec![Action::Screen(action)],
        ..Input::default()
    };
    sim.tick(&input)[0]
}

fn click(slot: SlotRef, kind: ClickKind) -> ScreenAction {
    ScreenAction::Click { slot, kind }
}

fn survivor(sim: &Simulation) -> &Survivor {
    sim.survivor(&PlayerName::default()).expect("a survivor")
}

#[test]
fn in_a_world_a_log_becomes_planks_through_the_inventory_screen() {
    let mut sim = survival_sim(&[(LOG, 2)]);
    let closed_hash = sim.hash();
    assert_eq!(
        act(&mut sim, click(SlotRef::Inventory(0), ClickKind::Left)),
        ActionOutcome::Nothing,
        "nothing is open"
    );
    assert_eq!(
        act(&mut sim, ScreenAction::OpenInventory),
        ActionOutcome::Opened
    );
    act(&mut sim, click(SlotRef::Inventory(0), ClickKind::Right));
    act(&mut sim, click(SlotRef::Grid(0), ClickKind::Left));
    assert_ne!(sim.hash(), closed_hash, "the grid is state");
    assert_eq!(
        act(&mut sim, click(SlotRef::Result, ClickKind::Shift)),
        ActionOutcome::Stored
    );
    assert!(sim.events().iter().any(|e| e.kind == EventKind::Craft));
    assert_eq!(act(&mut sim, ScreenAction::Close), ActionOutcome::Closed);
    let s = survivor(&sim);
    assert_eq!((s.inventory.count(LOG), s.inventory.count(PLANKS)), (1, 4));
    assert_eq!(s.screen, StationScreen::default());
    assert_eq!(act(&mut sim, ScreenAction::Close), ActionOutcome::Nothing);
}

#[test]
fn a_table_opens_when_looked_at_and_closes_when_broken_or_left() {
    let mut sim = survival_sim(&[(PLANKS, 3), (STICK, 2)]);
    assert_eq!(
        act(&mut sim, ScreenAction::OpenLookedAt),
        ActionOutcome::Opened
    );
    let table = Station::Table(BlockPos::new(0, 65, -2));
    assert_eq!(survivor(&sim).screen.open, Some(table));
    act(&mut sim, click(SlotRef::Inventory(0), ClickKind::Left));
    act(&mut sim, click(SlotRef::Grid(8), ClickKind::Left));
    // Walked away past reach: the next click closes it and the planks come back.
    let mut sim_far = sim.clone();
    let input = Input {
        yaw: Some(180.0),
        ..Input::default()
    };
    sim_far.tick(&input);
    let mut step = crate::sim::Step::default();
    step.teleports
        .push((PlayerName::default(), DVec3::new(0.5, 64.0, 20.5)));
    sim_far.step(&step);
    assert_eq!(
        act(&mut sim_far, click(SlotRef::Grid(0), ClickKind::Left)),
        ActionOutcome::Closed
    );
    assert_eq!(survivor(&sim_far).inventory.count(PLANKS), 3);
    // Looking at the sky, there is nothing to open.
    sim.tick(&Input {
        pitch: Some(80.0),
        ..Input::default()
    });
    assert_eq!(
        act(&mut sim, ScreenAction::OpenLookedAt),
        ActionOutcome::Nothing
    );
    assert_eq!(survivor(&sim).screen.open, Some(table));
}

#[test]
fn what_does_not_fit_back_is_thrown_into_the_world_on_close() {
    let mut sim = survival_sim(&[(DIRT, 64)]);
    act(&mut sim, ScreenAction::OpenInventory);
    act(&mut sim, click(SlotRef::Inventory(0), ClickKind::Left));
    act(&mut sim, click(SlotRef::Grid(0), ClickKind::Left));
    let name = PlayerName::default();
    let mut full = sim.clone();
    // Fill every slot, as pickups would, and close: the grid's 64 dirt go into the world.
    let mut start_stacks = survivor(&full).clone();
    for i in 0..SLOTS {
        *start_stacks.inventory.slot_mut(i) = Some(Stack::new(COAL, 64));
    }
    full.survival.survivors.insert(name, start_stacks);
    act(&mut full, ScreenAction::Close);
    let drops = full.survival().drops.list();
    assert_eq!(drops.len(), 1);
    assert_eq!(drops[0].stack, Stack::new(DIRT, 64));
    assert_eq!(survivor(&sim).screen.grid[0], Some(Stack::new(DIRT, 64)));
}

#[test]
fn a_save_keeps_the_grid_and_the_cursor_in_the_inventory() {
    let mut sim = survival_sim(&[(LOG, 2), (DIRT, 5)]);
    act(&mut sim, ScreenAction::OpenInventory);
    act(&mut sim, click(SlotRef::Inventory(0), ClickKind::Left));
    act(&mut sim, click(SlotRef::Grid(3), ClickKind::Right));
    act(&mut sim, click(SlotRef::Inventory(1), ClickKind::Left));
    let saved = sim.survival_with_screens_closed();
    let s = &saved.survivors[&PlayerName::default()];
    assert_eq!(s.screen, StationScreen::default());
    assert_eq!((s.inventory.count(LOG), s.inventory.count(DIRT)), (2, 5));
    assert!(saved.drops.list().is_empty());
    assert_ne!(
        survivor(&sim).screen,
        StationScreen::default(),
        "the world itself is as it was"
    );
}

#[test]
fn shift_on_a_chest_screen_fills_the_chest_and_empties_it_back() {
    let mut b = Bench::new(
        Station::Chest(BlockPos::new(0, 64, 0)),
        &[(0, DIRT, 64), (9, DIRT, 10), (10, LOG, 5)],
    );
    b.click(SlotRef::Inventory(0), ClickKind::Shift);
    b.click(SlotRef::Inventory(9), ClickKind::Shift);
    let chest = |b: &Bench, i: usize| b.chest[i].map(|s| (s.item, s.count));
    assert_eq!(
        (chest(&b, 0), chest(&b, 1)),
        (Some((DIRT, 64)), Some((DIRT, 10)))
    );
    assert_eq!(b.slot(0), None);
    b.click(SlotRef::Chest(1), ClickKind::Shift);
    assert_eq!(
        b.slot(9),
        Some((DIRT, 10)),
        "back into the rows above the hotbar"
    );
    b.click(SlotRef::Chest(0), ClickKind::Left);
    b.click(SlotRef::Chest(53), ClickKind::Left);
    assert_eq!(
        chest(&b, 53),
        Some((DIRT, 64)),
        "the second half of a double chest"
    );
}

#[test]
fn a_chest_keeps_what_is_put_in_it_pairs_with_its_neighbour_and_drops_it_all_when_broken() {
    let mut sim = survival_sim(&[(DIRT, 64), (LOG, 5)]);
    let chest = BlockPos::new(0, 65, -2);
    sim.world.set_block(chest, Block::CHEST);
    sim.world.set_block(BlockPos::new(1, 65, -2), Block::CHEST);
    assert_eq!(
        act(&mut sim, ScreenAction::OpenLookedAt),
        ActionOutcome::Opened
    );
    assert_eq!(survivor(&sim).screen.open, Some(Station::Chest(chest)));
    act(&mut sim, click(SlotRef::Inventory(0), ClickKind::Shift));
    act(&mut sim, click(SlotRef::Inventory(1), ClickKind::Left));
    act(&mut sim, click(SlotRef::Chest(40), ClickKind::Left));
    act(&mut sim, ScreenAction::Close);
    let kept = &sim.survival().chests;
    assert_eq!(kept.len(), 2, "one stack in each half");
    assert_eq!(kept[&chest].slots[0], Some(Stack::new(DIRT, 64)));
    let east = BlockPos::new(1, 65, -2);
    assert_eq!(kept[&east].slots[40 - 27], Some(Stack::new(LOG, 5)));
    assert_eq!(survivor(&sim).inventory.count(DIRT), 0);
    // Broken, the chest lets fall what its half held; the other half keeps its own.
    let input = Input {
        controls: crate::physics::Controls::NONE.with(crate::physics::Control::Dig),
        ..Input::default()
    };
    for _ in 0..300 {
        sim.tick(&input);
    }
    assert_eq!(sim.world.block(chest), Block::AIR);
    assert!(!sim.survival().chests.contains_key(&chest));
    assert!(sim.survival().chests.contains_key(&east));
    let lying: u32 = (sim.survival().drops.list().iter())
        .filter(|d| d.stack.item == DIRT)
        .map(|d| u32::from(d.stack.count))
        .sum();
    assert_eq!(
        lying + survivor(&sim).inventory.count(DIRT),
        64,
        "nothing lost"
    );
}

#[test]
fn the_recipe_book_fills_the_grid_with_one_batch_or_as_many_as_can_be() {
    let wheat = Item::Material(Material::Wheat);
    let bread = recipes()
        .iter()
        .filter(|r| r.output == Item::Material(Material::Bread));
    let table = Station::Table(BlockPos::new(0, 64, 0));
    let mut b = Bench::new(table, &[(0, wheat, 7), (9, DIRT, 3)]);
    b.screen.grid[4] = Some(Stack::new(LOG, 2));
    assert!(b.slots().fill(bread.clone(), false).changed);
    // The log went back; one of each of the three cells from the seven wheat.
    assert_eq!(
        (b.grid(0), b.grid(1), b.grid(2)),
        (Some((wheat, 1)), Some((wheat, 1)), Some((wheat, 1)))
    );
    assert_eq!(b.grid(4), None);
    let whole = Bench::new(table, &[(0, wheat, 7), (9, DIRT, 3), (10, LOG, 2)]);
    assert_eq!(b.totals(), whole.totals(), "nothing made or lost");
    // As many as can be: two batches of three from seven, one wheat left over.
    assert!(b.slots().fill(bread.clone(), true).changed);
    assert_eq!(b.grid(0), Some((wheat, 2)));
    assert_eq!(
        b.slots().recipe().map(|r| r.output),
        Some(Item::Material(Material::Bread))
    );
    // The inventory's 2×2 grid cannot hold three in a row: the wheat goes back, nothing is laid.
    let mut small = Bench::new(Station::Inventory, &[(0, wheat, 3)]);
    small.slots().fill(bread, false);
    assert_eq!(small.grid(0), None);
    assert_eq!(small.slot(0), Some((wheat, 3)));
}
