//! Time per Thistlethwaite solve of random states: the default solver (weighing
//! `DEFAULT_CANDIDATES` optimal solutions per phase) and a 16-candidate one against the
//! baseline that takes the first optimal solution of each phase, on the same seeded states.
//! Mean lengths of each are printed once.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use rubik_solve::internals::{Thistlethwaite, DEFAULT_CANDIDATES};
use rubik_solve::{Limits, SolverConfig};

fn bench(c: &mut Criterion) {
    let cubes = common::states(512);
    let limits = Limits::default();
    let mut group = c.benchmark_group("thistlethwaite");
    for (name, candidates) in [
        ("first-optimal", 1),
        ("default", DEFAULT_CANDIDATES),
        ("16-candidates", 16),
    ] {
        let solver = Thistlethwaite::new(&SolverConfig::default())
            .expect("tables")
            .with_candidates(candidates);
        common::bench_solver(&mut group, "thistlethwaite", name, &solver, &cubes, &limits);
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
