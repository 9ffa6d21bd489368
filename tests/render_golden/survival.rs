//! Golden images of survival: the hearts and the air over the hotbar's stacks with items
//! lying on the grass, the cracks over a block being dug, the inventory with its crafting
//! grid, a double chest's screen, the death screen, and the player's own arm holding
//! nothing, a block, a tool and a torch.

use super::*;
use hewn::app::ui::crafting::{self, CraftingState, ScreenView};
use hewn::app::ui::death;
use hewn_core::sim::Item;
use hewn_core::sim::survival::{Furnace, SLOTS, Stack, Station};
use hewn_render::{Crack, FirstPerson, ItemSprite, SurvivalHud};

fn item(name: &str) -> Item {
    Item::from_name(name).expect("an item")
}

/// A hotbar as a player a few minutes in carries it: planks, logs, sticks, a worn wooden
/// pickaxe, a single cobblestone, torches and coal.
fn hotbar() -> [Option<Stack>; 9] {
    let pickaxe = Stack {
        wear: 40,
        ..Stack::new(item("wooden_pickaxe"), 1)
    };
    [
        Some(Stack::new(item("planks"), 64)),
        Some(Stack::new(item("log"), 3)),
        Some(Stack::new(item("stick"), 12)),
        Some(pickaxe),
        Some(Stack::new(item("cobblestone"), 1)),
        Some(Stack::new(item("torch"), 16)),
        None,
        None,
        Some(Stack::new(item("coal"), 5)),
    ]
}

/// `item` lying on the flat world's grass at `x`, `z`, `age` ticks old.
fn lying(name: &str, x: f64, z: f64, age: f64) -> ItemSprite {
    ItemSprite {
        item: item(name),
        position: DVec3::new(x, 64.0, z),
        age,
        light: Light::SKY,
    }
}

/// The fixed scene at [`MENU_SIZE`] with `hud`, `items`, `crack` and `menus`, from `eye`
/// looking along `yaw` and `pitch`.
fn survival_scene(
    renderer: &mut Renderer,
    view: (DVec3, f64, f64),
    hud: Option<&HudState>,
    items: &[ItemSprite],
    crack: Option<&Crack>,
    menus: Option<&MenuFrame>,
    hand: Option<&FirstPerson>,
) -> image::RgbaImage {
    let mut world = scene_world();
    upload_around(renderer, &mut world, ChunkPos::new(0, 2, 0));
    let scene = Scene {
        items,
        crack,
        hud,
        menus,
        hand,
        ..Scene::plain(camera(view.0, view.1, view.2), NOON, (40.0, 60.0))
    };
    renderer
        .capture(MENU_SIZE, &scene)
        .expect("frame reads back")
}

/// Where the golden scenes look from: the fixed scene's eye, as in the other goldens.
const EYE: (DVec3, f64, f64) = (DVec3::new(0.5, 66.62, 2.5), 0.0, -20.0);

#[test]
fn hearts_hunger_and_air_over_the_hotbar_and_items_lying_on_the_grass() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let hud = HudState {
        selected: 3,
        scale: Some(2.0),
        survival: Some(SurvivalHud {
            hotbar: hotbar(),
            health: 7,
            hunger: 13,
            air: Some(400),
        }),
        ..HudState::default()
    };
    let items = [
        lying("dirt", 0.5, -1.0, 0.0),
        lying("log", -0.3, -1.6, 40.0),
        lying("stick", 1.4, -1.2, 20.0),
        lying("wooden_pickaxe", 1.0, -1.9, 5.0),
        lying("coal", -1.2, -0.8, 10.0),
    ];
    let picture = survival_scene(&mut renderer, EYE, Some(&hud), &items, None, None, None);
    assert_matches_golden("survival-hud", &picture);
    // The hearts (left, over the hotbar) are red where full, hunger's drumsticks (right)
    // brown, and the bubbles blue, a row above the drumsticks.
    let (w, h) = MENU_SIZE;
    let hearts_row = (h - 4 * 2 - 44 - 2 - 4 - 18, h - 4 * 2 - 44 - 2 - 4);
    let hotbar_left = w / 2 - 198;
    let redness = |x0: u32, x1: u32| {
        let mut red = 0;
        for y in hearts_row.0..hearts_row.1 {
            for x in x0..x1 {
                let p = picture.get_pixel(x, y);
                if p[0] > 150 && p[1] < 80 && p[2] < 80 {
                    red += 1;
                }
            }
        }
        red
    };
    assert!(redness(hotbar_left, hotbar_left + 64) > 50, "full hearts");
    assert!(
        redness(hotbar_left + 80, hotbar_left + 160) < 10,
        "empty hearts"
    );
    let meat = (hearts_row.0..hearts_row.1)
        .flat_map(|y| (hotbar_left + 300..hotbar_left + 396).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = picture.get_pixel(x, y);
            p[0] > 170 && (90..150).contains(&p[1]) && p[2] < 90
        })
        .count();
    assert!(meat > 50, "six and a half drumsticks: {meat}");
    let bubbles = (hearts_row.0 - 20..hearts_row.1 - 20)
        .flat_map(|y| (hotbar_left + 300..hotbar_left + 396).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = picture.get_pixel(x, y);
            p[2] > 180 && p[0] < 160
        })
        .count();
    assert!(bubbles > 50, "five bubbles of air: {bubbles}");
}

#[test]
fn cracks_cover_the_block_being_dug() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    // Close to the stone block, looking down at its top, west and south faces.
    let view = (DVec3::new(0.6, 66.2, -2.4), 60.0, -38.0);
    let stone = BlockPos::new(2, 64, -4).min_corner();
    let crack = Crack {
        boxes: vec![(stone, stone + DVec3::ONE)],
        stage: 6,
        light: Light::SKY,
    };
    let cracked = survival_scene(&mut renderer, view, None, &[], Some(&crack), None, None);
    assert_matches_golden("crack", &cracked);
    let whole = survival_scene(&mut renderer, view, None, &[], None, None, None);
    let different = cracked
        .pixels()
        .zip(whole.pixels())
        .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 30))
        .count();
    assert!(different > 1000, "the cracks show: {different} pixels");
}

/// The inventory open with logs in the grid: what the grid makes, and the player's stacks.
fn inventory_view() -> ScreenView {
    let mut inventory = [None; SLOTS];
    inventory[..9].copy_from_slice(&hotbar());
    inventory[9] = Some(Stack::new(item("dirt"), 23));
    inventory[10] = Some(Stack::new(item("sand"), 64));
    inventory[20] = Some(Stack::new(item("iron_ore"), 4));
    let mut grid = [None; 9];
    grid[0] = Some(Stack::new(item("log"), 2));
    ScreenView {
        station: Station::Inventory,
        inventory,
        grid,
        cursor: None,
        furnace: Furnace::default(),
        chest: Vec::new(),
        // Enough carried for the recipe book to list the first tools and blocks.
        seen: [
            "log",
            "planks",
            "stick",
            "cobblestone",
            "coal",
            "dirt",
            "sand",
        ]
        .map(item)
        .into(),
        selected: 3,
    }
}

/// The survival screen showing `view` over the fixed scene, untouched by any click.
fn screen_picture(renderer: &mut Renderer, view: &ScreenView) -> image::RgbaImage {
    let atlas = renderer.menu_atlas();
    let mut state = CraftingState::default();
    let frame = menus(renderer, |ui| {
        let clicked = crafting::show(ui, &mut state, view, atlas);
        assert!(clicked.is_empty(), "nothing clicked");
    });
    survival_scene(renderer, EYE, None, &[], None, Some(&frame), None)
}

#[test]
fn the_inventory_shows_its_crafting_grid_what_it_makes_and_the_recipe_book() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let view = inventory_view();
    assert_eq!(
        view.result(),
        Some(Stack::new(item("planks"), 4)),
        "a log makes four planks"
    );
    assert_matches_golden("inventory", &screen_picture(&mut renderer, &view));
}

#[test]
fn a_double_chest_shows_its_six_rows_over_the_inventory() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let mut chest = vec![None; 54];
    chest[0] = Some(Stack::new(item("cobblestone"), 64));
    chest[1] = Some(Stack::new(item("cobblestone"), 40));
    chest[10] = Some(Stack::new(item("bread"), 7));
    chest[30] = Some(Stack::new(item("wheat_seeds"), 12));
    chest[53] = Some(Stack::new(item("iron_ingot"), 9));
    let view = ScreenView {
        station: Station::Chest(hewn_core::world::BlockPos::new(2, 64, -3)),
        chest,
        ..inventory_view()
    };
    assert_matches_golden("chest", &screen_picture(&mut renderer, &view));
}

#[test]
fn the_death_screen_tints_the_world_red() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let frame = menus(&mut renderer, |ui| {
        assert_eq!(death::show(ui, "You hit the ground too hard"), None);
    });
    let hud = HudState {
        scale: Some(2.0),
        survival: Some(SurvivalHud {
            hotbar: hotbar(),
            health: 0,
            hunger: 20,
            air: None,
        }),
        ..HudState::default()
    };
    let picture = survival_scene(
        &mut renderer,
        EYE,
        Some(&hud),
        &[],
        None,
        Some(&frame),
        None,
    );
    assert_matches_golden("death", &picture);
    let plain = survival_scene(&mut renderer, EYE, Some(&hud), &[], None, None, None);
    let corner = |p: &image::RgbaImage| {
        let px = p.get_pixel(20, 20);
        (i32::from(px[0]), i32::from(px[2]))
    };
    let ((r, b), (r0, b0)) = (corner(&picture), corner(&plain));
    assert!(
        r - b > r0 - b0 + 40,
        "the sky behind is redder: {r},{b} vs {r0},{b0}"
    );
}

/// The fixed scene from the golden eye with the player's own arm holding `held`.
fn hand_scene(renderer: &mut Renderer, held: Option<&str>) -> image::RgbaImage {
    let hand = FirstPerson {
        name: "player".to_owned(),
        held: held.map(item),
        swing: 0.0,
        light: Light::SKY,
    };
    survival_scene(renderer, EYE, None, &[], None, None, Some(&hand))
}

#[test]
fn the_hand_is_drawn_empty_and_holding_a_block_a_tool_and_a_torch() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let (w, h) = MENU_SIZE;
    // The lower right quarter, where the arm is, against the scene without it.
    let quarter = |p: &image::RgbaImage| {
        let mut skin = 0;
        for y in h / 2..h {
            for x in w / 2..w {
                let px = p.get_pixel(x, y);
                // The arm's skin: light, warm, more red than blue.
                if px[0] > 150 && px[0] > px[2] + 30 && px[1] > 100 {
                    skin += 1;
                }
            }
        }
        skin
    };
    let without = survival_scene(&mut renderer, EYE, None, &[], None, None, None);
    assert!(quarter(&without) < 50, "no arm without the hand");
    for (name, held) in [
        ("hand-empty", None),
        ("hand-block", Some("cobblestone")),
        ("hand-tool", Some("iron_pickaxe")),
        ("hand-torch", Some("torch")),
    ] {
        let picture = hand_scene(&mut renderer, held);
        assert_matches_golden(name, &picture);
        assert!(
            quarter(&picture) > 500,
            "{name}: the arm shows at the lower right"
        );
        if held.is_some() {
            let empty = hand_scene(&mut renderer, None);
            let differs = picture
                .pixels()
                .zip(empty.pixels())
                .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 40))
                .count();
            assert!(
                differs > 200,
                "{name}: what is held shows ({differs} pixels)"
            );
        }
    }
}
