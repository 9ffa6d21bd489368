//! Light across the centre column's four sides: flowing in and out when the column joins the
//! world, and taken back when it leaves.

use super::Window;
use super::cells::{CENTRE, CHUNK_SHIFT, LAST, LEVEL_SHIFT, N, SIDE, Y_STEP, Z_STEP};
use crate::world::Face;
use crate::world::coords::COLUMN_CHUNKS;
use crate::world::light::{Channel, ChunkLight};

impl Window<'_> {
    /// The chunk numbers of the centre column's chunk at `height` and of the one beside it
    /// across `face`, and the chunk-local cells facing each other across that border.
    fn border(face: Face, height: usize) -> (usize, usize, impl Iterator<Item = (u32, u32)>) {
        let inside = CENTRE * COLUMN_CHUNKS + height;
        let beside = match face {
            Face::East => inside + COLUMN_CHUNKS,
            Face::West => inside - COLUMN_CHUNKS,
            Face::South => inside + SIDE * COLUMN_CHUNKS,
            _ => inside - SIDE * COLUMN_CHUNKS,
        };
        let pairs = (0..N).flat_map(move |y| {
            (0..N).map(move |t| {
                let (a, b) = match face {
                    Face::East => ((LAST, t), (0, t)),
                    Face::West => ((0, t), (LAST, t)),
                    Face::South => ((t, LAST), (t, 0)),
                    _ => ((t, 0), (t, LAST)),
                };
                (
                    y * Y_STEP + a.1 * Z_STEP + a.0,
                    y * Y_STEP + b.1 * Z_STEP + b.0,
                )
            })
        });
        (inside, beside, pairs)
    }

    /// Lets light flow both ways between the centre column, lit by itself, and the loaded
    /// columns beside it.
    pub fn merge_centre(&mut self) {
        for channel in Channel::BOTH {
            for face in Face::SIDES {
                for height in 0..COLUMN_CHUNKS {
                    let (inside, beside, pairs) = Self::border(face, height);
                    if self.blocks[beside].is_none() {
                        continue;
                    }
                    let (a, b) = (&self.light[inside], &self.light[beside]);
                    // Two chunks of one level each, or levels a step apart, pass nothing.
                    if let (Some(u), Some(v)) = (a.uniform(), b.uniform())
                        && u.get(channel).abs_diff(v.get(channel)) <= 1
                    {
                        continue;
                    }
                    for (i, j) in pairs {
                        let (la, lb) = (
                            a.get(i as usize).get(channel),
                            b.get(j as usize).get(channel),
                        );
                        if la > lb + 1 {
                            self.queue.push((inside as u32) << CHUNK_SHIFT | i);
                        } else if lb > la + 1 {
                            self.queue.push((beside as u32) << CHUNK_SHIFT | j);
                        }
                    }
                }
            }
            self.spread(channel);
        }
    }

    /// Takes the centre column out of the window, and with it the light it carried into
    /// the columns beside it.
    pub fn detach_centre(&mut self) {
        let first = CENTRE * COLUMN_CHUNKS;
        let departing: Vec<ChunkLight> = (first..first + COLUMN_CHUNKS)
            .map(|c| std::mem::take(&mut self.light[c]))
            .collect();
        for c in first..first + COLUMN_CHUNKS {
            self.blocks[c] = None;
        }
        self.loaded[CENTRE] = false;
        for channel in Channel::BOTH {
            for face in Face::SIDES {
                for (height, gone) in departing.iter().enumerate() {
                    let (_, beside, pairs) = Self::border(face, height);
                    if self.blocks[beside].is_none() {
                        continue;
                    }
                    // A chunk brighter than what the departing one could give it owes it
                    // nothing.
                    if let (Some(u), Some(v)) = (gone.uniform(), self.light[beside].uniform())
                        && v.get(channel) + 1 > u.get(channel)
                    {
                        continue;
                    }
                    for (i, j) in pairs {
                        let had = gone.get(i as usize).get(channel);
                        let to = (beside as u32) << CHUNK_SHIFT | j;
                        let level = self.get(to, channel);
                        let gave = had.saturating_sub(1 + self.opacity(to));
                        if level > 0 && level <= gave && !self.is_source(to, channel) {
                            self.set(to, channel, 0);
                            self.removal.push(to | u32::from(level) << LEVEL_SHIFT);
                        }
                    }
                }
            }
            self.unspread(channel);
            self.spread(channel);
        }
    }
}
