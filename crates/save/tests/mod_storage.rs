//! What a world's mods keep outlives the server: written with every save, the rows of mods
//! not running left as they were, and read back when the world opens.

use hewn_core::sim::Simulation;
use hewn_save::{Checkpoint, Hotbar, ModStorage, NewWorld, WorldFile};
use hewn_scenario::Scenario;

/// `pairs` as one mod's storage.
fn keys(pairs: &[(&str, &str)]) -> std::collections::BTreeMap<Vec<u8>, Vec<u8>> {
    pairs
        .iter()
        .map(|(k, v)| (k.as_bytes().to_vec(), v.as_bytes().to_vec()))
        .collect()
}

#[test]
fn mod_storage_is_saved_and_opened_again_and_a_mod_not_running_keeps_its_rows() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("modded.hewn");
    let request = NewWorld {
        seed: Some(5),
        generator: Some(hewn_core::worldgen::GeneratorKind::Flat),
        player: None,
        packs: None,
    };
    let mut sim: Simulation = Scenario::parse("world = \"flat\"\nseed = 5\nticks = 0\n")
        .expect("parses")
        .start();
    let (mut file, loaded) = WorldFile::open_or_create(&path, request.clone()).expect("new");
    assert!(loaded.mod_storage.is_empty());
    let first: ModStorage = [
        (
            "protect".to_owned(),
            keys(&[("claim 0 0", "alice"), ("claim 1 0", "bob")]),
        ),
        ("welcome".to_owned(), keys(&[("greeted", "2")])),
    ]
    .into();
    file.save(&Checkpoint::of(&mut sim, |_| Hotbar::default()).with_mod_storage(first.clone()))
        .expect("saved");
    // Later only protect runs, and bob's claim is gone from it.
    let later: ModStorage = [("protect".to_owned(), keys(&[("claim 0 0", "alice")]))].into();
    file.save(&Checkpoint::of(&mut sim, |_| Hotbar::default()).with_mod_storage(later))
        .expect("saved");
    file.close().expect("closed");

    let (_file, loaded) = WorldFile::open_or_create(&path, request).expect("opened");
    let expected: ModStorage = [
        ("protect".to_owned(), keys(&[("claim 0 0", "alice")])),
        ("welcome".to_owned(), keys(&[("greeted", "2")])),
    ]
    .into();
    assert_eq!(loaded.mod_storage, expected);
    assert!(loaded.damaged_rows.is_empty(), "{:?}", loaded.damaged_rows);
}
