use super::*;
use crate::worldgen::SplitMix64;

#[test]
fn crown_odds_agree_with_the_exact_chance_wherever_they_decide() {
    let mut rng = SplitMix64::new(5);
    let mut decided = 0;
    let draws = 200_000;
    for _ in 0..draws {
        // Expected trees from a millionth to a thousand, as the biomes and levels give.
        let trees = 10f64.powf(unit(rng.next_u64()) * 9.0 - 6.0);
        let forest = unit(rng.next_u64());
        let density = DENSITY_RANGE.0 + (DENSITY_RANGE.1 - DENSITY_RANGE.0) * forest;
        let chance = 1.0 - libm::exp(-trees * density);
        // Rolls anywhere, and rolls a hair either side of the chance itself and of both
        // bounds, where a bound that rounded the wrong way would show.
        let near = |v: f64| [v, v - 1e-12, v + 1e-12].map(|r| r.clamp(0.0, 1.0 - f64::EPSILON));
        let thinnest = trees * DENSITY_RANGE.0;
        let roll = unit(rng.next_u64());
        decided += usize::from(crown_odds(trees, roll).is_some());
        let rolls = [roll]
            .into_iter()
            .chain(near(chance))
            .chain(near(trees))
            .chain(near(
                1.0 - 1.0 / (1.0 + thinnest + thinnest * thinnest / 2.0),
            ));
        for roll in rolls {
            if let Some(shows) = crown_odds(trees, roll) {
                assert_eq!(
                    shows,
                    roll < chance,
                    "trees {trees}, density {density}, roll {roll}"
                );
            }
        }
    }
    // The point is to decide most rolls without the noise.
    assert!(decided > draws * 3 / 4, "{decided} of {draws}");
}
