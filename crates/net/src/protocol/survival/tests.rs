//! The survival state's round trip through the wire, its size, and what a reader refuses.

use super::*;
use crate::protocol::{MAX_SERVER_MESSAGE, ServerMessage, decode, encode};
use hewn_core::sim::survival::{FurnaceSlot, Material, Tier, Tool, ToolKind};
use hewn_core::world::Block;

/// A survivor with every part set: a worn tool, full stacks in every slot, a furnace open
/// with a grid and a cursor, dead, digging.
fn busy_survivor() -> (Survivor, Furnace) {
    let pick = Item::Tool(Tool {
        kind: ToolKind::Pickaxe,
        tier: Tier::Iron,
    });
    let mut s = Survivor::default();
    let mut pickaxe = Stack::new(pick, 1);
    pickaxe.wear = 249;
    *s.inventory.slot_mut(0) = Some(pickaxe);
    for i in 1..SLOTS {
        *s.inventory.slot_mut(i) = Some(Stack::new(Item::Block(Block::COBBLESTONE), 64));
    }
    s.vitals.health = 7;
    s.vitals.air = 123;
    s.selected = 8;
    s.death = Some(Cause::Drowning);
    let cell = BlockPos::new(-5, 70, 1_000_000);
    s.digging = Some(Dig {
        cell,
        ticks: 40,
        needed: 60,
    });
    s.screen.open = Some(Station::Furnace(cell));
    s.screen.grid[0] = Some(Stack::new(Item::Block(Block::SAND), 3));
    s.screen.cursor = Some(Stack::new(Item::Material(Material::Coal), 5));
    let mut furnace = Furnace::default();
    *furnace.slot_mut(FurnaceSlot::Input) = Some(Stack::new(Item::Block(Block::IRON_ORE), 2));
    furnace.burn_left = 100;
    furnace.burn_total = 4800;
    furnace.progress = 300;
    (s, furnace)
}

#[test]
fn a_survivor_round_trips_with_its_crack_as_a_stage_and_its_furnace() {
    let (s, furnace) = busy_survivor();
    let opened = Opened {
        furnace: Some(furnace),
        chest: None,
    };
    let message = ServerMessage::Survivor(Some(9), Box::new(SurvivorState::of(&s, &opened)));
    let bytes = encode(&message);
    let Ok(ServerMessage::Survivor(Some(9), state)) = decode(&bytes, MAX_SERVER_MESSAGE) else {
        panic!("the message did not come back");
    };
    let (back, back_furnace) = state.survivor().expect("a state the game can hold");
    assert_eq!(back.inventory, s.inventory);
    assert_eq!(back.screen, s.screen);
    assert_eq!(
        (
            back.vitals.health,
            back.vitals.air,
            back.selected,
            back.death
        ),
        (7, 123, 8, Some(Cause::Drowning))
    );
    let dig = back.digging.expect("digging");
    assert_eq!(
        (dig.cell, dig.stage()),
        (s.digging.expect("digging").cell, 6)
    );
    assert_eq!(back_furnace, opened);
}

#[test]
fn a_double_chest_open_round_trips_and_a_chest_of_another_size_is_refused() {
    let mut s = Survivor::default();
    s.screen.open = Some(Station::Chest(BlockPos::new(3, 64, -9)));
    let mut slots = vec![None; 2 * CHEST_SLOTS];
    slots[0] = Some(Stack::new(Item::Material(Material::Bread), 5));
    slots[53] = Some(Stack::new(Item::Block(Block::DIRT), 64));
    let opened = Opened {
        furnace: None,
        chest: Some(slots),
    };
    let state = SurvivorState::of(&s, &opened);
    let bytes = encode(&ServerMessage::Survivor(Some(1), Box::new(state.clone())));
    assert!(bytes.len() < 256, "{} bytes", bytes.len());
    let (back, back_opened) = state.survivor().expect("a state the game can hold");
    assert_eq!((back.screen, back_opened), (s.screen, opened));
    let mut odd = state;
    if let Some(w) = &mut odd.screen {
        w.chest.as_mut().expect("a chest").pop();
    }
    assert!(odd.survivor().is_err());
}

#[test]
fn a_full_inventory_with_a_furnace_open_costs_under_256_bytes_and_an_empty_one_under_64() {
    let (s, furnace) = busy_survivor();
    let full = encode(&ServerMessage::Survivor(
        Some(u64::from(u32::MAX)),
        Box::new(SurvivorState::of(
            &s,
            &Opened {
                furnace: Some(furnace),
                chest: None,
            },
        )),
    ));
    let empty = encode(&ServerMessage::Survivor(
        Some(1000),
        Box::new(SurvivorState::of(&Survivor::default(), &Opened::default())),
    ));
    assert!(full.len() < 256, "{} bytes", full.len());
    assert!(empty.len() < 64, "{} bytes", empty.len());
}

#[test]
fn a_reader_refuses_what_the_game_cannot_hold() {
    let good = SurvivorState::of(&Survivor::default(), &Opened::default());
    let bad = |change: &dyn Fn(&mut SurvivorState)| {
        let mut state = good.clone();
        change(&mut state);
        state.survivor().is_err()
    };
    assert!(good.survivor().is_ok());
    assert!(bad(&|s| {
        s.inventory.pop();
    }));
    assert!(bad(&|s| s.inventory[3] = Some(WireStack(u16::MAX, 1, 0))));
    assert!(bad(&|s| s.inventory[3] = Some(WireStack(1, 65, 0))));
    assert!(bad(&|s| s.inventory[3] = Some(WireStack(1, 0, 0))));
    assert!(bad(&|s| s.inventory[3] = Some(WireStack(1, 1, 1))));
    assert!(bad(&|s| s.health = 21));
    assert!(bad(&|s| s.air = 901));
    assert!(bad(&|s| s.selected = 9));
    assert!(bad(&|s| s.death = Some(5)));
    assert!(bad(&|s| s.death = Some(16 + 999)));
    assert!(bad(&|s| s.hunger = 21));
    assert!(bad(&|s| s.dig = Some((BlockPos::new(0, 0, 0), 10))));
}
