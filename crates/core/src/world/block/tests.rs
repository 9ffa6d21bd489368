use super::*;

#[test]
fn ids_names_and_table_agree() {
    for (i, block) in Block::all().enumerate() {
        assert_eq!(usize::from(block.id()), i);
        assert_eq!(Block::from_id(block.id()), Some(block));
        assert_eq!(Block::from_name(block.name()), Some(block));
        assert_eq!(block.name(), block.name().to_lowercase());
    }
    assert_eq!(Block::from_id(u16::try_from(Block::count()).unwrap()), None);
    assert_eq!(Block::from_name("Stone"), None);
}

/// Each constant and the name the base pack gives its id.
const BASE_NAMES: [(Block, &str); 108] = [
    (Block::AIR, "air"),
    (Block::STONE, "stone"),
    (Block::DIRT, "dirt"),
    (Block::GRASS, "grass"),
    (Block::SAND, "sand"),
    (Block::GRAVEL, "gravel"),
    (Block::BEDROCK, "bedrock"),
    (Block::LOG, "log"),
    (Block::LEAVES, "leaves"),
    (Block::PLANKS, "planks"),
    (Block::COBBLESTONE, "cobblestone"),
    (Block::GLASS, "glass"),
    (Block::WATER, "water"),
    (Block::STONE_SLAB, "stone_slab"),
    (Block::GLOWSTONE, "glowstone"),
    (Block::TORCH, "torch"),
    (Block::WALL_TORCH_EAST, "wall_torch_east"),
    (Block::WALL_TORCH_WEST, "wall_torch_west"),
    (Block::WALL_TORCH_SOUTH, "wall_torch_south"),
    (Block::WALL_TORCH_NORTH, "wall_torch_north"),
    (Block::WATER_1, "water_1"),
    (Block::WATER_2, "water_2"),
    (Block::WATER_3, "water_3"),
    (Block::WATER_4, "water_4"),
    (Block::WATER_5, "water_5"),
    (Block::WATER_6, "water_6"),
    (Block::WATER_7, "water_7"),
    (Block::WATER_FALLING, "water_falling"),
    (Block::BRICKS, "bricks"),
    (Block::STONE_BRICKS, "stone_bricks"),
    (Block::SANDSTONE, "sandstone"),
    (Block::WHITE_WOOL, "white_wool"),
    (Block::ORANGE_WOOL, "orange_wool"),
    (Block::MAGENTA_WOOL, "magenta_wool"),
    (Block::LIGHT_BLUE_WOOL, "light_blue_wool"),
    (Block::YELLOW_WOOL, "yellow_wool"),
    (Block::LIME_WOOL, "lime_wool"),
    (Block::PINK_WOOL, "pink_wool"),
    (Block::GRAY_WOOL, "gray_wool"),
    (Block::LIGHT_GRAY_WOOL, "light_gray_wool"),
    (Block::CYAN_WOOL, "cyan_wool"),
    (Block::PURPLE_WOOL, "purple_wool"),
    (Block::BLUE_WOOL, "blue_wool"),
    (Block::BROWN_WOOL, "brown_wool"),
    (Block::GREEN_WOOL, "green_wool"),
    (Block::RED_WOOL, "red_wool"),
    (Block::BLACK_WOOL, "black_wool"),
    (Block::SNOW, "snow"),
    (Block::ICE, "ice"),
    (Block::CLAY, "clay"),
    (Block::SPRUCE_LOG, "spruce_log"),
    (Block::SPRUCE_PLANKS, "spruce_planks"),
    (Block::BIRCH_LOG, "birch_log"),
    (Block::BIRCH_PLANKS, "birch_planks"),
    (Block::COAL_ORE, "coal_ore"),
    (Block::IRON_ORE, "iron_ore"),
    (Block::GOLD_ORE, "gold_ore"),
    (Block::DIAMOND_ORE, "diamond_ore"),
    (Block::PLANKS_SLAB, "planks_slab"),
    (Block::COBBLESTONE_SLAB, "cobblestone_slab"),
    (Block::BRICK_SLAB, "brick_slab"),
    (Block::STONE_BRICK_SLAB, "stone_brick_slab"),
    (Block::SANDSTONE_SLAB, "sandstone_slab"),
    (Block::TALL_GRASS, "tall_grass"),
    (Block::DANDELION, "dandelion"),
    (Block::POPPY, "poppy"),
    (Block::CORNFLOWER, "cornflower"),
    (Block::DEAD_BUSH, "dead_bush"),
    (Block::CACTUS, "cactus"),
    (Block::SPRUCE_LEAVES, "spruce_leaves"),
    (Block::BIRCH_LEAVES, "birch_leaves"),
    (Block::CRAFTING_TABLE, "crafting_table"),
    (Block::FURNACE, "furnace"),
    (Block::LIT_FURNACE, "lit_furnace"),
    (Block::FARMLAND, "farmland"),
    (Block::WHEAT_0, "wheat_0"),
    (Block::WHEAT_1, "wheat_1"),
    (Block::WHEAT_2, "wheat_2"),
    (Block::WHEAT_3, "wheat_3"),
    (Block::WHEAT_4, "wheat_4"),
    (Block::WHEAT_5, "wheat_5"),
    (Block::WHEAT_6, "wheat_6"),
    (Block::WHEAT_7, "wheat_7"),
    (Block::CHEST, "chest"),
    (Block::DOOR_LOWER_NORTH, "door"),
    (Block::DOOR_LOWER_NORTH_OPEN, "door_lower_north_open"),
    (Block::DOOR_LOWER_EAST, "door_lower_east"),
    (Block::DOOR_LOWER_EAST_OPEN, "door_lower_east_open"),
    (Block::DOOR_LOWER_SOUTH, "door_lower_south"),
    (Block::DOOR_LOWER_SOUTH_OPEN, "door_lower_south_open"),
    (Block::DOOR_LOWER_WEST, "door_lower_west"),
    (Block::DOOR_LOWER_WEST_OPEN, "door_lower_west_open"),
    (Block::DOOR_UPPER_NORTH, "door_upper_north"),
    (Block::DOOR_UPPER_NORTH_OPEN, "door_upper_north_open"),
    (Block::DOOR_UPPER_EAST, "door_upper_east"),
    (Block::DOOR_UPPER_EAST_OPEN, "door_upper_east_open"),
    (Block::DOOR_UPPER_SOUTH, "door_upper_south"),
    (Block::DOOR_UPPER_SOUTH_OPEN, "door_upper_south_open"),
    (Block::DOOR_UPPER_WEST, "door_upper_west"),
    (Block::DOOR_UPPER_WEST_OPEN, "door_upper_west_open"),
    (Block::BED_FOOT_NORTH, "bed"),
    (Block::BED_HEAD_NORTH, "bed_head_north"),
    (Block::BED_FOOT_EAST, "bed_foot_east"),
    (Block::BED_HEAD_EAST, "bed_head_east"),
    (Block::BED_FOOT_SOUTH, "bed_foot_south"),
    (Block::BED_HEAD_SOUTH, "bed_head_south"),
    (Block::BED_FOOT_WEST, "bed_foot_west"),
    (Block::BED_HEAD_WEST, "bed_head_west"),
];

#[test]
fn the_constants_name_the_base_pack_blocks_of_their_ids() {
    let named = BASE_NAMES;
    assert_eq!(
        named.len(),
        Block::count(),
        "a constant for every base block"
    );
    for (block, name) in named {
        assert_eq!(Block::from_name(name), Some(block), "{name}");
    }
}

#[test]
fn slab_is_the_lower_half_and_water_is_not_solid() {
    let slab = Block::STONE_SLAB.colliders();
    assert_eq!(slab.len(), 1);
    assert_eq!(slab[0].max, [1.0, 0.5, 1.0]);
    assert!(!Block::WATER.is_solid());
    assert!(!Block::AIR.is_solid());
    assert!(Block::GLASS.is_solid());
}

#[test]
fn opacity_and_emission_are_the_light_models() {
    for block in Block::all() {
        let torch = matches!(block.shape(), Shape::Torch { .. });
        let opacity = match block {
            Block::AIR | Block::GLASS => 0,
            _ if torch
                || matches!(
                    block.shape(),
                    Shape::LowerHalf | Shape::Cross | Shape::Inset | Shape::Boxes
                ) =>
            {
                0
            }
            Block::LEAVES | Block::SPRUCE_LEAVES | Block::BIRCH_LEAVES => 1,
            Block::ICE => 2,
            _ if block.is_water() => 2,
            _ => OPAQUE,
        };
        assert_eq!(block.opacity(), opacity, "{block}");
        let emission = match block {
            Block::GLOWSTONE => 15,
            _ if torch => 14,
            Block::LIT_FURNACE => 13,
            _ => 0,
        };
        assert_eq!(block.emission(), emission, "{block}");
    }
}

#[test]
fn torches_stand_on_tops_lean_on_sides_and_are_held_as_torches() {
    assert_eq!(Block::TORCH.torch_against(Face::Up), Some(Block::TORCH));
    assert_eq!(Block::TORCH.torch_against(Face::Down), None);
    for face in Face::SIDES {
        let torch = Block::TORCH
            .torch_against(face)
            .expect("sides hold torches");
        assert_eq!(torch.shape(), Shape::Torch { wall: Some(face) });
        assert_eq!(torch.held_as(), Block::TORCH);
        assert!(torch.colliders().is_empty() && !torch.outline().is_empty());
    }
    assert_eq!(Block::STONE.held_as(), Block::STONE);
    assert!(Block::STONE.holds_torches() && Block::GLASS.holds_torches());
    assert!(!Block::STONE_SLAB.holds_torches() && !Block::WATER.holds_torches());
    assert!(!Block::TORCH.holds_torches());
}

#[test]
fn bedrock_cannot_be_broken() {
    assert!(!Block::BEDROCK.is_breakable());
    assert!(Block::STONE.is_breakable());
}

#[test]
fn there_are_forty_blocks_to_build_with_and_every_slab_is_a_lower_half() {
    let building: Vec<Block> = Block::all()
        .filter(|b| b.is_breakable() && b.held_as() == *b)
        .collect();
    assert!(
        building.len() >= 40,
        "{} blocks to build with",
        building.len()
    );
    for block in Block::all() {
        if block.name().ends_with("_slab") {
            assert_eq!(block.shape(), Shape::LowerHalf, "{block}");
            assert_eq!(block.colliders(), Block::STONE_SLAB.colliders(), "{block}");
        }
    }
    let wools = Block::all().filter(|b| b.name().ends_with("_wool")).count();
    assert_eq!(wools, 16);
}

#[test]
fn plants_are_walked_through_picked_by_a_small_box_and_built_over() {
    for plant in [
        Block::TALL_GRASS,
        Block::DANDELION,
        Block::POPPY,
        Block::CORNFLOWER,
        Block::DEAD_BUSH,
    ] {
        assert!(plant.is_plant() && !plant.is_solid() && plant.is_replaceable());
        assert!(plant.is_breakable());
        let [outline] = plant.outline() else {
            panic!("{plant}: one box to pick");
        };
        assert!(
            outline.max[1] < 1.0 && outline.min[0] > 0.0,
            "{plant}: {outline:?}"
        );
    }
    assert!(!Block::CACTUS.is_plant() && Block::CACTUS.is_solid());
    assert!(!Block::CACTUS.is_replaceable() && !Block::CACTUS.holds_torches());
    assert!(Block::CACTUS.holds_plants() && Block::SAND.holds_plants());
    assert_eq!(
        Block::CACTUS.colliders()[0].min,
        [1.0 / 16.0, 0.0, 1.0 / 16.0]
    );
}

#[test]
fn a_lit_furnace_is_a_furnace_with_a_fire_in_it() {
    let (cold, lit) = (Block::FURNACE, Block::LIT_FURNACE);
    assert_eq!(lit.held_as(), cold);
    assert_eq!(cold.held_as(), cold);
    assert_eq!(lit.emission(), 13);
    assert_eq!(cold.emission(), 0);
    for block in [cold, lit, Block::CRAFTING_TABLE] {
        assert!(block.is_opaque_cube() && block.is_breakable(), "{block}");
        assert!(block.holds_torches() && !block.falls(), "{block}");
    }
    let (c, l) = (&cold.properties().textures, &lit.properties().textures);
    assert_eq!((&c.top, &c.bottom), (&l.top, &l.bottom));
    assert_ne!(c.side, l.side, "only the mouth differs");
    assert_eq!(Block::CRAFTING_TABLE.properties().textures.bottom, "planks");
    // The new blocks came last, keeping every older block's id.
    assert_eq!(
        [Block::CRAFTING_TABLE, cold, lit].map(Block::id),
        [71, 72, 73]
    );
}
