//! Frame-time statistics for the debug overlay.

use std::collections::VecDeque;
use std::time::Duration;

/// Frames kept for the statistics: a few seconds' worth.
const WINDOW: usize = 240;

/// The recent frame times.
#[derive(Clone, Debug, Default)]
pub struct FrameStats {
    times: VecDeque<Duration>,
}

/// A summary of recent frame times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameSummary {
    /// Frames per second over the window.
    pub fps: f64,
    /// Median frame time in milliseconds.
    pub p50_ms: f64,
    /// 95th percentile.
    pub p95_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
}

impl FrameStats {
    /// Records one frame's duration.
    pub fn push(&mut self, frame: Duration) {
        if self.times.len() == WINDOW {
            self.times.pop_front();
        }
        self.times.push_back(frame);
    }

    /// How many frames the statistics cover.
    #[must_use]
    pub fn len(&self) -> usize {
        self.times.len()
    }

    /// Whether no frame has been recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.times.is_empty()
    }

    /// The summary, if any frame was recorded.
    #[must_use]
    pub fn summary(&self) -> Option<FrameSummary> {
        if self.times.is_empty() {
            return None;
        }
        let mut sorted: Vec<f64> = self.times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        sorted.sort_by(f64::total_cmp);
        let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
        let total: f64 = sorted.iter().sum();
        Some(FrameSummary {
            fps: sorted.len() as f64 * 1e3 / total.max(1e-9),
            p50_ms: at(0.5),
            p95_ms: at(0.95),
            p99_ms: at(0.99),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_known_times() {
        let mut s = FrameStats::default();
        for ms in 1..=100 {
            s.push(Duration::from_millis(ms));
        }
        let sum = s.summary().expect("frames were pushed");
        assert!((sum.p50_ms - 51.0).abs() < 1.01);
        assert!((sum.p99_ms - 99.0).abs() < 1.01);
        assert!((sum.fps - 1000.0 / 50.5).abs() < 0.1);
    }
}
