//! The player's settings, and `settings.toml`, the file that keeps them between runs.
//!
//! The file lives in the platform's config folder (`~/.config/hewn/settings.toml` on Linux,
//! or `$HEWN_CONFIG_DIR/settings.toml`). Reading it never fails and never writes: a missing,
//! unreadable or invalid file gives the defaults, an unknown setting or a value of the wrong
//! type or out of range gives the default for that setting, and each problem comes back as
//! one warning naming it. The file is written only when the player changes a setting, whole,
//! through a temporary file renamed over it, so a crash mid-write leaves the old file or the
//! new one, never half of one. Command-line flags override the file for one run and are
//! never written to it.
//!
//! Each setting but the keys is declared once, in [`fields`]; reading, writing, the defaults
//! and the settings screen go through those declarations.

pub mod fields;

use std::path::{Path, PathBuf};

use fields::{FIELDS, Field};
use winit::keyboard::KeyCode;

use super::keys::{Binding, Bindings};
use super::tuning::SHADER_LIGHT_FROM;
use crate::cli::{PlayOptions, Switch};
use hewn_core::sim::PlayerName;
use hewn_mesh::{Leaves, Shading};
use hewn_scenario::{quoted, shortened};

/// Environment variable that replaces the platform config folder (for tests and portable
/// installs): the settings are then `$HEWN_CONFIG_DIR/settings.toml`.
pub const CONFIG_DIR_VAR: &str = "HEWN_CONFIG_DIR";

/// The settings file's name.
pub const SETTINGS_FILE: &str = "settings.toml";

/// The largest settings file read, in bytes. The game writes about 1 KB; a larger file (or an
/// endless one, such as `/dev/zero` behind a link) is refused rather than read into memory.
pub const MAX_SETTINGS_BYTES: u64 = 256 << 10;

/// Everything the player can set. Each setting but the keys is declared in [`fields`]:
/// its name, default, range and place on the settings screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The name worlds are played as, which each keeps the player's place under
    /// ([`fields::NAME`]).
    pub name: PlayerName,
    /// Vertical field of view, in degrees ([`fields::FOV`]).
    pub fov: f64,
    /// Degrees of turn per unit of mouse motion ([`fields::SENSITIVITY`]).
    pub mouse_sensitivity: f64,
    /// Whether moving the mouse up looks down ([`fields::INVERT_Y`]).
    pub invert_y: bool,
    /// Whether walking into a one-block step jumps onto it ([`fields::AUTO_JUMP`]).
    pub auto_jump: bool,
    /// Columns of chunks loaded and drawn around the player ([`fields::RENDER_DISTANCE`]).
    pub render_distance: u32,
    /// Blocks the far view reaches, 0 for none ([`fields::FAR_VIEW`]).
    pub far_view: u32,
    /// Whether frames wait for the display's refresh ([`fields::VSYNC`]).
    pub vsync: bool,
    /// Whether the window fills the screen ([`fields::FULLSCREEN`]).
    pub fullscreen: bool,
    /// How many pixels a HUD pixel takes ([`fields::GUI_SCALE`]).
    pub gui_scale: f64,
    /// How bright dim light looks ([`fields::BRIGHTNESS`]).
    pub brightness: f64,
    /// Whether leaves are drawn fancy, seen through, or fast, opaque
    /// ([`fields::FANCY_LEAVES`]).
    pub fancy_leaves: bool,
    /// Whether the clouds are drawn ([`fields::CLOUDS`]).
    pub clouds: bool,
    /// How loud the game is, 0 to 1 ([`fields::MASTER_VOLUME`]).
    pub master_volume: f64,
    /// How loud blocks are ([`fields::BLOCKS_VOLUME`]).
    pub blocks_volume: f64,
    /// How loud the world around is ([`fields::AMBIENT_VOLUME`]).
    pub ambient_volume: f64,
    /// How loud the menus' clicks are ([`fields::MENUS_VOLUME`]).
    pub menus_volume: f64,
    /// Which key does what.
    pub keys: Bindings,
    /// Where chunks' light and AO are worked out, when `--light` says so for this run (never
    /// read from or written to the file); otherwise chosen by the render distance
    /// ([`Self::shading`]).
    pub light: Option<Shading>,
}

impl Settings {
    /// Where chunks' light and AO are worked out: as `--light` said, or else at the
    /// vertices below [`SHADER_LIGHT_FROM`] chunks of render distance and in the shader from
    /// there on, whichever draws the faster there.
    #[must_use]
    pub fn shading(&self) -> Shading {
        self.light
            .unwrap_or(if self.render_distance >= SHADER_LIGHT_FROM {
                Shading::Sampled
            } else {
                Shading::Vertex
            })
    }

    /// How the mesher draws leaves with these settings.
    #[must_use]
    pub const fn leaves(&self) -> Leaves {
        if self.fancy_leaves {
            Leaves::Fancy
        } else {
            Leaves::Fast
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            name: PlayerName::default(),
            fov: fields::FOV.default,
            mouse_sensitivity: fields::SENSITIVITY.default,
            invert_y: fields::INVERT_Y.default,
            auto_jump: fields::AUTO_JUMP.default,
            render_distance: fields::RENDER_DISTANCE.default,
            far_view: fields::FAR_VIEW.default,
            vsync: fields::VSYNC.default,
            fullscreen: fields::FULLSCREEN.default,
            gui_scale: fields::GUI_SCALE.default,
            brightness: fields::BRIGHTNESS.default,
            fancy_leaves: fields::FANCY_LEAVES.default,
            clouds: fields::CLOUDS.default,
            master_volume: fields::MASTER_VOLUME.default,
            blocks_volume: fields::BLOCKS_VOLUME.default,
            ambient_volume: fields::AMBIENT_VOLUME.default,
            menus_volume: fields::MENUS_VOLUME.default,
            keys: Bindings::default(),
            light: None,
        }
    }
}

/// Why the settings file could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the settings to {}: {source}", path.display())]
pub struct SettingsError {
    /// The file or folder that refused.
    pub path: PathBuf,
    /// What the system said.
    pub source: std::io::Error,
}

/// The settings file's path: in `$HEWN_CONFIG_DIR`, or the platform's config folder for
/// hewn; `None` if there is no home folder to find it in.
#[must_use]
pub fn settings_path() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(CONFIG_DIR_VAR).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join(SETTINGS_FILE));
    }
    directories::ProjectDirs::from("", "", "hewn").map(|d| d.config_dir().join(SETTINGS_FILE))
}

impl Settings {
    /// What a session takes of these settings.
    #[must_use]
    pub fn session(&self) -> hewn_client::SessionSettings {
        hewn_client::SessionSettings {
            render_distance: self.render_distance,
            far_view: self.far_view,
            leaves: self.leaves(),
            shading: self.shading(),
            mouse_sensitivity: self.mouse_sensitivity,
            invert_y: self.invert_y,
            auto_jump: self.auto_jump,
        }
    }

    /// The volumes the mixer plays at.
    #[must_use]
    pub fn volumes(&self) -> hewn_audio::Volumes {
        hewn_audio::Volumes {
            master: self.master_volume as f32,
            blocks: self.blocks_volume as f32,
            ambient: self.ambient_volume as f32,
            menus: self.menus_volume as f32,
        }
    }

    /// These settings with the command line's flags over them, for this run only.
    #[must_use]
    pub fn overridden_by(mut self, options: &PlayOptions) -> Self {
        if let Some(distance) = options.render_distance {
            self.render_distance = distance;
        }
        if let Some(far) = options.far_view {
            self.far_view = far;
        }
        if let Some(vsync) = options.vsync {
            self.vsync = vsync == Switch::On;
        }
        self.fullscreen |= options.fullscreen;
        if let Some(light) = options.light {
            self.light = Some(light.into());
        }
        self
    }

    /// Takes from `after` each setting that differs between `before` and `after`, leaving
    /// the others as they are. The settings screen edits the settings in effect (the file's
    /// with the command line's over them); this carries only what the player changed into
    /// the file's, so a flag given for one run is never written to the file.
    pub fn adopt_changes(&mut self, before: &Self, after: &Self) {
        for field in FIELDS {
            field.adopt(self, before, after);
        }
        for binding in Binding::ALL {
            let (was, now) = (before.keys.key(binding), after.keys.key(binding));
            if was != now {
                self.keys.set(binding, now);
            }
        }
    }

    /// Reads the settings at `path`: the file's good values over the defaults, and one
    /// warning for each thing that is missing or wrong. Writes nothing, and never blocks or
    /// reads without end: anything but a regular file of at most [`MAX_SETTINGS_BYTES`] is
    /// refused unread, with the defaults.
    #[must_use]
    pub fn load(path: &Path) -> (Self, Vec<String>) {
        match read_settings(path) {
            Ok(text) => Self::parse(&text, &path.display().to_string()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let warning = format!("{} does not exist yet: default settings", path.display());
                (Self::default(), vec![warning])
            }
            Err(e) => {
                let warning = format!("cannot read {}: {e}; default settings", path.display());
                (Self::default(), vec![warning])
            }
        }
    }

    /// Reads settings from the text of a settings file called `name` in warnings.
    #[must_use]
    pub fn parse(text: &str, name: &str) -> (Self, Vec<String>) {
        let mut settings = Self::default();
        let mut warnings = Vec::new();
        let table: toml::Table = match text.parse() {
            Ok(table) => table,
            Err(e) => {
                let reason = shortened(e.message().trim());
                warnings.push(format!(
                    "{name} is not valid TOML ({reason}); default settings"
                ));
                return (settings, warnings);
            }
        };
        let mut reader = Reader {
            name,
            warnings: &mut warnings,
        };
        for (key, value) in &table {
            if key == "keys" {
                reader.keys(value, &mut settings.keys);
            } else if let Some(field) = Field::named(key) {
                if let Err(problem) = field.read(value, &mut settings) {
                    reader.warn(problem);
                }
            } else {
                reader.warn(format!("unknown setting {}, ignored", quoted(key)));
            }
        }
        (settings, warnings)
    }

    /// The settings as the text of a settings file, every setting written out.
    #[must_use]
    pub fn to_toml(&self) -> String {
        let mut text =
            String::from("# hewn's settings, written by the game whenever one is changed.\n");
        for field in FIELDS {
            text.push_str(&format!("{} = {}\n", field.name(), field.written(self)));
        }
        text.push_str(
            "\n# Key names are those of the keys' places on a US keyboard (KeyW, Space, ShiftLeft).\n\
             [keys]\n",
        );
        for binding in Binding::ALL {
            text.push_str(&format!(
                "{} = {:?}\n",
                binding.name(),
                key_name(self.keys.key(binding))
            ));
        }
        text
    }

    /// Writes the settings to `path`, whole: into a temporary file beside it, flushed to
    /// disk, then renamed over the old file.
    ///
    /// # Errors
    /// [`SettingsError`] naming the file or folder the system refused.
    pub fn save(&self, path: &Path) -> Result<(), SettingsError> {
        use std::io::Write;
        let fail = |path: &Path| {
            let path = path.to_owned();
            move |source| SettingsError { path, source }
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(fail(dir))?;
        }
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".tmp");
        let temporary = PathBuf::from(temporary);
        let mut file = std::fs::File::create(&temporary).map_err(fail(&temporary))?;
        file.write_all(self.to_toml().as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(fail(&temporary))?;
        drop(file);
        std::fs::rename(&temporary, path).map_err(fail(path))
    }
}

/// The text of the settings file at `path`, looked at before it is opened: a FIFO, a device or
/// a folder (directly or through a link) is refused unopened, since opening a FIFO blocks
/// until something writes to it and a device may never end; a file larger than
/// [`MAX_SETTINGS_BYTES`] is refused unread. The limit is applied to the read as well, for a
/// file that grows between the look and the read.
fn read_settings(path: &Path) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind, Read as _};
    let refuse = |why: String| Err(Error::new(ErrorKind::InvalidData, why));
    let kind = std::fs::metadata(path)?;
    if !kind.is_file() {
        return refuse("it is not a regular file".to_owned());
    }
    if kind.len() > MAX_SETTINGS_BYTES {
        return refuse(format!(
            "its {} bytes are more than the {MAX_SETTINGS_BYTES} a settings file may have",
            kind.len()
        ));
    }
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return refuse("it is not a regular file".to_owned());
    }
    let mut bytes = Vec::new();
    file.take(MAX_SETTINGS_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SETTINGS_BYTES {
        return refuse(format!(
            "it is more than the {MAX_SETTINGS_BYTES} bytes a settings file may have"
        ));
    }
    String::from_utf8(bytes).map_err(|_| Error::new(ErrorKind::InvalidData, "it is not UTF-8 text"))
}

/// A key's name in the settings file: winit's name for the key's place on the keyboard.
fn key_name(code: KeyCode) -> String {
    format!("{code:?}")
}

/// The key a settings file names, if it names one.
fn key_from_name(name: &str) -> Option<KeyCode> {
    let quoted = toml::Value::String(name.to_owned());
    let code: KeyCode = quoted.try_into().ok()?;
    // Unidentified keys have no stable name to write back.
    (key_name(code) == name).then_some(code)
}

/// Reads values into settings, collecting a warning for each one it refuses.
struct Reader<'a> {
    name: &'a str,
    warnings: &'a mut Vec<String>,
}

impl Reader<'_> {
    fn warn(&mut self, problem: String) {
        self.warnings.push(format!("{}: {problem}", self.name));
    }

    fn keys(&mut self, value: &toml::Value, into: &mut Bindings) {
        let Some(table) = value.as_table() else {
            self.warn("keys is not a table; default keys".to_owned());
            return;
        };
        for (name, value) in table {
            let Some(binding) = Binding::ALL.into_iter().find(|b| b.name() == name) else {
                self.warn(format!("unknown key binding {}, ignored", quoted(name)));
                continue;
            };
            match value.as_str().and_then(key_from_name) {
                Some(code) => into.set(binding, code),
                None => self.warn(format!(
                    "keys.{name} = {} is not a key; using {}",
                    shortened(&value.to_string()),
                    key_name(into.key(binding))
                )),
            }
        }
    }
}

#[cfg(test)]
mod tests;
