//! Counts search nodes of the two-phase solver over seeded random states (a load-independent
//! measure of search effort): `twophase_nodes COUNT MAX_LENGTH [TABLE_DIR]`.

use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_solve::method::twophase::TwophaseSolver;
use rubik_solve::{Limits, SolverConfig};
use std::time::Instant;

/// CPU time of this process in seconds (user + system, from /proc; 0 elsewhere): unlike wall
/// time, it does not grow when other processes share the cores.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (tick(11) + tick(12)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args.get(1).map_or(200, |a| a.parse().expect("count"));
    let max_length: usize = args.get(2).map_or(20, |a| a.parse().expect("length"));
    let config = SolverConfig {
        table_dir: args.get(3).map(Into::into),
        ..SolverConfig::default()
    };
    let solver = TwophaseSolver::new(&config).expect("tables");
    let mut rng = rng_from_seed(1);
    let limits = Limits {
        max_length: Some(max_length),
        ..Limits::default()
    };
    let (mut nodes, mut len) = (0u64, 0usize);
    let t = Instant::now();
    let cpu = cpu_seconds();
    for _ in 0..count {
        let cube = CubieCube::random(&mut rng);
        let out = solver.search(&cube, &limits);
        nodes += out.nodes;
        len += out.best.map_or(0, |b| b.len());
    }
    let wall = t.elapsed().as_secs_f64();
    let secs = cpu_seconds() - cpu;
    println!(
        "{count} cubes ≤{max_length}: mean length {:.3}, nodes/cube {:.0}, ns/node {:.1}, CPU ms/cube {:.4} (wall {:.4})",
        len as f64 / count as f64,
        nodes as f64 / count as f64,
        secs * 1e9 / nodes as f64,
        secs * 1e3 / count as f64,
        wall * 1e3 / count as f64
    );
}
