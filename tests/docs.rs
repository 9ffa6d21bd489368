//! The documentation holds together: the README stays a short door with the two commands a
//! newcomer needs, every relative link in the README and in `docs/` leads to a file that
//! exists (and, where it names a heading, to a heading that makes that anchor), and every
//! page in `docs/` can be reached by following links from the README.
//!
//! Read from the Markdown text with plain string handling, as GitHub renders it: links inside
//! code (fenced, indented or inline) are not links, and a heading's anchor is GitHub's: the
//! heading's text in lower case, spaces turned to `-`, punctuation other than `-` and `_`
//! dropped, and `-1`, `-2`, … after a heading whose anchor came before.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

/// The most lines the README may have: past this it stops being a door and becomes the
/// manual that `docs/` holds.
const README_MAX_LINES: usize = 200;

/// The commands the README must show as they are typed.
const README_COMMANDS: [&str; 2] = ["cargo run --release", "cargo test"];

/// The root of the repository, which holds the README and `docs/`.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `path` relative to the repository root, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The text of `path`, failing the test with the file's name if it cannot be read.
#[track_caller]
fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", shown(path)))
}

/// Fails the test with every problem found, one a line, under `what`; passes when there is
/// none.
#[track_caller]
fn assert_none(what: &str, problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{what} ({} found):\n  {}",
        problems.len(),
        problems.join("\n  ")
    );
}

/// The README and every Markdown file under `docs/`, in a stable order.
fn markdown_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        let entries =
            std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", shown(&dir)));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| panic!("cannot list {}: {e}", shown(&dir)))
                .path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files[1..].sort();
    files
}

/// Whether `line` opens or closes a fenced code block: three or more backticks or tildes,
/// indented by at most three spaces. Returns the fence (its character and length).
fn fence(line: &str) -> Option<(char, usize)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[indent..];
    let c = rest.chars().next()?;
    if indent > 3 || (c != '`' && c != '~') {
        return None;
    }
    let len = rest.chars().take_while(|&x| x == c).count();
    (len >= 3).then_some((c, len))
}

/// Which lines of `text` are code: inside a fenced block (the fences included), or indented
/// by four spaces or more after a blank line or another such line.
fn code_lines(text: &str) -> Vec<bool> {
    let mut code = Vec::new();
    let mut open: Option<(char, usize)> = None;
    let mut previous_blank_or_code = true;
    for line in text.lines() {
        let is_code = match (open, fence(line)) {
            (Some((c, len)), Some((d, n))) if c == d && n >= len => {
                open = None;
                true
            }
            (Some(_), _) => true,
            (None, Some(f)) => {
                open = Some(f);
                true
            }
            (None, None) => line.starts_with("    ") && previous_blank_or_code,
        };
        previous_blank_or_code = is_code || line.trim().is_empty();
        code.push(is_code);
    }
    code
}

/// `text` with everything that is code (fenced and indented blocks, inline code spans)
/// turned to spaces, line breaks kept, so what is left is prose and a position in it has
/// the line it had.
fn prose(text: &str) -> String {
    let code = code_lines(text);
    let mut kept = String::with_capacity(text.len());
    for (line, is_code) in text.lines().zip(&code) {
        if *is_code {
            kept.extend(line.chars().map(|_| ' '));
        } else {
            kept.push_str(line);
        }
        kept.push('\n');
    }
    without_code_spans(&kept)
}

/// `text` with each inline code span (a run of backticks up to the next run of the same
/// length) turned to spaces, line breaks kept. A run with no match is left as it is.
fn without_code_spans(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let run_at = |i: usize| chars[i..].iter().take_while(|&&c| c == '`').count();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let open = run_at(i);
        let mut j = i + open;
        let close = loop {
            if j >= chars.len() {
                break None;
            }
            if chars[j] == '`' {
                let run = run_at(j);
                if run == open {
                    break Some(j + run);
                }
                j += run;
            } else {
                j += 1;
            }
        };
        match close {
            Some(end) => {
                out.extend(
                    chars[i..end]
                        .iter()
                        .map(|&c| if c == '\n' { '\n' } else { ' ' }),
                );
                i = end;
            }
            None => {
                out.extend(&chars[i..i + open]);
                i += open;
            }
        }
    }
    out
}

/// One link found in a page: where it is and what it points at.
struct Link {
    /// The line it is on, from 1.
    line: usize,
    /// Its target as written, such as `design/light.md#light-in-the-shader`.
    target: String,
}

/// Every inline link and image (`[text](target)`, `![alt](target)`) and every reference
/// definition (`[label]: target`) in the prose of `text`.
fn links(text: &str) -> Vec<Link> {
    let prose = prose(text);
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = prose[from..].find("](") {
        let start = from + at + 2;
        let rest = &prose[start..];
        let target = match rest.strip_prefix('<') {
            Some(inner) => inner.split('>').next().unwrap_or_default(),
            None => rest
                .split(|c: char| c == ')' || c.is_whitespace())
                .next()
                .unwrap_or_default(),
        };
        found.push(Link {
            line: prose[..start].matches('\n').count() + 1,
            target: target.to_owned(),
        });
        from = start;
    }
    for (n, line) in prose.lines().enumerate() {
        let trimmed = line.trim_start();
        if line.len() - trimmed.len() > 3 || !trimmed.starts_with('[') {
            continue;
        }
        if let Some((_, after)) = trimmed.split_once("]:")
            && let Some(target) = after.split_whitespace().next()
        {
            found.push(Link {
                line: n + 1,
                target: target.trim_matches(['<', '>']).to_owned(),
            });
        }
    }
    found
}

/// The anchor GitHub gives a heading whose text is `heading`: lower case, spaces to `-`,
/// letters, digits, `-` and `_` kept, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every anchor the headings of `text` make, outside code, with GitHub's `-1`, `-2`, …
/// after a repeated one.
fn anchors(text: &str) -> BTreeSet<String> {
    let code = code_lines(text);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut made = BTreeSet::new();
    for (line, is_code) in text.lines().zip(code) {
        let trimmed = line.trim_start();
        let hashes = trimmed.chars().take_while(|&c| c == '#').count();
        let heading = &trimmed[hashes..];
        if is_code
            || line.len() - trimmed.len() > 3
            || !(1..=6).contains(&hashes)
            || !(heading.is_empty() || heading.starts_with(' '))
        {
            continue;
        }
        let base = slug(heading.trim().trim_end_matches('#'));
        let count = seen.entry(base.clone()).or_insert(0);
        made.insert(if *count == 0 {
            base.clone()
        } else {
            format!("{base}-{count}")
        });
        *count += 1;
    }
    made
}

/// Whether `target` leaves the repository (a web address or a mail link), so this test does
/// not follow it.
fn is_external(target: &str) -> bool {
    ["http://", "https://", "mailto:"]
        .iter()
        .any(|scheme| target.starts_with(scheme))
}

/// What is wrong with `link` in the page at `page`, if anything: its file does not exist, or
/// the anchor it names is made by no heading of that file. On success, the file it leads to
/// (the page itself for a link to one of its own headings).
fn follow(page: &Path, link: &Link) -> Result<PathBuf, String> {
    let (path, fragment) = match link.target.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (link.target.as_str(), None),
    };
    let place = format!("{}:{}: link `{}`", shown(page), link.line, link.target);
    if path.is_empty() && fragment.is_none() {
        return Err(format!("{place}: the link has no target"));
    }
    let file = if path.is_empty() {
        page.to_path_buf()
    } else {
        let dir = page.parent().expect("a page's path has a folder");
        dir.join(path)
    };
    if !file.exists() {
        return Err(format!("{place}: {} does not exist", shown(&file)));
    }
    if let Some(fragment) = fragment
        && file.extension().is_some_and(|e| e == "md")
    {
        let made = anchors(&read(&file));
        if !made.contains(fragment) {
            return Err(format!(
                "{place}: no heading in {} makes the anchor `#{fragment}` (its anchors: {})",
                shown(&file),
                made.into_iter().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    Ok(file)
}

/// The Markdown pages `page` links to that exist, each as its canonical path.
fn linked_pages(page: &Path) -> Vec<PathBuf> {
    links(&read(page))
        .iter()
        .filter(|l| !is_external(&l.target))
        .filter_map(|l| follow(page, l).ok())
        .filter(|f| f.extension().is_some_and(|e| e == "md"))
        .filter_map(|f| f.canonicalize().ok())
        .collect()
}

/// The README opens the door and no more: at most [`README_MAX_LINES`] lines, with the
/// commands to play and to run the tests.
#[test]
fn the_readme_is_a_short_door_with_the_commands_to_play_and_test() {
    let path = root().join("README.md");
    let text = read(&path);
    let lines = text.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "{} has {lines} lines, more than {README_MAX_LINES}: move the detail into docs/ and \
         link to it",
        shown(&path)
    );
    for command in README_COMMANDS {
        assert!(
            text.lines().any(|l| l.contains(command)),
            "{} does not show the command `{command}`",
            shown(&path)
        );
    }
}

/// Every relative link and image in the README and `docs/` leads to a file that exists,
/// and every anchor it names (on another page or its own) to a heading that makes it.
#[test]
fn every_relative_link_leads_to_a_file_and_heading_that_exist() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for page in markdown_files() {
        for link in links(&read(&page)) {
            if is_external(&link.target) {
                continue;
            }
            checked += 1;
            if let Err(problem) = follow(&page, &link) {
                problems.push(problem);
            }
        }
    }
    assert_none("broken links in the README and docs/", &problems);
    assert!(
        checked > 0,
        "no relative link was found: the link reader is broken"
    );
}

/// Every page under `docs/` is found by following links from the README, page to page:
/// a page no link leads to is a page no newcomer reads.
#[test]
fn every_docs_page_is_reached_by_links_from_the_readme() {
    let readme = root()
        .join("README.md")
        .canonicalize()
        .expect("the README exists");
    let mut reached = BTreeSet::from([readme.clone()]);
    let mut queue = VecDeque::from([readme]);
    while let Some(page) = queue.pop_front() {
        for next in linked_pages(&page) {
            if reached.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    let unreached: Vec<String> = markdown_files()
        .iter()
        .filter(|p| {
            let canonical = p.canonicalize().expect("a listed page exists");
            !reached.contains(&canonical)
        })
        .map(|p| format!("{} is linked from no page the README leads to", shown(p)))
        .collect();
    assert_none("pages in docs/ that no reader can find", &unreached);
}

/// Unit tests of the Markdown reading itself, so a link the reader misses cannot pass
/// unnoticed.
mod reader {
    use super::{anchors, links, slug};

    /// The targets of the links in `text`, in the order found.
    fn targets(text: &str) -> Vec<String> {
        links(text).into_iter().map(|l| l.target).collect()
    }

    /// Anchors are GitHub's: punctuation dropped, spaces to `-`, a repeat numbered, and
    /// nothing made by a `#` line inside code or without a space after its hashes.
    #[test]
    fn headings_make_githubs_anchors() {
        assert_eq!(
            slug("Playing together: `hewn serve`, `--connect`"),
            "playing-together-hewn-serve---connect"
        );
        assert_eq!(
            slug("Events: what a tick makes heard"),
            "events-what-a-tick-makes-heard"
        );
        assert_eq!(
            slug("A bot's input reaches the tick"),
            "a-bots-input-reaches-the-tick"
        );
        let made = anchors("# A\n\n## A\n\n```\n# not a heading\n```\n#not either\n");
        let want: Vec<&str> = vec!["a", "a-1"];
        assert_eq!(made.iter().map(String::as_str).collect::<Vec<_>>(), want);
    }

    /// Inline links, images (with a title), angle-bracketed targets and reference
    /// definitions are found; links in fenced, indented or inline code are not.
    #[test]
    fn links_in_code_are_not_links_and_the_rest_are_found() {
        let text = "See [a](a.md) and ![b](b.png \"title\").\n\n```\n[c](c.md)\n```\n\
                    Inline `[d](d.md)` is code.\n\n    [e](e.md)\n\n[f]: f.md#g\n\
                    [h](<h i.md>)\n";
        assert_eq!(targets(text), ["a.md", "b.png", "h i.md", "f.md#g"]);
    }

    /// A link carries the line it is on, so a failure points at it.
    #[test]
    fn a_link_reports_its_line() {
        let found = links("one\n\ntwo [x](x.md)\n");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 3);
    }
}
