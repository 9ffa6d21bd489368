//! Chunk streaming: which chunks to generate, mesh, show and drop as the player moves.
//!
//! Generation and meshing run on [`Workers`], which pull from a queue ordered nearest first
//! and biased towards where the player looks and moves, re-ordered as the player moves (see
//! [`crate::jobs`]). The main thread only decides what is wanted, inserts finished columns
//! into the world, and takes a copy of a chunk and its border for each meshing job, within a
//! time budget per frame. It never waits for a worker, and workers never wait for a frame:
//! every column to generate is queued at once, and enough meshing jobs are kept queued to
//! last the workers through a slow frame.
//!
//! Columns load within the render distance plus [`LOAD_MARGIN`] (every neighbour of a chunk
//! in view lies within that circle), generated and lit by themselves on a worker, then merged
//! into the world's light on the main thread. Chunks are meshed within the render distance
//! once the columns around theirs are in (their faces, corner shading and light read one cell
//! into each neighbour, and light there is final once everything within 15 blocks is
//! loaded); columns are dropped beyond the render distance plus [`DROP_MARGIN`], which leaves
//! a band where walking back and forth does not reload anything.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::time::{Duration, Instant};

use glam::DVec3;

use crate::jobs::{Focus, Job};
use crate::real_blocks::RealBlocks;
use crate::tuning::{DROP_MARGIN, LOAD_MARGIN, MESHING_IN_FLIGHT, MIN_LOADING_BUDGET, SHOW_MARGIN};
use crate::workers::{Done, Workers};
use hewn_core::world::coarse::SectionPos;
use hewn_core::world::coords::WORLD_HEIGHT_CHUNKS;
use hewn_core::world::{Block, BlockPos, Chunk, ChunkPos, ChunkReader, ColumnPos, Loader, World};
use hewn_core::worldgen::SharedTerrain;
use hewn_mesh::{ChunkMesh, Leaves, Neighbourhood, Shading};

/// Counts for the debug overlay and the loading log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamStats {
    /// Chunks in the world's memory.
    pub loaded: usize,
    /// Chunks being generated or meshed, or waiting for upload.
    pub queued: usize,
    /// Chunks within the render distance waiting for their column or for a meshing job.
    pub missing: usize,
}

/// The streaming state.
#[derive(Debug)]
pub struct Streamer {
    workers: Workers,
    render_distance: i32,
    generating: HashSet<ColumnPos>,
    meshing: HashSet<ChunkPos>,
    /// Bumped whenever a chunk's blocks or a neighbour's border change.
    versions: HashMap<ChunkPos, u64>,
    /// The version each chunk's shown mesh was made from.
    shown: HashMap<ChunkPos, u64>,
    ready: VecDeque<(ChunkPos, ChunkMesh)>,
    dropped: Vec<ChunkPos>,
    /// The focus the workers' queue was last priced for.
    focus: Option<Focus>,
    /// Every chunk within the load radius of that focus, best first.
    wanted: Vec<ChunkPos>,
    missing: usize,
    /// Chunks within the render distance at the last look, for [`Streamer::progress`].
    in_view: usize,
    /// Whether something happened that may make new work: the wanted chunks are looked
    /// through again only then, not on every frame or finished job.
    rescan: bool,
    /// How leaves are meshed.
    leaves: Leaves,
    /// Where meshes' light and AO are worked out.
    shading: Shading,
    /// The far view's real-block levels, which every chunk meshed is taken into; `None`
    /// while the far view is off.
    far_blocks: Option<RealBlocks>,
    /// Copies of chunks made for the far view so far, which numbers each.
    far_copies: u64,
    /// Chunks meshed while the near view loads, to be taken into the far view's levels
    /// once it has: copying them would take the loading's time on the main thread.
    far_later: Vec<ChunkPos>,
    /// The far view's finished work, for it to take.
    far_done: Vec<Done>,
}

fn horizontal_distance_sq(a: ChunkPos, b: ChunkPos) -> i32 {
    let (dx, dz) = (a.x - b.x, a.z - b.z);
    dx * dx + dz * dz
}

impl Streamer {
    /// Streams chunks within `render_distance` columns, drawing them from `terrain` on a
    /// worker per core.
    #[must_use]
    pub fn new(terrain: &SharedTerrain, render_distance: u32) -> Self {
        Self::with_workers(terrain, render_distance, Workers::default_count())
    }

    /// Streams as [`Streamer::new`] does, with `workers` worker threads.
    #[must_use]
    pub fn with_workers(terrain: &SharedTerrain, render_distance: u32, workers: usize) -> Self {
        Self {
            workers: Workers::new(workers, terrain),
            render_distance: render_distance as i32,
            generating: HashSet::new(),
            meshing: HashSet::new(),
            versions: HashMap::new(),
            shown: HashMap::new(),
            ready: VecDeque::new(),
            dropped: Vec::new(),
            focus: None,
            wanted: Vec::new(),
            missing: usize::MAX,
            in_view: 0,
            rescan: true,
            leaves: Leaves::Fancy,
            shading: Shading::default(),
            far_blocks: None,
            far_copies: 0,
            far_later: Vec::new(),
            far_done: Vec::new(),
        }
    }

    /// Whether the columns around `feet` are in memory, so the player can be let go.
    #[must_use]
    pub fn ground_loaded(world: &World, feet: DVec3) -> bool {
        BlockPos::containing(feet)
            .column()
            .around(1)
            .all(|c| world.is_column_loaded(c))
    }

    /// One frame of streaming: takes finished work, drops far chunks, hands out new work,
    /// spending at most about `budget` on copying chunks for meshing jobs. `heading` is where
    /// the player looks or moves (any length). Never blocks.
    pub fn update(
        &mut self,
        world: &mut Loader<'_>,
        feet: DVec3,
        heading: DVec3,
        budget: Duration,
    ) {
        self.update_with(None, world, feet, heading, budget);
    }

    /// As [`Streamer::update`] with the least loading budget, but first waits up to `timeout`
    /// for a worker to finish something, for a caller with nothing else to do (a headless
    /// loader or a bench).
    pub fn update_waiting(
        &mut self,
        world: &mut Loader<'_>,
        feet: DVec3,
        heading: DVec3,
        timeout: Duration,
    ) {
        let first = self.workers.wait_done(timeout);
        self.update_with(first, world, feet, heading, MIN_LOADING_BUDGET);
    }

    fn update_with(
        &mut self,
        first: Option<Done>,
        world: &mut Loader<'_>,
        feet: DVec3,
        heading: DVec3,
        budget: Duration,
    ) {
        let results = first
            .into_iter()
            .chain(std::iter::from_fn(|| self.workers.try_done()));
        for done in results {
            match done {
                Done::Generated(pos, column) => {
                    self.generating.remove(&pos);
                    // The column may have loaded meanwhile (the player walked into it).
                    if !world.is_column_loaded(pos) {
                        let (chunks, light) = (column.chunks.clone(), column.light.clone());
                        world.insert_column(pos, chunks, Some(light));
                    }
                    // Chunks around it may now have all their neighbours.
                    self.rescan = true;
                }
                Done::Meshed { pos, version, mesh } => {
                    self.meshing.remove(&pos);
                    if self.versions.get(&pos).copied().unwrap_or(0) == version {
                        self.shown.insert(pos, version);
                        self.ready.push_back((pos, *mesh));
                    } else {
                        self.rescan = true;
                    }
                }
                Done::TakenIn(_) | Done::Coarse { .. } => self.far_done.push(done),
            }
        }
        // Light that loading changed is meshed again in turn, not in this frame.
        self.outdate(world.read_chunks(ChunkReader::Stream));
        let focus = Focus::new(feet, heading);
        if self.focus.is_none_or(|f| f.centre() != focus.centre()) {
            self.drop_far(world, focus.centre());
        }
        if self.focus.is_none_or(|f| focus.differs_from(&f)) {
            self.refocus(focus);
        }
        if std::mem::take(&mut self.rescan) {
            self.schedule(world, focus.centre(), budget);
        }
        // The far view is made after the near one: while chunks in view wait, no worker
        // takes a far section that the next near job would wait behind.
        let complete = self.view_complete();
        self.workers.hold_far(!complete);
        if complete {
            let started = Instant::now();
            while started.elapsed() < budget {
                let Some(pos) = self.far_later.pop() else {
                    break;
                };
                self.take_in(world, pos);
            }
        }
    }

    /// Re-prices the waiting jobs for `focus` and forgets those now out of range.
    fn refocus(&mut self, focus: Focus) {
        self.focus = Some(focus);
        self.rescan = true;
        self.wanted = Self::wanted(focus, self.render_distance + LOAD_MARGIN);
        let centre = focus.centre();
        let (load, view) = (
            (self.render_distance + LOAD_MARGIN).pow(2),
            self.render_distance.pow(2),
        );
        let dropped = self.workers.refocus(focus, |job| match job {
            Job::Generate(column) => horizontal_distance_sq(column.chunk(0), centre) <= load,
            Job::Mesh { pos, .. } => horizontal_distance_sq(*pos, centre) <= view,
            // The far view keeps its own work (see `Streamer::drop_far_jobs`).
            Job::TakeIn { .. } | Job::TakeInEdited { .. } | Job::Coarse { .. } => true,
        });
        for job in dropped {
            match job {
                Job::Generate(column) => self.generating.remove(&column),
                Job::Mesh { pos, .. } => self.meshing.remove(&pos),
                Job::TakeIn { .. } | Job::TakeInEdited { .. } | Job::Coarse { .. } => false,
            };
        }
    }

    fn drop_far(&mut self, world: &mut Loader<'_>, centre: ChunkPos) {
        let keep = (self.render_distance + DROP_MARGIN).pow(2);
        let far: Vec<ColumnPos> = world
            .loaded_columns()
            .filter(|&c| horizontal_distance_sq(c.chunk(0), centre) > keep)
            .collect();
        for column in far {
            world.unload_column(column);
            for pos in column.chunks() {
                self.versions.remove(&pos);
                if self.shown.remove(&pos).is_some() {
                    self.dropped.push(pos);
                }
            }
        }
        let show = (self.render_distance + SHOW_MARGIN).pow(2);
        let hidden: Vec<ChunkPos> = self
            .shown
            .keys()
            .copied()
            .filter(|&p| horizontal_distance_sq(p, centre) > show)
            .collect();
        for pos in hidden {
            self.shown.remove(&pos);
            self.dropped.push(pos);
        }
        self.ready
            .retain(|(p, _)| horizontal_distance_sq(*p, centre) <= show);
    }

    /// Every chunk within `radius` columns of `focus`, best first.
    fn wanted(focus: Focus, radius: i32) -> Vec<ChunkPos> {
        let centre = focus.centre();
        let mut list: Vec<(f64, ChunkPos)> = Vec::new();
        for dz in -radius..=radius {
            for dx in -radius..=radius {
                if dx * dx + dz * dz > radius * radius {
                    continue;
                }
                for y in 0..WORLD_HEIGHT_CHUNKS {
                    let pos = ChunkPos::new(centre.x + dx, y, centre.z + dz);
                    list.push((focus.cost(pos), pos));
                }
            }
        }
        list.sort_by(|a, b| a.0.total_cmp(&b.0));
        list.into_iter().map(|(_, p)| p).collect()
    }

    fn neighbours_loaded(world: &World, pos: ChunkPos) -> bool {
        pos.column().around(1).all(|c| world.is_column_loaded(c))
    }

    fn schedule(&mut self, world: &World, centre: ChunkPos, budget: Duration) {
        let started = Instant::now();
        let radius = self.render_distance;
        let mut missing = 0;
        let mut in_view_count = 0;
        let mut generate = Vec::new();
        // Taken out for the loop, which updates the rest of `self`; put back after it.
        let wanted = std::mem::take(&mut self.wanted);
        for &pos in &wanted {
            let in_view = horizontal_distance_sq(pos, centre) <= radius * radius;
            in_view_count += usize::from(in_view);
            if !world.is_loaded(pos) {
                missing += usize::from(in_view);
                if self.generating.insert(pos.column()) {
                    generate.push(Job::Generate(pos.column()));
                }
                continue;
            }
            let version = self.versions.get(&pos).copied().unwrap_or(0);
            if !in_view || self.shown.get(&pos) == Some(&version) {
                continue;
            }
            if world.chunk(pos).and_then(Chunk::uniform) == Some(Block::AIR) {
                // Only blocks have faces: an empty chunk's mesh is empty, whatever is around.
                self.shown.insert(pos, version);
                self.ready.push_back((pos, ChunkMesh::default()));
                self.take_in_later(pos);
                continue;
            }
            if self.meshing.contains(&pos) {
                continue;
            }
            if !Self::neighbours_loaded(world, pos) {
                // A column arriving calls for another look.
                missing += 1;
                continue;
            }
            if self.meshing.len() >= MESHING_IN_FLIGHT || started.elapsed() > budget {
                // Out of room or time: go on next frame.
                missing += 1;
                self.rescan = true;
                continue;
            }
            let (Some(chunk), Some(light)) = (world.chunk(pos), world.chunk_light(pos)) else {
                continue;
            };
            let mut border = Box::new(Neighbourhood::new());
            border.fill_border(world, pos);
            border.set_leaves(self.leaves);
            border.set_shading(self.shading);
            self.meshing.insert(pos);
            self.take_in_later(pos);
            self.workers.submit(Job::Mesh {
                pos,
                version,
                chunk: chunk.clone(),
                light: light.clone(),
                border,
            });
        }
        self.wanted = wanted;
        self.workers.submit_all(generate);
        self.missing = missing;
        self.in_view = in_view_count;
    }

    /// Queues a copy of the chunk at `pos` to be taken into the far view's levels, if the
    /// far view is on: every chunk meshed is, and again whenever it changes.
    fn take_in(&mut self, world: &World, pos: ChunkPos) {
        let (Some(blocks), Some(chunk)) = (&self.far_blocks, world.chunk(pos)) else {
            return;
        };
        self.far_copies += 1;
        self.workers.submit(Job::TakeIn {
            pos,
            copy: self.far_copies,
            chunk: chunk.clone(),
            blocks: blocks.clone(),
        });
    }

    /// Queues the columns `columns` to be generated with `world`'s edits in them and taken
    /// into the far view's levels ([`Job::TakeInEdited`]), if the far view is on.
    pub fn take_in_edited(&mut self, world: &World, columns: impl IntoIterator<Item = ColumnPos>) {
        let Some(blocks) = &self.far_blocks else {
            return;
        };
        let jobs: Vec<Job> = columns
            .into_iter()
            .map(|pos| {
                self.far_copies += 1;
                Job::TakeInEdited {
                    pos,
                    edits: world
                        .edits_in_column(pos)
                        .map(|(at, edit)| (at, edit.current))
                        .collect(),
                    copy: self.far_copies,
                    blocks: blocks.clone(),
                }
            })
            .collect();
        self.workers.submit_all(jobs);
    }

    /// Notes the chunk at `pos`, just meshed, to be taken into the far view's levels once
    /// the near view has loaded.
    fn take_in_later(&mut self, pos: ChunkPos) {
        if self.far_blocks.is_some() {
            self.far_later.push(pos);
        }
    }

    /// Takes every chunk shown now or meshed from now on into `blocks` (the far view's
    /// real-block levels), or none with `None`. The chunks shown are not meshed again for a
    /// far view made anew, and the coarse ring draws their blocks.
    pub fn set_far_blocks(&mut self, blocks: Option<RealBlocks>) {
        self.far_later.clear();
        if blocks.is_some() {
            let mut shown: Vec<ChunkPos> = self.shown.keys().copied().collect();
            // Taken from the back: the order the map keeps must not decide it.
            shown.sort_unstable_by(|a, b| b.cmp(a));
            self.far_later = shown;
        }
        self.far_blocks = blocks;
    }

    /// Queues far-view work, after all the near view's.
    pub fn submit_far(&self, jobs: Vec<Job>) {
        self.workers.submit_all(jobs);
    }

    /// Drops the waiting far-view jobs for sections `keep` refuses.
    pub fn drop_far_jobs(&self, keep: impl Fn(SectionPos) -> bool) {
        if let Some(focus) = self.focus {
            self.workers.refocus(focus, |job| match job {
                Job::Coarse { pos, .. } => keep(*pos),
                _ => true,
            });
        }
    }

    /// The far view's finished work since the last call.
    pub fn take_far_done(&mut self) -> Vec<Done> {
        std::mem::take(&mut self.far_done)
    }

    /// Marks `chunks` as changed: a mesh made before is out of date, and the chunks are
    /// meshed again in turn.
    fn outdate(&mut self, chunks: BTreeSet<ChunkPos>) {
        for chunk in chunks {
            *self.versions.entry(chunk).or_insert(0) += 1;
            self.rescan = true;
        }
    }

    /// Re-meshes, here and now, the shown chunks among `chunks`, which see a cell whose
    /// block or light an edit changed, so the edit shows in the frame it was made in.
    /// Returns the meshes to upload.
    pub fn remesh_now(
        &mut self,
        world: &World,
        chunks: BTreeSet<ChunkPos>,
    ) -> Vec<(ChunkPos, ChunkMesh)> {
        let mut out = Vec::new();
        for chunk in chunks {
            let version = self.versions.entry(chunk).or_insert(0);
            *version += 1;
            let version = *version;
            if !self.shown.contains_key(&chunk) || !world.is_loaded(chunk) {
                continue;
            }
            let mut mesh = ChunkMesh::default();
            let mut input = Neighbourhood::from_world(world, chunk);
            input.set_leaves(self.leaves);
            input.set_shading(self.shading);
            mesh.build(&input);
            self.shown.insert(chunk, version);
            self.ready.retain(|(p, _)| *p != chunk);
            out.push((chunk, mesh));
            self.take_in(world, chunk);
        }
        out
    }

    /// The next finished mesh to upload, nearest first as they were scheduled.
    pub fn next_ready(&mut self) -> Option<(ChunkPos, ChunkMesh)> {
        self.ready.pop_front()
    }

    /// How many chunks in view have a mesh handed out for drawing (an empty one for a chunk
    /// of air).
    #[must_use]
    pub fn shown_count(&self) -> usize {
        self.shown.len()
    }

    /// Chunks whose meshes should leave the GPU.
    pub fn take_dropped(&mut self) -> Vec<ChunkPos> {
        std::mem::take(&mut self.dropped)
    }

    /// Counts for the overlay.
    #[must_use]
    pub fn stats(&self, world: &World) -> StreamStats {
        StreamStats {
            loaded: world.loaded_chunks().count(),
            queued: self.generating.len() + self.meshing.len() + self.ready.len(),
            missing: self.missing,
        }
    }

    /// Whether everything within the render distance is meshed and uploaded.
    #[must_use]
    pub fn view_complete(&self) -> bool {
        self.missing == 0 && self.ready.is_empty() && self.meshing.is_empty()
    }

    /// How much of the view is drawn, from 0 to 1: the chunks within the render distance
    /// neither missing nor being meshed, over all of them.
    #[must_use]
    pub fn progress(&self) -> f32 {
        if self.in_view == 0 {
            return 0.0;
        }
        let waiting = self
            .missing
            .saturating_add(self.meshing.len() + self.ready.len());
        1.0 - waiting.min(self.in_view) as f32 / self.in_view as f32
    }

    /// Streams `render_distance` columns around the player from the next update on: the
    /// chunks beyond it are dropped, those newly within it loaded.
    pub fn set_render_distance(&mut self, render_distance: u32) {
        let render_distance = render_distance as i32;
        if render_distance != self.render_distance {
            self.render_distance = render_distance;
            // No focus: the next update drops, re-prices and looks through everything.
            self.focus = None;
            self.missing = usize::MAX;
        }
    }

    /// Meshes leaves as `leaves` says from now on: every chunk shown is out of date, and
    /// is meshed again in turn (its old mesh drawn meanwhile).
    pub fn set_leaves(&mut self, leaves: Leaves) {
        if leaves != self.leaves {
            self.leaves = leaves;
            let shown: BTreeSet<ChunkPos> = self.shown.keys().copied().collect();
            self.outdate(shown);
        }
    }

    /// Meshes with light and AO worked out as `shading` says from now on: every chunk shown
    /// is meshed again in turn.
    pub fn set_shading(&mut self, shading: Shading) {
        if shading != self.shading {
            self.shading = shading;
            let shown: BTreeSet<ChunkPos> = self.shown.keys().copied().collect();
            self.outdate(shown);
        }
    }

    /// Whether the worker pool is running.
    #[must_use]
    pub fn has_workers(&self) -> bool {
        self.workers.is_running()
    }
}
