use proptest::prelude::*;

use super::*;

/// A chunk of stone with the cells `open` dug out as air.
fn stone_with(open: impl IntoIterator<Item = [i32; 3]>) -> Neighbourhood {
    let mut n = Neighbourhood::new();
    let size = CHUNK_SIZE;
    for y in 0..size {
        for z in 0..size {
            for x in 0..size {
                n.set(x, y, z, Block::STONE);
            }
        }
    }
    for [x, y, z] in open {
        n.set(x, y, z, Block::AIR);
    }
    n
}

/// Every pair of faces `graph` joins.
fn joined(graph: Visibility) -> Vec<(Face, Face)> {
    let mut pairs = Vec::new();
    for (i, &a) in Face::ALL.iter().enumerate() {
        for &b in &Face::ALL[i + 1..] {
            if graph.connects(a, b) {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

#[test]
fn the_fifteen_pairs_have_a_bit_each() {
    let mut all = 0u16;
    for (i, &a) in Face::ALL.iter().enumerate() {
        for &b in &Face::ALL[i + 1..] {
            let one = Visibility::NONE.with(a, b);
            assert_eq!(one.bits().count_ones(), 1, "{a:?} {b:?}");
            assert_eq!(one, Visibility::NONE.with(b, a));
            assert_eq!(all & one.bits(), 0, "{a:?} {b:?} shares a bit");
            all |= one.bits();
        }
    }
    assert_eq!(Visibility(all), Visibility::ALL);
}

#[test]
fn a_tunnel_from_west_to_east_joins_those_two_faces_only() {
    let tunnel = (0..CHUNK_SIZE).map(|x| [x, 10, 20]);
    let graph = Visibility::of(&stone_with(tunnel));
    assert_eq!(joined(graph), [(Face::East, Face::West)]);
}

#[test]
fn a_tunnel_that_turns_joins_the_faces_at_its_ends() {
    // In from the north face along z, then up to the top: an L of air.
    let along = (0..=12).map(|z| [5, 7, z]);
    let up = (7..CHUNK_SIZE).map(|y| [5, y, 12]);
    let graph = Visibility::of(&stone_with(along.chain(up)));
    assert_eq!(joined(graph), [(Face::Up, Face::North)]);
}

#[test]
fn a_solid_chunk_joins_nothing_and_an_empty_one_everything() {
    assert_eq!(Visibility::of(&stone_with([])), Visibility::NONE);
    let mut solid = Neighbourhood::new();
    for y in 0..CHUNK_SIZE {
        for z in 0..CHUNK_SIZE {
            for x in 0..CHUNK_SIZE {
                solid.set(x, y, z, Block::DIRT);
            }
        }
    }
    assert_eq!(Visibility::of(&solid), Visibility::NONE);
    assert_eq!(Visibility::of(&Neighbourhood::new()), Visibility::ALL);
}

#[test]
fn a_sealed_cave_and_a_dead_end_join_nothing() {
    let cave = (4..9).flat_map(|x| (4..9).map(move |y| [x, y, 6]));
    // A dead end: in from the bottom and no further.
    let shaft = (0..20).map(|y| [30, y, 30]);
    assert_eq!(
        Visibility::of(&stone_with(cave.chain(shaft))),
        Visibility::NONE
    );
}

#[test]
fn glass_water_and_leaves_let_sight_through_and_a_wall_stops_it() {
    // A tunnel from west to east, walled at x = 16 by glass, water and leaves in turn:
    // each lets sight through; cobblestone does not.
    for (wall, through) in [
        (Block::GLASS, true),
        (Block::WATER, true),
        (Block::LEAVES, true),
        (Block::STONE_SLAB, true),
        (Block::COBBLESTONE, false),
    ] {
        let mut n = stone_with((0..CHUNK_SIZE).map(|x| [x, 3, 3]));
        n.set(16, 3, 3, wall);
        assert_eq!(
            Visibility::of(&n).connects(Face::West, Face::East),
            through,
            "{wall:?}"
        );
    }
}

#[test]
fn the_row_fill_fills_whole_runs_that_hold_a_seed() {
    let open = 0b0111_0110_1111_0000_1110_u32;
    assert_eq!(fill_runs(0b10, open), 0b1110);
    assert_eq!(fill_runs(1 << 9, open), 0b1111_0000_0000);
    assert_eq!(
        fill_runs(1 << 16 | 1 << 2, open),
        0b0111_0000_0000_0000_1110
    );
    assert_eq!(fill_runs(1 << 31, u32::MAX), u32::MAX);
    assert_eq!(fill_runs(1, u32::MAX), u32::MAX);
}

/// The graph worked out cell by cell: a breadth-first fill from every open cell on the
/// chunk's surface through the six neighbours of each cell.
fn graph_cell_by_cell(open: &[u32; N * N]) -> Visibility {
    let is_open = |[x, y, z]: [usize; 3]| open[y * N + z] & 1 << x != 0;
    let mut seen = vec![false; N * N * N];
    let index = |[x, y, z]: [usize; 3]| (y * N + z) * N + x;
    let mut graph = Visibility::NONE;
    for start in (0..N * N * N).map(|i| [i % N, i / (N * N), i / N % N]) {
        if !is_open(start) || seen[index(start)] {
            continue;
        }
        let mut faces = Vec::new();
        let mut queue = std::collections::VecDeque::from([start]);
        seen[index(start)] = true;
        while let Some(cell) = queue.pop_front() {
            for face in Face::ALL {
                let axis = face.axis() as usize;
                let step = face.normal()[face.axis()];
                let Some(c) = cell[axis]
                    .checked_add_signed(step as isize)
                    .filter(|&c| c < N)
                else {
                    faces.push(face);
                    continue;
                };
                let mut next = cell;
                next[axis] = c;
                if is_open(next) && !seen[index(next)] {
                    seen[index(next)] = true;
                    queue.push_back(next);
                }
            }
        }
        for &a in &faces {
            for &b in &faces {
                graph = graph.with(a, b);
            }
        }
    }
    graph
}

/// Rows of a made-up chunk: each layer open throughout, closed, or random cells open with
/// the layer's own odds.
fn layers() -> impl Strategy<Value = Box<[u32; N * N]>> {
    let layer = prop_oneof![
        Just(Vec::from([u32::MAX; N])),
        Just(Vec::from([0; N])),
        (0u32..4).prop_flat_map(|density| {
            prop::collection::vec(
                any::<[u32; 4]>().prop_map(move |words| {
                    // Each cell open with odds 1 in 2 to 15 in 16.
                    words[..=density as usize].iter().fold(0, |row, w| row | w)
                }),
                N,
            )
        }),
    ];
    prop::collection::vec(layer, N).prop_map(|layers| {
        let rows: Vec<u32> = layers.concat();
        Box::new(rows.try_into().expect("32 layers of 32 rows"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The row-at-a-time fill, with its shortcut through open layers, joins the faces a
    /// fill cell by cell joins.
    #[test]
    fn the_row_fill_agrees_with_a_fill_cell_by_cell(open in layers()) {
        prop_assert_eq!(Visibility::of_open_rows(&open), graph_cell_by_cell(&open));
    }
}

#[test]
fn open_layers_join_the_top_and_the_bottom_through_one_another() {
    assert_eq!(
        Visibility::of_open_rows(&[u32::MAX; N * N]),
        Visibility::ALL
    );
    // The sky over a floor with one hole in it, and a shaft from the hole to the bottom.
    let mut open = [u32::MAX; N * N];
    for y in 0..20 {
        open[y * N..(y + 1) * N].fill(0);
        open[y * N + 7] = 1 << 9;
    }
    let graph = Visibility::of_open_rows(&open);
    assert!(graph.connects(Face::Up, Face::Down));
    assert_eq!(graph, graph_cell_by_cell(&open));
}
