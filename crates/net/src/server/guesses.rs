//! Wrong passwords, slowed per address: a few guesses are free (a player mistyping), then
//! each wrong answer makes the next wait longer, doubling from a second to half a minute,
//! and from the tenth on the address is locked out for five minutes at a time. So a search
//! from one address makes a few hundred guesses a day instead of one every fifth of a
//! second. Time is the server's ticks, so tests can run an hour of it in a moment.

use std::collections::BTreeMap;
use std::net::IpAddr;

/// Wrong answers an address may give before it must wait.
const FREE_GUESSES: u32 = 3;
/// Wrong answers after which every further one locks the address out.
const LOCKOUT_AFTER: u32 = 10;
/// The longest wait before the lockouts: half a minute.
const MAX_WAIT_TICKS: u64 = 30 * 60;
/// A lockout: five minutes.
const LOCKOUT_TICKS: u64 = 5 * 60 * 60;
/// An address with no wrong answer for an hour starts afresh.
const FORGET_TICKS: u64 = 60 * 60 * 60;
/// The most addresses remembered: past it, those whose wait ended longest ago are
/// forgotten first, so a flood of addresses costs bounded memory.
const MAX_ADDRESSES: usize = 4096;

/// One address's wrong answers.
#[derive(Clone, Copy, Debug)]
struct Record {
    /// Wrong answers since it was last forgotten.
    wrong: u32,
    /// The tick of the last.
    last_at: u64,
    /// The first tick it may be asked again.
    not_before: u64,
}

/// Every address's wrong answers.
#[derive(Debug, Default)]
pub(super) struct Guesses {
    by_address: BTreeMap<IpAddr, Record>,
}

/// Ticks to wait after the `wrong`th wrong answer.
fn wait_after(wrong: u32) -> u64 {
    if wrong <= FREE_GUESSES {
        0
    } else if wrong < LOCKOUT_AFTER {
        // 1, 2, 4, 8, 16 seconds, then the cap.
        (60u64 << (wrong - FREE_GUESSES - 1).min(10)).min(MAX_WAIT_TICKS)
    } else {
        LOCKOUT_TICKS
    }
}

impl Guesses {
    /// Ticks `ip` must still wait at `tick` before it is asked for the password, if any.
    pub(super) fn wait(&self, ip: IpAddr, tick: u64) -> Option<u64> {
        let record = self.by_address.get(&ip)?;
        (record.not_before > tick).then(|| record.not_before - tick)
    }

    /// Notes a wrong answer from `ip` at `tick`; returns how many it has given and the
    /// ticks it must now wait.
    pub(super) fn wrong(&mut self, ip: IpAddr, tick: u64) -> (u32, u64) {
        self.forget_old(tick);
        let record = self.by_address.entry(ip).or_insert(Record {
            wrong: 0,
            last_at: tick,
            not_before: tick,
        });
        record.wrong = record.wrong.saturating_add(1);
        record.last_at = tick;
        let wait = wait_after(record.wrong);
        record.not_before = tick + wait;
        (record.wrong, wait)
    }

    /// Forgets `ip`'s wrong answers: it proved the password.
    pub(super) fn right(&mut self, ip: IpAddr) {
        self.by_address.remove(&ip);
    }

    /// Forgets addresses quiet for [`FORGET_TICKS`] past their wait, and past
    /// [`MAX_ADDRESSES`] those whose wait ended first.
    fn forget_old(&mut self, tick: u64) {
        self.by_address
            .retain(|_, r| tick < r.not_before.max(r.last_at) + FORGET_TICKS);
        while self.by_address.len() >= MAX_ADDRESSES {
            let oldest = (self.by_address.iter())
                .min_by_key(|(_, r)| r.not_before)
                .map(|(ip, _)| *ip);
            match oldest {
                Some(ip) => self.by_address.remove(&ip),
                None => break,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HERE: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    #[test]
    fn waits_grow_from_free_guesses_to_lockouts() {
        let waits: Vec<u64> = (1..=12).map(wait_after).collect();
        assert_eq!(
            waits,
            [
                0, 0, 0, 60, 120, 240, 480, 960, 1800, 18_000, 18_000, 18_000
            ]
        );
    }

    #[test]
    fn sixty_wrong_answers_as_fast_as_allowed_take_far_over_thirty_seconds() {
        let mut guesses = Guesses::default();
        let mut tick = 0;
        for _ in 0..60 {
            if let Some(wait) = guesses.wait(HERE, tick) {
                tick += wait;
            }
            assert_eq!(guesses.wait(HERE, tick), None);
            guesses.wrong(HERE, tick);
        }
        assert!(tick >= 30 * 60, "{tick} ticks");
        // Ten lockouts at the least: hours.
        assert!(tick >= 50 * LOCKOUT_TICKS, "{tick} ticks");
        let other = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));
        assert_eq!(
            guesses.wait(other, tick),
            None,
            "another address is not slowed"
        );
        guesses.right(HERE);
        assert_eq!(guesses.wait(HERE, tick), None, "the right answer forgets");
    }

    #[test]
    fn an_address_quiet_for_an_hour_starts_afresh() {
        let mut guesses = Guesses::default();
        for _ in 0..5 {
            guesses.wrong(HERE, 0);
        }
        let (wrong, _) = guesses.wrong(HERE, 2 * FORGET_TICKS);
        assert_eq!(wrong, 1);
    }
}
