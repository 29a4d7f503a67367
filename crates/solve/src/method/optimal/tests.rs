//! The search's probe contract, checked on the search itself (the integration tests in
//! `tests/optimal.rs` see the method only through its public API).

use super::bound;
use super::search::{self, Mode, Outcome};
use super::OptimalSolver;
use crate::{Deadline, Limits, Options, Solver, SolverConfig};
use rand::Rng;
use rubik_cube::random::rng_from_seed;
use rubik_cube::{CubieCube, Move};

/// The small-table solver, its tables in the directory `tests/optimal.rs` uses.
pub(super) fn solver() -> OptimalSolver {
    OptimalSolver::new(&SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
        options: Options::new()
            .with("table", Some("small"))
            .expect("a table size"),
        ..SolverConfig::default()
    })
    .expect("optimal tables")
}

/// A one-solution search up to 20 moves with `probe` and nothing else.
fn first_solution<'a>(probe: search::Probe<'a>, deadline: &'a Deadline) -> search::Run<'a> {
    search::Run {
        max_length: 20,
        deadline,
        mode: Mode::First,
        probe: Some(probe),
        progress: None,
        deepening: None,
    }
}

#[test]
fn probe_solutions_are_trusted_only_when_they_solve_at_the_asked_length() {
    let solver = solver();
    let t = solver.tables();
    let plain = solver.clone().with_probe(false);
    let mut rng = rng_from_seed(31);
    let mut probed = 0;
    for _ in 0..12 {
        let moves: Vec<Move> = (0..11).map(|_| Move::ALL[rng.gen_range(0..18)]).collect();
        let cube = CubieCube::from_moves(&moves);
        let optimum = plain.solve(&cube, &Limits::default()).unwrap().len();
        // A probe that answers with moves that do not solve the cube is ignored.
        let wrong = |length: usize, _: u64| Some(vec![Move::ALL[0]; length]);
        let (outcome, stats) =
            search::search(t, &cube, &first_solution(&wrong, &Deadline::default()));
        match outcome {
            Outcome::Found(s) => assert_eq!(s[0].len(), optimum),
            other => panic!("{other:?}"),
        }
        assert!(!stats.probed);
        // A probe that answers with a real solution of the asked length ends the search.
        let honest = |length: usize, _: u64| {
            let limits = Limits {
                max_length: Some(length),
                ..Limits::default()
            };
            plain.solve(&cube, &limits).ok().map(|s| s.moves)
        };
        let (outcome, stats) =
            search::search(t, &cube, &first_solution(&honest, &Deadline::default()));
        let Outcome::Found(s) = outcome else {
            panic!("no solution")
        };
        assert_eq!(s[0].len(), optimum);
        assert!(s[0].iter().fold(cube, |c, &m| c.apply_move(m)).is_solved());
        probed += usize::from(stats.probed);
    }
    // Whenever the table's first bound is below the optimum, the probe answers first.
    assert!(probed > 0, "the probe never ended a search");
}

/// The probe's budgets (in nodes) at each length it is tried, for `cube` searched on `threads`
/// threads.
fn probe_budgets(solver: &OptimalSolver, cube: &CubieCube, threads: usize) -> Vec<(usize, u64)> {
    let asked = std::sync::Mutex::new(Vec::new());
    let record = |length: usize, budget: u64| {
        asked.lock().unwrap().push((length, budget));
        None
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let (outcome, _) = pool.install(|| {
        let deadline = Deadline::default();
        search::search(solver.tables(), cube, &first_solution(&record, &deadline))
    });
    assert!(matches!(outcome, Outcome::Found(_)));
    asked.into_inner().unwrap()
}

#[test]
fn the_probe_budget_is_work_and_the_same_at_any_thread_count() {
    let solver = solver();
    let mut rng = rng_from_seed(33);
    let mut checked = 0;
    for _ in 0..20 {
        let moves: Vec<Move> = (0..12).map(|_| Move::ALL[rng.gen_range(0..18)]).collect();
        let cube = CubieCube::from_moves(&moves);
        let one = probe_budgets(&solver, &cube, 1);
        if one.is_empty() {
            // The table's first bound was the optimum: one deepening step, no probe.
            continue;
        }
        checked += 1;
        // One probe per deepening step after the first, each given at least the budget of the
        // one before (a deeper step searches at least as many nodes); the last probe's is not 0.
        assert!(one
            .windows(2)
            .all(|w| w[1].0 == w[0].0 + 1 && w[1].1 >= w[0].1));
        assert!(one.last().is_some_and(|&(_, budget)| budget > 0), "{one:?}");
        assert_eq!(probe_budgets(&solver, &cube, 2), one, "for {moves:?}");
        assert_eq!(probe_budgets(&solver, &cube, 3), one, "for {moves:?}");
        if checked == 3 {
            return;
        }
    }
    panic!("only {checked} of 20 cubes had a probe");
}

#[test]
fn the_lower_bound_never_exceeds_the_optimal_length_and_agrees_with_its_early_exit() {
    let solver = solver();
    let store = crate::store::Store::new(&SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
        ..SolverConfig::default()
    });
    let bound = super::LowerBound::load(&store).expect("optimal tables");
    assert_eq!(bound.bound(&CubieCube::SOLVED), 0);
    let plain = solver.with_probe(false);
    let mut rng = rng_from_seed(32);
    let mut tight = 0;
    for n in 0..40 {
        let moves: Vec<Move> = (0..1 + n % 12)
            .map(|_| Move::ALL[rng.gen_range(0..18)])
            .collect();
        let cube = CubieCube::from_moves(&moves);
        let optimum = plain.solve(&cube, &Limits::default()).unwrap().len();
        let b = bound.bound(&cube);
        assert!(usize::from(b) <= optimum, "bound {b} > optimum {optimum}");
        assert_eq!(b == 0, cube.is_solved());
        for limit in 0..=20 {
            assert_eq!(bound.exceeds(&cube, limit), b > limit, "limit {limit}");
        }
        tight += usize::from(usize::from(b) == optimum);
    }
    // A bound of 0 everywhere would pass the checks above: it must often be exact.
    assert!(tight >= 10, "the bound was exact on {tight} of 40 cubes");
}

/// The 2-bit grouped table (small-plus) bounds each state's distance from below: its bound is
/// never above the optimal length (`tests/optimal.rs` checks the lengths it gives against the
/// exact table).
#[test]
fn the_grouped_table_never_bounds_above_the_distance() {
    let plus = OptimalSolver::new(&SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
        options: Options::new()
            .with("table", Some("small-plus"))
            .expect("a table size"),
        ..SolverConfig::default()
    })
    .expect("small-plus tables");
    let mut rng = rng_from_seed(13);
    for i in 0..36 {
        let moves: Vec<Move> = (0..1 + i % 12)
            .map(|_| Move::ALL[rng.gen_range(0..18)])
            .collect();
        let cube = CubieCube::from_moves(&moves);
        let sol = plus.solve(&cube, &Limits::default()).expect("solvable");
        assert!(sol.solves(&cube), "does not solve {moves:?}");
        assert!(
            plus.tables().lookup_cube(&cube) as usize <= sol.len(),
            "bound above the distance for {moves:?}"
        );
    }
}

#[test]
fn the_corner_table_prunes_almost_nothing_from_ten_moves_left() {
    // The premise of `CORNERS_READ_BELOW`: no entry of the corner table exceeds 11, and so few
    // are 11 (about 0.1 % of the entries, which are symmetry classes) that a child with 10 moves
    // left is almost never pruned by its corners.
    let solver = solver();
    let t = solver.tables();
    let n = t.corner_prune.len() * 2;
    let mut at = [0usize; 16];
    for i in 0..n {
        at[super::prune::value(&t.corner_prune, i) as usize] += 1;
    }
    let beyond = |d: usize| at[d + 1..].iter().sum::<usize>();
    assert_eq!(beyond(bound::CORNERS_READ_BELOW + 1), 0, "{at:?}");
    let share = beyond(bound::CORNERS_READ_BELOW) as f64 / n as f64;
    assert!(
        share < 0.002,
        "{share} of the corner entries exceed 10 moves: {at:?}"
    );
    assert!(beyond(bound::CORNERS_READ_BELOW - 1) > 0, "{at:?}");
}

/// The coset distances found by search (for `medium` and `large` without their tables) are
/// the least length of a move sequence taking the cube into the solved coset, checked by
/// trying every sequence up to 4 moves on cubes 0..5 moves from solved (one past the sequences
/// tried: "5 or more" must then come out as at least 5).
#[test]
fn coset_lookups_are_the_least_sequences_into_the_solved_coset() {
    let dir = std::env::temp_dir().join("rubik-optimal-test-tables");
    let guide = |name| {
        OptimalSolver::new(&SolverConfig {
            table_dir: Some(dir.clone()),
            options: Options::new().with("table", Some(name)).expect("a size"),
            ..SolverConfig::default()
        })
        .expect("guide tables")
    };
    let (small, plus) = (guide("small"), guide("small-plus"));
    // Sequences of up to 4 moves (no face twice in a row), by length.
    let mut seqs: Vec<Vec<Vec<Move>>> = vec![vec![vec![]]];
    for _ in 0..4 {
        let next = seqs[seqs.len() - 1]
            .iter()
            .flat_map(|s| {
                Move::ALL
                    .iter()
                    .filter(|m| s.last().is_none_or(|l| l.face() != m.face()))
                    .map(|&m| [s.clone(), vec![m]].concat())
                    .collect::<Vec<_>>()
            })
            .collect();
        seqs.push(next);
    }
    let mut rng = rng_from_seed(25);
    for (large, solver) in [(false, &small), (true, &plus)] {
        let target = if large {
            super::TableSize::Large
        } else {
            super::TableSize::Medium
        };
        let cd = super::coset_distance::CosetDistance::new(target, solver.tables());
        let solved = cd.distance(&CubieCube::default(), 12);
        assert_eq!(solved, 0);
        let mut seen = [0usize; 6];
        for i in 0..24 {
            let moves: Vec<Move> = (0..i % 6)
                .map(|_| Move::ALL[rng.gen_range(0..18)])
                .collect();
            let cube = CubieCube::from_moves(&moves);
            let brute = (0..=4)
                .find(|&d| {
                    seqs[d]
                        .iter()
                        .any(|s| cd.distance(&cube.apply_moves(s), 1) == 0)
                })
                .unwrap_or(5) as u8;
            let found = cd.distance(&cube, 12);
            if brute < 5 {
                assert_eq!(found, brute, "large {large}: {moves:?}");
            } else {
                assert!(found >= 5, "large {large}: {moves:?}");
            }
            seen[found.min(5) as usize] += 1;
        }
        assert!(
            seen[3] + seen[4] + seen[5] > 0,
            "some cubes far enough: {seen:?}"
        );
    }
}
