//! Solving to a goal other than "solved", with any set of turns.
//!
//! - A goal that is one full state, with all 18 face turns, goes through any [`Solver`]:
//!   [`solve_to`] solves `goal⁻¹ · cube`, whose solutions take the cube to the goal
//!   (so the two-phase solver answers in milliseconds and the optimal one proves its length).
//! - Anything else — a partial goal (`cross`, `oll`, a pattern with don't-care stickers) or a
//!   subset of turns (`R,U`, `M,U`, `R,U,r`) — goes through [`GoalSolver`]: iterative
//!   deepening over the runs of turns (`moves`), pruned by tables built on demand for the
//!   pieces the goal tells apart (`plan`, `coord`, `table`) and cached on disk like every other
//!   table.
//!   Its solutions are the shortest within the set of turns (each turn counting one).
//!
//! A cube that the set of turns cannot take to the goal is refused with the reason: the
//! subgroup check of [`rubik_cube::subgroup`] for face-turn sets and full goals, a position
//! the set never moves, or a table whose arrangements never meet the goal's.

pub(crate) mod coord;
pub(crate) mod domino;
pub(crate) mod full_state;
pub(crate) mod messages;
pub(crate) mod moves;
pub(crate) mod plan;
pub(crate) mod search;
pub(crate) mod table;

use crate::i18n::message;
use crate::{Deadline, Limits, Solution, SolveError, Solver, SolverConfig, Step};
pub use messages::MESSAGES;
use plan::{Ending, Plan, PlanFault};
use rubik_cube::alg::Turn;
use rubik_cube::piece::{Corner, Edge, Place};
use rubik_cube::subgroup::{NotInSubgroup, Subgroup};
use rubik_cube::{Alg, Cube, CubieCube, Goal, Move, MoveSet};
use search::{Ended, Flow, Options, Search};
use thiserror::Error;

/// Longest solution a goal search tries when no limit is given.
pub const DEFAULT_MAX_LENGTH: usize = 40;

/// Why a cube cannot reach a goal with a set of turns.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Unreachable {
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
    /// A table over some of the pieces says they never reach the goal's arrangement.
    #[error("this cube cannot reach the goal {goal} with the turns ⟨{moves}⟩")]
    Cannot {
        /// The goal.
        goal: String,
        /// The move set.
        moves: String,
    },
}

/// The state whose solutions take `cube` to `goal`: `goal⁻¹ · cube`.
///
/// Moves act by multiplication on the right: `cube` after the moves `m` is `cube · m`. A
/// sequence that takes `cube` to `goal` satisfies `cube · m = goal`, that is
/// `(goal⁻¹ · cube) · m = identity`: the moves that take `cube` to `goal` are exactly the
/// moves that solve `goal⁻¹ · cube`.
pub fn relative_to_goal(cube: &CubieCube, goal: &CubieCube) -> CubieCube {
    goal.inverse().multiply(cube)
}

/// Moves that take `cube` to the full state `goal`, found by `solver` within `limits` (with
/// the solver's own length guarantees: an optimal solver gives the shortest way to the goal):
/// one step, "Goal reached". Both states must be valid (a solver rejects an invalid relative
/// state).
pub fn solve_to(
    solver: &dyn Solver,
    cube: &CubieCube,
    goal: &CubieCube,
    limits: &Limits,
) -> Result<Solution, SolveError> {
    goal.check()?;
    let solution = solver.solve(&relative_to_goal(cube, goal), limits)?;
    debug_assert_eq!(cube.apply_moves(&solution.moves), *goal);
    let count = solution.moves.len().to_string();
    let step = Step::new(
        message!(MESSAGES, "goal.reach"),
        &[("count", &count)],
        solution.moves.clone(),
    );
    Ok(Solution {
        moves: solution.moves,
        steps: vec![step],
    })
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
    pub fn check(&self, cube: &CubieCube, goal: &Goal, moves: &MoveSet) -> Result<(), SolveError> {
        if let (Some(target), Some(_)) = (goal.exact_state(), moves.face_moves()) {
            // cube · m = target with m in the group ⟺ target⁻¹ · cube in the group.
            let relative = target.inverse().multiply(cube);
            Subgroup::new(moves)
                .check(&Cube::from_cubie(relative))
                .map_err(|e| SolveError::Unreachable(Unreachable::NotInSubgroup(e)))?;
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
    ) -> Result<Plan, SolveError> {
        self.check(cube, goal, moves)?;
        let store = crate::store::Store::new(&self.config);
        Plan::new(goal, moves, cube, ending, &store).map_err(|f| {
            SolveError::Unreachable(match f {
                PlanFault::Table(e) => return SolveError::Table(e),
                PlanFault::Unmoved { kind, position } => Unreachable::Unmoved {
                    place: match kind {
                        coord::Kind::Corners => Place::Corner(Corner::from_index(position)),
                        coord::Kind::Edges => Place::Edge(Edge::from_index(position)),
                    },
                    moves: moves.to_string(),
                },
                PlanFault::Unreachable => Unreachable::Cannot {
                    goal: goal.name().to_string(),
                    moves: moves.to_string(),
                },
            })
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
    ) -> Result<GoalSolution, SolveError> {
        let deadline = Deadline::starting_now(limits);
        let max_length = limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
        if let Some(found) = self.domino(cube, goal, moves)? {
            if found.len() > max_length {
                return Err(SolveError::NoSolution {
                    max_length,
                    timed_out: false,
                    lower_bound: Some(found.len() - 1),
                });
            }
            let turns = found.iter().copied().map(Turn::from).collect();
            return Ok(self.solution(cube, goal, moves, turns, found));
        }
        self.search(cube, goal, moves, limits, deadline)
    }

    /// The shortest solution by the goal search (IDA* with the plan's tables), whatever the
    /// goal and move set.
    fn search(
        &self,
        cube: &CubieCube,
        goal: &Goal,
        moves: &MoveSet,
        limits: &Limits,
        deadline: Deadline,
    ) -> Result<GoalSolution, SolveError> {
        let max_length = limits.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
        let plan = self.plan(cube, goal, moves, Ending::AnyOrientation)?;
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
                let turns = plan.model.turns(&runs);
                let (outer, _) = plan.model.outer_moves(&runs);
                return Ok(self.solution(cube, goal, moves, turns, outer));
            }
            if ended == Ended::TimedOut {
                return Err(SolveError::NoSolution {
                    max_length,
                    timed_out: true,
                    lower_bound: length.checked_sub(1),
                });
            }
        }
        Err(SolveError::NoSolution {
            max_length,
            timed_out: false,
            lower_bound: Some(max_length),
        })
    }

    /// Domino reduction with all face turns: a shortest way read off the two-phase method's
    /// phase-1 table ([`domino`]), exact and far quicker than a search; `None` for any other
    /// goal or move set.
    fn domino(
        &self,
        cube: &CubieCube,
        goal: &Goal,
        moves: &MoveSet,
    ) -> Result<Option<Vec<Move>>, SolveError> {
        let Some(axis) = domino::axis_of(goal).filter(|_| moves.is_all_faces()) else {
            return Ok(None);
        };
        let store = crate::store::Store::new(&self.config);
        Ok(domino::DominoTable::load(&store)?.solve(cube, axis))
    }

    /// The solution making `turns` (as made: slices and wide turns as such), which are the
    /// face turns `outer` of the cube as first held.
    fn solution(
        &self,
        cube: &CubieCube,
        goal: &Goal,
        moves: &MoveSet,
        turns: Vec<Turn>,
        outer: Vec<Move>,
    ) -> GoalSolution {
        debug_assert!(reaches(cube, &turns, goal));
        let name = goal.name().to_string();
        let set = moves.to_string();
        let params = [("goal", name.as_str()), ("moves", set.as_str())];
        let key = message!(MESSAGES, "goal.search");
        let mut step = Step::new(key, &params, outer.clone());
        // The turns as made (slices and wide turns as such).
        step.human = Some(crate::solution::HumanStep {
            moves: Alg::from_turns(turns.clone()).to_string(),
            says: vec![crate::solution::Phrase::new(key, &params)],
        });
        GoalSolution {
            turns,
            solution: Solution {
                moves: outer,
                steps: vec![step],
            },
        }
    }
}

/// A [`Solver`] that takes cubes to a goal with a set of turns: a full goal with all 18 face
/// turns through another solver ([`solve_to`]), anything else through a
/// [`GoalSolver`]. Its solutions' single step carries the turns as made (slices and wide
/// turns as such) in [`Step::human`].
pub struct ToGoal {
    goal: Goal,
    moves: MoveSet,
    inner: Option<Box<dyn Solver>>,
    search: GoalSolver,
    config: SolverConfig,
}

impl ToGoal {
    /// Solves to `goal` with `moves`; `inner` solves full goals with all face turns (it is
    /// needed only then: see [`ToGoal::needs_inner`]).
    pub fn new(
        goal: Goal,
        moves: MoveSet,
        inner: Option<Box<dyn Solver>>,
        config: &SolverConfig,
    ) -> ToGoal {
        ToGoal {
            goal,
            moves,
            inner,
            search: GoalSolver::new(config),
            config: config.clone(),
        }
    }

    /// Whether solves to `goal` with `moves` go through another solver.
    pub fn needs_inner(goal: &Goal, moves: &MoveSet) -> bool {
        goal.exact_state().is_some() && moves.is_all_faces()
    }
}

impl Solver for ToGoal {
    fn name(&self) -> &'static str {
        match &self.inner {
            Some(inner) if ToGoal::needs_inner(&self.goal, &self.moves) => inner.name(),
            _ if self.goal.exact_state().is_some() && robot::five_faces(&self.moves).is_some() => {
                "twophase"
            }
            _ => "goal",
        }
    }

    fn solve(&self, cube: &CubieCube, limits: &Limits) -> Result<Solution, SolveError> {
        match self.goal.exact_state() {
            Some(target) if self.moves.is_all_faces() => {
                let inner = self.inner.as_deref().ok_or(SolveError::Unavailable(
                    "a solver for full goals (none was given)",
                ))?;
                solve_to(inner, cube, &target, limits)
            }
            // Five whole faces on a full goal: two-phase with those faces (the goal search is
            // exponential there).
            Some(target) if robot::five_faces(&self.moves).is_some() => {
                let faces = robot::five_faces(&self.moves).unwrap_or(robot::Faces::ALL);
                let solver = robot::solver_for_faces(&self.config, faces)?;
                solve_to(&solver, cube, &target, limits)
            }
            _ => self
                .search
                .solve(cube, &self.goal, &self.moves, limits)
                .map(|g| g.solution),
        }
    }
}

use crate::method::twophase::robot;

#[cfg(test)]
mod tests;
