//! What a frame shows: the [`Scene`] the game (or a test, or a bench) hands the renderer.

use std::collections::BTreeSet;

use glam::DVec3;

use hewn_core::world::ColumnPos;
use hewn_core::world::coarse::SectionPos;
use hewn_mesh::FreeBox;
use hewn_mesh::creature::CreatureFigure;
use hewn_mesh::figure::Figure;

use super::{Camera, Crack, DEFAULT_BRIGHTNESS, FirstPerson, HudState, ItemSprite, MenuFrame};

/// What one frame shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The camera.
    pub camera: Camera,
    /// The world's time, in ticks: it sets the sky, the sun and how bright sky light is.
    pub time: u64,
    /// How bright dim light looks, from 0 (dark) to 1 (bright); [`DEFAULT_BRIGHTNESS`].
    pub brightness: f32,
    /// Distances where fog starts and where it hides everything: horizontal, but for an
    /// eye [`underwater`](Self::underwater), all around.
    pub fog: (f32, f32),
    /// Whether the eye is under water: the fog is then the water's colour, the sky is hidden
    /// and the water's surface is drawn from below.
    pub underwater: bool,
    /// Boxes to outline (the targeted block's real shape, or crate), in world coordinates.
    pub outline: &'a [(DVec3, DVec3)],
    /// Free boxes: the crates.
    pub boxes: &'a [FreeBox],
    /// Other players, each with its name tag.
    pub figures: &'a [Figure],
    /// The creatures, drawn as figures of their kinds.
    pub creatures: &'a [CreatureFigure],
    /// Survival's items lying in the world.
    pub items: &'a [ItemSprite],
    /// Survival's cracks over the block being dug.
    pub crack: Option<&'a Crack>,
    /// The HUD, if it is shown (not on the title screen).
    pub hud: Option<&'a HudState>,
    /// The menus drawn over everything, if any are open.
    pub menus: Option<&'a MenuFrame>,
    /// The far view.
    pub far: FarScene<'a>,
    /// Whether the clouds are drawn (a setting).
    pub clouds: bool,
    /// The player's own arm and what it holds, in first person.
    pub hand: Option<&'a FirstPerson>,
}

/// The far view's part of a frame.
#[derive(Clone, Copy, Debug, Default)]
pub struct FarScene<'a> {
    /// The coarse sections to draw; of them, those uploaded and in view are.
    pub sections: &'a [SectionPos],
    /// Near chunk columns not drawn, because coarse sections stand in for them.
    pub hidden: Option<&'a BTreeSet<ColumnPos>>,
    /// How far the far view reaches, in blocks (0 when it is off or draws only the coarse
    /// ring within the render distance): the far plane moves out beyond it.
    pub reach: f32,
}

impl<'a> Scene<'a> {
    /// The world seen by `camera` at `time` with fog from `fog.0` to `fog.1` blocks, at the
    /// default brightness: no outline, crates, figures, creatures, items, cracks, HUD, menus,
    /// far view, clouds or hand. Set the fields that differ over it.
    #[must_use]
    pub fn plain(camera: Camera, time: u64, fog: (f32, f32)) -> Self {
        Self {
            camera,
            time,
            brightness: DEFAULT_BRIGHTNESS,
            fog,
            underwater: false,
            outline: &[],
            boxes: &[],
            figures: &[],
            creatures: &[],
            items: &[],
            crack: None,
            hud: None,
            menus: None,
            far: FarScene::default(),
            clouds: false,
            hand: None,
        }
    }
}
