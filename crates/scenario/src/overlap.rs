//! Refusing crates that start inside each other or inside a block: physics would push them
//! apart with great force (and at great cost), which no scenario means to ask for.

use super::{ScenarioError, invalid};
use hewn_core::aabb::{Aabb, CONTACT_EPSILON};
use hewn_core::physics::crates::Crate;
use hewn_core::physics::intersects_world;
use hewn_core::world::Loader;

/// Refuses the first crate (in file order) that overlaps an earlier crate or a block of
/// `world`, loading the columns the crates stand in.
pub(super) fn check(crates: &[Crate], world: &mut Loader<'_>) -> Result<(), ScenarioError> {
    let boxes: Vec<Aabb> = crates.iter().map(Crate::bounds).collect();
    let first_pair = overlapping_pairs(&boxes).into_iter().min();
    for (i, b) in boxes.iter().enumerate() {
        if let Some((later, earlier)) = first_pair.filter(|&(later, _)| later == i) {
            return Err(invalid(
                format!("crate[{later}]"),
                format!("starts overlapping crate[{earlier}]"),
            ));
        }
        world.load_region(*b);
        if intersects_world(&**world, *b, CONTACT_EPSILON) {
            return Err(invalid(
                format!("crate[{i}]"),
                "starts overlapping a block".to_owned(),
            ));
        }
    }
    Ok(())
}

/// Every pair of boxes that overlap by more than [`CONTACT_EPSILON`], as (later, earlier)
/// indices, found by sort and sweep along x: the boxes sorted by their lower x (ties by
/// index, so the result never depends on anything but the boxes), each compared only with
/// those whose x span it still reaches.
pub fn overlapping_pairs(boxes: &[Aabb]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_by(|&a, &b| boxes[a].min.x.total_cmp(&boxes[b].min.x).then(a.cmp(&b)));
    let mut active: Vec<usize> = Vec::new();
    let mut pairs = Vec::new();
    for &i in &order {
        let b = boxes[i];
        active.retain(|&j| boxes[j].max.x - b.min.x > CONTACT_EPSILON);
        for &j in &active {
            if boxes[j].intersects(b) {
                pairs.push((i.max(j), i.min(j)));
            }
        }
        active.push(i);
    }
    pairs
}

#[cfg(test)]
mod tests {
    use glam::DVec3;

    use super::*;

    fn unit(x: f64, y: f64, z: f64) -> Aabb {
        Crate::new(DVec3::new(x, y, z), DVec3::ONE).bounds()
    }

    #[test]
    fn touching_boxes_do_not_overlap_and_sweeping_finds_what_all_pairs_find() {
        let touching = [
            unit(0.5, 64.0, 0.5),
            unit(1.5, 64.0, 0.5),
            unit(0.5, 65.0, 0.5),
        ];
        assert!(overlapping_pairs(&touching).is_empty());
        let boxes: Vec<Aabb> = (0..60)
            .map(|i| {
                let f = f64::from(i);
                unit((f * 0.37) % 5.0, (f * 0.71) % 3.0, (f * 0.13) % 2.0)
            })
            .collect();
        let mut swept = overlapping_pairs(&boxes);
        swept.sort_unstable();
        let mut all = Vec::new();
        for i in 0..boxes.len() {
            for j in 0..i {
                if boxes[i].intersects(boxes[j]) {
                    all.push((i, j));
                }
            }
        }
        assert_eq!(swept, all);
    }
}
