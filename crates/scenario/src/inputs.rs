//! A scenario's inputs read into holds and cues of a few tens of bytes each, the
//! `[[input]]` tables a batch at a time ([`tables::read`]), each batch's TOML document
//! dropped before the next is built.
//!
//! Reading the whole file at once cost about 1.4 KB of document per input (1.5 GB for the
//! million a scenario may have); a batch costs a few megabytes whatever the file holds.

use std::collections::BTreeMap;

use super::raw::RawInput;
use super::tables::{self, Kind, Tables};
use super::{
    Action, Block, Cue, Hold, Operation, PlayerName, Presence, ScenarioError, block_value, finite,
    invalid, limits, pitch_value, quoted, tick_value, vector,
};

/// A scenario's inputs, checked.
pub(super) struct Inputs<'a> {
    /// Each player's place in the scenario's order, by name.
    players: BTreeMap<&'a str, u32>,
    /// How many there are.
    pub(super) count: usize,
    /// The holds, in file order.
    pub(super) holds: Vec<Hold>,
    /// The one-shot cues, in file order.
    pub(super) cues: Vec<Cue>,
    /// The first input with an impossible value: kept back by the caller until the keys
    /// before the inputs are checked, so errors come in the order they always did.
    pub(super) first_invalid: Option<ScenarioError>,
}

/// Reads the inputs of `text`: those of an inline `input = [...]` array (`inline`, already
/// parsed with the rest; a file that also has `[[input]]` tables was refused before) and
/// those of its `[[input]]` tables, with their indices in the whole file; `players` are
/// the scenario's players in order, whom an input's `player` names.
///
/// # Errors
/// A [`SyntaxError`](super::SyntaxError) placed in `text`; a value error is returned in
/// [`Inputs::first_invalid`].
pub(super) fn read<'a>(
    text: &str,
    lists: &Tables,
    inline: Vec<RawInput>,
    players: &'a [PlayerName],
) -> Result<Inputs<'a>, ScenarioError> {
    let mut inputs = Inputs {
        players: (0..)
            .zip(players)
            .map(|(i, name)| (name.as_str(), i))
            .collect(),
        count: 0,
        holds: Vec::new(),
        cues: Vec::new(),
        first_invalid: None,
    };
    inputs.take(inline);
    tables::read(text, lists.of(Kind::Input), Kind::Input.key(), |batch| {
        inputs.take(batch);
    })?;
    Ok(inputs)
}

impl Inputs<'_> {
    /// Checks `raw` and adds it, until one is impossible; after that it only counts.
    fn take(&mut self, raw: Vec<RawInput>) {
        for input in raw {
            let i = self.count;
            self.count += 1;
            if self.first_invalid.is_some() {
                continue;
            }
            match parse_input(i, input, &self.players) {
                Ok(Scheduled::Hold(h)) => self.holds.push(h),
                Ok(Scheduled::Cue(e)) => self.cues.push(e),
                Err(e) => self.first_invalid = Some(e),
            }
        }
    }
}

/// One input, checked.
enum Scheduled {
    Hold(Hold),
    Cue(Cue),
}

fn parse_input(
    i: usize,
    raw: RawInput,
    players: &BTreeMap<&str, u32>,
) -> Result<Scheduled, ScenarioError> {
    let key = |k: &str| format!("input[{i}].{k}");
    let player = match raw.player.as_deref() {
        None => 0,
        Some(name) => *players.get(name).ok_or_else(|| {
            invalid(
                key("player"),
                format!(
                    "no player is called {} (players are [player] and [players.NAME] tables)",
                    quoted(name)
                ),
            )
        })?,
    };
    let is_hold = raw.from.is_some() || raw.to.is_some() || raw.hold.is_some();
    let is_cue = raw.at.is_some()
        || raw.yaw.is_some()
        || raw.pitch.is_some()
        || raw.action.is_some()
        || raw.block.is_some()
        || raw.position.is_some()
        || raw.time.is_some()
        || raw.item.is_some()
        || raw.count.is_some()
        || raw.slot.is_some()
        || raw.button.is_some();
    if is_hold && is_cue {
        return Err(invalid(
            format!("input[{i}]"),
            "either holds controls (from, to, hold) or is one-shot (at, yaw, pitch, action, block, position, time), not both",
        ));
    }
    if is_hold {
        let from = tick_value(
            &key("from"),
            raw.from.ok_or_else(|| invalid(key("from"), "missing"))?,
        )?;
        let to = tick_value(
            &key("to"),
            raw.to.ok_or_else(|| invalid(key("to"), "missing"))?,
        )?;
        if to < from {
            return Err(invalid(key("to"), format!("{to} is before from = {from}")));
        }
        let controls = raw.hold.ok_or_else(|| invalid(key("hold"), "missing"))?;
        // A set: the order and repeats of a list change nothing that is held.
        let controls = controls.into_iter().collect();
        return Ok(Scheduled::Hold(Hold {
            player,
            from,
            to,
            controls,
        }));
    }
    let at = tick_value(
        &key("at"),
        raw.at.ok_or_else(|| invalid(key("at"), "missing"))?,
    )?;
    if let Some(yaw) = raw.yaw {
        finite(&key("yaw"), yaw)?;
    }
    if let Some(pitch) = raw.pitch {
        pitch_value(&key("pitch"), pitch)?;
    }
    let block = raw
        .block
        .as_deref()
        .map(|b| block_value(&key("block"), b))
        .transpose()?;
    let operation = operation(&key, &raw)?;
    // A mod's drop names its item and count itself.
    let survival_action = if matches!(
        operation,
        Some(Operation::DropItem(..) | Operation::GiveItem(..))
    ) {
        None
    } else {
        super::survival::action(&key, &raw)?
    };
    let presence = match raw.action.as_deref() {
        Some("leave") => Some(Presence::Leave),
        Some("join") => Some(Presence::Return),
        _ => None,
    };
    // Leaving, coming back and an operator's actions are cues of their own, with no
    // player action beside them.
    if presence.is_some() || operation.is_some() {
        let sets = matches!(operation, Some(Operation::SetBlock(..)));
        if block.is_some() && !sets {
            return Err(invalid(
                key("block"),
                "only goes with action = \"place\" or \"set_block\"",
            ));
        }
        return Ok(Scheduled::Cue(Cue {
            player,
            at,
            yaw: raw.yaw,
            pitch: raw.pitch,
            action: None,
            presence,
            operation,
        }));
    }
    let action = match (raw.action.as_deref(), block) {
        _ if survival_action.is_some() => survival_action,
        (None, None) => None,
        (None, Some(_)) => return Err(invalid(key("block"), "only goes with action = \"place\"")),
        (Some("break"), None) => Some(Action::Break),
        (Some("toggle_fly"), None) => Some(Action::ToggleFly),
        (Some("place_crate"), None) => Some(Action::PlaceCrate),
        (Some("toggle_collider"), None) => Some(Action::ToggleCollider),
        (Some("place"), Some(Block::AIR)) => {
            return Err(invalid(
                key("block"),
                "air cannot be placed (use action = \"break\")",
            ));
        }
        (Some("place"), Some(b)) => Some(Action::Place(b)),
        (Some("place"), None) => {
            return Err(invalid(key("block"), "missing (place needs a block)"));
        }
        (Some("break" | "toggle_fly" | "place_crate" | "toggle_collider"), Some(_)) => {
            return Err(invalid(key("block"), "only goes with action = \"place\""));
        }
        (Some(other), _) => {
            return Err(invalid(
                key("action"),
                format!(
                    "unknown action {} (expected break, place, place_crate, toggle_fly, toggle_collider, leave, join, teleport, set_time, set_difficulty, op, deop, use, attack, eat, fill, craft, drop, select, respawn, smelt, fuel, collect, open_inventory, open, close or click)",
                    quoted(other)
                ),
            ));
        }
    };
    Ok(Scheduled::Cue(Cue {
        player,
        at,
        yaw: raw.yaw,
        pitch: raw.pitch,
        action,
        presence: None,
        operation: None,
    }))
}

/// The operator's action of a cue (`teleport` with its `position`, `set_time` with its
/// `time`, `op` and `deop` of its player), if it is one; `position` and `time` with any
/// other action are refused.
fn operation(
    key: &impl Fn(&str) -> String,
    raw: &RawInput,
) -> Result<Option<Operation>, ScenarioError> {
    let only_with =
        |k: &str, action: &str| invalid(key(k), format!("only goes with action = \"{action}\""));
    match raw.action.as_deref() {
        Some("teleport") => {
            if raw.time.is_some() {
                return Err(only_with("time", "set_time"));
            }
            let place = raw
                .position
                .ok_or_else(|| invalid(key("position"), "missing (teleport needs a position)"))?;
            let place = vector(&key("position"), place)?;
            let half = glam::DVec3::splat(hewn_core::physics::tuning::PLAYER_WIDTH / 2.0);
            limits::body_inside_border(&key("position"), place, half)?;
            Ok(Some(Operation::Teleport(place)))
        }
        Some("set_time") => {
            if raw.position.is_some() {
                return Err(only_with("position", "teleport"));
            }
            let time = raw
                .time
                .ok_or_else(|| invalid(key("time"), "missing (set_time needs a time)"))?;
            let time = u64::try_from(time).map_err(|_| {
                invalid(
                    key("time"),
                    format!("{time} is not a number of ticks from 0 up"),
                )
            })?;
            Ok(Some(Operation::SetTime(time)))
        }
        Some("set_difficulty") if raw.position.is_none() && raw.time.is_none() => {
            let name = raw.difficulty.as_deref().ok_or_else(|| {
                invalid(
                    key("difficulty"),
                    "missing (set_difficulty needs a difficulty)",
                )
            })?;
            let d = hewn_core::sim::creature::Difficulty::from_name(name).ok_or_else(|| {
                invalid(
                    key("difficulty"),
                    format!(
                        "unknown difficulty {} (expected peaceful or normal)",
                        quoted(name)
                    ),
                )
            })?;
            Ok(Some(Operation::SetDifficulty(d)))
        }
        _ if raw.difficulty.is_some() => Err(only_with("difficulty", "set_difficulty")),
        Some("set_block") if raw.time.is_none() => {
            let at = raw
                .position
                .ok_or_else(|| invalid(key("position"), "missing (set_block needs a position)"))?;
            let whole = at
                .iter()
                .all(|c| c.fract() == 0.0 && c.abs() < f64::from(i32::MAX));
            #[expect(
                clippy::cast_possible_truncation,
                reason = "whole and within i32, checked"
            )]
            let pos = whole
                .then(|| hewn_core::world::BlockPos::new(at[0] as i32, at[1] as i32, at[2] as i32));
            let pos = pos
                .filter(|p| p.in_world_height() && p.inside_border())
                .ok_or_else(|| {
                    invalid(
                        key("position"),
                        "a block's cell: whole numbers, inside the world",
                    )
                })?;
            let name = raw
                .block
                .as_deref()
                .ok_or_else(|| invalid(key("block"), "missing (set_block needs a block)"))?;
            let block = block_value(&key("block"), name)?;
            Ok(Some(Operation::SetBlock(pos, block)))
        }
        Some("drop_item") if raw.time.is_none() => {
            let at = raw
                .position
                .ok_or_else(|| invalid(key("position"), "missing (drop_item needs a position)"))?;
            let at = vector(&key("position"), at)?;
            limits::body_inside_border(&key("position"), at, glam::DVec3::splat(0.125))?;
            let name = raw
                .item
                .as_deref()
                .ok_or_else(|| invalid(key("item"), "missing (drop_item needs an item)"))?;
            let item = super::survival::item_value(&key("item"), name)?;
            let count = raw.count.unwrap_or(1);
            let count = u8::try_from(count)
                .ok()
                .filter(|&c| (1..=item.max_stack()).contains(&c))
                .ok_or_else(|| {
                    invalid(
                        key("count"),
                        format!("{count} is not 1 to {} (a stack)", item.max_stack()),
                    )
                })?;
            Ok(Some(Operation::DropItem(at, item, count)))
        }
        Some("give_item") if raw.position.is_none() && raw.time.is_none() => {
            let name = raw
                .item
                .as_deref()
                .ok_or_else(|| invalid(key("item"), "missing (give_item needs an item)"))?;
            let item = super::survival::item_value(&key("item"), name)?;
            let count = raw.count.unwrap_or(1);
            let count = i16::try_from(count)
                .ok()
                .filter(|&c| c != 0 && c.unsigned_abs() <= 36 * u16::from(item.max_stack()))
                .ok_or_else(|| {
                    invalid(
                        key("count"),
                        format!(
                            "{count} is not a number of items to give (above 0) or take \
                             (below 0), at most an inventory's worth"
                        ),
                    )
                })?;
            Ok(Some(Operation::GiveItem(item, count)))
        }
        Some("op" | "deop") if raw.position.is_none() && raw.time.is_none() => Ok(Some(
            Operation::Operator(raw.action.as_deref() == Some("op")),
        )),
        _ if raw.position.is_some() => Err(only_with("position", "teleport")),
        _ if raw.time.is_some() => Err(only_with("time", "set_time")),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tables::BATCH;
    use super::super::{MAX_INPUTS, Scenario};
    use hewn_core::physics::{Control, Controls};

    /// Input `i` of [`many`]: a hold of one control, or a cue with a yaw.
    fn input(i: usize) -> String {
        if i.is_multiple_of(2) {
            let control = Control::ALL[i % Control::ALL.len()].name();
            format!(
                "[[input]]\nfrom = {}\nto = {}\nhold = [\"{control}\"]\n",
                i % 7,
                i % 7 + 3
            )
        } else {
            format!("[[input]]\nat = {}\nyaw = {i}.0\n", i % 11)
        }
    }

    /// A scenario of `n` inputs, with a fill between two of them so the tables of one
    /// batch come from two places in the file.
    fn many(n: usize) -> String {
        let mut text = String::from("ticks = 20\nworld = \"flat\"\n");
        for i in 0..n {
            if i == n / 2 {
                text.push_str("[[fill]]\nfrom = [0, 1, 0]\nto = [0, 1, 0]\nblock = \"stone\"\n");
            }
            text.push_str(&input(i));
        }
        text
    }

    #[test]
    fn inputs_over_several_batches_keep_their_order_and_indices() {
        let n = 5 * BATCH + 17;
        let s = Scenario::parse(&many(n)).expect("parses");
        assert_eq!(
            (s.holds.len(), s.cues.len(), s.fills.len()),
            (n.div_ceil(2), n / 2, 1)
        );
        for (k, h) in s.holds.iter().enumerate() {
            let i = 2 * k;
            let control = Control::ALL[i % Control::ALL.len()];
            assert_eq!((h.from, h.to), ((i % 7) as u64, (i % 7 + 3) as u64));
            assert_eq!(h.controls, Controls::NONE.with(control));
        }
        for (k, e) in s.cues.iter().enumerate() {
            let i = 2 * k + 1;
            assert_eq!((e.at, e.yaw), ((i % 11) as u64, Some(i as f64)));
        }

        // A value error in a late batch names the input by its index in the whole file.
        let bad = 4 * BATCH + 3;
        let text = many(n).replacen(&input(bad), "[[input]]\nat = 1\naction = \"fly\"\n", 1);
        let e = Scenario::parse(&text)
            .expect_err("unknown action")
            .to_string();
        assert!(
            e.starts_with(&format!("input[{bad}].action: unknown action")),
            "{e}"
        );

        // A syntax error there names its line in the whole file.
        let text = many(n).replacen(&input(bad), "[[input]]\nat = = 1\n", 1);
        let line = text[..text.find("at = = 1").expect("there")]
            .lines()
            .count()
            + 1;
        let e = Scenario::parse(&text).expect_err("not TOML").to_string();
        assert!(e.contains(&format!("at line {line}, column 6")), "{e}");
    }

    #[test]
    fn one_input_over_the_limit_is_refused_before_anything_is_parsed() {
        // `ticks` is not a number: parsing would refuse that first, so naming the inputs
        // shows they were counted before.
        let mut text = String::from("ticks = \"many\"\n");
        text.push_str(&"[[input]]\n".repeat(MAX_INPUTS + 1));
        let e = Scenario::parse(&text).expect_err("too many").to_string();
        assert_eq!(
            e,
            format!(
                "input: {} entries is more than {MAX_INPUTS}",
                MAX_INPUTS + 1
            )
        );
    }
}
