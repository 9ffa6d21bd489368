//! The far view: coarse copies of the world drawn beyond the render distance, out to
//! thousands of blocks ([`hewn_core::world::coarse`], after Voxy's levels of detail).
//!
//! [`FarView`] keeps the sections the [`rings`] hold around the player: it has the workers
//! make and mesh each (after all the near view's work, nearest first), hands the meshes to
//! the frame to upload, and drops those the player has left behind. The near view's chunks
//! are taken into the real blocks' levels ([`RealBlocks`]) as they are meshed, and every
//! section a chunk changes is meshed again, so what the player builds stays in the far
//! view when they walk away. Each frame, [`FarView::plan`] says which sections to draw and
//! which near chunks they stand in for.

pub mod rings;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::time::Instant;

use glam::DVec3;

use crate::jobs::Job;
use crate::real_blocks::RealBlocks;
use crate::stream::Streamer;
use crate::workers::Done;
use hewn_core::world::coarse::SectionPos;
use hewn_core::world::{BlockPos, ChunkPos, ColumnPos, World};
use hewn_mesh::ChunkMesh;
use rings::{Plan, Rings, SectionColumn};

/// The real blocks' levels below this are forgotten beyond twice the far view's reach
/// ([`RealBlocks::forget_beyond`]); from this level up a section spans 256 blocks or more,
/// so those kept grow only slowly however far the player goes.
const FORGOTTEN_BELOW: u8 = 3;

/// A held section's state.
#[derive(Clone, Copy, Debug, Default)]
struct Held {
    /// Bumped whenever its cells may have changed since it was last meshed.
    version: u64,
    /// Whether a job for it is queued or running.
    queued: bool,
    /// The version of the mesh handed out to be drawn, if any.
    shown: Option<u64>,
}

/// What the far view draws this frame.
#[derive(Clone, Debug, Default)]
pub struct FarFrame {
    /// The sections to draw.
    pub sections: Vec<SectionPos>,
    /// Near chunk columns the sections stand in for.
    pub hidden: BTreeSet<ColumnPos>,
    /// How far the far view reaches, in blocks: 0 when it reaches no farther than the near
    /// view (off, or drawing the coarse ring alone), which leaves the fog and the far plane
    /// where the near view puts them.
    pub reach: f32,
}

/// The far view of one session.
#[derive(Debug)]
pub struct FarView {
    rings: Option<Rings>,
    blocks: RealBlocks,
    held: BTreeMap<SectionPos, Held>,
    /// The player's chunk when the held sections were last worked out.
    anchor: Option<ChunkPos>,
    ready: VecDeque<(SectionPos, ChunkMesh)>,
    dropped: Vec<SectionPos>,
    /// When the sections held now began to be made, until all were shown.
    loading_since: Option<Instant>,
    /// Edited columns the real blocks did not hold, queued to be generated with their edits
    /// and taken in; forgotten with the real blocks' fine levels.
    edited_queued: BTreeSet<ColumnPos>,
}

impl FarView {
    /// A far view reaching `far` blocks around a near view of `render_distance` chunks
    /// that draws every block within `exact` of them, each level drawing `detail` of its
    /// columns each way before the next (off when `far` is within the render distance and
    /// `exact` is all of it).
    #[must_use]
    pub fn new(render_distance: u32, far: u32, detail: u32, exact: u32) -> Self {
        let rings = Rings::new(render_distance, far, detail, exact);
        Self {
            blocks: RealBlocks::new(rings.map_or(1, |r| r.top())),
            rings,
            held: BTreeMap::new(),
            anchor: None,
            ready: VecDeque::new(),
            dropped: Vec::new(),
            loading_since: None,
            edited_queued: BTreeSet::new(),
        }
    }

    /// Whether it draws anything.
    #[must_use]
    pub const fn is_on(&self) -> bool {
        self.rings.is_some()
    }

    /// Whether it reaches past the render distance (rather than being off or drawing only
    /// the coarse ring within it).
    #[must_use]
    pub fn reaches_beyond(&self) -> bool {
        self.rings.is_some_and(|r| r.beyond())
    }

    /// Where the coarse outer ring begins, in chunks from the player's, if it is drawn.
    #[must_use]
    pub fn ring_from(&self) -> Option<u32> {
        self.rings.and_then(|r| r.ring_from())
    }

    /// Changes the reach, the render distance or the exact distance: every section is made
    /// again (unless only which columns are drawn exact changed: the sections are the same).
    pub fn reshape(
        &mut self,
        streamer: &mut Streamer,
        render_distance: u32,
        far: u32,
        detail: u32,
        exact: u32,
    ) {
        let rings = Rings::new(render_distance, far, detail, exact);
        if rings == self.rings {
            return;
        }
        if let (Some(old), Some(new)) = (self.rings, rings)
            && old.holds_as(&new)
        {
            self.rings = rings;
            return;
        }
        self.dropped.extend(self.held.keys().copied());
        *self = Self {
            dropped: std::mem::take(&mut self.dropped),
            ..Self::new(render_distance, far, detail, exact)
        };
        streamer.drop_far_jobs(|_| false);
        streamer.set_far_blocks(self.rings.map(|_| self.blocks.clone()));
    }

    /// Connects it to `streamer`, whose meshed chunks it then takes in.
    pub fn attach(&self, streamer: &mut Streamer) {
        streamer.set_far_blocks(self.rings.map(|_| self.blocks.clone()));
    }

    /// Takes the workers' finished far-view work from `streamer`, and for a player at
    /// `feet`, queues what is newly held and forgets what is no longer. `edits` is the world
    /// that knows every edit: the game's own server's, or the client's copy of a server
    /// elsewhere (which sends the edits of the columns in view only).
    pub fn update(&mut self, streamer: &mut Streamer, edits: &World, feet: DVec3, now: Instant) {
        let Some(rings) = self.rings else {
            return;
        };
        let mut jobs = Vec::new();
        for done in streamer.take_far_done() {
            match done {
                Done::Coarse { pos, version, mesh } => {
                    let Some(held) = self.held.get_mut(&pos) else {
                        continue;
                    };
                    held.queued = false;
                    if held.version == version {
                        self.ready.push_back((pos, *mesh));
                    } else {
                        held.queued = true;
                        jobs.push(coarse_job(&self.blocks, pos, held.version));
                    }
                }
                Done::TakenIn(changed) => {
                    for pos in changed {
                        let Some(held) = self.held.get_mut(&pos) else {
                            continue;
                        };
                        held.version += 1;
                        // A job waiting in the queue reads the blocks when it runs; one
                        // running now may not have, and is sent again when it ends.
                        if !held.queued {
                            held.queued = true;
                            jobs.push(coarse_job(&self.blocks, pos, held.version));
                        }
                    }
                }
                Done::Generated(..) | Done::Meshed { .. } => {}
            }
        }
        let chunk = BlockPos::containing(feet).chunk();
        if self.anchor != Some(chunk) {
            self.anchor = Some(chunk);
            self.rehold(&rings, feet, &mut jobs, streamer, now);
            self.take_in_edited(&rings, feet, streamer, edits);
        }
        streamer.submit_far(jobs);
    }

    /// Works out the sections held around `feet`: queues the new, drops the old.
    fn rehold(
        &mut self,
        rings: &Rings,
        feet: DVec3,
        jobs: &mut Vec<Job>,
        streamer: &Streamer,
        now: Instant,
    ) {
        let wanted: Vec<SectionPos> = rings
            .held(feet)
            .into_iter()
            .flat_map(SectionColumn::sections)
            .collect();
        let keep: BTreeSet<SectionPos> = wanted.iter().copied().collect();
        let gone: Vec<SectionPos> = self
            .held
            .keys()
            .filter(|p| !keep.contains(p))
            .copied()
            .collect();
        for pos in gone {
            if self.held.remove(&pos).is_some_and(|h| h.shown.is_some()) {
                self.dropped.push(pos);
            }
        }
        self.ready.retain(|(p, _)| keep.contains(p));
        streamer.drop_far_jobs(|p| keep.contains(&p));
        // The real blocks' fine levels where the far view no longer reaches.
        self.blocks
            .forget_beyond(BlockPos::containing(feet), 2 * rings.far(), FORGOTTEN_BELOW);
        for pos in wanted {
            if let std::collections::btree_map::Entry::Vacant(e) = self.held.entry(pos) {
                e.insert(Held {
                    queued: true,
                    ..Held::default()
                });
                jobs.push(coarse_job(&self.blocks, pos, 0));
                self.loading_since.get_or_insert(now);
            }
        }
    }

    /// Queues the edited columns within reach of `feet`, outside the near view, that the
    /// real blocks do not hold (a world just opened keeps its edits on disk; a place left
    /// far behind has had its fine levels forgotten; a far view just reshaped starts empty)
    /// to be generated with their edits and taken in, so that what the player built stands
    /// in the far view wherever they watch it from.
    fn take_in_edited(
        &mut self,
        rings: &Rings,
        feet: DVec3,
        streamer: &mut Streamer,
        edits: &World,
    ) {
        let centre = BlockPos::containing(feet);
        let reach = rings.far();
        // As the real blocks forget (see `rehold`).
        self.edited_queued
            .retain(|column| column.within(centre, 2 * reach));
        let wanted: Vec<ColumnPos> = edits
            .edited_columns_near(centre, reach)
            .into_iter()
            .filter(|&column| {
                // The near view meshes (and takes in) the columns it covers.
                !rings.near(column, feet)
                    && !self.blocks.holds_column(column)
                    && self.edited_queued.insert(column)
            })
            .collect();
        streamer.take_in_edited(edits, wanted);
    }

    /// The next finished mesh, nearest first, for the frame to upload.
    pub fn next_ready(&mut self, now: Instant) -> Option<(SectionPos, ChunkMesh)> {
        let (pos, mesh) = self.ready.pop_front()?;
        if let Some(held) = self.held.get_mut(&pos) {
            held.shown = Some(held.version);
        }
        if let Some(since) = self.loading_since
            && self.ready.is_empty()
            && self.held.values().all(|h| h.shown.is_some())
        {
            log::info!(
                "far view loaded after {} ms ({} sections)",
                (now - since).as_millis(),
                self.held.len()
            );
            self.loading_since = None;
        }
        Some((pos, mesh))
    }

    /// The real blocks' levels it draws from where the player has been.
    #[must_use]
    pub const fn real_blocks(&self) -> &RealBlocks {
        &self.blocks
    }

    /// Sections whose meshes should leave the GPU.
    pub fn take_dropped(&mut self) -> Vec<SectionPos> {
        std::mem::take(&mut self.dropped)
    }

    /// Whether every section held has been shown.
    #[must_use]
    pub fn complete(&self) -> bool {
        self.held.values().all(|h| h.shown.is_some())
    }

    /// Sections held, and of them those shown.
    #[must_use]
    pub fn counts(&self) -> (usize, usize) {
        let shown = self.held.values().filter(|h| h.shown.is_some()).count();
        (self.held.len(), shown)
    }

    /// What to draw for a player at `feet`, given which near chunks are on the GPU.
    #[must_use]
    pub fn frame(&self, feet: DVec3, near_ready: impl Fn(ChunkPos) -> bool) -> FarFrame {
        let Some(rings) = self.rings else {
            return FarFrame::default();
        };
        let ready = |column: SectionColumn| {
            column
                .sections()
                .all(|p| self.held.get(&p).is_some_and(|h| h.shown.is_some()))
        };
        let near = |column: ColumnPos| column.chunks().all(&near_ready);
        let Plan { drawn, hidden } = rings.plan(feet, ready, near);
        FarFrame {
            sections: drawn
                .into_iter()
                .flat_map(SectionColumn::sections)
                .collect(),
            hidden,
            reach: if rings.beyond() {
                rings.far() as f32
            } else {
                0.0
            },
        }
    }
}

/// The job that makes and meshes the section at `pos` for `version`.
fn coarse_job(blocks: &RealBlocks, pos: SectionPos, version: u64) -> Job {
    Job::Coarse {
        pos,
        version,
        blocks: blocks.clone(),
    }
}
