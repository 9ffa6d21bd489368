//! The chat as the game keeps it: the last lines heard, each with when it came, so the
//! screen can show the fresh ones over the game and fade them out.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// How many lines are kept: the open chat scrolls through these.
pub const KEPT_LINES: usize = 100;

/// How long a line shows over the game after it comes.
pub const SHOWN_FOR: Duration = Duration::from_secs(10);

/// The last part of [`SHOWN_FOR`], over which a line fades out.
const FADE: Duration = Duration::from_secs(1);

/// The lines of chat heard, oldest first.
#[derive(Debug, Default)]
pub struct ChatLog {
    lines: VecDeque<(Instant, String)>,
}

impl ChatLog {
    /// Adds `line`, heard at `now`, dropping the oldest past [`KEPT_LINES`].
    pub fn push(&mut self, now: Instant, line: String) {
        self.lines.push_back((now, line));
        while self.lines.len() > KEPT_LINES {
            self.lines.pop_front();
        }
    }

    /// Every line kept, oldest first.
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        self.lines.iter().map(|(_, line)| line.as_str())
    }

    /// The lines to show over the game at `now`, oldest first, each with its opacity from 0
    /// to 1: those heard in the last [`SHOWN_FOR`], fading over its last second.
    #[must_use]
    pub fn fresh(&self, now: Instant) -> Vec<(String, f32)> {
        self.lines
            .iter()
            .filter_map(|(at, line)| {
                let left = SHOWN_FOR.checked_sub(now.saturating_duration_since(*at))?;
                let opacity = (left.as_secs_f32() / FADE.as_secs_f32()).min(1.0);
                (opacity > 0.0).then(|| (line.clone(), opacity))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_show_for_ten_seconds_fading_over_the_last_and_a_hundred_are_kept() {
        let start = Instant::now();
        let mut log = ChatLog::default();
        for i in 0..150 {
            log.push(start, format!("line {i}"));
        }
        assert_eq!(log.lines().count(), KEPT_LINES);
        assert_eq!(log.lines().next(), Some("line 50"));
        log.push(start + Duration::from_secs(5), "late".to_owned());
        let at = |secs: f64| log.fresh(start + Duration::from_secs_f64(secs));
        assert_eq!(at(1.0).len(), KEPT_LINES);
        assert!(at(1.0).iter().all(|(_, opacity)| *opacity == 1.0));
        let fading = at(9.5);
        assert!((fading[0].1 - 0.5).abs() < 1e-3, "{:?}", fading[0]);
        assert_eq!(at(10.5), [("late".to_owned(), 1.0)]);
        assert!(at(16.0).is_empty());
    }
}
