use super::*;
use hewn_core::sim::Item;
use hewn_core::sim::survival::{ClickKind, FurnaceSlot, Material, ScreenAction, SlotRef};
use hewn_core::world::Block;

/// One action of every kind, each with the largest numbers it may carry.
fn every_kind() -> Vec<Action> {
    vec![
        Action::Break,
        Action::Place(Block::GLASS),
        Action::ToggleFly,
        Action::PlaceCrate,
        Action::ToggleCollider,
        Action::Craft {
            item: Item::Material(Material::Stick),
            count: 64,
        },
        Action::Drop { count: 64 },
        Action::Select(8),
        Action::Respawn,
        Action::FurnacePut {
            slot: FurnaceSlot::Fuel,
            item: Item::Material(Material::Coal),
            count: 64,
        },
        Action::FurnaceTake {
            slot: FurnaceSlot::Output,
        },
        Action::Screen(ScreenAction::OpenInventory),
        Action::Screen(ScreenAction::OpenLookedAt),
        Action::Screen(ScreenAction::Close),
        Action::Screen(ScreenAction::Click {
            slot: SlotRef::Outside,
            kind: ClickKind::Shift,
        }),
        Action::Screen(ScreenAction::Click {
            slot: SlotRef::Grid(8),
            kind: ClickKind::Right,
        }),
    ]
}

/// A tick's input holding `actions`, numbered from 1.
fn tick_with(actions: &[Action]) -> TickInput {
    TickInput {
        controls: 0,
        look: None,
        actions: (1..).zip(actions.iter().copied()).collect(),
    }
}

#[test]
fn every_action_travels_as_it_is() {
    for chunk in every_kind().chunks(MAX_ACTIONS_PER_TICK) {
        let bytes = encode(&tick_with(chunk));
        let back: TickInput = decode(&bytes, MAX_CLIENT_MESSAGE).expect("decodes");
        let input = back.input().expect("a player can take these");
        assert_eq!(input.actions, chunk);
    }
    // One past a rule's edge travels, and the gate refuses it.
    for lie in [
        Action::Craft {
            item: Item::Material(Material::Stick),
            count: 65,
        },
        Action::Drop { count: 0 },
        Action::Select(9),
        Action::FurnaceTake {
            slot: FurnaceSlot::Input,
        },
    ] {
        let back: TickInput =
            decode(&encode(&tick_with(&[lie])), MAX_CLIENT_MESSAGE).expect("decodes");
        assert_eq!(back.input(), None, "{lie:?}");
    }
}

#[test]
fn an_action_no_player_can_take_is_refused() {
    let air = tick_with(&[Action::Place(Block::AIR)]);
    let back: TickInput = decode(&encode(&air), MAX_CLIENT_MESSAGE).expect("decodes");
    assert_eq!(back.input(), None, "air is no block to place");

    // A craft of an item numbered 300, which names nothing: the message does not decode.
    let mut bytes = encode(&tick_with(&[Action::Craft {
        item: Item::Crate,
        count: 1,
    }]));
    let crate_id = encode(&Item::Crate.id());
    let at = (bytes.windows(crate_id.len()))
        .position(|w| w == crate_id.as_slice())
        .expect("the item's number is in the message");
    bytes.splice(at..at + crate_id.len(), encode(&300u16));
    assert!(decode::<TickInput>(&bytes, MAX_CLIENT_MESSAGE).is_err());
}

#[test]
fn a_number_that_names_no_slot_does_not_decode() {
    assert!(decode::<SlotRef>(&encode(&SlotRef::Outside.number()), 8).is_ok());
    assert!(decode::<SlotRef>(&encode(&200u8), 8).is_err());
    assert!(decode::<Block>(&encode(&u8::MAX), 8).is_err());
}

#[test]
fn chat_loses_the_marks_that_reverse_or_hide_text_and_keeps_every_script() {
    // Each of the six the probe sent, and the rest of their kind, at the start, inside and
    // at the end of a line.
    for mark in [
        '\u{202E}', '\u{2066}', '\u{200B}', '\u{200F}', '\u{061C}', '\u{FEFF}', '\u{202A}',
        '\u{2069}', '\u{200D}', '\u{2060}', '\u{00AD}',
    ] {
        let line = format!("{mark}hello{mark} world{mark}");
        assert_eq!(
            clean_chat(&line),
            "hello world",
            "U+{:04X}",
            u32::from(mark)
        );
    }
    // Other scripts, right-to-left ones too, read the same without the marks.
    for text in [
        "שלום עולם",
        "مرحبا",
        "日本語のテキスト",
        "Ελληνικά",
        "naïve café",
    ] {
        assert_eq!(clean_chat(text), text);
    }
}

#[test]
fn the_log_escapes_what_is_not_printable_and_keeps_every_script() {
    assert_eq!(for_log("<alice> hello"), "<alice> hello");
    assert!(matches!(
        for_log("naïve café שלום"),
        std::borrow::Cow::Borrowed(_)
    ));
    assert_eq!(
        for_log("a\nforged line\u{1b}[2J"),
        "a\\u{a}forged line\\u{1b}[2J"
    );
    assert_eq!(for_log("x\u{2028}y\u{202E}z"), "x\\u{2028}y\\u{202e}z");
    assert_eq!(
        for_log("\u{E000}\u{FFFF}\u{10FFFD}"),
        "\\u{e000}\\u{ffff}\\u{10fffd}"
    );
    // A backslash is doubled, so "\u{a}" typed by a player is not read as an escape.
    assert_eq!(for_log("\\u{a}"), "\\\\u{a}");
    assert_eq!(clean_chat("one\u{2028}two\u{2029}"), "onetwo");
}
