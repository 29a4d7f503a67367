//! Time per Thistlethwaite solve of random states: the default solver (weighing
//! `DEFAULT_CANDIDATES` optimal solutions per phase) and a 16-candidate one against the
//! baseline that takes the first optimal solution of each phase, on the same seeded states.
//! Mean lengths of each are printed once.

use criterion::{criterion_group, criterion_main, Criterion};
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_solve::method::thistlethwaite::{Thistlethwaite, DEFAULT_CANDIDATES};
use rubik_solve::{Limits, Solver};
use std::hint::black_box;

fn states(n: usize) -> Vec<CubieCube> {
    let mut rng = rng_from_seed(2024);
    (0..n).map(|_| CubieCube::random(&mut rng)).collect()
}

fn bench(c: &mut Criterion) {
    let cubes = states(512);
    let limits = Limits::default();
    let mut group = c.benchmark_group("thistlethwaite");
    for (name, candidates) in [
        ("first-optimal", 1),
        ("default", DEFAULT_CANDIDATES),
        ("16-candidates", 16),
    ] {
        let solver = Thistlethwaite::with_candidates(candidates);
        let total: usize = cubes
            .iter()
            .map(|cube| {
                let s = solver.solve(cube, &limits).expect("solvable");
                assert!(s.solves(cube));
                s.len()
            })
            .sum();
        println!(
            "thistlethwaite/{name}: mean length {:.2} over {} states",
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
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
