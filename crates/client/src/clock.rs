//! The frame clock: turns the wall-clock time between frames, which the app measures and
//! feeds in, into a whole number of fixed simulation ticks.
//!
//! Platform-independent and does not consult any clocks itself, so it is tested with made-up
//! durations and the simulation never sees real time.

use std::time::Duration;

/// At most this many ticks run in one frame; time beyond that is dropped, so a slow frame
/// (a hitch, a breakpoint, a dragged window) slows the game down instead of making every
/// following frame slower still as it tries to catch up.
pub const MAX_TICKS_PER_FRAME: u32 = 8;

/// An accumulator of elapsed time, paid out in fixed ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameClock {
    tick: Duration,
    accumulated: Duration,
    steps_this_frame: u32,
}

impl FrameClock {
    /// A clock paying out ticks of `tick`.
    #[must_use]
    pub const fn new(tick: Duration) -> Self {
        Self {
            tick,
            accumulated: Duration::ZERO,
            steps_this_frame: 0,
        }
    }

    /// Adds the time since the previous frame, and starts a new frame.
    pub fn advance(&mut self, elapsed: Duration) {
        let cap = self.tick * MAX_TICKS_PER_FRAME;
        self.accumulated = (self.accumulated + elapsed).min(cap);
        self.steps_this_frame = 0;
    }

    /// Whether a tick is due now.
    #[must_use]
    pub fn should_step(&self) -> bool {
        self.accumulated >= self.tick && self.steps_this_frame < MAX_TICKS_PER_FRAME
    }

    /// Records that a tick ran.
    pub fn did_step(&mut self) {
        self.accumulated = self.accumulated.saturating_sub(self.tick);
        self.steps_this_frame += 1;
    }

    /// How far the present lies between the last tick and the next, 0 to 1: the
    /// interpolation factor for the camera.
    #[must_use]
    pub fn alpha(&self) -> f64 {
        (self.accumulated.as_secs_f64() / self.tick.as_secs_f64()).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticks_for(clock: &mut FrameClock, elapsed: Duration) -> u32 {
        clock.advance(elapsed);
        let mut n = 0;
        while clock.should_step() {
            clock.did_step();
            n += 1;
        }
        n
    }

    #[test]
    fn pays_out_whole_ticks_and_keeps_the_remainder() {
        let mut c = FrameClock::new(Duration::from_millis(10));
        assert_eq!(ticks_for(&mut c, Duration::from_millis(25)), 2);
        assert!((c.alpha() - 0.5).abs() < 1e-9);
        assert_eq!(ticks_for(&mut c, Duration::from_millis(5)), 1);
        assert_eq!(c.alpha(), 0.0);
    }

    #[test]
    fn a_long_frame_is_capped() {
        let mut c = FrameClock::new(Duration::from_millis(10));
        assert_eq!(
            ticks_for(&mut c, Duration::from_secs(5)),
            MAX_TICKS_PER_FRAME
        );
        assert_eq!(
            ticks_for(&mut c, Duration::from_millis(10)),
            1,
            "no backlog"
        );
    }
}
