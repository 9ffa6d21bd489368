//! Packs read from folders: the example pack passes, and every kind of hostile or broken
//! pack is refused with a problem naming its file (and line and key where it has them),
//! in bounded time and memory.

use std::fs;
use std::path::{Path, PathBuf};

use hewn_content::{Pack, Summary, check};

/// The base pack's textures that the example pack may name: none of the tests' blocks do.
fn no_base_texture(_: &str) -> bool {
    false
}

/// The problems reading and checking the pack at `dir` gives, each as its display.
fn problems(dir: &Path) -> Vec<String> {
    let result = Pack::read_dir(dir).and_then(|pack| check(&pack, &no_base_texture));
    match result {
        Ok(summary) => panic!("{} passed: {summary:?}", dir.display()),
        Err(problems) => problems.0.iter().map(ToString::to_string).collect(),
    }
}

/// Asserts one of `found` starts with `prefix` and holds `words`.
#[track_caller]
fn assert_problem(found: &[String], prefix: &str, words: &str) {
    assert!(
        found
            .iter()
            .any(|p| p.starts_with(prefix) && p.contains(words)),
        "no problem {prefix} … {words} among {found:#?}"
    );
}

/// A pack folder `name` in `root` holding `files` (path, contents) and a good manifest.
fn pack(root: &Path, name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = root.join(name);
    fs::create_dir_all(dir.join("textures")).expect("a folder");
    fs::write(
        dir.join("pack.toml"),
        "name = \"tested\"\nversion = \"1\"\n",
    )
    .expect("written");
    for (path, bytes) in files {
        fs::write(dir.join(path), bytes).expect("written");
    }
    dir
}

/// A PNG whose header says `side` × `side` pixels: only its header and an empty image data
/// chunk, which is all a check reads.
fn png(side: u32) -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = side.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&side.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    for (kind, data) in [(&b"IHDR"[..], &ihdr[..]), (b"IDAT", &[]), (b"IEND", &[])] {
        out.extend_from_slice(&u32::try_from(data.len()).unwrap_or(0).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc(&body).to_be_bytes());
    }
    out
}

/// CRC-32 (IEEE), as PNG chunks carry it.
fn crc(bytes: &[u8]) -> u32 {
    let mut c = 0xffff_ffffu32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

const MARBLE: &[u8] = b"[[block]]\nname = \"tested:marble\"\ntexture = \"marble\"\n";

#[test]
fn the_example_pack_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/packs/more-stone");
    let pack = Pack::read_dir(&dir).expect("more-stone reads");
    assert_eq!(pack.manifest.name, "morestone");
    let summary = check(&pack, &no_base_texture).expect("more-stone has no problem");
    assert_eq!(
        summary,
        Summary {
            blocks: 4,
            recipes: 3,
            textures: 3
        }
    );
}

#[test]
fn mistakes_in_content_files_are_named_by_file_line_and_key() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let blocks = b"[[block]]\nname = \"tested:marble\"\ntexture = \"marble\"\n\n\
                   [[block]]\nname = \"tested:marble\"\ntexture = \"marble\"\nglow = 3\n";
    let dir = pack(
        root.path(),
        "twice",
        &[("blocks.toml", blocks), ("textures/marble.png", &png(16))],
    );
    let found = problems(&dir);
    assert_problem(&found, "twice/blocks.toml:8:", "unknown field `glow`");

    let blocks = b"[[block]]\nname = \"tested:marble\"\ntexture = \"marble\"\n\n\
                   [[block]]\nname = \"tested:marble\"\ntexture = \"marble\"\n\n\
                   [[block]]\nname = \"marble\"\ntexture = \"marble\"\n";
    let dir = pack(
        root.path(),
        "names",
        &[("blocks.toml", blocks), ("textures/marble.png", &png(16))],
    );
    let found = problems(&dir);
    assert_problem(
        &found,
        "names/blocks.toml:6: block.name",
        "a second block named tested:marble",
    );
    assert_problem(
        &found,
        "names/blocks.toml:10: block.name",
        "namespace, tested:",
    );

    let recipes = b"[[recipe]]\noutput = \"tested:granite\"\ningredients = [\"stone\"]\n";
    let dir = pack(
        root.path(),
        "recipe",
        &[
            ("blocks.toml", MARBLE),
            ("recipes.toml", recipes),
            ("textures/marble.png", &png(16)),
        ],
    );
    let found = problems(&dir);
    assert_problem(
        &found,
        "recipe/recipes.toml:1: recipe.output",
        "no item is named tested:granite",
    );

    let dir = pack(root.path(), "bare", &[("blocks.toml", MARBLE)]);
    let found = problems(&dir);
    assert_problem(
        &found,
        "bare/blocks.toml",
        "neither textures/marble.png nor a base texture",
    );
}

#[test]
fn a_pack_names_base_blocks_and_tags() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let recipes = b"[[recipe]]\noutput = \"tested:marble\"\npattern = [\"PS\"]\n\
                    key = { P = \"#planks\", S = \"stone\" }\n";
    let dir = pack(
        root.path(),
        "good",
        &[
            ("blocks.toml", MARBLE),
            ("recipes.toml", recipes),
            ("textures/marble.png", &png(16)),
        ],
    );
    let pack = Pack::read_dir(&dir).expect("reads");
    let summary = check(&pack, &no_base_texture).expect("no problem");
    assert_eq!((summary.blocks, summary.recipes), (1, 1));
}

#[test]
fn hostile_files_are_refused() {
    let root = tempfile::tempdir().expect("a temporary folder");
    // A texture claiming 16384 × 16384 pixels is refused from its header.
    let dir = pack(root.path(), "huge", &[("textures/marble.png", &png(16384))]);
    assert_problem(
        &problems(&dir),
        "huge/textures/marble.png",
        "16384 × 16384 pixels",
    );
    // A file past 4 MiB is refused before it is read.
    let dir = pack(
        root.path(),
        "big",
        &[("blocks.toml", &vec![b'#'; (4 << 20) + 1])],
    );
    assert_problem(
        &problems(&dir),
        "big/blocks.toml",
        "past the 4194304 a file may hold",
    );
    // A hidden file, an odd name, a file the game never reads.
    let dir = pack(root.path(), "hidden", &[(".secret", b"x")]);
    assert_problem(&problems(&dir), "hidden/.secret", "not starting with '.'");
    let dir = pack(root.path(), "odd", &[("blocks toml", b"x")]);
    assert_problem(&problems(&dir), "odd/blocks toml", "a name of letters");
    let dir = pack(root.path(), "extra", &[("script.lua", b"x")]);
    assert_problem(
        &problems(&dir),
        "extra/script.lua",
        "not a file a pack holds",
    );
    // Not UTF-8.
    let dir = pack(root.path(), "binary", &[("recipes.toml", &[0xff, 0xfe, 0])]);
    assert_problem(&problems(&dir), "binary/recipes.toml", "not UTF-8");
    // No manifest, or a bad one.
    let dir = root.path().join("empty");
    fs::create_dir_all(&dir).expect("a folder");
    assert_problem(&problems(&dir), "empty/pack.toml", "needs a pack.toml");
    let dir = pack(
        root.path(),
        "named",
        &[("pack.toml", b"name = \"Base!\"\nversion = \"1\"\n")],
    );
    assert_problem(
        &problems(&dir),
        "named/pack.toml:1: name",
        "not a pack name",
    );
}

#[cfg(unix)]
#[test]
fn a_link_out_of_the_pack_is_refused() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let outside = root.path().join("outside.toml");
    fs::write(&outside, MARBLE).expect("written");
    let dir = pack(root.path(), "linked", &[]);
    std::os::unix::fs::symlink(&outside, dir.join("blocks.toml")).expect("a link");
    assert_problem(&problems(&dir), "linked/blocks.toml", "a link");
    let dir = pack(root.path(), "folder_link", &[]);
    std::os::unix::fs::symlink(root.path(), dir.join("textures/up")).expect("a link");
    assert_problem(&problems(&dir), "folder_link/textures/up", "a link");
}
