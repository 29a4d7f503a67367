//! Time per CFOP solve of random states (cross on D, and colour neutral), against the cross
//! alone as the baseline measured in the same run. Mean lengths are printed once.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use rubik_solve::internals::{Cfop, CfopOptions};
use rubik_solve::{solver_for, Limits, Method, Options, SolverConfig};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let cubes = common::states(512);
    let limits = Limits::default();
    let mut group = c.benchmark_group("cfop");
    for (name, cross) in [("cross-down", "d"), ("cross-any", "any")] {
        let config = SolverConfig {
            options: Options::new()
                .with("cross", Some(cross))
                .expect("a cross face"),
            ..SolverConfig::default()
        };
        let solver = solver_for(Method::Cfop, &config).expect("tables");
        common::bench_solver(&mut group, "cfop", name, &*solver, &cubes, &limits);
    }
    // The baseline, the cross alone, is a step inside the solver, not something it offers.
    let fixed = Cfop::new(&SolverConfig::default(), CfopOptions::default()).expect("tables");
    let mut i = 0;
    group.bench_function("baseline-cross-only", |b| {
        b.iter(|| {
            i = (i + 1) % cubes.len();
            black_box(fixed.cross_only(&cubes[i]))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
