//! The registry: every block's properties, read from the packs' `blocks.toml`, and the tables
//! built from them once so that finding a block by its name or its part costs a lookup.
//!
//! A process plays one world at a time, and the blocks it knows are that world's: the base
//! pack's until a world with other packs opens and [installs](Registry::install) its
//! registry, before any of its chunks is made. Installed registries are kept for the life of
//! the process, in a fixed number of slots, so that a block's properties are one atomic load
//! and an index away, with no lock on the hot paths of light, physics and meshing. The base
//! pack's blocks keep their ids in every registry, so what runs on them while another is
//! installed sees the same blocks.

use super::arrange;
use super::installed::{InstallError, Installed};
use super::{Bed, Block, BlockProperties, Door, Problems, Shape, Water, load};
use crate::world::Face;
use std::collections::{BTreeMap, BTreeSet};

/// The base pack's `blocks.toml`, built into the game: the blocks every world has.
pub const BASE_BLOCKS: &str = include_str!("../../../../../assets/content/base/blocks.toml");

/// The installed registries.
static INSTALLED: Installed<Registry> = Installed::new();

/// The base pack's registry.
fn base() -> Registry {
    match Registry::read("blocks.toml", BASE_BLOCKS) {
        Ok(registry) => registry,
        // The file is compiled in and a test reads it, so this is a build that never ran its
        // tests; nothing a player does can reach it.
        Err(problems) => panic!("the base pack's blocks.toml: {problems}"),
    }
}

/// The registry in use.
pub(super) fn current() -> &'static Registry {
    INSTALLED.current(base)
}

/// Every block's properties, by id, and the ways to find a block.
pub struct Registry {
    /// Properties, indexed by block id.
    pub(super) blocks: Vec<BlockProperties>,
    /// Each block's id, by name.
    names: BTreeMap<String, Block>,
    /// Each torch, by the block it is held as and the face of a block it is placed against.
    torches: BTreeMap<(Block, Face), Block>,
    /// Each door half, by what it is.
    doors: BTreeMap<(bool, Face, bool), Block>,
    /// Each bed half, by what it is.
    beds: BTreeMap<(bool, Face), Block>,
    /// Flowing water by level, 1 first.
    flowing: BTreeMap<u8, Block>,
    /// The blocks some crop grows on.
    soils: BTreeSet<Block>,
}

impl Registry {
    /// Reads `text`, the contents of a `blocks.toml` called `file`.
    ///
    /// # Errors
    /// Every problem with the file, each naming its line and key.
    pub fn read(file: &str, text: &str) -> Result<Self, Problems> {
        let base = load::BlocksSource {
            namespace: None,
            file,
            text,
            own_textures: &[],
        };
        Self::read_packs(&[base])
    }

    /// Reads the `blocks.toml` of each pack in `sources`, in order: the base pack's first.
    ///
    /// # Errors
    /// Every problem with the files, each naming its file, line and key.
    pub fn read_packs(sources: &[load::BlocksSource<'_>]) -> Result<Self, Problems> {
        Self::read_packs_keeping(sources, &[])
    }

    /// [`Registry::read_packs`] for a world whose block table is `kept` (`kept[id]` the name
    /// it saved with id `id`; empty for a new world, or one saved before worlds kept a
    /// table): each block at the id its name has there, a new name at the next free id, and
    /// an [unknown block](BlockProperties::unknown) for each name there that no pack
    /// declares. The base pack's blocks keep their ids in every world.
    ///
    /// # Errors
    /// Every problem with the files, each naming its file, line and key; a table that names
    /// a block twice or puts a base block at another id.
    pub fn read_packs_keeping(
        sources: &[load::BlocksSource<'_>],
        kept: &[String],
    ) -> Result<Self, Problems> {
        let file = sources.last().map_or("blocks.toml", |s| s.file);
        let mut blocks = load::load(sources).map_err(Problems)?;
        if !kept.is_empty() {
            let fixed = Self::base().len();
            blocks = arrange::arrange(blocks, kept, fixed).map_err(|p| Problems(vec![p]))?;
        }
        let mut registry = Self {
            names: BTreeMap::new(),
            torches: BTreeMap::new(),
            doors: BTreeMap::new(),
            beds: BTreeMap::new(),
            flowing: BTreeMap::new(),
            soils: BTreeSet::new(),
            blocks: Vec::new(),
        };
        let mut problems = Vec::new();
        for (id, properties) in blocks.iter().enumerate() {
            // [`load::load`] gives at most `MAX_BLOCKS` blocks, so every id fits.
            let Some(block) = u16::try_from(id).ok().map(Block::new) else {
                continue;
            };
            let mut claim = |taken: Option<Block>, what: String| {
                if let Some(first) = taken {
                    problems.push(super::Problem {
                        file: file.to_owned(),
                        line: 0,
                        key: "block".to_owned(),
                        message: format!("{} and {first} are both {what}", properties.name),
                    });
                }
            };
            registry.names.insert(properties.name.clone(), block);
            if let Shape::Torch { wall } = properties.shape {
                let face = wall.unwrap_or(Face::Up);
                let key = (properties.held_as, face);
                let taken = registry.torches.insert(key, block);
                claim(taken, format!("the torch against the {face:?} face"));
            }
            if let Some(Door {
                upper,
                facing,
                open,
            }) = properties.door
            {
                let taken = registry.doors.insert((upper, facing, open), block);
                claim(taken, format!("the door half {upper}/{facing:?}/{open}"));
            }
            if let Some(Bed { head, facing }) = properties.bed {
                let taken = registry.beds.insert((head, facing), block);
                claim(taken, format!("the bed half {head}/{facing:?}"));
            }
            if let Some(crop) = properties.crop {
                registry.soils.insert(crop.soil);
            }
            if let Some(Water::Flowing(level)) = properties.water {
                let taken = registry.flowing.insert(level, block);
                claim(taken, format!("flowing water of level {level}"));
            }
        }
        problems.extend(registry.incomplete_families(file));
        if !problems.is_empty() {
            return Err(Problems(problems));
        }
        registry.blocks = blocks;
        Ok(registry)
    }

    /// A problem for each family of blocks declared in part: a door needs its sixteen
    /// halves (two halves, four ways, shut and open), a bed its eight, flowing water its
    /// seven levels, so that the game never looks for a block that is not there.
    fn incomplete_families(&self, file: &str) -> Vec<super::Problem> {
        let sides = [Face::North, Face::East, Face::South, Face::West];
        let mut missing = Vec::new();
        if !self.doors.is_empty() {
            for (upper, facing, open) in sides.iter().flat_map(|&f| {
                [
                    (false, f, false),
                    (false, f, true),
                    (true, f, false),
                    (true, f, true),
                ]
            }) {
                if !self.doors.contains_key(&(upper, facing, open)) {
                    let half = if upper { "upper" } else { "lower" };
                    missing.push(format!(
                        "the door's {half} half facing {facing:?}, open = {open}"
                    ));
                }
            }
        }
        if !self.beds.is_empty() {
            for (head, facing) in sides.iter().flat_map(|&f| [(false, f), (true, f)]) {
                if !self.beds.contains_key(&(head, facing)) {
                    let part = if head { "head" } else { "foot" };
                    missing.push(format!("the bed's {part} facing {facing:?}"));
                }
            }
        }
        if !self.flowing.is_empty() {
            for level in 1..=super::MAX_FLOW_LEVEL {
                if !self.flowing.contains_key(&level) {
                    missing.push(format!("flowing water of level {level}"));
                }
            }
        }
        missing
            .into_iter()
            .map(|what| super::Problem {
                file: file.to_owned(),
                line: 0,
                key: "block".to_owned(),
                message: format!("no block is {what}"),
            })
            .collect()
    }

    /// The base pack's registry, whichever is in use.
    #[must_use]
    pub fn base() -> &'static Self {
        INSTALLED.base(base)
    }

    /// Makes `registry` the one every block's properties come from, for the world about to
    /// open: call it before any of the world's chunks is made, never while another world is
    /// in play.
    ///
    /// # Errors
    /// [`InstallError`] when the process has no slot left.
    pub fn install(registry: Self) -> Result<(), InstallError> {
        INSTALLED.install(registry)
    }

    /// Makes the base pack's registry the one in use again, for a world with no packs.
    pub fn install_base() {
        INSTALLED.install_base(base);
    }

    /// Which installed registry is in use, `0` to [`MAX_INSTALLS`](super::MAX_INSTALLS) − 1: tables built from a
    /// registry's blocks (the mesher's) keep one per slot.
    #[must_use]
    pub fn generation() -> usize {
        INSTALLED.generation()
    }

    /// Every block's name, in id order: the table a world keeps.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.blocks.iter().map(|b| b.name.as_str())
    }

    /// How many blocks it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    /// Whether it holds no block at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Everything known about `block`.
    ///
    /// # Panics
    /// If `block` is not one of this registry's: ids come from [`Registry::named`] or are
    /// checked against [`Registry::len`].
    #[must_use]
    pub fn properties(&self, block: Block) -> &BlockProperties {
        &self.blocks[block.index()]
    }

    /// The block called `name`.
    #[must_use]
    pub fn named(&self, name: &str) -> Option<Block> {
        self.names.get(name).copied()
    }

    /// The torch held as `held` that is placed against `face`.
    #[must_use]
    pub fn torch(&self, held: Block, face: Face) -> Option<Block> {
        self.torches.get(&(held, face)).copied()
    }

    /// The block that is door half `door`.
    #[must_use]
    pub fn door(&self, door: Door) -> Option<Block> {
        self.doors
            .get(&(door.upper, door.facing, door.open))
            .copied()
    }

    /// The block that is bed half `bed`.
    #[must_use]
    pub fn bed(&self, bed: Bed) -> Option<Block> {
        self.beds.get(&(bed.head, bed.facing)).copied()
    }

    /// Whether some crop grows on `block`.
    #[must_use]
    pub fn is_soil(&self, block: Block) -> bool {
        self.soils.contains(&block)
    }

    /// Flowing water of `level`.
    #[must_use]
    pub fn flowing(&self, level: u8) -> Option<Block> {
        self.flowing.get(&level).copied()
    }
}
