//! An operator's `/reload` at `hewn serve`'s console: the world's packs are read again
//! between two ticks, and a recipe changed on disk is the recipe for every player at once,
//! whatever copy of the pack their clients hold.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::served::Served;
use common::{copy_dir, make_world, more_stone, private_hewn, text};

/// A survival world of the server's seed and generator enabling the server's copy of the
/// pack, where alice and bob each carry four stone and four sand.
const MAKE: &str = r#"
packs = ["server/more-stone"]
seed = 5
world = "flat"
mode = "survival"
ticks = 1

[player]
name = "alice"
inventory = [{item = "stone", count = 4}, {item = "sand", count = 4}]

[players.bob]
position = [3.5, 64.0, 3.5]
inventory = [{item = "stone", count = 4}, {item = "sand", count = 4}]
"#;

/// One craft of marble (a stone and a sand), by a bot naming it through its own copy of
/// the pack.
const CRAFT: &str = r#"
packs = ["client/more-stone"]
ticks = 40

[[input]]
at = 5
action = "craft"
item = "morestone:marble"
count = 1
"#;

/// Plays [`CRAFT`] as each of `names` at once, on the server at `addr`.
fn craft_as(bin: &Path, dir: &Path, addr: &str, names: &[&str]) {
    let scenario = dir.join("craft.toml");
    let bots: Vec<_> = names
        .iter()
        .map(|name| {
            Command::new(bin)
                .args(["bot", addr])
                .arg(&scenario)
                .args(["--name", name])
                .env("HEWN_DATA_DIR", dir)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("run hewn bot")
        })
        .collect();
    for bot in bots {
        let out = bot.wait_with_output().expect("the bot ends");
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
}

/// How much marble each of alice and bob carries in the saved world at `world`.
fn marble(world: &Path) -> (u32, u32) {
    let request = hewn_save::NewWorld::default();
    let (file, loaded) = hewn_save::WorldFile::open_or_create(world, request).expect("opens");
    let marble = hewn_core::world::Block::from_name("morestone:marble").expect("the pack's");
    let item = hewn_core::sim::Item::Block(marble);
    let held = |name: &str| {
        let name = hewn_core::sim::PlayerName::new(name).expect("a name");
        let survivor = &loaded.survival.survivors[&name];
        let slots = survivor.inventory.slots();
        let stacks = slots.iter().flatten().filter(|s| s.item == item);
        stacks.map(|s| u32::from(s.count)).sum()
    };
    let counts = (held("alice"), held("bob"));
    drop(file);
    counts
}

#[test]
fn a_recipe_changed_on_disk_changes_for_everyone_at_once_on_reload() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let bin = private_hewn(dir.path());
    copy_dir(&more_stone(), &dir.path().join("server/more-stone"));
    copy_dir(&more_stone(), &dir.path().join("client/more-stone"));
    std::fs::write(dir.path().join("craft.toml"), CRAFT).expect("written");
    let world = dir.path().join("w.hewn");
    make_world(&bin, &world, MAKE);

    let mut served = Served::start(&bin, &world, dir.path());
    craft_as(&bin, dir.path(), &served.addr, &["alice"]);
    // The server's copy now makes five marble of a stone and a sand, where it made two.
    let recipes = dir.path().join("server/more-stone/recipes.toml");
    let text_now = std::fs::read_to_string(&recipes).expect("read");
    let changed = text_now.replacen("count = 2", "count = 5", 1);
    assert_ne!(changed, text_now, "the recipe is there to change");
    std::fs::write(&recipes, changed).expect("written");
    served.command("/reload");
    let said = served.wait_for("The packs were read again", Duration::from_secs(10));
    assert!(said.contains("1 pack,"), "{said}");
    craft_as(&bin, dir.path(), &served.addr, &["alice", "bob"]);
    served.stop();
    // Alice's first craft made two; after the reload her craft and bob's made five each.
    assert_eq!(marble(&world), (2 + 5, 5));
}

#[test]
fn a_reload_that_would_add_a_block_changes_nothing_and_says_why() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let bin = private_hewn(dir.path());
    copy_dir(&more_stone(), &dir.path().join("server/more-stone"));
    let world = dir.path().join("w.hewn");
    make_world(&bin, &world, MAKE);
    let mut served = Served::start(&bin, &world, dir.path());
    let blocks = dir.path().join("server/more-stone/blocks.toml");
    let mut more = std::fs::read_to_string(&blocks).expect("read");
    more.push_str("\n[[block]]\nname = \"morestone:onyx\"\ntexture = \"marble\"\n");
    std::fs::write(&blocks, more).expect("written");
    served.command("reload");
    let said = served.wait_for("Nothing was reloaded", Duration::from_secs(10));
    assert!(said.contains("need the world opened again"), "{said}");
    served.stop();
}
