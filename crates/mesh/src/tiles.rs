//! The block atlas's tiles: names, order and layout, shared by the mesher, the renderer and
//! the tool that paints the base pack's textures. The base pack's tiles come first, in
//! [`TILES`]'s order, so their indices are constants; the textures of the packs a world
//! enables follow ([`atlas_tiles`]).

use crate::per_registry::PerRegistry;

use hewn_core::sim::creature;
use hewn_core::world::{Block, Face};

/// Pixels along each edge of a tile.
pub const TILE_SIZE: u32 = 16;
/// Tiles per row of the atlas.
pub const ATLAS_COLUMNS: u32 = 16;
/// Rows of tiles in the atlas: 32, so the atlas holds 512 tiles, as many as a chunk
/// vertex's tile bits ([`layout::TILE`](super::layout::TILE) and `TILE_HIGH`) can name: the
/// base pack's and as many again for packs.
pub const ATLAS_ROWS: u32 = 32;

/// How many tiles the atlas holds.
pub const ATLAS_TILES: usize = (ATLAS_COLUMNS * ATLAS_ROWS) as usize;

/// Every tile, in atlas order (left to right, top to bottom): a tile's index is its
/// position here.
pub const TILES: &[&str] = &[
    "stone",
    "dirt",
    "grass_top",
    "grass_side",
    "sand",
    "gravel",
    "bedrock",
    "log_top",
    "log_side",
    "leaves",
    "planks",
    "cobblestone",
    "glass",
    "water",
    "stone_slab_top",
    "stone_slab_side",
    "crate",
    "glowstone",
    "torch",
    "bricks",
    "stone_bricks",
    "sandstone_top",
    "sandstone_side",
    "sandstone_bottom",
    "white_wool",
    "orange_wool",
    "magenta_wool",
    "light_blue_wool",
    "yellow_wool",
    "lime_wool",
    "pink_wool",
    "gray_wool",
    "light_gray_wool",
    "cyan_wool",
    "purple_wool",
    "blue_wool",
    "brown_wool",
    "green_wool",
    "red_wool",
    "black_wool",
    "snow",
    "ice",
    "clay",
    "spruce_log_top",
    "spruce_log_side",
    "spruce_planks",
    "birch_log_top",
    "birch_log_side",
    "birch_planks",
    "coal_ore",
    "iron_ore",
    "gold_ore",
    "diamond_ore",
    "tall_grass",
    "dandelion",
    "poppy",
    "cornflower",
    "dead_bush",
    "cactus_top",
    "cactus_side",
    "spruce_leaves",
    "birch_leaves",
    // The crafting table's and the furnaces' faces.
    "crafting_table_top",
    "crafting_table_side",
    "furnace_top",
    "furnace_front",
    "furnace_front_lit",
    // The cracks drawn over a block being broken, from the first blow to the last: clear
    // but for the cracks, each stage the one before with more.
    "destroy_stage_0",
    "destroy_stage_1",
    "destroy_stage_2",
    "destroy_stage_3",
    "destroy_stage_4",
    "destroy_stage_5",
    "destroy_stage_6",
    "destroy_stage_7",
    "destroy_stage_8",
    "destroy_stage_9",
    // Items, as flat icons on a clear ground.
    "stick",
    "coal",
    "charcoal",
    "iron_ingot",
    "gold_ingot",
    "diamond",
    "brick",
    "wooden_pickaxe",
    "stone_pickaxe",
    "iron_pickaxe",
    "diamond_pickaxe",
    "wooden_axe",
    "stone_axe",
    "iron_axe",
    "diamond_axe",
    "wooden_shovel",
    "stone_shovel",
    "iron_shovel",
    "diamond_shovel",
    // HUD icons, each nine pixels square inside a clear tile (HUD_ICON_INSET).
    "heart_full",
    "heart_half",
    "heart_empty",
    "bubble",
    "bubble_burst",
    // Farming: farmland's top and wheat's stages; then food, farming's items and the hoes;
    // then hunger's HUD icons.
    "farmland",
    "wheat_0",
    "wheat_1",
    "wheat_2",
    "wheat_3",
    "wheat_4",
    "wheat_5",
    "wheat_6",
    "wheat_7",
    "apple",
    "bread",
    "wheat",
    "wheat_seeds",
    "wooden_hoe",
    "stone_hoe",
    "iron_hoe",
    "diamond_hoe",
    "food_full",
    "food_half",
    "food_empty",
    // The chest's lid and its sides, the latch on each.
    "chest_top",
    "chest_side",
    // A door's two halves: the lower with its handle, the upper with a window.
    "door_lower",
    "door_upper",
    // A bed's foot (blanket), head (pillow on the blanket's turned-down edge) and sides.
    "bed_foot",
    "bed_head",
    "bed_side",
    // What an unknown block shows: one whose pack the world has lost
    // ([`UNKNOWN_TEXTURE`](hewn_core::world::block::UNKNOWN_TEXTURE)).
    "unknown",
    // What hunting needs and gives: swords, meat raw and cooked, a feather and an arrow.
    "wooden_sword",
    "stone_sword",
    "iron_sword",
    "diamond_sword",
    "beef",
    "cooked_beef",
    "porkchop",
    "cooked_porkchop",
    "chicken",
    "cooked_chicken",
    "feather",
    "arrow",
    // The creatures' skins (a part's tile shows whole on each face of its box); the
    // sheep's wool nearly white, tinted by its coat.
    "sheep_wool",
    "sheep_face",
    "sheep_legs",
    "sheep_nose",
    "cow_hide",
    "cow_face",
    "cow_legs",
    "cow_muzzle",
    "pig_skin",
    "pig_legs",
    "pig_snout",
    "chicken_feathers",
    "zombie_shirt",
    "zombie_skin",
    "zombie_trousers",
    "skeleton_ribs",
    "skeleton_skull",
    "skeleton_bone",
];

/// Where a HUD icon's picture starts in its tile (`heart_full`, `bubble` and the like), in
/// pixels from the tile's top and left edges; the rest of the tile is clear.
pub const HUD_ICON_INSET: u32 = 3;
/// The side of a HUD icon's picture, in pixels.
pub const HUD_ICON_SIZE: u32 = 9;

/// The tile crates show on every face.
pub const CRATE_TILE: u16 = 16;
/// The torch's tile: a stick in its middle two columns, from this row down.
pub const TORCH_TILE: u16 = 18;
/// The first row of the torch's stick in its tile (the flame is this row and the next).
pub const TORCH_TOP_ROW: u8 = 6;

/// The tile an unknown block shows, and any texture past the atlas's room.
pub const UNKNOWN_TILE: u16 = 128;

/// The index of the base pack's tile called `name`, if there is one.
#[must_use]
pub fn tile_index(name: &str) -> Option<u16> {
    TILES.iter().position(|&t| t == name).map(|i| i as u16)
}

/// The atlas's tiles for the blocks and creatures in use, by index: [`TILES`], then every
/// other texture a block shows (a pack's, `morestone:marble`), in the order of the first
/// block showing it, then those creature kinds show, up to the atlas's [`ATLAS_TILES`].
static ATLAS: PerRegistry<Vec<String>> = PerRegistry::new();

/// The atlas's tiles for the blocks and creatures in use, by index: the base pack's, then
/// the packs'.
#[must_use]
pub fn atlas_tiles() -> &'static [String] {
    ATLAS.get(|| {
        let mut tiles: Vec<String> = TILES.iter().map(|&t| t.to_owned()).collect();
        let blocks = Block::all().flat_map(|block| {
            let textures = &block.properties().textures;
            [&textures.top, &textures.side, &textures.bottom].map(String::as_str)
        });
        let kinds = creature::kinds().iter();
        let creatures = kinds.flat_map(|k| k.textures.iter().flatten().map(String::as_str));
        for name in blocks.chain(creatures) {
            if tiles.len() < ATLAS_TILES && !name.is_empty() && !tiles.iter().any(|t| t == name) {
                tiles.push(name.to_owned());
            }
        }
        tiles
    })
}

/// What a creature's part without a texture shows: no tile, its colour alone.
pub const NO_TILE: u16 = u16::MAX;

/// Each creature kind's tiles, looked up by name once rather than per frame.
static CREATURE_TILES: PerRegistry<Vec<[u16; 4]>> = PerRegistry::new();

/// The tiles the parts of the creature kind at `kind` in [`creature::kinds`] show, in the
/// order of its skin (body, head, limbs, mark): [`NO_TILE`] for a part without a texture,
/// [`UNKNOWN_TILE`] for one the atlas has no room for. Kinds are installed with the blocks
/// whose registry keys this table.
#[must_use]
pub fn creature_tiles(kind: usize) -> [u16; 4] {
    let tiles = CREATURE_TILES.get(|| {
        let atlas = atlas_tiles();
        let index = |name: &Option<String>| {
            name.as_ref().map_or(NO_TILE, |name| {
                let found = atlas.iter().position(|t| t == name);
                found.map_or(UNKNOWN_TILE, |i| i as u16)
            })
        };
        let kinds = creature::kinds().iter();
        kinds
            .map(|kind| kind.textures.each_ref().map(index))
            .collect()
    });
    tiles.get(kind).copied().unwrap_or([NO_TILE; 4])
}

/// Each block's tile per face, looked up by name once rather than per quad.
static FACE_TILES: PerRegistry<Vec<[u16; 6]>> = PerRegistry::new();

/// The tile a face of `block` shows: [`UNKNOWN_TILE`] for a name the atlas has no room for
/// (the packs' textures are held to the room there is when they are read).
#[must_use]
pub fn tile_for(block: Block, face: Face) -> u16 {
    let tiles = FACE_TILES.get(|| {
        let atlas = atlas_tiles();
        let index = |name: &str| {
            let found = atlas.iter().position(|t| t == name);
            found.map_or(UNKNOWN_TILE, |i| i as u16)
        };
        Block::all()
            .map(|block| {
                let textures = &block.properties().textures;
                Face::ALL.map(|face| index(textures.of(face)))
            })
            .collect()
    });
    tiles[block.index()][face as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_block_texture_has_a_tile_and_the_atlas_holds_them_all() {
        let drawn = Block::all()
            .filter(|b| b.properties().render != hewn_core::world::RenderKind::Invisible);
        for block in drawn {
            let t = &block.properties().textures;
            for name in [&t.top, &t.side, &t.bottom] {
                assert!(tile_index(name).is_some(), "{block}: no tile {name:?}");
            }
        }
        assert!(TILES.len() as u32 <= ATLAS_COLUMNS * ATLAS_ROWS);
        let bits = crate::layout::TILE.1 + crate::layout::TILE_HIGH.1;
        assert!(
            ATLAS_COLUMNS * ATLAS_ROWS <= 1 << bits,
            "a chunk vertex can name every tile of the atlas"
        );
        // The base pack's blocks show base tiles alone: the atlas is the base tiles.
        assert_eq!(atlas_tiles(), TILES);
        assert_eq!(tile_index("crate"), Some(CRATE_TILE));
        assert_eq!(tile_index("unknown"), Some(UNKNOWN_TILE));
        assert_eq!(tile_index("torch"), Some(TORCH_TILE));
    }
}
