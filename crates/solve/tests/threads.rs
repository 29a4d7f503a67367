//! Two-phase on several threads for one cube (`Limits::threads`) and with several solutions
//! (`Limits::solutions`, streamed through `Limits::on_solution`). Every solution is checked by
//! applying it. The tables come from the default table directory (built there if missing).

use rubik_cube::random::rng_from_seed;
use rubik_cube::{CubieCube, Move};
use rubik_solve::{
    solver_for, Limits, Method, OnSolution, Options, Solution, Solver, SolverConfig,
};
use std::sync::{Arc, Mutex};

fn twophase(options: Options) -> Box<dyn Solver> {
    let config = SolverConfig {
        options,
        ..SolverConfig::default()
    };
    solver_for(Method::Twophase, &config).expect("two-phase tables")
}

fn random_states(seed: u64, n: usize) -> Vec<CubieCube> {
    let mut rng = rng_from_seed(seed);
    (0..n).map(|_| CubieCube::random(&mut rng)).collect()
}

fn light_scrambles(seed: u64, n: usize) -> Vec<CubieCube> {
    use rand::Rng;
    let mut rng = rng_from_seed(seed);
    (0..n)
        .map(|i| {
            let moves: Vec<Move> = (0..4 + i % 9)
                .map(|_| Move::from_index(rng.gen_range(0..18)))
                .collect();
            CubieCube::from_moves(&moves)
        })
        .collect()
}

fn check(cube: &CubieCube, solution: &Solution, max_length: usize) {
    assert!(solution.solves(cube), "{solution} does not solve the cube");
    assert!(
        solution.len() <= max_length,
        "{solution}: over {max_length}"
    );
    let joined: Vec<Move> = solution
        .steps
        .iter()
        .flat_map(|s| s.moves.clone())
        .collect();
    assert_eq!(joined, solution.moves, "steps must add up to the solution");
}

#[test]
fn several_threads_solve_one_cube_within_the_bound() {
    let solver = twophase(Options::new());
    let states = random_states(38, 30);
    for threads in [2, 5] {
        for max_length in [20, 19] {
            let limits = Limits {
                max_length: Some(max_length),
                threads,
                ..Limits::default()
            };
            for cube in &states {
                let solution = solver.solve(cube, &limits).expect("a solution");
                check(cube, &solution, max_length);
            }
        }
    }
}

#[test]
fn several_threads_give_light_scrambles_a_solution_as_short_as_one_thread() {
    let solver = twophase(Options::new());
    let one = Limits::default();
    let two = Limits {
        threads: 2,
        ..Limits::default()
    };
    let mut longer = 0;
    let cubes = light_scrambles(7, 80);
    for cube in &cubes {
        let a = solver.solve(cube, &one).expect("a solution");
        let b = solver.solve(cube, &two).expect("a solution");
        check(cube, &a, 20);
        check(cube, &b, 20);
        if b.len() > a.len() {
            longer += 1;
        }
    }
    // Not guaranteed on several threads (a thread may end the search with a solution whose
    // phase 1 is long while another is still on a short one), but rare.
    assert!(
        longer * 20 <= cubes.len(),
        "{longer} of {} longer",
        cubes.len()
    );
}

#[test]
fn a_solved_cube_and_an_impossible_bound_on_several_threads() {
    let solver = twophase(Options::new());
    let limits = Limits {
        threads: 2,
        ..Limits::default()
    };
    let solved = solver.solve(&CubieCube::SOLVED, &limits).expect("solved");
    assert!(solved.moves.is_empty());
    // R U R' U' needs 4 moves: at most 3 has no solution, and the search says so.
    let cube = CubieCube::from_moves(&[
        Move::from_index(3),
        Move::from_index(0),
        Move::from_index(5),
        Move::from_index(2),
    ]);
    let short = Limits {
        max_length: Some(3),
        threads: 2,
        ..Limits::default()
    };
    let err = solver.solve(&cube, &short).expect_err("no solution in 3");
    assert!(
        matches!(
            err,
            rubik_solve::SolveError::NoSolution {
                timed_out: false,
                ..
            }
        ),
        "{err:?}"
    );
}

/// `solutions` distinct solutions of each cube, each checked, and the same ones streamed.
fn several_solutions(solver: &dyn Solver, cubes: &[CubieCube], max_length: usize, threads: usize) {
    for cube in cubes {
        let streamed: Arc<Mutex<Vec<Vec<Move>>>> = Arc::default();
        let sink = streamed.clone();
        let limits = Limits {
            max_length: Some(max_length),
            threads,
            solutions: 5,
            on_solution: Some(OnSolution(Arc::new(move |s: &Solution| {
                sink.lock().unwrap().push(s.moves.clone())
            }))),
            ..Limits::default()
        };
        let list = solver.solutions(cube, &limits).expect("solutions");
        assert_eq!(list.len(), 5, "five solutions within {max_length}");
        for (i, s) in list.iter().enumerate() {
            assert!(s.solves(cube), "{s} does not solve the cube");
            assert!(s.len() <= max_length);
            assert!(
                list[..i].iter().all(|t| t.moves != s.moves),
                "{s} given twice"
            );
        }
        let listed: Vec<Vec<Move>> = list.iter().map(|s| s.moves.clone()).collect();
        assert_eq!(
            *streamed.lock().unwrap(),
            listed,
            "streamed in the order listed"
        );
    }
}

#[test]
fn several_solutions_are_distinct_within_the_bound_and_streamed() {
    let solver = twophase(Options::new());
    let states = random_states(380, 20);
    several_solutions(&*solver, &states, 20, 1);
    several_solutions(&*solver, &states, 20, 2);
    several_solutions(&*solver, &light_scrambles(3, 10), 20, 1);
}

#[test]
fn several_solutions_on_five_faces() {
    let mut options = Options::new();
    options.set("faces", Some("URFDL")).expect("faces");
    let solver = twophase(options);
    for cube in random_states(381, 5) {
        let limits = Limits {
            solutions: 3,
            ..Limits::default()
        };
        let list = solver.solutions(&cube, &limits).expect("solutions");
        assert_eq!(list.len(), 3);
        for (i, s) in list.iter().enumerate() {
            assert!(s.solves(&cube), "{s} does not solve the cube");
            assert!(s.moves.iter().all(|m| m.face() != rubik_cube::Face::B));
            assert!(list[..i].iter().all(|t| t.moves != s.moves));
        }
    }
}
