//! Doors: two blocks, a lower and an upper half, each a panel three sixteenths thick that
//! stands against one side of its cell when shut and swings a quarter turn clockwise (seen
//! from above) when open.
//!
//! A door is sixteen blocks, its two halves facing four ways, shut or open; [`Door`] names
//! one and [`Block::door`] reads one back. A door faces the way the player who placed it
//! looked, so its shut panel stands on the far side of its cells.

use super::{Block, Face};

/// The four ways a door faces, clockwise from north.
const FACINGS: [Face; 4] = [Face::North, Face::East, Face::South, Face::West];

pub use super::block::Door;

impl Door {
    /// The door's block. A registry that has doors has every half of them (it checks), so
    /// only a registry with no door at all gives air.
    #[must_use]
    pub fn block(self) -> Block {
        Block::registry().door(self).unwrap_or(Block::AIR)
    }

    /// Its lower half.
    #[must_use]
    pub const fn lower(self) -> Self {
        Self {
            upper: false,
            ..self
        }
    }

    /// Its upper half.
    #[must_use]
    pub const fn upper(self) -> Self {
        Self {
            upper: true,
            ..self
        }
    }

    /// The same half, opened if shut and shut if open.
    #[must_use]
    pub const fn toggled(self) -> Self {
        Self {
            open: !self.open,
            ..self
        }
    }

    /// The side its panel stands against now: its facing when shut, a quarter turn
    /// clockwise from it when open.
    #[must_use]
    pub fn panel_side(self) -> Face {
        let i = FACINGS.iter().position(|&f| f == self.facing).unwrap_or(0);
        FACINGS[(i + usize::from(self.open)) % 4]
    }

    /// A shut lower half facing `facing` (north, east, south or west; another face reads
    /// as north).
    #[must_use]
    pub const fn shut(facing: Face) -> Self {
        Self {
            upper: false,
            facing,
            open: false,
        }
    }
}

impl Block {
    /// The door half this block is, if it is one.
    #[must_use]
    pub fn door(self) -> Option<Door> {
        self.properties().door
    }

    /// Whether this block is a half of a door.
    #[must_use]
    pub fn is_door(self) -> bool {
        self.door().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_door_block_reads_back_as_the_door_it_is_and_its_panel_turns_clockwise() {
        let doors: Vec<Block> = Block::all().filter(|b| b.is_door()).collect();
        assert_eq!(doors.len(), 16);
        for block in doors {
            let door = block.door().expect("a door");
            assert_eq!(door.block(), block);
            assert_eq!(door.toggled().toggled(), door);
            assert_eq!(block.held_as(), Block::DOOR_LOWER_NORTH);
            // The panel's box lies against its side of the cell.
            let panel = block.colliders()[0];
            let side = door.panel_side();
            let n = side.normal();
            for axis in 0..3 {
                let (lo, hi) = (panel.min[axis], panel.max[axis]);
                match n[axis] {
                    1 => assert!((lo, hi) == (13.0 / 16.0, 1.0), "{block}"),
                    -1 => assert!((lo, hi) == (0.0, 3.0 / 16.0), "{block}"),
                    _ => assert!((lo, hi) == (0.0, 1.0), "{block}"),
                }
            }
        }
        let north = Door::shut(Face::North);
        assert_eq!(north.toggled().panel_side(), Face::East);
        assert_eq!(Door::shut(Face::West).toggled().panel_side(), Face::North);
        assert_eq!(Block::DOOR_LOWER_NORTH.name(), "door");
        assert!(Block::DOOR_UPPER_WEST_OPEN.stands_on(Block::DOOR_LOWER_WEST_OPEN));
        assert!(!Block::DOOR_UPPER_WEST_OPEN.stands_on(Block::DOOR_LOWER_WEST));
    }
}
