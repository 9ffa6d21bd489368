//! Players saved by name, through the public API and the `hewn` binary: a world keeps each
//! player who has played it, a name that comes back resumes where it left, a new name starts
//! at the spawn point, a world from before names gives its player to whoever opens it, and
//! damaged or surplus player rows are named by `hewn world check` and left out by opening
//! alike.

mod common;

use std::path::Path;

use common::worlds::{FLAT, UNNAME_PLAYERS, saved_world, tamper};
use common::{hewn, text};
use glam::DVec3;
use hewn_core::physics::{Body, PlayerCollider};
use hewn_core::sim::{Item, PlayerName, Players, Simulation, Start};
use hewn_core::world::Block;
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_save::{
    Checkpoint, Hotbar, MAX_SAVED_PLAYERS, NewWorld, SavedPlayer, WorldFile, check, summarize,
};

#[track_caller]
fn name(text: &str) -> PlayerName {
    PlayerName::new(text).expect("a player's name")
}

/// A player standing at `at`, with a look and state of its own.
fn body(at: DVec3, yaw: f64) -> Body {
    let mut p = Body::new(at);
    p.set_look(yaw, -12.5);
    p
}

/// A hotbar with `item` in the first slot and slot `selected` selected.
fn hotbar(item: Item, selected: usize) -> Hotbar {
    let mut bar = Hotbar::default();
    bar.slots[0] = Some(item);
    bar.selected = selected;
    bar
}

/// [`FLAT`] opened by `player`.
fn opened_by(player: &str) -> NewWorld {
    NewWorld {
        player: Some(name(player)),
        ..FLAT
    }
}

/// Saves `players` (each with its hotbar) into the world at `path`, through a simulation of
/// them as the game and `hewn sim` save one.
fn save_players(path: &Path, players: &[(&str, Body, Hotbar)]) {
    let (mut file, loaded) = WorldFile::open_or_create(path, FLAT).expect("open the world");
    let mut list = Players::none();
    for (n, body, _) in players {
        list.join(name(n), *body);
    }
    let mut sim = Simulation::new(Start {
        players: list,
        ..Start::in_world(loaded.world, Body::new(DVec3::ZERO))
    });
    let hotbar_of = |n: &PlayerName| {
        players
            .iter()
            .find(|(m, ..)| *m == n.as_str())
            .map(|(.., bar)| *bar)
            .expect("every player has a hotbar")
    };
    file.save(&Checkpoint::of(&mut sim, hotbar_of))
        .expect("save");
    file.close().expect("close");
}

/// The world's schema version and tables, read with SQLite.
fn version_and_tables(path: &Path) -> (i64, Vec<String>) {
    let conn = rusqlite::Connection::open(path).expect("open with sqlite");
    let version = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .expect("version");
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .expect("tables");
    let tables = stmt
        .query_map([], |r| r.get(0))
        .expect("tables")
        .collect::<rusqlite::Result<_>>()
        .expect("tables");
    (version, tables)
}

#[test]
fn each_name_resumes_where_it_left_and_a_new_name_starts_at_the_spawn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("w.hewn");
    let mut alice = body(DVec3::new(1.5, 64.0, 2.5), 45.0);
    alice.flying = true;
    alice.collider = PlayerCollider::Cylinder;
    alice.velocity = DVec3::new(0.25, 1.0, 0.0);
    let bob = body(DVec3::new(-7.25, 70.0, 3.0), -90.0);
    let alice_bar = hotbar(Item::Crate, 3);
    let bob_bar = hotbar(Item::Block(Block::GLASS), 8);
    save_players(
        &path,
        &[("alice", alice, alice_bar), ("Bob_2", bob, bob_bar)],
    );

    let (file, mut loaded) = WorldFile::open_or_create(&path, FLAT).expect("reopen");
    assert!(loaded.damaged_rows.is_empty(), "{:?}", loaded.damaged_rows);
    let names: Vec<&str> = loaded.players.keys().map(PlayerName::as_str).collect();
    // Ordered as names compare: without regard to case.
    assert_eq!(names, ["alice", "Bob_2"]);
    let saved = |body, hotbar| Some(SavedPlayer { body, hotbar });
    assert_eq!(loaded.take_player(&name("alice")), saved(alice, alice_bar));
    assert_eq!(
        loaded.take_player(&name("BOB_2")),
        saved(bob, bob_bar),
        "a name in another case is the same player"
    );
    assert_eq!(loaded.take_player(&name("bob_2")), None, "taken once");
    assert_eq!(loaded.take_player(&name("carol")), None);
    let carol = loaded.new_player();
    let spawn = Generator::new(GeneratorKind::Flat, 9).spawn_point();
    assert_eq!(carol.body.position, spawn);
    assert_eq!(carol.hotbar, Hotbar::default());
    file.close().expect("close");
}

#[test]
fn a_save_writes_the_players_in_the_world_and_keeps_everyone_elses_row() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("w.hewn");
    let bob = body(DVec3::new(-7.25, 70.0, 3.0), -90.0);
    let bar = Hotbar::default();
    save_players(
        &path,
        &[
            ("alice", body(DVec3::new(1.5, 64.0, 2.5), 0.0), bar),
            ("bob", bob, bar),
        ],
    );
    // Alice plays on alone and moves; Bob is offline.
    let moved = body(DVec3::new(30.5, 64.0, -4.5), 180.0);
    save_players(&path, &[("alice", moved, bar)]);
    let (file, loaded) = WorldFile::open_or_create(&path, FLAT).expect("reopen");
    assert_eq!(loaded.players[&name("alice")].body, moved);
    assert_eq!(loaded.players[&name("bob")].body, bob, "kept while offline");
    file.close().expect("close");
}

#[test]
fn a_world_from_before_names_is_upgraded_only_when_played_and_its_player_takes_the_players_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = saved_world(dir.path());
    // Back to what a version 6 hewn wrote: one unnamed player, at (1.5, 64, 1.5).
    tamper(&path, UNNAME_PLAYERS);
    tamper(
        &path,
        "DROP TABLE survival; DROP TABLE packs; DROP TABLE blocks; DROP TABLE creatures; \
         DROP TABLE mod_storage; PRAGMA user_version = 6;",
    );
    let before = std::fs::read(&path).expect("read");

    // Looking changes nothing: check calls it healthy, info lists its one player.
    assert!(check(&path).expect("check").is_healthy());
    let summary = summarize(&path).expect("summary");
    assert!(!summary.named);
    assert_eq!(
        summary.players.into_iter().collect::<Vec<_>>(),
        [(PlayerName::default(), DVec3::new(1.5, 64.0, 1.5))]
    );
    let info = hewn(
        &["world", "info", path.to_str().expect("utf-8")],
        dir.path(),
    );
    let out = text(&info.stdout);
    assert!(out.contains("players:        1\n"), "{out}");
    assert!(out.contains("from before players had names"), "{out}");
    // Claiming it, as the game does before its window opens, writes nothing either.
    let claimed = WorldFile::claim(&path, opened_by("alex")).expect("claim");
    drop(claimed);
    assert_eq!(
        std::fs::read(&path).expect("read"),
        before,
        "claiming wrote"
    );
    assert_eq!(version_and_tables(&path).0, 6);

    // Opened for play by alex, it is upgraded, and alex resumes its player.
    let claimed = WorldFile::claim(&path, opened_by("alex")).expect("claim");
    let (file, loaded) = claimed.open().expect("open");
    let names: Vec<&str> = loaded.players.keys().map(PlayerName::as_str).collect();
    assert_eq!(names, ["alex"]);
    assert_eq!(
        loaded.players[&name("alex")].body.position,
        DVec3::new(1.5, 64.0, 1.5)
    );
    file.close().expect("close");
    let (version, tables) = version_and_tables(&path);
    assert_eq!(version, hewn_save::SCHEMA_VERSION);
    assert!(tables.contains(&"players".to_owned()) && !tables.contains(&"player".to_owned()));
    assert!(check(&path).expect("check").is_healthy());

    // Upgraded once: whoever opens it next finds alex's row, not one of their own.
    let (file, loaded) = WorldFile::open_or_create(&path, opened_by("bo")).expect("reopen");
    assert_eq!(loaded.players.keys().collect::<Vec<_>>(), [&name("alex")]);
    file.close().expect("close");
}

#[test]
fn world_info_lists_every_player_with_where_they_stand() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("w.hewn");
    let info = |path: &Path| {
        let out = hewn(
            &["world", "info", path.to_str().expect("utf-8")],
            dir.path(),
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    drop(WorldFile::open_or_create(&path, FLAT).expect("create"));
    assert!(info(&path).contains("players:        none saved yet"));
    let bar = Hotbar::default();
    save_players(
        &path,
        &[
            ("zoe", body(DVec3::new(1.5, 64.0, 2.5), 0.0), bar),
            ("Bob_2", body(DVec3::new(-3.25, 70.0, 8.0), 0.0), bar),
        ],
    );
    let out = info(&path);
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("players:"))
        .expect("a players line");
    assert_eq!(
        lines[at..at + 3],
        [
            "players:        2",
            "  Bob_2            -3.250 70.000 8.000",
            "  zoe              1.500 64.000 2.500",
        ]
    );
}

/// Runs `hewn sim` on `scenario` with `--world path`, returning its report.
fn sim(path: &Path, scenario: &str) -> (serde_json::Value, String) {
    let scratch = tempfile::tempdir().expect("temp dir");
    let file = scratch.path().join("s.toml");
    std::fs::write(&file, scenario).expect("write the scenario");
    let out = hewn(
        &[
            "sim",
            file.to_str().expect("utf-8"),
            "--world",
            path.to_str().expect("utf-8"),
        ],
        scratch.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = serde_json::from_slice(&out.stdout).expect("one JSON object");
    (report, text(&out.stderr))
}

/// The position of `name` in a report.
fn position(report: &serde_json::Value, name: &str) -> [f64; 3] {
    serde_json::from_value(report["players"][name]["position"].clone())
        .unwrap_or_else(|e| panic!("{name}: {e} in {report}"))
}

#[test]
fn hewn_sim_with_a_world_resumes_each_player_by_name_and_keeps_where_one_left() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("w.hewn");
    let (first, _) = sim(
        &path,
        r#"
        seed = 9
        world = "flat"
        ticks = 20
        [player]
        position = [0.5, 64.0, 0.5]
        [players.bob]
        position = [10.5, 64.0, 4.5]
        yaw = 90.0
        [players.eve]
        position = [20.5, 64.0, 8.5]
        yaw = 90.0
        leaves = 6
        [[input]]
        player = "bob"
        from = 0
        to = 10
        hold = ["forward"]
        [[input]]
        player = "eve"
        from = 0
        to = 6
        hold = ["forward"]
        "#,
    );
    assert!(first["players"].get("eve").is_none(), "eve left at tick 6");
    // No positions now: each resumes as the world kept them, eve where she left.
    let (second, _) = sim(
        &path,
        r#"
        seed = 9
        world = "flat"
        ticks = 0
        [player]
        [players.bob]
        [players.eve]
        "#,
    );
    assert_eq!(position(&second, "player"), position(&first, "player"));
    assert_eq!(position(&second, "bob"), position(&first, "bob"));
    let eve = position(&second, "eve");
    assert!(eve[0] > 20.6 && eve[2] == 8.5, "eve walked east: {eve:?}");
    // A position in the scenario wins over the saved one.
    let (third, _) = sim(
        &path,
        "seed = 9\nworld = \"flat\"\nticks = 0\n[players.bob]\nposition = [3.5, 64.0, 3.5]\n",
    );
    assert_eq!(position(&third, "bob"), [3.5, 64.0, 3.5]);
    // A player joining later resumes too: eve, back at tick 1, one tick from where she left.
    let (fourth, _) = sim(
        &path,
        "seed = 9\nworld = \"flat\"\nticks = 2\n[players.eve]\njoins = 1\n",
    );
    let back = position(&fourth, "eve");
    assert!(
        (back[0] - eve[0]).abs() < 0.2,
        "{back:?} is not near {eve:?}"
    );
    assert!((back[2] - 8.5).abs() < 1e-9, "{back:?}");
}

/// The default hotbar as stored, for rows written by hand.
fn default_hotbar() -> String {
    Hotbar::default().to_text()
}

#[test]
fn damaged_player_rows_are_named_by_check_left_out_by_opening_and_dropped_by_the_next_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = saved_world(dir.path());
    let bar = default_hotbar();
    let row = |name: &str, x: &str, y: &str, collider: &str, hotbar: &str| {
        format!(
            "INSERT INTO players VALUES ({name}, {x}, {y}, 0.5, 0, 0, 0, 0, 0, 1, 0, \
             '{collider}', '{hotbar}', 0);"
        )
    };
    let rows = [
        row("'a b'", "0.5", "64", "box", &bar),
        row("''", "0.5", "64", "box", &bar),
        row("X'00ff'", "0.5", "64", "box", &bar),
        row("'seventeen_letters'", "0.5", "64", "box", &bar),
        row("'tall'", "0.5", "1e300", "box", &bar),
        row("'texty'", "'x'", "64", "box", &bar),
        row("'round'", "0.5", "64", "sphere", &bar),
        row("'handy'", "0.5", "64", "box", "stone,unobtainium,,,,,,,"),
        row("'good'", "3.5", "64", "box", &bar),
    ];
    tamper(&path, &rows.concat());
    let expected = [
        "name \"\": a player's name cannot be empty",
        "name holds blob, not text",
        "name \"a b\": a player's name has only",
        "player \"handy\": hotbar \"stone,unobtainium,,,,,,,\" with slot 0 selected",
        "player \"round\": collider \"sphere\" is not one hewn has",
        "name \"seventeen_letters\": a player's name has at most 16 characters",
        "player \"tall\": position, look or speed outside the limits",
        "player \"texty\": x holds text, not a number",
    ];

    let report = check(&path).expect("check");
    let found: Vec<String> = report
        .damaged_rows
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(found.len(), expected.len(), "{found:#?}");
    for needle in expected {
        assert!(
            found.iter().any(|f| f.contains(needle)),
            "{needle} in {found:#?}"
        );
    }
    let out = common::worlds::check(&path);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("(0 of 1 chunks, 8 rows)"),
        "{}",
        text(&out.stdout)
    );
    let (file, loaded) = WorldFile::open_or_create(&path, FLAT).expect("opens");
    assert_eq!(
        loaded.damaged_rows, report.damaged_rows,
        "check and opening agree"
    );
    let names: Vec<&str> = loaded.players.keys().map(PlayerName::as_str).collect();
    assert_eq!(names, ["good", "player"]);
    file.close().expect("close");

    // Tall plays (from the spawn point: its row was damage); good and player resume.
    let (report, stderr) = sim(
        &path,
        "seed = 9\nworld = \"flat\"\nticks = 0\n[player]\n[players.good]\n[players.tall]\n",
    );
    assert_eq!(
        stderr
            .matches("warning: damaged row: table players")
            .count(),
        8
    );
    assert_eq!(position(&report, "good"), [3.5, 64.0, 0.5]);
    assert_eq!(position(&report, "player"), [1.5, 64.0, 1.5]);
    let spawn = Generator::new(GeneratorKind::Flat, 9).spawn_point();
    assert_eq!(position(&report, "tall"), spawn.to_array());
    // The save dropped the damaged rows: the world is healthy, with the three players.
    assert!(check(&path).expect("check").is_healthy());
    let names: Vec<PlayerName> = summarize(&path)
        .expect("info")
        .players
        .into_keys()
        .collect();
    assert_eq!(names, [name("good"), name("player"), name("tall")]);
}

#[test]
fn rows_past_the_limit_are_damage_and_the_next_save_keeps_the_world_within_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = saved_world(dir.path());
    // 10,001 more players: with `player`, two more than a world may hold. By name, `player`
    // comes first and q09999 and q10000 are past the limit.
    tamper(
        &path,
        &format!(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
             INSERT INTO players SELECT printf('q%05d', i), 0.5, 64, 0.5, 0, 0, 0, 0, 0, 1, 0,
                 'box', '{}', 0 FROM n;",
            default_hotbar()
        ),
    );
    let report = check(&path).expect("check");
    let found: Vec<String> = report
        .damaged_rows
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        found,
        [
            "table players: 10002 players, more than the 10000 a world may hold; those after the \
          first 10000 by name are left out"
        ]
    );
    let (mut file, loaded) = WorldFile::open_or_create(&path, FLAT).expect("opens");
    assert_eq!(loaded.damaged_rows, report.damaged_rows);
    assert_eq!(loaded.players.len(), MAX_SAVED_PLAYERS);
    assert!(loaded.players.contains_key(&name("q09998")));
    assert!(!loaded.players.contains_key(&name("q09999")));

    // A save drops the rows past the limit, and a new name finds no room.
    let mut world = loaded.world;
    let zed = SavedPlayer {
        body: Body::new(DVec3::new(5.5, 64.0, 5.5)),
        hotbar: Hotbar::default(),
    };
    let mut players = loaded.players;
    players.insert(name("zed"), zed);
    file.save(&Checkpoint::take(&mut world.loader(), players, &[]))
        .expect("save");
    file.close().expect("close");
    assert!(check(&path).expect("check").is_healthy());
    let summary = summarize(&path).expect("info");
    assert_eq!(summary.players.len(), MAX_SAVED_PLAYERS);
    assert!(!summary.players.contains_key(&name("zed")));
}

#[test]
fn world_info_and_check_end_quietly_when_their_reader_stops_reading() {
    use std::io::Read;
    // Ten thousand players, whose lines fill any pipe's buffer many times over: good ones for
    // info to list, and ones with a space in their names for check to name.
    for (command, name) in [("info", "q%05d"), ("check", "q %05d")] {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = saved_world(dir.path());
        tamper(
            &path,
            &format!(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
                 INSERT INTO players SELECT printf('{name}', i), 0.5, 64, 0.5, 0, 0, 0, 0, 0,
                     1, 0, 'box', '{}', 0 FROM n;",
                default_hotbar()
            ),
        );
        let mut child = std::process::Command::new(common::private_hewn(dir.path()))
            .args(["world", command, path.to_str().expect("utf-8")])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run hewn");
        let mut first = [0_u8; 16];
        let mut stdout = child.stdout.take().expect("piped");
        stdout.read_exact(&mut first).expect("some output");
        drop(stdout);
        let out = child.wait_with_output().expect("hewn ends");
        assert!(
            !text(&out.stderr).contains("panicked"),
            "{}",
            text(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(1), "{command}");
    }
}
