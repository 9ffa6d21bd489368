//! Finds cave air near the origin.
use hewn::world::ColumnSource;
use hewn::world::{Block, CHUNK_SIZE, ChunkPos, LocalPos};
use hewn::worldgen::{Generator, GeneratorKind};
fn main() {
    let g = Generator::new(GeneratorKind::Terrain, 7);
    let mut best = Vec::new();
    for x in -3..=3 {
        for z in -3..=3 {
            for y in 0..=1 {
                let c = g.generate(ChunkPos::new(x, y, z));
                let mut air = 0;
                let mut sample = None;
                for i in 0..(CHUNK_SIZE * CHUNK_SIZE * CHUNK_SIZE) as usize {
                    if c.get_index(i) == Block::Air {
                        air += 1;
                        let l = LocalPos::from_index(i);
                        if sample.is_none() && l.y > 4 && l.y < 28 {
                            sample = Some((
                                x * 32 + i32::from(l.x),
                                y * 32 + i32::from(l.y),
                                z * 32 + i32::from(l.z),
                            ));
                        }
                    }
                }
                if air > 0 {
                    best.push((air, x, y, z, sample));
                }
            }
        }
    }
    best.sort();
    for b in best.iter().rev().take(8) {
        println!("{b:?}");
    }
}
