//! Creatures in the tick: they appear and go, think, walk, strike and shoot; arrows fly;
//! players strike creatures; the dead drop what they carried.
//!
//! Only creatures near a player live: beyond [`ACTIVE`] blocks from every player they are
//! frozen as they are (as Paper's activation range does), and between [`NEAR`] and
//! [`ACTIVE`] they think every fourth tick only, walking on as they last chose.

use glam::{DVec2, DVec3};

use super::creature::arrow::{self, Arrow, Hit};
use super::creature::crowd;
use super::creature::dice::{Dice, Purpose};
use super::creature::mind::{Deed, Prey, Senses, height_cells};
use super::creature::path::{SEARCH_LIMIT, TICK_BUDGET, find};
use super::creature::spawn::{Moment, NEAR, nearest_player};
use super::creature::{Behaviour, Creature, HURT_COOLDOWN};
use super::survival::{Cause, Detail, HAND_DAMAGE, Mode, Stack};
use super::{ActionOutcome, EventKind, Simulation};
use crate::aabb::Aabb;
use crate::physics::Body;
use crate::physics::tuning::{REACH, TICK_SECONDS};
use crate::physics::walker::Wish;
use crate::raycast::ray_box_entry;
use crate::world::BlockPos;

/// Beyond this many blocks from every player a creature is frozen.
pub const ACTIVE: f64 = 48.0;
/// How hard a strike throws a creature back, in blocks a second across and up.
const KNOCKBACK: (f64, f64) = (6.0, 5.0);
/// How hard a creature's strike throws a player back.
const PLAYER_KNOCKBACK: (f64, f64) = (5.0, 4.0);

/// A creature on a player's look ray.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CreatureHit {
    /// Its id.
    pub id: u32,
    /// How far along the ray the ray enters its box.
    pub distance: f64,
}

impl Simulation {
    /// The creatures, the arrows and the rules they appear by.
    #[must_use]
    pub const fn creatures(&self) -> &super::creature::Population {
        &self.creatures
    }

    /// The creature `viewer` looks at within reach, nearer than any block or crate.
    #[must_use]
    pub fn creature_target(&self, viewer: &Body) -> Option<CreatureHit> {
        let eye = viewer.eye();
        let dir = viewer.look_direction();
        let nearest = self
            .creatures
            .list()
            .iter()
            .filter(|c| c.body.position.distance(eye) < REACH + 4.0)
            .filter_map(|c| {
                ray_box_entry(eye, dir, c.bounds())
                    .map(|(distance, _)| CreatureHit { id: c.id, distance })
            })
            .filter(|hit| hit.distance <= REACH)
            .min_by(|a, b| a.distance.total_cmp(&b.distance).then(a.id.cmp(&b.id)))?;
        let blocked = self
            .peek_looked_at(viewer)
            .is_some_and(|t| t.distance() <= nearest.distance);
        (!blocked).then_some(nearest)
    }

    /// Whether `b` overlaps a creature: where no block may be placed.
    #[must_use]
    pub fn creature_in(&self, b: Aabb) -> bool {
        self.creatures
            .list()
            .iter()
            .any(|c| c.bounds().intersects_by(b, 1e-6))
    }

    /// Player `who` strikes the creature it looks at: as hard as what it holds (a sword by
    /// its tier, anything else as a hand), once per [`HURT_COOLDOWN`] ticks of the
    /// creature's; the creature is thrown back and an animal flees.
    pub(super) fn attack(&mut self, who: usize) -> ActionOutcome {
        let viewer = self.players.list()[who].body;
        self.world
            .load_region(Aabb::new(viewer.eye(), viewer.eye()).inflated(REACH));
        let Some(hit) = self.creature_target(&viewer) else {
            return ActionOutcome::Nothing;
        };
        let surviving = self.survival.mode == Mode::Survival;
        if surviving && self.is_dead(who) {
            return ActionOutcome::Nothing;
        }
        let damage = if surviving {
            self.survivor_mut(who)
                .held_tool()
                .map_or(HAND_DAMAGE, super::survival::Tool::damage)
        } else {
            HAND_DAMAGE
        };
        let Some(i) = self.creatures.index_of(hit.id) else {
            return ActionOutcome::Nothing;
        };
        if self.creatures.list()[i].cooldown > 0 {
            return ActionOutcome::Nothing;
        }
        let name = self.players.list()[who].name.as_str().to_owned();
        let from = viewer.position;
        let c = &mut self.creatures.list_mut()[i];
        Self::wound(c, damage, from);
        if c.kind().is_hostile() && c.mind.target.is_none() {
            c.mind.target = Some(name);
        }
        self.note_creature(EventKind::Strike, i);
        if surviving && self.survivor_mut(who).held_tool().is_some() {
            self.wear_tool(who);
        }
        ActionOutcome::Struck(hit.id)
    }

    /// Takes `damage` from creature `c`, struck from `from`: it is thrown back, cannot be
    /// hurt again for a while, and if it is an animal, flees.
    fn wound(c: &mut Creature, damage: u8, from: DVec3) {
        c.health = c.health.saturating_sub(damage);
        c.cooldown = HURT_COOLDOWN;
        let away =
            DVec2::new(c.body.position.x - from.x, c.body.position.z - from.z).normalize_or_zero();
        c.body.velocity += DVec3::new(away.x * KNOCKBACK.0, KNOCKBACK.1, away.y * KNOCKBACK.0);
        c.body.on_ground = false;
        if c.kind().behaviour == Behaviour::Passive {
            c.startle(from);
        }
    }

    /// Notes an event `kind` of creature `i`.
    fn note_creature(&mut self, kind: EventKind, i: usize) {
        let c = &self.creatures.list()[i];
        let detail = Detail::Creature {
            kind: c.kind,
            id: c.id,
        };
        self.events.push(super::Event {
            tick: self.tick + 1,
            kind,
            block: None,
            pos: Some(BlockPos::containing(c.body.position)),
            fall: None,
            player: None,
            detail: Some(detail),
        });
    }

    /// One tick of every creature and arrow.
    pub(super) fn run_creatures(&mut self) {
        let feet: Vec<DVec3> = self
            .players
            .list()
            .iter()
            .map(|m| m.body.position)
            .collect();
        let moment = Moment {
            players: &feet,
            time: self.time,
        };
        self.creatures.spawn(&mut self.world, &moment);
        if self.creatures.list().is_empty() && self.creatures.arrows().is_empty() {
            return;
        }
        let seed = self.world.source().seed();
        let surviving = self.survival.mode == Mode::Survival;
        let hunted: Vec<bool> = (0..self.players.len())
            .map(|who| surviving && !self.is_dead(who))
            .collect();
        let prey: Vec<Prey<'_>> = self
            .players
            .list()
            .iter()
            .zip(hunted)
            .map(|(m, hunted)| Prey {
                name: m.name.as_str(),
                bounds: m.body.bounds(),
                eye: m.body.eye(),
                hunted,
            })
            .collect();
        let players = self.players.bounds();
        let pushes = crowd::pushes(self.creatures.list());
        let mut deeds = Vec::new();
        for (i, &push) in pushes.iter().enumerate() {
            let c = &self.creatures.list()[i];
            let nearest = nearest_player(&feet, c.body.position);
            if nearest > ACTIVE {
                continue;
            }
            let kind = c.kind();
            let reach = c
                .bounds()
                .swept(c.body.velocity * TICK_SECONDS)
                .inflated(2.0);
            self.world.load_region(reach);
            let thinks = nearest <= NEAR || (self.time + u64::from(c.id)).is_multiple_of(4);
            let senses = Senses {
                world: &self.world,
                prey: &prey,
                seed,
                time: self.time,
            };
            let c = &mut self.creatures.list_mut()[i];
            let mut wish = if thinks {
                let thought = c.think(kind, &senses);
                c.mind.walk = thought.wish.velocity;
                deeds.push((i, thought.deed, thought.wants_path));
                thought.wish
            } else {
                Wish {
                    velocity: c.mind.walk,
                    jump: false,
                }
            };
            wish.velocity += push;
            c.body.tick(
                &self.world,
                (kind.width, kind.height),
                wish,
                kind.flutters,
                &players,
            );
            c.cooldown = c.cooldown.saturating_sub(1);
        }
        drop(prey);
        for (i, deed, wants_path) in deeds {
            let id = self.creatures.list()[i].id;
            if wants_path {
                self.creatures.ask_path(id);
            }
            match deed {
                Deed::None => {}
                Deed::Strike(who) => self.strike_player(i, who),
                Deed::Shoot(at) => {
                    let c = &self.creatures.list()[i];
                    let from = c.eye();
                    if self.creatures.arrows().len() < arrow::MAX_ARROWS {
                        let shot = Arrow::new(c.id, from, arrow::aim(from, at));
                        self.creatures.arrows_mut().push(shot);
                    }
                }
            }
        }
        self.find_paths();
        self.fly_arrows(seed);
        self.call_out(seed);
        self.bury_dead(seed);
    }

    /// Creature `i` strikes player `who` for its kind's damage, throwing it back.
    fn strike_player(&mut self, i: usize, who: usize) {
        let c = &self.creatures.list()[i];
        let (damage, kind, from) = (c.kind().damage, c.kind, c.body.position);
        if self.hurt_player(who, damage, Cause::Creature(kind)) {
            let body = self.players.body_mut(who);
            let away =
                DVec2::new(body.position.x - from.x, body.position.z - from.z).normalize_or_zero();
            body.velocity += DVec3::new(
                away.x * PLAYER_KNOCKBACK.0,
                PLAYER_KNOCKBACK.1,
                away.y * PLAYER_KNOCKBACK.0,
            );
            body.on_ground = false;
        }
    }

    /// Finds paths for the creatures waiting for one, first first, within the tick's
    /// budget of nodes; the rest wait their turn.
    fn find_paths(&mut self) {
        let mut budget = TICK_BUDGET;
        while budget > 0 {
            let Some(id) = self.creatures.waiting_mut().pop_front() else {
                break;
            };
            let Some(i) = self.creatures.index_of(id) else {
                continue;
            };
            let c = &self.creatures.list()[i];
            let Some(target) = c.mind.target.as_deref() else {
                continue;
            };
            let Some(prey) = self
                .players
                .list()
                .iter()
                .find(|m| m.name.as_str() == target)
            else {
                continue;
            };
            let start = BlockPos::containing(c.body.position + DVec3::Y * 0.01);
            let goal = BlockPos::containing(prey.body.position + DVec3::Y * 0.01);
            let limit = SEARCH_LIMIT.min(budget);
            let found = find(&self.world, start, goal, height_cells(c.kind()), limit);
            budget = budget.saturating_sub(found.opened.max(1));
            let c = &mut self.creatures.list_mut()[i];
            c.mind.path = found.cells;
            c.mind.path_to = Some(goal);
        }
    }

    /// Moves the arrows: those that strike a player or a creature hurt it and are gone,
    /// those that hit a block stick, and those a minute old are gone.
    fn fly_arrows(&mut self, seed: u64) {
        let mut arrows = std::mem::take(self.creatures.arrows_mut());
        // Players first, then the creatures in their order: a hit's index says which. A
        // wound moves no box, so they are gathered once for every arrow.
        let players = self.players.len();
        let mut bodies: Vec<Aabb> = self.players.bounds();
        bodies.extend(self.creatures.list().iter().map(Creature::bounds));
        let mut kept = Vec::with_capacity(arrows.len());
        for (n, mut a) in arrows.drain(..).enumerate() {
            if !a.stuck {
                let chord = Aabb::new(a.position, a.position).swept(a.velocity * TICK_SECONDS);
                self.world.load_region(chord.inflated(1.0));
            }
            let shooter = self.creatures.index_of(a.shooter).map(|i| players + i);
            let hit = a.fly(&self.world, &bodies, shooter);
            let mut dice = Dice::new(seed, Purpose::Arrow, n as u64, self.time);
            #[expect(clippy::cast_possible_truncation, reason = "2 to 4")]
            let damage = dice.between(2, 4) as u8;
            match hit {
                Hit::Body(b) if b < players => {
                    self.hurt_player(b, damage, Cause::Arrow);
                }
                Hit::Body(b) => {
                    let i = b - players;
                    let from = a.position - a.velocity;
                    if self.creatures.list()[i].cooldown == 0 {
                        Self::wound(&mut self.creatures.list_mut()[i], damage, from);
                        self.note_creature(EventKind::Strike, i);
                    }
                }
                Hit::Nothing | Hit::Block if a.age < arrow::LIFETIME => kept.push(a),
                Hit::Nothing | Hit::Block => {}
            }
        }
        *self.creatures.arrows_mut() = kept;
    }

    /// Now and then a creature near a player calls out.
    fn call_out(&mut self, seed: u64) {
        for i in 0..self.creatures.list().len() {
            let c = &self.creatures.list()[i];
            if c.idle > 0 {
                continue;
            }
            let mut dice = Dice::new(seed, Purpose::Call, u64::from(c.id), self.time);
            if dice.below(480) == 0 {
                self.note_creature(EventKind::Call, i);
            }
        }
    }

    /// Takes away the creatures whose health ran out; in survival they drop what their
    /// kind drops.
    fn bury_dead(&mut self, seed: u64) {
        let dead: Vec<usize> = (0..self.creatures.list().len())
            .filter(|&i| self.creatures.list()[i].health == 0)
            .collect();
        if dead.is_empty() {
            return;
        }
        let surviving = self.survival.mode == Mode::Survival;
        for &i in &dead {
            self.note_creature(EventKind::Slain, i);
            let c = self.creatures.list()[i].clone();
            if !surviving {
                continue;
            }
            let kind = c.kind();
            let mut dice = Dice::new(seed, Purpose::Drops, u64::from(c.id), self.time);
            let mut spoils: Vec<Stack> = kind
                .drops
                .iter()
                .map(|d| {
                    #[expect(clippy::cast_possible_truncation, reason = "at most 64")]
                    let count = dice.between(u64::from(d.min), u64::from(d.max)) as u8;
                    Stack::new(d.item, count)
                })
                .collect();
            if let Some(wool) = kind
                .variants
                .get(usize::from(c.variant))
                .and_then(|v| v.drop)
            {
                spoils.push(Stack::new(wool, 1));
            }
            let at = c.body.position + DVec3::Y * 0.5;
            for stack in spoils {
                self.add_drop(stack, at, DVec3::new(0.0, 3.0, 0.0));
            }
        }
        self.creatures.retain(|c| c.health > 0);
    }
}
