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
fn opacity_and_emission_are_the_light_models() {
    for block in Block::ALL {
        let torch = matches!(block.shape(), Shape::Torch { .. });
        let opacity = match block {
            Block::Air | Block::Glass => 0,
            _ if torch
                || matches!(
                    block.shape(),
                    Shape::LowerHalf | Shape::Cross | Shape::Inset | Shape::Boxes
                ) =>
            {
                0
            }
            Block::Leaves | Block::SpruceLeaves | Block::BirchLeaves => 1,
            Block::Ice => 2,
            _ if block.is_water() => 2,
            _ => OPAQUE,
        };
        assert_eq!(block.opacity(), opacity, "{block}");
        let emission = match block {
            Block::Glowstone => 15,
            _ if torch => 14,
            Block::LitFurnace => 13,
            _ => 0,
        };
        assert_eq!(block.emission(), emission, "{block}");
    }
}

#[test]
fn torches_stand_on_tops_lean_on_sides_and_are_held_as_torches() {
    assert_eq!(Block::Torch.torch_against(Face::Up), Some(Block::Torch));
    assert_eq!(Block::Torch.torch_against(Face::Down), None);
    for face in Face::SIDES {
        let torch = Block::Torch
            .torch_against(face)
            .expect("sides hold torches");
        assert_eq!(torch.shape(), Shape::Torch { wall: Some(face) });
        assert_eq!(torch.held_as(), Block::Torch);
        assert!(torch.colliders().is_empty() && !torch.outline().is_empty());
    }
    assert_eq!(Block::Stone.held_as(), Block::Stone);
    assert!(Block::Stone.holds_torches() && Block::Glass.holds_torches());
    assert!(!Block::StoneSlab.holds_torches() && !Block::Water.holds_torches());
    assert!(!Block::Torch.holds_torches());
}

#[test]
fn bedrock_cannot_be_broken() {
    assert!(!Block::Bedrock.is_breakable());
    assert!(Block::Stone.is_breakable());
}

#[test]
fn there_are_forty_blocks_to_build_with_and_every_slab_is_a_lower_half() {
    let building: Vec<Block> = Block::ALL
        .into_iter()
        .filter(|b| b.is_breakable() && b.held_as() == *b)
        .collect();
    assert!(
        building.len() >= 40,
        "{} blocks to build with",
        building.len()
    );
    for block in Block::ALL {
        if block.name().ends_with("_slab") {
            assert_eq!(block.shape(), Shape::LowerHalf, "{block}");
            assert_eq!(block.colliders(), Block::StoneSlab.colliders(), "{block}");
        }
    }
    let wools = Block::ALL
        .iter()
        .filter(|b| b.name().ends_with("_wool"))
        .count();
    assert_eq!(wools, 16);
}

#[test]
fn plants_are_walked_through_picked_by_a_small_box_and_built_over() {
    for plant in [
        Block::TallGrass,
        Block::Dandelion,
        Block::Poppy,
        Block::Cornflower,
        Block::DeadBush,
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
    assert!(!Block::Cactus.is_plant() && Block::Cactus.is_solid());
    assert!(!Block::Cactus.is_replaceable() && !Block::Cactus.holds_torches());
    assert!(Block::Cactus.holds_plants() && Block::Sand.holds_plants());
    assert_eq!(
        Block::Cactus.colliders()[0].min,
        [1.0 / 16.0, 0.0, 1.0 / 16.0]
    );
}

#[test]
fn a_lit_furnace_is_a_furnace_with_a_fire_in_it() {
    let (cold, lit) = (Block::Furnace, Block::LitFurnace);
    assert_eq!(lit.held_as(), cold);
    assert_eq!(cold.held_as(), cold);
    assert_eq!(lit.emission(), 13);
    assert_eq!(cold.emission(), 0);
    for block in [cold, lit, Block::CraftingTable] {
        assert!(block.is_opaque_cube() && block.is_breakable(), "{block}");
        assert!(block.holds_torches() && !block.falls(), "{block}");
    }
    let (c, l) = (&cold.properties().textures, &lit.properties().textures);
    assert_eq!((&c.top, &c.bottom), (&l.top, &l.bottom));
    assert_ne!(c.side, l.side, "only the mouth differs");
    assert_eq!(Block::CraftingTable.properties().textures.bottom, "planks");
    // The new blocks came last, keeping every older block's id.
    assert_eq!(
        [Block::CraftingTable, cold, lit].map(Block::id),
        [71, 72, 73]
    );
}
