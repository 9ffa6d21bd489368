//! The world's clock: time in ticks, and where in the day a time falls.
//!
//! A day is 72 000 ticks, 20 minutes at 60 ticks a second, as in Minecraft. Time 0 is
//! sunrise, 18 000 noon, 36 000 sunset and 54 000 midnight; the clock runs on from day to
//! day without wrapping. Only light from the sky follows it, and only as it is drawn: the
//! light levels the simulation keeps do not change with the time.

use std::fmt;

/// Ticks in one day.
pub const DAY_TICKS: u64 = 72_000;
/// Sunrise, the start of every day.
pub const SUNRISE: u64 = 0;
/// Noon: the sun at its highest.
pub const NOON: u64 = 18_000;
/// Sunset.
pub const SUNSET: u64 = 36_000;
/// Midnight: the sun at its lowest.
pub const MIDNIGHT: u64 = 54_000;
/// The time a new world starts at, and worlds saved before they had a clock open at:
/// mid-morning, with the sun well up.
pub const MORNING: u64 = 6_000;

/// How far through its day `time` is, from 0 at sunrise to just under 1.
#[must_use]
#[expect(
    clippy::cast_precision_loss,
    reason = "both are at most DAY_TICKS, 24,000: exact in f64"
)]
pub fn day_fraction(time: u64) -> f64 {
    (time % DAY_TICKS) as f64 / DAY_TICKS as f64
}

/// A time as players read it: the day (from 1) and the hour and minute on a 24-hour clock
/// that reads 06:00 at sunrise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The day, counting from 1.
    pub day: u64,
    /// The hour, 0 to 23.
    pub hour: u64,
    /// The minute, 0 to 59.
    pub minute: u64,
}

impl Clock {
    /// The clock reading at `time`.
    #[must_use]
    pub const fn at(time: u64) -> Self {
        // 72 000 ticks are 1 440 minutes: 50 ticks a minute, and sunrise is 360 minutes in.
        let minutes = (time % DAY_TICKS) / 50 + 6 * 60;
        Self {
            day: time / DAY_TICKS + 1 + minutes / (24 * 60),
            hour: minutes / 60 % 24,
            minute: minutes % 60,
        }
    }
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "day {}, {:02}:{:02}", self.day, self.hour, self.minute)
    }
}

/// Reads a time given by name (`dawn`, `noon`, `dusk`, `midnight`) or in ticks.
///
/// # Errors
/// A message naming what was expected, if `text` is neither.
pub fn parse_time(text: &str) -> Result<u64, String> {
    match text {
        "dawn" | "sunrise" => Ok(SUNRISE),
        "noon" => Ok(NOON),
        "dusk" | "sunset" => Ok(SUNSET),
        "midnight" => Ok(MIDNIGHT),
        _ => text.parse().map_err(|_| {
            format!("{text:?} is not dawn, noon, dusk, midnight or a whole number of ticks")
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_reads_six_at_sunrise_and_twelve_at_noon() {
        assert_eq!(Clock::at(SUNRISE).to_string(), "day 1, 06:00");
        assert_eq!(Clock::at(NOON).to_string(), "day 1, 12:00");
        assert_eq!(Clock::at(SUNSET).to_string(), "day 1, 18:00");
        assert_eq!(Clock::at(MIDNIGHT).to_string(), "day 2, 00:00");
        assert_eq!(Clock::at(DAY_TICKS + NOON).to_string(), "day 2, 12:00");
        assert_eq!(Clock::at(DAY_TICKS - 1).to_string(), "day 2, 05:59");
    }

    #[test]
    fn times_parse_by_name_or_number() {
        assert_eq!(parse_time("noon"), Ok(NOON));
        assert_eq!(parse_time("midnight"), Ok(MIDNIGHT));
        assert_eq!(parse_time("dawn"), Ok(0));
        assert_eq!(parse_time("123"), Ok(123));
        assert!(parse_time("-5").is_err());
        assert!(parse_time("teatime").is_err());
        assert!((day_fraction(NOON + DAY_TICKS) - 0.25).abs() < 1e-12);
    }
}
