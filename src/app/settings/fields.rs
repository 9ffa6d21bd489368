//! Every setting but the keys, each declared once: its name in `settings.toml`, its default,
//! the values it may take, where it lives in [`Settings`] and how the settings screen shows
//! it. Reading and writing the file, the defaults, carrying changes into the file and the
//! settings screen all go through these, so a new setting is its field in [`Settings`], one
//! declaration here, and its place in [`FIELDS`] (the file's order) and [`SCREEN`].

use std::ops::RangeInclusive;

use super::Settings;
use crate::app::input::MOUSE_SENSITIVITY;
use hewn_core::sim::PlayerName;
use hewn_render::DEFAULT_BRIGHTNESS;
use hewn_scenario::{quoted, shortened};

/// A setting that is a number from a range, shown as a slider.
pub struct Number {
    /// Its key in `settings.toml`.
    pub name: &'static str,
    /// What the settings screen calls it.
    pub label: &'static str,
    /// Its value in a new game.
    pub default: f64,
    /// The values it may take.
    pub range: RangeInclusive<f64>,
    /// Its value in some settings.
    pub get: fn(&Settings) -> f64,
    /// Sets its value in some settings.
    pub set: fn(&mut Settings, f64),
    /// How its slider looks and behaves.
    pub slider: Slider,
}

/// A setting that is a whole number from a range, shown as a slider.
pub struct Whole {
    /// Its key in `settings.toml`.
    pub name: &'static str,
    /// What the settings screen calls it.
    pub label: &'static str,
    /// Its value in a new game.
    pub default: u32,
    /// The values it may take.
    pub range: RangeInclusive<u32>,
    /// Its value in some settings.
    pub get: fn(&Settings) -> u32,
    /// Sets its value in some settings.
    pub set: fn(&mut Settings, u32),
    /// The unit after the value on its slider.
    pub suffix: &'static str,
    /// The only values it may take, in order, when it may not take every one in its range
    /// (then its slider steps through these); empty for every value in the range.
    pub choices: &'static [u32],
    /// Words for a value in place of the number, if any.
    pub words: Option<fn(u32) -> String>,
}

/// A setting that is on or off, shown as a checkbox.
pub struct Toggle {
    /// Its key in `settings.toml`.
    pub name: &'static str,
    /// What the settings screen calls it.
    pub label: &'static str,
    /// Its value in a new game.
    pub default: bool,
    /// Its value in some settings.
    pub get: fn(&Settings) -> bool,
    /// Sets its value in some settings.
    pub set: fn(&mut Settings, bool),
    /// What its checkbox says.
    pub text: &'static str,
}

/// A setting that is a player's name, shown as a text box.
pub struct Name {
    /// Its key in `settings.toml`.
    pub name: &'static str,
    /// What the settings screen calls it.
    pub label: &'static str,
    /// Its value in some settings (in a new game, [`PlayerName::DEFAULT`]).
    pub get: fn(&Settings) -> &PlayerName,
    /// Sets its value in some settings.
    pub set: fn(&mut Settings, PlayerName),
    /// What the screen says beside it.
    pub hint: &'static str,
}

/// How a number's slider looks and behaves.
pub struct Slider {
    /// The step it moves in, if any.
    pub step: Option<f64>,
    /// The unit after the value.
    pub suffix: &'static str,
    /// Whether it moves on a logarithmic scale.
    pub logarithmic: bool,
    /// The most decimals it shows, if it limits them.
    pub max_decimals: Option<usize>,
    /// Words for the value in place of the number, if any.
    pub format: Option<fn(f64) -> String>,
    /// Whether a drag applies only when let go, for a setting that would otherwise move the
    /// slider from under the pointer (the GUI scale resizes the menus).
    pub on_release: bool,
}

impl Slider {
    /// A slider with nothing special.
    pub const PLAIN: Self = Self {
        step: None,
        suffix: "",
        logarithmic: false,
        max_decimals: None,
        format: None,
        on_release: false,
    };
}

/// One setting, whatever its kind.
#[derive(Clone, Copy)]
pub enum Field {
    /// A number.
    Number(&'static Number),
    /// A whole number.
    Whole(&'static Whole),
    /// On or off.
    Toggle(&'static Toggle),
    /// A player's name.
    Name(&'static Name),
}

/// The name the game plays worlds as: a world keeps each player by name, so this is who
/// resumes where they left.
pub static NAME: Name = Name {
    name: "name",
    label: "Name",
    get: |s| &s.name,
    set: |s, v| s.name = v,
    hint: "from the next world opened",
};

/// The vertical field of view, in degrees.
pub static FOV: Number = Number {
    name: "fov",
    label: "Field of view",
    default: 70.0,
    range: 30.0..=110.0,
    get: |s| s.fov,
    set: |s, v| s.fov = v,
    slider: Slider {
        step: Some(1.0),
        suffix: "°",
        max_decimals: Some(0),
        ..Slider::PLAIN
    },
};

/// Degrees of turn per unit of mouse motion.
pub static SENSITIVITY: Number = Number {
    name: "mouse_sensitivity",
    label: "Sensitivity",
    default: MOUSE_SENSITIVITY,
    range: 0.01..=1.0,
    get: |s| s.mouse_sensitivity,
    set: |s, v| s.mouse_sensitivity = v,
    slider: Slider {
        logarithmic: true,
        max_decimals: Some(3),
        ..Slider::PLAIN
    },
};

/// Whether moving the mouse up looks down.
pub static INVERT_Y: Toggle = Toggle {
    name: "invert_y",
    label: "Invert Y",
    default: false,
    get: |s| s.invert_y,
    set: |s, v| s.invert_y = v,
    text: "moving the mouse up looks down",
};

/// Whether walking into a step one block high jumps onto it: off, as in Minecraft Java
/// Edition, where players who learned to jump find it in their way.
pub static AUTO_JUMP: Toggle = Toggle {
    name: "auto_jump",
    label: "Auto-jump",
    default: false,
    get: |s| s.auto_jump,
    set: |s, v| s.auto_jump = v,
    text: "walking into a one-block step jumps onto it",
};

/// Columns of chunks loaded and drawn around the player.
pub static RENDER_DISTANCE: Whole = Whole {
    name: "render_distance",
    label: "Render distance",
    default: 8,
    range: 2..=32,
    get: |s| s.render_distance,
    set: |s, v| s.render_distance = v,
    suffix: " chunks",
    choices: &[],
    words: None,
};

/// How far the far view reaches beyond the render distance, in blocks; 0 for no far view.
pub static FAR_VIEW: Whole = Whole {
    name: "far_view",
    label: "Far view",
    default: 2048,
    range: 0..=4096,
    get: |s| s.far_view,
    set: |s, v| s.far_view = v,
    suffix: "",
    choices: &crate::cli::FAR_VIEW_CHOICES,
    words: Some(|v| match v {
        0 => "Off".to_owned(),
        _ => format!("{v} blocks"),
    }),
};

/// Whether frames wait for the display's refresh.
pub static VSYNC: Toggle = Toggle {
    name: "vsync",
    label: "VSync",
    default: true,
    get: |s| s.vsync,
    set: |s, v| s.vsync = v,
    text: "wait for the display",
};

/// Whether leaves are drawn fancy (cut-out, seen through, every face between two leaves) or
/// fast (opaque cubes, only a canopy's outside): Minecraft's graphics setting, for when the
/// frame cannot keep up with a forest.
pub static FANCY_LEAVES: Toggle = Toggle {
    name: "fancy_leaves",
    label: "Leaves",
    default: true,
    get: |s| s.fancy_leaves,
    set: |s, v| s.fancy_leaves = v,
    text: "fancy: see through the canopy (off: fast)",
};

/// Whether the clouds drift over the world: Minecraft's setting, for a frame that must save
/// every pixel's work.
pub static CLOUDS: Toggle = Toggle {
    name: "clouds",
    label: "Clouds",
    default: true,
    get: |s| s.clouds,
    set: |s, v| s.clouds = v,
    text: "drift at height 192",
};

/// Whether the window fills the screen.
pub static FULLSCREEN: Toggle = Toggle {
    name: "fullscreen",
    label: "Fullscreen",
    default: false,
    get: |s| s.fullscreen,
    set: |s, v| s.fullscreen = v,
    text: "fill the screen",
};

/// How many pixels a HUD pixel takes.
pub static GUI_SCALE: Number = Number {
    name: "gui_scale",
    label: "GUI scale",
    default: 2.0,
    range: 1.0..=4.0,
    get: |s| s.gui_scale,
    set: |s, v| s.gui_scale = v,
    slider: Slider {
        step: Some(0.5),
        on_release: true,
        ..Slider::PLAIN
    },
};

/// How bright dim light looks, 0 dark to 1 bright.
pub static BRIGHTNESS: Number = Number {
    name: "brightness",
    label: "Brightness",
    default: DEFAULT_BRIGHTNESS as f64,
    range: 0.0..=1.0,
    get: |s| s.brightness,
    set: |s, v| s.brightness = v,
    slider: Slider {
        format: Some(brightness_words),
        ..Slider::PLAIN
    },
};

fn brightness_words(v: f64) -> String {
    match v {
        v if v <= 0.0 => "Moody".to_owned(),
        v if v >= 1.0 => "Bright".to_owned(),
        v => format!("{:.0}%", v * 100.0),
    }
}

/// A volume's slider: 0 to 100%.
const VOLUME_SLIDER: Slider = Slider {
    format: Some(percent),
    ..Slider::PLAIN
};

fn percent(v: f64) -> String {
    format!("{:.0}%", v * 100.0)
}

/// How loud the game is, 0 to 1.
pub static MASTER_VOLUME: Number = Number {
    name: "master_volume",
    label: "Master",
    default: 1.0,
    range: 0.0..=1.0,
    get: |s| s.master_volume,
    set: |s, v| s.master_volume = v,
    slider: VOLUME_SLIDER,
};

/// How loud blocks are: steps, breaking, placing, landing, splashing.
pub static BLOCKS_VOLUME: Number = Number {
    name: "blocks_volume",
    label: "Blocks",
    default: 1.0,
    range: 0.0..=1.0,
    get: |s| s.blocks_volume,
    set: |s, v| s.blocks_volume = v,
    slider: VOLUME_SLIDER,
};

/// How loud the world around is: water, wind, caves.
pub static AMBIENT_VOLUME: Number = Number {
    name: "ambient_volume",
    label: "Ambient",
    default: 1.0,
    range: 0.0..=1.0,
    get: |s| s.ambient_volume,
    set: |s, v| s.ambient_volume = v,
    slider: VOLUME_SLIDER,
};

/// How loud the menus' clicks are.
pub static MENUS_VOLUME: Number = Number {
    name: "menus_volume",
    label: "Menus",
    default: 1.0,
    range: 0.0..=1.0,
    get: |s| s.menus_volume,
    set: |s, v| s.menus_volume = v,
    slider: VOLUME_SLIDER,
};

/// Every setting but the keys, in the order the file lists them.
pub static FIELDS: [Field; 17] = [
    Field::Number(&FOV),
    Field::Number(&SENSITIVITY),
    Field::Toggle(&INVERT_Y),
    Field::Toggle(&AUTO_JUMP),
    Field::Whole(&RENDER_DISTANCE),
    Field::Whole(&FAR_VIEW),
    Field::Toggle(&VSYNC),
    Field::Toggle(&FULLSCREEN),
    Field::Number(&GUI_SCALE),
    Field::Number(&BRIGHTNESS),
    Field::Toggle(&FANCY_LEAVES),
    Field::Toggle(&CLOUDS),
    Field::Name(&NAME),
    Field::Number(&MASTER_VOLUME),
    Field::Number(&BLOCKS_VOLUME),
    Field::Number(&AMBIENT_VOLUME),
    Field::Number(&MENUS_VOLUME),
];

/// The settings screen's sections above the keys: each heading with its settings, in the
/// order shown.
pub static SCREEN: [(&str, &[Field]); 4] = [
    ("Body", &[Field::Name(&NAME), Field::Toggle(&AUTO_JUMP)]),
    (
        "Video",
        &[
            Field::Number(&FOV),
            Field::Whole(&RENDER_DISTANCE),
            Field::Whole(&FAR_VIEW),
            Field::Number(&BRIGHTNESS),
            Field::Number(&GUI_SCALE),
            Field::Toggle(&FANCY_LEAVES),
            Field::Toggle(&CLOUDS),
            Field::Toggle(&VSYNC),
            Field::Toggle(&FULLSCREEN),
        ],
    ),
    (
        "Mouse",
        &[Field::Number(&SENSITIVITY), Field::Toggle(&INVERT_Y)],
    ),
    (
        "Sound",
        &[
            Field::Number(&MASTER_VOLUME),
            Field::Number(&BLOCKS_VOLUME),
            Field::Number(&AMBIENT_VOLUME),
            Field::Number(&MENUS_VOLUME),
        ],
    ),
];

impl Field {
    /// The setting's key in `settings.toml`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Number(f) => f.name,
            Self::Whole(f) => f.name,
            Self::Toggle(f) => f.name,
            Self::Name(f) => f.name,
        }
    }

    /// What the settings screen calls the setting.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Number(f) => f.label,
            Self::Whole(f) => f.label,
            Self::Toggle(f) => f.label,
            Self::Name(f) => f.label,
        }
    }

    /// The setting called `name` in `settings.toml`.
    #[must_use]
    pub fn named(name: &str) -> Option<Self> {
        FIELDS.iter().copied().find(|f| f.name() == name)
    }

    /// Takes the setting from the file's `value` into `settings`, or says why not (leaving
    /// `settings` as they are) in the words of a warning.
    ///
    /// # Errors
    /// The problem: a value of the wrong type or out of range.
    pub fn read(self, value: &toml::Value, settings: &mut Settings) -> Result<(), String> {
        use toml::Value::{Boolean, Float, Integer};
        match self {
            Self::Number(f) => {
                let number = match value {
                    Float(v) => *v,
                    Integer(i) => *i as f64,
                    _ => return Err(self.refused(value, "is not a number", settings)),
                };
                if !f.range.contains(&number) {
                    return Err(self.out_of_range(
                        number,
                        f.range.start(),
                        f.range.end(),
                        settings,
                    ));
                }
                (f.set)(settings, number);
            }
            Self::Whole(f) => {
                let Integer(i) = value else {
                    return Err(self.refused(value, "is not a whole number", settings));
                };
                match u32::try_from(*i).ok().filter(|n| f.range.contains(n)) {
                    Some(n) if f.choices.is_empty() || f.choices.contains(&n) => {
                        (f.set)(settings, n);
                    }
                    Some(_) => {
                        let choices: Vec<String> =
                            f.choices.iter().map(ToString::to_string).collect();
                        let is_not = format!("is not one of {}", choices.join(", "));
                        return Err(self.refused(value, &is_not, settings));
                    }
                    None => {
                        return Err(self.out_of_range(i, f.range.start(), f.range.end(), settings));
                    }
                }
            }
            Self::Toggle(f) => {
                let Boolean(on) = value else {
                    return Err(self.refused(value, "is not true or false", settings));
                };
                (f.set)(settings, *on);
            }
            Self::Name(f) => {
                let toml::Value::String(text) = value else {
                    return Err(self.refused(value, "is not text", settings));
                };
                match PlayerName::new(text) {
                    Ok(name) => (f.set)(settings, name),
                    Err(e) => {
                        return Err(format!(
                            "{} = {} is not a player's name ({e}); using {}",
                            self.name(),
                            quoted(text),
                            self.shown(settings)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The warning for a value outside the setting's range, and the value kept.
    fn out_of_range(
        self,
        value: impl std::fmt::Display,
        low: impl std::fmt::Display,
        high: impl std::fmt::Display,
        settings: &Settings,
    ) -> String {
        format!(
            "{} = {value} is out of range ({low} to {high}); using {}",
            self.name(),
            self.shown(settings)
        )
    }

    /// The warning for a value of the wrong type: what it is not, and the value kept.
    fn refused(self, value: &toml::Value, is_not: &str, settings: &Settings) -> String {
        format!(
            "{} = {} {is_not}; using {}",
            self.name(),
            shortened(&value.to_string()),
            self.shown(settings)
        )
    }

    /// The setting's value in `settings`, as warnings show it.
    fn shown(self, settings: &Settings) -> String {
        match self {
            Self::Number(f) => (f.get)(settings).to_string(),
            Self::Whole(f) => (f.get)(settings).to_string(),
            Self::Toggle(f) => (f.get)(settings).to_string(),
            Self::Name(f) => (f.get)(settings).to_string(),
        }
    }

    /// The setting's value in `settings` as the file writes it. Numbers are written with
    /// Rust's shortest round-trip formatting, which always has a `.` or an exponent, so they
    /// read back as the same floats.
    #[must_use]
    pub fn written(self, settings: &Settings) -> String {
        match self {
            Self::Number(f) => format!("{:?}", (f.get)(settings)),
            Self::Whole(f) => (f.get)(settings).to_string(),
            Self::Toggle(f) => (f.get)(settings).to_string(),
            // A name is only letters, digits and `_`, so quoting it needs no escapes.
            Self::Name(f) => format!("\"{}\"", (f.get)(settings)),
        }
    }

    /// Takes the setting from `after` into `mine` if it differs between `before` and `after`.
    pub fn adopt(self, mine: &mut Settings, before: &Settings, after: &Settings) {
        fn adopt<T: PartialEq>(
            get: fn(&Settings) -> T,
            set: fn(&mut Settings, T),
            m: &mut Settings,
            b: &Settings,
            a: &Settings,
        ) {
            if get(b) != get(a) {
                set(m, get(a));
            }
        }
        match self {
            Self::Number(f) => adopt(f.get, f.set, mine, before, after),
            Self::Whole(f) => adopt(f.get, f.set, mine, before, after),
            Self::Toggle(f) => adopt(f.get, f.set, mine, before, after),
            Self::Name(f) => {
                if (f.get)(before) != (f.get)(after) {
                    (f.set)(mine, (f.get)(after).clone());
                }
            }
        }
    }
}
