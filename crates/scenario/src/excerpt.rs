//! Short quotations of what a user wrote, for error messages and warnings.
//!
//! A message that echoes a whole offending value costs as much as the value: a 16 MB string on
//! one line once took 15 s to refuse, spent writing it back to the terminal. Messages quote at
//! most [`MAX_QUOTED`] characters of a value, and say how long the rest is, so every message
//! is short whatever the input.

/// The most characters of a value a message quotes.
pub const MAX_QUOTED: usize = 40;

/// The most characters of a message passed on from the TOML parser, which may quote a value
/// itself (`invalid type: string "…", expected i64`).
pub const MAX_MESSAGE: usize = 200;

/// `value` quoted as Rust quotes strings (so control characters and escape sequences are
/// shown, never sent to the terminal), cut to its first [`MAX_QUOTED`] characters with a note
/// of how many bytes it has in all when it is longer.
#[must_use]
pub fn quoted(value: &str) -> String {
    match cut(value, MAX_QUOTED) {
        None => format!("{value:?}"),
        Some(prefix) => format!("{prefix:?}… ({} bytes)", value.len()),
    }
}

/// `message` with every value it quotes between backticks or double quotes cut to its first
/// [`MAX_QUOTED`] characters (numbers too: the parser writes `1e300` out in 301 digits), and
/// the whole no longer than [`MAX_MESSAGE`] characters, else its start and `…`.
#[must_use]
pub fn shortened(message: &str) -> String {
    // Past a few messages' length nothing more is shown: the rest need not be read.
    let head = cut(message, 16 * MAX_MESSAGE).unwrap_or(message);
    let message = with_quotes_cut(head);
    match cut(&message, MAX_MESSAGE) {
        None => message,
        Some(prefix) => format!("{prefix}…"),
    }
}

/// `message` with the text between each pair of backticks or double quotes cut to
/// [`MAX_QUOTED`] characters and a `…`, the closing mark kept.
fn with_quotes_cut(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4 * MAX_MESSAGE));
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let mark = &rest[open..=open];
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        let Some(close) = inside.find(mark) else {
            rest = inside;
            break;
        };
        let quote = &inside[..close];
        match cut(quote, MAX_QUOTED) {
            None => out.push_str(quote),
            Some(prefix) => {
                out.push_str(prefix);
                out.push('…');
            }
        }
        out.push_str(mark);
        rest = &inside[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The first `max` characters of `text`, or `None` when it has no more than that.
fn cut(text: &str, max: usize) -> Option<&str> {
    text.char_indices().nth(max).map(|(end, _)| &text[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_values_are_quoted_whole_and_long_ones_cut_at_a_character() {
        assert_eq!(quoted("stone"), "\"stone\"");
        assert_eq!(quoted("a\u{1b}[2J"), "\"a\\u{1b}[2J\"");
        let long = "é".repeat(1000);
        let q = quoted(&long);
        assert!(
            q.starts_with(&format!("\"{}\"…", "é".repeat(MAX_QUOTED))),
            "{q}"
        );
        assert!(q.ends_with("(2000 bytes)"), "{q}");
        assert_eq!(shortened("short"), "short");
        let digits = format!("1{}", "0".repeat(300));
        assert_eq!(
            shortened(&format!(
                "invalid type: floating point `{digits}`, expected u64"
            )),
            format!(
                "invalid type: floating point `1{}…`, expected u64",
                "0".repeat(39)
            )
        );
        assert_eq!(
            shortened(&format!(
                "invalid type: string \"{}\", expected a block",
                "x".repeat(99)
            )),
            format!(
                "invalid type: string \"{}…\", expected a block",
                "x".repeat(40)
            )
        );
        assert_eq!(shortened("unclosed `quote"), "unclosed `quote");
        assert_eq!(
            shortened(&"x".repeat(10_000)).chars().count(),
            MAX_MESSAGE + 1
        );
    }
}
