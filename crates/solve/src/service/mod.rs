//! The solving service: the one place where a request becomes a checked answer, for every
//! front end (the CLI, the web server, the Python package, a WebAssembly binding).
//!
//! A front end translates its input into a [`Request`] (the cube as text or as a cube read
//! already, a method and its typed options, a goal, a set of turns, limits, a language),
//! calls [`Service::solve`], and translates the [`Answer`] or the [`ServiceError`] back. The
//! service owns what they used to do each on their own:
//! - the solver cache: one solver per method and options, created on first use and shared
//!   ([`Service::solver`]);
//! - the routing: a full goal with all face turns goes through the method (as a solve to
//!   solved does), anything else through the goal search;
//! - the final check: every answer's moves, and its steps' moves played in order, are applied
//!   to the cube and must reach the goal, or the request fails with [`ServiceError::Wrong`];
//! - the scrambler ([`Service::scrambles`], [`Service::subset_scramble`]);
//! - the [`Pace`] of a request, with which a server picks its lane without naming a method.
//!
//! A request's [`Limits::cancel`] reaches every stage: waiting for another request's table
//! build, loading and building tables (the store polls it), and the search.
//!
//! Nothing here needs threads of its own or a file system beyond the store's table directory:
//! the quick methods run on the calling thread.

mod answer;
mod error;
mod request;

pub use answer::{Answer, HumanText, Listing, Solver as AnsweredBy, StepText};
pub use error::{ErrorKind, Refusal, ServiceError};
pub use request::{
    CubeInput, Request, GODS_NUMBER, MAX_CUBE_TEXT, MAX_LENGTH_LIMIT, MAX_SOLUTIONS, MAX_THREADS,
};

use crate::goal::{solve_to, GoalSolver, ToGoal};
use crate::scramble::{next_scramble, subset_scramble, Scramble};
use crate::stop::Instant;
use crate::{CancelFlag, Limits, Method, Options, Pace, SolveError, Solver, SolverConfig};
use rubik_cube::random::{random_moves, rng_from_entropy, rng_from_seed, CubeRng};
use rubik_cube::subset::Subset;
use rubik_cube::{parse_cube, Alg, Cube, CubieCube, Goal, InputError, MoveSet};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::Duration;

/// Length of the random-move scramble made when no two-phase solver is available.
pub const RANDOM_MOVES_LENGTH: usize = 25;

/// A method's solver once created; errors are not kept, so a failed table load is retried.
type Slot = Arc<Mutex<Option<Arc<dyn Solver>>>>;

/// How often a cancellable wait for another request's solver looks at its flag.
const WAIT_POLL: Duration = Duration::from_millis(5);

/// Where a request is solved.
#[derive(Clone, Debug)]
enum Route {
    /// By the method, to this full state (the solved cube when there is no goal).
    Method(Method, Option<CubieCube>),
    /// By the goal search.
    GoalSearch(Goal, MoveSet),
}

/// The solving service (see the [module docs](self)): cheap to share (`Arc`), used from many
/// threads at once.
pub struct Service {
    config: SolverConfig,
    solvers: Mutex<HashMap<(Method, Options), Slot>>,
}

/// A scramble and whether its state was drawn uniformly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MadeScramble {
    /// The moves and the state they make.
    pub scramble: Scramble,
    /// Whether the state is uniformly random (the inverse of its two-phase solution) rather
    /// than the result of random moves (when the two-phase solver is unavailable).
    pub random_state: bool,
}

impl Service {
    /// A service whose solvers and goal searches are made from `config` (table directory,
    /// progress of table builds, private tables); its `options` are each request's.
    pub fn new(config: SolverConfig) -> Service {
        Service {
            config,
            solvers: Mutex::new(HashMap::new()),
        }
    }

    /// How solvers are made.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// The configuration for one request's tables: its options, its cancellation, and its
    /// progress when it has one.
    fn config_for(&self, options: &Options, request: Option<&Request>) -> SolverConfig {
        let mut config = SolverConfig {
            options: options.clone(),
            ..self.config.clone()
        };
        if let Some(request) = request {
            config.cancel = request.limits.cancel.clone();
            if let Some(progress) = &request.progress {
                config.progress = Some(Arc::clone(progress));
                config.search_progress = true;
            }
        }
        config
    }

    /// The shared solver of `method` with `options`, created (its tables loaded or built) on
    /// first call; a raised `cancel` ends a wait for another caller's creation and the
    /// creation itself. Blocking.
    pub fn solver(
        &self,
        method: Method,
        options: &Options,
        cancel: Option<&CancelFlag>,
    ) -> Result<Arc<dyn Solver>, ServiceError> {
        options.check_for(method)?;
        let slot = {
            let mut slots = self.solvers.lock().unwrap_or_else(|p| p.into_inner());
            Arc::clone(slots.entry((method, options.clone())).or_default())
        };
        // Held while the solver is made: concurrent first requests wait for one table build.
        let mut held = wait(&slot, cancel, method.name())?;
        if let Some(solver) = held.as_ref() {
            return Ok(Arc::clone(solver));
        }
        let config = SolverConfig {
            options: options.clone(),
            cancel: cancel.cloned(),
            ..self.config.clone()
        };
        let solver: Arc<dyn Solver> = Arc::from(method.solver(&config)?);
        *held = Some(Arc::clone(&solver));
        Ok(solver)
    }

    /// Whether the solver of `method` with `options` is made already (its tables loaded).
    pub fn is_loaded(&self, method: Method, options: &Options) -> bool {
        let slots = self.solvers.lock().unwrap_or_else(|p| p.into_inner());
        slots
            .get(&(method, options.clone()))
            .is_some_and(|slot| slot.try_lock().is_ok_and(|s| s.is_some()))
    }

    /// The solver a request is answered by, for its own progress when it has one (a solver
    /// of its own, its tables from the shared store), else the shared one.
    fn solver_for(&self, request: &Request) -> Result<Arc<dyn Solver>, ServiceError> {
        let method = request.method();
        if request.progress.is_some() {
            request.options.check_for(method)?;
            let config = self.config_for(&request.options, Some(request));
            return Ok(Arc::from(method.solver(&config)?));
        }
        self.solver(method, &request.options, request.limits.cancel.as_ref())
    }

    /// Where `request` is solved: refuses a method or options given for the goal search.
    fn route(&self, request: &Request) -> Result<Route, ServiceError> {
        let goal = request.goal.clone().unwrap_or_else(Goal::solved);
        let moves = request.moves.clone().unwrap_or_else(MoveSet::all_faces);
        if ToGoal::needs_inner(&goal, &moves) {
            let target = goal.exact_state().filter(|t| !t.is_solved());
            return Ok(Route::Method(request.method(), target));
        }
        let named = request.method.is_some_and(|m| m != Method::default());
        if named || !request.options.is_empty() {
            return Err(ServiceError::MethodForGoalSearch);
        }
        Ok(Route::GoalSearch(goal, moves))
    }

    /// How long `request` takes: [`Pace::Slow`] for a method registered as slow, a
    /// full-cube search asked for fewer than [`GODS_NUMBER`] moves or to improve until its
    /// timeout, and the goal search; [`Pace::Quick`] otherwise. A server runs slow requests
    /// in a lane of their own.
    pub fn pace(&self, request: &Request) -> Pace {
        match self.route(request) {
            Ok(Route::Method(method, _)) => {
                let hard = request.limits.improve
                    || request.limits.max_length.is_some_and(|n| n < GODS_NUMBER);
                if method.pace() == Pace::Slow || hard {
                    Pace::Slow
                } else {
                    Pace::Quick
                }
            }
            Ok(Route::GoalSearch(..)) => Pace::Slow,
            // Refused at once when solved.
            Err(_) => Pace::Quick,
        }
    }

    /// The cube `input` describes, read.
    pub fn read_cube(input: &CubeInput) -> Result<Cube, ServiceError> {
        match input {
            CubeInput::Cube(cube) => Ok(*cube),
            CubeInput::Text(text) | CubeInput::Facelets(text)
                if text.chars().count() > MAX_CUBE_TEXT =>
            {
                Err(ServiceError::TooLong {
                    limit: MAX_CUBE_TEXT,
                })
            }
            CubeInput::Text(text) => Ok(parse_cube(text)?),
            CubeInput::Facelets(text) => Ok(Cube::from_facelets(text).map_err(InputError::from)?),
        }
    }

    fn check_limits(limits: &Limits) -> Result<(), ServiceError> {
        for (what, asked, limit) in [
            ("threads", limits.threads, MAX_THREADS),
            ("solutions", limits.solutions, MAX_SOLUTIONS),
        ] {
            if asked > limit {
                return Err(ServiceError::CountLimit { what, limit });
            }
        }
        match limits.max_length {
            Some(n) if n > MAX_LENGTH_LIMIT => Err(ServiceError::LengthLimit {
                limit: MAX_LENGTH_LIMIT,
            }),
            _ => Ok(()),
        }
    }

    /// Checks everything of `request` but its cube (its limits, its route, its method's
    /// options) and loads the solver it will use, so that a front end solving many cubes
    /// alike says what is wrong once, and builds tables before its first timed solve.
    pub fn prepare(&self, request: &Request) -> Result<(), ServiceError> {
        Self::check_limits(&request.limits)?;
        if let Route::Method(method, target) = self.route(request)? {
            let solver = self.solver(method, &request.options, request.limits.cancel.as_ref())?;
            if (solver.lists() || request.limits.solutions() > 1) && target.is_some() {
                return Err(ServiceError::Lists {
                    method: method.name(),
                });
            }
        }
        Ok(())
    }

    /// Solves `request`: reads its cube, routes it, solves, checks the answer.
    pub fn solve(&self, request: &Request) -> Result<Answer, ServiceError> {
        Self::check_limits(&request.limits)?;
        let route = self.route(request)?;
        let cube = Self::read_cube(&request.cube)?;
        let start = cube.to_cubie();
        match route {
            Route::Method(method, target) => {
                if let Some(target) = &target {
                    target.check().map_err(SolveError::from)?;
                }
                let solver = self.solver_for(request)?;
                if (solver.lists() || request.limits.solutions() > 1) && target.is_some() {
                    return Err(ServiceError::Lists {
                        method: method.name(),
                    });
                }
                let began = Instant::now();
                let solution = match &target {
                    Some(target) => solve_to(solver.as_ref(), &start, target, &request.limits)?,
                    None => solver.solve(&start, &request.limits)?,
                };
                let elapsed = began.elapsed();
                let proven_optimal = solver.proven_optimal(&solution);
                let goal = target.as_ref().map_or_else(Goal::solved, Goal::state);
                let answer = Answer {
                    turns: Alg::from_moves(solution.moves.clone()),
                    cube,
                    solver: AnsweredBy::Method(method),
                    solution,
                    proven_optimal,
                    elapsed,
                    lang: request.lang,
                };
                check(&answer, &goal)?;
                Ok(answer)
            }
            Route::GoalSearch(goal, moves) => {
                let config = self.config_for(&Options::new(), Some(request));
                let began = Instant::now();
                let found =
                    GoalSolver::new(&config).solve(&start, &goal, &moves, &request.limits)?;
                let answer = Answer {
                    turns: Alg::from_turns(found.turns),
                    cube,
                    solver: AnsweredBy::GoalSearch,
                    solution: found.solution,
                    proven_optimal: None,
                    elapsed: began.elapsed(),
                    lang: request.lang,
                };
                check(&answer, &goal)?;
                Ok(answer)
            }
        }
    }

    /// Whether `request`'s method, with its options, answers with a list of solutions (the
    /// optimal method's `all`): then ask [`Service::list`].
    pub fn lists(&self, request: &Request) -> Result<bool, ServiceError> {
        Ok(match self.route(request)? {
            Route::Method(..) => {
                self.solver_for(request)?.lists() || request.limits.solutions() > 1
            }
            Route::GoalSearch(..) => false,
        })
    }

    /// Every solution `request`'s method lists (to the solved cube), each checked.
    pub fn list(&self, request: &Request) -> Result<Listing, ServiceError> {
        Self::check_limits(&request.limits)?;
        let method = match self.route(request)? {
            Route::Method(method, None) => method,
            _ => {
                return Err(ServiceError::Lists {
                    method: request.method().name(),
                })
            }
        };
        let cube = Self::read_cube(&request.cube)?;
        let solver = self.solver_for(request)?;
        let began = Instant::now();
        let solutions = solver.solutions(&cube.to_cubie(), &request.limits)?;
        let elapsed = began.elapsed();
        for solution in &solutions {
            if !cube.apply_moves(&solution.moves).is_solved() {
                return Err(ServiceError::Wrong {
                    solver: method.name(),
                });
            }
        }
        let first_proven_optimal = solutions
            .first()
            .and_then(|first| solver.proven_optimal(first));
        Ok(Listing {
            cube,
            method,
            solutions,
            first_proven_optimal,
            elapsed,
            lang: request.lang,
        })
    }

    /// `count` random-state scrambles from `seed` (from the system when `None`): the same
    /// seed gives the same scrambles everywhere. Random moves when the two-phase solver is
    /// not available in this build.
    pub fn scrambles(
        &self,
        seed: Option<u64>,
        count: usize,
        cancel: Option<&CancelFlag>,
    ) -> Result<Vec<MadeScramble>, ServiceError> {
        let mut rng = seed.map_or_else(rng_from_entropy, rng_from_seed);
        (0..count)
            .map(|_| self.scramble(&mut rng, cancel))
            .collect()
    }

    /// The next random-state scramble from `rng` (see [`Service::scrambles`]).
    pub fn scramble(
        &self,
        rng: &mut CubeRng,
        cancel: Option<&CancelFlag>,
    ) -> Result<MadeScramble, ServiceError> {
        match self.scrambler(cancel) {
            Ok(solver) => Ok(MadeScramble {
                scramble: next_scramble(solver.as_ref(), rng)?,
                random_state: true,
            }),
            Err(ServiceError::Solve(SolveError::Unavailable(_))) => {
                let moves = random_moves(rng, RANDOM_MOVES_LENGTH);
                Ok(MadeScramble {
                    scramble: Scramble {
                        cube: CubieCube::SOLVED.apply_moves(&moves),
                        moves,
                    },
                    random_state: false,
                })
            }
            Err(e) => Err(e),
        }
    }

    /// A uniformly random state of a training subset from `rng`, and its scramble.
    pub fn subset_scramble(
        &self,
        subset: Subset,
        rng: &mut CubeRng,
        cancel: Option<&CancelFlag>,
    ) -> Result<Scramble, ServiceError> {
        let solver = self.scrambler(cancel)?;
        Ok(subset_scramble(solver.as_ref(), subset, rng)?)
    }

    /// The solver whose solutions, inverted, are scrambles: two-phase (at most 20 moves, in
    /// milliseconds).
    fn scrambler(&self, cancel: Option<&CancelFlag>) -> Result<Arc<dyn Solver>, ServiceError> {
        self.solver(Method::Twophase, &Options::new(), cancel)
    }
}

/// The final check of an answer: its moves, and its steps' moves one after the other, take
/// the cube to `goal`; so do the goal search's turns as made.
fn check(answer: &Answer, goal: &Goal) -> Result<(), ServiceError> {
    let reaches = |cube: Cube| goal.matches(&cube.to_cubie());
    let ok = reaches(answer.cube.apply_moves(&answer.solution.moves))
        && reaches(answer.cube.apply_moves(&answer.solution.step_moves()))
        && reaches(answer.cube.apply(&answer.turns));
    if ok {
        Ok(())
    } else {
        Err(ServiceError::Wrong {
            solver: answer.solver.name(),
        })
    }
}

/// The lock of `slot`; with a flag, polled so that a raised flag ends the wait.
fn wait<'s>(
    slot: &'s Slot,
    cancel: Option<&CancelFlag>,
    table: &'static str,
) -> Result<MutexGuard<'s, Option<Arc<dyn Solver>>>, ServiceError> {
    let Some(cancel) = cancel else {
        return Ok(slot.lock().unwrap_or_else(|p| p.into_inner()));
    };
    loop {
        match slot.try_lock() {
            Ok(guard) => return Ok(guard),
            Err(TryLockError::Poisoned(p)) => return Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) if cancel.is_cancelled() => {
                return Err(crate::tables::TableError::Cancelled { table }.into())
            }
            Err(TryLockError::WouldBlock) => std::thread::sleep(WAIT_POLL),
        }
    }
}

#[cfg(test)]
mod tests;
