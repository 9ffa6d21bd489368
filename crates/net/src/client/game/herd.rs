//! The creatures and arrows a client draws: each creature's last second of snapshots, shown
//! a little in the past as the other players are ([`crate::trail`]), and the arrows of the
//! last snapshot. The client never predicts a creature; it draws where the server had it.

use std::collections::BTreeMap;

use glam::DVec3;

use crate::protocol::{SeenCreature, Snapshot};
use crate::trail::{Shown, Trail};
use hewn_core::aabb::Aabb;
use hewn_core::physics::Body;
use hewn_core::raycast::ray_box_entry;
use hewn_core::sim::creature::kinds;

/// A creature in view.
#[derive(Clone, Debug)]
struct Watched {
    /// What the last snapshot said of it.
    last: SeenCreature,
    /// Where it was, and its stride.
    trail: Trail,
}

/// A creature as a frame draws it.
#[derive(Clone, Copy, Debug)]
pub struct ShownCreature {
    /// Its id.
    pub id: u32,
    /// Its kind, by its place among the kinds in use.
    pub kind: u16,
    /// Its variant.
    pub variant: u8,
    /// Where it is, its heading ([`Body::yaw`] holds where its head turns), and its stride.
    pub shown: Shown,
    /// Whether it was hurt a moment ago.
    pub hurt: bool,
    /// Whether it grazes.
    pub grazing: bool,
}

/// Every creature and arrow in view.
#[derive(Clone, Debug, Default)]
pub(super) struct Herd {
    creatures: BTreeMap<u32, Watched>,
    /// Each arrow's tip and the unit vector it points along.
    arrows: Vec<(DVec3, DVec3)>,
}

impl Herd {
    /// Takes what `snapshot` says of the creatures and arrows.
    pub(super) fn take(&mut self, snapshot: &Snapshot) {
        let origin = DVec3::from_array(snapshot.origin);
        self.arrows = snapshot
            .arrows
            .iter()
            .map(|a| (a.tip(origin), a.direction()))
            .collect();
        let Some(seen) = &snapshot.creatures else {
            return;
        };
        self.creatures
            .retain(|id, _| seen.binary_search_by_key(id, |c| c.id).is_ok());
        for c in seen {
            let mut body = Body::new(c.position(origin));
            body.yaw = c.look();
            body.on_ground = c.on_ground();
            let watched = self.creatures.entry(c.id).or_insert_with(|| Watched {
                last: *c,
                trail: Trail::default(),
            });
            watched.last = *c;
            watched.trail.push(snapshot.tick, body);
        }
    }

    /// The creatures as the snapshots had them at server tick `tick`, by id.
    pub(super) fn at(&self, tick: f64) -> Vec<ShownCreature> {
        self.creatures
            .iter()
            .filter_map(|(&id, w)| {
                let shown = w.trail.at(tick)?;
                Some(ShownCreature {
                    id,
                    kind: w.last.kind,
                    variant: w.last.variant,
                    shown,
                    hurt: w.last.hurt(),
                    grazing: w.last.grazing(),
                })
            })
            .collect()
    }

    /// How far along the ray from `eye` along the unit `dir` it enters the box of the
    /// nearest creature as drawn at server tick `tick`, within `reach`.
    pub(super) fn on_ray(&self, tick: f64, eye: DVec3, dir: DVec3, reach: f64) -> Option<f64> {
        let all = kinds();
        self.at(tick)
            .into_iter()
            .filter_map(|c| {
                let kind = all.get(usize::from(c.kind))?;
                let p = c.shown.body.position;
                let size = DVec3::new(kind.width, kind.height, kind.width);
                ray_box_entry(eye, dir, Aabb::from_bottom_centre(p, size)).map(|(t, _)| t)
            })
            .filter(|&t| t <= reach)
            .reduce(f64::min)
    }

    /// The arrows of the last snapshot: each one's tip and the way it points.
    pub(super) fn arrows(&self) -> &[(DVec3, DVec3)] {
        &self.arrows
    }
}
