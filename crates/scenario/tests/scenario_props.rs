//! Property tests of the scenario parser against hostile input: arbitrary bytes, and
//! arbitrary mutations of a valid scenario that uses every table and key. Parsing never
//! panics; whatever it accepts keeps every limit, so starting it costs little.

use hewn_core::world::{WORLD_BORDER, WORLD_HEIGHT};
use hewn_scenario::{
    MAX_CRATES, MAX_FILL_CELLS, MAX_INPUTS, MAX_PROBES, MAX_SPEED, MAX_TICKS, Scenario,
};
use proptest::prelude::*;

/// A valid scenario with every table and most keys.
const VALID: &str = r#"seed = 42
world = "flat"
ticks = 120
time = 1000
probes = [[0, 64, 0], [3, 70, -3]]
[player]
position = [0.5, 64.0, 0.5]
velocity = [1.0, 0.0, -2.0]
yaw = 90.0
pitch = -10.0
flying = false
collider = "cylinder"
[[fill]]
from = [5, 64, -5]
to = [5, 66, 5]
block = "stone"
[[crate]]
position = [3.5, 64.0, 0.5]
size = [1.0, 1.0, 1.0]
[[input]]
from = 0
to = 120
hold = ["forward", "sprint"]
[[input]]
at = 30
yaw = 45.0
pitch = -20.0
action = "place"
block = "planks"
"#;

/// Pieces a careless or hostile edit puts in: the extremes of every number type TOML has,
/// non-numbers, and the punctuation that changes a file's structure.
const PIECES: &[&str] = &[
    "0",
    "-1",
    "1e300",
    "-1e300",
    "nan",
    "inf",
    "-inf",
    "2147483647",
    "-2147483648",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "30000000",
    "-30000001",
    "1000.0000001",
    "0.0",
    "[",
    "]",
    "[[",
    "]]",
    ",",
    "=",
    "\"",
    "'",
    "\n",
    "#",
    "[[fill]]\n",
    "[[crate]]\n",
    "[[input]]\n",
    "[player]\n",
    "\u{0}",
    "\u{feff}",
    "é",
];

/// The pieces that are numbers, to put in place of a number of the file.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1e300",
    "-1e300",
    "nan",
    "inf",
    "2147483647",
    "-2147483648",
    "9223372036854775807",
    "30000000",
    "-30000000",
    "29999999",
    "29999999.7",
    "1000.0",
    "-1000.0000001",
    "0.1",
    "255",
    "256",
    "1000000000",
    "0.25",
    "3.0",
    "5e-324",
];

/// One edit of a text: put an extreme number in place of one of its numbers (which keeps
/// the file valid TOML, so the scenario's own checks are what is tested), replace a range
/// of it with a piece, delete a range, or repeat one.
#[derive(Clone, Debug)]
enum Mutation {
    Number { which: usize, number: usize },
    Replace { at: usize, len: usize, piece: usize },
    Delete { at: usize, len: usize },
    Repeat { at: usize, len: usize, times: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<usize>(), 0..NUMBERS.len())
            .prop_map(|(which, number)| Mutation::Number { which, number }),
        1 => (any::<usize>(), 0usize..12, 0..PIECES.len())
            .prop_map(|(at, len, piece)| Mutation::Replace { at, len, piece }),
        1 => (any::<usize>(), 1usize..40).prop_map(|(at, len)| Mutation::Delete { at, len }),
        1 => (any::<usize>(), 1usize..80, 1usize..6).prop_map(|(at, len, times)| Mutation::Repeat {
            at,
            len,
            times
        }),
    ]
}

/// The byte ranges of the numbers in `text`: runs of digits, signs, points and exponents
/// that follow `=`, `[`, `,` or a space.
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let part = |b: u8| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E');
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = part(bytes[i])
            && (bytes[i].is_ascii_digit() || bytes[i] == b'-')
            && i > 0
            && matches!(bytes[i - 1], b' ' | b'[' | b',' | b'=');
        if starts {
            let start = i;
            while i < bytes.len() && part(bytes[i]) {
                i += 1;
            }
            found.push((start, i));
        } else {
            i += 1;
        }
    }
    found
}

/// Applies `m` to `text`, keeping it valid UTF-8 by cutting only at character boundaries.
fn apply(text: &str, m: &Mutation) -> String {
    if let Mutation::Number { which, number } = *m {
        let found = numbers(text);
        if found.is_empty() {
            return text.to_owned();
        }
        let (start, end) = found[which % found.len()];
        return format!("{}{}{}", &text[..start], NUMBERS[number], &text[end..]);
    }
    let boundary = |i: usize| {
        let mut i = i % (text.len() + 1);
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (at, len) = match *m {
        Mutation::Number { .. } => unreachable!("handled above"),
        Mutation::Replace { at, len, .. }
        | Mutation::Delete { at, len }
        | Mutation::Repeat { at, len, .. } => (at, len),
    };
    let start = boundary(at);
    let end = boundary((start + len).min(text.len()));
    let (head, middle, tail) = (&text[..start], &text[start..end], &text[end..]);
    match *m {
        Mutation::Number { .. } => unreachable!("handled above"),
        Mutation::Replace { piece, .. } => format!("{head}{}{tail}", PIECES[piece]),
        Mutation::Delete { .. } => format!("{head}{tail}"),
        Mutation::Repeat { times, .. } => format!("{head}{}{tail}", middle.repeat(times + 1)),
    }
}

/// What every accepted scenario keeps.
fn assert_within_limits(s: &Scenario) {
    assert!(s.ticks <= MAX_TICKS);
    assert!(s.crates.len() <= MAX_CRATES);
    assert!(s.probes.len() <= MAX_PROBES);
    assert!(s.holds.len() + s.cues.len() <= MAX_INPUTS);
    assert!(s.player.velocity.abs().max_element() <= MAX_SPEED);
    let cells: u64 = s
        .fills
        .iter()
        .map(|f| {
            (0..3)
                .map(|a| u64::from(f.from.to_ivec3()[a].abs_diff(f.to.to_ivec3()[a])) + 1)
                .product::<u64>()
        })
        .sum();
    assert!(cells <= MAX_FILL_CELLS);
    let border = f64::from(WORLD_BORDER);
    for p in s
        .fills
        .iter()
        .flat_map(|f| [f.from, f.to])
        .chain(s.probes.iter().copied())
    {
        assert!(
            p.inside_border() && (0..WORLD_HEIGHT).contains(&p.y),
            "{p:?}"
        );
    }
    if let Some(p) = s.player.position {
        assert!(p.x.abs() < border && p.z.abs() < border, "{p:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(s) = Scenario::parse(&String::from_utf8_lossy(&bytes)) {
            assert_within_limits(&s);
        }
    }

    #[test]
    fn mutated_scenarios_never_panic_and_keep_the_limits(
        mutations in proptest::collection::vec(mutation(), 1..6),
    ) {
        let text = mutations.iter().fold(VALID.to_owned(), |t, m| apply(&t, m));
        if let Ok(s) = Scenario::parse(&text) {
            assert_within_limits(&s);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Accepted mutations also start and run without a panic (those whose fills are small,
    /// to keep the test quick): the checks at start, placing the crates, a few ticks.
    #[test]
    fn accepted_mutations_start_and_tick(
        mutations in proptest::collection::vec(mutation(), 1..3),
    ) {
        let text = mutations.iter().fold(VALID.to_owned(), |t, m| apply(&t, m));
        let Ok(mut s) = Scenario::parse(&text) else { return Ok(()) };
        let small = s.fills.iter().all(|f| {
            (f.from.to_ivec3() - f.to.to_ivec3()).abs().max_element() < 64
        });
        if small && s.probes.len() < 8 {
            s.ticks = s.ticks.min(3);
            let (mut sim, arrivals) = s.begin();
            if s.check_crates(&mut sim.loader()).is_ok() {
                for step in s.steps(arrivals) {
                    sim.step(&step);
                }
            }
        }
    }
}

#[test]
fn the_valid_scenario_is_valid() {
    let s = Scenario::parse(VALID).expect("parses");
    assert_within_limits(&s);
    assert_eq!((s.fills.len(), s.crates.len(), s.probes.len()), (1, 1, 2));
}
