//! `settings.toml`'s text, through serde both ways.
//!
//! Reading takes the file into [`Raw`], whose every value is held loosely ([`Loose`]): serde
//! stops at the first value it cannot take, and a player's file should lose only what is
//! wrong in it. Each value is then checked on its own against what its setting may be
//! ([`FOV_RANGE`] and the others), and one that is of the wrong type or fails its check gives
//! the default and a warning naming the key, the value and what is wrong with it, as does a
//! key the game does not know. Writing serializes [`Settings`] itself, then the keys' table.

use std::collections::BTreeMap;
use std::fmt::Display;
use std::ops::RangeInclusive;

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use winit::keyboard::KeyCode;

use super::{
    Binding, Bindings, FAR_VIEW_CHOICES, FAR_VIEW_RANGE, FOV_RANGE, FRACTION_RANGE,
    GUI_SCALE_RANGE, RENDER_DISTANCE_RANGE, RENDER_SCALE_RANGE, SENSITIVITY_RANGE, Settings,
};
use hewn_core::sim::PlayerName;
use hewn_scenario::{quoted, shortened};

/// The file's first line.
const HEADER: &str = "# hewn's settings, written by the game whenever one is changed.\n";

/// The comment over the keys' table.
const KEYS_COMMENT: &str =
    "# Key names are those of the keys' places on a US keyboard (KeyW, Space, ShiftLeft).\n";

impl Settings {
    /// Reads settings from the text of a settings file called `name` in warnings: the file's
    /// good values over the defaults, and one warning for each thing that is wrong, in the
    /// order of the keys' names.
    #[must_use]
    pub fn parse(text: &str, name: &str) -> (Self, Vec<String>) {
        match toml::from_str::<Raw>(text) {
            Ok(raw) => {
                let mut problems = Problems::default();
                let settings = raw.checked(&mut problems);
                (settings, problems.warnings(name))
            }
            Err(e) => {
                let reason = shortened(e.message().trim());
                let warning = format!("{name} is not valid TOML ({reason}); default settings");
                (Self::default(), vec![warning])
            }
        }
    }

    /// The settings as the text of a settings file, every setting written out. Numbers are
    /// written in Rust's shortest round-trip form (with a `.0` where they are whole), so they
    /// read back as the same floats.
    ///
    /// # Panics
    /// Never: every setting is a number, a boolean or a string, all of which TOML holds.
    #[must_use]
    pub fn to_toml(&self) -> String {
        const HOLDS: &str = "TOML holds numbers, booleans and strings";
        // Serde writes no comments: the keys' table is written apart, to go under its own.
        let settings = toml::to_string(self).expect(HOLDS);
        let keys = toml::to_string(&KeysTable(&self.keys)).expect(HOLDS);
        format!("{HEADER}{settings}\n{KEYS_COMMENT}[keys]\n{keys}")
    }
}

/// Writes a player's name as the text it is.
pub(super) fn name_as_text<S: Serializer>(name: &PlayerName, to: S) -> Result<S::Ok, S::Error> {
    to.serialize_str(name.as_str())
}

/// The keys as their table in the file: each binding's name and its key's, in the settings
/// screen's order.
struct KeysTable<'a>(&'a Bindings);

impl Serialize for KeysTable<'_> {
    fn serialize<S: Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        to.collect_map(Binding::ALL.map(|binding| (binding.name(), self.0.key(binding))))
    }
}

/// The file as read, each value as it came, before any is checked ([`Raw::checked`]): a
/// field for each key, named as the key and as the setting in [`Settings`].
#[derive(Default, Deserialize)]
#[serde(default)]
struct Raw {
    fov: Option<Loose<f64>>,
    mouse_sensitivity: Option<Loose<f64>>,
    invert_y: Option<Loose<bool>>,
    auto_jump: Option<Loose<bool>>,
    render_distance: Option<Loose<i64>>,
    render_scale: Option<Loose<f64>>,
    far_view: Option<Loose<i64>>,
    coarse_ring: Option<Loose<bool>>,
    vsync: Option<Loose<bool>>,
    fullscreen: Option<Loose<bool>>,
    gui_scale: Option<Loose<f64>>,
    brightness: Option<Loose<f64>>,
    fancy_leaves: Option<Loose<bool>>,
    clouds: Option<Loose<bool>>,
    texture_pack: Option<Loose<String>>,
    name: Option<Loose<String>>,
    master_volume: Option<Loose<f64>>,
    blocks_volume: Option<Loose<f64>>,
    ambient_volume: Option<Loose<f64>>,
    menus_volume: Option<Loose<f64>>,
    /// Each binding's name and its key's.
    keys: Option<Loose<BTreeMap<String, Loose<KeyCode>>>>,
    /// Every key not above, to be warned about.
    #[serde(flatten)]
    unknown: BTreeMap<String, IgnoredAny>,
}

/// A value as the file gave it: a `T` if it is one, or else the value as written, for the
/// warning. Reading one never fails, so a bad value stops nothing else being read.
struct Loose<T>(Result<T, toml::Value>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Loose<T> {
    fn deserialize<D: Deserializer<'de>>(from: D) -> Result<Self, D::Error> {
        let value = toml::Value::deserialize(from)?;
        // A date or time would reach `T` as text, and no setting is one.
        if value.is_datetime() {
            return Ok(Self(Err(value)));
        }
        Ok(Self(T::deserialize(value.clone()).map_err(|_| value)))
    }
}

impl Raw {
    /// The settings the file holds: each value that is there and passes its setting's check,
    /// and the default for every other, with the problem noted in `problems`.
    fn checked(self, problems: &mut Problems) -> Settings {
        for key in self.unknown.keys() {
            problems.note(key, format!("unknown setting {}, ignored", quoted(key)));
        }
        let (raw, mut settings) = (self, Settings::default());
        // `check!(kind field, rules)`: the field of `raw`, checked by `problems.kind` with the
        // rules, into the same field of `settings`. Its key is the field's name, as for serde.
        macro_rules! check {
            ($kind:ident $field:ident $(, $rule:expr)*) => {
                problems.$kind(stringify!($field), raw.$field, &mut settings.$field $(, $rule)*)
            };
        }
        check!(number fov, &FOV_RANGE);
        check!(number mouse_sensitivity, &SENSITIVITY_RANGE);
        check!(toggle invert_y);
        check!(toggle auto_jump);
        check!(whole render_distance, &RENDER_DISTANCE_RANGE, &[]);
        check!(number render_scale, &RENDER_SCALE_RANGE);
        check!(whole far_view, &FAR_VIEW_RANGE, &FAR_VIEW_CHOICES);
        check!(toggle coarse_ring);
        check!(toggle vsync);
        check!(toggle fullscreen);
        check!(number gui_scale, &GUI_SCALE_RANGE);
        check!(number brightness, &FRACTION_RANGE);
        check!(toggle fancy_leaves);
        check!(toggle clouds);
        check!(text texture_pack);
        check!(player_name name);
        check!(number master_volume, &FRACTION_RANGE);
        check!(number blocks_volume, &FRACTION_RANGE);
        check!(number ambient_volume, &FRACTION_RANGE);
        check!(number menus_volume, &FRACTION_RANGE);
        problems.keys(raw.keys, &mut settings.keys);
        settings
    }
}

/// `n` if it is in `range` and, where there are `choices`, one of them; or else why not, in
/// the words of a warning.
fn allowed(n: i64, range: &RangeInclusive<u32>, choices: &[u32]) -> Result<u32, String> {
    match u32::try_from(n).ok().filter(|n| range.contains(n)) {
        None => Err(out_of_range(n, range)),
        Some(n) if choices.is_empty() || choices.contains(&n) => Ok(n),
        Some(_) => {
            let choices: Vec<String> = choices.iter().map(ToString::to_string).collect();
            Err(format!("{n} is not one of {}", choices.join(", ")))
        }
    }
}

/// Why `n` is refused, when it is outside `range`.
fn out_of_range<T: Display>(n: impl Display, range: &RangeInclusive<T>) -> String {
    format!("{n} is out of range ({} to {})", range.start(), range.end())
}

/// The warnings a file earns, each under the top-level key it is about.
#[derive(Default)]
struct Problems(Vec<(String, String)>);

impl Problems {
    /// Notes `problem`, about `key` or a value under it.
    fn note(&mut self, key: &str, problem: String) {
        self.0.push((key.to_owned(), problem));
    }

    /// The warnings, each starting with the file's `name`, in the order of the keys they are
    /// about: the order a table's keys are read in, which the warnings have always come in.
    fn warnings(mut self, name: &str) -> Vec<String> {
        // Stable: the keys' own warnings stay in the order of the bindings' names.
        self.0.sort_by(|(a, _), (b, _)| a.cmp(b));
        let problems = self.0.into_iter();
        problems
            .map(|(_, problem)| format!("{name}: {problem}"))
            .collect()
    }

    /// Sets `into` to the file's value for `key`, if it has one of the right type that passes
    /// `check`; if it has another, leaves `into` as it is (the default) and notes a warning
    /// naming the value, what is wrong with it (`is_not` for the wrong type, or `check`'s
    /// words) and the value kept.
    fn take<T, V: Display>(
        &mut self,
        key: &str,
        value: Option<Loose<T>>,
        into: &mut V,
        is_not: &str,
        check: impl FnOnce(T) -> Result<V, String>,
    ) {
        let refused = match value.map(|loose| loose.0) {
            None => return,
            Some(Ok(value)) => match check(value) {
                Ok(value) => {
                    *into = value;
                    return;
                }
                Err(refused) => refused,
            },
            Some(Err(value)) => format!("{} {is_not}", shortened(&value.to_string())),
        };
        self.note(key, format!("{key} = {refused}; using {into}"));
    }

    /// A number setting: one in `range`.
    fn number(
        &mut self,
        key: &str,
        value: Option<Loose<f64>>,
        into: &mut f64,
        range: &RangeInclusive<f64>,
    ) {
        self.take(key, value, into, "is not a number", |n| {
            if range.contains(&n) {
                Ok(n)
            } else {
                Err(out_of_range(n, range))
            }
        });
    }

    /// A whole-number setting: one in `range` and, if there are `choices`, one of them.
    fn whole(
        &mut self,
        key: &str,
        value: Option<Loose<i64>>,
        into: &mut u32,
        range: &RangeInclusive<u32>,
        choices: &[u32],
    ) {
        let check = |n| allowed(n, range, choices);
        self.take(key, value, into, "is not a whole number", check);
    }

    /// An on-or-off setting.
    fn toggle(&mut self, key: &str, value: Option<Loose<bool>>, into: &mut bool) {
        self.take(key, value, into, "is not true or false", Ok);
    }

    /// Text of a line, as a name in a folder is.
    fn text(&mut self, key: &str, value: Option<Loose<String>>, into: &mut String) {
        self.take(key, value, into, "is not text", |text| {
            if text.chars().any(char::is_control) {
                Err(format!("{} has control characters", quoted(&text)))
            } else {
                Ok(text)
            }
        });
    }

    /// A player's name: text that follows [`PlayerName`]'s rule.
    fn player_name(&mut self, key: &str, value: Option<Loose<String>>, into: &mut PlayerName) {
        self.take(key, value, into, "is not text", |text| {
            PlayerName::new(&text)
                .map_err(|e| format!("{} is not a player's name ({e})", quoted(&text)))
        });
    }

    /// Binds in `bindings` (the default keys) the keys the file binds.
    fn keys(
        &mut self,
        keys: Option<Loose<BTreeMap<String, Loose<KeyCode>>>>,
        bindings: &mut Bindings,
    ) {
        let table = match keys.map(|loose| loose.0) {
            None => return,
            Some(Ok(table)) => table,
            Some(Err(_)) => {
                self.note("keys", "keys is not a table; default keys".to_owned());
                return;
            }
        };
        for (name, key) in table {
            let Some(binding) = Binding::ALL.into_iter().find(|b| b.name() == name) else {
                self.note(
                    "keys",
                    format!("unknown key binding {}, ignored", quoted(&name)),
                );
                continue;
            };
            match key.0 {
                Ok(code) => bindings.set(binding, code),
                Err(value) => self.note(
                    "keys",
                    format!(
                        "keys.{name} = {} is not a key; using {:?}",
                        shortened(&value.to_string()),
                        bindings.key(binding)
                    ),
                ),
            }
        }
    }
}
