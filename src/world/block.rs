//! The block registry: every kind of block, how it collides and how it is drawn.
//!
//! Blocks are a closed set known at compile time, so a block is a one-byte enum and its
//! properties live in one table ([`Block::properties`]) that physics, picking, the mesher and
//! the save format all read.

use glam::DVec3;

use crate::aabb::Aabb;

/// A kind of block. The discriminant is the block's stable id in saves and hashes: never
/// reorder or reuse one; add new blocks at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Block {
    /// Empty space.
    #[default]
    Air = 0,
    /// The common rock of the underground.
    Stone = 1,
    /// Soil under the grass.
    Dirt = 2,
    /// Dirt with grass on top; the surface of plains and hills.
    Grass = 3,
    /// Beaches and sea floors.
    Sand = 4,
    /// Loose stones, found in patches on the sea floor.
    Gravel = 5,
    /// The unbreakable floor of the world at y = 0.
    Bedrock = 6,
    /// A tree trunk.
    Log = 7,
    /// Tree foliage; drawn cut-out so you can see through its gaps.
    Leaves = 8,
    /// Wooden boards, for building.
    Planks = 9,
    /// Rough stone, for building.
    Cobblestone = 10,
    /// Transparent and solid.
    Glass = 11,
    /// Still water: translucent, not solid; you swim in it.
    Water = 12,
    /// The lower half of a block of stone.
    StoneSlab = 13,
}

/// How a block's faces are drawn, which decides its render pass and whether it hides its
/// neighbours' faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenderKind {
    /// Not drawn at all.
    Invisible,
    /// Drawn in the opaque pass; hides every face behind it.
    Opaque,
    /// Drawn with alpha testing (holes but no blending); hides nothing.
    Cutout,
    /// Drawn blended after everything else; hides only faces of the same block.
    Translucent,
}

/// Which texture each face of a block shows, by tile name in the block atlas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaceTextures {
    /// The +y face.
    pub top: &'static str,
    /// The four side faces.
    pub side: &'static str,
    /// The -y face.
    pub bottom: &'static str,
}

impl FaceTextures {
    const fn all(name: &'static str) -> Self {
        Self {
            top: name,
            side: name,
            bottom: name,
        }
    }
}

/// Everything the game knows about one kind of block.
#[derive(Clone, Copy, Debug)]
pub struct BlockProperties {
    /// The block's name, lowercase, as used in scenarios and commands.
    pub name: &'static str,
    /// Collision boxes in block-local `[0, 1]³` coordinates; empty for blocks you pass through.
    pub colliders: &'static [LocalBox],
    /// How the block is drawn.
    pub render: RenderKind,
    /// The textures of its faces.
    pub textures: FaceTextures,
    /// Whether breaking it is allowed.
    pub breakable: bool,
}

/// A box in block-local coordinates, `min` and `max` within `[0, 1]` on each axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LocalBox {
    /// The minimum corner.
    pub min: [f64; 3],
    /// The maximum corner.
    pub max: [f64; 3],
}

impl LocalBox {
    /// This box placed in the world at the block whose minimum corner is `origin`.
    #[must_use]
    pub fn at(self, origin: DVec3) -> Aabb {
        Aabb::new(
            origin + DVec3::from_array(self.min),
            origin + DVec3::from_array(self.max),
        )
    }
}

const FULL: &[LocalBox] = &[LocalBox {
    min: [0.0, 0.0, 0.0],
    max: [1.0, 1.0, 1.0],
}];
const LOWER_HALF: &[LocalBox] = &[LocalBox {
    min: [0.0, 0.0, 0.0],
    max: [1.0, 0.5, 1.0],
}];
const NONE: &[LocalBox] = &[];

const fn solid(name: &'static str, textures: FaceTextures) -> BlockProperties {
    BlockProperties {
        name,
        colliders: FULL,
        render: RenderKind::Opaque,
        textures,
        breakable: true,
    }
}

/// The registry, indexed by block id.
const PROPERTIES: [BlockProperties; Block::COUNT] = [
    BlockProperties {
        name: "air",
        colliders: NONE,
        render: RenderKind::Invisible,
        textures: FaceTextures::all("stone"),
        breakable: false,
    },
    solid("stone", FaceTextures::all("stone")),
    solid("dirt", FaceTextures::all("dirt")),
    solid(
        "grass",
        FaceTextures {
            top: "grass_top",
            side: "grass_side",
            bottom: "dirt",
        },
    ),
    solid("sand", FaceTextures::all("sand")),
    solid("gravel", FaceTextures::all("gravel")),
    BlockProperties {
        breakable: false,
        ..solid("bedrock", FaceTextures::all("bedrock"))
    },
    solid(
        "log",
        FaceTextures {
            top: "log_top",
            side: "log_side",
            bottom: "log_top",
        },
    ),
    BlockProperties {
        render: RenderKind::Cutout,
        ..solid("leaves", FaceTextures::all("leaves"))
    },
    solid("planks", FaceTextures::all("planks")),
    solid("cobblestone", FaceTextures::all("cobblestone")),
    BlockProperties {
        render: RenderKind::Translucent,
        ..solid("glass", FaceTextures::all("glass"))
    },
    BlockProperties {
        name: "water",
        colliders: NONE,
        render: RenderKind::Translucent,
        textures: FaceTextures::all("water"),
        breakable: false,
    },
    BlockProperties {
        name: "stone_slab",
        colliders: LOWER_HALF,
        render: RenderKind::Cutout,
        textures: FaceTextures {
            top: "stone_slab_top",
            side: "stone_slab_side",
            bottom: "stone_slab_top",
        },
        breakable: true,
    },
];

impl Block {
    /// How many kinds of block there are.
    pub const COUNT: usize = 14;

    /// Every block, in id order.
    pub const ALL: [Self; Self::COUNT] = [
        Self::Air,
        Self::Stone,
        Self::Dirt,
        Self::Grass,
        Self::Sand,
        Self::Gravel,
        Self::Bedrock,
        Self::Log,
        Self::Leaves,
        Self::Planks,
        Self::Cobblestone,
        Self::Glass,
        Self::Water,
        Self::StoneSlab,
    ];

    /// The block's stable numeric id.
    #[must_use]
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// The block with numeric id `id`, if there is one.
    #[must_use]
    pub fn from_id(id: u8) -> Option<Self> {
        Self::ALL.get(usize::from(id)).copied()
    }

    /// The block called `name` (lowercase, as in [`BlockProperties::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Everything known about this block.
    #[must_use]
    pub const fn properties(self) -> &'static BlockProperties {
        &PROPERTIES[self as usize]
    }

    /// The block's lowercase name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.properties().name
    }

    /// The block's collision boxes in block-local coordinates.
    #[must_use]
    pub const fn colliders(self) -> &'static [LocalBox] {
        self.properties().colliders
    }

    /// Whether anything collides with this block.
    #[must_use]
    pub const fn is_solid(self) -> bool {
        !self.colliders().is_empty()
    }

    /// Whether the block fills its whole cell with opaque faces, hiding its neighbours'
    /// faces and darkening their corners (ambient occlusion).
    #[must_use]
    pub fn is_opaque_cube(self) -> bool {
        self.properties().render == RenderKind::Opaque
    }

    /// Whether a player may break this block.
    #[must_use]
    pub const fn is_breakable(self) -> bool {
        self.properties().breakable
    }

    /// Whether a placed block may replace this one (air and water can be built into).
    #[must_use]
    pub const fn is_replaceable(self) -> bool {
        matches!(self, Self::Air | Self::Water)
    }
}

impl std::fmt::Display for Block {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_names_and_table_agree() {
        for (i, block) in Block::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(block.id()), i);
            assert_eq!(Block::from_id(block.id()), Some(block));
            assert_eq!(Block::from_name(block.name()), Some(block));
            assert_eq!(block.name(), block.name().to_lowercase());
        }
        assert_eq!(Block::from_id(Block::COUNT as u8), None);
        assert_eq!(Block::from_name("Stone"), None);
    }

    #[test]
    fn slab_is_the_lower_half_and_water_is_not_solid() {
        let slab = Block::StoneSlab.colliders();
        assert_eq!(slab.len(), 1);
        assert_eq!(slab[0].max, [1.0, 0.5, 1.0]);
        assert!(!Block::Water.is_solid());
        assert!(!Block::Air.is_solid());
        assert!(Block::Glass.is_solid());
    }

    #[test]
    fn bedrock_cannot_be_broken() {
        assert!(!Block::Bedrock.is_breakable());
        assert!(Block::Stone.is_breakable());
    }
}
