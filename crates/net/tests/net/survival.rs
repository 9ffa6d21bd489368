//! Survival over the network: a client learns the world's mode and its changes, and sees its
//! own player's survival state (the inventory after a dig, the health after a fall, the
//! result of a craft) as the server has it, with what it did ahead kept on screen.

use super::*;
use hewn_core::sim::survival::{
    ClickKind, FurnaceSlot, Material, Mode, SMELT_TICKS, ScreenAction, SlotRef, Stack, Station,
    Survival, Survivor, dig_ticks,
};
use hewn_core::sim::{Item, Simulation, Start};
use hewn_core::world::World;
use hewn_net::server::Caller;

/// A server of a new flat survival world, with `given` carried by the players of those
/// names when they join.
fn survival_world(given: &[(&str, Stack)]) -> Harness {
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 5));
    let mut start = Start::with_no_one(World::with_shared_source(generator.clone()));
    start.survival = Survival::new(Mode::Survival, generator.spawn_point());
    for &(name, stack) in given {
        let name = PlayerName::new(name).expect("a name");
        let s = start.survival.survivors.entry(name).or_default();
        s.inventory.add(stack);
    }
    Harness::serving(Server::new(
        Simulation::new(start),
        generator,
        ServerConfig::default(),
    ))
}

/// Client `i`'s survival state, as its copy of the world has it.
#[track_caller]
fn seen(h: &Harness, i: usize) -> Survivor {
    let client = h.client(i);
    let game = client.game().expect("in the world");
    game.sim()
        .survivor(client.name())
        .cloned()
        .expect("the client has its survival state")
}

/// The server's survival state of `name`.
#[track_caller]
fn on_server(h: &Harness, name: &str) -> Survivor {
    let name = PlayerName::new(name).expect("a name");
    h.server
        .sim()
        .survivor(&name)
        .cloned()
        .expect("the server has its survival state")
}

/// The mode client `i`'s copy of the world is played in.
fn mode_seen(h: &Harness, i: usize) -> Mode {
    h.client(i).game().expect("in the world").sim().mode()
}

/// Runs until client `i`'s player is in the server's world and the client has heard its
/// survival state, at most 10 seconds.
fn enter(h: &mut Harness, i: usize) {
    h.until_ready();
    for _ in 0..600 {
        let client = h.client(i);
        let heard = (client.game()).is_some_and(|g| g.sim().survivor(client.name()).is_some());
        if heard {
            return;
        }
        h.run(1);
    }
    panic!("the client never heard its survival state");
}

/// Runs until client `i` has confirmed every tick and edit, at most 10 seconds. (It plays
/// no more ticks meanwhile, so the server plays the last controls held for the ticks it
/// would have: a correction may follow.)
fn settle(h: &mut Harness, i: usize) {
    for _ in 0..600 {
        if h.client(i)
            .game()
            .is_some_and(hewn_net::client::Game::caught_up)
        {
            h.wait(10);
            return;
        }
        h.wait(1);
    }
    panic!("the client never caught up");
}

/// A link with latency and jitter but no loss: a lost input makes the server play the last
/// controls held in its place, which would hold the dig a tick longer.
const LATE: Conditions = Conditions { loss: 0.0, ..LAGGY };

fn look_down() -> Input {
    Input {
        yaw: Some(0.0),
        pitch: Some(-90.0),
        ..Input::default()
    }
}

fn act(action: Action) -> Input {
    Input {
        actions: vec![action],
        ..Input::default()
    }
}

fn click(slot: SlotRef) -> Input {
    act(Action::Screen(ScreenAction::Click {
        slot,
        kind: ClickKind::Left,
    }))
}

#[test]
fn a_client_learns_the_worlds_mode_and_predicts_survival_without_corrections() {
    let mut h = survival_world(&[]);
    let alice = h.join("alice", LAGGY);
    enter(&mut h, alice);
    assert_eq!(mode_seen(&h, alice), Mode::Survival);
    assert_eq!(seen(&h, alice).vitals.health, 20, "full health, as sent");
    // A creative client would fly here and be pulled back down by the server.
    h.tick(&[(alice, act(Action::ToggleFly))]);
    h.run(60);
    let game = h.client(alice).game().expect("in the world");
    assert!(!game.me().expect("alice").flying);
    assert_eq!(game.corrections(), 0, "the prediction did not fly");

    let mut creative = Harness::flat(ServerConfig::default());
    let bob = creative.join("bob", Conditions::PERFECT);
    creative.until_ready();
    assert_eq!(mode_seen(&creative, bob), Mode::Creative);
}

#[test]
fn gamemode_reaches_the_client() {
    let mut h = survival_world(&[]);
    let alice = h.join("alice", LAGGY);
    enter(&mut h, alice);
    h.tick(&[(alice, act(Action::Screen(ScreenAction::OpenInventory)))]);
    h.run(30);
    assert!(seen(&h, alice).screen.open.is_some());
    let answer = h
        .server
        .run_command(&Caller::Console, "gamemode creative", &mut h.renet);
    assert!(answer.contains("creative"), "{answer}");
    h.run(30);
    assert_eq!(mode_seen(&h, alice), Mode::Creative);
    assert_eq!(
        seen(&h, alice).screen.open,
        None,
        "creative closed the screen, and the client heard"
    );
    h.server
        .run_command(&Caller::Console, "gamemode survival", &mut h.renet);
    h.run(30);
    assert_eq!(mode_seen(&h, alice), Mode::Survival);
}

#[test]
fn a_dug_block_breaks_at_its_time_and_its_drop_reaches_the_clients_inventory() {
    let mut h = survival_world(&[]);
    let alice = h.join("alice", LATE);
    enter(&mut h, alice);
    let feet = h.client(alice).game().and_then(|g| g.me().copied());
    let below = BlockPos::containing(feet.expect("alice").position).offset(glam::IVec3::NEG_Y);
    assert_eq!(h.server.sim().world().block(below), Block::GRASS);
    let needed = dig_ticks(Block::GRASS, None).expect("grass breaks");
    assert_eq!(needed, 54, "0.6 × 1.5 s by hand");
    let digging = Input {
        controls: [Control::Dig].into_iter().collect(),
        ..look_down()
    };

    // One tick short, then let go: the dig starts again from nothing.
    for _ in 0..needed - 1 {
        h.tick(&[(alice, digging.clone())]);
    }
    h.run(30);
    assert_eq!(h.server.sim().world().block(below), Block::GRASS);

    let dirt = Item::Block(Block::DIRT);
    let mut crack_seen = 0;
    for _ in 0..needed {
        h.tick(&[(alice, digging.clone())]);
        let dig = seen(&h, alice).digging;
        crack_seen = crack_seen.max(dig.map_or(0, |d| d.stage()));
    }
    h.tick(&[(alice, look_down())]);
    assert!(
        crack_seen >= 5,
        "the crack reached the client: stage {crack_seen}"
    );
    let mut item_seen = false;
    for _ in 0..120 {
        h.run(1);
        let sim = h.client(alice).game().expect("in the world").sim();
        item_seen |= (sim.survival().drops.list().iter()).any(|d| d.stack.item == dirt);
    }
    settle(&mut h, alice);
    assert_eq!(h.server.sim().world().block(below), Block::AIR);
    assert_eq!(h.block_seen_by(alice, below), Block::AIR);
    assert!(
        item_seen,
        "the client saw the dirt lying before it was picked up"
    );
    assert_eq!(on_server(&h, "alice").inventory.count(dirt), 1);
    assert_eq!(
        seen(&h, alice).inventory.count(dirt),
        1,
        "as the client sees it"
    );
}

#[test]
fn a_fall_costs_the_health_the_rule_says_as_the_client_sees_it() {
    let mut h = survival_world(&[]);
    let alice = h.join("alice", LAGGY);
    enter(&mut h, alice);
    let feet = (h.client(alice).game().and_then(|g| g.me().copied()))
        .expect("alice")
        .position;
    let line = format!("tp alice {} {} {}", feet.x, feet.y + 10.0, feet.z);
    let answer = h.server.run_command(&Caller::Console, &line, &mut h.renet);
    assert!(answer.contains("alice"), "{answer}");
    h.run(180);
    settle(&mut h, alice);
    // ⌈10 − 3⌉ = 7.
    assert_eq!(on_server(&h, "alice").vitals.health, 13);
    assert_eq!(seen(&h, alice).vitals.health, 13, "as the client sees it");
}

#[test]
fn a_craft_through_the_screen_reaches_the_server_and_the_client_sees_the_result() {
    let log = Item::Block(Block::LOG);
    let planks = Item::Block(Block::PLANKS);
    let mut h = survival_world(&[("alice", Stack::new(log, 2))]);
    let alice = h.join("alice", LAGGY);
    enter(&mut h, alice);
    assert_eq!(seen(&h, alice).inventory.count(log), 2);
    h.tick(&[(alice, act(Action::Screen(ScreenAction::OpenInventory)))]);
    // The server's word on the open screen, its cursor empty, comes after the click below
    // was played ahead of it.
    h.run(4);
    h.tick(&[(alice, click(SlotRef::Inventory(0)))]);
    // From the click on, the client shows the logs on its cursor, whatever the server says
    // of the ticks before it.
    let mut cursor_kept = true;
    for _ in 0..30 {
        h.run(1);
        cursor_kept &= seen(&h, alice).screen.cursor.is_some_and(|s| s.item == log);
    }
    assert!(cursor_kept, "the logs stayed on the cursor");
    h.tick(&[(alice, click(SlotRef::Grid(0)))]);
    h.tick(&[(alice, click(SlotRef::Result))]);
    h.tick(&[(alice, click(SlotRef::Inventory(1)))]);
    h.tick(&[(alice, act(Action::Screen(ScreenAction::Close)))]);
    h.run(60);
    let server = on_server(&h, "alice");
    assert_eq!(server.inventory.count(planks), 4, "the server crafted");
    assert_eq!(
        server.inventory.count(log),
        1,
        "a log left, back from the grid"
    );
    let client = seen(&h, alice);
    assert_eq!(client.inventory, server.inventory);
    assert_eq!(client.screen.open, None);
    let corrections = h
        .client(alice)
        .game()
        .map(hewn_net::client::Game::corrections);
    assert_eq!(corrections, Some(0));
}

#[test]
fn the_furnace_a_client_has_open_burns_on_its_screen_as_on_the_server() {
    let coal = Item::Material(Material::Coal);
    let ingot = Item::Material(Material::IronIngot);
    let mut h = survival_world(&[
        ("alice", Stack::new(Item::Block(Block::FURNACE), 1)),
        ("alice", Stack::new(Item::Block(Block::IRON_ORE), 1)),
        ("alice", Stack::new(coal, 1)),
    ]);
    let alice = h.join("alice", LAGGY);
    enter(&mut h, alice);
    let ahead_and_down = Input {
        yaw: Some(0.0),
        pitch: Some(-45.0),
        actions: vec![Action::Place(Block::FURNACE)],
        ..Input::default()
    };
    h.tick(&[(alice, ahead_and_down)]);
    h.run(20);
    h.tick(&[(alice, act(Action::Screen(ScreenAction::OpenLookedAt)))]);
    h.run(20);
    let Some(Station::Furnace(cell)) = seen(&h, alice).screen.open else {
        panic!("no furnace open: {:?}", seen(&h, alice).screen.open);
    };
    for slot in [
        SlotRef::Inventory(1),
        SlotRef::Furnace(FurnaceSlot::Input),
        SlotRef::Inventory(2),
        SlotRef::Furnace(FurnaceSlot::Fuel),
    ] {
        h.tick(&[(alice, click(slot))]);
    }
    h.run(60);
    let furnace_seen = |h: &Harness| {
        let sim = h.client(alice).game().expect("in the world").sim();
        sim.survival()
            .furnaces
            .get(&cell)
            .copied()
            .unwrap_or_default()
    };
    let burning = furnace_seen(&h);
    assert!(burning.is_burning(), "{burning:?}");
    assert!(burning.progress > 0, "{burning:?}");
    assert_eq!(h.block_seen_by(alice, cell), Block::LIT_FURNACE);
    h.run(u64::from(SMELT_TICKS));
    let done = furnace_seen(&h);
    assert_eq!(done.output.map(|s| (s.item, s.count)), Some((ingot, 1)));
    assert_eq!(done.input, None);
    let server = h.server.sim().survival().furnaces.get(&cell).copied();
    assert_eq!(server.map(|f| f.output), Some(done.output));
}

#[test]
fn a_recording_holds_the_players_who_played_before_and_replays_to_the_servers_hash() {
    // As a saved world may hold them: stacks anywhere, a slot in hand, hurt, bob dead.
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 5));
    let mut start = Start::with_no_one(World::with_shared_source(generator.clone()));
    start.survival = Survival::new(Mode::Survival, generator.spawn_point());
    let dirt = Stack::new(Item::Block(Block::DIRT), 5);
    let coal = Stack::new(Item::Material(Material::Coal), 3);
    for (name, stack, slot, health) in [("alice", dirt, 20, 7), ("bob", coal, 33, 0)] {
        let s = (start.survival.survivors)
            .entry(PlayerName::new(name).expect("a name"))
            .or_default();
        *s.inventory.slot_mut(slot) = Some(stack);
        s.selected = 4;
        s.vitals.health = health;
        s.vitals.unhurt = 17;
    }
    let bob = PlayerName::new("bob").expect("a name");
    start.survival.survivors.get_mut(&bob).expect("given").death =
        Some(hewn_core::sim::survival::Cause::Fall);
    let mut h = Harness::serving(Server::new(
        Simulation::new(start),
        generator,
        ServerConfig::default(),
    ));
    h.server.record();
    let alice = h.join("alice", Conditions::PERFECT);
    h.until_ready();
    enter(&mut h, alice);
    h.tick(&[(alice, act(Action::Select(2)))]);
    for _ in 0..20 {
        h.tick(&[(alice, look_down())]);
    }
    let recording = (h.server.take_recording())
        .expect("recording")
        .to_toml()
        .expect("TOML");
    assert!(recording.contains("[players.bob]"), "{recording}");
    let replay = hewn_scenario::Scenario::parse(&recording)
        .expect("the recording parses")
        .run(|_| {});
    assert_eq!(replay.survivor(&bob), h.server.sim().survivor(&bob));
    assert_eq!(replay.hash(), h.server.sim().hash());
}

#[test]
fn two_players_with_one_chest_open_each_see_what_the_other_puts_in_and_takes_out() {
    let bread = Item::Material(Material::Bread);
    let mut h = survival_world(&[
        ("alice", Stack::new(Item::Block(Block::CHEST), 1)),
        ("alice", Stack::new(bread, 5)),
    ]);
    let alice = h.join("alice", LAGGY);
    let bob = h.join("bob", LAGGY);
    enter(&mut h, alice);
    enter(&mut h, bob);
    let ahead_and_down = Input {
        yaw: Some(0.0),
        pitch: Some(-45.0),
        ..Input::default()
    };
    let place = Input {
        actions: vec![Action::Place(Block::CHEST)],
        ..ahead_and_down.clone()
    };
    h.tick(&[(alice, place), (bob, ahead_and_down)]);
    h.run(20);
    let open = act(Action::Screen(ScreenAction::OpenLookedAt));
    h.tick(&[(alice, open.clone()), (bob, open)]);
    h.run(20);
    let Some(Station::Chest(cell)) = seen(&h, bob).screen.open else {
        panic!("no chest open: {:?}", seen(&h, bob).screen.open);
    };
    let chest_seen = |h: &Harness, i: usize| {
        let sim = h.client(i).game().expect("in the world").sim();
        sim.chest_slots(cell)[0].map(|s| (s.item, s.count))
    };
    // Alice's bread (in slot 1, after the chest she placed) into the chest's first slot.
    h.tick(&[(alice, click(SlotRef::Inventory(1)))]);
    h.tick(&[(alice, click(SlotRef::Chest(0)))]);
    h.run(60);
    assert_eq!(chest_seen(&h, bob), Some((bread, 5)), "bob sees it put in");
    h.tick(&[(bob, click(SlotRef::Chest(0)))]);
    h.tick(&[(bob, click(SlotRef::Inventory(5)))]);
    h.run(60);
    assert_eq!(chest_seen(&h, alice), None, "alice sees it taken");
    assert_eq!(on_server(&h, "bob").inventory.count(bread), 5);
    assert_eq!(seen(&h, bob).inventory.count(bread), 5);
    assert!(h.server.sim().survival().chests.is_empty());
}
