//! Random content files never panic the readers: whatever bytes a pack's `blocks.toml` or
//! rules files hold, reading them gives a registry or the problems found, each with its file.
//!
//! Two sources of input: the base pack's own files with random edits (a few bytes changed,
//! cut short, a line repeated), which keep most of the structure and so reach the checks
//! past the parser, and text built from the schema's keys and values, shuffled.

use hewn_core::sim::survival::{Rules, RulesFiles};
use hewn_core::world::block::{Problems, Registry};
use proptest::prelude::*;

const BLOCKS: &str = include_str!("../../../assets/content/base/blocks.toml");
const RECIPES: &str = include_str!("../../../assets/content/base/recipes.toml");
const TAGS: &str = include_str!("../../../assets/content/base/tags.toml");
const SMELTING: &str = include_str!("../../../assets/content/base/smelting.toml");

/// `text` with `edits` applied: each replaces the byte at a position (modulo the length)
/// with one of a handful that matter to TOML, or cuts the text there.
fn edited(text: &str, edits: &[(usize, u8)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, choice) in edits {
        if bytes.is_empty() {
            break;
        }
        let at = at % bytes.len();
        let replacement = b"\"[]{}=,\n#x0-.:/ "[usize::from(choice) % 16];
        if choice >= 250 {
            bytes.truncate(at);
        } else {
            bytes[at] = replacement;
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Every problem names a file; none panics on the way.
fn check(result: Result<(), Problems>) {
    if let Err(problems) = result {
        assert!(!problems.0.is_empty());
        for p in &problems.0 {
            assert!(!p.file.is_empty(), "{p}");
        }
    }
}

/// A line of schema words in random order.
fn schema_line() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "[[block]]",
        "[[recipe]]",
        "[[smelt]]",
        "[[fuel]]",
        "[tag]",
        "name",
        "texture",
        "textures",
        "render",
        "shape",
        "points",
        "colliders",
        "outline",
        "opacity",
        "emission",
        "hardness",
        "drop",
        "held_as",
        "water",
        "crop",
        "door",
        "bed",
        "pattern",
        "key",
        "ingredients",
        "output",
        "count",
        "input",
        "item",
        "ticks",
        "=",
        "\"stone\"",
        "\"#planks\"",
        "\"full\"",
        "[[0, 0, 0, 16, 16, 16]]",
        "{ level = 3 }",
        "1.5",
        "-1",
        "70000",
        "[\"XX\", \"X\"]",
        "{ X = \"planks\" }",
        "true",
        "\"torch\"",
        "\"\"",
    ]);
    prop::collection::vec(words, 0..6).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn edited_base_files_never_panic(edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..6)) {
        check(Registry::read("blocks.toml", &edited(BLOCKS, &edits)).map(|_| ()));
        let recipes = edited(RECIPES, &edits);
        let tags = edited(TAGS, &edits);
        let smelting = edited(SMELTING, &edits);
        let files = RulesFiles { tags: &tags, recipes: &recipes, smelting: &smelting, ..RulesFiles::default() };
        check(Rules::read(&files).map(|_| ()));
    }

    #[test]
    fn shuffled_schema_words_never_panic(lines in prop::collection::vec(schema_line(), 0..30)) {
        let text = lines.join("\n");
        check(Registry::read("blocks.toml", &text).map(|_| ()));
        let earlier = [("tags.toml", text.as_str())];
        let files = RulesFiles { earlier_tags: &earlier, tags: &text, recipes: &text, smelting: &text, food: &text, ..RulesFiles::default() };
        check(Rules::read(&files).map(|_| ()));
    }

    #[test]
    fn any_saved_block_table_gives_a_registry_that_keeps_it_or_a_problem(
        whole_base in any::<bool>(),
        picks in prop::collection::vec((0usize..200, any::<bool>()), 0..160),
    ) {
        // A world's table: names of the base pack's blocks and names no pack declares, in
        // any order, repeated or not; half the time after the base pack's own, as a world
        // saves it, so the registry is made and not only refused.
        let base: Vec<&str> = Registry::base().names().collect();
        let prefix = if whole_base { base.clone() } else { Vec::new() };
        let kept: Vec<String> = prefix
            .iter()
            .map(|&n| n.to_owned())
            .chain(picks.iter().map(|&(i, lost)| {
                if lost { format!("gone:block_{i}") } else { base[i % base.len()].to_owned() }
            }))
            .collect();
        let sources = [hewn_core::world::block::BlocksSource {
            namespace: None,
            file: "blocks.toml",
            text: BLOCKS,
            own_textures: &[],
        }];
        match Registry::read_packs_keeping(&sources, &kept) {
            Ok(registry) => {
                // Every saved name keeps its id, and every base block its own.
                let names: Vec<&str> = registry.names().collect();
                for (id, name) in kept.iter().enumerate() {
                    prop_assert_eq!(names[id], name.as_str());
                }
                for (id, name) in base.iter().enumerate() {
                    prop_assert_eq!(names[id], *name);
                }
            }
            Err(problems) => check(Err(problems)),
        }
    }
}
