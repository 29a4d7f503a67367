//! The two-phase solver on several threads ([`Limits::threads`]) and with several solutions
//! ([`Limits::solutions`]): the glue between [`search_shared`] and the [`Solver`] answers.

use super::search::{search_shared, FrameSolution, Shared};
use super::{steps_of, to_solution, Pruning, Tables, TwophaseSolver, DEFAULT_MAX_LENGTH};
use crate::{Deadline, Limits, Solution, SolveError};
use rubik_cube::CubieCube;

impl TwophaseSolver {
    /// Searches `cube` on [`Limits::threads`] threads for [`Limits::solutions`] distinct
    /// solutions (the HTM search; [`Limits::on_solution`] receives each of several as it is
    /// found).
    pub(crate) fn search_shared(&self, cube: &CubieCube, limits: &Limits) -> Shared {
        fn run<P: Pruning + Sync>(prune: &P, cube: &CubieCube, limits: &Limits) -> Shared
        where
            P::Phase1: Send,
        {
            let on_found = |f: &FrameSolution| {
                if let Some(cb) = &limits.on_solution {
                    (cb.0)(&to_solution(f));
                }
            };
            let on_found: &(dyn Fn(&FrameSolution) + Sync) = &on_found;
            search_shared(
                prune.move_tables(),
                prune,
                cube,
                limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH),
                limits.improve,
                Deadline::starting_now(limits),
                limits.threads(),
                limits.solutions(),
                Some(on_found),
            )
        }
        match &self.tables {
            Tables::Full(t) => run(&**t, cube, limits),
            Tables::Compact(t) => run(&**t, cube, limits),
        }
    }
}

/// The answer of a search on several threads (one solution asked for).
pub(super) fn solve(
    solver: &TwophaseSolver,
    cube: &CubieCube,
    limits: &Limits,
) -> Result<Solution, SolveError> {
    let limits = Limits {
        solutions: 1,
        ..limits.clone()
    };
    let shared = solver.search_shared(cube, &limits);
    match shared.found.first() {
        Some(found) => Ok(to_solution(found)),
        None => Err(no_solution(&limits, shared.timed_out)),
    }
}

/// The [`Limits::solutions`] first distinct solutions found within the bound, in the order
/// found (each handed to [`Limits::on_solution`] as it is found).
pub(super) fn solutions(
    solver: &TwophaseSolver,
    cube: &CubieCube,
    limits: &Limits,
) -> Result<Vec<Solution>, SolveError> {
    cube.check()?;
    let wanted = limits.solutions();
    if wanted == 1 {
        let solution = super::Solver::solve(solver, cube, limits)?;
        if let Some(cb) = &limits.on_solution {
            (cb.0)(&solution);
        }
        return Ok(vec![solution]);
    }
    if cube.is_solved() {
        let solution = Solution {
            moves: Vec::new(),
            steps: Vec::new(),
        };
        if let Some(cb) = &limits.on_solution {
            (cb.0)(&solution);
        }
        return Ok(vec![solution]);
    }
    if let Some(robot) = &solver.robot {
        let on_found = |moves: &[rubik_cube::Move]| {
            if let Some(cb) = &limits.on_solution {
                (cb.0)(&Solution {
                    moves: moves.to_vec(),
                    steps: Vec::new(),
                });
            }
        };
        let (found, outcome) = robot.search(cube, limits, wanted, Some(&on_found));
        if found.is_empty() {
            return Err(SolveError::NoSolution {
                max_length: limits.max_length.unwrap_or(robot.mode().default_bound()),
                timed_out: outcome.timed_out,
                lower_bound: None,
            });
        }
        return Ok(found
            .into_iter()
            .map(|s| steps_of(s.moves, s.split, s.rot, s.inverse))
            .collect());
    }
    let shared = solver.search_shared(cube, limits);
    if shared.found.is_empty() {
        return Err(no_solution(limits, shared.timed_out));
    }
    Ok(shared.found.iter().map(to_solution).collect())
}

fn no_solution(limits: &Limits, timed_out: bool) -> SolveError {
    SolveError::NoSolution {
        max_length: limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH),
        timed_out,
        lower_bound: None,
    }
}
