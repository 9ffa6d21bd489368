//! What mods cost: loading a module of a megabyte of code, and a tick of three small mods
//! (one setting a block every tick, one greeting joins and refusing edits, one counting in
//! its storage), against a flat world. Run with `cargo bench -p hewn-mods`.

#![allow(
    missing_docs,
    reason = "criterion_group! generates undocumented functions"
)]

use std::fmt::Write as _;

use criterion::{Criterion, criterion_group, criterion_main};
use hewn_core::world::{BlockPos, World};
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_mods::Mods;

/// A module of about a megabyte of code: `count` functions of arithmetic, exported.
fn big(count: usize) -> Vec<u8> {
    let mut text = String::from("(module (memory (export \"memory\") 1)\n");
    for i in 0..count {
        let _ = write!(
            text,
            "(func (export \"f{i}\") (param i32) (result i32) local.get 0"
        );
        for k in 0..12 {
            let _ = write!(
                text,
                " i32.const {} i32.add i32.const 3 i32.mul",
                i * 13 + k
            );
        }
        text.push_str(")\n");
    }
    text.push(')');
    wat::parse_str(text).expect("assembles")
}

/// Three small mods, as the tests write them.
fn small() -> [(&'static str, Vec<u8>); 3] {
    let wasm = |t: &str| wat::parse_str(t).expect("assembles");
    [
        (
            "builder",
            wasm(
                r#"(module
                (import "hewn" "set_block" (func $set (param i32 i32 i32 i32) (result i32)))
                (import "hewn" "block_at" (func $at (param i32 i32 i32) (result i32)))
                (memory (export "memory") 1)
                (func (export "hewn_tick") (param $t i64)
                  (drop (call $set (i32.wrap_i64 (i64.rem_u (local.get $t) (i64.const 64)))
                    (i32.const 70) (i32.const 0)
                    (call $at (i32.const 0) (i32.const 63) (i32.const 0))))))"#,
            ),
        ),
        (
            "warden",
            wasm(
                r#"(module (memory (export "memory") 1)
                (func (export "hewn_alloc") (param i32) (result i32) (i32.const 1024))
                (func (export "hewn_edit") (param i32 i32 i32 i32 i32 i32) (result i32)
                  (i32.lt_s (local.get 4) (i32.const 0)))
                (func (export "hewn_tick") (param i64)))"#,
            ),
        ),
        (
            "counter",
            wasm(
                r#"(module
                (import "hewn" "storage_get" (func $get (param i32 i32 i32 i32) (result i32)))
                (import "hewn" "storage_set" (func $set (param i32 i32 i32 i32) (result i32)))
                (memory (export "memory") 1)
                (data (i32.const 0) "n")
                (func (export "hewn_tick") (param i64)
                  (drop (call $get (i32.const 0) (i32.const 1) (i32.const 8) (i32.const 4)))
                  (i32.store (i32.const 8) (i32.add (i32.load (i32.const 8)) (i32.const 1)))
                  (drop (call $set (i32.const 0) (i32.const 1) (i32.const 8) (i32.const 4)))))"#,
            ),
        ),
    ]
}

fn mods(c: &mut Criterion) {
    let mut world = World::new(Generator::new(GeneratorKind::Flat, 0));
    world.load_column(BlockPos::new(0, 64, 0).column());
    let module = big(9_200);
    println!("the big module: {} bytes", module.len());
    c.bench_function("load a module of a megabyte", |b| {
        b.iter(|| {
            let mut mods = Mods::new(1, glam::DVec3::ZERO);
            mods.load("big", &module, &mut world.loader())
                .expect("loads")
        });
    });
    let mut three = Mods::new(1, glam::DVec3::ZERO);
    for (name, wasm) in small() {
        three.load(name, &wasm, &mut world.loader()).expect("loads");
    }
    let mut tick = 0;
    c.bench_function("a tick of three small mods", |b| {
        b.iter(|| {
            tick += 1;
            three.tick(&mut world.loader(), tick)
        });
    });
    c.bench_function("ten players' edits asked of the warden", |b| {
        b.iter(|| {
            for x in 0..10 {
                let pos = BlockPos::new(x, 64, -3);
                three.allow_edit(
                    &mut world.loader(),
                    "alice",
                    pos,
                    hewn_core::world::Block::AIR,
                );
            }
        });
    });
}

criterion_group!(benches, mods);
criterion_main!(benches);
