//! Chunk streaming: which chunks to generate, mesh, show and drop as the player moves.
//!
//! Generation and meshing run on [`Workers`]; the main thread only decides what comes next,
//! inserts finished chunks into the world, and takes a copy of a chunk and its border for
//! each meshing job. It never waits for a worker. Work is ordered nearest first, biased
//! towards where the player looks and moves, and only a few jobs are in flight at a time so
//! that the order keeps up with the player.
//!
//! Columns load within `render distance + 2` (every neighbour of a chunk within the render
//! distance lies within that circle), generated and lit by themselves on a worker, then
//! merged into the world's light on the main thread. Chunks are meshed within the render
//! distance once the columns around theirs are in (their faces, corner shading and light
//! read one cell into each neighbour, and light there is final once everything within 15
//! blocks is loaded); columns are dropped beyond `render distance + 3`, which leaves a band
//! where walking back and forth does not reload anything.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::Arc;

use glam::DVec3;

use super::workers::{Done, Job, Workers};
use crate::mesh::{ChunkMesh, Neighbourhood};
use crate::world::coords::WORLD_HEIGHT_CHUNKS;
use crate::world::{BlockPos, CHUNK_SIZE, ChunkPos, ColumnPos, World};
use crate::worldgen::Generator;

/// Jobs in flight per worker: enough to keep them busy through a slow frame (a software
/// renderer may take 100 ms or more), few enough to re-prioritise as the player moves.
const IN_FLIGHT_PER_WORKER: usize = 48;
/// Meshing snapshots taken per frame at most (each costs the main thread some 50 µs).
const SNAPSHOTS_PER_FRAME: usize = 32;

/// Counts for the debug overlay and the loading log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamStats {
    /// Chunks in the world's memory.
    pub loaded: usize,
    /// Chunks being generated or meshed, or waiting for upload.
    pub queued: usize,
    /// Chunks within the render distance still waiting for a mesh.
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
    centre: Option<ChunkPos>,
    missing: usize,
}

fn horizontal_distance_sq(a: ChunkPos, b: ChunkPos) -> i32 {
    let (dx, dz) = (a.x - b.x, a.z - b.z);
    dx * dx + dz * dz
}

impl Streamer {
    /// Streams chunks within `render_distance` columns, generating with `generator`.
    #[must_use]
    pub fn new(generator: &Arc<Generator>, render_distance: u32) -> Self {
        Self {
            workers: Workers::new(Workers::default_count(), generator),
            render_distance: render_distance as i32,
            generating: HashSet::new(),
            meshing: HashSet::new(),
            versions: HashMap::new(),
            shown: HashMap::new(),
            ready: VecDeque::new(),
            dropped: Vec::new(),
            centre: None,
            missing: usize::MAX,
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

    /// One frame of streaming: takes finished work, drops far chunks, hands out new work.
    /// `heading` is where the player looks or moves (any length).
    pub fn update(&mut self, world: &mut World, feet: DVec3, heading: DVec3) {
        let mut changed = false;
        while let Some(done) = self.workers.try_done() {
            changed = true;
            match done {
                Done::Generated(pos, column) => {
                    self.generating.remove(&pos);
                    let (chunks, light) = *column;
                    world.insert_column(pos, chunks, Some(light));
                }
                Done::Meshed { pos, version, mesh } => {
                    self.meshing.remove(&pos);
                    if self.versions.get(&pos).copied().unwrap_or(0) == version {
                        self.shown.insert(pos, version);
                        self.ready.push_back((pos, mesh));
                    }
                }
            }
        }
        // Light that loading changed is meshed again in turn, not in this frame.
        self.outdate(world.take_redrawn_chunks());
        let centre = BlockPos::containing(feet).chunk();
        if self.centre != Some(centre) {
            self.centre = Some(centre);
            self.drop_far(world, centre);
            changed = true;
        }
        // With the view complete and nothing new, there is nothing to decide.
        if changed || self.missing > 0 {
            self.schedule(world, feet, heading);
        }
    }

    fn drop_far(&mut self, world: &mut World, centre: ChunkPos) {
        let keep = (self.render_distance + 3).pow(2);
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
        let show = (self.render_distance + 1).pow(2);
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

    /// Every chunk within `radius` columns, best first.
    fn wanted(&self, feet: DVec3, heading: DVec3, radius: i32) -> Vec<ChunkPos> {
        let centre = BlockPos::containing(feet).chunk();
        let size = f64::from(CHUNK_SIZE);
        let ahead = DVec3::new(heading.x, 0.0, heading.z).normalize_or_zero();
        let mut list: Vec<(f64, ChunkPos)> = Vec::new();
        for dz in -radius..=radius {
            for dx in -radius..=radius {
                if dx * dx + dz * dz > radius * radius {
                    continue;
                }
                for y in 0..WORLD_HEIGHT_CHUNKS {
                    let pos = ChunkPos::new(centre.x + dx, y, centre.z + dz);
                    let middle = pos.min_block().min_corner() + DVec3::splat(size / 2.0);
                    let to = (middle - feet) / size;
                    let flat = DVec3::new(to.x, 0.0, to.z);
                    // Vertical distance counts double: the layers at eye height matter most.
                    let distance = (flat.length_squared() + 4.0 * to.y * to.y).sqrt();
                    let bias = 1.5 * flat.normalize_or_zero().dot(ahead);
                    list.push((distance - bias, pos));
                }
            }
        }
        list.sort_by(|a, b| a.0.total_cmp(&b.0));
        list.into_iter().map(|(_, p)| p).collect()
    }

    fn neighbours_loaded(world: &World, pos: ChunkPos) -> bool {
        pos.column().around(1).all(|c| world.is_column_loaded(c))
    }

    fn schedule(&mut self, world: &World, feet: DVec3, heading: DVec3) {
        let cap = IN_FLIGHT_PER_WORKER * Workers::default_count();
        let radius = self.render_distance;
        let mut snapshots = 0;
        let mut missing = 0;
        for pos in self.wanted(feet, heading, radius + 2) {
            let in_view =
                horizontal_distance_sq(pos, BlockPos::containing(feet).chunk()) <= radius * radius;
            if !world.is_loaded(pos) {
                missing += usize::from(in_view);
                let column = pos.column();
                if !self.generating.contains(&column) && self.generating.len() < cap {
                    self.generating.insert(column);
                    self.workers.submit(Job::Generate(column));
                }
                continue;
            }
            let version = self.versions.get(&pos).copied().unwrap_or(0);
            if !in_view || self.shown.get(&pos) == Some(&version) {
                continue;
            }
            missing += 1;
            if self.meshing.contains(&pos)
                || self.meshing.len() >= cap
                || snapshots >= SNAPSHOTS_PER_FRAME
                || !Self::neighbours_loaded(world, pos)
            {
                continue;
            }
            let (Some(chunk), Some(light)) = (world.chunk(pos), world.chunk_light(pos)) else {
                continue;
            };
            let mut border = Box::new(Neighbourhood::new());
            border.fill_border(world, pos);
            self.meshing.insert(pos);
            self.workers.submit(Job::Mesh {
                pos,
                version,
                chunk: chunk.clone(),
                light: light.clone(),
                border,
            });
            snapshots += 1;
        }
        self.missing = missing;
    }

    /// Marks `chunks` as changed: a mesh made before is out of date, and the chunks are
    /// meshed again in turn.
    fn outdate(&mut self, chunks: BTreeSet<ChunkPos>) {
        for chunk in chunks {
            *self.versions.entry(chunk).or_insert(0) += 1;
        }
        self.missing = self.missing.max(1);
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
            mesh.build(&Neighbourhood::from_world(world, chunk));
            self.shown.insert(chunk, version);
            self.ready.retain(|(p, _)| *p != chunk);
            out.push((chunk, mesh));
        }
        out
    }

    /// Up to `limit` finished meshes to upload, nearest first as they were scheduled.
    pub fn take_ready(&mut self, limit: usize) -> Vec<(ChunkPos, ChunkMesh)> {
        let n = limit.min(self.ready.len());
        self.ready.drain(..n).collect()
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

    /// Whether the worker pool is running.
    #[must_use]
    pub fn has_workers(&self) -> bool {
        self.workers.is_running()
    }
}
