//! Two-phase gives the same answer whatever tables it reads: the full tables (about 100 MB)
//! and the compact ones (about 12 MB, the browser's) give the same first solution for the
//! same state and length limit, so the command line and the page agree. The tables come from
//! the default table directory (built there if missing).

use rubik_cube::random::rng_from_seed;
use rubik_cube::{CubieCube, Move};
use rubik_solve::{solver_for, Limits, Method, Solution, Solver, SolverConfig};

/// The seed of the random states (the same as the front ends' same-answers tests).
const SEED: u64 = 35;

fn solver(compact: bool) -> Box<dyn Solver> {
    let config = SolverConfig {
        compact,
        ..SolverConfig::default()
    };
    solver_for(Method::Twophase, &config).expect("two-phase tables")
}

/// The solution of `cube` within `max_length` moves, checked by applying it.
fn answer(solver: &dyn Solver, cube: &CubieCube, max_length: usize) -> Solution {
    let limits = Limits {
        max_length: Some(max_length),
        ..Limits::default()
    };
    let solution = solver.solve(cube, &limits).expect("a solution");
    assert!(solution.solves(cube), "{solution} does not solve the cube");
    assert!(solution.moves.len() <= max_length);
    solution
}

#[test]
fn full_and_compact_tables_give_the_same_first_solutions() {
    let (full, compact) = (solver(false), solver(true));
    let mut rng = rng_from_seed(SEED);
    let random: Vec<CubieCube> = (0..200).map(|_| CubieCube::random(&mut rng)).collect();
    // Light scrambles too: their short phase-1 solutions shrink the bound instead of ending
    // the search at the first solution.
    let light: Vec<CubieCube> = (0..60)
        .map(|i| {
            let moves: Vec<Move> = (0..6 + i % 7)
                .map(|_| Move::from_index(rand_index(&mut rng)))
                .collect();
            CubieCube::from_moves(&moves)
        })
        .collect();
    let mut differ = Vec::new();
    for (max_length, cubes) in [(20, &random), (21, &random), (20, &light)] {
        for cube in cubes.iter() {
            let (a, b) = (
                answer(&*full, cube, max_length),
                answer(&*compact, cube, max_length),
            );
            // The whole answer: moves, steps (their moves, keys, names and explanations).
            if a.moves != b.moves || a.steps != b.steps {
                differ.push(format!(
                    "{} at ≤ {max_length}: full {a}, compact {b}",
                    cube.to_facelets()
                ));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

fn rand_index(rng: &mut impl rand::Rng) -> usize {
    rng.gen_range(0..18)
}
