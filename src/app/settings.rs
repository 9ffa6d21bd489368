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
//! The file is read and written with serde (in `file.rs`); what each setting may be is said
//! once, here, beside its default ([`FOV_RANGE`] and the others), for the reader and the
//! settings screen ([`fields`]) alike.

pub mod fields;
mod file;
pub mod texture_packs;

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::input::MOUSE_SENSITIVITY;
use super::keys::{Binding, Bindings};
use super::tuning::SHADER_LIGHT_FROM;
use crate::cli::{FAR_VIEW_CHOICES, PlayOptions, Switch};
use hewn_core::sim::PlayerName;
use hewn_mesh::{Leaves, Shading};
use hewn_render::DEFAULT_BRIGHTNESS;

/// Environment variable that replaces the platform config folder (for tests and portable
/// installs): the settings are then `$HEWN_CONFIG_DIR/settings.toml`.
pub const CONFIG_DIR_VAR: &str = "HEWN_CONFIG_DIR";

/// The settings file's name.
pub const SETTINGS_FILE: &str = "settings.toml";

/// The largest settings file read, in bytes. The game writes about 1 KB; a larger file (or an
/// endless one, such as `/dev/zero` behind a link) is refused rather than read into memory.
pub const MAX_SETTINGS_BYTES: u64 = 256 << 10;

/// Everything the player can set.
///
/// Serialized, the settings are the file's top table, in the order declared here: every
/// setting but the keys, which the file has in a table of their own under a comment, and
/// `light`, which is for one run only.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Settings {
    /// Vertical field of view, in degrees ([`FOV_RANGE`]).
    pub fov: f64,
    /// Degrees of turn per unit of mouse motion ([`SENSITIVITY_RANGE`]).
    pub mouse_sensitivity: f64,
    /// Whether moving the mouse up looks down.
    pub invert_y: bool,
    /// Whether walking into a step one block high jumps onto it: off, as in Minecraft Java
    /// Edition, where players who learned to jump find it in their way.
    pub auto_jump: bool,
    /// Columns of chunks loaded and drawn around the player ([`RENDER_DISTANCE_RANGE`]).
    pub render_distance: u32,
    /// The fraction of the window's width and height the world is drawn at, the HUD and
    /// menus staying sharp at the window's own ([`RENDER_SCALE_RANGE`]): Luanti's
    /// undersampling, for a GPU that cannot shade every pixel in time.
    pub render_scale: f64,
    /// Blocks the far view reaches beyond the render distance, 0 for none (one of
    /// [`FAR_VIEW_CHOICES`]).
    pub far_view: u32,
    /// Whether the render distance beyond 3/8 of it is drawn from coarse meshes of
    /// 2 × 2 × 2 blocks a cell (the far view's first level), which costs far fewer
    /// triangles, or every block all the way.
    pub coarse_ring: bool,
    /// Whether frames wait for the display's refresh.
    pub vsync: bool,
    /// Whether the window fills the screen.
    pub fullscreen: bool,
    /// How many pixels a HUD pixel takes ([`GUI_SCALE_RANGE`]).
    pub gui_scale: f64,
    /// How bright dim light looks, 0 dark to 1 bright ([`FRACTION_RANGE`]).
    pub brightness: f64,
    /// Whether leaves are drawn fancy (cut-out, seen through, every face between two leaves)
    /// or fast (opaque cubes, only a canopy's outside): Minecraft's graphics setting, for when
    /// the frame cannot keep up with a forest.
    pub fancy_leaves: bool,
    /// Whether the clouds drift over the world: Minecraft's setting, for a frame that must
    /// save every pixel's work.
    pub clouds: bool,
    /// The texture pack painted over every world's textures, by its folder's (or `.zip`'s)
    /// name in the packs folder; empty for none ([`texture_packs`](self::texture_packs)).
    pub texture_pack: String,
    /// The name worlds are played as: a world keeps each player by name, so this is who
    /// resumes where they left.
    #[serde(serialize_with = "file::name_as_text")]
    pub name: PlayerName,
    /// How loud the game is, 0 to 1 ([`FRACTION_RANGE`]).
    pub master_volume: f64,
    /// How loud blocks are: steps, breaking, placing, landing, splashing.
    pub blocks_volume: f64,
    /// How loud the world around is: water, wind, caves.
    pub ambient_volume: f64,
    /// How loud the menus' clicks are.
    pub menus_volume: f64,
    /// Which key does what.
    #[serde(skip)]
    pub keys: Bindings,
    /// Where chunks' light and AO are worked out, when `--light` says so for this run (never
    /// read from or written to the file); otherwise chosen by the render distance
    /// ([`Self::shading`]).
    #[serde(skip)]
    pub light: Option<Shading>,
}

/// The field of view's range, in degrees.
pub const FOV_RANGE: RangeInclusive<f64> = 30.0..=110.0;

/// The mouse sensitivity's range, in degrees of turn per unit of motion.
pub const SENSITIVITY_RANGE: RangeInclusive<f64> = 0.01..=1.0;

/// The render distance's range, in chunks.
pub const RENDER_DISTANCE_RANGE: RangeInclusive<u32> = 2..=32;

/// The render scale's range: a quarter of the window's width and height to all of it
/// ([`hewn_render::RENDER_SCALE_RANGE`]).
pub const RENDER_SCALE_RANGE: RangeInclusive<f64> = 0.25..=1.0;

/// The far view's range, in blocks: no far view to the farthest of [`FAR_VIEW_CHOICES`], the
/// only distances it takes.
pub const FAR_VIEW_RANGE: RangeInclusive<u32> =
    FAR_VIEW_CHOICES[0]..=FAR_VIEW_CHOICES[FAR_VIEW_CHOICES.len() - 1];

/// The GUI scale's range, in pixels a HUD pixel.
pub const GUI_SCALE_RANGE: RangeInclusive<f64> = 1.0..=4.0;

/// The brightness's and the volumes' range: none to all.
pub const FRACTION_RANGE: RangeInclusive<f64> = 0.0..=1.0;

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
            fov: 70.0,
            mouse_sensitivity: MOUSE_SENSITIVITY,
            invert_y: false,
            auto_jump: false,
            render_distance: 8,
            render_scale: 1.0,
            far_view: 2048,
            coarse_ring: true,
            vsync: true,
            fullscreen: false,
            gui_scale: 2.0,
            brightness: DEFAULT_BRIGHTNESS as f64,
            fancy_leaves: true,
            clouds: true,
            texture_pack: String::new(),
            name: PlayerName::default(),
            master_volume: 1.0,
            blocks_volume: 1.0,
            ambient_volume: 1.0,
            menus_volume: 1.0,
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
            coarse_ring: self.coarse_ring,
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
        if let Some(ring) = options.coarse_ring {
            self.coarse_ring = ring == Switch::On;
        }
        if let Some(scale) = options.render_scale {
            self.render_scale = scale;
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
        // Every setting but the keys is on the screen, so in its table.
        for field in fields::every() {
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

#[cfg(test)]
mod tests;
