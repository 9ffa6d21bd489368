//! `/reload` in a world played alone: the game's own server, on its thread, reads the
//! world's packs again between two ticks when its player, the world's operator, asks.

use std::path::Path;

#[path = "common/alone.rs"]
mod alone;

use alone::played_alone;
use hewn_core::sim::survival::Rules;
use hewn_core::sim::{Input, Item};
use hewn_testing::copy_dir;

/// How many marble one batch of its recipe makes, by the rules in play.
fn marble_per_batch() -> Vec<u8> {
    let marble = Item::from_name("morestone:marble").expect("the pack's");
    let recipes = Rules::current().recipes().iter();
    recipes
        .filter(|r| r.output == marble)
        .map(|r| r.count)
        .collect()
}

#[test]
fn the_player_of_a_world_played_alone_reloads_its_packs() {
    let dir = tempfile::tempdir().expect("a folder");
    let pack = dir.path().join("more-stone");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/packs/more-stone"),
        &pack,
    );
    let read = hewn_content::Pack::read_dir(&pack).expect("reads");
    hewn_content::load(&[read])
        .expect("loads")
        .install()
        .expect("installs");
    assert_eq!(marble_per_batch(), [2]);

    let packs = vec![hewn_save::WorldPack {
        name: "morestone".to_owned(),
        path: pack.clone(),
    }];
    let mut host = played_alone(packs, |_| {});
    for _ in 0..10 {
        host.tick(&Input::default());
    }
    let recipes = pack.join("recipes.toml");
    let text = std::fs::read_to_string(&recipes).expect("read");
    std::fs::write(&recipes, text.replacen("count = 2", "count = 5", 1)).expect("written");
    host.say("/reload");
    let mut heard = Vec::new();
    for _ in 0..30 {
        host.tick(&Input::default());
        heard.extend(host.take_chat().into_iter().map(|line| line.text));
    }
    assert!(
        heard
            .iter()
            .any(|t| t.starts_with("The packs were read again")),
        "{heard:?}"
    );
    assert_eq!(marble_per_batch(), [5]);
}
