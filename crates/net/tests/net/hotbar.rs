//! What players hold at hand: told to the server, kept while they are away, and given back
//! when they join, as the world saved it.

use hewn_core::physics::Body;
use hewn_core::sim::Item;
use hewn_net::protocol::{ClientMessage, WireHotbar};
use hewn_save::{Hotbar, SavedPlayer};

use super::*;

/// A hotbar no new player has: glass in the first slot, the fourth empty, the sixth chosen.
fn chosen() -> Hotbar {
    let mut hotbar = Hotbar::default();
    hotbar.slots[0] = Some(Item::Block(Block::GLASS));
    hotbar.slots[3] = None;
    hotbar.selected = 5;
    hotbar
}

#[test]
fn a_players_hotbar_is_kept_while_away_and_given_back_when_it_joins() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", LAGGY);
    h.until_ready();
    let name = PlayerName::new("alice").expect("a name");
    let game = h.client(alice).game().expect("in");
    assert_eq!(game.hotbar(), Hotbar::default(), "a new player's");
    let (link, client) = &mut h.clients[alice];
    client.set_hotbar(&chosen(), &mut link.client);
    h.run(30);
    assert_eq!(h.server.hotbar(&name), chosen());

    let (link, _) = &mut h.clients[alice];
    link.close(&mut h.renet);
    h.run(5);
    assert!(h.server.sim().players().is_empty());
    assert_eq!(h.server.hotbar(&name), chosen(), "kept while away, to save");
    let again = h.join("alice", Conditions::PERFECT);
    h.until_ready();
    assert_eq!(h.client(again).game().expect("in").hotbar(), chosen());
}

#[test]
fn a_saved_hotbar_comes_back_to_its_player() {
    let mut h = Harness::flat(ServerConfig::default());
    let saved = SavedPlayer {
        body: Body::new(glam::DVec3::new(0.5, 64.0, 0.5)),
        hotbar: chosen(),
    };
    let bob = PlayerName::new("bob").expect("a name");
    h.server.resume_players([(bob, saved)]);
    let bob = h.join("bob", Conditions::PERFECT);
    let carol = h.join("carol", Conditions::PERFECT);
    h.until_ready();
    assert_eq!(h.client(bob).game().expect("in").hotbar(), chosen());
    assert_eq!(
        h.client(carol).game().expect("in").hotbar(),
        Hotbar::default(),
        "another player's hotbar is not carol's"
    );
}

#[test]
fn a_hotbar_no_player_can_hold_sends_its_client_away() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    let mallory = h.join("mallory", Conditions::PERFECT);
    h.until_ready();
    let mut bad = WireHotbar::of(&Hotbar::default());
    bad.selected = 9;
    let message = hewn_net::protocol::encode(&ClientMessage::Hotbar(bad));
    h.clients[mallory]
        .0
        .client
        .send_message(channel::CONTROL, message);
    h.run(40);
    h.assert_sent_away(mallory, "sent a hotbar no player can hold");
    assert_eq!(h.server.players_online(), 1);
    assert!(h.client(alice).game().is_some());
}

#[test]
fn a_player_scrolling_every_tick_is_heard_a_few_times_a_second_and_never_sent_away() {
    let mut h = Harness::flat(ServerConfig::default());
    let alice = h.join("alice", Conditions::PERFECT);
    h.until_ready();
    let name = PlayerName::new("alice").expect("a name");
    let mut hotbar = Hotbar::default();
    let mut sent = 0;
    for t in 0..300_u64 {
        hotbar.selected = usize::try_from(t % 9).expect("a slot");
        let (link, client) = &mut h.clients[alice];
        sent += u64::from(client.set_hotbar(&hotbar, &mut link.client));
        h.tick(&[(alice, Input::default())]);
    }
    assert!(
        h.client(alice).refusal().is_none(),
        "{:?}",
        h.client(alice).refusal()
    );
    assert_eq!(
        sent,
        300 / hewn_net::client::HOTBAR_EVERY_TICKS,
        "one in ten ticks"
    );
    // A change the server has not heard is told within the pacing, however it falls.
    hotbar.slots[0] = Some(Item::Block(Block::GLASS));
    for _ in 0..hewn_net::client::HOTBAR_EVERY_TICKS {
        let (link, client) = &mut h.clients[alice];
        client.set_hotbar(&hotbar, &mut link.client);
        h.tick(&[(alice, Input::default())]);
    }
    h.run(5);
    assert_eq!(h.server.hotbar(&name), hotbar);
}

#[test]
fn a_name_that_never_played_leaves_no_hotbar_behind() {
    let mut h = Harness::flat(ServerConfig::default());
    let eve = h.join("eve", Conditions::PERFECT);
    h.wait(10);
    let name = PlayerName::new("eve").expect("a name");
    let (link, client) = &mut h.clients[eve];
    assert!(client.set_hotbar(&chosen(), &mut link.client));
    h.wait(10);
    assert_eq!(h.server.hotbar(&name), chosen());
    assert!(h.server.sim().players().is_empty(), "eve never played");
    let (link, _) = &mut h.clients[eve];
    link.close(&mut h.renet);
    h.wait(10);
    assert_eq!(
        h.server.hotbar(&name),
        Hotbar::default(),
        "forgotten with its name"
    );
}
