//! Every setting but the keys as the settings screen shows it: its label, its widget, the
//! values the widget offers (the ranges the file's reader holds it to, [`super::FOV_RANGE`]
//! and the others) and where it lives in [`Settings`]. [`SCREEN`] lists them under their
//! headings; going through them, [`Settings::adopt_changes`] carries what the player changed
//! on the screen into the file's settings.

use std::ops::RangeInclusive;

use super::{
    FAR_VIEW_CHOICES, FAR_VIEW_RANGE, FOV_RANGE, FRACTION_RANGE, GUI_SCALE_RANGE,
    RENDER_DISTANCE_RANGE, RENDER_SCALE_RANGE, SENSITIVITY_RANGE, Settings,
};
use hewn_core::sim::PlayerName;

/// A setting that is a number from a range, shown as a slider over the range.
pub struct Number {
    /// Its key in `settings.toml`, which tells it apart on the screen.
    pub name: &'static str,
    /// What the settings screen calls it.
    pub label: &'static str,
    /// The values it may take, which its slider spans.
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
    /// Its key in `settings.toml`, which tells it apart on the screen.
    pub name: &'static str,
    /// What the settings screen calls it.
    pub label: &'static str,
    /// The values it may take, which its slider spans where there are no `choices`.
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
    /// Its key in `settings.toml`, which tells it apart on the screen.
    pub name: &'static str,
    /// What the settings screen calls it.
    pub label: &'static str,
    /// Its value in some settings.
    pub get: fn(&Settings) -> bool,
    /// Sets its value in some settings.
    pub set: fn(&mut Settings, bool),
    /// What its checkbox says.
    pub text: &'static str,
}

/// A setting that is a player's name, shown as a text box.
pub struct Name {
    /// Its key in `settings.toml`, which tells it apart on the screen.
    pub name: &'static str,
    /// What the settings screen calls it.
    pub label: &'static str,
    /// Its value in some settings.
    pub get: fn(&Settings) -> &PlayerName,
    /// Sets its value in some settings.
    pub set: fn(&mut Settings, PlayerName),
    /// What the screen says beside it.
    pub hint: &'static str,
}

/// A setting that is one of a few names found at run time, shown as a drop-down list.
pub struct Choice {
    /// Its key in `settings.toml`, which tells it apart on the screen.
    pub name: &'static str,
    /// What the settings screen calls it.
    pub label: &'static str,
    /// Its value in some settings.
    pub get: fn(&Settings) -> &str,
    /// Sets its value in some settings.
    pub set: fn(&mut Settings, String),
    /// The values it may take now, each with its words; the first is the default.
    pub options: fn() -> Vec<(String, String)>,
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
    /// One of a few names.
    Choice(&'static Choice),
}

/// The player's name, in a text box ([`Settings::name`]).
pub static NAME: Name = Name {
    name: "name",
    label: "Name",
    get: |s| &s.name,
    set: |s, v| s.name = v,
    hint: "from the next world opened",
};

/// The field of view's slider ([`Settings::fov`]).
pub static FOV: Number = Number {
    name: "fov",
    label: "Field of view",
    range: FOV_RANGE,
    get: |s| s.fov,
    set: |s, v| s.fov = v,
    slider: Slider {
        step: Some(1.0),
        suffix: "°",
        max_decimals: Some(0),
        ..Slider::PLAIN
    },
};

/// The mouse sensitivity's slider, logarithmic ([`Settings::mouse_sensitivity`]).
pub static SENSITIVITY: Number = Number {
    name: "mouse_sensitivity",
    label: "Sensitivity",
    range: SENSITIVITY_RANGE,
    get: |s| s.mouse_sensitivity,
    set: |s, v| s.mouse_sensitivity = v,
    slider: Slider {
        logarithmic: true,
        max_decimals: Some(3),
        ..Slider::PLAIN
    },
};

/// Invert Y's checkbox ([`Settings::invert_y`]).
pub static INVERT_Y: Toggle = Toggle {
    name: "invert_y",
    label: "Invert Y",
    get: |s| s.invert_y,
    set: |s, v| s.invert_y = v,
    text: "moving the mouse up looks down",
};

/// Auto-jump's checkbox ([`Settings::auto_jump`]).
pub static AUTO_JUMP: Toggle = Toggle {
    name: "auto_jump",
    label: "Auto-jump",
    get: |s| s.auto_jump,
    set: |s, v| s.auto_jump = v,
    text: "walking into a one-block step jumps onto it",
};

/// The render distance's slider, in chunks ([`Settings::render_distance`]).
pub static RENDER_DISTANCE: Whole = Whole {
    name: "render_distance",
    label: "Render distance",
    range: RENDER_DISTANCE_RANGE,
    get: |s| s.render_distance,
    set: |s, v| s.render_distance = v,
    suffix: " chunks",
    choices: &[],
    words: None,
};

/// The far view's slider, stepping through its distances ([`Settings::far_view`]).
pub static FAR_VIEW: Whole = Whole {
    name: "far_view",
    label: "Far view",
    range: FAR_VIEW_RANGE,
    get: |s| s.far_view,
    set: |s, v| s.far_view = v,
    suffix: "",
    choices: &FAR_VIEW_CHOICES,
    words: Some(|v| match v {
        0 => "Off".to_owned(),
        _ => format!("{v} blocks"),
    }),
};

/// The coarse outer ring's checkbox ([`Settings::coarse_ring`]).
pub static COARSE_RING: Toggle = Toggle {
    name: "coarse_ring",
    label: "Coarse outer ring",
    get: |s| s.coarse_ring,
    set: |s, v| s.coarse_ring = v,
    text: "2-block cells beyond 3/8 of the render distance, faster",
};

/// VSync's checkbox ([`Settings::vsync`]).
pub static VSYNC: Toggle = Toggle {
    name: "vsync",
    label: "VSync",
    get: |s| s.vsync,
    set: |s, v| s.vsync = v,
    text: "wait for the display",
};

/// The leaves' checkbox, fancy or fast ([`Settings::fancy_leaves`]).
pub static FANCY_LEAVES: Toggle = Toggle {
    name: "fancy_leaves",
    label: "Leaves",
    get: |s| s.fancy_leaves,
    set: |s, v| s.fancy_leaves = v,
    text: "fancy: see through the canopy (off: fast)",
};

/// The clouds' checkbox ([`Settings::clouds`]).
pub static CLOUDS: Toggle = Toggle {
    name: "clouds",
    label: "Clouds",
    get: |s| s.clouds,
    set: |s, v| s.clouds = v,
    text: "drift at height 192",
};

/// Fullscreen's checkbox ([`Settings::fullscreen`]).
pub static FULLSCREEN: Toggle = Toggle {
    name: "fullscreen",
    label: "Fullscreen",
    get: |s| s.fullscreen,
    set: |s, v| s.fullscreen = v,
    text: "fill the screen",
};

/// The render scale's slider, in steps of 5% ([`Settings::render_scale`]).
pub static RENDER_SCALE: Number = Number {
    name: "render_scale",
    label: "Render scale",
    range: RENDER_SCALE_RANGE,
    get: |s| s.render_scale,
    set: |s, v| s.render_scale = v,
    slider: Slider {
        step: Some(0.05),
        format: Some(percent),
        ..Slider::PLAIN
    },
};

/// The GUI scale's slider, applied when let go ([`Settings::gui_scale`]).
pub static GUI_SCALE: Number = Number {
    name: "gui_scale",
    label: "GUI scale",
    range: GUI_SCALE_RANGE,
    get: |s| s.gui_scale,
    set: |s, v| s.gui_scale = v,
    slider: Slider {
        step: Some(0.5),
        on_release: true,
        ..Slider::PLAIN
    },
};

/// The brightness's slider, from moody to bright ([`Settings::brightness`]).
pub static BRIGHTNESS: Number = Number {
    name: "brightness",
    label: "Brightness",
    range: FRACTION_RANGE,
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

/// The master volume's slider ([`Settings::master_volume`]).
pub static MASTER_VOLUME: Number = Number {
    name: "master_volume",
    label: "Master",
    range: FRACTION_RANGE,
    get: |s| s.master_volume,
    set: |s, v| s.master_volume = v,
    slider: VOLUME_SLIDER,
};

/// The blocks' volume's slider ([`Settings::blocks_volume`]).
pub static BLOCKS_VOLUME: Number = Number {
    name: "blocks_volume",
    label: "Blocks",
    range: FRACTION_RANGE,
    get: |s| s.blocks_volume,
    set: |s, v| s.blocks_volume = v,
    slider: VOLUME_SLIDER,
};

/// The ambient volume's slider ([`Settings::ambient_volume`]).
pub static AMBIENT_VOLUME: Number = Number {
    name: "ambient_volume",
    label: "Ambient",
    range: FRACTION_RANGE,
    get: |s| s.ambient_volume,
    set: |s, v| s.ambient_volume = v,
    slider: VOLUME_SLIDER,
};

/// The menus' volume's slider ([`Settings::menus_volume`]).
pub static MENUS_VOLUME: Number = Number {
    name: "menus_volume",
    label: "Menus",
    range: FRACTION_RANGE,
    get: |s| s.menus_volume,
    set: |s, v| s.menus_volume = v,
    slider: VOLUME_SLIDER,
};

/// The texture pack painted over every world's textures ([`Settings::texture_pack`]).
pub static TEXTURE_PACK: Choice = Choice {
    name: "texture_pack",
    label: "Texture pack",
    get: |s| &s.texture_pack,
    set: |s, v| s.texture_pack = v,
    options: super::texture_packs::choices,
};

/// The settings screen's sections above the keys: each heading with its settings, in the
/// order shown.
pub static SCREEN: [(&str, &[Field]); 4] = [
    ("Body", &[Field::Name(&NAME), Field::Toggle(&AUTO_JUMP)]),
    (
        "Video",
        &[
            Field::Number(&FOV),
            Field::Whole(&RENDER_DISTANCE),
            Field::Number(&RENDER_SCALE),
            Field::Whole(&FAR_VIEW),
            Field::Toggle(&COARSE_RING),
            Field::Number(&BRIGHTNESS),
            Field::Number(&GUI_SCALE),
            Field::Toggle(&FANCY_LEAVES),
            Field::Toggle(&CLOUDS),
            Field::Choice(&TEXTURE_PACK),
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

/// Every setting on the screen, which is every setting but the keys, in the screen's order.
pub fn every() -> impl Iterator<Item = Field> {
    SCREEN.iter().flat_map(|(_, fields)| fields.iter().copied())
}

impl Field {
    /// The setting's key in `settings.toml`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Number(f) => f.name,
            Self::Whole(f) => f.name,
            Self::Toggle(f) => f.name,
            Self::Name(f) => f.name,
            Self::Choice(f) => f.name,
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
            Self::Choice(f) => f.label,
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
            Self::Choice(f) => {
                if (f.get)(before) != (f.get)(after) {
                    (f.set)(mine, (f.get)(after).to_owned());
                }
            }
        }
    }
}
