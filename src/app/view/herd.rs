//! The creatures and arrows as a frame draws them: where the server had them a little while
//! ago ([`hewn_net::trail`]), each creature in its kind's figure and colours, lit by the light
//! where it stands; the arrows, each as its icon.

use glam::DVec3;

use super::SessionView;
use hewn_core::sim::Item;
use hewn_core::sim::survival::Material;
use hewn_core::world::{BlockPos, Light};
use hewn_mesh::creature::CreatureFigure;
use hewn_render::ItemSprite;

impl SessionView<'_> {
    /// The creatures in view as figures.
    pub(super) fn creature_figures(&self, alpha: f64) -> Vec<CreatureFigure> {
        let game = self.play.game();
        let world = self.play.sim().world();
        game.creatures_at(game.view_tick(alpha))
            .into_iter()
            .filter_map(|c| {
                let figure = CreatureFigure::of_kind(usize::from(c.kind), usize::from(c.variant))?;
                let body = c.shown.body;
                let feet = world.light(BlockPos::containing(body.position + DVec3::Y * 0.1));
                let top = world.light(BlockPos::containing(
                    body.position + DVec3::Y * (figure.height * 0.9),
                ));
                Some(CreatureFigure {
                    position: body.position,
                    yaw: c.shown.facing,
                    look: body.yaw,
                    walked: c.shown.walked,
                    swing: c.shown.swing,
                    grazing: c.grazing,
                    hurt: c.hurt,
                    light: Light::new(feet.sky().max(top.sky()), feet.block().max(top.block())),
                    ..figure
                })
            })
            .collect()
    }

    /// The arrows in view, each drawn as the arrow's icon where its middle is: a half-block
    /// behind its tip, along the way it points.
    pub(super) fn arrow_sprites(&self) -> Vec<ItemSprite> {
        let world = self.play.sim().world();
        let arrow = Item::Material(Material::Arrow);
        self.play
            .game()
            .arrows()
            .iter()
            .map(|&(tip, pointing)| {
                let middle = tip - pointing * 0.25;
                ItemSprite {
                    item: arrow,
                    position: middle - DVec3::Y * 0.125,
                    age: 0.0,
                    light: world.light(BlockPos::containing(middle)),
                }
            })
            .collect()
    }
}
