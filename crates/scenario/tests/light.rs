//! The light model, sentence by sentence, as `hewn sim` scenarios with probes. "Flat" worlds
//! have grass at y = 63 on dirt and stone; at y = 20 they are solid stone, where carved rooms
//! are dark.

use hewn_core::world::{Block, BlockPos, BlockSource};
use hewn_testing::run;

/// The (sky, block) light at each probe after the last tick of `toml`.
#[track_caller]
fn probes(toml: &str) -> Vec<(u8, u8)> {
    run(toml)
        .last()
        .light
        .iter()
        .map(|l| (l.sky, l.block))
        .collect()
}

/// A dark room of air carved in the flat world's stone, corners inclusive.
fn room(from: [i32; 3], to: [i32; 3]) -> String {
    fill(from, to, "air")
}

fn fill(from: [i32; 3], to: [i32; 3], block: &str) -> String {
    format!("[[fill]]\nfrom = {from:?}\nto = {to:?}\nblock = \"{block}\"\n")
}

#[test]
fn light_opacity_is_0_for_air_glass_slabs_and_torches_1_for_leaves_2_for_water() {
    // Two layers of the block as a 9 × 9 roof at y = 70 and 71 over flat ground; the probe
    // is the air under the middle of the roof. Sky light through opacity o drops by 1 + o a
    // layer once the cell no longer sees the sky straight up.
    let cases = [
        ("air", 15),
        ("glass", 15),
        ("stone_slab", 15),
        ("torch", 15),
        // 15 in the top layer, 15 − 1 − 1 in the next, one less in the air below.
        ("leaves", 12),
        // 15, then 15 − 1 − 2, then one less.
        ("water", 11),
        // Opaque: light comes in sideways from the edge of the roof, five steps away.
        ("stone", 10),
        ("planks", 10),
        ("glowstone", 10),
    ];
    for (block, sky) in cases {
        let toml = format!(
            "world = \"flat\"\nticks = 1\nprobes = [[0, 69, 0]]\n[player]\nposition = [20.5, 64.0, 0.5]\n{}",
            fill([-4, 70, -4], [4, 71, 4], block)
        );
        assert_eq!(probes(&toml)[0].0, sky, "under two layers of {block}");
    }
}

#[test]
fn under_a_one_block_hole_in_a_roof_the_column_has_15_and_the_cell_beside_it_14() {
    let toml = format!(
        "world = \"flat\"\nticks = 1\nprobes = [[0, 50, 0], [0, 55, 0], [1, 50, 0], [2, 50, 0], [1, 50, 1]]\n{}{}",
        room([-4, 50, -4], [4, 55, 4]),
        room([0, 56, 0], [0, 63, 0]),
    );
    assert_eq!(probes(&toml), [(15, 0), (15, 0), (14, 0), (13, 0), (13, 0)]);
}

#[test]
fn under_one_layer_of_leaves_the_air_has_14() {
    let toml = format!(
        "world = \"flat\"\nticks = 1\nprobes = [[0, 70, 0], [0, 69, 0]]\n{}",
        fill([-4, 70, -4], [4, 70, 4], "leaves")
    );
    assert_eq!(probes(&toml), [(15, 0), (14, 0)]);
}

#[test]
fn in_a_pool_the_top_water_has_15_then_12_9_6() {
    let toml = format!(
        "world = \"flat\"\nticks = 1\nprobes = [[0, 63, 0], [0, 62, 0], [0, 61, 0], [0, 60, 0]]\n{}",
        fill([-2, 60, -2], [2, 63, 2], "water")
    );
    assert_eq!(probes(&toml), [(15, 0), (12, 0), (9, 0), (6, 0)]);
}

#[test]
fn a_torch_holds_14_and_a_cell_three_steps_away_11() {
    let toml = format!(
        "world = \"flat\"\nticks = 1\nprobes = [[0, 20, 0], [3, 20, 0], [1, 21, 1], [0, 20, -3], [4, 20, 0]]\n{}{}",
        room([-4, 20, -4], [4, 24, 4]),
        fill([0, 20, 0], [0, 20, 0], "torch"),
    );
    assert_eq!(probes(&toml), [(0, 14), (0, 11), (0, 11), (0, 11), (0, 10)]);
}

#[test]
fn glowstone_holds_15_although_it_is_opaque_and_its_neighbours_14() {
    let toml = format!(
        "world = \"flat\"\nticks = 1\nprobes = [[0, 20, 0], [1, 20, 0], [0, 21, 0], [-1, 20, 0]]\n{}{}",
        room([1, 20, -2], [4, 23, 2]),
        fill([0, 20, 0], [0, 20, 0], "glowstone"),
    );
    // The glowstone is set in the room's west wall: the wall behind it stays dark.
    assert_eq!(probes(&toml), [(0, 15), (0, 14), (0, 0), (0, 0)]);
}

#[test]
fn opaque_cells_that_emit_nothing_hold_0_of_both() {
    let toml = format!(
        "world = \"flat\"\nticks = 1\nprobes = [[0, 63, 0], [2, 20, 0], [0, 19, 0]]\n{}{}",
        room([-1, 20, -1], [1, 22, 1]),
        fill([0, 20, 0], [0, 20, 0], "torch"),
    );
    // Grass under open sky, and stone beside and under a torch.
    assert_eq!(probes(&toml), [(0, 0), (0, 0), (0, 0)]);
}

#[test]
fn above_the_top_of_the_world_is_open_sky() {
    // Leaves in the top layer still see the sky; the air under them does not.
    let toml = format!(
        "world = \"empty\"\nticks = 1\nprobes = [[0, 255, 0], [0, 254, 0], [9, 255, 0]]\n{}",
        fill([-4, 255, -4], [4, 255, 4], "leaves")
    );
    assert_eq!(probes(&toml), [(15, 0), (14, 0), (15, 0)]);
}

#[test]
fn light_crosses_chunk_borders_in_x_y_and_z_and_at_negative_coordinates() {
    // A torch one step before each border, a probe two steps past it: 14 − 3.
    let cases = [
        ([-1, 20, 5], [2, 20, 5]),
        ([5, 31, 5], [5, 34, 5]),
        ([5, 20, 31], [5, 20, 34]),
        ([-33, 20, -40], [-30, 20, -40]),
        ([-40, 33, -33], [-40, 30, -33]),
        ([-40, 20, -32], [-40, 20, -35]),
    ];
    for (torch, probe) in cases {
        let toml = format!(
            "world = \"flat\"\nticks = 1\nprobes = [{probe:?}]\n{}{}",
            room(
                [
                    torch[0].min(probe[0]) - 2,
                    torch[1].min(probe[1]) - 2,
                    torch[2].min(probe[2]) - 2
                ],
                [
                    torch[0].max(probe[0]) + 2,
                    torch[1].max(probe[1]) + 2,
                    torch[2].max(probe[2]) + 2
                ],
            ),
            fill(torch, torch, "torch"),
        );
        assert_eq!(probes(&toml), [(0, 11)], "torch {torch:?}, probe {probe:?}");
    }
    // Sky light down a shaft at x = -1, seen from x = 0 and at negative z.
    let toml = format!(
        "world = \"flat\"\nticks = 1\nprobes = [[-1, 40, -20], [0, 40, -20], [1, 40, -20]]\n{}{}",
        room([-3, 40, -22], [3, 44, -18]),
        room([-1, 45, -20], [-1, 63, -20]),
    );
    assert_eq!(probes(&toml), [(15, 0), (14, 0), (13, 0)]);
}

/// A dark room with a glowstone in its north wall, and the player in it looking at it:
/// eye at (0.5, 21.62, 0.5), facing -z, the glowstone at (0, 21, -2).
fn room_with_glowstone(extra: &str) -> String {
    format!(
        "world = \"flat\"\nticks = 4\nprobes = [[0, 21, -1], [0, 21, 2], [3, 20, 2], [0, 21, -2]]\n\
         [player]\nposition = [0.5, 20.0, 0.5]\nyaw = 0.0\n{}{}{extra}",
        room([-3, 20, -1], [3, 23, 3]),
        fill([0, 21, -2], [0, 21, -2], "glowstone"),
    )
}

#[test]
fn breaking_a_glowstone_leaves_darkness_in_the_same_tick() {
    let r = run(&room_with_glowstone(
        "[[input]]\nat = 2\naction = \"break\"\n",
    ));
    let block = |tick: usize| -> Vec<u8> { r.trace[tick].light.iter().map(|l| l.block).collect() };
    assert_eq!(block(1), [14, 11, 7, 15], "lit before the break");
    assert_eq!(block(2), [0, 0, 0, 0], "dark in the tick of the break");
    assert_eq!(r.sim.world().block(BlockPos::new(0, 21, -2)), Block::AIR);
    for pos in BlockPos::cells_between(BlockPos::new(-3, 20, -2), BlockPos::new(3, 23, 3)) {
        assert_eq!(
            r.sim.world().light(pos).block(),
            0,
            "no ghost glow at {pos:?}"
        );
    }
}

#[test]
fn placing_a_glowstone_lights_the_room_in_the_same_tick() {
    let toml = format!(
        "world = \"flat\"\nticks = 3\nprobes = [[0, 21, -1]]\n[player]\nposition = [0.5, 20.0, 0.5]\nyaw = 0.0\n{}\
         [[input]]\nat = 1\naction = \"place\"\nblock = \"glowstone\"\n",
        room([-3, 20, -1], [3, 23, 3]),
    );
    let r = run(&toml);
    let block = |tick: usize| r.trace[tick].light[0].block;
    assert_eq!(
        (block(0), block(1)),
        (0, 15),
        "placed against the north wall, in the cell probed"
    );
}

#[test]
fn opening_a_wall_lets_daylight_in_and_torchlight_out() {
    // A closed stone hut on the grass with a torch inside; the player breaks the east wall.
    let toml = format!(
        "world = \"flat\"\nticks = 3\nprobes = [[3, 65, 0], [4, 65, 0], [5, 65, 0]]\n\
         [player]\nposition = [0.5, 64.0, 0.5]\nyaw = 90.0\n{}{}{}\
         [[input]]\nat = 1\naction = \"break\"\n",
        fill([-4, 64, -4], [4, 69, 4], "stone"),
        room([-3, 64, -3], [3, 68, 3]),
        fill([0, 64, 0], [0, 64, 0], "torch"),
    );
    let r = run(&toml);
    let light = |tick: usize| -> Vec<(u8, u8)> {
        r.trace[tick]
            .light
            .iter()
            .map(|l| (l.sky, l.block))
            .collect()
    };
    // Before: dark inside but for the torch (4 steps from the probe), the wall holds
    // nothing, outside is daylight.
    assert_eq!(light(0), [(0, 10), (0, 0), (15, 0)]);
    // After: the hole takes daylight from outside, the room from the hole, and the torch's
    // light reaches out.
    assert_eq!(light(1), [(13, 10), (14, 9), (15, 8)]);
}

#[test]
fn a_torch_stands_on_a_top_face_leans_on_a_side_face_and_never_hangs_under_one() {
    let place = |pitch: f64, wall: bool| {
        let toml = format!(
            "world = \"flat\"\nticks = 2\n[player]\nposition = [0.5, 64.0, 0.5]\nyaw = 90.0\npitch = {pitch:?}\n{}{}\
             [[input]]\nat = 0\naction = \"place\"\nblock = \"torch\"\n",
            if wall {
                fill([2, 64, -1], [2, 67, 1], "stone")
            } else {
                String::new()
            },
            fill([-2, 67, -2], [3, 67, 2], "stone"),
        );
        run(&toml).sim
    };
    // Looking straight down: on the grass, at the player's feet (a torch does not collide).
    let down = place(-90.0, false);
    assert_eq!(down.world().block(BlockPos::new(0, 64, 0)), Block::TORCH);
    // Looking at a wall to the east: leaning on its west face, pointing west.
    let wall = place(0.0, true);
    assert_eq!(
        wall.world().block(BlockPos::new(1, 65, 0)),
        Block::WALL_TORCH_WEST
    );
    // Looking up at a ceiling: refused.
    let up = place(90.0, false);
    let edits: Vec<_> = up.world().edits().map(|(_, e)| e.current).collect();
    assert!(!edits.iter().any(|&b| b != Block::STONE), "{edits:?}");
}

#[test]
fn a_torch_drops_when_the_block_holding_it_is_broken() {
    // A standing torch on a pillar, and a wall torch on a wall; the player breaks each
    // holder from below the torch.
    let cases = [
        // The pillar's top block, looked at from above the torch's height: hits below it.
        (
            fill([2, 64, 0], [2, 64, 0], "stone") + &fill([2, 65, 0], [2, 65, 0], "torch"),
            -20.0,
            BlockPos::new(2, 65, 0),
        ),
        // The wall block behind a torch pointing west, looked at from under the torch.
        (
            fill([2, 64, -1], [2, 67, 1], "stone")
                + &fill([1, 66, 0], [1, 66, 0], "wall_torch_west"),
            20.0,
            BlockPos::new(1, 66, 0),
        ),
    ];
    for (setup, pitch, torch) in cases {
        let toml = format!(
            "world = \"flat\"\nticks = 2\nprobes = [{:?}]\n[player]\nposition = [0.5, 64.0, 0.5]\nyaw = 90.0\npitch = {pitch:?}\n{setup}\
             [[input]]\nat = 1\naction = \"break\"\n",
            [torch.x, torch.y, torch.z]
        );
        let r = run(&toml);
        assert!(r.trace[0].light[0].block == 14, "the torch burns before");
        assert_eq!(
            r.sim.world().block(torch),
            Block::AIR,
            "dropped with its holder"
        );
        assert_eq!(r.last().light[0].block, 0, "and its light went with it");
    }
}

#[test]
fn time_runs_on_from_the_start_and_is_part_of_the_hash() {
    let at = |time: &str| run(&format!("world = \"flat\"\nticks = 10\n{time}\n[player]\n"));
    let default = at("");
    assert_eq!(
        default.last().time,
        6_010,
        "a new world starts at 6000, mid-morning"
    );
    let midnight = at("time = 54000");
    assert_eq!(midnight.last().time, 54_010);
    assert_eq!(
        at("time = 71995").last().time,
        72_005,
        "the clock runs on past a day"
    );
    assert_ne!(default.last().hash, midnight.last().hash);
    // Light the simulation keeps does not follow the time: only drawing dims the sky.
    let noon = run("world = \"flat\"\nticks = 1\ntime = 18000\nprobes = [[0, 64, 0]]\n");
    let night = run("world = \"flat\"\nticks = 1\ntime = 54000\nprobes = [[0, 64, 0]]\n");
    assert_eq!(noon.last().light, night.last().light);
}
