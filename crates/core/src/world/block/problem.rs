//! What is wrong with a content file, said where it is: the file, the line and the key.

use std::fmt;

/// One thing wrong with a content file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file, as the pack names it (`blocks.toml`).
    pub file: String,
    /// The line the problem is on, counted from 1; 0 where it is the whole file's.
    pub line: usize,
    /// The key at fault (`block.drop`), or empty where no one key is.
    pub key: String,
    /// What is wrong, for a person to read.
    pub message: String,
}

impl Problem {
    /// A problem at byte `offset` of `text`, the contents of `file`.
    #[must_use]
    pub fn at(file: &str, text: &str, offset: usize, key: &str, message: String) -> Self {
        let before = text.get(..offset).unwrap_or(text);
        Self {
            file: file.to_owned(),
            line: before.bytes().filter(|&b| b == b'\n').count() + 1,
            key: key.to_owned(),
            message,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        if !self.key.is_empty() {
            write!(f, ": {}", self.key)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every problem found in a pack, in the order they were met.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Problems(pub Vec<Problem>);

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

/// Asserts that one of `found` (problems as displayed) starts with `prefix` (a file, line
/// and key) and holds `words`: the check every reader's tests make.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_problem(found: &[String], prefix: &str, words: &str) {
    assert!(
        found
            .iter()
            .any(|p| p.starts_with(prefix) && p.contains(words)),
        "no problem {prefix} … {words} among {found:#?}"
    );
}
