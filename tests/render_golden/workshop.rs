//! A golden image of the survival blocks: a crafting table, a cold furnace and a burning one
//! in a room no daylight reaches, lit by the fire alone, with the table and the furnace in
//! the hotbar.

use super::*;
use hewn_core::sim::Item;

/// The workshop, its third block `fire` (a lit furnace, or a cold one), seen from the room's
/// middle.
fn workshop(renderer: &mut Renderer, fire: Block) -> image::RgbaImage {
    // A room of cobblestone under the flat world's grass.
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    let shell = BlockPos::cells_between(BlockPos::new(-1, 44, -8), BlockPos::new(10, 50, 4));
    world.set_blocks(shell.map(|p| (p, Block::COBBLESTONE)));
    let inside = BlockPos::cells_between(BlockPos::new(0, 45, -7), BlockPos::new(9, 49, 3));
    world.set_blocks(inside.map(|p| (p, Block::AIR)));
    world.set_block(BlockPos::new(3, 45, -3), Block::CRAFTING_TABLE);
    world.set_block(BlockPos::new(4, 45, -3), Block::FURNACE);
    world.set_block(BlockPos::new(5, 45, -3), fire);
    upload_around(renderer, &mut world, ChunkPos::new(0, 1, 0));
    let mut hotbar = hewn_core::sim::DEFAULT_HOTBAR;
    hotbar[0] = Item::Block(Block::CRAFTING_TABLE);
    hotbar[1] = Item::Block(Block::FURNACE);
    let hud = HudState {
        hotbar,
        selected: 1,
        ..HudState::default()
    };
    let scene = Scene {
        hud: Some(&hud),
        ..Scene::plain(
            camera(DVec3::new(4.5, 46.8, 0.5), 0.0, -20.0),
            NOON,
            (60.0, 90.0),
        )
    };
    renderer.capture(SIZE, &scene).expect("frame reads back")
}

#[test]
fn a_burning_furnace_lights_a_workshop() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let lit = workshop(&mut renderer, Block::LIT_FURNACE);
    assert_matches_golden("workshop", &lit);
    // With the fire out, the same room is dark: the fire is the only light.
    let cold = workshop(&mut renderer, Block::FURNACE);
    let room = ((0, 320), (0, 150));
    let (lit, cold) = (
        mean_brightness(&lit, room.0, room.1),
        mean_brightness(&cold, room.0, room.1),
    );
    assert!(lit > 2.0 * cold, "{lit} lit, {cold} cold");
}
