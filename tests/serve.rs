//! `hewn serve` and `hewn bot` over real sockets on 127.0.0.1: a bot's play equals the same
//! scenario run by `hewn sim` in a new world of the server's seed and generator; a world
//! open elsewhere is refused; SIGTERM saves and exits 0 within 5 seconds; SIGKILL while a
//! bot moves items through the crafting grid and the cursor loses none of them.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::served::Served;
use common::{private_hewn, text};

/// The fields a bot and `hewn sim` must agree on.
fn agreed(json: &str) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_str(json.trim()).expect("one JSON object");
    serde_json::json!({
        "position": v["position"],
        "velocity": v["velocity"],
        "on_ground": v["on_ground"],
        "flying": v["flying"],
        "edits": v["edits"],
    })
}

const SCENARIOS: [(&str, &str); 3] = [
    (
        "walk, sprint and jump, break and place",
        r#"
        ticks = 150
        [[input]]
        at = 0
        yaw = 30.0
        pitch = -40.0
        [[input]]
        from = 0
        to = 60
        hold = ["forward", "jump"]
        [[input]]
        from = 60
        to = 110
        hold = ["forward", "sprint"]
        [[input]]
        at = 10
        action = "break"
        [[input]]
        at = 120
        action = "place"
        block = "planks"
        "#,
    ),
    (
        "fly up and across, then land",
        r#"
        ticks = 200
        [[input]]
        at = 0
        yaw = -120.0
        pitch = 10.0
        action = "toggle_fly"
        [[input]]
        from = 0
        to = 50
        hold = ["jump", "forward"]
        [[input]]
        from = 50
        to = 100
        hold = ["right", "sneak"]
        [[input]]
        at = 110
        action = "toggle_fly"
        "#,
    ),
    (
        "dig down and build a pillar",
        r#"
        ticks = 120
        [[input]]
        at = 0
        yaw = 0.0
        pitch = -90.0
        action = "break"
        [[input]]
        at = 30
        action = "break"
        [[input]]
        from = 60
        to = 70
        hold = ["jump"]
        [[input]]
        at = 66
        action = "place"
        block = "cobblestone"
        "#,
    ),
];

#[test]
fn a_bot_over_sockets_plays_as_hewn_sim_does_and_the_server_stops_cleanly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = private_hewn(dir.path());
    for (i, (what, scenario)) in SCENARIOS.iter().enumerate() {
        // A new world each time: the bot's play is compared with a new local world's.
        let world = dir.path().join(format!("shared{i}.hewn"));
        let served = Served::start(&bin, &world, dir.path());
        if i == 0 {
            // The world is the server's now: a second server is refused.
            let second = Command::new(&bin)
                .args(["serve", "--bind", "127.0.0.1", "--port", "0", "--world"])
                .arg(&world)
                .env("HEWN_DATA_DIR", dir.path())
                .output()
                .expect("run a second server");
            assert_eq!(second.status.code(), Some(2), "{}", text(&second.stderr));
        }
        let file = dir.path().join(format!("bot{i}.toml"));
        std::fs::write(&file, scenario).expect("write the scenario");
        let bot = Command::new(&bin)
            .args(["bot", &served.addr])
            .arg(&file)
            .args(["--name", "alice"])
            .env("HEWN_DATA_DIR", dir.path())
            .output()
            .expect("run hewn bot");
        assert!(bot.status.success(), "{what}: {}", text(&bot.stderr));
        let local = dir.path().join(format!("local{i}.toml"));
        std::fs::write(&local, format!("seed = 5\nworld = \"flat\"\n{scenario}"))
            .expect("write the local scenario");
        let sim = Command::new(&bin)
            .arg("sim")
            .arg(&local)
            .output()
            .expect("run hewn sim");
        assert!(sim.status.success(), "{}", text(&sim.stderr));
        assert_eq!(
            agreed(&text(&bot.stdout)),
            agreed(&text(&sim.stdout)),
            "{what}"
        );
        let rest = served.stop();
        assert!(
            rest.contains("alice joined") || rest.contains("final hash"),
            "{rest}"
        );
        assert!(rest.contains("final hash"), "{rest}");
    }
}

#[test]
fn bots_refuse_keys_only_a_local_world_has() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = private_hewn(dir.path());
    for key in [
        "seed = 1",
        "world = \"flat\"",
        "[player]\nflying = true",
        "[[fill]]\nfrom = [0, 0, 0]\nto = [0, 0, 0]\nblock = \"stone\"",
    ] {
        let file = dir.path().join("local.toml");
        std::fs::write(&file, format!("ticks = 1\n{key}\n")).expect("write");
        let out = Command::new(&bin)
            .args(["bot", "127.0.0.1:9"])
            .arg(&file)
            .output()
            .expect("run hewn bot");
        assert_eq!(out.status.code(), Some(2), "{key}");
        let first = key.split([' ', '\n']).next().unwrap_or_default();
        let name = first.trim_matches(['[', ']']);
        assert!(
            text(&out.stderr).contains(&format!("{name}: only a local world")),
            "{}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_bot_refuses_a_line_to_say_that_is_not_tick_colon_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = private_hewn(dir.path());
    let file = dir.path().join("say.toml");
    std::fs::write(&file, "ticks = 1\n").expect("write");
    for (said, why) in [
        ("hello", "is not TICK:LINE"),
        ("soon:/spawn", "is not a tick"),
        ("3:  ", "says nothing"),
    ] {
        let out = Command::new(&bin)
            .args(["bot", "127.0.0.1:9"])
            .arg(&file)
            .args(["--say", said])
            .output()
            .expect("run hewn bot");
        assert_eq!(out.status.code(), Some(2), "{said}");
        assert!(text(&out.stderr).contains(why), "{}", text(&out.stderr));
    }
}

#[test]
fn a_server_restart_keeps_every_player_where_it_left() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = private_hewn(dir.path());
    let world = dir.path().join("kept.hewn");
    let walk = dir.path().join("walk.toml");
    // A second's walk, then a second standing: at rest where the server will keep them.
    std::fs::write(
        &walk,
        "ticks = 120\n[[input]]\nat = 0\nyaw = 45.0\n[[input]]\nfrom = 0\nto = 60\nhold = [\"forward\"]\n",
    )
    .expect("write");
    let stay = dir.path().join("stay.toml");
    std::fs::write(&stay, "ticks = 0\n").expect("write");
    // A player is saved once it has been in the world: a tick of standing is enough.
    let stand = dir.path().join("stand.toml");
    std::fs::write(&stand, "ticks = 10\n").expect("write");
    let bot = |addr: &str, scenario: &Path, name: &str| {
        let out = Command::new(&bin)
            .args(["bot", addr])
            .arg(scenario)
            .args(["--name", name])
            .output()
            .expect("run hewn bot");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        v["position"].clone()
    };
    let served = Served::start(&bin, &world, dir.path());
    let alice = bot(&served.addr, &walk, "alice");
    let bob = bot(&served.addr, &stand, "bob");
    served.stop();

    let served = Served::start(&bin, &world, dir.path());
    // The bots stood still after their last tick until the server confirmed it, and left:
    // the server keeps where they left, a hair from where they printed (1e-4 block).
    for (name, before) in [("alice", alice), ("bob", bob)] {
        let after = bot(&served.addr, &stay, name);
        for axis in 0..3 {
            let (a, b) = (after[axis].as_f64(), before[axis].as_f64());
            let (Some(a), Some(b)) = (a, b) else {
                panic!("{name}: {after} / {before}");
            };
            common::assert_near(a, b, 1e-4);
        }
    }
    served.stop();
    let info = common::hewn(&["world", "info", &world.display().to_string()], dir.path());
    let info = text(&info.stdout);
    assert!(info.contains("alice") && info.contains("bob"), "{info}");
}

#[test]
fn the_servers_recording_replays_in_hewn_sim_to_its_hash() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = private_hewn(dir.path());
    let world = dir.path().join("recorded.hewn");
    let record = dir.path().join("run.toml");
    let record_arg = record.display().to_string();
    let served = Served::start_with(&bin, &world, dir.path(), &["--record", &record_arg]);
    let walk = dir.path().join("walk.toml");
    std::fs::write(
        &walk,
        "ticks = 90\n[[input]]\nat = 0\nyaw = 33.3\npitch = -40.0\n[[input]]\nfrom = 0\nto = 60\nhold = [\"forward\", \"jump\"]\n[[input]]\nat = 20\naction = \"break\"\n[[input]]\nat = 70\naction = \"place\"\nblock = \"planks\"\n",
    )
    .expect("write");
    // Alice plays, Bob plays, and Alice comes back where she left and plays again.
    for name in ["alice", "bob", "alice"] {
        let out = Command::new(&bin)
            .args(["bot", &served.addr])
            .arg(&walk)
            .args(["--name", name])
            .output()
            .expect("run hewn bot");
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let log = served.stop();
    let hash = log
        .split("final hash ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the server logs its final hash")
        .to_owned();
    let replay = Command::new(&bin)
        .arg("sim")
        .arg(&record)
        .output()
        .expect("run hewn sim");
    assert!(replay.status.success(), "{}", text(&replay.stderr));
    let v: serde_json::Value = serde_json::from_slice(&replay.stdout).expect("JSON");
    assert_eq!(
        v["hash"],
        hash.as_str(),
        "the replay ends where the server did"
    );
    assert!(v["edits"].as_array().is_some_and(|e| !e.is_empty()));
}

/// The items of `world` as saved: every stack in its survivors' inventories, grids and
/// cursors, lying about, and in furnaces and chests, counted by item id.
fn saved_items(world: &Path) -> std::collections::BTreeMap<u16, u32> {
    let (file, loaded) =
        hewn_save::WorldFile::open_or_create(world, hewn_save::NewWorld::default())
            .expect("the world opens");
    assert!(loaded.damaged.is_empty(), "{:?}", loaded.damaged);
    let mut items = std::collections::BTreeMap::new();
    let mut count = |s: hewn_core::sim::survival::Stack| {
        *items.entry(s.item.id()).or_insert(0) += u32::from(s.count);
    };
    let survival = &loaded.survival;
    for s in survival.survivors.values() {
        s.inventory
            .slots()
            .iter()
            .flatten()
            .copied()
            .for_each(&mut count);
        s.screen.grid.iter().flatten().copied().for_each(&mut count);
        s.screen.cursor.into_iter().for_each(&mut count);
    }
    survival.drops.list().iter().for_each(|d| count(d.stack));
    for f in survival.furnaces.values() {
        [f.input, f.fuel, f.output]
            .into_iter()
            .flatten()
            .for_each(&mut count);
    }
    for c in survival.chests.values() {
        c.contents().into_iter().for_each(&mut count);
    }
    drop(file);
    items
}

/// A new flat survival world at `path` (seed 5) where the player `bot` has not played yet
/// but carries ten logs and five coal, as a world keeps someone who played before, with a
/// chest at eye height two blocks north of the spawn.
fn world_with_a_carrier(path: &Path) {
    use hewn_core::sim::survival::{Material, Mode, Stack, Survival};
    use hewn_core::sim::{Item, PlayerName, Simulation, Start};
    use hewn_core::world::Block;
    let request = hewn_save::NewWorld {
        seed: Some(5),
        generator: Some(hewn_core::worldgen::GeneratorKind::Flat),
        player: None,
        packs: None,
    };
    let (mut file, loaded) = hewn_save::WorldFile::open_or_create(path, request).expect("new");
    let spawn = loaded.generator.spawn_point();
    let mut start = Start::with_no_one(loaded.world);
    let chest = hewn_core::world::BlockPos::containing(spawn + glam::DVec3::new(0.0, 1.0, -2.0));
    start.world.set_block(chest, Block::CHEST);
    start.survival = Survival::new(Mode::Survival, spawn);
    let carrier = start
        .survival
        .survivors
        .entry(PlayerName::new("bot").expect("a name"))
        .or_default();
    carrier
        .inventory
        .add(Stack::new(Item::Block(Block::LOG), 10));
    carrier
        .inventory
        .add(Stack::new(Item::Material(Material::Coal), 5));
    let mut sim = Simulation::new(start);
    let snapshot = hewn_save::Checkpoint::of(&mut sim, |_| hewn_save::Hotbar::default());
    file.save(&snapshot).expect("saved");
    file.close().expect("closed");
}

#[test]
fn a_server_killed_while_items_move_through_the_grid_and_cursor_loses_none() {
    // The logs go from slot 0 through a grid cell to slot 20, through another cell and
    // back, each step a click that takes them onto the cursor or puts them down.
    killed_while_moving("open_inventory", &[0, 36, 36, 20, 20, 37, 37, 0]);
}

#[test]
fn a_server_killed_while_items_move_through_a_chest_loses_none() {
    // The chest two blocks north at eye height, opened where the bot stands facing north;
    // the logs go from slot 0 through the chest's first slot to slot 20, through its last
    // and back.
    killed_while_moving("open", &[0, 50, 50, 20, 20, 76, 76, 0]);
}

/// Twenty seconds of a bot moving its ten logs through `path` (click slots, each step a
/// click that takes them onto the cursor or puts them down) on the screen `open` opens, a
/// click every five ticks so that a kill finds them anywhere, with `hewn serve` killed
/// (SIGKILL: no save on the way out) at moments before, across and after the autosaves
/// every 5 s: after each kill, every item is somewhere in the world file.
fn killed_while_moving(open: &str, path: &[u8]) {
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = private_hewn(dir.path());
    let world = dir.path().join("kept.hewn");
    world_with_a_carrier(&world);
    let before = saved_items(&world);
    assert_eq!(before.values().sum::<u32>(), 15);
    let mut scenario =
        format!("ticks = 1200\n[[input]]\nat = 0\nyaw = 0.0\npitch = 0.0\naction = \"{open}\"\n");
    for i in 0..230u64 {
        let slot = path[(i as usize) % path.len()];
        scenario.push_str(&format!(
            "[[input]]\nat = {}\naction = \"click\"\nslot = {slot}\n",
            5 + 5 * i
        ));
    }
    let moving = dir.path().join("moving.toml");
    std::fs::write(&moving, scenario).expect("write");
    for kill_after in [3.1, 7.7, 12.3] {
        let mut served = Served::start(&bin, &world, dir.path());
        let mut bot = Command::new(&bin)
            .args(["bot", &served.addr])
            .arg(&moving)
            .args(["--name", "bot"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hewn bot");
        std::thread::sleep(Duration::from_secs_f64(kill_after));
        served.kill();
        let _ = bot.kill();
        let _ = bot.wait();
        drop(served);
        assert_eq!(saved_items(&world), before, "killed after {kill_after} s");
        if kill_after > 5.0 {
            assert!(
                saved_player(&world, "bot"),
                "an autosave ran with the bot in the world"
            );
        }
    }
}

/// Whether `world` keeps a player called `name`: whether a save ran after it came in.
fn saved_player(world: &Path, name: &str) -> bool {
    let (_file, loaded) =
        hewn_save::WorldFile::open_or_create(world, hewn_save::NewWorld::default())
            .expect("the world opens");
    let name = hewn_core::sim::PlayerName::new(name).expect("a name");
    loaded.players.contains_key(&name)
}
