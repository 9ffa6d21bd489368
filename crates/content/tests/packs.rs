//! Packs read from folders: the example pack passes, and every kind of hostile or broken
//! pack is refused with a problem naming its file (and line and key where it has them),
//! in bounded time and memory.

use std::fs;
use std::path::{Path, PathBuf};

use hewn_content::{Pack, Summary, check};

/// The problems reading and checking the pack at `dir` gives, each as its display.
fn problems(dir: &Path) -> Vec<String> {
    let result = Pack::read(dir).and_then(|pack| check(&pack));
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

/// A grey PNG of `side` × `side` pixels: a whole image where a texture may be that large,
/// and past that only a header and an empty image data chunk, which is all a check reads of
/// a texture too large.
fn png(side: u32) -> Vec<u8> {
    if side <= 512 {
        let image = image::RgbaImage::from_pixel(side, side, image::Rgba([128, 128, 128, 255]));
        let mut bytes = std::io::Cursor::new(Vec::new());
        image
            .write_to(&mut bytes, image::ImageFormat::Png)
            .expect("encodes");
        return bytes.into_inner();
    }
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
    let summary = check(&pack).expect("more-stone has no problem");
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
    let summary = check(&pack).expect("no problem");
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
    // A texture of a good size whose pixels do not decode is refused as well, so the atlas
    // never meets it.
    let mut cut = png(16);
    cut.truncate(cut.len() - 20);
    let dir = pack(root.path(), "cut", &[("textures/marble.png", &cut)]);
    assert_problem(
        &problems(&dir),
        "cut/textures/marble.png",
        "not a PNG image",
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

/// A `.zip` at `path` of `entries`: (name, contents), or (name, target) for a link when the
/// name ends in `@`.
fn zip_of(path: &Path, entries: &[(&str, &[u8])]) {
    use std::io::Write as _;
    let mut zip = zip::ZipWriter::new(fs::File::create(path).expect("a file"));
    let options = zip::write::SimpleFileOptions::default();
    for (name, bytes) in entries {
        match name.strip_suffix('@') {
            Some(link) => zip
                .add_symlink(link, String::from_utf8_lossy(bytes), options)
                .expect("a link"),
            None => {
                zip.start_file(*name, options).expect("an entry");
                zip.write_all(bytes).expect("written");
            }
        }
    }
    zip.finish().expect("finished");
}

const MANIFEST: &[u8] = b"name = \"tested\"\nversion = \"1\"\n";

#[test]
fn a_zipped_pack_reads_as_its_folder_does() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/packs/more-stone");
    let mut entries: Vec<(String, Vec<u8>)> = Vec::new();
    for name in ["pack.toml", "blocks.toml", "recipes.toml", "smelting.toml"] {
        entries.push((
            format!("more-stone/{name}"),
            fs::read(dir.join(name)).expect("read"),
        ));
    }
    for name in ["marble", "marble_bricks", "polished_marble"] {
        let path = format!("textures/{name}.png");
        entries.push((
            format!("more-stone/{path}"),
            fs::read(dir.join(&path)).expect("read"),
        ));
    }
    let zipped = root.path().join("more-stone.zip");
    let borrowed: Vec<(&str, &[u8])> = entries
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    zip_of(&zipped, &borrowed);
    let from_zip = Pack::read(&zipped).expect("the zip reads");
    let from_dir = Pack::read(&dir).expect("the folder reads");
    assert_eq!(from_zip.manifest, from_dir.manifest);
    assert_eq!(from_zip.files, from_dir.files);
    assert_eq!(check(&from_zip).expect("no problem").blocks, 4);
}

#[test]
fn hostile_archives_are_refused() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let refused = |name: &str, entries: &[(&str, &[u8])], words: &str| {
        let path = root.path().join(format!("{name}.zip"));
        zip_of(&path, entries);
        let found = problems(&path);
        assert!(
            found.iter().any(|p| p.contains(words)),
            "{name}: {found:#?}"
        );
    };
    refused(
        "escape",
        &[("pack.toml", MANIFEST), ("../blocks.toml", MARBLE)],
        "nothing that leaves the pack",
    );
    refused(
        "absolute",
        &[("pack.toml", MANIFEST), ("/etc/blocks.toml", MARBLE)],
        "nothing that leaves the pack",
    );
    refused(
        "hidden",
        &[("pack.toml", MANIFEST), ("textures/.x.png", b"x")],
        "nothing that leaves the pack",
    );
    refused(
        "link",
        &[("pack.toml", MANIFEST), ("blocks.toml@", b"/etc/passwd")],
        "a link",
    );
    // A bomb: 100 MiB of zeros deflate to about 100 KiB; it is refused when its inflated
    // bytes pass the file's limit, not read whole.
    let zeros = vec![0u8; 100 << 20];
    refused(
        "bomb",
        &[("pack.toml", MANIFEST), ("blocks.toml", &zeros)],
        "bytes",
    );
    let not_zip = root.path().join("plain.zip");
    fs::write(&not_zip, b"not an archive").expect("written");
    assert!(
        problems(&not_zip)
            .iter()
            .any(|p| p.contains("not a zip archive"))
    );
}

#[test]
fn packs_in_an_order_their_needs_or_names_forbid_are_refused() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let manifest = |name: &str, needs: &str| {
        format!("name = \"{name}\"\nversion = \"1\"\nneeds = [{needs}]\n")
    };
    let read = |folder: &str, text: String| {
        let dir = pack(root.path(), folder, &[]);
        fs::write(dir.join("pack.toml"), text).expect("written");
        Pack::read(&dir).expect("reads")
    };
    let stone = read("stone", manifest("stone", ""));
    let marble = read("marble", manifest("marble", "\"stone\""));
    hewn_content::order(&[stone.clone(), marble.clone()]).expect("stone before marble");
    let found: Vec<String> = hewn_content::order(&[marble.clone(), stone.clone()])
        .expect_err("marble before stone")
        .0
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_problem(
        &found,
        "marble/pack.toml: needs",
        "marble needs stone, which is not enabled before it",
    );
    // Two packs needing each other can be put in no order.
    let a = read("a", manifest("a", "\"b\""));
    let b = read("b", manifest("b", "\"a\""));
    assert!(hewn_content::order(&[a.clone(), b.clone()]).is_err());
    assert!(hewn_content::order(&[b, a]).is_err());
    // Two packs of one name would share a namespace.
    let again = read("stone-again", manifest("stone", ""));
    let found: Vec<String> = hewn_content::order(&[stone, again])
        .expect_err("two stones")
        .0
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_problem(
        &found,
        "stone-again/pack.toml: name",
        "a second pack named stone",
    );
}

#[test]
fn more_blocks_than_items_can_name_are_refused() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let many: String = (0..=hewn_content::MAX_CARRIED_BLOCKS - 108)
        .map(|i| format!("[[block]]\nname = \"tested:b{i}\"\ntexture = \"marble\"\n\n"))
        .collect();
    let dir = pack(
        root.path(),
        "many",
        &[
            ("blocks.toml", many.as_bytes()),
            ("textures/marble.png", &png(16)),
        ],
    );
    assert_problem(
        &problems(&dir),
        "many/blocks.toml: block",
        "257 blocks in all",
    );
}

#[test]
fn a_texture_pack_replaces_base_textures_and_nothing_else() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/packs/classic-textures");
    let pack = Pack::read_dir(&dir).expect("the example texture pack reads");
    let textures = hewn_content::texture_pack(&pack).expect("it passes");
    assert_eq!(textures.len(), 13);
    assert!(textures.get("grass_top").is_some() && textures.get("marble").is_none());

    let root = tempfile::tempdir().expect("a temporary folder");
    let stray = pack_with(root.path(), "stray", &[("textures/marble.png", &png(16))]);
    let refused = hewn_content::texture_pack(&stray).expect_err("refused");
    assert_problem(
        &refused
            .0
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        "stray/textures/marble.png",
        "no texture of the base pack's",
    );
    let blocks = pack_with(root.path(), "blocks", &[("blocks.toml", MARBLE)]);
    let refused = hewn_content::texture_pack(&blocks).expect_err("refused");
    assert_problem(
        &refused
            .0
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        "blocks/blocks.toml",
        "textures only",
    );
}

/// The pack `name` in `root`, holding `files`, read.
fn pack_with(root: &Path, name: &str, files: &[(&str, &[u8])]) -> Pack {
    Pack::read_dir(&pack(root, name, files)).expect("reads")
}

#[test]
fn a_later_pack_removes_or_replaces_an_earlier_packs_recipe() {
    use hewn_core::sim::Item;
    let root = tempfile::tempdir().expect("a temporary folder");
    // Torches made eight at a time in place of the base pack's four, and no bricks block.
    let recipes = br##"
[[remove]]
output = "torch"

[[remove]]
output = "bricks"

[[recipe]]
output = "torch"
count = 8
pattern = ["C", "S"]
key = { C = "#coals", S = "stick" }
"##;
    let dir = pack(root.path(), "brighter", &[("recipes.toml", recipes)]);
    let brighter = Pack::read_dir(&dir).expect("reads");
    let content = hewn_content::load(&[brighter]).expect("loads");
    let torch = Item::from_name("torch").expect("an item");
    let bricks = Item::from_name("bricks").expect("an item");
    let torches: Vec<u8> = (content.rules.recipes().iter())
        .filter(|r| r.output == torch)
        .map(|r| r.count)
        .collect();
    assert_eq!(torches, [8]);
    assert!(content.rules.recipes().iter().all(|r| r.output != bricks));
    let base = hewn_core::sim::survival::Rules::base().recipes();
    assert_eq!(base.iter().filter(|r| r.output == torch).count(), 1);

    let wrong = pack(
        root.path(),
        "wrong",
        &[("recipes.toml", b"[[remove]]\noutput = \"nothing_at_all\"\n")],
    );
    assert_problem(
        &problems(&wrong),
        "wrong/recipes.toml:1: remove.output",
        "no item is named nothing_at_all",
    );
}

#[test]
fn a_later_pack_overrides_what_an_earlier_block_digs_drops_and_looks_like() {
    use hewn_core::world::block::{Drop, ToolKind};
    let root = tempfile::tempdir().expect("a temporary folder");
    let blocks = br#"
[[override]]
name = "stone"
hardness = 3
tool = "axe"
drop = "gravel"
texture = "marble"
"#;
    let dir = pack(
        root.path(),
        "soft",
        &[("blocks.toml", blocks), ("textures/marble.png", &png(16))],
    );
    let soft = Pack::read_dir(&dir).expect("reads");
    let content = hewn_content::load(&[soft]).expect("loads");
    let stone = content.registry.named("stone").expect("still there");
    assert_eq!(stone, hewn_core::world::Block::STONE, "at its own id");
    let p = content.registry.properties(stone);
    assert_eq!(p.hardness_tenths, Some(30));
    assert_eq!(p.tool, Some(ToolKind::Axe));
    assert_eq!(p.drop, Drop::Named("gravel".into()));
    assert_eq!(
        p.textures.side, "tested:marble",
        "the pack's own, by its namespace"
    );
    assert!(
        p.colliders.len() == 1 && p.opacity == 15,
        "its shape and light stay"
    );

    let wrong = pack(
        root.path(),
        "wrong",
        &[(
            "blocks.toml",
            b"[[override]]\nname = \"nothing\"\nhardness = 1\n",
        )],
    );
    assert_problem(
        &problems(&wrong),
        "wrong/blocks.toml:2: override.name",
        "no block is named nothing",
    );
    let untextured = pack(
        root.path(),
        "untextured",
        &[(
            "blocks.toml",
            b"[[override]]\nname = \"dirt\"\ntexture = \"nowhere\"\n",
        )],
    );
    assert_problem(
        &problems(&untextured),
        "untextured/blocks.toml: block.texture",
        "neither textures/nowhere.png nor a base texture",
    );
}

#[test]
fn a_creature_wears_its_packs_textures_or_the_base_packs_and_no_others() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let goat = |limbs: &str| {
        format!(
            r##"
[[creature]]
name = "goat"
width = 0.9
height = 1.3
health = 10
speed = 1.2
behaviour = "passive"
spawns = "animal"
model = "quadruped"
skin = ["#e0e0d8", "#d0d0c8", "#c0c0b8", "#303030"]
textures = {{ body = "goat_hair", head = "cow_face", limbs = "{limbs}" }}
sound = "sheep"
"##
        )
    };
    let hair = png(16);
    let good = goat("goat_hair");
    let dir = pack(
        root.path(),
        "goats",
        &[
            ("creatures.toml", good.as_bytes()),
            ("textures/goat_hair.png", &hair),
        ],
    );
    let content = hewn_content::load(&[Pack::read_dir(&dir).expect("reads")]).expect("loads");
    let kind = (content.rules.kinds().iter())
        .find(|k| k.name == "goat")
        .expect("the goat");
    // The pack's own texture by its pack's name, the base pack's by its own; the mark has
    // none and keeps its colour.
    let named = |t: &Option<String>| t.clone().unwrap_or_default();
    assert_eq!(
        kind.textures.each_ref().map(named),
        ["tested:goat_hair", "cow_face", "tested:goat_hair", ""]
    );

    let bad = goat("no_such_texture");
    let wrong = pack(root.path(), "wrong", &[("creatures.toml", bad.as_bytes())]);
    assert_problem(
        &problems(&wrong),
        "wrong/creatures.toml:3: creature.textures",
        "goat: no texture is named goat_hair",
    );
    assert_problem(
        &problems(&wrong),
        "wrong/creatures.toml:3: creature.textures",
        "goat: no texture is named no_such_texture",
    );
}

#[test]
fn every_base_creature_texture_is_a_base_texture() {
    for kind in hewn_core::sim::survival::Rules::base().kinds() {
        for name in kind.textures.iter().flatten() {
            assert!(
                hewn_content::base_texture(name).is_some(),
                "{}: no base texture {name}",
                kind.name
            );
        }
    }
    let sheep = (hewn_core::sim::survival::Rules::base().kinds().iter())
        .find(|k| k.name == "sheep")
        .expect("sheep");
    assert!(sheep.textures.iter().all(Option::is_some));
}

/// A pack folder `name` in `root` whose manifest names `mod.wasm`, holding `module` as it.
fn modded(root: &Path, name: &str, module: &str) -> PathBuf {
    let dir = pack(root, name, &[]);
    fs::write(
        dir.join("pack.toml"),
        "name = \"tested\"\nversion = \"1\"\nmodule = \"mod.wasm\"\n",
    )
    .expect("written");
    let wasm = wat::parse_str(module).expect("a test module");
    fs::write(dir.join("mod.wasm"), wasm).expect("written");
    dir
}

#[test]
fn a_packs_mod_is_checked_and_never_sent_to_clients() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let good = modded(
        root.path(),
        "good",
        r#"(module (import "hewn" "log" (func (param i32 i32)))
             (memory (export "memory") 1)
             (func (export "hewn_tick") (param i64)))"#,
    );
    let read = Pack::read_dir(&good).expect("reads");
    check(&read).expect("a good mod passes");
    // Clients get the pack without its code, and know it by that.
    let sent = read.for_clients();
    assert!(sent.manifest.module.is_none() && !sent.files.contains_key("mod.wasm"));
    assert_ne!(sent.identity(), read.identity());
    let content = hewn_content::load(std::slice::from_ref(&read)).expect("loads");
    let plain = hewn_content::load(&[sent]).expect("loads");
    assert_eq!(content.id, plain.id, "the content id is what clients have");

    let sneaky = modded(
        root.path(),
        "sneaky",
        r#"(module (import "wasi_snapshot_preview1" "fd_write"
                     (func (param i32 i32 i32 i32) (result i32)))
             (memory (export "memory") 1))"#,
    );
    assert_problem(
        &problems(&sneaky),
        "sneaky/mod.wasm: module",
        "it imports wasi_snapshot_preview1.fd_write",
    );
    let missing = pack(root.path(), "missing", &[]);
    fs::write(
        missing.join("pack.toml"),
        "name = \"tested\"\nversion = \"1\"\nmodule = \"mod.wasm\"\n",
    )
    .expect("written");
    assert_problem(
        &problems(&missing),
        "missing/mod.wasm: module",
        "no such file",
    );
    let outside = pack(root.path(), "outside", &[]);
    fs::write(
        outside.join("pack.toml"),
        "name = \"tested\"\nversion = \"1\"\nmodule = \"../mod.wasm\"\n",
    )
    .expect("written");
    assert_problem(
        &problems(&outside),
        "outside/pack.toml:3: module",
        "not a module's file",
    );
}
