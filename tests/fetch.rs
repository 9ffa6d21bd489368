//! A server's packs brought to a client that has never seen them, over 127.0.0.1: the client
//! fetches them before it joins, sees and places their blocks, keeps them in its cache, and
//! fetches nothing the next time (and again what was damaged in the cache since); what the
//! fetch costs on the wire is counted.

mod common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use common::served::Served;
use common::{make_world, private_hewn, text};

/// A pack of one block whose texture is 512 × 512 texels of noise, which no compression
/// shrinks: a megabyte to fetch.
fn noise_pack(dir: &Path) -> u64 {
    std::fs::create_dir_all(dir.join("textures")).expect("a folder");
    let manifest = "name = \"noise\"\nversion = \"1.0.0\"\ndescription = \"A block of noise.\"\n";
    let blocks = "[[block]]\nname = \"noise:static\"\ntexture = \"static\"\n";
    let mut state = 0x9e37_79b9_u32;
    let image = image::RgbaImage::from_fn(512, 512, |_, _| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        image::Rgba(state.to_le_bytes())
    });
    image
        .save(dir.join("textures/static.png"))
        .expect("the texture is written");
    std::fs::write(dir.join("pack.toml"), manifest).expect("written");
    std::fs::write(dir.join("blocks.toml"), blocks).expect("written");
    ["pack.toml", "blocks.toml", "textures/static.png"]
        .iter()
        .map(|f| std::fs::metadata(dir.join(f)).expect("there").len())
        .sum()
}

/// The server's world: the pack enabled, and a block of it at eye level ahead of where a
/// player starts.
const MAKE: &str = r#"
packs = ["server/noise"]
seed = 5
world = "flat"
mode = "creative"
ticks = 1

[[fill]]
from = [2, 65, 0]
to = [2, 65, 0]
block = "noise:static"
"#;

/// A bot's play, naming the pack's block, which it has only once it has joined.
const PLACE: &str = r#"
ticks = 30

[[input]]
at = 5
pitch = -60.0
action = "place"
block = "noise:static"
"#;

/// Runs a bot as `name` with its data (and cache) in `data`.
fn bot(bin: &Path, addr: &str, scenario: &Path, name: &str, data: &Path) -> Output {
    Command::new(bin)
        .args(["bot", addr])
        .arg(scenario)
        .args(["--name", name])
        .env("HEWN_DATA_DIR", data)
        .stdin(Stdio::null())
        .output()
        .expect("run hewn bot")
}

/// The report a bot printed.
fn report(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_str(text(&out.stdout).trim()).expect("one JSON object")
}

/// The bytes the server says it sent the client that just went.
fn sent_to_the_last(served: &Served) -> u64 {
    let line = served.wait_for("bytes sent to it over UDP", Duration::from_secs(10));
    let before = line.split(" bytes sent").next().unwrap_or_default();
    let number = before.rsplit(' ').next().unwrap_or_default();
    number
        .parse()
        .unwrap_or_else(|_| panic!("a count in {line:?}"))
}

#[test]
fn a_client_fetches_a_servers_pack_once_and_plays_its_blocks() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let bin = private_hewn(dir.path());
    let pack_bytes = noise_pack(&dir.path().join("server/noise"));
    assert!(pack_bytes > 1 << 20, "a megabyte pack: {pack_bytes}");
    std::fs::write(dir.path().join("place.toml"), PLACE).expect("written");
    let world = dir.path().join("w.hewn");
    make_world(&bin, &world, MAKE);

    let served = Served::start(&bin, &world, dir.path());
    let client = dir.path().join("client");
    let scenario = dir.path().join("place.toml");
    let first = report(&bot(&bin, &served.addr, &scenario, "alice", &client));
    let first_wire = sent_to_the_last(&served);
    // The whole pack came, once; the block the world holds and the one placed are the
    // pack's, by name.
    let fetched = first["content_fetched"].as_u64().expect("a count");
    assert!(fetched >= pack_bytes * 99 / 100 && fetched <= pack_bytes * 11 / 10);
    let edits = first["edits"].as_array().expect("edits");
    for (pos, what) in [([2, 65, 0], "in the world"), ([0, 64, -1], "placed")] {
        let edit = serde_json::json!({"pos": pos, "block": "noise:static"});
        assert!(edits.contains(&edit), "{what}: {edits:?}");
    }

    let second = report(&bot(&bin, &served.addr, &scenario, "bob", &client));
    let second_wire = sent_to_the_last(&served);
    assert_eq!(second["content_fetched"], 0, "the cache holds it");

    // A cached pack damaged since is not trusted: it is fetched again, whole.
    let cache = client.join("cache/packs");
    for entry in std::fs::read_dir(&cache).expect("the cache").flatten() {
        std::fs::write(entry.path(), b"not a pack").expect("damaged");
    }
    let third = report(&bot(&bin, &served.addr, &scenario, "carol", &client));
    sent_to_the_last(&served);
    assert_eq!(third["content_fetched"], first["content_fetched"]);
    served.stop();
    // What the first join cost beyond the second is the pack: its bytes and at most a
    // tenth more (parts, packets and their headers).
    let content_wire = first_wire.saturating_sub(second_wire);
    assert!(
        content_wire >= pack_bytes && content_wire <= pack_bytes * 11 / 10,
        "{content_wire} bytes on the wire for a pack of {pack_bytes}"
    );
    println!(
        "pack {pack_bytes} bytes; first join {first_wire} bytes, second {second_wire}: \
         {content_wire} for the pack ({:.1}% more)",
        (content_wire as f64 / pack_bytes as f64 - 1.0) * 100.0
    );
}
