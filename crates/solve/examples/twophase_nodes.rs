//! Measures the two-phase search on a list of cubes, for side-by-side runs with other solvers
//! on the same states: mean length, search nodes, CPU and wall time per cube. Every solution is
//! applied to its cube and checked after the timed loop.
//!
//! `twophase_nodes [--count N] [--max-length L] [--timeout-ms T] [--improve] [--compact]
//! [--tables DIR] [--file FACELETS_FILE]` — without `--file`, seeded random states (seed 1).

use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_solve::internals::TwophaseSolver;
use rubik_solve::{Limits, SolverConfig};
use std::time::{Duration, Instant};

mod support;

use support::cpu_seconds;

/// The time-stamp counter (0 off x86-64).
fn tsc() -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: rdtsc has no preconditions on x86-64.
    unsafe {
        return core::arch::x86_64::_rdtsc();
    }
    #[allow(unreachable_code)]
    0
}

fn main() {
    let mut count = 200;
    let mut limits = Limits::default();
    let mut config = SolverConfig::default();
    let mut file = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().expect("missing value");
        match a.as_str() {
            "--count" => count = val().parse().expect("count"),
            "--max-length" => limits.max_length = Some(val().parse().expect("length")),
            "--timeout-ms" => {
                limits.timeout = Some(Duration::from_millis(val().parse().expect("ms")))
            }
            "--improve" => limits.improve = true,
            "--compact" => config.compact = true,
            "--tables" => config.table_dir = Some(val().into()),
            "--file" => file = Some(val()),
            other => panic!("unknown argument {other}"),
        }
    }
    let cubes: Vec<CubieCube> = match file {
        Some(f) => std::fs::read_to_string(f)
            .expect("cube file")
            .lines()
            .take(count)
            .map(|l| CubieCube::from_facelets(l.trim()).expect("facelets"))
            .collect(),
        None => {
            let mut rng = rng_from_seed(1);
            (0..count).map(|_| CubieCube::random(&mut rng)).collect()
        }
    };
    let t = Instant::now();
    let solver = TwophaseSolver::new(&config).expect("tables");
    let load = t.elapsed();
    let (mut nodes, mut len, mut solved) = (0u64, 0usize, 0usize);
    let mut times = Vec::with_capacity(cubes.len());
    let mut found = Vec::with_capacity(cubes.len());
    let _ = rubik_solve::internals::twophase_stats();
    let cpu = cpu_seconds();
    let tsc0 = tsc();
    let t = Instant::now();
    for cube in &cubes {
        let t1 = Instant::now();
        let out = solver.search(cube, &limits);
        times.push(t1.elapsed());
        nodes += out.nodes;
        if let Some(b) = out.best {
            len += b.len();
            solved += 1;
            found.push((cube, b));
        }
    }
    let wall = t.elapsed().as_secs_f64();
    let secs = cpu_seconds() - cpu;
    let st = rubik_solve::internals::twophase_stats();
    let tsc_all = tsc().wrapping_sub(tsc0).max(1);
    for (cube, sol) in &found {
        let moves = sol.moves().0;
        assert!(
            cube.apply_moves(&moves).is_solved(),
            "a solution does not solve its cube"
        );
    }
    times.sort_unstable();
    let n = cubes.len() as f64;
    println!(
        "{} cubes, {:?}, compact {}: table load {:.3} s; solved and verified {solved}, mean length {:.3}; \
         nodes/cube {:.0}; CPU ms/cube {:.4}; wall ms/cube mean {:.4} median {:.4}",
        cubes.len(),
        limits,
        config.compact,
        load.as_secs_f64(),
        len as f64 / solved.max(1) as f64,
        nodes as f64 / n,
        secs * 1e3 / n,
        wall * 1e3 / n,
        times[times.len() / 2].as_secs_f64() * 1e3,
    );
    if st.leaves > 0 {
        // Only with `--features stats`.
        let per = |v: u64| v as f64 / n;
        println!(
            "per cube: phase-1 nodes {:.0}, phase-1 solutions {:.0}, past the precheck {:.0}, \
             phase-2 searches {:.0}, phase-2 nodes {:.0}; phase-2 share of the time-stamp \
             counter: {:.1}% ({:.2} M ticks per cube)",
            per(st.phase1_nodes),
            per(st.leaves),
            per(st.precheck_passed),
            per(st.phase2_searches),
            per(st.phase2_nodes),
            100.0 * st.phase2_ticks as f64 / tsc_all as f64,
            per(st.phase2_ticks) / 1e6,
        );
    }
}
