//! The movement controls: the one vocabulary the player controller, scenario files, the input
//! state, key bindings and the settings file share.
//!
//! A [`Control`] is one thing the player can hold; [`Controls`] is the set held during a tick,
//! one bit per control, so it costs a byte in an input and on the wire. Each control's name is
//! written once, in [`Control::name`]; serde reads and writes controls by it.

use std::fmt;

use serde::de::{self, Deserializer, EnumAccess, VariantAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// A movement control the player can hold.
///
/// A new control is a variant here, an entry in [`Control::ALL`] and its arm in
/// [`Control::name`]; the key bindings add its label and default key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Control {
    /// Move towards where the player faces.
    Forward,
    /// Move away from where the player faces.
    Back,
    /// Strafe left.
    Left,
    /// Strafe right.
    Right,
    /// Jump; rise while flying; swim up in water.
    Jump,
    /// Sneak (slow, never walks off an edge); descend while flying.
    Sneak,
    /// Sprint.
    Sprint,
    /// Dig the block looked at (survival: held until it breaks).
    Dig,
}

impl Control {
    /// Every control, in declaration order: the order scenario errors, recordings and the
    /// settings screen list them in.
    pub const ALL: [Self; 8] = [
        Self::Forward,
        Self::Back,
        Self::Left,
        Self::Right,
        Self::Jump,
        Self::Sneak,
        Self::Sprint,
        Self::Dig,
    ];

    /// The controls bound to keys, in [`Control::ALL`] order: all but digging, which is the
    /// mouse's left button.
    pub const KEYED: [Self; 7] = [
        Self::Forward,
        Self::Back,
        Self::Left,
        Self::Right,
        Self::Jump,
        Self::Sneak,
        Self::Sprint,
    ];

    /// Every control's name, in [`Control::ALL`] order.
    pub const NAMES: [&'static str; Self::ALL.len()] = {
        let mut names = [""; Self::ALL.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = Self::ALL[i].name();
            i += 1;
        }
        names
    };

    /// The control's name in scenario files and in `settings.toml`'s `[keys]`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Forward => "forward",
            Self::Back => "back",
            Self::Left => "left",
            Self::Right => "right",
            Self::Jump => "jump",
            Self::Sneak => "sneak",
            Self::Sprint => "sprint",
            Self::Dig => "dig",
        }
    }

    /// The control called `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The control's bit in [`Controls`].
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

// Every control has a bit of the byte, and `ALL` lists the variants in order, which the
// per-control arrays indexed by `control as usize` rely on.
const _: () = {
    assert!(Control::ALL.len() <= u8::BITS as usize);
    let mut i = 0;
    while i < Control::ALL.len() {
        assert!(Control::ALL[i] as usize == i);
        i += 1;
    }
};

impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Control {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit_variant("Control", *self as u32, self.name())
    }
}

impl<'de> Deserialize<'de> for Control {
    /// Read as a unit enum variant, as serde's derive would, so a format's errors for a
    /// wrong name or type read the same as for any other enum.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_enum("Control", &Self::NAMES, ControlVisitor)
    }
}

struct ControlVisitor;

impl<'de> Visitor<'de> for ControlVisitor {
    type Value = Control;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("enum Control")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Control, A::Error> {
        let (control, variant) = data.variant::<Name>()?;
        variant.unit_variant()?;
        Ok(control.0)
    }
}

/// A control read from its name: the variant identifier of [`ControlVisitor`].
struct Name(Control);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_identifier(NameVisitor)
    }
}

struct NameVisitor;

impl Visitor<'_> for NameVisitor {
    type Value = Name;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Name, E> {
        usize::try_from(index)
            .ok()
            .and_then(|i| Control::ALL.get(i))
            .map(|&c| Name(c))
            .ok_or_else(|| {
                let expected = format!("variant index 0 <= i < {}", Control::ALL.len());
                E::invalid_value(de::Unexpected::Unsigned(index), &expected.as_str())
            })
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Name, E> {
        Control::from_name(name)
            .map(Name)
            .ok_or_else(|| E::unknown_variant(name, &Control::NAMES))
    }
}

/// The set of controls held during one tick: one bit per [`Control`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Controls(u8);

impl Controls {
    /// Nothing held.
    pub const NONE: Self = Self(0);

    /// The controls whose bits are set in `bits` ([`Controls::bits`]); other bits are
    /// ignored.
    #[must_use]
    pub const fn from_bits(bits: u8) -> Self {
        // One bit for each of the eight controls.
        Self(bits & (u8::MAX >> (8 - Control::ALL.len())))
    }

    /// One bit per control, [`Control::ALL`]'s first in the lowest bit.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `control` is held.
    #[must_use]
    pub const fn held(self, control: Control) -> bool {
        self.0 & control.bit() != 0
    }

    /// Holds (`true`) or releases `control`.
    pub const fn set(&mut self, control: Control, held: bool) {
        if held {
            self.0 |= control.bit();
        } else {
            self.0 &= !control.bit();
        }
    }

    /// These controls and `control`.
    #[must_use]
    pub const fn with(self, control: Control) -> Self {
        Self(self.0 | control.bit())
    }

    /// Whether nothing is held.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The held controls, in [`Control::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Control> {
        Control::ALL.into_iter().filter(move |&c| self.held(c))
    }
}

impl FromIterator<Control> for Controls {
    fn from_iter<I: IntoIterator<Item = Control>>(controls: I) -> Self {
        controls.into_iter().fold(Self::NONE, Self::with)
    }
}

/// A list of controls equals the set it names: order and repeats change nothing that is
/// held.
impl PartialEq<Vec<Control>> for Controls {
    fn eq(&self, other: &Vec<Control>) -> bool {
        *self == other.iter().copied().collect::<Self>()
    }
}

impl fmt::Debug for Controls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// A name shown bare, as a field name is.
        struct Bare(&'static str);
        impl fmt::Debug for Bare {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0)
            }
        }
        f.write_str("Controls ")?;
        f.debug_set()
            .entries(self.iter().map(|c| Bare(c.name())))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_read_back() {
        for (i, c) in Control::ALL.into_iter().enumerate() {
            assert_eq!(Control::from_name(c.name()), Some(c));
            assert_eq!(Control::NAMES[i], c.name());
            assert!(Control::ALL[..i].iter().all(|o| o.name() != c.name()));
        }
        assert_eq!(Control::from_name("fly"), None);
    }

    #[test]
    fn serde_uses_the_names() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Holds {
            hold: Vec<Control>,
        }
        let holds = Holds {
            hold: Control::ALL.to_vec(),
        };
        let text = toml::to_string(&holds).unwrap();
        assert_eq!(
            text,
            "hold = [\"forward\", \"back\", \"left\", \"right\", \"jump\", \"sneak\", \"sprint\", \"dig\"]\n"
        );
        assert_eq!(toml::from_str::<Holds>(&text).unwrap(), holds);
        let unknown = toml::from_str::<Holds>("hold = [\"fly\"]").unwrap_err();
        assert!(
            unknown.message().starts_with(
                "unknown variant `fly`, expected one of `forward`, `back`, `left`, `right`, \
                 `jump`, `sneak`, `sprint`"
            ),
            "{unknown}"
        );
    }

    #[test]
    fn a_set_holds_what_was_set_and_nothing_else() {
        let mut c = Controls::default();
        assert!(c.is_empty());
        c.set(Control::Jump, true);
        c.set(Control::Sprint, true);
        c.set(Control::Sprint, false);
        assert!(c.held(Control::Jump) && !c.held(Control::Sprint));
        assert_eq!(c, Controls::NONE.with(Control::Jump));
        let both: Controls = [Control::Forward, Control::Sneak].into_iter().collect();
        assert_eq!(
            both.iter().collect::<Vec<_>>(),
            [Control::Forward, Control::Sneak]
        );
        assert_eq!(format!("{both:?}"), "Controls {forward, sneak}");
        assert_eq!(Controls::from_bits(0xff).iter().count(), Control::ALL.len());
        assert_eq!(Controls::from_bits(both.bits()), both);
    }
}
