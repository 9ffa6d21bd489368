//! Golden images of playing with others: the multiplayer screen with a saved server and a
//! LAN game listed, three lines of chat, and the player list.

use super::*;
use hewn::app::servers::SavedServer;
use hewn::app::ui::multiplayer::{self, LanRow, MultiplayerState, PingStatus, ServerRow};

/// The fixed scene by day with `hud` over it.
fn scene_with_hud(renderer: &mut Renderer, hud: &HudState) -> image::RgbaImage {
    let mut world = scene_world();
    upload_around(renderer, &mut world, ChunkPos::new(0, 2, 0));
    let scene = Scene {
        hud: Some(hud),
        ..Scene::plain(
            camera(DVec3::new(0.5, 66.62, 2.5), 0.0, -20.0),
            NOON,
            (30.0, 60.0),
        )
    };
    renderer
        .capture(MENU_SIZE, &scene)
        .expect("frame reads back")
}

#[test]
fn the_multiplayer_screen_lists_a_saved_server_and_a_lan_game() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let servers = [ServerRow {
        saved: SavedServer {
            name: "Castle builders".to_owned(),
            address: "127.0.0.1:30565".to_owned(),
        },
        status: PingStatus::Answered {
            motd: "Welcome to the castle".to_owned(),
            online: 3,
            max_players: 20,
            round_trip_ms: 12,
            compatible: true,
            password: false,
        },
    }];
    let lan = [LanRow {
        addr: "127.0.0.1:40123".parse().expect("an address"),
        motd: "alice - Meadow".to_owned(),
    }];
    let mut state = MultiplayerState::default();
    let frame = menus(&mut renderer, |ui| {
        assert_eq!(multiplayer::show(ui, &mut state, &servers, &lan), None);
    });
    let scene = Scene {
        menus: Some(&frame),
        ..Scene::plain(
            camera(DVec3::new(0.0, 80.0, 0.0), 0.0, 10.0),
            NOON,
            (200.0, 250.0),
        )
    };
    let (picture, sky_only) = with_and_without_menus(&mut renderer, &scene);
    let list = ((120, 520), (80, 260));
    assert!(
        mean_brightness(&picture, list.0, list.1)
            < mean_brightness(&sky_only, list.0, list.1) - 20.0,
        "the server list is drawn over the sky"
    );
    assert_matches_golden("multiplayer", &picture);
}

#[test]
fn three_lines_of_chat_show_at_the_bottom_left() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let plain = scene_with_hud(&mut renderer, &HudState::default());
    let hud = HudState {
        chat: vec![
            ("bob joined the game".to_owned(), 1.0),
            ("<bob> hello there".to_owned(), 1.0),
            ("<alice> shall we build a tower?".to_owned(), 1.0),
        ],
        ..HudState::default()
    };
    let picture = scene_with_hud(&mut renderer, &hud);
    let (w, h) = MENU_SIZE;
    let bottom_left = ((0, w / 2), (h / 2, h - 40));
    let top_right = ((w / 2, w), (0, h / 3));
    assert!(
        (mean_brightness(&picture, bottom_left.0, bottom_left.1)
            - mean_brightness(&plain, bottom_left.0, bottom_left.1))
        .abs()
            > 3.0,
        "the chat is drawn at the bottom left"
    );
    assert!(
        (mean_brightness(&picture, top_right.0, top_right.1)
            - mean_brightness(&plain, top_right.0, top_right.1))
        .abs()
            < 0.5,
        "and nowhere near the top right"
    );
    assert_matches_golden("chat", &picture);
}

#[test]
fn the_player_list_shows_names_and_round_trips() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut renderer =
        Renderer::new(&gpu, wgpu::TextureFormat::Rgba8UnormSrgb).expect("renderer starts");
    let plain = scene_with_hud(&mut renderer, &HudState::default());
    let hud = HudState {
        // As the game writes them (app/view.rs).
        player_list: Some(vec![
            "Players online: 3".to_owned(),
            format!("{:<16} {:>5} ms", "alice", 12),
            format!("{:<16} {:>5} ms", "bob", 48),
            format!("{:<16} {:>5} ms", "carol", 105),
        ]),
        ..HudState::default()
    };
    let picture = scene_with_hud(&mut renderer, &hud);
    let (w, _) = MENU_SIZE;
    let top_middle = ((w / 3, 2 * w / 3), (0, 80));
    assert!(
        (mean_brightness(&picture, top_middle.0, top_middle.1)
            - mean_brightness(&plain, top_middle.0, top_middle.1))
        .abs()
            > 3.0,
        "the list is drawn at the top middle"
    );
    assert_matches_golden("player-list", &picture);
}
