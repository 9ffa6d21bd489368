//! Tools and the materials that are neither blocks nor tools: what survival adds to the
//! things a player can carry.
//!
//! A tool is a kind (pickaxe, axe, shovel, hoe, sword) in a tier (wood, stone, iron,
//! diamond). The tier sets how fast it digs the blocks its kind is right for and how many
//! uses it lasts, with Minecraft's numbers: speeds 2, 4, 6 and 8, and 59, 131, 250 and 1,561
//! uses. A sword strikes a creature for 4, 5, 6 or 7 by its tier; anything else strikes as a
//! hand does, for [`HAND_DAMAGE`].

pub use crate::world::block::{Tier, ToolKind};

/// The health a strike with an empty hand (or anything that is not a sword) takes.
pub const HAND_DAMAGE: u8 = 1;

impl Tier {
    /// Every tier, weakest first.
    pub const ALL: [Self; 4] = [Self::Wood, Self::Stone, Self::Iron, Self::Diamond];

    /// How much faster than a hand a tool of this tier digs a block it is right for.
    #[must_use]
    pub const fn speed(self) -> u32 {
        match self {
            Self::Wood => 2,
            Self::Stone => 4,
            Self::Iron => 6,
            Self::Diamond => 8,
        }
    }

    /// How many blocks a tool of this tier breaks before it breaks itself.
    #[must_use]
    pub const fn uses(self) -> u16 {
        match self {
            Self::Wood => 59,
            Self::Stone => 131,
            Self::Iron => 250,
            Self::Diamond => 1561,
        }
    }
}

/// A tool: a kind in a tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tool {
    /// What it is for.
    pub kind: ToolKind,
    /// What it is made of.
    pub tier: Tier,
}

impl Tool {
    /// Every tool: pickaxes, axes, shovels, hoes and swords, each weakest first.
    pub const ALL: [Self; 20] = {
        let kinds = [
            ToolKind::Pickaxe,
            ToolKind::Axe,
            ToolKind::Shovel,
            ToolKind::Hoe,
            ToolKind::Sword,
        ];
        let mut all = [Self {
            kind: ToolKind::Pickaxe,
            tier: Tier::Wood,
        }; 20];
        let mut i = 0;
        while i < all.len() {
            all[i] = Self {
                kind: kinds[i / 4],
                tier: Tier::ALL[i % 4],
            };
            i += 1;
        }
        all
    };

    /// The health a strike with this tool takes from a creature: a sword's by its tier
    /// (wood 4, stone 5, iron 6, diamond 7), any other tool's as a hand's.
    #[must_use]
    pub const fn damage(self) -> u8 {
        match self.kind {
            ToolKind::Sword => 4 + self.tier as u8,
            _ => HAND_DAMAGE,
        }
    }

    /// A tool of `kind` made of `tier`.
    #[must_use]
    pub const fn new(kind: ToolKind, tier: Tier) -> Self {
        Self { kind, tier }
    }

    /// The tool's name, as Minecraft's: `wooden_pickaxe`, `stone_axe`, `diamond_shovel`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        const NAMES: [[&str; 4]; 5] = [
            [
                "wooden_pickaxe",
                "stone_pickaxe",
                "iron_pickaxe",
                "diamond_pickaxe",
            ],
            ["wooden_axe", "stone_axe", "iron_axe", "diamond_axe"],
            [
                "wooden_shovel",
                "stone_shovel",
                "iron_shovel",
                "diamond_shovel",
            ],
            ["wooden_hoe", "stone_hoe", "iron_hoe", "diamond_hoe"],
            ["wooden_sword", "stone_sword", "iron_sword", "diamond_sword"],
        ];
        NAMES[self.kind as usize][self.tier as usize]
    }
}

/// Things carried that are neither blocks nor tools: what recipes and the furnace use and
/// make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Material {
    /// Two planks make four: handles for tools and torches.
    Stick,
    /// Mined from coal ore; fuel, and the head of a torch.
    Coal,
    /// A log burnt in a furnace: coal's equal.
    Charcoal,
    /// Iron ore smelted.
    IronIngot,
    /// Gold ore smelted.
    GoldIngot,
    /// Mined from diamond ore.
    Diamond,
    /// Clay fired in a furnace; four make a block of bricks.
    Brick,
    /// Now and then from oak leaves broken; food.
    Apple,
    /// Three wheat in a row; food.
    Bread,
    /// Harvested from ripe wheat.
    Wheat,
    /// From tall grass broken, and from wheat; planted on farmland.
    WheatSeeds,
    /// Raw beef, from a cow; food, and better cooked.
    Beef,
    /// Beef from the furnace.
    CookedBeef,
    /// A raw porkchop, from a pig.
    Porkchop,
    /// A porkchop from the furnace.
    CookedPorkchop,
    /// Raw chicken, from a chicken.
    Chicken,
    /// Chicken from the furnace.
    CookedChicken,
    /// From a chicken.
    Feather,
    /// What a skeleton shoots, and drops.
    Arrow,
}

impl Material {
    /// Every material, in declaration order.
    pub const ALL: [Self; 19] = [
        Self::Stick,
        Self::Coal,
        Self::Charcoal,
        Self::IronIngot,
        Self::GoldIngot,
        Self::Diamond,
        Self::Brick,
        Self::Apple,
        Self::Bread,
        Self::Wheat,
        Self::WheatSeeds,
        Self::Beef,
        Self::CookedBeef,
        Self::Porkchop,
        Self::CookedPorkchop,
        Self::Chicken,
        Self::CookedChicken,
        Self::Feather,
        Self::Arrow,
    ];

    /// The material's name, as Minecraft's.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Stick => "stick",
            Self::Coal => "coal",
            Self::Charcoal => "charcoal",
            Self::IronIngot => "iron_ingot",
            Self::GoldIngot => "gold_ingot",
            Self::Diamond => "diamond",
            Self::Brick => "brick",
            Self::Apple => "apple",
            Self::Bread => "bread",
            Self::Wheat => "wheat",
            Self::WheatSeeds => "wheat_seeds",
            Self::Beef => "beef",
            Self::CookedBeef => "cooked_beef",
            Self::Porkchop => "porkchop",
            Self::CookedPorkchop => "cooked_porkchop",
            Self::Chicken => "chicken",
            Self::CookedChicken => "cooked_chicken",
            Self::Feather => "feather",
            Self::Arrow => "arrow",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tools_are_named_as_in_minecraft_and_tiers_hold_their_numbers() {
        let names: Vec<_> = Tool::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(names[0], "wooden_pickaxe");
        assert_eq!(names[5], "stone_axe");
        assert_eq!(names[11], "diamond_shovel");
        assert_eq!(Tool::ALL[6], Tool::new(ToolKind::Axe, Tier::Iron));
        assert_eq!(names[19], "diamond_sword");
        let damage: Vec<_> = Tier::ALL
            .map(|t| Tool::new(ToolKind::Sword, t).damage())
            .to_vec();
        assert_eq!(damage, [4, 5, 6, 7]);
        assert_eq!(
            Tool::new(ToolKind::Pickaxe, Tier::Diamond).damage(),
            HAND_DAMAGE
        );
        let speeds: Vec<_> = Tier::ALL.iter().map(|t| t.speed()).collect();
        assert_eq!(speeds, [2, 4, 6, 8]);
        let uses: Vec<_> = Tier::ALL.iter().map(|t| t.uses()).collect();
        assert_eq!(uses, [59, 131, 250, 1561]);
        assert!(Tier::Stone >= Tier::Wood && Tier::Iron < Tier::Diamond);
    }
}
