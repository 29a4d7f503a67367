//! A raised `Limits::cancel` flag stops the two-phase and optimal searches, which would
//! otherwise run for hours on these limits, and they end as on a timeout.

use rubik_cube::random::rng_from_seed;
use rubik_cube::CubieCube;
use rubik_solve::{solver_for, CancelFlag, Limits, Method, SolveError, Solver, SolverConfig};
use std::time::{Duration, Instant};

/// A random state: 18 moves from solved or more, with near certainty.
fn random_state(seed: u64) -> CubieCube {
    CubieCube::random(&mut rng_from_seed(seed))
}

/// Solves `cube` on another thread with `limits` plus a fresh flag, raises the flag after
/// `after`, and returns the result with the time from the flag to the answer.
fn cancel_after(
    solver: Box<dyn Solver>,
    cube: CubieCube,
    limits: Limits,
    after: Duration,
) -> (Result<rubik_solve::Solution, SolveError>, Duration) {
    let flag = CancelFlag::new();
    let limits = Limits {
        cancel: Some(flag.clone()),
        ..limits
    };
    let solve = std::thread::spawn(move || solver.solve(&cube, &limits));
    std::thread::sleep(after);
    let raised = Instant::now();
    flag.cancel();
    let result = solve.join().expect("the solve thread");
    (result, raised.elapsed())
}

#[test]
fn cancelling_stops_a_twophase_search_that_cannot_succeed() {
    let solver = solver_for(Method::Twophase, &SolverConfig::default()).expect("tables");
    let cube = random_state(13);
    // Hardly any random state has a 16-move solution: without the flag this search
    // runs every phase-1 length to the end (hours).
    let limits = Limits {
        max_length: Some(16),
        ..Limits::default()
    };
    let (result, took) = cancel_after(solver, cube, limits, Duration::from_millis(200));
    assert!(
        matches!(
            result,
            Err(SolveError::NoSolution {
                max_length: 16,
                timed_out: true,
                ..
            })
        ),
        "{result:?}"
    );
    // Generous for a loaded machine; the search polls every few thousand nodes.
    assert!(
        took < Duration::from_secs(5),
        "stopped {took:?} after the flag"
    );
}

#[test]
fn cancelling_stops_an_optimal_search_and_skips_its_fallback() {
    let config = SolverConfig {
        table_dir: Some(std::env::temp_dir().join("rubik-optimal-test-tables")),
        options: rubik_solve::Options::new()
            .with("table", Some("small"))
            .unwrap(),
        ..SolverConfig::default()
    };
    let solver = solver_for(Method::Optimal, &config).expect("optimal tables");
    let cube = random_state(17);
    // A random state with the small table takes hours to prove; the timeout would give a
    // two-phase fallback, the flag gives nothing.
    let limits = Limits {
        timeout: Some(Duration::from_secs(3600)),
        ..Limits::default()
    };
    let (result, took) = cancel_after(solver, cube, limits, Duration::from_millis(300));
    assert!(
        matches!(
            result,
            Err(SolveError::NoSolution {
                timed_out: true,
                ..
            })
        ),
        "{result:?}"
    );
    assert!(
        took < Duration::from_secs(5),
        "stopped {took:?} after the flag"
    );
}

#[test]
fn a_flag_never_raised_changes_nothing() {
    let solver = solver_for(Method::Twophase, &SolverConfig::default()).expect("tables");
    let cube = random_state(21);
    let limits = Limits {
        cancel: Some(CancelFlag::new()),
        ..Limits::default()
    };
    let solution = solver.solve(&cube, &limits).expect("a solution");
    assert!(solution.solves(&cube));
    assert!(solution.len() <= 20);
}
