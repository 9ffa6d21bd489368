//! hewn's mesher against the other Rust meshers on the same 64 terrain chunks.

use std::collections::BTreeSet;
use std::hint::black_box;
use std::time::{Duration, Instant};

use binary_greedy_meshing as bgm;
use block_mesh::ndshape::{ConstShape, ConstShape3u32};
use block_mesh::{
    GreedyQuadsBuffer, MergeVoxel, RIGHT_HANDED_Y_UP_CONFIG, UnitQuadBuffer, Voxel,
    VoxelVisibility, greedy_quads, visible_block_faces,
};
use criterion::Criterion;
use hewn_core::world::{Block, BlockPos, COLUMN_CHUNKS, ChunkPos, RenderKind, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mesh::{ChunkMesh, Neighbourhood};

/// Chunks in the comparison.
const CHUNKS: usize = 64;
/// Rounds of the interleaved timing behind the table.
const ROUNDS: usize = 40;
/// Cells along each side of a chunk with its one-cell border.
const PADDED: u32 = 34;

type PaddedShape = ConstShape3u32<PADDED, PADDED, PADDED>;

/// A hewn block as block-mesh-rs sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
struct BlockVoxel(Block);

impl Voxel for BlockVoxel {
    fn get_visibility(&self) -> VoxelVisibility {
        match self.0.properties().render {
            RenderKind::Invisible => VoxelVisibility::Empty,
            RenderKind::Opaque => VoxelVisibility::Opaque,
            RenderKind::Cutout | RenderKind::Translucent => VoxelVisibility::Translucent,
        }
    }
}

impl MergeVoxel for BlockVoxel {
    type MergeValue = Block;

    fn merge_value(&self) -> Block {
        self.0
    }
}

/// One chunk in each mesher's input format, made before any timing.
struct Inputs {
    hewn: Neighbourhood,
    /// For block-mesh-rs: x fastest, then y, then z.
    voxels: Vec<BlockVoxel>,
    /// For binary-greedy-meshing: block ids, z fastest, then x, then y, 0 for air.
    ids: Vec<u16>,
    opaque_mask: Box<[u64]>,
    trans_mask: Box<[u64]>,
}

impl Inputs {
    fn new(hewn: Neighbourhood) -> Self {
        let mut voxels = vec![BlockVoxel(Block::AIR); PaddedShape::SIZE as usize];
        let mut ids = vec![0u16; bgm::Mesher::<32>::CS_P3];
        for y in 0..PADDED {
            for z in 0..PADDED {
                for x in 0..PADDED {
                    let block = hewn.get(x as i32 - 1, y as i32 - 1, z as i32 - 1);
                    voxels[PaddedShape::linearize([x, y, z]) as usize] = BlockVoxel(block);
                    let (x, y, z) = (x as usize, y as usize, z as usize);
                    ids[z + x * PADDED as usize + y * (PADDED * PADDED) as usize] = block.id();
                }
            }
        }
        let transparent: BTreeSet<u16> = Block::all()
            .filter(|b| {
                matches!(
                    b.properties().render,
                    RenderKind::Cutout | RenderKind::Translucent
                )
            })
            .map(Block::id)
            .collect();
        Self {
            opaque_mask: bgm::compute_opaque_mask::<32>(&ids, &transparent),
            trans_mask: bgm::compute_transparent_mask::<32>(&ids, &transparent),
            hewn,
            voxels,
            ids,
        }
    }
}

/// The 64 chunks nearest seed 7's spawn that have faces to draw, with every column around
/// them loaded so that their borders and light are complete.
fn chunks() -> Vec<Inputs> {
    let generator = Generator::new(GeneratorKind::Terrain, 7);
    let spawn = BlockPos::containing(generator.spawn_point()).chunk();
    let mut world = World::new(generator);
    for column in spawn.column().around(3) {
        world.load_column(column);
    }
    let mut near: Vec<ChunkPos> = spawn
        .column()
        .around(2)
        .flat_map(|column| (0..COLUMN_CHUNKS as i32).map(move |y| column.chunk(y)))
        .collect();
    near.sort_by_key(|&c| {
        let d = c.to_ivec3() - spawn.to_ivec3();
        (d.length_squared(), c.to_ivec3().to_array())
    });
    let mut mesh = ChunkMesh::default();
    near.into_iter()
        .map(|pos| Neighbourhood::from_world(&world, pos))
        .filter(|n| {
            mesh.build_unmerged(n);
            !mesh.is_empty()
        })
        .take(CHUNKS)
        .map(Inputs::new)
        .collect()
}

/// A mesher under comparison: meshes one chunk, returns its quads.
struct Mesher {
    name: &'static str,
    run: Box<dyn FnMut(&Inputs) -> usize>,
}

fn meshers() -> Vec<Mesher> {
    let mut hewn = ChunkMesh::default();
    let mut single = ChunkMesh::default();
    let mut unit = UnitQuadBuffer::new();
    let mut greedy = GreedyQuadsBuffer::new(PaddedShape::SIZE as usize);
    let mut fast = bgm::Mesher::<32>::new();
    let faces = RIGHT_HANDED_Y_UP_CONFIG.faces;
    vec![
        Mesher {
            name: "hewn ChunkMesh::build (greedy, AO, light)",
            run: Box::new(move |c| {
                hewn.build(&c.hewn);
                hewn.quad_count()
            }),
        },
        Mesher {
            name: "hewn build_unmerged (culled, AO, light)",
            run: Box::new(move |c| {
                single.build_unmerged(&c.hewn);
                single.quad_count()
            }),
        },
        Mesher {
            name: "block-mesh visible_block_faces (culled)",
            run: Box::new(move |c| {
                unit.reset();
                let max = [PADDED - 1; 3];
                visible_block_faces(&c.voxels, &PaddedShape {}, [0; 3], max, &faces, &mut unit);
                unit.num_quads()
            }),
        },
        Mesher {
            name: "block-mesh greedy_quads (greedy)",
            run: Box::new(move |c| {
                greedy.reset(PaddedShape::SIZE as usize);
                let max = [PADDED - 1; 3];
                greedy_quads(&c.voxels, &PaddedShape {}, [0; 3], max, &faces, &mut greedy);
                greedy.quads.num_quads()
            }),
        },
        Mesher {
            name: "binary-greedy-meshing fast_mesh (greedy)",
            run: Box::new(move |c| {
                fast.clear();
                fast.fast_mesh(&c.ids, &c.opaque_mask, &c.trans_mask);
                fast.quads.iter().map(Vec::len).sum()
            }),
        },
    ]
}

/// Meshes every chunk with each mesher in turn, round after round, and prints each one's
/// median time and quads per chunk, with ratios to hewn's greedy mesher (the first).
fn print_table(chunks: &[Inputs], meshers: &mut [Mesher]) {
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); meshers.len()];
    let mut quads = vec![0; meshers.len()];
    for _ in 0..ROUNDS {
        for (m, mesher) in meshers.iter_mut().enumerate() {
            let start = Instant::now();
            quads[m] = chunks
                .iter()
                .map(|c| (mesher.run)(black_box(c)))
                .sum::<usize>();
            times[m].push(start.elapsed());
        }
    }
    let per_chunk: Vec<f64> = times
        .iter_mut()
        .map(|t| {
            t.sort_unstable();
            t[t.len() / 2].as_secs_f64() * 1e6 / chunks.len() as f64
        })
        .collect();
    let quads_per_chunk: Vec<f64> = quads
        .iter()
        .map(|&q| q as f64 / chunks.len() as f64)
        .collect();
    println!(
        "\n{} chunks around seed 7's spawn, median of {ROUNDS} interleaved rounds:",
        chunks.len()
    );
    println!("| mesher | µs per chunk | × hewn's time | quads per chunk | × hewn's quads |");
    println!("|---|---|---|---|---|");
    for (m, mesher) in meshers.iter().enumerate() {
        println!(
            "| {} | {:.1} | {:.2} | {:.0} | {:.2} |",
            mesher.name,
            per_chunk[m],
            per_chunk[m] / per_chunk[0],
            quads_per_chunk[m],
            quads_per_chunk[m] / quads_per_chunk[0]
        );
    }
    println!();
}

/// The table, then each mesher over all 64 chunks under criterion.
pub fn bench(c: &mut Criterion) {
    let chunks = chunks();
    let mut meshers = meshers();
    print_table(&chunks, &mut meshers);
    for mesher in &mut meshers {
        c.bench_function(&format!("64 chunks: {}", mesher.name), |b| {
            b.iter(|| {
                chunks
                    .iter()
                    .map(|chunk| (mesher.run)(black_box(chunk)))
                    .sum::<usize>()
            });
        });
    }
}
