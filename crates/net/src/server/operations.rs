//! The operators' commands that change the world itself: `/tp`, `/time`, `/gamemode` and
//! `/difficulty`. They do not act at once: each waits for the server's next step, which
//! carries it ([`Step::teleports`](hewn_core::sim::Step::teleports),
//! [`Step::set_time`](hewn_core::sim::Step::set_time),
//! [`Step::set_mode`](hewn_core::sim::Step::set_mode),
//! [`Step::set_difficulty`](hewn_core::sim::Step::set_difficulty)), so the world changes at a
//! tick like everything else.

use glam::DVec3;

use super::{Caller, Server};
use hewn_core::physics::tuning::PLAYER_WIDTH;
use hewn_core::sim::PlayerName;
use hewn_core::sim::creature::Difficulty;
use hewn_core::sim::survival::Mode;
use hewn_core::sim::time::{Clock, DAY_TICKS, parse_time};
use hewn_scenario::body_in_limits;

/// What an operator asked of the world, waiting for the next step.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Pending {
    /// Players to move, in the order asked.
    pub(super) teleports: Vec<(PlayerName, DVec3)>,
    /// The clock to set.
    pub(super) time: Option<u64>,
    /// The mode to play the world in.
    pub(super) mode: Option<Mode>,
    /// The difficulty to set.
    pub(super) difficulty: Option<Difficulty>,
}

impl Server {
    /// `/tp NAME X Y Z`, `/tp NAME OTHER`, or (a player's own) `/tp X Y Z`.
    pub(super) fn teleport_command(&mut self, caller: &Caller, rest: &str) -> String {
        const USAGE: &str = "Usage: /tp NAME X Y Z, /tp NAME OTHER or /tp X Y Z";
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (who, place) = match (words.as_slice(), caller) {
            ([x, y, z], Caller::Body(_, me)) if x.parse::<f64>().is_ok() => {
                (me.clone(), Self::coordinates(x, y, z))
            }
            ([name, x, y, z], _) => match PlayerName::new(name) {
                Ok(name) => (name, Self::coordinates(x, y, z)),
                Err(_) => return USAGE.to_owned(),
            },
            ([name, other], _) => match (PlayerName::new(name), PlayerName::new(other)) {
                (Ok(name), Ok(other)) => {
                    let place = self.place_of(&other);
                    (name, place)
                }
                _ => return USAGE.to_owned(),
            },
            _ => return USAGE.to_owned(),
        };
        let place = match place {
            Ok(place) => place,
            Err(message) => return message,
        };
        if self.place_of(&who).is_err() {
            return format!("{who} is not playing.");
        }
        let answer = format!(
            "Moved {who} to {:.1} {:.1} {:.1}.",
            place.x, place.y, place.z
        );
        self.pending.teleports.push((who, place));
        answer
    }

    /// Where `name` stands, if it is in the world.
    fn place_of(&self, name: &PlayerName) -> Result<DVec3, String> {
        // A player moved this tick already goes where it was sent.
        let sent = (self.pending.teleports.iter().rev()).find(|(n, _)| n == name);
        match (sent, self.sim.players().get(name)) {
            (Some(&(_, place)), _) => Ok(place),
            (None, Some(body)) => Ok(body.position),
            (None, None) => Err(format!("{name} is not playing.")),
        }
    }

    /// Three coordinates, as a place a player may stand in.
    fn coordinates(x: &str, y: &str, z: &str) -> Result<DVec3, String> {
        let number = |text: &str| {
            text.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("{text:?} is not a number."))
        };
        let place = DVec3::new(number(x)?, number(y)?, number(z)?);
        let half = DVec3::splat(PLAYER_WIDTH / 2.0);
        if !body_in_limits(place, half, DVec3::ZERO) {
            return Err("That place is outside the world.".to_owned());
        }
        Ok(place)
    }

    /// `/time` (the clock now) or `/time set dawn|noon|dusk|midnight|TICKS`: a named time
    /// is that time of the current day, a number of ticks the clock itself.
    pub(super) fn time_command(&mut self, rest: &str) -> String {
        let now = self.pending.time.unwrap_or_else(|| self.sim.time());
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words.as_slice() {
            [] | ["query"] => format!("It is {} (tick {now}).", Clock::at(now)),
            ["set", when] => match parse_time(when) {
                Ok(time) => {
                    let time = if when.parse::<u64>().is_ok() {
                        time
                    } else {
                        now - now % DAY_TICKS + time
                    };
                    self.pending.time = Some(time);
                    format!("Set the time to {} (tick {time}).", Clock::at(time))
                }
                Err(message) => format!("{message}."),
            },
            _ => "Usage: /time set dawn|noon|dusk|midnight|TICKS".to_owned(),
        }
    }

    /// `/difficulty` (the difficulty now) or `/difficulty peaceful|normal`: at peaceful no
    /// monsters appear and those there go.
    pub(super) fn difficulty_command(&mut self, rest: &str) -> String {
        const USAGE: &str = "Usage: /difficulty peaceful|normal";
        let now = (self.pending.difficulty).unwrap_or(self.sim.creatures().difficulty);
        match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
            [] => format!("The difficulty is {}.", now.name()),
            [name] => match Difficulty::from_name(name) {
                Some(d) if d == now => format!("The difficulty is already {}.", d.name()),
                Some(d) => {
                    self.pending.difficulty = Some(d);
                    format!("The difficulty is {} from now on.", d.name())
                }
                None => USAGE.to_owned(),
            },
            _ => USAGE.to_owned(),
        }
    }

    /// `/gamemode` (the mode now) or `/gamemode survival|creative`: the mode is the world's,
    /// so it changes for everyone; naming a player is refused rather than changing the
    /// others behind the operator's back.
    pub(super) fn gamemode_command(&mut self, rest: &str) -> String {
        const USAGE: &str =
            "Usage: /gamemode survival|creative (the mode is the world's, for everyone)";
        let now = self.pending.mode.unwrap_or_else(|| self.sim.mode());
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words.as_slice() {
            [] => format!("The world is played in {}.", now.name()),
            [mode] => match Mode::from_name(mode) {
                Some(mode) if mode == now => {
                    format!("The world is already played in {}.", mode.name())
                }
                Some(mode) => {
                    self.pending.mode = Some(mode);
                    format!(
                        "The world is played in {} from now on, by everyone.",
                        mode.name()
                    )
                }
                None => USAGE.to_owned(),
            },
            _ => USAGE.to_owned(),
        }
    }
}
