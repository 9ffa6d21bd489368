//! A player's screen in the world: opening the crafting table, furnace or chest it looks at,
//! checking that what is open still stands within reach, and what a click throws or crafts
//! heard as the world hears it.

use glam::DVec3;

use super::{
    ClickKind, Clicked, STATION_REACH, ScreenAction, SlotRef, Slots, Station, StationScreen,
};
use crate::physics::quantize;
use crate::sim::Item;
use crate::sim::survival::rules::recipes;
use crate::sim::survival::{Detail, Furnace, ItemDrop, Survival};
use crate::sim::{ActionOutcome, EventKind, Simulation, Target};
use crate::world::{Block, BlockSource};

impl Simulation {
    /// The survival state as a save should keep it: every screen closed, its grid and
    /// cursor back in the inventory, and what does not fit lying at its player's feet. A
    /// save that kept the inventory alone would lose what was in a grid or held.
    #[must_use]
    pub fn survival_with_screens_closed(&self) -> Survival {
        let mut survival = self.survival.clone();
        let mut spilled = Vec::new();
        for (name, s) in &mut survival.survivors {
            if s.screen == StationScreen::default() {
                continue;
            }
            let left = Slots {
                inventory: &mut s.inventory,
                screen: &mut s.screen,
                furnace: None,
                chest: None,
            }
            .close();
            let feet = (self.players.get(name).or_else(|| self.away.get(name)))
                .map_or(survival.spawn, |body| body.position);
            spilled.extend(left.into_iter().map(|stack| (stack, feet)));
        }
        for (stack, feet) in spilled {
            survival
                .drops
                .add(ItemDrop::new(stack, quantize(feet), DVec3::ZERO));
        }
        survival
    }

    /// Player `who` acts on its screen.
    pub(in crate::sim) fn act_on_screen(
        &mut self,
        who: usize,
        action: ScreenAction,
    ) -> ActionOutcome {
        match action {
            ScreenAction::OpenInventory => self.open_screen(who, Station::Inventory),
            ScreenAction::OpenLookedAt => {
                let viewer = self.players.list()[who].body;
                let station = match self.looked_at(&viewer) {
                    Some(Target::Block(hit)) => match self.world.block(hit.block) {
                        Block::CRAFTING_TABLE => Station::Table(hit.block),
                        Block::FURNACE | Block::LIT_FURNACE => Station::Furnace(hit.block),
                        Block::CHEST => Station::Chest(hit.block),
                        _ => return ActionOutcome::Nothing,
                    },
                    _ => return ActionOutcome::Nothing,
                };
                self.open_screen(who, station)
            }
            ScreenAction::Close => {
                if self.screen_of(who).open.is_none() {
                    return ActionOutcome::Nothing;
                }
                self.close_screen(who);
                ActionOutcome::Closed
            }
            ScreenAction::Click { slot, kind } => self.click(who, slot, kind),
            ScreenAction::Fill { item, all } => self.fill(who, item, all),
        }
    }

    /// Player `who`'s screen as it stands.
    fn screen_of(&self, who: usize) -> StationScreen {
        let name = &self.players.list()[who].name;
        self.survival
            .survivors
            .get(name)
            .map(|s| s.screen)
            .unwrap_or_default()
    }

    /// Opens `station` for player `who`, closing what it had open.
    fn open_screen(&mut self, who: usize, station: Station) -> ActionOutcome {
        self.close_screen(who);
        let name = self.players.list()[who].name.clone();
        let survivor = self.survival.survivors.entry(name).or_default();
        survivor.screen.open = Some(station);
        ActionOutcome::Opened
    }

    /// Closes player `who`'s screen: the grid and the cursor go back into its inventory,
    /// and what does not fit is thrown. A screen closed already stays closed.
    pub(in crate::sim) fn close_screen(&mut self, who: usize) {
        let name = self.players.list()[who].name.clone();
        let Some(survivor) = self.survival.survivors.get_mut(&name) else {
            return;
        };
        if survivor.screen == StationScreen::default() {
            return;
        }
        let left = Slots {
            inventory: &mut survivor.inventory,
            screen: &mut survivor.screen,
            furnace: None,
            chest: None,
        }
        .close();
        for stack in left {
            self.throw_stack(who, stack);
        }
    }

    /// Whether player `who`'s open `station` is still there and near enough to use.
    fn station_stands(&self, who: usize, station: Station) -> bool {
        let Some(cell) = station.cell() else {
            return true;
        };
        let wanted = match station {
            Station::Table(_) => self.world.block(cell) == Block::CRAFTING_TABLE,
            Station::Chest(_) => self.world.block(cell) == Block::CHEST,
            _ => matches!(self.world.block(cell), Block::FURNACE | Block::LIT_FURNACE),
        };
        let eye = self.players.list()[who].body.eye();
        let min = cell.min_corner();
        let nearest = eye.clamp(min, min + DVec3::ONE);
        wanted && nearest.distance(eye) <= STATION_REACH
    }

    /// Player `who` clicks `slot` of its open screen as `kind` says.
    fn click(&mut self, who: usize, slot: SlotRef, kind: ClickKind) -> ActionOutcome {
        self.on_screen(who, |slots| slots.click(slot, kind))
    }

    /// Player `who` fills its open grid with the recipe for `item` from its inventory
    /// (the recipe book): the first recipe for it that can be laid there.
    fn fill(&mut self, who: usize, item: Item, all: bool) -> ActionOutcome {
        let making = recipes().iter().filter(|r| r.output == item);
        self.on_screen(who, |slots| slots.fill(making, all))
    }

    /// Player `who` does `act` to the slots of its open screen: its inventory, its grid
    /// and cursor, and the furnace or chest open. A table, furnace or chest that is gone
    /// or out of reach closes the screen instead.
    fn on_screen(&mut self, who: usize, act: impl FnOnce(&mut Slots) -> Clicked) -> ActionOutcome {
        let Some(station) = self.screen_of(who).open else {
            return ActionOutcome::Nothing;
        };
        if !self.station_stands(who, station) {
            self.close_screen(who);
            return ActionOutcome::Closed;
        }
        let name = self.players.list()[who].name.clone();
        // A double chest's two halves are two entries: the click works on a copy of both.
        let mut chest = match station {
            Station::Chest(cell) => Some(self.chest_slots(cell)),
            _ => None,
        };
        let survival = &mut self.survival;
        let Some(survivor) = survival.survivors.get_mut(&name) else {
            return ActionOutcome::Nothing;
        };
        let furnace = match station {
            Station::Furnace(cell) => Some(survival.furnaces.entry(cell).or_default()),
            _ => None,
        };
        let clicked = act(&mut Slots {
            inventory: &mut survivor.inventory,
            screen: &mut survivor.screen,
            furnace,
            chest: chest.as_deref_mut(),
        });
        if let (Station::Chest(cell), Some(slots)) = (station, &chest) {
            self.store_chest_slots(cell, slots);
        }
        let survival = &mut self.survival;
        if let Station::Furnace(cell) = station
            && survival.furnaces.get(&cell).is_some_and(Furnace::is_idle)
        {
            survival.furnaces.remove(&cell);
        }
        if let Some(thrown) = clicked.thrown {
            self.throw_stack(who, thrown);
            return ActionOutcome::Dropped(thrown.count);
        }
        if let Some((item, count)) = clicked.crafted {
            self.note_detail(who, EventKind::Craft, Detail::Items { item, count });
        }
        if clicked.changed {
            ActionOutcome::Stored
        } else {
            ActionOutcome::Nothing
        }
    }
}
