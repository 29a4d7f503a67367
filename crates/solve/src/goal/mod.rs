//! Solving to a goal other than "solved", with any set of turns.
//!
//! - A goal that is one full state, with all 18 face turns, goes through any [`Solver`]:
//!   [`solve_to_state`] solves `goal⁻¹ · cube`, whose solutions take the cube to the goal
//!   (so the two-phase solver answers in milliseconds and the optimal one proves its length).
//! - Anything else — a partial goal (`cross`, `oll`, a pattern with don't-care stickers) or a
//!   subset of turns (`R,U`, `M,U`, `R,U,r`) — goes through [`GoalSolver`]: iterative
//!   deepening over [`moves`]' runs, pruned by tables built on demand for the pieces the goal
//!   tells apart ([`plan`], [`coord`], [`table`]) and cached on disk like every other table.
//!   Its solutions are the shortest within the set of turns (each turn counting one).
//!
//! A cube that the set of turns cannot take to the goal is refused with the reason: the
//! subgroup check of [`rubik_cube::subgroup`] for face-turn sets and full goals, a position
//! the set never moves, or a table whose arrangements never meet the goal's.

pub mod coord;
pub mod moves;
pub mod plan;
pub mod search;
pub mod table;

use crate::i18n::Message;
use crate::{Limits, Solution, SolveError, Solver, SolverConfig, Step};
use plan::{Ending, Plan, PlanFault};
use rubik_cube::alg::Turn;
use rubik_cube::piece::{Corner, Edge, Place};
use rubik_cube::subgroup::{NotInSubgroup, Subgroup};
use rubik_cube::{Alg, Cube, CubieCube, Goal, MoveSet};
use search::{Ended, Flow, Options, Search};
use std::time::Instant;
use thiserror::Error;

/// Longest solution a goal search tries when no limit is given.
pub const DEFAULT_MAX_LENGTH: usize = 40;

/// Why a goal search gave no solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GoalSolveError {
    /// The cube is not in the subgroup of the move set (relative to the goal).
    #[error("{0}")]
    NotInSubgroup(NotInSubgroup),
    /// The goal wants another piece at a position the move set never moves.
    #[error(
        "the goal needs another piece at the {place} position, and no turn of ⟨{moves}⟩ moves it"
    )]
    Unmoved {
        /// The position.
        place: Place,
        /// The move set.
        moves: String,
    },
    /// The cube cannot reach the goal with these turns.
    #[error("this cube cannot reach the goal {goal} with the turns ⟨{moves}⟩")]
    Unreachable {
        /// The goal.
        goal: String,
        /// The move set.
        moves: String,
    },
    /// Nothing within the length limit (or before the timeout).
    #[error("no solution of at most {max_length} turns found{}", if *.timed_out { " before the timeout" } else { "" })]
    NoSolution {
        /// The limit.
        max_length: usize,
        /// Whether the timeout struck.
        timed_out: bool,
    },
    /// The underlying solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// The messages of goal solutions.
pub const MESSAGES: &[Message] = &[Message {
    key: "goal.reach",
    en_name: "Reach {goal}",
    en_explanation: "The shortest way to {goal} with the turns ⟨{moves}⟩",
    fr_name: "Atteindre {goal}",
    fr_explanation: "Le plus court chemin vers {goal} avec les mouvements ⟨{moves}⟩",
}];

/// Solves `cube` to the full state `target` with `solver`: the solver's solution of
/// `target⁻¹ · cube` takes `cube` to `target` (checked before it is returned).
pub fn solve_to_state(
    solver: &dyn Solver,
    cube: &CubieCube,
    target: &CubieCube,
    limits: &Limits,
) -> Result<Solution, SolveError> {
    let relative = target.inverse().multiply(cube);
    let solution = solver.solve(&relative, limits)?;
    assert_eq!(
        cube.apply_moves(&solution.moves),
        *target,
        "a solution of target⁻¹ · cube takes the cube to the target"
    );
    Ok(solution)
}

/// Solves cubes to goals with sets of turns (see the [module docs](self)).
#[derive(Clone, Debug, Default)]
pub struct GoalSolver {
    config: SolverConfig,
}

/// A goal solution: the turns as they are made, and the [`Solution`] (outer face turns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalSolution {
    /// The turns of the set, in order (slices and wide turns as such).
    pub turns: Vec<Turn>,
    /// The same in outer face turns, with one explained step.
    pub solution: Solution,
}

impl GoalSolution {
    /// The turns as notation (`M' U M`).
    pub fn notation(&self) -> String {
        Alg::from_turns(self.turns.clone()).to_string()
    }

    /// Number of turns.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// Whether there are no turns (the cube was in the goal).
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }
}

/// Whether the cube that `turns` make from `cube` (held as it then is) is in `goal`.
pub fn reaches(cube: &CubieCube, turns: &[Turn], goal: &Goal) -> bool {
    let end = Cube::from_cubie(*cube).apply(&Alg::from_turns(turns.iter().copied()));
    goal.matches(&end.to_cubie())
}

impl GoalSolver {
    /// A goal solver keeping its tables where `config` says.
    pub fn new(config: &SolverConfig) -> GoalSolver {
        GoalSolver {
            config: config.clone(),
        }
    }

    /// Checks that `cube` can reach `goal` with `moves` as far as can be told before
    /// searching: the subgroup check for a full goal and face turns.
    pub fn check(
        &self,
        cube: &CubieCube,
        goal: &Goal,
        moves: &MoveSet,
    ) -> Result<(), GoalSolveError> {
        if let (Some(target), Some(_)) = (goal.exact_state(), moves.face_moves()) {
            // cube · m = target with m in the group ⟺ target⁻¹ · cube in the group.
            let relative = target.inverse().multiply(cube);
            Subgroup::new(moves)
                .check(&Cube::from_cubie(relative))
                .map_err(GoalSolveError::NotInSubgroup)?;
        }
        Ok(())
    }

    /// The plan (tables loaded or built) of a search from `cube` to `goal` with `moves`.
    pub fn plan(
        &self,
        cube: &CubieCube,
        goal: &Goal,
        moves: &MoveSet,
        ending: Ending,
    ) -> Result<Plan, GoalSolveError> {
        self.check(cube, goal, moves)?;
        let dir = crate::tables::table_dir(&self.config);
        let progress: &dyn crate::Progress = match &self.config.progress {
            Some(p) => p.as_ref(),
            None => &crate::NoProgress,
        };
        Plan::new(goal, moves, cube, ending, &dir, progress).map_err(|f| match f {
            PlanFault::Unmoved { kind, position } => GoalSolveError::Unmoved {
                place: match kind {
                    coord::Kind::Corners => Place::Corner(Corner::from_index(position)),
                    coord::Kind::Edges => Place::Edge(Edge::from_index(position)),
                },
                moves: moves.to_string(),
            },
            PlanFault::Unreachable => GoalSolveError::Unreachable {
                goal: goal.name().to_string(),
                moves: moves.to_string(),
            },
        })
    }

    /// The shortest solution taking `cube` to `goal` with the turns of `moves` (each turn
    /// counting one), within `limits`.
    pub fn solve(
        &self,
        cube: &CubieCube,
        goal: &Goal,
        moves: &MoveSet,
        limits: &Limits,
    ) -> Result<GoalSolution, GoalSolveError> {
        let deadline = limits.timeout.map(|t| Instant::now() + t);
        let plan = self.plan(cube, goal, moves, Ending::AnyOrientation)?;
        let max_length = limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
        let mut search = Search::new(
            &plan,
            Options {
                deadline,
                ..Options::default()
            },
        );
        let start = usize::from(plan.bound(cube, 0));
        for length in start..=max_length {
            let mut found: Option<Vec<usize>> = None;
            let ended = search.at_length(std::slice::from_ref(cube), length, &mut |_, runs| {
                found = Some(runs.to_vec());
                Flow::Stop
            });
            if let Some(runs) = found {
                return Ok(self.solution(cube, goal, moves, &plan, &runs));
            }
            if ended == Ended::TimedOut {
                return Err(GoalSolveError::NoSolution {
                    max_length,
                    timed_out: true,
                });
            }
        }
        Err(GoalSolveError::NoSolution {
            max_length,
            timed_out: false,
        })
    }

    fn solution(
        &self,
        cube: &CubieCube,
        goal: &Goal,
        moves: &MoveSet,
        plan: &Plan,
        runs: &[usize],
    ) -> GoalSolution {
        let turns = plan.model.turns(runs);
        let (outer, _) = plan.model.outer_moves(runs);
        debug_assert!(reaches(cube, &turns, goal));
        let name = goal.name().to_string();
        let set = moves.to_string();
        let mut step = Step::new(
            "goal.reach",
            &[("goal", name.as_str()), ("moves", set.as_str())],
            outer.clone(),
        );
        step.human = Some(Alg::from_turns(turns.clone()).to_string());
        GoalSolution {
            turns,
            solution: Solution {
                moves: outer,
                steps: vec![step],
            },
        }
    }
}

#[cfg(test)]
mod tests;
