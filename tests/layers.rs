//! The layering inside each crate, where the compiler cannot see it. Between crates Cargo
//! keeps the layers: a crate names only its dependencies, and they never form a cycle. Inside
//! one, `hewn-core`'s `lib.rs` declares its modules lowest layer first, in groups separated
//! by a blank line, and a module may use only the modules of the groups above its own. Inside
//! every module of every crate the same holds without a declared order: sibling modules (the
//! files of one folder) may use each other only one way, never in a cycle.
//!
//! Read from the source, not the compiler: every `crate::`, `super::` and `self::` path in
//! code outside comments and test modules counts, in `use` lines and inline alike. Tests may
//! reach up (a test of the world may build its world with the generator), as dev-dependencies
//! may.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module path below the crate root, e.g. `["sim", "scenario"]`.
type ModPath = Vec<String>;

/// The source of each module of the crate, by module path, test code removed.
fn read_modules(src: &Path) -> BTreeMap<ModPath, String> {
    let mut modules = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(src).expect("under src");
            let Some(module) = module_path(rel) else {
                continue;
            };
            let text = std::fs::read_to_string(&path).expect("read a source file");
            modules.insert(module, without_tests(&without_comments(&text)));
        }
    }
    modules
}

/// The module a file under `src/` holds: `sim/scenario.rs` and `sim/scenario/mod.rs` are
/// `sim::scenario`. `None` for what is not library code: binaries and test modules.
fn module_path(rel: &Path) -> Option<ModPath> {
    let parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if rel.extension()? != "rs" || parts[0] == "bin" || parts[0] == "main" {
        return None;
    }
    if parts.iter().any(|p| p == "tests") {
        return None;
    }
    let mut module = parts;
    if module.last().is_some_and(|p| p == "mod" || p == "lib") {
        module.pop();
    }
    Some(module)
}

/// `text` with `//` comments (doc comments included) blanked out.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| {
            let mut in_string = false;
            let bytes = line.as_bytes();
            for i in 0..bytes.len() {
                match bytes[i] {
                    b'"' if i == 0 || bytes[i - 1] != b'\\' => in_string = !in_string,
                    b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => return &line[..i],
                    _ => {}
                }
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` without the items marked `#[cfg(test)]` (a `mod tests;` line or a braced block).
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at + "#[cfg(test)]".len()..];
        let end_line = item.find(';').unwrap_or(item.len());
        let open = item.find('{').unwrap_or(item.len());
        if end_line < open {
            rest = &item[end_line + 1..];
            continue;
        }
        let mut depth = 0;
        let mut end = item.len();
        for (i, c) in item.char_indices().skip(open) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand_use_tree(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.split(" as ").next().unwrap_or(tree).trim().to_owned()];
    };
    let prefix = tree[..open].trim_end_matches("::").trim();
    // Prose that merely holds "use " (a message: "the blocks in use put {} at …") may close
    // no brace after it opens one.
    let close = tree.rfind('}').filter(|&c| c > open).unwrap_or(tree.len());
    let inner = &tree[open + 1..close];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(expand_use_tree)
        .map(|p| match p.as_str() {
            "self" => prefix.to_owned(),
            _ => format!("{prefix}::{p}"),
        })
        .collect()
}

/// Every path `code` names through `crate::`, `super::` or `self::`, split at `::`.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    // `use` trees first, whole, since their braces hide the paths inside.
    while let Some(at) = rest.find("use ") {
        let word_start = at == 0 || !rest.as_bytes()[at - 1].is_ascii_alphanumeric();
        let end = rest[at..].find(';').map_or(rest.len(), |e| at + e);
        if word_start {
            paths.extend(expand_use_tree(&rest[at + 4..end]));
        }
        rest = &rest[(at + 4).min(end)..];
    }
    // Then inline paths anywhere (those in `use` lines are found again, which is harmless).
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            paths.push(code[at..end].to_owned());
        }
    }
    paths
        .into_iter()
        .map(|p| {
            p.split("::")
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|p| {
            p.first()
                .is_some_and(|s| s == "crate" || s == "super" || s == "self")
        })
        .collect()
}

/// The module of `modules` that the path `named` from module `from` leads into: the longest
/// module its resolved path starts with.
fn resolve(from: &ModPath, named: &[String], modules: &BTreeMap<ModPath, String>) -> ModPath {
    let mut path = from.clone();
    let mut segments = named.iter().peekable();
    match segments.peek().map(|s| s.as_str()) {
        Some("crate") => {
            path.clear();
            segments.next();
        }
        _ => {
            while let Some(s) = segments.peek() {
                match s.as_str() {
                    "super" => {
                        path.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                segments.next();
            }
        }
    }
    let mut best = path.clone();
    for s in segments {
        path.push(s.clone());
        if modules.contains_key(&path) {
            best = path.clone();
        }
    }
    best
}

/// Module `a` uses module `b`: every pair, as sets of module paths.
fn uses(modules: &BTreeMap<ModPath, String>) -> BTreeSet<(ModPath, ModPath)> {
    let mut edges = BTreeSet::new();
    for (module, code) in modules {
        for named in named_paths(code) {
            let target = resolve(module, &named, modules);
            if &target != module {
                edges.insert((module.clone(), target));
            }
        }
    }
    edges
}

/// The layers `lib.rs` declares: groups of `pub mod` lines, separated by blank lines, lowest
/// first.
fn declared_layers(lib: &str) -> Vec<Vec<String>> {
    let mut layers = vec![Vec::new()];
    for line in lib.lines().map(str::trim) {
        if let Some(name) = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
        {
            layers
                .last_mut()
                .expect("a layer")
                .push(name.trim_end_matches(';').to_owned());
        } else if line.is_empty() && layers.last().is_some_and(|l| !l.is_empty()) {
            layers.push(Vec::new());
        }
    }
    layers.retain(|l| !l.is_empty());
    layers
}

/// Each use of a module of the same or a higher layer by a top-level module, as text.
fn layer_violations(layers: &[Vec<String>], edges: &BTreeSet<(ModPath, ModPath)>) -> Vec<String> {
    let layer_of = |m: &str| layers.iter().position(|l| l.iter().any(|n| n == m));
    let mut wrong = Vec::new();
    for (from, to) in edges {
        let (Some(a), Some(b)) = (from.first(), to.first()) else {
            continue;
        };
        if a == b {
            continue;
        }
        match (layer_of(a), layer_of(b)) {
            (Some(la), Some(lb)) if lb < la => {}
            (Some(_), Some(_)) => wrong.push(format!(
                "{} uses {}, which is not in a lower layer",
                from.join("::"),
                to.join("::")
            )),
            _ => wrong.push(format!(
                "{} or {} is not declared in a layer of lib.rs",
                a, b
            )),
        }
    }
    wrong
}

/// Each cycle among sibling modules (children of one module, below the top), as text.
fn sibling_cycles(edges: &BTreeSet<(ModPath, ModPath)>) -> Vec<String> {
    // Child of `parent` that `module` lies in, if it lies below `parent`.
    let child_of = |parent: &[String], module: &[String]| -> Option<String> {
        (module.len() > parent.len() && module.starts_with(parent))
            .then(|| module[parent.len()].clone())
    };
    let parents: BTreeSet<ModPath> = edges
        .iter()
        .flat_map(|(a, b)| [a, b])
        .flat_map(|m| (1..m.len()).map(|n| m[..n].to_vec()))
        .collect();
    let mut cycles = Vec::new();
    for parent in parents {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in edges {
            if let (Some(ca), Some(cb)) = (child_of(&parent, a), child_of(&parent, b))
                && ca != cb
            {
                graph.entry(ca).or_default().insert(cb);
            }
        }
        for (a, targets) in &graph {
            for b in targets {
                if reaches(&graph, b, a) {
                    let pair = format!("{0}::{a} and {0}::{b} use each other", parent.join("::"));
                    if !cycles.contains(&pair)
                        && !cycles.contains(&format!(
                            "{0}::{b} and {0}::{a} use each other",
                            parent.join("::")
                        ))
                    {
                        cycles.push(pair);
                    }
                }
            }
        }
    }
    cycles
}

/// Whether `to` can be reached from `from` in `graph`.
fn reaches(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_owned()];
    while let Some(n) = stack.pop() {
        if n == to {
            return true;
        }
        if seen.insert(n.clone()) {
            stack.extend(graph.get(&n).into_iter().flatten().cloned());
        }
    }
    false
}

/// The folder of each crate of the workspace, relative to its root: the game and its members.
fn crate_folders() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut folders = vec![root.to_path_buf()];
    for entry in std::fs::read_dir(root.join("crates")).expect("read crates/") {
        let path = entry.expect("entry").path();
        if path.join("Cargo.toml").exists() {
            folders.push(path);
        }
    }
    folders.sort();
    folders
}

fn crate_modules(folder: &Path) -> BTreeMap<ModPath, String> {
    read_modules(&folder.join("src"))
}

fn lib_rs(folder: &Path) -> String {
    let path = folder.join("src/lib.rs");
    without_comments(&std::fs::read_to_string(path).expect("read lib.rs"))
}

#[test]
fn no_module_of_the_core_uses_one_of_its_own_or_a_higher_layer() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/core");
    let layers = declared_layers(&lib_rs(&core));
    assert!(layers.len() > 3, "lib.rs declares its layers: {layers:?}");
    let modules = crate_modules(&core);
    for top in modules.keys().filter_map(|m| m.first()) {
        assert!(
            layers.iter().flatten().any(|n| n == top),
            "module {top} is in no layer of lib.rs"
        );
    }
    let wrong = layer_violations(&layers, &uses(&modules));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn sibling_modules_never_use_each_other_in_a_cycle() {
    let folders = crate_folders();
    assert!(folders.len() > 5, "the workspace's crates: {folders:?}");
    for folder in folders {
        let cycles = sibling_cycles(&uses(&crate_modules(&folder)));
        assert!(
            cycles.is_empty(),
            "in {}: {}",
            folder.display(),
            cycles.join("\n")
        );
    }
}

/// A crate of a few files, each given as (module path, code).
fn toy(files: &[(&str, &str)]) -> BTreeMap<ModPath, String> {
    files
        .iter()
        .map(|(m, code)| {
            let path = m.split("::").map(str::to_owned).collect();
            (path, without_tests(&without_comments(code)))
        })
        .collect()
}

#[test]
fn the_checks_find_the_cycles_the_crate_once_had() {
    // The world held the generator that builds on it.
    let crate_once = toy(&[
        (
            "world",
            "use crate::worldgen::Generator;\npub struct World;",
        ),
        ("worldgen", "use crate::world::{Block, Chunk};"),
        // A scenario's event type, used by the schedule that the scenario uses.
        ("sim", "pub mod scenario; pub mod schedule;"),
        ("sim::scenario", "use super::schedule::InputSchedule;"),
        ("sim::schedule", "use super::{Input, scenario::Event};"),
        // The layout check called from the schema it checks against.
        ("save", "mod layout; mod schema;"),
        ("save::layout", "use super::schema::{self, Meta};"),
        (
            "save::schema",
            "fn f() { super::layout::check(path, conn, version); }",
        ),
    ]);
    let layers =
        declared_layers("pub mod world;\n\npub mod worldgen;\n\npub mod sim;\npub mod save;");
    let edges = uses(&crate_once);
    let wrong = layer_violations(&layers, &edges);
    assert_eq!(
        wrong,
        ["world uses worldgen, which is not in a lower layer"],
        "{wrong:?}"
    );
    let cycles = sibling_cycles(&edges);
    assert_eq!(
        cycles,
        [
            "save::layout and save::schema use each other",
            "sim::scenario and sim::schedule use each other"
        ]
    );
}

#[test]
fn comments_test_modules_and_items_of_the_parent_are_no_use() {
    let modules = toy(&[
        (
            "world",
            "//! Read by [`crate::sim`].\npub mod fluid;\npub mod light;",
        ),
        (
            "world::fluid",
            "/// Flows as `crate::sim::water` says.\nuse super::{Block, light};",
        ),
        (
            "world::light",
            "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::worldgen::Generator;\n    use super::super::fluid;\n}",
        ),
        ("worldgen", ""),
        ("sim", ""),
    ]);
    let edges = uses(&modules);
    let names: Vec<_> = edges
        .iter()
        .map(|(a, b)| format!("{} -> {}", a.join("::"), b.join("::")))
        .collect();
    assert_eq!(
        names,
        ["world::fluid -> world", "world::fluid -> world::light"]
    );
}
