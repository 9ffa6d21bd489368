//! A TOML error as a scenario reports it: the line and column, the start of that line and the
//! parser's message, each of bounded length whatever the file holds.
//!
//! The parser's own report prints the whole offending line (and one write per column for its
//! caret), so a 16 MB line took seconds to refuse; and a key nested too deep comes back with no
//! place at all. This finds the place and quotes only the start of the line.

use super::excerpt::{quoted, shortened};

/// Where and why a scenario is not TOML in the scenario format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("TOML error{}: {message}", place(*line, *column, near.as_deref()))]
pub struct SyntaxError {
    /// The line (from 1), when known.
    pub line: Option<usize>,
    /// The column (from 1, in characters), when known.
    pub column: Option<usize>,
    /// The start of the line, quoted.
    pub near: Option<String>,
    /// What is wrong, cut short if long.
    pub message: String,
}

fn place(line: Option<usize>, column: Option<usize>, near: Option<&str>) -> String {
    match (line, column, near) {
        (Some(l), Some(c), Some(n)) => format!(" at line {l}, column {c} (the line begins {n})"),
        (Some(l), None, Some(n)) => format!(" at line {l} (the line begins {n})"),
        _ => String::new(),
    }
}

impl SyntaxError {
    /// The error `error` that the parser reported for `text`.
    #[must_use]
    pub fn new(text: &str, error: &toml::de::Error) -> Self {
        Self::placed(text, error, error.span().map(|s| s.start))
    }

    /// The error `error` that the parser reported for part of `text`, at byte `at` of
    /// `text` (`None` when the parser gave no place).
    pub(super) fn placed(text: &str, error: &toml::de::Error, at: Option<usize>) -> Self {
        let message = shortened(error.message().trim());
        if let Some(start) = at {
            let start = start.min(text.len());
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let line = text[..line_start].bytes().filter(|&b| b == b'\n').count() + 1;
            let column = text
                .get(line_start..start)
                .map_or(1, |s| s.chars().count() + 1);
            return Self {
                line: Some(line),
                column: Some(column),
                near: Some(quoted(line_text(text, line_start))),
                message,
            };
        }
        // The parser reports a key nested too deep without a place; it is on the line with
        // the deepest key.
        match deepest_key(text) {
            Some((line, line_start, depth)) if error.message().contains("recursion") => Self {
                line: Some(line),
                column: None,
                near: Some(quoted(line_text(text, line_start))),
                message: format!("a key nested {depth} tables deep is too deep ({message})"),
            },
            _ => Self {
                line: None,
                column: None,
                near: None,
                message,
            },
        }
    }
}

/// The line of `text` that starts at `start`, without its line break.
fn line_text(text: &str, start: usize) -> &str {
    let rest = &text[start..];
    rest.split(['\n', '\r']).next().unwrap_or(rest)
}

/// The line (from 1), its start and the depth of the key (table header or `key =`) with the
/// most dotted parts, the first of them if several tie; `None` for a file with no dotted key.
fn deepest_key(text: &str) -> Option<(usize, usize, usize)> {
    let mut deepest: Option<(usize, usize, usize)> = None;
    let mut line_start = 0;
    for (i, line) in text.split('\n').enumerate() {
        let depth = key_depth(line);
        if depth > 1 && deepest.is_none_or(|(_, _, d)| depth > d) {
            deepest = Some((i + 1, line_start, depth));
        }
        line_start += line.len() + 1;
    }
    deepest
}

/// How many dotted parts the key at the start of `line` has: dots outside quotes, before
/// any `=`, plus one.
fn key_depth(line: &str) -> usize {
    let mut quote = None;
    let mut dots = 1;
    for c in line.chars() {
        match (quote, c) {
            (None, '=' | '#') => break,
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '.') => dots += 1,
            _ => {}
        }
    }
    dots
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> SyntaxError {
        let e = toml::from_str::<toml::Table>(text).expect_err("not TOML");
        SyntaxError::new(text, &e)
    }

    #[test]
    fn an_error_names_its_line_and_column_and_quotes_the_line_start() {
        let e = error("ticks = 1\nworld = = 2\n");
        assert_eq!((e.line, e.column), (Some(2), Some(9)));
        assert_eq!(e.near.as_deref(), Some("\"world = = 2\""));
    }

    #[test]
    fn a_header_nested_too_deep_is_placed_on_its_line() {
        let header = vec!["a"; 200].join(".");
        let e = error(&format!("ticks = 1\n\n[{header}]\n"));
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.to_string().contains("200 tables deep"), "{e}");
        assert_eq!(key_depth("\"a.b\".c = \"x.y\""), 2);
    }

    #[test]
    fn a_long_line_is_quoted_by_its_start_only() {
        let e = error(&format!("x = {}\n", "a".repeat(100_000)));
        assert!(e.to_string().len() < 400, "{e}");
        assert_eq!(e.line, Some(1));
    }
}
