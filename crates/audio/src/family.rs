//! Which sounds a block makes: blocks grouped into material families, as Minecraft's sound
//! types group them (a log and planks sound alike, so do all the wools), and the kinds of
//! sound each family has.

use hewn_core::world::Block;
use hewn_core::world::block::Sound;

/// A material that sounds one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Stone, cobblestone, bricks, ores, sandstone: hard and bright.
    Stone,
    /// Logs, planks, torches: hollow knocks.
    Wood,
    /// Gravel and clay: loose stones grinding.
    Gravel,
    /// Grass and dirt: soft soil with a rustle.
    Grass,
    /// Sand: a dry hiss.
    Sand,
    /// Snow: a muffled squeaking crunch.
    Snow,
    /// Glass and ice: a clink, and shards when broken.
    Glass,
    /// Wool and cactus: a dull, soft thud.
    Wool,
    /// Water: splashes and strokes.
    Water,
    /// Plants and leaves: a light rustle.
    Plants,
    /// What a player eats (bread, an apple): a crisp crunch. No block sounds as food; a meal
    /// is heard through [`own_sound`](crate::hearing::own_sound).
    Food,
}

impl Family {
    /// Every family, in a fixed order (the sound bank's).
    pub const ALL: [Self; 11] = [
        Self::Stone,
        Self::Wood,
        Self::Gravel,
        Self::Grass,
        Self::Sand,
        Self::Snow,
        Self::Glass,
        Self::Wool,
        Self::Water,
        Self::Plants,
        Self::Food,
    ];

    /// The family's name, for sound files and tests.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Stone => "stone",
            Self::Wood => "wood",
            Self::Gravel => "gravel",
            Self::Grass => "grass",
            Self::Sand => "sand",
            Self::Snow => "snow",
            Self::Glass => "glass",
            Self::Wool => "wool",
            Self::Water => "water",
            Self::Plants => "plants",
            Self::Food => "food",
        }
    }

    /// The family `block` sounds as, by the material its pack gives it; `None` for air,
    /// which makes no sound.
    #[must_use]
    pub fn of(block: Block) -> Option<Self> {
        Some(match block.properties().sound? {
            Sound::Stone => Self::Stone,
            Sound::Wood => Self::Wood,
            Sound::Gravel => Self::Gravel,
            Sound::Grass => Self::Grass,
            Sound::Sand => Self::Sand,
            Sound::Snow => Self::Snow,
            Sound::Glass => Self::Glass,
            Sound::Wool => Self::Wool,
            Sound::Water => Self::Water,
            Sound::Plants => Self::Plants,
        })
    }
}

/// What a block's sound is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SoundKind {
    /// A footstep on it (for water, a stroke while swimming).
    Step,
    /// A blow of a tool against it.
    Dig,
    /// It breaking apart.
    Break,
    /// It being set down.
    Place,
    /// Landing on it after a fall (for water, a splash).
    Land,
}

impl SoundKind {
    /// Every kind, in a fixed order (the sound bank's).
    pub const ALL: [Self; 5] = [Self::Step, Self::Dig, Self::Break, Self::Place, Self::Land];

    /// The kind's name, for sound files and tests.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Step => "step",
            Self::Dig => "dig",
            Self::Break => "break",
            Self::Place => "place",
            Self::Land => "land",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_block_but_air_has_a_family() {
        for block in Block::all() {
            assert_eq!(
                Family::of(block).is_none(),
                block == Block::AIR,
                "{block:?}"
            );
        }
        assert_eq!(Family::of(Block::WATER_3), Some(Family::Water));
        assert_eq!(Family::of(Block::COAL_ORE), Some(Family::Stone));
        assert_eq!(Family::of(Block::BIRCH_LOG), Some(Family::Wood));
        assert_eq!(Family::of(Block::CRAFTING_TABLE), Some(Family::Wood));
        assert_eq!(Family::of(Block::LIT_FURNACE), Some(Family::Stone));
    }
}
