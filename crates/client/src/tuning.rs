//! The app's tunable numbers in one place: how streaming is paced and how far it reaches,
//! and where the fog lies. What the player may change is in [`super::settings`]; the
//! simulation's own tuning is in [`hewn_core::physics::tuning`].

use std::time::Duration;

/// The share of a frame's time the main thread may spend on loading work, each of copying
/// chunks for meshing jobs (some 50 µs each) and uploading finished meshes, as a divisor:
/// a fifth. In proportion to the frame, so a slow frame (a software renderer's 100 ms) does
/// not slow loading, and a burst of loading never stalls a frame for long.
pub const LOADING_SHARE: u32 = 5;

/// The least time a frame gives to each kind of loading work, however fast it is.
pub const MIN_LOADING_BUDGET: Duration = Duration::from_millis(4);

/// The most time a frame gives to each kind of loading work, so a frame after a stall (a
/// window drag, a breakpoint) does not spend the stall's length on loading.
pub const MAX_LOADING_BUDGET: Duration = Duration::from_millis(40);

/// The time each kind of loading work gets in a frame that follows one of `frame` length.
#[must_use]
pub fn loading_budget(frame: Duration) -> Duration {
    (frame / LOADING_SHARE).clamp(MIN_LOADING_BUDGET, MAX_LOADING_BUDGET)
}

/// How long the loading screen waits for the whole view once the ground under the player
/// is in: at a large render distance on a slow machine the far chunks keep arriving while
/// the player plays.
pub const LOADING_SCREEN_LIMIT: Duration = Duration::from_secs(10);

/// Meshing jobs queued or running at most. Each holds a copy of its chunk and border (about
/// 150 KiB), so this bounds memory, while being enough for two workers for some 50 ms at
/// about 200 µs a chunk: more than a slow frame of the software renderer.
pub const MESHING_IN_FLIGHT: usize = 512;

/// Columns are generated this many columns beyond the render distance: every neighbour of
/// a chunk in view must be in memory before the chunk is meshed (its faces, corner shading
/// and light read one cell into each), and one more ring lets light settle there.
pub const LOAD_MARGIN: i32 = 2;

/// Meshes stay on the GPU this many columns beyond the render distance, so turning on the
/// spot at the edge of the view does not drop and re-mesh a ring of chunks.
pub const SHOW_MARGIN: i32 = 1;

/// Columns are dropped from memory only this many columns beyond the render distance: a
/// band where walking back and forth does not reload anything.
pub const DROP_MARGIN: i32 = 3;

/// Columns each way from the player's that each level of the far view leaves to the level
/// below (at least; a large render distance asks for more): the far view's detail. A cell of
/// level k, 2^k blocks, is then at least 32 · this many cells away, some 9 pixels at most
/// in a 720-pixel-high view at 70°, while each level costs few enough quads for the
/// software renderer (see the README's far view section).
pub const FAR_DETAIL: u32 = 1;

/// Where the coarse outer ring begins, as a fraction of the render distance (see
/// [`crate::far::rings::exact_distance`]): 3/8, which at render distance 16 brings the
/// quads drawn at seed 7's spawn from 193,215 to some 50,000, where half would leave
/// 62,672 (the frame bench's render-scale table); a level-1 cell there, 192 blocks away,
/// is some 3 pixels high.
pub const COARSE_RING_FROM: (u32, u32) = (3, 8);

/// The nearest the coarse outer ring begins, in chunks (see
/// [`crate::far::rings::exact_distance`]): 64 blocks, where a level-1 cell of 2 blocks is
/// some 9 pixels high in a 720-pixel view at 70°, as far as the far view lets each level
/// come ([`FAR_DETAIL`]). At render distance 2 and below, the near view is exact all the
/// way.
pub const COARSE_RING_MIN: u32 = 2;

/// The render distance from which chunks are lit in the shader ([`Shading::Sampled`])
/// rather than at their vertices, unless `--light` says: where the quads that light in the
/// shader saves cost more than its per-pixel work on a software rasteriser (measured in
/// the README's "Light in the shader").
///
/// [`Shading::Sampled`]: hewn_mesh::Shading::Sampled
pub const SHADER_LIGHT_FROM: u32 = 12;

/// Where the far view's fog begins, as a fraction of its reach.
pub const FAR_FOG_START: f32 = 0.5;

/// Where the fog begins, as a fraction of the render distance in blocks.
pub const FOG_START: f32 = 0.55;

/// Blocks short of the render distance where the fog hides everything, so the view's
/// ragged edge never shows.
pub const FOG_END_INSET: f32 = 4.0;

/// Where the fog begins and where it hides everything for an eye under water, in blocks
/// all around: a sea floor a dozen blocks down shows dimly, the far shore not at all.
pub const UNDERWATER_FOG: (f32, f32) = (2.0, 40.0);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loading_gets_a_fifth_of_a_frame_within_its_bounds() {
        let ms = Duration::from_millis;
        assert_eq!(
            loading_budget(ms(100)),
            ms(20),
            "a software renderer's frame"
        );
        assert_eq!(loading_budget(ms(16)), MIN_LOADING_BUDGET, "a 60 fps frame");
        assert_eq!(
            loading_budget(ms(5000)),
            MAX_LOADING_BUDGET,
            "after a stall"
        );
    }
}
