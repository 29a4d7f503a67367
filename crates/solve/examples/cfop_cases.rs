//! CFOP by cases against CFOP by search on seeded random states, every solution verified:
//! faces turned in F2L as a person does it (the human form), whole-cube rotations with the cross
//! (how the cube is held in inspection), in F2L and before OLL/PLL, mean lengths per stage and in total (STM of the human form, HTM of the
//! outer turns), time per solve.
//! `cargo run --release -p rubik-solve --example cfop_cases -- [COUNT] [SEED]`.

use rubik_cube::random::rng_from_seed;
use rubik_cube::{Alg, CubieCube};
use rubik_solve::{solver_for, Limits, Method, Options, Solution, SolverConfig};
use std::collections::BTreeMap;
use std::time::Instant;

/// Figures for one form of the solver.
#[derive(Default)]
struct Tally {
    faces: BTreeMap<char, usize>,
    f2l_rotations: usize,
    cross_rotations: usize,
    ll_rotations: usize,
    cross: usize,
    f2l: usize,
    ll: usize,
    total_stm: usize,
    total_htm: usize,
    times: Vec<f64>,
}

fn count(t: &mut Tally, solution: &Solution) {
    for step in &solution.steps {
        let key = step.key.as_str();
        let human = step.human.as_ref().expect("human form");
        let alg = Alg::parse(&human.moves).expect("notation");
        let tokens: Vec<&str> = human.moves.split_whitespace().collect();
        let rotations = tokens
            .iter()
            .filter(|m| m.starts_with(['x', 'y', 'z']))
            .count();
        if key.starts_with("cfop.f2l") {
            t.f2l += alg.stm();
            t.f2l_rotations += rotations;
            for m in &tokens {
                let face = m.chars().next().unwrap_or(' ');
                if !matches!(face, 'x' | 'y' | 'z') {
                    *t.faces.entry(face).or_default() += 1;
                }
            }
        } else if key.starts_with("cfop.oll") || key.starts_with("cfop.pll") {
            t.ll += alg.stm();
            // A rotation before the algorithm (not one inside it).
            if tokens
                .first()
                .is_some_and(|m| m.starts_with(['x', 'y', 'z']))
                && human
                    .says
                    .first()
                    .is_some_and(|p| p.key.as_str() == "cfop.hold")
            {
                t.ll_rotations += 1;
            }
        } else if key == "cfop.cross" {
            t.cross += alg.stm();
            t.cross_rotations += rotations;
        }
        t.total_stm += alg.stm();
    }
    t.total_htm += solution.len();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().map_or(1000, |s| s.parse().expect("count"));
    let seed: u64 = args.get(1).map_or(37, |s| s.parse().expect("seed"));
    let mut rng = rng_from_seed(seed);
    let cubes: Vec<CubieCube> = (0..n).map(|_| CubieCube::random(&mut rng)).collect();
    println!("{n} random states, seed {seed}");
    for style in ["cases", "search"] {
        let config = SolverConfig {
            options: Options::new().with("f2l", Some(style)).expect("--f2l"),
            ..SolverConfig::default()
        };
        let solver = solver_for(Method::Cfop, &config).expect("tables");
        solver
            .solve(&cubes[0], &Limits::default())
            .expect("warm up");
        let mut t = Tally::default();
        for cube in &cubes {
            let start = Instant::now();
            let solution = solver.solve(cube, &Limits::default()).expect("solved");
            t.times.push(start.elapsed().as_secs_f64() * 1e3);
            assert!(solution.solves(cube));
            let human = solution.human().expect("human form");
            let performed = Alg::parse(&human).expect("notation");
            assert!(rubik_cube::Cube::from_cubie(*cube)
                .apply(&performed)
                .is_solved());
            count(&mut t, &solution);
        }
        let per = |x: usize| x as f64 / n as f64;
        let f2l_turns: usize = t.faces.values().sum();
        t.times.sort_by(f64::total_cmp);
        println!("--f2l {style}:");
        println!(
            "  F2L faces (human form): {}",
            t.faces
                .iter()
                .map(|(f, c)| format!("{f} {:.1}%", 100.0 * *c as f64 / f2l_turns as f64))
                .collect::<Vec<_>>()
                .join(", ")
        );
        println!(
            "  rotations per solve: with the cross (inspection) {:.2}, F2L {:.2}, before OLL/PLL {:.2}",
            per(t.cross_rotations),
            per(t.f2l_rotations),
            per(t.ll_rotations)
        );
        println!(
            "  mean STM (human form): cross {:.2}, F2L {:.2}, OLL+PLL {:.2}, total {:.2}; outer turns merged (HTM) {:.2}",
            per(t.cross),
            per(t.f2l),
            per(t.ll),
            per(t.total_stm),
            per(t.total_htm)
        );
        println!(
            "  time per solve: median {:.3} ms, p90 {:.3} ms, max {:.3} ms",
            t.times[n / 2],
            t.times[n * 9 / 10],
            t.times[n - 1]
        );
    }
}
