//! The app's tunable numbers in one place: how streaming is paced and how far it reaches,
//! and where the fog lies. What the player may change is in [`super::settings`]; the
//! simulation's own tuning is in [`crate::physics::tuning`].

use std::time::Duration;

/// Main-thread time per frame for uploading finished meshes: a burst of loading never
/// stalls a frame, and a slow frame still uploads as much as a fast one.
pub const UPLOAD_BUDGET: Duration = Duration::from_millis(6);

/// Main-thread time per frame for copying chunks for meshing jobs (some 50 µs each).
pub const SNAPSHOT_BUDGET: Duration = Duration::from_millis(4);

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

/// Where the fog begins, as a fraction of the render distance in blocks.
pub const FOG_START: f32 = 0.55;

/// Blocks short of the render distance where the fog hides everything, so the view's
/// ragged edge never shows.
pub const FOG_END_INSET: f32 = 4.0;
