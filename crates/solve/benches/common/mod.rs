//! Shared by the method benchmarks: seeded random states, and timing one solver over them after
//! checking every solution and printing its mean length once.

use criterion::measurement::WallTime;
use criterion::BenchmarkGroup;
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_solve::{Limits, Solver};
use std::hint::black_box;

/// `n` uniformly random states from a fixed seed (the same states for every method).
pub fn states(n: usize) -> Vec<CubieCube> {
    let mut rng = rng_from_seed(2024);
    (0..n).map(|_| CubieCube::random(&mut rng)).collect()
}

/// Solves every cube once (each solution verified, mean length printed as `label`), then
/// benchmarks `solver` as `name` in `group`, cycling through the cubes.
pub fn bench_solver(
    group: &mut BenchmarkGroup<'_, WallTime>,
    label: &str,
    name: &str,
    solver: &dyn Solver,
    cubes: &[CubieCube],
    limits: &Limits,
) {
    let total: usize = cubes
        .iter()
        .map(|cube| {
            let s = solver.solve(cube, limits).expect("solvable");
            assert!(
                s.solves(cube),
                "{label}/{name}: {s} does not solve the cube"
            );
            s.len()
        })
        .sum();
    println!(
        "{label}/{name}: mean length {:.2} over {} states",
        total as f64 / cubes.len() as f64,
        cubes.len()
    );
    let mut i = 0;
    group.bench_function(name, |b| {
        b.iter(|| {
            i = (i + 1) % cubes.len();
            black_box(solver.solve(&cubes[i], limits).expect("solvable"))
        })
    });
}
