//! Creatures shoulder each other apart: two whose boxes overlap each walk away from the
//! other, harder the deeper they overlap, as Minecraft's mobs push each other, so a flock
//! spreads out instead of standing inside itself. The push is added to what each wants to
//! walk, so the walker's swept collision still keeps every creature out of the blocks.

use glam::DVec2;

use super::Creature;

/// How fast a creature walks away from one it stands wholly inside, in blocks a second; as
/// fast as an animal walks, so a flock spreads in a second or two.
const PUSH: f64 = 1.5;

/// A direction across of length 1 for the pair of creatures `a` and `b` (ids), pointing from
/// `b` to `a`, for two that stand exactly on one spot: the pair's own, so that the two are
/// pushed opposite ways, and different pairs different ways.
fn apart(a: u32, b: u32) -> DVec2 {
    let (low, high) = (a.min(b), a.max(b));
    // The golden angle spreads successive pairs around the circle.
    let angle = (f64::from(low) * 7919.0 + f64::from(high)) * 2.399_963_229_728_653;
    let from_low = DVec2::from_angle(angle);
    if a == low { from_low } else { -from_low }
}

/// Where a creature stands, as the crowd reckons it: its id, the centre of its feet across,
/// half its width, and the heights of its box's bottom and top.
struct Footprint {
    id: u32,
    centre: DVec2,
    half: f64,
    bottom: f64,
    top: f64,
}

impl Footprint {
    /// Its box's least x.
    fn west(&self) -> f64 {
        self.centre.x - self.half
    }
}

/// The push each of `creatures` gets from the others whose boxes overlap its own, in
/// blocks a second across. Worked out from where all stand before any moves, so the order
/// they then move in changes nothing. The pairs that overlap are found by sweep and prune:
/// sorted by their west sides, each box is held against those whose west side lies before
/// its east side, which a crowd of a few hundred finds in a few microseconds.
#[must_use]
pub fn pushes(creatures: &[Creature]) -> Vec<DVec2> {
    let prints: Vec<Footprint> = creatures
        .iter()
        .map(|c| {
            let kind = c.kind();
            let p = c.body.position;
            Footprint {
                id: c.id,
                centre: DVec2::new(p.x, p.z),
                half: kind.width / 2.0,
                bottom: p.y,
                top: p.y + kind.height,
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..prints.len()).collect();
    order.sort_by(|&a, &b| {
        prints[a]
            .west()
            .total_cmp(&prints[b].west())
            .then(a.cmp(&b))
    });
    let mut pushes = vec![DVec2::ZERO; prints.len()];
    for (k, &a) in order.iter().enumerate() {
        let pa = &prints[a];
        for &b in &order[k + 1..] {
            let pb = &prints[b];
            if pb.west() >= pa.centre.x + pa.half {
                break;
            }
            let across = pa.centre - pb.centre;
            let touching = pa.half + pb.half;
            let overlaps = across.y.abs() < touching && pa.bottom < pb.top && pb.bottom < pa.top;
            if !overlaps {
                continue;
            }
            let depth = (1.0 - across.length() / touching).clamp(0.0, 1.0);
            let away = across
                .try_normalize()
                .unwrap_or_else(|| apart(pa.id, pb.id));
            let push = away * depth * PUSH;
            pushes[a] += push;
            pushes[b] -= push;
        }
    }
    pushes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_on_one_spot_are_pushed_opposite_ways_and_each_pair_its_own_way() {
        assert!((apart(3, 9) + apart(9, 3)).length() < 1e-12);
        assert!((apart(3, 9).length() - 1.0).abs() < 1e-12);
        assert!((apart(3, 9) - apart(3, 10)).length() > 0.1);
    }
}
