//! Survival in the window: what a session shows of the player's survival state (the HUD's
//! hearts, air and stacks, the items lying about, the cracks over the block being dug), the
//! hand the buttons act with, and the screens that follow the simulation: the inventory a
//! crafting table or furnace opened, and the death screen.
//!
//! The survival state is read from the client's copy of the world, which the server (the
//! game's own or one elsewhere alike) keeps told of the world's mode, the player's own
//! survival state, the items in view and the furnace open, and in which the player's own
//! actions are predicted.

use glam::DVec3;

use super::App;
use super::ui::crafting::ScreenView;
use super::ui::screen::{Screen, Transition};
use hewn_core::sim::HOTBAR_SLOTS;
use hewn_core::sim::survival::{MAX_AIR, MAX_HEALTH, MAX_HUNGER, Mode, Station};
use hewn_core::world::{BlockPos, BlockSource, Face, Light};
use hewn_render::{Crack, ItemSprite, SurvivalHud};

impl super::view::SessionView<'_> {
    /// What the HUD shows of survival: the hotbar's stacks, the hearts, hunger, and the air while
    /// the eyes are under water or the breath is short.
    pub(super) fn survival_hud(&self) -> Option<SurvivalHud> {
        let Some(s) = self.survivor() else {
            // A survival world whose player's state has not come yet (loading): an empty
            // hotbar, not creative's blocks.
            return (self.play.sim().mode() == Mode::Survival).then_some(SurvivalHud {
                hotbar: [None; HOTBAR_SLOTS],
                health: MAX_HEALTH,
                hunger: MAX_HUNGER,
                air: None,
            });
        };
        let mut hotbar = [None; HOTBAR_SLOTS];
        hotbar.copy_from_slice(&s.inventory.slots()[..HOTBAR_SLOTS]);
        let eyes = BlockPos::containing(self.me().eye());
        let under = self.play.sim().world().block(eyes).is_water();
        let air = s.vitals.air;
        Some(SurvivalHud {
            hotbar,
            health: s.vitals.health,
            hunger: s.hunger.level,
            air: (under || air < MAX_AIR).then_some(air),
        })
    }

    /// The items lying in the world, each at its age this frame and lit where it lies.
    pub(super) fn item_sprites(&self) -> Vec<ItemSprite> {
        let sim = self.play.sim();
        if sim.mode() != Mode::Survival {
            return Vec::new();
        }
        let world = self.play.sim().world();
        let alpha = self.clock.alpha();
        (sim.survival().drops.list().iter())
            .map(|d| ItemSprite {
                item: d.stack.item,
                position: d.position,
                age: f64::from(d.age) + alpha,
                light: world.light(BlockPos::containing(d.position + DVec3::Y * 0.1)),
            })
            .collect()
    }

    /// The cracks over the block the player is digging, in the brightest light beside it.
    pub(super) fn crack(&self) -> Option<Crack> {
        let dig = self.survivor()?.digging?;
        let world = self.play.sim().world();
        let block = world.block(dig.cell);
        let origin = dig.cell.min_corner();
        let boxes = (block.outline().iter())
            .map(|b| {
                let a = b.at(origin);
                (a.min, a.max)
            })
            .collect();
        let light = Face::ALL
            .into_iter()
            .map(|f| world.light(dig.cell.offset(f.normal())))
            .chain([world.light(dig.cell)])
            .fold(Light::new(0, 0), |a, b| {
                Light::new(a.sky().max(b.sky()), a.block().max(b.block()))
            });
        Some(Crack {
            boxes,
            stage: dig.stage(),
            light,
        })
    }

    /// What the survival screen shows: the inventory, the grid and the cursor, and the
    /// furnace or chest open. While the simulation has not opened the screen yet, the inventory.
    #[must_use]
    pub fn screen_view(&self) -> Option<ScreenView> {
        let s = self.survivor()?;
        let station = s.screen.open.unwrap_or(Station::Inventory);
        let sim = self.play.sim();
        let furnace = match station {
            Station::Furnace(cell) => (sim.survival().furnaces.get(&cell))
                .copied()
                .unwrap_or_default(),
            _ => hewn_core::sim::survival::Furnace::default(),
        };
        let chest = match station {
            Station::Chest(cell) => sim.chest_slots(cell),
            _ => Vec::new(),
        };
        Some(ScreenView {
            station,
            inventory: *s.inventory.slots(),
            grid: s.screen.grid,
            cursor: s.screen.cursor,
            furnace,
            chest,
            seen: s.seen.clone(),
            selected: s.selected,
        })
    }
}

impl App {
    /// Moves between screens as the simulation says: to the death screen when the player
    /// dies and back to play once it respawned; to the survival screen when the simulation
    /// opened one (a crafting table or furnace clicked), and back to play when it closed it
    /// (the table broken, say).
    pub(super) fn follow_survival(&mut self) {
        let Some(session) = &mut self.session else {
            return;
        };
        let (survival, dead, open) = match session.survivor() {
            Some(s) => (true, s.death.is_some(), s.screen.open),
            None => (false, false, None),
        };
        let seen = std::mem::replace(&mut session.seen_screen, open);
        let transition = match self.screen {
            Screen::Playing | Screen::Inventory | Screen::Chat if dead => Some(Transition::Died),
            Screen::Dead if !dead => Some(Transition::Respawned),
            Screen::Playing if open.is_some() && seen.is_none() => Some(Transition::InventoryKey),
            Screen::Inventory if survival && open.is_none() && seen.is_some() => {
                Some(Transition::InventoryKey)
            }
            _ => None,
        };
        if let Some(transition) = transition {
            self.go(transition);
        }
    }
}
