//! Time per CFOP solve of random states (cross on D, and colour neutral), against the cross
//! alone as the baseline measured in the same run. Mean lengths are printed once.

use criterion::{criterion_group, criterion_main, Criterion};
use rubik_cube::random::rng_from_seed;
use rubik_cube::{CubieCube, Face};
use rubik_solve::method::cfop::{Cfop, CfopOptions, CrossFace};
use rubik_solve::{Limits, Solver};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut rng = rng_from_seed(2024);
    let cubes: Vec<CubieCube> = (0..512).map(|_| CubieCube::random(&mut rng)).collect();
    let limits = Limits::default();
    let mut group = c.benchmark_group("cfop");
    for (name, cross) in [
        ("cross-down", CrossFace::Fixed(Face::D)),
        ("cross-any", CrossFace::Any),
    ] {
        let solver = Cfop::with_options(CfopOptions { cross });
        let total: usize = cubes
            .iter()
            .map(|cube| {
                let s = solver.solve(cube, &limits).expect("solvable");
                assert!(s.solves(cube));
                s.len()
            })
            .sum();
        println!(
            "cfop/{name}: mean length {:.2} over {} states",
            total as f64 / cubes.len() as f64,
            cubes.len()
        );
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % cubes.len();
                black_box(solver.solve(&cubes[i], &limits).expect("solvable"))
            })
        });
    }
    let mut i = 0;
    group.bench_function("baseline-cross-only", |b| {
        b.iter(|| {
            i = (i + 1) % cubes.len();
            black_box(Cfop::new().cross_only(&cubes[i]))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
