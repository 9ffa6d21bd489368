//! Setting many blocks at once ([`World::set_blocks`], [`World::set_blocks_in_turn`]) and
//! bringing light up to date after them, column by column.
//!
//! Light is a function of the blocks alone (see [`light`](super::light)), so how it is
//! brought up to date changes only the cost. A column changed in a few cells is updated in
//! place, by the two-queue flood that touches only what changes. A column changed in many
//! cells is lit again from scratch instead, as if it were unloaded and loaded again: it
//! leaves light ([`World::unlit`]) before its blocks change, taking with it the light it
//! gave its neighbours, and comes back lit from its own blocks and merged with them once
//! every change is made. A sheet of water laid over the top of an empty world darkens every
//! cell beneath it, and the flood took that light away cell by cell, in every column, and
//! again in each column's neighbours as their turn came: 30 s for a 1024 × 1024 sheet. Lit
//! from scratch, a column under such a sheet costs the few cells at its top; the dark below
//! is one value per chunk.
//!
//! Every step starts from light that is right for the columns it sees (unlit columns count
//! as not loaded), so the light at the end is right whatever mix of the two was used.

use std::collections::BTreeMap;

use super::journal::Redraw;
use super::light;
use super::{
    Block, BlockPos, CHUNK_SIZE, Column, ColumnLight, ColumnPos, MAX_EDITS, World, support,
};

/// How many cells of one column a batch must set for the column to be lit again from
/// scratch rather than updated in place: a layer of the column. Lighting a column of terrain
/// from scratch costs about a millisecond, what the flood costs for some hundred cells that
/// each change the light of the column beneath them; and past a layer, a batch touching the
/// 1024 columns a scenario may load would cost the flood seconds.
pub(super) const RELIGHT_CELLS: usize = (CHUNK_SIZE * CHUNK_SIZE) as usize;

/// Which columns a batch lights again from scratch.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Relight {
    /// Those it sets in at least [`RELIGHT_CELLS`] cells.
    Crowded,
    /// Every one it touches.
    All,
}

impl World {
    /// Sets `cells` (each inside the world's height and border, or left alone) column by
    /// column, in column order and, within a column, in the order given; then drops what the
    /// changed blocks held. Light is brought up to date in the columns updated in place; the
    /// others are left in [`World::unlit`] for [`World::relight_unlit`]. Returns how many
    /// cells changed.
    pub(super) fn apply(&mut self, cells: Vec<(BlockPos, Block)>, relight: Relight) -> usize {
        let mut by_column: BTreeMap<ColumnPos, Vec<(BlockPos, Block)>> = BTreeMap::new();
        for (pos, block) in cells {
            if pos.in_world_height() && pos.inside_border() {
                by_column
                    .entry(pos.column())
                    .or_default()
                    .push((pos, block));
            }
        }
        // Columns leave light before any block changes, so that every update in place
        // below starts from light that is right for the columns it sees.
        for (&column, cells) in &by_column {
            if relight == Relight::All || cells.len() >= RELIGHT_CELLS {
                self.leave_light(column);
            }
        }
        let mut count = 0;
        let mut removed = Vec::new();
        for (column, cells) in by_column {
            self.load_column(column);
            let mut changed = Vec::with_capacity(cells.len());
            for (pos, block) in cells {
                if let Some(before) = self.replace(pos, block) {
                    changed.push(pos);
                    self.journal.redraw(Redraw::Edit, pos.chunks_seeing());
                    if (before.holds_torches() && !block.holds_torches())
                        || (before.holds_plants() && !block.holds_plants())
                        || before.is_soil()
                        || before.is_door()
                    {
                        removed.push(pos);
                    }
                }
            }
            count += changed.len();
            if !changed.is_empty() && !self.unlit.contains(&column) {
                self.in_window(column, Redraw::Edit, |window| window.update(&changed));
            }
        }
        let dropped = support::held_by(self, &removed);
        if !dropped.is_empty() {
            let dropped = dropped.into_iter().map(|p| (p, Block::AIR)).collect();
            count += self.apply(dropped, relight);
        }
        count
    }

    /// Puts the column at `pos` among the [`World::unlit`]: a loaded one gives back the
    /// light it gave its neighbours and goes dark; one not loaded is generated, with its
    /// edits, and not lit.
    fn leave_light(&mut self, pos: ColumnPos) {
        if self.unlit.contains(&pos) {
            return;
        }
        if self.columns.contains_key(&pos) {
            #[expect(
                clippy::redundant_closure_for_method_calls,
                reason = "a closure lets the window borrow for any lifetime; the method path cannot"
            )]
            self.in_window(pos, Redraw::Edit, |window| window.detach_centre());
            // The window gave the departed column's light back as dark.
            debug_assert!(
                self.columns[&pos]
                    .light
                    .iter()
                    .all(|l| l.uniform() == Some(light::Light::DARK))
            );
        } else {
            let mut chunks = self.source.generate_column(pos);
            self.apply_edits(pos, &mut chunks);
            let light = ColumnLight::default();
            self.columns.insert(pos, Column { chunks, light });
        }
        self.unlit.insert(pos);
    }

    /// Lights every column in [`World::unlit`] again, in order, from its own blocks, and
    /// lets light flow between it and its neighbours. Every chunk that sees a cell of it is
    /// to be drawn again: light that went with the column is not seen going.
    pub(super) fn relight_unlit(&mut self) {
        while let Some(pos) = self.unlit.pop_first() {
            let Some(column) = self.columns.get_mut(&pos) else {
                continue;
            };
            column.light = light::light_column(&column.chunks);
            #[expect(
                clippy::redundant_closure_for_method_calls,
                reason = "a closure lets the window borrow for any lifetime; the method path cannot"
            )]
            self.in_window(pos, Redraw::Edit, |window| window.merge_centre());
            let around = pos.around(1).flat_map(ColumnPos::chunks);
            self.journal.redraw(Redraw::Edit, around);
        }
    }

    /// Puts `block` at `pos` in its loaded chunk and records the edit, without touching
    /// light. Returns the block that was there, if it changed.
    fn replace(&mut self, pos: BlockPos, block: Block) -> Option<Block> {
        let column = self.columns.get_mut(&pos.column())?;
        let chunk = &mut column.chunks[pos.y as usize / CHUNK_SIZE as usize];
        let before = chunk.get(pos.local());
        let earlier = self.edits.get(pos).map(|e| e.generated);
        if before == block || (earlier.is_none() && self.edits.len() >= MAX_EDITS) {
            return None;
        }
        chunk.set(pos.local(), block);
        self.journal.block_changed(pos, before);
        self.edits.record(pos, earlier.unwrap_or(before), block);
        Some(before)
    }
}
