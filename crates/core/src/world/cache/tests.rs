use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Barrier};

use super::*;
use crate::worldgen::{Generator, GeneratorKind};

/// A generator that counts the columns it is asked for.
#[derive(Debug)]
struct Counted {
    generator: Generator,
    columns: AtomicU64,
}

impl Counted {
    fn new() -> Arc<Self> {
        Arc::new(Self {
            generator: Generator::new(GeneratorKind::Terrain, 7),
            columns: AtomicU64::new(0),
        })
    }

    fn count(&self) -> u64 {
        self.columns.load(Ordering::SeqCst)
    }
}

impl ColumnSource for Counted {
    fn generate(&self, pos: ChunkPos) -> Chunk {
        self.generator.generate(pos)
    }

    fn generate_column(&self, pos: ColumnPos) -> [Chunk; COLUMN_CHUNKS] {
        self.columns.fetch_add(1, Ordering::SeqCst);
        self.generator.generate_column(pos)
    }
}

#[test]
fn a_column_asked_for_again_is_the_one_made_and_lit_the_first_time() {
    let source = Counted::new();
    let cache = ColumnCache::new(source.clone(), 16);
    let pos = ColumnPos::new(3, -2);
    let (chunks, light) = cache.lit_column(pos);
    let again = cache.generate_column(pos);
    assert_eq!(source.count(), 1);
    assert_eq!(cache.generated(), 1);
    let fresh = source.generator.generate_column(pos);
    assert!(chunks.iter().zip(&fresh).all(|(a, b)| a == b));
    assert!(again.iter().zip(&fresh).all(|(a, b)| a == b));
    assert_eq!(light, Some(light_column(&fresh)), "lit as if alone");
    assert_eq!(cache.generate(pos.chunk(4)), fresh[4]);
}

#[test]
fn threads_asking_for_one_column_at_once_make_it_once() {
    let source = Counted::new();
    let cache = Arc::new(ColumnCache::new(source.clone(), 16));
    let start = Arc::new(Barrier::new(4));
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let (cache, start) = (cache.clone(), start.clone());
            std::thread::spawn(move || {
                start.wait();
                let columns: Vec<_> = (0..4).map(|x| cache.column(ColumnPos::new(x, 0))).collect();
                columns.len()
            })
        })
        .collect();
    for thread in threads {
        assert_eq!(thread.join().expect("no thread panics"), 4);
    }
    assert_eq!(source.count(), 4, "each of the four columns made once");
}

#[test]
fn the_columns_used_longest_ago_go_first_and_come_back_the_same() {
    let source = Counted::new();
    let cache = ColumnCache::new(source.clone(), 2);
    let [a, b, c] = [0, 1, 2].map(|x| ColumnPos::new(x, 5));
    let first = cache.column(a);
    let _ = cache.column(b);
    let _ = cache.column(a);
    let _ = cache.column(c);
    assert_eq!(cache.len(), 2);
    assert_eq!(source.count(), 3);
    let _ = cache.column(a);
    assert_eq!(source.count(), 3, "a was used after b, so b went");
    let _ = cache.column(b);
    assert_eq!(source.count(), 4);
    cache.set_capacity(1);
    assert_eq!(cache.len(), 1);
    let _ = cache.column(a);
    let again = cache.column(a);
    assert!(first.chunks.iter().zip(&again.chunks).all(|(x, y)| x == y));
}

#[test]
fn a_world_over_a_cache_holds_what_it_would_hold_without_one() {
    let generator = Arc::new(Generator::new(GeneratorKind::Terrain, 11));
    let mut plain = crate::world::World::with_shared_source(generator.clone());
    let mut cached = crate::world::World::with_shared_source(generator);
    let cache = cached.cache_columns(64);
    let around = crate::world::BlockPos::new(40, 70, -20);
    plain.load_light_around(around);
    cached.load_light_around(around);
    assert!(cache.generated() > 0);
    for pos in plain.loaded_chunks() {
        assert_eq!(plain.chunk(pos), cached.chunk(pos), "{pos:?}");
        assert_eq!(plain.chunk_light(pos), cached.chunk_light(pos), "{pos:?}");
    }
}
