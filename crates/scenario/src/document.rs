//! The part of a scenario parsed as one document (all but its lists of tables, which
//! [`tables`](super::tables) reads in batches), looked over before it is parsed.
//!
//! The `toml` crate spends a few hundred bytes on every key, value and table of a document:
//! an inline `input = [...]` array of a million entries took 1.4 GB, where the same inputs as
//! `[[input]]` tables are read in batches. So the document's items are counted with the lexer
//! first, and a file with more than [`MAX_DOCUMENT_ITEMS`] is refused naming the key that
//! passes the limit and its line. A file that gives a list both inline and as tables is
//! refused too: TOML refuses the second definition of a key, which the batches, read apart
//! from the rest, would not see.

use toml_parser::Source;
use toml_parser::lexer::TokenKind;

use super::limits::MAX_DOCUMENT_ITEMS;
use super::tables::{Kind, Tables, key_part};
use super::{ScenarioError, invalid};

/// A key of the document: its name (dotted, after its table's) and where it starts.
struct Key {
    name: String,
    at: usize,
}

/// Looks over `lists.rest`, the document part of `text`, before it is parsed.
///
/// # Errors
/// [`ScenarioError::Invalid`] naming the key at which the document passes
/// [`MAX_DOCUMENT_ITEMS`], or a list given both inline and as tables.
pub(super) fn check(text: &str, lists: &Tables) -> Result<(), ScenarioError> {
    let rest = &lists.rest;
    let source = Source::new(rest);
    let mut tokens = source.lex().peekable();
    let mut items = 0usize;
    // How deep inside array and inline-table values the lexer is.
    let mut depth = 0usize;
    let mut line_start = true;
    let mut after_dot = false;
    // The table the keys belong to ("" before the first header) and the last key.
    let mut table = String::new();
    let mut root = true;
    let mut key = Key {
        name: String::new(),
        at: 0,
    };
    while let Some(token) = tokens.next() {
        let kind = token.kind();
        let mut counted = false;
        match kind {
            TokenKind::Newline => line_start = true,
            TokenKind::Whitespace | TokenKind::Comment => {}
            TokenKind::LeftSquareBracket if depth == 0 && line_start => {
                // A table header: its name, up to the closing bracket.
                let mut parts = Vec::new();
                while let Some(t) = tokens.next_if(|t| {
                    !matches!(t.kind(), TokenKind::RightSquareBracket | TokenKind::Newline)
                }) {
                    parts.extend(key_part(&source, t));
                }
                table = parts.join(".");
                root = false;
                key = Key {
                    name: table.clone(),
                    at: token.span().start(),
                };
                counted = true;
                line_start = false;
            }
            TokenKind::Atom | TokenKind::BasicString | TokenKind::LiteralString
                if depth == 0 && line_start =>
            {
                // A key: its parts, up to the `=`.
                let mut parts: Vec<String> = key_part(&source, token).into_iter().collect();
                while let Some(t) =
                    tokens.next_if(|t| !matches!(t.kind(), TokenKind::Equals | TokenKind::Newline))
                {
                    parts.extend(key_part(&source, t));
                }
                if root
                    && let Some(kind) = parts.first().and_then(|p| Kind::named(p))
                    && let Some(first) = lists.of(kind).first()
                {
                    return Err(both_forms(text, kind, token.span().start(), first.start));
                }
                let name = parts.join(".");
                key = Key {
                    name: if table.is_empty() {
                        name
                    } else {
                        format!("{table}.{name}")
                    },
                    at: token.span().start(),
                };
                counted = true;
                line_start = false;
            }
            TokenKind::LeftSquareBracket | TokenKind::LeftCurlyBracket => {
                depth += 1;
                counted = true;
                line_start = false;
            }
            TokenKind::RightSquareBracket | TokenKind::RightCurlyBracket => {
                depth = depth.saturating_sub(1);
                line_start = false;
            }
            TokenKind::Atom
            | TokenKind::BasicString
            | TokenKind::LiteralString
            | TokenKind::MlBasicString
            | TokenKind::MlLiteralString => {
                // A float is lexed as two atoms around a dot; it is one value.
                counted = !after_dot;
                line_start = false;
            }
            _ => line_start = false,
        }
        if !matches!(kind, TokenKind::Whitespace | TokenKind::Comment) {
            after_dot = kind == TokenKind::Dot;
        }
        items += usize::from(counted);
        if items > MAX_DOCUMENT_ITEMS {
            return Err(too_many(text, &key));
        }
    }
    Ok(())
}

/// The line (from 1) of byte `at` of `text`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn too_many(text: &str, key: &Key) -> ScenarioError {
    invalid(
        shown(&key.name),
        format!(
            "at line {} the file passes {MAX_DOCUMENT_ITEMS} keys and values outside its \
             [[input]], [[fill]] and [[update]] tables (those are read in batches: write a \
             long list as such tables)",
            line_of(text, key.at)
        ),
    )
}

fn both_forms(text: &str, kind: Kind, inline: usize, table: usize) -> ScenarioError {
    let key = kind.key();
    invalid(
        key,
        format!(
            "is given both as a key at line {} and as [[{key}]] tables from line {}; TOML \
             allows one or the other",
            line_of(text, inline),
            line_of(text, table)
        ),
    )
}

/// A key's name as a message shows it: as written if it is a plain one, else quoted (so
/// control characters are shown escaped) and cut short.
fn shown(name: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    if name.len() <= super::excerpt::MAX_QUOTED && name.chars().all(plain) {
        name.to_owned()
    } else {
        super::quoted(name)
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use super::super::Scenario;
    use super::*;

    fn refusal(text: &str) -> String {
        Scenario::parse(text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn a_long_inline_list_is_refused_naming_its_key_and_line() {
        let entries = "{ at = 1, yaw = 2.5 }, ".repeat(MAX_DOCUMENT_ITEMS / 3);
        let e = refusal(&format!("ticks = 1\n\ninput = [{entries}]\n"));
        assert!(
            e.starts_with(&format!(
                "input: at line 3 the file passes {MAX_DOCUMENT_ITEMS}"
            )),
            "{e}"
        );
        let e = refusal(&format!(
            "ticks = 1\n[player]\nposition = [{}]\n",
            "1, ".repeat(1 << 18)
        ));
        assert!(e.starts_with("player.position: at line 3"), "{e}");
        // A shorter one is read as before.
        let s = Scenario::parse("ticks = 3\ninput = [{ at = 1, yaw = 2.5 }, { at = 2 }]\n")
            .expect("parses");
        assert_eq!(s.cues.len(), 2);
    }

    #[test]
    fn a_list_given_both_inline_and_as_tables_is_refused_naming_both_lines() {
        for (inline, key) in [
            ("input = []", "input"),
            ("input = [{ at = 1 }]", "input"),
            ("fill = []", "fill"),
            ("update = []", "update"),
        ] {
            let text = format!("ticks = 1\n{inline}\n[player]\n[[{key}]]\n");
            assert_eq!(
                refusal(&text),
                format!(
                    "{key}: is given both as a key at line 2 and as [[{key}]] tables from \
                     line 4; TOML allows one or the other"
                ),
                "{text}"
            );
            assert!(
                toml::from_str::<toml::Table>(&text).is_err(),
                "TOML refuses it too"
            );
        }
    }

    #[test]
    fn the_largest_scenario_the_other_limits_allow_is_within_the_item_limit() {
        let mut text = format!(
            "ticks = 1\nprobes = [{}]\n[player]\nposition = [0.5, 64.0, 0.5]\n",
            "[-29999999, 255, -29999999], ".repeat(super::super::MAX_PROBES)
        );
        for i in 0..super::super::MAX_CRATES {
            let _ = write!(
                text,
                "[[crate]]\nposition = [{i}.5, 100.25, -2999999.5]\nsize = [0.25, 0.25, 0.25]\n"
            );
        }
        for i in 0..hewn_core::physics::falling::MAX_FALLING {
            let _ = write!(
                text,
                "[[falling]]\nblock = \"sand\"\nposition = [{i}.5, 200.5, 7.5]\nvelocity = -3.5\n"
            );
        }
        let lists = super::super::tables::split(&text);
        assert!(check(&text, &lists).is_ok());
    }
}
