//! Criterion benchmarks of the two-phase solver on seeded random states.
//!
//! `cargo bench -p rubik-solve --bench twophase` (tables in `$RUBIK_TABLES` or the user cache
//! directory; the first run builds them). Each iteration solves the next of 64 fixed random
//! states, so the figures are means over those states.

use criterion::{criterion_group, criterion_main, Criterion};
use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_solve::tables::Store;
use rubik_solve::{solver_for, Limits, Method, SolverConfig};
use std::time::Duration;

fn states() -> Vec<CubieCube> {
    let mut rng = rng_from_seed(1);
    (0..64).map(|_| CubieCube::random(&mut rng)).collect()
}

fn bench_solve(c: &mut Criterion, name: &str, config: &SolverConfig, limits: Limits) {
    let solver = solver_for(Method::Twophase, config).expect("tables");
    let cubes = states();
    let mut i = 0;
    c.bench_function(name, |b| {
        b.iter(|| {
            let cube = &cubes[i % cubes.len()];
            i += 1;
            let sol = solver.solve(cube, &limits).expect("solution");
            assert!(sol.len() <= limits.max_length.unwrap_or(20));
            sol
        })
    });
}

fn solve(c: &mut Criterion) {
    let full = SolverConfig::default();
    let at_most = |n| Limits {
        max_length: Some(n),
        ..Limits::default()
    };
    bench_solve(c, "twophase ≤21", &full, at_most(21));
    bench_solve(c, "twophase ≤20", &full, at_most(20));
    let compact = SolverConfig {
        compact: true,
        ..SolverConfig::default()
    };
    bench_solve(c, "twophase compact ≤21", &compact, at_most(21));
}

fn load(c: &mut Criterion) {
    // Loading from the on-disk cache (checksums verified), bypassing the in-process cache.
    let config = SolverConfig::default();
    let store = Store::new(&config);
    solver_for(Method::Twophase, &config).expect("tables");
    let specs = Method::Twophase.tables(&config);
    c.bench_function("twophase table load (cached)", |b| {
        b.iter(|| {
            for spec in &specs {
                spec.load_uncached(&store).expect("tables load");
            }
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5));
    targets = solve, load
}
criterion_main!(benches);
