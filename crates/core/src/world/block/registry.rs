//! The registry's table: every block's properties, in id order, and the shapes and texture
//! sets they share.

use super::{Block, BlockProperties, Face, FaceTextures, LocalBox, OPAQUE, RenderKind, Shape};

pub(super) const FULL: &[LocalBox] = &[LocalBox {
    min: [0.0, 0.0, 0.0],
    max: [1.0, 1.0, 1.0],
}];
const LOWER_HALF: &[LocalBox] = &[LocalBox {
    min: [0.0, 0.0, 0.0],
    max: [1.0, 0.5, 1.0],
}];
const NONE: &[LocalBox] = &[];
/// A cactus: a sixteenth inside its cell on the four sides, the whole height.
const CACTUS: &[LocalBox] = &[sixteenths([1.0, 0.0, 1.0], [15.0, 16.0, 15.0])];
/// What the look ray hits of tall grass and a dead bush: most of the cell, not its top.
const BUSH: &[LocalBox] = &[sixteenths([2.0, 0.0, 2.0], [14.0, 13.0, 14.0])];
/// What the look ray hits of a flower: its stem and head in the middle of the cell.
const FLOWER: &[LocalBox] = &[sixteenths([5.0, 0.0, 5.0], [11.0, 10.0, 11.0])];

/// What the look ray hits of wheat at each stage: as tall as it has grown.
const WHEAT_0: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 2.0, 16.0])];
const WHEAT_1: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 4.0, 16.0])];
const WHEAT_2: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 6.0, 16.0])];
const WHEAT_3: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 8.0, 16.0])];
const WHEAT_4: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 10.0, 16.0])];
const WHEAT_5: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 12.0, 16.0])];
const WHEAT_6: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 14.0, 16.0])];
const WHEAT_7: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 16.0, 16.0])];

/// A door's panel, three sixteenths thick, against each side of its cell.
const PANEL_NORTH: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 16.0, 3.0])];
const PANEL_SOUTH: &[LocalBox] = &[sixteenths([0.0, 0.0, 13.0], [16.0, 16.0, 16.0])];
const PANEL_WEST: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [3.0, 16.0, 16.0])];
const PANEL_EAST: &[LocalBox] = &[sixteenths([13.0, 0.0, 0.0], [16.0, 16.0, 16.0])];

/// A door's half: its panel, solid, drawn cut-out as boxes, clear to light.
const fn door(
    name: &'static str,
    tile: &'static str,
    panel: &'static [LocalBox],
) -> BlockProperties {
    BlockProperties {
        colliders: panel,
        outline: panel,
        render: RenderKind::Cutout,
        shape: Shape::Boxes,
        opacity: 0,
        ..solid(name, FaceTextures::all(tile))
    }
}

/// A bed's half: nine sixteenths high.
const BED: &[LocalBox] = &[sixteenths([0.0, 0.0, 0.0], [16.0, 9.0, 16.0])];

/// A bed's half: solid to its nine sixteenths, drawn cut-out as a box, clear to light, its
/// top showing `top`.
const fn bed(name: &'static str, top: &'static str) -> BlockProperties {
    BlockProperties {
        colliders: BED,
        outline: BED,
        render: RenderKind::Cutout,
        shape: Shape::Boxes,
        opacity: 0,
        ..solid(
            name,
            FaceTextures {
                top,
                side: "bed_side",
                bottom: "planks",
            },
        )
    }
}

/// A box given in sixteenths of a block, the unit block textures are drawn in.
const fn sixteenths(min: [f64; 3], max: [f64; 3]) -> LocalBox {
    LocalBox {
        min: [min[0] / 16.0, min[1] / 16.0, min[2] / 16.0],
        max: [max[0] / 16.0, max[1] / 16.0, max[2] / 16.0],
    }
}

/// What the look ray hits of a standing torch: its stick, with a little room around it.
const TORCH_ON_FLOOR: &[LocalBox] = &[sixteenths([6.0, 0.0, 6.0], [10.0, 10.0, 10.0])];
/// The same for torches on walls, by the way they point: against the wall behind them,
/// raised, as the stick leans out.
const TORCH_POINTING_EAST: &[LocalBox] = &[sixteenths([0.0, 3.0, 5.5], [5.0, 13.0, 10.5])];
const TORCH_POINTING_WEST: &[LocalBox] = &[sixteenths([11.0, 3.0, 5.5], [16.0, 13.0, 10.5])];
const TORCH_POINTING_SOUTH: &[LocalBox] = &[sixteenths([5.5, 3.0, 0.0], [10.5, 13.0, 5.0])];
const TORCH_POINTING_NORTH: &[LocalBox] = &[sixteenths([5.5, 3.0, 11.0], [10.5, 13.0, 16.0])];

const fn solid(name: &'static str, textures: FaceTextures) -> BlockProperties {
    BlockProperties {
        name,
        colliders: FULL,
        outline: FULL,
        render: RenderKind::Opaque,
        shape: Shape::Cube,
        textures,
        breakable: true,
        opacity: OPAQUE,
        emission: 0,
        falls: false,
    }
}

/// A torch: no collision, drawn cut-out, clear to light and giving off 14.
const fn torch(
    name: &'static str,
    wall: Option<Face>,
    outline: &'static [LocalBox],
) -> BlockProperties {
    BlockProperties {
        name,
        colliders: NONE,
        outline,
        render: RenderKind::Cutout,
        shape: Shape::Torch { wall },
        textures: FaceTextures::all("torch"),
        breakable: true,
        opacity: 0,
        emission: 14,
        falls: false,
    }
}

/// A plant: no collision, drawn as two crossed cut-out quads, clear to light, and picked by
/// its small `outline`.
const fn plant(name: &'static str, outline: &'static [LocalBox]) -> BlockProperties {
    BlockProperties {
        name,
        colliders: NONE,
        outline,
        render: RenderKind::Cutout,
        shape: Shape::Cross,
        textures: FaceTextures::all(name),
        breakable: true,
        opacity: 0,
        emission: 0,
        falls: false,
    }
}

/// Leaves: cut-out, and light loses one level more in them than in air.
const fn leaves(name: &'static str) -> BlockProperties {
    BlockProperties {
        render: RenderKind::Cutout,
        opacity: 1,
        ..solid(name, FaceTextures::all(name))
    }
}

/// Water, still or flowing: not solid, never targeted by the look ray, translucent, and
/// costing light the same two levels whatever its level, so flowing never re-lights a lake.
const fn water(name: &'static str) -> BlockProperties {
    BlockProperties {
        name,
        colliders: NONE,
        outline: NONE,
        render: RenderKind::Translucent,
        shape: Shape::Cube,
        textures: FaceTextures::all("water"),
        breakable: false,
        opacity: 2,
        emission: 0,
        falls: false,
    }
}

/// A log: rings on its ends, bark on its sides.
const fn log_faces(end: &'static str, bark: &'static str) -> FaceTextures {
    FaceTextures {
        top: end,
        side: bark,
        bottom: end,
    }
}

/// Sandstone's faces: a smooth top, banded sides and a rough bottom.
const SANDSTONE: FaceTextures = FaceTextures {
    top: "sandstone_top",
    side: "sandstone_side",
    bottom: "sandstone_bottom",
};

/// The crafting table: a grid on top, tools on its sides, planks underneath.
const CRAFTING_TABLE: FaceTextures = FaceTextures {
    top: "crafting_table_top",
    side: "crafting_table_side",
    bottom: "planks",
};

/// A furnace's faces, with `front` on all four sides (blocks have no facing): smooth stone
/// above and below.
const fn furnace_faces(front: &'static str) -> FaceTextures {
    FaceTextures {
        top: "furnace_top",
        side: front,
        bottom: "furnace_top",
    }
}

/// The lower half of a block with `textures`: half-height sides show the lower half of
/// their tile, and light passes over it.
const fn slab(name: &'static str, textures: FaceTextures) -> BlockProperties {
    BlockProperties {
        name,
        colliders: LOWER_HALF,
        outline: LOWER_HALF,
        render: RenderKind::Cutout,
        shape: Shape::LowerHalf,
        textures,
        breakable: true,
        opacity: 0,
        emission: 0,
        falls: false,
    }
}

/// The registry, indexed by block id.
pub(super) const PROPERTIES: [BlockProperties; Block::COUNT] = [
    BlockProperties {
        name: "air",
        colliders: NONE,
        outline: NONE,
        render: RenderKind::Invisible,
        shape: Shape::Cube,
        textures: FaceTextures::all("stone"),
        breakable: false,
        opacity: 0,
        emission: 0,
        falls: false,
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
    BlockProperties {
        falls: true,
        ..solid("sand", FaceTextures::all("sand"))
    },
    BlockProperties {
        falls: true,
        ..solid("gravel", FaceTextures::all("gravel"))
    },
    BlockProperties {
        breakable: false,
        ..solid("bedrock", FaceTextures::all("bedrock"))
    },
    solid("log", log_faces("log_top", "log_side")),
    leaves("leaves"),
    solid("planks", FaceTextures::all("planks")),
    solid("cobblestone", FaceTextures::all("cobblestone")),
    BlockProperties {
        render: RenderKind::Translucent,
        opacity: 0,
        ..solid("glass", FaceTextures::all("glass"))
    },
    water("water"),
    slab(
        "stone_slab",
        FaceTextures {
            top: "stone_slab_top",
            side: "stone_slab_side",
            bottom: "stone_slab_top",
        },
    ),
    BlockProperties {
        emission: 15,
        ..solid("glowstone", FaceTextures::all("glowstone"))
    },
    torch("torch", None, TORCH_ON_FLOOR),
    torch("wall_torch_east", Some(Face::East), TORCH_POINTING_EAST),
    torch("wall_torch_west", Some(Face::West), TORCH_POINTING_WEST),
    torch("wall_torch_south", Some(Face::South), TORCH_POINTING_SOUTH),
    torch("wall_torch_north", Some(Face::North), TORCH_POINTING_NORTH),
    water("water_1"),
    water("water_2"),
    water("water_3"),
    water("water_4"),
    water("water_5"),
    water("water_6"),
    water("water_7"),
    water("water_falling"),
    solid("bricks", FaceTextures::all("bricks")),
    solid("stone_bricks", FaceTextures::all("stone_bricks")),
    solid("sandstone", SANDSTONE),
    solid("white_wool", FaceTextures::all("white_wool")),
    solid("orange_wool", FaceTextures::all("orange_wool")),
    solid("magenta_wool", FaceTextures::all("magenta_wool")),
    solid("light_blue_wool", FaceTextures::all("light_blue_wool")),
    solid("yellow_wool", FaceTextures::all("yellow_wool")),
    solid("lime_wool", FaceTextures::all("lime_wool")),
    solid("pink_wool", FaceTextures::all("pink_wool")),
    solid("gray_wool", FaceTextures::all("gray_wool")),
    solid("light_gray_wool", FaceTextures::all("light_gray_wool")),
    solid("cyan_wool", FaceTextures::all("cyan_wool")),
    solid("purple_wool", FaceTextures::all("purple_wool")),
    solid("blue_wool", FaceTextures::all("blue_wool")),
    solid("brown_wool", FaceTextures::all("brown_wool")),
    solid("green_wool", FaceTextures::all("green_wool")),
    solid("red_wool", FaceTextures::all("red_wool")),
    solid("black_wool", FaceTextures::all("black_wool")),
    solid("snow", FaceTextures::all("snow")),
    BlockProperties {
        render: RenderKind::Translucent,
        opacity: 2,
        ..solid("ice", FaceTextures::all("ice"))
    },
    solid("clay", FaceTextures::all("clay")),
    solid("spruce_log", log_faces("spruce_log_top", "spruce_log_side")),
    solid("spruce_planks", FaceTextures::all("spruce_planks")),
    solid("birch_log", log_faces("birch_log_top", "birch_log_side")),
    solid("birch_planks", FaceTextures::all("birch_planks")),
    solid("coal_ore", FaceTextures::all("coal_ore")),
    solid("iron_ore", FaceTextures::all("iron_ore")),
    solid("gold_ore", FaceTextures::all("gold_ore")),
    solid("diamond_ore", FaceTextures::all("diamond_ore")),
    slab("planks_slab", FaceTextures::all("planks")),
    slab("cobblestone_slab", FaceTextures::all("cobblestone")),
    slab("brick_slab", FaceTextures::all("bricks")),
    slab("stone_brick_slab", FaceTextures::all("stone_bricks")),
    slab("sandstone_slab", SANDSTONE),
    plant("tall_grass", BUSH),
    plant("dandelion", FLOWER),
    plant("poppy", FLOWER),
    plant("cornflower", FLOWER),
    plant("dead_bush", BUSH),
    BlockProperties {
        colliders: CACTUS,
        outline: CACTUS,
        render: RenderKind::Cutout,
        shape: Shape::Inset,
        opacity: 0,
        ..solid(
            "cactus",
            FaceTextures {
                top: "cactus_top",
                side: "cactus_side",
                bottom: "cactus_top",
            },
        )
    },
    leaves("spruce_leaves"),
    leaves("birch_leaves"),
    solid("crafting_table", CRAFTING_TABLE),
    solid("furnace", furnace_faces("furnace_front")),
    BlockProperties {
        emission: 13,
        ..solid("lit_furnace", furnace_faces("furnace_front_lit"))
    },
    solid(
        "farmland",
        FaceTextures {
            top: "farmland",
            side: "dirt",
            bottom: "dirt",
        },
    ),
    plant("wheat_0", WHEAT_0),
    plant("wheat_1", WHEAT_1),
    plant("wheat_2", WHEAT_2),
    plant("wheat_3", WHEAT_3),
    plant("wheat_4", WHEAT_4),
    plant("wheat_5", WHEAT_5),
    plant("wheat_6", WHEAT_6),
    plant("wheat_7", WHEAT_7),
    solid(
        "chest",
        FaceTextures {
            top: "chest_top",
            side: "chest_side",
            bottom: "chest_top",
        },
    ),
    door("door", "door_lower", PANEL_NORTH),
    door("door_lower_north_open", "door_lower", PANEL_EAST),
    door("door_lower_east", "door_lower", PANEL_EAST),
    door("door_lower_east_open", "door_lower", PANEL_SOUTH),
    door("door_lower_south", "door_lower", PANEL_SOUTH),
    door("door_lower_south_open", "door_lower", PANEL_WEST),
    door("door_lower_west", "door_lower", PANEL_WEST),
    door("door_lower_west_open", "door_lower", PANEL_NORTH),
    door("door_upper_north", "door_upper", PANEL_NORTH),
    door("door_upper_north_open", "door_upper", PANEL_EAST),
    door("door_upper_east", "door_upper", PANEL_EAST),
    door("door_upper_east_open", "door_upper", PANEL_SOUTH),
    door("door_upper_south", "door_upper", PANEL_SOUTH),
    door("door_upper_south_open", "door_upper", PANEL_WEST),
    door("door_upper_west", "door_upper", PANEL_WEST),
    door("door_upper_west_open", "door_upper", PANEL_NORTH),
    bed("bed", "bed_foot"),
    bed("bed_head_north", "bed_head"),
    bed("bed_foot_east", "bed_foot"),
    bed("bed_head_east", "bed_head"),
    bed("bed_foot_south", "bed_foot"),
    bed("bed_head_south", "bed_head"),
    bed("bed_foot_west", "bed_foot"),
    bed("bed_head_west", "bed_head"),
];
