use super::*;
use fields::Field;
use hewn_core::physics::Control;
use winit::keyboard::KeyCode;

fn changed() -> Settings {
    let mut s = Settings {
        name: hewn_core::sim::PlayerName::new("Alex_2").unwrap(),
        fov: 95.5,
        mouse_sensitivity: 0.3,
        invert_y: true,
        auto_jump: true,
        render_distance: 12,
        render_scale: 0.5,
        far_view: 512,
        coarse_ring: false,
        vsync: false,
        fullscreen: true,
        gui_scale: 3.0,
        brightness: 0.8,
        fancy_leaves: false,
        clouds: false,
        texture_pack: "classic-textures".to_owned(),
        master_volume: 0.75,
        blocks_volume: 0.5,
        ambient_volume: 0.25,
        menus_volume: 0.0,
        keys: Bindings::default(),
        light: None,
    };
    s.keys.set(Binding::Control(Control::Jump), KeyCode::KeyJ);
    s.keys.set(Binding::Hotbar(8), KeyCode::Numpad9);
    s
}

#[test]
fn settings_survive_a_round_trip_through_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested").join(SETTINGS_FILE);
    changed().save(&path).unwrap();
    let (read, warnings) = Settings::load(&path);
    assert_eq!(warnings, Vec::<String>::new());
    assert_eq!(read, changed());
    assert!(
        !path.with_extension("toml.tmp").exists(),
        "the temporary file is gone"
    );
    // The defaults too, and writing what was read gives the same file.
    Settings::default().save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(Settings::parse(&text, "f"), (Settings::default(), vec![]));
    assert_eq!(Settings::load(&path).0.to_toml(), text);
}

#[test]
fn numbers_read_back_as_the_same_floats() {
    for n in [1e-7, 1.0 / 3.0, 0.1 + 0.2, 5e-324, 0.999_999_999_999_999_9] {
        let settings = Settings {
            brightness: n,
            ..Settings::default()
        };
        let text = settings.to_toml();
        assert_eq!(Settings::parse(&text, "f"), (settings, vec![]), "{text}");
    }
}

#[test]
fn a_missing_file_gives_the_defaults_one_warning_and_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(SETTINGS_FILE);
    let (settings, warnings) = Settings::load(&path);
    assert_eq!(settings, Settings::default());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("settings.toml"), "{warnings:?}");
    assert!(!path.exists());
}

#[test]
fn an_unreadable_or_invalid_file_gives_the_defaults_and_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    // A folder where the file should be cannot be read as one.
    let folder = dir.path().join("folder.toml");
    std::fs::create_dir(&folder).unwrap();
    let (settings, warnings) = Settings::load(&folder);
    assert_eq!(settings, Settings::default());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("cannot read"), "{warnings:?}");

    let path = dir.path().join(SETTINGS_FILE);
    let garbage = "fov = = 90\n\u{0}[[[";
    std::fs::write(&path, garbage).unwrap();
    let (settings, warnings) = Settings::load(&path);
    assert_eq!(settings, Settings::default());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("not valid TOML"), "{warnings:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), garbage);
}

#[test]
fn each_bad_value_gives_its_default_and_a_warning_naming_it_and_the_rest_is_kept() {
    let text = r#"
        fov = 200
        mouse_sensitivity = "fast"
        invert_y = true
        render_distance = 1
        vsync = 3
        gui_scale = 2.5
        brightness = -1.0
        colour = "blue"
        [keys]
        jump = "KeyJ"
        forward = "NotAKey"
        dance = "KeyX"
    "#;
    let (settings, warnings) = Settings::parse(text, "settings.toml");
    let expected = Settings {
        invert_y: true,
        gui_scale: 2.5,
        keys: {
            let mut k = Bindings::default();
            k.set(Binding::Control(Control::Jump), KeyCode::KeyJ);
            k
        },
        ..Settings::default()
    };
    assert_eq!(settings, expected);
    for name in [
        "fov",
        "mouse_sensitivity",
        "render_distance",
        "vsync",
        "brightness",
        "colour",
        "keys.forward",
        "dance",
    ] {
        assert_eq!(
            warnings.iter().filter(|w| w.contains(name)).count(),
            1,
            "one warning names {name}: {warnings:#?}"
        );
    }
    assert_eq!(warnings.len(), 8, "{warnings:#?}");
    assert!(warnings.iter().all(|w| w.starts_with("settings.toml: ")));
}

#[test]
fn a_rebound_key_does_the_new_thing_and_the_old_key_nothing() {
    let mut keys = Bindings::default();
    assert_eq!(
        keys.binding_of(KeyCode::Space),
        Some(Binding::Control(Control::Jump))
    );
    keys.set(Binding::Control(Control::Jump), KeyCode::KeyJ);
    assert_eq!(
        keys.binding_of(KeyCode::KeyJ),
        Some(Binding::Control(Control::Jump))
    );
    assert_eq!(keys.binding_of(KeyCode::Space), None);
    assert!(!keys.conflicts(Binding::Control(Control::Jump)));
}

#[test]
fn a_key_bound_twice_is_a_conflict_on_both() {
    let mut keys = Bindings::default();
    keys.set(Binding::Screenshot, KeyCode::KeyW);
    assert!(keys.conflicts(Binding::Screenshot));
    assert!(keys.conflicts(Binding::Control(Control::Forward)));
    assert!(!keys.conflicts(Binding::Control(Control::Back)));
    // The key does the first of its bindings in the settings screen's order.
    assert_eq!(
        keys.binding_of(KeyCode::KeyW),
        Some(Binding::Control(Control::Forward))
    );
}

#[test]
fn every_binding_has_its_own_name_and_default_key() {
    let defaults = Bindings::default();
    for (i, a) in Binding::ALL.iter().enumerate() {
        assert!(!defaults.conflicts(*a), "{a:?}");
        for b in &Binding::ALL[i + 1..] {
            assert_ne!(a.name(), b.name());
        }
    }
}

#[test]
fn flags_override_the_file_for_the_run_and_what_is_saved_is_the_file() {
    #[derive(clap::Parser)]
    struct Command {
        #[command(flatten)]
        play: PlayOptions,
    }
    let parse = |args: &[&str]| {
        <Command as clap::Parser>::try_parse_from(
            std::iter::once("hewn").chain(args.iter().copied()),
        )
        .unwrap()
        .play
    };
    let file = Settings {
        render_distance: 12,
        vsync: true,
        ..Settings::default()
    };
    assert_eq!(file.clone().overridden_by(&parse(&[])), file);
    let run = file.clone().overridden_by(&parse(&[
        "--render-distance",
        "4",
        "--vsync",
        "off",
        "--fullscreen",
    ]));
    assert_eq!(
        (run.render_distance, run.vsync, run.fullscreen),
        (4, false, true)
    );
    assert_eq!(
        file.render_distance, 12,
        "the file's settings are a separate value"
    );
}

#[test]
fn only_what_the_player_changed_reaches_the_file() {
    let file = Settings {
        render_distance: 12,
        ..Settings::default()
    };
    // Run with --render-distance 4; on the settings screen the player changes the field of
    // view and rebinds jump, leaving the render distance alone.
    let before = Settings {
        render_distance: 4,
        ..file.clone()
    };
    let mut after = before.clone();
    after.fov = 90.0;
    after
        .keys
        .set(Binding::Control(Control::Jump), KeyCode::KeyJ);
    let mut saved = file.clone();
    saved.adopt_changes(&before, &after);
    assert_eq!(saved.fov, 90.0);
    assert_eq!(
        saved.keys.key(Binding::Control(Control::Jump)),
        KeyCode::KeyJ
    );
    assert_eq!(saved.render_distance, 12, "the flag stays out of the file");
    // Now the player moves the render distance too: that is theirs to keep.
    let mut moved = after.clone();
    moved.render_distance = 6;
    saved.adopt_changes(&after, &moved);
    assert_eq!(saved.render_distance, 6);
}

/// The file `changed()` writes: its layout is the README's, and players' files.
const CHANGED_FILE: &str = r#"# hewn's settings, written by the game whenever one is changed.
fov = 95.5
mouse_sensitivity = 0.3
invert_y = true
auto_jump = true
render_distance = 12
render_scale = 0.5
far_view = 512
coarse_ring = false
vsync = false
fullscreen = true
gui_scale = 3.0
brightness = 0.8
fancy_leaves = false
clouds = false
texture_pack = "classic-textures"
name = "Alex_2"
master_volume = 0.75
blocks_volume = 0.5
ambient_volume = 0.25
menus_volume = 0.0

# Key names are those of the keys' places on a US keyboard (KeyW, Space, ShiftLeft).
[keys]
forward = "KeyW"
back = "KeyS"
left = "KeyA"
right = "KeyD"
jump = "KeyJ"
sneak = "ShiftLeft"
sprint = "ControlLeft"
hotbar_1 = "Digit1"
hotbar_2 = "Digit2"
hotbar_3 = "Digit3"
hotbar_4 = "Digit4"
hotbar_5 = "Digit5"
hotbar_6 = "Digit6"
hotbar_7 = "Digit7"
hotbar_8 = "Digit8"
hotbar_9 = "Numpad9"
inventory = "KeyE"
drop = "KeyQ"
chat = "KeyT"
chat_command = "Slash"
player_list = "Tab"
screenshot = "F2"
debug_overlay = "F3"
fullscreen = "F11"
switch_collider = "KeyC"
"#;

#[test]
fn the_file_is_written_exactly_as_it_always_was() {
    assert_eq!(changed().to_toml(), CHANGED_FILE);
}

#[test]
fn every_kind_of_bad_value_is_warned_about_in_the_same_words_and_key_order() {
    let text = r#"
        fov = 200
        mouse_sensitivity = "fast"
        invert_y = 1
        render_distance = 2.5
        vsync = 3
        gui_scale = true
        brightness = -1.0
        colour = "blue"
        fullscreen = 5000000000
        [keys]
        jump = "KeyJ"
        forward = "NotAKey"
        dance = "KeyX"
        back = 3
    "#;
    let (_, warnings) = Settings::parse(text, "f.toml");
    assert_eq!(
        warnings,
        [
            "f.toml: brightness = -1 is out of range (0 to 1); using 0.5",
            "f.toml: unknown setting \"colour\", ignored",
            "f.toml: fov = 200 is out of range (30 to 110); using 70",
            "f.toml: fullscreen = 5000000000 is not true or false; using false",
            "f.toml: gui_scale = true is not a number; using 2",
            "f.toml: invert_y = 1 is not true or false; using false",
            "f.toml: keys.back = 3 is not a key; using KeyS",
            "f.toml: unknown key binding \"dance\", ignored",
            "f.toml: keys.forward = \"NotAKey\" is not a key; using KeyW",
            "f.toml: mouse_sensitivity = \"fast\" is not a number; using 0.15",
            "f.toml: render_distance = 2.5 is not a whole number; using 8",
            "f.toml: vsync = 3 is not true or false; using true",
        ]
    );
    let (settings, warnings) = Settings::parse(
        "render_distance = 99999999999\nkeys = 3\ngui_scale = 4\nbrightness = 0",
        "f.toml",
    );
    assert_eq!(
        warnings,
        [
            "f.toml: keys is not a table; default keys",
            "f.toml: render_distance = 99999999999 is out of range (2 to 32); using 8",
        ]
    );
    assert_eq!((settings.gui_scale, settings.brightness), (4.0, 0.0));
}

#[test]
fn a_name_that_is_not_a_players_is_warned_about_and_the_default_used() {
    let read = |value: &str| Settings::parse(&format!("name = {value}"), "f.toml");
    assert_eq!(read("\"Steve_7\"").0.name.as_str(), "Steve_7");
    assert_eq!(read("\"Steve_7\"").1, Vec::<String>::new());
    for (value, warning) in [
        (
            "\"\"",
            "f.toml: name = \"\" is not a player's name (a player's name cannot be empty); \
             using player",
        ),
        (
            "\"a b\"",
            "f.toml: name = \"a b\" is not a player's name (a player's name has only the \
             letters A to Z and a to z, digits and _); using player",
        ),
        (
            "\"\\u001b[2J\"",
            "f.toml: name = \"\\u{1b}[2J\" is not a player's name (a player's name has only \
             the letters A to Z and a to z, digits and _); using player",
        ),
        (
            "\"seventeen_letters\"",
            "f.toml: name = \"seventeen_letters\" is not a player's name (a player's name has \
             at most 16 characters); using player",
        ),
        ("7", "f.toml: name = 7 is not text; using player"),
    ] {
        let (settings, warnings) = read(value);
        assert_eq!(settings.name, PlayerName::default(), "{value}");
        assert_eq!(warnings, [warning], "{value}");
    }
}

#[test]
fn every_setting_is_in_the_file_and_on_the_screen_once_and_reads_back() {
    let file: toml::Table = Settings::default().to_toml().parse().unwrap();
    let written: Vec<&String> = file.keys().filter(|&k| k != "keys").collect();
    let on_screen: Vec<Field> = fields::every().collect();
    assert_eq!(on_screen.len(), written.len(), "{written:?}");
    for key in written {
        assert_eq!(
            on_screen.iter().filter(|f| f.name() == key).count(),
            1,
            "{key}"
        );
    }
    // `changed()` differs from the defaults in every setting, so a setting the reader or the
    // writer missed, or `adopt_changes` did not carry, comes back as its default.
    let (changed, defaults) = (changed(), Settings::default());
    let file: toml::Table = changed.to_toml().parse().unwrap();
    let default_file: toml::Table = defaults.to_toml().parse().unwrap();
    for (key, value) in &file {
        if key != "keys" {
            assert_ne!(Some(value), default_file.get(key), "{key}");
        }
    }
    assert_eq!(
        Settings::parse(&changed.to_toml(), "f"),
        (changed.clone(), vec![])
    );
    let mut adopted = defaults.clone();
    adopted.adopt_changes(&defaults, &changed);
    assert_eq!(adopted, changed);
}

/// The names in `dir`, sorted, to show that reading the settings made nothing there.
fn listing(dir: &Path) -> Vec<std::ffi::OsString> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    names
}

/// [`Settings::load`] on another thread, failing rather than hanging if it blocks.
#[track_caller]
fn load_within_seconds(path: &Path) -> (Settings, Vec<String>) {
    let (send, receive) = std::sync::mpsc::channel();
    let owned = path.to_owned();
    // A receiver gone (the timeout below passed) has nothing to be told.
    std::thread::spawn(move || send.send(Settings::load(&owned)).is_ok());
    receive
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("reading the settings returned")
}

#[test]
#[cfg(unix)]
fn a_fifo_a_device_or_an_oversized_file_is_refused_unread_with_the_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.toml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let zero = dir.path().join("zero.toml");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let big = dir.path().join(SETTINGS_FILE);
    let text = format!("fov = 90\n#{}\n", "x".repeat(MAX_SETTINGS_BYTES as usize));
    std::fs::write(&big, &text).unwrap();
    let before = listing(dir.path());
    for (path, why) in [
        (&fifo, "not a regular file"),
        (&zero, "not a regular file"),
        (&big, "more than the 262144 a settings file may have"),
    ] {
        let (settings, warnings) = load_within_seconds(path);
        assert_eq!(settings, Settings::default());
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        let name = path.display().to_string();
        assert!(warnings[0].contains(&name), "{warnings:?}");
        assert!(warnings[0].contains(why), "{warnings:?}");
    }
    assert_eq!(listing(dir.path()), before);
    assert_eq!(std::fs::read_to_string(&big).unwrap(), text);
    // At the limit the file is read.
    std::fs::write(&big, format!("fov = 90\n#{}\n", "x".repeat(262_000))).unwrap();
    assert_eq!(Settings::load(&big).0.fov, 90.0);
}

#[test]
fn warnings_quote_only_the_start_of_a_long_value_or_name() {
    let long = "x".repeat(200_000);
    let text = format!("fov = \"{long}\"\n{long} = 1\n[keys]\njump = \"{long}\"\n");
    let (settings, warnings) = Settings::parse(&text, "f.toml");
    assert_eq!(settings, Settings::default());
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    for w in &warnings {
        assert!(w.len() < 300, "{w}");
    }
    assert!(warnings.iter().any(|w| w.contains("f.toml: fov = \"xxx")));
}

#[test]
fn the_far_view_takes_only_its_distances() {
    let (settings, warnings) = Settings::parse("far_view = 4096", "f.toml");
    assert_eq!((settings.far_view, warnings), (4096, vec![]));
    let (settings, warnings) = Settings::parse("far_view = 1000", "f.toml");
    assert_eq!(
        warnings,
        ["f.toml: far_view = 1000 is not one of 0, 512, 1024, 2048, 4096; using 2048"]
    );
    assert_eq!(settings.far_view, 2048, "the default");
    let (_, warnings) = Settings::parse("far_view = 8192", "f.toml");
    assert_eq!(
        warnings,
        ["f.toml: far_view = 8192 is out of range (0 to 4096); using 2048"]
    );
}

#[test]
fn light_is_worked_out_where_it_draws_faster_unless_the_command_line_says() {
    let at = |render_distance, light| Settings {
        render_distance,
        light,
        ..Settings::default()
    };
    assert_eq!(at(8, None).shading(), Shading::Vertex);
    assert_eq!(at(SHADER_LIGHT_FROM - 1, None).shading(), Shading::Vertex);
    assert_eq!(at(SHADER_LIGHT_FROM, None).shading(), Shading::Sampled);
    assert_eq!(at(32, None).shading(), Shading::Sampled);
    assert_eq!(at(32, Some(Shading::Vertex)).shading(), Shading::Vertex);
    assert_eq!(at(4, Some(Shading::Sampled)).shading(), Shading::Sampled);
}

#[test]
fn values_of_every_other_toml_type_are_refused_in_the_same_words() {
    let text = r#"
        fov = 1979-05-27
        mouse_sensitivity = nan
        gui_scale = inf
        render_distance = -3
        far_view = [1]
        vsync = { a = 1 }
        name = 1979-05-27T07:32:00Z
        clouds = "true"
        keys = ["KeyW"]
        "" = 1
        "a.b" = 2
        [x]
        y = 1
    "#;
    let (settings, warnings) = Settings::parse(text, "f.toml");
    assert_eq!(settings, Settings::default());
    assert_eq!(
        warnings,
        [
            "f.toml: unknown setting \"\", ignored",
            "f.toml: unknown setting \"a.b\", ignored",
            "f.toml: clouds = \"true\" is not true or false; using true",
            "f.toml: far_view = [1] is not a whole number; using 2048",
            "f.toml: fov = 1979-05-27 is not a number; using 70",
            "f.toml: gui_scale = inf is out of range (1 to 4); using 2",
            "f.toml: keys is not a table; default keys",
            "f.toml: mouse_sensitivity = NaN is out of range (0.01 to 1); using 0.15",
            "f.toml: name = 1979-05-27T07:32:00Z is not text; using player",
            "f.toml: render_distance = -3 is out of range (2 to 32); using 8",
            "f.toml: vsync = { a = 1 } is not true or false; using true",
            "f.toml: unknown setting \"x\", ignored",
        ]
    );
    let keys = "[keys]\njump = \"\"\nsneak = { a = 1 }\n\"\" = \"KeyW\"\ndrop = \"Unidentified\"\n";
    assert_eq!(
        Settings::parse(keys, "f.toml"),
        (
            Settings::default(),
            vec![
                "f.toml: unknown key binding \"\", ignored".to_owned(),
                "f.toml: keys.drop = \"Unidentified\" is not a key; using KeyQ".to_owned(),
                "f.toml: keys.jump = \"\" is not a key; using Space".to_owned(),
                "f.toml: keys.sneak = { a = 1 } is not a key; using ShiftLeft".to_owned(),
            ]
        )
    );
}

#[test]
fn an_older_file_without_the_newer_settings_gives_their_defaults_silently() {
    // A file from before auto-jump, clouds, the name and the volumes, with fewer keys.
    let text = "fov = 90.0\nrender_distance = 12\nvsync = false\n[keys]\njump = \"KeyJ\"\n";
    let (settings, warnings) = Settings::parse(text, "f.toml");
    assert_eq!(warnings, Vec::<String>::new());
    let mut expected = Settings {
        fov: 90.0,
        render_distance: 12,
        vsync: false,
        ..Settings::default()
    };
    expected
        .keys
        .set(Binding::Control(Control::Jump), KeyCode::KeyJ);
    assert_eq!(settings, expected);
    assert_eq!(Settings::parse("", "f.toml"), (Settings::default(), vec![]));
}
