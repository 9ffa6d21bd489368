//! The survival actions as a scenario writes and reads them: every action a player can take
//! (the server's rule, [`Action::is_possible`]) is written so that it reads back the same,
//! and no other action can be read.

use proptest::prelude::*;

use super::*;
use hewn_core::world::Block;

/// Every item there is, those no player can carry too (air, bedrock, flowing water).
fn any_item() -> impl Strategy<Value = Item> {
    let mut items: Vec<Item> = Block::all().map(Item::Block).collect();
    items.extend(Item::carried());
    proptest::sample::select(items)
}

/// A number at the edges the rules draw (0, 1, 8, 9, 64, 65, 255) or anywhere.
fn any_count() -> impl Strategy<Value = u8> {
    prop_oneof![
        proptest::sample::select(vec![0u8, 1, 8, 9, 63, 64, 65, 255]),
        any::<u8>(),
    ]
}

/// Every survival action, every field anywhere its type allows.
pub(crate) fn any_survival_action() -> impl Strategy<Value = Action> {
    let slot = proptest::sample::select(FurnaceSlot::ALL.to_vec());
    let screen_slot = (0u8..=49).prop_filter_map("a screen slot", SlotRef::from_number);
    let kind = proptest::sample::select(ClickKind::ALL.to_vec());
    prop_oneof![
        (any_item(), any_count()).prop_map(|(item, count)| Action::Craft { item, count }),
        any_count().prop_map(|count| Action::Drop { count }),
        any_count().prop_map(Action::Select),
        Just(Action::Respawn),
        Just(Action::Use),
        (any_item(), any::<bool>())
            .prop_map(|(item, all)| Action::Screen(ScreenAction::Fill { item, all })),
        (slot.clone(), any_item(), any_count())
            .prop_map(|(slot, item, count)| Action::FurnacePut { slot, item, count }),
        slot.prop_map(|slot| Action::FurnaceTake { slot }),
        Just(Action::Screen(ScreenAction::OpenInventory)),
        Just(Action::Screen(ScreenAction::OpenLookedAt)),
        Just(Action::Screen(ScreenAction::Close)),
        (screen_slot, kind)
            .prop_map(|(slot, kind)| Action::Screen(ScreenAction::Click { slot, kind })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_possible_action_reads_back_as_written_and_no_other_is_read(action in any_survival_action()) {
        let mut raw = RawInput {
            at: Some(0),
            ..RawInput::default()
        };
        write(&action, &mut raw);
        let key = |k: &str| format!("input[0].{k}");
        let read = super::action(&key, &raw);
        if action.is_possible() {
            prop_assert_eq!(read.ok().flatten(), Some(action));
        } else {
            // No scenario can hold it: a server refuses it before it is recorded.
            prop_assert_ne!(read.ok().flatten(), Some(action));
        }
    }
}
