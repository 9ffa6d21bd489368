//! Another player as a client draws it: the last second of its snapshots, shown a little in
//! the past so there is always a snapshot on either side of the moment drawn.
//!
//! Over a network snapshots come 20 a second (every third tick), and late or lost ones are
//! the rule, not the exception. Drawing the newest would make the others step three ticks at a
//! time and stop whenever one is late; drawing them [`VIEW_DELAY_TICKS`] behind the newest
//! server tick heard and interpolating between the two snapshots around that moment moves them
//! smoothly, and a lost snapshot only stretches one interval (Valve's "entity interpolation",
//! Source Multiplayer Networking, which uses 100 ms too). The moment drawn comes from a
//! [`ViewClock`] that runs steadily however unevenly the snapshots arrive.
//!
//! Each sample also carries how far the player had walked and how strongly its limbs swing,
//! so the figure's stride is interpolated as smoothly as its position: as in Minecraft, the
//! swing's phase advances with distance walked and its amplitude eases toward the speed.

use std::collections::VecDeque;

use hewn_core::physics::Body;
use hewn_core::physics::tuning::TICK_SECONDS;

/// How far behind the newest server tick heard the others are drawn: 100 ms, two snapshot
/// intervals at 20 a second, so one lost snapshot still leaves one on each side.
pub const VIEW_DELAY_TICKS: f64 = 6.0;

/// How many ticks of snapshots a trail keeps: a second, far more than the delay needs, so a
/// burst of late snapshots never leaves the moment drawn outside the trail.
const KEPT_TICKS: u64 = 60;

/// The speed, in blocks a second, at which the limbs swing as far as they go: Minecraft's
/// `min(distance per 1/20 s × 4, 1)` reaches 1 at 5 blocks a second (walking is 4.317).
const FULL_SWING_SPEED: f64 = 5.0;

/// How much of the way to its target the swing's amplitude moves each 1/20 s, Minecraft's
/// `limbSwingAmount += (target − amount) × 0.4`.
const SWING_EASING: f64 = 0.4;

/// How much of the way to the direction of its walk the body turns each 1/20 s.
const TURN_EASING: f64 = 0.3;

/// The most degrees the head turns from the body: past it, the body turns too (Minecraft
/// allows 75° while walking; 50° keeps a strafing figure's shoulders believable).
const MOST_HEAD_TURN: f64 = 50.0;

/// A walk the body turns towards makes more than this many blocks a tick: slower is shuffling
/// on the spot.
const WALKING_PER_TICK: f64 = 0.005;

/// A move between two snapshots longer than this many blocks a tick is a teleport, not a
/// walk: it adds nothing to the distance walked.
const TELEPORT_PER_TICK: f64 = 2.0;

/// How far ahead of the newest snapshot the server's tick is reckoned at most: longer than
/// the 3 ticks between snapshots at 20 a second, with room for jitter, and short enough that
/// a silent server does not run the others off the end of their trails.
const MOST_AHEAD: f64 = 6.0;

/// How much of its distance from the server's tick as heard the view clock makes up each
/// tick, and at most how many ticks.
const PULL: f64 = 0.05;
const MOST_PULL: f64 = 0.5;

/// How many ticks out the view clock may be before it jumps: a stall, or the first snapshot.
const RESYNC: f64 = 60.0;

/// The server tick the others are drawn at, [`VIEW_DELAY_TICKS`] behind the server's as
/// the client reckons it.
///
/// The server's tick as heard is the newest snapshot's plus the client's ticks played since
/// it arrived; it jumps whenever a snapshot comes early or late. This clock instead goes
/// one tick a tick, faster or slower by a twentieth of its distance from the tick heard (at
/// most half a tick), so the others move steadily and never back; it jumps only when it is a
/// second out.
#[derive(Clone, Copy, Debug, Default)]
pub struct ViewClock {
    /// The newest snapshot's server tick.
    heard: u64,
    /// The client's tick when it arrived.
    heard_at: u64,
    /// The server tick shown, before the delay; `None` before the first tick played.
    clock: Option<f64>,
}

impl ViewClock {
    /// A snapshot of server tick `server_tick` arrived on the client's tick `local_tick`.
    pub const fn heard(&mut self, server_tick: u64, local_tick: u64) {
        self.heard = server_tick;
        self.heard_at = local_tick;
    }

    /// The client has played up to its tick `local_tick`.
    pub fn advance(&mut self, local_tick: u64) {
        let since = local_tick.saturating_sub(self.heard_at) as f64;
        let heard = self.heard as f64 + since.min(MOST_AHEAD);
        self.clock = Some(match self.clock {
            Some(clock) if (heard - clock).abs() < RESYNC => {
                let next = clock + 1.0;
                next + ((heard - next) * PULL).clamp(-MOST_PULL, MOST_PULL)
            }
            _ => heard,
        });
    }

    /// The server tick to draw the others at, `alpha` of the way to the next tick.
    #[must_use]
    pub fn at(&self, alpha: f64) -> f64 {
        self.clock.unwrap_or(self.heard as f64) + alpha - VIEW_DELAY_TICKS
    }
}

/// One snapshot of another player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The server's tick.
    pub tick: u64,
    /// The player then.
    pub body: Body,
    /// Blocks walked horizontally since the trail began: the phase of the limbs' swing.
    pub walked: f64,
    /// How far the limbs swing, 0 (still) to 1 (sprinting).
    pub swing: f64,
    /// The body's yaw, in degrees: it turns towards where the player walks, and with the
    /// head when that turns too far from it.
    pub facing: f64,
}

/// Another player as a figure shows it at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shown {
    /// Where and how it is.
    pub body: Body,
    /// Blocks walked ([`Sample::walked`]).
    pub walked: f64,
    /// How far the limbs swing ([`Sample::swing`]).
    pub swing: f64,
    /// The body's yaw ([`Sample::facing`]).
    pub facing: f64,
}

/// Another player as the last snapshots had it.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    /// Oldest first, at most [`KEPT_TICKS`] apart.
    samples: VecDeque<Sample>,
}

impl Trail {
    /// Adds the snapshot of server tick `tick`; one no newer than the last is ignored, since
    /// the snapshots' channel may deliver out of order.
    pub fn push(&mut self, tick: u64, body: Body) {
        let sample = match self.samples.back() {
            Some(last) if tick <= last.tick => return,
            Some(last) => {
                let ticks = (tick - last.tick) as f64;
                let motion = body.position - last.body.position;
                let step = horizontal(motion);
                let walked = if step > TELEPORT_PER_TICK * ticks {
                    0.0
                } else {
                    step
                };
                let speed = walked / (ticks * TICK_SECONDS);
                let target = (speed / FULL_SWING_SPEED).min(1.0);
                // Easing per 1/20 s, as Minecraft's, compounded over the ticks between.
                let twentieths = ticks * TICK_SECONDS * 20.0;
                let kept = (1.0 - SWING_EASING).powf(twentieths);
                let heading = if walked > WALKING_PER_TICK * ticks {
                    walk_heading(motion, body.yaw)
                } else {
                    last.facing
                };
                let turn = 1.0 - (1.0 - TURN_EASING).powf(twentieths);
                let facing = lerp_angle(last.facing, heading, turn);
                Sample {
                    tick,
                    body,
                    walked: last.walked + walked,
                    swing: target + (last.swing - target) * kept,
                    facing: clamp_turn(facing, body.yaw),
                }
            }
            None => Sample {
                tick,
                body,
                walked: 0.0,
                swing: 0.0,
                facing: body.yaw,
            },
        };
        self.samples.push_back(sample);
        while self
            .samples
            .front()
            .is_some_and(|s| s.tick + KEPT_TICKS < tick)
        {
            self.samples.pop_front();
        }
    }

    /// The snapshots kept, oldest first.
    pub fn samples(&self) -> impl Iterator<Item = &Sample> {
        self.samples.iter()
    }

    /// The player at server tick `tick` (fractional): between the two snapshots around it,
    /// or the nearest one when `tick` is outside them all.
    #[must_use]
    pub fn at(&self, tick: f64) -> Option<Shown> {
        let after = self.samples.iter().position(|s| s.tick as f64 > tick);
        let (a, b) = match after {
            None => {
                let last = self.samples.back()?;
                (last, last)
            }
            Some(0) => (&self.samples[0], &self.samples[0]),
            Some(i) => (&self.samples[i - 1], &self.samples[i]),
        };
        let f = if b.tick > a.tick {
            ((tick - a.tick as f64) / (b.tick - a.tick) as f64).clamp(0.0, 1.0)
        } else {
            0.0
        };
        // What cannot be blended (sneaking, on the ground, flying) is the earlier snapshot's
        // until the later one is reached.
        let mut body = a.body;
        body.position = a.body.position.lerp(b.body.position, f);
        body.velocity = a.body.velocity.lerp(b.body.velocity, f);
        body.yaw = lerp_angle(a.body.yaw, b.body.yaw, f);
        body.pitch = a.body.pitch + (b.body.pitch - a.body.pitch) * f;
        Some(Shown {
            body,
            walked: a.walked + (b.walked - a.walked) * f,
            swing: a.swing + (b.swing - a.swing) * f,
            facing: lerp_angle(a.facing, b.facing, f),
        })
    }
}

/// Degrees `f` of the way from `a` to `b` the short way round, so a turn through north
/// (359° to 1°) is two degrees, not a spin.
fn lerp_angle(a: f64, b: f64, f: f64) -> f64 {
    let turn = (b - a + 180.0).rem_euclid(360.0) - 180.0;
    (a + turn * f).rem_euclid(360.0)
}

/// The yaw the body turns to while moving by `motion` looking at `look` degrees: the way
/// it moves, or the opposite way when it walks backwards (Minecraft's 95° rule), so the legs
/// never face against the look.
fn walk_heading(motion: glam::DVec3, look: f64) -> f64 {
    // Yaw 0 faces −Z and 90 faces +X.
    let heading = motion.x.atan2(-motion.z).to_degrees();
    let off = (heading - look + 180.0).rem_euclid(360.0) - 180.0;
    if off.abs() > 95.0 {
        (heading + 180.0).rem_euclid(360.0)
    } else {
        heading.rem_euclid(360.0)
    }
}

/// `facing`, turned as little as needed to be within [`MOST_HEAD_TURN`] of `look`.
fn clamp_turn(facing: f64, look: f64) -> f64 {
    let off = (facing - look + 180.0).rem_euclid(360.0) - 180.0;
    (look + off.clamp(-MOST_HEAD_TURN, MOST_HEAD_TURN)).rem_euclid(360.0)
}

/// The length of `v` across the ground: what walking covers.
fn horizontal(v: glam::DVec3) -> f64 {
    v.x.hypot(v.z)
}

#[cfg(test)]
mod tests {
    use glam::DVec3;

    use super::*;

    fn at(x: f64) -> Body {
        Body::new(DVec3::new(x, 64.0, 0.0))
    }

    #[test]
    fn the_moment_drawn_lies_between_the_snapshots_around_it() {
        let mut trail = Trail::default();
        for (tick, x) in [(0, 0.0), (3, 0.3), (6, 0.6), (9, 1.2)] {
            trail.push(tick, at(x));
        }
        let x = |t: f64| trail.at(t).map(|s| s.body.position.x);
        assert_eq!(x(1.5), Some(0.15));
        assert!((x(7.5).unwrap() - 0.9).abs() < 1e-12);
        // Before the first and after the last, the nearest: never a guess beyond them.
        assert_eq!(x(-4.0), Some(0.0));
        assert_eq!(x(40.0), Some(1.2));
    }

    #[test]
    fn late_snapshots_are_ignored_and_old_ones_forgotten() {
        let mut trail = Trail::default();
        trail.push(30, at(3.0));
        trail.push(27, at(99.0));
        trail.push(30, at(99.0));
        assert_eq!(trail.samples().count(), 1);
        for tick in (33..=120).step_by(3) {
            trail.push(tick, at(tick as f64 / 10.0));
        }
        let first = trail.samples().next().map(|s| s.tick);
        assert_eq!(first, Some(120 - KEPT_TICKS));
    }

    #[test]
    fn turning_through_north_takes_the_short_way() {
        assert!((lerp_angle(350.0, 10.0, 0.5) - 0.0).abs() < 1e-9);
        assert!((lerp_angle(10.0, 350.0, 0.25) - 5.0).abs() < 1e-9);
        assert!((lerp_angle(90.0, 180.0, 0.5) - 135.0).abs() < 1e-9);
    }

    #[test]
    fn walking_swings_the_limbs_and_standing_still_lets_them_rest() {
        let mut trail = Trail::default();
        // Walking at 4.317 blocks a second for a second, snapshots every third tick.
        let step = 4.317 * 3.0 * TICK_SECONDS;
        for i in 0..=20 {
            trail.push(i * 3, at(i as f64 * step));
        }
        let walking = trail.at(60.0).unwrap();
        assert!((walking.walked - 4.317).abs() < 1e-9);
        assert!(
            (walking.swing - 4.317 / FULL_SWING_SPEED).abs() < 0.01,
            "{}",
            walking.swing
        );
        // Then standing still for a second.
        for i in 21..=40 {
            trail.push(i * 3, at(20.0 * step));
        }
        let still = trail.at(120.0).unwrap();
        assert!(still.swing < 0.001, "{}", still.swing);
        assert!((still.walked - 4.317).abs() < 1e-9);
    }

    #[test]
    fn the_body_turns_towards_the_walk_and_never_far_from_the_look() {
        let mut trail = Trail::default();
        // Looking north (−Z) while walking east (+X): the body turns east as far as the
        // head allows.
        for i in 0..=20 {
            let mut p = at(i as f64 * 0.2);
            p.yaw = 0.0;
            trail.push(i * 3, p);
        }
        let facing = trail.at(60.0).unwrap().facing;
        assert!((facing - MOST_HEAD_TURN).abs() < 1e-6, "{facing}");
        // Walking backwards (south, looking north) turns the body back to the look.
        let mut trail = Trail::default();
        for i in 0..=20 {
            let mut p = Body::new(DVec3::new(0.0, 64.0, i as f64 * 0.2));
            p.yaw = 0.0;
            trail.push(i * 3, p);
        }
        let facing = trail.at(60.0).unwrap().facing;
        assert!(
            facing.abs() < 1e-6 || (facing - 360.0).abs() < 1e-6,
            "{facing}"
        );
    }

    #[test]
    fn the_view_clock_goes_steadily_through_uneven_snapshots_and_never_back() {
        let mut clock = ViewClock::default();
        // Snapshots every third server tick, arriving two ticks late, then on time, in turn.
        let mut shown = Vec::new();
        for local in 1..=600u64 {
            let sent = (local / 3) * 3;
            let late = if (local / 3) % 2 == 0 { 2 } else { 0 };
            if local == sent + late {
                clock.heard(sent, local);
            }
            clock.advance(local);
            shown.push(clock.at(0.0));
        }
        for w in shown[60..].windows(2) {
            let step = w[1] - w[0];
            assert!((0.85..1.15).contains(&step), "{step}");
        }
        // Settled about the delay behind the server (the late arrivals pull it back a tick).
        let behind = 600.0 - shown[599];
        assert!(
            (VIEW_DELAY_TICKS..VIEW_DELAY_TICKS + 2.0).contains(&behind),
            "{behind}"
        );
    }

    #[test]
    fn a_teleport_is_not_a_walk() {
        let mut trail = Trail::default();
        trail.push(0, at(0.0));
        trail.push(3, at(500.0));
        let shown = trail.at(3.0).unwrap();
        assert_eq!((shown.walked, shown.swing), (0.0, 0.0));
    }
}
