//! Mean/max length and time per solve of a method over seeded random states, every solution
//! verified: `cargo run --release -p rubik-solve --example human_methods_stats -- METHOD [COUNT] [SEED]`.

use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_solve::{solver_for, Limits, Method, SolverConfig};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let method: Method = args
        .first()
        .map(|s| s.parse().expect("method name"))
        .unwrap_or(Method::Thistlethwaite);
    let count: usize = args.get(1).map_or(1000, |s| s.parse().expect("count"));
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().expect("seed"));

    let built = Instant::now();
    let solver = solver_for(method, &SolverConfig::default()).expect("solver");
    let warm = solver.solve(&CubieCube::SOLVED, &Limits::default());
    assert!(warm.is_ok());
    println!(
        "tables ready in {:.1} ms",
        built.elapsed().as_secs_f64() * 1e3
    );

    let mut rng = rng_from_seed(seed);
    let cubes: Vec<CubieCube> = (0..count).map(|_| CubieCube::random(&mut rng)).collect();
    if let Some(first) = cubes.first() {
        let solution = solver.solve(first, &Limits::default()).expect("solved");
        println!("first state: {} ({} moves)", solution, solution.len());
        for step in &solution.steps {
            println!(
                "  {} | {} | {}",
                step.name,
                rubik_cube::moves::format_moves(&step.moves),
                step.explanation
            );
            if let Some(h) = &step.human {
                println!("      as performed: {}", h.moves);
            }
        }
    }
    let mut lengths = Vec::with_capacity(count);
    let mut times = Vec::with_capacity(count);
    for cube in &cubes {
        let t = Instant::now();
        let solution = solver.solve(cube, &Limits::default()).expect("solved");
        times.push(t.elapsed().as_secs_f64() * 1e3);
        assert!(solution.solves(cube), "wrong solution for {cube:?}");
        lengths.push(solution.len());
    }
    let mean = lengths.iter().sum::<usize>() as f64 / count as f64;
    let max = lengths.iter().max().copied().unwrap_or(0);
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    let slowest = (0..count)
        .max_by(|&a, &b| times[a].total_cmp(&times[b]))
        .unwrap_or(0);
    println!("slowest: #{slowest} {:.4} ms", times[slowest]);
    let mean_ms = times.iter().sum::<f64>() / count as f64;
    println!(
        "{method}: {count} random states (seed {seed}), all verified; length mean {mean:.2} max {max}; \
         time mean {mean_ms:.4} ms, median {:.4} ms, max {:.4} ms",
        sorted[count / 2],
        sorted[count - 1]
    );
    let mut hist = std::collections::BTreeMap::new();
    for l in &lengths {
        *hist.entry(*l).or_insert(0) += 1;
    }
    println!("length histogram: {hist:?}");
}
