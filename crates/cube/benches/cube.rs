//! Move application (cubie level and whole cube) and parsing.
//!
//! Run: `cargo bench -p rubik-cube --bench cube`. Each move benchmark applies a fixed sequence of
//! 100 random turns, so the per-move time is the reported time / 100 (criterion also prints the
//! throughput in turns per second).

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rubik_cube::alg::{Alg, Turn};
use rubik_cube::random::{random_moves, rng_from_seed};
use rubik_cube::{Cube, CubieCube};

const N: usize = 100;

fn moves(c: &mut Criterion) {
    let seq = random_moves(&mut rng_from_seed(1), N);
    let mut g = c.benchmark_group("apply_100_moves");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("cubiecube_face_turns", |b| {
        b.iter(|| {
            let mut x = CubieCube::SOLVED;
            for &m in black_box(&seq) {
                x = x.apply_move(m);
            }
            x
        })
    });
    g.bench_function("cube_face_turns", |b| {
        b.iter(|| {
            let mut x = Cube::solved();
            for &m in black_box(&seq) {
                x = x.apply_move(m);
            }
            x
        })
    });
    // Wide turns, slices and rotations: an outer turn plus a rotation each.
    let mixed: Vec<Turn> = Alg::parse(&"r M' x E2 u S' y' Fw z ".repeat(10))
        .unwrap()
        .turns();
    g.bench_function("cube_wide_slice_rotation_turns", |b| {
        b.iter(|| {
            let mut x = Cube::solved();
            for &t in black_box(&mixed[..N.min(mixed.len())]) {
                x = x.apply_turn(t);
            }
            x
        })
    });
    g.finish();
}

fn parsing(c: &mut Criterion) {
    let scramble = Alg::from_moves(random_moves(&mut rng_from_seed(2), 20)).to_string();
    let mut g = c.benchmark_group("parse");
    g.bench_function("scramble_20_moves", |b| {
        b.iter(|| Alg::parse(black_box(&scramble)).unwrap())
    });
    let fancy = "(r U R' U')2 // sexy\n(M2 U)2' x y2 2Rw’ Fw2 S E′ (R U2 (R' U')2)3";
    g.bench_function("groups_wide_slices_comments", |b| {
        b.iter(|| Alg::parse(black_box(fancy)).unwrap())
    });
    let facelets = CubieCube::random(&mut rng_from_seed(3)).to_facelets();
    g.bench_function("facelets_54", |b| {
        b.iter(|| Cube::from_facelets(black_box(&facelets)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, moves, parsing);
criterion_main!(benches);
