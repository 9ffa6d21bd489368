//! Where a world is, and by which names: a world name means one file in the data folder
//! whatever dots it holds; one lock holds a world by every link or name; what stands in a
//! world's place that is no world file (a FIFO, a folder, a dangling link, a folder named like
//! a side file) is refused without blocking or replacing it; a read-only world is judged the
//! same by `world check` and by opening; and a run that cannot start writes nothing.
//! Each case checks the exit code, the message naming the file or name, and that nothing on
//! disk changed or appeared.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant, SystemTime};

use common::{private_hewn, text};
use hewn_core::worldgen::GeneratorKind;
use hewn_save::worlds::{create_world, list_worlds};
use hewn_save::{NewWorld, SaveError, WorldFile};

const FLAT: NewWorld = NewWorld {
    seed: Some(9),
    generator: Some(GeneratorKind::Flat),
    player: None,
    packs: None,
};

const SCENARIO: &str = "seed = 9\nworld = \"flat\"\nticks = 5\n";

/// Every file under `dir` (folders, links and FIFOs by kind) with its bytes and modification
/// time: what "nothing on disk changed or appeared" is checked against.
fn listing(dir: &Path) -> BTreeMap<PathBuf, (String, Vec<u8>, Option<SystemTime>)> {
    let mut all = BTreeMap::new();
    for entry in std::fs::read_dir(dir).expect("list the folder") {
        let path = entry.expect("list the folder").path();
        let meta = std::fs::symlink_metadata(&path).expect("stat");
        let kind = meta.file_type();
        if kind.is_dir() {
            all.extend(listing(&path));
            all.insert(path, ("folder".into(), Vec::new(), None));
        } else if kind.is_symlink() {
            let target = std::fs::read_link(&path).expect("read link");
            all.insert(
                path,
                (format!("link to {}", target.display()), Vec::new(), None),
            );
        } else if kind.is_file() {
            let bytes = std::fs::read(&path).expect("read a file");
            all.insert(path, ("file".into(), bytes, meta.modified().ok()));
        } else {
            all.insert(path, ("other".into(), Vec::new(), None));
        }
    }
    all
}

/// `hewn args` with its data folder at `data`, run in `cwd`; killed (and the test failed)
/// if it takes more than 20 s, so a blocking open fails the test instead of hanging it.
fn hewn_in(args: &[&str], data: &Path, cwd: &Path) -> Output {
    let bin = tempfile::tempdir().expect("temp dir");
    let mut command = Command::new(private_hewn(bin.path()));
    command
        .args(args)
        .env("HEWN_DATA_DIR", data)
        .current_dir(cwd);
    finish(command)
}

/// Runs `command`, failing the test if it does not end within 20 s.
fn finish(mut command: Command) -> Output {
    command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = command.spawn().expect("run hewn");
    let start = Instant::now();
    while child.try_wait().expect("wait for hewn").is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("hewn {:?} blocked for 20 s", command.get_args());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("hewn's output")
}

/// A saved flat world at `path`, closed.
fn saved_world(path: &Path) {
    let (file, _) = WorldFile::open_or_create(path, FLAT).expect("set up the world");
    file.close().expect("set up the world");
}

/// A folder holding the scenario file, for `hewn sim`.
fn scenario_dir() -> tempfile::TempDir {
    let scratch = tempfile::tempdir().expect("temp dir");
    std::fs::write(scratch.path().join("s.toml"), SCENARIO).expect("write the scenario");
    scratch
}

#[track_caller]
fn assert_refused(out: &Output, needles: &[&str]) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} not in {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn worlds_named_with_dots_are_files_in_the_data_folder_by_every_route() {
    let data = tempfile::tempdir().expect("temp dir");
    let cwd = scenario_dir();
    let dir = data.path().join("worlds");
    // The title screen's Create new world calls this; its Play and --world NAME resolve the
    // name the same way.
    for name in ["my.world", "v1.2"] {
        let path = create_world(&dir, name, 9, GeneratorKind::Flat).expect("create");
        assert_eq!(path, dir.join(format!("{name}.hewn")));
        assert_eq!(
            hewn_save::resolve_world(name)
                .ok()
                .map(|p| p.file_name().map(ToOwned::to_owned)),
            Some(path.file_name().map(ToOwned::to_owned)),
        );
    }
    let names: Vec<_> = list_worlds(&dir)
        .expect("list")
        .into_iter()
        .map(|w| (w.name, w.path, w.summary.is_ok()))
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    for (name, path, readable) in &names {
        assert!(readable, "{name}");
        assert_eq!(path, &dir.join(format!("{name}.hewn")));
    }

    let out = hewn_in(&["world", "info", "v1.2"], data.path(), cwd.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let info = text(&out.stdout);
    assert!(
        info.contains(&format!("{}", dir.join("v1.2.hewn").display())),
        "{info}"
    );
    assert!(info.contains("seed:           9"), "{info}");

    let before_cwd = listing(cwd.path());
    let out = hewn_in(
        &["sim", "s.toml", "--world", "my.world"],
        data.path(),
        cwd.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        listing(cwd.path()),
        before_cwd,
        "nothing made in the current folder"
    );
    let summary = hewn_save::summarize(&dir.join("my.world.hewn")).expect("summary");
    assert!(
        summary.meta.last_saved > 0,
        "the run saved into the data folder's world"
    );
    let left: Vec<_> = listing(&dir).into_keys().collect();
    assert_eq!(left, [dir.join("my.world.hewn"), dir.join("v1.2.hewn")]);

    // A name may not end in .hewn: such text is a path, and the two must never be confused.
    assert!(matches!(
        create_world(&dir, "x.hewn", 1, GeneratorKind::Flat),
        Err(SaveError::BadName(_))
    ));
}

#[test]
fn control_characters_in_names_are_refused_and_printed_escaped() {
    let data = tempfile::tempdir().expect("temp dir");
    let cwd = scenario_dir();
    let evil = "ev\u{1b}[31mil\nrow";
    for args in [
        vec!["sim", "s.toml", "--world", evil],
        vec!["world", "info", evil],
        vec!["world", "check", evil],
    ] {
        let out = hewn_in(&args, data.path(), cwd.path());
        assert_refused(&out, &["\"ev\\u{1b}[31mil\\nrow\" is not a world name"]);
        let err = text(&out.stderr);
        assert!(
            !err.contains('\u{1b}'),
            "a raw escape reached the terminal: {err:?}"
        );
        assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    }
    assert!(listing(data.path()).is_empty(), "no world was made");

    // A file made outside hewn with such a name is listed escaped, on one row, unplayable.
    let dir = data.path().join("worlds");
    saved_world(&dir.join(format!("{evil}.hewn")));
    let before = listing(data.path());
    let out = hewn_in(&["world", "list"], data.path(), cwd.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let list = text(&out.stdout);
    assert!(!list.contains('\u{1b}'), "{list:?}");
    assert_eq!(list.lines().count(), 2, "a header and one row: {list:?}");
    assert!(list.contains("ev\\u{1b}[31mil\\nrow"), "{list}");
    assert!(list.contains("is not a world name"), "{list}");
    assert_eq!(listing(data.path()), before);
}

#[test]
fn one_lock_holds_a_world_by_every_link_and_name() {
    let data = tempfile::tempdir().expect("temp dir");
    let cwd = scenario_dir();
    let path = data.path().join("worlds").join("w.hewn");
    saved_world(&path);
    let links = cwd.path();
    std::os::unix::fs::symlink(&path, links.join("sym.hewn")).expect("symlink");
    std::fs::hard_link(&path, links.join("hard.hewn")).expect("hard link");
    let linked_data = links.join("data-link");
    std::os::unix::fs::symlink(data.path(), &linked_data).expect("symlink");

    let (file, _) = WorldFile::open_or_create(&path, FLAT).expect("open the world");
    let before = listing(data.path());
    let before_links = listing(links);
    for (world, data_dir) in [
        ("sym.hewn", data.path()),
        ("hard.hewn", data.path()),
        ("w", linked_data.as_path()),
    ] {
        let out = hewn_in(&["sim", "s.toml", "--world", world], data_dir, links);
        assert_refused(&out, &[world, "is open in another hewn"]);
        assert!(out.stdout.is_empty(), "{world}: nothing ran");
    }
    assert_eq!(
        listing(data.path()),
        before,
        "the world is as the first hewn has it"
    );
    assert_eq!(listing(links), before_links);
    file.close().expect("close");

    let out = hewn_in(
        &["sim", "s.toml", "--world", "hard.hewn"],
        data.path(),
        links,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_dangling_symbolic_link_in_a_worlds_place_is_refused_not_replaced() {
    let data = tempfile::tempdir().expect("temp dir");
    let cwd = scenario_dir();
    let dir = data.path().join("worlds");
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::os::unix::fs::symlink(cwd.path().join("gone/w.hewn"), dir.join("d.hewn"))
        .expect("symlink");
    let before = listing(data.path());
    let before_cwd = listing(cwd.path());
    for args in [
        vec!["sim", "s.toml", "--world", "d"],
        vec!["world", "info", "d"],
        vec!["world", "check", "d"],
    ] {
        let out = hewn_in(&args, data.path(), cwd.path());
        assert_refused(&out, &["d.hewn is a symbolic link to", "does not exist"]);
    }
    // The title screen's Create refuses the name as taken.
    assert!(matches!(
        create_world(&dir, "d", 1, GeneratorKind::Flat),
        Err(SaveError::AlreadyExists { .. })
    ));
    assert_eq!(listing(data.path()), before);
    assert_eq!(listing(cwd.path()), before_cwd);
}

#[test]
fn a_fifo_or_folders_in_a_worlds_place_are_refused_without_blocking() {
    let data = tempfile::tempdir().expect("temp dir");
    let cwd = scenario_dir();
    let dir = data.path().join("worlds");
    std::fs::create_dir_all(&dir).expect("mkdir");
    let made = Command::new("mkfifo")
        .arg(dir.join("fifo.hewn"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    saved_world(&dir.join("shm.hewn"));
    std::fs::create_dir(dir.join("shm.hewn-shm")).expect("mkdir");
    let before = listing(data.path());
    for (world, needle) in [
        ("fifo", "fifo.hewn is a FIFO, not a world file"),
        ("shm", "shm.hewn-shm is a folder, not a world file"),
    ] {
        for args in [
            vec!["sim", "s.toml", "--world", world],
            vec!["world", "info", world],
            vec!["world", "check", world],
        ] {
            let out = hewn_in(&args, data.path(), cwd.path());
            assert_refused(&out, &[needle]);
            assert!(out.stdout.is_empty(), "{args:?}");
        }
    }
    assert_eq!(listing(data.path()), before);
}

#[test]
fn a_folder_named_like_the_old_lock_file_is_nothing_to_a_world() {
    let data = tempfile::tempdir().expect("temp dir");
    let cwd = scenario_dir();
    let dir = data.path().join("worlds");
    saved_world(&dir.join("w.hewn"));
    std::fs::create_dir(dir.join("w.hewn.lock")).expect("mkdir");
    let before = listing(data.path());
    for args in [["world", "check", "w"], ["world", "info", "w"]] {
        let out = hewn_in(&args, data.path(), cwd.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(listing(data.path()), before, "{args:?} leaves nothing");
    }
    let out = hewn_in(&["sim", "s.toml", "--world", "w"], data.path(), cwd.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let left: Vec<_> = listing(&dir).into_keys().collect();
    assert_eq!(left, [dir.join("w.hewn"), dir.join("w.hewn.lock")]);
}

/// The user and group ids of nobody.
const NOBODY: u32 = 65534;

#[test]
fn a_read_only_world_is_unplayable_to_check_and_to_opening_and_a_look_leaves_nothing() {
    use std::os::unix::fs::PermissionsExt as _;
    use std::os::unix::process::CommandExt as _;
    let data = tempfile::tempdir().expect("temp dir");
    let cwd = scenario_dir();
    let bin = tempfile::tempdir().expect("temp dir");
    let dir = data.path().join("worlds");
    let path = dir.join("ro.hewn");
    saved_world(&path);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    // Root may write any file, so a root run (as in CI) runs hewn as nobody, to whom the
    // world file is read-only but its folder is writable: SQLite could leave side files there.
    let as_root = std::fs::OpenOptions::new().write(true).open(&path).is_ok();
    if as_root {
        for folder in [data.path(), cwd.path(), bin.path()] {
            std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755))
                .expect("chmod");
        }
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    }
    let run = |args: &[&str]| {
        let mut command = Command::new(private_hewn(bin.path()));
        command
            .args(args)
            .env("HEWN_DATA_DIR", data.path())
            .current_dir(cwd.path());
        if as_root {
            command.uid(NOBODY).gid(NOBODY);
        }
        finish(command)
    };
    let before = listing(data.path());

    let out = run(&["world", "check", "ro"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("ro.hewn: healthy") && said.contains("read-only"),
        "{said}"
    );
    assert_eq!(listing(data.path()), before, "check leaves nothing");

    let out = run(&["sim", "s.toml", "--world", "ro"]);
    assert_refused(&out, &["ro.hewn cannot be written (it is read-only)"]);
    assert!(out.stdout.is_empty(), "nothing ran");
    assert_eq!(listing(data.path()), before, "opening leaves nothing");

    for args in [&["world", "info", "ro"][..], &["world", "list"]] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("ro"), "{}", text(&out.stdout));
        assert_eq!(listing(data.path()), before, "{args:?} leaves nothing");
    }
}

#[test]
fn a_run_that_cannot_start_leaves_an_old_world_byte_identical() {
    let data = tempfile::tempdir().expect("temp dir");
    let cwd = scenario_dir();
    let path = data.path().join("worlds").join("old.hewn");
    saved_world(&path);
    // Back to what a version 1 hewn wrote, which opening for play would upgrade.
    let conn = rusqlite::Connection::open(&path).expect("open with sqlite");
    conn.execute_batch(common::worlds::UNNAME_PLAYERS)
        .expect("downgrade");
    conn.execute_batch(
        "DROP TABLE crates; DROP TABLE updates; DROP TABLE falling; DROP TABLE survival; DROP TABLE packs; DROP TABLE blocks; DROP TABLE creatures; DROP TABLE mod_storage; PRAGMA user_version = 1;",
    )
    .expect("downgrade");
    conn.close().expect("close");
    let before = listing(data.path());
    for world in ["old", path.to_str().expect("utf-8")] {
        let bin = tempfile::tempdir().expect("temp dir");
        let mut command = Command::new(private_hewn(bin.path()));
        command
            .args(["--world", world])
            .env("HEWN_DATA_DIR", data.path())
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .current_dir(cwd.path());
        let out = finish(command);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        assert!(!text(&out.stderr).contains("panicked"));
        assert_eq!(
            listing(data.path()),
            before,
            "{world}: the file is as it was"
        );
    }
}
