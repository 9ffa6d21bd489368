//! Which columns a client holds, and which it should be sent next: the columns within its
//! view distance, nearest first, a few each tick.

use std::collections::BTreeSet;

use hewn_core::world::{BlockPos, ColumnPos};

/// The columns a client holds the edits of.
#[derive(Debug, Default)]
pub struct HeldColumns {
    held: BTreeSet<ColumnPos>,
    /// The centre and radius for which every column in view is held, if it is: nothing to
    /// do until the player crosses into another column or the view distance changes.
    complete_at: Option<(ColumnPos, i32)>,
}

impl HeldColumns {
    /// Whether the client holds the column of `pos`.
    #[must_use]
    pub fn holds(&self, pos: BlockPos) -> bool {
        self.held.contains(&pos.column())
    }

    /// The view around `center` after this tick: the held columns to forget (beyond
    /// `radius` + 1) and up to `budget` columns to send, nearest first. Nothing to do, and
    /// no work done, while the view around the same centre is complete.
    pub fn update(
        &mut self,
        center: ColumnPos,
        radius: i32,
        budget: usize,
    ) -> (Vec<ColumnPos>, Vec<ColumnPos>) {
        if self.complete_at == Some((center, radius)) {
            return (Vec::new(), Vec::new());
        }
        let far = self.drop_far(center, radius);
        let near = self.next_columns(center, radius, budget);
        if near.len() < budget {
            self.complete_at = Some((center, radius));
        }
        (far, near)
    }

    /// Up to `budget` columns within `radius` columns of `center` that the client does not
    /// hold yet, nearest first (ties in a fixed order), now counted as held.
    pub fn next_columns(
        &mut self,
        center: ColumnPos,
        radius: i32,
        budget: usize,
    ) -> Vec<ColumnPos> {
        let mut missing: Vec<(i64, ColumnPos)> = Vec::new();
        for dz in -radius..=radius {
            for dx in -radius..=radius {
                let c = ColumnPos {
                    x: center.x.saturating_add(dx),
                    z: center.z.saturating_add(dz),
                };
                if !self.held.contains(&c) {
                    let d = i64::from(dx).pow(2) + i64::from(dz).pow(2);
                    missing.push((d, c));
                }
            }
        }
        missing.sort_unstable();
        let next: Vec<ColumnPos> = missing.into_iter().take(budget).map(|(_, c)| c).collect();
        self.held.extend(next.iter().copied());
        next
    }

    /// The held columns farther than `radius` + 1 from `center` (one column of slack, so a
    /// player walking along a border is not sent the same column again and again), now no
    /// longer held.
    pub fn drop_far(&mut self, center: ColumnPos, radius: i32) -> Vec<ColumnPos> {
        let far: Vec<ColumnPos> = self
            .held
            .iter()
            .copied()
            .filter(|c| {
                (c.x.abs_diff(center.x)).max(c.z.abs_diff(center.z)) > radius.unsigned_abs() + 1
            })
            .collect();
        for c in &far {
            self.held.remove(c);
        }
        if !far.is_empty() {
            self.complete_at = None;
        }
        far
    }

    /// How many columns the client holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.held.len()
    }

    /// Whether the client holds no column.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.held.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_come_nearest_first_and_far_ones_are_dropped() {
        let mut view = HeldColumns::default();
        let center = ColumnPos { x: 0, z: 0 };
        let first = view.next_columns(center, 2, 5);
        assert_eq!(first[0], center);
        assert!(first[1..].iter().all(|c| c.x.abs() + c.z.abs() == 1));
        let rest = view.next_columns(center, 2, 100);
        assert_eq!(view.len(), 25);
        assert_eq!(first.len() + rest.len(), 25);
        assert!(view.next_columns(center, 2, 100).is_empty());
        assert_eq!(view.update(center, 2, 8), (Vec::new(), Vec::new()));
        let moved = ColumnPos { x: 10, z: 0 };
        assert_eq!(view.drop_far(moved, 2).len(), 25);
        assert!(view.is_empty());
    }
}
