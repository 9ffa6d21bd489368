//! A scenario's text split into its `[[input]]` sections and the rest, so the inputs can be
//! counted before anything is parsed and read a batch at a time.
//!
//! The `toml` crate builds a document of the whole file before serde sees any of it, about
//! 1.4 KB per `[[input]]`: a million of them (the limit, 7 MB of text) took 1.5 GB. Here the
//! file is only lexed (with `toml_parser`, the lexer `toml` itself uses, so strings,
//! comments and nested arrays are told apart exactly as the parser will) to find the
//! top-level table headers. The rest of the file keeps every byte offset, so its errors name
//! the lines they always did; each batch of input sections remembers where its pieces came
//! from, so its errors are placed in the file too.

use std::ops::Range;

use toml_parser::Source;
use toml_parser::decoder::Encoding;
use toml_parser::lexer::TokenKind;

/// A scenario's text split at its top-level table headers.
pub(super) struct Sections {
    /// The text with every input section blanked (each byte but line breaks made a space),
    /// so it parses alone with the lines and columns the whole file has.
    pub(super) rest: String,
    /// Each `[[input]]` section, in file order: its header, its keys and any sub-tables of
    /// it (`[input.x]`), up to the next other header.
    pub(super) inputs: Vec<Range<usize>>,
}

/// What a top-level header opens.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Header {
    /// `[[input]]`: a new input.
    Input,
    /// A table inside the last input (`[input.x]`, `[[input.x]]`).
    InsideInput,
    /// Anything else.
    Other,
}

/// Splits `text` into its input sections and the rest. Text that is not TOML is split as
/// far as the lexer can tell; parsing the pieces then reports the error.
pub(super) fn split(text: &str) -> Sections {
    let mut inputs: Vec<Range<usize>> = Vec::new();
    // Where the input section being read started, if one is.
    let mut open: Option<usize> = None;
    for (start, header) in headers(text) {
        match header {
            Header::Input => {
                if let Some(s) = open {
                    inputs.push(s..start);
                }
                open = Some(start);
            }
            // A sub-table of the open input stays with it; one with no input before it
            // belongs to the rest, which reports it as the whole file would.
            Header::InsideInput => {}
            Header::Other => {
                if let Some(s) = open.take() {
                    inputs.push(s..start);
                }
            }
        }
    }
    if let Some(s) = open {
        inputs.push(s..text.len());
    }
    let mut rest = text.as_bytes().to_vec();
    for range in &inputs {
        for b in &mut rest[range.clone()] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    }
    // Whole characters were replaced by spaces and line breaks kept, so it is still UTF-8.
    let rest = String::from_utf8(rest).unwrap_or_default();
    Sections { rest, inputs }
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
                let header = match (array, path.first().map(String::as_str), path.len()) {
                    (true, Some("input"), 1) => Header::Input,
                    (_, Some("input"), 2..) => Header::InsideInput,
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
fn key_part(source: &Source<'_>, t: toml_parser::lexer::Token) -> Option<String> {
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

/// Some input sections joined into one text, with where each piece came from.
pub(super) struct Batch {
    /// The sections, one after another.
    pub(super) text: String,
    /// Per piece, its offset in `text` and in the file.
    pieces: Vec<(usize, usize)>,
}

impl Batch {
    /// The sections `ranges` of `text`, joined.
    pub(super) fn new(text: &str, ranges: &[Range<usize>]) -> Self {
        let mut joined = String::new();
        let mut pieces = Vec::with_capacity(ranges.len());
        for r in ranges {
            pieces.push((joined.len(), r.start));
            joined.push_str(&text[r.clone()]);
            // A section ends where the next header starts, at the start of a line; only the
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
    pub(super) fn file_offset(&self, at: usize) -> usize {
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
                    # [[input]]\n[[ \"input\" ]]\nat = 1\n[input.x]\n[[fill]]\n";
        let s = split(text);
        assert_eq!(s.inputs.len(), 1);
        assert_eq!(
            &text[s.inputs[0].clone()],
            "[[ \"input\" ]]\nat = 1\n[input.x]\n"
        );
        assert_eq!(s.rest.len(), text.len());
        assert!(s.rest.contains("[[fill]]") && !s.rest.contains("at = 1"));
    }

    #[test]
    fn a_batch_places_its_offsets_in_the_file() {
        let text = "[[input]]\nat = 1\n[[fill]]\n[[input]]\nat = 2";
        let s = split(text);
        let b = Batch::new(text, &s.inputs);
        assert_eq!(b.text, "[[input]]\nat = 1\n[[input]]\nat = 2\n");
        let second = b.text.rfind("at").expect("there");
        assert_eq!(b.file_offset(second), text.rfind("at").expect("there"));
        assert_eq!(b.file_offset(0), 0);
    }
}
