//! The far view's rings: which coarse sections are kept around the player, and which of
//! them a frame draws.
//!
//! Level k of the far view is a square ring of section columns (32 · 2^k blocks a side),
//! each level reaching twice as far as the one inside it, as in a clipmap (Losasso and
//! Hoppe, "Geometry Clipmaps", 2004) or Voxy's levels. Every level keeps a box of
//! `2 · half + 1` columns of the level above around the player (`half` being that level's),
//! cut into its own columns; of those, the ones within its own `half` columns of the
//! player's are drawn finer, by the level below (or, at level 1, by the near chunks), and
//! the rest form the ring. The far view's detail is `half` at the levels where the near
//! view does not ask for more: a ring's cells, 2^k blocks, are then at least
//! `32 · half` cells away. The top level
//! keeps every column within the far view's distance. Because each level's box is made of
//! whole columns of the level above, a column is always either drawn itself or wholly by
//! its four children: the levels never overlap and leave no gap.
//!
//! A column is drawn by its children only when all of them are ready to draw (meshed and on
//! the GPU, or drawn finer in turn); until then it is drawn itself, and the near chunks
//! under it are hidden. So as the player walks and the rings move, the view never shows a
//! hole where a finer level is still being made, nor two levels on top of each other.
//!
//! The coarse outer ring: the near chunks draw every block only within the *exact
//! distance* ([`exact_distance`], 3/8 of the render distance); level 1 stands in for them
//! beyond it, out to the render distance, as Distant Horizons and Voxy draw the distance
//! from coarse levels. Land in plain sight far off is most of what a large render distance
//! draws, and a level-1 cell of 2 × 2 × 2 blocks, some 64 blocks away or more, covers a few
//! pixels. The chunks of the ring are still loaded, meshed and kept on the GPU: a level-1
//! column gives way to them as soon as the player comes within the exact distance, with
//! nothing left to wait for, and the seams between the two are the far view's own (see
//! [`hewn_mesh::mesh_coarse`]). With the far view off, the ring is level 1 alone,
//! reaching the render distance.

use std::collections::BTreeSet;

use glam::DVec3;

use crate::tuning::{COARSE_RING_FROM, COARSE_RING_MIN, SHOW_MARGIN};
use hewn_core::world::coarse::{MAX_LEVEL, SECTION_CELLS, SectionPos};
use hewn_core::world::coords::WORLD_HEIGHT;
use hewn_core::world::{BlockPos, CHUNK_SIZE, ColumnPos};

/// A column of sections of one level: the sections of the world's height at `(x, z)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SectionColumn {
    /// The level: each cell stands for 2^level blocks.
    pub level: u8,
    /// East (+x) coordinate, in sections of the level.
    pub x: i32,
    /// South (+z) coordinate, in sections of the level.
    pub z: i32,
}

impl SectionColumn {
    /// The column of `level` holding the block column `(x, z)`.
    #[must_use]
    pub const fn containing(level: u8, x: i32, z: i32) -> Self {
        let s = SectionPos::containing(level, BlockPos::new(x, 0, z));
        Self::new(level, s.x, s.z)
    }

    /// The column at `(x, z)` of `level`.
    #[must_use]
    pub const fn new(level: u8, x: i32, z: i32) -> Self {
        Self { level, x, z }
    }

    /// The column of the section at `pos`.
    #[must_use]
    pub const fn of(pos: SectionPos) -> Self {
        Self::new(pos.level, pos.x, pos.z)
    }

    /// Blocks along each side.
    #[must_use]
    pub const fn span(self) -> i32 {
        SECTION_CELLS << self.level
    }

    /// Its sections, from the bottom of the world up to the top.
    pub fn sections(self) -> impl Iterator<Item = SectionPos> {
        let count = (WORLD_HEIGHT + self.span() - 1) / self.span();
        (0..count).map(move |y| SectionPos::new(self.level, self.x, y, self.z))
    }

    /// The four columns of the level below that it is made of (level 2 and above).
    #[must_use]
    pub const fn children(self) -> [Self; 4] {
        let (l, x, z) = (self.level - 1, 2 * self.x, 2 * self.z);
        [
            Self::new(l, x, z),
            Self::new(l, x + 1, z),
            Self::new(l, x, z + 1),
            Self::new(l, x + 1, z + 1),
        ]
    }

    /// The chunk columns under it, x fastest.
    pub fn chunk_columns(self) -> impl Iterator<Item = ColumnPos> {
        let side = 1 << self.level;
        let (x0, z0) = (self.x * side, self.z * side);
        (0..side * side).map(move |i| ColumnPos::new(x0 + i % side, z0 + i / side))
    }

    /// The square of the horizontal distance from `feet` to its nearest point, in blocks.
    #[must_use]
    pub fn distance_sq(self, feet: DVec3) -> f64 {
        let span = f64::from(self.span());
        let gap = |c: i32, at: f64| {
            let min = f64::from(c) * span;
            (min - at).max(at - (min + span)).max(0.0)
        };
        let (dx, dz) = (gap(self.x, feet.x), gap(self.z, feet.z));
        dx * dx + dz * dz
    }
}

/// Chunks from the player's within which the near view draws every block, for a
/// `render_distance`: [`COARSE_RING_FROM`] of it (but at least [`COARSE_RING_MIN`]) with
/// the coarse outer ring, all of it without.
#[must_use]
pub fn exact_distance(render_distance: u32, coarse_ring: bool) -> u32 {
    if !coarse_ring {
        return render_distance;
    }
    let (part, whole) = COARSE_RING_FROM;
    (render_distance * part / whole)
        .max(COARSE_RING_MIN)
        .min(render_distance)
}

/// The shape of the far view for a render distance and a far distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rings {
    /// The near view's reach, in chunks: columns within it are the near chunks'.
    render_distance: i32,
    /// Chunks from the player's within which the near chunks draw every block: level-1
    /// columns wholly within it are theirs, the rest (the coarse outer ring) level 1's.
    exact: i32,
    /// The far view's reach, in blocks: the render distance's when only the coarse ring is
    /// drawn.
    far: i32,
    /// Columns each way from the player's own that each level (the index) leaves to the
    /// level below; from level 2 up.
    halves: [i32; MAX_LEVEL as usize + 2],
    /// The coarsest level.
    top: u8,
}

/// What a frame draws of the far view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Columns drawn from their own sections, finest first.
    pub drawn: Vec<SectionColumn>,
    /// Chunk columns of the near view that a coarse column stands in for: their chunks are
    /// not drawn.
    pub hidden: BTreeSet<ColumnPos>,
}

impl Rings {
    /// The rings for a near view of `render_distance` chunks, exact within `exact` of them
    /// (see [`exact_distance`]), and a far view reaching `far` blocks, each level drawing
    /// at least `detail` of its columns each way from the player's before the next takes
    /// over; `None` when the far view reaches no farther than the near one and the near
    /// view is exact all the way.
    #[must_use]
    pub fn new(render_distance: u32, far: u32, detail: u32, exact: u32) -> Option<Self> {
        let render_distance = render_distance.max(1) as i32;
        let exact = (exact as i32).clamp(0, render_distance);
        let far = far.min(1 << 20) as i32;
        if far <= render_distance * CHUNK_SIZE && exact == render_distance {
            return None;
        }
        let far = far.max(render_distance * CHUNK_SIZE);
        // Level 2's box must hold every level-1 column with a chunk column within the
        // render distance, so that the coarse ring is level 1 out to it: a chunk column
        // `render_distance` from the player's lies at most ⌈render_distance / 4⌉ level-2
        // columns from the player's, each way. Each level's box must hold the one inside
        // it, which is half as many of its columns across.
        let detail = (detail as i32).max(1);
        let mut halves = [0; MAX_LEVEL as usize + 2];
        halves[2] = detail.max((render_distance + 3) / 4);
        for k in 3..halves.len() {
            halves[k] = detail.max((halves[k - 1] + 1) / 2);
        }
        // The first level whose ring can reach the far distance: a ring reaches at least
        // `2 · half` of its columns from the player (half its next level's).
        let top = (1..=MAX_LEVEL)
            .find(|&k| 2 * halves[usize::from(k) + 1] * (SECTION_CELLS << k) >= far)
            .unwrap_or(MAX_LEVEL);
        Some(Self {
            render_distance,
            exact,
            far,
            halves,
            top,
        })
    }

    /// The coarsest level drawn.
    #[must_use]
    pub const fn top(&self) -> u8 {
        self.top
    }

    /// How far the far view reaches, in blocks.
    #[must_use]
    pub const fn far(&self) -> i32 {
        self.far
    }

    /// Where the coarse outer ring begins, in chunks from the player's; `None` where the
    /// near view is exact all the way.
    #[must_use]
    pub const fn ring_from(&self) -> Option<u32> {
        if self.exact < self.render_distance {
            Some(self.exact as u32)
        } else {
            None
        }
    }

    /// Whether `other` holds the same sections as these rings, differing at most in which
    /// level-1 columns are drawn exact.
    #[must_use]
    pub fn holds_as(&self, other: &Self) -> bool {
        Self {
            exact: other.exact,
            ..*self
        } == *other
    }

    /// Whether the far view reaches past the render distance, which moves the fog and the
    /// far plane out to [`Rings::far`]; otherwise it only draws the coarse outer ring.
    #[must_use]
    pub const fn beyond(&self) -> bool {
        self.far > self.render_distance * CHUNK_SIZE
    }

    /// Columns each way from the player's that `level` (2 and above) leaves to the one
    /// below.
    fn half(&self, level: u8) -> i32 {
        self.halves[usize::from(level).min(self.halves.len() - 1)]
    }

    /// The player's column at `level`.
    fn centre(level: u8, feet: DVec3) -> SectionColumn {
        let at = BlockPos::containing(feet);
        SectionColumn::containing(level, at.x, at.z)
    }

    /// Whether the near view's chunks cover the chunk column `column`: it lies within the
    /// render distance of the player's.
    #[must_use]
    pub fn near(&self, column: ColumnPos, feet: DVec3) -> bool {
        Self::within(column, feet, self.render_distance)
    }

    /// Whether the near view's chunks draw every block of the chunk column `column`: it
    /// lies within the exact distance of the player's.
    #[must_use]
    pub fn exact(&self, column: ColumnPos, feet: DVec3) -> bool {
        Self::within(column, feet, self.exact)
    }

    /// Whether the chunk column `column` lies within `distance` chunks of the player's.
    fn within(column: ColumnPos, feet: DVec3, distance: i32) -> bool {
        let centre = BlockPos::containing(feet).chunk();
        let (dx, dz) = (column.x - centre.x, column.z - centre.z);
        dx * dx + dz * dz <= distance * distance
    }

    /// Whether `column` is drawn finer where its finer copies are ready: at level 1, where
    /// the near view draws it whole and exact; above, within `half` columns of the
    /// player's.
    fn divides(&self, column: SectionColumn, feet: DVec3) -> bool {
        if column.level == 1 {
            return column.chunk_columns().all(|c| self.exact(c, feet));
        }
        let centre = Self::centre(column.level, feet);
        let half = self.half(column.level);
        (column.x - centre.x).abs() <= half && (column.z - centre.z).abs() <= half
    }

    /// Every column the far view keeps around `feet`, nearest first (then by level and
    /// place, so the order hangs on nothing else).
    #[must_use]
    pub fn held(&self, feet: DVec3) -> Vec<SectionColumn> {
        let mut list = Vec::new();
        for level in 1..=self.top {
            if level == self.top {
                let span = SECTION_CELLS << level;
                let reach = (self.far / span + 1).max(self.half(level));
                let centre = Self::centre(level, feet);
                let far_sq = f64::from(self.far).powi(2);
                for z in centre.z - reach..=centre.z + reach {
                    for x in centre.x - reach..=centre.x + reach {
                        let column = SectionColumn::new(level, x, z);
                        // The box the level below draws may reach past the far distance
                        // at its corners: its columns are held for the level below to fall
                        // back on.
                        if column.distance_sq(feet) <= far_sq || self.divides(column, feet) {
                            list.push(column);
                        }
                    }
                }
            } else {
                let above = Self::centre(level + 1, feet);
                let (h, l) = (self.half(level + 1), level);
                for z in 2 * (above.z - h)..=2 * (above.z + h) + 1 {
                    for x in 2 * (above.x - h)..=2 * (above.x + h) + 1 {
                        list.push(SectionColumn::new(l, x, z));
                    }
                }
            }
        }
        let mut keyed: Vec<(f64, SectionColumn)> =
            list.into_iter().map(|c| (c.distance_sq(feet), c)).collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        keyed.into_iter().map(|(_, c)| c).collect()
    }

    /// What to draw for a player at `feet`, given which columns are `ready` (every section
    /// meshed and on the GPU) and which chunk columns of the near view are
    /// (`near_ready`).
    #[must_use]
    pub fn plan(
        &self,
        feet: DVec3,
        ready: impl Fn(SectionColumn) -> bool,
        near_ready: impl Fn(ColumnPos) -> bool,
    ) -> Plan {
        let walk = Walk {
            rings: self,
            feet,
            ready: &ready,
            near_ready: &near_ready,
        };
        let mut plan = Plan::default();
        for column in self.held(feet) {
            if column.level == self.top {
                walk.visit(column, &mut plan);
            }
        }
        plan.drawn.sort();
        plan
    }
}

/// The walk down the levels that [`Rings::plan`] makes.
struct Walk<'a> {
    rings: &'a Rings,
    feet: DVec3,
    ready: &'a dyn Fn(SectionColumn) -> bool,
    near_ready: &'a dyn Fn(ColumnPos) -> bool,
}

impl Walk<'_> {
    /// Whether `column` is drawn finer: it divides and all of its children can be drawn.
    fn finer(&self, column: SectionColumn) -> bool {
        if !self.rings.divides(column, self.feet) {
            return false;
        }
        if column.level == 1 {
            return self.exact_ready(column);
        }
        column
            .children()
            .iter()
            .all(|&c| self.finer(c) || (self.ready)(c) || (c.level == 1 && self.exact_ready(c)))
    }

    /// Whether the near chunks can draw the level-1 `column` whole: they cover it and are
    /// on the GPU. A column of the coarse ring not yet made leaves them to draw it, rather
    /// than a coarser level standing in for it and its three siblings, chunks the player
    /// stands in among them.
    fn exact_ready(&self, column: SectionColumn) -> bool {
        column
            .chunk_columns()
            .all(|c| self.rings.near(c, self.feet) && (self.near_ready)(c))
    }

    fn visit(&self, column: SectionColumn, plan: &mut Plan) {
        if self.finer(column) {
            if column.level > 1 {
                for child in column.children() {
                    self.visit(child, plan);
                }
            }
            return;
        }
        if !(self.ready)(column) {
            return;
        }
        plan.drawn.push(column);
        // The near chunks it stands in for: those on the GPU lie within the render distance
        // and the margin where meshes are kept.
        let centre = BlockPos::containing(self.feet).chunk();
        let r = self.rings.render_distance + SHOW_MARGIN;
        let side = 1 << column.level;
        let (x0, z0) = (column.x * side, column.z * side);
        for z in z0.max(centre.z - r)..(z0 + side).min(centre.z + r + 1) {
            for x in x0.max(centre.x - r)..(x0 + side).min(centre.x + r + 1) {
                plan.hidden.insert(ColumnPos::new(x, z));
            }
        }
    }
}

#[cfg(test)]
mod tests;
