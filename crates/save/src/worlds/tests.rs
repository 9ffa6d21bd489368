use super::*;

fn set_last_saved(path: &Path, unix: i64) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_saved', ?1)",
        [unix.to_string()],
    )
    .unwrap();
}

fn names(dir: &Path) -> Vec<String> {
    list_worlds(dir)
        .unwrap()
        .into_iter()
        .map(|w| w.name)
        .collect()
}

#[test]
fn worlds_are_listed_most_recently_played_first_with_what_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let old = create_world(dir.path(), "old", 7, GeneratorKind::Flat).unwrap();
    let new = create_world(dir.path(), "new", 42, GeneratorKind::Terrain).unwrap();
    set_last_saved(&old, 1_000);
    set_last_saved(&new, 2_000_000_000);
    std::fs::write(dir.path().join("notes.txt"), "not a world").unwrap();
    std::fs::write(dir.path().join("broken.hewn"), "not a database").unwrap();

    let worlds = list_worlds(dir.path()).unwrap();
    assert_eq!(
        worlds.iter().map(|w| w.name.as_str()).collect::<Vec<_>>(),
        ["new", "old", "broken"]
    );
    let summary = worlds[0].summary.as_ref().unwrap();
    assert_eq!(summary.meta.seed, 42);
    assert_eq!(summary.meta.generator, GeneratorKind::Terrain);
    assert!(summary.size > 0);
    assert_eq!(worlds[0].last_played(), Some(2_000_000_000));
    assert!(matches!(
        worlds[2].summary,
        Err(SaveError::NotADatabase { .. })
    ));
    assert_eq!(worlds[2].last_played(), None);
}

#[test]
fn a_folder_not_made_yet_holds_no_worlds() {
    let dir = tempfile::tempdir().unwrap();
    assert!(list_worlds(&dir.path().join("worlds")).unwrap().is_empty());
}

#[test]
fn a_world_is_made_once_and_opens_with_its_seed_and_generator() {
    let dir = tempfile::tempdir().unwrap();
    let path = create_world(dir.path(), "Castle 2", 99, GeneratorKind::Flat).unwrap();
    assert_eq!(path, dir.path().join("Castle 2.hewn"));
    let err = create_world(dir.path(), "Castle 2", 1, GeneratorKind::Terrain).unwrap_err();
    assert!(matches!(err, SaveError::AlreadyExists { .. }), "{err}");
    let (_, loaded) = WorldFile::open_or_create(&path, NewWorld::default()).unwrap();
    assert_eq!(loaded.meta.seed, 99);
    assert_eq!(loaded.meta.generator, GeneratorKind::Flat);
}

#[test]
fn names_that_are_not_one_file_in_the_folder_are_refused() {
    for bad in [
        "",
        "   ",
        ".",
        "..",
        ".hidden",
        "a/b",
        "a\\b",
        "c:",
        "tab\there",
        "esc\u{1b}[31m",
        "new\nline",
        "w.hewn",
        &"x".repeat(65),
    ] {
        assert!(
            matches!(check_world_name(bad), Err(SaveError::BadName(_))),
            "{bad:?} was accepted"
        );
    }
    for good in [
        "default",
        "My World",
        "été",
        "my.world",
        "v1.2",
        "w.hewn2",
        &"x".repeat(64),
    ] {
        check_world_name(good).unwrap();
        // A name that passes is never taken for a path.
        let resolved = crate::resolve_world(good).unwrap();
        assert_eq!(
            resolved.file_name().unwrap().to_string_lossy(),
            format!("{good}.hewn")
        );
    }
    let dir = tempfile::tempdir().unwrap();
    assert!(create_world(dir.path(), "../escape", 1, GeneratorKind::Flat).is_err());
    assert!(!dir.path().parent().unwrap().join("escape.hewn").exists());
}

#[test]
fn renaming_moves_the_world_and_keeps_its_contents() {
    let dir = tempfile::tempdir().unwrap();
    create_world(dir.path(), "a", 5, GeneratorKind::Flat).unwrap();
    create_world(dir.path(), "taken", 6, GeneratorKind::Flat).unwrap();
    let err = rename_world(dir.path(), "a", "taken").unwrap_err();
    assert!(matches!(err, SaveError::AlreadyExists { .. }), "{err}");

    let path = rename_world(dir.path(), "a", "b").unwrap();
    assert_eq!(names(dir.path()).len(), 2);
    assert!(!dir.path().join("a.hewn").exists());
    assert_eq!(summarize(&path).unwrap().meta.seed, 5);
    assert!(rename_world(dir.path(), "missing", "c").is_err());
}

#[test]
fn deleting_removes_the_world_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    create_world(dir.path(), "gone", 1, GeneratorKind::Flat).unwrap();
    create_world(dir.path(), "kept", 2, GeneratorKind::Flat).unwrap();
    // A log left by a crash goes with the world.
    std::fs::write(dir.path().join("gone.hewn-wal"), "").unwrap();
    delete_world(dir.path(), "gone").unwrap();
    assert_eq!(names(dir.path()), ["kept"]);
    assert!(!dir.path().join("gone.hewn-wal").exists());
    assert!(dir.path().join("kept.hewn").exists());
    assert!(delete_world(dir.path(), "gone").is_err());
}

#[test]
fn a_world_open_in_a_hewn_is_neither_renamed_nor_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let path = create_world(dir.path(), "busy", 3, GeneratorKind::Flat).unwrap();
    let (open, _) = WorldFile::open_or_create(&path, NewWorld::default()).unwrap();
    assert!(matches!(
        delete_world(dir.path(), "busy"),
        Err(SaveError::Locked { .. })
    ));
    assert!(matches!(
        rename_world(dir.path(), "busy", "other"),
        Err(SaveError::Locked { .. })
    ));
    assert!(path.exists());
    open.close().unwrap();
    delete_world(dir.path(), "busy").unwrap();
}

#[test]
fn seed_text_is_a_number_or_hashed_words_and_empty_is_random() {
    assert_eq!(seed_from_text("42"), 42);
    assert_eq!(seed_from_text(" 42 "), 42);
    assert_eq!(seed_from_text("-1"), u64::MAX);
    assert_eq!(seed_from_text("glacier"), seed_from_text("glacier"));
    assert_ne!(seed_from_text("glacier"), seed_from_text("Glacier"));
    assert_ne!(seed_from_text(""), seed_from_text(""));
}

#[test]
fn dates_are_civil() {
    assert_eq!(date_time(0), "1970-01-01 00:00");
    assert_eq!(date_time(951_782_400), "2000-02-29 00:00");
    assert_eq!(date_time(1_700_000_000), "2023-11-14 22:13");
}

#[test]
fn sizes_are_readable() {
    assert_eq!(human_size(512), "512 B");
    assert_eq!(human_size(2048), "2.0 KiB");
    assert_eq!(human_size(3 * 1_048_576), "3.0 MiB");
}
