//! Conservation: a client sending whatever the wire can carry — every action, every field at
//! its edges (0, 255, slots out of range, furnace slots the wrong way round, looks beyond
//! the poles) — gets no item from nothing, and every stack holds 1 to its kind's most.
//!
//! Each tick goes through the server's own gate ([`TickInput::input`], which holds every
//! action to [`Action::is_possible`]) into the simulation, thousands of runs per
//! `cargo test`. What the player owns is valued in what it can be made from ([`Worth`]):
//! recipes, smelting and breaking never make more worth than they take, so the worth of
//! everything there is (inventory, crafting grid, cursor, furnaces, chests, items on the
//! ground, crates, and the blocks placed in the world, a two-block door or bed counted once)
//! may fall but never rise. The world is a
//! bedrock floor in the void, so nothing there was not put there by the player.

use std::collections::BTreeMap;

use hewn_core::sim::survival::rules::recipes;
use hewn_core::sim::survival::{
    ClickKind, FurnaceSlot, ItemDrop, Mode, PICKUP_DELAY, ScreenAction, SlotRef, Stack, Survival,
    Survivor, Tool, drop_of, smelted,
};
use hewn_core::sim::{Item, Simulation, Start};
use hewn_core::world::World;
use hewn_net::protocol::{Look, TickInput};
use proptest::prelude::*;

use super::*;

/// Every item there is, those no player can carry too.
fn every_item() -> Vec<Item> {
    let mut items: Vec<Item> = Block::all().map(Item::Block).collect();
    for item in Item::carried().into_iter().chain([Item::Crate]) {
        if !items.contains(&item) {
            items.push(item);
        }
    }
    items
}

/// What each item is worth: the least that any way of making it (a recipe, smelting,
/// breaking a block that drops it) costs in the worth of what it takes, everything else 1.
struct Worth(BTreeMap<u16, f64>);

impl Worth {
    fn new() -> Self {
        let items = every_item();
        let mut worth: BTreeMap<u16, f64> = items.iter().map(|i| (i.id(), 1.0)).collect();
        let lower = |worth: &mut BTreeMap<u16, f64>, item: Item, to: f64| {
            let w = worth.entry(item.id()).or_insert(1.0);
            if to < *w - 1e-12 {
                *w = to;
                true
            } else {
                false
            }
        };
        let tools: Vec<Option<Tool>> = std::iter::once(None).chain(Tool::ALL.map(Some)).collect();
        // Lowering to a fixed point; a cycle that made more than it took would never settle.
        for round in 0.. {
            assert!(round < 1000, "a cycle of recipes makes items from nothing");
            let mut changed = false;
            for r in recipes() {
                let cost: f64 = (r.pattern.iter().flat_map(|row| row.chars()))
                    .filter(|c| *c != ' ')
                    .map(|c| {
                        let (_, choices) = r.key.iter().find(|(k, _)| *k == c).expect("keyed");
                        (choices.iter())
                            .map(|i| worth.get(&i.id()).copied().unwrap_or(1.0))
                            .fold(f64::INFINITY, f64::min)
                    })
                    .sum();
                changed |= lower(&mut worth, r.output, cost / f64::from(r.count));
            }
            for &item in &items {
                if let Some(out) = smelted(item) {
                    let w = worth.get(&item.id()).copied().unwrap_or(1.0);
                    changed |= lower(&mut worth, out, w);
                }
                if let Item::Block(block) = item {
                    for &tool in &tools {
                        if let Some(drop) = drop_of(block, tool) {
                            let held = Item::Block(block.held_as()).id();
                            let w = worth.get(&held).copied().unwrap_or(1.0);
                            changed |= lower(&mut worth, drop, w);
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        Self(worth)
    }

    /// One `item`'s worth.
    fn of_one(&self, item: Item) -> f64 {
        self.0.get(&item.id()).copied().unwrap_or(1.0)
    }

    fn of(&self, stack: Stack) -> f64 {
        self.of_one(stack.item) * f64::from(stack.count)
    }

    /// The worth of everything in `sim`; also checks every stack's count.
    fn total(&self, sim: &Simulation) -> Result<f64, String> {
        let mut stacks: Vec<Stack> = Vec::new();
        let survival = sim.survival();
        for s in survival.survivors.values() {
            let Survivor {
                inventory, screen, ..
            } = s;
            stacks.extend(inventory.slots().iter().flatten());
            stacks.extend(screen.grid.iter().flatten());
            stacks.extend(screen.cursor);
        }
        for f in survival.furnaces.values() {
            stacks.extend([f.input, f.fuel, f.output].into_iter().flatten());
        }
        for c in survival.chests.values() {
            stacks.extend(c.contents());
        }
        stacks.extend(survival.drops.list().iter().map(|d| d.stack));
        if let Some(bad) = stacks
            .iter()
            .find(|s| s.count == 0 || s.count > s.item.max_stack())
        {
            return Err(format!("a stack of {} {}", bad.count, bad.item.name()));
        }
        // A door's upper half and a bed's head are the same item as the half they stand by.
        let second_half =
            |b: Block| b.door().is_some_and(|d| d.upper) || b.bed().is_some_and(|b| b.head);
        let placed: f64 = (sim.world().edits())
            .filter(|(_, e)| !matches!(e.current, Block::AIR | Block::BEDROCK))
            .filter(|(_, e)| !second_half(e.current))
            .map(|(_, e)| self.of_one(Item::Block(e.current.held_as())))
            .sum();
        let crates = self.of_one(Item::Crate) * sim.crates().list().len() as f64;
        Ok(stacks.iter().map(|&s| self.of(s)).sum::<f64>() + placed + crates)
    }
}

/// A survival world of a bedrock floor in the void, a crafting table and a furnace on it,
/// and the player carrying `carried`.
fn floor_world(carried: &[Stack]) -> Simulation {
    let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
    let floor = BlockPos::cells_between(BlockPos::new(-6, 63, -6), BlockPos::new(6, 63, 6));
    world.set_blocks(floor.map(|p| (p, Block::BEDROCK)));
    world.set_block(BlockPos::new(2, 64, 0), Block::CRAFTING_TABLE);
    world.set_block(BlockPos::new(0, 64, 2), Block::FURNACE);
    let spawn = glam::DVec3::new(0.5, 64.0, 0.5);
    let mut start = Start::in_world(world, hewn_core::physics::Body::new(spawn));
    start.survival = Survival::new(Mode::Survival, spawn);
    let mut survivor = Survivor::default();
    for &stack in carried {
        survivor.inventory.add(stack);
    }
    start
        .survival
        .survivors
        .insert(PlayerName::default(), survivor);
    Simulation::new(start)
}

/// A number at the edges the rules draw, or anywhere.
fn any_count() -> impl Strategy<Value = u8> {
    prop_oneof![
        proptest::sample::select(vec![0u8, 1, 2, 8, 9, 63, 64, 65, 255]),
        any::<u8>(),
    ]
}

/// Any item, those no one can carry too; sand and gravel left out, as they fall as
/// entities whose worth this ledger does not follow.
fn any_item() -> impl Strategy<Value = Item> {
    let items: Vec<Item> = every_item()
        .into_iter()
        .filter(|i| !matches!(i, Item::Block(Block::SAND | Block::GRAVEL)))
        .collect();
    proptest::sample::select(items)
}

/// Any action the wire can carry.
fn any_action() -> impl Strategy<Value = Action> {
    let furnace = proptest::sample::select(FurnaceSlot::ALL.to_vec());
    let screen = (0u8..=49).prop_filter_map("a screen slot", SlotRef::from_number);
    let kind = proptest::sample::select(ClickKind::ALL.to_vec());
    let block = proptest::sample::select(
        Block::all()
            .filter(|&b| !matches!(b, Block::SAND | Block::GRAVEL))
            .collect::<Vec<_>>(),
    );
    prop_oneof![
        Just(Action::Break),
        block.prop_map(Action::Place),
        Just(Action::ToggleFly),
        Just(Action::PlaceCrate),
        Just(Action::ToggleCollider),
        (any_item(), any_count()).prop_map(|(item, count)| Action::Craft { item, count }),
        any_count().prop_map(|count| Action::Drop { count }),
        any_count().prop_map(Action::Select),
        Just(Action::Respawn),
        (furnace.clone(), any_item(), any_count())
            .prop_map(|(slot, item, count)| Action::FurnacePut { slot, item, count }),
        furnace.prop_map(|slot| Action::FurnaceTake { slot }),
        Just(Action::Screen(ScreenAction::OpenInventory)),
        Just(Action::Screen(ScreenAction::OpenLookedAt)),
        Just(Action::Screen(ScreenAction::Close)),
        (screen, kind).prop_map(|(slot, kind)| Action::Screen(ScreenAction::Click { slot, kind })),
    ]
}

/// One tick as the wire carries it: any controls, sometimes a look (beyond the poles and
/// not a number too), up to three actions.
fn any_tick() -> impl Strategy<Value = TickInput> {
    let angle = prop_oneof![
        -200.0f64..200.0,
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(90.0),
        Just(-90.0)
    ];
    (
        any::<u8>(),
        proptest::option::weighted(0.3, (angle.clone(), angle)),
        proptest::collection::vec(any_action(), 0..4),
    )
        .prop_map(|(controls, look, actions)| TickInput {
            controls,
            look: look.map(|(yaw, pitch)| Look::Double(yaw, pitch)),
            actions: (0u32..).zip(actions).collect(),
        })
}

/// A few stacks to start with: anything carried, in any fitting count.
fn any_carried() -> impl Strategy<Value = Vec<Stack>> {
    let carried: Vec<Item> = Item::carried()
        .into_iter()
        .filter(|i| !matches!(i, Item::Block(Block::SAND | Block::GRAVEL)))
        .collect();
    proptest::collection::vec(
        (proptest::sample::select(carried), 1u8..=64)
            .prop_map(|(item, n)| Stack::new(item, n.min(item.max_stack()))),
        0..12,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn nothing_a_client_sends_makes_items_from_nothing(
        carried in any_carried(),
        ticks in proptest::collection::vec(any_tick(), 1..40),
    ) {
        let worth = Worth::new();
        let mut sim = floor_world(&carried);
        let mut before = worth.total(&sim).map_err(TestCaseError::fail)?;
        for (tick, wire) in ticks.iter().enumerate() {
            // What the server plays: the input its gate lets through, or nothing.
            let input = wire.input().unwrap_or_default();
            sim.tick(&input);
            let after = worth.total(&sim)
                .map_err(|e| TestCaseError::fail(format!("tick {tick}: {e}")))?;
            prop_assert!(
                after <= before + 1e-9,
                "tick {}: worth rose from {} to {} after {:?}", tick, before, after, wire
            );
            before = after;
        }
    }
}

/// A server of a flat survival world recording its play, with `carried` lying at the spawn
/// ready to be picked up by whoever joins there first: the liar comes in and takes it.
fn recording_survival_server(carried: &[Stack]) -> Harness {
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 5));
    let mut start = Start::with_no_one(World::with_shared_source(generator.clone()));
    let spawn = generator.spawn_point();
    start.survival = Survival::new(Mode::Survival, spawn);
    for &stack in carried {
        let mut lying = ItemDrop::new(stack, spawn, glam::DVec3::ZERO);
        lying.age = PICKUP_DELAY;
        start.survival.drops.add(lying);
    }
    let mut server = Server::new(Simulation::new(start), generator, ServerConfig::default());
    server.record();
    Harness::serving(server)
}

/// `wire` as the game's input, for a client that sends whatever it is given.
fn as_input(wire: &TickInput) -> Input {
    let look = wire.look.map(Look::angles);
    Input {
        controls: hewn_core::physics::Controls::from_bits(wire.controls),
        yaw: look.map(|l| l.0),
        pitch: look.map(|l| l.1),
        actions: wire.actions.iter().map(|&(_, a)| a).collect(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The same lies over the in-memory link to a recording server: it plays what its gate
    /// lets through (sending the liar away at the first lie, with the reason), every stack
    /// it holds fits, and its recording replays, as `hewn sim` would, to its hash.
    #[test]
    fn a_server_fed_lies_keeps_its_stacks_and_its_recording_replays(
        carried in any_carried(),
        ticks in proptest::collection::vec(any_tick(), 1..60),
    ) {
        let mut h = recording_survival_server(&carried);
        let mallory = h.join("mallory", Conditions::PERFECT);
        h.until_ready();
        let name = PlayerName::new("mallory").expect("a name");
        // Into the world with its first input played, a second at most.
        for _ in 0..60 {
            if h.server.sim().survivor(&name).is_some() {
                break;
            }
            h.tick(&[(mallory, Input::default())]);
        }
        h.tick(&[(mallory, Input::default())]);
        let held: u32 = (h.server.sim().survivor(&name).expect("in the world").inventory.slots())
            .iter()
            .flatten()
            .map(|s| u32::from(s.count))
            .sum();
        let lying: u32 = carried.iter().map(|s| u32::from(s.count)).sum();
        prop_assert_eq!(held, lying, "mallory picked up what lay at the spawn");
        for wire in &ticks {
            h.tick(&[(mallory, as_input(wire))]);
        }
        h.run(30);
        let worth = Worth::new();
        worth.total(h.server.sim()).map_err(TestCaseError::fail)?;
        if let Some(reason) = h.client(mallory).refusal() {
            prop_assert!(reason.starts_with("sent an impossible input"), "{}", reason);
        }
        let recording = h.server.take_recording().expect("recording").to_toml().expect("TOML");
        let scenario = hewn_scenario::Scenario::parse(&recording)
            .map_err(|e| TestCaseError::fail(format!("the recording does not parse: {e}")))?;
        let replay = scenario.run(|_| {});
        prop_assert_eq!(replay.hash(), h.server.sim().hash());
    }
}
