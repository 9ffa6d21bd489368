//! A scenario's text split into its long lists of tables (`[[input]]`, `[[fill]]`,
//! `[[update]]`) and the rest, so those can be counted before anything is parsed and read a
//! batch at a time.
//!
//! The `toml` crate builds a document of the whole file before serde sees any of it, about
//! 1.4 KB per `[[input]]` and 3 KB per `[[fill]]`: a million inputs (the limit, 7 MB of text)
//! took 1.5 GB, and 16 MB of one-cell fills (what a recording of a much edited world holds)
//! 1.1 GB. Here the file is only lexed (with `toml_parser`, the lexer `toml` itself uses, so
//! strings, comments and nested arrays are told apart exactly as the parser will) to find the
//! top-level table headers. The rest of the file keeps every byte offset, so its errors name
//! the lines they always did; each batch of tables remembers where its pieces came from, so
//! its errors are placed in the file too.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::de::DeserializeOwned;
use toml_parser::Source;
use toml_parser::decoder::Encoding;
use toml_parser::lexer::TokenKind;

use super::{ScenarioError, SyntaxError};

/// How many tables are parsed together: enough that the parser's fixed costs are small
/// beside the work, few enough that a batch's document stays a few megabytes.
pub(super) const BATCH: usize = 4096;

/// The lists of tables read a batch at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// `[[input]]`.
    Input,
    /// `[[fill]]`.
    Fill,
    /// `[[update]]`.
    Update,
}

impl Kind {
    /// Every kind, in the order their tables are read.
    pub(super) const ALL: [Self; 3] = [Self::Input, Self::Fill, Self::Update];

    /// The key the tables are an array of.
    pub(super) const fn key(self) -> &'static str {
        match self {
            Self::Input => "input",
            Self::Fill => "fill",
            Self::Update => "update",
        }
    }

    /// The kind whose tables are an array of `key`.
    pub(super) fn named(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// A scenario's text split at its top-level table headers.
pub(super) struct Tables {
    /// The text with every table of a [`Kind`] blanked (each byte but line breaks made a
    /// space), so it parses alone with the lines and columns the whole file has.
    pub(super) rest: String,
    /// Per kind (in [`Kind::ALL`] order), each of its tables in file order: its header, its
    /// keys and any sub-tables of it (`[input.x]`), up to the next other header.
    tables: [Vec<Range<usize>>; 3],
}

impl Tables {
    /// The tables of `kind`.
    pub(super) fn of(&self, kind: Kind) -> &[Range<usize>] {
        &self.tables[kind as usize]
    }
}

/// What a top-level header opens.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Header {
    /// `[[input]]` and the like: a new table of a list read in batches.
    List(Kind),
    /// A table inside one (`[input.x]`, `[[input.x]]`).
    Inside(Kind),
    /// Anything else.
    Other,
}

/// Splits `text` into its tables of each [`Kind`] and the rest. Text that is not TOML is
/// split as far as the lexer can tell; parsing the pieces then reports the error.
pub(super) fn split(text: &str) -> Tables {
    let mut tables: [Vec<Range<usize>>; 3] = Default::default();
    // The table being read, if one is: its kind and where it started.
    let mut open: Option<(Kind, usize)> = None;
    for (start, header) in headers(text) {
        match header {
            // A sub-table of the open table stays with it; one with no such table
            // before it belongs to the rest, which reports it as the whole file would.
            Header::Inside(kind) if open.is_some_and(|(k, _)| k == kind) => {}
            _ => {
                if let Some((kind, s)) = open.take() {
                    tables[kind as usize].push(s..start);
                }
                if let Header::List(kind) = header {
                    open = Some((kind, start));
                }
            }
        }
    }
    if let Some((kind, s)) = open {
        tables[kind as usize].push(s..text.len());
    }
    let mut rest = text.as_bytes().to_vec();
    for range in tables.iter().flatten() {
        for b in &mut rest[range.clone()] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    }
    // Whole characters were replaced by spaces and line breaks kept, so it is still UTF-8.
    let rest = String::from_utf8(rest).unwrap_or_default();
    Tables { rest, tables }
}

/// Parses the tables `ranges` of `text`, all `[[key]]` tables, a batch at a time, and
/// hands each batch's tables to `take`, in file order.
///
/// # Errors
/// A [`SyntaxError`] placed in `text`.
pub(super) fn read<T: DeserializeOwned>(
    text: &str,
    ranges: &[Range<usize>],
    key: &str,
    mut take: impl FnMut(Vec<T>),
) -> Result<(), ScenarioError> {
    for chunk in ranges.chunks(BATCH) {
        let batch = Batch::new(text, chunk);
        let mut tables: BTreeMap<String, Vec<T>> = toml::from_str(&batch.text).map_err(|e| {
            SyntaxError::placed(text, &e, e.span().map(|s| batch.file_offset(s.start)))
        })?;
        take(tables.remove(key).unwrap_or_default());
    }
    Ok(())
}

/// The byte offset and kind of every top-level table header in `text`, in order.
fn headers(text: &str) -> Vec<(usize, Header)> {
    let source = Source::new(text);
    let mut tokens = source.lex().peekable();
    let mut found = Vec::new();
    // How deep inside array and inline-table values the lexer is: a `[` that opens a line
    // is a header only outside them.
    let mut depth = 0usize;
    let mut line_start = true;
    while let Some(token) = tokens.next() {
        match token.kind() {
            TokenKind::Newline => line_start = true,
            TokenKind::Whitespace | TokenKind::Comment => {}
            TokenKind::LeftSquareBracket if depth == 0 && line_start => {
                let start = token.span().start();
                let array = tokens
                    .next_if(|t| {
                        t.kind() == TokenKind::LeftSquareBracket
                            && t.span().start() == token.span().end()
                    })
                    .is_some();
                let mut path = Vec::new();
                while let Some(t) = tokens.next_if(|t| {
                    !matches!(t.kind(), TokenKind::RightSquareBracket | TokenKind::Newline)
                }) {
                    if let Some(part) = key_part(&source, t) {
                        path.push(part);
                    }
                }
                let kind = path.first().and_then(|key| Kind::named(key));
                let header = match (array, kind, path.len()) {
                    (true, Some(kind), 1) => Header::List(kind),
                    (_, Some(kind), 2..) => Header::Inside(kind),
                    _ => Header::Other,
                };
                found.push((start, header));
                line_start = false;
            }
            TokenKind::LeftSquareBracket | TokenKind::LeftCurlyBracket => {
                depth += 1;
                line_start = false;
            }
            TokenKind::RightSquareBracket | TokenKind::RightCurlyBracket => {
                depth = depth.saturating_sub(1);
                line_start = false;
            }
            _ => line_start = false,
        }
    }
    found
}

/// The key that token `t` of a header spells, decoded; `None` for dots and spaces.
pub(super) fn key_part(source: &Source<'_>, t: toml_parser::lexer::Token) -> Option<String> {
    let encoding = match t.kind() {
        TokenKind::Atom => None,
        TokenKind::BasicString => Some(Encoding::BasicString),
        TokenKind::LiteralString => Some(Encoding::LiteralString),
        _ => return None,
    };
    let raw = source.get(t.span())?;
    let raw = toml_parser::Raw::new_unchecked(raw.as_str(), encoding, t.span());
    let mut key = String::new();
    raw.decode_key(&mut key, &mut ());
    Some(key)
}

/// Some tables joined into one text, with where each piece came from.
struct Batch {
    /// The tables, one after another.
    text: String,
    /// Per piece, its offset in `text` and in the file.
    pieces: Vec<(usize, usize)>,
}

impl Batch {
    /// The tables `ranges` of `text`, joined.
    fn new(text: &str, ranges: &[Range<usize>]) -> Self {
        let mut joined = String::new();
        let mut pieces = Vec::with_capacity(ranges.len());
        for r in ranges {
            pieces.push((joined.len(), r.start));
            joined.push_str(&text[r.clone()]);
            // A table ends where the next header starts, at the start of a line; only the
            // file's last may end without a line break.
            if !joined.ends_with('\n') {
                joined.push('\n');
            }
        }
        Self {
            text: joined,
            pieces,
        }
    }

    /// Where in the file offset `at` of the batch's text lies.
    fn file_offset(&self, at: usize) -> usize {
        let i = self
            .pieces
            .partition_point(|&(b, _)| b <= at)
            .saturating_sub(1);
        self.pieces.get(i).map_or(at, |&(b, f)| f + (at - b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_in_strings_comments_and_arrays_are_not_headers() {
        let text = "ticks = 1\nprobes = [\n[1, 2, 3],\n]\ns = \"\"\"\n[[input]]\n\"\"\"\n\
                    # [[input]]\n[[ \"input\" ]]\nat = 1\n[input.x]\n[[crate]]\n";
        let s = split(text);
        assert_eq!(s.of(Kind::Input).len(), 1);
        assert_eq!(
            &text[s.of(Kind::Input)[0].clone()],
            "[[ \"input\" ]]\nat = 1\n[input.x]\n"
        );
        assert_eq!(s.rest.len(), text.len());
        assert!(s.rest.contains("[[crate]]") && !s.rest.contains("at = 1"));
    }

    #[test]
    fn each_kind_gets_its_own_tables_and_a_sub_table_stays_with_its_own_kind() {
        let text = "[[fill]]\nblock = 1\n[[update]]\ndue = 2\n[fill.x]\n[[fill]]\n[player]\n";
        let s = split(text);
        let pieces = |kind| -> Vec<&str> { s.of(kind).iter().map(|r| &text[r.clone()]).collect() };
        assert_eq!(pieces(Kind::Fill), ["[[fill]]\nblock = 1\n", "[[fill]]\n"]);
        assert_eq!(pieces(Kind::Update), ["[[update]]\ndue = 2\n"]);
        assert!(pieces(Kind::Input).is_empty());
        assert!(s.rest.contains("[fill.x]") && s.rest.contains("[player]"));
    }

    #[test]
    fn a_batch_places_its_offsets_in_the_file() {
        let text = "[[input]]\nat = 1\n[[crate]]\n[[input]]\nat = 2";
        let s = split(text);
        let b = Batch::new(text, s.of(Kind::Input));
        assert_eq!(b.text, "[[input]]\nat = 1\n[[input]]\nat = 2\n");
        let second = b.text.rfind("at").expect("there");
        assert_eq!(b.file_offset(second), text.rfind("at").expect("there"));
        assert_eq!(b.file_offset(0), 0);
    }
}
