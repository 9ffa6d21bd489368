use std::path::Path;

use clap::Parser;
use glam::DVec3;

use super::*;
use crate::app::session::Session;
use crate::app::settings::Settings;
use crate::cli::Cli;
use hewn_core::physics::Body;
use hewn_core::sim::Item;
use hewn_save::{Checkpoint, SavedPlayer, SavedPlayers, summarize};

const FLAT: NewWorld = NewWorld {
    seed: Some(3),
    generator: Some(GeneratorKind::Flat),
    player: None,
    packs: None,
};

fn name(text: &str) -> PlayerName {
    PlayerName::new(text).expect("a player's name")
}

/// `hewn --world PATH`'s options.
fn options(path: &Path) -> PlayOptions {
    let path = path.to_str().expect("utf-8");
    Cli::try_parse_from(["hewn", "--world", path])
        .expect("the options parse")
        .play
}

#[test]
fn the_game_plays_a_world_as_the_settings_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("w.hewn");
    // A world that has kept alex, away from the spawn, with a hotbar of their own.
    let (mut file, loaded) = WorldFile::open_or_create(&path, FLAT).expect("create");
    let mut world = loaded.world;
    let alex = Body::new(DVec3::new(5.5, 64.0, -7.5));
    let mut bar = Hotbar::default();
    bar.slots[0] = Some(Item::Crate);
    let saved = SavedPlayer {
        body: alex,
        hotbar: bar,
    };
    let players = SavedPlayers::from([(name("alex"), saved)]);
    file.save(&Checkpoint::take(&mut world.loader(), players, &[]))
        .expect("save");
    file.close().expect("close");

    // Alex resumes where they left, with their hotbar.
    let opened = open_world(&options(&path), None, &name("alex")).expect("opens");
    let members = opened.start.players.list();
    assert_eq!((members.len(), &members[0].name), (1, &name("alex")));
    assert_eq!(members[0].body, alex);
    assert_eq!(opened.hotbar, bar);
    drop(opened);

    // Bea is new: at the spawn point, with the default hotbar; a session of hers saves her
    // beside alex.
    let opened = open_world(&options(&path), None, &name("bea")).expect("opens");
    let spawn = opened.generator.spawn_point();
    let bea = &opened.start.players.list()[0];
    assert_eq!((&bea.name, bea.body.position), (&name("bea"), spawn));
    assert_eq!(opened.hotbar, Hotbar::default());
    let settings = Settings {
        render_distance: 2,
        name: name("bea"),
        ..Settings::default()
    };
    let session = Session::new(
        opened,
        &options(&path).hosting(),
        &settings.session(),
        std::time::Instant::now(),
    )
    .expect("the game's server lets its player in");
    session.finish(std::time::Instant::now()).expect("saved");
    let summary = summarize(&path).expect("summary");
    assert_eq!(
        summary.players.into_iter().collect::<Vec<_>>(),
        [(name("alex"), alex.position), (name("bea"), spawn)]
    );
}
